//! Frontends: ways to drive the machine. Each steps it a field at a time and shows or
//! records what it produces; none of them reaches inside the core.

pub mod audio;
pub mod cli_docs;
pub mod clipboard;
pub mod compare;
pub mod default_tape;
pub mod headless;
pub mod help_overlay;
pub mod host_file;
pub mod host_joysticks;
pub mod key_repeat_hold;
pub mod keymap;
pub mod line_terminal;
pub mod pacing;
pub mod paste;
pub mod play;
pub mod png_file;
pub mod program_file;
pub mod session;
pub mod session_error;
pub mod signals;
pub mod snapshot_file;
pub mod snapshot_slots;
pub mod speed_meter;
pub mod tape_cli;
pub mod tape_file;
pub mod tape_folder;
pub mod terminal;
pub mod terminal_layout;
pub mod terminal_size;
pub mod tv_look;
pub mod wav_out;
pub mod window;
pub mod window_keys;
#[cfg(test)]
mod window_keys_handled;
