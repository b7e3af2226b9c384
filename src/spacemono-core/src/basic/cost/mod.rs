//! The cost model: the 6809 cycles the genuine ROM spends on each kind of work, charged at the
//! points where the ROM spends them, so that a program takes as many fields here as on a
//! Dragon 32 (docs/timing.md, whose sections are cited below).
//!
//! Two kinds of charge:
//! * **text costs**, which depend only on the program's bytes (CHRGET for each byte read and
//!   each space, FIN for each numeric literal, the operator and operand overheads, a
//!   statement's fixed handler cost): the compiler adds them up once per statement
//!   (`Segment::cost`), because the ROM spends exactly that every time it reads the text;
//! * **run costs**, which depend on the values and the machine's state (a variable's place in
//!   the table, the float routines' loops, lines passed by a GOTO's search, characters
//!   printed and rows scrolled, bytes copied, pixels plotted): charged as they happen, with
//!   additions only.

pub mod draw;
pub mod fin;
pub mod fp;
pub mod graphics;
pub mod using;

/// Fields between cursor toggles while waiting for a key (about half a second).
pub const CURSOR_BLINK_FIELDS: u32 = 25;
/// The field interrupt's own cycles, taken from the program once a field (docs/timing.md §1).
pub const FIELD_IRQ: u32 = crate::timing::FIELD_IRQ_CYCLES;
/// Handling one key in the line editor.
pub const KEY: u32 = 200;

// ---- docs/timing.md §2.1–2.2: reading the text, dispatching statements

/// Every statement: BasRun's loop with the keyboard poll (134), the CHRGET of the statement's
/// first byte (35) and the handler's return (8).
pub const STATEMENT: u32 = 177;
/// A statement that starts a new line: the link, the line number, TRON.
pub const NEW_LINE: u32 = 35;
/// A keyword statement: the token checks and the table jump (then a CHRGET of the next byte).
pub const KEYWORD: u32 = 58;
/// A statement that starts with a letter (an implicit LET: the dispatcher's part).
pub const IMPLICIT_LET: u32 = 31;
/// CmdLet's own work: the `=`, the type check, storing the value (docs/timing.md §2.4).
pub const LET: u32 = 155;
/// An empty statement (`::`, and the `:` that `'` is stored after) costs 187 in all.
pub const EMPTY: u32 = 10;
/// REM's handler besides its scan's 42 c a byte (`CmdREM` $8616 and L861E: `BSR`, the
/// terminators set, `LDX`, the loop's exit on the line's 0, `STX`): 51. `REM` alone at a
/// line's end is then 134 + 35 + 58 + 44 + 51 + 8 = 330 with its dispatch, as measured.
pub const REM: u32 = 51;
/// DATA's handler met while running (`CmdData` $8613 and L861B: the `:` terminator, the
/// `Skip2` over REM's `BSR`), besides its scan; 15 more when a `:` ends it (the compare with
/// the terminator that succeeds).
pub const DATA: u32 = 57;
pub const SCAN_TERMINATOR: u32 = 15;
/// Each space CHRGET passes.
pub const SPACE: u32 = 31;
/// Each byte a scan to the end of a statement or line passes (REM, DATA, a false IF, GOTO's
/// scan of the rest of its line).
pub const SCAN_BYTE: u32 = 42;

/// The end-of-statement scan over `bytes` (DR `L862A`, the loop of `CmdREM`/`CmdData`), by
/// its instructions: each byte is loaded, compared with the line's end and with the
/// terminator, passed, compared with `"` and with the $FF prefix, then with the IF token:
/// 4+3+6+6+3+5+2+3+2+3+2+3 = **42 c**. A `"` swaps the terminators instead of the prefix
/// test (`TFR`, `LDB`, `STA` at `L8624`: 14 c for the 10 it skips, **+4**); a $FF prefix
/// steps over its token with one `LEAX 1,X` (**47 c for the pair**); an IF token counts a
/// nested IF (`INC`, `BRA`: **+6**).
pub fn scan_cycles(bytes: &[u8]) -> u32 {
    let mut cycles = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        cycles += SCAN_BYTE;
        match bytes[i] {
            b'"' => cycles += 4,
            crate::basic::tokens::FUNCTION_PREFIX => {
                cycles += 5;
                i += 1;
            }
            crate::basic::tokens::stmt::IF => cycles += 6,
            _ => {}
        }
        i += 1;
    }
    cycles
}

// ---- docs/timing.md §2.3, §2.5: variables and expressions

/// Looking up a one-letter variable in the first slot, followed by a token.
pub const VAR: u32 = 232;
/// Each variable created before the one looked up (the linear search).
pub const VAR_SLOT: u32 = 30;
/// A second character in a name: a letter / a digit; each further one.
pub const NAME_LETTER: u32 = 68;
pub const NAME_DIGIT: u32 = 53;
pub const NAME_MORE: u32 = 62;
/// The `$` of a string name.
pub const NAME_STRING: u32 = 48;
/// An array element, per subscript, besides its expression and INTConv: the name, the
/// array search, the bounds check and the index arithmetic.
pub const ELEMENT: u32 = 850;
/// Each array created before the one used.
pub const ARRAY_SLOT: u32 = 41;
/// Entering and leaving the evaluator, once per expression.
pub const EXPR: u32 = 176;
/// An operand that is a variable (besides the lookup).
pub const OPERAND_VAR: u32 = 162;
/// An operand that is a numeric literal (besides FIN).
pub const OPERAND_NUMBER: u32 = 78;
/// A string literal operand, and each of its characters.
pub const OPERAND_STRING: u32 = 372;
pub const STRING_CHAR: u32 = 25;
/// A pair of parentheses.
pub const PARENS: u32 = 451;
/// Unary minus; NOT (INTConv, complement, FLOAT).
pub const NEGATE: u32 = 326;
pub const NOT: u32 = 1_270;
/// A binary operator: the first of an expression, and each later one.
pub const OPERATOR_FIRST: u32 = 424;
pub const OPERATOR: u32 = 392;
/// `-` is FADD after a sign flip.
pub const SUBTRACT: u32 = 15;
/// A relational operator when false (the comparison included); two-character ones cost more.
pub const RELATION: u32 = 916;
pub const RELATION_TWO_CHARS: u32 = 67;
/// A true relation has to float −1.
pub const RELATION_TRUE: u32 = 107;
/// Comparing strings, per character compared.
pub const COMPARE_CHAR: u32 = 20;
/// AND and OR: both sides through INTConv, the result through FLOAT.
pub const LOGIC: u32 = 1_876;
/// A function call with its argument's evaluation.
pub const FUNCTION: u32 = 418;
/// Each byte copied by any string operation; allocating a string.
pub const STRING_BYTE: u32 = 17;
pub const ALLOCATE: u32 = 60;
/// `^` and SQR: LOG, a multiply and EXP (docs/timing.md §2.9, at x = 0.7 and 3.7^2.3).
pub const POWER: u32 = 50_500;
pub const SQR: u32 = 50_275;
pub const LOG: u32 = 21_900;
pub const EXP: u32 = 25_200;
pub const SIN: u32 = 26_080;
pub const COS: u32 = 26_910;
pub const TAN: u32 = 51_292;
pub const ATN: u32 = 39_320;
pub const ABS: u32 = 11;
pub const SGN: u32 = 386;
/// RND(0): a 32-bit multiply of the seed; RND(n) also multiplies by n and takes INT.
pub const RND0: u32 = 2_870;
pub const RNDN: u32 = 7_550;
/// LEN, ASC: the descriptor and a FLOAT of the byte.
pub const LEN: u32 = 380;
/// CHR$, LEFT$, RIGHT$, STR$, STRING$ routines besides their arguments, copying and FOUT;
/// MID$ (a third argument and more checks).
pub const STRING_FUNCTION: u32 = 620;
pub const MID: u32 = 900;
/// INSTR, besides its arguments (not found in a 19-character string, docs/timing.md §2.14).
pub const INSTR: u32 = 1_500;
/// TIMER, INKEY$, POS, JOYSTK, MEM, PEEK's FLOAT (whole routines, docs/timing.md §2.9, §2.15).
pub const TIMER: u32 = 300;
pub const INKEY: u32 = 700;
/// JOYSTK besides the read of the sticks that JOYSTK(0) makes: the 2,900 of JOYSTK(0) with
/// the sticks at rest, less that read, which JOYSTK(0) adds as it finds the sticks
/// (`joystick::read_cycles`, docs/machine.md §18).
pub const JOYSTK: u32 = 2_900 - crate::machine::joystick::AT_REST_CYCLES;
pub const SMALL_FUNCTION: u32 = 500;

// ---- docs/timing.md §2.6–2.8: the float package's fixed parts

/// FCOMP in NEXT and the relations: exponents that differ.
pub const FCOMP: u32 = 51;

// ---- docs/timing.md §2.10–2.12: control flow

/// FOR's handler: CmdLet for the variable, the limit, the frame (with STEP: more).
pub const FOR: u32 = 925;
pub const FOR_STEP: u32 = 308;
/// Each FOR frame FOR, NEXT or RETURN scans past.
pub const FRAME: u32 = 55;
/// A NEXT pass: unpack the step, store the variable, restore the line and pointer (359, less
/// the return STATEMENT counts: NEXT jumps back into the loop itself).
pub const NEXT: u32 = 351;
/// The pass that ends the loop.
pub const NEXT_DONE: u32 = 14;
/// `NEXT J,I` when J's loop ends: the `,` and the next name are read (61), and I's NEXT runs
/// without a dispatch (−11) and with a name (−9); besides the name's lookup (VAR and slot).
pub const NEXT_HAND_OVER: u32 = 61 - 11 - 9;
/// GOTO's handler for a two-digit target, without the space; each digit more or less.
pub const GOTO: u32 = 427;
pub const LINE_NUMBER_DIGIT: u32 = 95;
/// The line search, per line passed; starting from the top of the program.
pub const SEARCH_LINE: u32 = 27;
pub const SEARCH_FROM_TOP: u32 = 5;
/// GOSUB's frame; RETURN's handler.
pub const GOSUB: u32 = 83;
pub const RETURN: u32 = 242;
/// IF's handler besides its condition; THEN with a line number jumps for less than GOTO;
/// a false IF's scan starts with this much.
pub const IF: u32 = 205;
pub const THEN_GOTO_SAVING: u32 = 55;
pub const IF_FALSE: u32 = 160;
/// ON: the handler, and each list entry passed over.
pub const ON: u32 = 600;
pub const ON_ENTRY: u32 = 112;
/// READ: per item; the search for DATA, per statement passed and per line.
pub const READ: u32 = 372;
pub const READ_ITEM: u32 = 100;
pub const DATA_SEARCH_STATEMENT: u32 = 80;
pub const DATA_SEARCH_LINE: u32 = 26;
/// RESTORE's handler (285 with dispatch).
pub const RESTORE: u32 = 15;

// ---- docs/timing.md §2.13: PRINT and the screen (the characters themselves: machine::screen)

/// Each PRINT item (its separator included), besides its expression and characters.
pub const PRINT_ITEM: u32 = 310;
/// Each character of an item, besides the screen's own cost of it.
pub const PRINT_CHAR: u32 = 27;
/// A numeric item: building the string from FOUT's buffer.
pub const PRINT_NUMBER: u32 = 300;
/// `PRINT @`: setting the cursor.
pub const PRINT_AT: u32 = 330;
/// CLS (docs/timing.md §2.15, 6,952 with dispatch).
pub const CLS: u32 = 6_680;

// ---- docs/timing.md §2.14–2.17

/// Garbage collection, per pass: each simple variable and each string descriptor (a string
/// variable's costs both, ≈ 100 against the measured 75–88; an array element's 62) scanned;
/// each byte moved.
pub const GC_PASS: u32 = 50;
pub const GC_NUMERIC: u32 = 42;
pub const GC_ELEMENT: u32 = 62;
pub const GC_BYTE: u32 = 21;
/// POKE and PEEK besides their INTConvs.
pub const POKE: u32 = 150;
pub const PEEK: u32 = 215;
