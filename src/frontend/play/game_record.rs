//! `Game.txt`: what a game by file was started with (its seed, its seats, the keyboard seats'
//! keys), so that `spacemono play DIR --resume` can play it again from the start and go on.
//! With the order files in the folder that gives the very same game (the machine is
//! deterministic, and no emulated time passes while orders are awaited).

use std::path::{Path, PathBuf};

use super::game_folder::{read_in_folder, write_in_folder};
use super::seats::Seat;
use crate::frontend::default_tape::BuiltInGame;
use crate::frontend::host_file::{HostFileError, ReadError};

/// The file's name in the game folder.
pub const GAME_FILE: &str = "Game.txt";
/// Its first line (the format's version).
const HEADER: &str = "SPACEMONO GAME 1";

/// What is wrong inside a `Game.txt` (the message names no file; [`GameRecordError`] does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    NoHeader,
    UnknownGame(String),
    MissingLine(&'static str),
    BadSeed(String),
    BadSeat(String),
    SeatCount { game: BuiltInGame, seats: usize },
    KeysNotWholeBytes,
    KeysNotHex,
}

impl std::fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordProblem::NoHeader => write!(f, "does not start with {HEADER:?}"),
            RecordProblem::UnknownGame(name) => {
                write!(f, "GAME {name:?} is not a game on the tape")
            }
            RecordProblem::MissingLine(key) => write!(f, "has no {key} line where one belongs"),
            RecordProblem::BadSeed(seed) => write!(f, "SEED {seed:?} is not 0-65535"),
            RecordProblem::BadSeat(s) => write!(f, "{s:?} is not a seat"),
            RecordProblem::SeatCount { game, seats } => {
                let players = game.players();
                write!(
                    f,
                    "names {seats} seats ({} to {})",
                    players.start(),
                    players.end()
                )
            }
            RecordProblem::KeysNotWholeBytes => write!(f, "KEYS is not whole bytes"),
            RecordProblem::KeysNotHex => write!(f, "KEYS is not hexadecimal"),
        }
    }
}

impl std::error::Error for RecordProblem {}

/// What `--resume` is for, said when the record it needs cannot be read.
const RESUME: &str = "--resume goes on with a game started in that folder";

/// Why `Game.txt` could not be written, or read back; the message names the file.
#[derive(Debug)]
pub enum GameRecordError {
    Write(HostFileError),
    Unreadable { path: PathBuf, why: ReadError },
    NotText { path: PathBuf },
    Damaged { path: PathBuf, why: RecordProblem },
}

impl std::fmt::Display for GameRecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameRecordError::Write(e) => write!(f, "{e}"),
            GameRecordError::Unreadable { path, why } => {
                write!(f, "{}: {why} ({RESUME})", path.display())
            }
            GameRecordError::NotText { path } => {
                write!(f, "{}: is not UTF-8 text ({RESUME})", path.display())
            }
            GameRecordError::Damaged { path, why } => write!(f, "{}: {why}", path.display()),
        }
    }
}

impl std::error::Error for GameRecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameRecordError::Write(e) => Some(e),
            GameRecordError::Unreadable { why, .. } => Some(why),
            GameRecordError::NotText { .. } => None,
            GameRecordError::Damaged { why, .. } => Some(why),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub game: BuiltInGame,
    pub seed: u16,
    pub seats: Vec<Seat>,
    /// Keys for the keyboard seats (Dragon key codes).
    pub keys: Vec<u8>,
}

impl GameRecord {
    pub fn text(&self) -> String {
        let seats: Vec<&str> = self.seats.iter().map(|s| s.name()).collect();
        let keys: String = self.keys.iter().map(|k| format!("{k:02X}")).collect();
        format!(
            "{HEADER}\nGAME:{}\nSEED:{}\nSEATS:{}\nKEYS:{keys}\n",
            self.game.folder(),
            self.seed,
            seats.join(",")
        )
    }

    pub fn parse(text: &str) -> Result<GameRecord, RecordProblem> {
        let mut lines = text.lines().peekable();
        if lines.next() != Some(HEADER) {
            return Err(RecordProblem::NoHeader);
        }
        // Records written before Starlanes have no GAME line: they are Space Monopoly.
        let game = match lines.peek().and_then(|l| l.strip_prefix("GAME:")) {
            Some(name) => {
                let game = BuiltInGame::ALL
                    .into_iter()
                    .find(|g| g.folder() == name)
                    .ok_or_else(|| RecordProblem::UnknownGame(name.to_string()))?;
                lines.next();
                game
            }
            None => BuiltInGame::SpaceMonopoly,
        };
        let mut value = |key: &'static str| {
            lines
                .next()
                .and_then(|l| l.strip_prefix(key))
                .and_then(|l| l.strip_prefix(':'))
                .map(str::to_string)
                .ok_or(RecordProblem::MissingLine(key))
        };
        let seed = value("SEED")?;
        let seed = seed
            .parse()
            .map_err(|_| RecordProblem::BadSeed(seed.clone()))?;
        let seats = value("SEATS")?
            .split(',')
            .map(|s| Seat::from_name(s).ok_or_else(|| RecordProblem::BadSeat(s.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        if !game.players().contains(&seats.len()) {
            return Err(RecordProblem::SeatCount {
                game,
                seats: seats.len(),
            });
        }
        let hex = value("KEYS")?;
        if hex.len() % 2 != 0 {
            return Err(RecordProblem::KeysNotWholeBytes);
        }
        let keys = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("?"), 16))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| RecordProblem::KeysNotHex)?;
        Ok(GameRecord {
            game,
            seed,
            seats,
            keys,
        })
    }

    pub fn write(&self, dir: &Path) -> Result<(), GameRecordError> {
        let path = dir.join(GAME_FILE);
        write_in_folder(&path, self.text().as_bytes())
            .map_err(|why| GameRecordError::Write(HostFileError::write(&path, why)))
    }

    pub fn read(dir: &Path) -> Result<GameRecord, GameRecordError> {
        let path = dir.join(GAME_FILE);
        let bytes = match read_in_folder(&path, 1 << 20) {
            Ok(bytes) => bytes,
            Err(why) => return Err(GameRecordError::Unreadable { path, why }),
        };
        let Ok(text) = String::from_utf8(bytes) else {
            return Err(GameRecordError::NotText { path });
        };
        GameRecord::parse(&text).map_err(|why| GameRecordError::Damaged { path, why })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let g = GameRecord {
            game: BuiltInGame::SpaceMonopoly,
            seed: 65535,
            seats: vec![Seat::File, Seat::Keyboard, Seat::Computer],
            keys: b"M\r\r".to_vec(),
        };
        assert_eq!(GameRecord::parse(&g.text()), Ok(g));
    }

    #[test]
    fn a_damaged_record_says_what_is_wrong() {
        let said = |text: &str| GameRecord::parse(text).unwrap_err().to_string();
        assert!(said("hello").contains("SPACEMONO GAME 1"));
        assert!(said("SPACEMONO GAME 1\nSEED:70000\nSEATS:file,file\nKEYS:\n").contains("SEED"));
        assert!(said("SPACEMONO GAME 1\nSEED:1\nSEATS:file\nKEYS:\n").contains("2 to 4"));
        assert_eq!(
            GameRecord::parse("SPACEMONO GAME 1\nSEED:1\nSEATS:file,file\nKEYS:4\n"),
            Err(RecordProblem::KeysNotWholeBytes)
        );
        assert!(
            said("SPACEMONO GAME 1\nGAME:chess\nSEED:1\nSEATS:file,file\nKEYS:\n")
                .contains("chess")
        );
    }

    #[test]
    fn a_record_without_a_game_line_is_space_monopoly() {
        let g = GameRecord::parse("SPACEMONO GAME 1\nSEED:7\nSEATS:file,keyboard\nKEYS:4D\n");
        assert_eq!(g.map(|g| g.game), Ok(BuiltInGame::SpaceMonopoly));
    }
}
