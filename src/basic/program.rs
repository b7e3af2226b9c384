//! The program as the Dragon stores it in RAM (machine.md §2): linked lines
//! `[next addr][line number][crunched text][0]`, ended by a 0000 link, between
//! PROGRAM_START ($19) and VARS_START ($1B).

use crate::basic::error::ErrorCode;
use crate::machine::memory::Memory;

/// One stored line, located in RAM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRef {
    /// Address of the line's link field.
    pub addr: u16,
    pub number: u16,
    /// Address of the first byte of crunched text.
    pub text: u16,
    /// Address of the terminating 0 byte.
    pub end: u16,
    /// The link as stored (address of the next line; 0 at the end).
    pub next: u16,
}

/// StackBuf: a program line may not bring the end of the program within 58 bytes of the stack.
pub const STACK_BUF: u16 = 58;

#[allow(unused_variables)]
/// The lines of the program in order, following the links from PROGRAM_START.
pub fn lines(mem: &Memory) -> Vec<LineRef> {
    todo!("program: lines")
}

#[allow(unused_variables)]
/// The line with exactly this number.
pub fn find_line(mem: &Memory, number: u16) -> Option<LineRef> {
    todo!("program: find_line")
}

#[allow(unused_variables)]
/// Store a crunched line (replacing one with the same number), or delete the line when
/// `text` is empty. Relinks and moves VARS_START/ARRAYS_START/STORAGE_END to the new end of
/// the program. ?OM when the new end + 58 would reach `stack_pointer`; nothing changes then.
pub fn store_line(
    mem: &mut Memory,
    number: u16,
    text: &[u8],
    stack_pointer: u16,
) -> Result<(), ErrorCode> {
    todo!("program: store_line")
}

#[allow(unused_variables)]
/// NEW: an empty program (a 0000 link) and the variable pointers just after it.
pub fn clear_program(mem: &mut Memory) {
    todo!("program: clear_program")
}

#[allow(unused_variables)]
/// Rebuild every link by scanning for each line's 0 byte (DR BasVect2), as after a load.
pub fn relink(mem: &mut Memory) {
    todo!("program: relink")
}

#[allow(unused_variables)]
/// DEL: remove lines `first..=last` (missing lines are not an error).
pub fn delete_range(mem: &mut Memory, first: u16, last: u16) {
    todo!("program: delete_range")
}
