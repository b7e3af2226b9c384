//! One cassette block: `$55 $3C type len data[len] checksum $55` (docs/machine.md §3, DR `CasBlockOut`).

use super::error::TapeError;

/// The sync byte that starts every block.
pub const SYNC: u8 = 0x3C;
/// The leader byte, also written once before the sync and once after the checksum.
pub const LEADER: u8 = 0x55;
/// The most data bytes one block can hold (its length is one byte).
pub const MAX_BLOCK_DATA: usize = 255;

/// The block type byte: $00 namefile, $01 data, $FF end of file; anything else is kept as is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlockType {
    Namefile,
    Data,
    Eof,
    Other(u8),
}

impl BlockType {
    pub fn from_byte(b: u8) -> BlockType {
        match b {
            0x00 => BlockType::Namefile,
            0x01 => BlockType::Data,
            0xFF => BlockType::Eof,
            other => BlockType::Other(other),
        }
    }

    pub fn to_byte(self) -> u8 {
        match self {
            BlockType::Namefile => 0x00,
            BlockType::Data => 0x01,
            BlockType::Eof => 0xFF,
            BlockType::Other(b) => b,
        }
    }
}

/// A block as written to tape. `data` must hold at most 255 bytes to be written
/// ([`Block::to_bytes`] refuses more).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub kind: BlockType,
    pub data: Vec<u8>,
}

impl Block {
    /// A block, refusing more than 255 data bytes.
    pub fn new(kind: BlockType, data: Vec<u8>) -> Result<Block, TapeError> {
        if data.len() > MAX_BLOCK_DATA {
            return Err(TapeError::BlockTooLong(data.len()));
        }
        Ok(Block { kind, data })
    }

    /// The zero-length end-of-file block.
    pub fn eof() -> Block {
        Block {
            kind: BlockType::Eof,
            data: Vec::new(),
        }
    }

    /// The checksum the Dragon writes: (type + len + Σdata) mod 256. The length byte is taken as
    /// `len mod 256`, so an over-long block still gets a value (it cannot be written anyway).
    pub fn checksum(&self) -> u8 {
        checksum(self.kind.to_byte(), &self.data)
    }

    /// The bytes from the sync to the trailing `$55`: `$3C type len data checksum $55`.
    /// The leading `$55` is part of the leader and is written by whoever lays out the tape.
    pub fn to_bytes(&self) -> Result<Vec<u8>, TapeError> {
        if self.data.len() > MAX_BLOCK_DATA {
            return Err(TapeError::BlockTooLong(self.data.len()));
        }
        let mut out = Vec::with_capacity(self.data.len() + 5);
        out.push(SYNC);
        out.push(self.kind.to_byte());
        out.push(self.data.len() as u8);
        out.extend_from_slice(&self.data);
        out.push(self.checksum());
        out.push(LEADER);
        Ok(out)
    }
}

/// (type + len + Σdata) mod 256, with `len` the data length mod 256.
pub fn checksum(kind: u8, data: &[u8]) -> u8 {
    data.iter()
        .fold(kind.wrapping_add(data.len() as u8), |sum, &b| {
            sum.wrapping_add(b)
        })
}

/// Splits a payload into data blocks of at most 255 bytes, as the ROM fills its buffer.
/// An empty payload gives no blocks.
pub fn data_blocks(payload: &[u8]) -> Vec<Block> {
    payload
        .chunks(MAX_BLOCK_DATA)
        .map(|c| Block {
            kind: BlockType::Data,
            data: c.to_vec(),
        })
        .collect()
}

/// A block found in a stream, with what the reader learned about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadBlock {
    pub block: Block,
    /// The checksum byte found on tape (0 if the stream ended first).
    pub stored_checksum: u8,
    /// True when the stored checksum matches and the block is complete. A false here is what
    /// makes the ROM give ?IO ERROR when it reads this block.
    pub checksum_ok: bool,
    /// True when the stream ended inside the block (its data is what was there).
    pub truncated: bool,
    /// Bit position of the first bit of the `$3C` sync byte in the stream (bits counted LSB first
    /// from the start of the .cas image, or from the first decoded cycle of a .wav).
    pub bit_offset: u64,
    /// How many `$55` bytes, in the block's own bit phase, directly precede the sync.
    pub leader_bytes: usize,
}
