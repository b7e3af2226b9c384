//! Who sits in each seat of a game played by file (roms/RULES.md P5): a person at the keyboard, a
//! file that any person, program or `cat` writes, or the game's own computer player.

use crate::frontend::default_tape::BuiltInGame;

/// One seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at the keyboard (or, headless, the `--keys` script).
    Keyboard,
    /// Orders from `Player_{P}_Turn_{N}.txt` files.
    File,
    /// The computer player written in the game's BASIC.
    Computer,
}

impl Seat {
    /// Its name in `--seat P=KIND` and in `Game.txt`.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Keyboard => "keyboard",
            Seat::File => "file",
            Seat::Computer => "computer",
        }
    }

    /// The seat of a name (or its first letter), in any case.
    pub fn from_name(name: &str) -> Option<Seat> {
        match name.trim().to_ascii_lowercase().as_str() {
            "keyboard" | "k" => Some(Seat::Keyboard),
            "file" | "f" => Some(Seat::File),
            "computer" | "c" => Some(Seat::Computer),
            _ => None,
        }
    }

    /// The key the game's seat question takes for it (`K`, `F` or `C`).
    pub fn key(self) -> u8 {
        match self {
            Seat::Keyboard => b'K',
            Seat::File => b'F',
            Seat::Computer => b'C',
        }
    }
}

/// Why the `--seat` options do not seat a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatError {
    /// Not `P=KIND`.
    NotPKind { spec: String },
    /// The player's number is not 1 to the most the game takes.
    NoSuchPlayer { spec: String, most: usize },
    /// The kind is not keyboard, file or computer.
    NoSuchKind { spec: String, kind: String },
    /// A player is given two seats.
    Twice { spec: String, player: usize },
    /// A player is missing between two that are given.
    Gap,
    /// Fewer or more players than the game takes.
    Players { game: BuiltInGame },
}

impl std::fmt::Display for SeatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatError::NotPKind { spec } => {
                write!(f, "--seat {spec}: write it as P=KIND, e.g. 1=file")
            }
            SeatError::NoSuchPlayer { spec, most } => {
                write!(f, "--seat {spec}: the player is 1 to {most}")
            }
            SeatError::NoSuchKind { spec, kind } => write!(
                f,
                "--seat {spec}: {kind:?} is not a seat (keyboard, file or computer)"
            ),
            SeatError::Twice { spec, player } => {
                write!(f, "--seat {spec}: player {player} is named twice")
            }
            SeatError::Gap => write!(f, "--seat: the players are numbered from 1 without a gap"),
            SeatError::Players { game } => {
                let players = game.players();
                write!(
                    f,
                    "{} takes {} to {} players: give --seat 1=… up to --seat {}=…",
                    game.title(),
                    players.start(),
                    players.end(),
                    players.end()
                )
            }
        }
    }
}

impl std::error::Error for SeatError {}

/// The seats of `--seat P=KIND` options (P from 1, KIND `keyboard`, `file` or `computer`):
/// as many seats as `game` takes, each named once, numbered without a gap.
pub fn parse_seats(game: BuiltInGame, specs: &[String]) -> Result<Vec<Seat>, SeatError> {
    let most = *game.players().end();
    let mut seats: Vec<Option<Seat>> = vec![None; most];
    for spec in specs {
        let (n, kind) = spec
            .split_once('=')
            .ok_or_else(|| SeatError::NotPKind { spec: spec.clone() })?;
        let n: usize = n
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=most).contains(n))
            .ok_or_else(|| SeatError::NoSuchPlayer {
                spec: spec.clone(),
                most,
            })?;
        let seat = Seat::from_name(kind).ok_or_else(|| SeatError::NoSuchKind {
            spec: spec.clone(),
            kind: kind.to_string(),
        })?;
        if seats[n - 1].replace(seat).is_some() {
            return Err(SeatError::Twice {
                spec: spec.clone(),
                player: n,
            });
        }
    }
    let count = seats.iter().take_while(|s| s.is_some()).count();
    if seats[count..].iter().any(Option::is_some) {
        return Err(SeatError::Gap);
    }
    if !game.players().contains(&count) {
        return Err(SeatError::Players { game });
    }
    Ok(seats.into_iter().flatten().collect())
}

/// The keys that start a game by file at the title: `F`, the number of players, then `K` or
/// `F` for each seat.
pub fn setup_keys(seats: &[Seat]) -> Vec<u8> {
    let mut keys = vec![b'F', b'0' + seats.len() as u8];
    keys.extend(seats.iter().map(|s| s.key()));
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    const SM: BuiltInGame = BuiltInGame::SpaceMonopoly;

    fn specs(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn seats_are_named_by_player() {
        let seats = parse_seats(SM, &specs(&["2=keyboard", "1=file", "3=computer"])).unwrap();
        assert_eq!(seats, vec![Seat::File, Seat::Keyboard, Seat::Computer]);
        assert_eq!(setup_keys(&seats), b"F3FKC".to_vec());
    }

    #[test]
    fn bad_seats_are_refused_with_a_reason() {
        let refused = |game, s: &[&str]| parse_seats(game, &specs(s)).unwrap_err().to_string();
        assert!(refused(SM, &["1=file"]).contains("2 to 4 players"));
        assert_eq!(
            parse_seats(SM, &specs(&["1=file", "3=file"])),
            Err(SeatError::Gap)
        );
        assert!(refused(SM, &["1=file", "1=file"]).contains("twice"));
        assert!(refused(SM, &["5=file"]).contains("1 to 4"));
        let six: Vec<String> = (1..=6).map(|p| format!("{p}=computer")).collect();
        assert_eq!(
            parse_seats(BuiltInGame::Acquire, &six).map(|s| s.len()),
            Ok(6)
        );
        assert!(parse_seats(BuiltInGame::Starlanes, &six)
            .unwrap_err()
            .to_string()
            .contains("1 to 4"));
        assert_eq!(
            parse_seats(BuiltInGame::Starlanes, &specs(&["1=keyboard"])),
            Ok(vec![Seat::Keyboard])
        );
        assert!(refused(SM, &["1=robot"]).contains("not a seat"));
        assert!(refused(SM, &["file"]).contains("P=KIND"));
    }
}
