//! Every key the window and the terminal view answer, as people read them: one table, which
//! the man page's KEYS section and the terminal's key panel are made from, and which the
//! tests below hold both views' key handling to (a key handled is a key listed, and a
//! function key listed is a key handled).

/// Which views answer a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Views {
    Both,
    Window,
    Terminal,
}

impl Views {
    pub fn window(self) -> bool {
        self != Views::Terminal
    }
    pub fn terminal(self) -> bool {
        self != Views::Window
    }
}

/// One key (or a few that do the same), and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyUse {
    /// The PC keys, as printed on them: `F12`, `F11 or Alt+Enter`.
    pub key: &'static str,
    /// What it does, for the Dragon or for the session.
    pub does: &'static str,
    pub views: Views,
}

const fn key(key: &'static str, does: &'static str, views: Views) -> KeyUse {
    KeyUse { key, does, views }
}

/// The keys, in the order a person looks for them: typing, the Dragon's own keys, then the
/// session's.
pub const KEYS: &[KeyUse] = &[
    key(
        "letters, digits, punctuation",
        "the same character",
        Views::Both,
    ),
    key("Enter", "ENTER", Views::Both),
    key("Esc", "BREAK", Views::Both),
    key("Home", "CLEAR", Views::Both),
    key(
        "↑ ↓ ← →",
        "the arrow keys (Shift for the shifted codes)",
        Views::Both,
    ),
    key(
        "Backspace",
        "← (Shift+Backspace deletes the whole line)",
        Views::Both,
    ),
    key("Pause", "SHIFT+@ (pause a running program)", Views::Window),
    key(
        "F2",
        "screenshot: spacemono-YYYYMMDD-HHMMSS.png in the current folder",
        Views::Both,
    ),
    key(
        "F3",
        "caps lock (on at power-up, so letters type as capitals)",
        Views::Both,
    ),
    key(
        "F5",
        "save a snapshot of the whole machine to spacemono.snapshot in the current folder",
        Views::Both,
    ),
    key(
        "F9",
        "go back to the snapshot in spacemono.snapshot",
        Views::Both,
    ),
    key("F11 or Alt+Enter", "full screen", Views::Window),
    key("F12", "period speed / turbo", Views::Both),
    key("Ctrl-C or Ctrl-D", "quit", Views::Terminal),
];

/// The names a table entry gives its keys: `F11 or Alt+Enter` names F11, Alt and Enter.
pub fn names(entry: &KeyUse) -> impl Iterator<Item = &'static str> {
    entry
        .key
        .split([' ', '+', ','])
        .filter(|w| !w.is_empty() && *w != "or")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::keymap::{Action, Input, WindowKeys};
    use crate::frontend::terminal::{TermKey, TermKeys};
    use minifb::Key as K;

    /// Whether the table lists `name` for a view (`window` or the terminal).
    fn listed(name: &str, window: bool) -> bool {
        KEYS.iter()
            .filter(|e| {
                if window {
                    e.views.window()
                } else {
                    e.views.terminal()
                }
            })
            .any(|e| names(e).any(|n| n == name))
    }

    /// Keys a PC has that type no character, with the name the table gives them.
    const WINDOW_PROBES: [(K, &str); 25] = [
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
        (K::Insert, "Insert"),
        (K::Delete, "Delete"),
        (K::PageUp, "PageUp"),
        (K::PageDown, "PageDown"),
        (K::Pause, "Pause"),
        (K::Enter, "Enter"),
        (K::Backspace, "Backspace"),
        (K::Up, "↑"),
        (K::Left, "←"),
        (K::Tab, "Tab"),
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
        (b"\x1b[2~", "Insert"),
        (b"\x1b[3~", "Delete"),
        (b"\x1b[5~", "PageUp"),
        (b"\x1b[6~", "PageDown"),
        (b"\r", "Enter"),
        (b"\x7f", "Backspace"),
        (b"\x03", "Ctrl-C"),
    ];

    fn window_answers(key: K, alt: bool) -> Option<Action> {
        let mut k = WindowKeys::new();
        if alt {
            k.event(Input::Key(K::LeftAlt, true));
        }
        k.event(Input::Key(key, true))
    }

    #[test]
    fn every_key_the_window_answers_is_in_the_table_and_back() {
        for (key, name) in WINDOW_PROBES {
            let answered = window_answers(key, false).is_some();
            assert_eq!(
                answered,
                listed(name, true),
                "the window {} {name}, the table {}",
                if answered { "answers" } else { "ignores" },
                if answered {
                    "does not list it"
                } else {
                    "lists it"
                }
            );
        }
        // Alt+Enter is full screen, as listed.
        assert_eq!(
            window_answers(K::Enter, true),
            Some(Action::ToggleFullscreen)
        );
        assert!(listed("Alt", true));
    }

    #[test]
    fn every_key_the_terminal_answers_is_in_the_table_and_back() {
        for (bytes, name) in TERMINAL_PROBES {
            let answered = TermKeys.feed(bytes);
            let answered = answered
                .iter()
                .any(|k| !matches!(k, TermKey::Act(Action::Char(_))));
            assert_eq!(
                answered,
                listed(name, false),
                "the terminal {} {name}, the table {}",
                if answered { "answers" } else { "ignores" },
                if answered {
                    "does not list it"
                } else {
                    "lists it"
                }
            );
        }
    }
}
