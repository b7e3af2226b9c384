//! FOR and NEXT (with the delay loop that runs many passes in one NEXT), GOSUB and RETURN.

use std::rc::Rc;

use crate::basic::ast::{CompiledLine, Jump, LValue, Stmt, VarName};
use crate::basic::control_stack::Frame;
use crate::basic::cost::{self, fp};
use crate::basic::error::ErrorCode;
use crate::basic::eval::{write_packed, LET_LEVEL};
use crate::basic::float::{FloatUnit, FpError, Packed};
use crate::basic::interp::{Halt, Interpreter};
use crate::basic::pc::Pc;
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;

type ExecResult = Result<(), Halt>;

impl Interpreter {
    #[inline(always)]
    pub(crate) fn return_stmt(&mut self, hw: &mut Hardware) -> ExecResult {
        loop {
            match self.stack.frames().last() {
                None => return Err(ErrorCode::RG.into()),
                Some(Frame::For { .. }) => {
                    hw.cycles += cost::FRAME;
                    let n = self.stack.len() - 1;
                    self.stack.truncate(n);
                }
                Some(Frame::Gosub { ret }) => {
                    let ret = *ret;
                    let n = self.stack.len() - 1;
                    self.stack.truncate(n);
                    self.pc = ret;
                    if let Some(number) = self.index.number(ret.line) {
                        hw.mem.write_system_u16(addr::CURRENT_LINE, number);
                    }
                    return Ok(());
                }
            }
        }
    }

    /// GOSUB and RETURN as the statement loop calls them: out of line, so that their
    /// work does not crowd the loop's registers (inlined there, BM3 ran 1.6 % more
    /// instructions), and without the general statement match's large frame.
    #[inline(never)]
    pub(crate) fn gosub_out_of_line(&mut self, hw: &mut Hardware, j: &Jump) -> ExecResult {
        self.gosub(hw, j)
    }
    #[inline(never)]
    pub(crate) fn return_out_of_line(&mut self, hw: &mut Hardware) -> ExecResult {
        self.return_stmt(hw)
    }

    #[inline(always)]
    pub(crate) fn gosub(&mut self, hw: &mut Hardware, j: &Jump) -> ExecResult {
        if self.var_end(hw) + 66 >= self.s_h(hw) {
            return Err(ErrorCode::OM.into());
        }
        // Find the target first: a missing line is ?UL with nothing pushed.
        let (i, search) = self.jump_target(hw, j)?;
        self.stack.push(Frame::Gosub { ret: self.pc });
        hw.cycles += search;
        self.enter_line(hw, i);
        Ok(())
    }

    #[inline(never)]
    pub(crate) fn for_stmt(
        &mut self,
        hw: &mut Hardware,
        var: VarName,
        from: &crate::basic::ast::Expr,
        to: &crate::basic::ast::Expr,
        step: Option<&crate::basic::ast::Expr>,
        line: &Rc<CompiledLine>,
    ) -> ExecResult {
        let segments = line.segs.len();
        let var_addr = self.lvalue_addr(hw, &LValue::Var(var))?;
        self.eval_num(hw, from, LET_LEVEL)?;
        let p = self.fu.pack();
        write_packed(hw, var_addr, p);
        // A FOR on a variable that is already looping replaces that loop and everything
        // pushed after it; the search stops at a GOSUB frame.
        let mut cut = None;
        for (i, f) in self.stack.frames().iter().enumerate().rev() {
            match f {
                Frame::For { var: v, .. } if *v == var => {
                    cut = Some(i);
                    break;
                }
                Frame::For { .. } => hw.cycles += cost::FRAME,
                Frame::Gosub { .. } => break,
            }
        }
        if let Some(i) = cut {
            self.stack.truncate(i);
        }
        if self.var_end(hw) + 76 >= self.s_h(hw) {
            return Err(ErrorCode::OM.into());
        }
        self.eval_num(hw, to, LET_LEVEL)?;
        let limit = self.fu.pack();
        let step = match step {
            Some(e) => {
                self.eval_num(hw, e, LET_LEVEL)?;
                self.fu.pack()
            }
            None => Packed::ONE,
        };
        self.fu.load(step);
        let direction = match self.fu.sign() {
            0 => 0u8,
            s if s > 0 => 1,
            _ => 0xFF,
        };
        let empty_body_next = self.empty_body_next(hw, var, line);
        let search = self.vars.search_cycles(var);
        self.stack.push(Frame::For {
            var,
            var_addr,
            step,
            direction,
            limit,
            body: self.pc,
            body_ends_line: self.pc.seg as usize >= segments,
            empty_body_next,
            search,
        });
        Ok(())
    }

    /// NEXT [v[,v…]]; `seg_cost` is the statement's dispatch and text cost, which each extra
    /// pass of a delay loop run here spends again.
    #[inline]
    pub(crate) fn next_stmt(
        &mut self,
        hw: &mut Hardware,
        vars: &[VarName],
        seg_cost: u32,
    ) -> ExecResult {
        if vars.len() <= 1 {
            if let Some(r) = self.next_innermost_up(hw, vars.first().copied(), seg_cost) {
                return r;
            }
        }
        self.next_full(hw, vars, seg_cost)
    }

    /// The commonest NEXT, `NEXT` or `NEXT V` of the innermost loop counting up
    /// ([`next_step_up`](crate::basic::float::FloatUnit::next_step_up)): the same steps,
    /// costs and state as [`next_full`](Self::next_full), without its search, its general
    /// FADD and its copy of the frame. `None`, with nothing done, for any other NEXT.
    /// (Most NEXTs are this one pass: it was half the cost of a loop like BM7's.)
    #[inline(always)]
    fn next_innermost_up(
        &mut self,
        hw: &mut Hardware,
        wanted: Option<VarName>,
        seg_cost: u32,
    ) -> Option<ExecResult> {
        let Some(Frame::For {
            var,
            var_addr,
            step,
            direction,
            limit,
            body,
            body_ends_line,
            empty_body_next,
            search,
        }) = self.stack.frames().last()
        else {
            return None;
        };
        if wanted.is_some_and(|w| w != *var) {
            return None;
        }
        let current = hw.mem.read5_split(*var_addr);
        let (new, finished) =
            self.fu
                .next_step_up(current, step.split(), *direction, limit.split())?;
        let lookup = if wanted.is_some() { *search } else { 0 };
        let fadd = fp::fadd(current.0, 0, step.0[0], *direction, new.0);
        hw.cycles += cost::NEXT + cost::FCOMP + lookup + fadd;
        hw.mem.write5_split(*var_addr, new.0, new.1);
        if finished {
            let n = self.stack.len() - 1;
            self.stack.truncate(n);
            hw.cycles += cost::NEXT_DONE;
            return Some(Ok(()));
        }
        let (body, ends_line) = (*body, *body_ends_line);
        if *empty_body_next == Some(self.stmt_pc)
            && !self.trace.is_active()
            && hw.cycles < self.budget
            && !hw.keyboard.poll_pending()
        {
            let pass = seg_cost
                + cost::NEXT
                + cost::FCOMP
                + lookup
                + if ends_line { cost::NEW_LINE } else { 0 };
            return Some(self.next_spin(hw, pass));
        }
        self.loop_again(hw, body, ends_line);
        Some(Ok(()))
    }

    /// The further passes of a delay loop (`FOR I=1 TO 500:NEXT`) whose first pass
    /// [`next_innermost_up`](Self::next_innermost_up) made: those that fit in this field
    /// run here, each costing `pass` (what the statement dispatch, the line and the NEXT
    /// cost) and its FADD, and stopping for a key as the poll between statements would.
    #[inline(never)]
    fn next_spin(&mut self, hw: &mut Hardware, pass: u32) -> ExecResult {
        let k = self.stack.len() - 1;
        let Frame::For {
            var_addr,
            step,
            direction,
            limit,
            body,
            body_ends_line,
            ..
        } = self.stack.frames()[k]
        else {
            return Err(ErrorCode::NF.into());
        };
        let mut v = SteppedVariable::new(var_addr, step, direction, limit);
        loop {
            hw.cycles += pass;
            let finished = v.pass(&mut self.fu, hw)?;
            if finished {
                self.stack.truncate(k);
                hw.cycles += cost::NEXT_DONE;
                return Ok(());
            }
            if hw.cycles >= self.budget || hw.keyboard.poll_pending() {
                self.loop_again(hw, body, body_ends_line);
                return Ok(());
            }
        }
    }

    /// NEXT in full: any variables, any loop, any step.
    #[inline(never)]
    fn next_full(&mut self, hw: &mut Hardware, vars: &[VarName], seg_cost: u32) -> ExecResult {
        let mut i = 0;
        loop {
            let wanted = vars.get(i).copied();
            let k = self.next_frame(hw, wanted)?;
            let Frame::For {
                var_addr,
                step,
                direction,
                limit,
                body,
                body_ends_line: ends_line,
                empty_body_next: empty_next,
                search,
                ..
            } = self.stack.frames()[k]
            else {
                return Err(ErrorCode::NF.into());
            };
            let lookup = if wanted.is_some() { search } else { 0 };
            hw.cycles += cost::NEXT + cost::FCOMP + lookup;
            // A delay loop (`FOR I=1 TO 500:NEXT`): the passes that fit in this field run
            // here, each costing what the statement dispatch, the line and the NEXT cost, and
            // stopping for a key as the poll between statements would.
            let spin = i == 0 && !self.trace.is_active() && empty_next == Some(self.stmt_pc);
            let pass = seg_cost
                + cost::NEXT
                + cost::FCOMP
                + lookup
                + if ends_line { cost::NEW_LINE } else { 0 };
            let mut done;
            // (This loop stays here: as a function of its own, even inlined, it made the
            // dispatch around it 0.5 % slower in bench/bm7.)
            let mut v = SteppedVariable::new(var_addr, step, direction, limit);
            loop {
                done = v.pass(&mut self.fu, hw)?;
                if done || !spin || hw.cycles >= self.budget || hw.keyboard.poll_pending() {
                    break;
                }
                hw.cycles += pass;
            }
            if !done {
                self.loop_again(hw, body, ends_line);
                return Ok(());
            }
            self.stack.truncate(k);
            hw.cycles += cost::NEXT_DONE;
            i += 1;
            if i >= vars.len() {
                return Ok(());
            }
            // `NEXT J,I`: the next variable is read and its NEXT runs without a dispatch.
            hw.cycles += cost::NEXT_HAND_OVER + cost::VAR;
        }
    }

    /// The index of the FOR frame a NEXT works on: the innermost FOR, or the one for
    /// `wanted`; a GOSUB frame blocks the search (?NF). Inner loops NEXT passes over are
    /// dropped.
    #[inline]
    fn next_frame(&mut self, hw: &mut Hardware, wanted: Option<VarName>) -> Result<usize, Halt> {
        let mut found = None;
        for (k, f) in self.stack.frames().iter().enumerate().rev() {
            match f {
                Frame::For { var, .. } if wanted.is_none() || wanted == Some(*var) => {
                    found = Some(k);
                    break;
                }
                Frame::For { .. } => {}
                Frame::Gosub { .. } => break,
            }
        }
        let Some(k) = found else {
            return Err(ErrorCode::NF.into());
        };
        hw.cycles += cost::FRAME * (self.stack.len() - 1 - k) as u32;
        self.stack.truncate(k + 1);
        Ok(k)
    }

    /// Back to the loop's body after a NEXT that did not finish it; `ends_line`: the FOR
    /// was the last statement of its line.
    #[inline]
    fn loop_again(&mut self, hw: &mut Hardware, body: Pc, ends_line: bool) {
        if ends_line && !body.is_direct() {
            // The loop's body starts on the next line: go straight there, as the
            // ROM does when it runs off the end of the FOR's line.
            self.enter_line(hw, body.line + 1);
            return;
        }
        self.pc = body;
        if !body.is_direct() && body.line != self.stmt_pc.line {
            if let Some(number) = self.index.number(body.line) {
                hw.mem.write_system_u16(addr::CURRENT_LINE, number);
            }
        }
    }

    /// Where the NEXT is when the statement right after this FOR is a NEXT for its variable.
    pub(crate) fn empty_body_next(
        &mut self,
        hw: &Hardware,
        var: VarName,
        line: &Rc<CompiledLine>,
    ) -> Option<Pc> {
        self.index.ensure(hw);
        let (at, code) = if (self.pc.seg as usize) < line.segs.len() {
            (self.pc, line.clone())
        } else if !self.pc.is_direct() && (self.pc.line as usize + 1) < self.index.len() {
            let i = self.pc.line + 1;
            (
                Pc::line_start(i),
                self.index.code(hw, i, self.dialect, &mut self.long_names),
            )
        } else {
            return None;
        };
        let seg = code.segs.get(at.seg as usize)?;
        match &seg.stmt {
            Stmt::Next(vars) if !seg.trailing_junk && vars.first().is_none_or(|v| *v == var) => {
                Some(at)
            }
            _ => None,
        }
    }
}

/// A FOR loop's variable as NEXT steps it pass after pass: the short way when the loop counts
/// up by a positive step, the float package's whole addition otherwise. FADD of the variable
/// (ARG) and the step (FAC, with the direction as sign) costs what the exponents decide, so a
/// delay loop works its cost out again only when they change.
struct SteppedVariable {
    var_addr: u16,
    step: Packed,
    step_split: (u8, u32),
    direction: u8,
    limit: Packed,
    limit_split: (u8, u32),
    exps: (u8, u8, u8),
    fadd: u32,
}

impl SteppedVariable {
    #[inline(always)]
    fn new(var_addr: u16, step: Packed, direction: u8, limit: Packed) -> Self {
        SteppedVariable {
            var_addr,
            step,
            step_split: step.split(),
            direction,
            limit,
            limit_split: limit.split(),
            exps: (0, 0, 0),
            fadd: 0,
        }
    }

    /// One pass: the variable stepped and written back, FADD's cycles spent; whether the
    /// loop is finished.
    #[inline(always)]
    fn pass(&mut self, fu: &mut FloatUnit, hw: &mut Hardware) -> Result<bool, FpError> {
        let current = hw.mem.read5_split(self.var_addr);
        let (new, finished) =
            match fu.next_step_up(current, self.step_split, self.direction, self.limit_split) {
                Some(r) => r,
                None => {
                    let (new, finished) = fu.next_step(
                        Packed::from_split(current),
                        self.step,
                        self.direction,
                        self.limit,
                    )?;
                    (new.split(), finished)
                }
            };
        let now = (current.0, (current.1 >> 24) as u8 & 0x80, new.0);
        if now != self.exps || self.fadd == 0 {
            self.exps = now;
            self.fadd = fp::fadd(now.0, now.1, self.step.0[0], self.direction, now.2);
        }
        hw.cycles += self.fadd;
        hw.mem.write5_split(self.var_addr, new.0, new.1);
        Ok(finished)
    }
}
