//! The graphics state in the direct page, colour conversion, coordinate scaling, pixel
//! addressing and the pixel write (DR `LA61D`..`LA705`, `LA8EB`, `LA928`, `LAA81`).

use crate::basic::error::ErrorCode;
use crate::machine::memory::Memory;

/// Direct-page addresses of the graphics state (DR `romdefs.asm`). 16-bit values are
/// big-endian, as the 6809 stores them.
pub mod dp {
    /// GrForeground: foreground pixel code 0-3 (not the colour number).
    pub const FOREGROUND: u16 = 0xB2;
    /// GrBackground: background pixel code 0-3.
    pub const BACKGROUND: u16 = 0xB3;
    /// GrColourTemp: code of the colour in use.
    pub const COLOUR_TEMP: u16 = 0xB4;
    /// GrCurrColour: code × $55.
    pub const CURR_COLOUR: u16 = 0xB5;
    /// GrCurrPmode: 0-4.
    pub const PMODE: u16 = 0xB6;
    /// GrLastDisplayAddr (2 bytes): end of the current page + 1.
    pub const LAST_DISPLAY: u16 = 0xB7;
    /// GrBytesPerLine: 16 or 32.
    pub const BYTES_PER_LINE: u16 = 0xB9;
    /// GrDisplayStartAddr (2 bytes): start of the current page.
    pub const DISPLAY_START: u16 = 0xBA;
    /// GrStartPages: high byte of the graphics base ($06).
    pub const START_PAGES: u16 = 0xBC;
    /// GrCurrX (2 bytes): working x (scaled while drawing).
    pub const CURR_X: u16 = 0xBD;
    /// GrCurrY (2 bytes).
    pub const CURR_Y: u16 = 0xBF;
    /// GrColourSet: 0 or 8 (the PIA CSS bit).
    pub const COLOUR_SET: u16 = 0xC1;
    /// GrPlotFlag: 1 = PSET, 0 = PRESET.
    pub const PLOT_FLAG: u16 = 0xC2;
    /// GrPixelNoX (2 bytes): working end point x.
    pub const PIXEL_X: u16 = 0xC3;
    /// GrPixelNoY (2 bytes).
    pub const PIXEL_Y: u16 = 0xC5;
    /// GrCurrXCo (2 bytes): last point for `LINE -(..)`, DRAW, GET/PUT, in 256×192 units.
    pub const LAST_X: u16 = 0xC7;
    /// GrCurrYCo (2 bytes).
    pub const LAST_Y: u16 = 0xC9;
    /// GrCircleXCo (2 bytes): CIRCLE's scaled centre x.
    pub const CIRCLE_X: u16 = 0xCB;
    /// GrCircleYCo (2 bytes).
    pub const CIRCLE_Y: u16 = 0xCD;
    /// GrDirtyFlag: OR of (new − old) over pixel writes.
    pub const DIRTY: u16 = 0xDB;
    /// GrDrawAngle: DRAW A, 0-3.
    pub const DRAW_ANGLE: u16 = 0xE8;
    /// GrDrawScale: DRAW S, 0-63.
    pub const DRAW_SCALE: u16 = 0xE9;
    /// The program start pointer's high byte (BasStartProg, $19), which PMODE and PCOPY
    /// compare page numbers and page ends with.
    pub const PROGRAM_START_HI: u16 = 0x19;
}

/// GrMaxX / GrMaxY in 256×192 units.
pub const MAX_X: u16 = 255;
pub const MAX_Y: u16 = 191;
/// GrMaxColour.
pub const MAX_COLOUR: u8 = 8;
/// Bytes in one graphics page (GrPageSize).
pub const PAGE_SIZE: u16 = 0x600;

/// What cold start writes (DR `DoColdStart` clears $0000-$03FF, then `InitSndGraph` and
/// `LAA81`/`BasLocateScreen`): graphics base $0600, PMODE 0 on page 1 ($0600-$0BFF),
/// 16 bytes per row, foreground code 3, background 0, CSS 0, DRAW angle/scale 0 and last
/// point (128,96). Every other graphics byte is 0. The program pointer ($19 = $1E01, the 0
/// at $1E00) belongs to the interpreter's cold start.
pub fn power_on(mem: &mut Memory) {
    for a in dp::FOREGROUND..=dp::CIRCLE_Y + 1 {
        mem.poke(a, 0);
    }
    mem.poke(dp::DIRTY, 0);
    mem.poke(dp::START_PAGES, 0x06);
    mem.poke(dp::DISPLAY_START, 0x06);
    mem.poke(dp::PMODE, 0);
    mem.poke(dp::BYTES_PER_LINE, 0x10);
    mem.poke(dp::FOREGROUND, 3);
    mem.poke(dp::LAST_DISPLAY, 0x0C);
    run_reset(mem);
}

/// The graphics half of `InitSndGraph`, which RUN calls: DRAW angle 0, scale 0, last point
/// (128,96). PMODE, colours, page and CSS are left alone.
pub fn run_reset(mem: &mut Memory) {
    mem.poke(dp::DRAW_ANGLE, 0);
    mem.poke(dp::DRAW_SCALE, 0);
    mem.write_u16(dp::LAST_X, 128);
    mem.write_u16(dp::LAST_Y, 96);
}

#[inline]
pub(crate) fn pmode_of(mem: &Memory) -> u8 {
    mem.peek(dp::PMODE)
}

/// PMODE 1 and 3 are the 4-colour modes (the ROM tests bit 0).
#[inline]
pub(crate) fn four_colour(mem: &Memory) -> bool {
    pmode_of(mem) & 1 != 0
}

/// Colour number → pixel code (DR `LA8EB`) for the PMODE current now: ?FC above 8; 5-8 act
/// as 1-4 (the CSS they imply is discarded); 4-colour: 0→3, n→n−1; 2-colour: odd → 3,
/// even → 0.
pub fn colour_code(mem: &Memory, c: u8) -> Result<u8, ErrorCode> {
    if c > MAX_COLOUR {
        return Err(ErrorCode::FC);
    }
    let c = if c >= 5 { c - 4 } else { c };
    Ok(if four_colour(mem) {
        if c == 0 {
            3
        } else {
            c - 1
        }
    } else if c & 1 != 0 {
        3
    } else {
        0
    })
}

/// LA930: the colour in use = `code`, GrCurrColour = code × $55.
pub(crate) fn use_colour(mem: &mut Memory, code: u8) {
    mem.poke(dp::COLOUR_TEMP, code);
    mem.poke(dp::CURR_COLOUR, code.wrapping_mul(0x55));
}

/// GrSetColours (LA928): foreground for PSET, background for PRESET.
pub(crate) fn set_colours(mem: &mut Memory) {
    let c = if mem.peek(dp::PLOT_FLAG) != 0 {
        mem.peek(dp::FOREGROUND)
    } else {
        mem.peek(dp::BACKGROUND)
    };
    use_colour(mem, c);
}

/// BasGetColour (LA914) after the plot flag is set: GrSetColours, then the optional colour
/// argument converted and used for this statement only.
pub(crate) fn get_colour(mem: &mut Memory, c: Option<u8>) -> Result<(), ErrorCode> {
    set_colours(mem);
    if let Some(c) = c {
        let code = colour_code(mem, c)?;
        use_colour(mem, code);
    }
    Ok(())
}

/// LA691: store a BASIC coordinate pair at `at` (x) and `at+2` (y), clamping x ≥ 256 to 255
/// and y ≥ 192 to 191.
pub(crate) fn store_point(mem: &mut Memory, at: u16, (x, y): (u16, u8)) {
    let y = if y >= 192 { 191 } else { y };
    mem.write_u16(at + 2, y as u16);
    mem.write_u16(at, if x >= 0x100 { 0xFF } else { x });
}

/// LA6AE: scale the pair at `at`/`at+2` for the current PMODE (y halved in PMODE 0-1,
/// x halved in PMODE 0-3; both logical shifts of the 16-bit values).
pub(crate) fn normalize_at(mem: &mut Memory, at: u16) {
    let m = pmode_of(mem);
    if m < 2 {
        let y = mem.read_u16(at + 2);
        mem.write_u16(at + 2, y >> 1);
    }
    if m < 4 {
        let x = mem.read_u16(at);
        mem.write_u16(at, x >> 1);
    }
}

/// LA7AE: normalize GrCurrX/Y and GrPixelNoX/Y.
pub(crate) fn normalize_both(mem: &mut Memory) {
    normalize_at(mem, dp::CURR_X);
    normalize_at(mem, dp::PIXEL_X);
}

/// LA8B0: the scaled (255,191).
pub(crate) fn scaled_max(mem: &Memory) -> (u16, u16) {
    let m = pmode_of(mem);
    let x = if m < 4 { MAX_X >> 1 } else { MAX_X };
    let y = if m < 2 { MAX_Y >> 1 } else { MAX_Y };
    (x, y)
}

/// Conv2Colour/Conv4Colour (CoToAbsAddr): byte address and pixel mask of the pixel at
/// GrCurrX/GrCurrY (their low bytes, as the ROM uses).
pub(crate) fn pixel_addr(mem: &Memory) -> (u16, u8) {
    const MASK2: [u8; 8] = [0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01];
    const MASK4: [u8; 4] = [0xC0, 0x30, 0x0C, 0x03];
    let bpl = mem.peek(dp::BYTES_PER_LINE) as u16;
    let y = mem.peek(dp::CURR_Y + 1) as u16;
    let x = mem.peek(dp::CURR_X + 1);
    let row = (bpl * y).wrapping_add(mem.read_u16(dp::DISPLAY_START));
    if four_colour(mem) {
        (row.wrapping_add((x >> 2) as u16), MASK4[(x & 3) as usize])
    } else {
        (row.wrapping_add((x >> 3) as u16), MASK2[(x & 7) as usize])
    }
}

/// LA705: write the pixel `mask` at `a` in GrCurrColour; GrDirtyFlag |= new − old.
#[inline]
pub(crate) fn plot(mem: &mut Memory, a: u16, mask: u8) {
    let old = mem.peek(a);
    let new = (old & !mask) | (mask & mem.peek(dp::CURR_COLOUR));
    mem.poke(a, new);
    let d = mem.peek(dp::DIRTY) | new.wrapping_sub(old);
    mem.poke(dp::DIRTY, d);
}

/// The ROM's one-pixel-right step for the current mode (LA67B / LA682).
#[inline]
pub(crate) fn step_right(four: bool, a: u16, mask: u8) -> (u16, u8) {
    if four {
        if mask & 0x03 != 0 {
            (a.wrapping_add(1), 0xC0)
        } else {
            (a, mask >> 2)
        }
    } else {
        step_right_bit(a, mask)
    }
}

/// LA67B: one bit right, wrapping into the next byte's bit 7.
#[inline]
pub(crate) fn step_right_bit(a: u16, mask: u8) -> (u16, u8) {
    if mask & 1 != 0 {
        (a.wrapping_add(1), 0x80)
    } else {
        (a, mask >> 1)
    }
}
