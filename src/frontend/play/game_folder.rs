//! The game folder, where strangers' files meet the host's. A player may put anything there
//! under any name: a link to another user's private file, a named pipe, a hard link, a
//! folder. So the folder must be ours alone to replace names in; the host reads only plain
//! files of their own (a link is never followed, a pipe never waited on); and it writes a
//! name by renaming a new file over it, never opening what is there.

use std::path::{Path, PathBuf};

use crate::frontend::host_file::{
    kind_of, open_with_flags, read_open_file, replace_file, ReadError,
};

/// Why a folder will not do as a game folder.
#[derive(Debug)]
pub enum FolderError {
    /// It could not be made or looked at.
    Io {
        dir: PathBuf,
        error: std::io::Error,
    },
    NotAFolder {
        dir: PathBuf,
    },
    /// The folder, or the link that names it, belongs to another user, who could swap its
    /// files or where it leads.
    OwnedByAnother {
        dir: PathBuf,
        what: &'static str,
        uid: u32,
    },
    /// Others may add, remove and rename files in it (`who`: "group" or "others").
    WritableBy {
        dir: PathBuf,
        who: &'static str,
    },
    /// Another user may rename the folder away and put another in its place: the folder it is
    /// in is theirs, or others may write in it and it is not sticky (as /tmp is).
    ParentOpen {
        dir: PathBuf,
        parent: PathBuf,
        why: &'static str,
    },
}

impl std::fmt::Display for FolderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FolderError::Io { dir, error } => {
                write!(
                    f,
                    "{}: cannot use it as the game folder: {error}",
                    dir.display()
                )
            }
            FolderError::NotAFolder { dir } => write!(f, "{}: is not a folder", dir.display()),
            FolderError::OwnedByAnother { dir, what, uid } => write!(
                f,
                "{}: the game folder is refused: {what} is owned by another user (uid {uid}); \
                 play in a folder of your own",
                dir.display()
            ),
            FolderError::WritableBy { dir, who } => write!(
                f,
                "{}: the game folder is refused: it is writable by {who}, who could replace \
                 the game's files; play in a folder only you can write to (chmod go-w)",
                dir.display()
            ),
            FolderError::ParentOpen { dir, parent, why } => write!(
                f,
                "{}: the game folder is refused: the folder it is in, {}, {why}, so another \
                 user could put another folder in its place",
                dir.display(),
                parent.display()
            ),
        }
    }
}

impl std::error::Error for FolderError {}

/// Makes `dir` if it is missing (writable only by us: 0755 less the umask) and checks that it
/// is a folder of ours that nobody else may write in. A link naming it must be ours too (in
/// a shared /tmp another user could plant `/tmp/GAME` as a link to a folder of their
/// choosing, or change where it leads). The folder it is in (and, through a link, the one its
/// target is in) must not let another user swap it: ours or root's, and writable by others
/// only if sticky, as /tmp is.
pub fn prepare_folder(dir: &Path, make: bool) -> Result<(), FolderError> {
    let io = |error| FolderError::Io {
        dir: dir.to_path_buf(),
        error,
    };
    if make && std::fs::symlink_metadata(dir).is_err() {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o755);
        builder.create(dir).map_err(io)?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let me = effective_uid();
        let link = std::fs::symlink_metadata(dir).map_err(io)?;
        if link.file_type().is_symlink() && link.uid() != me && link.uid() != 0 {
            return Err(FolderError::OwnedByAnother {
                dir: dir.to_path_buf(),
                what: "the link that names it",
                uid: link.uid(),
            });
        }
        let meta = std::fs::metadata(dir).map_err(io)?;
        if !meta.is_dir() {
            return Err(FolderError::NotAFolder {
                dir: dir.to_path_buf(),
            });
        }
        if meta.uid() != me {
            return Err(FolderError::OwnedByAnother {
                dir: dir.to_path_buf(),
                what: "it",
                uid: meta.uid(),
            });
        }
        let who = match meta.mode() & 0o022 {
            0 => None,
            0o020 => Some("group"),
            _ => Some("others"),
        };
        if let Some(who) = who {
            return Err(FolderError::WritableBy {
                dir: dir.to_path_buf(),
                who,
            });
        }
        let target = std::fs::canonicalize(dir).map_err(io)?;
        for parent in [folder_of(dir), folder_of(&target)] {
            let m = std::fs::metadata(&parent).map_err(io)?;
            let why = if m.uid() != me && m.uid() != 0 {
                "is owned by another user"
            } else if m.mode() & 0o022 != 0 && m.mode() & 0o1000 == 0 {
                "is writable by others and not sticky"
            } else {
                continue;
            };
            return Err(FolderError::ParentOpen {
                dir: dir.to_path_buf(),
                parent,
                why,
            });
        }
        Ok(())
    }
    #[cfg(not(unix))]
    match std::fs::metadata(dir).map_err(io)?.is_dir() {
        true => Ok(()),
        false => Err(FolderError::NotAFolder {
            dir: dir.to_path_buf(),
        }),
    }
}

/// The folder a name is in (`.` for a name alone; `/` for `/`).
#[cfg(unix)]
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if p.as_os_str().is_empty() => PathBuf::from("."),
        Some(p) => p.to_path_buf(),
        None => path.to_path_buf(),
    }
}

/// The user this process acts as.
#[cfg(unix)]
fn effective_uid() -> u32 {
    // SAFETY: geteuid has no arguments and cannot fail.
    unsafe { libc::geteuid() }
}

/// A file in the game folder, read only if it is a plain file of its own: never through a
/// link (O_NOFOLLOW), never waiting on a named pipe (O_NONBLOCK), and checked on the open file
/// (fstat), so nothing can be swapped in between. At most `limit` bytes are read.
pub fn read_in_folder(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    #[cfg(unix)]
    let no_link_no_wait = libc::O_NOFOLLOW | libc::O_NONBLOCK;
    #[cfg(not(unix))]
    let no_link_no_wait = 0;
    let opened = open_with_flags(path, false, no_link_no_wait).map_err(|e| {
        #[cfg(unix)]
        // What open() says for a link with O_NOFOLLOW (ELOOP; EMLINK on the BSDs).
        if matches!(e.raw_os_error(), Some(libc::ELOOP) | Some(libc::EMLINK)) {
            return ReadError::Link;
        }
        ReadError::of_open(e)
    });
    let file = opened?;
    let meta = file.metadata().map_err(|e| ReadError::Io(e.to_string()))?;
    if meta.is_dir() {
        return Err(ReadError::Folder);
    }
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            kind: kind_of(&meta),
        });
    }
    #[cfg(unix)]
    if std::os::unix::fs::MetadataExt::nlink(&meta) > 1 {
        return Err(ReadError::HardLinked);
    }
    read_open_file(file, &meta, limit)
}

/// Writes a file of the game folder: a new file renamed over the name, whatever is there (a
/// link, a pipe) is replaced and never opened or followed. A plain file there keeps its
/// permissions.
pub fn write_in_folder(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let permissions = std::fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.file_type().is_file())
        .map(|m| m.permissions());
    replace_file(path, bytes, permissions)
}

/// The names the host writes in a game folder, as the temporary files of spacemono before
/// issue 27 named them: `.NAME.` and 12 hex digits, `.tmp`.
fn is_old_temporary_name(name: &str) -> bool {
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let Some((target, hex)) = inner.rsplit_once('.') else {
        return false;
    };
    let hex_ok = hex.len() == 12 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let turn = |s: &str| {
        s.strip_prefix("Turn_")
            .and_then(|s| s.strip_suffix(".txt"))
            .is_some_and(number)
    };
    let error = |s: &str| {
        s.strip_prefix("Player_")
            .and_then(|s| s.strip_suffix(".error"))
            .and_then(|s| s.split_once("_Turn_"))
            .is_some_and(|(p, t)| number(p) && number(t))
    };
    hex_ok
        && (matches!(target, "Snapshot.spacemono" | "Standings.txt" | "Game.txt")
            || turn(target)
            || error(target))
}

/// Removes the temporary files that a host stopped mid-write (`kill -9`) left in the game
/// folder, ours and those of older versions, and nothing else; returns how many went.
pub fn remove_leftovers(dir: &Path) -> std::io::Result<usize> {
    let mut removed = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            continue;
        };
        let ours = crate::frontend::host_file::is_temporary_name(name);
        if (ours || is_old_temporary_name(name)) && entry.file_type()?.is_file() {
            std::fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_temporary_names_are_told_apart() {
        for old in [
            ".Snapshot.spacemono.0123456789ab.tmp",
            ".Turn_12.txt.00ff00ff00ff.tmp",
            ".Player_3_Turn_7.error.abcdefabcdef.tmp",
            ".Standings.txt.000000000000.tmp",
            ".Game.txt.a1b2c3d4e5f6.tmp",
        ] {
            assert!(is_old_temporary_name(old), "{old}");
        }
        for other in [
            ".Turn_1.txt.tmp",
            ".Turn_.txt.0123456789ab.tmp",
            ".Turn_1.txt.0123456789AB.tmp",
            ".Turn_1.txt.0123456789a.tmp",
            ".notes.txt.0123456789ab.tmp",
            ".Player_1_Turn_x.error.0123456789ab.tmp",
            "Turn_1.txt.0123456789ab.tmp",
            ".Turn_1.txt.0123456789ab.tmp.keep",
        ] {
            assert!(!is_old_temporary_name(other), "{other}");
        }
    }
}
