//! The cassette deck: a tape (the blocks of a .cas, .wav or .bas file, in order), a position,
//! the motor and audio relays, and the file the ROM has open on it (machine.md §3;
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
//! * **CLOAD** (`CmdCload` LB6D5): a namefile with the gap flag set needs the ASCII flag
//!   (else ?FM) and is loaded as text through the line editor (any file type: a data file
//!   loads too); with the gap flag clear the type must be 0 (else ?FM) and the blocks go
//!   straight into RAM from the program start. Before each block the ROM checks that a whole
//!   256 bytes more still leave 58 bytes (StackBuf) below the stack (`LB716`: `INCA` then
//!   `L8335`), else ?OM. A bad block is ?IO and the program is NEWed. At the EOF block the
//!   end of the program (VARS) is where loading stopped, and the lines are relinked.
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
//! * **Tokenized CSAVE** (`CasWriteBasic` LB6A5): namefile type 0, ASCII 0, gap 0, then the
//!   RAM from the program start up to the start of variables in 255-byte blocks, then EOF.
//!   **ASCII CSAVE** (`CmdCsave`, `,A`): namefile type 0, ASCII $FF, gap $FF, then LIST sent
//!   to the tape: each line and a CR, in 255-byte blocks.
//!
//! Writing appends: what is written goes after the last block on the tape (as a real deck
//! wound to the end of the recording would put it), and the whole new tape image is handed to
//! the [`SaveTape`] the frontend gave with the tape, which stores it all or nothing (the deck
//! itself does no file I/O; `frontend::tape_file` writes a temporary file in the same folder
//! and renames it over the old one). If the save fails the deck is unchanged. A .cas keeps its
//! old bytes and gets the new ones added; a .wav keeps its recording and gets new audio, in
//! its own sample rate and format, added to its data chunk; a .bas can hold only one BASIC
//! program (written as its listing).
//!
//! **Names never reach the host file system.** As on the Dragon, a file a program opens lives
//! on the tape: its name is the 8 bytes of a namefile inside the tape image, nothing more.
//! `OPEN "O",#-1,"../../ETC"` writes a file called `../../ETC` onto the tape, and no host file
//! is created, opened or named from it. The only host file a save reaches is the tape's own
//! (its path given to [`Deck::insert_tape`]).

use std::path::{Path, PathBuf};

use crate::basic::crunch;
use crate::basic::error::ErrorCode;
use crate::basic::listing::list_line;
use crate::basic::program;
use crate::formats::ascii;
use crate::formats::ascii::MAX_LINE_CHARS as MAX_LINE;
use crate::formats::block::{Block, BlockType, ReadBlock, LEADER, MAX_BLOCK_DATA};
use crate::formats::error::MAX_INPUT_BYTES;
use crate::formats::namefile::{FileType, Namefile};
use crate::formats::tapefile::{
    file_blocks, group_files, layout, LayoutOptions, Segment, TapeFile,
};
use crate::formats::wav::{self, byte_cycles, SampleFormat, WavOptions, CPU_HZ};
use crate::formats::{cas, TapeError, TapeKind};
use crate::machine::hardware::Hardware;
use crate::machine::memory::{addr, Memory};
use crate::machine::screen::{TextScreen, BLANK};

use crate::timing::FIELDS_PER_SECOND;
/// Fields a block takes when tapes load quickly (the default): enough for the blink to show.
pub const QUICK_FIELDS_PER_BLOCK: u32 = 1;
/// The ROM's StackBuf: what must stay free below the stack.
pub const STACK_BUF: u32 = 58;

// ------------------------------------------------------------------------------------ blocks

/// One block on the tape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapeBlock {
    pub block: Block,
    /// False when the checksum read was wrong or the tape ended inside the block: reading it
    /// is ?IO.
    pub checksum_ok: bool,
    /// True when a motor gap and a leader come before it on the tape (it takes longer to
    /// reach).
    pub led: bool,
    /// True when the tape ends inside the block (then `checksum_ok` is false too).
    pub truncated: bool,
}

impl TapeBlock {
    fn to_read_block(&self) -> ReadBlock {
        ReadBlock {
            block: self.block.clone(),
            stored_checksum: self.block.checksum(),
            checksum_ok: self.checksum_ok,
            truncated: self.truncated,
            bit_offset: 0,
            leader_bytes: 0,
        }
    }
}

/// How long a block takes to pass the head at the real speed, in seconds: the motor gap and the
/// 128-byte leader when `led`, then `$55 $3C type len data checksum $55` at the cassette's bit
/// rate (813 or 435 CPU cycles a bit).
pub fn block_duration_seconds(block: &Block, led: bool) -> f64 {
    let len = block.data.len().min(MAX_BLOCK_DATA);
    let mut cycles = byte_cycles(LEADER) * 2.0
        + byte_cycles(0x3C)
        + byte_cycles(block.kind.to_byte())
        + byte_cycles(len as u8)
        + byte_cycles(block.checksum());
    cycles += block.data[..len]
        .iter()
        .map(|&b| byte_cycles(b))
        .sum::<f64>();
    let mut seconds = cycles / CPU_HZ;
    if led {
        let opts = LayoutOptions::default();
        seconds += opts.leader_bytes as f64 * byte_cycles(LEADER) / CPU_HZ;
        seconds += opts.gap_ms as f64 / 1000.0;
    }
    seconds
}

/// [`block_duration_seconds`] in fields (49.97 a second), rounded up: how long the interpreter waits for
/// each block with `--tape-speed real`.
pub fn block_duration_fields(block: &Block, led: bool) -> u32 {
    (block_duration_seconds(block, led) * FIELDS_PER_SECOND).ceil() as u32
}

/// Which of `blocks` get a motor gap and leader when laid out as the Dragon writes them.
/// Blocks made here (saved, or built from a listing): every checksum good, leaders where the
/// Dragon writes them.
pub fn good_blocks(blocks: Vec<Block>) -> Vec<TapeBlock> {
    let led = leader_flags(&blocks);
    blocks
        .into_iter()
        .zip(led)
        .map(|(block, led)| TapeBlock {
            block,
            checksum_ok: true,
            led,
            truncated: false,
        })
        .collect()
}

fn leader_flags(blocks: &[Block]) -> Vec<bool> {
    let mut out = Vec::with_capacity(blocks.len());
    let mut led = false;
    for s in layout(blocks, LayoutOptions::default()) {
        match s {
            Segment::Leader { .. } => led = true,
            Segment::Block(_) => {
                out.push(led);
                led = false;
            }
            Segment::Silence { .. } => {}
        }
    }
    out
}

fn tape_blocks_from(read: &[ReadBlock]) -> Vec<TapeBlock> {
    let plain: Vec<Block> = read.iter().map(|r| r.block.clone()).collect();
    let led = leader_flags(&plain);
    read.iter()
        .zip(led)
        .map(|(r, led)| TapeBlock {
            block: r.block.clone(),
            checksum_ok: r.checksum_ok && !r.truncated,
            led,
            truncated: r.truncated,
        })
        .collect()
}

/// The files on a list of tape blocks (namefile, data, EOF), as [`group_files`] groups them.
pub fn group_tape_blocks(blocks: &[TapeBlock]) -> Vec<TapeFile> {
    let read: Vec<ReadBlock> = blocks.iter().map(TapeBlock::to_read_block).collect();
    group_files(&read)
}

// ------------------------------------------------------------------------------------ errors

/// What went wrong at the deck. [`DeckError::basic_error`] gives the error BASIC reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckError {
    /// No tape in the deck. (A real deck would just run; the interpreter reports ?IO.)
    NoTape,
    /// The tape ran out while the ROM was still reading (a real Dragon would wait forever).
    EndOfTape,
    /// A block read with a bad checksum: ?IO.
    BadBlock { index: usize },
    /// The tape ends inside a block (a file cut short): ?IO.
    CutShort { index: usize },
    /// The search wanted a namefile and found another block: ?IO on a Dragon 32.
    NotANamefile { index: usize },
    /// A namefile (or a block of an unexpected type) inside a file: ?IO.
    UnexpectedBlock { index: usize, kind: u8 },
    /// The file found is of the wrong kind for the command: ?FM.
    WrongFileType {
        name: String,
        file_type: FileType,
        ascii: bool,
        gaps: bool,
    },
    /// A file is already open on the tape: ?AO.
    AlreadyOpen,
    /// No file is open on the tape: ?NO.
    NotOpen,
    /// The open file is open the other way (input vs output): ?FM.
    WrongMode,
    /// The program does not fit below the stack: ?OM.
    OutOfMemory,
    /// Machine code would load outside RAM (the ROM's read-back check): ?IO.
    WriteIntoRom { addr: u32 },
    /// The tape file cannot record what was written (a .bas holds one BASIC program): ?IO.
    CannotHold { path: String, why: String },
    /// The tape file could not be read or written: ?IO when it happens during a save.
    File { path: String, problem: String },
}

impl DeckError {
    /// The error BASIC reports for this.
    pub fn basic_error(&self) -> ErrorCode {
        match self {
            DeckError::WrongFileType { .. } | DeckError::WrongMode => ErrorCode::FM,
            DeckError::AlreadyOpen => ErrorCode::AO,
            DeckError::NotOpen => ErrorCode::NO,
            DeckError::OutOfMemory => ErrorCode::OM,
            _ => ErrorCode::IO,
        }
    }
}

fn type_name(t: FileType, ascii: bool) -> String {
    let kind = match t {
        FileType::Basic => "BASIC program".to_string(),
        FileType::Data => "data file".to_string(),
        FileType::MachineCode => "machine-code file".to_string(),
        FileType::Other(b) => format!("file of type {b}"),
    };
    if ascii {
        format!("ASCII {kind}")
    } else {
        kind
    }
}

impl std::fmt::Display for DeckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeckError::NoTape => write!(f, "no tape in the deck"),
            DeckError::EndOfTape => write!(f, "the tape ran out"),
            DeckError::BadBlock { index } => {
                write!(f, "block {index} of the tape has a bad checksum")
            }
            DeckError::CutShort { index } => {
                write!(f, "the tape ends inside block {index}: it is cut short")
            }
            DeckError::NotANamefile { index } => {
                write!(f, "block {index} of the tape is not the start of a file")
            }
            DeckError::UnexpectedBlock { index, kind } => {
                write!(
                    f,
                    "block {index} of the tape has type ${kind:02X} inside a file"
                )
            }
            DeckError::WrongFileType {
                name,
                file_type,
                ascii,
                ..
            } => write!(
                f,
                "\"{name}\" is a {}, which cannot be read that way",
                type_name(*file_type, *ascii)
            ),
            DeckError::AlreadyOpen => write!(f, "a file is already open on the tape"),
            DeckError::NotOpen => write!(f, "no file is open on the tape"),
            DeckError::WrongMode => write!(f, "the tape file is open the other way"),
            DeckError::OutOfMemory => write!(f, "the program does not fit in memory"),
            DeckError::WriteIntoRom { addr } => {
                write!(f, "machine code would load at ${addr:04X}, outside RAM")
            }
            DeckError::CannotHold { path, why } => write!(f, "{path}: {why}"),
            DeckError::File { path, problem } => write!(f, "{path}: {problem}"),
        }
    }
}

impl std::error::Error for DeckError {}

// ------------------------------------------------------------------------------- tape files

/// A tape file as the frontend read it: its kind, its bytes and its blocks.
#[derive(Clone, Debug)]
pub struct LoadedTape {
    pub kind: TapeKind,
    pub bytes: Vec<u8>,
    pub blocks: Vec<TapeBlock>,
}

pub fn file_err(path: &Path, problem: impl Into<String>) -> DeckError {
    DeckError::File {
        path: path.display().to_string(),
        problem: problem.into(),
    }
}

/// The kind of tape a file name stands for: `.cas`, `.wav`, or a listing (`.bas`, `.asc`,
/// `.txt`); anything else is an error naming the file.
pub fn tape_kind_of(path: &Path) -> Result<TapeKind, DeckError> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    TapeKind::from_extension(ext).ok_or_else(|| {
        file_err(
            path,
            if ext.is_empty() {
                "has no extension: a tape file is .cas, .wav or .bas".to_string()
            } else {
                format!("unknown extension '.{ext}': a tape file is .cas, .wav or .bas")
            },
        )
    })
}

/// The name a listing mounted as a tape gets: its base name, upper case, cut to 8.
pub fn tape_name_for(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("PROGRAM")
        .chars()
        .filter(|c| (' '..='~').contains(c))
        .take(8)
        .collect::<String>()
        .to_ascii_uppercase()
}

/// Blocks of a tape image held in memory.
pub fn blocks_from_bytes(
    bytes: &[u8],
    kind: TapeKind,
    ascii_name: &str,
) -> Result<Vec<TapeBlock>, TapeError> {
    let read = match kind {
        TapeKind::Cas => cas::read_blocks(bytes)?,
        TapeKind::Wav => wav::read_blocks(bytes)?,
        TapeKind::Ascii => {
            return Ok(good_blocks(ascii::listing_to_blocks(ascii_name, bytes)?));
        }
    };
    Ok(tape_blocks_from(&read))
}

/// Adds laid-out segments to the end of a .wav recording, in the recording's own sample rate,
/// sample size and channel count. The old sample data is kept byte for byte; chunks after
/// the data chunk are dropped. An empty `existing` gives a new recording.
pub fn append_to_wav(existing: &[u8], segments: &[Segment]) -> Result<Vec<u8>, TapeError> {
    if existing.is_empty() {
        return wav::encode_segments(segments, &WavOptions::default());
    }
    let audio = wav::parse_wav(existing)?;
    let fmt = audio.format;
    // New audio in the polarity the reader found on the tape: in the other one the reader,
    // which picks one polarity for the whole recording, would never see the new blocks.
    let polarity = match wav::decode_with_polarity(existing) {
        Ok((p, _, blocks)) if !blocks.is_empty() => p,
        _ => wav::Polarity::Rising,
    };
    let opts = WavOptions {
        sample_rate: fmt.sample_rate,
        polarity,
        format: if fmt.bits_per_sample == 8 {
            SampleFormat::U8
        } else {
            SampleFormat::S16
        },
        ..WavOptions::default()
    };
    let fresh = wav::encode_segments(segments, &opts)?;
    let fresh_samples = &fresh[44..]; // wav_bytes writes a 44-byte header
    let bps = fmt.bits_per_sample as usize / 8;
    let mut added = Vec::with_capacity(fresh_samples.len() * fmt.channels as usize);
    for s in fresh_samples.chunks(bps) {
        for _ in 0..fmt.channels {
            added.extend_from_slice(s);
        }
    }
    // Find the data chunk's header in the file: everything before it is kept as it is.
    let mut pos = 12usize;
    let mut data_at = None;
    while pos + 8 <= existing.len() {
        let size = u32::from_le_bytes([
            existing[pos + 4],
            existing[pos + 5],
            existing[pos + 6],
            existing[pos + 7],
        ]) as usize;
        if &existing[pos..pos + 4] == b"data" {
            data_at = Some(pos);
            break;
        }
        pos = pos
            .saturating_add(8)
            .saturating_add(size)
            .saturating_add(size & 1);
    }
    let data_at = data_at.ok_or(TapeError::MissingChunk("data"))?;
    let old = audio.data;
    let new_len = old.len() + added.len();
    if new_len > MAX_INPUT_BYTES || new_len > u32::MAX as usize - 64 {
        return Err(TapeError::TooLarge {
            size: new_len,
            limit: MAX_INPUT_BYTES,
        });
    }
    let mut out = Vec::with_capacity(data_at + 8 + new_len + 1);
    out.extend_from_slice(&existing[..data_at]);
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(new_len as u32).to_le_bytes());
    out.extend_from_slice(old);
    out.extend_from_slice(&added);
    if new_len % 2 == 1 {
        out.push(0);
    }
    let riff = (out.len() - 8) as u32;
    out[4..8].copy_from_slice(&riff.to_le_bytes());
    Ok(out)
}

/// Checks that a new tape image, read as the deck would read it, ends with the blocks just
/// added (a .bas listing: that it reads back to the same listing). A save is reported done
/// only after this.
fn read_back(kind: TapeKind, image: &[u8], added: &[TapeBlock]) -> Result<(), String> {
    let read = blocks_from_bytes(image, kind, "").map_err(|e| e.to_string())?;
    if kind == TapeKind::Ascii {
        let again = bas_image(&read)?;
        return if again == image {
            Ok(())
        } else {
            Err("the listing reads back differently".into())
        };
    }
    let tail = read.len().checked_sub(added.len()).map(|at| &read[at..]);
    let same = tail.is_some_and(|tail| {
        tail.iter()
            .zip(added)
            .all(|(r, a)| r.checksum_ok && r.block == a.block)
    });
    if same {
        Ok(())
    } else {
        Err(format!(
            "the last {} blocks read are not the ones written",
            added.len()
        ))
    }
}

/// The listing a tape holding one BASIC program is written as (a .bas tape file).
fn bas_image(blocks: &[TapeBlock]) -> Result<Vec<u8>, String> {
    let files = group_tape_blocks(blocks);
    if files.len() != 1 {
        return Err(format!(
            "a .bas tape holds a single BASIC program, and this one would hold {} files; use .cas or .wav",
            files.len()
        ));
    }
    let f = &files[0];
    let nf = f
        .namefile
        .ok_or_else(|| "a .bas tape holds a single BASIC program".to_string())?;
    if nf.file_type != FileType::Basic {
        return Err(format!(
            "a .bas tape holds a single BASIC program, not a {}; use .cas or .wav",
            type_name(nf.file_type, nf.ascii)
        ));
    }
    let lines = if nf.ascii {
        ascii::lines_from_payload(&f.payload())
    } else {
        image_listing(&f.payload()).map_err(|e| e.to_string())?
    };
    Ok(ascii::write_listing(&lines))
}

// ---------------------------------------------------------------------------- the program

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

// --------------------------------------------------------------------------------- names

/// The 8 name bytes the ROM compares and writes: the first 8 bytes of the name, padded with
/// spaces (GetCasFnameToBuff). Bytes are kept as they are.
pub fn name8(name: &[u8]) -> [u8; 8] {
    let mut out = [b' '; 8];
    for (slot, &c) in out.iter_mut().zip(name) {
        *slot = c;
    }
    out
}

fn with_name(mut nf: Namefile, name: &[u8]) -> Namefile {
    nf.name = name8(name);
    nf
}

// ----------------------------------------------------------------------------------- search

/// One step of a search for a file, in the order the ROM does things. The interpreter shows
/// each with [`show_search_event`] when in direct mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEvent {
    /// A pass begins (at the start, and again after each file skipped): CLS, `S` at the top
    /// left, the cursor at column 2.
    Begin,
    /// A block was read: the top-left character is inverted. `fields` is how long it took at
    /// the real speed.
    Block { fields: u32 },
    /// A namefile was read: its 8 name bytes are printed at the cursor.
    Name { namefile: Namefile, matches: bool },
    /// The file wanted: `F` at the top left. The tape stands just after its namefile.
    Found(Namefile),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    Begin,
    Header,
    Report(Namefile),
    Found(Namefile),
    Skip,
    Done,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Search {
    /// None: the first file found (CLOAD, CLOAD "").
    wanted: Option<[u8; 8]>,
    phase: Phase,
}

/// A file found by [`Deck::find_file`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundFile {
    pub namefile: Namefile,
    /// The namefiles of the files passed over on the way, in order.
    pub passed: Vec<Namefile>,
}

/// What CLOAD found and did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloadOutcome {
    /// A tokenized program is in RAM (relinked; VARS set). The interpreter clears the
    /// variables and forgets its compiled program, then prints OK.
    Tokenized { bytes: usize },
    /// An ASCII program: the file is open for input. The interpreter does NEW, then takes
    /// lines with [`Deck::read_line`] until `None`, feeding each to the line editor (a line
    /// without a number is ?DS), then [`Deck::close`].
    Ascii,
}

// ------------------------------------------------------------------------------------- deck

#[derive(Clone, Debug, PartialEq, Eq)]
enum Status {
    Closed,
    /// Open for input: the buffer of the block being read, and the read position in it.
    Input {
        buf: Vec<u8>,
        at: usize,
    },
    /// Open for output: the characters not yet written.
    Output {
        buf: Vec<u8>,
    },
}

#[derive(Clone, Debug)]
struct Backing {
    path: PathBuf,
    kind: TapeKind,
    /// The file's current contents (a .cas or .wav grows from these; a .bas is rebuilt from
    /// the blocks on every save).
    bytes: Vec<u8>,
    /// How the new tape image reaches the file (the frontend's; see [`SaveTape`]).
    save: SaveTape,
}

/// Stores a whole new tape image at `path`, all or nothing: on failure the old file must be
/// left as it was. The deck does no file I/O itself; the frontend that inserted the tape
/// gives it this (`frontend::tape_file` writes through a temporary file and a rename).
pub type SaveTape = fn(&Path, &[u8]) -> Result<(), DeckError>;

/// The cassette deck.
#[derive(Clone, Debug)]
pub struct Deck {
    blocks: Vec<TapeBlock>,
    /// Index of the next block under the head.
    pos: usize,
    loaded: bool,
    motor: bool,
    audio: bool,
    backing: Option<Backing>,
    status: Status,
    search: Option<Search>,
    /// The last namefile found (the ROM's header buffer).
    header: Option<Namefile>,
    /// Tape time and blocks since the last [`Deck::take_activity`].
    fields: u64,
    blocks_moved: u64,
    speed: TapeSpeed,
    /// Saves that failed at the tape file since the frontend last asked: BASIC sees only
    /// ?IO, so the host is told why ([`Deck::take_failures`]).
    failures: Vec<DeckError>,
}

impl Default for Deck {
    fn default() -> Self {
        Deck::new()
    }
}

/// How fast tapes load: quickly (a field a block, the default) or at the cassette's real pace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TapeSpeed {
    #[default]
    Quick,
    Real,
}

impl Activity {
    /// Fields to wait for this activity at `speed`.
    pub fn wait_fields(&self, speed: TapeSpeed) -> u64 {
        match speed {
            TapeSpeed::Quick => self.blocks * QUICK_FIELDS_PER_BLOCK as u64,
            TapeSpeed::Real => self.fields,
        }
    }
}

/// Tape time used since it was last asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// Fields the blocks take at the real speed.
    pub fields: u64,
    /// Blocks read or written (each inverts the top-left character when read in direct mode).
    pub blocks: u64,
}

impl Deck {
    /// An empty deck: no tape.
    pub fn new() -> Deck {
        Deck {
            blocks: Vec::new(),
            pos: 0,
            loaded: false,
            motor: false,
            audio: false,
            backing: None,
            status: Status::Closed,
            search: None,
            header: None,
            fields: 0,
            blocks_moved: 0,
            speed: TapeSpeed::Quick,
            failures: Vec::new(),
        }
    }

    /// The saves that failed at the tape file since the last call, each naming the file and
    /// saying why (a full disk, a .bas that holds one program, a save that would not read
    /// back). The machine showed ?IO ERROR for each; the frontend tells the person why.
    pub fn take_failures(&mut self) -> Vec<DeckError> {
        std::mem::take(&mut self.failures)
    }

    /// Whether a save failed since the last [`Deck::take_failures`] (cheap: asked every field).
    #[inline]
    pub fn has_failures(&self) -> bool {
        !self.failures.is_empty()
    }

    /// `--tape-speed`: kept across inserts and ejects.
    pub fn set_speed(&mut self, speed: TapeSpeed) {
        self.speed = speed;
    }

    pub fn speed(&self) -> TapeSpeed {
        self.speed
    }

    /// Fields the interpreter should wait for the block that would be read next, at the
    /// deck's speed (step-by-step loading).
    pub fn next_block_wait(&self) -> u32 {
        match self.speed {
            TapeSpeed::Quick => QUICK_FIELDS_PER_BLOCK,
            TapeSpeed::Real => self.block_fields(self.pos).unwrap_or(0),
        }
    }

    /// A tape held only in memory (nothing is saved anywhere), rewound.
    pub fn with_blocks(blocks: Vec<TapeBlock>) -> Deck {
        Deck {
            blocks,
            loaded: true,
            ..Deck::new()
        }
    }

    /// Puts a tape the frontend read from `path` (or a blank one: no bytes, no blocks) in the
    /// deck, rewound; saves go back through `save`. The tape speed is kept.
    pub fn insert_tape(&mut self, path: &Path, tape: LoadedTape, save: SaveTape) {
        *self = Deck {
            blocks: tape.blocks,
            loaded: true,
            backing: Some(Backing {
                path: path.to_path_buf(),
                kind: tape.kind,
                bytes: tape.bytes,
                save,
            }),
            speed: self.speed,
            ..Deck::new()
        };
    }

    /// Puts a tape that lives only in memory (no file behind it) in the deck, rewound; the
    /// tape speed is kept.
    pub fn insert_blocks(&mut self, blocks: Vec<TapeBlock>) {
        *self = Deck {
            blocks,
            loaded: true,
            speed: self.speed,
            ..Deck::new()
        };
    }

    /// Takes the tape out.
    pub fn eject(&mut self) {
        let speed = self.speed;
        *self = Deck::new();
        self.speed = speed;
    }

    pub fn has_tape(&self) -> bool {
        self.loaded
    }

    /// The tape file behind the deck, if any.
    pub fn path(&self) -> Option<&Path> {
        self.backing.as_ref().map(|b| b.path.as_path())
    }

    pub fn blocks(&self) -> &[TapeBlock] {
        &self.blocks
    }

    /// The files on the tape.
    pub fn files(&self) -> Vec<TapeFile> {
        group_tape_blocks(&self.blocks)
    }

    /// Index of the next block under the head.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Winds the tape to block `pos` (clamped to the end).
    pub fn set_position(&mut self, pos: usize) {
        self.pos = pos.min(self.blocks.len());
    }

    pub fn rewind(&mut self) {
        self.pos = 0;
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.blocks.len()
    }

    /// MOTOR ON / OFF.
    pub fn set_motor(&mut self, on: bool) {
        self.motor = on;
    }

    pub fn motor(&self) -> bool {
        self.motor
    }

    /// AUDIO ON / OFF (the tape's sound through the TV speaker).
    pub fn set_audio(&mut self, on: bool) {
        self.audio = on;
    }

    pub fn audio(&self) -> bool {
        self.audio
    }

    /// Tape time and blocks moved since the last call.
    pub fn take_activity(&mut self) -> Activity {
        let a = Activity {
            fields: self.fields,
            blocks: self.blocks_moved,
        };
        self.fields = 0;
        self.blocks_moved = 0;
        a
    }

    /// The namefile of the last file found.
    pub fn header(&self) -> Option<Namefile> {
        self.header
    }

    /// Fields block `index` takes at the real speed.
    pub fn block_fields(&self, index: usize) -> Option<u32> {
        self.blocks
            .get(index)
            .map(|b| block_duration_fields(&b.block, b.led))
    }

    fn need_tape(&self) -> Result<(), DeckError> {
        if self.loaded {
            Ok(())
        } else {
            Err(DeckError::NoTape)
        }
    }

    /// Reads the next block (CasBlockIn): moves the tape on one block and counts its time.
    /// A bad block is still passed (the caller decides: every caller in the ROM says ?IO).
    pub fn read_block(&mut self) -> Result<(usize, TapeBlock, u32), DeckError> {
        self.need_tape()?;
        let index = self.pos;
        let b = self
            .blocks
            .get(index)
            .cloned()
            .ok_or(DeckError::EndOfTape)?;
        self.pos += 1;
        let f = block_duration_fields(&b.block, b.led);
        self.fields += f as u64;
        self.blocks_moved += 1;
        Ok((index, b, f))
    }

    // ------------------------------------------------------------------------ searching

    /// Starts a search: `None` or an empty name finds the first file (CLOAD, CLOAD "").
    /// Drive it with [`Deck::search_step`].
    pub fn begin_search(&mut self, name: Option<&[u8]>) {
        let wanted = name.filter(|n| !n.is_empty()).map(name8);
        self.search = Some(Search {
            wanted,
            phase: Phase::Begin,
        });
    }

    /// Whether a search is under way.
    pub fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.phase != Phase::Done)
    }

    /// The next step of the search begun with [`Deck::begin_search`]. After
    /// [`SearchEvent::Found`] the search is over. An error ends it too.
    pub fn search_step(&mut self) -> Result<SearchEvent, DeckError> {
        let Some(mut s) = self.search.take() else {
            return Err(DeckError::NotOpen);
        };
        let r = self.step(&mut s);
        if r.is_ok() && s.phase != Phase::Done {
            self.search = Some(s);
        }
        r
    }

    fn step(&mut self, s: &mut Search) -> Result<SearchEvent, DeckError> {
        match std::mem::replace(&mut s.phase, Phase::Done) {
            Phase::Begin => {
                self.need_tape()?;
                s.phase = Phase::Header;
                Ok(SearchEvent::Begin)
            }
            Phase::Header => {
                let (index, b, fields) = self.read_block()?;
                if !b.checksum_ok {
                    return Err(bad_block(index, &b));
                }
                if b.block.kind != BlockType::Namefile {
                    return Err(DeckError::NotANamefile { index });
                }
                // A short namefile: the ROM would use whatever its buffer held; call it bad.
                let nf = Namefile::decode(&b.block.data)
                    .map_err(|_| DeckError::NotANamefile { index })?;
                s.phase = Phase::Report(nf);
                Ok(SearchEvent::Block { fields })
            }
            Phase::Report(nf) => {
                let matches = s.wanted.is_none_or(|w| w == nf.name);
                s.phase = if matches {
                    Phase::Found(nf)
                } else {
                    Phase::Skip
                };
                self.header = Some(nf);
                Ok(SearchEvent::Name {
                    namefile: nf,
                    matches,
                })
            }
            Phase::Found(nf) => {
                self.header = Some(nf);
                Ok(SearchEvent::Found(nf))
            }
            Phase::Skip => {
                let (index, b, fields) = self.read_block()?;
                check_skip_block(index, &b)?;
                s.phase = if b.block.kind == BlockType::Eof {
                    Phase::Begin
                } else {
                    Phase::Skip
                };
                Ok(SearchEvent::Block { fields })
            }
            Phase::Done => Err(DeckError::NotOpen),
        }
    }

    /// Searches for a file in one go (CasFindFile): the first file when `name` is `None` or
    /// empty. ?AO if a file is open.
    pub fn find_file(&mut self, name: Option<&[u8]>) -> Result<FoundFile, DeckError> {
        if self.status != Status::Closed {
            return Err(DeckError::AlreadyOpen);
        }
        self.begin_search(name);
        let mut passed = Vec::new();
        loop {
            match self.search_step()? {
                SearchEvent::Name {
                    namefile,
                    matches: false,
                } => passed.push(namefile),
                SearchEvent::Found(namefile) => return Ok(FoundFile { namefile, passed }),
                _ => {}
            }
        }
    }

    /// Reads the rest of the current file to its EOF block (LB903).
    fn skip_rest(&mut self) -> Result<(), DeckError> {
        loop {
            let (index, b, _) = self.read_block()?;
            check_skip_block(index, &b)?;
            if b.block.kind == BlockType::Eof {
                return Ok(());
            }
        }
    }

    /// SKIPF, SKIPF "NAME": finds the file (as CLOAD does, with the same feedback) and reads
    /// past it.
    pub fn skip_file(&mut self, name: Option<&[u8]>) -> Result<FoundFile, DeckError> {
        let found = self.find_file(name)?;
        self.skip_rest()?;
        Ok(found)
    }

    // --------------------------------------------------------------------------- CLOAD

    /// CLOAD "NAME" (or CLOAD / CLOAD "" with `None`): any open file is forgotten (the ROM
    /// clears its status), the file is found and loaded; see [`Deck::cload_found`].
    pub fn cload(
        &mut self,
        name: Option<&[u8]>,
        mem: &mut Memory,
        stack_pointer: u16,
    ) -> Result<(FoundFile, CloadOutcome), DeckError> {
        self.abandon_file();
        let found = self.find_file(name)?;
        let outcome = self.cload_found(mem, stack_pointer)?;
        Ok((found, outcome))
    }

    /// The loading half of CLOAD, after a search found the file (step-by-step use).
    /// Tokenized: read into RAM, relinked ([`CloadOutcome::Tokenized`]); a bad block is ?IO
    /// with the program NEWed; ?OM as [`load_program_image`]. ASCII (an ASCII program or a
    /// data file): the file is opened for input ([`CloadOutcome::Ascii`]). Machine code is ?FM.
    pub fn cload_found(
        &mut self,
        mem: &mut Memory,
        stack_pointer: u16,
    ) -> Result<CloadOutcome, DeckError> {
        let nf = self.header.ok_or(DeckError::NotOpen)?;
        // LB6E1: the ROM reads only the gap and ASCII flags here, never the type, so a data
        // file (gaps, ASCII) loads as an ASCII program: a record that starts with a digit is
        // a line, any other is ?DS. Gaps without ASCII (block-loaded machine code) is ?FM.
        if nf.gaps {
            if !nf.ascii {
                return Err(wrong_type(&nf));
            }
            self.status = Status::Input {
                buf: Vec::new(),
                at: 0,
            };
            self.fill_input()?;
            return Ok(CloadOutcome::Ascii);
        }
        if nf.file_type != FileType::Basic {
            return Err(wrong_type(&nf));
        }
        program::clear_program(mem);
        let image = match self.read_continuous_payload() {
            Ok(p) => p,
            Err(e) => {
                program::clear_program(mem);
                return Err(e);
            }
        };
        load_program_image(mem, &image, stack_pointer).map_err(|_| DeckError::OutOfMemory)?;
        Ok(CloadOutcome::Tokenized { bytes: image.len() })
    }

    /// The data blocks of a tokenized or machine-code file up to its EOF block (CasBlockIn
    /// loop: a bad block or a namefile is ?IO; a block of type $80..$FF ends it).
    fn read_continuous_payload(&mut self) -> Result<Vec<u8>, DeckError> {
        let mut out = Vec::new();
        while let Some(data) = self.next_data_block()? {
            out.extend_from_slice(&data);
        }
        Ok(out)
    }

    /// The next block of a file's body (CasBlockIn): its data, or `None` at the EOF block
    /// (type $80..$FF). A bad block or a namefile is ?IO.
    fn next_data_block(&mut self) -> Result<Option<Vec<u8>>, DeckError> {
        let (index, b, _) = self.read_block()?;
        if !b.checksum_ok {
            return Err(bad_block(index, &b));
        }
        let t = b.block.kind.to_byte();
        if t == 0 {
            return Err(DeckError::UnexpectedBlock { index, kind: t });
        }
        Ok(if t >= 0x80 { None } else { Some(b.block.data) })
    }

    /// CLOADM "NAME"[,offset] after the search found the file: type 2 only (else ?FM); the
    /// blocks go to the namefile's load address + `offset`. Returns the exec address +
    /// `offset` (EXEC of it is ?FC here: there is no 6809). Loading at or above $8000 is ?IO,
    /// as the ROM's read-back check makes it.
    pub fn cloadm_found(&mut self, mem: &mut Memory, offset: u16) -> Result<u16, DeckError> {
        let nf = self.header.ok_or(DeckError::NotOpen)?;
        if nf.file_type != FileType::MachineCode {
            return Err(wrong_type(&nf));
        }
        let mut at = nf.load.wrapping_add(offset) as u32;
        loop {
            let (index, b, _) = self.read_block()?;
            let t = b.block.kind.to_byte();
            if t == 0 {
                return Err(DeckError::UnexpectedBlock { index, kind: t });
            }
            for &byte in &b.block.data {
                let a = at & 0xFFFF;
                if a >= addr::RAM_END {
                    return Err(DeckError::WriteIntoRom { addr: a });
                }
                mem.poke(a as u16, byte);
                at += 1;
            }
            if !b.checksum_ok {
                return Err(bad_block(index, &b));
            }
            if t >= 0x80 {
                return Ok(nf.exec.wrapping_add(offset));
            }
        }
    }

    // --------------------------------------------------------------------------- input

    /// OPEN "I",#-1,"NAME": finds the file; it must have both the ASCII and gap flags
    /// (a data file or an ASCII program), else ?FM; reads its first block.
    pub fn open_input(&mut self, name: Option<&[u8]>) -> Result<FoundFile, DeckError> {
        let found = self.find_file(name)?;
        let nf = found.namefile;
        if !(nf.ascii && nf.gaps) {
            return Err(wrong_type(&nf));
        }
        self.status = Status::Input {
            buf: Vec::new(),
            at: 0,
        };
        self.fill_input()?;
        Ok(found)
    }

    /// CasOnReadBlockOff: the next non-empty data block into the buffer, or an empty buffer at
    /// the EOF block.
    fn fill_input(&mut self) -> Result<(), DeckError> {
        let buf = loop {
            match self.next_data_block()? {
                None => break Vec::new(),
                Some(data) if data.is_empty() => continue,
                Some(data) => break data,
            }
        };
        self.status = Status::Input { buf, at: 0 };
        Ok(())
    }

    fn check_input(&self) -> Result<(), DeckError> {
        match self.status {
            Status::Input { .. } => Ok(()),
            Status::Closed => Err(DeckError::NotOpen),
            Status::Output { .. } => Err(DeckError::WrongMode),
        }
    }

    /// EOF(-1): true when the input buffer is empty (?NO with no file, ?FM for an output
    /// file).
    pub fn eof(&self) -> Result<bool, DeckError> {
        self.check_input()?;
        Ok(match &self.status {
            Status::Input { buf, at } => *at >= buf.len(),
            _ => true,
        })
    }

    /// One character from the input file, `None` at the end. When this empties the buffer the
    /// next block is read at once (so EOF(-1) turns true right after the last character).
    pub fn read_char(&mut self) -> Result<Option<u8>, DeckError> {
        self.check_input()?;
        let Status::Input { buf, at } = &mut self.status else {
            return Err(DeckError::NotOpen);
        };
        if *at >= buf.len() {
            return Ok(None);
        }
        let c = buf[*at];
        *at += 1;
        if *at >= buf.len() {
            self.fill_input()?;
        }
        Ok(Some(c))
    }

    /// One line of the input file as the ROM's line input (LB5C6) takes it from tape, for
    /// INPUT #-1 and ASCII CLOAD: characters up to a CR or the end of the file; characters
    /// below a space or above `z` are dropped, and so is anything past 249 characters.
    /// `None` when the file is already at its end (INPUT #-1 then says ?IE).
    pub fn read_line(&mut self) -> Result<Option<Vec<u8>>, DeckError> {
        if self.eof()? {
            return Ok(None);
        }
        let mut line = Vec::new();
        while let Some(c) = self.read_char()? {
            if c == b'\r' {
                break;
            }
            if (0x20..=0x7A).contains(&c) && line.len() < MAX_LINE {
                line.push(c);
            }
        }
        Ok(Some(line))
    }

    /// Every remaining line of the input file, then CLOSE.
    pub fn read_all_lines(&mut self) -> Result<Vec<Vec<u8>>, DeckError> {
        let mut out = Vec::new();
        while let Some(l) = self.read_line()? {
            out.push(l);
        }
        self.close()?;
        Ok(out)
    }

    // -------------------------------------------------------------------------- output

    /// Writes blocks after the last block on the tape and saves the tape file. If the save
    /// fails nothing changes (the deck and the file are as before).
    fn append(&mut self, new: Vec<Block>) -> Result<(), DeckError> {
        let r = self.append_to_tape(new);
        if let Err(e @ (DeckError::File { .. } | DeckError::CannotHold { .. })) = &r {
            self.failures.push(e.clone());
        }
        r
    }

    fn append_to_tape(&mut self, new: Vec<Block>) -> Result<(), DeckError> {
        self.need_tape()?;
        let added = good_blocks(new.clone());
        if let Some(b) = &self.backing {
            let path = b.path.display().to_string();
            let segments = layout(&new, LayoutOptions::default());
            let bytes = match b.kind {
                TapeKind::Cas => {
                    let mut bytes = b.bytes.clone();
                    bytes.extend(
                        cas::write_segments(&segments)
                            .map_err(|e| file_err(&b.path, e.to_string()))?,
                    );
                    bytes
                }
                TapeKind::Wav => append_to_wav(&b.bytes, &segments)
                    .map_err(|e| file_err(&b.path, format!("cannot add to the recording: {e}")))?,
                TapeKind::Ascii => {
                    let mut all = self.blocks.clone();
                    all.extend(added.iter().cloned());
                    bas_image(&all).map_err(|why| DeckError::CannotHold { path, why })?
                }
            };
            read_back(b.kind, &bytes, &added).map_err(|why| {
                file_err(
                    &b.path,
                    format!("the save would not read back ({why}), so it was not written"),
                )
            })?;
            (b.save)(&b.path, &bytes)?;
            if let Some(b) = self.backing.as_mut() {
                b.bytes = bytes;
            }
        }
        for b in &added {
            self.fields += block_duration_fields(&b.block, b.led) as u64;
            self.blocks_moved += 1;
        }
        self.blocks.extend(added);
        self.pos = self.blocks.len();
        Ok(())
    }

    /// Writes a whole file (namefile, the payload in 255-byte blocks, EOF) after the last file
    /// on the tape. ?AO if a file is open.
    pub fn write_file(&mut self, namefile: &Namefile, payload: &[u8]) -> Result<(), DeckError> {
        if self.status != Status::Closed {
            return Err(DeckError::AlreadyOpen);
        }
        self.append(file_blocks(namefile, payload))
    }

    /// CSAVE "NAME": the tokenized program image.
    pub fn csave(&mut self, mem: &Memory, name: &[u8]) -> Result<(), DeckError> {
        self.write_file(&with_name(Namefile::csave(""), name), &program_image(mem))
    }

    /// CSAVE "NAME",A: the program as LIST shows it, CR after each line.
    pub fn csave_ascii(&mut self, mem: &Memory, name: &[u8]) -> Result<(), DeckError> {
        let payload = ascii::tape_payload(&program_listing(mem));
        self.write_file(&with_name(Namefile::csave_ascii(""), name), &payload)
    }

    /// CSAVEM "NAME",start,end,exec: RAM `start..=end` as a machine-code file.
    pub fn csavem(
        &mut self,
        mem: &Memory,
        name: &[u8],
        start: u16,
        end: u16,
        exec: u16,
    ) -> Result<(), DeckError> {
        let bytes: Vec<u8> = (start as u32..=end as u32)
            .map(|a| mem.peek(a as u16))
            .collect();
        self.write_file(&with_name(Namefile::csavem("", start, exec), name), &bytes)
    }

    /// OPEN "O",#-1,"NAME": writes the namefile (type 1, ASCII $FF, gap $FF) at the end of
    /// the tape. ?AO if a file is open. A .bas tape cannot hold a data file.
    pub fn open_output(&mut self, name: &[u8]) -> Result<(), DeckError> {
        if self.status != Status::Closed {
            return Err(DeckError::AlreadyOpen);
        }
        if let Some(b) = &self.backing {
            if b.kind == TapeKind::Ascii {
                let e = DeckError::CannotHold {
                    path: b.path.display().to_string(),
                    why:
                        "a .bas tape holds a single BASIC program, not data files; use .cas or .wav"
                            .into(),
                };
                self.failures.push(e.clone());
                return Err(e);
            }
        }
        self.append(vec![with_name(Namefile::data_file(""), name).to_block()])?;
        self.status = Status::Output { buf: Vec::new() };
        Ok(())
    }

    fn check_output(&self) -> Result<(), DeckError> {
        match self.status {
            Status::Output { .. } => Ok(()),
            Status::Closed => Err(DeckError::NotOpen),
            Status::Input { .. } => Err(DeckError::WrongMode),
        }
    }

    /// One character to the output file (PRINT #-1): a full 255-byte buffer is written as a
    /// data block first.
    pub fn write_char(&mut self, c: u8) -> Result<(), DeckError> {
        self.check_output()?;
        let full = matches!(&self.status, Status::Output { buf } if buf.len() >= MAX_BLOCK_DATA);
        if full {
            self.flush_output()?;
        }
        if let Status::Output { buf } = &mut self.status {
            buf.push(c);
        }
        Ok(())
    }

    pub fn write_bytes(&mut self, s: &[u8]) -> Result<(), DeckError> {
        s.iter().try_for_each(|&c| self.write_char(c))
    }

    fn flush_output(&mut self) -> Result<(), DeckError> {
        let data = match &self.status {
            Status::Output { buf } => buf.clone(),
            _ => return Ok(()),
        };
        self.append(vec![Block {
            kind: BlockType::Data,
            data,
        }])?;
        self.status = Status::Output { buf: Vec::new() };
        Ok(())
    }

    /// CLOSE #-1 (and CLOSE): an output file gets what is left in its buffer and its EOF
    /// block; an input file is simply closed. Nothing open: nothing happens.
    pub fn close(&mut self) -> Result<(), DeckError> {
        if let Status::Output { buf } = &self.status {
            if !buf.is_empty() {
                self.flush_output()?;
            }
            self.append(vec![Block::eof()])?;
        }
        self.status = Status::Closed;
        Ok(())
    }

    /// Forgets any open file without writing anything (CLOAD's `CLR CasStatus`: an output
    /// file open at that moment gets no last block and no EOF).
    pub fn abandon_file(&mut self) {
        self.status = Status::Closed;
    }

    /// Whether a file is open, and which way: `Some(true)` input, `Some(false)` output.
    pub fn open_for_input(&self) -> Option<bool> {
        match self.status {
            Status::Closed => None,
            Status::Input { .. } => Some(true),
            Status::Output { .. } => Some(false),
        }
    }
}

fn wrong_type(nf: &Namefile) -> DeckError {
    DeckError::WrongFileType {
        name: nf.name_str(),
        file_type: nf.file_type,
        ascii: nf.ascii,
        gaps: nf.gaps,
    }
}

/// The error for a block that did not read: cut short by the end of the tape, or a bad
/// checksum.
fn bad_block(index: usize, b: &TapeBlock) -> DeckError {
    if b.truncated {
        DeckError::CutShort { index }
    } else {
        DeckError::BadBlock { index }
    }
}

/// LB917: while skipping a file, a bad block, a namefile or a block of type $80..$FE is ?IO.
fn check_skip_block(index: usize, b: &TapeBlock) -> Result<(), DeckError> {
    if !b.checksum_ok {
        return Err(bad_block(index, b));
    }
    let t = b.block.kind.to_byte();
    if t == 0 || (0x80..0xFF).contains(&t) {
        return Err(DeckError::UnexpectedBlock { index, kind: t });
    }
    Ok(())
}

// ------------------------------------------------------------------------- the screen

/// Where the ROM draws `S` and `F`.
pub const STATUS_CELL: u16 = addr::TEXT_SCREEN;

/// Shows a search step on the screen as the ROM does in direct mode (the interpreter calls
/// this only when no program is running).
pub fn show_search_event(hw: &mut Hardware, event: &SearchEvent) {
    match event {
        SearchEvent::Begin => {
            TextScreen::fill(&mut hw.mem, BLANK);
            hw.mem.poke(STATUS_CELL, b'S');
            TextScreen::set_cursor(&mut hw.mem, STATUS_CELL + 2);
        }
        SearchEvent::Block { .. } => blink(hw),
        SearchEvent::Name { namefile, .. } => {
            for &c in &namefile.name {
                hw.print(c);
            }
        }
        SearchEvent::Found(_) => hw.mem.poke(STATUS_CELL, b'F'),
    }
}

/// The top-left character inverted, as every block read does in direct mode (`LB925`).
pub fn blink(hw: &mut Hardware) {
    let c = hw.mem.peek(STATUS_CELL);
    hw.mem.poke(STATUS_CELL, c ^ 0x40);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leader_flags_follow_the_gap_flag() {
        let mut blocks = file_blocks(&Namefile::csave("A"), &[1; 600]);
        blocks.extend(file_blocks(&Namefile::data_file("D"), &[2; 300]));
        // csave: namefile led, first data led, 2 more data and EOF back to back;
        // data file: every block led.
        assert_eq!(
            leader_flags(&blocks),
            vec![true, true, false, false, false, true, true, true, true]
        );
    }

    #[test]
    fn block_time_counts_bits() {
        // An EOF block without leader: $55 $3C $FF $00 $FF $55.
        let b = Block::eof();
        let cycles: f64 = [0x55u8, 0x3C, 0xFF, 0x00, 0xFF, 0x55]
            .iter()
            .map(|&x| {
                let ones = x.count_ones() as f64;
                ones * 435.0 + (8.0 - ones) * 813.0
            })
            .sum();
        assert!((block_duration_seconds(&b, false) - cycles / CPU_HZ).abs() < 1e-12);
        // 128 leader bytes of 4992 cycles and half a second more with a leader.
        let extra = block_duration_seconds(&b, true) - block_duration_seconds(&b, false);
        assert!((extra - (0.5 + 128.0 * 4992.0 / CPU_HZ)).abs() < 1e-9);
    }
}
