//! Tape files on the host as the deck sees them: their kinds from their names, and the
//! errors that name them. Their images are read and written by `formats::tape_image`.

use std::path::Path;

use super::{DeckError, TapeBlock};
use crate::formats::{recording::Recording, tape_image::recorded_tape, TapeError, TapeKind};

/// A tape file as the frontend read it: its kind, its bytes, its blocks and its recording
/// (the signal the deck plays, with where the blocks lie on it).
#[derive(Clone, Debug)]
pub struct LoadedTape {
    pub kind: TapeKind,
    pub bytes: Vec<u8>,
    pub blocks: Vec<TapeBlock>,
    pub recording: Recording,
}

impl LoadedTape {
    /// A tape image read ([`recorded_tape`]); `ascii_name` names a listing's file.
    pub fn read(kind: TapeKind, bytes: Vec<u8>, ascii_name: &str) -> Result<LoadedTape, TapeError> {
        let (blocks, recording) = recorded_tape(&bytes, kind, ascii_name)?;
        Ok(LoadedTape {
            kind,
            bytes,
            blocks,
            recording,
        })
    }

    /// A blank tape of `kind`: no bytes, no blocks.
    pub fn blank(kind: TapeKind) -> LoadedTape {
        LoadedTape {
            kind,
            bytes: Vec::new(),
            blocks: Vec::new(),
            recording: Recording::blank(kind == TapeKind::Cas),
        }
    }
}

pub fn file_err(path: &Path, problem: impl Into<String>) -> DeckError {
    DeckError::File {
        path: path.display().to_string(),
        problem: problem.into(),
    }
}

/// The kind of tape a file name stands for: `.cas`, `.wav`, or a listing (`.bas`, `.asc`,
/// `.txt`); anything else is an error naming the file.
pub fn tape_kind_of(path: &Path) -> Result<TapeKind, DeckError> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    TapeKind::from_extension(ext).ok_or_else(|| {
        file_err(
            path,
            if ext.is_empty() {
                "has no extension: a tape file is .cas, .wav or .bas".to_string()
            } else {
                format!("unknown extension '.{ext}': a tape file is .cas, .wav or .bas")
            },
        )
    })
}

/// The name a listing mounted as a tape gets: its base name, upper case, cut to 8.
pub fn tape_name_for(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("PROGRAM")
        .chars()
        .filter(|c| (' '..='~').contains(c))
        .take(8)
        .collect::<String>()
        .to_ascii_uppercase()
}
