//! Statements: what each does to the machine, following the ROM's command routines.

use std::rc::Rc;

use crate::basic::ast::{is_string_name, CompiledLine, Expr, LValue, Stmt, VarName};
use crate::basic::cost::{self, fp};
use crate::basic::error::ErrorCode;
use crate::basic::eval::{Val, LET_LEVEL};
use crate::basic::interp::{Halt, Interpreter, Res};
use crate::basic::mode::{InputState, Mode};
use crate::basic::pc::{Pc, SKIPPED_TO_LINE_END};
use crate::basic::semigraphics;
use crate::basic::strings::{read_desc, write_desc};
use crate::machine::hardware::{Event, Hardware};
use crate::machine::memory::addr;
use crate::machine::screen::{TextScreen, BLANK};

/// What BASIC-80's RANDOMIZE without a number prints before it reads the seed.
pub(crate) const RANDOMIZE_PROMPT: &[u8] = b"Random Number Seed (-32768 to 32767)? ";

pub(crate) type ExecResult = Result<(), Halt>;

impl Interpreter {
    pub(crate) fn exec(
        &mut self,
        hw: &mut Hardware,
        stmt: &Stmt,
        line: &Rc<CompiledLine>,
    ) -> ExecResult {
        match stmt {
            Stmt::Empty | Stmt::Rem | Stmt::Data => Ok(()),
            Stmt::Let(LValue::Var(n), value) if !is_string_name(*n) => {
                self.let_number(hw, *n, value)
            }
            Stmt::Let(target, value) => self.let_stmt(hw, target, value),
            Stmt::Print(p) => self.print_stmt(hw, p),
            Stmt::If {
                cond,
                then,
                else_seg,
                then_cost,
                skip_cost,
            } => {
                self.condition(hw, cond)?;
                if !self.fu.is_zero() {
                    hw.cycles += then_cost;
                    // `THEN n`, the commonest, without a second trip through this match.
                    if let Stmt::Goto(j) = &**then {
                        return Ok(self.jump(hw, j)?);
                    }
                    self.exec(hw, then, line)
                } else if let Some(k) = else_seg {
                    hw.cycles += skip_cost;
                    self.else_part(hw, *k, line)
                } else {
                    hw.cycles += skip_cost;
                    self.pc.seg = SKIPPED_TO_LINE_END;
                    Ok(())
                }
            }
            Stmt::Else(_) => {
                self.pc.seg = SKIPPED_TO_LINE_END;
                Ok(())
            }
            Stmt::Goto(j) => Ok(self.jump(hw, j)?),
            Stmt::Gosub(j) => self.gosub(hw, j),
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
                    self.gosub(hw, &targets[k - 1])
                } else {
                    Ok(self.jump(hw, &targets[k - 1])?)
                }
            }
            Stmt::For {
                var,
                from,
                to,
                step,
            } => self.for_stmt(hw, *var, from, to, step.as_ref(), line),
            Stmt::Next(vars) => self.next_stmt(hw, vars, cost::STATEMENT),
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
                self.data.restore();
                Ok(())
            }
            Stmt::Dim(list) => self.dim_stmt(hw, list),
            _ => self.exec_rare_watched(hw, stmt, line),
        }
    }

    /// IF's condition into FAC: a flat one is numeric, straight to its steps.
    #[inline(always)]
    fn condition(&mut self, hw: &mut Hardware, cond: &Expr) -> Res<Val> {
        match cond {
            Expr::Flat(f) => self.eval_flat(hw, f, LET_LEVEL),
            _ => self.eval_num(hw, cond, LET_LEVEL).map(|()| Val::Num),
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
        self.editor.clear();
        self.mode = Mode::Input(InputState {
            stmt: stmt.clone(),
            next_var: 0,
            stmt_pc: self.stmt_pc,
        });
    }

    #[inline(never)]
    fn dim_stmt(&mut self, hw: &mut Hardware, list: &[(VarName, Vec<Expr>)]) -> ExecResult {
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

    /// A false IF's ELSE part (segment `k`): its statement, then its own junk, seen if it
    /// went on to the next statement.
    #[inline(never)]
    fn else_part(&mut self, hw: &mut Hardware, k: u16, line: &Rc<CompiledLine>) -> ExecResult {
        self.pc.seg = k + 1;
        let seg = &line.segs[k as usize];
        let Stmt::Else(inner) = &seg.stmt else {
            return Ok(());
        };
        self.exec(hw, inner, line)?;
        let next = Pc {
            line: self.stmt_pc.line,
            seg: k + 1,
        };
        if seg.trailing_junk && self.pc == next {
            return Err(ErrorCode::SN.into());
        }
        Ok(())
    }

    /// The rare statements, then the check for a write into the program text: the
    /// statements that can write anywhere (POKE, graphics, tape) are all among them.
    #[inline(always)]
    fn exec_rare_watched(
        &mut self,
        hw: &mut Hardware,
        stmt: &Stmt,
        line: &Rc<CompiledLine>,
    ) -> ExecResult {
        let r = self.exec_rare(hw, stmt);
        if hw.mem.watched_write() {
            return self.text_overwritten(hw, line, r);
        }
        r
    }

    /// The statements that are not on any hot path. Each is its own function, so that this
    /// match stays a table (the program commands are in `exec_program.rs`).
    #[inline(never)]
    fn exec_rare(&mut self, hw: &mut Hardware, stmt: &Stmt) -> ExecResult {
        match stmt {
            Stmt::DefFn { name, param, body } => self.def_fn(hw, *name, *param, body),
            Stmt::End => self.end_stmt(),
            Stmt::Stop => Err(Halt::Break(self.pc)),
            Stmt::Poke(a, v) => self.poke_stmt(hw, a, v),
            Stmt::Cls(arg) => self.cls_stmt(hw, arg.as_ref()),
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
            Stmt::Sound(t, d) => self.sound_stmt(hw, t, d),
            Stmt::Run(target) => self.run_stmt(hw, *target),
            Stmt::Cont => self.cont_stmt(hw),
            Stmt::List(range) => {
                self.list(hw, range.first, range.last);
                Err(Halt::End)
            }
            Stmt::Clear(size, top) => self.clear_stmt(hw, size.as_ref(), top.as_ref()),
            Stmt::New => self.new_stmt(hw),
            Stmt::Tron => {
                self.trace.tron();
                Ok(())
            }
            Stmt::Troff => {
                self.trace.troff();
                Ok(())
            }
            Stmt::Del(range) => self.del_stmt(hw, range),
            Stmt::Renum(new, start, inc) => self.renum_stmt(hw, *new, *start, *inc),
            Stmt::Edit(n) => self.edit_stmt(hw, *n),
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
            Stmt::Exec(arg) => Ok(self.exec_stmt(hw, arg.as_ref())?),
            Stmt::DefUsr { n, address } => Ok(self.def_usr(hw, *n, address)?),
            Stmt::Graphics(g) => Ok(self.exec_graphics(hw, g)?),
            Stmt::Tape(t) => Ok(self.exec_tape(hw, t)?),
            Stmt::Play(m) => Ok(self.exec_play(hw, m)?),
            Stmt::Randomize(seed) => self.randomize_stmt(hw, stmt, seed.as_ref()),
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

    /// DEF FN: the function's name and parameter become variables (as the ROM creates them)
    /// and its body is kept for FN calls; a program statement only.
    fn def_fn(
        &mut self,
        hw: &mut Hardware,
        name: VarName,
        param: VarName,
        body: &Rc<Expr>,
    ) -> ExecResult {
        if self.stmt_pc.is_direct() {
            return Err(ErrorCode::ID.into());
        }
        let s = self.s_h(hw) as u16;
        self.vars.find_or_create(&mut hw.mem, name, s)?;
        self.vars.find_or_create(&mut hw.mem, param, s)?;
        self.fns.insert(name, (param, body.clone()));
        Ok(())
    }

    /// END: the program stops, and CONT can go on after it (not after a direct END).
    fn end_stmt(&mut self) -> ExecResult {
        self.cont = if self.stmt_pc.is_direct() {
            None
        } else {
            Some(self.pc)
        };
        Err(Halt::End)
    }

    /// POKE a,v: both converted as the ROM converts them; a POKE into the program or the
    /// random seed changes what the interpreter derived from them.
    fn poke_stmt(&mut self, hw: &mut Hardware, a: &Expr, v: &Expr) -> ExecResult {
        self.eval_num(hw, a, LET_LEVEL)?;
        hw.cycles += fp::int_conv(self.fu.fac.exp);
        let a = self.fu.to_u16()?;
        self.eval_num(hw, v, LET_LEVEL)?;
        hw.cycles += fp::int_conv(self.fu.fac.exp);
        let v = self.fu.to_u8()?;
        hw.write_bus(a, v);
        self.after_poke(hw, a);
        Ok(())
    }

    /// CLS [c]: the text screen filled with spaces, black, or a colour's blocks; above 8 the
    /// ROM's joke, Microsoft's copyright line.
    fn cls_stmt(&mut self, hw: &mut Hardware, arg: Option<&Expr>) -> ExecResult {
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

    /// SOUND t,d: a tone goes out as an event and the program waits for it.
    fn sound_stmt(&mut self, hw: &mut Hardware, t: &Expr, d: &Expr) -> ExecResult {
        let t = self.eval_u8(hw, t, LET_LEVEL)?;
        let d = self.eval_u8(hw, d, LET_LEVEL)?;
        if t == 0 || d == 0 {
            return Err(ErrorCode::FC.into());
        }
        let fields = d as u32 * 4;
        // SndBeep enables the field-sync interrupt, which times the tone.
        hw.io.enable_field_irq();
        // It plays through the DAC (the mux's source 0) and turns the sound mux off after.
        hw.select_mux(0);
        hw.enable_sound_mux(false);
        hw.events.push(Event::Sound {
            period_cycles: 20 * (261 - t as u32),
            fields,
        });
        self.mode = Mode::Sounding(fields);
        Ok(())
    }

    /// RANDOMIZE [n]: a new seed from n, from TIMER, or (BASIC-80) from a typed number.
    fn randomize_stmt(
        &mut self,
        hw: &mut Hardware,
        stmt: &Stmt,
        seed: Option<&Expr>,
    ) -> ExecResult {
        match seed {
            Some(e) => self.eval_num(hw, e, LET_LEVEL)?,
            None if self.dialect.randomize_asks_for_seed() => {
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

    /// After a POKE: keep the derived state in step with RAM. (A POKE into the program text
    /// is seen by the statement loop, as every write there is: text_overwritten.rs.)
    pub(crate) fn after_poke(&mut self, hw: &mut Hardware, a: u16) {
        crate::basic::machine_code::hooks::note_write(hw, a);
        if (addr::RND_SEED + 1..addr::RND_SEED + 5).contains(&a) {
            self.seed_from_ram(hw);
        }
    }

    #[inline(never)]
    pub(crate) fn let_stmt(
        &mut self,
        hw: &mut Hardware,
        target: &LValue,
        value: &Expr,
    ) -> ExecResult {
        if let LValue::Var(n) = *target {
            if !is_string_name(n) {
                return self.let_number(hw, n, value);
            }
        }
        let a = self.lvalue_addr(hw, target)?;
        match self.eval_top(hw, value, LET_LEVEL)? {
            Val::Num => {
                if is_string_name(target.name()) {
                    return Err(ErrorCode::TM.into());
                }
                let (first, rest) = self.fu.pack_split();
                hw.mem.write5_split(a, first, rest);
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

    /// LET to a simple numeric variable (the commonest statement), as `lvalue_addr` and the
    /// general LET do it: the search is charged, the variable created if it is new (before
    /// the value is evaluated), then the value stored.
    #[inline(always)]
    pub(crate) fn let_number(&mut self, hw: &mut Hardware, n: VarName, value: &Expr) -> ExecResult {
        let (found, searched) = self.vars.find_searched(&hw.mem, n);
        hw.cycles += searched;
        let a = match found {
            Some(a) => a,
            None => {
                let s = self.s_h(hw) as u16;
                self.vars.find_or_create(&mut hw.mem, n, s)?
            }
        };
        // A flat expression is numeric: straight to its steps.
        if let Expr::Flat(f) = value {
            self.eval_flat(hw, f, LET_LEVEL)?;
        } else if let Val::Str(_) = self.eval_top(hw, value, LET_LEVEL)? {
            return Err(ErrorCode::TM.into());
        }
        let (first, rest) = self.fu.pack_split();
        hw.mem.write5_split(a, first, rest);
        Ok(())
    }

    fn mid_assign(
        &mut self,
        hw: &mut Hardware,
        target: &LValue,
        start: &Expr,
        len: Option<&Expr>,
        value: &Expr,
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
}
