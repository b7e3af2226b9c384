//! Expressions: operands, operators by the ROM's precedence table (with its unary-minus
//! quirk), numeric literals through FIN, function calls, variable names and subscripts.

use super::{prec, PResult, Parser, FIN};
use crate::basic::ast::{BinOp, Expr, Func, LValue, VarName};
use crate::basic::cost::{self, fin};
use crate::basic::error::ErrorCode;
use crate::basic::float::FloatUnit;
use crate::basic::long_names;
use crate::basic::tokens::{func as f, stmt as t, FUNCTION_PREFIX};

impl Parser<'_> {
    pub(super) fn lvalue(&mut self) -> PResult<LValue> {
        let before = self.cost;
        let name = self.var_name()?;
        if self.eat(b'(') {
            self.cost = before;
            let subs = self.subscripts()?;
            self.cost += cost::ELEMENT * subs.len() as u32;
            Ok(LValue::Elem(name, subs))
        } else {
            Ok(LValue::Var(name))
        }
    }

    pub(super) fn subscripts(&mut self) -> PResult<Vec<Expr>> {
        let mut subs = Vec::new();
        loop {
            subs.push(self.expr()?);
            if !self.eat(b',') {
                break;
            }
        }
        self.expect(b')')?;
        Ok(subs)
    }

    /// A variable name: a letter, then letters and digits of which only the first counts,
    /// then `$` for a string (VarGetVar). In MBASIC dots belong to names too, and a name of
    /// three or more characters gets its own code (`long_names`).
    pub(super) fn var_name(&mut self) -> PResult<VarName> {
        let c = self.peek().ok_or(ErrorCode::SN)?;
        if !c.is_ascii_uppercase() {
            return Err(ErrorCode::SN);
        }
        self.p += 1;
        let long = self.dialect.long_names();
        let is_name_char =
            |b: u8| b.is_ascii_uppercase() || b.is_ascii_digit() || (long && b == b'.');
        // The whole name as BASIC reads it: spaces between its characters are skipped.
        let mut name = [0u8; long_names::SIGNIFICANT];
        name[0] = c;
        let mut len = 1;
        while let Some(c2) = self.peek() {
            if !is_name_char(c2) {
                break;
            }
            if len < name.len() {
                name[len] = c2;
            }
            len += 1;
            self.p += 1;
        }
        // VarGetVar reads every character of the name (docs/timing.md §2.3).
        self.cost += cost::VAR;
        for (i, &ch) in name[..len.min(name.len())].iter().enumerate().skip(1) {
            self.cost += match (i, ch.is_ascii_digit()) {
                (1, false) => cost::NAME_LETTER,
                (1, true) => cost::NAME_DIGIT,
                (_, false) => cost::NAME_MORE,
                (_, true) => cost::NAME_MORE - 15,
            };
        }
        let mut code = ((c as u16) << 8) | if len > 1 { name[1] as u16 } else { 0 };
        if long && len > 2 {
            let significant = &name[..len.min(name.len())];
            code = self.names.code(significant).ok_or(ErrorCode::OM)?;
        }
        if self.eat(b'$') {
            code |= 0x80;
            self.cost += cost::NAME_STRING;
        }
        // The byte after the name: a token is the base case.
        match self.peek() {
            Some(b':' | b';') => self.cost -= 4,
            Some(b',' | b')') | None => self.cost += 5,
            _ => {}
        }
        Ok(code)
    }

    // ---------------------------------------------------------------- expressions

    /// A whole expression: the evaluator's entry and exit, then its operands and operators.
    /// USR0-USR9 (and DEF USRn): the optional digit after the token names the routine;
    /// none is USR0 (DR GetUSRTablePtrX).
    pub(super) fn usr_digit(&mut self) -> u8 {
        match self.t.get(self.p) {
            Some(c) if c.is_ascii_digit() => {
                self.p += 1;
                c - b'0'
            }
            _ => 0,
        }
    }

    pub(super) fn expr(&mut self) -> PResult<Expr> {
        self.cost += cost::EXPR;
        let outer = std::mem::replace(&mut self.first_operator, true);
        let e = self.expr_prec(0);
        self.first_operator = outer;
        e
    }

    /// A binary operator's own cost: the first of an expression costs more.
    pub(super) fn operator_cost(&mut self) -> u32 {
        if std::mem::replace(&mut self.first_operator, false) {
            cost::OPERATOR_FIRST
        } else {
            cost::OPERATOR
        }
    }

    pub(super) fn expr_prec(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        while let Some(c) = self.peek() {
            let (p, op) = match c {
                t::PLUS => (prec::ADD, Some(BinOp::Add)),
                t::MINUS => (prec::ADD, Some(BinOp::Sub)),
                t::TIMES => (prec::MUL, Some(BinOp::Mul)),
                t::DIVIDE => (prec::MUL, Some(BinOp::Div)),
                t::POWER => (prec::POW, Some(BinOp::Pow)),
                t::AND => (prec::AND, Some(BinOp::And)),
                t::OR => (prec::OR, Some(BinOp::Or)),
                t::GREATER | t::EQUAL | t::LESS => (prec::REL, None),
                _ => break,
            };
            if p <= min {
                break;
            }
            match op {
                Some(op) => {
                    self.p += 1;
                    self.cost += match op {
                        BinOp::And | BinOp::Or => cost::LOGIC,
                        BinOp::Sub => self.operator_cost() + cost::SUBTRACT,
                        _ => self.operator_cost(),
                    };
                    let rhs = self.expr_prec(p)?;
                    lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
                }
                None => {
                    let mut mask = 0u8;
                    while let Some(c) = self.peek() {
                        let bit = match c {
                            t::GREATER => 1,
                            t::EQUAL => 2,
                            t::LESS => 4,
                            _ => break,
                        };
                        if mask & bit != 0 {
                            return Err(ErrorCode::SN);
                        }
                        mask |= bit;
                        self.p += 1;
                    }
                    self.cost += cost::RELATION
                        + if mask.count_ones() > 1 {
                            cost::RELATION_TWO_CHARS
                        } else {
                            0
                        };
                    let rhs = self.expr_prec(prec::REL)?;
                    lhs = Expr::Rel(mask, Box::new(lhs), Box::new(rhs));
                }
            }
        }
        Ok(lhs)
    }

    /// The ROM's quirk after a unary minus: its operand is evaluated at a precedence above the
    /// comparisons, and that evaluation reads a whole run of comparison characters, then backs
    /// the text pointer up by one; the level that continues clears the comparison flags and
    /// reads from there. So only the run's last character counts: `-A<=B` is `-A=B`, `-A<>B`
    /// is `-A>B`, and `A*-1<=B` is `A*-1=B`, while `(-A)<=B` is as written. (A run that
    /// repeats a character is left whole, for the ?SN the ROM gives it.)
    pub(super) fn skip_to_last_relational(&mut self) {
        let is_rel = |c: u8| matches!(c, t::GREATER | t::EQUAL | t::LESS);
        let mut run = Vec::new();
        let mut q = self.p;
        while q < self.t.len() {
            match self.t[q] {
                b' ' => {}
                c if is_rel(c) => run.push(q),
                _ => break,
            }
            q += 1;
        }
        let repeats = run
            .iter()
            .enumerate()
            .any(|(i, &a)| run[..i].iter().any(|&b| self.t[b] == self.t[a]));
        if let (Some(&last), false) = (run.last(), repeats) {
            self.p = last;
        }
    }

    pub(super) fn unary(&mut self) -> PResult<Expr> {
        let c = self.peek().ok_or(ErrorCode::SN)?;
        match c {
            t::MINUS => {
                self.p += 1;
                self.cost += cost::NEGATE;
                let operand = self.expr_prec(prec::NEG)?;
                self.skip_to_last_relational();
                Ok(Expr::Neg(Box::new(operand)))
            }
            t::PLUS => {
                self.p += 1;
                self.unary()
            }
            t::NOT => {
                self.p += 1;
                self.cost += cost::NOT;
                Ok(Expr::Not(Box::new(self.expr_prec(prec::NOT)?)))
            }
            b'(' => {
                self.p += 1;
                self.cost += cost::PARENS;
                let e = self.expr_prec(0)?;
                self.expect(b')')?;
                Ok(Expr::Paren(Box::new(e)))
            }
            b'"' => {
                self.p += 1;
                let start = self.p;
                while self.p < self.t.len() && self.t[self.p] != b'"' {
                    self.p += 1;
                }
                let len = self.p - start;
                if self.p < self.t.len() {
                    self.p += 1;
                }
                if len > 255 {
                    return Ok(Expr::Fail(ErrorCode::LS));
                }
                self.cost += cost::OPERAND_STRING + cost::STRING_CHAR * len as u32;
                Ok(Expr::Str(self.base.wrapping_add(start as u16), len as u8))
            }
            b'0'..=b'9' | b'.' | b'&' => Ok(self.number()),
            b'A'..=b'Z' => {
                let before = self.cost;
                let name = self.var_name()?;
                if self.eat(b'(') {
                    // An element's name is read by the array code, counted in ELEMENT.
                    self.cost = before;
                    let subs = self.subscripts()?;
                    self.cost += cost::ELEMENT * subs.len() as u32;
                    Ok(Expr::Elem(name, subs))
                } else {
                    self.cost += cost::OPERAND_VAR;
                    Ok(Expr::Var(name))
                }
            }
            t::FN => {
                self.p += 1;
                let name = self.var_name()? | 0x8000;
                self.expect(b'(')?;
                let arg = self.expr()?;
                self.expect(b')')?;
                Ok(Expr::UserFn(name, Box::new(arg)))
            }
            FUNCTION_PREFIX => self.function(),
            _ => Err(ErrorCode::SN),
        }
    }

    pub(super) fn number(&mut self) -> Expr {
        let start = self.p;
        let text = &self.t[start..];
        FIN.with(|cell| {
            let mut slot = cell.borrow_mut();
            let fu = slot.get_or_insert_with(FloatUnit::new);
            match fu.parse(text) {
                Ok(n) => {
                    self.p += n.max(1);
                    let end = self.p.min(self.t.len());
                    self.cost += cost::OPERAND_NUMBER
                        + fin::literal(&self.t[start..end], self.t.get(end).copied());
                    Expr::Num(fu.fac)
                }
                Err(e) => {
                    // Skip the rest of the number so parsing can go on; the error is raised
                    // when the literal is evaluated, as on the Dragon. An `&H`/`&O` literal
                    // starts with `&`, which must be stepped over too, or the caller would
                    // find the same literal again and again.
                    if self.t.get(self.p) == Some(&b'&') {
                        self.p += 1;
                    }
                    while self.p < self.t.len()
                        && (self.t[self.p].is_ascii_alphanumeric()
                            || matches!(self.t[self.p], b'.' | b' ' | t::PLUS | t::MINUS))
                    {
                        self.p += 1;
                    }
                    Expr::Fail(e.into())
                }
            }
        })
    }

    pub(super) fn paren_args(&mut self) -> PResult<Vec<Expr>> {
        self.expect(b'(')?;
        let mut v = vec![self.expr()?];
        while self.eat(b',') {
            v.push(self.expr()?);
        }
        self.expect(b')')?;
        Ok(v)
    }

    pub(super) fn function(&mut self) -> PResult<Expr> {
        self.p += 1;
        let code = self.t.get(self.p).copied().ok_or(ErrorCode::SN)?;
        self.p += 1;
        let fun = match code {
            f::SGN => Func::Sgn,
            f::INT => Func::Int,
            f::ABS => Func::Abs,
            f::POS => Func::Pos,
            f::RND => Func::Rnd,
            f::SQR => Func::Sqr,
            f::LOG => Func::Log,
            f::EXP => Func::Exp,
            f::SIN => Func::Sin,
            f::COS => Func::Cos,
            f::TAN => Func::Tan,
            f::ATN => Func::Atn,
            f::PEEK => Func::Peek,
            f::LEN => Func::Len,
            f::STR => Func::Str,
            f::VAL => Func::Val,
            f::ASC => Func::Asc,
            f::CHR => Func::Chr,
            f::EOF => Func::Eof,
            f::JOYSTK => Func::Joystk,
            f::FIX => Func::Fix,
            f::HEX => Func::Hex,
            f::LEFT => Func::Left,
            f::RIGHT => Func::Right,
            f::MID => Func::Mid,
            f::POINT => Func::Point,
            f::INKEY => {
                self.cost += cost::INKEY;
                return Ok(Expr::Call(Func::Inkey, Vec::new()));
            }
            f::MEM => {
                self.cost += cost::TIMER;
                return Ok(Expr::Call(Func::Mem, Vec::new()));
            }
            f::TIMER => {
                self.cost += cost::TIMER;
                return Ok(Expr::Call(Func::Timer, Vec::new()));
            }
            f::VARPTR => {
                self.expect(b'(')?;
                let lv = self.lvalue()?;
                self.expect(b')')?;
                return Ok(Expr::Varptr(lv));
            }
            f::INSTR => Func::Instr,
            f::PPOINT => Func::Ppoint,
            f::STRING => Func::StringOf,
            f::USR => Func::Usr(self.usr_digit()),
            _ => return Err(ErrorCode::SN),
        };
        let args = self.paren_args()?;
        let (min, max) = match fun {
            Func::Left | Func::Right | Func::Point | Func::Ppoint | Func::StringOf => (2, 2),
            Func::Mid => (2, 3),
            Func::Instr => (2, 3),
            _ => (1, 1),
        };
        if args.len() < min || args.len() > max {
            return Err(ErrorCode::SN);
        }
        // The routines whose cost does not depend on the value (the others: eval.rs).
        self.cost += cost::FUNCTION
            + match fun {
                Func::Sgn => cost::SGN,
                Func::Abs => cost::ABS,
                Func::Sqr => cost::SQR,
                Func::Log => cost::LOG,
                Func::Exp => cost::EXP,
                Func::Sin => cost::SIN,
                Func::Cos => cost::COS,
                Func::Tan => cost::TAN,
                Func::Atn => cost::ATN,
                Func::Len | Func::Asc => cost::LEN,
                Func::Str | Func::Chr | Func::Left | Func::Right | Func::StringOf | Func::Hex => {
                    cost::STRING_FUNCTION
                }
                Func::Mid => cost::MID,
                Func::Instr => cost::INSTR,
                Func::Peek => cost::PEEK,
                Func::Joystk => cost::JOYSTK,
                Func::Int | Func::Rnd => 0,
                _ => cost::SMALL_FUNCTION,
            };
        Ok(Expr::Call(fun, args))
    }
}
