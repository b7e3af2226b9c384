//! White-box tests: parts of the machine checked from the inside (the graphics algorithms on
//! bare memory, the cruncher and LIST, RENUM, PLAY's parser, the font and the renderer, the
//! deck's own files). Everything a `Machine` alone can show is in the spec (`tests/spec`);
//! what is here needs the insides the crate does not export. The spec's helpers are shared,
//! not copied, and name this crate as the spec does (`spacemono_core`, made an alias of
//! `crate` for tests in lib.rs).

#[path = "../../tests/spec/common/mod.rs"]
mod common;

mod deck_program;
mod deck_tape;
mod dialect_altair_mbasic;
mod graphics_algo;
mod graphics_common;
mod graphics_oracle;
mod graphics_robust;
mod play_music;
mod progtext_crunch_list;
mod progtext_program_renum;
mod progtext_robust;
mod speed;
mod video_font;
mod video_golden;
mod video_render;
