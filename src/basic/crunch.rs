//! The cruncher: typed text to the Dragon's tokenized form (DR `L8F67`, machine.md §1,
//! interpreter.md §1), byte for byte as the ROM stores it.

use crate::basic::error::ErrorCode;

#[allow(unused_variables)]
/// Crunch the text of a line (after its line number) or a direct-mode command.
pub fn crunch(text: &[u8]) -> Vec<u8> {
    todo!("crunch")
}

#[allow(unused_variables)]
/// If `input` starts with a digit it is a program line: returns its number and the text
/// after the number and the spaces that follow it. Numbers above 63999 are ?SN.
pub fn split_line_number(input: &[u8]) -> Result<Option<(u16, &[u8])>, ErrorCode> {
    todo!("split_line_number")
}
