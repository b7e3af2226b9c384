//! Statements: what each does to the machine, following the ROM's command routines.

use std::rc::Rc;

use crate::basic::ast::{is_string_name, CompiledLine, LValue, Print, PrintItem, Stmt, VarName};
use crate::basic::cost::{self, fp};
use crate::basic::error::ErrorCode;
use crate::basic::eval::{read_packed, write_packed, Val, LET_LEVEL, PRINT_LEVEL};
use crate::basic::float::Packed;
use crate::basic::interp::{Frame, Halt, InputState, Interpreter, Mode, Pc, Res};
use crate::basic::strings::{read_desc, write_desc};
use crate::basic::{listing, program, renum, semigraphics};
use crate::machine::hardware::{Event, Hardware};
use crate::machine::memory::addr;
use crate::machine::screen::{TextScreen, BLANK};

/// What BASIC-80's RANDOMIZE without a number prints before it reads the seed.
pub(crate) const RANDOMIZE_PROMPT: &[u8] = b"Random Number Seed (-32768 to 32767)? ";

type ExecResult = Result<(), Halt>;

impl Interpreter {
    pub(crate) fn exec(
        &mut self,
        hw: &mut Hardware,
        stmt: &Stmt,
        line: &Rc<CompiledLine>,
    ) -> ExecResult {
        match stmt {
            Stmt::Empty | Stmt::Rem | Stmt::Data => Ok(()),
            Stmt::Let(target, value) => self.let_stmt(hw, target, value),
            Stmt::Print(p) => self.print_stmt(hw, p),
            Stmt::If {
                cond,
                then,
                else_seg,
                then_cost,
                skip_cost,
            } => {
                self.eval_num(hw, cond, LET_LEVEL)?;
                if !self.fu.is_zero() {
                    hw.cycles += then_cost;
                    self.exec(hw, then, line)
                } else if let Some(k) = else_seg {
                    hw.cycles += skip_cost;
                    self.pc.seg = k + 1;
                    match &line.segs[*k as usize].stmt {
                        Stmt::Else(inner) => self.exec(hw, inner, line),
                        _ => Ok(()),
                    }
                } else {
                    hw.cycles += skip_cost;
                    self.pc.seg = line.segs.len() as u16;
                    Ok(())
                }
            }
            Stmt::Else(_) => {
                self.pc.seg = line.segs.len() as u16;
                Ok(())
            }
            Stmt::Goto(n) => Ok(self.goto_line(hw, *n)?),
            Stmt::Gosub(n) => self.gosub(hw, *n),
            Stmt::On {
                selector,
                gosub,
                targets,
            } => {
                self.eval_num(hw, selector, LET_LEVEL)?;
                hw.cycles += fp::int_conv(self.fu.fac.exp);
                let k = self.fu.to_u8()? as usize;
                if k == 0 || k > targets.len() {
                    return Ok(());
                }
                hw.cycles += cost::ON_ENTRY * (k - 1) as u32;
                if *gosub {
                    self.gosub(hw, targets[k - 1])
                } else {
                    Ok(self.goto_line(hw, targets[k - 1])?)
                }
            }
            Stmt::For {
                var,
                from,
                to,
                step,
            } => self.for_stmt(hw, *var, from, to, step.as_ref(), line),
            Stmt::Next(vars) => self.next_stmt(hw, vars, 0),
            Stmt::Return => self.return_stmt(hw),
            Stmt::Input {
                device: Some(dev),
                vars,
                ..
            } => {
                self.eval_num(hw, dev, LET_LEVEL)?;
                match self.fu.to_i16()? {
                    -1 => Ok(self.input_from_tape(hw, vars)?),
                    0 => self.input_stmt(hw, stmt),
                    _ => Err(ErrorCode::DN.into()),
                }
            }
            Stmt::Input { device: None, .. } => self.input_stmt(hw, stmt),
            Stmt::Read(vars) => {
                for v in vars {
                    self.read_item(hw, v)?;
                }
                Ok(())
            }
            Stmt::Restore => {
                self.data_ptr = 0;
                Ok(())
            }
            Stmt::Dim(list) => self.dim_stmt(hw, list),
            _ => self.exec_rare(hw, stmt),
        }
    }

    #[inline(never)]
    fn return_stmt(&mut self, hw: &mut Hardware) -> ExecResult {
        loop {
            match self.stack.last() {
                None => return Err(ErrorCode::RG.into()),
                Some(Frame::For { .. }) => {
                    hw.cycles += cost::FRAME;
                    let n = self.stack.len() - 1;
                    self.truncate_stack(n);
                }
                Some(Frame::Gosub { ret }) => {
                    let ret = *ret;
                    let n = self.stack.len() - 1;
                    self.truncate_stack(n);
                    self.pc = ret;
                    if !ret.is_direct() {
                        let number = self.lines[ret.line as usize].number;
                        hw.mem.write_u16(addr::CURRENT_LINE, number);
                    }
                    return Ok(());
                }
            }
        }
    }

    /// INPUT or LINE INPUT from the keyboard: the prompt, then wait for the line.
    #[inline(never)]
    fn input_stmt(&mut self, hw: &mut Hardware, stmt: &Stmt) -> ExecResult {
        if self.stmt_pc.is_direct() {
            return Err(ErrorCode::ID.into());
        }
        self.print_input_prompt(hw, stmt);
        self.wait_for_line(stmt);
        Ok(())
    }

    /// Wait for a typed line for `stmt` (an INPUT, or MBASIC's RANDOMIZE); `input_line` takes it.
    fn wait_for_line(&mut self, stmt: &Stmt) {
        self.input = Some(InputState {
            stmt: stmt.clone(),
            next_var: 0,
            stmt_pc: self.stmt_pc,
        });
        self.editor.clear();
        self.mode = Mode::Input;
    }

    #[inline(never)]
    fn dim_stmt(
        &mut self,
        hw: &mut Hardware,
        list: &[(VarName, Vec<crate::basic::ast::Expr>)],
    ) -> ExecResult {
        for (name, dims) in list {
            if dims.is_empty() {
                self.lvalue_addr(hw, &LValue::Var(*name))?;
                continue;
            }
            let mut sizes = Vec::with_capacity(dims.len());
            for d in dims {
                self.eval_num(hw, d, LET_LEVEL)?;
                let v = self.fu.to_subscript()?;
                sizes.push(v + 1);
            }
            if self.vars.find_array(&hw.mem, *name).is_some() {
                return Err(ErrorCode::DD.into());
            }
            let s = self.s_h(hw) as u16;
            self.vars.create_array(&mut hw.mem, *name, &sizes, s)?;
        }
        Ok(())
    }

    /// The statements that are not on any hot path.
    #[inline(never)]
    fn exec_rare(&mut self, hw: &mut Hardware, stmt: &Stmt) -> ExecResult {
        match stmt {
            Stmt::DefFn { name, param, body } => {
                if self.stmt_pc.is_direct() {
                    return Err(ErrorCode::ID.into());
                }
                let s = self.s_h(hw) as u16;
                self.vars.find_or_create(&mut hw.mem, *name, s)?;
                self.vars.find_or_create(&mut hw.mem, *param, s)?;
                self.fns.insert(*name, (*param, body.clone()));
                Ok(())
            }
            Stmt::End => {
                self.cont = if self.stmt_pc.is_direct() {
                    None
                } else {
                    Some(self.pc)
                };
                Err(Halt::End)
            }
            Stmt::Stop => Err(Halt::Break(self.pc)),
            Stmt::Poke(a, v) => {
                self.eval_num(hw, a, LET_LEVEL)?;
                hw.cycles += fp::int_conv(self.fu.fac.exp);
                let a = self.fu.to_u16()?;
                self.eval_num(hw, v, LET_LEVEL)?;
                hw.cycles += fp::int_conv(self.fu.fac.exp);
                let v = self.fu.to_u8()?;
                hw.mem.poke(a, v);
                self.after_poke(hw, a);
                Ok(())
            }
            Stmt::Cls(arg) => {
                let n = match arg {
                    None => None,
                    Some(e) => Some(self.eval_u8(hw, e, LET_LEVEL)?),
                };
                match n {
                    None => TextScreen::fill(&mut hw.mem, BLANK),
                    Some(0) => TextScreen::fill(&mut hw.mem, 0x80),
                    Some(c @ 1..=8) => TextScreen::fill(&mut hw.mem, 0x80 | ((c - 1) << 4) | 0x0F),
                    Some(_) => {
                        TextScreen::fill(&mut hw.mem, BLANK);
                        hw.print_bytes(b"(C) 1982 BY MICROSOFT");
                    }
                }
                hw.cycles += 512 * 8;
                Ok(())
            }
            Stmt::Set(x, y, c) => {
                let x = self.eval_u8(hw, x, LET_LEVEL)?;
                let y = self.eval_u8(hw, y, LET_LEVEL)?;
                let c = self.eval_u8(hw, c, LET_LEVEL)?;
                Ok(semigraphics::set(&mut hw.mem, x, y, c)?)
            }
            Stmt::Reset(x, y) => {
                let x = self.eval_u8(hw, x, LET_LEVEL)?;
                let y = self.eval_u8(hw, y, LET_LEVEL)?;
                Ok(semigraphics::reset(&mut hw.mem, x, y)?)
            }
            Stmt::Sound(t, d) => {
                let t = self.eval_u8(hw, t, LET_LEVEL)?;
                let d = self.eval_u8(hw, d, LET_LEVEL)?;
                if t == 0 || d == 0 {
                    return Err(ErrorCode::FC.into());
                }
                let fields = d as u32 * 4;
                hw.events.push(Event::Sound {
                    period_cycles: 20 * (261 - t as u32),
                    fields,
                });
                self.mode = Mode::Sounding(fields);
                Ok(())
            }
            Stmt::Run(target) => {
                self.reset_run_state(hw);
                crate::basic::graphics::run_reset(&mut hw.mem);
                crate::basic::play::init(&mut hw.mem);
                self.hide_cursor(hw);
                self.ensure_index(hw);
                self.mode = Mode::Running;
                match target {
                    Some(n) => self.goto_line(hw, *n)?,
                    None => self.enter_line(hw, 0),
                }
                Ok(())
            }
            Stmt::Cont => match self.cont.take() {
                None => Err(ErrorCode::CN.into()),
                Some(pc) => {
                    self.pc = pc;
                    if !pc.is_direct() {
                        self.ensure_index(hw);
                        if let Some(l) = self.lines.get(pc.line as usize) {
                            hw.mem.write_u16(addr::CURRENT_LINE, l.number);
                        }
                    }
                    Ok(())
                }
            },
            Stmt::List(range) => {
                self.list(hw, range.first, range.last);
                Err(Halt::End)
            }
            Stmt::Clear(size, top) => self.clear_stmt(hw, size.as_ref(), top.as_ref()),
            Stmt::New => {
                program::clear_program(&mut hw.mem);
                self.program_changed();
                self.reset_run_state(hw);
                Err(Halt::End)
            }
            Stmt::Tron => {
                self.trace = true;
                Ok(())
            }
            Stmt::Troff => {
                self.trace = false;
                Ok(())
            }
            Stmt::Del(range) => {
                program::delete_range(&mut hw.mem, range.first, range.last);
                self.program_changed();
                self.reset_run_state(hw);
                Err(Halt::End)
            }
            Stmt::Renum(new, start, inc) => {
                let s = self.s_h(hw) as u16;
                let mut messages: Vec<String> = Vec::new();
                let r = renum::renum(
                    &mut hw.mem,
                    new.unwrap_or(10),
                    *start,
                    inc.unwrap_or(10),
                    s,
                    &mut |m| messages.push(m.to_string()),
                );
                for m in messages {
                    if hw.column() != 0 {
                        hw.print(b'\r');
                    }
                    hw.print_bytes(m.as_bytes());
                    hw.print(b'\r');
                }
                self.program_changed();
                self.reset_run_state(hw);
                r?;
                Err(Halt::End)
            }
            Stmt::Edit(n) => {
                if !self.stmt_pc.is_direct() {
                    return Err(ErrorCode::ID.into());
                }
                let Some(l) = program::find_line(&hw.mem, *n) else {
                    return Err(ErrorCode::UL.into());
                };
                let listed = listing::list_line(l.number, hw.mem.slice(l.text, l.end));
                self.hide_cursor(hw);
                if hw.column() != 0 {
                    hw.print(b'\r');
                }
                self.edit = Some(crate::basic::edit_mode::EditState::start(hw, *n, &listed));
                self.mode = Mode::Edit;
                Ok(())
            }
            Stmt::MidAssign {
                target,
                start,
                len,
                value,
            } => self.mid_assign(hw, target, start, len.as_ref(), value),
            Stmt::TimerSet(e) => {
                let v = self.eval_u16(hw, e, LET_LEVEL)?;
                hw.mem.write_u16(addr::TIMER, v);
                Ok(())
            }
            Stmt::Exec(arg) => {
                if let Some(e) = arg {
                    self.eval_u16(hw, e, LET_LEVEL)?;
                }
                // There is no 6809 to run machine code.
                Err(ErrorCode::FC.into())
            }
            Stmt::Graphics(g) => Ok(self.exec_graphics(hw, g)?),
            Stmt::Tape(t) => Ok(self.exec_tape(hw, t)?),
            Stmt::Play(m) => Ok(self.exec_play(hw, m)?),
            Stmt::Randomize(seed) => {
                match seed {
                    Some(e) => self.eval_num(hw, e, LET_LEVEL)?,
                    None if hw.dialect.randomize_asks_for_seed() => {
                        // BASIC-80 asks for the seed (the Osborne listings tell the player
                        // that the same seed gives the same map).
                        if self.stmt_pc.is_direct() {
                            return Err(ErrorCode::ID.into());
                        }
                        self.print_input_prompt(hw, stmt);
                        self.wait_for_line(stmt);
                        return Ok(());
                    }
                    None => self.fu.load_u16(hw.mem.read_u16(addr::TIMER)),
                }
                self.reseed_from_fac(hw)?;
                Ok(())
            }
            Stmt::NotHere(e) | Stmt::Fail(e) => Err((*e).into()),
            // The common statements, which `exec` runs before it calls here; listed so that a
            // new statement cannot fall through unnoticed.
            Stmt::Empty
            | Stmt::Rem
            | Stmt::Data
            | Stmt::Let(..)
            | Stmt::Print(_)
            | Stmt::If { .. }
            | Stmt::Else(_)
            | Stmt::Goto(_)
            | Stmt::Gosub(_)
            | Stmt::On { .. }
            | Stmt::For { .. }
            | Stmt::Next(_)
            | Stmt::Return
            | Stmt::Input { .. }
            | Stmt::Read(_)
            | Stmt::Restore
            | Stmt::Dim(_) => Ok(()),
        }
    }

    /// RANDOMIZE n: as RND(-n), a new seed from the value's mantissa (RND(0) when it is 0).
    pub(crate) fn reseed_from_fac(&mut self, hw: &mut Hardware) -> Res<()> {
        if self.fu.sign() > 0 {
            self.fu.neg();
        }
        hw.cycles += cost::RND0;
        self.fu.rnd()?;
        self.sync_seed_to_ram(hw);
        self.last_rnd = None;
        Ok(())
    }

    /// After a POKE: keep the derived state in step with RAM.
    pub(crate) fn after_poke(&mut self, hw: &mut Hardware, a: u16) {
        let start = hw.mem.read_u16(addr::PROGRAM_START);
        let end = hw.mem.read_u16(addr::VARS_START);
        if a >= start && a < end {
            self.program_changed();
        }
        if (addr::RND_SEED + 1..addr::RND_SEED + 5).contains(&a) {
            self.seed_from_ram(hw);
        }
    }

    #[inline(never)]
    fn let_stmt(
        &mut self,
        hw: &mut Hardware,
        target: &LValue,
        value: &crate::basic::ast::Expr,
    ) -> ExecResult {
        let a = self.lvalue_addr(hw, target)?;
        match self.eval_top(hw, value, LET_LEVEL)? {
            Val::Num => {
                if is_string_name(target.name()) {
                    return Err(ErrorCode::TM.into());
                }
                let p = self.fu.pack();
                write_packed(hw, a, p);
            }
            Val::Str(d) => {
                if !is_string_name(target.name()) {
                    return Err(ErrorCode::TM.into());
                }
                self.assign_string(hw, a, d)?;
            }
        }
        Ok(())
    }

    #[inline(never)]
    fn gosub(&mut self, hw: &mut Hardware, n: u16) -> ExecResult {
        if self.var_end(hw) + 66 >= self.s_h(hw) {
            return Err(ErrorCode::OM.into());
        }
        // Find the target first: a missing line is ?UL with nothing pushed.
        let i = self.find_line_index(hw, n)?;
        self.push_frame(Frame::Gosub { ret: self.pc });
        hw.cycles += self.search_cost(n, i);
        self.enter_line(hw, i);
        Ok(())
    }

    #[inline(never)]
    fn for_stmt(
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
        for (i, f) in self.stack.iter().enumerate().rev() {
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
            self.truncate_stack(i);
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
        self.push_frame(Frame::For {
            var,
            var_addr,
            step,
            direction,
            limit,
            body: self.pc,
            body_ends_line: self.pc.seg as usize >= segments,
            empty_body_next,
        });
        Ok(())
    }

    #[inline]
    /// NEXT [v[,v…]]; `text_cost` is the statement's own text cost, which each extra pass of
    /// a delay loop run here spends again.
    pub(crate) fn next_stmt(
        &mut self,
        hw: &mut Hardware,
        vars: &[VarName],
        text_cost: u32,
    ) -> ExecResult {
        let mut i = 0;
        loop {
            let wanted = vars.get(i).copied();
            // Find the frame: the innermost FOR, or the one for this variable; a GOSUB
            // frame blocks the search.
            let mut found = None;
            for (k, f) in self.stack.iter().enumerate().rev() {
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
            // Inner loops NEXT passes over are dropped.
            hw.cycles += cost::FRAME * (self.stack.len() - 1 - k) as u32;
            self.truncate_stack(k + 1);
            let lookup = match wanted {
                Some(v) => self.vars.search_cycles(v),
                None => 0,
            };
            hw.cycles += cost::NEXT + cost::FCOMP + lookup;
            let (var_addr, step, direction, limit, body, ends_line, empty_next) =
                match &self.stack[k] {
                    Frame::For {
                        var_addr,
                        step,
                        direction,
                        limit,
                        body,
                        body_ends_line,
                        empty_body_next,
                        ..
                    } => (
                        *var_addr,
                        *step,
                        *direction,
                        *limit,
                        *body,
                        *body_ends_line,
                        *empty_body_next,
                    ),
                    Frame::Gosub { .. } => return Err(ErrorCode::NF.into()),
                };
            // A delay loop (`FOR I=1 TO 500:NEXT`): the passes that fit in this field run
            // here, each costing what the statement dispatch, the line and the NEXT cost, and
            // stopping for a key as the poll between statements would.
            let spin = i == 0
                && !self.trace
                && self.trace_out.is_none()
                && empty_next == Some(self.stmt_pc);
            let pass = cost::STATEMENT
                + text_cost
                + cost::NEXT
                + cost::FCOMP
                + lookup
                + if ends_line { cost::NEW_LINE } else { 0 };
            let mut done;
            // FADD of the variable (ARG) and the step (FAC, with the direction as sign): its
            // cost changes only with the exponents, so a delay loop works it out rarely.
            let mut exps = (0u8, 0u8, 0u8);
            let mut fadd = 0;
            loop {
                let current = read_packed(hw, var_addr);
                let (new, finished) = self.fu.next_step(current, step, direction, limit)?;
                let now = (current.0[0], current.0[1] & 0x80, new.0[0]);
                if now != exps || fadd == 0 {
                    exps = now;
                    fadd = fp::fadd(now.0, now.1, step.0[0], direction, now.2);
                }
                hw.cycles += fadd;
                write_packed(hw, var_addr, new);
                done = finished;
                if done || !spin || hw.cycles >= self.budget || hw.keyboard.poll_pending() {
                    break;
                }
                hw.cycles += pass;
            }
            if !done {
                if ends_line && !body.is_direct() {
                    // The loop's body starts on the next line: go straight there, as the
                    // ROM does when it runs off the end of the FOR's line.
                    self.enter_line(hw, body.line + 1);
                    return Ok(());
                }
                self.pc = body;
                if !body.is_direct() && body.line != self.stmt_pc.line {
                    if let Some(l) = self.lines.get(body.line as usize) {
                        hw.mem.write_u16(addr::CURRENT_LINE, l.number);
                    }
                }
                return Ok(());
            }
            self.truncate_stack(k);
            hw.cycles += cost::NEXT_DONE;
            i += 1;
            if i >= vars.len() {
                return Ok(());
            }
            // `NEXT J,I`: the next variable is read and its NEXT runs without a dispatch.
            hw.cycles += cost::NEXT_HAND_OVER + cost::VAR;
        }
    }

    /// Where the NEXT is when the statement right after this FOR is a NEXT for its variable.
    fn empty_body_next(
        &mut self,
        hw: &Hardware,
        var: VarName,
        line: &Rc<CompiledLine>,
    ) -> Option<Pc> {
        let (at, code) = if (self.pc.seg as usize) < line.segs.len() {
            (self.pc, line.clone())
        } else if !self.pc.is_direct() && (self.pc.line as usize + 1) < self.lines.len() {
            let i = self.pc.line as usize + 1;
            (
                Pc {
                    line: i as u32,
                    seg: 0,
                },
                self.line_code(hw, i),
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

    #[inline(never)]
    fn print_stmt(&mut self, hw: &mut Hardware, p: &Print) -> ExecResult {
        let mut sink = Sink::new(SinkKind::Screen);
        if p.printer {
            sink = Sink::new(SinkKind::Printer);
        }
        if let Some(d) = &p.device {
            self.eval_num(hw, d, PRINT_LEVEL)?;
            match self.fu.to_i16()? {
                0 => {}
                // The printer: what would be printed goes to the transcript only.
                -2 => sink = Sink::new(SinkKind::Printer),
                -1 => sink = Sink::new(SinkKind::Tape),
                _ => return Err(ErrorCode::DN.into()),
            }
        }
        if let Some(at) = &p.at {
            let n = self.eval_u16(hw, at, PRINT_LEVEL)?;
            if n > 511 {
                return Err(ErrorCode::FC.into());
            }
            self.hide_cursor(hw);
            TextScreen::set_cursor(&mut hw.mem, addr::TEXT_SCREEN + n);
        }
        if let Some(fmt) = &p.using {
            self.print_using(hw, fmt, &p.items, &mut sink)?;
            return self.flush_sink(hw, sink);
        }
        let mut ends_open = false;
        for (i, item) in p.items.iter().enumerate() {
            ends_open = false;
            match item {
                PrintItem::Expr(e) => match self.eval_top(hw, e, PRINT_LEVEL)? {
                    Val::Num => {
                        hw.cycles += cost::PRINT_NUMBER + fp::fout(self.fu.fac.exp);
                        self.print_buf.clear();
                        self.fu.fout(&mut self.print_buf);
                        sink.write(hw, &self.print_buf);
                        if !matches!(p.items.get(i + 1), Some(PrintItem::Comma)) {
                            sink.write(hw, b" ");
                        }
                    }
                    Val::Str(d) => {
                        let (len, at) = self.free_str(hw, d);
                        self.print_buf.clear();
                        self.print_buf
                            .extend_from_slice(hw.mem.slice(at, at.wrapping_add(len as u16)));
                        sink.write(hw, &self.print_buf);
                    }
                },
                PrintItem::Comma => {
                    let col = sink.column(hw);
                    if col >= 16 {
                        sink.write(hw, b"\r");
                    } else {
                        sink.spaces(hw, 16 - col);
                    }
                    ends_open = true;
                }
                PrintItem::Semicolon => ends_open = true,
                PrintItem::Tab(e) => {
                    let mut n = self.eval_u8(hw, e, PRINT_LEVEL)?;
                    let col = sink.column(hw);
                    if hw.dialect.tab_from_one() {
                        // MBASIC numbers the columns from 1.
                        n = n.saturating_sub(1);
                    }
                    if n > col {
                        sink.spaces(hw, n - col);
                    } else if n < col && hw.dialect.tab_wraps() {
                        // MBASIC: a column already passed is reached on the next line.
                        sink.write(hw, b"\r");
                        sink.spaces(hw, n);
                    }
                    ends_open = true;
                }
                PrintItem::Fail(e) => return Err((*e).into()),
            }
        }
        if !ends_open {
            sink.write(hw, b"\r");
        }
        self.flush_sink(hw, sink)
    }

    fn flush_sink(&mut self, hw: &mut Hardware, sink: Sink) -> ExecResult {
        if let SinkKind::Tape = sink.kind {
            self.tape_write(hw, &sink.tape)?;
        }
        Ok(())
    }

    fn print_using(
        &mut self,
        hw: &mut Hardware,
        fmt: &crate::basic::ast::Expr,
        items: &[PrintItem],
        sink: &mut Sink,
    ) -> ExecResult {
        use crate::basic::float::using::Using;
        let d = self.eval_str(hw, fmt, PRINT_LEVEL)?;
        let fmt_bytes = self.take_string(hw, d);
        let mut using = Using::new(&fmt_bytes)?;
        let mut buf = Vec::new();
        let mut ends_open = false;
        for item in items {
            ends_open = false;
            match item {
                PrintItem::Expr(e) => {
                    buf.clear();
                    match self.eval_top(hw, e, PRINT_LEVEL)? {
                        Val::Num => {
                            // DoPrintUSING formats digit by digit with FP operations.
                            hw.cycles += cost::PRINT_USING_NUMBER;
                            using.number(&mut self.fu, &mut buf)?
                        }
                        Val::Str(d) => {
                            let s = self.take_string(hw, d);
                            using.string(&s, &mut buf)?
                        }
                    }
                    sink.write(hw, &buf);
                }
                PrintItem::Comma | PrintItem::Semicolon => ends_open = true,
                PrintItem::Tab(_) => return Err(ErrorCode::SN.into()),
                PrintItem::Fail(e) => return Err((*e).into()),
            }
        }
        buf.clear();
        using.finish(&mut buf);
        sink.write(hw, &buf);
        if !ends_open {
            sink.write(hw, b"\r");
        }
        Ok(())
    }

    fn list(&mut self, hw: &mut Hardware, first: u16, last: u16) {
        self.hide_cursor(hw);
        for l in program::lines(&hw.mem) {
            if l.number < first || l.number > last {
                continue;
            }
            let text = listing::list_line(l.number, hw.mem.slice(l.text, l.end));
            if hw.column() != 0 {
                hw.print(b'\r');
            }
            hw.cycles += cost::PRINT_CHAR * text.len() as u32;
            hw.print_bytes(&text);
            // CmdList starts each line on a fresh row only when the cursor is not already at
            // one: a line of exactly 32 characters has wrapped there, and no blank row
            // follows it (PRINT, which always sends its CR, does leave one).
            if hw.column() != 0 {
                hw.print(b'\r');
            }
        }
    }

    fn clear_stmt(
        &mut self,
        hw: &mut Hardware,
        size: Option<&crate::basic::ast::Expr>,
        top: Option<&crate::basic::ast::Expr>,
    ) -> ExecResult {
        if let Some(size) = size {
            let n = self.eval_u16(hw, size, LET_LEVEL)?;
            let ram_top = match top {
                Some(t) => {
                    let m = self.eval_u16(hw, t, LET_LEVEL)?;
                    if m as u32 >= addr::RAM_END {
                        return Err(ErrorCode::OM.into());
                    }
                    m
                }
                None => hw.mem.read_u16(addr::RAM_TOP),
            };
            let stack_top = ram_top as i32 - n as i32;
            let vars = hw.mem.read_u16(addr::VARS_START) as i32;
            if stack_top < vars + 58 + 12 {
                return Err(ErrorCode::OM.into());
            }
            hw.mem.write_u16(addr::RAM_TOP, ram_top);
            hw.mem.write_u16(addr::STACK_TOP, stack_top as u16);
        }
        // CLEAR erases variables and the FOR/GOSUB frames; a program goes on after it.
        self.reset_run_state(hw);
        Ok(())
    }

    fn mid_assign(
        &mut self,
        hw: &mut Hardware,
        target: &LValue,
        start: &crate::basic::ast::Expr,
        len: Option<&crate::basic::ast::Expr>,
        value: &crate::basic::ast::Expr,
    ) -> ExecResult {
        let desc = self.lvalue_addr(hw, target)?;
        let p = self.eval_u8(hw, start, LET_LEVEL)?;
        if p == 0 {
            return Err(ErrorCode::FC.into());
        }
        let n = match len {
            Some(e) => self.eval_u8(hw, e, LET_LEVEL)?,
            None => 255,
        };
        let vd = self.eval_str(hw, value, LET_LEVEL)?;
        let (tlen, tat) = read_desc(hw, desc);
        // A string still in the program text is copied into string space first.
        let strtop = hw.mem.read_u16(addr::STRING_TOP);
        if tat <= strtop && tlen > 0 {
            let new = self.alloc_str(hw, tlen)?;
            let (tlen, tat) = read_desc(hw, desc);
            hw.mem.copy_within(tat, new, tlen as usize);
            write_desc(hw, desc, tlen, new);
        }
        let (tlen, tat) = read_desc(hw, desc);
        let src = self.take_string(hw, vd);
        let start = (p - 1) as usize;
        if start >= tlen as usize {
            return Ok(());
        }
        let count = (n as usize).min(src.len()).min(tlen as usize - start);
        for (i, &b) in src[..count].iter().enumerate() {
            hw.mem.poke(tat + (start + i) as u16, b);
        }
        Ok(())
    }

    /// What a statement waiting for a line prints first (and again after ?REDO): INPUT's
    /// prompt string and `? ` (none for LINE INPUT or MBASIC's `INPUT "p",V`), or the
    /// question of MBASIC's RANDOMIZE.
    pub(crate) fn print_input_prompt(&mut self, hw: &mut Hardware, stmt: &Stmt) {
        match stmt {
            Stmt::Randomize(None) => hw.print_bytes(RANDOMIZE_PROMPT),
            Stmt::Input {
                prompt,
                line,
                question,
                ..
            } => {
                if let Some((at, len)) = prompt {
                    let text = hw.mem.slice(*at, *at + *len as u16).to_vec();
                    hw.print_bytes(&text);
                }
                if !*line && *question {
                    hw.print_bytes(b"? ");
                }
            }
            _ => {}
        }
    }

    /// The current position, for tests and frontends.
    pub fn position(&self) -> Pc {
        self.pc
    }
}

/// Where PRINT's characters go: the screen, the printer (the transcript only) or a data file
/// on tape. The printer and tape keep their own column for `,` and TAB.
enum SinkKind {
    Screen,
    Printer,
    Tape,
}

struct Sink {
    kind: SinkKind,
    col: u8,
    tape: Vec<u8>,
}

impl Sink {
    fn new(kind: SinkKind) -> Sink {
        Sink {
            kind,
            col: 0,
            tape: Vec::new(),
        }
    }

    fn write(&mut self, hw: &mut Hardware, bytes: &[u8]) {
        hw.cycles += cost::PRINT_CHAR * bytes.len() as u32;
        match self.kind {
            SinkKind::Screen => hw.print_bytes(bytes),
            SinkKind::Printer => {
                if let Some(t) = hw.transcript.as_mut() {
                    t.extend_from_slice(bytes);
                }
            }
            SinkKind::Tape => self.tape.extend_from_slice(bytes),
        }
        for &b in bytes {
            self.col = if b == b'\r' {
                0
            } else {
                self.col.wrapping_add(1)
            };
        }
    }

    /// `n` spaces (TAB, the comma's zones).
    fn spaces(&mut self, hw: &mut Hardware, n: u8) {
        const SPACES: [u8; 32] = [b' '; 32];
        let mut left = n as usize;
        while left > 0 {
            let k = left.min(SPACES.len());
            self.write(hw, &SPACES[..k]);
            left -= k;
        }
    }

    fn column(&self, hw: &Hardware) -> u8 {
        match self.kind {
            SinkKind::Screen => hw.column(),
            _ => self.col,
        }
    }
}
