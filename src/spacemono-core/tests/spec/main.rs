//! The machine's spec: every module is one part of it, as BASIC snippets and what a Dragon 32
//! shows, or one of the machine's files and what it must hold. These tests drive a `Machine`
//! and nothing else. One binary, so the spec links once.

mod common;
mod deck_program;
mod dialect_altair_mbasic;
mod edit_mode;
mod graphics_algo;
mod graphics_common;
mod graphics_golden;
mod graphics_oracle;
mod graphics_robust;
mod graphics_statements;
mod oracle_interpreter;
mod play_music;
mod progtext_crunch_list;
mod progtext_program_renum;
mod progtext_robust;
mod robustness;
mod rom_parsing;
mod tape_ascii;
mod tape_cas;
mod tape_robustness;
mod tape_wav;
mod timing;
mod video_font;
mod video_golden;
mod video_render;
