//! The numeric functions: SGN, INT, ABS, FIX, SQR, LOG, EXP, SIN, COS, TAN, ATN and RND,
//! FAC in and FAC out, with the costs that depend on the argument (the rest: compile.rs).

use crate::basic::ast::{Expr, Func};
use crate::basic::cost::{self, fp};
use crate::basic::error::ErrorCode;
use crate::basic::eval::Val;
use crate::basic::interp::{Interpreter, Res};
use crate::machine::hardware::Hardware;

impl Interpreter {
    /// One of the numeric functions (`eval.rs` sends each kind to its file).
    pub(crate) fn call_math(
        &mut self,
        hw: &mut Hardware,
        f: Func,
        args: &[Expr],
        level: u16,
    ) -> Res<Val> {
        match f {
            f if f.is_fac_function() => {
                self.arg_num(hw, &args[0], level)?;
                self.math_fn(hw, f)?;
            }
            Func::Rnd => {
                self.arg_num(hw, &args[0], level)?;
                hw.cycles += if self.fu.fac.exp == 0 {
                    cost::RND0
                } else {
                    cost::RNDN
                };
                if self.dialect.rnd_fraction() {
                    // Altair BASIC and MBASIC: RND(x>0) is the next fraction (the Dragon's
                    // RND(0) algorithm), RND(0) repeats the last one, RND(x<0) reseeds.
                    match self.fu.sign() {
                        0 if self.last_rnd.is_some() => {
                            self.fu.load(self.last_rnd.expect("checked"));
                        }
                        s => {
                            if s > 0 {
                                self.fu.load_i16(0);
                            }
                            self.fu.rnd()?;
                            self.sync_seed_to_ram(hw);
                            self.last_rnd = Some(self.fu.pack());
                        }
                    }
                } else {
                    self.fu.rnd()?;
                    self.sync_seed_to_ram(hw);
                }
            }
            // Not one of the numeric functions: `call` sends only these here.
            _ => return Err(ErrorCode::SN),
        }
        Ok(Val::Num)
    }

    /// A numeric function of FAC other than RND, its argument already there.
    #[inline(always)]
    pub(crate) fn math_fn(&mut self, hw: &mut Hardware, f: Func) -> Res<()> {
        match f {
            Func::Sgn => self.fu.sgn(),
            Func::Int => {
                hw.cycles += fp::int(self.fu.fac.exp, self.fu.fac.sign);
                self.fu.int()
            }
            Func::Abs => self.fu.abs(),
            Func::Fix => self.fu.fix(),
            Func::Sqr => self.fu.sqr()?,
            Func::Log => self.fu.log()?,
            Func::Exp => self.fu.exp()?,
            Func::Sin => self.fu.sin()?,
            Func::Cos => self.fu.cos()?,
            Func::Tan => self.fu.tan()?,
            Func::Atn => self.fu.atn()?,
            // Not one of these functions: the flat form and `call_math` send only these.
            _ => return Err(ErrorCode::SN),
        }
        Ok(())
    }
}
