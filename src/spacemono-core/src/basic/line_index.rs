//! The program index: the lines in RAM by number and their compiled forms, rebuilt when
//! the program changes.

use std::rc::Rc;

use crate::basic::ast::CompiledLine;
use crate::basic::compile::compile_line_for;
use crate::basic::error::ErrorCode;
use crate::basic::interp::{Interpreter, LineEntry, Res};
use crate::basic::program;
use crate::machine::hardware::Hardware;

impl Interpreter {
    /// Forget the compiled form: the program bytes changed. (The compiled lines go at once:
    /// the statement loop takes a compiled line it finds as up to date.)
    pub fn program_changed(&mut self) {
        self.index_valid = false;
        self.compiled.clear();
    }

    #[inline]
    pub(crate) fn ensure_index(&mut self, hw: &Hardware) {
        if !self.index_valid {
            self.rebuild_index(hw);
        }
    }

    #[cold]
    fn rebuild_index(&mut self, hw: &Hardware) {
        // Unset the old lines' entries (cheaper than refilling all 64K).
        if !self.line_by_number.is_empty() {
            for l in &self.lines {
                self.line_by_number[l.number as usize] = u32::MAX;
            }
        }
        self.lines = program::lines(&hw.mem)
            .into_iter()
            .map(|l| LineEntry {
                number: l.number,
                text: l.text,
                end: l.end,
            })
            .collect();
        self.compiled = vec![None; self.lines.len()];
        if self.lines.windows(2).all(|w| w[0].number < w[1].number) {
            if self.line_by_number.is_empty() {
                self.line_by_number = vec![u32::MAX; 0x10000];
            }
            for (i, l) in self.lines.iter().enumerate() {
                self.line_by_number[l.number as usize] = i as u32;
            }
        } else {
            self.line_by_number = Vec::new();
        }
        // Watch the text the compiled lines will be made from, the 0000 link included.
        let start = program::program_start(&hw.mem);
        let end = self.lines.last().map_or(start, |l| l.end.saturating_add(1));
        hw.mem.watch(start, end.saturating_add(2));
        self.index_valid = true;
    }

    /// The compiled form of program line `i` (of an index that is up to date), compiling it
    /// on first use.
    #[inline]
    pub(crate) fn line_code(&mut self, hw: &Hardware, i: usize) -> Rc<CompiledLine> {
        if let Some(Some(c)) = self.compiled.get(i) {
            return c.clone();
        }
        self.compile_program_line(hw, i)
    }

    /// Compile program line `i` (its first run since the program changed).
    #[cold]
    #[inline(never)]
    pub(crate) fn compile_program_line(&mut self, hw: &Hardware, i: usize) -> Rc<CompiledLine> {
        let e = &self.lines[i];
        let text = hw.mem.slice(e.text, e.end);
        let c = Rc::new(compile_line_for(
            text,
            e.text,
            self.dialect,
            &mut self.long_names,
        ));
        self.compiled[i] = Some(c.clone());
        c
    }

    /// Index of the line with this number (?UL if there is none).
    pub(crate) fn find_line_index(&mut self, hw: &Hardware, number: u16) -> Res<u32> {
        self.ensure_index(hw);
        if let Some(&i) = self.line_by_number.get(number as usize) {
            return if i == u32::MAX {
                Err(ErrorCode::UL)
            } else {
                Ok(i)
            };
        }
        self.lines
            .binary_search_by_key(&number, |l| l.number)
            .map(|i| i as u32)
            .map_err(|_| ErrorCode::UL)
    }
}
