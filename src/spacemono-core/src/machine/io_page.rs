//! The I/O page, $FF00-$FFEF: PIA0 ($FF00-$FF03, repeated to $FF1F), PIA1 ($FF20-$FF23,
//! repeated to $FF3F) and the SAM's set/clear bits ($FFC0-$FFDF).

use crate::machine::joystick::Joysticks;
use crate::machine::keyboard::Keyboard;

/// The chips' registers.
#[derive(Clone, Debug, Default)]
pub struct IoPage {}

impl IoPage {
    /// A read by the CPU or PEEK (may clear an interrupt flag).
    pub fn read(&mut self, a: u16, keyboard: &Keyboard, joysticks: &Joysticks) -> u8 {
        self.view(a, keyboard, joysticks)
    }

    /// What a read would return, without its side effects.
    pub fn view(&self, _a: u16, _keyboard: &Keyboard, _joysticks: &Joysticks) -> u8 {
        0
    }

    /// A write by the CPU or POKE.
    pub fn write(&mut self, _a: u16, _v: u8) {}
}
