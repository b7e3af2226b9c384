//! READ's place in the DATA statements (DR `DATPTR`): the byte before the next item (the
//! DATA token, or the `,` or `:` that ended the last item), 0 after RESTORE; and the number of
//! the DATA line it is in, where a malformed item is reported.

use crate::basic::error::ErrorCode;
use crate::basic::tokens::{stmt as tok, FUNCTION_PREFIX};
use crate::machine::memory::{addr, Memory};

#[derive(Clone, Debug, Default)]
pub struct DataPointer {
    /// Where the pointer rests (0: RESTOREd, nothing read yet).
    at: u16,
    /// Line number of the DATA statement being read.
    line: u16,
}

impl DataPointer {
    /// RESTORE: the next READ starts at the program's first DATA.
    pub fn restore(&mut self) {
        self.at = 0;
    }

    pub fn is_restored(&self) -> bool {
        self.at == 0
    }

    /// Where the pointer rests.
    pub fn at(&self) -> u16 {
        self.at
    }

    /// Line number of the DATA statement being read.
    pub fn line(&self) -> u16 {
        self.line
    }

    /// The first READ after RESTORE: on the byte before the program (its 0 starts the search
    /// from line one).
    pub fn start_before_program(&mut self, mem: &Memory) {
        self.at = mem.read_u16(addr::PROGRAM_START).wrapping_sub(1);
    }

    /// An item was read: the pointer stays on the `,`, `:` or 0 that ended it (`L87D9`).
    pub fn item_ended_at(&mut self, at: u16) {
        self.at = at;
    }

    /// Move the DATA pointer from a 0 to the next DATA token (?OD at the program's end), as
    /// DR `L87EA` does: from the pointer, pass statement after statement with the plain
    /// end-of-statement scan (`L861B`: a `:` or 0 outside quotes; it knows nothing of REM, but
    /// a comment's text is not crunched, so it holds no DATA token) and look for a DATA token
    /// at the very first byte of the next one, spaces not skipped (`PRINT: DATA 1` is not
    /// found). Lines are passed by stepping over their 0, not by their links; a 0000 link
    /// ends the program. (Its cycles: `search_cycles`.)
    pub fn find_next(&mut self, mem: &Memory) -> Result<(), ErrorCode> {
        let mut x = u32::from(self.at);
        loop {
            let (at, ended_line) = scan_statement_end(mem, x);
            x = at + 1;
            if ended_line {
                if x + 4 > addr::RAM_END || mem.read_u16(x as u16) == 0 {
                    return Err(ErrorCode::OD);
                }
                self.line = mem.read_u16((x + 2) as u16);
                x += 4;
            }
            if x >= addr::RAM_END {
                return Err(ErrorCode::OD);
            }
            if mem.peek(x as u16) == tok::DATA {
                self.at = x as u16;
                return Ok(());
            }
        }
    }
}

/// DR `L861B`: from `x`, the address of the `:` or 0 that ends the statement (outside quotes;
/// a $FF prefix takes its token byte with it), and whether it was the line's 0. Past the end
/// of RAM it reports the end of a line.
fn scan_statement_end(mem: &Memory, mut x: u32) -> (u32, bool) {
    let mut quoted = false;
    while x < addr::RAM_END {
        let c = mem.peek(x as u16);
        if c == 0 {
            return (x, true);
        }
        if c == b':' && !quoted {
            return (x, false);
        }
        x += 1;
        if c == b'"' {
            quoted = !quoted;
        } else if c == FUNCTION_PREFIX {
            x += 1;
        }
    }
    (addr::RAM_END, true)
}

#[cfg(test)]
mod tests {
    use super::DataPointer;
    use crate::basic::error::ErrorCode;
    use crate::basic::program;
    use crate::basic::tokens::stmt as tok;
    use crate::machine::memory::{addr, Memory};

    #[test]
    fn the_search_finds_the_next_data_statement_and_its_line() {
        let mut mem = Memory::default();
        mem.write_u16(addr::PROGRAM_START, addr::POWER_ON_PROGRAM);
        mem.poke(addr::POWER_ON_PROGRAM - 1, 0);
        mem.write_u16(addr::RAM_TOP, addr::POWER_ON_RAM_TOP);
        program::clear_program(&mut mem);
        let sp = addr::POWER_ON_STACK_TOP;
        program::store_line(&mut mem, 10, b"X=1", sp).unwrap();
        program::store_line(&mut mem, 20, &[tok::DATA, b'7'], sp).unwrap();
        let mut data = DataPointer::default();
        assert!(data.is_restored());
        data.start_before_program(&mem);
        assert_eq!(data.find_next(&mem), Ok(()));
        assert_eq!((mem.peek(data.at()), data.line()), (tok::DATA, 20));
        // Past the item, on the line's 0: no DATA after it.
        data.item_ended_at(data.at() + 2);
        assert_eq!(mem.peek(data.at()), 0);
        assert_eq!(data.find_next(&mem), Err(ErrorCode::OD));
    }
}
