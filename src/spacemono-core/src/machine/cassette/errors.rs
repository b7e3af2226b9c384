//! What can go wrong with a tape, in words a user can act on.

use super::file_type_name;
use crate::formats::namefile::{FileType, Namefile};

/// What went wrong at the deck. BASIC reports each as one of its errors (`basic::exec_tape`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckError {
    /// No tape in the deck. (A real deck would just run; the interpreter reports ?IO.)
    NoTape,
    /// The tape ran out while the ROM was still reading (a real Dragon would wait forever).
    EndOfTape,
    /// A block read with a bad checksum: ?IO.
    BadBlock { index: usize },
    /// The tape ends inside a block (a file cut short): ?IO.
    CutShort { index: usize },
    /// The search wanted a namefile and found another block: ?IO on a Dragon 32.
    NotANamefile { index: usize },
    /// A namefile (or a block of an unexpected type) inside a file: ?IO.
    UnexpectedBlock { index: usize, kind: u8 },
    /// The file found is of the wrong kind for the command: ?FM.
    WrongFileType {
        name: String,
        file_type: FileType,
        ascii: bool,
        gaps: bool,
    },
    /// A file is already open on the tape: ?AO.
    AlreadyOpen,
    /// No file is open on the tape: ?NO.
    NotOpen,
    /// The open file is open the other way (input vs output): ?FM.
    WrongMode,
    /// The program does not fit below the stack: ?OM.
    OutOfMemory,
    /// Machine code would load outside RAM (the ROM's read-back check): ?IO.
    WriteIntoRom { addr: u32 },
    /// The tape file cannot record what was written (a .bas holds one BASIC program): ?IO.
    CannotHold { path: String, why: String },
    /// The tape file could not be read or written: ?IO when it happens during a save.
    File { path: String, problem: String },
    /// The tape holds as many blocks as a tape may (`formats::error::MAX_TAPE_BLOCKS`): a
    /// save past it is ?IO, as a cassette that has run to its end records nothing.
    TapeFull,
}

impl DeckError {
    /// ?FM for a file whose namefile is of the wrong kind for the command.
    pub(crate) fn wrong_file_type(nf: &Namefile) -> DeckError {
        DeckError::WrongFileType {
            name: nf.name_str(),
            file_type: nf.file_type,
            ascii: nf.ascii,
            gaps: nf.gaps,
        }
    }
}

impl std::fmt::Display for DeckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeckError::NoTape => write!(f, "no tape in the deck"),
            DeckError::EndOfTape => write!(f, "the tape ran out"),
            DeckError::BadBlock { index } => {
                write!(f, "block {index} of the tape has a bad checksum")
            }
            DeckError::CutShort { index } => {
                write!(f, "the tape ends inside block {index}: it is cut short")
            }
            DeckError::NotANamefile { index } => {
                write!(f, "block {index} of the tape is not the start of a file")
            }
            DeckError::UnexpectedBlock { index, kind } => {
                write!(
                    f,
                    "block {index} of the tape has type ${kind:02X} inside a file"
                )
            }
            DeckError::WrongFileType {
                name,
                file_type,
                ascii,
                ..
            } => write!(
                f,
                "\"{name}\" is a {}, which cannot be read that way",
                file_type_name(*file_type, *ascii)
            ),
            DeckError::AlreadyOpen => write!(f, "a file is already open on the tape"),
            DeckError::NotOpen => write!(f, "no file is open on the tape"),
            DeckError::WrongMode => write!(f, "the tape file is open the other way"),
            DeckError::OutOfMemory => write!(f, "the program does not fit in memory"),
            DeckError::WriteIntoRom { addr } => {
                write!(f, "machine code would load at ${addr:04X}, outside RAM")
            }
            DeckError::CannotHold { path, why } => write!(f, "{path}: {why}"),
            DeckError::File { path, problem } => write!(f, "{path}: {problem}"),
            DeckError::TapeFull => write!(
                f,
                "the tape is full (it holds at most {} blocks)",
                crate::formats::error::MAX_TAPE_BLOCKS
            ),
        }
    }
}

impl std::error::Error for DeckError {}
