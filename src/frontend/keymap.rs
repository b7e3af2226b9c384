//! PC keys to Dragon keys (docs/machine.md §8), for the window and the terminal.
//!
//! Typed characters (from the window's text-input callback or the terminal's bytes) become the
//! code the Dragon's keyboard routine returns for that character; the keys that type no
//! character (ENTER, BREAK, CLEAR, the arrows, ←) are mapped by name, with their SHIFT codes.
//! The Dragon has no key for `{ | } ~` and the back quote: those are dropped.

use crate::machine::keyboard::code;

/// Something a key asks of the frontend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
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
}

/// The code a typed character gives on a Dragon keyboard, or `None` when it has no key.
/// With caps lock on (the power-on state) letters come out as capitals, as on the Dragon;
/// with it off, lower-case letters give $61-$7A (shown as inverse capitals).
pub fn char_code(c: char, caps: bool) -> Option<u8> {
    match c {
        'a'..='z' if caps => Some(c.to_ascii_uppercase() as u8),
        'a'..='z' => Some(c as u8),
        // Everything the Dragon's keys can type: space to '_' ($5E is ↑, $5F SHIFT+↑).
        ' '..='_' => Some(c as u8),
        '\r' | '\n' => Some(code::ENTER),
        '↑' => Some(code::UP),
        '←' => Some(code::LEFT),
        _ => None,
    }
}

/// The keys that type no character. `shift` picks the Dragon's SHIFT code for the key.
pub fn named_key_code(key: minifb::Key, shift: bool) -> Option<u8> {
    use minifb::Key as K;
    Some(match (key, shift) {
        (K::Enter | K::NumPadEnter, _) => code::ENTER,
        (K::Escape, _) => code::BREAK,
        (K::Home, false) => code::CLEAR,
        (K::Home, true) => b'\\',
        (K::Up, false) => code::UP,
        (K::Up, true) => 0x5F,
        (K::Down, false) => code::DOWN,
        (K::Down, true) => b'[',
        (K::Left | K::Backspace, false) => code::LEFT,
        (K::Left | K::Backspace, true) => code::SHIFT_LEFT,
        (K::Right, false) => code::RIGHT,
        (K::Right, true) => b']',
        (K::Pause, _) => code::PAUSE,
        _ => return None,
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

/// Turns the window's event stream into actions, keeping the modifier state.
#[derive(Debug, Clone)]
pub struct WindowKeys {
    shift_left: bool,
    shift_right: bool,
    alt: bool,
    ctrl: bool,
    /// The Dragon's caps lock: on at power-up.
    pub caps: bool,
}

impl Default for WindowKeys {
    fn default() -> Self {
        WindowKeys {
            shift_left: false,
            shift_right: false,
            alt: false,
            ctrl: false,
            caps: true,
        }
    }
}

impl WindowKeys {
    pub fn new() -> Self {
        Self::default()
    }

    fn shift(&self) -> bool {
        self.shift_left || self.shift_right
    }

    /// The action for one event, if any.
    pub fn event(&mut self, input: Input) -> Option<Action> {
        use minifb::Key as K;
        match input {
            Input::Char(c) => {
                // Control characters come as named keys; Ctrl/Alt combinations type nothing.
                if (c as u32) < 0x20 || c as u32 == 0x7F || self.ctrl || self.alt {
                    return None;
                }
                char_code(c, self.caps).map(Action::Dragon)
            }
            Input::Key(key, down) => {
                match key {
                    K::LeftShift => self.shift_left = down,
                    K::RightShift => self.shift_right = down,
                    K::LeftAlt | K::RightAlt => self.alt = down,
                    K::LeftCtrl | K::RightCtrl => self.ctrl = down,
                    _ => {}
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
                    K::F3 => {
                        self.caps = !self.caps;
                        Some(Action::ToggleCaps)
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
    fn characters_map_to_dragon_codes_with_caps_lock_on() {
        let acts = run(&[
            Input::Char('p'),
            Input::Char('R'),
            Input::Char('1'),
            Input::Char('"'),
            Input::Char('^'),
            Input::Char('{'),
            Input::Char('\r'),
        ]);
        assert_eq!(
            acts,
            vec![
                Action::Dragon(b'P'),
                Action::Dragon(b'R'),
                Action::Dragon(b'1'),
                Action::Dragon(b'"'),
                Action::Dragon(0x5E),
            ]
        );
    }

    #[test]
    fn f3_turns_caps_lock_off_for_lower_case() {
        let acts = run(&[Input::Key(K::F3, true), Input::Char('a'), Input::Char('A')]);
        assert_eq!(
            acts,
            vec![
                Action::ToggleCaps,
                Action::Dragon(0x61),
                Action::Dragon(0x41)
            ]
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
