//! A program whose text is written while it runs.
//!
//! The ROM runs a program from its text: after each statement its dispatcher (DR `BasRun`
//! $849F) reads the byte at the text pointer, which the statement left on the `:` or the 0
//! that ends it. So after a statement that wrote over the program (a POKE, PCOPY to a page
//! that lies on it, PCLS or another graphics statement drawing on such a page, a tape load)
//! the ROM goes on with whatever bytes are there now: a `:` → the statement after it; a 0 →
//! the next line, found by stepping over the 0 (`L84B5`; a 0000 link there ends the program
//! as END does); anything else → ?SN in the line that was running (BasCurrentLine is not
//! changed).
//!
//! Here statements run from compiled lines, so `Memory` watches the text they were compiled
//! from (`Memory::watch`, set when the index is built) and after a statement that wrote into
//! it this finds where the ROM's pointer goes in the new text. It can resume only at the start
//! of a statement of a line the new text's links lead to; a pointer that lands anywhere else
//! would make the ROM run the bytes as they come, which is not modelled: that is reported as
//! ?SN in the line that was running.

use crate::basic::ast::CompiledLine;
use crate::basic::compile::split_segments;
use crate::basic::error::ErrorCode;
use crate::basic::exec::ExecResult;
use crate::basic::interp::{Halt, Interpreter};
use crate::basic::mode::Mode;
use crate::basic::pc::Pc;
use crate::basic::program;
use crate::machine::hardware::Hardware;

/// Where the ROM's text pointer leads after the statement that wrote over the program.
enum Resume {
    /// Statement `seg` of the line at `line` (an index of the rebuilt program index).
    Statement { line: usize, seg: u16 },
    /// The start of the line at this index.
    Line(usize),
    /// A 0000 link: the program's end.
    End,
    /// Anything else.
    SyntaxError,
}

impl Interpreter {
    /// After a statement (its result `r`) that wrote into the watched program text: where
    /// execution goes on, as the ROM's pointer would.
    #[cold]
    #[inline(never)]
    pub(crate) fn text_overwritten(
        &mut self,
        hw: &mut Hardware,
        line: &CompiledLine,
        r: ExecResult,
    ) -> ExecResult {
        hw.mem.take_watched_write();
        // A statement that rebuilt what it changed (line entry, CLOAD, PCLEAR, DEL) left the
        // index invalid; it set where execution goes itself.
        if !self.index.is_valid() {
            return r;
        }
        let running = matches!(
            self.mode,
            Mode::Running | Mode::Sounding(_) | Mode::Playing(_) | Mode::Input(_) | Mode::Paused
        );
        let pointer = self
            .index
            .entry(self.stmt_pc.line)
            .zip(line.segs.get(self.stmt_pc.seg as usize))
            .map(|(entry, seg)| entry.text.wrapping_add(seg.end));
        // The index goes in every case: it describes the old text. (Its line numbers stay
        // until it is rebuilt, so an error is still reported in the line that was running.)
        self.program_changed();
        let pointer = match pointer {
            Some(p) if r.is_ok() && running && self.pc == self.stmt_pc.next_statement() => p,
            // An error, a stop, or gone elsewhere (a jump: the ROM's pointer left the old
            // text too).
            _ => return r,
        };
        match where_the_pointer_leads(hw, pointer) {
            Resume::Statement { line, seg } => {
                self.index.ensure(hw);
                self.pc = Pc {
                    line: line as u32,
                    seg,
                };
                Ok(())
            }
            Resume::Line(index) => {
                self.index.ensure(hw);
                self.enter_line(hw, index as u32);
                Ok(())
            }
            Resume::End => {
                self.cont = None;
                Err(Halt::End)
            }
            Resume::SyntaxError => Err(ErrorCode::SN.into()),
        }
    }
}

/// The ROM's dispatcher at `pointer` in the new text (DR `BasRun`).
fn where_the_pointer_leads(hw: &Hardware, pointer: u16) -> Resume {
    let mem = &hw.mem;
    match mem.peek(pointer) {
        b':' => {
            let at = pointer.wrapping_add(1);
            let lines = program::lines(mem);
            let found = lines.iter().enumerate().find_map(|(i, l)| {
                if at < l.text || at > l.end {
                    return None;
                }
                let offset = (at - l.text) as usize;
                split_segments(l.text_bytes(mem))
                    .iter()
                    .position(|&(start, _)| start == offset)
                    .map(|k| (i, k as u16))
            });
            match found {
                Some((line, seg)) => Resume::Statement { line, seg },
                None => Resume::SyntaxError,
            }
        }
        0 => {
            let link = pointer.wrapping_add(1);
            if (link as u32) + 2 > crate::machine::memory::addr::RAM_END || mem.read_u16(link) == 0
            {
                return Resume::End;
            }
            match program::lines(mem).iter().position(|l| l.addr == link) {
                Some(i) => Resume::Line(i),
                None => Resume::SyntaxError,
            }
        }
        _ => Resume::SyntaxError,
    }
}
