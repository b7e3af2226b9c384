//! The MC6847 renderer: memory + mode → a picture with its border.
//!
//! # Frame geometry
//! A [`Frame`] is [`FRAME_WIDTH`] x [`FRAME_HEIGHT`] = 320x240 pixels. The VDG's 256x192 active
//! picture sits at ([`PICTURE_X`], [`PICTURE_Y`]) = (32, 24), centred, with a 32-pixel border left
//! and right and 24 lines above and below. (The real PAL Dragon shows about 60/56 pixels left/right
//! and 25/26 lines top/bottom, `docs/machine.md §4`; we keep a smaller symmetric border so the window
//! scales evenly.) One frame pixel is one VDG half-clock (the RG6 pixel); every other mode is
//! scaled up to 256x192 by repeating pixels and lines.
//!
//! # Mode
//! [`VdgMode`] holds the VDG's mode pins as the Dragon drives them from PIA1 port B:
//! PB7 = A/G, PB6-4 = GM2-0, PB3 = CSS. In text mode (A/G = 0) each screen byte drives
//! ¬A/S (bit 7) and INV (bit 6) itself; GM0 is wired to INT/¬EXT, so with GM0 = 1 the
//! semigraphics bytes show as SG6 (and alphanumerics show their own bit pattern, as there is no
//! external character ROM). BASIC never sets GM0 in text mode.
//!
//! # Display start
//! The picture is fetched from `start` onwards (the SAM's display offset); addresses wrap at
//! 64K. Text uses 512 bytes (32 per row); graphics use `bytes_per_row * rows`.

use super::font::{CELL_HEIGHT, FONT};
use super::palette;
use super::sam_scan::{SamScan, MAX_SHOWN};

/// Total width of a [`Frame`].
pub const FRAME_WIDTH: usize = 320;
/// Total height of a [`Frame`].
pub const FRAME_HEIGHT: usize = 240;
/// Width of the active picture.
pub const PICTURE_WIDTH: usize = 256;
/// Height of the active picture.
pub const PICTURE_HEIGHT: usize = 192;
/// Left edge of the active picture in the frame.
pub const PICTURE_X: usize = (FRAME_WIDTH - PICTURE_WIDTH) / 2;
/// Top edge of the active picture in the frame.
pub const PICTURE_Y: usize = (FRAME_HEIGHT - PICTURE_HEIGHT) / 2;

/// Text screen size in bytes (32x16 characters).
pub const TEXT_BYTES: usize = 512;

/// A rendered picture: `width * height` pixels, row by row, each 0x00RRGGBB.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Frame {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width * height` pixels, top row first, 0x00RRGGBB.
    pub pixels: Vec<u32>,
}

impl Frame {
    /// A black frame of the standard size (320x240).
    pub fn new() -> Frame {
        Frame {
            width: FRAME_WIDTH,
            height: FRAME_HEIGHT,
            pixels: vec![palette::BLACK; FRAME_WIDTH * FRAME_HEIGHT],
        }
    }

    /// Pixel at frame coordinates (x, y). Panics if out of range.
    pub fn pixel(&self, x: usize, y: usize) -> u32 {
        assert!(
            x < self.width && y < self.height,
            "pixel ({x},{y}) outside {}x{}",
            self.width,
            self.height
        );
        self.pixels[y * self.width + x]
    }

    /// Pixel at picture coordinates (x 0-255, y 0-191), i.e. offset by the border.
    pub fn picture_pixel(&self, x: usize, y: usize) -> u32 {
        assert!(
            x < PICTURE_WIDTH && y < PICTURE_HEIGHT,
            "picture pixel ({x},{y}) outside 256x192"
        );
        self.pixel(PICTURE_X + x, PICTURE_Y + y)
    }
}

impl Default for Frame {
    fn default() -> Self {
        Frame::new()
    }
}

/// The eight graphics modes (A/G = 1), named as in the MC6847 data sheet. `C` modes have 4
/// colours (2 bits a pixel), `R` modes 2 colours (1 bit a pixel).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum GraphicsMode {
    /// GM 000: 64x64, 4 colours, 16 bytes a row.
    Cg1,
    /// GM 001: 128x64, 2 colours, 16 bytes a row.
    Rg1,
    /// GM 010: 128x64, 4 colours, 32 bytes a row.
    Cg2,
    /// GM 011: 128x96, 2 colours, 16 bytes a row (PMODE 0).
    Rg2,
    /// GM 100: 128x96, 4 colours, 32 bytes a row (PMODE 1).
    Cg3,
    /// GM 101: 128x192, 2 colours, 16 bytes a row (PMODE 2).
    Rg3,
    /// GM 110: 128x192, 4 colours, 32 bytes a row (PMODE 3).
    Cg6,
    /// GM 111: 256x192, 2 colours, 32 bytes a row (PMODE 4).
    Rg6,
}

impl GraphicsMode {
    /// The mode selected by GM2-0 (only the low 3 bits are used).
    pub const fn from_gm(gm: u8) -> GraphicsMode {
        match gm & 7 {
            0 => GraphicsMode::Cg1,
            1 => GraphicsMode::Rg1,
            2 => GraphicsMode::Cg2,
            3 => GraphicsMode::Rg2,
            4 => GraphicsMode::Cg3,
            5 => GraphicsMode::Rg3,
            6 => GraphicsMode::Cg6,
            _ => GraphicsMode::Rg6,
        }
    }

    /// GM2-0 for this mode.
    pub const fn gm(self) -> u8 {
        self as u8
    }

    /// True for the 4-colour (CG) modes.
    pub const fn is_colour(self) -> bool {
        matches!(
            self,
            GraphicsMode::Cg1 | GraphicsMode::Cg2 | GraphicsMode::Cg3 | GraphicsMode::Cg6
        )
    }

    /// Bytes of video memory per row (16 or 32).
    pub const fn bytes_per_row(self) -> usize {
        match self {
            GraphicsMode::Cg1 | GraphicsMode::Rg1 | GraphicsMode::Rg2 | GraphicsMode::Rg3 => 16,
            _ => 32,
        }
    }

    /// Number of pixel rows (64, 96 or 192).
    pub const fn rows(self) -> usize {
        match self {
            GraphicsMode::Cg1 | GraphicsMode::Rg1 | GraphicsMode::Cg2 => 64,
            GraphicsMode::Rg2 | GraphicsMode::Cg3 => 96,
            _ => 192,
        }
    }

    /// Pixels per row (64, 128 or 256).
    pub const fn columns(self) -> usize {
        self.bytes_per_row() * if self.is_colour() { 4 } else { 8 }
    }

    /// Bytes of video memory the picture uses.
    pub const fn bytes(self) -> usize {
        self.bytes_per_row() * self.rows()
    }
}

/// The VDG's mode pins: A/G, GM2-0 and CSS (INV and ¬A/S come from each text byte).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct VdgMode {
    /// A/G: false = alphanumerics/semigraphics (text), true = graphics.
    pub graphics: bool,
    /// GM2-0 (0-7). In text mode only GM0 matters (INT/¬EXT: SG6 instead of SG4).
    pub gm: u8,
    /// CSS: colour set select.
    pub css: bool,
}

impl VdgMode {
    /// The power-on mode: text, GM 000, CSS 0 (green text on dark green, SG4 blocks).
    pub const fn text() -> VdgMode {
        VdgMode {
            graphics: false,
            gm: 0,
            css: false,
        }
    }

    /// A mode from the video bits of PIA1 port B as the Dragon wires them:
    /// PB7 = A/G, PB6-4 = GM2-0, PB3 = CSS; PB2-0 are ignored.
    pub const fn from_pia1b(b: u8) -> VdgMode {
        VdgMode {
            graphics: b & 0x80 != 0,
            gm: (b >> 4) & 7,
            css: b & 0x08 != 0,
        }
    }

    /// The PIA1-B video bits for this mode (inverse of [`VdgMode::from_pia1b`]).
    pub const fn pia1b(self) -> u8 {
        (if self.graphics { 0x80 } else { 0 })
            | ((self.gm & 7) << 4)
            | (if self.css { 0x08 } else { 0 })
    }

    /// The mode Extended BASIC's `SCREEN 1,css` shows for PMODE `pmode` (0-4): PIA1-B is written
    /// with `((pmode + 3) * 16) | $80 | CSS` (docs/graphics.md §1.1), giving RG2, CG3, RG3, CG6,
    /// RG6. `None` for pmode > 4.
    pub const fn pmode(pmode: u8, css: bool) -> Option<VdgMode> {
        if pmode > 4 {
            return None;
        }
        Some(VdgMode::from_pia1b(
            ((pmode + 3) << 4) | 0x80 | if css { 0x08 } else { 0 },
        ))
    }

    /// A graphics mode with the given colour set.
    pub const fn with_graphics(mode: GraphicsMode, css: bool) -> VdgMode {
        VdgMode {
            graphics: true,
            gm: mode.gm(),
            css,
        }
    }

    /// The graphics mode, or `None` in text mode.
    pub const fn graphics_mode(self) -> Option<GraphicsMode> {
        if self.graphics {
            Some(GraphicsMode::from_gm(self.gm))
        } else {
            None
        }
    }

    /// Bytes the VDG shows on each line: 32 in text and the 32-byte graphics modes, 16 in
    /// CG1, RG1, RG2 and RG3.
    pub const fn bytes_per_line(self) -> usize {
        match self.graphics_mode() {
            Some(g) => g.bytes_per_row(),
            None => TEXT_BYTES / 16,
        }
    }

    /// The SAM display mode (V2-V0) made for this VDG mode: 0 for text, 1 for CG1 and RG1,
    /// the GM bits for CG2 to CG6, 6 for RG6 (the MC6883 data sheet; BASIC's PMODEs use
    /// 3-6).
    pub const fn matching_sam_mode(self) -> u8 {
        match self.graphics_mode() {
            None => 0,
            Some(GraphicsMode::Cg1) => 1,
            Some(GraphicsMode::Rg6) => 6,
            Some(g) => g.gm(),
        }
    }

    /// The border colour: black in text mode, green (CSS=0) or buff (CSS=1) in graphics.
    pub const fn border_colour(self) -> u32 {
        palette::border(self.graphics, self.css)
    }
}

impl Default for VdgMode {
    fn default() -> Self {
        VdgMode::text()
    }
}

/// Render a new frame. See [`render_into`].
#[cfg(test)]
pub fn render(mem: &[u8], start: u16, mode: VdgMode) -> Frame {
    let mut frame = Frame::new();
    render_into(&mut frame, mem, start, mode);
    frame
}

/// Render the picture for `mode` from `mem` with the SAM set to the display mode that goes
/// with it (as BASIC sets both). See [`render_with_sam`].
#[cfg(test)]
pub fn render_into(frame: &mut Frame, mem: &[u8], start: u16, mode: VdgMode) {
    let scan = SamScan::new(mode.matching_sam_mode(), mode.bytes_per_line());
    render_with_sam(frame, mem, start, &scan, mode);
}

/// Render the picture for `mode` from `mem` (the 64K memory image; addresses wrap at 64K, and
/// a shorter slice reads as 0 beyond its end), each line showing the bytes `scan` (the SAM's
/// counter in its own display mode) hands the VDG from `start` on, into `frame`. The scan
/// must be made for the VDG's width ([`VdgMode::bytes_per_line`]). The frame is resized to
/// 320x240 if it is not that size already (the only allocation; reuse the frame each field
/// to avoid it).
pub fn render_with_sam(frame: &mut Frame, mem: &[u8], start: u16, scan: &SamScan, mode: VdgMode) {
    if frame.width != FRAME_WIDTH
        || frame.height != FRAME_HEIGHT
        || frame.pixels.len() != FRAME_WIDTH * FRAME_HEIGHT
    {
        frame.width = FRAME_WIDTH;
        frame.height = FRAME_HEIGHT;
        frame.pixels.clear();
        frame
            .pixels
            .resize(FRAME_WIDTH * FRAME_HEIGHT, palette::BLACK);
    }
    let border = mode.border_colour();
    let px = &mut frame.pixels[..];
    px[..PICTURE_Y * FRAME_WIDTH].fill(border);
    px[(PICTURE_Y + PICTURE_HEIGHT) * FRAME_WIDTH..].fill(border);
    let mut bytes = [0u8; MAX_SHOWN];
    for line in 0..PICTURE_HEIGHT {
        let y = PICTURE_Y + line;
        let out = &mut px[y * FRAME_WIDTH..(y + 1) * FRAME_WIDTH];
        out[..PICTURE_X].fill(border);
        out[PICTURE_X + PICTURE_WIDTH..].fill(border);
        let offsets = scan.line(line);
        for (b, &o) in bytes.iter_mut().zip(offsets) {
            *b = mem
                .get(usize::from(start.wrapping_add(o)))
                .copied()
                .unwrap_or(0);
        }
        let out = &mut out[PICTURE_X..PICTURE_X + PICTURE_WIDTH];
        let shown = &bytes[..offsets.len()];
        match mode.graphics_mode() {
            // The VDG's own row counter picks the glyph's line: 12 lines a row from the
            // picture's top, whatever the SAM fetches.
            None => text_line(out, shown, line % CELL_HEIGHT, mode),
            Some(g) => graphics_line(out, shown, g, mode.css),
        }
    }
}

/// The 8 pixels of one byte-wide span: bit 7 of `bits` is the leftmost, set = `fg`.
#[inline]
fn put8(dst: &mut [u32], bits: u8, fg: u32, bg: u32) {
    for (i, p) in dst[..8].iter_mut().enumerate() {
        *p = if bits & (0x80 >> i) != 0 { fg } else { bg };
    }
}

/// One line of alphanumerics and semigraphics: `row` is the line within the 12-line row.
fn text_line(out: &mut [u32], bytes: &[u8], row: usize, mode: VdgMode) {
    let ext = mode.gm & 1 != 0;
    let (text_bg, text_fg) = palette::text_colours(mode.css);
    let set = palette::colour_set(mode.css);
    for (col, &b) in bytes.iter().enumerate() {
        let dst = &mut out[col * 8..col * 8 + 8];
        if b & 0x80 == 0 {
            // Alphanumeric: glyph row (or the byte itself with EXT), inverted by INV (bit 6).
            let mut bits = if ext { b } else { FONT.row(b, row) };
            if b & 0x40 != 0 {
                bits = !bits;
            }
            put8(dst, bits, text_fg, text_bg);
        } else if !ext {
            // SG4: 1 c c c TL TR BL BR; quadrants 4x6; unlit black.
            let fg = palette::COLOURS[((b >> 4) & 7) as usize];
            let pair = if row < 6 { (b >> 2) & 3 } else { b & 3 };
            let bits =
                (if pair & 2 != 0 { 0xF0 } else { 0 }) | (if pair & 1 != 0 { 0x0F } else { 0 });
            put8(dst, bits, fg, palette::BLACK);
        } else {
            // SG6: c c L R L R L R; elements 4x4; colour from the CSS set.
            let fg = set[((b >> 6) & 3) as usize];
            let pair = match row {
                0..=3 => (b >> 4) & 3,
                4..=7 => (b >> 2) & 3,
                _ => b & 3,
            };
            let bits =
                (if pair & 2 != 0 { 0xF0 } else { 0 }) | (if pair & 1 != 0 { 0x0F } else { 0 });
            put8(dst, bits, fg, palette::BLACK);
        }
    }
}

/// One line of a graphics mode: its 16 or 32 bytes across the picture's 256 pixels.
fn graphics_line(out: &mut [u32], bytes: &[u8], g: GraphicsMode, css: bool) {
    let width = PICTURE_WIDTH / g.columns(); // 4, 2 or 1 frame pixels per pixel
    let set = palette::colour_set(css);
    let (bg, fg) = palette::two_colour(css);
    let mut x = 0;
    for &b in bytes {
        if g.is_colour() {
            for shift in [6u32, 4, 2, 0] {
                let c = set[((b >> shift) & 3) as usize];
                out[x..x + width].fill(c);
                x += width;
            }
        } else {
            for bit in (0..8).rev() {
                let c = if (b >> bit) & 1 != 0 { fg } else { bg };
                out[x..x + width].fill(c);
                x += width;
            }
        }
    }
    debug_assert_eq!(x, PICTURE_WIDTH);
}
