//! Snapshot slots: F5 saves and F9 restores the current slot's file, F7 (or Ctrl+1..9, in
//! the terminal Alt+1..9) chooses the slot. Slot 1 is `spacemono.snapshot`, the one file F5 always wrote, so a
//! snapshot saved before slots existed is still slot 1's; slots 2-9 are
//! `spacemono-N.snapshot`. They live in one folder (`--snapshot-dir`, else the current one).

use std::path::{Path, PathBuf};

/// The number of slots.
pub const SLOTS: u8 = 9;

/// The file name of slot `slot` (1-9).
pub fn slot_file_name(slot: u8) -> String {
    if slot == 1 {
        super::session::SNAPSHOT_NAME.to_string()
    } else {
        format!("spacemono-{slot}.snapshot")
    }
}

/// The folder of the slots and the slot in use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotSlots {
    dir: PathBuf,
    slot: u8,
}

impl Default for SnapshotSlots {
    fn default() -> Self {
        SnapshotSlots::new(Path::new(""))
    }
}

impl SnapshotSlots {
    /// Slot 1 in `dir` (an empty path: the current folder).
    pub fn new(dir: &Path) -> Self {
        SnapshotSlots {
            dir: dir.to_path_buf(),
            slot: 1,
        }
    }

    pub fn slot(&self) -> u8 {
        self.slot
    }

    /// The file of the slot in use.
    pub fn path(&self) -> PathBuf {
        self.dir.join(slot_file_name(self.slot))
    }

    /// The next slot, 9 going round to 1.
    pub fn next(&mut self) {
        self.slot = self.slot % SLOTS + 1;
    }

    /// Slot `slot`, if it is one (1-9); another number leaves the slot as it was.
    pub fn choose(&mut self, slot: u8) {
        if (1..=SLOTS).contains(&slot) {
            self.slot = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_one_is_the_file_f5_always_wrote_and_the_others_are_numbered() {
        let mut s = SnapshotSlots::new(Path::new("saves"));
        assert_eq!(s.path(), Path::new("saves/spacemono.snapshot"));
        s.next();
        assert_eq!(s.path(), Path::new("saves/spacemono-2.snapshot"));
        s.choose(9);
        s.next();
        assert_eq!(s.slot(), 1, "after 9 comes 1");
        s.choose(0);
        s.choose(10);
        assert_eq!(s.slot(), 1);
        assert_eq!(
            SnapshotSlots::default().path(),
            Path::new("spacemono.snapshot")
        );
    }
}
