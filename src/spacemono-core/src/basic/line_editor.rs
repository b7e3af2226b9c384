//! The line input routine (DR `LB5C6`): what the prompt and INPUT use to read a line.

use crate::machine::hardware::Hardware;
use crate::machine::keyboard::code;

/// The input buffer holds 249 characters (LineBufMax 250 with its terminator). Listings read
/// from files are cut to the same size (`formats::ascii`, which warns about it).
pub const MAX_LINE: usize = crate::formats::ascii::MAX_LINE_CHARS;

#[derive(Debug, PartialEq, Eq)]
pub enum Edit {
    /// Still typing.
    Pending,
    /// ENTER: the line as typed.
    Line(Vec<u8>),
    /// BREAK: the line is abandoned.
    Break,
}

#[derive(Debug, Default, Clone)]
pub struct LineEditor {
    buf: Vec<u8>,
}

impl LineEditor {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn clear(&mut self) {
        self.buf.clear();
    }

    /// Take one key, echoing it as the ROM does.
    pub fn key(&mut self, hw: &mut Hardware, k: u8) -> Edit {
        match k {
            code::ENTER => {
                hw.print(b'\r');
                Edit::Line(std::mem::take(&mut self.buf))
            }
            code::BREAK => {
                self.buf.clear();
                Edit::Break
            }
            code::LEFT => {
                if self.buf.pop().is_some() {
                    hw.print(8);
                }
                Edit::Pending
            }
            code::SHIFT_LEFT => {
                while self.buf.pop().is_some() {
                    hw.print(8);
                }
                Edit::Pending
            }
            code::CLEAR => {
                crate::machine::screen::TextScreen::fill(
                    &mut hw.mem,
                    crate::machine::screen::BLANK,
                );
                self.buf.clear();
                Edit::Pending
            }
            0x20..=0x7A => {
                if self.buf.len() < MAX_LINE {
                    self.buf.push(k);
                    hw.print(k);
                }
                Edit::Pending
            }
            _ => Edit::Pending,
        }
    }
}
