//! Tape blocks with their leader flags, and how long each takes to play.

use super::*;

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

pub(super) fn leader_flags(blocks: &[Block]) -> Vec<bool> {
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

pub(super) fn tape_blocks_from(read: &[ReadBlock]) -> Vec<TapeBlock> {
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
