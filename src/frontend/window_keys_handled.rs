//! The keys table (`window_keys::KEYS`) against what the window and the terminal view answer:
//! a key either view answers is listed for it, and a key listed is answered (issue 30: the man
//! page had no keys, and the terminal's key panel and the page are read from the table).

use super::keymap::{Input, WindowKeys};
use super::terminal::{TermKey, TermKeys};
use super::window_keys::KEYS;
use minifb::Key as K;

/// The names the table gives its keys in a view: `F11, Alt+Enter` names F11, Alt and Enter.
fn names(key: &str) -> impl Iterator<Item = &str> {
    key.split([' ', '+', ','])
        .filter(|w| !w.is_empty() && !w.starts_with('('))
}

/// Whether the table lists `name` for the window (`window`) or the terminal view.
fn listed(name: &str, window: bool) -> bool {
    KEYS.iter()
        .filter_map(|k| if window { Some(k.window) } else { k.terminal })
        .any(|key| names(key).any(|n| n == name))
}

/// Keys that type no character and are not the Dragon's own, with the table's names.
const WINDOW_PROBES: [(K, &str); 21] = [
    (K::F1, "F1"),
    (K::F2, "F2"),
    (K::F3, "F3"),
    (K::F4, "F4"),
    (K::F5, "F5"),
    (K::F6, "F6"),
    (K::F7, "F7"),
    (K::F8, "F8"),
    (K::F9, "F9"),
    (K::F10, "F10"),
    (K::F11, "F11"),
    (K::F12, "F12"),
    (K::Escape, "Esc"),
    (K::Home, "Home"),
    (K::End, "End"),
    (K::Delete, "Delete"),
    (K::PageUp, "PageUp"),
    (K::PageDown, "PageDown"),
    (K::Pause, "Pause"),
    (K::Insert, "Insert"),
    (K::Backspace, "Backspace"),
];

/// What xterm sends for the same keys.
const TERMINAL_PROBES: [(&[u8], &str); 22] = [
    (b"\x1bOP", "F1"),
    (b"\x1bOQ", "F2"),
    (b"\x1bOR", "F3"),
    (b"\x1bOS", "F4"),
    (b"\x1b[15~", "F5"),
    (b"\x1b[17~", "F6"),
    (b"\x1b[18~", "F7"),
    (b"\x1b[19~", "F8"),
    (b"\x1b[20~", "F9"),
    (b"\x1b[21~", "F10"),
    (b"\x1b[23~", "F11"),
    (b"\x1b[24~", "F12"),
    (b"\x1b", "Esc"),
    (b"\x1b[H", "Home"),
    (b"\x1b[F", "End"),
    (b"\x1b[3~", "Delete"),
    (b"\x1b[5~", "PageUp"),
    (b"\x1b[6~", "PageDown"),
    (b"\x7f", "Backspace"),
    (b"\x03", "Ctrl"),
    (b"\x1b[2~", "Insert"),
    (b"\x1b3", "Alt"),
];

fn said(answered: bool) -> (&'static str, &'static str) {
    if answered {
        ("answers", "does not list it")
    } else {
        ("ignores", "lists it")
    }
}

#[test]
fn every_key_the_window_answers_is_in_the_table_and_back() {
    for (key, name) in WINDOW_PROBES {
        let answered = WindowKeys::new().event(Input::Key(key, true)).is_some();
        let (does, table) = said(answered);
        assert_eq!(
            answered,
            listed(name, true),
            "the window {does} {name}, the table {table}"
        );
    }
}

#[test]
fn every_key_the_terminal_answers_is_in_the_table_and_back() {
    for (bytes, name) in TERMINAL_PROBES {
        let keys = TermKeys.feed(bytes);
        let answered = keys
            .iter()
            .any(|k| !matches!(k, TermKey::Act(super::keymap::Action::Char(_))));
        let (does, table) = said(answered);
        assert_eq!(
            answered,
            listed(name, false),
            "the terminal {does} {name}, the table {table}"
        );
    }
}
