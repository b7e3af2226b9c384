//! PAINT (CmdPaint LAC87): the ROM's scan-line fill with 6-byte span records on the 6809
//! stack, its dirty-flag pruning and its exact push order, reproduced step by step.

use super::state::{dp, get_colour, normalize_at, pixel_addr, plot, scaled_max, store_point};
use super::Point;
use crate::basic::cost::graphics as cost;
use crate::basic::error::ErrorCode;
use crate::basic::program::STACK_BUF;
use crate::machine::memory::{addr, Memory};

/// Plots past which a PAINT is a runaway ([`Painter::runaway`]): 341 whole 256×192 pictures.
/// An intact fill plots each paintable pixel a few times at most.
const RUNAWAY_PLOTS: u32 = 1 << 24;

/// One span record: direction (+1: the row below, −1: the row above, 0: end marker),
/// row, x of the pixel left of the span, length.
#[derive(Clone, Copy, Debug)]
struct Span {
    dir: i8,
    y: u8,
    left: u16,
    len: u16,
}

struct Painter {
    stack: Vec<Span>,
    max_x: u16,
    border: u8,
    dir: i8,
    sp: u16,
    /// Pixels written and row segments filled, for the cost model.
    plotted: u32,
    rows: u32,
}

impl Painter {
    /// LADAD: is the pixel at GrCurrX/Y the border code?
    fn is_border(&self, mem: &Memory) -> bool {
        let (a, m) = pixel_addr(mem);
        mem.peek(a) & m == m & self.border
    }

    /// LAD89: paint from GrCurrX while x ≥ 0 (signed), x ≤ max and not border, stepping
    /// left or right; returns the count. GrCurrX ends on the pixel that stopped it.
    fn fill(&mut self, mem: &mut Memory, right: bool) -> u16 {
        let mut n: u16 = 0;
        loop {
            let x = mem.read_u16(dp::CURR_X);
            if x & 0x8000 != 0 || x > self.max_x || self.is_border(mem) || self.runaway() {
                return n;
            }
            let (a, m) = pixel_addr(mem);
            plot(mem, a, m);
            self.plotted = self.plotted.saturating_add(1);
            n = n.wrapping_add(1);
            let x = if right {
                x.wrapping_add(1)
            } else {
                x.wrapping_sub(1)
            };
            mem.write_u16(dp::CURR_X, x);
        }
    }

    /// Whether this PAINT has plotted more than any fill of an intact picture could: it has
    /// painted over its own working points (a PMODE page wrapped round into the direct
    /// page), where the ROM's loops may never end and the Dragon hangs until it is reset.
    /// The fill stops instead, so that the host never hangs in one statement.
    fn runaway(&self) -> bool {
        self.plotted > RUNAWAY_PLOTS
    }

    /// LAD7A: GrPixelNoX := GrCurrX, paint leftwards.
    fn fill_left(&mut self, mem: &mut Memory) -> u16 {
        let x = mem.read_u16(dp::CURR_X);
        mem.write_u16(dp::PIXEL_X, x);
        self.fill(mem, false)
    }

    /// LAD83: step right, paint rightwards.
    fn fill_right(&mut self, mem: &mut Memory) -> u16 {
        let x = mem.read_u16(dp::CURR_X).wrapping_add(1);
        mem.write_u16(dp::CURR_X, x);
        self.fill(mem, true)
    }

    /// LAD66 after a left fill of `n`: GrPixelNoX := the left stop, paint right from the
    /// start. Returns (D = right count + 1, X = total).
    fn finish_right(&mut self, mem: &mut Memory, n: u16) -> (u16, u16) {
        mem.write_u16(dp::CIRCLE_Y, n);
        let start = mem.read_u16(dp::PIXEL_X);
        let stop = mem.read_u16(dp::CURR_X);
        mem.write_u16(dp::PIXEL_X, stop);
        mem.write_u16(dp::CURR_X, start);
        let m = self.fill_right(mem);
        (m.wrapping_add(1), n.wrapping_add(m))
    }

    /// LAD47: push a record and check room (BasChkB2Free with B=2, as the ROM, although
    /// 6 bytes were pushed). `d` is the D register, which the ROM parks in GrCircleXCo.
    fn push(&mut self, mem: &mut Memory, d: u16, span: Span) -> Result<(), ErrorCode> {
        mem.write_u16(dp::CIRCLE_X, d);
        self.stack.push(span);
        // S inside BasChkB2Free: records (marker included) + return address moved to Y and
        // pushed back + the JSR's own return address.
        let s = (self.sp as u32).saturating_sub(6 * self.stack.len() as u32 + 4);
        let need = mem.read_u16(addr::STORAGE_END) as u32 + 4 + STACK_BUF as u32;
        if need > 0xFFFF || need >= s {
            return Err(ErrorCode::OM);
        }
        Ok(())
    }

    /// LAD55: a record in the current direction from GrPixelNoX, length `len`.
    fn push_same(&mut self, mem: &mut Memory, d: u16, len: u16) -> Result<(), ErrorCode> {
        let span = Span {
            dir: self.dir,
            y: mem.peek(dp::CURR_Y + 1),
            left: mem.read_u16(dp::PIXEL_X),
            len,
        };
        self.push(mem, d, span)
    }

    /// LAD3C: a record in the opposite direction from GrCurrX, length `len`.
    fn push_opposite(&mut self, mem: &mut Memory, d: u16, len: u16) -> Result<(), ErrorCode> {
        let span = Span {
            dir: self.dir.wrapping_neg(),
            y: mem.peek(dp::CURR_Y + 1),
            left: mem.read_u16(dp::CURR_X),
            len,
        };
        self.push(mem, d, span)
    }
}

/// PAINT[@](x,y)[,c[,b]]. x: VarGet16Bit, y: VarGet8Bit; `c`, `b`: VarGet8Bit colours
/// (?FC above 8 here). Paint code = c converted (default foreground); border = b converted,
/// default the paint colour. A pixel stops the fill only if it has the border code.
/// `sp`: the 6809 stack pointer on entry to the statement, as the interpreter accounts it;
/// every span record pushed is checked against $1F + 4 + 58 (?OM; what was painted stays).
/// GrDirtyFlag is not cleared at entry, as in the ROM.
///
/// Returns the cycles the fill took (the cost model's: per pixel written and per row segment
/// filled, docs/timing.md §2.16).
pub fn paint(
    mem: &mut Memory,
    p: Point,
    c: Option<u8>,
    b: Option<u8>,
    sp: u16,
) -> Result<u32, ErrorCode> {
    store_point(mem, dp::CURR_X, p);
    normalize_at(mem, dp::CURR_X);
    mem.poke(dp::PLOT_FLAG, 1);
    let border = paint_colours(mem, c, b)?;
    let (max_x, max_y) = scaled_max(mem);
    let mut pt = Painter {
        stack: Vec::new(),
        max_x,
        border,
        dir: 0,
        sp,
        plotted: 0,
        rows: 1,
    };
    pt.stack.push(Span {
        dir: 0,
        y: 0,
        left: 0,
        len: 0,
    });
    pt.first_row(mem)?;
    let mut saved = pt.stack.len();
    loop {
        // LACCF
        if mem.peek(dp::DIRTY) == 0 {
            pt.stack.truncate(saved);
        }
        let Some(span) = pt.stack.pop().filter(|_| !pt.runaway()) else {
            return Ok(cost::paint(pt.plotted, pt.rows));
        };
        mem.poke(dp::DIRTY, 0);
        saved = pt.stack.len();
        mem.write_u16(dp::CURR_X, span.left.wrapping_add(1));
        pt.dir = span.dir;
        if span.dir == 0 {
            return Ok(cost::paint(pt.plotted, pt.rows));
        }
        pt.next_row(mem, span, max_y)?;
    }
}

/// The paint colour and the border code: each converted as the ROM converts it (the border
/// defaults to the paint colour), then the colour settings restored to the paint colour's.
fn paint_colours(mem: &mut Memory, c: Option<u8>, b: Option<u8>) -> Result<u8, ErrorCode> {
    get_colour(mem, c)?;
    let temp = mem.peek(dp::COLOUR_TEMP);
    let colour = mem.peek(dp::CURR_COLOUR);
    if b.is_some() {
        get_colour(mem, b)?;
    }
    let border = mem.peek(dp::CURR_COLOUR);
    mem.poke(dp::COLOUR_TEMP, temp);
    mem.poke(dp::CURR_COLOUR, colour);
    Ok(border)
}

impl Painter {
    /// The starting row: filled left and right from the point, then a record for the row
    /// below and one for the row above.
    fn first_row(&mut self, mem: &mut Memory) -> Result<(), ErrorCode> {
        let n = self.fill_left(mem);
        if n != 0 {
            let (d, total) = self.finish_right(mem, n);
            self.dir = 1;
            // LDA #PaintUP replaced the high byte of D before LAD55 parks it.
            let d = 0x0100 | (d & 0xFF);
            self.push_same(mem, d, total)?;
            self.dir = -1;
            self.push_same(mem, d, total)?;
        }
        Ok(())
    }

    /// A popped record: the row it points to (none past the top or bottom) filled from its
    /// left end (LACF3), then the rest of the parent span walked (LAD0B).
    fn next_row(&mut self, mem: &mut Memory, span: Span, max_y: u16) -> Result<(), ErrorCode> {
        let y = if span.dir > 0 {
            let y = span.y.wrapping_add(1);
            if y as u16 > max_y {
                return Ok(());
            }
            y
        } else {
            if span.y == 0 {
                return Ok(());
            }
            span.y - 1
        };
        mem.poke(dp::CURR_Y + 1, y);
        self.rows = self.rows.saturating_add(1);
        // LACF3
        let n = self.fill_left(mem);
        let add: u16 = if n == 0 {
            !0u16
        } else {
            if n >= 3 {
                self.push_opposite(mem, n, n - 2)?;
            }
            let (d, total) = self.finish_right(mem, n);
            self.push_same(mem, d, total)?;
            !d
        };
        self.walk_parent(mem, span.len, add)
    }

    /// LAD0B: along the rest of the parent span, each run of paintable pixels filled right
    /// and recorded; past its end, a record in the opposite direction for the overhang.
    fn walk_parent(
        &mut self,
        mem: &mut Memory,
        mut parent: u16,
        mut add: u16,
    ) -> Result<(), ErrorCode> {
        loop {
            // LAD0B: parent = parent + add; BLE
            let sum = parent as i16 as i32 + add as i16 as i32;
            parent = sum as u16;
            if sum <= 0 || parent == 0 {
                // LAD27
                let x = mem
                    .read_u16(dp::CURR_X)
                    .wrapping_add(1)
                    .wrapping_add(parent);
                mem.write_u16(dp::CURR_X, x);
                let over = (!parent) as i16 as i32 - 1;
                if over > 0 {
                    self.push_opposite(mem, over as u16, over as u16)?;
                }
                return Ok(());
            }
            let x = mem.read_u16(dp::CURR_X).wrapping_add(1);
            mem.write_u16(dp::CURR_X, x);
            if self.is_border(mem) {
                add = 0xFFFF;
                continue;
            }
            // LAD1E
            mem.write_u16(dp::CURR_X, x.wrapping_sub(1));
            mem.write_u16(dp::PIXEL_X, x.wrapping_sub(1));
            let k = self.fill_right(mem);
            self.push_same(mem, k, k)?;
            add = !k;
        }
    }
}
