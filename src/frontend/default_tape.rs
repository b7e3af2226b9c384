//! The tape that is in the deck when spacemono starts: the games, one after another, as
//! `CSAVE` wrote each of them (`roms/*.cas`, built into the program, so they play from any
//! folder). Space Monopoly is first, so a plain `CLOAD` finds it as on the day it was sold.

use crate::basic::program_tape::CloadError;
use crate::computer::Machine;
use crate::formats::tape::TapeKind;
use crate::formats::TapeError;

/// A game on the built-in tape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BuiltInGame {
    /// Space Monopoly (the default program).
    #[value(name = "space-monopoly", alias = "spacemono")]
    SpaceMonopoly,
    /// Starlanes (the 1990s rules: black holes, selling, 1-4 players).
    Starlanes,
    /// Acquire (hotel chains, against computer players).
    Acquire,
}

impl BuiltInGame {
    /// Every game, in the order they are on the tape.
    pub const ALL: [BuiltInGame; 3] = [
        BuiltInGame::SpaceMonopoly,
        BuiltInGame::Starlanes,
        BuiltInGame::Acquire,
    ];

    /// What the game is, from the table below.
    fn facts(self) -> &'static GameFacts {
        &GAMES[self as usize]
    }

    /// Its file name on the tape (what `CLOAD "..."` asks for).
    pub fn tape_name(self) -> &'static str {
        self.facts().tape_name
    }

    /// Its files in `roms/`: `<stem>.bas`, the listing, and `<stem>.cas`, its tape.
    pub fn file_stem(self) -> &'static str {
        self.facts().file_stem
    }

    /// Its name for people.
    pub fn title(self) -> &'static str {
        self.facts().title
    }

    /// Its folder under `$SPACEMONO_GAMES` when played by file (also its `--game` name).
    pub fn folder(self) -> &'static str {
        self.facts().folder
    }

    /// How many players it takes.
    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        let f = self.facts();
        f.players.0..=f.players.1
    }

    /// Its own tape, `roms/<stem>.cas`: the one program.
    pub fn cas(self) -> &'static [u8] {
        self.facts().cas
    }
}

/// One game's facts.
struct GameFacts {
    tape_name: &'static str,
    file_stem: &'static str,
    title: &'static str,
    folder: &'static str,
    /// The fewest and the most players.
    players: (usize, usize),
    cas: &'static [u8],
}

/// The games, in the order of [`BuiltInGame`] (and of the tape).
const GAMES: [GameFacts; 3] = [
    GameFacts {
        tape_name: "SPACEMON",
        file_stem: "spacemono",
        title: "Space Monopoly",
        folder: "space-monopoly",
        players: (2, 4),
        cas: include_bytes!("../../roms/spacemono.cas"),
    },
    GameFacts {
        tape_name: "STARLANE",
        file_stem: "starlanes",
        title: "Starlanes",
        folder: "starlanes",
        players: (1, 4),
        cas: include_bytes!("../../roms/starlanes.cas"),
    },
    GameFacts {
        tape_name: "ACQUIRE",
        file_stem: "acquire",
        title: "Acquire",
        folder: "acquire",
        players: (2, 6),
        cas: include_bytes!("../../roms/acquire.cas"),
    },
];

/// The built-in tape: every game's tape, one after the other (a .cas file is its blocks with
/// their leaders, so tapes join end to end as they would on one cassette).
pub fn built_in_tape() -> Vec<u8> {
    BuiltInGame::ALL
        .iter()
        .flat_map(|g| g.cas())
        .copied()
        .collect()
}

/// Why a game could not be loaded from the built-in tape (the tape was built wrong).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuiltInTapeError {
    /// The tape's blocks cannot be read.
    Unreadable(TapeError),
    /// The game's file on it cannot be loaded.
    GameNotLoaded { game: BuiltInGame, why: CloadError },
}

impl std::fmt::Display for BuiltInTapeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuiltInTapeError::Unreadable(e) => write!(f, "the built-in tape: {e}"),
            BuiltInTapeError::GameNotLoaded { game, why } => {
                write!(f, "{} on the built-in tape: {why}", game.title())
            }
        }
    }
}

impl std::error::Error for BuiltInTapeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BuiltInTapeError::Unreadable(e) => Some(e),
            BuiltInTapeError::GameNotLoaded { why, .. } => Some(why),
        }
    }
}

/// Put the built-in tape in the deck, rewound.
pub fn insert(machine: &mut Machine) -> Result<(), BuiltInTapeError> {
    machine
        .insert_tape_image(TapeKind::Cas, "GAMES", &built_in_tape())
        .map_err(BuiltInTapeError::Unreadable)
}

/// The Dragon owner's evening: CLOAD (with the ROM's `S` / `F SPACEMON` on screen), then RUN.
pub fn boot_game(machine: &mut Machine) -> Result<(), BuiltInTapeError> {
    boot(machine, BuiltInGame::SpaceMonopoly)
}

/// The owner's evening with any game on the tape: `CLOAD "NAME"` (the first game's plain
/// `CLOAD`), the ROM's `S`, `F NAME` for each file found, then RUN.
pub fn boot(machine: &mut Machine, game: BuiltInGame) -> Result<(), BuiltInTapeError> {
    insert(machine)?;
    let command = if game == BuiltInGame::ALL[0] {
        "CLOAD\rRUN\r".to_string()
    } else {
        format!("CLOAD\"{}\"\rRUN\r", game.tape_name())
    };
    // Typed as the machine asks for keys, so the poll while CLOAD runs cannot eat them.
    machine.type_script(command.as_bytes());
    Ok(())
}

/// Skip the show: Space Monopoly straight into memory, then RUN.
pub fn boot_game_fast(machine: &mut Machine) -> Result<(), BuiltInTapeError> {
    boot_fast(machine, BuiltInGame::SpaceMonopoly)
}

/// Skip the show: the game straight into memory from the built-in tape, then RUN.
pub fn boot_fast(machine: &mut Machine, game: BuiltInGame) -> Result<(), BuiltInTapeError> {
    insert(machine)?;
    machine
        .cload_named_now(game.tape_name().as_bytes())
        .map_err(|why| BuiltInTapeError::GameNotLoaded { game, why })?;
    machine.type_text(b"RUN\r");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    #[test]
    fn each_game_is_named_on_the_command_line_as_its_folder() {
        for game in BuiltInGame::ALL {
            let name = game.to_possible_value().unwrap();
            assert_eq!(name.get_name(), game.folder());
            assert_eq!(BuiltInGame::from_str(game.folder(), false), Ok(game));
        }
        assert_eq!(GAMES.len(), BuiltInGame::ALL.len());
    }
}
