//! The Dragon 32's hardware as BASIC sees it: the memory map, the text screen (TextVDUOut),
//! the keyboard, the cassette deck and what the video is set to show. The machine as a whole,
//! this hardware with the BASIC interpreter running on it, is `crate::computer`.

pub mod address_map;
pub mod cassette;
pub(crate) mod code_bus;
pub mod cpu_rate;
pub(crate) mod dac_track;
pub mod hardware;
pub mod io_page;
pub mod joystick;
pub mod key_matrix;
pub mod key_script;
pub mod keyboard;
pub mod memory;
pub mod pia;
pub mod rom_area;
pub mod sam;
pub mod screen;
pub(crate) mod sound;
pub mod sound_mux;
pub(crate) mod tone;
pub mod video_select;
