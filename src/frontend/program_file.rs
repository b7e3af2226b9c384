//! Reading a program file from disk for `spacemono run`, with errors that name the file.

use std::path::{Path, PathBuf};

use crate::frontend::host_file::{read_limited, ReadError};
use spacemono_core::tape as cassette;
use spacemono_core::tape::ascii;
use spacemono_core::tape::TapeError;
use spacemono_core::tape::{first_program, NoProgramOnTape, ProgramOnTape};

/// A program file that cannot be read, and why.
#[derive(Debug)]
pub struct ProgramFileError {
    pub path: PathBuf,
    pub problem: ProgramProblem,
}

impl std::fmt::Display for ProgramFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.problem)
    }
}

impl std::error::Error for ProgramFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.problem)
    }
}

/// What is wrong with a program file (the message names no file; [`ProgramFileError`] does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramProblem {
    /// The tape cannot be read (its deck error, without the file's name).
    Tape(String),
    /// The tape holds no BASIC program, or its first one does not read.
    NotOnTape(NoProgramOnTape),
    /// `read_listing` was handed a tape.
    CassetteNotListing,
    Folder,
    TooLarge,
    Read(ReadError),
    Empty,
    /// The listing's text will not do.
    Listing(TapeError),
}

impl std::fmt::Display for ProgramProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProgramProblem::Tape(why) => write!(f, "{why}"),
            ProgramProblem::NotOnTape(why) => write!(f, "{why}"),
            ProgramProblem::CassetteNotListing => write!(
                f,
                "is a cassette image, not a listing (use read_program for tapes)"
            ),
            ProgramProblem::Folder => write!(f, "is a folder, not a program file"),
            ProgramProblem::TooLarge => write!(
                f,
                "is more than {MAX_LISTING_BYTES} bytes, too large to be a BASIC listing"
            ),
            ProgramProblem::Read(why) => write!(f, "{why}"),
            ProgramProblem::Empty => write!(f, "is empty"),
            ProgramProblem::Listing(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for ProgramProblem {}

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
    let err = |problem: ProgramProblem| ProgramFileError {
        path: path.to_path_buf(),
        problem,
    };
    let tape = crate::frontend::tape_file::read_tape_file(path).map_err(|e| match e {
        cassette::DeckError::File { problem, .. } => err(ProgramProblem::Tape(problem)),
        other => err(ProgramProblem::Tape(other.to_string())),
    })?;
    let files = cassette::group_tape_blocks(&tape.blocks);
    // Which program, and whether it reads, is the core's (`basic::program_tape`).
    match first_program(&files).map_err(|e| err(ProgramProblem::NotOnTape(e)))? {
        ProgramOnTape::Ascii { lines, .. } => {
            Ok(ProgramSource::Listing(ascii::write_listing(&lines)))
        }
        ProgramOnTape::Tokenized { name, image } => Ok(ProgramSource::Tokenized { name, image }),
    }
}

/// Read an ASCII listing (CR, LF or CRLF line ends): its text as [`ascii::listing_text`] gives
/// it (up to a Ctrl-Z, tabs as spaces, printable ASCII only).
pub fn read_listing(path: &Path) -> Result<Vec<u8>, ProgramFileError> {
    let err = |problem: ProgramProblem| ProgramFileError {
        path: path.to_path_buf(),
        problem,
    };
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    if matches!(ext.as_deref(), Some("cas") | Some("wav")) {
        return Err(err(ProgramProblem::CassetteNotListing));
    }
    let bytes = read_limited(path, MAX_LISTING_BYTES).map_err(|e| match e {
        ReadError::Folder => err(ProgramProblem::Folder),
        ReadError::TooLarge { .. } => err(ProgramProblem::TooLarge),
        e => err(ProgramProblem::Read(e)),
    })?;
    // The one rule for listings (formats::ascii), as `tape convert` and a .bas tape use it.
    ascii::listing_text(&bytes).map_err(|e| match e {
        TapeError::Empty => err(ProgramProblem::Empty),
        e => err(ProgramProblem::Listing(e)),
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
