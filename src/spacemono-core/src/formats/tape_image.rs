//! Tape images and their blocks: a .cas, .wav or .bas file's bytes read into the blocks a deck
//! plays (with the checksum and leader flags the deck needs), new blocks added to an image, a
//! tape holding one program written as a listing, and a save read back before it is trusted.

use super::ascii;
use super::block::{Block, ReadBlock};
use super::namefile::FileType;
use super::recording::Recording;
use super::tapefile::{group_files, layout, LayoutOptions, Segment, TapeFile};
use super::wav::{self, WavOptions};
use super::{cas, TapeError, TapeKind};

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
    pub(crate) fn to_read_block(&self) -> ReadBlock {
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

pub fn leader_flags(blocks: &[Block]) -> Vec<bool> {
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

pub(crate) fn tape_blocks_from(read: &[ReadBlock]) -> Vec<TapeBlock> {
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

/// A tape image's blocks and its recording, the signal the deck plays
/// ([`Recording`]): a .cas's bytes as they are, a .wav's samples through the comparator, a
/// listing's blocks laid out as the Dragon writes them.
pub fn recorded_tape(
    bytes: &[u8],
    kind: TapeKind,
    ascii_name: &str,
) -> Result<(Vec<TapeBlock>, Recording), TapeError> {
    match kind {
        TapeKind::Cas => {
            let read = cas::read_blocks(bytes)?;
            Ok((tape_blocks_from(&read), Recording::from_cas(bytes, &read)))
        }
        TapeKind::Wav => {
            let (read, recording) = wav::read_recording(bytes)?;
            Ok((tape_blocks_from(&read), recording))
        }
        TapeKind::Ascii => {
            let blocks = good_blocks(ascii::listing_to_blocks(ascii_name, bytes)?);
            let recording = Recording::laid_out(&blocks);
            Ok((blocks, recording))
        }
    }
}

/// Adds laid-out segments to the end of a .wav recording, in the recording's own sample rate,
/// sample size and channel count ([`wav::extend`]: the old samples are kept value for value,
/// chunks other than `fmt ` and `data` are dropped). An empty `existing` gives a new recording.
pub fn append_to_wav(existing: &[u8], segments: &[Segment]) -> Result<Vec<u8>, TapeError> {
    if existing.is_empty() {
        return wav::encode_segments(segments, &WavOptions::default());
    }
    // The recording is read as the deck reads it: chunks other than `fmt ` and `data` (a
    // LIST/INFO with the recorder's name, fact, bext, JUNK..., before, between or after them,
    // odd-sized ones with their pad bytes) are skipped. They are not written back: the new file
    // is hound's 44-byte header, the old samples and the new ones, byte for byte what appending
    // to the same recording without those chunks gives (tape_wav's appending test holds it to
    // that). Tags and notes a recorder put there are lost with the save; the deck has no use
    // for them.
    let audio = wav::parse_wav(existing)?;
    // New audio in the polarity the reader found on the tape: in the other one the reader,
    // which picks one polarity for the whole recording, would never see the new blocks.
    let polarity = match wav::best_polarity(&audio) {
        (p, _, blocks) if !blocks.is_empty() => p,
        _ => wav::Polarity::Rising,
    };
    wav::extend(&audio, segments, polarity)
}

/// Checks that a new tape image, read as the deck would read it, ends with the blocks just
/// added (a .bas listing: that it reads back to the same listing). A save is reported done
/// only after this.
pub fn read_back(kind: TapeKind, image: &[u8], added: &[TapeBlock]) -> Result<(), String> {
    let read = blocks_from_bytes(image, kind, "").map_err(|e| e.to_string())?;
    if kind == TapeKind::Ascii {
        // A listing reads back as an ASCII program: no tokens to list.
        let again = bas_image(&read, None)?;
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

/// The listing a tape holding one BASIC program is written as (a .bas tape file). An ASCII
/// program is its own text; a tokenized one is written as `tokenized_listing`, the lines LIST
/// shows for it, which only BASIC can make (formats know nothing of tokens: the CSAVE that
/// writes the program gives them, see `basic::program_tape`).
pub fn bas_image(
    blocks: &[TapeBlock],
    tokenized_listing: Option<&[Vec<u8>]>,
) -> Result<Vec<u8>, String> {
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
            file_type_name(nf.file_type, nf.ascii)
        ));
    }
    let lines = if nf.ascii {
        ascii::lines_from_payload(&f.payload())
    } else {
        tokenized_listing
            .ok_or("a tokenized program reaches a .bas tape only from CSAVE, which lists it")?
            .to_vec()
    };
    Ok(ascii::write_listing(&lines))
}

/// A file type in words (for messages).
pub fn file_type_name(t: FileType, ascii: bool) -> String {
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
