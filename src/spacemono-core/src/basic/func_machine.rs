//! The functions that look at the machine: POS, PEEK, MEM, TIMER, POINT, JOYSTK, EOF,
//! PPOINT and USR.

use crate::basic::ast::{Expr, Func};
use crate::basic::cost::fp;
use crate::basic::error::ErrorCode;
use crate::basic::eval::Val;
use crate::basic::interp::{Interpreter, Res};
use crate::machine::hardware::Hardware;
use crate::machine::joystick;
use crate::machine::memory::addr;
use crate::machine::screen::TextScreen;

impl Interpreter {
    /// One of the machine functions (`eval.rs` sends each kind to its file).
    pub(crate) fn call_machine(
        &mut self,
        hw: &mut Hardware,
        f: Func,
        args: &[Expr],
        level: u16,
    ) -> Res<Val> {
        match f {
            Func::Pos => {
                self.arg_num(hw, &args[0], level)?;
                let col = TextScreen::column(&hw.mem);
                self.fu.load_i16(col as i16);
            }
            Func::Peek => {
                self.arg_num(hw, &args[0], level)?;
                hw.cycles += fp::int_conv(self.fu.fac.exp);
                let a = self.fu.to_u16()?;
                self.fu.load_i16(hw.read_bus(a) as i16);
            }
            Func::Mem => {
                let v = self.s_h(hw) - level as i32 - 5 - self.var_end(hw);
                self.fu.load_i16(v as i16);
            }
            Func::Timer => {
                let t = hw.mem.read_u16(addr::TIMER);
                self.fu.load_u16(t);
            }
            Func::Point => {
                self.arg_num(hw, &args[0], level)?;
                let x = self.fu.to_u8()?;
                self.arg_num(hw, &args[1], level)?;
                let y = self.fu.to_u8()?;
                let v = crate::basic::semigraphics::point(&hw.mem, x, y)?;
                self.fu.load_i8(v);
            }
            Func::Joystk => {
                self.arg_num(hw, &args[0], level)?;
                let n = self.fu.to_u8()?;
                if n > 3 {
                    return Err(ErrorCode::FC);
                }
                // JOYSTK(0) reads all four axes into RAM; JOYSTK(1)-(3) give what the last
                // JOYSTK(0) read there (docs/machine.md §18).
                if n == 0 {
                    hw.cycles += joystick::CALL_CYCLES + hw.read_joysticks();
                }
                self.fu
                    .load_i16(hw.mem.peek(joystick::SAMPLED + n as u16) as i16);
            }
            Func::Eof => {
                self.arg_num(hw, &args[0], level)?;
                let dev = self.fu.to_i16()?;
                let at_end = match dev {
                    -1 => self.tape_eof(hw)?,
                    0 => false,
                    _ => return Err(ErrorCode::DN),
                };
                self.fu.load_i8(if at_end { -1 } else { 0 });
            }
            Func::Ppoint => {
                self.arg_num(hw, &args[0], level)?;
                let x = self.fu.to_u16()?;
                self.arg_num(hw, &args[1], level)?;
                let y = self.fu.to_u8()?;
                let v = crate::basic::graphics::ppoint(&mut hw.mem, (x, y));
                self.fu.load_i16(v as i16);
            }
            Func::Usr(n) => return self.usr(hw, n, &args[0], level),
            // Not one of the machine functions: `call` sends only these here.
            _ => return Err(ErrorCode::SN),
        }
        Ok(Val::Num)
    }
}
