//! Tapes as files on the host: reading one into the deck, and writing the deck's saves back
//! without ever leaving a half-written file. The core's deck does no file I/O; it is handed
//! the bytes read here and calls [`write_atomically`] (as its `SaveTape`) for every save.

use std::path::Path;

use crate::frontend::host_file::{read_limited, write_replacing, ReadError};
use crate::frontend::program_file::listing_warnings;
use spacemono_core::tape::error::{MAX_CAS_BYTES, MAX_LISTING_BYTES, MAX_WAV_BYTES};
use spacemono_core::tape::TapeKind;
use spacemono_core::tape::{file_err, tape_kind_of, tape_name_for, Deck, DeckError, LoadedTape};
use spacemono_core::Machine;

/// Puts the tape in `path` in the deck, rewound. A file that does not exist yet, or is
/// empty, is a blank tape: the first save writes it. Its extension (.cas, .wav, .bas) says
/// how it is read and written. Returns warnings for the user: the lines of a listing that the
/// Dragon will cut when it loads them.
pub fn insert(deck: &mut Deck, path: &Path) -> Result<Vec<String>, DeckError> {
    let (tape, warnings) = open_tape(path)?;
    deck.insert_tape(path, tape, write_atomically);
    Ok(warnings)
}

/// As [`insert`], into a machine's deck through its journal, so snapshots keep the tape.
pub fn insert_into(machine: &mut Machine, path: &Path) -> Result<Vec<String>, DeckError> {
    let (tape, warnings) = open_tape(path)?;
    machine.insert_tape(path, tape, write_atomically);
    Ok(warnings)
}

/// The tape in `path` (blank when missing or empty), and warnings about it.
fn open_tape(path: &Path) -> Result<(LoadedTape, Vec<String>), DeckError> {
    let kind = tape_kind_of(path)?;
    let blank = match std::fs::metadata(path) {
        Ok(m) => m.is_file() && m.len() == 0,
        Err(_) => true,
    };
    let tape = if !blank {
        read_tape_file(path)?
    } else {
        let dir_ok = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.is_dir(),
            _ => true,
        };
        if !dir_ok {
            return Err(file_err(path, "its folder does not exist"));
        }
        LoadedTape::blank(kind)
    };
    let warnings = if kind == TapeKind::Ascii {
        listing_warnings(path, &tape.bytes)
    } else {
        Vec::new()
    };
    Ok((tape, warnings))
}

/// Reads a tape file: checks its extension and size, reads it, finds its blocks. Every error
/// names the file.
pub fn read_tape_file(path: &Path) -> Result<LoadedTape, DeckError> {
    let kind = tape_kind_of(path)?;
    let limit = match kind {
        TapeKind::Cas => MAX_CAS_BYTES,
        TapeKind::Wav => MAX_WAV_BYTES,
        TapeKind::Ascii => MAX_LISTING_BYTES,
    };
    let bytes = read_limited(path, limit).map_err(|e| match e {
        ReadError::Folder => file_err(path, "is a folder, not a tape file"),
        e => file_err(path, e.to_string()),
    })?;
    LoadedTape::read(kind, bytes, &tape_name_for(path)).map_err(|e| file_err(path, e.to_string()))
}

/// Writes a tape image to `path` all or nothing ([`write_replacing`]): on failure the old
/// file is as it was, and the error names the file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), DeckError> {
    write_replacing(path, bytes).map_err(|e| file_err(path, format!("cannot save the tape: {e}")))
}
