//! The blinking cursor BASIC shows while it waits for a line (at the prompt, for INPUT, in
//! EDIT): the text cell at the print position with its colour bit (0x40) flipped. The cell it
//! flipped is remembered, so that hiding the cursor puts back exactly what was there.

use crate::basic::cost;
use crate::machine::hardware::Hardware;
use crate::machine::screen::TextScreen;

/// The bit that shows a text cell inverted.
const INVERT: u8 = 0x40;

#[derive(Clone, Debug, Default)]
pub struct Cursor {
    /// The cell currently shown inverted (None: the screen is as printed).
    shown: Option<u16>,
    /// Fields since the cursor last changed, counting to the next blink.
    blink: u32,
}

impl Cursor {
    /// Show the cursor at the print position (moved there if shown elsewhere).
    pub fn show(&mut self, hw: &mut Hardware) {
        let c = TextScreen::cursor(&hw.mem);
        match self.shown {
            Some(a) if a == c => {}
            Some(_) => {
                self.hide(hw);
                self.show(hw);
            }
            None => {
                flip(hw, c);
                self.shown = Some(c);
            }
        }
    }

    /// Put the cell back as printed, and start the blink count afresh.
    pub fn hide(&mut self, hw: &mut Hardware) {
        if let Some(a) = self.shown.take() {
            flip(hw, a);
        }
        self.blink = 0;
    }

    /// Neither shown nor part-way through a blink: waiting for a key starts by showing it.
    pub fn is_hidden_at_rest(&self) -> bool {
        self.shown.is_none() && self.blink == 0
    }

    /// A field passed while BASIC waits for a line: about twice a second the cursor turns on
    /// or off.
    pub fn field_passed(&mut self, hw: &mut Hardware) {
        self.blink += 1;
        if self.blink >= cost::CURSOR_BLINK_FIELDS {
            self.blink = 0;
            let c = TextScreen::cursor(&hw.mem);
            flip(hw, c);
            self.shown = match self.shown {
                Some(_) => None,
                None => Some(c),
            };
        }
    }
}

fn flip(hw: &mut Hardware, cell: u16) {
    hw.mem.poke(cell, hw.mem.peek(cell) ^ INVERT);
}

#[cfg(test)]
mod tests {
    use super::Cursor;
    use crate::basic::cost;
    use crate::machine::hardware::Hardware;
    use crate::machine::screen::TextScreen;

    #[test]
    fn hiding_puts_back_the_cell_and_blinking_toggles_it() {
        let mut hw = Hardware::default();
        let c = TextScreen::cursor(&hw.mem);
        let before = hw.mem.peek(c);
        let mut cursor = Cursor::default();
        cursor.show(&mut hw);
        assert_eq!(hw.mem.peek(c), before ^ 0x40);
        cursor.hide(&mut hw);
        assert_eq!(hw.mem.peek(c), before);
        assert!(cursor.is_hidden_at_rest());
        for _ in 0..cost::CURSOR_BLINK_FIELDS {
            cursor.field_passed(&mut hw);
        }
        assert_eq!(hw.mem.peek(c), before ^ 0x40);
        cursor.hide(&mut hw);
        assert_eq!(hw.mem.peek(c), before);
    }
}
