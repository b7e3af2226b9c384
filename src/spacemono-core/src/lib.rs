//! The core of spacemono: a Dragon 32 (its memory, display, keyboard, sound and cassette deck)
//! and the Extended Color BASIC that runs on it, with the file formats it reads and writes.
//!
//! The core knows nothing of windows, audio devices, the command line or the host's files: it
//! is driven a field (1/49.97 s) at a time through [`computer::Machine`] (type keys, run,
//! take the events and the picture), and every frontend drives it the same way, whether it is
//! a window, a terminal or a test. Layers point one way: `computer` (the composition root)
//! holds `basic` (the interpreter), which uses `machine` (the hardware), which uses
//! `formats` and `video`. `cpu` (the MC6809) stands alone: it sees memory only through its
//! `Bus` trait, for the machine to put RAM, the ROM area and the I/O behind.

#![forbid(unsafe_code)]

pub mod basic;
pub mod computer;
pub mod cpu;
pub mod formats;
pub mod machine;
mod run_until;
pub mod snapshot;
pub mod timing;
pub mod video;

// The facade: what a frontend or a test needs to drive a Dragon 32. Everything a frontend
// names comes from here (issue 28); the modules above are the machine's insides.
pub use basic::dialect::Dialect;
pub use basic::error::ErrorCode;
pub use computer::{LoadError, Machine, Status};
pub use machine::hardware::Event;
pub use machine::keyboard::{parse_key_script, KeyScriptError, KEY_NAMES};
pub use run_until::{EndReason, BATCH_FIELDS, IDLE_SECONDS};
pub use snapshot::{SnapshotError, MAX_SNAPSHOT_BYTES};
pub use timing::{CPU_HZ, CYCLES_PER_FIELD, FIELDS_PER_SECOND, FIELD_NANOS};
pub use video::{Frame, VdgMode};
