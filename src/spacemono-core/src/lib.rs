//! The core of spacemono: a Dragon 32 (its memory, display, keyboard, sound and cassette deck)
//! and the Extended Color BASIC that runs on it, with the file formats it reads and writes.
//!
//! The core knows nothing of windows, audio devices, the command line or the host's files: it
//! is driven a field (1/49.97 s) at a time through [`Machine`] (type keys, run,
//! take the events and the picture), and every frontend drives it the same way, whether it is
//! a window, a terminal or a test. Layers point one way: `computer` (the composition root)
//! holds `basic` (the interpreter), which uses `machine` (the hardware), which uses
//! `formats` and `video`. `cpu` (the MC6809) stands alone: it sees memory only through its
//! `Bus` trait, for the machine to put RAM, the ROM area and the I/O behind.

#![forbid(unsafe_code)]
// A type a frontend can get hold of but not name is a leak past the facade: export it or keep
// it in.
#![warn(unnameable_types)]

// The white-box tests (src/tests) share the spec's helpers, which name the crate from outside.
#[cfg(test)]
extern crate self as spacemono_core;

mod basic;
mod computer;
// The MC6809 runs machine code behind `Machine` (EXEC, USR, the IRQ and hook routines); not
// all of its API is used by the machine (the bus for tests, FIRQ and NMI lines).
#[allow(dead_code, unused_imports)]
mod cpu;
mod formats;
mod held_key_input;
mod joystick_input;
mod machine;
mod run_until;
mod snapshot;
#[cfg(test)]
mod tests;
mod timing;
mod video;

// ---- The facade: everything a frontend or a test may name. Nothing else leaves the crate;
// a CPU, PIAs and a SAM join behind `Machine` without adding to this list.

// The machine, driven a field at a time, and how a run ends.
pub use computer::{LoadError, Machine, Status};
pub use run_until::{EndReason, BATCH_FIELDS, IDLE_SECONDS};
// What it gives back: events (sound, the printer, errors), the picture, the text cells.
pub use machine::hardware::Event;
pub use machine::screen::TextCell;
pub use machine::video_select::VideoSelect;
pub use video::vdg::GraphicsMode;
pub use video::vdg::{FRAME_HEIGHT, FRAME_WIDTH, PICTURE_X, PICTURE_Y};
pub use video::{font, palette, text_art, Frame, VdgMode};
// Keys: a Dragon key's code, the key a host character or named key is, key scripts.
pub use machine::key_script::{KeyScript, ScriptSource, ScriptStep, CLICK_FIELDS, JOYSTICK_TOKENS};
pub use machine::keyboard::code as key_code;
pub use machine::keyboard::{
    char_code, key_script_tokens, named_code, parse_key_script, KeyScriptError, NamedKey, KEY_NAMES,
};
// BASIC's errors and the dialects of other machines' listings.
pub use basic::dialect::Dialect;
pub use basic::error::ErrorCode;
// The addresses BASIC keeps its state at, for PEEK and POKE (`Machine::peek`, `poke`).
pub use machine::memory::addr;
// Snapshots and the clocks.
pub use computer::REPLAY_FIELDS_A_LOOK;
pub use snapshot::seal as seal_snapshot;
pub use snapshot::MAX_SNAPSHOT_BYTES;
pub use snapshot::{SnapshotError, MAGIC as SNAPSHOT_MAGIC, MAX_FIELDS as MAX_SNAPSHOT_FIELDS};
// The caps on what a run records (the printer's output; see `Machine::transcript_is_full`).
pub use machine::hardware::PRINTER_LIMIT;
pub use timing::{CPU_HZ, CYCLES_PER_FIELD, FIELDS_PER_SECOND, FIELD_IRQ_CYCLES, FIELD_NANOS};

/// Tapes and program files, for the `tape` commands and for frontends that read them from the
/// host: the cassette formats (blocks, `.cas`, `.wav`, ASCII listings), the deck, and the
/// programs on a tape (CLOAD's and CSAVE's own rules).
pub mod tape {
    pub use crate::basic::program_tape::{
        first_program, image_listing, listing_image, AsciiLoadError, CloadError, Damage,
        ListingError, NoProgramOnTape, ProgramOnTape,
    };
    pub use crate::formats::tape::read_files;
    pub use crate::formats::{
        ascii, bits, block, cas, comparator, error, group_files, namefile, recording, tapefile,
        wav, Block, BlockType, FileType, Namefile, ReadBlock, TapeError, TapeFile, TapeKind,
    };
    pub use crate::machine::cassette::{
        append_to_wav, block_duration_fields, blocks_from_bytes, file_err, good_blocks,
        group_tape_blocks, tape_kind_of, tape_name_for, Activity, Deck, DeckError, FoundFile,
        LoadedTape, SaveTape, SearchEvent, TapeBlock, TapeSpeed,
    };
}
