//! The commands that work on the program and its run: RUN, CONT, CLEAR, NEW, DEL, RENUM and
//! EDIT (LIST is with PRINT in `exec_print.rs`). None is on a hot path.

use crate::basic::ast::{Expr, LineRange};
use crate::basic::edit_mode::EditState;
use crate::basic::error::ErrorCode;
use crate::basic::eval::LET_LEVEL;
use crate::basic::interp::{Halt, Interpreter};
use crate::basic::mode::Mode;
use crate::basic::{graphics, listing, play, program, renum};
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;

type ExecResult = Result<(), Halt>;

impl Interpreter {
    /// RUN [n]: variables, graphics and PLAY's settings reset, then the program from its start
    /// or line n.
    pub(crate) fn run_stmt(&mut self, hw: &mut Hardware, target: Option<u16>) -> ExecResult {
        self.reset_run_state(hw);
        graphics::run_reset(&mut hw.mem);
        play::init(&mut hw.mem);
        self.cursor.hide(hw);
        self.index.ensure(hw);
        self.mode = Mode::Running;
        match target {
            Some(n) => self.goto_line(hw, n)?,
            None => self.enter_line(hw, 0),
        }
        Ok(())
    }

    /// CONT: on from where END, STOP or BREAK left the program (?CN when there is nowhere).
    pub(crate) fn cont_stmt(&mut self, hw: &mut Hardware) -> ExecResult {
        match self.cont.take() {
            None => Err(ErrorCode::CN.into()),
            Some(pc) => {
                self.pc = pc;
                if !pc.is_direct() {
                    self.index.ensure(hw);
                    if let Some(number) = self.index.number(pc.line) {
                        hw.mem.write_system_u16(addr::CURRENT_LINE, number);
                    }
                }
                Ok(())
            }
        }
    }

    /// CLEAR [n[,top]]: string space and the top of BASIC's memory, then the variables and
    /// frames erased.
    pub(crate) fn clear_stmt(
        &mut self,
        hw: &mut Hardware,
        size: Option<&Expr>,
        top: Option<&Expr>,
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

    /// NEW: no program and no variables.
    pub(crate) fn new_stmt(&mut self, hw: &mut Hardware) -> ExecResult {
        program::clear_program(&mut hw.mem);
        self.program_changed();
        self.reset_run_state(hw);
        Err(Halt::End)
    }

    /// DEL a-b: the lines go, and with them the variables.
    pub(crate) fn del_stmt(&mut self, hw: &mut Hardware, range: &LineRange) -> ExecResult {
        program::delete_range(&mut hw.mem, range.first, range.last);
        self.program_changed();
        self.reset_run_state(hw);
        Err(Halt::End)
    }

    /// RENUM [new][,start][,inc]: the lines and every reference to them renumbered; what
    /// RENUM reports (undefined lines) is printed, each on a line of its own.
    pub(crate) fn renum_stmt(
        &mut self,
        hw: &mut Hardware,
        new: Option<u16>,
        start: Option<u16>,
        inc: Option<u16>,
    ) -> ExecResult {
        let s = self.s_h(hw) as u16;
        let mut messages: Vec<String> = Vec::new();
        let r = renum::renum(
            &mut hw.mem,
            new.unwrap_or(10),
            start,
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

    /// EDIT n (direct only): the line as LIST shows it, handed to the edit mode.
    pub(crate) fn edit_stmt(&mut self, hw: &mut Hardware, n: u16) -> ExecResult {
        if !self.stmt_pc.is_direct() {
            return Err(ErrorCode::ID.into());
        }
        let Some(l) = program::find_line(&hw.mem, n) else {
            return Err(ErrorCode::UL.into());
        };
        let listed = listing::list_line(l.number, hw.mem.slice(l.text, l.end));
        self.cursor.hide(hw);
        if hw.column() != 0 {
            hw.print(b'\r');
        }
        self.mode = Mode::Edit(EditState::start(hw, n, &listed));
        Ok(())
    }
}
