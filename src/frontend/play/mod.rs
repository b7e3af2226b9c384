//! Play by file (roms/RULES.md §5, after `ttrts`): a game whose every turn is a text file that any
//! person, program or `cat` can read, answered by an order file that any of them can write.
//!
//! The game's logic stays in the BASIC program on the machine. The program prints the state
//! on the printer (`PRINT #-2`) whenever a player is to act; the host cuts that into
//! `Turn_{N}.txt` files (written atomically), waits for `Player_{P}_Turn_{N}.txt` with its
//! `END` line when the seat is a file (without spinning: a gentle poll, and no emulated time
//! passes meanwhile, so a game is the same however long a player thinks), and types the orders
//! in. When the program refuses them, as it would refuse a person at the keyboard, the host
//! writes `Player_{P}_Turn_{N}.error` with the reason and waits for a corrected file. The
//! format is documented in `roms/PLAY-BY-FILE.md`.

pub mod cli;
pub mod game_folder;
pub mod game_record;
pub mod host;
pub mod orders;
pub mod seats;
pub mod turn_file;

pub use host::{play_headless, PlayError, PlayHost, Step};
pub use seats::{parse_seats, setup_keys, Seat};
