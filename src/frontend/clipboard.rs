//! The host's clipboard, read for Ctrl+V (through `arboard`, over X11). No clipboard, no
//! display or no text in it is an error to tell the person, never a crash.

/// Why nothing could be pasted.
#[derive(Debug)]
pub struct ClipboardError(arboard::Error);

impl std::fmt::Display for ClipboardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            arboard::Error::ContentNotAvailable => write!(f, "paste: the clipboard holds no text"),
            e => write!(f, "paste: the clipboard cannot be read ({e})"),
        }
    }
}

impl std::error::Error for ClipboardError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// The text on the clipboard now.
pub fn text() -> Result<String, ClipboardError> {
    arboard::Clipboard::new()
        .and_then(|mut c| c.get_text())
        .map_err(ClipboardError)
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_display_is_an_error_that_says_so() {
        // Without a display there is no clipboard: an error to show, not a panic. (With one,
        // whatever it holds is fine.)
        if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
            let e = super::text().unwrap_err();
            assert!(e.to_string().starts_with("paste: "), "{e}");
        }
    }
}
