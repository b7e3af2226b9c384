//! ASCII program listings (`.bas`, `.asc`, `.txt`) and the ASCII saves they correspond to.
//!
//! A listing is read as the lines the Dragon would receive from an ASCII tape: CR, LF and CRLF
//! (or LFCR) all end a line, everything from the first Ctrl-Z ($1A, the CP/M end-of-file pad) on
//! is dropped, and blank lines (empty or only spaces and tabs) are left out, as the line editor
//! ignores them. Bytes are passed through unchanged otherwise.
//!
//! Listings are written with LF line ends (the host convention; the Dragon's CR is used only on
//! tape).
//!
//! On tape an ASCII save (`CSAVE "N",A`) is a namefile of type 0 with ASCII $FF and gap $FF, the
//! text with each line ended by CR ($0D) in 255-byte data blocks, and an EOF block, each block
//! with its own motor gap and leader (XR `cue_read_ascii` does the same for .bas/.asc files,
//! turning LF into CR).

use super::block::Block;
use super::error::{check_size, TapeError};
use super::namefile::Namefile;
use super::tapefile::{file_blocks, TapeFile};

const CR: u8 = 0x0D;
const LF: u8 = 0x0A;
const CTRL_Z: u8 = 0x1A;

fn split_lines(text: &[u8]) -> Vec<Vec<u8>> {
    text.split(|&c| c == CR || c == LF)
        .filter(|l| l.iter().any(|&c| c != b' ' && c != b'\t'))
        .map(|l| l.to_vec())
        .collect()
}

/// The lines of a listing file (see the module notes). Errors: empty, too large, a NUL byte
/// (binary or tokenized), or no non-blank line.
pub fn parse_listing(bytes: &[u8]) -> Result<Vec<Vec<u8>>, TapeError> {
    check_size(bytes)?;
    let text = match bytes.iter().position(|&c| c == CTRL_Z) {
        Some(end) => &bytes[..end],
        None => bytes,
    };
    if let Some(offset) = text.iter().position(|&c| c == 0) {
        return Err(TapeError::NotText { offset });
    }
    let lines = split_lines(text);
    if lines.is_empty() {
        return Err(TapeError::NoLines);
    }
    Ok(lines)
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
