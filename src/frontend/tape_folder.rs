//! The tape folder: the tapes F4 puts in the deck one after another while the machine runs.
//! Only the tape files (.cas, .wav, and listings: .bas, .asc, .txt) directly in it are offered: no sub-folders, and no
//! symbolic links, so the machine reaches no file outside the folder it was given.

use std::path::{Path, PathBuf};

use spacemono_core::tape::tape_kind_of;

/// Why the tape folder offered no tape.
#[derive(Debug)]
pub enum TapeFolderError {
    /// The folder could not be read.
    Unreadable { dir: PathBuf, why: std::io::Error },
    /// It holds no tape file.
    NoTapes { dir: PathBuf },
}

impl std::fmt::Display for TapeFolderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TapeFolderError::Unreadable { dir, why } => {
                write!(f, "the tape folder {}: {why}", shown(dir).display())
            }
            TapeFolderError::NoTapes { dir } => write!(
                f,
                "the tape folder {} holds no tape (.cas, .wav or .bas)",
                shown(dir).display()
            ),
        }
    }
}

impl std::error::Error for TapeFolderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TapeFolderError::Unreadable { why, .. } => Some(why),
            TapeFolderError::NoTapes { .. } => None,
        }
    }
}

/// The folder as a person would name it (the current folder is `.`).
fn shown(dir: &Path) -> &Path {
    if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    }
}

/// The tape files in `dir` (an empty path: the current folder), by name.
pub fn tapes_in(dir: &Path) -> Result<Vec<PathBuf>, TapeFolderError> {
    let unreadable = |why| TapeFolderError::Unreadable {
        dir: dir.to_path_buf(),
        why,
    };
    let mut tapes = Vec::new();
    for entry in std::fs::read_dir(shown(dir)).map_err(unreadable)? {
        let entry = entry.map_err(unreadable)?;
        // The entry itself, not what a link points at.
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        let path = dir.join(entry.file_name());
        if is_file && tape_kind_of(&path).is_ok() {
            tapes.push(path);
        }
    }
    tapes.sort();
    Ok(tapes)
}

/// The tape after `current` in `dir` (the first when `current` is none or not there; after
/// the last, the first again), and its place (from 1) and the number of tapes.
pub fn next_tape(
    dir: &Path,
    current: Option<&Path>,
) -> Result<(PathBuf, usize, usize), TapeFolderError> {
    let tapes = tapes_in(dir)?;
    if tapes.is_empty() {
        return Err(TapeFolderError::NoTapes {
            dir: dir.to_path_buf(),
        });
    }
    let name = |p: &Path| p.file_name().map(|n| n.to_os_string());
    let at = current
        .and_then(|c| tapes.iter().position(|t| name(t) == name(c)))
        .map_or(0, |i| (i + 1) % tapes.len());
    Ok((tapes[at].clone(), at + 1, tapes.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tapes_go_round_by_name_and_other_files_are_not_offered() {
        let dir = std::env::temp_dir().join(format!("spacemono-tapefolder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub.cas")).unwrap();
        for f in ["b.cas", "a.bas", "c.wav", "notes.md"] {
            std::fs::write(dir.join(f), b"").unwrap();
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink("/etc/passwd", dir.join("link.bas")).unwrap();
        let names: Vec<_> = tapes_in(&dir)
            .unwrap()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.bas", "b.cas", "c.wav"]);
        let (first, at, of) = next_tape(&dir, None).unwrap();
        assert_eq!(
            (first.file_name().unwrap(), at, of),
            ("a.bas".as_ref(), 1, 3)
        );
        let (second, ..) = next_tape(&dir, Some(&first)).unwrap();
        assert_eq!(second, dir.join("b.cas"));
        let (round, at, _) = next_tape(&dir, Some(&dir.join("c.wav"))).unwrap();
        assert_eq!((round, at), (dir.join("a.bas"), 1));
        let empty = dir.join("sub.cas");
        let e = next_tape(&empty, None).unwrap_err();
        assert!(e.to_string().contains("holds no tape"), "{e}");
        let e = next_tape(&dir.join("missing"), None).unwrap_err();
        assert!(e.to_string().contains("missing"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
