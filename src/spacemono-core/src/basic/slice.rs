//! The main loop: a slice of a field's cycles, statement after statement while the program
//! runs (the line fetched, the keyboard polled between statements), the modes that wait, and
//! the end of each field as the field interrupt makes it.

use std::rc::Rc;

use crate::basic::ast::{is_string_name, CompiledLine, LValue, Stmt};
use crate::basic::cost;
use crate::basic::edit_mode::EditOutcome;
use crate::basic::error::ErrorCode;
use crate::basic::exec_machine_code::count_timer_fields;
use crate::basic::interp::{Halt, Interpreter, INKEY_LATCH};
use crate::basic::line_editor::Edit;
use crate::basic::machine_code::hooks::{self, ConsoleIn};
use crate::basic::mode::Mode;
use crate::machine::hardware::Hardware;
use crate::machine::keyboard::code;
use crate::machine::rom_area::low_ram;

impl Interpreter {
    /// Run until the field's cycle budget is spent or the machine waits for something.
    #[inline]
    pub fn run_slice(&mut self, hw: &mut Hardware, budget: u32) {
        self.budget = budget;
        self.report_deferred_stops(hw);
        loop {
            if self.mode.is_running() {
                if self.run_statements(hw) {
                    return;
                }
            } else if !self.run_waiting(hw, budget) {
                return;
            }
        }
    }

    /// Statement after statement while the program runs: the mode is looked at again only
    /// when a statement changes it. True when the budget is spent, false when the mode
    /// changed. Out of line, so that a slice that only runs the program (a field of it)
    /// enters and leaves the one loop.
    #[inline(never)]
    fn run_statements(&mut self, hw: &mut Hardware) -> bool {
        // Only a field's end changes the budget (`field_end_within`): held here, it is not
        // loaded again after every statement.
        let mut budget = self.budget;
        loop {
            // (A long statement, a PAINT or a LINE BF, may take several fields.)
            while hw.cycles >= budget {
                if !self.field_end_within(hw, budget) {
                    return true;
                }
                budget = self.budget;
            }
            self.step(hw);
            if !self.mode.is_running() {
                return false;
            }
        }
    }

    /// The end of a field of `budget` cycles, as the field interrupt makes it: what its
    /// handler takes from a running program (the rest of a waiting field passes idle),
    /// TIMER, the SOUND countdown and the cursor blink. Returns whether the program asked for
    /// a key and found none in the field.
    #[inline]
    pub fn end_field(&mut self, hw: &mut Hardware, budget: u32) -> bool {
        if self.mode.is_running() && hw.cycles >= budget {
            hw.cycles -= budget - cost::FIELD_IRQ;
        } else if matches!(self.mode, Mode::MachineCode(_)) && hw.cycles >= budget {
            // Machine code pays for the interrupt it takes itself.
            hw.cycles -= budget;
        } else {
            hw.cycles = 0;
        }
        let starved = hw.keyboard.take_starved();
        self.field_interrupt(hw);
        starved
    }

    /// What the field interrupt does at every field's end: the field sync on PIA0 and, when
    /// PIA0 passes it on as an IRQ (as BASIC leaves it), the ROM's handler: TIMER, with its
    /// read of $FF02 that clears the flag (docs/machine.md §14); then the SOUND countdown,
    /// the cursor blink, and the count of fields.
    #[inline(always)]
    pub(crate) fn field_interrupt(&mut self, hw: &mut Hardware) {
        hw.field_sync();
        self.field_irq(hw);
        // A key script's joystick steps that are due (they wait for no key request).
        hw.keyboard.script_field(&mut hw.joysticks);
        self.field_tick(hw);
        hw.field += 1;
    }

    /// A running program's slice has spent its budget: when the frontend asked for more
    /// fields (`fields_ahead`) and the field would end with the program simply running (it
    /// did not go without a key), the field ends here, as
    /// [`end_field`](Self::end_field) ends it, and the program runs on; true then.
    ///
    /// Most field ends of a running program are quiet (`field_ends_are_quiet`): they do
    /// only what [`field_interrupt`](Self::field_interrupt) does then, here, without its
    /// tests for the rest; and those that a long statement's cycles cover together (a SIN,
    /// a LINE BF) go at once.
    #[inline(always)]
    fn field_end_within(&mut self, hw: &mut Hardware, budget: u32) -> bool {
        if self.fields_ahead == 0 || hw.keyboard.starved() {
            return false;
        }
        if !self.field_ends_are_quiet(hw) {
            self.field_end_in_full(hw, budget);
            return true;
        }
        self.fields_ahead -= 1;
        hw.cycles -= budget - cost::FIELD_IRQ;
        // The field sync on PIA0 (the keyboard's part of it has nothing to do: it is idle).
        hw.io.field_sync();
        // The next field's budget, when the SAM's rate may have changed (docs/machine.md §15).
        if hw.io.take_sam_written() {
            self.budget = hw.field_budget();
        }
        let budget = self.budget;
        let mut fields: u32 = 1;
        if hw.cycles >= budget && self.fields_ahead > 0 {
            // More field ends before the next statement: with no statement between them the
            // rate (the budget) stays, and a second field sync leaves the chips as any more
            // would (the sound levels settle at it).
            while hw.cycles >= budget && self.fields_ahead > 0 {
                self.fields_ahead -= 1;
                hw.cycles -= budget - cost::FIELD_IRQ;
                fields += 1;
            }
            hw.io.field_sync();
        }
        // The ROM's IRQ service once a field, when PIA0 passes the sync on.
        if hw.io.field_irq_enabled() {
            // (TIMER wraps at 65536, so the count of fields modulo 65536 is exact.)
            count_timer_fields(hw, fields as u16);
        }
        hw.field += u64::from(fields);
        true
    }

    /// Whether the field ends the running program has reached do nothing but what the quiet
    /// path of [`field_end_within`](Self::field_end_within) does: the ROM's IRQ service (or
    /// none), no sound written to hand over, no key in the matrix or key-script step to move
    /// on. (A running program has no tape, SOUND or cursor to tick.) A field end changes none
    /// of these, so they hold for all the field ends that come together.
    #[inline(always)]
    fn field_ends_are_quiet(&self, hw: &Hardware) -> bool {
        Self::field_irq_is_roms(hw) && !hw.io.audio_pending() && hw.keyboard.field_end_is_idle()
    }

    /// One field end of a running program with everything tested: `end_field` for a program
    /// that is running and did not starve.
    #[cold]
    #[inline(never)]
    fn field_end_in_full(&mut self, hw: &mut Hardware, budget: u32) {
        self.fields_ahead -= 1;
        hw.cycles -= budget - cost::FIELD_IRQ;
        self.field_interrupt(hw);
        // The next field's budget: the SAM's rate may have changed (docs/machine.md §15).
        hw.io.take_sam_written();
        self.budget = hw.field_budget();
    }

    /// The budget of the field being run (the SAM's rate set it when the field began).
    pub(crate) fn budget(&self) -> u32 {
        self.budget
    }

    /// [`run_slice`](Self::run_slice) in the modes that wait (for a line, a key, the sound,
    /// the tape): true to look at the mode again, false when the slice ends.
    #[inline(never)]
    fn run_waiting(&mut self, hw: &mut Hardware, budget: u32) -> bool {
        match self.mode {
            // (run_slice sends a running program to run_statements.)
            Mode::Running => return true,
            Mode::Prompt | Mode::Input(_) => {
                let Some(k) = self.typed_key(hw, hooks::LINE_INPUT_CALLER) else {
                    return false;
                };
                match self.editor.key(hw, k) {
                    Edit::Pending => {}
                    Edit::Line(text) => {
                        if matches!(self.mode, Mode::Prompt) {
                            self.direct_line(hw, &text);
                        } else {
                            self.input_line(hw, &text);
                        }
                    }
                    Edit::Break => {
                        if let Mode::Input(st) = &self.mode {
                            // The INPUT goes (the prompt replaces it); CONT runs it again.
                            let resume = st.stmt_pc;
                            self.report_break(hw, resume);
                        } else {
                            // BREAK abandons the line: a new line, no OK.
                            hw.print(b'\r');
                        }
                    }
                }
                if hw.cycles >= budget {
                    return false;
                }
            }
            Mode::Paused => match hw.keyboard.resume_key() {
                Some(code::BREAK) => {
                    self.mode = Mode::Running;
                    let pc = self.pc;
                    self.report_break(hw, pc);
                }
                Some(_) => self.mode = Mode::Running,
                None => return false,
            },
            Mode::Sounding(_) | Mode::Playing(_) => return false,
            Mode::Tape(_) => {
                self.tape_step(hw);
                return false;
            }
            Mode::Edit(_) => return self.edit_key(hw),
            Mode::MachineCode(_) => return self.run_machine_code(hw, budget),
        }
        true
    }

    /// A key for EDIT's edit mode: ENTER stores the line (as if typed), BREAK abandons it.
    /// False when there is no key yet.
    fn edit_key(&mut self, hw: &mut Hardware) -> bool {
        let Some(k) = self.typed_key(hw, hooks::EDIT_KEY_CALLER) else {
            return false;
        };
        let Mode::Edit(state) = &mut self.mode else {
            return true;
        };
        match state.key(hw, k) {
            EditOutcome::Editing => {}
            EditOutcome::Done(line) => {
                self.mode = Mode::Prompt;
                self.direct_line(hw, &line);
            }
            EditOutcome::Abandoned => self.mode = Mode::Prompt,
        }
        true
    }

    /// The next key for the line being typed (at the prompt, for INPUT, in EDIT): the cursor
    /// is shown while there is none and hidden once one comes. A routine in the console-in
    /// hook is called first, once for each key, as TextWaitKeyCurs2 calls it (returning to
    /// `caller`); it may give the key itself.
    fn typed_key(&mut self, hw: &mut Hardware, caller: u16) -> Option<u8> {
        if self.console_in_due(hw) {
            if let Some(k) = self.console_in_hook(hw, caller) {
                self.cursor.hide(hw);
                hw.cycles += cost::KEY;
                return Some(k);
            }
            if hw.hook_stopped.is_some() {
                self.report_deferred_stops(hw);
                return None;
            }
        }
        let Some(k) = hw.keyboard.line_key() else {
            if self.cursor.is_hidden_at_rest() {
                self.cursor.show(hw);
            }
            return None;
        };
        self.console_in_called = false;
        self.cursor.hide(hw);
        hw.cycles += cost::KEY;
        Some(k)
    }

    /// Whether a line being typed (at the prompt, for INPUT, in EDIT) will call a routine in
    /// the console-in hook before it reads the next key (the hook patched, not yet called
    /// for that key): the machine is running then, not waiting for a key.
    pub(crate) fn console_in_due(&self, hw: &Hardware) -> bool {
        matches!(self.mode, Mode::Prompt | Mode::Input(_) | Mode::Edit(_))
            && !self.console_in_called
            && hw.mem.peek(low_ram::CONSOLE_IN_HOOK) != low_ram::RTS
    }

    /// The console-in hook's routine run for the key waited for: the key it gave, or `None`
    /// (the keyboard is read, without calling the routine again until that key comes).
    #[cold]
    #[inline(never)]
    fn console_in_hook(&mut self, hw: &mut Hardware, caller: u16) -> Option<u8> {
        match hooks::console_in(hw, caller) {
            ConsoleIn::Key(k) => Some(k),
            ConsoleIn::ReadKeyboard => {
                self.console_in_called = true;
                None
            }
        }
    }

    /// Called once per field: the cursor toggles about twice a second while waiting.
    #[inline(always)]
    pub fn field_tick(&mut self, hw: &mut Hardware) {
        // A running program has no tape wait, SOUND countdown or cursor to tick: one test
        // for the commonest field of all.
        if !self.mode.is_running() {
            self.field_tick_waiting(hw);
        }
    }

    #[inline(never)]
    fn field_tick_waiting(&mut self, hw: &mut Hardware) {
        self.tape_tick();
        match &mut self.mode {
            Mode::Sounding(n) => {
                let n = *n;
                self.mode = if n <= 1 {
                    Mode::Running
                } else {
                    Mode::Sounding(n - 1)
                };
            }
            Mode::Playing(wait) if hw.play_note_ended => {
                // The note's timer ran out at this field's IRQ: the next note starts.
                match wait.notes.get(wait.next) {
                    Some(note) => {
                        note.start(hw);
                        wait.next += 1;
                    }
                    None => {
                        hw.play_note_ended = false;
                        self.mode = Mode::Running;
                    }
                }
            }
            Mode::Prompt | Mode::Input(_) | Mode::Edit(_) => {
                self.cursor.field_passed(hw);
            }
            _ => {}
        }
    }

    /// The compiled line execution is in. The compiled forms are emptied whenever the program
    /// changes (`program_changed`), so one look finds a program line compiled and up to date;
    /// anything else (the direct line, a line to compile, a new index to build, a line past
    /// the end) takes the slow path.
    #[inline]
    fn current_line(&mut self, hw: &Hardware) -> Option<Rc<CompiledLine>> {
        match self.index.compiled(self.pc.line) {
            Some(c) => Some(c.clone()),
            None => self.current_line_slow(hw),
        }
    }

    #[cold]
    #[inline(never)]
    fn current_line_slow(&mut self, hw: &Hardware) -> Option<Rc<CompiledLine>> {
        if self.pc.is_direct() {
            return Some(self.direct.clone());
        }
        self.index.ensure(hw);
        if self.pc.line as usize >= self.index.len() {
            return None;
        }
        Some(
            self.index
                .code(hw, self.pc.line, self.dialect, &mut self.long_names),
        )
    }

    /// The poll between statements when it may find a key: BREAK stops the program, SHIFT+@
    /// pauses it (true then: the statement is not run); any other key is latched for INKEY$.
    #[cold]
    #[inline(never)]
    fn poll_stopped(&mut self, hw: &mut Hardware) -> bool {
        let Some(k) = hw.keyboard.poll() else {
            return false;
        };
        match k {
            code::BREAK => {
                let pc = self.pc;
                self.stmt_pc = pc;
                self.report_break(hw, pc);
                true
            }
            code::PAUSE => {
                self.mode = Mode::Paused;
                true
            }
            _ => {
                hw.mem.poke(INKEY_LATCH, k);
                false
            }
        }
    }

    /// Execute one statement.
    pub(crate) fn step(&mut self, hw: &mut Hardware) {
        // The poll between statements (BasPollKeyboard): one test while nothing is pressed.
        if hw.keyboard.poll_pending() && self.poll_stopped(hw) {
            return;
        }
        let line = loop {
            let Some(line) = self.current_line(hw) else {
                self.cont = None;
                self.finish(hw, Halt::End);
                return;
            };
            if (self.pc.seg as usize) < line.segs.len() {
                break line;
            }
            // End of the line: on to the next one.
            if self.pc.is_direct() {
                self.finish(hw, Halt::End);
                return;
            }
            let next = self.pc.line + 1;
            self.enter_line(hw, next);
            if !self.mode.is_running() {
                return;
            }
        };
        self.stmt_pc = self.pc;
        self.pc.seg += 1;
        // The statement hooks $019A and $0179, when a write may have patched one.
        if hw.statement_hooks && self.statement_hooks(hw, &line) {
            return;
        }
        self.temp_count = 0;
        let seg = &line.segs[self.stmt_pc.seg as usize];
        hw.cycles += seg.cost;
        // NEXT and LET are the hottest statements of all, GOSUB and RETURN the cheapest of
        // the hot ones: dispatched here, without the general match (whose large frame costs
        // more than a LET's own work outside its expression, and about what a RETURN's does).
        let result = match &seg.stmt {
            Stmt::Next(vars) => self.next_stmt(hw, vars, seg.cost),
            Stmt::Gosub(j) => self.gosub_out_of_line(hw, j),
            Stmt::Return => self.return_out_of_line(hw),
            Stmt::Let(LValue::Var(n), value) if !is_string_name(*n) => {
                self.let_number(hw, *n, value)
            }
            Stmt::Let(target, value) => self.let_stmt(hw, target, value),
            stmt => self.exec(hw, stmt, &line),
        };
        match result {
            Ok(()) => {
                // The ROM sees junk only when the statement leaves its text pointer on it:
                // when execution goes on to the next statement, not after a jump (GOTO, GOSUB,
                // ON, NEXT looping, even to this line) nor after a false IF's skip.
                if seg.trailing_junk && self.pc == self.stmt_pc.next_statement() {
                    self.finish(hw, Halt::Error(ErrorCode::SN));
                }
            }
            Err(h) => self.finish(hw, h),
        }
        // A RAM hook's routine the statement's printing ran, stopped: reported now.
        if hw.hook_stopped.is_some() {
            self.report_deferred_stops(hw);
        }
    }
}
