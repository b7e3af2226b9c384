//! LIST: crunched text back to what the Dragon's LIST prints (DR `CmdList`, `L8F08`).

#[allow(unused_variables)]
/// The text of one line as LIST prints it: the number without a leading space, one space,
/// then the expanded text (the `:` before ELSE and `'` hidden, `!` for unknown tokens).
pub fn list_line(number: u16, text: &[u8]) -> Vec<u8> {
    todo!("list_line")
}
