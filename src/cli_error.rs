//! Why a `spacemono` command failed: each subcommand returns one of these, and `main` alone
//! prints it (`spacemono: …`, or `spacemono play: …`) and picks the exit status from it: 1;
//! for `compare` 2 (its 1 says the programs differ), for `play` 255 (its 1 to 4 are winners).

use std::path::PathBuf;
use std::process::ExitCode;

use spacemono::frontend::audio::RecordingError;
use spacemono::frontend::default_tape::BuiltInTapeError;
use spacemono::frontend::host_file::HostFileError;
use spacemono::frontend::keymap::NoKeyFor;
use spacemono::frontend::play::cli::PlayStartError;
use spacemono::frontend::play::host::PlayError;
use spacemono::frontend::program_file::ProgramFileError;
use spacemono::frontend::session_error::{SessionError, TerminalError};
use spacemono::frontend::snapshot_file::SnapshotFileError;
use spacemono::frontend::tape_cli::TapeCliError;
use spacemono_core::tape::DeckError;
use spacemono_core::KeyScriptError;
use spacemono_core::LoadError;

#[derive(Debug)]
pub enum CliError {
    /// A file named on the command line could not be read or written.
    File(HostFileError),
    Stdout(std::io::Error),
    /// `--keys` is not a key script.
    Keys(KeyScriptError),
    /// A `--keys-file` is not a key script.
    KeysFile {
        path: PathBuf,
        why: KeyScriptError,
    },
    /// A `--type` file holds a character the Dragon has no key for.
    TypeFile {
        path: PathBuf,
        why: NoKeyFor,
    },
    MaxSeconds,
    Program(ProgramFileError),
    /// A line of a listing the Dragon's line editor refuses.
    Listing {
        path: PathBuf,
        why: LoadError,
    },
    /// A tokenized program larger than the Dragon's memory.
    DoesNotFit {
        path: PathBuf,
        name: String,
        bytes: usize,
    },
    /// The `--tape` (its deck error names the file).
    Tape(DeckError),
    BuiltInTape(BuiltInTapeError),
    Snapshot(SnapshotFileError),
    Session(SessionError),
    Recording(RecordingError),
    TapeCommand(TapeCliError),
    /// `compare` could not run a program: status 2 (1 says they differ).
    Compare(Box<CliError>),
    /// A game by file failed: status 255 (1 to 4 are winners).
    Play(PlayFailure),
    /// Something else failed in a game by file's session (an output that cannot be written):
    /// said as in any session, with play's status, 255.
    DuringPlay(Box<CliError>),
}

/// Why a game by file (`spacemono play`) failed.
#[derive(Debug)]
pub enum PlayFailure {
    Start(PlayStartError),
    /// The game stopped before its end (headless).
    Stopped(PlayError),
    /// The host riding along a window or terminal session failed.
    Host(Box<dyn std::error::Error>),
    /// A keyboard seat, and neither a window nor a terminal for the person.
    NoView,
}

impl CliError {
    /// Who speaks in the message: `spacemono`, or `spacemono play` for a game by file.
    pub fn speaker(&self) -> &'static str {
        match self {
            CliError::Compare(e) | CliError::DuringPlay(e) => e.speaker(),
            CliError::Play(_) => "spacemono play",
            _ => "spacemono",
        }
    }

    /// The exit status: 1, except for `compare` (2) and `play` (255).
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Compare(_) => ExitCode::from(2),
            CliError::Play(_) | CliError::DuringPlay(_) => ExitCode::from(255),
            _ => ExitCode::from(1),
        }
    }

    /// This error, met during a game by file: its status is play's.
    pub fn in_play(self) -> CliError {
        match self {
            CliError::Play(_) | CliError::DuringPlay(_) => self,
            other => CliError::DuringPlay(Box::new(other)),
        }
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::File(e) => write!(f, "{e}"),
            CliError::Stdout(e) => write!(f, "cannot write to standard output: {e}"),
            CliError::Keys(e) => write!(f, "--keys: {e}"),
            CliError::KeysFile { path, why } => write!(f, "{}: {why}", path.display()),
            CliError::TypeFile { path, why } => write!(f, "{}: {why}", path.display()),
            CliError::MaxSeconds => {
                write!(f, "--max-seconds must be a number of seconds, 0 or more")
            }
            CliError::Program(e) => write!(f, "{e}"),
            CliError::Listing { path, why } => write!(f, "{}: {why}", path.display()),
            CliError::DoesNotFit { path, name, bytes } => write!(
                f,
                "{}: the program \"{name}\" ({bytes} bytes) does not fit in a Dragon 32 (?OM ERROR)",
                path.display()
            ),
            CliError::Tape(e) => write!(f, "{e}"),
            CliError::BuiltInTape(e) => write!(f, "{e}"),
            CliError::Snapshot(e) => write!(f, "{e}"),
            CliError::Session(e) => write!(f, "{e}"),
            CliError::Recording(e) => write!(f, "{e}"),
            CliError::TapeCommand(e) => write!(f, "{e}"),
            CliError::Compare(e) => write!(f, "{e}"),
            CliError::Play(e) => write!(f, "{e}"),
            CliError::DuringPlay(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::File(e) => Some(e),
            CliError::Stdout(e) => Some(e),
            CliError::Keys(e) => Some(e),
            CliError::KeysFile { why, .. } => Some(why),
            CliError::TypeFile { why, .. } => Some(why),
            CliError::MaxSeconds => None,
            CliError::Program(e) => Some(e),
            CliError::Listing { why, .. } => Some(why),
            CliError::DoesNotFit { .. } => None,
            CliError::Tape(e) => Some(e),
            CliError::BuiltInTape(e) => Some(e),
            CliError::Snapshot(e) => Some(e),
            CliError::Session(e) => Some(e),
            CliError::Recording(e) => Some(e),
            CliError::TapeCommand(e) => Some(e),
            CliError::Compare(e) | CliError::DuringPlay(e) => Some(e.as_ref()),
            CliError::Play(e) => Some(e),
        }
    }
}

impl std::fmt::Display for PlayFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayFailure::Start(e) => write!(f, "{e}"),
            PlayFailure::Stopped(e) => write!(f, "{e}"),
            PlayFailure::Host(e) => write!(f, "{e}"),
            PlayFailure::NoView => write!(
                f,
                "a keyboard seat needs a window or a terminal; with neither, use --headless and --keys"
            ),
        }
    }
}

impl std::error::Error for PlayFailure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayFailure::Start(e) => Some(e),
            PlayFailure::Stopped(e) => Some(e),
            PlayFailure::Host(e) => Some(e.as_ref()),
            PlayFailure::NoView => None,
        }
    }
}

impl From<HostFileError> for CliError {
    fn from(e: HostFileError) -> Self {
        CliError::File(e)
    }
}

impl From<ProgramFileError> for CliError {
    fn from(e: ProgramFileError) -> Self {
        CliError::Program(e)
    }
}

impl From<DeckError> for CliError {
    fn from(e: DeckError) -> Self {
        CliError::Tape(e)
    }
}

impl From<BuiltInTapeError> for CliError {
    fn from(e: BuiltInTapeError) -> Self {
        CliError::BuiltInTape(e)
    }
}

impl From<SnapshotFileError> for CliError {
    fn from(e: SnapshotFileError) -> Self {
        CliError::Snapshot(e)
    }
}

impl From<SessionError> for CliError {
    fn from(e: SessionError) -> Self {
        CliError::Session(e)
    }
}

impl From<TerminalError> for CliError {
    fn from(e: TerminalError) -> Self {
        CliError::Session(SessionError::Terminal(e))
    }
}

impl From<RecordingError> for CliError {
    fn from(e: RecordingError) -> Self {
        CliError::Recording(e)
    }
}

impl From<TapeCliError> for CliError {
    fn from(e: TapeCliError) -> Self {
        CliError::TapeCommand(e)
    }
}

impl From<PlayFailure> for CliError {
    fn from(e: PlayFailure) -> Self {
        CliError::Play(e)
    }
}
