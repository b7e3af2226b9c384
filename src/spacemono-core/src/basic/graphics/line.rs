//! PSET, PRESET, PPOINT and LINE (DR `LA6C7`..`LA8AE`): the ROM's horizontal, vertical and
//! Bresenham line routines, working on GrCurrX/Y and GrPixelNoX/Y in RAM as the ROM does.

use super::state::{
    dp, four_colour, get_colour, normalize_at, normalize_both, pixel_addr, plot, set_colours,
    step_right, store_point,
};
use super::Point;
use crate::basic::error::ErrorCode;
use crate::machine::memory::Memory;

fn pset_common(mem: &mut Memory, flag: u8, p: Point, c: Option<u8>) -> Result<(), ErrorCode> {
    mem.poke(dp::PLOT_FLAG, flag);
    store_point(mem, dp::CURR_X, p);
    normalize_at(mem, dp::CURR_X);
    get_colour(mem, c)?;
    let (a, m) = pixel_addr(mem);
    plot(mem, a, m);
    Ok(())
}

/// PSET(x,y[,c]) (CmdPset LA6EF). x: VarGet16Bit, y: VarGet8Bit (clamped here), c:
/// VarGet8Bit (?FC above 8). Foreground unless c is given.
pub fn pset(mem: &mut Memory, p: Point, c: Option<u8>) -> Result<(), ErrorCode> {
    pset_common(mem, 1, p, c)
}

/// PRESET(x,y[,c]) (CmdPReset LA6F3): as [`pset`] with the background colour.
pub fn preset(mem: &mut Memory, p: Point, c: Option<u8>) -> Result<(), ErrorCode> {
    pset_common(mem, 0, p, c)
}

/// PPOINT(x,y) (CmdPPoint LA6C7). x: VarGet16Bit, y: VarGet8Bit. 4-colour modes: code + 1,
/// + 4 when GrColourSet is 8; 2-colour modes: 0 when off, else 1 (5 with CSS).
pub fn ppoint(mem: &mut Memory, p: Point) -> u8 {
    store_point(mem, dp::CURR_X, p);
    normalize_at(mem, dp::CURR_X);
    let (a, m) = pixel_addr(mem);
    let mut v = m & mem.peek(a);
    if !four_colour(mem) {
        if v == 0 {
            return 0;
        }
        v = 0;
    } else {
        while v >= 4 {
            v >>= 2;
        }
    }
    ((v + 1) * 2 + mem.peek(dp::COLOUR_SET)) >> 1
}

/// LINE's box option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineBox {
    /// A plain line.
    None,
    /// `,B`: the outline.
    Box,
    /// `,BF`: filled.
    Filled,
}

/// The extents of the line about to be drawn, from the working points the ROM holds (CURR to
/// PIXEL), in pixels and capped: what the cost model's pixel loops count.
pub fn extents(mem: &Memory) -> (u32, u32) {
    let d = |a: u16, b: u16| (mem.read_u16(a) as i32 - mem.read_u16(b) as i32).unsigned_abs();
    (
        d(dp::PIXEL_X, dp::CURR_X).min(1_000),
        d(dp::PIXEL_Y, dp::CURR_Y).min(1_000),
    )
}

/// The first half of LINE (LA71D, LA75C): start = `start` or, for `LINE -(..)`, the last
/// point; end stored in GrPixelNoX/Y; the last point GrCurrXCo/YCo := end (clamped,
/// unscaled). The ROM does this before it parses the action, so a LINE that then fails
/// with ?SN has already moved the last point: call this first, parse, then [`line_draw`].
pub fn line_endpoints(mem: &mut Memory, start: Option<Point>, end: Point) {
    // LA71D is shared with GET/PUT; LINE then makes the end the new last point.
    super::get_put_points(mem, start, end);
    let ex = mem.read_u16(dp::PIXEL_X);
    let ey = mem.read_u16(dp::PIXEL_Y);
    mem.write_u16(dp::LAST_X, ex);
    mem.write_u16(dp::LAST_Y, ey);
}

/// The second half of LINE: scale both ends, colour = foreground (`pset`) or background
/// (PRESET), then a line, a box or a filled box.
pub fn line_draw(mem: &mut Memory, pset: bool, b: LineBox) {
    normalize_both(mem);
    mem.poke(dp::PLOT_FLAG, pset as u8);
    set_colours(mem);
    match b {
        LineBox::None => draw_line(mem),
        LineBox::Box => {
            hline(mem);
            vline(mem);
            let x1 = mem.read_u16(dp::CURR_X);
            let x2 = mem.read_u16(dp::PIXEL_X);
            mem.write_u16(dp::CURR_X, x2);
            vline(mem);
            mem.write_u16(dp::CURR_X, x1);
            let y2 = mem.read_u16(dp::PIXEL_Y);
            mem.write_u16(dp::CURR_Y, y2);
            hline(mem);
        }
        LineBox::Filled => {
            let mut plotted = 0;
            loop {
                plotted += hline(mem);
                let y = mem.read_u16(dp::CURR_Y);
                let y2 = mem.read_u16(dp::PIXEL_Y);
                if y == y2 || plotted > PICTURE_PIXELS {
                    break;
                }
                let y = if y > y2 {
                    y.wrapping_sub(1)
                } else {
                    y.wrapping_add(1)
                };
                mem.write_u16(dp::CURR_Y, y);
            }
        }
    }
}

/// The most pixels a filled box can plot while its corners stay as LINE set them (x at most
/// 255, y at most 191). A box that plots more has drawn over GrCurrY/GrPixelNoY themselves
/// (a PMODE page wrapped round into the direct page): there the ROM's loop may never meet its
/// end row and the Dragon hangs until it is reset. The box stops instead, so that the host
/// never hangs in one statement.
const PICTURE_PIXELS: u32 = 256 * 192;

/// LINE [(x1,y1)]-(x2,y2),PSET|PRESET[,B|,BF] (CmdLine LA749): [`line_endpoints`] then
/// [`line_draw`]. Coordinates: x VarGet16Bit, y VarGet8Bit.
#[cfg(test)]
pub fn line(mem: &mut Memory, start: Option<Point>, end: Point, pset: bool, b: LineBox) {
    line_endpoints(mem, start, end);
    line_draw(mem, pset, b);
}

/// |b − a| of two 16-bit RAM values and whether b < a (LAAAB/LAAB8).
fn diff(mem: &Memory, start: u16, end: u16) -> (u16, bool) {
    let a = mem.read_u16(start);
    let b = mem.read_u16(end);
    let d = b.wrapping_sub(a);
    if b < a {
        (d.wrapping_neg(), true)
    } else {
        (d, false)
    }
}

/// DrawHLine (LA7D2): |dx|+1 pixels on row GrCurrY from min(GrCurrX, GrPixelNoX);
/// GrCurrX is left as it was. Returns the pixels plotted.
pub(crate) fn hline(mem: &mut Memory) -> u32 {
    let x = mem.read_u16(dp::CURR_X);
    let (d, neg) = diff(mem, dp::CURR_X, dp::PIXEL_X);
    if neg {
        let e = mem.read_u16(dp::PIXEL_X);
        mem.write_u16(dp::CURR_X, e);
    }
    // LEAY 1,Y / ... / LEAY -1,Y / BNE: a 16-bit count of d+1 (65536 when d = $FFFF).
    let count = d as u32 + 1;
    // CoToAbsAddr uses the (possibly swapped) start; then GrCurrX is restored.
    let (a, m) = pixel_addr(mem);
    mem.write_u16(dp::CURR_X, x);
    let four = four_colour(mem);
    let (mut a, mut m) = (a, m);
    for _ in 0..count {
        plot(mem, a, m);
        (a, m) = step_right(four, a, m);
    }
    count
}

/// DrawVLine (LA7FC): |dy|+1 pixels down column GrCurrX from min(GrCurrY, GrPixelNoY);
/// GrCurrY is left as it was.
pub(crate) fn vline(mem: &mut Memory) {
    let y = mem.read_u16(dp::CURR_Y);
    let (d, neg) = diff(mem, dp::CURR_Y, dp::PIXEL_Y);
    if neg {
        let e = mem.read_u16(dp::PIXEL_Y);
        mem.write_u16(dp::CURR_Y, e);
    }
    let count = d as u32 + 1;
    let start = pixel_addr(mem);
    mem.write_u16(dp::CURR_Y, y);
    let bpl = mem.peek(dp::BYTES_PER_LINE) as u16;
    let (mut a, m) = start;
    for _ in 0..count {
        plot(mem, a, m);
        a = a.wrapping_add(bpl);
    }
}

#[derive(Clone, Copy)]
enum Step {
    IncX,
    IncY,
    DecX,
    DecY,
}

fn apply(mem: &mut Memory, s: Step) {
    let (at, up) = match s {
        Step::IncX => (dp::CURR_X, true),
        Step::IncY => (dp::CURR_Y, true),
        Step::DecX => (dp::CURR_X, false),
        Step::DecY => (dp::CURR_Y, false),
    };
    let v = mem.read_u16(at);
    mem.write_u16(
        at,
        if up {
            v.wrapping_add(1)
        } else {
            v.wrapping_sub(1)
        },
    );
}

/// LA82F: the line from GrCurrX/Y to GrPixelNoX/Y (scaled), in GrCurrColour. Horizontal
/// and vertical lines go to DrawHLine/DrawVLine; otherwise the ROM's Bresenham: start at
/// the first point, error = major/2 (−1 when major is even and the major step decrements),
/// plot, step major, error += minor, and when error ≥ major: error −= major, step minor.
/// GrCurrX/Y end at the last point plotted.
pub(crate) fn draw_line(mem: &mut Memory) {
    let (dy, ny) = diff(mem, dp::CURR_Y, dp::PIXEL_Y);
    if dy == 0 {
        hline(mem);
        return;
    }
    let ystep = if ny { Step::DecY } else { Step::IncY };
    let (dx, nx) = diff(mem, dp::CURR_X, dp::PIXEL_X);
    if dx == 0 {
        vline(mem);
        return;
    }
    let xstep = if nx { Step::DecX } else { Step::IncX };
    let (major, minor, mstep, nstep) = if dx >= dy {
        (dx, dy, xstep, ystep)
    } else {
        (dy, dx, ystep, xstep)
    };
    let mut err = major >> 1;
    if major & 1 == 0 && matches!(mstep, Step::DecX | Step::DecY) {
        err = err.wrapping_sub(1);
    }
    let mut count = major;
    loop {
        let (a, m) = pixel_addr(mem);
        plot(mem, a, m);
        if count == 0 {
            break;
        }
        count -= 1;
        apply(mem, mstep);
        err = err.wrapping_add(minor);
        let (e2, borrow) = err.overflowing_sub(major);
        if !borrow {
            err = e2;
            apply(mem, nstep);
        }
    }
}
