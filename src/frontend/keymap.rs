//! PC keys to actions (docs/machine.md §8), for the window and the terminal;
//! `Driver::perform` carries them out.
//!
//! Typed characters (from the window's text-input callback or the terminal's bytes) stay
//! characters: which Dragon key each is, with caps lock, is the core's
//! (`keyboard::char_code`). The keys that type no character (ENTER, CLEAR, the arrows, ←)
//! are the Dragon's named keys (`keyboard::NamedKey`), with their SHIFT codes; Esc is BREAK.

use super::host_joysticks::{KeypadStick, StickChange};
use spacemono_core::{char_code, key_code as code, named_code, NamedKey};

/// Something a key asks of the session (see `Driver::perform`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A character typed: the Dragon key for it, caps lock applied (none for a character
    /// the Dragon has no key for).
    Char(char),
    /// Type this Dragon key code.
    Dragon(u8),
    /// BREAK: goes to the machine at once, and drops keys still queued.
    Break,
    /// F11 or Alt+Enter.
    ToggleFullscreen,
    /// F12: period speed / flat out.
    ToggleTurbo,
    /// F2: write a PNG of the picture.
    Screenshot,
    /// F5: save a snapshot of the machine.
    SaveSnapshot,
    /// F9: go back to the snapshot saved last.
    RestoreSnapshot,
    /// F3: the Dragon's SHIFT+0, caps lock on/off (it types no key itself).
    ToggleCaps,
    /// The keypad stick moved the right joystick or pressed its fire button.
    Stick(StickChange),
    /// F8 switched the keypad stick on (true) or off; off, the stick rests in the middle.
    JoystickKeys(bool),
}

/// The Dragon key a PC key that types no character stands for, with SHIFT held (`shift`) or
/// not: Enter, Home (CLEAR), the arrows, Backspace (←) and Pause.
pub fn named_key_code(key: minifb::Key, shift: bool) -> Option<u8> {
    use minifb::Key as K;
    let named = match key {
        K::Enter | K::NumPadEnter => NamedKey::Enter,
        K::Home => NamedKey::Clear,
        K::Up => NamedKey::Up,
        K::Down => NamedKey::Down,
        K::Left | K::Backspace => NamedKey::Left,
        K::Right => NamedKey::Right,
        K::Pause => NamedKey::Pause,
        _ => return None,
    };
    Some(named_code(named, shift))
}

/// One input event from the window, in the order they happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A character from the text-input callback.
    Char(char),
    /// A key went down (`true`) or up.
    Key(minifb::Key, bool),
}

/// Turns the window's event stream into actions, keeping the modifier state.
#[derive(Debug, Clone, Default)]
pub struct WindowKeys {
    shift_left: bool,
    shift_right: bool,
    alt: bool,
    ctrl: bool,
    /// The keypad as the right joystick (F8), and the keys of it held.
    keypad_on: bool,
    keypad: KeypadStick,
    /// The character the keypad key just taken by the stick types after it (num lock on),
    /// which is not typed.
    swallow: Option<char>,
}

impl WindowKeys {
    pub fn new() -> Self {
        Self::default()
    }

    /// With the keypad as the right joystick from the start (`--joystick keys`).
    pub fn with_keypad_stick(on: bool) -> Self {
        WindowKeys {
            keypad_on: on,
            ..Self::default()
        }
    }

    /// Whether the keypad is the right joystick now.
    pub fn keypad_stick(&self) -> bool {
        self.keypad_on
    }

    fn shift(&self) -> bool {
        self.shift_left || self.shift_right
    }

    /// The action for one event, if any.
    pub fn event(&mut self, input: Input) -> Option<Action> {
        use minifb::Key as K;
        let swallow = self.swallow.take();
        match input {
            Input::Char(c) if swallow == Some(c) => None,
            Input::Char(c) => {
                // Control characters come as named keys; Ctrl/Alt combinations type nothing.
                if (c as u32) < 0x20 || c as u32 == 0x7F || self.ctrl || self.alt {
                    return None;
                }
                Some(Action::Char(c))
            }
            Input::Key(key, down) => {
                match key {
                    K::LeftShift => self.shift_left = down,
                    K::RightShift => self.shift_right = down,
                    K::LeftAlt | K::RightAlt => self.alt = down,
                    K::LeftCtrl | K::RightCtrl => self.ctrl = down,
                    _ => {}
                }
                if self.keypad_on && KeypadStick::is_stick_key(key) {
                    if down {
                        self.swallow = KeypadStick::typed_char(key);
                    }
                    return self.keypad.key(key, down).map(Action::Stick);
                }
                if !down {
                    return None;
                }
                match key {
                    K::F11 => Some(Action::ToggleFullscreen),
                    K::Enter | K::NumPadEnter if self.alt => Some(Action::ToggleFullscreen),
                    K::F12 => Some(Action::ToggleTurbo),
                    K::F2 => Some(Action::Screenshot),
                    K::F5 => Some(Action::SaveSnapshot),
                    K::F9 => Some(Action::RestoreSnapshot),
                    K::F3 => Some(Action::ToggleCaps),
                    K::F8 => {
                        self.keypad_on = !self.keypad_on;
                        self.keypad.release_all();
                        Some(Action::JoystickKeys(self.keypad_on))
                    }
                    K::Escape => Some(Action::Break),
                    _ if self.ctrl || self.alt => None,
                    _ => named_key_code(key, self.shift()).map(Action::Dragon),
                }
            }
        }
    }
}

/// A character in a text to type that the Dragon has no key for, and its line (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoKeyFor {
    pub line: usize,
    pub character: char,
}

impl std::fmt::Display for NoKeyFor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}: the Dragon's keyboard has no key for {:?}",
            self.line, self.character
        )
    }
}

impl std::error::Error for NoKeyFor {}

/// Turn a text file into key presses, character by character as a person would type it:
/// newline (LF, CR or CR LF) is ENTER, a tab a space, letters keep their case. Fails on a
/// character the Dragon has no key for, naming its line.
pub fn text_to_keys(text: &str) -> Result<Vec<u8>, NoKeyFor> {
    let mut out = Vec::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push(code::ENTER);
                line += 1;
            }
            '\n' => {
                out.push(code::ENTER);
                line += 1;
            }
            '\t' => out.push(b' '),
            '\u{1A}' => {} // CP/M end-of-file padding
            c => match char_code(c, false) {
                Some(k) => out.push(k),
                None => return Err(NoKeyFor { line, character: c }),
            },
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minifb::Key as K;

    fn run(events: &[Input]) -> Vec<Action> {
        let mut k = WindowKeys::new();
        events.iter().filter_map(|&e| k.event(e)).collect()
    }

    #[test]
    fn characters_stay_characters_and_f3_is_caps_lock() {
        let acts = run(&[
            Input::Char('p'),
            Input::Key(K::F3, true),
            Input::Char('{'),
            Input::Key(K::LeftCtrl, true),
            Input::Char('c'),
        ]);
        assert_eq!(
            acts,
            vec![Action::Char('p'), Action::ToggleCaps, Action::Char('{')]
        );
    }

    #[test]
    fn named_keys_and_their_shift_codes() {
        let acts = run(&[
            Input::Key(K::Enter, true),
            Input::Key(K::Home, true),
            Input::Key(K::Up, true),
            Input::Key(K::Down, true),
            Input::Key(K::Left, true),
            Input::Key(K::Right, true),
            Input::Key(K::Backspace, true),
            Input::Key(K::LeftShift, true),
            Input::Key(K::Up, true),
            Input::Key(K::Down, true),
            Input::Key(K::Right, true),
            Input::Key(K::Home, true),
            Input::Key(K::Backspace, true),
            Input::Key(K::LeftShift, false),
            Input::Key(K::Up, true),
        ]);
        assert_eq!(
            acts,
            vec![
                Action::Dragon(0x0D),
                Action::Dragon(0x0C),
                Action::Dragon(0x5E),
                Action::Dragon(0x0A),
                Action::Dragon(0x08),
                Action::Dragon(0x09),
                Action::Dragon(0x08),
                Action::Dragon(0x5F),
                Action::Dragon(0x5B),
                Action::Dragon(0x5D),
                Action::Dragon(0x5C),
                Action::Dragon(0x15),
                Action::Dragon(0x5E),
            ]
        );
    }

    #[test]
    fn frontend_keys_and_alt_enter() {
        let acts = run(&[
            Input::Key(K::Escape, true),
            Input::Key(K::F2, true),
            Input::Key(K::F11, true),
            Input::Key(K::F12, true),
            Input::Key(K::LeftAlt, true),
            Input::Key(K::Enter, true),
            Input::Char('x'),
            Input::Key(K::LeftAlt, false),
            Input::Key(K::Enter, true),
            // Key releases and control characters type nothing.
            Input::Key(K::Enter, false),
            Input::Char('\u{8}'),
        ]);
        assert_eq!(
            acts,
            vec![
                Action::Break,
                Action::Screenshot,
                Action::ToggleFullscreen,
                Action::ToggleTurbo,
                Action::ToggleFullscreen,
                Action::Dragon(0x0D),
            ]
        );
    }

    #[test]
    fn f8_makes_the_keypad_the_right_joystick_and_its_digits_type_nothing() {
        let acts = run(&[
            Input::Key(K::NumPad4, true),
            Input::Char('4'),
            Input::Key(K::F8, true),
            Input::Key(K::NumPad4, true),
            Input::Char('4'),
            Input::Key(K::NumPad0, true),
            Input::Char('0'),
            Input::Key(K::NumPad0, false),
            Input::Key(K::NumPad4, false),
            // Num lock off: the keypad types nothing, and the next character is typed.
            Input::Key(K::NumPad6, true),
            Input::Key(K::Key6, true),
            Input::Char('6'),
            Input::Key(K::F8, true),
            Input::Key(K::NumPad6, true),
            Input::Char('6'),
        ]);
        assert_eq!(
            acts,
            vec![
                Action::Char('4'),
                Action::JoystickKeys(true),
                Action::Stick(StickChange::Move(0, 31)),
                Action::Stick(StickChange::Fire(true)),
                Action::Stick(StickChange::Fire(false)),
                Action::Stick(StickChange::Move(31, 31)),
                Action::Stick(StickChange::Move(63, 31)),
                Action::Char('6'),
                Action::JoystickKeys(false),
                Action::Char('6'),
            ]
        );
    }

    #[test]
    fn text_files_become_keys() {
        assert_eq!(
            text_to_keys("10 PRINT \"hi\"\r\n20\tEND\n").unwrap(),
            b"10 PRINT \"hi\"\r20 END\r".to_vec()
        );
        let e = text_to_keys("10 REM\n20 REM {}\n").unwrap_err();
        assert_eq!(
            e,
            NoKeyFor {
                line: 2,
                character: '{'
            }
        );
        assert_eq!(
            e.to_string(),
            "line 2: the Dragon's keyboard has no key for '{'"
        );
    }
}
