//! Snapshots as files on the host: F5 saves the machine to one, F9 and `--snapshot` start a
//! machine from one. Every error names the file, except when the machine cannot be saved at
//! all (then no file is touched).

use std::path::{Path, PathBuf};

use crate::frontend::host_file::{read_limited, write_file, HostFileError};
use spacemono_core::Machine;
use spacemono_core::{SnapshotError, MAX_SNAPSHOT_BYTES};

/// Why a snapshot was not saved or not restored.
#[derive(Debug)]
pub enum SnapshotFileError {
    /// The machine cannot be written as a snapshot (something it did is not recorded).
    Take(SnapshotError),
    /// The snapshot file could not be written, or read.
    File(HostFileError),
    /// The file was read, and is not a snapshot this program can restore.
    Refused { path: PathBuf, why: SnapshotError },
    /// Something rides along (play by file) whose files would no longer match the machine.
    DuringPlay,
}

impl std::fmt::Display for SnapshotFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SnapshotFileError::Take(e) => write!(f, "{e}"),
            SnapshotFileError::File(e) => write!(f, "{e}"),
            SnapshotFileError::Refused { path, why } => write!(f, "{}: {why}", path.display()),
            SnapshotFileError::DuringPlay => {
                write!(f, "no snapshot is restored during a game played by file")
            }
        }
    }
}

impl std::error::Error for SnapshotFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SnapshotFileError::Take(e) => Some(e),
            SnapshotFileError::File(e) => Some(e),
            SnapshotFileError::Refused { why, .. } => Some(why),
            SnapshotFileError::DuringPlay => None,
        }
    }
}

impl From<HostFileError> for SnapshotFileError {
    fn from(e: HostFileError) -> Self {
        SnapshotFileError::File(e)
    }
}

/// The machine to `path`, replacing the file all at once.
pub fn save(machine: &Machine, path: &Path) -> Result<(), SnapshotFileError> {
    let bytes = machine.snapshot().map_err(SnapshotFileError::Take)?;
    write_file(path, &bytes)?;
    Ok(())
}

/// The machine of the snapshot at `path`, calling `go_on(fields replayed, fields in all)` now
/// and then during the replay (false abandons it; see `Machine::from_snapshot_watched`).
pub fn load_watched(
    path: &Path,
    go_on: impl FnMut(u64, u64) -> bool,
) -> Result<Machine, SnapshotFileError> {
    let bytes =
        read_limited(path, MAX_SNAPSHOT_BYTES).map_err(|why| HostFileError::read(path, why))?;
    Machine::from_snapshot_watched(&bytes, go_on).map_err(|why| SnapshotFileError::Refused {
        path: path.to_path_buf(),
        why,
    })
}

/// The machine of the snapshot at `path`, replayed to its end.
pub fn load(path: &Path) -> Result<Machine, SnapshotFileError> {
    load_watched(path, |_, _| true)
}
