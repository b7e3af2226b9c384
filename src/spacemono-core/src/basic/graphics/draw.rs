//! DRAW (GrDraw LB051): its command language on the scanner it shares with PLAY
//! (`basic::command_string`).

use super::line::draw_line;
use super::state::{colour_code, dp, normalize_both, set_colours};
use crate::basic::cost::draw::{self as draw_cost, After};
use crate::basic::cost::graphics as cost;
use crate::basic::error::ErrorCode;
use crate::machine::memory::Memory;

pub use crate::basic::command_string::DrawHost;
use crate::basic::command_string::Scanner;

impl Scanner<'_> {
    /// LB1F9: an M coordinate: optional sign, then a number; 16-bit two's complement.
    fn coord(&mut self, mem: &mut Memory, c: u8) -> Result<u16, ErrorCode> {
        let neg = match c {
            b'+' => false,
            b'-' => true,
            _ => {
                self.back();
                false
            }
        };
        self.host.spend(draw_cost::coordinate(c));
        let b = self.counted_number(mem)? as u16;
        Ok(if neg { b.wrapping_neg() } else { b })
    }
}

/// LB144: scale a 16-bit difference: |d|·S (low word) >> 2 with the sign restored; S = 0
/// leaves it alone.
fn scale(d: u16, s: u8) -> u16 {
    if s == 0 {
        return d;
    }
    let neg = d & 0x8000 != 0;
    let m = if neg { d.wrapping_neg() } else { d };
    let r = m.wrapping_mul(s as u16) >> 2;
    if neg {
        r.wrapping_neg()
    } else {
        r
    }
}

/// DRAW string (GrDraw LB051). `cmd`: the string argument's bytes (a non-string is ?TM:
/// the caller's). `sp`: the 6809 stack pointer on entry to the statement, as the
/// interpreter accounts it; each nested `X` pushes 3 bytes and checks (BasChkB2Free, B=2)
/// that $1F + 4 + 58 stays below the stack, else ?OM.
///
/// Everything drawn or stored before an error stays (C changes GrForeground for good).
pub fn draw(
    mem: &mut Memory,
    cmd: &[u8],
    host: &mut dyn DrawHost,
    sp: u16,
) -> Result<(), ErrorCode> {
    mem.poke(dp::PLOT_FLAG, 1);
    set_colours(mem);
    // N (move without updating the last point) and B (move without drawing) hold for the
    // next move only.
    let mut no_update = false;
    let mut blank = false;
    let mut sc = Scanner::new(cmd, host);
    loop {
        // LAF33's passes over spaces, charged as they are made.
        let spaces = std::mem::take(&mut sc.spaces);
        sc.host.spend(draw_cost::SPACE * spaces);
        if !sc.left() {
            if sc.resume() {
                continue;
            }
            return Ok(());
        }
        let c = sc.getc()?;
        sc.host.spend(draw_cost::command(c));
        let (x, y) = match c {
            b';' | b'\'' => continue,
            b'N' => {
                no_update = !no_update;
                continue;
            }
            b'B' => {
                blank = !blank;
                continue;
            }
            b'X' => {
                sc.host.spend(cost::DRAW_SUBSTRING);
                sc.enter_substring(mem, sp)?;
                continue;
            }
            b'M' => sc.move_target(mem)?,
            _ => match sc.step(mem, c)? {
                Some((h, v)) => {
                    let (target, cycles) = relative(mem, h, v);
                    sc.host.spend(cycles);
                    target
                }
                None => continue,
            },
        };
        sc.host.spend(move_to(mem, x, y, no_update, blank));
        no_update = false;
        blank = false;
    }
}

impl Scanner<'_> {
    /// M: `Mx,y` goes to a point, `M+x,y` and `M-x,y` move by an offset (LB166).
    fn move_target(&mut self, mem: &mut Memory) -> Result<(u16, u16), ErrorCode> {
        let first = self.getc()?;
        self.host.spend(draw_cost::move_command(first));
        let x = self.coord(mem, first)?;
        if self.getc()? != b',' {
            return Err(ErrorCode::FC);
        }
        let c2 = self.getc()?;
        let y = self.coord(mem, c2)?;
        if first == b'+' || first == b'-' {
            let (target, cycles) = relative(mem, x, y);
            self.host.spend(cycles);
            Ok(target)
        } else {
            Ok((x, y))
        }
    }

    /// A command letter `c` and its count: C, A and S change a setting (None); U, D, L, R,
    /// E, F, G and H give the offset to move by, n steps in their direction.
    fn step(&mut self, mem: &mut Memory, c: u8) -> Result<Option<(u16, u16)>, ErrorCode> {
        let n = self.count(mem)?;
        self.host.spend(draw_cost::letter(c));
        let n16 = n as u16;
        let neg = n16.wrapping_neg();
        Ok(Some(match c {
            b'C' => {
                let code = colour_code(mem, n)?;
                mem.poke(dp::FOREGROUND, code);
                set_colours(mem);
                return Ok(None);
            }
            b'A' => {
                if n >= 4 {
                    return Err(ErrorCode::FC);
                }
                mem.poke(dp::DRAW_ANGLE, n);
                return Ok(None);
            }
            b'S' => {
                if n >= 63 {
                    return Err(ErrorCode::FC);
                }
                mem.poke(dp::DRAW_SCALE, n);
                return Ok(None);
            }
            b'U' => (0, neg),
            b'D' => (0, n16),
            b'L' => (neg, 0),
            b'R' => (n16, 0),
            b'E' => (n16, neg),
            b'F' => (n16, n16),
            b'G' => (neg, n16),
            b'H' => (neg, neg),
            _ => return Err(ErrorCode::FC),
        }))
    }

    /// The count after a command letter: 1 when a letter or the end follows, else the
    /// number there, each charged as LB0A4 reads it.
    fn count(&mut self, mem: &mut Memory) -> Result<u8, ErrorCode> {
        let mut n: u8 = 1;
        if !self.left() {
            self.host.spend(draw_cost::count(0, After::End, true));
            return Ok(n);
        }
        let d = self.getc()?;
        self.back();
        if d.is_ascii_uppercase() {
            self.host.spend(draw_cost::count(0, After::Other, false));
        } else {
            // LB0A4's own part: the character fetched, tested and put back, the BSR.
            self.host
                .spend(draw_cost::count(1, After::End, false) - draw_cost::number(1, After::End));
            n = self.counted_number(mem)?;
        }
        Ok(n)
    }

    /// LB066: a number, charged by its digits and what follows them (`=var;` is charged as a
    /// one-digit number: its variable lookup is not derived).
    fn counted_number(&mut self, mem: &mut Memory) -> Result<u8, ErrorCode> {
        let from = self.pos;
        let n = self.number(mem)?;
        let digits = self.cur[from..self.pos]
            .iter()
            .filter(|c| c.is_ascii_digit())
            .count()
            .max(1) as u32;
        let after = After::of(if self.left() { self.next_char() } else { None });
        self.host.spend(draw_cost::number(digits, after));
        Ok(n)
    }
}

/// LB166: a relative move's target: the offset scaled, rotated by the angle, added to the
/// last point, and clamped at 0; with the cycles that took.
fn relative(mem: &Memory, h: u16, v: u16) -> ((u16, u16), u32) {
    let s = mem.peek(dp::DRAW_SCALE);
    let angle = mem.peek(dp::DRAW_ANGLE);
    let (mut h2, mut v2) = (scale(h, s), scale(v, s));
    for _ in 0..angle {
        (h2, v2) = (v2.wrapping_neg(), h2);
    }
    let nx = h2.wrapping_add(mem.read_u16(dp::LAST_X));
    let ny = v2.wrapping_add(mem.read_u16(dp::LAST_Y));
    let (x_below, y_below) = (nx & 0x8000 != 0, ny & 0x8000 != 0);
    let cycles = draw_cost::relative(h, v, s, angle, x_below, y_below);
    let nx = if x_below { 0 } else { nx };
    let ny = if y_below { 0 } else { ny };
    ((nx, ny), cycles)
}

/// LB197: clamp, line from the last point, update it unless N, draw unless B. Returns the
/// cycles that took, the line's included.
fn move_to(mem: &mut Memory, x: u16, y: u16, no_update: bool, blank: bool) -> u32 {
    let clamped = (x > 255) as u32 + (y > 191) as u32;
    let x = x.min(255);
    let y = y.min(191);
    let lx = mem.read_u16(dp::LAST_X);
    let ly = mem.read_u16(dp::LAST_Y);
    mem.write_u16(dp::CURR_X, lx);
    mem.write_u16(dp::CURR_Y, ly);
    mem.write_u16(dp::PIXEL_Y, y);
    mem.write_u16(dp::PIXEL_X, x);
    if !no_update {
        mem.write_u16(dp::LAST_Y, y);
        mem.write_u16(dp::LAST_X, x);
    }
    normalize_both(mem);
    let cycles = draw_cost::move_to(clamped, !no_update);
    if blank {
        return cycles;
    }
    let (dx, dy) = super::line::extents(mem);
    let left = mem.read_u16(dp::PIXEL_X) < mem.read_u16(dp::CURR_X);
    let up = mem.read_u16(dp::PIXEL_Y) < mem.read_u16(dp::CURR_Y);
    draw_line(mem);
    cycles + draw_cost::line(dx, dy, left, up)
}
