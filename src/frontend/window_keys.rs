//! Every key of the window and the terminal view, in one table: the help overlay (F1), the
//! terminal's help screen and the documentation are all read from it, so none can drift from
//! the others. `keymap` is what the keys do; a test there holds the two together.
//!
//! The keys were chosen with XRoar and MAME in mind: F12 takes a screenshot (MAME's), F10 is
//! turbo (MAME's throttle), Insert held runs flat out (MAME's fast forward), Ctrl+R and
//! Ctrl+Shift+R reset (XRoar's soft and hard reset), Ctrl+V pastes (XRoar's), F11 is full
//! screen (both). F3 stays caps lock and F5/F9 save and restore, as before. A terminal sends
//! no Ctrl+digit and no key-up, so there Alt+1..9 choose the slot and Insert counts as held
//! while the terminal repeats it (`key_repeat_hold`).

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
    both("F1", "show or hide this list of keys"),
    both("Esc", "BREAK"),
    both("Home", "CLEAR (Shift+Home: \\)"),
    both("Arrows, Backspace", "the Dragon's arrow keys"),
    window_only("Pause", "SHIFT+@: pause until a key"),
    both("F2, F12", "screenshot (PNG, current folder)"),
    both("F3", "caps lock (the Dragon's SHIFT+0)"),
    both("F4", "the next tape of the tape folder"),
    both("Shift+F4", "take the tape out"),
    both("F6", "rewind the tape"),
    both("Shift+F6", "wind the tape on to the next file"),
    both("F5", "save a snapshot in the slot"),
    both("F9", "restore the slot (the tape stays)"),
    both("F7", "the next snapshot slot (1-9)"),
    KeyHelp {
        window: "Ctrl+1 .. Ctrl+9",
        terminal: Some("Alt+1 .. Alt+9"),
        action: "choose snapshot slot 1-9",
    },
    both("F8", "pause or go on"),
    both("F10", "turbo (flat out) or period speed"),
    // A terminal sends no key-up: there Insert is held while the terminal repeats it.
    both("Insert (held)", "flat out while held"),
    window_only("F11, Alt+Enter", "full screen or back"),
    window_only("Ctrl+T", "the TV look or the clean picture"),
    window_only("Ctrl+V", "paste the clipboard as typing"),
    window_only("Ctrl+J", "the keypad as the right joystick, or keys again"),
    both("Ctrl+R", "RESET: to OK, the program kept"),
    KeyHelp {
        window: "Ctrl+Shift+R",
        terminal: Some("Alt+R"),
        action: "power off and on (a fresh start)",
    },
    KeyHelp {
        window: "close the window",
        terminal: Some("Ctrl+C, Ctrl+D"),
        action: "quit",
    },
];

/// The table as lines of text, `width` characters at most (the key, then what it does), for
/// the window's overlay (`terminal` false) or the terminal view's help screen.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_listed_once_and_fits_the_lines() {
        let mut seen = std::collections::HashSet::new();
        for k in KEYS {
            assert!(seen.insert(k.window), "{} twice", k.window);
        }
        let window = help_lines(false, 80);
        assert_eq!(window.len(), KEYS.len());
        let terminal = help_lines(true, 80);
        assert!(terminal.iter().any(|l| l.starts_with("Alt+R")));
        assert!(!terminal.iter().any(|l| l.contains("paste")));
        assert!(help_lines(false, 10)
            .iter()
            .all(|l| l.chars().count() <= 10));
    }
}
