//! `Game.txt`: what a game by file was started with (its seed, its seats, the keyboard seats'
//! keys), so that `spacemono play DIR --resume` can play it again from the start and go on.
//! With the order files in the folder that gives the very same game (the machine is
//! deterministic, and no emulated time passes while orders are awaited).

use std::path::Path;

use super::seats::Seat;
use crate::frontend::host_file::{read_text_limited, write_replacing};

/// The file's name in the game folder.
pub const GAME_FILE: &str = "Game.txt";
/// Its first line (the format's version).
const HEADER: &str = "SPACEMONO GAME 1";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub seed: u16,
    pub seats: Vec<Seat>,
    /// Keys for the keyboard seats (Dragon key codes).
    pub keys: Vec<u8>,
}

impl GameRecord {
    pub fn text(&self) -> String {
        let seats: Vec<&str> = self
            .seats
            .iter()
            .map(|s| match s {
                Seat::File => "file",
                Seat::Keyboard => "keyboard",
            })
            .collect();
        let keys: String = self.keys.iter().map(|k| format!("{k:02X}")).collect();
        format!(
            "{HEADER}\nSEED:{}\nSEATS:{}\nKEYS:{keys}\n",
            self.seed,
            seats.join(",")
        )
    }

    pub fn parse(text: &str) -> Result<GameRecord, String> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(format!("does not start with {HEADER:?}"));
        }
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
            .map(|s| match s {
                "file" => Ok(Seat::File),
                "keyboard" => Ok(Seat::Keyboard),
                other => Err(format!("{other:?} is not a seat")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !(2..=4).contains(&seats.len()) {
            return Err(format!("names {} seats (2 to 4)", seats.len()));
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
        Ok(GameRecord { seed, seats, keys })
    }

    pub fn write(&self, dir: &Path) -> Result<(), String> {
        let path = dir.join(GAME_FILE);
        write_replacing(&path, self.text().as_bytes())
            .map_err(|e| format!("{}: cannot write it: {e}", path.display()))
    }

    pub fn read(dir: &Path) -> Result<GameRecord, String> {
        let path = dir.join(GAME_FILE);
        let text = read_text_limited(&path, 1 << 20)
            .map_err(|e| format!("{e} (--resume goes on with a game started in that folder)"))?;
        GameRecord::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let g = GameRecord {
            seed: 65535,
            seats: vec![Seat::File, Seat::Keyboard, Seat::File],
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
    }
}
