//! What the ROM's graphics routines spend, from the geometry they work on (docs/timing.md §2.16,
//! measured in PMODE 4; the other modes' pixel loops are taken to cost the same per step).
//! Coordinates and colours are expressions: their text costs and INTConvs are counted where
//! all expressions are.

/// PSET/PRESET's handler, the pixel write included.
pub const PSET: u32 = 740;
/// LINE's handler besides its points and its pixel loop.
pub const LINE: u32 = 300;
/// PCLS: 6,144 bytes cleared.
pub const PCLS: u32 = 92_000;
/// PCOPY: a page of 1,536 bytes copied.
pub const PCOPY: u32 = 15_360;
/// PAINT: per statement, per pixel written and per row segment filled (±10 %).
pub const PAINT: u32 = 6_500;
pub const PAINT_PIXEL: u32 = 267;
pub const PAINT_ROW: u32 = 1_100;

/// A whole PAINT from what its fill did.
pub fn paint(pixels: u32, rows: u32) -> u32 {
    PAINT
        .saturating_add(PAINT_PIXEL.saturating_mul(pixels))
        .saturating_add(PAINT_ROW.saturating_mul(rows))
}
/// DRAW's string: its passes are derived from the ROM's instructions in `cost::draw`. An `X`
/// substring (LAFB6 looks the variable up, LB061 frees its descriptor) is not derived: it
/// keeps the figure once fitted to a whole command.
pub const DRAW_SUBSTRING: u32 = 1_230;
/// GET and PUT: per statement and per pixel of the rectangle.
pub const GET: u32 = 14_400;
pub const GET_PIXEL: u32 = 74;
pub const PUT: u32 = 6_300;
pub const PUT_PIXEL: u32 = 95;
/// COLOR, PMODE, SCREEN, PCLEAR: small handlers.
pub const SETTING: u32 = 700;

/// A horizontal line of `n` pixels (`DrawHLine` $A7D2).
#[inline]
pub(crate) fn hline(n: u32) -> u32 {
    213 + n * 1027 / 10
}

/// A vertical line of `n` pixels (`DrawVLine` $A7FC).
#[inline]
pub(crate) fn vline(n: u32) -> u32 {
    202 + 104 * n
}

/// One line from its extents in pixels (`dx`, `dy` = differences of the end points): the
/// horizontal and vertical routines, or Bresenham with an address calculation per pixel.
pub fn line(dx: u32, dy: u32) -> u32 {
    if dy == 0 {
        hline(dx + 1)
    } else if dx == 0 {
        vline(dy + 1)
    } else {
        let (major, minor) = (dx.max(dy), dx.min(dy));
        hline(1) + 823 + major * 459 / 2 + minor * 69 / 2
    }
}

/// One of CIRCLE's segments: the end point from the sine table with 16-bit multiplies and
/// LINE's set-up (docs/timing.md §2.16 says ≈ 1,170; 1,150 fits its three measured statements,
/// r = 10, 50 and 90, within 2 %), then ≈ 223 c per pixel of its length (the length as
/// max + min/2, within 12 % of the true one). The end points are those after clamping to
/// the screen, so a circle bigger than the screen costs what its segments along the edges
/// cost.
pub fn circle_segment(dx: u32, dy: u32) -> u32 {
    1_150 + 223 * (dx.max(dy) + dx.min(dy) / 2)
}

/// `,B`: four lines.
pub fn outline(dx: u32, dy: u32) -> u32 {
    2 * hline(dx + 1) + 2 * vline(dy + 1)
}

/// `,BF`: one horizontal line per row.
pub fn filled(dx: u32, dy: u32) -> u32 {
    (dy + 1) * (251 + (dx + 1) * 1027 / 10)
}

#[cfg(test)]
mod tests {
    use super::{filled, line};

    /// docs/timing.md §3, rows 29–31: the genuine differences.
    #[test]
    fn the_measured_lines_and_boxes() {
        let diag = line(100, 100) as f64 - line(0, 0) as f64;
        assert!((diag - 27_002.0).abs() / 27_002.0 < 0.01, "{diag}");
        let h = line(200, 0) as f64 - line(0, 0) as f64;
        assert!((h - 20_825.0).abs() / 20_825.0 < 0.02, "{h}");
        let bf = filled(100, 100) as f64 - filled(0, 0) as f64;
        assert!((bf - 1_074_190.0).abs() / 1_074_190.0 < 0.01, "{bf}");
    }
}
