//! The option groups the commands share, each given only to the commands that use it: how a
//! session is shown and heard, the tape deck, the BASIC and its trace, how `spacemono` alone
//! starts.

use std::path::PathBuf;

use spacemono::frontend::host_joysticks::JoystickSource;
use spacemono::frontend::pacing::Speed;
use spacemono_core::Dialect;

/// What `spacemono` alone starts with.
#[derive(clap::Args)]
pub struct StartArgs {
    /// Start at OK with no program, instead of loading Space Monopoly.
    #[arg(long)]
    pub basic: bool,
    /// Load Space Monopoly straight into memory, without the CLOAD on screen.
    #[arg(long)]
    pub fast: bool,
    /// Start from a snapshot (saved with F5, or by `play` with every turn) instead of
    /// switching on.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["basic", "fast"])]
    pub snapshot: Option<PathBuf>,
}

/// Which BASIC, and the trace: for `spacemono` alone and `run`.
#[derive(Clone, clap::Args)]
pub struct BasicArgs {
    #[command(flatten)]
    pub dialect: DialectArgs,
    #[command(flatten)]
    pub trace: TraceArgs,
}

/// Which BASIC a program is crunched and run for (also `list` and `compare`).
#[derive(Clone, clap::Args)]
pub struct DialectArgs {
    /// The BASIC the program was written for: dragon (the default, exact), altair (the 1977
    /// Altair BASIC) or mbasic (Microsoft BASIC-80, as on the Osborne).
    #[arg(long, default_value = "dragon", value_name = "D")]
    pub dialect: Dialect,
}

/// The trace of the lines run (also the games on the built-in tape).
#[derive(Clone, clap::Args)]
pub struct TraceArgs {
    /// Write the number of every program line executed, one a line, as TRON would show them
    /// (without touching the screen), to FILE, or - for stdout.
    #[arg(long, value_name = "FILE|-")]
    pub trace: Option<PathBuf>,
}

/// The cassette deck: for `spacemono` alone, `run` and `compare`.
#[derive(Clone, clap::Args)]
pub struct DeckArgs {
    /// Put this tape (.cas, .wav or .bas) in the cassette deck; a file that does not exist yet
    /// is a blank tape, created on the first CSAVE.
    #[arg(long, value_name = "FILE")]
    pub tape: Option<PathBuf>,
    #[command(flatten)]
    pub speed: TapeSpeedArgs,
}

/// How fast tapes load (the games on the built-in tape take it without --tape).
#[derive(Clone, clap::Args)]
pub struct TapeSpeedArgs {
    /// How fast tapes load: quick (the default) or real (the cassette's own pace).
    #[arg(long, value_enum, default_value = "quick")]
    pub tape_speed: TapeSpeedArg,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum TapeSpeedArg {
    Quick,
    Real,
}

/// How a session is shown and heard: only for the commands that open a window or the
/// terminal view (`spacemono` alone, `run`, `starlanes`, `acquire`, `play`).
#[derive(clap::Args)]
#[command(next_help_heading = "Window, terminal and sound")]
pub struct ViewArgs {
    /// Use the terminal view even when a display is available.
    #[arg(long)]
    pub terminal: bool,
    /// Window scale: N screen pixels for each Dragon pixel (default: the largest that fits).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=16))]
    pub scale: Option<u16>,
    /// The scan-line look: darken the bottom of each scaled line (scale 2 or more).
    #[arg(long)]
    pub scanlines: bool,
    /// Start full screen (F11 or Alt+Enter toggles).
    #[arg(long)]
    pub fullscreen: bool,
    /// The TV look: scan lines and colours that bleed as on a composite monitor (Ctrl+T
    /// toggles).
    #[arg(long)]
    pub tv: bool,
    /// The folder of the snapshot slots F5 saves to and F9 restores from (slot 1 is
    /// spacemono.snapshot, slots 2-9 spacemono-N.snapshot; F7 chooses). Default: the
    /// current folder.
    #[arg(long, value_name = "DIR")]
    pub snapshot_dir: Option<PathBuf>,
    /// The folder F4 takes tapes from while the machine runs (its .cas, .wav and .bas files,
    /// one after another). Default: the folder of the tape in the deck, else the current
    /// folder.
    #[arg(long, value_name = "DIR")]
    pub tape_folder: Option<PathBuf>,
    /// period: 49.97 fields a second, as the real machine; turbo: flat out (F10 toggles).
    #[arg(long, value_enum, default_value_t = Speed::Period)]
    pub speed: Speed,
    /// Type a text file into the machine as it asks for keys (how to paste a listing).
    #[arg(long = "type", value_name = "FILE")]
    pub type_file: Option<PathBuf>,
    /// No sound device (a --wav recording still works).
    #[arg(long)]
    pub mute: bool,
    /// Record the machine's sound to a WAV file (22,036 Hz, 16-bit mono; emulated time).
    #[arg(long, value_name = "FILE")]
    pub wav: Option<PathBuf>,
    /// On exit, write the picture to a PNG file (320x240).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// The joysticks in the window, a comma-separated list: mouse (over the picture, the right
    /// stick; its left button fires), keys (the numeric keypad, the right stick: 8 up, 2 down,
    /// 4 left, 6 right, 7 9 1 3 both ways, 0 or 5 fires; Ctrl+J switches it on and off at
    /// any time, and while it is on the keypad types no digits), pad (gamepads: the first the
    /// right stick, the second the left; left stick and south button), or off.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "mouse,pad")]
    pub joystick: Vec<JoystickSource>,
    /// Quit after N fields (for tests).
    #[arg(long, hide = true, value_name = "N")]
    pub exit_after_fields: Option<u64>,
    /// On exit, write what the window showed (scaled) to a PNG file (for tests).
    #[arg(long, hide = true, value_name = "FILE")]
    pub window_png: Option<PathBuf>,
}
