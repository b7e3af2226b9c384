//! What the search shows on the text screen.

use super::SearchEvent;
use crate::machine::{
    hardware::Hardware,
    memory::addr,
    screen::{TextScreen, BLANK},
};

/// Where the ROM draws `S` and `F`.
pub const STATUS_CELL: u16 = addr::TEXT_SCREEN;

/// Shows a search step on the screen as the ROM does in direct mode (the interpreter calls
/// this only when no program is running).
pub fn show_search_event(hw: &mut Hardware, event: &SearchEvent) {
    match event {
        SearchEvent::Begin => {
            TextScreen::fill(&mut hw.mem, BLANK);
            hw.mem.poke(STATUS_CELL, b'S');
            TextScreen::set_cursor(&mut hw.mem, STATUS_CELL + 2);
        }
        SearchEvent::Block { .. } => blink(hw),
        SearchEvent::Name { namefile, .. } => {
            for &c in &namefile.name {
                hw.print(c);
            }
        }
        SearchEvent::Found(_) => hw.mem.poke(STATUS_CELL, b'F'),
    }
}

/// The top-left character inverted, as every block read does in direct mode (`LB925`).
pub fn blink(hw: &mut Hardware) {
    let c = hw.mem.peek(STATUS_CELL);
    hw.mem.poke(STATUS_CELL, c ^ 0x40);
}
