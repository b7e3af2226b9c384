//! BASIC programs as tape images: the tokenized RAM image CSAVE writes and CLOAD reads, and the
//! listing CSAVE ,A writes; CLOAD and CSAVE themselves, on top of the deck's files (the deck
//! moves blocks and knows nothing of tokens).

use crate::basic::error::ErrorCode;
use crate::basic::listing::list_line;
use crate::basic::{crunch, program};
use crate::formats::ascii;
use crate::formats::ascii::MAX_LINE_CHARS as MAX_LINE;
use crate::formats::namefile::Namefile;
use crate::machine::cassette::{
    with_name, CloadFile, CloadOutcome, Deck, DeckError, FoundFile, STACK_BUF,
};
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

/// The tokenized image a Dragon 32 would CSAVE after these lines were typed (or CLOADed from an
/// ASCII tape) into an empty program: each crunched and stored as the line editor stores it.
/// A line without a number is an error (?DS on the Dragon); so is a program too large.
pub fn listing_image<L: AsRef<[u8]>>(lines: &[L]) -> Result<Vec<u8>, ListingError> {
    let mut m = scratch_memory();
    for (i, raw) in lines.iter().enumerate() {
        let line: Vec<u8> = raw
            .as_ref()
            .iter()
            .copied()
            .map(|c| if c == b'\t' { b' ' } else { c })
            .take(MAX_LINE)
            .collect();
        if line.iter().all(|&c| c == b' ') {
            continue;
        }
        let err = |message: String| ListingError {
            line: i + 1,
            message,
        };
        match crunch::split_line_number(&line) {
            Ok(Some((number, rest))) => {
                program::store_line(
                    &mut m,
                    number,
                    &crunch::crunch(rest),
                    addr::POWER_ON_STACK_TOP,
                )
                .map_err(|e| err(format!("?{} ERROR storing line {number}", e.code())))?;
            }
            Ok(None) => {
                return Err(err(
                    "a line without a line number (the Dragon says ?DS ERROR)".into(),
                ))
            }
            Err(e) => return Err(err(format!("?{} ERROR in the line number", e.code()))),
        }
    }
    Ok(program_image(&m))
}

/// [`image_listing`] with its error as text (the deck's [`ProgramLister`] for .bas tapes).
///
/// [`ProgramLister`]: crate::machine::cassette::ProgramLister
pub fn image_listing_text(image: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    image_listing(image).map_err(|e| e.to_string())
}

// ------------------------------------------------------------------------ CLOAD, CSAVE

/// CLOAD "NAME" (or CLOAD / CLOAD "" with `None`): any open file is forgotten (the ROM
/// clears its status), the file is found and loaded; see [`cload_found`].
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

/// The loading half of CLOAD, after a search found the file (step-by-step use).
/// Tokenized: read into RAM, relinked ([`CloadOutcome::Tokenized`]); a bad block is ?IO
/// with the program NEWed; ?OM as [`load_program_image`]. ASCII (an ASCII program or a
/// data file): the file is opened for input ([`CloadOutcome::Ascii`]). Machine code is ?FM.
pub fn cload_found(
    deck: &mut Deck,
    mem: &mut Memory,
    stack_pointer: u16,
) -> Result<CloadOutcome, DeckError> {
    if deck.cload_open()? == CloadFile::Ascii {
        return Ok(CloadOutcome::Ascii);
    }
    program::clear_program(mem);
    // A block that does not read leaves the program NEWed.
    let image = deck.read_continuous_payload()?;
    load_program_image(mem, &image, stack_pointer).map_err(|_| DeckError::OutOfMemory)?;
    Ok(CloadOutcome::Tokenized { bytes: image.len() })
}

/// CSAVE "NAME": the tokenized program image.
pub fn csave(deck: &mut Deck, mem: &Memory, name: &[u8]) -> Result<(), DeckError> {
    deck.write_file(&with_name(Namefile::csave(""), name), &program_image(mem))
}

/// CSAVE "NAME",A: the program as LIST shows it, CR after each line.
pub fn csave_ascii(deck: &mut Deck, mem: &Memory, name: &[u8]) -> Result<(), DeckError> {
    let payload = ascii::tape_payload(&program_listing(mem));
    deck.write_file(&with_name(Namefile::csave_ascii(""), name), &payload)
}
