//! Files named on the command line. Reading has a real limit: the bytes actually read are
//! counted, since a device such as `/dev/zero` says it is empty and never ends. Writing
//! replaces a file all at once, so a failure (a full disk) never leaves it half-written or
//! empty.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be read; the message names no file (the caller adds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// There is no file of that name (yet).
    Missing,
    Folder,
    TooLarge {
        limit: usize,
    },
    Io(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Missing => write!(f, "does not exist"),
            ReadError::Folder => write!(f, "is a folder, not a file"),
            ReadError::TooLarge { limit } => {
                write!(f, "is too large (more than {limit} bytes)")
            }
            ReadError::Io(e) => write!(f, "cannot read it: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// The whole file, or an error if it holds more than `limit` bytes: at most `limit + 1`
/// bytes are ever read.
pub fn read_limited(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(e.to_string()),
    })?;
    let meta = file.metadata().map_err(|e| ReadError::Io(e.to_string()))?;
    if meta.is_dir() {
        return Err(ReadError::Folder);
    }
    if meta.len() > limit as u64 {
        return Err(ReadError::TooLarge { limit });
    }
    let mut bytes = Vec::with_capacity((meta.len() as usize).min(limit));
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(e.to_string()))?;
    if bytes.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// A text file (UTF-8) read as [`read_limited`] does; errors name the file.
pub fn read_text_limited(path: &Path, limit: usize) -> Result<String, String> {
    let bytes = read_limited(path, limit).map_err(|e| format!("{}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: is not UTF-8 text (byte {:#04x} at offset {})",
            path.display(),
            e.as_bytes()[e.utf8_error().valid_up_to()],
            e.utf8_error().valid_up_to()
        )
    })
}

/// Writes `bytes` to `path` without ever leaving a half-written file there: the bytes go to a
/// new temporary file in the same folder, which is flushed to disk and then renamed over
/// `path`. On any failure the temporary file is removed and `path` is untouched.
///
/// The temporary file has an unpredictable name and is created exclusively (`create_new`:
/// O_CREAT|O_EXCL, which never follows a link), so a link planted beside the file cannot
/// redirect the write into another file. It gets the old file's permissions before any byte
/// is written, so a private file stays private.
///
/// Something that is not a plain file (`/dev/stdout`, a named pipe) is written directly: it
/// cannot be replaced, and has no contents to keep.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let old = std::fs::metadata(path).ok();
    if old.as_ref().is_some_and(|m| !m.is_file() && !m.is_dir()) {
        let mut f = std::fs::OpenOptions::new().write(true).open(path)?;
        return f.write_all(bytes).and_then(|_| f.flush());
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file name"))?
        .to_string_lossy()
        .to_string();
    let permissions = old.map(|m| m.permissions());
    let (tmp, mut file) = create_temporary(&dir, &name, permissions.is_none())?;
    let result = (|| -> std::io::Result<()> {
        if let Some(p) = permissions {
            file.set_permissions(p)?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    drop(file);
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// A new file `.NAME.XXXXXXXXXXXX.tmp` in `dir`, created exclusively with a random suffix
/// (tried again on the rare clash). It starts private (0600), for the caller to give it the
/// old file's permissions; a brand-new file gets a new file's usual ones (0666 less the
/// umask).
fn create_temporary(
    dir: &Path,
    name: &str,
    new_file: bool,
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
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, if new_file { 0o666 } else { 0o600 });
        match options.open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn an_endless_device_stops_at_the_limit() {
        let e = read_limited(Path::new("/dev/zero"), 1000).unwrap_err();
        assert_eq!(e, ReadError::TooLarge { limit: 1000 });
    }

    #[test]
    fn a_folder_is_refused() {
        assert_eq!(
            read_limited(&std::env::temp_dir(), 10).unwrap_err(),
            ReadError::Folder
        );
    }
}
