//! The joysticks as the host moves them: each axis and fire button set from outside (the
//! mouse, the keypad, a gamepad), recorded in the snapshot journal like
//! every other input.

use crate::computer::Machine;
use crate::snapshot::Input;

impl Machine {
    /// Move a joystick axis (0 right X, 1 right Y, 2 left X, 3 left Y) to `value` (0-63,
    /// clamped); an axis past 3 is ignored.
    pub fn set_joystick(&mut self, axis: u8, value: u8) {
        if (axis as usize) < crate::machine::joystick::AXES {
            let value = value.min(63);
            self.record(Input::Joystick { axis, value });
            self.hw.joysticks.axes[axis as usize] = value;
        }
    }

    /// Press or let go a fire button (0 right, 1 left); another button is ignored.
    pub fn set_fire(&mut self, button: u8, pressed: bool) {
        if button < 2 {
            self.record(Input::Fire { button, pressed });
            self.hw.joysticks.fire[button as usize] = pressed;
        }
    }

    /// Where the joysticks are: each axis 0-63 and the two fire buttons.
    pub fn joystick(&self) -> ([u8; 4], [bool; 2]) {
        (self.hw.joysticks.axes, self.hw.joysticks.fire)
    }
}
