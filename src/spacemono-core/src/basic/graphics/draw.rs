//! DRAW (GrDraw LB051): its command language on the scanner it shares with PLAY
//! (`basic::command_string`).

use super::line::draw_line;
use super::state::{colour_code, dp, normalize_both, set_colours};
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
        let b = self.number(mem)? as u16;
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
        if !sc.left() {
            if sc.resume() {
                continue;
            }
            return Ok(());
        }
        let c = sc.getc()?;
        if !matches!(c, b';' | b'\'' | b' ') {
            sc.host.spend(cost::DRAW_COMMAND);
        }
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
                sc.enter_substring(mem, sp)?;
                continue;
            }
            b'M' => sc.move_target(mem)?,
            _ => match sc.step(mem, c)? {
                Some((h, v)) => relative(mem, h, v),
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
        let x = self.coord(mem, first)?;
        if self.getc()? != b',' {
            return Err(ErrorCode::FC);
        }
        let c2 = self.getc()?;
        let y = self.coord(mem, c2)?;
        if first == b'+' || first == b'-' {
            Ok(relative(mem, x, y))
        } else {
            Ok((x, y))
        }
    }

    /// A command letter `c` and its count: C, A and S change a setting (None); U, D, L, R,
    /// E, F, G and H give the offset to move by, n steps in their direction.
    fn step(&mut self, mem: &mut Memory, c: u8) -> Result<Option<(u16, u16)>, ErrorCode> {
        let n = self.count(mem)?;
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
    /// number there, its digits charged.
    fn count(&mut self, mem: &mut Memory) -> Result<u8, ErrorCode> {
        let mut n: u8 = 1;
        if self.left() {
            let d = self.getc()?;
            self.back();
            if !d.is_ascii_uppercase() {
                n = self.number(mem)?;
                let digits = 1 + (n >= 10) as u32 + (n >= 100) as u32;
                self.host.spend(cost::DRAW_DIGIT * digits);
            }
        }
        Ok(n)
    }
}

/// LB166: a relative move's target: the offset scaled, rotated by the angle, added to the
/// last point, and clamped at 0.
fn relative(mem: &Memory, h: u16, v: u16) -> (u16, u16) {
    let s = mem.peek(dp::DRAW_SCALE);
    let (mut h, mut v) = (scale(h, s), scale(v, s));
    for _ in 0..mem.peek(dp::DRAW_ANGLE) {
        (h, v) = (v.wrapping_neg(), h);
    }
    let nx = h.wrapping_add(mem.read_u16(dp::LAST_X));
    let ny = v.wrapping_add(mem.read_u16(dp::LAST_Y));
    let nx = if nx & 0x8000 != 0 { 0 } else { nx };
    let ny = if ny & 0x8000 != 0 { 0 } else { ny };
    (nx, ny)
}

/// LB197: clamp, line from the last point, update it unless N, draw unless B. Returns the
/// cycles the line's pixels took.
fn move_to(mem: &mut Memory, x: u16, y: u16, no_update: bool, blank: bool) -> u32 {
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
    if blank {
        return 0;
    }
    let (dx, dy) = super::line::extents(mem);
    draw_line(mem);
    cost::line_pixels(dx, dy)
}
