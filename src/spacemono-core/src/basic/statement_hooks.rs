//! The statement hooks as the statement loop meets them (docs/machine.md §12.5): before a
//! statement, the next-command hook ($019A), then the command-interpreter hook ($0179) with
//! the statement's first character; `machine_code::hooks` runs their routines.

use crate::basic::ast::CompiledLine;
use crate::basic::error::ErrorCode;
use crate::basic::interp::{Halt, Interpreter, LINE_BUFFER};
use crate::basic::machine_code::hooks::{
    call_hook, AFTER_COMMAND_HOOK, AFTER_NEXT_COMMAND_HOOK, COMMAND_HOOK, NEXT_COMMAND_HOOK,
};
use crate::basic::machine_code::RETURN_TO_STATEMENTS;
use crate::machine::hardware::Hardware;
use crate::machine::rom_area::low_ram;

/// BasAddrSigByte: the ROM's text pointer, on the statement's first character after BasChrGet.
const TEXT_POINTER: u16 = 0xA6;

impl Interpreter {
    /// The statement hooks before the statement `self.stmt_pc` of `line`, as BasRun and the
    /// dispatcher call them: $019A, then $0179 with the statement's first character in A
    /// (and the text pointer at $A6 on it). True when the statement is not to run: a routine
    /// took it, or one was stopped (reported here). Both holding their RTS, the flag that
    /// brought the statement loop here is cleared, so it does not come again until a write
    /// may have patched one.
    #[cold]
    #[inline(never)]
    pub(crate) fn statement_hooks(&mut self, hw: &mut Hardware, line: &CompiledLine) -> bool {
        let next_command = hw.mem.peek(NEXT_COMMAND_HOOK) != low_ram::RTS;
        let command = hw.mem.peek(COMMAND_HOOK) != low_ram::RTS;
        if !next_command && !command {
            hw.statement_hooks = false;
            return false;
        }
        if next_command {
            call_hook(hw, NEXT_COMMAND_HOOK, &[AFTER_NEXT_COMMAND_HOOK], |_| {});
        }
        if command && hw.hook_stopped.is_none() {
            let text = self.statement_text(line);
            let text = (text..text.saturating_add(255))
                .find(|&a| hw.mem.peek(a) != b' ')
                .unwrap_or(text);
            let c = hw.mem.peek(text);
            hw.mem.write_u16(TEXT_POINTER, text);
            let back = call_hook(
                hw,
                COMMAND_HOOK,
                &[RETURN_TO_STATEMENTS, AFTER_COMMAND_HOOK],
                |code| {
                    code.cpu.regs.a = c;
                    code.cpu.regs.x = text;
                },
            );
            if back == Some(RETURN_TO_STATEMENTS) {
                // The routine did the statement: the ROM's loop goes on from the text pointer,
                // which must rest on the `:` or 0 that ends it (else ?SN, DR $84B2). (Here
                // the next statement is the one after this, wherever that `:` is.)
                let p = hw.mem.read_u16(TEXT_POINTER);
                if !matches!(hw.mem.peek(p), 0 | b':') {
                    self.finish(hw, Halt::Error(ErrorCode::SN));
                }
                return true;
            }
        }
        if hw.hook_stopped.is_some() {
            self.report_deferred_stops(hw);
            return true;
        }
        false
    }

    /// Where the text of the statement `self.stmt_pc` of `line` starts in RAM: after the `:`
    /// that ends the one before it, in the program line or the line buffer.
    fn statement_text(&self, line: &CompiledLine) -> u16 {
        let seg = self.stmt_pc.seg as usize;
        let offset = match seg {
            0 => 0,
            n => line.segs.get(n - 1).map_or(0, |s| s.end + 1),
        };
        let start = if self.stmt_pc.is_direct() {
            LINE_BUFFER
        } else {
            self.index
                .entry(self.stmt_pc.line)
                .map_or(LINE_BUFFER, |e| e.text)
        };
        start.wrapping_add(offset)
    }
}
