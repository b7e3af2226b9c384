//! The cost model: how many 6809 cycles (at 0.894886 MHz) the real ROM spends on each kind
//! of work, so that a program takes as many 50 Hz fields here as it took on a Dragon 32.
//! Calibrated against the BM1–BM8 benchmarks timed on the genuine ROM (see `tests/timing.rs`
//! and `bench/README.md`); the figures are averages, not per-instruction truths.

/// CPU cycles in one 50 Hz PAL field (312 lines × 57 cycles).
pub const CYCLES_PER_FIELD: u32 = 17_784;
/// Fields between cursor toggles while waiting for a key (about half a second).
pub const CURSOR_BLINK_FIELDS: u32 = 25;

/// Dispatching one statement (including the keyboard poll between statements).
pub const STATEMENT: u32 = 200;
/// Starting a new line (following the link, setting the line number).
pub const LINE: u32 = 60;
/// Reading a GOTO/GOSUB target's number and starting the search.
pub const GOTO_SEARCH: u32 = 300;
/// Each line the search steps over (from the current line when the target is later, else
/// from the start of the program).
pub const GOTO_HOP: u32 = 100;
/// Handling one key in the line editor.
pub const KEY: u32 = 200;
/// Reading a simple variable (a linear search on the real machine).
pub const VAR: u32 = 500;
/// Assigning to a variable.
pub const ASSIGN: u32 = 500;
/// One array element access, per subscript.
pub const SUBSCRIPT: u32 = 1_068;
/// A numeric literal: FIN, per character read.
pub const LITERAL_CHAR: u32 = 920;
/// Add or subtract.
pub const ADD: u32 = 400;
/// Multiply.
pub const MUL: u32 = 1_600;
/// Divide.
pub const DIV: u32 = 2_700;
/// A relational comparison.
pub const COMPARE: u32 = 1_700;
/// AND/OR/NOT.
pub const LOGIC: u32 = 400;
/// LOG: a polynomial in t plus a division and the exponent fix-up.
pub const LOG: u32 = 24_000;
/// EXP: a degree-7 polynomial and INT.
pub const EXP: u32 = 22_000;
/// SIN (COS adds an addition; TAN is SIN and a second polynomial and a division).
pub const SIN: u32 = 27_000;
pub const COS: u32 = 27_500;
pub const TAN: u32 = 58_000;
pub const ATN: u32 = 30_000;
/// `^` (and SQR) is EXP(y·LOG(x)).
pub const POWER: u32 = LOG + EXP + MUL + 1_000;
/// Other function calls.
pub const FUNCTION: u32 = 200;
/// One NEXT step.
pub const NEXT: u32 = 1_163;
/// FOR setup.
pub const FOR: u32 = 200;
/// Pushing a GOSUB frame (the search is counted as for GOTO).
pub const GOSUB: u32 = 100;
pub const RETURN: u32 = 280;
/// Printing one character (TextVDUOut).
pub const PRINT_CHAR: u32 = 150;
/// Converting a number for PRINT (FOUT).
pub const FOUT: u32 = 4_000;
/// String work, per byte copied.
pub const STRING_BYTE: u32 = 20;
