//! spacemono: a Dragon 32 running its Extended Color BASIC, recreated in Rust.
//!
//! The core (`machine`, `basic`, `formats`, `video`) knows nothing of windows, audio devices or
//! the command line. It is driven a field (1/49.97 s) at a time; frontends (`frontend`) drive it the
//! same way, whether they are a window, a terminal or a test.

pub mod basic;
pub mod computer;
pub mod formats;
pub mod frontend;
pub mod machine;
pub mod timing;
pub mod video;
