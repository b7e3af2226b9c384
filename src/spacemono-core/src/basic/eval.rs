//! Expression evaluation. Numbers live in the float unit's FAC, as in the ROM; a string
//! value is the address of its descriptor. `level` is how many bytes of machine stack the
//! evaluator would be using below the statement's own stack pointer: it decides what MEM
//! reads and when a deep expression runs out of memory (docs/interpreter.md §1.1, §1.5).

use crate::basic::ast::{is_string_name, BinOp, Expr, Func, LValue, VarName};
use crate::basic::cost::{self, fp};
use crate::basic::error::ErrorCode;
use crate::basic::float::{Packed, Unpacked};
use crate::basic::interp::{Interpreter, Res};
use crate::basic::strings::read_desc;
use crate::basic::vars::element_addr;
use crate::machine::hardware::Hardware;

pub use crate::basic::ast::{FUNCTION_DEPTH, NEGATE_DEPTH, OPERATOR_DEPTH, PAREN_DEPTH};
/// Evaluator level of a LET right-hand side (and most statements' expressions).
pub const LET_LEVEL: u16 = 3;
/// Evaluator level of a PRINT item.
pub const PRINT_LEVEL: u16 = 4;

/// A descriptor that reads as the empty string (unknown string variables), in ROM space.
pub const EMPTY_DESC: u16 = 0xFFF0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    /// The value is in FAC.
    Num,
    /// The address of a string descriptor.
    Str(u16),
}

#[inline]
pub fn read_packed(hw: &Hardware, a: u16) -> Packed {
    Packed(hw.mem.read5(a))
}

/// The bytes of a string (its length and address, as `free_str` returns them).
#[inline]
pub(crate) fn str_bytes(hw: &Hardware, (len, at): (u8, u16)) -> &[u8] {
    hw.mem.slice(at, at.wrapping_add(len as u16))
}

#[inline]
pub fn write_packed(hw: &mut Hardware, a: u16, p: Packed) {
    hw.mem.write5(a, p.0);
}

impl Interpreter {
    /// Evaluate a statement's expression: the entry check, then the value.
    #[inline]
    pub(crate) fn eval_top(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<Val> {
        if let Expr::Flat(f) = e {
            return self.eval_flat(hw, f, level);
        }
        self.check_eval_room(hw, level)?;
        self.eval_operand(hw, e, level)
    }

    /// `eval` with the leaves, a literal or a simple variable, done in place: most operands
    /// are one, and the call into the general evaluator costs more than the leaf itself.
    #[inline(always)]
    fn eval_operand(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<Val> {
        match e {
            Expr::Num(fac) => {
                self.fu.fac = *fac;
                Ok(Val::Num)
            }
            Expr::Var(n) => Ok(self.read_var(hw, *n)),
            _ => self.eval(hw, e, level),
        }
    }

    pub(crate) fn eval_num(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<()> {
        match self.eval_top(hw, e, level)? {
            Val::Num => Ok(()),
            Val::Str(_) => Err(ErrorCode::TM),
        }
    }

    pub(crate) fn eval_str(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<u16> {
        match self.eval_top(hw, e, level)? {
            Val::Str(d) => Ok(d),
            Val::Num => Err(ErrorCode::TM),
        }
    }

    /// A string value's bytes, the value then released (FRETMP).
    pub(crate) fn take_string(&mut self, hw: &mut Hardware, desc: u16) -> Vec<u8> {
        let (len, at) = self.free_str(hw, desc);
        hw.mem.slice(at, at.wrapping_add(len as u16)).to_vec()
    }

    pub(crate) fn eval_u8(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<u8> {
        self.eval_num(hw, e, level)?;
        Ok(self.fu.to_u8()?)
    }

    pub(crate) fn eval_u16(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<u16> {
        self.eval_num(hw, e, level)?;
        Ok(self.fu.to_u16()?)
    }

    /// The value address of a simple variable, or where an unknown one reads from.
    #[inline]
    fn read_var(&mut self, hw: &mut Hardware, name: VarName) -> Val {
        let (a, searched) = self.vars.find_searched(&hw.mem, name);
        hw.cycles += searched;
        if is_string_name(name) {
            Val::Str(a.unwrap_or(EMPTY_DESC))
        } else {
            match a {
                Some(a) => {
                    let (first, rest) = hw.mem.read5_split(a);
                    self.fu.load_split(first, rest);
                }
                None => self.fu.load(Packed::ZERO),
            }
            Val::Num
        }
    }

    /// Address of an array element (creating the array with 11 elements per subscript if it
    /// does not exist yet).
    pub(crate) fn element(
        &mut self,
        hw: &mut Hardware,
        name: VarName,
        subs: &[Expr],
        level: u16,
    ) -> Res<u16> {
        if let [s] = subs {
            // One subscript, the commonest: the same steps without the list of them.
            self.eval_num(hw, s, level + PAREN_DEPTH)?;
            hw.cycles += fp::int_conv(self.fu.fac.exp);
            let v = self.fu.to_subscript()?;
            hw.cycles += self.vars.array_search_cycles(name);
            let hdr = match self.vars.find_array(&hw.mem, name) {
                Some(h) => h,
                None => {
                    let s = self.s_h(hw) as u16;
                    self.vars.create_array(&mut hw.mem, name, &[11], s)?
                }
            };
            return element_addr(&hw.mem, hdr, &[v]);
        }
        let mut idx = [0u16; 8];
        let mut many = Vec::new();
        for (i, s) in subs.iter().enumerate() {
            self.eval_num(hw, s, level + PAREN_DEPTH)?;
            hw.cycles += fp::int_conv(self.fu.fac.exp);
            let v = self.fu.to_subscript()?;
            if i < 8 {
                idx[i] = v;
            } else {
                many.push(v);
            }
        }
        let subs_v: Vec<u16>;
        let list: &[u16] = if subs.len() <= 8 {
            &idx[..subs.len()]
        } else {
            subs_v = idx.iter().copied().chain(many).collect();
            &subs_v
        };
        hw.cycles += self.vars.array_search_cycles(name);
        let hdr = match self.vars.find_array(&hw.mem, name) {
            Some(h) => h,
            None => {
                let sizes = vec![11u16; subs.len()];
                let s = self.s_h(hw) as u16;
                self.vars.create_array(&mut hw.mem, name, &sizes, s)?
            }
        };
        element_addr(&hw.mem, hdr, list)
    }

    /// Where an assignment to `lv` goes (creating the variable as LET does).
    pub(crate) fn lvalue_addr(&mut self, hw: &mut Hardware, lv: &LValue) -> Res<u16> {
        match lv {
            LValue::Var(n) => {
                hw.cycles += self.vars.search_cycles(*n);
                let s = self.s_h(hw) as u16;
                self.vars.find_or_create(&mut hw.mem, *n, s)
            }
            LValue::Elem(n, subs) => self.element(hw, *n, subs, LET_LEVEL),
        }
    }

    pub(crate) fn eval(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<Val> {
        match e {
            Expr::Num(fac) => {
                self.fu.fac = *fac;
                Ok(Val::Num)
            }
            Expr::Var(n) => Ok(self.read_var(hw, *n)),
            Expr::Str(at, len) => Ok(Val::Str(self.literal_string(hw, *at, *len)?)),
            Expr::Elem(n, subs) => {
                let a = self.element(hw, *n, subs, level)?;
                if is_string_name(*n) {
                    Ok(Val::Str(a))
                } else {
                    let (first, rest) = hw.mem.read5_split(a);
                    self.fu.load_split(first, rest);
                    Ok(Val::Num)
                }
            }
            Expr::Paren(inner) => {
                self.check_eval_room(hw, level + PAREN_DEPTH)?;
                self.eval(hw, inner, level + PAREN_DEPTH)
            }
            Expr::Neg(inner) => {
                self.check_eval_room(hw, level + NEGATE_DEPTH)?;
                match self.eval(hw, inner, level + NEGATE_DEPTH)? {
                    Val::Num => {
                        self.fu.neg();
                        Ok(Val::Num)
                    }
                    Val::Str(_) => Err(ErrorCode::TM),
                }
            }
            Expr::Not(inner) => {
                self.check_eval_room(hw, level + NEGATE_DEPTH)?;
                match self.eval(hw, inner, level + NEGATE_DEPTH)? {
                    Val::Num => {
                        let v = self.fu.to_i16()?;
                        self.fu.load_i16(!v);
                        hw.cycles += cost::LOGIC;
                        Ok(Val::Num)
                    }
                    Val::Str(_) => Err(ErrorCode::TM),
                }
            }
            Expr::Bin(op, l, r) => self.binary(hw, *op, l, r, level),
            Expr::Rel(mask, l, r) => self.relation(hw, *mask, l, r, level),
            Expr::Call(f, args) => self.call(hw, *f, args, level),
            Expr::Varptr(lv) => {
                let a = self.lvalue_addr(hw, lv)?;
                self.fu.load_i16(a as i16);
                Ok(Val::Num)
            }
            Expr::UserFn(name, arg) => self.user_fn(hw, *name, arg, level),
            Expr::Fail(e) => Err(*e),
            // Only a statement's whole expression is flat, and `eval_top` takes it.
            Expr::Flat(f) => self.eval(hw, &f.tree, level),
        }
    }

    fn binary(&mut self, hw: &mut Hardware, op: BinOp, l: &Expr, r: &Expr, level: u16) -> Res<Val> {
        let inner = level + OPERATOR_DEPTH;
        match self.eval_operand(hw, l, level)? {
            Val::Num => {
                let left = self.fu.unpacked();
                self.check_eval_room(hw, inner)?;
                if let Val::Str(_) = self.eval_operand(hw, r, inner)? {
                    return Err(ErrorCode::TM);
                }
                self.arith(hw, op, left)?;
                Ok(Val::Num)
            }
            Val::Str(ld) => {
                if op != BinOp::Add {
                    return Err(ErrorCode::TM);
                }
                self.check_eval_room(hw, inner)?;
                let rd = match self.eval(hw, r, inner)? {
                    Val::Str(d) => d,
                    Val::Num => return Err(ErrorCode::TM),
                };
                let (ll, _) = read_desc(hw, ld);
                let (rl, _) = read_desc(hw, rd);
                let total = ll as usize + rl as usize;
                if total > 255 {
                    return Err(ErrorCode::LS);
                }
                let at = self.alloc_str(hw, total as u8)?;
                let (rl, ra) = self.free_str(hw, rd);
                let (ll, la) = self.free_str(hw, ld);
                hw.mem.copy_within(la, at, ll as usize);
                hw.mem.copy_within(ra, at + ll as u16, rl as usize);
                // The operator's own cost (≈ 453 c with the allocation) is the compiler's.
                hw.cycles += cost::STRING_BYTE * total as u32;
                Ok(Val::Str(self.push_temp(hw, total as u8, at)?))
            }
        }
    }

    /// A numeric operator: `left` (as ARG) `op` FAC, its routine's cost counted from the
    /// operands. The operator's text cost is the compiler's.
    #[inline(always)]
    pub(crate) fn arith(&mut self, hw: &mut Hardware, op: BinOp, left: Unpacked) -> Res<()> {
        // The routine's loops are counted from the operands (FAC = the right one).
        let (fe, fs) = (self.fu.fac.exp, self.fu.fac.sign);
        match op {
            BinOp::Add => {
                self.fu.add(left)?;
                hw.cycles += fp::fadd(left.exp, left.sign, fe, fs, self.fu.fac.exp);
            }
            BinOp::Sub => {
                self.fu.sub(left)?;
                hw.cycles += fp::fadd(left.exp, left.sign, fe, !fs, self.fu.fac.exp);
            }
            BinOp::Mul => {
                let man = self.fu.fac.man;
                self.fu.mul(left)?;
                hw.cycles += fp::fmul(left.exp, fe, man, self.fu.fac.exp);
            }
            BinOp::Div => {
                self.fu.div(left)?;
                hw.cycles += fp::fdiv(self.fu.fac.man);
            }
            BinOp::Pow => {
                hw.cycles += cost::POWER;
                self.fu.pow(left)?
            }
            BinOp::And | BinOp::Or => {
                let right = self.fu.to_i16()?;
                self.fu.load(left.pack());
                let lv = self.fu.to_i16()?;
                let v = if op == BinOp::And {
                    lv & right
                } else {
                    lv | right
                };
                self.fu.load_i16(v);
            }
        }
        Ok(())
    }

    fn relation(
        &mut self,
        hw: &mut Hardware,
        mask: u8,
        l: &Expr,
        r: &Expr,
        level: u16,
    ) -> Res<Val> {
        let inner = level + OPERATOR_DEPTH;
        let ord = match self.eval_operand(hw, l, level)? {
            Val::Num => {
                let left = self.fu.unpacked();
                self.check_eval_room(hw, inner)?;
                if let Val::Str(_) = self.eval_operand(hw, r, inner)? {
                    return Err(ErrorCode::TM);
                }
                self.fu.compare(left)
            }
            Val::Str(ld) => {
                self.check_eval_room(hw, inner)?;
                let rd = match self.eval(hw, r, inner)? {
                    Val::Str(d) => d,
                    Val::Num => return Err(ErrorCode::TM),
                };
                // Freed, not copied: the bytes stay where they are until the next allocation.
                let b = self.free_str(hw, rd);
                let a = self.free_str(hw, ld);
                hw.cycles += cost::COMPARE_CHAR * a.0.min(b.0) as u32;
                str_bytes(hw, a).cmp(str_bytes(hw, b))
            }
        };
        self.relation_value(hw, mask, ord);
        Ok(Val::Num)
    }

    /// A relation's value in FAC: -1 when the mask has the bit of `ord`, else 0.
    #[inline(always)]
    pub(crate) fn relation_value(&mut self, hw: &mut Hardware, mask: u8, ord: std::cmp::Ordering) {
        let bit = match ord {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => 2,
            std::cmp::Ordering::Less => 4,
        };
        if mask & bit != 0 {
            hw.cycles += cost::RELATION_TRUE;
            self.fu.load_i8(-1);
        } else {
            self.fu.load_i8(0);
        }
    }

    pub(crate) fn arg_num(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<()> {
        self.eval_num(hw, e, level + FUNCTION_DEPTH)
    }

    pub(crate) fn arg_str(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<u16> {
        self.eval_str(hw, e, level + FUNCTION_DEPTH)
    }

    /// A function call, by kind: the numeric functions, the string functions and those that
    /// look at the machine (`func_math.rs`, `func_strings.rs`, `func_machine.rs`). The call's
    /// overhead and the routines whose cost does not depend on the value are text costs
    /// (compile.rs).
    fn call(&mut self, hw: &mut Hardware, f: Func, args: &[Expr], level: u16) -> Res<Val> {
        match f {
            Func::Sgn
            | Func::Int
            | Func::Abs
            | Func::Fix
            | Func::Sqr
            | Func::Log
            | Func::Exp
            | Func::Sin
            | Func::Cos
            | Func::Tan
            | Func::Atn
            | Func::Rnd => self.call_math(hw, f, args, level),
            Func::Len
            | Func::Asc
            | Func::Val
            | Func::Str
            | Func::Chr
            | Func::Hex
            | Func::Left
            | Func::Right
            | Func::Mid
            | Func::Instr
            | Func::StringOf
            | Func::Inkey => self.call_strings(hw, f, args, level),
            Func::Pos
            | Func::Peek
            | Func::Mem
            | Func::Timer
            | Func::Point
            | Func::Joystk
            | Func::Eof
            | Func::Ppoint
            | Func::Usr(_) => self.call_machine(hw, f, args, level),
        }
    }

    fn user_fn(&mut self, hw: &mut Hardware, name: VarName, arg: &Expr, level: u16) -> Res<Val> {
        let Some((param, body)) = self.fns.get(&name).cloned() else {
            return Err(ErrorCode::UF);
        };
        self.arg_num(hw, arg, level)?;
        let s = self.s_h(hw) as u16;
        let pa = self.vars.find_or_create(&mut hw.mem, param, s)?;
        let saved = read_packed(hw, pa);
        let v = self.fu.pack();
        write_packed(hw, pa, v);
        let r = self.eval_top(hw, &body, level + FUNCTION_DEPTH);
        write_packed(hw, pa, saved);
        match r? {
            Val::Num => Ok(Val::Num),
            Val::Str(_) => Err(ErrorCode::TM),
        }
    }
}
