//! Pasting text while the machine runs (Ctrl+V in the window): the text becomes key presses
//! as if typed, in order, through the machine's queue of typed keys, so none is lost however
//! long the text. A newline is ENTER (CR LF once), a tab a space; caps lock applies to letters
//! as it does to typing; a character the Dragon has no key for is left out and counted.

use spacemono_core::{char_code, key_code};

/// The most characters one paste types (the machine's queue holds this many and more).
pub const MAX_PASTE: usize = 32 * 1024;

/// The keys of a pasted text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PastedKeys {
    pub keys: Vec<u8>,
    /// Characters the Dragon has no key for, left out.
    pub skipped: usize,
    /// Characters past [`MAX_PASTE`], left out.
    pub cut: usize,
}

/// `text` as the keys that type it, caps lock on (`caps`) or off.
pub fn paste_keys(text: &str, caps: bool) -> PastedKeys {
    let mut out = PastedKeys::default();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let key = match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                Some(key_code::ENTER)
            }
            '\n' => Some(key_code::ENTER),
            '\t' => Some(b' '),
            c => char_code(c, caps),
        };
        match key {
            Some(_) if out.keys.len() >= MAX_PASTE => out.cut += 1,
            Some(k) => out.keys.push(k),
            None => out.skipped += 1,
        }
    }
    out
}

/// What to tell the person after a paste.
pub fn paste_notice(p: &PastedKeys) -> String {
    let mut text = format!("pasted {} keys", p.keys.len());
    if p.skipped > 0 {
        text.push_str(&format!(
            "; {} characters the Dragon has no key for were left out",
            p.skipped
        ));
    }
    if p.cut > 0 {
        text.push_str(&format!(
            "; {} characters past the first {MAX_PASTE} were left out",
            p.cut
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_enter_and_keys_without_a_dragon_key_are_counted() {
        let p = paste_keys("10 print \"{x}\"\r\n20\tend\n", true);
        assert_eq!(p.keys, b"10 PRINT \"X\"\r20 END\r".to_vec());
        assert_eq!(p.skipped, 2);
        assert_eq!(
            paste_notice(&p),
            "pasted 20 keys; 2 characters the Dragon has no key for were left out"
        );
        assert_eq!(paste_keys("ab", false).keys, b"ab".to_vec());
        let long = "A".repeat(MAX_PASTE + 5);
        let p = paste_keys(&long, true);
        assert_eq!((p.keys.len(), p.cut), (MAX_PASTE, 5));
    }
}
