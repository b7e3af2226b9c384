//! Reading a program file from disk for `spacemono run`, with errors that name the file.

use std::path::Path;

use crate::basic::program_tape::{first_program, ProgramOnTape};
use crate::formats::ascii;
use crate::formats::TapeError;
use crate::frontend::host_file::{read_limited, ReadError};
use crate::machine::cassette;

#[derive(Debug)]
pub struct ProgramFileError {
    pub path: String,
    pub problem: String,
}

impl std::fmt::Display for ProgramFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.problem)
    }
}
impl std::error::Error for ProgramFileError {}

/// Largest listing accepted: far more than a Dragon's 32K could hold.
pub const MAX_LISTING_BYTES: usize = 4 * 1024 * 1024;

/// A program read for `spacemono run`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramSource {
    /// An ASCII listing, lines ended by LF: load it through the line editor.
    Listing(Vec<u8>),
    /// A tokenized program as CSAVE writes it (RAM from the program start to the start of
    /// variables): put it in RAM and relink.
    Tokenized { name: String, image: Vec<u8> },
}

/// Read a program for `run`: an ASCII listing (.bas, .asc, .txt or no known extension), or
/// the first BASIC program on a tape (.cas, .wav), tokenized or ASCII.
pub fn read_program(path: &Path) -> Result<ProgramSource, ProgramFileError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    if !matches!(ext.as_deref(), Some("cas") | Some("wav")) {
        return read_listing(path).map(ProgramSource::Listing);
    }
    let err = |problem: String| ProgramFileError {
        path: path.display().to_string(),
        problem,
    };
    let tape = crate::frontend::tape_file::read_tape_file(path).map_err(|e| match e {
        cassette::DeckError::File { problem, .. } => err(problem),
        other => err(other.to_string()),
    })?;
    let files = cassette::group_tape_blocks(&tape.blocks);
    // Which program, and whether it reads, is the core's (`basic::program_tape`).
    match first_program(&files).map_err(|e| err(e.to_string()))? {
        ProgramOnTape::Ascii { lines, .. } => {
            Ok(ProgramSource::Listing(ascii::write_listing(&lines)))
        }
        ProgramOnTape::Tokenized { name, image } => Ok(ProgramSource::Tokenized { name, image }),
    }
}

/// Read an ASCII listing (CR, LF or CRLF line ends): its text as [`ascii::listing_text`] gives
/// it (up to a Ctrl-Z, tabs as spaces, printable ASCII only).
pub fn read_listing(path: &Path) -> Result<Vec<u8>, ProgramFileError> {
    let err = |problem: String| ProgramFileError {
        path: path.display().to_string(),
        problem,
    };
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    if matches!(ext.as_deref(), Some("cas") | Some("wav")) {
        return Err(err(
            "is a cassette image, not a listing (use read_program for tapes)".into(),
        ));
    }
    let bytes = read_limited(path, MAX_LISTING_BYTES).map_err(|e| match e {
        ReadError::Folder => err("is a folder, not a program file".into()),
        ReadError::TooLarge { .. } => err(format!(
            "is more than {MAX_LISTING_BYTES} bytes, too large to be a BASIC listing"
        )),
        e => err(e.to_string()),
    })?;
    // The one rule for listings (formats::ascii), as `tape convert` and a .bas tape use it.
    ascii::listing_text(&bytes).map_err(|e| match e {
        TapeError::Empty => err("is empty".into()),
        e => err(e.to_string()),
    })
}

/// Warnings for a listing about to be loaded: each line the Dragon will cut, and each line
/// with characters it will drop, named.
pub fn listing_warnings(path: &Path, listing: &[u8]) -> Vec<String> {
    let cut = ascii::long_lines(listing)
        .into_iter()
        .map(|l| format!("{}: {l}", path.display()));
    let dropped = ascii::dropped_characters(listing)
        .into_iter()
        .map(|d| format!("{}: {d}", path.display()));
    cut.chain(dropped).collect()
}
