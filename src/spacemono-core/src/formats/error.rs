//! Typed errors for the tape formats. Messages name no file: the caller prefixes the file name,
//! e.g. `game.wav: not a RIFF/WAVE file`.

use std::fmt;

/// The largest .cas image a reader accepts: 1 MiB, more than both sides of a C90 hold (at
/// about 1,600 bits a second a 45-minute side carries some 540 KB). With every tape's blocks
/// bounded too ([`MAX_TAPE_BLOCKS`]), the largest keeps within the host's 256 MB budget.
pub const MAX_CAS_BYTES: usize = 1 << 20;
/// The largest .wav recording: 32 MiB (25 minutes of 22 kHz 8-bit mono, 6 of 44.1 kHz 16-bit
/// mono). The reader holds the file and its samples as 16-bit numbers (for an 8-bit file,
/// twice its size), so this is what keeps a recording within the host's 256 MB budget.
pub const MAX_WAV_BYTES: usize = 32 << 20;
/// The largest text listing read as a tape or a program: 4 MiB.
pub const MAX_LISTING_BYTES: usize = 4 << 20;
/// The largest input any reader here accepts (the largest of the three above).
pub const MAX_INPUT_BYTES: usize = MAX_WAV_BYTES;
/// The most blocks a tape may hold: 32,768, eight times a C90 side of 255-byte blocks. A
/// block costs the host a few hundred bytes whatever its size, so a tape of nothing but the
/// smallest blocks is refused here rather than taking the host's memory.
pub const MAX_TAPE_BLOCKS: usize = 1 << 15;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapeError {
    /// The input has no bytes at all.
    Empty,
    /// The input is bigger than its kind's limit ([`MAX_CAS_BYTES`], [`MAX_WAV_BYTES`],
    /// [`MAX_LISTING_BYTES`]).
    TooLarge { size: usize, limit: usize },
    /// The tape holds more blocks than [`MAX_TAPE_BLOCKS`].
    TooManyBlocks { limit: usize },
    /// The input ends inside a structure that must be complete (says which).
    Truncated(&'static str),
    /// The input does not start with a `RIFF....WAVE` header.
    NotRiffWave,
    /// A RIFF/WAVE file this reader cannot decode; the text says what it has.
    UnsupportedWav(String),
    /// A required RIFF chunk (`fmt ` or `data`) is absent.
    MissingChunk(&'static str),
    /// The RIFF/WAVE header is malformed; the text (hound's) says how.
    BadWav(&'static str),
    /// No `$3C`-synchronised block was found anywhere in the stream.
    NoBlocks,
    /// A block to be written holds more than 255 data bytes.
    BlockTooLong(usize),
    /// A namefile block is shorter than the 15 bytes it must hold.
    BadNamefile { len: usize },
    /// A tape file asked for as an ASCII program is not flagged as ASCII.
    NotAscii,
    /// A text listing holds a byte no listing holds: a NUL or a byte of $80 or more (perhaps
    /// a tokenized program), or a control character other than a line end or tab.
    NotText { offset: usize, byte: u8 },
    /// A text listing holds no non-blank line.
    NoLines,
}

impl fmt::Display for TapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TapeError::Empty => write!(f, "empty file"),
            TapeError::TooLarge { size, limit } => {
                write!(
                    f,
                    "file too large ({size} bytes; the limit is {limit} bytes)"
                )
            }
            TapeError::TooManyBlocks { limit } => write!(
                f,
                "too many blocks for a tape (more than {limit}; a C90 side holds about 4,000)"
            ),
            TapeError::Truncated(what) => write!(f, "truncated file ({what})"),
            TapeError::NotRiffWave => write!(f, "not a RIFF/WAVE file"),
            TapeError::UnsupportedWav(what) => write!(f, "unsupported WAV encoding: {what}"),
            TapeError::MissingChunk(which) => write!(f, "WAV file has no '{which}' chunk"),
            TapeError::BadWav(why) => write!(f, "malformed WAV header: {why}"),
            TapeError::NoBlocks => write!(
                f,
                "no cassette blocks found (no $3C sync byte followed by a block)"
            ),
            TapeError::BlockTooLong(n) => {
                write!(
                    f,
                    "block of {n} data bytes is too long (a cassette block holds at most 255)"
                )
            }
            TapeError::BadNamefile { len } => {
                write!(f, "namefile block has {len} bytes; it needs 15")
            }
            TapeError::NotAscii => {
                write!(f, "not an ASCII file (the namefile's ASCII flag is clear)")
            }
            TapeError::NotText { offset, byte } => {
                write!(
                    f,
                    "not an ASCII BASIC listing (byte {byte:#04x} at offset {offset}"
                )?;
                if *byte == 0 || *byte >= 0x80 {
                    write!(f, "; is it tokenized?")?;
                }
                write!(f, ")")
            }
            TapeError::NoLines => write!(f, "text listing has no lines"),
        }
    }
}

impl std::error::Error for TapeError {}

/// Rejects empty inputs and inputs over `limit` bytes; every reader calls this first.
pub fn check_size(bytes: &[u8], limit: usize) -> Result<(), TapeError> {
    if bytes.is_empty() {
        return Err(TapeError::Empty);
    }
    if bytes.len() > limit {
        return Err(TapeError::TooLarge {
            size: bytes.len(),
            limit,
        });
    }
    Ok(())
}

/// Rejects a tape with more than [`MAX_TAPE_BLOCKS`] blocks.
pub fn check_blocks<T>(blocks: &[T]) -> Result<(), TapeError> {
    if blocks.len() > MAX_TAPE_BLOCKS {
        return Err(TapeError::TooManyBlocks {
            limit: MAX_TAPE_BLOCKS,
        });
    }
    Ok(())
}
