//! Keys held down as the host sees them (a window knows key-ups; a terminal does not): the
//! keyboard matrix shows them to a program that scans it, two or more at once, and BASIC's
//! key queue gets no press from them (docs/machine.md §16). Recorded in the snapshot journal
//! like every other input.

use crate::computer::Machine;
use crate::snapshot::Input;

impl Machine {
    /// The key typed last is still held down (a frontend that sees key-ups says so every few
    /// fields while it is): a program scanning the keyboard matrix sees it held, as on a
    /// Dragon, without more presses for INKEY$ or INPUT.
    pub fn hold_key(&mut self, code: u8) {
        self.record(Input::Hold(code));
        self.hw.keyboard.hold(code);
    }

    /// A key held down from now until `release_key` (a frontend that sees key-ups says so
    /// for every key down): a program scanning the keyboard matrix sees it, with any other
    /// held keys; BASIC's key queue gets no press from it.
    pub fn key_down(&mut self, code: u8) {
        self.record(Input::KeyDown(code));
        self.hw.keyboard.key_down(code);
    }

    /// The keys held with `key_down` and not let go, in the order they went down.
    pub fn held_keys(&self) -> Vec<u8> {
        self.hw.keyboard.held_keys()
    }

    /// A key held with `key_down` let go (or a typed key still down: it goes up now, once
    /// it has been seen for its two fields).
    pub fn release_key(&mut self, code: u8) {
        self.record(Input::ReleaseKey(code));
        self.hw.keyboard.release(code);
    }
}
