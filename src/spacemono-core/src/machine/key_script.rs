//! Key scripts (`--keys`, `--keys-file`, tests): the keys to type as the machine asks for
//! them and, in order with them, the joysticks moved and their fire buttons pressed, so a
//! headless run can play a joystick game (issue 29).
//!
//! A script is a list of steps. Keys wait for the machine to ask for one (see `Keyboard`);
//! the other steps are carried out at the end of a field, as soon as every step before them
//! is done, and the steps after them wait until they are: a key after `{JOY0 …}` reaches a
//! program that already sees the stick moved.

use std::collections::VecDeque;

use crate::machine::joystick::Joysticks;
use crate::machine::key_matrix::{position, KeyMatrix};
use crate::machine::keyboard::code;

/// One thing a key script does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptStep {
    /// A key typed when the machine asks for one.
    Key(u8),
    /// A joystick axis moved (0 right X, 1 right Y, 2 left X, 3 left Y) to a position 0-63.
    Axis { axis: u8, value: u8 },
    /// A fire button (0 right, 1 left) pressed or let go.
    Fire { button: u8, pressed: bool },
    /// The steps after this wait this many more fields.
    Wait(u16),
    /// A key held down in the keyboard matrix (`down`) until a step lets it go, with any
    /// others held: for a program that scans the matrix (BASIC's key queue gets nothing).
    Hold { code: u8, down: bool },
}

/// How long `{FIRE0}` holds the button down: two whole fields, so a program that looks at
/// it once a field cannot miss it.
pub const CLICK_FIELDS: u16 = 2;

/// The most fields one `{WAIT n}` holds the script (about 22 minutes).
pub const MAX_WAIT: u16 = u16::MAX;

/// A key script, read by [`parse_key_script`] or made from plain key codes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyScript {
    steps: Vec<ScriptStep>,
}

impl KeyScript {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn from_steps(steps: Vec<ScriptStep>) -> Self {
        KeyScript { steps }
    }

    pub fn steps(&self) -> &[ScriptStep] {
        &self.steps
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    pub fn push(&mut self, step: ScriptStep) {
        self.steps.push(step);
    }

    pub fn push_key(&mut self, code: u8) {
        self.steps.push(ScriptStep::Key(code));
    }

    /// The steps of `other` after these.
    pub fn append(&mut self, mut other: KeyScript) {
        self.steps.append(&mut other.steps);
    }

    /// The last step, when it is a key.
    pub fn last_key(&self) -> Option<u8> {
        match self.steps.last() {
            Some(ScriptStep::Key(k)) => Some(*k),
            _ => None,
        }
    }

    /// The keys, when the script does nothing but type keys (a caller that can only type,
    /// such as the play-by-file record, refuses the others).
    pub fn keys_only(&self) -> Option<Vec<u8>> {
        self.steps
            .iter()
            .map(|s| match s {
                ScriptStep::Key(k) => Some(*k),
                _ => None,
            })
            .collect()
    }
}

impl From<&[u8]> for KeyScript {
    fn from(codes: &[u8]) -> Self {
        KeyScript {
            steps: codes.iter().map(|&k| ScriptStep::Key(k)).collect(),
        }
    }
}

/// What `Machine::type_script` takes: a key script, or plain key codes.
pub trait ScriptSource {
    /// The script's steps, in order.
    fn script_steps(&self) -> std::borrow::Cow<'_, [ScriptStep]>;
}

impl ScriptSource for KeyScript {
    fn script_steps(&self) -> std::borrow::Cow<'_, [ScriptStep]> {
        std::borrow::Cow::Borrowed(&self.steps)
    }
}

impl ScriptSource for [u8] {
    fn script_steps(&self) -> std::borrow::Cow<'_, [ScriptStep]> {
        std::borrow::Cow::Owned(self.iter().map(|&k| ScriptStep::Key(k)).collect())
    }
}

impl<const N: usize> ScriptSource for [u8; N] {
    fn script_steps(&self) -> std::borrow::Cow<'_, [ScriptStep]> {
        self[..].script_steps()
    }
}

impl ScriptSource for Vec<u8> {
    fn script_steps(&self) -> std::borrow::Cow<'_, [ScriptStep]> {
        self[..].script_steps()
    }
}

/// Names accepted in key scripts: `{BREAK}` and friends.
pub const KEY_NAMES: [(&str, u8); 8] = [
    ("BREAK", code::BREAK),
    ("CLEAR", code::CLEAR),
    ("UP", code::UP),
    ("DOWN", code::DOWN),
    ("LEFT", code::LEFT),
    ("RIGHT", code::RIGHT),
    ("ENTER", code::ENTER),
    ("PAUSE", code::PAUSE),
];

/// The joystick tokens, as `run --help` and the error for an unknown name list them.
pub const JOYSTICK_TOKENS: [&str; 5] = ["JOY0 x,y", "JOY1 x,y", "FIRE0", "FIRE1", "WAIT n"];

/// The tokens that hold keys down in the keyboard matrix and let them go.
pub const HOLD_TOKENS: [&str; 2] = ["HOLD k", "RELEASE k"];

/// Every `{...}` token a key script takes, spelled as in a script, for help texts (`run
/// --help`): the named keys and the joystick steps (add a new token's spelling here, so that
/// the help names it).
pub fn key_script_tokens() -> Vec<String> {
    KEY_NAMES
        .iter()
        .map(|(n, _)| n.to_string())
        .chain(JOYSTICK_TOKENS.iter().map(|t| t.to_string()))
        .chain(HOLD_TOKENS.iter().map(|t| t.to_string()))
        .map(|t| format!("{{{t}}}"))
        .collect()
}

/// A key script that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyScriptError(pub String);

impl std::fmt::Display for KeyScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for KeyScriptError {}

/// The longest text between braces (`{FIRE0 DOWN}`, `{JOY0 63, 63}`).
const MAX_TOKEN: usize = 24;

/// Turn script text into steps: characters as themselves, a newline, `\r` or the escapes
/// `\n` / `\r` as ENTER (CR LF counts once), `{BREAK}`, `{CLEAR}`, `{UP}`, `{DOWN}`, `{LEFT}`,
/// `{RIGHT}`, `{ENTER}`, `{PAUSE}` (SHIFT+@) for the other keys, `\\` and `\{` for the
/// characters themselves; and for the joysticks `{JOY0 x,y}` (the right stick: JOYSTK(0) x,
/// JOYSTK(1) y, each 0-63), `{JOY1 x,y}` (the left: JOYSTK(2), JOYSTK(3)), `{FIRE0}` (the
/// right button clicked: down for [`CLICK_FIELDS`] fields), `{FIRE0 DOWN}`, `{FIRE0 UP}`,
/// `{FIRE1 …}` (the left button), and `{WAIT n}` (the rest of the script waits n fields);
/// for the keyboard matrix `{HOLD k}` … `{RELEASE k}` (the key k, a character or a key name,
/// SPACE or SHIFT, held down from the field's end with any others held, then let go).
pub fn parse_key_script(text: &str) -> Result<KeyScript, KeyScriptError> {
    let mut out = KeyScript {
        steps: Vec::with_capacity(text.len()),
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_key(code::ENTER);
            }
            '\n' => out.push_key(code::ENTER),
            '\\' => match chars.next() {
                Some('n') | Some('r') => out.push_key(code::ENTER),
                Some('\\') => out.push_key(b'\\'),
                Some('{') => out.push_key(b'{'),
                Some(other) => {
                    return Err(KeyScriptError(format!(
                        "unknown escape \\{other} in keys (use \\n, \\r, \\\\ or \\{{)"
                    )))
                }
                None => out.push_key(b'\\'),
            },
            '{' => {
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(ch) if name.len() < MAX_TOKEN => name.push(ch),
                        _ => {
                            return Err(KeyScriptError(format!(
                                "unfinished key name {{{name} in keys"
                            )))
                        }
                    }
                }
                brace_token(&name, &mut out)?;
            }
            c if (c as u32) < 0x80 => out.push_key(c as u8),
            other => {
                return Err(KeyScriptError(format!(
                    "the Dragon's keyboard has no key for {other:?}"
                )))
            }
        }
    }
    Ok(out)
}

/// The steps of one `{…}` token (`name` is what is between the braces).
fn brace_token(name: &str, out: &mut KeyScript) -> Result<(), KeyScriptError> {
    let upper = name.trim().to_ascii_uppercase();
    if let Some((_, k)) = KEY_NAMES.iter().find(|(n, _)| *n == upper) {
        out.push_key(*k);
        return Ok(());
    }
    let (word, rest) = match upper.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (upper.as_str(), ""),
    };
    let bad = |why: String| KeyScriptError(format!("{{{name}}} in keys: {why}"));
    match word {
        "JOY0" | "JOY1" => {
            let first_axis = if word == "JOY0" { 0 } else { 2 };
            let (x, y) = rest
                .split_once(',')
                .ok_or_else(|| bad(format!("give the stick's x and y, as {{{word} 32,10}}")))?;
            for (axis, text) in [(first_axis, x), (first_axis + 1, y)] {
                let text = text.trim();
                let value = match text.parse::<u32>() {
                    Ok(v) if v <= 63 => v as u8,
                    Ok(_) => {
                        return Err(bad(format!("a joystick position is 0 to 63, not {text}")))
                    }
                    Err(_) => {
                        return Err(bad(format!(
                            "a joystick position is a number 0 to 63, not {text:?}"
                        )))
                    }
                };
                out.push(ScriptStep::Axis { axis, value });
            }
        }
        "FIRE0" | "FIRE1" => {
            let button = if word == "FIRE0" { 0 } else { 1 };
            match rest {
                "" => {
                    out.push(ScriptStep::Fire {
                        button,
                        pressed: true,
                    });
                    out.push(ScriptStep::Wait(CLICK_FIELDS));
                    out.push(ScriptStep::Fire {
                        button,
                        pressed: false,
                    });
                }
                "DOWN" | "UP" => out.push(ScriptStep::Fire {
                    button,
                    pressed: rest == "DOWN",
                }),
                _ => {
                    return Err(bad(format!(
                        "a fire button is clicked ({{{word}}}), or DOWN or UP, not {rest:?}"
                    )))
                }
            }
        }
        "WAIT" => match rest.parse::<u32>() {
            Ok(n) if (1..=MAX_WAIT as u32).contains(&n) => out.push(ScriptStep::Wait(n as u16)),
            _ => {
                return Err(bad(format!(
                    "a wait is a number of fields, 1 to {MAX_WAIT}, not {rest:?}"
                )))
            }
        },
        "HOLD" | "RELEASE" => {
            let named = KEY_NAMES
                .iter()
                .chain(&[("SPACE", b' '), ("SHIFT", code::SHIFT)])
                .find(|(n, _)| *n == rest)
                .map(|(_, k)| *k);
            let code = match (named, rest.as_bytes()) {
                (Some(k), _) => k,
                (None, &[c]) if position(c).is_some() => c,
                _ => {
                    return Err(bad(format!(
                        "give one Dragon key, as {{{word} A}} or {{{word} SPACE}}, not {rest:?}"
                    )))
                }
            };
            out.push(ScriptStep::Hold {
                code,
                down: word == "HOLD",
            });
        }
        _ => {
            return Err(KeyScriptError(format!(
                "unknown key name {{{name}}} in keys (known: {}; and {}, {})",
                KEY_NAMES.map(|(n, _)| n).join(", "),
                JOYSTICK_TOKENS.join(", "),
                HOLD_TOKENS.join(", ")
            )))
        }
    }
    Ok(())
}

/// The steps of the scripts given to the machine and not yet done, oldest first.
#[derive(Clone, Debug, Default)]
pub struct ScriptQueue {
    steps: VecDeque<ScriptStep>,
}

impl ScriptQueue {
    pub fn extend(&mut self, steps: &[ScriptStep]) {
        self.steps.extend(steps.iter().copied());
    }

    /// Steps not yet done.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The next key, when the next step is one.
    #[inline]
    pub fn front_key(&self) -> Option<u8> {
        match self.steps.front() {
            Some(ScriptStep::Key(k)) => Some(*k),
            _ => None,
        }
    }

    /// The next key taken, when the next step is one.
    pub fn pop_key(&mut self) -> Option<u8> {
        let k = self.front_key()?;
        self.steps.pop_front();
        Some(k)
    }

    /// The end of a field: a wait at the head counts the field; then the joystick steps at
    /// the head are done, up to a key (which waits for the machine) or a wait (which
    /// starts counting at the next field's end). Whether a step was done or counted.
    #[inline(always)]
    pub fn field(&mut self, joysticks: &mut Joysticks, matrix: &mut KeyMatrix) -> bool {
        // Most fields of most runs have no script left: one test then, in the field's end.
        if self.steps.is_empty() {
            return false;
        }
        self.field_steps(joysticks, matrix)
    }

    #[cold]
    #[inline(never)]
    fn field_steps(&mut self, joysticks: &mut Joysticks, matrix: &mut KeyMatrix) -> bool {
        match self.steps.front_mut() {
            None | Some(ScriptStep::Key(_)) => return false,
            Some(ScriptStep::Wait(n)) => {
                if *n > 1 {
                    *n -= 1;
                    return true;
                }
                self.steps.pop_front();
            }
            Some(_) => {}
        }
        while let Some(&step) = self.steps.front() {
            match step {
                ScriptStep::Key(_) | ScriptStep::Wait(_) => break,
                ScriptStep::Axis { axis, value } => {
                    if let Some(a) = joysticks.axes.get_mut(axis as usize) {
                        *a = value.min(63);
                    }
                }
                ScriptStep::Fire { button, pressed } => {
                    if let Some(f) = joysticks.fire.get_mut(button as usize) {
                        *f = pressed;
                    }
                }
                ScriptStep::Hold { code, down: true } => matrix.key_down(code),
                ScriptStep::Hold { code, down: false } => matrix.release(code),
            }
            self.steps.pop_front();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ScriptStep::*;

    fn steps(text: &str) -> Vec<ScriptStep> {
        parse_key_script(text).unwrap().steps().to_vec()
    }

    fn error(text: &str) -> String {
        parse_key_script(text).unwrap_err().to_string()
    }

    #[test]
    fn scripts_name_keys_and_enter() {
        assert_eq!(
            parse_key_script("RUN\n{BREAK}A\\n{up}\r\n").unwrap(),
            KeyScript::from(&[b'R', b'U', b'N', 13, 3, b'A', 13, 0x5E, 13][..])
        );
        assert!(parse_key_script("{NOPE}").is_err());
        assert!(parse_key_script("{BREAK").is_err());
        assert!(parse_key_script("é").is_err());
    }

    #[test]
    fn joystick_tokens_move_sticks_and_press_buttons_in_order_with_keys() {
        assert_eq!(
            steps("A{JOY0 32,10}{joy1 0, 63}{FIRE1 DOWN}B{fire1 up}"),
            vec![
                Key(b'A'),
                Axis { axis: 0, value: 32 },
                Axis { axis: 1, value: 10 },
                Axis { axis: 2, value: 0 },
                Axis { axis: 3, value: 63 },
                Fire {
                    button: 1,
                    pressed: true
                },
                Key(b'B'),
                Fire {
                    button: 1,
                    pressed: false
                },
            ]
        );
        assert_eq!(
            steps("{FIRE0}{WAIT 7}X"),
            vec![
                Fire {
                    button: 0,
                    pressed: true
                },
                Wait(CLICK_FIELDS),
                Fire {
                    button: 0,
                    pressed: false
                },
                Wait(7),
                Key(b'X'),
            ]
        );
    }

    #[test]
    fn bad_joystick_tokens_say_what_is_wrong() {
        assert_eq!(
            error("{JOY0 99,1}"),
            "{JOY0 99,1} in keys: a joystick position is 0 to 63, not 99"
        );
        assert_eq!(
            error("{JOY1 5}"),
            "{JOY1 5} in keys: give the stick's x and y, as {JOY1 32,10}"
        );
        assert_eq!(
            error("{JOY0 -1,4}"),
            "{JOY0 -1,4} in keys: a joystick position is a number 0 to 63, not \"-1\""
        );
        assert_eq!(
            error("{FIRE0 SIDEWAYS}"),
            "{FIRE0 SIDEWAYS} in keys: a fire button is clicked ({FIRE0}), or DOWN or UP, \
             not \"SIDEWAYS\""
        );
        assert_eq!(
            error("{WAIT 0}"),
            "{WAIT 0} in keys: a wait is a number of fields, 1 to 65535, not \"0\""
        );
        assert!(error("{JOY2 1,1}").contains("JOY0 x,y, JOY1 x,y, FIRE0, FIRE1, WAIT n"));
    }

    #[test]
    fn hold_and_release_tokens_name_a_key_for_the_matrix() {
        assert_eq!(
            steps("{HOLD A}{hold space}{HOLD SHIFT}X{RELEASE UP}"),
            vec![
                Hold {
                    code: b'A',
                    down: true
                },
                Hold {
                    code: b' ',
                    down: true
                },
                Hold {
                    code: code::SHIFT,
                    down: true
                },
                Key(b'X'),
                Hold {
                    code: code::UP,
                    down: false
                },
            ]
        );
        assert_eq!(
            error("{HOLD AB}"),
            "{HOLD AB} in keys: give one Dragon key, as {HOLD A} or {HOLD SPACE}, not \"AB\""
        );
        let mut q = ScriptQueue::default();
        let (mut j, mut m) = (Joysticks::default(), KeyMatrix::default());
        q.extend(&steps("{HOLD A}{HOLD S}{WAIT 3}{RELEASE A}"));
        q.field(&mut j, &mut m);
        assert_eq!(m.held_keys(), [b'A', b'S']);
        for _ in 0..3 {
            q.field(&mut j, &mut m);
        }
        assert_eq!(m.held_keys(), [b'S']);
    }

    #[test]
    fn only_a_script_of_keys_gives_its_keys() {
        assert_eq!(
            parse_key_script("AB\n").unwrap().keys_only(),
            Some(vec![b'A', b'B', 13])
        );
        assert_eq!(parse_key_script("A{FIRE0}").unwrap().keys_only(), None);
    }

    #[test]
    fn a_field_end_does_the_steps_up_to_a_key_or_a_wait() {
        let mut q = ScriptQueue::default();
        let mut j = Joysticks::default();
        let mut m = KeyMatrix::default();
        q.extend(parse_key_script("{JOY0 1,2}X{FIRE0}Y").unwrap().steps());
        // The key before nothing else: the joystick moves first, then X may be taken.
        assert_eq!(q.front_key(), None);
        assert!(q.field(&mut j, &mut m));
        assert_eq!(&j.axes[..2], &[1, 2]);
        assert_eq!(q.pop_key(), Some(b'X'));
        // The click: down at this field's end, up two field ends later; Y waits for it.
        q.field(&mut j, &mut m);
        assert!(j.fire[0]);
        q.field(&mut j, &mut m);
        assert!(j.fire[0]);
        assert_eq!(q.front_key(), None);
        q.field(&mut j, &mut m);
        assert!(!j.fire[0]);
        assert_eq!(q.pop_key(), Some(b'Y'));
        assert!(q.is_empty());
        assert!(!q.field(&mut j, &mut m));
    }
}
