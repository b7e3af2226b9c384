//! The frontend crate's suite: the window, the terminal view, the command line, the games on
//! their tapes and play by file. (The machine's own spec, everything that needs only a
//! `Machine`, is the core crate's: `cargo test -p spacemono-core`.) One binary, so the suite
//! links once.

mod acquire_file;
mod acquire_games;
mod acquire_look;
mod acquire_mergers;
mod acquire_rules;
mod acquire_screen;
mod acquire_start_time;
mod acquire_support;
mod acquire_waits;
mod architecture;
mod boot;
mod cli_errors;
mod common;
mod deck_cli;
mod docs_citations;
mod frontend_cli;
mod game_computer;
mod game_full;
mod game_look;
mod game_rules;
mod game_screen;
mod game_support;
mod game_tape;
mod game_waits;
mod hostile_files;
mod hostile_input;
mod hostile_orders;
mod hostile_seat;
mod joystick_cli;
mod overwritten_text;
mod play_by_file;
mod printer;
mod roms_readme_numbers;
mod session_pacing;
mod snapshots;
mod starlanes_computer;
mod starlanes_games;
mod starlanes_play_by_file;
mod starlanes_rules;
mod starlanes_rules_more;
mod starlanes_screen;
mod starlanes_support;
mod tape_budget;
mod tape_statements;
mod terminal_view;
mod text_views;
mod trace_compare;
mod video_png;
