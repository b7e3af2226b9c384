//! Frontends: ways to drive the machine. Each steps it a field at a time and shows or
//! records what it produces; none of them reaches inside the core.

pub mod headless;
pub mod line_terminal;
pub mod program_file;
pub mod tape_cli;
