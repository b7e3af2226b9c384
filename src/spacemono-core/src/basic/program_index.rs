//! The program index: the lines in RAM by number, and their compiled forms, made from the
//! program text when it is first needed after the text changed.
//!
//! What it keeps true: the compiled forms are there only while the index describes the text
//! in RAM (`invalidate` drops them at once), so a compiled line found is up to date; while
//! valid there is one compiled slot per line, and the number table (when the numbers
//! increase) gives every line's index. The line entries outlive `invalidate` until the next
//! rebuild, so an error is still reported in the line that was running.

use std::rc::Rc;

use crate::basic::ast::CompiledLine;
use crate::basic::compile::compile_line_for;
use crate::basic::dialect::Dialect;
use crate::basic::error::ErrorCode;
use crate::basic::long_names::LongNames;
use crate::basic::program;
use crate::machine::hardware::Hardware;

/// A program line: its number and where its text is in RAM.
#[derive(Clone, Debug)]
pub struct LineEntry {
    pub number: u16,
    /// The first byte of the line's text (after the link and the number).
    pub text: u16,
    /// The line's terminating 0.
    pub end: u16,
}

/// A `line_by_number` entry with no line.
const NO_LINE: u32 = u32::MAX;

#[derive(Clone, Debug, Default)]
pub struct ProgramIndex {
    lines: Vec<LineEntry>,
    /// Line number → index in `lines` (`NO_LINE`: no such line), so that GOTO, GOSUB and
    /// THEN find their line in one look instead of a binary search. Empty while the lines in
    /// RAM are not in strictly increasing order (a POKEd program), when the binary search,
    /// whose answer on such a list is what the interpreter has always given, is used.
    line_by_number: Vec<u32>,
    /// Each line's compiled form, made on its first run; empty while not `valid`.
    compiled: Vec<Option<Rc<CompiledLine>>>,
    /// The index describes the program text now in RAM.
    valid: bool,
}

impl ProgramIndex {
    /// Forget the compiled form: the program bytes changed. (The compiled lines go at once:
    /// the statement loop takes a compiled line it finds as up to date.)
    #[inline]
    pub fn invalidate(&mut self) {
        self.valid = false;
        self.compiled.clear();
    }

    /// Whether the index describes the program text now in RAM.
    #[inline]
    pub fn is_valid(&self) -> bool {
        self.valid
    }

    /// Build the index from RAM if the text changed since it was built.
    #[inline]
    pub fn ensure(&mut self, hw: &Hardware) {
        if !self.valid {
            self.rebuild(hw);
        }
    }

    #[cold]
    fn rebuild(&mut self, hw: &Hardware) {
        // Unset the old lines' entries (cheaper than refilling all 64K).
        if !self.line_by_number.is_empty() {
            for l in &self.lines {
                self.line_by_number[l.number as usize] = NO_LINE;
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
                self.line_by_number = vec![NO_LINE; 0x10000];
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
        self.valid = true;
    }

    /// How many lines the index holds.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Line `i`'s entry, if there is such a line.
    #[inline(always)]
    pub fn entry(&self, i: u32) -> Option<&LineEntry> {
        self.lines.get(i as usize)
    }

    /// Line `i`'s number, if there is such a line.
    #[inline(always)]
    pub fn number(&self, i: u32) -> Option<u16> {
        self.lines.get(i as usize).map(|l| l.number)
    }

    /// Line `i`'s compiled form if it has been compiled (and so is up to date).
    #[inline(always)]
    pub fn compiled(&self, i: u32) -> Option<&Rc<CompiledLine>> {
        match self.compiled.get(i as usize) {
            Some(Some(c)) => Some(c),
            _ => None,
        }
    }

    /// The compiled form of line `i` of a valid index, compiled on first use (as `dialect`,
    /// its long names coded in `long_names`).
    #[inline]
    pub fn code(
        &mut self,
        hw: &Hardware,
        i: u32,
        dialect: Dialect,
        long_names: &mut LongNames,
    ) -> Rc<CompiledLine> {
        if let Some(c) = self.compiled(i) {
            return c.clone();
        }
        self.compile(hw, i as usize, dialect, long_names)
    }

    /// Compile line `i` (its first run since the program changed).
    #[cold]
    #[inline(never)]
    fn compile(
        &mut self,
        hw: &Hardware,
        i: usize,
        dialect: Dialect,
        long_names: &mut LongNames,
    ) -> Rc<CompiledLine> {
        debug_assert!(self.valid);
        let e = &self.lines[i];
        let text = hw.mem.slice(e.text, e.end);
        let c = Rc::new(compile_line_for(text, e.text, dialect, long_names));
        self.compiled[i] = Some(c.clone());
        c
    }

    /// Index of the line with this number (?UL if there is none), the index brought up to
    /// date first.
    pub fn find(&mut self, hw: &Hardware, number: u16) -> Result<u32, ErrorCode> {
        self.ensure(hw);
        if let Some(&i) = self.line_by_number.get(number as usize) {
            return if i == NO_LINE {
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

#[cfg(test)]
mod tests {
    use super::ProgramIndex;
    use crate::basic::dialect::Dialect;
    use crate::basic::error::ErrorCode;
    use crate::basic::long_names::LongNames;
    use crate::basic::program;
    use crate::machine::hardware::Hardware;
    use crate::machine::memory::addr;

    /// RAM laid out as at power-on, with these lines (each `X=1`).
    fn program_of(numbers: &[u16]) -> Hardware {
        let mut hw = Hardware::default();
        let mem = &mut hw.mem;
        mem.write_u16(addr::PROGRAM_START, addr::POWER_ON_PROGRAM);
        mem.poke(addr::POWER_ON_PROGRAM - 1, 0);
        mem.write_u16(addr::STACK_TOP, addr::POWER_ON_STACK_TOP);
        mem.write_u16(addr::RAM_TOP, addr::POWER_ON_RAM_TOP);
        program::clear_program(mem);
        for &n in numbers {
            program::store_line(mem, n, b"X=1", addr::POWER_ON_STACK_TOP).unwrap();
        }
        hw
    }

    #[test]
    fn lines_are_found_by_number_and_compiled_only_while_valid() {
        let hw = program_of(&[10, 20, 30]);
        let mut index = ProgramIndex::default();
        assert_eq!(index.find(&hw, 20), Ok(1));
        assert_eq!(index.find(&hw, 25), Err(ErrorCode::UL));
        assert_eq!((index.len(), index.number(2)), (3, Some(30)));
        let mut names = LongNames::default();
        index.code(&hw, 1, Dialect::Dragon, &mut names);
        assert!(index.compiled(1).is_some());
        index.invalidate();
        assert!(!index.is_valid());
        assert!(index.compiled(1).is_none(), "no stale code after a change");
        assert_eq!(index.number(2), Some(30), "numbers stay until the rebuild");
        let hw = program_of(&[10]);
        assert_eq!(index.find(&hw, 20), Err(ErrorCode::UL));
        assert_eq!(index.len(), 1);
    }
}
