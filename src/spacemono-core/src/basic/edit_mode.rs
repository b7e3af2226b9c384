//! EDIT n: Microsoft's line editor (the Color BASIC manual's EDIT commands). The line is
//! edited as LIST shows it and stored again, as if typed, when ENTER is pressed.
//!
//! Commands (n is an optional count typed first): n SPACE moves right showing characters,
//! n ← moves left, n D deletes (shown between `!` marks), I inserts, X goes to the end and
//! inserts, H deletes the rest and inserts, L lists the line and starts again, n C changes
//! characters, n S c searches for the nth `c`, n K c deletes up to the nth `c`, SHIFT+↑
//! leaves insert or change, ENTER shows the rest and stores the line, BREAK abandons it.

use crate::machine::hardware::Hardware;
use crate::machine::keyboard::code;

/// SHIFT+↑: the escape key of the edit mode.
pub const ESCAPE: u8 = 0x5F;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Sub {
    Command,
    Insert,
    Change(u16),
    Search(u16),
    Kill(u16),
}

#[derive(Clone, Debug)]
pub struct EditState {
    number: u16,
    text: Vec<u8>,
    pos: usize,
    count: u16,
    sub: Sub,
}

/// What a key did to the line being edited.
#[derive(Debug, PartialEq, Eq)]
pub enum EditOutcome {
    Editing,
    /// ENTER: store this line (number and text, as typed).
    Done(Vec<u8>),
    /// BREAK: leave the line as it was.
    Abandoned,
}

impl EditState {
    /// Start editing: show the line number and a space.
    pub fn start(hw: &mut Hardware, number: u16, listed: &[u8]) -> EditState {
        // `listed` is what LIST prints: "n text"; keep the text part.
        let prefix = format!("{number} ");
        let text = listed
            .strip_prefix(prefix.as_bytes())
            .unwrap_or(listed)
            .to_vec();
        hw.print_bytes(prefix.as_bytes());
        EditState {
            number,
            text,
            pos: 0,
            count: 0,
            sub: Sub::Command,
        }
    }

    fn times(&mut self) -> u16 {
        std::mem::take(&mut self.count).max(1)
    }

    fn show_rest(&mut self, hw: &mut Hardware) {
        hw.print_bytes(&self.text[self.pos..]);
        self.pos = self.text.len();
    }

    /// One key: BREAK and ENTER end the edit whatever is going on; any other key goes to
    /// the sub-mode in progress (insert, change, search, kill) or is a command. Never inlined:
    /// its one caller is the interpreter's run_slice, and with the edit mode's functions
    /// inside it the statement loop there ran 3 % slower (bench/bm7).
    #[inline(never)]
    pub fn key(&mut self, hw: &mut Hardware, k: u8) -> EditOutcome {
        if k == code::BREAK {
            hw.print(b'\r');
            return EditOutcome::Abandoned;
        }
        if k == code::ENTER {
            self.show_rest(hw);
            hw.print(b'\r');
            let mut line = format!("{} ", self.number).into_bytes();
            line.extend_from_slice(&self.text);
            return EditOutcome::Done(line);
        }
        match self.sub.clone() {
            Sub::Insert => self.insert_key(hw, k),
            Sub::Change(n) => self.change_key(hw, k, n),
            Sub::Search(n) => self.search_key(hw, k, n, false),
            Sub::Kill(n) => self.search_key(hw, k, n, true),
            Sub::Command => self.command_key(hw, k),
        }
        EditOutcome::Editing
    }

    /// Insert mode: a printable key goes in at the cursor (up to 249 characters), ← rubs out
    /// the character before it, SHIFT+↑ leaves.
    fn insert_key(&mut self, hw: &mut Hardware, k: u8) {
        if k == ESCAPE {
            self.sub = Sub::Command;
        } else if k == code::LEFT {
            if self.pos > 0 {
                self.pos -= 1;
                self.text.remove(self.pos);
                hw.print(8);
            }
        } else if (0x20..0x7B).contains(&k) && self.text.len() < 249 {
            self.text.insert(self.pos, k);
            self.pos += 1;
            hw.print(k);
        }
    }

    /// Change mode, `n` characters left: a printable key replaces the one at the cursor;
    /// SHIFT+↑ leaves early.
    fn change_key(&mut self, hw: &mut Hardware, k: u8, n: u16) {
        if k == ESCAPE {
            self.sub = Sub::Command;
        } else if (0x20..0x7B).contains(&k) {
            if self.pos < self.text.len() {
                self.text[self.pos] = k;
                self.pos += 1;
                hw.print(k);
            }
            self.sub = if n > 1 && self.pos < self.text.len() {
                Sub::Change(n - 1)
            } else {
                Sub::Command
            };
        }
    }

    /// n S c and n K c, the key being c: up to the nth `c` after the cursor, shown (search)
    /// or deleted between `!` marks (kill); nothing when there are fewer.
    fn search_key(&mut self, hw: &mut Hardware, k: u8, n: u16, kill: bool) {
        let mut found = 0;
        let mut end = self.pos;
        let mut j = self.pos + 1;
        while j < self.text.len() {
            if self.text[j] == k {
                found += 1;
                if found == n {
                    end = j;
                    break;
                }
            }
            j += 1;
        }
        if found == n {
            if kill {
                let gone: Vec<u8> = self.text.drain(self.pos..end).collect();
                hw.print(b'!');
                hw.print_bytes(&gone);
                hw.print(b'!');
            } else {
                hw.print_bytes(&self.text[self.pos..end]);
                self.pos = end;
            }
        }
        self.sub = Sub::Command;
    }

    /// A command key, after an optional count typed as digits.
    fn command_key(&mut self, hw: &mut Hardware, k: u8) {
        match k {
            b'0'..=b'9' => {
                self.count = self
                    .count
                    .saturating_mul(10)
                    .saturating_add((k - b'0') as u16)
            }
            b' ' => {
                for _ in 0..self.times() {
                    if self.pos < self.text.len() {
                        hw.print(self.text[self.pos]);
                        self.pos += 1;
                    }
                }
            }
            code::LEFT => {
                for _ in 0..self.times() {
                    if self.pos > 0 {
                        self.pos -= 1;
                        hw.print(8);
                    }
                }
            }
            b'D' => {
                let n = self.times() as usize;
                let end = (self.pos + n).min(self.text.len());
                let gone: Vec<u8> = self.text.drain(self.pos..end).collect();
                hw.print(b'!');
                hw.print_bytes(&gone);
                hw.print(b'!');
            }
            b'I' => self.sub = Sub::Insert,
            b'X' => {
                self.show_rest(hw);
                self.sub = Sub::Insert;
            }
            b'H' => {
                self.text.truncate(self.pos);
                self.sub = Sub::Insert;
            }
            b'L' => {
                self.show_rest(hw);
                hw.print(b'\r');
                hw.print_bytes(format!("{} ", self.number).as_bytes());
                self.pos = 0;
            }
            b'C' => {
                let n = self.times();
                self.sub = Sub::Change(n);
            }
            b'S' => {
                let n = self.times();
                self.sub = Sub::Search(n);
            }
            b'K' => {
                let n = self.times();
                self.sub = Sub::Kill(n);
            }
            _ => self.count = 0,
        }
    }
}
