//! Tape files on the host as the deck sees them: their kinds from their names, and the
//! errors that name them. Their images are read and written by `formats::tape_image`.

use std::path::Path;

use super::{DeckError, TapeBlock};
use crate::formats::TapeKind;

/// A tape file as the frontend read it: its kind, its bytes and its blocks.
#[derive(Clone, Debug)]
pub struct LoadedTape {
    pub kind: TapeKind,
    pub bytes: Vec<u8>,
    pub blocks: Vec<TapeBlock>,
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
