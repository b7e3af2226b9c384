//! The keyboard as the ROM sees it (docs/machine.md §8): one code per key press, no auto-repeat.
//!
//! Three sources feed it. *Pressed* keys (the machine's own typing, such as RUN, and tests)
//! are down at once: the poll between statements latches one for INKEY$, as the ROM's BREAK
//! check does, and a second overwrites it. *Typed* keys, a person's at a window or terminal,
//! wait in a queue of presses and are handed over one at a time to whatever asks for a key
//! (INKEY$, the line editor at OK, INPUT or EDIT), in order, each once: a running program gets
//! every press however briefly the key was down and however slowly it reads the keyboard.
//! A genuine Dragon keeps one key (IKEYIM) and loses presses a program polls too slowly to
//! see; the issue that asked for this (30) wants every press to count, so the queue does not.
//! *Scripted* keys (`--keys`) are typed only when the machine asks for a key and finds none.
//! Typed and scripted keys alike reach INKEY$ only after it has found the keyboard empty
//! since its last key, so a program that flushes the keyboard with one INKEY$ before it
//! waits does not eat them.

use std::collections::VecDeque;

use super::key_matrix::KeyMatrix;

/// Key codes the Dragon's keyboard routine returns.
pub mod code {
    pub const BREAK: u8 = 0x03;
    pub const LEFT: u8 = 0x08;
    pub const RIGHT: u8 = 0x09;
    pub const DOWN: u8 = 0x0A;
    pub const CLEAR: u8 = 0x0C;
    pub const ENTER: u8 = 0x0D;
    /// SHIFT+@: pause a running program until the next key.
    pub const PAUSE: u8 = 0x13;
    /// SHIFT+←: delete back to the start of the line.
    pub const SHIFT_LEFT: u8 = 0x15;
    pub const UP: u8 = 0x5E;
    /// SHIFT by itself: the ROM gives no code for it; this names it for the matrix only
    /// (`Machine::key_down`), for a game that reads SHIFT as a key.
    pub const SHIFT: u8 = 0x10;
}

/// The code a character typed on another keyboard gives on a Dragon's, or `None` when the
/// Dragon has no key for it (`{ | } ~` and the back quote). With caps lock on (the
/// power-on state) letters come out as capitals, as on the Dragon; with it off, lower-case
/// letters give $61-$7A (shown as inverse capitals).
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

/// The Dragon's keys that type no character, as another keyboard's keys stand for them
/// (BREAK has its own way in: `Machine::type_break`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamedKey {
    Enter,
    Clear,
    Up,
    Down,
    Left,
    Right,
    /// SHIFT+@ on the Dragon (Pause on a PC).
    Pause,
}

/// The code a named key gives, with SHIFT held (`shift`) or not: SHIFT+CLEAR is `\`,
/// SHIFT+↑ $5F, SHIFT+↓ `[`, SHIFT+← deletes the line, SHIFT+→ `]`.
pub fn named_code(key: NamedKey, shift: bool) -> u8 {
    match (key, shift) {
        (NamedKey::Enter, _) => code::ENTER,
        (NamedKey::Clear, false) => code::CLEAR,
        (NamedKey::Clear, true) => b'\\',
        (NamedKey::Up, false) => code::UP,
        (NamedKey::Up, true) => 0x5F,
        (NamedKey::Down, false) => code::DOWN,
        (NamedKey::Down, true) => b'[',
        (NamedKey::Left, false) => code::LEFT,
        (NamedKey::Left, true) => code::SHIFT_LEFT,
        (NamedKey::Right, false) => code::RIGHT,
        (NamedKey::Right, true) => b']',
        (NamedKey::Pause, _) => code::PAUSE,
    }
}

// Key scripts live beside the keyboard; their names stay reachable from here.
use crate::machine::joystick::Joysticks;
pub use crate::machine::key_script::{
    key_script_tokens, parse_key_script, KeyScriptError, KEY_NAMES,
};
use crate::machine::key_script::{ScriptQueue, ScriptStep};

/// How many keys a person may type ahead of the machine.
pub const MAX_TYPED: usize = 1 << 16;

#[derive(Debug, Default, Clone)]
pub struct Keyboard {
    /// Presses a person made that the machine has not taken, oldest first: handed over one
    /// at a time as the machine asks for a key.
    typed: VecDeque<u8>,
    /// Keys down now (pressed by the machine itself or a test), seen by the poll.
    live: VecDeque<u8>,
    /// The key scripts' steps not yet done: keys, and joystick moves in order with them.
    script: ScriptQueue,
    /// Set when INKEY$ found no key: the next scripted key may come.
    script_armed: bool,
    /// Set when INKEY$ found no key since a typed key was last taken: INKEY$ may take the
    /// next typed key (so a flushing INKEY$ leaves it for the wait after it).
    typed_armed: bool,
    /// The machine asked for a key this field and none was there.
    starved: bool,
    /// Keys handed to the machine so far (by any route).
    delivered: u64,
    /// Whether `poll` could return a key (kept current so the poll between statements costs
    /// one test when nothing was pressed).
    poll_ready: bool,
    /// The keys as a program scanning the matrix sees them: pressed and typed keys as they
    /// come, scripted keys as they are handed over.
    matrix: KeyMatrix,
}

/// Keys the poll between statements acts on when they head a queue it does not otherwise
/// look at: they stop or pause a running program.
fn stops_program(k: Option<&u8>) -> bool {
    matches!(k, Some(&code::BREAK) | Some(&code::PAUSE))
}

impl Keyboard {
    #[cfg(test)]
    pub fn new() -> Self {
        Self::default()
    }

    /// A key pressed down now (the machine's own typing, or a test's).
    pub fn press(&mut self, code: u8) {
        self.matrix.press(code);
        if self.live.len() < 64 {
            self.live.push_back(code);
        }
        self.update_ready();
    }

    fn update_ready(&mut self) {
        self.poll_ready = !self.live.is_empty()
            || stops_program(self.script.front_key().as_ref())
            || stops_program(self.typed.front());
    }

    /// A key a person typed (at a window or a terminal): it waits in order until the machine
    /// asks for a key, and is never dropped, however fast it comes (up to [`MAX_TYPED`] keys
    /// ahead).
    pub fn type_key(&mut self, code: u8) {
        self.matrix.press(code);
        if self.typed.len() < MAX_TYPED {
            self.typed.push_back(code);
        }
        self.update_ready();
    }

    /// BREAK pressed by a person: it goes straight down, ahead of anything typed (which it
    /// cancels).
    pub fn type_break(&mut self) {
        self.typed.clear();
        self.press(code::BREAK);
    }

    /// Keys a person typed that the machine has not taken.
    pub fn typed_waiting(&self) -> usize {
        self.typed.len()
    }

    /// The oldest typed key, taken.
    fn take_typed(&mut self) -> Option<u8> {
        let k = self.typed.pop_front()?;
        self.typed_armed = false;
        self.update_ready();
        self.delivered += 1;
        Some(k)
    }

    /// The script's next key, typed now: it goes down in the matrix as it is handed over.
    fn take_scripted(&mut self) -> Option<u8> {
        let k = self.script.pop_key()?;
        self.matrix.press(k);
        Some(k)
    }

    /// Keys to be typed when the machine asks for them.
    #[cfg(test)]
    pub fn type_script(&mut self, codes: &[u8]) {
        self.type_steps(crate::machine::key_script::KeyScript::from(codes).steps());
    }

    /// A key script's steps: its keys typed when the machine asks for them, its joystick
    /// steps done at field ends in order with them (`script_field`).
    pub fn type_steps(&mut self, steps: &[ScriptStep]) {
        self.script.extend(steps);
        self.update_ready();
    }

    /// The end of a field: the script's joystick steps that are due move `joysticks`, its
    /// hold steps hold and let go keys in the matrix.
    #[inline(always)]
    pub fn script_field(&mut self, joysticks: &mut Joysticks) {
        if self.script.field(joysticks, &mut self.matrix) {
            self.update_ready();
        }
    }

    /// Whether field ends leave the keyboard as it is: no key in the matrix to move on, no
    /// script step (joystick or wait) that a field end could do.
    #[inline(always)]
    pub fn field_end_is_idle(&self) -> bool {
        self.script.is_empty() && self.matrix.is_idle()
    }

    pub fn script_left(&self) -> usize {
        self.script.len()
    }

    pub fn has_live_keys(&self) -> bool {
        !self.live.is_empty()
    }

    /// Keys still to come: pressed and not yet taken, or left in the script.
    pub fn has_keys(&self) -> bool {
        self.has_live_keys() || self.script_left() > 0
    }

    /// Forget the keys pressed down that the machine has not taken.
    pub fn drop_live_keys(&mut self) {
        self.live.clear();
        self.update_ready();
    }

    /// A key pressed while the tape loads, which hurries the load and is spent: keys down
    /// all go; otherwise the oldest typed key. Whether there was one.
    pub fn take_hurry_key(&mut self) -> bool {
        if self.has_live_keys() {
            self.drop_live_keys();
            return true;
        }
        self.take_typed().is_some()
    }

    /// The poll between statements: keys down only, except that a BREAK or SHIFT+@ at the
    /// head of the typed keys or the script is taken, so a person or a script can stop a
    /// running program that reads no keys.
    #[inline]
    pub fn poll(&mut self) -> Option<u8> {
        if !self.poll_ready {
            return None;
        }
        let k = match self.live.pop_front() {
            Some(k) => Some(k),
            None if stops_program(self.typed.front()) => return self.take_typed(),
            None if stops_program(self.script.front_key().as_ref()) => self.take_scripted(),
            None => None,
        };
        self.update_ready();
        if k.is_some() {
            self.delivered += 1;
        }
        k
    }

    /// The key that ends a pause (SHIFT+@): any key down or typed, or a scripted BREAK or
    /// SHIFT+@.
    pub fn resume_key(&mut self) -> Option<u8> {
        if self.live.is_empty() && !self.typed.is_empty() {
            return self.take_typed();
        }
        self.poll()
    }

    /// BREAK, if it heads the keys down, the typed keys or the script: taken (machine code
    /// running is stopped by it, whatever else it reads from the keyboard).
    pub fn take_break(&mut self) -> bool {
        if !self.poll_ready {
            return false;
        }
        let taken = if self.live.front() == Some(&code::BREAK) {
            self.live.pop_front()
        } else if self.typed.front() == Some(&code::BREAK) {
            self.typed.pop_front()
        } else if self.live.is_empty() && self.script.front_key() == Some(code::BREAK) {
            self.script.pop_key()
        } else {
            None
        };
        self.update_ready();
        if taken.is_some() {
            self.delivered += 1;
        }
        taken.is_some()
    }

    /// Whether the poll between statements would find something.
    #[inline]
    pub fn poll_pending(&self) -> bool {
        self.poll_ready
    }

    /// A key for INKEY$: a key down first; a typed, then a scripted key only after the
    /// program has found the keyboard empty since its last one.
    pub fn inkey(&mut self) -> Option<u8> {
        if let Some(k) = self.live.pop_front() {
            self.update_ready();
            self.delivered += 1;
            return Some(k);
        }
        if self.typed_armed {
            if let Some(k) = self.take_typed() {
                return Some(k);
            }
        }
        if self.script.front_key().is_some() && self.script_armed && self.typed.is_empty() {
            self.script_armed = false;
            let k = self.take_scripted();
            self.update_ready();
            self.delivered += 1;
            return k;
        }
        self.script_armed = true;
        self.typed_armed = true;
        self.starved = self.script.is_empty() && self.typed.is_empty();
        None
    }

    /// A key for the line editor (the prompt, INPUT or EDIT), which is always waiting: a key
    /// down, else the oldest typed, else the script's next.
    pub fn line_key(&mut self) -> Option<u8> {
        if let Some(k) = self.live.pop_front() {
            self.update_ready();
            self.delivered += 1;
            return Some(k);
        }
        if let Some(k) = self.take_typed() {
            return Some(k);
        }
        let k = self.take_scripted();
        self.starved = k.is_none();
        self.update_ready();
        if k.is_some() {
            self.delivered += 1;
        }
        k
    }

    /// The key pressed last is still held down: the matrix keeps showing it (the queue for
    /// BASIC gets no new press).
    pub fn hold(&mut self, code: u8) {
        self.matrix.hold(code);
    }

    /// A key held down in the matrix until `release` (the queue for BASIC gets no press).
    pub fn key_down(&mut self, code: u8) {
        self.matrix.key_down(code);
    }

    /// A key held with `key_down`, or typed and still down, let go.
    pub fn release(&mut self, code: u8) {
        self.matrix.release(code);
    }

    /// The keys held with `key_down` and not let go, in the order they went down.
    pub fn held_keys(&self) -> Vec<u8> {
        self.matrix.held_keys()
    }

    /// The keys as the matrix shows them to a program that scans it (PIA0).
    pub fn matrix(&self) -> &KeyMatrix {
        &self.matrix
    }

    /// A field ended: the matrix's key may go up and the next come down.
    #[inline(always)]
    pub fn field_passed(&mut self) {
        self.matrix.field_passed();
    }

    /// How many keys the machine has taken since power-on.
    pub fn delivered(&self) -> u64 {
        self.delivered
    }

    /// Whether the machine wanted a key and had none since the last `take_starved`.
    #[inline]
    pub fn starved(&self) -> bool {
        self.starved
    }

    /// Whether the machine wanted a key and had none since the last call (reset by it).
    pub fn take_starved(&mut self) -> bool {
        std::mem::take(&mut self.starved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_give_the_dragon_codes_with_caps_lock_on_or_off() {
        let codes = |caps| {
            "pR1\"^{\r~a↑←"
                .chars()
                .map(|c| char_code(c, caps))
                .collect::<Vec<_>>()
        };
        let with = |a| {
            vec![
                Some(b'P'),
                Some(b'R'),
                Some(b'1'),
                Some(b'"'),
                Some(0x5E),
                None,
                Some(code::ENTER),
                None,
                Some(a),
                Some(code::UP),
                Some(code::LEFT),
            ]
        };
        assert_eq!(codes(true), with(b'A'));
        let mut off = with(0x61);
        off[0] = Some(0x70);
        assert_eq!(codes(false), off);
    }

    #[test]
    fn named_keys_and_their_shift_codes() {
        use NamedKey::*;
        let keys = [Enter, Clear, Up, Down, Left, Right, Pause];
        let plain: Vec<u8> = keys.iter().map(|&k| named_code(k, false)).collect();
        let shifted: Vec<u8> = keys.iter().map(|&k| named_code(k, true)).collect();
        assert_eq!(plain, [0x0D, 0x0C, 0x5E, 0x0A, 0x08, 0x09, 0x13]);
        assert_eq!(shifted, [0x0D, 0x5C, 0x5F, 0x5B, 0x15, 0x5D, 0x13]);
    }

    #[test]
    fn a_scripted_key_waits_until_inkey_has_found_nothing() {
        let mut k = Keyboard::new();
        k.type_script(b"X");
        assert_eq!(k.inkey(), None);
        assert_eq!(k.inkey(), Some(b'X'));
        assert_eq!(k.inkey(), None);
        assert!(k.take_starved());
    }

    #[test]
    fn poll_takes_only_a_scripted_break() {
        let mut k = Keyboard::new();
        k.type_script(&[b'A', code::BREAK]);
        assert_eq!(k.poll(), None);
        assert_eq!(k.line_key(), Some(b'A'));
        assert_eq!(k.poll(), Some(code::BREAK));
    }

    #[test]
    fn typed_keys_go_to_whatever_asks_in_order_each_once() {
        let mut k = Keyboard::new();
        for &c in b"ABC" {
            k.type_key(c);
        }
        // The poll between statements leaves them for INKEY$ and the line editor.
        assert_eq!(k.poll(), None);
        assert_eq!(k.line_key(), Some(b'A'));
        // INKEY$ takes one only when it has found the keyboard empty since its last key.
        assert_eq!(k.inkey(), None);
        assert!(!k.take_starved(), "a key is there for the next INKEY$");
        assert_eq!(k.inkey(), Some(b'B'));
        assert_eq!(k.inkey(), None);
        assert_eq!(k.inkey(), Some(b'C'));
        assert_eq!(k.inkey(), None);
        assert!(k.take_starved());
        assert_eq!(k.delivered(), 3);
    }

    #[test]
    fn a_typed_pause_or_break_at_the_head_reaches_the_poll() {
        let mut k = Keyboard::new();
        k.type_key(code::PAUSE);
        k.type_key(b'X');
        assert!(k.poll_pending());
        assert_eq!(k.poll(), Some(code::PAUSE));
        assert_eq!(k.poll(), None);
        assert_eq!(k.resume_key(), Some(b'X'));
    }

    #[test]
    fn a_scripted_key_goes_down_in_the_matrix_when_it_is_handed_over() {
        let mut k = Keyboard::new();
        k.type_script(b"A");
        assert_eq!(k.matrix().down(), None);
        assert_eq!(k.line_key(), Some(b'A'));
        assert_eq!(k.matrix().down(), Some(b'A'));
    }

    #[test]
    fn break_goes_down_at_once_and_cancels_what_was_typed() {
        let mut k = Keyboard::new();
        for &c in b"LIST" {
            k.type_key(c);
        }
        k.type_break();
        assert_eq!(k.typed_waiting(), 0);
        assert_eq!(k.poll(), Some(code::BREAK));
    }
}
