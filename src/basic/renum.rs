//! RENUM new,start,increment: renumber lines and rewrite the line references in the text
//! (GOTO, GOSUB, THEN, ELSE, ON…GO, RUN, LIST-style references) as the Dragon does.

use crate::basic::error::ErrorCode;
use crate::machine::memory::Memory;

#[allow(unused_variables)]
/// Renumber lines from `start` (None = first line) as `new`, `new+inc`, ... Each reference
/// to a missing line is left as it is and reported through `report` as the ROM prints it,
/// e.g. `UL 99 IN 110` (old number, then the new number of the line that holds it).
/// ?FC when the result would be out of order or above 63999; nothing changes then.
pub fn renum(
    mem: &mut Memory,
    new: u16,
    start: Option<u16>,
    inc: u16,
    stack_pointer: u16,
    report: &mut dyn FnMut(&str),
) -> Result<(), ErrorCode> {
    todo!("renum")
}
