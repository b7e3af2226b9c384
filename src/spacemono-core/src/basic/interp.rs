//! The interpreter as a state machine: at the prompt, running, or reading an INPUT line. It
//! is stepped with a cycle budget (one field's worth) and never blocks the host.

use std::rc::Rc;

use crate::basic::ast::{CompiledLine, Expr, Jump, VarName, FLAT_STACK};
use crate::basic::compile::compile_line_for;
use crate::basic::control_stack::ControlStack;
use crate::basic::cost;
use crate::basic::crunch;
use crate::basic::cursor::Cursor;
use crate::basic::data_pointer::DataPointer;
use crate::basic::dialect::Dialect;
use crate::basic::error::ErrorCode;
use crate::basic::float::{FloatUnit, Packed, Unpacked};
use crate::basic::line_editor::LineEditor;
use crate::basic::long_names::LongNames;
use crate::basic::machine_code::Stop;
use crate::basic::mode::Mode;
use crate::basic::pc::Pc;
use crate::basic::program;
use crate::basic::program_index::ProgramIndex;
use crate::basic::trace::Trace;
use crate::basic::vars::VarIndex;
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;
use crate::machine::screen::{TextScreen, BLANK};

/// The line input buffer, where direct-mode lines are crunched and run (DR LINBUF).
pub const LINE_BUFFER: u16 = 0x02DC;
/// Characters the line buffer holds before its terminating 0 (LineBufMax 250, docs/machine.md §1).
pub const LINE_BUFFER_TEXT: usize = 249;

/// Put `text` (its first [`LINE_BUFFER_TEXT`] bytes) in the line buffer with a 0 after it, as
/// a typed line, an INPUT answer or a tape record sits there; returns how many bytes went in.
pub(crate) fn fill_line_buffer(hw: &mut Hardware, text: &[u8]) -> usize {
    let n = text.len().min(LINE_BUFFER_TEXT);
    hw.mem
        .slice_mut(LINE_BUFFER, LINE_BUFFER + n as u16)
        .copy_from_slice(&text[..n]);
    hw.mem.poke(LINE_BUFFER + n as u16, 0);
    n
}

/// Strings whose address is at or below this are copied into string space (STRBUF end).
pub const BUFFER_STRINGS_END: u16 = 0x03D9;
/// The INKEY$ latch: a key seen by the poll between statements.
pub const INKEY_LATCH: u16 = 0x87;
/// Line number of a direct-mode statement.
pub const DIRECT_LINE: u16 = 0xFFFF;

#[derive(Clone)]
pub struct Interpreter {
    pub(super) fu: FloatUnit,
    pub(super) vars: VarIndex,
    pub(super) fns: std::collections::HashMap<VarName, (VarName, Rc<Expr>)>,
    /// The program's lines by number and their compiled forms.
    pub(super) index: ProgramIndex,
    /// MBASIC: the codes of names longer than two characters (kept for the session).
    pub(super) long_names: LongNames,
    /// PRINT's scratch bytes (a number's digits, a string's copy), kept to spare allocations.
    pub(super) print_buf: Vec<u8>,
    pub(super) direct: Rc<CompiledLine>,
    pub(super) pc: Pc,
    /// The statement being executed (for errors and CONT).
    pub(super) stmt_pc: Pc,
    pub(super) mode: Mode,
    /// The FOR/GOSUB frames and the stack bytes they take.
    pub(super) stack: ControlStack,
    pub(super) cont: Option<Pc>,
    /// READ's place in the DATA statements.
    pub(super) data: DataPointer,
    /// TRON and `--trace`'s record of the lines run.
    pub(super) trace: Trace,
    /// The BASIC the program was written for (`--dialect`); the Dragon's own by default. The
    /// cruncher, the compiler, RND, TAB and RANDOMIZE consult it.
    pub(super) dialect: Dialect,
    /// The last RND fraction, which RND(0) repeats in the Altair and MBASIC dialects.
    pub(super) last_rnd: Option<Packed>,
    pub(super) temp_count: u16,
    pub(super) editor: LineEditor,
    /// The cycle budget of the current slice.
    pub(super) budget: u32,
    /// Field ends a running program may cross within one slice (`Machine::run_fields`): a
    /// frontend with nothing to do between fields spares their cost. 0: one field a slice.
    pub(super) fields_ahead: u32,
    /// The left operands a flat expression keeps waiting (eval_flat.rs).
    pub(super) flat_stack: [Unpacked; FLAT_STACK],
    /// The blinking cursor shown while a line is typed.
    pub(super) cursor: Cursor,
    /// A USR routine's stop, carried by the error path to its report (`report_error`).
    pub(super) code_stop: Option<Stop>,
    /// The IRQ routine's stop, reported at the start of the next slice.
    pub(super) irq_stop: Option<Stop>,
    /// Messages of machine-code stops for the host's stderr (`Machine::take_code_stops`).
    pub(super) code_stops: Vec<String>,
    /// The console-in hook ($016A) was called for the key being waited for: the ROM calls it
    /// once before it waits, not again each field of the wait.
    pub(super) console_in_called: bool,
}

impl std::fmt::Debug for Interpreter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Interpreter({:?}, {:?})", self.mode, self.pc)
    }
}

pub type Res<T> = Result<T, ErrorCode>;

/// Why a statement did not simply continue.
#[derive(Debug)]
pub enum Halt {
    Error(ErrorCode),
    /// STOP or BREAK: `BREAK IN n`, CONT allowed from the given position.
    Break(Pc),
    /// END, or the program ran off its last line.
    End,
}

impl From<crate::basic::float::FpError> for Halt {
    fn from(e: crate::basic::float::FpError) -> Self {
        Halt::Error(e.into())
    }
}

impl From<ErrorCode> for Halt {
    fn from(e: ErrorCode) -> Self {
        Halt::Error(e)
    }
}

impl Default for Interpreter {
    fn default() -> Self {
        Self::new()
    }
}

impl Interpreter {
    pub fn new() -> Self {
        Interpreter {
            fu: FloatUnit::new(),
            vars: VarIndex::default(),
            fns: Default::default(),
            long_names: LongNames::default(),
            print_buf: Vec::with_capacity(256),
            index: ProgramIndex::default(),
            direct: Rc::new(CompiledLine::default()),
            pc: Pc::DIRECT_START,
            stmt_pc: Pc::DIRECT_START,
            mode: Mode::Prompt,
            stack: ControlStack::default(),
            cont: None,
            data: DataPointer::default(),
            trace: Trace::default(),
            dialect: Dialect::Dragon,
            last_rnd: None,
            temp_count: 0,
            editor: LineEditor::new(),
            budget: 0,
            fields_ahead: 0,
            flat_stack: [Unpacked::default(); FLAT_STACK],
            cursor: Cursor::default(),
            code_stop: None,
            irq_stop: None,
            code_stops: Vec::new(),
            console_in_called: false,
        }
    }

    /// Power on: RAM laid out as a Dragon 32 lays it out, sign-on message, `OK`.
    pub fn power_on(&mut self, hw: &mut Hardware) {
        let mem = &mut hw.mem;
        mem.write_u16(addr::PROGRAM_START, addr::POWER_ON_PROGRAM);
        mem.poke(addr::POWER_ON_PROGRAM - 1, 0);
        mem.write_u16(addr::STACK_TOP, addr::POWER_ON_STACK_TOP);
        mem.write_u16(addr::RAM_TOP, addr::POWER_ON_RAM_TOP);
        mem.write_u16(addr::STRING_TOP, addr::POWER_ON_RAM_TOP);
        mem.write_u16(addr::CURRENT_LINE, DIRECT_LINE);
        mem.write_u16(addr::TIMER, 0);
        mem.poke(addr::RND_SEED, 0x80);
        crate::machine::rom_area::power_on(mem);
        hw.console_out_hook = Some(crate::basic::machine_code::hooks::console_out);
        program::clear_program(mem);
        crate::basic::graphics::power_on(mem);
        crate::basic::play::init(mem);
        self.fu = FloatUnit::new();
        self.sync_seed_to_ram(hw);
        TextScreen::fill(&mut hw.mem, BLANK);
        hw.print_bytes(
            b"(C) 1982 DRAGON DATA LTD\r16K BASIC INTERPRETER 1.0\r(C) 1982 BY MICROSOFT\r\r",
        );
        self.reset_run_state(hw);
        self.go_prompt(hw);
    }

    // ------------------------------------------------------------------ stack accounting

    /// The 6809 S register while a statement handler runs (docs/interpreter.md §1.1).
    #[inline]
    pub(crate) fn s_h(&self, hw: &Hardware) -> i32 {
        hw.mem.read_u16(addr::STACK_TOP) as i32 - 3 - self.stack.bytes() as i32
    }

    #[inline]
    pub(crate) fn var_end(&self, hw: &Hardware) -> i32 {
        hw.mem.read_u16(addr::STORAGE_END) as i32
    }

    /// The evaluator's memory check at `level` bytes below S_h: ?OM when
    /// VarEnd + 62 ≥ S_h − level.
    #[inline]
    pub(crate) fn check_eval_room(&self, hw: &Hardware, level: u16) -> Res<()> {
        if self.var_end(hw) + 62 >= self.s_h(hw) - level as i32 {
            Err(ErrorCode::OM)
        } else {
            Ok(())
        }
    }

    pub(crate) fn current_line_number(&self) -> u16 {
        if self.stmt_pc.is_direct() {
            DIRECT_LINE
        } else {
            self.index.number(self.stmt_pc.line).unwrap_or(DIRECT_LINE)
        }
    }

    // ------------------------------------------------------------------ run state

    /// What RUN, NEW, CLEAR and every program edit do (BasEraseVars): variables, arrays and
    /// strings gone, DATA restored, stack reset, CONT impossible.
    pub(crate) fn reset_run_state(&mut self, hw: &mut Hardware) {
        let mem = &mut hw.mem;
        let vs = mem.read_u16(addr::VARS_START);
        mem.write_u16(addr::ARRAYS_START, vs);
        mem.write_u16(addr::STORAGE_END, vs);
        let top = mem.read_u16(addr::RAM_TOP);
        mem.write_u16(addr::STRING_TOP, top);
        self.vars.clear();
        self.fns.clear();
        self.data.restore();
        self.stack.clear();
        self.cont = None;
        self.temp_count = 0;
    }

    pub(crate) fn sync_seed_to_ram(&self, hw: &mut Hardware) {
        let s = self.fu.seed().to_be_bytes();
        for (i, b) in s.iter().enumerate() {
            hw.mem.poke(addr::RND_SEED + 1 + i as u16, *b);
        }
    }

    pub(crate) fn seed_from_ram(&mut self, hw: &Hardware) {
        let mut b = [0u8; 4];
        for (i, x) in b.iter_mut().enumerate() {
            *x = hw.mem.peek(addr::RND_SEED + 1 + i as u16);
        }
        self.fu.set_seed(u32::from_be_bytes(b));
    }

    /// Back to `OK` and the line editor (BasCmdMode).
    pub(crate) fn go_prompt(&mut self, hw: &mut Hardware) {
        self.cursor.hide(hw);
        if hw.column() != 0 {
            hw.print(b'\r');
        }
        hw.print_bytes(b"OK\r");
        hw.mem.write_system_u16(addr::CURRENT_LINE, DIRECT_LINE);
        self.mode = Mode::Prompt;
        self.editor.clear();
        // The FOR/GOSUB frames stay: a direct command between STOP and CONT keeps them, as
        // the Dragon's stack does. Errors, RUN, CLEAR, NEW and edits drop them.
        self.pc = Pc::DIRECT_START;
        self.stmt_pc = self.pc;
    }

    /// Report an error as SysErr does and return to the prompt.
    pub(crate) fn report_error(&mut self, hw: &mut Hardware, e: ErrorCode) {
        if let Some(stop) = self.code_stop.take() {
            // A USR routine that stopped came here by the error path.
            return self.report_code_stop(hw, stop);
        }
        if hw.mem.peek(crate::machine::rom_area::low_ram::ERROR_HOOK)
            != crate::machine::rom_area::low_ram::RTS
        {
            // (ErrorCode is in the ROM's order: B is its offset in the table of codes.)
            crate::basic::machine_code::hooks::error(hw, 2 * e as u8);
        }
        self.cursor.hide(hw);
        let line = self.current_line_number();
        if hw.column() != 0 {
            hw.print(b'\r');
        }
        hw.print(b'?');
        hw.print_bytes(e.code().as_bytes());
        hw.print_bytes(b" ERROR");
        if line != DIRECT_LINE {
            hw.print_bytes(b" IN ");
            hw.print_bytes(line.to_string().as_bytes());
        }
        self.cont = None;
        self.stack.clear();
        self.go_prompt(hw);
    }

    /// STOP and BREAK: CR, `BREAK IN n`, OK; CONT resumes at `resume`.
    pub(crate) fn report_break(&mut self, hw: &mut Hardware, resume: Pc) {
        self.cursor.hide(hw);
        let line = self.current_line_number();
        hw.print(b'\r');
        hw.print_bytes(b"BREAK");
        if line != DIRECT_LINE {
            hw.print_bytes(b" IN ");
            hw.print_bytes(line.to_string().as_bytes());
        }
        self.go_prompt(hw);
        if line != DIRECT_LINE {
            self.cont = Some(resume);
        }
    }

    // ------------------------------------------------------------------ the main loop

    // ------------------------------------------------------------------ for the machine

    /// The BASIC programs are crunched and run as.
    pub(crate) fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Crunch and run programs as `dialect` from now on (the caller forgets the compiled
    /// program: `program_changed`).
    pub(crate) fn set_dialect(&mut self, dialect: Dialect) {
        self.dialect = dialect;
    }

    /// Let a running program cross up to `n` field ends within one slice (0: none).
    pub(crate) fn set_fields_ahead(&mut self, n: u32) {
        self.fields_ahead = n;
    }

    /// What the interpreter is doing (the machine's status is made from it).
    pub(crate) fn mode(&self) -> &Mode {
        &self.mode
    }

    /// Record the number of every program line entered from now on (`--trace`).
    pub(crate) fn record_trace(&mut self) {
        self.trace.start_recording();
    }

    /// The line numbers recorded since `record_trace`.
    pub(crate) fn traced_lines(&self) -> Option<&[u16]> {
        self.trace.recorded()
    }

    /// Forget the compiled program: its bytes changed (a POKE, a load, an edit).
    #[inline]
    pub fn program_changed(&mut self) {
        self.index.invalidate();
    }

    /// A numbered line, typed or read from an ASCII tape: crunched and stored (or deleted,
    /// when `rest` is empty) through the line editor's store.
    pub(crate) fn store_program_line(
        &mut self,
        hw: &mut Hardware,
        number: u16,
        rest: &[u8],
    ) -> Res<()> {
        let body = crunch::crunch_for(rest, self.dialect);
        let s = self.s_h(hw) as u16;
        program::store_line(&mut hw.mem, number, &body, s)?;
        self.program_changed();
        Ok(())
    }

    /// A line typed at the prompt: a program line is stored, anything else runs.
    pub fn direct_line(&mut self, hw: &mut Hardware, text: &[u8]) {
        match crunch::split_line_number(text) {
            Err(e) => self.report_error(hw, e),
            Ok(Some((number, rest))) => {
                if let Err(e) = self.store_program_line(hw, number, rest) {
                    self.report_error(hw, e);
                    return;
                }
                self.reset_run_state(hw);
                // No OK after a stored line: straight back to the editor.
                self.editor.clear();
            }
            Ok(None) => {
                let body = crunch::crunch_for(text, self.dialect);
                if body.iter().all(|&b| b == b' ') {
                    return;
                }
                let n = fill_line_buffer(hw, &body);
                self.direct = Rc::new(compile_line_for(
                    &body[..n],
                    LINE_BUFFER,
                    self.dialect,
                    &mut self.long_names,
                ));
                self.pc = Pc::DIRECT_START;
                self.mode = Mode::Running;
            }
        }
    }

    /// Move to the start of program line `index` (running off the end is END). The index is
    /// up to date: every caller found the line, or the statement before it, through it.
    #[inline]
    pub(crate) fn enter_line(&mut self, hw: &mut Hardware, index: u32) {
        debug_assert!(self.index.is_valid());
        let Some(number) = self.index.number(index) else {
            // Running off the end of the program is an END that cannot be continued.
            self.cont = None;
            self.finish(hw, Halt::End);
            return;
        };
        self.pc = Pc::line_start(index);
        hw.mem.write_system_u16(addr::CURRENT_LINE, number);
        hw.cycles += cost::NEW_LINE;
        if self.trace.is_active() {
            self.trace.line_entered(hw, number);
        }
    }

    /// GOTO, THEN n: to the jump's line.
    #[inline(always)]
    pub(crate) fn jump(&mut self, hw: &mut Hardware, j: &Jump) -> Res<()> {
        let (i, search) = self.jump_target(hw, j)?;
        hw.cycles += search;
        self.enter_line(hw, i);
        Ok(())
    }

    /// A jump's line (its index) and what the ROM's search for it costs: what the jump found
    /// the first time, from a program line (from the direct line the search is made each
    /// time: that compiled line outlives program changes).
    #[inline(always)]
    pub(crate) fn jump_target(&mut self, hw: &Hardware, j: &Jump) -> Res<(u32, u32)> {
        if let Some(found) = j.found() {
            return Ok(found);
        }
        let (i, search) = self.search_line(hw, j.target)?;
        if !self.stmt_pc.is_direct() {
            j.remember(i, search);
        }
        Ok((i, search))
    }

    /// Jump to the line with this number (RUN n, which has no jump to remember it in).
    #[inline(always)]
    pub(crate) fn goto_line(&mut self, hw: &mut Hardware, number: u16) -> Res<()> {
        let (i, search) = self.search_line(hw, number)?;
        hw.cycles += search;
        self.enter_line(hw, i);
        Ok(())
    }

    /// The line with this number (its index, ?UL if none) and what the ROM's search for it
    /// costs from the current statement.
    #[inline(always)]
    fn search_line(&mut self, hw: &Hardware, number: u16) -> Res<(u32, u32)> {
        let i = self.index.find(hw, number)?;
        Ok((i, self.search_cost(number, i)))
    }

    /// What the ROM's line search costs: it starts from the current line when the target is
    /// later, else from the start of the program.
    pub(crate) fn search_cost(&self, number: u16, target: u32) -> u32 {
        let current = self.stmt_pc.line;
        // Lines passed over before the target is found.
        if !self.stmt_pc.is_direct() && number > self.current_line_number() {
            cost::SEARCH_LINE * target.saturating_sub(current + 1).min(100_000)
        } else {
            cost::SEARCH_FROM_TOP + cost::SEARCH_LINE * target.min(100_000)
        }
    }

    pub(crate) fn finish(&mut self, hw: &mut Hardware, h: Halt) {
        match h {
            Halt::Error(e) => self.report_error(hw, e),
            Halt::Break(resume) => self.report_break(hw, resume),
            Halt::End => self.go_prompt(hw),
        }
    }
}
