//! The cassette deck: a tape (the blocks of a .cas, .wav or .bas file, in order), a position,
//! the motor and audio relays, and the file the ROM has open on it (docs/machine.md §3;
//! DR = prime6809/DragonRom `DragonROM.asm`).
//!
//! What the ROM does, followed here:
//!
//! * **Finding a file** (`CasFindFile` LB8B3..LB902). In direct mode: CLS, `S` at $0400, the
//!   cursor two cells on. Then one block is read; if it is not a good namefile the Dragon 32
//!   gives up (?IO; the Dragon 64 would keep trying). The 8 name bytes are printed at the
//!   cursor. If they equal the wanted name (padded with spaces), or no name was given, `F` is
//!   put at $0400 and the search ends. Otherwise the rest of the file is read and thrown away
//!   (`LB903`: a bad block, a namefile or a block of type $80..$FE there is ?IO; $FF ends it)
//!   and the search starts again from the CLS. Every block read inverts the character at
//!   $0400 first (`LB925`, EOR #$40), so it blinks. Nothing is drawn in a running program.
//! * **CLOAD and CSAVE of programs** are BASIC's (`basic::program_tape`): the deck finds the
//!   file, reads its blocks ([`Deck::read_continuous_payload`], or line by line after
//!   [`Deck::open_found_for_input`]) and writes new files ([`Deck::write_program_file`]);
//!   what the flags mean for CLOAD, the RAM image and the listing are there.
//! * **Data files** (`CmdOPEN`, `CasOnReadBlockOff` LB867, `TextWaitKeyCurs2a` LB50A,
//!   `TextOutChar` LB54A, `LB663` close). OPEN "I" needs the ASCII and gap flags both set
//!   (else ?FM), then reads the first block; zero-length data blocks are skipped, a namefile
//!   or a bad block is ?IO, a block of type $80..$FF (EOF) leaves the buffer empty. A
//!   character is taken from the buffer; when that empties it, the next block is read at
//!   once, so EOF(-1) is true as soon as the last character has been taken. OPEN "O" writes
//!   the namefile (type 1, ASCII $FF, gap $FF); characters are buffered and written in
//!   255-byte blocks; CLOSE writes what is left, then the EOF block. A second OPEN while a file
//!   is open is ?AO; input from a file open for output (or the reverse) is ?FM; with no file
//!   open it is ?NO.
//!
//! Writing appends: what is written goes after the last block on the tape (as a real deck
//! wound to the end of the recording would put it), and the whole new tape image is handed to
//! the [`SaveTape`] the frontend gave with the tape, which stores it all or nothing (the deck
//! itself does no file I/O; `frontend::tape_file` writes a temporary file in the same folder
//! and renames it over the old one). If the save fails the deck is unchanged. A .cas keeps its
//! old bytes and gets the new ones added; a .wav keeps its recording and gets new audio, in
//! its own sample rate and format, added to its data chunk; a .bas can hold only one BASIC
//! program (written as its listing, which CSAVE hands the deck with a tokenized program).
//!
//! **Names never reach the host file system.** As on the Dragon, a file a program opens lives
//! on the tape: its name is the 8 bytes of a namefile inside the tape image, nothing more.
//! `OPEN "O",#-1,"../../ETC"` writes a file called `../../ETC` onto the tape, and no host file
//! is created, opened or named from it. The only host file a save reaches is the tape's own
//! (its path given to [`Deck::insert_tape`]).

mod blocks;
mod deck;
mod deck_files;
mod errors;
mod files;
mod names;
mod screen;
mod search;
mod signal;
mod stream;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub use crate::formats::tape_image::leader_flags;
/// The tape image conversions, which the deck uses (they live in `formats::tape_image`).
pub use crate::formats::tape_image::{
    append_to_wav, bas_image, blocks_from_bytes, file_type_name, good_blocks, group_tape_blocks,
    read_back, TapeBlock,
};
pub use blocks::*;
pub use deck::*;
use deck_files::*;
pub use errors::*;
pub use files::*;
pub use names::*;
pub use screen::*;
pub use search::*;
pub use signal::machine_cycle;

/// Fields a block takes when tapes load quickly (the default): enough for the blink to show.
pub const QUICK_FIELDS_PER_BLOCK: u32 = 1;
/// The ROM's StackBuf: what must stay free below the stack.
pub const STACK_BUF: u32 = 58;
