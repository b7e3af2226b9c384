//! The keyboard as a matrix (docs/machine.md §16): what a program that scans it through PIA0
//! sees (columns driven low on $FF02, rows read on $FF00), made from the key presses the host
//! sends. The host sends presses, not releases, so a key reads as down for a while after its
//! press: at least [`MIN_FIELDS`] field ends (so a program that scans once a field sees it),
//! then until another key comes, at most [`HELD_FIELDS`] field ends; the same key again meanwhile
//! (the host's key repeat while a key is held) keeps it down.
//!
//! A host that sees key-ups also says which keys are held (`key_down` … `release`): those stay
//! down together until let go, as on a real keyboard, so a game scanning the matrix sees two
//! keys at once; with three held at three corners of a rectangle the fourth reads as down too
//! (ghosting, [`KeyMatrix::rows`]).

use std::collections::VecDeque;

use super::keyboard::code;

/// Field ends a key stays down at least.
pub const MIN_FIELDS: u16 = 2;
/// Field ends a key stays down when no other key follows it: past the usual host key-repeat
/// delay (500 ms, 25 fields), so a held key's repeats keep it down without a gap.
pub const HELD_FIELDS: u16 = 30;
/// Presses waiting to be shown (more are dropped: the queue for BASIC keeps them all).
const MAX_WAITING: usize = 64;
/// Keys held at once (more are not shown: the Dragon has 53 keys, a host sends a few).
const MAX_HELD: usize = 16;

/// A key the host says is held down.
#[derive(Clone, Copy, Debug)]
struct Held {
    code: u8,
    /// Field ends it has been down for (counted up to [`MIN_FIELDS`]).
    shown: u16,
    /// Let go already: it goes up once it has been down [`MIN_FIELDS`].
    released: bool,
}

/// SHIFT's place: row 6, column 7.
const SHIFT: u8 = 0x37;

/// Where a key code's key is in the Dragon's matrix, as row × 8 + column (XR `dkbd.h`:
/// row 0 `0`-`7`, row 1 `8 9 : ; , - . /`, row 2 `@ A`-`G`, row 3 `H`-`O`, row 4 `P`-`W`,
/// row 5 `X Y Z ↑ ↓ ← →` SPACE, row 6 ENTER CLEAR BREAK and SHIFT in column 7), and whether
/// the code needs SHIFT.
pub fn position(c: u8) -> Option<(u8, bool)> {
    Some(match c {
        b'0'..=b';' => (c - b'0', false),
        b',' | b'-' | b'.' | b'/' => (c - b',' + 12, false),
        b'!'..=b'+' => (c + 0x10 - b'0', true),
        b'<'..=b'?' => (c - b'<' + 12, true),
        b'@'..=b'Z' => (c - b'@' + 16, false),
        b'a'..=b'z' => (c - b'a' + 17, false),
        b' ' => (0x2F, false),
        code::UP => (0x2B, false),
        0x5F => (0x2B, true),
        code::DOWN => (0x2C, false),
        b'[' => (0x2C, true),
        code::LEFT => (0x2D, false),
        code::SHIFT_LEFT => (0x2D, true),
        code::RIGHT => (0x2E, false),
        b']' => (0x2E, true),
        code::ENTER => (0x30, false),
        code::CLEAR => (0x31, false),
        b'\\' => (0x31, true),
        code::BREAK => (0x32, false),
        code::PAUSE => (0x10, true),
        code::SHIFT => (SHIFT, false),
        _ => return None,
    })
}

#[derive(Clone, Debug, Default)]
pub struct KeyMatrix {
    /// Presses not yet shown, oldest first.
    waiting: VecDeque<u8>,
    /// The key down now.
    down: Option<u8>,
    /// Field ends it has been down for.
    shown: u16,
    /// Field ends left before it goes up by itself.
    left: u16,
    /// Keys the host says are held, in the order they went down.
    held: Vec<Held>,
}

impl KeyMatrix {
    /// A key pressed (typed, or pressed by the machine or a test).
    pub fn press(&mut self, c: u8) {
        if position(c).is_none() {
            return;
        }
        if self.down == Some(c) && self.waiting.is_empty() {
            // Pressed again while down: held.
            self.left = HELD_FIELDS;
        } else if self.down.is_none() && self.waiting.is_empty() {
            self.show(c);
        } else if self.waiting.len() < MAX_WAITING {
            self.waiting.push_back(c);
        }
    }

    /// The key down now is still held by the person (a host that knows key-ups says so
    /// while it is): it stays down for another [`HELD_FIELDS`]. Any other key: nothing.
    pub fn hold(&mut self, c: u8) {
        if self.down == Some(c) && self.waiting.is_empty() {
            self.left = HELD_FIELDS;
        }
    }

    /// A key held down from now until [`release`](Self::release), with any others held.
    pub fn key_down(&mut self, c: u8) {
        if position(c).is_none() {
            return;
        }
        if let Some(h) = self.held.iter_mut().find(|h| h.code == c) {
            h.released = false;
        } else if self.held.len() < MAX_HELD {
            self.held.push(Held {
                code: c,
                shown: 0,
                released: false,
            });
        }
    }

    /// A key let go: held, it goes up once it has been down [`MIN_FIELDS`] (so a brief press
    /// is seen); the press shown now, if it is this key, likewise (not [`HELD_FIELDS`] later).
    pub fn release(&mut self, c: u8) {
        if let Some(i) = self.held.iter().position(|h| h.code == c) {
            if self.held[i].shown >= MIN_FIELDS {
                self.held.remove(i);
            } else {
                self.held[i].released = true;
            }
        }
        if self.down == Some(c) && self.waiting.is_empty() {
            self.left = MIN_FIELDS.saturating_sub(self.shown);
            if self.left == 0 {
                self.down = None;
            }
        }
    }

    /// The keys held with [`key_down`](Self::key_down) and not let go.
    pub fn held_keys(&self) -> Vec<u8> {
        self.held
            .iter()
            .filter(|h| !h.released)
            .map(|h| h.code)
            .collect()
    }

    fn show(&mut self, c: u8) {
        self.down = Some(c);
        self.shown = 0;
        self.left = HELD_FIELDS;
    }

    /// Whether a field's end changes nothing here (no key down, none waiting).
    #[inline(always)]
    pub fn is_idle(&self) -> bool {
        self.down.is_none()
            && self.waiting.is_empty()
            && self.held.iter().all(|h| h.shown >= MIN_FIELDS)
    }

    /// A field ended: the key down may go up, the next may come. A key that follows the same
    /// key comes a field after it went up, so a program sees two presses.
    #[inline]
    pub fn field_passed(&mut self) {
        for h in &mut self.held {
            h.shown = (h.shown + 1).min(MIN_FIELDS);
        }
        self.held.retain(|h| !(h.released && h.shown >= MIN_FIELDS));
        match self.down {
            Some(k) => {
                self.shown += 1;
                self.left -= 1;
                if self.left == 0 || (self.shown >= MIN_FIELDS && !self.waiting.is_empty()) {
                    self.down = None;
                    if self.waiting.front() != Some(&k) {
                        if let Some(n) = self.waiting.pop_front() {
                            self.show(n);
                        }
                    }
                }
            }
            None => {
                if let Some(n) = self.waiting.pop_front() {
                    self.show(n);
                }
            }
        }
    }

    /// The key down now, if any.
    #[cfg(test)]
    pub fn down(&self) -> Option<u8> {
        self.down
    }

    /// The rows (bits 0-6, 0 = a key down there) with the columns `columns_low` (bit n: column
    /// n driven low) as the matrix connects them. Each key down joins its row to its column,
    /// so a low column pulls low every row it reaches through keys down, across other
    /// columns: with A, Q and S held, column 3 (S's) reaches row 2 through S, Q and A, and C
    /// reads as down (ghosting, as XR `keyboard_read_matrix` has it).
    pub fn rows(&self, columns_low: u8) -> u8 {
        if self.down.is_none() && self.held.is_empty() {
            return 0x7F;
        }
        // The rows each column's keys join it to (SHIFT with a key that needs it).
        let mut reach = [0u8; 8];
        let mut join = |at: u8| reach[usize::from(at & 7)] |= 1 << (at >> 3);
        let codes = self
            .down
            .into_iter()
            .chain(self.held.iter().map(|h| h.code));
        for (at, shift) in codes.filter_map(position) {
            join(at);
            if shift {
                join(SHIFT);
            }
        }
        // Columns that share a row are joined: each reaches the other's rows, until no more.
        loop {
            let mut changed = false;
            for a in 0..8 {
                for b in 0..8 {
                    if a != b && reach[a] & reach[b] != 0 && reach[a] | reach[b] != reach[a] {
                        reach[a] |= reach[b];
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let low = (0..8)
            .filter(|c| columns_low & (1 << c) != 0)
            .fold(0, |low, c| low | reach[c]);
        0x7F & !low
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sit_where_the_dragon_wires_them() {
        assert_eq!(position(b'0'), Some((0, false)));
        assert_eq!(position(b'/'), Some((15, false)));
        assert_eq!(position(b'A'), Some((17, false)));
        assert_eq!(position(b'Z'), Some((42, false)));
        assert_eq!(position(b'!'), Some((1, true)));
        assert_eq!(position(b'+'), Some((11, true)));
        assert_eq!(position(b'?'), Some((15, true)));
        assert_eq!(position(b' '), Some((47, false)));
        assert_eq!(position(code::BREAK), Some((50, false)));
        assert_eq!(position(b'{'), None);
        assert_eq!(position(code::SHIFT), Some((0x37, false)));
    }

    #[test]
    fn a_key_reads_in_its_row_only_while_its_column_is_low() {
        let mut m = KeyMatrix::default();
        m.press(b'A'); // row 2, column 1
        assert_eq!(m.rows(0xFF), 0x7F & !0x04);
        assert_eq!(m.rows(0x02), 0x7F & !0x04);
        assert_eq!(m.rows(0xFD), 0x7F);
        m.press(b'!'); // waits
        m.field_passed();
        m.field_passed();
        assert_eq!(m.down(), Some(b'!'));
        // '1' in row 0 column 1, SHIFT in row 6 column 7.
        assert_eq!(m.rows(0x02), 0x7E);
        assert_eq!(m.rows(0x80), 0x3F);
    }

    #[test]
    fn a_key_stays_down_while_repeated_and_the_same_key_twice_is_two_presses() {
        let mut m = KeyMatrix::default();
        m.press(b'X');
        for _ in 0..HELD_FIELDS - 1 {
            m.field_passed();
        }
        m.press(b'X'); // the host's repeat
        for _ in 0..HELD_FIELDS - 1 {
            m.field_passed();
        }
        assert_eq!(m.down(), Some(b'X'), "held");
        m.field_passed();
        assert_eq!(m.down(), None, "let go");
        // Typed fast after another key, the same key twice reads as two presses.
        m.press(b'A');
        m.press(b'Y');
        m.press(b'Y');
        m.field_passed();
        m.field_passed();
        assert_eq!(m.down(), Some(b'Y'));
        m.field_passed();
        m.field_passed();
        assert_eq!(m.down(), None, "up between two presses of one key");
        m.field_passed();
        assert_eq!(m.down(), Some(b'Y'));
    }
}
