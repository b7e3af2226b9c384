//! BASIC programs on tape, in one place: CSAVE (the tokenized RAM image, or `,A` the listing),
//! CLOAD (a tokenized image into RAM, or an ASCII program line by line), and the one ASCII
//! loader, which enters a program's lines as the Dragon's line editor does whether they come
//! from a tape or from a listing on the host (`Machine::load_listing`). The conversions between
//! a listing and a tokenized image that the `tape` tools use are here too.
//!
//! The deck (`machine::cassette`) finds files and moves blocks and knows nothing of tokens;
//! the formats (`formats::ascii`) split text into lines; the search a block per field is
//! `exec_tape`'s, shared with CLOADM and SKIPF.
//!
//! What the ROM does (docs/machine.md §3; DR = prime6809/DragonRom `DragonROM.asm`):
//!
//! * **CLOAD** (`CmdCload` LB6D5, `LB6E1`): a namefile with the gap flag set needs the ASCII
//!   flag (else ?FM) and is loaded as text (any file type: a data file loads too); with the
//!   gap flag clear the type must be 0 (else ?FM) and the blocks go straight into RAM from the
//!   program start. Before each block the ROM checks that a whole 256 bytes more still leave
//!   58 bytes (StackBuf) below the stack (`LB716`: `INCA` then `L8335`), else ?OM. A bad block
//!   is ?IO and the program is NEWed. At the EOF block the end of the program (VARS) is where
//!   loading stopped, and the lines are relinked.
//! * **An ASCII program** (`LB6E1`, then `BasCmdMode2`): NEW, the device set to the tape, and
//!   the command loop reads each line through the line input (`LB5C6`: a space to `z` kept,
//!   249 at most) as if it were typed. A blank line is skipped; a line that starts with a
//!   number is stored (a bare number deletes its line); any other is ?DS. The first error
//!   (?DS, ?SN for a number over 63999, ?OM, ?IO) goes through `SysErr`, which sets the device
//!   back to the screen: the load ends there, with the lines before it in memory and the file
//!   still open (the next CLOAD forgets it). The EOF block ends it: the file closed, OK.
//! * **Tokenized CSAVE** (`CasWriteBasic` LB6A5): namefile type 0, ASCII 0, gap 0, then the
//!   RAM from the program start up to the start of variables in 255-byte blocks, then EOF.
//!   **ASCII CSAVE** (`CmdCsave`, `,A`): namefile type 0, ASCII $FF, gap $FF, then LIST sent
//!   to the tape: each line and a CR, in 255-byte blocks.

use crate::basic::error::ErrorCode;
use crate::basic::exec_tape::deck_error;
use crate::basic::interp::{Interpreter, Res};
use crate::basic::listing::list_line;
use crate::basic::{crunch, program};
use crate::formats::ascii;
use crate::formats::namefile::{FileType, Namefile};
use crate::formats::tapefile::TapeFile;
#[cfg(test)]
use crate::machine::cassette::FoundFile;
use crate::machine::cassette::{with_name, Deck, DeckError, STACK_BUF};
use crate::machine::hardware::Hardware;
use crate::machine::memory::{addr, Memory};

/// The program as CSAVE writes it: RAM from the program start ($19) up to the start of
/// variables ($1B), which includes the `00 00` end link.
pub fn program_image(mem: &Memory) -> Vec<u8> {
    let start = mem.read_u16(addr::PROGRAM_START);
    let end = mem.read_u16(addr::VARS_START);
    if end <= start {
        return Vec::new();
    }
    mem.slice(start, end).to_vec()
}

/// CLOAD of a tokenized program: NEW, the bytes at the program start, VARS (and arrays and the
/// end of storage) just after them, and every link rebuilt (DR LB70E..LB733, `L83E7`).
///
/// ?OM as the ROM decides it (`LB716`): before each block, the load address + 256 + 58 must
/// be below `stack_pointer`. The last check is made at the end of the image (before the EOF
/// block), so that is the one that counts: end + 314 < S. On ?OM the program is left empty
/// (the ROM leaves the blocks it managed to load behind a NEWed program; here nothing of them
/// is kept).
pub fn load_program_image(
    mem: &mut Memory,
    bytes: &[u8],
    stack_pointer: u16,
) -> Result<(), ErrorCode> {
    program::clear_program(mem);
    let start = mem.read_u16(addr::PROGRAM_START) as u32;
    let end = start + bytes.len() as u32;
    if end + 0x100 + STACK_BUF >= stack_pointer as u32 || end > addr::RAM_END {
        return Err(ErrorCode::OM);
    }
    mem.slice_mut(start as u16, end as u16)
        .copy_from_slice(bytes);
    // BasNew wrote 00 00 at the start; a (strange) image shorter than that keeps them.
    let vars = end.max(start + 2) as u16;
    mem.write_u16(addr::VARS_START, vars);
    mem.write_u16(addr::ARRAYS_START, vars);
    mem.write_u16(addr::STORAGE_END, vars);
    program::relink(mem);
    Ok(())
}

/// The program's lines as LIST prints them (what `CSAVE "N",A` sends to the tape).
pub fn program_listing(mem: &Memory) -> Vec<Vec<u8>> {
    program::lines(mem)
        .iter()
        .map(|l| list_line(l.number, l.text_bytes(mem)))
        .collect()
}

/// A memory with the Dragon 32's power-on program area, for building and reading images.
fn scratch_memory() -> Memory {
    let mut m = Memory::new();
    m.write_u16(addr::PROGRAM_START, addr::POWER_ON_PROGRAM);
    m.write_u16(addr::STACK_TOP, addr::POWER_ON_STACK_TOP);
    m.write_u16(addr::RAM_TOP, addr::POWER_ON_RAM_TOP);
    program::clear_program(&mut m);
    m
}

/// A problem with one line of a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingError {
    /// 1-based line of the listing (0 when it is about the whole program).
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for ListingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}
impl std::error::Error for ListingError {}

/// The LIST lines of a tokenized image as CSAVE wrote it (loaded at $1E01 and relinked, as
/// CLOAD would on a Dragon 32).
pub fn image_listing(image: &[u8]) -> Result<Vec<Vec<u8>>, ListingError> {
    let mut m = scratch_memory();
    load_program_image(&mut m, image, addr::POWER_ON_STACK_TOP).map_err(|_| ListingError {
        line: 0,
        message: format!(
            "the tokenized program ({} bytes) is too large for a Dragon 32",
            image.len()
        ),
    })?;
    Ok(program_listing(&m))
}

/// The tokenized image a Dragon 32 would CSAVE after these lines were CLOADed from an ASCII
/// tape into an empty program, by the one ASCII loader ([`Interpreter::load_ascii`]; a tab
/// counts as a space, as in a listing file). A line without a number is an error (?DS on the
/// Dragon); so is a program too large.
pub fn listing_image<L: AsRef<[u8]>>(lines: &[L]) -> Result<Vec<u8>, ListingError> {
    let mut hw = Hardware::default();
    let mut basic = Interpreter::new();
    basic.power_on(&mut hw);
    let mut lines = lines.iter().map(|l| {
        let spaced: Vec<u8> = l
            .as_ref()
            .iter()
            .map(|&c| if c == b'\t' { b' ' } else { c })
            .collect();
        ascii::line_input(&spaced)
    });
    basic
        .load_ascii(&mut hw, |_| Ok(lines.next()))
        .map_err(|e| ListingError {
            line: e.line,
            message: e.why(),
        })?;
    Ok(program_image(&hw.mem))
}

// ------------------------------------------------------------------- the ASCII loader

/// Why an ASCII program stopped loading: BASIC's error, and the 1-based line it stopped at
/// (of the listing file, or the record of the tape file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsciiLoadError {
    pub line: usize,
    pub error: ErrorCode,
}

impl AsciiLoadError {
    /// The error in words, with what the Dragon prints.
    pub fn why(&self) -> String {
        let what = match self.error {
            ErrorCode::DS => "a line without a line number",
            ErrorCode::SN => "a line number over 63999",
            ErrorCode::OM => "the program does not fit in memory",
            _ => "the line could not be loaded",
        };
        format!("{what} (the Dragon says ?{} ERROR)", self.error.code())
    }
}

impl std::fmt::Display for AsciiLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.why())
    }
}
impl std::error::Error for AsciiLoadError {}

impl Interpreter {
    /// The one ASCII loader, for a tape's ASCII program and a listing on the host alike: NEW,
    /// then each line `next_line` gives (`None` at the end), entered as the command loop enters
    /// a typed line (DR `BasCmdMode2`; the lines already through the line input, see
    /// [`ascii::line_input`]). The first error ends the load with the lines before it in
    /// memory; the caller reports it (CLOAD on the screen, a frontend to its user).
    pub(crate) fn load_ascii(
        &mut self,
        hw: &mut Hardware,
        mut next_line: impl FnMut(&mut Hardware) -> Res<Option<Vec<u8>>>,
    ) -> Result<(), AsciiLoadError> {
        program::clear_program(&mut hw.mem);
        self.program_changed();
        self.reset_run_state(hw);
        for line in 1.. {
            let stop = |error| AsciiLoadError { line, error };
            let Some(text) = next_line(hw).map_err(stop)? else {
                break;
            };
            self.enter_ascii_line(hw, &text).map_err(stop)?;
        }
        Ok(())
    }

    /// One line of an ASCII program: skipped when blank, stored when numbered (a bare number
    /// deletes its line; variables are cleared as after any edit), ?DS otherwise.
    fn enter_ascii_line(&mut self, hw: &mut Hardware, text: &[u8]) -> Res<()> {
        match crunch::split_line_number(text)? {
            None if text.iter().all(|&c| c == b' ') => Ok(()),
            None => Err(ErrorCode::DS),
            Some((number, rest)) => {
                self.store_program_line(hw, number, rest)?;
                self.reset_run_state(hw);
                Ok(())
            }
        }
    }

    /// A listing from the host, loaded as an ASCII CLOAD of it would load it (its lines as
    /// [`ascii::lines_as_loaded`] gives them), an error naming the listing's line.
    pub(crate) fn load_listing_text(
        &mut self,
        hw: &mut Hardware,
        text: &[u8],
    ) -> Result<(), AsciiLoadError> {
        let mut lines = ascii::lines_as_loaded(text).into_iter().map(|(_, l)| l);
        self.load_ascii(hw, |_| Ok(lines.next()))
    }

    /// CLOAD once the search found its file: a tokenized program into RAM, or an ASCII one
    /// through [`Interpreter::load_ascii`] and the file closed; the error as BASIC reports it.
    pub(crate) fn load_found_program(&mut self, hw: &mut Hardware) -> Res<()> {
        self.load_found_program_or_why(hw).map_err(|e| match e {
            CloadError::Deck(e) => deck_error(e),
            CloadError::Line(e) => e.error,
        })
    }

    /// As [`Interpreter::load_found_program`], the error saying why. A failed tokenized load
    /// leaves an empty program, as NEW would.
    fn load_found_program_or_why(&mut self, hw: &mut Hardware) -> Result<(), CloadError> {
        let sp = self.s_h(hw) as u16;
        let outcome = cload_found(&mut hw.deck, &mut hw.mem, sp);
        if let Ok(CloadOutcome::Ascii) = outcome {
            self.load_ascii(hw, |hw| hw.deck.read_line().map_err(deck_error))
                .map_err(CloadError::Line)?;
            return Ok(hw.deck.close()?);
        }
        self.program_changed();
        self.reset_run_state(hw);
        outcome.map(|_| ()).map_err(CloadError::Deck)
    }

    /// CLOAD "NAME" (the first file when `name` is empty) in one go, with nothing shown and no
    /// time taken, for a frontend that skips the show: any open file is forgotten, the file
    /// found and loaded as CLOAD loads it.
    pub(crate) fn cload_at_once(
        &mut self,
        hw: &mut Hardware,
        name: &[u8],
    ) -> Result<(), CloadError> {
        hw.deck.abandon_file();
        let found = hw.deck.find_file((!name.is_empty()).then_some(name));
        if let Err(e) = found {
            self.program_changed();
            return Err(e.into());
        }
        self.load_found_program_or_why(hw)
    }

    /// CSAVE name[,A]: the program written to the tape, tokenized or as its listing.
    pub(crate) fn csave_program(&mut self, hw: &mut Hardware, name: &[u8], ascii: bool) -> Res<()> {
        let r = if ascii {
            csave_ascii(&mut hw.deck, &hw.mem, name)
        } else {
            csave(&mut hw.deck, &hw.mem, name)
        };
        r.map_err(deck_error)
    }
}

// ------------------------------------------------------------------------ CLOAD, CSAVE

/// Why a CLOAD failed: at the deck (the file not found or not read), or at a line of an ASCII
/// program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloadError {
    Deck(DeckError),
    Line(AsciiLoadError),
}

impl From<DeckError> for CloadError {
    fn from(e: DeckError) -> Self {
        CloadError::Deck(e)
    }
}

impl std::fmt::Display for CloadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CloadError::Deck(e) => write!(f, "{e}"),
            CloadError::Line(e) => write!(f, "the ASCII program's {e}"),
        }
    }
}
impl std::error::Error for CloadError {}

/// What CLOAD found and did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloadOutcome {
    /// A tokenized program is in RAM (relinked; VARS set). The interpreter clears the
    /// variables and forgets its compiled program, then prints OK.
    Tokenized { bytes: usize },
    /// An ASCII program: the file is open for input, for its lines to be entered by
    /// [`Interpreter::load_ascii`] from [`Deck::read_line`], then [`Deck::close`].
    Ascii,
}

/// CLOAD "NAME" (or CLOAD / CLOAD "" with `None`) in one go, as `Machine::cload_named_now`
/// does: any open file is forgotten (the ROM clears its status), the file is found and
/// loaded; see [`cload_found`].
#[cfg(test)]
pub fn cload(
    deck: &mut Deck,
    name: Option<&[u8]>,
    mem: &mut Memory,
    stack_pointer: u16,
) -> Result<(FoundFile, CloadOutcome), DeckError> {
    deck.abandon_file();
    let found = deck.find_file(name)?;
    let outcome = cload_found(deck, mem, stack_pointer)?;
    Ok((found, outcome))
}

/// The loading half of CLOAD, after a search found the file. The ROM reads only the gap and
/// ASCII flags here (`LB6E1`), never the type, so a data file (gaps, ASCII) loads as an ASCII
/// program; gaps without ASCII (block-loaded machine code) is ?FM, and so is a gapless file
/// of any type but a BASIC program. Tokenized: read into RAM, relinked; a bad block is ?IO
/// with the program NEWed; ?OM as [`load_program_image`]. ASCII: the file is opened for input.
pub fn cload_found(
    deck: &mut Deck,
    mem: &mut Memory,
    stack_pointer: u16,
) -> Result<CloadOutcome, DeckError> {
    let nf = deck.header().ok_or(DeckError::NotOpen)?;
    if nf.gaps {
        if !nf.ascii {
            return Err(DeckError::wrong_file_type(&nf));
        }
        deck.open_found_for_input()?;
        return Ok(CloadOutcome::Ascii);
    }
    if nf.file_type != FileType::Basic {
        return Err(DeckError::wrong_file_type(&nf));
    }
    program::clear_program(mem);
    // A block that does not read leaves the program NEWed.
    let image = deck.read_continuous_payload()?;
    load_program_image(mem, &image, stack_pointer).map_err(|_| DeckError::OutOfMemory)?;
    Ok(CloadOutcome::Tokenized { bytes: image.len() })
}

/// CSAVE "NAME": the tokenized program image (with its listing, which a .bas tape holds
/// instead of the tokens).
pub fn csave(deck: &mut Deck, mem: &Memory, name: &[u8]) -> Result<(), DeckError> {
    deck.write_program_file(
        &with_name(Namefile::csave(""), name),
        &program_image(mem),
        Some(&program_listing(mem)),
    )
}

/// CSAVE "NAME",A: the program as LIST shows it, CR after each line.
pub fn csave_ascii(deck: &mut Deck, mem: &Memory, name: &[u8]) -> Result<(), DeckError> {
    let payload = ascii::tape_payload(&program_listing(mem));
    deck.write_file(&with_name(Namefile::csave_ascii(""), name), &payload)
}

// ------------------------------------------------------------- a program for the tools

/// The BASIC program the tools take from a tape image (`spacemono run`, `list`, `tape
/// convert`): the first one on it, as it is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramOnTape {
    /// A tokenized program: its RAM image, as CSAVE wrote it.
    Tokenized { name: String, image: Vec<u8> },
    /// An ASCII program (`CSAVE ,A`): its lines.
    Ascii { name: String, lines: Vec<Vec<u8>> },
}

impl ProgramOnTape {
    /// Its name on the tape.
    pub fn name(&self) -> &str {
        match self {
            ProgramOnTape::Tokenized { name, .. } | ProgramOnTape::Ascii { name, .. } => name,
        }
    }

    /// Its lines as LIST shows them (a tokenized image listed as a Dragon 32 lists it).
    pub fn listing(&self) -> Result<Vec<Vec<u8>>, ListingError> {
        match self {
            ProgramOnTape::Tokenized { image, .. } => image_listing(image),
            ProgramOnTape::Ascii { lines, .. } => Ok(lines.clone()),
        }
    }
}

/// Why a tape image offers no program to the tools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoProgramOnTape {
    /// No file on it is a BASIC program; the names of the files it holds.
    NoBasicProgram { files: Vec<String> },
    /// The first BASIC program does not read.
    Unreadable { name: String, damage: Damage },
}

/// What is wrong with a file on a tape that does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damage {
    /// The tape ends inside one of its blocks.
    CutInsideABlock,
    /// A block's checksum is wrong (the Dragon says ?IO ERROR).
    BadChecksum,
    /// The tape ends before its EOF block.
    NoEofBlock,
}

impl std::fmt::Display for NoProgramOnTape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoProgramOnTape::NoBasicProgram { files } => {
                let names: Vec<String> = files.iter().map(|n| format!("\"{n}\"")).collect();
                write!(f, "holds no BASIC program ({} file(s) on it", files.len())?;
                if !names.is_empty() {
                    write!(f, ": {}", names.join(", "))?;
                }
                write!(f, ")")
            }
            NoProgramOnTape::Unreadable { name, damage } => {
                let what = match damage {
                    Damage::CutInsideABlock => {
                        "is cut short (the tape ends inside one of its blocks)"
                    }
                    Damage::BadChecksum => {
                        "has a block with a bad checksum (the Dragon says ?IO ERROR)"
                    }
                    Damage::NoEofBlock => "is cut short (the tape ends before its last block)",
                };
                write!(f, "the BASIC program \"{name}\" {what}")
            }
        }
    }
}
impl std::error::Error for NoProgramOnTape {}

/// The first BASIC program among a tape image's files (passing over data and machine code,
/// as `CLOAD` of a program's name would), whole and readable.
pub fn first_program(files: &[TapeFile]) -> Result<ProgramOnTape, NoProgramOnTape> {
    let found = files.iter().find_map(|f| {
        f.namefile
            .filter(|n| n.file_type == FileType::Basic)
            .map(|n| (f, n))
    });
    let Some((file, nf)) = found else {
        return Err(NoProgramOnTape::NoBasicProgram {
            files: files.iter().map(|f| f.name()).collect(),
        });
    };
    let name = nf.name_str();
    let damage = if file.all_blocks().any(|b| b.truncated) {
        Some(Damage::CutInsideABlock)
    } else if !file.checksum_ok {
        Some(Damage::BadChecksum)
    } else if file.eof.is_none() {
        Some(Damage::NoEofBlock)
    } else {
        None
    };
    if let Some(damage) = damage {
        return Err(NoProgramOnTape::Unreadable { name, damage });
    }
    Ok(if nf.ascii {
        ProgramOnTape::Ascii {
            name,
            lines: ascii::lines_from_payload(&file.payload()),
        }
    } else {
        ProgramOnTape::Tokenized {
            name,
            image: file.payload(),
        }
    })
}
