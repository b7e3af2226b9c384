//! Tapes as files on the host: reading one into the deck, and writing the deck's saves back
//! without ever leaving a half-written file. The core's deck does no file I/O; it is handed
//! the bytes read here and calls [`write_atomically`] (as its `SaveTape`) for every save.

use std::path::{Path, PathBuf};

use crate::formats::error::MAX_INPUT_BYTES;
use crate::machine::cassette::{
    blocks_from_bytes, file_err, tape_kind_of, tape_name_for, Deck, DeckError, LoadedTape,
};

/// Puts the tape in `path` in the deck, rewound. A file that does not exist yet is a blank
/// tape: it is created on the first save. Its extension (.cas, .wav, .bas) says how it is
/// read and written.
pub fn insert(deck: &mut Deck, path: &Path) -> Result<(), DeckError> {
    let kind = tape_kind_of(path)?;
    let tape = if path.exists() {
        read_tape_file(path)?
    } else {
        let dir_ok = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.is_dir(),
            _ => true,
        };
        if !dir_ok {
            return Err(file_err(path, "its folder does not exist"));
        }
        LoadedTape {
            kind,
            bytes: Vec::new(),
            blocks: Vec::new(),
        }
    };
    deck.insert_tape(path, tape, write_atomically);
    Ok(())
}

/// Reads a tape file: checks its extension and size, reads it, finds its blocks. Every error
/// names the file.
pub fn read_tape_file(path: &Path) -> Result<LoadedTape, DeckError> {
    let kind = tape_kind_of(path)?;
    let meta =
        std::fs::metadata(path).map_err(|e| file_err(path, format!("cannot read it: {e}")))?;
    if meta.is_dir() {
        return Err(file_err(path, "is a folder, not a tape file"));
    }
    if meta.len() > MAX_INPUT_BYTES as u64 {
        return Err(file_err(
            path,
            format!(
                "file too large ({} bytes; the limit is {MAX_INPUT_BYTES} bytes)",
                meta.len()
            ),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| file_err(path, format!("cannot read it: {e}")))?;
    let blocks = blocks_from_bytes(&bytes, kind, &tape_name_for(path))
        .map_err(|e| file_err(path, e.to_string()))?;
    Ok(LoadedTape {
        kind,
        bytes,
        blocks,
    })
}

/// Writes `bytes` to `path` without ever leaving a half-written file there: the bytes go to a
/// new temporary file in the same folder, which is flushed to disk and then renamed over
/// `path`. On any failure the temporary file is removed and `path` is untouched.
///
/// The temporary file has an unpredictable name and is created exclusively (`create_new`:
/// O_CREAT|O_EXCL, which never follows a link), so a link planted beside the tape cannot
/// redirect the save into another file. It gets the tape's own permissions before any byte is
/// written, so a private tape stays private.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), DeckError> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| file_err(path, "is not a file name"))?
        .to_string_lossy()
        .to_string();
    let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let (tmp, mut file) = create_temporary(&dir, &name, permissions.is_none())
        .map_err(|e| file_err(path, format!("cannot save the tape: {e}")))?;
    let result = (|| -> std::io::Result<()> {
        if let Some(p) = permissions {
            file.set_permissions(p)?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    drop(file);
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(file_err(path, format!("cannot save the tape: {e}")));
    }
    Ok(())
}

/// A new file `.NAME.XXXXXXXXXXXX.tmp` in `dir`, created exclusively with a random suffix
/// (tried again on the rare clash). It starts private (0600), for the caller to give it the
/// tape's permissions; a brand-new tape gets a new file's usual ones (0666 less the umask).
fn create_temporary(
    dir: &Path,
    name: &str,
    new_tape: bool,
) -> std::io::Result<(PathBuf, std::fs::File)> {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    let mut last = None;
    for _ in 0..16 {
        let suffix: u64 = rng.gen::<u64>() & 0xFFFF_FFFF_FFFF;
        let tmp = dir.join(format!(".{name}.{suffix:012x}.tmp"));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, if new_tape { 0o666 } else { 0o600 });
        match options.open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}
