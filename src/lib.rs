//! spacemono: a Dragon 32 running its Extended Color BASIC, recreated in Rust.
//!
//! This crate holds the frontends (the window, the terminal view, audio, the command line's
//! helpers). The machine and its BASIC are the `spacemono-core` crate (`src/spacemono-core/`), which
//! knows nothing of them; its modules are re-exported here so that a frontend or a test names
//! them in one way.

pub use spacemono_core::{basic, computer, formats, machine, snapshot, timing, video};

pub mod frontend;
