//! Expression evaluation. Numbers live in the float unit's FAC, as in the ROM; a string
//! value is the address of its descriptor. `level` is how many bytes of machine stack the
//! evaluator would be using below the statement's own stack pointer: it decides what MEM
//! reads and when a deep expression runs out of memory (interpreter.md §1).

use crate::basic::ast::{is_string_name, BinOp, Expr, Func, LValue, VarName};
use crate::basic::cost::{self, fin, fp};
use crate::basic::error::ErrorCode;
use crate::basic::float::Packed;
use crate::basic::interp::{Interpreter, Res, INKEY_LATCH};
use crate::basic::strings::read_desc;
use crate::basic::vars::element_addr;
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;
use crate::machine::screen::TextScreen;

/// Stack bytes a pending binary operator takes.
pub const OPERATOR_DEPTH: u16 = 12;
/// Stack bytes a parenthesised subexpression takes.
pub const PAREN_DEPTH: u16 = 5;
/// Stack bytes unary minus takes.
pub const NEGATE_DEPTH: u16 = 6;
/// Stack bytes a function argument takes.
pub const FUNCTION_DEPTH: u16 = 8;
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
fn str_bytes(hw: &Hardware, (len, at): (u8, u16)) -> &[u8] {
    hw.mem.slice(at, at.wrapping_add(len as u16))
}

#[inline]
pub fn write_packed(hw: &mut Hardware, a: u16, p: Packed) {
    hw.mem.write5(a, p.0);
}

impl Interpreter {
    /// Evaluate a statement's expression: the entry check, then the value.
    pub(crate) fn eval_top(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<Val> {
        self.check_eval_room(hw, level)?;
        self.eval(hw, e, level)
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
                Some(a) => self.fu.load(read_packed(hw, a)),
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
                    self.fu.load(read_packed(hw, a));
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
        }
    }

    fn binary(&mut self, hw: &mut Hardware, op: BinOp, l: &Expr, r: &Expr, level: u16) -> Res<Val> {
        let inner = level + OPERATOR_DEPTH;
        match self.eval(hw, l, level)? {
            Val::Num => {
                let left = self.fu.unpacked();
                self.check_eval_room(hw, inner)?;
                if let Val::Str(_) = self.eval(hw, r, inner)? {
                    return Err(ErrorCode::TM);
                }
                // The operator's text cost is the compiler's; the routine's loops are counted
                // from the operands (FAC = the right one).
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

    fn relation(
        &mut self,
        hw: &mut Hardware,
        mask: u8,
        l: &Expr,
        r: &Expr,
        level: u16,
    ) -> Res<Val> {
        let inner = level + OPERATOR_DEPTH;
        let ord = match self.eval(hw, l, level)? {
            Val::Num => {
                let left = self.fu.unpacked();
                self.check_eval_room(hw, inner)?;
                if let Val::Str(_) = self.eval(hw, r, inner)? {
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
        Ok(Val::Num)
    }

    fn arg_num(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<()> {
        self.eval_num(hw, e, level + FUNCTION_DEPTH)
    }

    fn arg_str(&mut self, hw: &mut Hardware, e: &Expr, level: u16) -> Res<u16> {
        self.eval_str(hw, e, level + FUNCTION_DEPTH)
    }

    /// A function: its call overhead and the value-independent routines are text costs
    /// (compile.rs); what depends on the argument is counted here.
    fn call(&mut self, hw: &mut Hardware, f: Func, args: &[Expr], level: u16) -> Res<Val> {
        match f {
            Func::Sgn | Func::Int | Func::Abs | Func::Fix => {
                self.arg_num(hw, &args[0], level)?;
                match f {
                    Func::Sgn => self.fu.sgn(),
                    Func::Int => {
                        hw.cycles += fp::int(self.fu.fac.exp, self.fu.fac.sign);
                        self.fu.int()
                    }
                    Func::Abs => self.fu.abs(),
                    _ => self.fu.fix(),
                }
            }
            Func::Sqr | Func::Log | Func::Exp | Func::Sin | Func::Cos | Func::Tan | Func::Atn => {
                self.arg_num(hw, &args[0], level)?;
                match f {
                    Func::Sqr => self.fu.sqr()?,
                    Func::Log => self.fu.log()?,
                    Func::Exp => self.fu.exp()?,
                    Func::Sin => self.fu.sin()?,
                    Func::Cos => self.fu.cos()?,
                    Func::Tan => self.fu.tan()?,
                    _ => self.fu.atn()?,
                }
            }
            Func::Rnd => {
                self.arg_num(hw, &args[0], level)?;
                hw.cycles += if self.fu.fac.exp == 0 {
                    cost::RND0
                } else {
                    cost::RNDN
                };
                if hw.dialect.rnd_fraction() {
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
            Func::Pos => {
                self.arg_num(hw, &args[0], level)?;
                let col = TextScreen::column(&hw.mem);
                self.fu.load_i16(col as i16);
            }
            Func::Peek => {
                self.arg_num(hw, &args[0], level)?;
                hw.cycles += fp::int_conv(self.fu.fac.exp);
                let a = self.fu.to_u16()?;
                self.fu.load_i16(hw.mem.peek(a) as i16);
            }
            Func::Len => {
                let d = self.arg_str(hw, &args[0], level)?;
                let (len, _) = self.free_str(hw, d);
                self.fu.load_i16(len as i16);
            }
            Func::Asc => {
                let d = self.arg_str(hw, &args[0], level)?;
                let (len, at) = self.free_str(hw, d);
                if len == 0 {
                    return Err(ErrorCode::FC);
                }
                let c = hw.mem.peek(at);
                self.fu.load_i16(c as i16);
            }
            Func::Val => {
                let d = self.arg_str(hw, &args[0], level)?;
                let text = self.take_string(hw, d);
                hw.cycles += fin::literal(&text, None);
                if text.is_empty() {
                    self.fu.load(Packed::ZERO);
                } else {
                    self.fu.parse(&text)?;
                }
            }
            Func::Str => {
                self.arg_num(hw, &args[0], level)?;
                hw.cycles += fp::fout(self.fu.fac.exp);
                let s = self.fu.format();
                return Ok(Val::Str(self.new_temp_string(hw, s.as_bytes())?));
            }
            Func::Chr => {
                let c = {
                    self.arg_num(hw, &args[0], level)?;
                    self.fu.to_u8()?
                };
                return Ok(Val::Str(self.new_temp_string(hw, &[c])?));
            }
            Func::Hex => {
                self.arg_num(hw, &args[0], level)?;
                let v = self.fu.to_u16()?;
                let s = format!("{v:X}");
                return Ok(Val::Str(self.new_temp_string(hw, s.as_bytes())?));
            }
            Func::Left | Func::Right => {
                let d = self.arg_str(hw, &args[0], level)?;
                self.arg_num(hw, &args[1], level)?;
                hw.cycles += fp::int_conv(self.fu.fac.exp);
                let n = self.fu.to_u8()?;
                let (len, _) = read_desc(hw, d);
                let take = n.min(len);
                hw.cycles += cost::STRING_BYTE * take as u32;
                let at = self.alloc_str(hw, take)?;
                let (len, src) = self.free_str(hw, d);
                let from = if f == Func::Left {
                    src
                } else {
                    src + (len - take) as u16
                };
                hw.mem.copy_within(from, at, take as usize);
                return Ok(Val::Str(self.push_temp(hw, take, at)?));
            }
            Func::Mid => {
                let d = self.arg_str(hw, &args[0], level)?;
                self.arg_num(hw, &args[1], level)?;
                hw.cycles += fp::int_conv(self.fu.fac.exp);
                let p = self.fu.to_u8()?;
                if p == 0 {
                    return Err(ErrorCode::FC);
                }
                let n = if let Some(e) = args.get(2) {
                    self.arg_num(hw, e, level)?;
                    hw.cycles += fp::int_conv(self.fu.fac.exp);
                    self.fu.to_u8()?
                } else {
                    255
                };
                let (len, _) = read_desc(hw, d);
                let start = (p - 1) as usize;
                let take = if start >= len as usize {
                    0
                } else {
                    (n as usize).min(len as usize - start)
                } as u8;
                hw.cycles += cost::STRING_BYTE * take as u32;
                let at = self.alloc_str(hw, take)?;
                let (_, src) = self.free_str(hw, d);
                hw.mem.copy_within(src + start as u16, at, take as usize);
                return Ok(Val::Str(self.push_temp(hw, take, at)?));
            }
            Func::Instr => {
                let (start, si) = if args.len() == 3 {
                    self.arg_num(hw, &args[0], level)?;
                    let s = self.fu.to_u8()?;
                    if s == 0 {
                        return Err(ErrorCode::FC);
                    }
                    (s, 1)
                } else {
                    (1, 0)
                };
                let hd = self.arg_str(hw, &args[si], level)?;
                let nd = self.arg_str(hw, &args[si + 1], level)?;
                let needle = self.free_str(hw, nd);
                let hay = self.free_str(hw, hd);
                let (needle, hay) = (str_bytes(hw, needle), str_bytes(hw, hay));
                // A start past the end finds nothing; an empty target is found at the start.
                let s0 = start as usize - 1;
                let pos = if start as usize > hay.len() {
                    0
                } else if needle.is_empty() {
                    start as usize
                } else {
                    hay[s0..]
                        .windows(needle.len())
                        .position(|w| w == needle)
                        .map(|p| p + s0 + 1)
                        .unwrap_or(0)
                };
                self.fu.load_i16(pos as i16);
            }
            Func::StringOf => {
                self.arg_num(hw, &args[0], level)?;
                let n = self.fu.to_u8()?;
                let c = match self.eval_top(hw, &args[1], level + FUNCTION_DEPTH)? {
                    Val::Num => self.fu.to_u8()?,
                    Val::Str(d) => {
                        let (len, at) = self.free_str(hw, d);
                        if len == 0 {
                            return Err(ErrorCode::FC);
                        }
                        hw.mem.peek(at)
                    }
                };
                let bytes = vec![c; n as usize];
                return Ok(Val::Str(self.new_temp_string(hw, &bytes)?));
            }
            Func::Inkey => {
                let latched = hw.mem.peek(INKEY_LATCH);
                let k = if latched != 0 {
                    hw.mem.poke(INKEY_LATCH, 0);
                    Some(latched)
                } else {
                    hw.keyboard.inkey()
                };
                return Ok(Val::Str(self.new_temp_string(hw, k.as_slice())?));
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
                // No joystick plugged in: the pots read mid-scale.
                self.fu.load_i16(31);
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
            Func::Usr => {
                // There is no 6809 here to run machine code.
                return Err(ErrorCode::FC);
            }
        }
        Ok(Val::Num)
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
