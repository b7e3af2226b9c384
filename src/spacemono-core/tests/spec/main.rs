//! The machine's spec: every module is one part of it, as BASIC snippets and what a Dragon 32
//! shows, or one of the machine's files and what it must hold. These tests drive a `Machine`
//! and nothing else. One binary, so the spec links once.

mod chips;
mod common;
mod controls;
mod edit_mode;
mod field_ends;
mod graphics_golden;
mod graphics_statements;
mod held_keys;
mod joystick;
mod keys_typed_fast;
mod machine_code;
mod oracle_interpreter;
mod play_timer;
mod robustness;
mod rom_parsing;
mod snapshot_mid_load;
mod statement_hooks;
mod tape_ascii;
mod tape_cas;
mod tape_machine_code;
mod tape_recording;
mod tape_robustness;
mod tape_wav;
mod timing;
