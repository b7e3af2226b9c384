//! The host's devices as the Dragon's joysticks (issue 29), for the window: the mouse over
//! the picture as the right stick (its left button the right fire button), the numeric
//! keypad as the right stick (switched on and off with Ctrl+J, so a game that reads keypad
//! digits still gets them when it is off), and gamepads (gilrs): the first the right stick,
//! the second the left, each its left stick and its south button.
//!
//! Each source moves a stick only when it changes, so several can be on at once: the last
//! one touched leads. The machine's side is `Machine::set_joystick` and `set_fire`.

use spacemono_core::{Machine, FRAME_HEIGHT, FRAME_WIDTH, PICTURE_X, PICTURE_Y};

/// The picture's size in Dragon pixels: the stick's range (0-63) is spread over it.
const PICTURE_WIDTH: f32 = 256.0;
const PICTURE_HEIGHT: f32 = 192.0;
/// A stick's positions: 0 (left, up), the middle where it rests, 63 (right, down).
const LOW: u8 = 0;
const MIDDLE: u8 = 31;
const HIGH: u8 = 63;

/// Which devices drive the joysticks (`--joystick`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JoystickSources {
    pub mouse: bool,
    /// The keypad stick, on at the start (Ctrl+J switches it either way).
    pub keys: bool,
    pub pad: bool,
}

impl Default for JoystickSources {
    /// The mouse and gamepads: neither takes a key from the keyboard.
    fn default() -> Self {
        JoystickSources {
            mouse: true,
            keys: false,
            pad: true,
        }
    }
}

/// One of `--joystick`'s values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum JoystickSource {
    /// The mouse over the picture: the right stick; its left button fires.
    Mouse,
    /// The numeric keypad: the right stick (Ctrl+J switches it on and off).
    Keys,
    /// Gamepads: the first the right stick, the second the left.
    Pad,
    /// No joystick from the host.
    Off,
}

impl JoystickSources {
    /// The sources named (`off` alone: none).
    pub fn from_list(list: &[JoystickSource]) -> Self {
        let has = |s| list.contains(&s);
        JoystickSources {
            mouse: has(JoystickSource::Mouse),
            keys: has(JoystickSource::Keys),
            pad: has(JoystickSource::Pad),
        }
    }
}

/// Where the mouse is over the window (window pixels) as the right stick's x and y: the
/// picture, drawn at `scale` in the middle of a `window` of that size, spread over 0-63 each
/// way; off the picture the stick stays at the nearest edge.
pub fn mouse_to_stick(mouse: (f32, f32), window: (usize, usize), scale: usize) -> (u8, u8) {
    let scale = scale.max(1) as f32;
    let left = window.0.saturating_sub(FRAME_WIDTH * scale as usize) as f32 / 2.0;
    let top = window.1.saturating_sub(FRAME_HEIGHT * scale as usize) as f32 / 2.0;
    let x = (mouse.0 - left) / scale - PICTURE_X as f32;
    let y = (mouse.1 - top) / scale - PICTURE_Y as f32;
    let to_stick = |at: f32, size: f32| ((at / size * 64.0).floor()).clamp(0.0, HIGH as f32) as u8;
    (to_stick(x, PICTURE_WIDTH), to_stick(y, PICTURE_HEIGHT))
}

/// A gamepad stick's axis (-1 to 1, up positive for y as gilrs gives it) as a Dragon axis
/// (0-63, down positive for y).
pub fn pad_axis_to_stick(value: f32, is_y: bool) -> u8 {
    let v = if is_y { -value } else { value };
    (((v.clamp(-1.0, 1.0) + 1.0) / 2.0 * HIGH as f32).round()) as u8
}

/// The keypad stick: keypad 1-9 but 5 move it (8 up, 2 down, 4 left, 6 right, the corners
/// both ways), 0 and 5 fire. Held keys are kept, so the stick is where they say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeypadStick {
    held: Vec<minifb::Key>,
}

/// A change the keypad stick makes to the right joystick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StickChange {
    /// The right stick's x and y.
    Move(u8, u8),
    /// The right fire button.
    Fire(bool),
}

impl KeypadStick {
    /// Whether `key` belongs to the keypad stick.
    pub fn is_stick_key(key: minifb::Key) -> bool {
        use minifb::Key as K;
        matches!(
            key,
            K::NumPad0
                | K::NumPad1
                | K::NumPad2
                | K::NumPad3
                | K::NumPad4
                | K::NumPad5
                | K::NumPad6
                | K::NumPad7
                | K::NumPad8
                | K::NumPad9
        )
    }

    /// The character a keypad key types with num lock on (which the stick takes instead).
    pub fn typed_char(key: minifb::Key) -> Option<char> {
        use minifb::Key as K;
        let digit = match key {
            K::NumPad0 => 0,
            K::NumPad1 => 1,
            K::NumPad2 => 2,
            K::NumPad3 => 3,
            K::NumPad4 => 4,
            K::NumPad5 => 5,
            K::NumPad6 => 6,
            K::NumPad7 => 7,
            K::NumPad8 => 8,
            K::NumPad9 => 9,
            _ => return None,
        };
        char::from_digit(digit, 10)
    }

    /// A keypad key down or up: what it changes, if anything.
    pub fn key(&mut self, key: minifb::Key, down: bool) -> Option<StickChange> {
        if !Self::is_stick_key(key) {
            return None;
        }
        let before = (self.position(), self.fire());
        self.held.retain(|&k| k != key);
        if down {
            self.held.push(key);
        }
        let (position, fire) = (self.position(), self.fire());
        if fire != before.1 {
            return Some(StickChange::Fire(fire));
        }
        (position != before.0).then_some(StickChange::Move(position.0, position.1))
    }

    fn any(&self, keys: &[minifb::Key]) -> bool {
        self.held.iter().any(|k| keys.contains(k))
    }

    fn fire(&self) -> bool {
        use minifb::Key as K;
        self.any(&[K::NumPad0, K::NumPad5])
    }

    /// The stick's x and y for the keys held.
    pub fn position(&self) -> (u8, u8) {
        use minifb::Key as K;
        let axis = |low: bool, high: bool| match (low, high) {
            (true, false) => LOW,
            (false, true) => HIGH,
            _ => MIDDLE,
        };
        (
            axis(
                self.any(&[K::NumPad4, K::NumPad7, K::NumPad1]),
                self.any(&[K::NumPad6, K::NumPad9, K::NumPad3]),
            ),
            axis(
                self.any(&[K::NumPad8, K::NumPad7, K::NumPad9]),
                self.any(&[K::NumPad2, K::NumPad1, K::NumPad3]),
            ),
        )
    }

    /// Forget the keys held (the stick switched off): it rests in the middle.
    pub fn release_all(&mut self) {
        self.held.clear();
    }
}

/// The gamepads through gilrs; none when gilrs cannot start (no udev, no permission): the
/// session goes on without them.
pub struct Gamepads {
    gilrs: Option<gilrs::Gilrs>,
    /// The pads in the order they were first seen: the first is the right stick.
    order: Vec<gilrs::GamepadId>,
}

impl Gamepads {
    /// Start gilrs if `on`; a failure is said once on stderr, not fatal.
    pub fn new(on: bool) -> Self {
        let gilrs = if on {
            match gilrs::Gilrs::new() {
                Ok(g) => Some(g),
                Err(gilrs::Error::NotImplemented(g)) => Some(g),
                Err(e) => {
                    eprintln!("spacemono: no gamepads ({e}); the mouse and keys still work");
                    None
                }
            }
        } else {
            None
        };
        let order = gilrs
            .as_ref()
            .map(|g| g.gamepads().map(|(id, _)| id).take(2).collect())
            .unwrap_or_default();
        Gamepads { gilrs, order }
    }

    /// The pads' events since the last call, put on the machine's sticks.
    pub fn poll(&mut self, machine: &mut Machine) {
        let Some(gilrs) = self.gilrs.as_mut() else {
            return;
        };
        while let Some(gilrs::Event { id, event, .. }) = gilrs.next_event() {
            if !self.order.contains(&id) && self.order.len() < 2 {
                self.order.push(id);
            }
            let Some(port) = self.order.iter().position(|&p| p == id) else {
                continue;
            };
            let first_axis = port as u8 * 2;
            match event {
                gilrs::EventType::AxisChanged(gilrs::Axis::LeftStickX, v, _) => {
                    machine.set_joystick(first_axis, pad_axis_to_stick(v, false));
                }
                gilrs::EventType::AxisChanged(gilrs::Axis::LeftStickY, v, _) => {
                    machine.set_joystick(first_axis + 1, pad_axis_to_stick(v, true));
                }
                gilrs::EventType::ButtonPressed(gilrs::Button::South, _) => {
                    machine.set_fire(port as u8, true);
                }
                gilrs::EventType::ButtonReleased(gilrs::Button::South, _) => {
                    machine.set_fire(port as u8, false);
                }
                gilrs::EventType::Disconnected => {
                    self.order.retain(|&p| p != id);
                }
                _ => {}
            }
        }
    }
}

/// The mouse's last position and button, so the stick moves only when the mouse does.
#[derive(Clone, Debug, Default)]
pub struct MouseStick {
    last: Option<(u8, u8)>,
    button: bool,
}

impl MouseStick {
    /// The mouse now (over the window, or `None` when it is not), put on the right stick
    /// when it changed.
    pub fn update(
        &mut self,
        machine: &mut Machine,
        mouse: Option<(f32, f32)>,
        button: bool,
        window: (usize, usize),
        scale: usize,
    ) {
        if let Some(pos) = mouse {
            let stick = mouse_to_stick(pos, window, scale);
            if self.last != Some(stick) {
                if self.last.is_some() {
                    machine.set_joystick(0, stick.0);
                    machine.set_joystick(1, stick.1);
                }
                self.last = Some(stick);
            }
        }
        if button != self.button {
            self.button = button;
            machine.set_fire(0, button);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minifb::Key as K;

    #[test]
    fn the_mouse_over_the_picture_spreads_over_0_to_63() {
        // Scale 2 in a window just the frame's size: the picture starts at PICTURE_X*2.
        let window = (FRAME_WIDTH * 2, FRAME_HEIGHT * 2);
        let at = |x: usize, y: usize| {
            mouse_to_stick(
                (((PICTURE_X + x) * 2) as f32, ((PICTURE_Y + y) * 2) as f32),
                window,
                2,
            )
        };
        assert_eq!(at(0, 0), (0, 0));
        assert_eq!(at(255, 191), (63, 63));
        assert_eq!(at(128, 96), (32, 32));
        assert_eq!(at(4, 3), (1, 1));
        assert_eq!(at(3, 2), (0, 0));
        // Off the picture: the nearest edge.
        assert_eq!(mouse_to_stick((0.0, 0.0), window, 2), (0, 0));
        assert_eq!(mouse_to_stick((5000.0, 5000.0), window, 2), (63, 63));
        // Full screen: the frame is centred in a larger window.
        let big = (FRAME_WIDTH * 3 + 100, FRAME_HEIGHT * 3 + 60);
        let centre = (
            50.0 + ((PICTURE_X + 128) * 3) as f32,
            30.0 + ((PICTURE_Y + 96) * 3) as f32,
        );
        assert_eq!(mouse_to_stick(centre, big, 3), (32, 32));
    }

    #[test]
    fn a_pad_stick_spreads_over_0_to_63_with_up_at_0() {
        assert_eq!(pad_axis_to_stick(-1.0, false), 0);
        assert_eq!(pad_axis_to_stick(1.0, false), 63);
        assert_eq!(pad_axis_to_stick(0.0, false), 32);
        assert_eq!(pad_axis_to_stick(1.0, true), 0);
        assert_eq!(pad_axis_to_stick(-1.0, true), 63);
        assert_eq!(pad_axis_to_stick(7.0, false), 63);
    }

    #[test]
    fn the_keypad_moves_the_stick_while_its_keys_are_held() {
        let mut k = KeypadStick::default();
        assert_eq!(k.key(K::NumPad4, true), Some(StickChange::Move(0, 31)));
        assert_eq!(k.key(K::NumPad8, true), Some(StickChange::Move(0, 0)));
        assert_eq!(k.key(K::NumPad4, false), Some(StickChange::Move(31, 0)));
        assert_eq!(k.key(K::NumPad8, false), Some(StickChange::Move(31, 31)));
        assert_eq!(k.key(K::NumPad3, true), Some(StickChange::Move(63, 63)));
        // Opposite ways at once: the middle.
        assert_eq!(k.key(K::NumPad7, true), Some(StickChange::Move(31, 31)));
        assert_eq!(k.key(K::NumPad0, true), Some(StickChange::Fire(true)));
        assert_eq!(k.key(K::NumPad5, true), None);
        assert_eq!(k.key(K::NumPad0, false), None);
        assert_eq!(k.key(K::NumPad5, false), Some(StickChange::Fire(false)));
        // A key repeating as it is held changes nothing; other keys are not the stick's.
        assert_eq!(k.key(K::NumPad3, true), None);
        assert_eq!(k.key(K::A, true), None);
        assert_eq!(KeypadStick::typed_char(K::NumPad7), Some('7'));
        assert_eq!(KeypadStick::typed_char(K::Up), None);
    }

    #[test]
    fn sources_from_the_command_line() {
        use JoystickSource::*;
        assert_eq!(
            JoystickSources::from_list(&[Keys, Pad]),
            JoystickSources {
                mouse: false,
                keys: true,
                pad: true
            }
        );
        assert_eq!(
            JoystickSources::from_list(&[Off]),
            JoystickSources {
                mouse: false,
                keys: false,
                pad: false
            }
        );
    }
}
