//! ASCII program listings (`.bas`, `.asc`, `.txt`) and the ASCII saves they correspond to.
//!
//! A listing is read as the lines the Dragon would receive from an ASCII tape: CR, LF, CRLF
//! and LFCR each end a line, everything from the first Ctrl-Z ($1A, the CP/M end-of-file pad)
//! on is dropped, tabs become spaces, and blank lines (empty or only spaces) are left out, as
//! the line editor ignores them. A listing holds printable ASCII only: a NUL, a byte of $80 or
//! more (a tokenized program, or another machine's character set) or another control
//! character is refused, naming its offset. This is the one rule for every command that reads
//! a listing (`run`, `list`, `tape convert`, a .bas tape in the deck).
//!
//! A listing is loaded as an ASCII CLOAD of it (`basic::program_tape`, one loader for a tape
//! and a host file): each line as the Dragon's line input takes it ([`line_input`]: the
//! characters from a space to `z`, so `{|}~` are dropped, and at most 249 of them; a longer
//! line is cut, as on the Dragon). [`long_lines`] finds such lines so that the user can be told.
//!
//! Listings are written with LF line ends (the host convention; the Dragon's CR is used only on
//! tape).
//!
//! On tape an ASCII save (`CSAVE "N",A`) is a namefile of type 0 with ASCII $FF and gap $FF, the
//! text with each line ended by CR ($0D) in 255-byte data blocks, and an EOF block, each block
//! with its own motor gap and leader (XR `cue_read_ascii` does the same for .bas/.asc files,
//! turning LF into CR).

use super::block::Block;
use super::error::{check_size, TapeError, MAX_LISTING_BYTES};
use super::namefile::Namefile;
use super::tapefile::{file_blocks, TapeFile};

const CR: u8 = 0x0D;
const LF: u8 = 0x0A;
const TAB: u8 = 0x09;
const CTRL_Z: u8 = 0x1A;

/// Characters the Dragon's line buffer holds: a longer line is cut to this many when it is
/// typed or loaded (the line editor's `MAX_LINE` is this).
pub const MAX_LINE_CHARS: usize = 249;

/// A line as the Dragon's line input (DR `LB5C6`) takes it from a tape: the characters from a
/// space to `z` (control characters and `{|}~` DEL are dropped), at most [`MAX_LINE_CHARS`]
/// of them (the rest of a longer line is dropped). CLOAD of an ASCII program and INPUT #-1
/// both read their lines so.
pub fn line_input(raw: &[u8]) -> Vec<u8> {
    raw.iter()
        .copied()
        .filter(|c| (b' '..=b'z').contains(c))
        .take(MAX_LINE_CHARS)
        .collect()
}

/// The lines of a listing file as an ASCII CLOAD of it takes them, each with its 1-based line
/// in the file: the text up to the first Ctrl-Z, split at every line end, tabs as spaces (the
/// listing rules above), then each line through [`line_input`] (the Dragon's rules). Blank
/// lines are kept, for the line editor to skip, so that the numbers stay the file's. Bytes no
/// listing holds are dropped here as the line input drops them, not refused: that check is
/// [`listing_text`]'s, for the commands that read a file.
pub fn lines_as_loaded(text: &[u8]) -> Vec<(usize, Vec<u8>)> {
    let text = match text.iter().position(|&c| c == CTRL_Z) {
        Some(end) => &text[..end],
        None => text,
    };
    numbered_lines(text)
        .into_iter()
        .map(|(n, raw)| {
            let spaced: Vec<u8> = raw
                .iter()
                .map(|&c| if c == TAB { b' ' } else { c })
                .collect();
            (n, line_input(&spaced))
        })
        .collect()
}

/// The lines of `text` with their 1-based numbers in the file: CR, LF, CRLF and LFCR each
/// end one line.
pub fn numbered_lines(text: &[u8]) -> Vec<(usize, &[u8])> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c == CR || c == LF {
            out.push((out.len() + 1, &text[start..i]));
            let pair = if c == CR { LF } else { CR };
            i += if text.get(i + 1) == Some(&pair) { 2 } else { 1 };
            start = i;
        } else {
            i += 1;
        }
    }
    if start < text.len() {
        out.push((out.len() + 1, &text[start..]));
    }
    out
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&c| c == b' ' || c == TAB)
}

fn split_lines(text: &[u8]) -> Vec<Vec<u8>> {
    numbered_lines(text)
        .into_iter()
        .filter(|(_, l)| !is_blank(l))
        .map(|(_, l)| l.to_vec())
        .collect()
}

/// A listing file's text as it is loaded: up to the first Ctrl-Z, tabs as spaces, checked to
/// be printable ASCII with line ends. Errors: too large, or a byte no listing holds.
pub fn listing_text(bytes: &[u8]) -> Result<Vec<u8>, TapeError> {
    check_size(bytes, MAX_LISTING_BYTES)?;
    let text = match bytes.iter().position(|&c| c == CTRL_Z) {
        Some(end) => &bytes[..end],
        None => bytes,
    };
    if let Some(offset) = text
        .iter()
        .position(|&c| !(c == CR || c == LF || c == TAB || (0x20..0x80).contains(&c)))
    {
        return Err(TapeError::NotText {
            offset,
            byte: text[offset],
        });
    }
    Ok(text
        .iter()
        .map(|&c| if c == TAB { b' ' } else { c })
        .collect())
}

/// The lines of a listing file (see the module notes). Errors: empty, too large, a byte no
/// listing holds, or no non-blank line.
pub fn parse_listing(bytes: &[u8]) -> Result<Vec<Vec<u8>>, TapeError> {
    let lines = split_lines(&listing_text(bytes)?);
    if lines.is_empty() {
        return Err(TapeError::NoLines);
    }
    Ok(lines)
}

/// A line of a listing longer than the Dragon's line buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongLine {
    /// 1-based line of the file.
    pub file_line: usize,
    /// Its length in characters.
    pub len: usize,
    /// The BASIC line number it starts with, if any.
    pub number: Option<u32>,
}

impl std::fmt::Display for LongLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}", self.file_line)?;
        if let Some(n) = self.number {
            write!(f, " (BASIC line {n})")?;
        }
        write!(
            f,
            " is {} characters; the Dragon keeps the first {MAX_LINE_CHARS}",
            self.len
        )
    }
}

/// The lines of a listing's text that the Dragon will cut (longer than [`MAX_LINE_CHARS`]).
pub fn long_lines(text: &[u8]) -> Vec<LongLine> {
    numbered_lines(text)
        .into_iter()
        .filter(|(_, l)| l.len() > MAX_LINE_CHARS)
        .map(|(file_line, l)| {
            let trimmed = l.iter().skip_while(|&&c| c == b' ');
            let digits: String = trimmed
                .take_while(|c| c.is_ascii_digit())
                .take(9)
                .map(|&c| c as char)
                .collect();
            LongLine {
                file_line,
                len: l.len(),
                number: digits.parse().ok(),
            }
        })
        .collect()
}

/// A line of a listing with characters the Dragon's line input drops when it loads it
/// (`{|}~` and DEL, past `z`; see [`line_input`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DroppedCharacters {
    /// 1-based line of the file.
    pub file_line: usize,
    /// The characters dropped, in order (each once).
    pub chars: Vec<u8>,
}

impl std::fmt::Display for DroppedCharacters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown: String = self
            .chars
            .iter()
            .map(|&c| match c {
                0x7F => "DEL".to_string(),
                c => (c as char).to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ");
        write!(
            f,
            "line {} has characters the Dragon drops when it loads the line: {shown}",
            self.file_line
        )
    }
}

/// The lines of a listing's text with printable characters the Dragon will drop (see
/// [`DroppedCharacters`]); line ends, tabs and what follows a Ctrl-Z are not counted.
pub fn dropped_characters(text: &[u8]) -> Vec<DroppedCharacters> {
    let text = match text.iter().position(|&c| c == CTRL_Z) {
        Some(end) => &text[..end],
        None => text,
    };
    numbered_lines(text)
        .into_iter()
        .filter_map(|(file_line, l)| {
            let mut chars: Vec<u8> = Vec::new();
            for &c in l.iter().filter(|&&c| c > b'z' && c < 0x80) {
                if !chars.contains(&c) {
                    chars.push(c);
                }
            }
            (!chars.is_empty()).then_some(DroppedCharacters { file_line, chars })
        })
        .collect()
}

/// A listing file: each line followed by LF.
pub fn write_listing<L: AsRef<[u8]>>(lines: &[L]) -> Vec<u8> {
    join(lines, LF)
}

fn join<L: AsRef<[u8]>>(lines: &[L], end: u8) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l.as_ref());
        out.push(end);
    }
    out
}

/// The text of an ASCII save: each line followed by CR.
pub fn tape_payload<L: AsRef<[u8]>>(lines: &[L]) -> Vec<u8> {
    join(lines, CR)
}

/// The lines in the payload of an ASCII save (split as a listing is; blank lines dropped).
pub fn lines_from_payload(payload: &[u8]) -> Vec<Vec<u8>> {
    split_lines(payload)
}

/// The blocks of `CSAVE "name",A` for these lines.
pub fn lines_to_blocks<L: AsRef<[u8]>>(name: &str, lines: &[L]) -> Vec<Block> {
    file_blocks(&Namefile::csave_ascii(name), &tape_payload(lines))
}

/// The blocks of an ASCII save of a listing file.
pub fn listing_to_blocks(name: &str, listing: &[u8]) -> Result<Vec<Block>, TapeError> {
    Ok(lines_to_blocks(name, &parse_listing(listing)?))
}

/// The lines of an ASCII file read from tape. A file whose namefile has the ASCII flag clear is
/// refused ([`TapeError::NotAscii`]); a file with no namefile is read as text.
pub fn lines_from_tape_file(file: &TapeFile) -> Result<Vec<Vec<u8>>, TapeError> {
    if file.namefile.is_some_and(|n| !n.ascii) {
        return Err(TapeError::NotAscii);
    }
    Ok(lines_from_payload(&file.payload()))
}

/// A listing file (LF line ends) from an ASCII file read from tape.
pub fn listing_from_tape_file(file: &TapeFile) -> Result<Vec<u8>, TapeError> {
    Ok(write_listing(&lines_from_tape_file(file)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_end_counts_once() {
        let got: Vec<usize> = numbered_lines(b"a\r\nb\n\rc\rd\ne")
            .iter()
            .map(|(n, _)| *n)
            .collect();
        assert_eq!(got, [1, 2, 3, 4, 5]);
        assert_eq!(numbered_lines(b"a\n\nb")[2], (3, &b"b"[..]));
    }
}
