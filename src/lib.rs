//! spacemono: a Dragon 32 running its Extended Color BASIC, recreated in Rust.
//!
//! This crate holds the frontends (the window, the terminal view, audio, the command line's
//! helpers). The machine and its BASIC are the `spacemono-core` crate (`src/spacemono-core/`), which
//! knows nothing of them. Frontends and tests name the machine through that crate's facade
//! (`spacemono_core::Machine` and what its methods take and return); nothing of it is
//! re-exported here.

pub mod frontend;
