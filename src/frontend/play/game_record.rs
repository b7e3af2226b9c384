//! `Game.txt`: what a game by file was started with (its seed, its seats, the keyboard seats'
//! keys), so that `spacemono play DIR --resume` can play it again from the start and go on.
//! With the order files in the folder that gives the very same game (the machine is
//! deterministic, and no emulated time passes while orders are awaited).

use std::path::Path;

use super::game_folder::{read_in_folder, write_in_folder};
use super::seats::Seat;
use crate::frontend::default_tape::BuiltInGame;

/// The file's name in the game folder.
pub const GAME_FILE: &str = "Game.txt";
/// Its first line (the format's version).
const HEADER: &str = "SPACEMONO GAME 1";

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

    pub fn parse(text: &str) -> Result<GameRecord, String> {
        let mut lines = text.lines().peekable();
        if lines.next() != Some(HEADER) {
            return Err(format!("does not start with {HEADER:?}"));
        }
        // Records written before Starlanes have no GAME line: they are Space Monopoly.
        let game = match lines.peek().and_then(|l| l.strip_prefix("GAME:")) {
            Some(name) => {
                let game = BuiltInGame::ALL
                    .into_iter()
                    .find(|g| g.folder() == name)
                    .ok_or_else(|| format!("GAME {name:?} is not a game on the tape"))?;
                lines.next();
                game
            }
            None => BuiltInGame::SpaceMonopoly,
        };
        let mut value = |key: &str| {
            lines
                .next()
                .and_then(|l| l.strip_prefix(key))
                .and_then(|l| l.strip_prefix(':'))
                .map(str::to_string)
                .ok_or_else(|| format!("has no {key} line where one belongs"))
        };
        let seed = value("SEED")?;
        let seed = seed
            .parse()
            .map_err(|_| format!("SEED {seed:?} is not 0-65535"))?;
        let seats = value("SEATS")?
            .split(',')
            .map(|s| Seat::from_name(s).ok_or_else(|| format!("{s:?} is not a seat")))
            .collect::<Result<Vec<_>, _>>()?;
        let players = game.players();
        if !players.contains(&seats.len()) {
            return Err(format!(
                "names {} seats ({} to {})",
                seats.len(),
                players.start(),
                players.end()
            ));
        }
        let hex = value("KEYS")?;
        if hex.len() % 2 != 0 {
            return Err("KEYS is not whole bytes".into());
        }
        let keys = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("?"), 16))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| "KEYS is not hexadecimal".to_string())?;
        Ok(GameRecord {
            game,
            seed,
            seats,
            keys,
        })
    }

    pub fn write(&self, dir: &Path) -> Result<(), String> {
        let path = dir.join(GAME_FILE);
        write_in_folder(&path, self.text().as_bytes())
            .map_err(|e| format!("{}: cannot write it: {e}", path.display()))
    }

    pub fn read(dir: &Path) -> Result<GameRecord, String> {
        let path = dir.join(GAME_FILE);
        let resume = "--resume goes on with a game started in that folder";
        let bytes = read_in_folder(&path, 1 << 20)
            .map_err(|e| format!("{}: {e} ({resume})", path.display()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("{}: is not UTF-8 text ({resume})", path.display()))?;
        GameRecord::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
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
        assert!(GameRecord::parse("hello")
            .unwrap_err()
            .contains("SPACEMONO GAME 1"));
        let e = GameRecord::parse("SPACEMONO GAME 1\nSEED:70000\nSEATS:file,file\nKEYS:\n");
        assert!(e.unwrap_err().contains("SEED"));
        let e = GameRecord::parse("SPACEMONO GAME 1\nSEED:1\nSEATS:file\nKEYS:\n");
        assert!(e.unwrap_err().contains("2 to 4"));
        let e = GameRecord::parse("SPACEMONO GAME 1\nSEED:1\nSEATS:file,file\nKEYS:4\n");
        assert!(e.unwrap_err().contains("whole bytes"));
        let e = GameRecord::parse("SPACEMONO GAME 1\nGAME:chess\nSEED:1\nSEATS:file,file\nKEYS:\n");
        assert!(e.unwrap_err().contains("chess"));
    }

    #[test]
    fn a_record_without_a_game_line_is_space_monopoly() {
        let g = GameRecord::parse("SPACEMONO GAME 1\nSEED:7\nSEATS:file,keyboard\nKEYS:4D\n");
        assert_eq!(g.map(|g| g.game), Ok(BuiltInGame::SpaceMonopoly));
    }
}
