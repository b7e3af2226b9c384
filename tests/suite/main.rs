//! The test suite: every module is one part of the spec, as BASIC snippets and what a Dragon
//! 32 shows, or one of the machine's files and what it must hold. One binary, so the suite
//! links once (a test binary per file linked the whole crate 35 times).

mod architecture;
mod boot;
mod common;
mod deck_cli;
mod deck_program;
mod deck_tape;
mod dialect_altair_mbasic;
mod edit_mode;
mod frontend_cli;
mod game_full;
mod game_look;
mod game_rules;
mod game_screen;
mod game_support;
mod game_tape;
mod game_waits;
mod graphics_algo;
mod graphics_common;
mod graphics_golden;
mod graphics_oracle;
mod graphics_robust;
mod graphics_statements;
mod hostile_input;
mod oracle_interpreter;
mod play_by_file;
mod play_music;
mod printer;
mod progtext_crunch_list;
mod progtext_program_renum;
mod progtext_robust;
mod robustness;
mod snapshots;
mod tape_ascii;
mod tape_cas;
mod tape_robustness;
mod tape_statements;
mod tape_wav;
mod text_views;
mod timing;
mod trace_compare;
mod video_font;
mod video_golden;
mod video_png;
mod video_render;
