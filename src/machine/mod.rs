//! The machine: RAM with the Dragon's memory map, the text display, the keyboard and the clock.

pub mod memory;
