//! `spacemono play`: a game of the built-in tape played by file, headless.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::game_folder::{prepare_folder, remove_leftovers, FolderError};
use super::game_record::{GameRecord, GameRecordError};
use super::host::{play_headless, PlayError, PlayHost};
use super::seats::{parse_seats, setup_keys, SeatError};
use crate::frontend::default_tape::{self, BuiltInGame, BuiltInTapeError};
use crate::frontend::signals;
use spacemono_core::addr;
use spacemono_core::Machine;
use spacemono_core::{parse_key_script, KeyScriptError};

/// The options of `spacemono play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game folder (made if missing; it must be yours, and writable by nobody else): turn
    /// files are written and order files read there.
    /// Default: $SPACEMONO_GAMES/GAME (e.g. /tmp/space-monopoly when that is not set).
    pub dir: Option<PathBuf>,
    /// The game on the built-in tape.
    #[arg(
        long,
        value_enum,
        default_value = "space-monopoly",
        conflicts_with = "resume"
    )]
    pub game: BuiltInGame,
    /// A seat: P=KIND, P the player (from 1), KIND `file` (orders from Player_P_Turn_N.txt),
    /// `keyboard` (a person, or keys from --keys) or `computer` (the game's own player). As
    /// many seats as the game takes.
    #[arg(
        long = "seat",
        value_name = "P=KIND",
        required_unless_present = "resume"
    )]
    pub seats: Vec<String>,
    /// The galaxy's seed: the Dragon's TIMER when the game starts (0-65535). Default: from
    /// the clock, and said on standard error so the game can be played again.
    #[arg(long)]
    pub seed: Option<u16>,
    /// Keys for the keyboard seats, as for `run --keys`, typed as they are asked for.
    #[arg(long, allow_hyphen_values = true)]
    pub keys: Option<String>,
    /// How often a missing order file is looked for, in milliseconds.
    #[arg(long, default_value_t = 100, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub poll_ms: u64,
    /// No window even with a keyboard seat: its keys come from --keys.
    #[arg(long)]
    pub headless: bool,
    /// Go on with the game in DIR after it was stopped (even by kill -9): it is played again
    /// from its start with the seed, seats and keys in DIR/Game.txt and the order files in
    /// DIR, which gives the same game, and goes on from where it stopped.
    #[arg(long, conflicts_with_all = ["seats", "seed", "keys"])]
    pub resume: bool,
}

/// Why a game by file could not start (or start again with --resume).
#[derive(Debug)]
pub enum PlayStartError {
    Folder(FolderError),
    Record(GameRecordError),
    /// A temporary file left by a host that was stopped mid-write could not be removed.
    Tidy {
        dir: PathBuf,
        why: std::io::Error,
    },
    /// The folder holds another game's file (`name`), which a new game would write over.
    HoldsAGame {
        dir: PathBuf,
        name: String,
    },
    Seats(SeatError),
    Keys(KeyScriptError),
    /// The keys moved a joystick or pressed a fire button: the games read neither, and the
    /// game's record keeps keys only.
    JoystickInKeys,
    Tape(BuiltInTapeError),
    Host(PlayError),
}

impl std::fmt::Display for PlayStartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayStartError::Folder(e) => write!(f, "{e}"),
            PlayStartError::Record(e) => write!(f, "{e}"),
            PlayStartError::Tidy { dir, why } => {
                write!(f, "{}: cannot tidy the game folder: {why}", dir.display())
            }
            PlayStartError::HoldsAGame { dir, name } => write!(
                f,
                "{}: already holds a game ({name}); play in another folder, or empty this one",
                dir.display()
            ),
            PlayStartError::Seats(e) => write!(f, "{e}"),
            PlayStartError::Keys(e) => write!(f, "--keys: {e}"),
            PlayStartError::JoystickInKeys => write!(
                f,
                "--keys: a game by file takes keys only ({{JOY…}}, {{FIRE…}} and {{WAIT…}} \
                 are for `run`: the games read no joystick)"
            ),
            PlayStartError::Tape(e) => write!(f, "{e}"),
            PlayStartError::Host(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlayStartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayStartError::Folder(e) => Some(e),
            PlayStartError::Record(e) => Some(e),
            PlayStartError::Tidy { why, .. } => Some(why),
            PlayStartError::HoldsAGame { .. } | PlayStartError::JoystickInKeys => None,
            PlayStartError::Seats(e) => Some(e),
            PlayStartError::Keys(e) => Some(e),
            PlayStartError::Tape(e) => Some(e),
            PlayStartError::Host(e) => Some(e),
        }
    }
}

impl From<GameRecordError> for PlayStartError {
    fn from(e: GameRecordError) -> Self {
        PlayStartError::Record(e)
    }
}

impl From<SeatError> for PlayStartError {
    fn from(e: SeatError) -> Self {
        PlayStartError::Seats(e)
    }
}

impl From<BuiltInTapeError> for PlayStartError {
    fn from(e: BuiltInTapeError) -> Self {
        PlayStartError::Tape(e)
    }
}

/// The game folder when none is given.
fn default_dir(game: BuiltInGame) -> PathBuf {
    std::env::var_os("SPACEMONO_GAMES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/tmp"))
        .join(game.folder())
}

/// A folder holding another game's files is not played over: nothing on disk is lost.
fn check_fresh(dir: &Path) -> Result<(), PlayStartError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with("Turn_")
            || name.starts_with("Player_")
            || name == "Standings.txt"
            || name == super::game_record::GAME_FILE
        {
            return Err(PlayStartError::HoldsAGame {
                dir: dir.to_path_buf(),
                name,
            });
        }
    }
    Ok(())
}

fn clock_seed() -> u16 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    (t ^ (t >> 16) ^ (t >> 32)) as u16
}

/// A machine with the game loaded, RUN typed, the seed in TIMER and the seats' keys queued.
pub fn start_machine(
    game: BuiltInGame,
    seats: &[super::Seat],
    seed: u16,
) -> Result<Machine, BuiltInTapeError> {
    let mut m = Machine::new();
    m.attach_printer();
    default_tape::boot_fast(&mut m, game)?;
    m.poke(addr::TIMER, (seed >> 8) as u8);
    m.poke(addr::TIMER + 1, seed as u8);
    m.type_script(&setup_keys(seats));
    Ok(m)
}

/// A game ready to play: the machine, the host, and who sits where.
pub struct Game {
    machine: Machine,
    host: PlayHost,
    record: GameRecord,
}

impl Game {
    /// Whether a person plays at the keyboard (then the window or terminal opens).
    pub fn has_keyboard_seat(&self) -> bool {
        self.record.seats.contains(&super::Seat::Keyboard)
    }

    pub fn into_parts(self) -> (Machine, PlayHost) {
        (self.machine, self.host)
    }
}

/// The game of `spacemono play`: a new one (its folder checked and Game.txt written), or the
/// one in the folder again with --resume.
pub fn prepare(args: &PlayArgs) -> Result<Game, PlayStartError> {
    let dir = args.dir.clone().unwrap_or_else(|| default_dir(args.game));
    // Checked (and made, for a new game) before anything is read or written in it.
    prepare_folder(&dir, !args.resume).map_err(PlayStartError::Folder)?;
    let record = if args.resume {
        let record = GameRecord::read(&dir)?;
        // A host stopped mid-write (kill -9) left its temporary file behind.
        remove_leftovers(&dir).map_err(|why| PlayStartError::Tidy {
            dir: dir.clone(),
            why,
        })?;
        record
    } else {
        check_fresh(&dir)?;
        let seats = parse_seats(args.game, &args.seats)?;
        let record = GameRecord {
            game: args.game,
            seed: args.seed.unwrap_or_else(|| {
                let s = clock_seed();
                eprintln!("spacemono play: seed {s} (--seed {s} plays this galaxy again)");
                s
            }),
            seats,
            keys: match &args.keys {
                Some(k) => parse_key_script(k)
                    .map_err(PlayStartError::Keys)?
                    .keys_only()
                    .ok_or(PlayStartError::JoystickInKeys)?,
                None => Vec::new(),
            },
        };
        record.write(&dir)?;
        record
    };
    let machine = start_machine(record.game, &record.seats, record.seed)?;
    let host = PlayHost::new(&dir, record.keys.clone()).map_err(PlayStartError::Host)?;
    Ok(Game {
        machine,
        host,
        record,
    })
}

/// Plays the game with no window: the winner's number (0 for a shared win), or why the game
/// stopped before its end.
pub fn run_headless(game: Game, args: &PlayArgs) -> Result<u8, PlayError> {
    let (mut machine, mut host) = game.into_parts();
    signals::catch();
    play_headless(&mut machine, &mut host, Duration::from_millis(args.poll_ms))
}
