//! Every key of the window and the terminal view, in one table: the man page's KEYS section
//! and the terminal view's key panel are read from it, so neither can drift from the other,
//! and `window_keys_handled` holds it to what the two views answer.
//! (The same shape as the table of the controls work of issue 30, which grows it.)

/// One key: what to press in the window, in the terminal view (`None`: not there), and what
/// it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyHelp {
    pub window: &'static str,
    pub terminal: Option<&'static str>,
    pub action: &'static str,
}

const fn both(key: &'static str, action: &'static str) -> KeyHelp {
    KeyHelp {
        window: key,
        terminal: Some(key),
        action,
    }
}

const fn window_only(key: &'static str, action: &'static str) -> KeyHelp {
    KeyHelp {
        window: key,
        terminal: None,
        action,
    }
}

/// The keys, in the order the help shows them.
pub const KEYS: &[KeyHelp] = &[
    both("Esc", "BREAK"),
    both("Home", "CLEAR (Shift+Home: \\)"),
    both(
        "Arrows, Backspace",
        "the Dragon's arrow keys (Shift+Backspace deletes the line)",
    ),
    window_only("Pause", "SHIFT+@: pause until a key"),
    both("F2", "screenshot (PNG, current folder)"),
    both("F3", "caps lock (the Dragon's SHIFT+0)"),
    both("F5", "save a snapshot (spacemono.snapshot)"),
    both("F9", "restore the snapshot"),
    window_only("F11, Alt+Enter", "full screen or back"),
    both("F12", "turbo (flat out) or period speed"),
    KeyHelp {
        window: "close the window",
        terminal: Some("Ctrl+C, Ctrl+D"),
        action: "quit",
    },
];

/// The table as lines of text, `width` characters at most (the key, then what it does), for
/// the window (`terminal` false) or the terminal view.
pub fn help_lines(terminal: bool, width: usize) -> Vec<String> {
    let keys: Vec<(&str, &str)> = KEYS
        .iter()
        .filter_map(|k| {
            let key = if terminal { k.terminal? } else { k.window };
            Some((key, k.action))
        })
        .collect();
    let key_width = keys
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    keys.into_iter()
        .map(|(k, a)| {
            let line = format!("{k:key_width$}  {a}");
            line.chars().take(width).collect()
        })
        .collect()
}
