//! PC keys to actions (docs/machine.md §8), for the window and the terminal;
//! `Driver::perform` carries them out.
//!
//! Typed characters (from the window's text-input callback or the terminal's bytes) stay
//! characters: which Dragon key each is, with caps lock, is the core's
//! (`keyboard::char_code`). The keys that type no character (ENTER, CLEAR, the arrows, ←)
//! are the Dragon's named keys (`keyboard::NamedKey`), with their SHIFT codes; Esc is BREAK.

use super::host_joysticks::{KeypadStick, StickChange};
use spacemono_core::{char_code, key_code as code, named_code, NamedKey};

/// Something a key asks of the session (see `Driver::perform`; the keys are listed in
/// `window_keys::KEYS`).
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
    /// F10: period speed / flat out.
    ToggleTurbo,
    /// Insert held (`true`) or let go: flat out while it is held.
    FastForward(bool),
    /// F8: the machine stops where it is, or goes on.
    TogglePause,
    /// F2 or F12: write a PNG of the picture.
    Screenshot,
    /// F5: save a snapshot of the machine in the current slot.
    SaveSnapshot,
    /// F9: go back to the snapshot of the current slot.
    RestoreSnapshot,
    /// F7: the next snapshot slot (after 9, 1).
    NextSlot,
    /// Ctrl+1 .. Ctrl+9: snapshot slot n.
    Slot(u8),
    /// F3: the Dragon's SHIFT+0, caps lock on/off (it types no key itself).
    ToggleCaps,
    /// F4: the next tape of the tape folder in the deck.
    NextTape,
    /// Shift+F4: the tape out of the deck.
    EjectTape,
    /// F6: the tape back to its start.
    RewindTape,
    /// Shift+F6: the tape on to its next file.
    WindTape,
    /// Ctrl+R: the RESET button (the program is kept).
    ResetSoft,
    /// Ctrl+Shift+R: power off and on: the machine as the session started.
    ResetHard,
    /// F1: the list of keys, shown or hidden (the frontend's own).
    ToggleHelp,
    /// Ctrl+T: the TV look or the clean picture (the window's own).
    ToggleTv,
    /// Ctrl+V: the clipboard typed in (the window reads it).
    Paste,
    /// The keypad stick moved the right joystick or pressed its fire button.
    Stick(StickChange),
    /// Ctrl+J switched the keypad stick on (true) or off; off, the stick rests in the middle.
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

/// The Dragon key in the place of a PC key, as the keyboard matrix has it (unshifted: a
/// PC Shift is the Dragon's SHIFT), for keys the Dragon has: letters, digits, space, `, - . / ;`,
/// the arrows, Enter, Home (CLEAR), Esc (BREAK), Backspace (←) and Shift.
pub fn matrix_key_code(key: minifb::Key) -> Option<u8> {
    use minifb::Key as K;
    const LETTERS: [K; 26] = [
        K::A,
        K::B,
        K::C,
        K::D,
        K::E,
        K::F,
        K::G,
        K::H,
        K::I,
        K::J,
        K::K,
        K::L,
        K::M,
        K::N,
        K::O,
        K::P,
        K::Q,
        K::R,
        K::S,
        K::T,
        K::U,
        K::V,
        K::W,
        K::X,
        K::Y,
        K::Z,
    ];
    const DIGITS: [K; 10] = [
        K::Key0,
        K::Key1,
        K::Key2,
        K::Key3,
        K::Key4,
        K::Key5,
        K::Key6,
        K::Key7,
        K::Key8,
        K::Key9,
    ];
    const PAD: [K; 10] = [
        K::NumPad0,
        K::NumPad1,
        K::NumPad2,
        K::NumPad3,
        K::NumPad4,
        K::NumPad5,
        K::NumPad6,
        K::NumPad7,
        K::NumPad8,
        K::NumPad9,
    ];
    if let Some(i) = LETTERS.iter().position(|&k| k == key) {
        return Some(b'A' + i as u8);
    }
    if let Some(i) = DIGITS
        .iter()
        .position(|&k| k == key)
        .or_else(|| PAD.iter().position(|&k| k == key))
    {
        return Some(b'0' + i as u8);
    }
    Some(match key {
        K::Space => b' ',
        K::Comma => b',',
        K::Minus => b'-',
        K::Period => b'.',
        K::Slash => b'/',
        K::Semicolon => b';',
        K::Escape => code::BREAK,
        K::LeftShift | K::RightShift => code::SHIFT,
        _ => return named_key_code(key, false),
    })
}

/// One input event from the window, in the order they happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A character from the text-input callback.
    Char(char),
    /// A key went down (`true`) or up.
    Key(minifb::Key, bool),
}

/// Turns the window's event stream into actions, keeping the modifier state and which keys
/// are held.
///
/// A key held down is one press, as on the Dragon (its ROM does not repeat keys): the host's
/// auto-repeat (more key-down events, and the characters they type, with no key-up between)
/// is dropped here, so a held key does not pile up presses in the machine's queue.
#[derive(Debug, Clone, Default)]
pub struct WindowKeys {
    shift_left: bool,
    shift_right: bool,
    alt: bool,
    ctrl: bool,
    /// The keys down now.
    held: Vec<minifb::Key>,
    /// The last key-down was the host repeating a held key: the character it types (which
    /// comes right after it) is dropped too.
    repeating: bool,
    /// The key that typed last, while it is held (a key-up, or any other key down, ends it).
    typing: Option<minifb::Key>,
    /// The keypad as the right joystick (Ctrl+J), and the keys of it held.
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

    /// Whether the key that typed last is still held down.
    pub fn typing_held(&self) -> bool {
        self.typing.is_some()
    }

    /// The Dragon keys in the places of the PC keys held now, for the keyboard matrix
    /// (`Driver::hold_keys`): none while Ctrl or Alt is down (those are the window's own
    /// commands), and not the keypad's while it is the joystick.
    pub fn matrix_keys_held(&self) -> Vec<u8> {
        if self.ctrl || self.alt {
            return Vec::new();
        }
        let mut codes = Vec::new();
        let keys = self.held.iter().copied();
        for code in keys
            .filter(|&k| !(self.keypad_on && KeypadStick::is_stick_key(k)))
            .filter_map(matrix_key_code)
        {
            // Two PC keys may be one Dragon key (both Shifts, Backspace and ←).
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        codes
    }

    fn shift(&self) -> bool {
        self.shift_left || self.shift_right
    }

    /// Every key taken as let go (the window lost the keyboard, and will not hear the
    /// key-ups); the modifiers too.
    pub fn release_all(&mut self) {
        *self = WindowKeys::default();
    }

    /// The action for one event, if any.
    pub fn event(&mut self, input: Input) -> Option<Action> {
        use minifb::Key as K;
        let swallow = self.swallow.take();
        match input {
            Input::Char(c) if swallow == Some(c) => None,
            Input::Char(c) => {
                if std::mem::take(&mut self.repeating) {
                    return None;
                }
                // Control characters come as named keys; Ctrl/Alt combinations type nothing.
                if (c as u32) < 0x20 || c as u32 == 0x7F || self.ctrl || self.alt {
                    return None;
                }
                Some(Action::Char(c))
            }
            Input::Key(key, down) => {
                let was_held = self.held.contains(&key);
                self.repeating = down && was_held;
                if down && !was_held {
                    self.held.push(key);
                } else if !down {
                    self.held.retain(|&k| k != key);
                }
                match key {
                    K::LeftShift => self.shift_left = down,
                    K::RightShift => self.shift_right = down,
                    K::LeftAlt | K::RightAlt => self.alt = down,
                    K::LeftCtrl | K::RightCtrl => self.ctrl = down,
                    K::Insert if down != was_held => return Some(Action::FastForward(down)),
                    _ => {}
                }
                if self.keypad_on && KeypadStick::is_stick_key(key) {
                    if down {
                        self.swallow = KeypadStick::typed_char(key);
                    }
                    return self.keypad.key(key, down).map(Action::Stick);
                }
                if !down {
                    if self.typing == Some(key) {
                        self.typing = None;
                    }
                    return None;
                }
                if was_held {
                    return None;
                }
                if self.ctrl && key == minifb::Key::J {
                    self.keypad_on = !self.keypad_on;
                    self.keypad.release_all();
                    return Some(Action::JoystickKeys(self.keypad_on));
                }
                let action = self.key_down(key);
                // A key that types (its character follows, or it is a Dragon key) is the one
                // whose hold the machine is told of.
                let modifier = matches!(
                    key,
                    K::LeftShift
                        | K::RightShift
                        | K::LeftCtrl
                        | K::RightCtrl
                        | K::LeftAlt
                        | K::RightAlt
                );
                if modifier {
                    return action;
                }
                self.typing = match action {
                    None if !self.ctrl && !self.alt => Some(key),
                    Some(Action::Dragon(_)) => Some(key),
                    _ => None,
                };
                action
            }
        }
    }

    /// The action of a key just pressed (not a repeat).
    fn key_down(&self, key: minifb::Key) -> Option<Action> {
        use minifb::Key as K;
        let shift = self.shift();
        if self.ctrl {
            return match key {
                K::R if shift => Some(Action::ResetHard),
                K::R => Some(Action::ResetSoft),
                K::V => Some(Action::Paste),
                K::T => Some(Action::ToggleTv),
                K::Key1 => Some(Action::Slot(1)),
                K::Key2 => Some(Action::Slot(2)),
                K::Key3 => Some(Action::Slot(3)),
                K::Key4 => Some(Action::Slot(4)),
                K::Key5 => Some(Action::Slot(5)),
                K::Key6 => Some(Action::Slot(6)),
                K::Key7 => Some(Action::Slot(7)),
                K::Key8 => Some(Action::Slot(8)),
                K::Key9 => Some(Action::Slot(9)),
                _ => None,
            };
        }
        match key {
            K::F1 => Some(Action::ToggleHelp),
            K::F2 | K::F12 => Some(Action::Screenshot),
            K::F3 => Some(Action::ToggleCaps),
            K::F4 if shift => Some(Action::EjectTape),
            K::F4 => Some(Action::NextTape),
            K::F5 => Some(Action::SaveSnapshot),
            K::F6 if shift => Some(Action::WindTape),
            K::F6 => Some(Action::RewindTape),
            K::F7 => Some(Action::NextSlot),
            K::F8 => Some(Action::TogglePause),
            K::F9 => Some(Action::RestoreSnapshot),
            K::F10 => Some(Action::ToggleTurbo),
            K::F11 => Some(Action::ToggleFullscreen),
            K::Enter | K::NumPadEnter if self.alt => Some(Action::ToggleFullscreen),
            K::Escape => Some(Action::Break),
            _ if self.alt => None,
            _ => named_key_code(key, shift).map(Action::Dragon),
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

    /// A key pressed and let go.
    fn tap(key: K) -> [Input; 2] {
        [Input::Key(key, true), Input::Key(key, false)]
    }

    #[test]
    fn named_keys_and_their_shift_codes() {
        let mut events = Vec::new();
        for k in [
            K::Enter,
            K::Home,
            K::Up,
            K::Down,
            K::Left,
            K::Right,
            K::Backspace,
        ] {
            events.extend(tap(k));
        }
        events.push(Input::Key(K::LeftShift, true));
        for k in [K::Up, K::Down, K::Right, K::Home, K::Backspace] {
            events.extend(tap(k));
        }
        events.push(Input::Key(K::LeftShift, false));
        events.extend(tap(K::Up));
        assert_eq!(
            run(&events),
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

    /// Issue 30: the host repeats a held key (key-down after key-down, each typing its
    /// character again); the Dragon's keyboard does not, so a held key is one press.
    #[test]
    fn a_held_key_is_one_press_however_long_the_host_repeats_it() {
        let mut events = vec![Input::Key(K::A, true), Input::Char('a')];
        for _ in 0..40 {
            events.extend([Input::Key(K::A, true), Input::Char('a')]);
        }
        events.push(Input::Key(K::A, false));
        for _ in 0..10 {
            events.push(Input::Key(K::Up, true));
        }
        events.push(Input::Key(K::Up, false));
        // Pressed again after it was let go: a press of its own.
        events.extend([
            Input::Key(K::A, true),
            Input::Char('a'),
            Input::Key(K::A, false),
        ]);
        assert_eq!(
            run(&events),
            vec![Action::Char('a'), Action::Dragon(0x5E), Action::Char('a')]
        );
        // A key held while another is typed: the other's presses all count.
        let acts = run(&[
            Input::Key(K::LeftShift, true),
            Input::Key(K::LeftShift, true),
            Input::Key(K::B, true),
            Input::Char('B'),
            Input::Key(K::B, false),
            Input::Key(K::LeftShift, true),
            Input::Key(K::B, true),
            Input::Char('B'),
        ]);
        assert_eq!(acts, vec![Action::Char('B'), Action::Char('B')]);
    }

    #[test]
    fn the_controls_keys() {
        let mut events = Vec::new();
        for k in [
            K::F1,
            K::F12,
            K::F4,
            K::F6,
            K::F7,
            K::F8,
            K::F9,
            K::F5,
            K::F3,
        ] {
            events.extend(tap(k));
        }
        events.push(Input::Key(K::LeftShift, true));
        events.extend(tap(K::F4));
        events.extend(tap(K::F6));
        events.push(Input::Key(K::LeftCtrl, true));
        events.extend(tap(K::R));
        events.push(Input::Key(K::LeftShift, false));
        events.extend(tap(K::R));
        events.extend(tap(K::V));
        events.extend(tap(K::T));
        events.extend(tap(K::Key7));
        events.push(Input::Char('7'));
        events.push(Input::Key(K::LeftCtrl, false));
        // Insert: flat out while held, however often the host repeats it.
        events.push(Input::Key(K::Insert, true));
        events.push(Input::Key(K::Insert, true));
        events.push(Input::Key(K::Insert, false));
        assert_eq!(
            run(&events),
            vec![
                Action::ToggleHelp,
                Action::Screenshot,
                Action::NextTape,
                Action::RewindTape,
                Action::NextSlot,
                Action::TogglePause,
                Action::RestoreSnapshot,
                Action::SaveSnapshot,
                Action::ToggleCaps,
                Action::EjectTape,
                Action::WindTape,
                Action::ResetHard,
                Action::ResetSoft,
                Action::Paste,
                Action::ToggleTv,
                Action::Slot(7),
                Action::FastForward(true),
                Action::FastForward(false),
            ]
        );
    }

    #[test]
    fn frontend_keys_and_alt_enter() {
        let acts = run(&[
            Input::Key(K::Escape, true),
            Input::Key(K::F2, true),
            Input::Key(K::F11, true),
            Input::Key(K::F10, true),
            Input::Key(K::LeftAlt, true),
            Input::Key(K::Enter, true),
            Input::Char('x'),
            Input::Key(K::LeftAlt, false),
            Input::Key(K::Enter, false),
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
    fn ctrl_j_makes_the_keypad_the_right_joystick_and_its_digits_type_nothing() {
        let acts = run(&[
            Input::Key(K::NumPad4, true),
            Input::Char('4'),
            Input::Key(K::LeftCtrl, true),
            Input::Key(K::J, true),
            Input::Key(K::J, false),
            Input::Key(K::LeftCtrl, false),
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
            Input::Key(K::LeftCtrl, true),
            Input::Key(K::J, true),
            Input::Key(K::J, false),
            Input::Key(K::LeftCtrl, false),
            // Keypad keys again: let go and pressed anew, it types.
            Input::Key(K::NumPad6, false),
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

    /// Issue 30: the key that typed is known while it is held (the window tells the machine,
    /// so the matrix shows it held); a key-up ends it, SHIFT held alone does not start it.
    #[test]
    fn the_key_that_typed_is_known_while_it_is_held() {
        let mut k = WindowKeys::new();
        k.event(Input::Key(K::A, true));
        k.event(Input::Char('a'));
        assert!(k.typing_held());
        k.event(Input::Key(K::LeftShift, true));
        assert!(k.typing_held(), "SHIFT does not end A's hold");
        k.event(Input::Key(K::A, false));
        assert!(!k.typing_held());
        k.event(Input::Key(K::LeftShift, false));
        k.event(Input::Key(K::LeftShift, true));
        assert!(!k.typing_held(), "SHIFT alone types nothing");
        k.event(Input::Key(K::Up, true));
        assert!(k.typing_held(), "a Dragon key types");
    }

    #[test]
    fn every_dragon_key_held_is_in_the_matrix_together() {
        let mut k = WindowKeys::new();
        for key in [K::A, K::S, K::LeftShift, K::RightShift, K::F5] {
            k.event(Input::Key(key, true));
        }
        assert_eq!(k.matrix_keys_held(), [b'A', b'S', code::SHIFT]);
        k.event(Input::Key(K::A, false));
        k.event(Input::Key(K::Up, true));
        assert_eq!(k.matrix_keys_held(), [b'S', code::SHIFT, code::UP]);
        k.event(Input::Key(K::LeftCtrl, true));
        assert_eq!(k.matrix_keys_held(), [], "Ctrl: the window's commands");
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
