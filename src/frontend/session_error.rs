//! How an interactive session (the window, the terminal view, the line-by-line session) ends
//! in failure: the view gave out, or an output named on the command line could not be
//! written.

use super::audio::RecordingError;
use super::host_file::HostFileError;
use super::window::WindowError;

/// The terminal could not be read, written or put in raw mode.
#[derive(Debug)]
pub struct TerminalError(pub std::io::Error);

impl std::fmt::Display for TerminalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "terminal: {}", self.0)
    }
}

impl std::error::Error for TerminalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// Why an interactive session failed.
#[derive(Debug)]
pub enum SessionError {
    Window(WindowError),
    Terminal(TerminalError),
    /// `--png` or `--window-png`.
    File(HostFileError),
    /// `--wav`.
    Recording(RecordingError),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::Window(e) => write!(f, "{e}"),
            SessionError::Terminal(e) => write!(f, "{e}"),
            SessionError::File(e) => write!(f, "{e}"),
            SessionError::Recording(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SessionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SessionError::Window(e) => Some(e),
            SessionError::Terminal(e) => Some(e),
            SessionError::File(e) => Some(e),
            SessionError::Recording(e) => Some(e),
        }
    }
}

impl From<WindowError> for SessionError {
    fn from(e: WindowError) -> Self {
        SessionError::Window(e)
    }
}

impl From<TerminalError> for SessionError {
    fn from(e: TerminalError) -> Self {
        SessionError::Terminal(e)
    }
}

impl From<HostFileError> for SessionError {
    fn from(e: HostFileError) -> Self {
        SessionError::File(e)
    }
}

impl From<RecordingError> for SessionError {
    fn from(e: RecordingError) -> Self {
        SessionError::Recording(e)
    }
}
