//! PMODE, SCREEN, PCLS, COLOR, PCLEAR and PCOPY (DR `LA8C0`..`LAAED`).

use super::state::{colour_code, dp, pmode_of, PAGE_SIZE};
use crate::basic::error::ErrorCode;
use crate::basic::program;
use crate::machine::memory::{addr, Memory};
use crate::machine::video_select::VideoSelect;

/// PmodeTab: (bytes per row, 256-byte pages) for PMODE 0-4.
const PMODE_TAB: [(u8, u8); 5] = [
    (0x10, 0x06),
    (0x20, 0x0C),
    (0x10, 0x0C),
    (0x20, 0x18),
    (0x20, 0x18),
];

/// PMODE [m][,p] (CmdPmode LA9AF, GrSelectPage LA9E1). `mode`, `page`: VarGet8Bit (0-255,
/// the caller gives ?FC above 255).
///
/// With a mode: ?FC above 4; the page start is reset to the base **before** the room check;
/// ?FC if base + size > the program start's high byte; else mode, end, bytes/row stored and
/// foreground 3 / background 0. With a page: ?FC for 0; start = base + (p−1)·6 and end =
/// start + (end − start), both in 8-bit arithmetic as the ROM does (so large page numbers
/// wrap); ?FC if end > program start high byte. The mode step stays done if the page fails.
pub fn pmode(mem: &mut Memory, mode: Option<u8>, page: Option<u8>) -> Result<(), ErrorCode> {
    let prog_hi = mem.peek(dp::PROGRAM_START_HI);
    if let Some(m) = mode {
        if m > 4 {
            return Err(ErrorCode::FC);
        }
        let base = mem.peek(dp::START_PAGES);
        mem.poke(dp::DISPLAY_START, base);
        let (bpl, pages) = PMODE_TAB[m as usize];
        let end = base.wrapping_add(pages);
        if end > prog_hi {
            return Err(ErrorCode::FC);
        }
        mem.poke(dp::LAST_DISPLAY, end);
        mem.poke(dp::BYTES_PER_LINE, bpl);
        mem.poke(dp::PMODE, m);
        mem.poke(dp::BACKGROUND, 0);
        mem.poke(dp::FOREGROUND, 3);
    }
    if let Some(p) = page {
        if p == 0 {
            return Err(ErrorCode::FC);
        }
        let start = ((p - 1) as u16 * 6) as u8;
        let start = start.wrapping_add(mem.peek(dp::START_PAGES));
        let end = start
            .wrapping_add(mem.peek(dp::LAST_DISPLAY))
            .wrapping_sub(mem.peek(dp::DISPLAY_START));
        if end > prog_hi {
            return Err(ErrorCode::FC);
        }
        mem.poke(dp::LAST_DISPLAY, end);
        mem.poke(dp::DISPLAY_START, start);
    }
    Ok(())
}

/// SCREEN [a][,b] (CmdScreen LA9FE). `a`, `b`: VarGet8Bit. `current` is what the display
/// shows now; the result is what it shows after.
///
/// a = 0: text (TextResetVDU, CSS cleared); a ≠ 0: graphics for the current PMODE and page
/// with CSS from GrColourSet. b: GrColourSet = 0 or 8, and the PIA CSS bit follows at once,
/// in text mode too. `SCREEN ,b` keeps the current display.
pub fn screen(mem: &mut Memory, current: VideoSelect, a: Option<u8>, b: Option<u8>) -> VideoSelect {
    let mut v = current;
    if let Some(a) = a {
        v = if a == 0 {
            VideoSelect::TEXT
        } else {
            VideoSelect {
                graphics: true,
                pmode: pmode_of(mem),
                css: mem.peek(dp::COLOUR_SET) != 0,
                start: ((mem.peek(dp::DISPLAY_START) >> 1) as u16) << 9,
            }
        };
    }
    if let Some(b) = b {
        let set = if b == 0 { 0 } else { 8 };
        mem.poke(dp::COLOUR_SET, set);
        v.css = set != 0;
    }
    v
}

/// PCLS [c] (CmdPCls LA8C0). `c`: VarGet8Bit. Fills the current page (start up to end − 1)
/// with code × $55: the background code without c, else c converted (?FC above 8).
pub fn pcls(mem: &mut Memory, c: Option<u8>) -> Result<(), ErrorCode> {
    let code = match c {
        Some(c) => colour_code(mem, c)?,
        None => mem.peek(dp::BACKGROUND),
    };
    let fill = code.wrapping_mul(0x55);
    let end = mem.read_u16(dp::LAST_DISPLAY);
    let mut a = mem.read_u16(dp::DISPLAY_START);
    // STB ,X+ / CMPX end / BNE: at least one byte, until X reaches the end.
    loop {
        mem.poke(a, fill);
        a = a.wrapping_add(1);
        if a == end {
            break;
        }
    }
    Ok(())
}

/// COLOR [f][,b] (CmdColor LA8D4). `f`, `b`: VarGet8Bit. Each given value is converted for
/// the current PMODE (?FC above 8) and stored as a code; f is stored before b is checked.
pub fn color(mem: &mut Memory, f: Option<u8>, b: Option<u8>) -> Result<(), ErrorCode> {
    if let Some(f) = f {
        let code = colour_code(mem, f)?;
        mem.poke(dp::FOREGROUND, code);
    }
    if let Some(b) = b {
        let code = colour_code(mem, b)?;
        mem.poke(dp::BACKGROUND, code);
    }
    Ok(())
}

/// Where PCLEAR put the program: `old_start` → `new_start`. When a program is running, its
/// text pointer moves by `new_start − old_start` (wrapping) and execution continues with the
/// next statement; the interpreter must then do BasEraseVars (variables, strings, DATA,
/// FOR/GOSUB stack, CONT) — this function has already set $1D/$1F to the new $1B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pcleared {
    pub old_start: u16,
    pub new_start: u16,
}

/// PCLEAR n (CmdPClear LAA19 / GrReserveGrRam LAA23). `n`: VarGet8Bit.
///
/// ?FC unless 1 ≤ n ≤ 8. new start = ((6 + 6n)·256) + 1. ?FC if it is below
/// GrLastDisplayAddr. ?FC (not ?OM) if new end of program + 200 ≥ the stack top ($21), in
/// 16-bit arithmetic. Then the program text (start..$1B) is moved, $19/$1B updated, the
/// byte before the program set to 0, the lines relinked and ARRAYS/END set to the new $1B.
pub fn pclear(mem: &mut Memory, n: u8) -> Result<Pcleared, ErrorCode> {
    if n == 0 || n > 8 {
        return Err(ErrorCode::FC);
    }
    let hi = (n * 6).wrapping_add(mem.peek(dp::START_PAGES));
    let new_start = u16::from_be_bytes([hi, 1]);
    if new_start < mem.read_u16(dp::LAST_DISPLAY) {
        return Err(ErrorCode::FC);
    }
    let old_start = mem.read_u16(addr::PROGRAM_START);
    let old_end = mem.read_u16(addr::VARS_START);
    let new_end = new_start.wrapping_sub(old_start).wrapping_add(old_end);
    if new_end.wrapping_add(200) >= mem.read_u16(addr::STACK_TOP) {
        return Err(ErrorCode::FC);
    }
    let len = old_end.wrapping_sub(old_start);
    let fits = old_end >= old_start
        && (new_start as u32 + len as u32) <= addr::RAM_END
        && (old_end as u32) <= addr::RAM_END;
    if fits {
        mem.copy_within(old_start, new_start, len as usize);
    }
    mem.write_u16(addr::VARS_START, new_end);
    mem.write_u16(addr::PROGRAM_START, new_start);
    mem.poke(new_start.wrapping_sub(1), 0);
    program::relink(mem);
    mem.write_u16(addr::ARRAYS_START, new_end);
    mem.write_u16(addr::STORAGE_END, new_end);
    Ok(Pcleared {
        old_start,
        new_start,
    })
}

/// LAADA: a PCOPY page number → its address. ?FC for 0 or above the program start's high
/// byte (the Dragon 32's loose check); the address arithmetic is the ROM's (8-bit add).
fn pcopy_page(mem: &Memory, p: u8) -> Result<u16, ErrorCode> {
    if p == 0 || p > mem.peek(dp::PROGRAM_START_HI) {
        return Err(ErrorCode::FC);
    }
    let d = (p - 1) as u16 * (PAGE_SIZE >> 8);
    let [a, b] = d.to_be_bytes();
    let b = b.wrapping_add(mem.peek(dp::START_PAGES));
    Ok(u16::from_be_bytes([b, a]))
}

/// PCOPY s TO d (CmdPcopy LAABE). `s`, `d`: VarGet8Bit. Copies 768 words from page s to
/// page d, upwards, one word at a time; nothing stops it overwriting the program.
pub fn pcopy(mem: &mut Memory, s: u8, d: u8) -> Result<(), ErrorCode> {
    let mut x = pcopy_page(mem, s)?;
    let mut u = pcopy_page(mem, d)?;
    for _ in 0..PAGE_SIZE / 2 {
        let w = mem.read_u16(x);
        mem.write_u16(u, w);
        x = x.wrapping_add(2);
        u = u.wrapping_add(2);
    }
    Ok(())
}
