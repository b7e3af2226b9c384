//! The text display as the ROM drives it (DR `TextVDUOut`, docs/machine.md §4): 32×16 bytes at
//! $0400, the cursor address kept in RAM at $88 as the ROM keeps it.

use crate::machine::memory::{addr, Memory};

/// Where the ROM keeps the cursor address (CURPOS).
pub const CURSOR_ADDR: u16 = 0x88;
/// One cell of the text screen as the VDG shows it, for a view that draws characters (the
/// terminal): the character in its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextCell {
    /// The character as the VDG draws it: letters in capitals (an inverse one too: its
    /// colours say it), `↑` and `←` for $1E/$1F, a semigraphics cell as a Unicode quadrant
    /// block (an empty one as a space).
    pub ch: char,
    /// Its colour (0x00RRGGBB): dark green for a normal character, green for an inverse
    /// (lower-case) one, the cell's colour for semigraphics.
    pub fg: u32,
    /// The background: green for a normal character, dark green for an inverse one, black
    /// for semigraphics.
    pub bg: u32,
}

/// A blank text cell: an inverted-video space (dark green on the VDG).
pub const BLANK: u8 = 0x60;
pub const COLUMNS: u16 = 32;
pub const ROWS: u16 = 16;

/// What TextOutChar and TextVDUOut spend on a character (docs/timing.md §2.13): a printable one;
/// a carriage return, and each cell it blanks to the end of the row; a scroll (480 bytes
/// moved up two at a time and the bottom row cleared).
pub const CHAR_CYCLES: u32 = 216;
pub const CR_CYCLES: u32 = 205;
pub const CLEAR_CELL_CYCLES: u32 = 19;
pub const SCROLL_CYCLES: u32 = 5_670;

/// The text screen lives in RAM; this is the VDU logic around it.
pub struct TextScreen;

impl TextScreen {
    /// The screen byte the ROM stores for a character code.
    #[inline]
    pub fn vdg_code(c: u8) -> u8 {
        match c {
            0x20..=0x3F => c ^ 0x40,
            0x40..=0x5F => c,
            0x60..=0x7F => (c & 0xDF) ^ 0x40,
            _ => c,
        }
    }

    pub fn cursor(mem: &Memory) -> u16 {
        let c = mem.read_u16(CURSOR_ADDR);
        if (addr::TEXT_SCREEN..addr::TEXT_SCREEN_END).contains(&c) {
            c
        } else {
            addr::TEXT_SCREEN
        }
    }

    pub fn set_cursor(mem: &mut Memory, a: u16) {
        mem.write_u16(CURSOR_ADDR, a);
    }

    /// POS(0): the cursor's column.
    pub fn column(mem: &Memory) -> u8 {
        ((Self::cursor(mem) - addr::TEXT_SCREEN) % COLUMNS) as u8
    }

    /// Send one character to the screen as TextVDUOut does; returns the cycles the ROM
    /// spends on it (docs/timing.md §2.13).
    pub fn put(mem: &mut Memory, c: u8) -> u32 {
        let mut cycles = CHAR_CYCLES;
        let mut cur = Self::cursor(mem);
        match c {
            0x08 => {
                if cur > addr::TEXT_SCREEN {
                    cur -= 1;
                    mem.poke(cur, BLANK);
                }
            }
            0x0D => {
                // Blank to the end of the row; the cursor lands at the next row's start.
                cycles = CR_CYCLES
                    + CLEAR_CELL_CYCLES * (COLUMNS - (cur - addr::TEXT_SCREEN) % COLUMNS) as u32;
                loop {
                    mem.poke(cur, BLANK);
                    cur += 1;
                    if (cur - addr::TEXT_SCREEN).is_multiple_of(COLUMNS) {
                        break;
                    }
                }
            }
            0x00..=0x1F => {}
            _ => {
                mem.poke(cur, Self::vdg_code(c));
                cur += 1;
            }
        }
        if cur >= addr::TEXT_SCREEN_END {
            Self::scroll(mem);
            cycles += SCROLL_CYCLES;
            cur = addr::TEXT_SCREEN_END - COLUMNS;
        }
        Self::set_cursor(mem, cur);
        cycles
    }

    /// Move rows 1–15 up one row and blank the last.
    pub fn scroll(mem: &mut Memory) {
        mem.copy_within(
            addr::TEXT_SCREEN + COLUMNS,
            addr::TEXT_SCREEN,
            ((ROWS - 1) * COLUMNS) as usize,
        );
        for a in addr::TEXT_SCREEN_END - COLUMNS..addr::TEXT_SCREEN_END {
            mem.poke(a, BLANK);
        }
    }

    /// Fill the screen with one byte and home the cursor.
    pub fn fill(mem: &mut Memory, byte: u8) {
        for a in addr::TEXT_SCREEN..addr::TEXT_SCREEN_END {
            mem.poke(a, byte);
        }
        Self::set_cursor(mem, addr::TEXT_SCREEN);
    }

    /// The screen as 16 lines of 32 characters: characters as themselves, inverse (lower-case)
    /// ones in lower case, semigraphics cells as Unicode quadrant blocks (an empty one as a space).
    pub fn to_text(mem: &Memory) -> String {
        let mut out = String::with_capacity(16 * 33 * 3);
        for row in 0..ROWS {
            for col in 0..COLUMNS {
                let b = mem.peek(addr::TEXT_SCREEN + row * COLUMNS + col);
                out.push(Self::cell_char(b));
            }
            out.push('\n');
        }
        out
    }

    /// One screen byte as the VDG shows it: a character and its colours (see [`TextCell`]).
    pub fn cell(b: u8) -> TextCell {
        use crate::video::palette;
        if b & 0x80 != 0 {
            return TextCell {
                ch: QUADRANTS[(b & 0x0F) as usize],
                fg: palette::COLOURS[((b >> 4) & 7) as usize],
                bg: palette::BLACK,
            };
        }
        let ch = Self::cell_char(b).to_ascii_uppercase();
        let (fg, bg) = if b & 0x40 != 0 {
            (palette::DARK_GREEN, palette::GREEN)
        } else {
            (palette::GREEN, palette::DARK_GREEN)
        };
        TextCell { ch, fg, bg }
    }

    /// One screen byte as a Unicode character (see [`TextScreen::to_text`]).
    pub fn cell_char(b: u8) -> char {
        if b & 0x80 != 0 {
            return QUADRANTS[(b & 0x0F) as usize];
        }
        let glyph = b & 0x3F;
        let c = match glyph {
            0x00 => '@',
            0x01..=0x1A => (b'A' + glyph - 1) as char,
            0x1B => '[',
            0x1C => '\\',
            0x1D => ']',
            0x1E => '↑',
            0x1F => '←',
            _ => glyph as char, // $20–$3F: space, punctuation, digits as in ASCII
        };
        if b & 0x40 == 0 {
            c.to_ascii_lowercase()
        } else {
            c
        }
    }
}

/// SG4 quadrant patterns (bits TL=8 TR=4 BL=2 BR=1) as Unicode block elements: the same
/// table the text art of a graphics page uses.
pub use crate::video::text_art::QUADRANTS;

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh() -> Memory {
        let mut m = Memory::new();
        TextScreen::fill(&mut m, BLANK);
        m
    }

    #[test]
    fn characters_are_stored_as_the_rom_stores_them() {
        assert_eq!(TextScreen::vdg_code(b' '), 0x60);
        assert_eq!(TextScreen::vdg_code(b'0'), 0x70);
        assert_eq!(TextScreen::vdg_code(b'A'), 0x41);
        assert_eq!(TextScreen::vdg_code(b'a'), 0x01);
        assert_eq!(TextScreen::vdg_code(0x8F), 0x8F);
    }

    #[test]
    fn backspace_erases_and_cr_blanks_the_rest_of_the_row() {
        // docs/machine.md §4: "Backspace (8) erases one cell. CR (13) blanks the rest of the line
        // with $60." A screen full of X shows both.
        let mut m = fresh();
        TextScreen::fill(&mut m, b'X');
        for &c in b"AB\x08" {
            TextScreen::put(&mut m, c);
        }
        assert_eq!(m.peek(0x400), b'A');
        assert_eq!(m.peek(0x401), 0x60, "the B is erased");
        assert_eq!(TextScreen::cursor(&m), 0x401);
        TextScreen::put(&mut m, 13);
        assert_eq!(TextScreen::cursor(&m), 0x420);
        assert!(
            (0x401..0x420).all(|a| m.peek(a) == 0x60),
            "rest of the row blanked"
        );
        assert_eq!(m.peek(0x420), b'X', "the next row is untouched");
    }

    #[test]
    fn writing_past_the_last_cell_scrolls_one_row() {
        let mut m = fresh();
        TextScreen::put(&mut m, b'X');
        for _ in 0..511 {
            TextScreen::put(&mut m, b'.');
        }
        // The 'X' row has scrolled away; the cursor is at the start of row 15.
        assert_eq!(TextScreen::cursor(&m), 0x5E0);
        assert_eq!(m.peek(0x400), TextScreen::vdg_code(b'.'));
        assert_eq!(m.peek(0x5E0), BLANK);
    }

    #[test]
    fn text_dump_shows_inverse_as_lower_case_and_blocks() {
        let mut m = fresh();
        m.poke(0x400, 0x01);
        m.poke(0x401, 0x41);
        m.poke(0x402, 0x8F);
        m.poke(0x403, 0x80);
        let t = TextScreen::to_text(&m);
        assert!(t.starts_with("aA█ "));
        assert_eq!(t.lines().count(), 16);
    }
}
