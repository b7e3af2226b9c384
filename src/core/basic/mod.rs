//! Dragon 32 Extended Color BASIC: the program in RAM, the cruncher, the math package and the
//! interpreter.

pub mod ast;
pub mod command_string;
pub mod compile;
pub mod cost;
pub mod crunch;
pub mod dialect;
pub mod edit_mode;
pub mod error;
pub mod eval;
pub mod exec;
pub mod exec_flow;
pub mod exec_graphics;
pub mod exec_print;
pub mod exec_program;
pub mod exec_tape;
pub mod float;
pub mod func_machine;
pub mod func_math;
pub mod func_strings;
pub mod graphics;
pub mod input;
pub mod interp;
pub mod line_editor;
pub mod line_index;
pub mod listing;
pub mod long_names;
pub mod play;
pub mod program;
pub mod program_image;
pub mod renum;
pub mod semigraphics;
pub mod strings;
pub mod tape_job;
pub mod tokens;
pub mod vars;
