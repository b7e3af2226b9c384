//! Frontends: ways to drive the machine. Each steps it a field at a time and shows or
//! records what it produces; none of them reaches inside the core.

pub mod headless;
pub mod line_terminal;
pub mod program_file;
pub mod audio;
pub mod keymap;
pub mod tone;
pub mod wav_out;
pub mod pacing;
pub mod session;
pub mod terminal;
pub mod window;
