//! Tape and program file formats: .cas byte images, .wav recordings, ASCII listings.
//!
//! - [`block`]: one cassette block and its checksum; [`namefile`]: the 15-byte header block.
//! - [`bits`]: LSB-first bit streams and the block finder (any bit phase).
//! - [`tapefile`]: grouping blocks into files; laying files out with leaders and motor gaps.
//! - [`cas`], [`wav`]: reading and writing the two tape image formats; [`wav_file`]: the
//!   .wav container, by the `hound` crate.
//! - [`recording`]: a tape as its signal in time (what PIA1 PA0 reads), with where its blocks
//!   lie; [`comparator`]: a .wav's samples through the Dragon's cassette comparator.
//! - [`ascii`]: text listings and ASCII saves.
//! - [`tape`]: picking the reader for a file (by extension or by sniffing).
//! - [`error`]: the typed errors every reader returns.
//!
//! Readers never panic: any byte string gives blocks or a [`TapeError`].

pub mod ascii;
pub mod bits;
pub mod block;
pub mod cas;
pub mod comparator;
pub mod error;
pub mod namefile;
pub mod recording;
pub mod tape;
pub mod tape_image;
pub mod tapefile;
pub mod wav;
pub mod wav_file;

pub use block::{Block, BlockType, ReadBlock};
pub use error::TapeError;
pub use namefile::{FileType, Namefile};
pub use tape::TapeKind;
pub use tapefile::{group_files, TapeFile};
