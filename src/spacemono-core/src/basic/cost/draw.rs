//! What DRAW (`GrDraw` LB051) spends, from the ROM's instructions (docs/timing.md §2.16.1):
//! its command loop (LB078) reads the string a character at a time through LAF33, a command's
//! number through LAF59, a relative move goes through LB166 (scale, angle) and every move
//! through LB197 and the LINE routine LA82F. Cycles are the MC6809's per instruction, JSRs and
//! RTSs included; PMODE 4 (the 4-colour modes' address routine is 2 c shorter a pixel).

use super::graphics::{hline, vline};

/// The statement's own work besides its string expression: GrDraw's entry (24), GrSetColours
/// (47), the JSR to VarGetStr (8), BasGetStrLenAddr freeing the string's descriptor (108),
/// LB06E storing the length and pointer (20), and the end (LB078 finding no length, LB06C
/// pulling the end marker, LB162: 40).
pub const STATEMENT: u32 = 24 + 47 + 8 + 108 + 20 + 40;

/// Each space LAF33 passes over (`TST`, `BEQ`, `LDX`, `LDA ,X+`, `STX`, `DEC`, `CMPA`, `BEQ`).
pub const SPACE: u32 = 36;

/// The command loop's pass for the character `c` that LAF33 (60 c with its JSR) fetched, up to
/// the command's own work: `;` 74, `'` 79, `N` 93 and `B` 98 (each toggles its flag and
/// loops), `X` 97 and `M` 104 (to their handlers), any other letter 120 (its number comes next).
pub fn command(c: u8) -> u32 {
    const HEAD: u32 = 6 + 3 + 60; // TST <EvalD8, BEQ, JSR LAF33
    match c {
        b';' => HEAD + 5,
        b'\'' => HEAD + 10,
        b'N' => HEAD + 15 + 9,
        b'B' => HEAD + 20 + 9,
        b'X' => HEAD + 20 + 2 + 6,
        b'M' => HEAD + 20 + 2 + 5 + 2 + 6,
        // X and M not taken (14), PSHS A, LDB #1, TST, BEQ (17)
        _ => HEAD + 20 + 14 + 17,
    }
}

/// What follows the last digit of a number (LAF63's exit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The string's end: `TST <EvalD8` finds nothing left (`RTS`).
    End,
    /// A character below `'0'` (`,`): LAF33, LA438's short path, LAF7D backs up.
    BelowZero,
    /// Any other character (a letter, `;`).
    Other,
}

impl After {
    /// The character (or none) after a number.
    pub fn of(next: Option<u8>) -> After {
        match next {
            None => After::End,
            Some(c) if c < b'0' => After::BelowZero,
            Some(_) => After::Other,
        }
    }

    fn cycles(self) -> u32 {
        match self {
            After::End => 5,
            After::BelowZero => 60 + 18 + 3 + 26,
            After::Other => 60 + 22 + 3 + 26,
        }
    }
}

/// LB066/LAF59: a decimal number of `digits` digits (its first digit fetched again by
/// LAF33), without the JSR/BSR that calls it: 96 to enter (LAF33, the `=` test, LA438,
/// `CLRB`), 40 per digit (`MUL` by 10 and the add), 85 between digits (LAF33, LA438), and
/// the exit.
pub fn number(digits: u32, after: After) -> u32 {
    96 + 40 * digits + 85 * digits.saturating_sub(1) + after.cycles()
}

/// A letter command's count (LB0A4): none at the string's end (0), none before a letter
/// (LAF33, CheckAAlpha, LAF7D backing up: 131), or `digits` of them (LAF33, CheckAAlpha,
/// LAF7D, then `BSR LB066`: 134 + the number).
pub fn count(digits: u32, after: After, at_end: bool) -> u32 {
    if at_end {
        0
    } else if digits == 0 {
        60 + 22 + 6 + 34 + 6 + 3
    } else {
        60 + 18 + 6 + 34 + 6 + 3 + 7 + number(digits, after)
    }
}

/// LB0BC: pulling the command back, the tests up to its own (5 each, C first, then A S U D L
/// R, then `SUBA #'E'` and `DECA`s for E F G H), and its work: C converts the colour (LA8EB)
/// and sets the colour bytes (GrSetColours), A and S check and store, the eight directions
/// set up the differences (a `BSR LB15F` negates).
pub fn letter(c: u8) -> u32 {
    let tests = |n: u32| 6 + 5 * n;
    match c {
        // LA8EB in PMODE 4 (≈ 54 c: 58 for colours 5-8), STB, GrSetColours, BRA.
        b'C' => tests(1) + 54 + 4 + 47 + 3,
        b'A' => tests(2) + 15,
        b'S' => tests(3) + 15,
        b'U' => tests(4) + 34,
        b'D' => tests(5) + 21,
        b'L' => tests(6) + 29,
        b'R' => tests(7) + 10,
        b'E' => tests(7) + 5 + 35,
        b'F' => tests(7) + 10 + 11,
        b'G' => tests(7) + 15 + 27,
        b'H' => tests(7) + 20 + 30,
        _ => tests(7) + 20,
    }
}

/// `M`'s handler (LB1CD) besides its two numbers: LAF33 for the first character, the JSRs to
/// LB1F9 and LB1F6, LAF33 for the `,` and for the second coordinate's first character, the
/// pushes and pulls; then the branch on the first character (absolute 10, `+` 15, `-` 20).
pub fn move_command(first: u8) -> u32 {
    60 + 6
        + 8
        + 7
        + 60
        + 2
        + 5
        + 8
        + 60
        + 6
        + 7
        + 6
        + match first {
            b'+' => 15,
            b'-' => 20,
            _ => 10,
        }
}

/// LB1F9: one coordinate of `M` with its sign: without one, LAF7D backs up so that LB066
/// reads the first digit again (76); `+` 37; `-` 46 (it negates the result); besides its
/// number.
pub fn coordinate(first: u8) -> u32 {
    match first {
        b'+' => 37,
        b'-' => 46,
        _ => 76,
    }
}

/// LB166: a relative move's differences (horizontal `h`, vertical `v`, as 16-bit two's
/// complement) scaled (LB144: 25 c each with scale 0; with a scale, the 16×16 multiply
/// LB350, 227 c, 251 for a negative difference), turned `angle` times (44 c each) and added
/// to the last point (a sum below 0 is left at 0: 6 c less).
pub fn relative(
    h: u16,
    v: u16,
    scale: u8,
    angle: u8,
    x_below_zero: bool,
    y_below_zero: bool,
) -> u32 {
    let scaled = |d: u16| match (scale, d & 0x8000 != 0) {
        (0, _) => 25,
        (_, false) => 227,
        (_, true) => 251,
    };
    7 + scaled(v)
        + 7
        + 7
        + scaled(h)
        + 7
        + 6
        + 7
        + 9
        + 44 * angle as u32
        + 7
        + 5
        + 6
        + 3
        + 6
        + 6
        + 5
        + 6
        + 3
        + 6
        - 6 * (x_below_zero as u32 + y_below_zero as u32)
}

/// LB197: the end point clamped to the screen (3 c for each coordinate clamped), the line's
/// start and end stored, the last point updated unless `N` (10), LA7AE normalising both
/// points (72), the flags tested and cleared and the jump back to the loop.
pub fn move_to(clamped: u32, update: bool) -> u32 {
    15 + 3 * clamped + 30 + 9 + 10 * update as u32 + 72 + 9 + 16
}

/// LA82F and the routine it chooses for a line from the start to the end, `dx`, `dy` the
/// differences' sizes, `left`, `up` their signs: `JSR LA82F` and its tests, then
/// * no vertical difference: DrawHLine (`hline`, 37 c more leftwards: LAAB8 negates and the
///   points are swapped);
/// * no horizontal difference: DrawVLine (`vline`, 31 c more in the tests and 37 in DrawVLine
///   upwards);
/// * otherwise LA82F's own loop, Bresenham's, with the address worked out for each pixel: 170
///   to set up (more when a difference is negative, when the vertical is the larger and
///   when the larger is even), 231 per step of the larger coordinate (the address 84,
///   the pixel LA705 69, the counters and the step through `JSR [8,S]`), 35 per step of the
///   smaller, and 184 for the last pixel and the stack.
pub fn line(dx: u32, dy: u32, left: bool, up: bool) -> u32 {
    if dy == 0 {
        45 + hline(dx + 1) + 37 * left as u32
    } else if dx == 0 {
        97 + 31 * up as u32 + vline(dy + 1) + 37 * up as u32
    } else {
        let (major, minor) = (dx.max(dy), dx.min(dy));
        // The larger coordinate's routine decrements: the left or upward one.
        let major_backwards = if dx >= dy { left } else { up };
        let even = major % 2 == 0;
        170 + 31 * up as u32
            + 30 * left as u32
            + 16 * (dx < dy) as u32
            + if even {
                8 + 4 * major_backwards as u32
            } else {
                0
            }
            + 231 * major
            + 35 * minor
            + 184
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The passes docs/timing.md §2.16.1 states, and `DRAW "BM100,50"` against the statement
    /// the genuine ROM measured (2,738 c with its dispatch, 279, and its string, 748).
    #[test]
    fn the_derived_passes_add_up() {
        assert_eq!(
            (command(b';'), command(b'N'), command(b'B'), SPACE),
            (74, 93, 98, 36)
        );
        let bm = STATEMENT
            + command(b'B')
            + command(b'M')
            + move_command(b'1')
            + coordinate(b'1')
            + number(3, After::BelowZero)
            + coordinate(b'5')
            + number(2, After::End)
            + move_to(0, true);
        let whole = (279 + 748 + bm) as f64;
        assert!((whole / 2_738.0 - 1.0).abs() < 0.03, "{whole}");
    }
}
