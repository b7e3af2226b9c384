//! Files named on the command line. Reading has a real limit: the bytes actually read are
//! counted, since a device such as `/dev/zero` says it is empty and never ends. Opening never
//! waits: a named pipe with no program at its other end is not waited for (read, it is empty;
//! written, it is refused). Writing replaces a file all at once, so a failure (a full disk)
//! never leaves it half-written or empty, through a temporary file whose short name fits
//! beside a name as long as the file system allows.
//!
//! What a name that is not a plain file means: a folder is refused; a named pipe or a device
//! (`/dev/stdin`, `<(...)`, `/dev/zero`) is read as a stream, up to the same limit, and written
//! to directly (`/dev/stdout`), since it cannot be replaced. Files in a game folder, where a
//! stranger may plant names, are stricter: see `play::game_folder`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be read; the message names no file (the caller adds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// There is no file of that name (yet).
    Missing,
    Folder,
    /// A symbolic link where links are not followed (a game folder).
    Link,
    /// A named pipe, a device or a socket where only a plain file will do (a game folder).
    NotAFile {
        kind: &'static str,
    },
    /// A plain file with other names too (a hard link), where only a file of its own will do
    /// (a game folder: it could be another user's private file).
    HardLinked,
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
            ReadError::Link => {
                write!(f, "is a symbolic link; links are not followed here")
            }
            ReadError::NotAFile { kind } => write!(f, "is a {kind}, not a plain file"),
            ReadError::HardLinked => write!(
                f,
                "is a hard link to a file with other names; only a file of its own is read here"
            ),
            ReadError::TooLarge { limit } => {
                write!(f, "is too large (more than {limit} bytes)")
            }
            ReadError::Io(e) => write!(f, "cannot read it: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl ReadError {
    /// The error of a failed `open`.
    pub fn of_open(e: std::io::Error) -> ReadError {
        match e.kind() {
            std::io::ErrorKind::NotFound => ReadError::Missing,
            _ => ReadError::Io(e.to_string()),
        }
    }
}

/// What kind of thing a name that is not a plain file or a folder is, for messages.
pub fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_symlink() {
        return "symbolic link";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "named pipe";
        }
        if t.is_socket() {
            return "socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "device";
        }
    }
    "special file"
}

/// `path` opened with extra `open` flags (O_NONBLOCK, O_NOFOLLOW, ...; ignored where there
/// are none), for reading or writing, never as a controlling terminal.
pub fn open_with_flags(path: &Path, write: bool, flags: i32) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(!write).write(write);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, flags | libc::O_NOCTTY);
    #[cfg(not(unix))]
    let _ = flags;
    options.open(path)
}

/// Opened without waiting for the other end of a named pipe (O_NONBLOCK), then made to block
/// again, so a pipe with a writer (`<(...)`) is read to its end as a file is.
fn open_without_waiting(path: &Path, write: bool) -> std::io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        let file = open_with_flags(path, write, libc::O_NONBLOCK)?;
        set_blocking(&file)?;
        Ok(file)
    }
    #[cfg(not(unix))]
    open_with_flags(path, write, 0)
}

#[cfg(unix)]
fn set_blocking(file: &std::fs::File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor this function borrows, with no pointers.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// The whole file, or an error if it holds more than `limit` bytes: at most `limit + 1`
/// bytes are ever read.
pub fn read_limited(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let file = open_without_waiting(path, false).map_err(ReadError::of_open)?;
    let meta = file.metadata().map_err(|e| ReadError::Io(e.to_string()))?;
    if meta.is_dir() {
        return Err(ReadError::Folder);
    }
    read_open_file(file, &meta, limit)
}

/// The rest of an open file, up to `limit` bytes (`meta` is its own, from `fstat`).
pub fn read_open_file(
    file: std::fs::File,
    meta: &std::fs::Metadata,
    limit: usize,
) -> Result<Vec<u8>, ReadError> {
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

/// A file on the host that could not be read or written, and why: the message names it.
#[derive(Debug)]
pub enum HostFileError {
    Read {
        path: PathBuf,
        why: ReadError,
    },
    /// A text file with a byte that is not UTF-8.
    NotText {
        path: PathBuf,
        byte: u8,
        offset: usize,
    },
    Write {
        path: PathBuf,
        why: std::io::Error,
    },
}

impl HostFileError {
    pub fn read(path: &Path, why: ReadError) -> HostFileError {
        HostFileError::Read {
            path: path.to_path_buf(),
            why,
        }
    }

    pub fn write(path: &Path, why: std::io::Error) -> HostFileError {
        HostFileError::Write {
            path: path.to_path_buf(),
            why,
        }
    }
}

impl std::fmt::Display for HostFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostFileError::Read { path, why } => write!(f, "{}: {why}", path.display()),
            HostFileError::NotText { path, byte, offset } => write!(
                f,
                "{}: is not UTF-8 text (byte {byte:#04x} at offset {offset})",
                path.display()
            ),
            HostFileError::Write { path, why } => {
                write!(f, "{}: cannot write it: {why}", path.display())
            }
        }
    }
}

impl std::error::Error for HostFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HostFileError::Read { why, .. } => Some(why),
            HostFileError::NotText { .. } => None,
            HostFileError::Write { why, .. } => Some(why),
        }
    }
}

/// A text file (UTF-8) read as [`read_limited`] does; errors name the file.
pub fn read_text_limited(path: &Path, limit: usize) -> Result<String, HostFileError> {
    let bytes = read_limited(path, limit).map_err(|why| HostFileError::read(path, why))?;
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        HostFileError::NotText {
            path: path.to_path_buf(),
            byte: e.as_bytes()[offset],
            offset,
        }
    })
}

/// [`write_replacing`], with an error that names the file.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), HostFileError> {
    write_replacing(path, bytes).map_err(|why| HostFileError::write(path, why))
}

/// Writes `bytes` to `path` without ever leaving a half-written file there: the bytes go to a
/// new temporary file in the same folder, which is flushed to disk and then renamed over
/// `path` ([`replace_file`]). It gets the old file's permissions, so a private file stays
/// private.
///
/// A link is followed: the file it names is replaced, where that file is (so `/dev/stdout`
/// redirected to a file replaces that file, not the system's `/dev/stdout`). Something that
/// is not a plain file (a terminal, a pipe) is written directly: it cannot be replaced, and
/// has no contents to keep. A named pipe that no program reads is refused at once rather
/// than waited on.
pub fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let resolved;
    let path = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match std::fs::canonicalize(path) {
            Ok(target) => {
                resolved = target;
                resolved.as_path()
            }
            // A dangling link: its name is replaced.
            Err(_) => path,
        },
        _ => path,
    };
    let old = std::fs::metadata(path).ok();
    if old.as_ref().is_some_and(|m| !m.is_file() && !m.is_dir()) {
        let mut f = open_without_waiting(path, true).map_err(|e| {
            #[cfg(unix)]
            if e.raw_os_error() == Some(libc::ENXIO) {
                return std::io::Error::other("it is a named pipe and no program is reading it");
            }
            e
        })?;
        return f.write_all(bytes).and_then(|_| f.flush());
    }
    replace_file(path, bytes, old.map(|m| m.permissions()))
}

/// Puts `bytes` in place of whatever is called `path`, never opening it: a new temporary file
/// in the same folder, flushed to disk, renamed over the name. On any failure the temporary
/// file is removed and `path` is untouched. The file gets `permissions` (the old file's), or a
/// new file's usual ones when `None`.
///
/// The temporary file has an unpredictable name and is created exclusively (`create_new`:
/// O_CREAT|O_EXCL, which never follows a link), so a link planted beside the file cannot
/// redirect the write into another file.
pub fn replace_file(
    path: &Path,
    bytes: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if path.file_name().is_none() {
        return Err(std::io::Error::other("not a file name"));
    }
    let (tmp, mut file) = create_temporary(&dir, permissions.is_none())?;
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

/// Temporary files are `.spacemono-` and 16 hex digits, `.tmp`: 31 bytes whatever the file
/// they stand in for (so a name of 255 bytes can be written), and a pattern no other file has,
/// so that leftovers can be told apart ([`is_temporary_name`]).
const TEMPORARY_PREFIX: &str = ".spacemono-";
const TEMPORARY_SUFFIX: &str = ".tmp";
const TEMPORARY_DIGITS: usize = 16;

/// Whether `name` is one of our temporary files.
pub fn is_temporary_name(name: &str) -> bool {
    name.strip_prefix(TEMPORARY_PREFIX)
        .and_then(|r| r.strip_suffix(TEMPORARY_SUFFIX))
        .is_some_and(|hex| {
            hex.len() == TEMPORARY_DIGITS
                && hex
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        })
}

/// A new temporary file in `dir`, created exclusively with a random name (tried again on the
/// rare clash). It starts private (0600), for the caller to give it the old file's
/// permissions; a brand-new file gets a new file's usual ones (0666 less the umask).
fn create_temporary(dir: &Path, new_file: bool) -> std::io::Result<(PathBuf, std::fs::File)> {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    let mut last = None;
    for _ in 0..16 {
        let suffix: u64 = rng.gen();
        let tmp = dir.join(format!("{TEMPORARY_PREFIX}{suffix:016x}{TEMPORARY_SUFFIX}"));
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
    fn temporary_names_are_short_and_recognised() {
        let dir = std::env::temp_dir();
        let (tmp, _file) = create_temporary(&dir, true).unwrap();
        let name = tmp.file_name().unwrap().to_str().unwrap().to_string();
        let _ = std::fs::remove_file(&tmp);
        assert_eq!(name.len(), 31, "{name}");
        assert!(is_temporary_name(&name), "{name}");
        for other in [
            ".spacemono-0123456789abcdef.tmp.x",
            ".spacemono-0123456789ABCDEF.tmp",
            ".spacemono-0123456789abcde.tmp",
            "spacemono-0123456789abcdef.tmp",
            ".spacemono.tmp",
        ] {
            assert!(!is_temporary_name(other), "{other}");
        }
    }

    #[test]
    fn a_folder_is_refused() {
        assert_eq!(
            read_limited(&std::env::temp_dir(), 10).unwrap_err(),
            ReadError::Folder
        );
    }
}
