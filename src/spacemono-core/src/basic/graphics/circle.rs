//! CIRCLE (CmdCircle LB238): a 64-sided polygon, each side drawn by LINE's routine.

use super::line::draw_line;
use super::state::{dp, get_colour, normalize_at, pmode_of, scaled_max, store_point};
use super::Point;
use crate::basic::cost::graphics as cost;
use crate::basic::error::ErrorCode;
use crate::machine::memory::Memory;

/// CircleSineTab: (C, S) for sub-arcs 0-8, fractions of 65536 ($0000 standing for 1.0).
const SINE_TAB: [(u16, u16); 9] = [
    (0x0000, 0x0001),
    (0xFEC5, 0x1919),
    (0xFB16, 0x31F2),
    (0xF4FB, 0x4A51),
    (0xEC84, 0x61F9),
    (0xE1C7, 0x78AE),
    (0xD4DC, 0x8E3B),
    (0xC5E5, 0xA269),
    (0xB506, 0xB506),
];

/// LB342: r scaled by a table value: T = 0 gives r, else floor((T − 1)·r / 65536).
fn scale(t: u16, r: u16) -> u16 {
    if t == 0 {
        r
    } else {
        (((t - 1) as u32 * r as u32) >> 16) as u16
    }
}

/// CIRCLE[@](x,y),r[,c[,hw[,start[,end]]]].
///
/// * centre: x VarGet16Bit, y VarGet8Bit (clamped and scaled here);
/// * `r`: VarGet16Bit (?FC if negative: the caller's), halved here in PMODE 0-3;
/// * `c`: VarGet8Bit colour (?FC above 8 here), default foreground;
/// * `ratio`: the ROM's INT(hw·256) — FPA0 exponent + 8, then the 16-bit conversion
///   (?FC if negative or > 65535: the caller's); default 256; doubled (16-bit) in PMODE 2-3;
/// * `start`, `end`: INT(v·64) — exponent + 6, then FPA0toB (?FC outside 0-255: the
///   caller's); ANDed with 63 here; default 0.
///
/// ?FC if a vertical offset × ratio reaches 2^24 (sides already drawn stay drawn).
///
/// Returns the cycles the segments took (the cost model's: each segment's end point and LINE
/// set-up, and its pixels, counted from the clamped end points as LINE draws them).
pub fn circle(
    mem: &mut Memory,
    centre: Point,
    r: u16,
    c: Option<u8>,
    ratio: Option<u16>,
    start: Option<u8>,
    end: Option<u8>,
) -> Result<u32, ErrorCode> {
    let (max_x, max_y) = scaled_max(mem);
    let mut cycles = 0u32;
    store_point(mem, dp::CURR_X, centre);
    normalize_at(mem, dp::CURR_X);
    let cx = mem.read_u16(dp::CURR_X);
    let cy = mem.read_u16(dp::CURR_Y);
    mem.write_u16(dp::CIRCLE_X, cx);
    mem.write_u16(dp::CIRCLE_Y, cy);
    let r = if pmode_of(mem) < 4 { r >> 1 } else { r };
    mem.poke(dp::PLOT_FLAG, 1);
    get_colour(mem, c)?;
    let mut ratio = ratio.unwrap_or(0x100);
    if pmode_of(mem) & 2 != 0 {
        ratio = ratio.wrapping_add(ratio);
    }
    let end = end.unwrap_or(0) & 0x3F;
    let mut idx = start.unwrap_or(0) & 0x3F;
    let mut first = true;
    loop {
        let px = mem.read_u16(dp::PIXEL_X);
        let py = mem.read_u16(dp::PIXEL_Y);
        mem.write_u16(dp::CURR_X, px);
        mem.write_u16(dp::CURR_Y, py);
        let (o, s) = (idx >> 3, idx & 7);
        let k = if o & 1 != 0 { 8 - s } else { s } as usize;
        let (ct, st) = SINE_TAB[k];
        let a = scale(st, r);
        let b = scale(ct, r);
        let (h, v) = if matches!(o & 3, 1 | 2) {
            (a, b)
        } else {
            (b, a)
        };
        mem.write_u16(dp::PIXEL_X, h);
        let p = v as u32 * ratio as u32;
        if p >> 24 != 0 {
            return Err(ErrorCode::FC);
        }
        let v = (p >> 8) as u16;
        let x = if (2..6).contains(&o) {
            cx.saturating_sub(h)
        } else {
            match cx.checked_add(h) {
                Some(x) if x < max_x => x,
                _ => max_x,
            }
        };
        let y = if o >= 4 {
            cy.saturating_sub(v)
        } else {
            match cy.checked_add(v) {
                Some(y) if y < max_y => y,
                _ => max_y,
            }
        };
        mem.write_u16(dp::PIXEL_X, x);
        mem.write_u16(dp::PIXEL_Y, y);
        if first {
            first = false;
        } else {
            let (dx, dy) = super::line::extents(mem);
            cycles = cycles.saturating_add(cost::circle_segment(dx, dy));
            draw_line(mem);
            if idx == end {
                return Ok(cycles);
            }
        }
        idx = (idx + 1) & 0x3F;
    }
}
