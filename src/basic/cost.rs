//! The cost model: how many 6809 cycles (at 0.894886 MHz) the real ROM spends on each kind
//! of work, so that a program takes as many 50 Hz fields here as it took on a Dragon 32.
//! Calibrated against the BM1–BM8 benchmarks timed on the genuine ROM (see `tests/timing.rs`
//! and `bench/README.md`); the figures are averages, not per-instruction truths.

/// CPU cycles in one 50 Hz PAL field (312 lines × 57 cycles).
pub const CYCLES_PER_FIELD: u32 = 17_784;
/// Fields between cursor toggles while waiting for a key (about half a second).
pub const CURSOR_BLINK_FIELDS: u32 = 25;

/// Dispatching one statement (including the keyboard poll between statements).
pub const STATEMENT: u32 = 300;
/// Starting a new line (following the link, setting the line number).
pub const LINE: u32 = 60;
/// Searching for a GOTO/GOSUB target.
pub const GOTO_SEARCH: u32 = 500;
/// Handling one key in the line editor.
pub const KEY: u32 = 200;
/// Reading a simple variable (a linear search on the real machine).
pub const VAR: u32 = 150;
/// Assigning to a variable.
pub const ASSIGN: u32 = 150;
/// One array element access, per subscript.
pub const SUBSCRIPT: u32 = 400;
/// A numeric literal: FIN, per character read.
pub const LITERAL_CHAR: u32 = 250;
/// Add or subtract.
pub const ADD: u32 = 350;
/// Multiply.
pub const MUL: u32 = 900;
/// Divide.
pub const DIV: u32 = 1_400;
/// A relational comparison.
pub const COMPARE: u32 = 300;
/// AND/OR/NOT.
pub const LOGIC: u32 = 400;
/// A transcendental function (LOG, EXP, SIN, ... are several of the above each).
pub const TRANSCENDENTAL: u32 = 12_000;
/// `^` is EXP(y·LOG(x)).
pub const POWER: u32 = 26_000;
/// Other function calls.
pub const FUNCTION: u32 = 300;
/// One NEXT step.
pub const NEXT: u32 = 900;
/// FOR setup.
pub const FOR: u32 = 1_200;
/// GOSUB or RETURN.
pub const GOSUB: u32 = 600;
/// Printing one character (TextVDUOut).
pub const PRINT_CHAR: u32 = 150;
/// Converting a number for PRINT (FOUT).
pub const FOUT: u32 = 4_000;
/// String work, per byte copied.
pub const STRING_BYTE: u32 = 20;
