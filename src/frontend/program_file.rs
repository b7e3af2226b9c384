//! Reading a program file from disk for `spacemono run`, with errors that name the file.

use std::path::Path;

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
pub const MAX_LISTING_BYTES: u64 = 4 * 1024 * 1024;

/// Read an ASCII listing (CR, LF or CRLF line ends).
pub fn read_listing(path: &Path) -> Result<Vec<u8>, ProgramFileError> {
    let err = |problem: String| ProgramFileError {
        path: path.display().to_string(),
        problem,
    };
    let meta = std::fs::metadata(path).map_err(|e| err(format!("cannot read it: {e}")))?;
    if meta.is_dir() {
        return Err(err("is a folder, not a program file".into()));
    }
    if meta.len() > MAX_LISTING_BYTES {
        return Err(err(format!(
            "is {} bytes, too large to be a BASIC listing",
            meta.len()
        )));
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    if matches!(ext.as_deref(), Some("cas") | Some("wav")) {
        return Err(err(
            "cassette images are not supported yet: give an ASCII listing (.bas)".into(),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| err(format!("cannot read it: {e}")))?;
    if bytes.is_empty() {
        return Err(err("is empty".into()));
    }
    if let Some(pos) = bytes.iter().position(|&b| {
        b == 0 || (b >= 0x80) || (b < 0x20 && !matches!(b, b'\r' | b'\n' | b'\t' | 0x1A))
    }) {
        return Err(err(format!(
            "is not an ASCII BASIC listing (byte {:#04x} at offset {pos})",
            bytes[pos]
        )));
    }
    Ok(bytes
        .into_iter()
        .map(|b| if b == b'\t' { b' ' } else { b })
        .collect())
}
