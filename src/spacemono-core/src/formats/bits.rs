//! Bit streams as the cassette carries them (least significant bit of each byte first) and the
//! block finder shared by the .cas and .wav readers.
//!
//! Like the ROM (DR `LB945`) and MAME (`coco_cas.cpp get_cas_block`), the finder hunts bit by bit
//! for the `$3C` sync byte, so blocks need not sit on byte boundaries; each block is then read in
//! its own bit phase.

use super::block::{checksum, Block, BlockType, ReadBlock, LEADER, SYNC};

/// A packed bit stream: bit `i` is bit `i % 8` of byte `i / 8`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BitStream {
    pub bytes: Vec<u8>,
    pub len_bits: u64,
}

impl BitStream {
    pub fn new() -> BitStream {
        BitStream::default()
    }

    /// All the bits of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> BitStream {
        BitStream {
            bytes: bytes.to_vec(),
            len_bits: bytes.len() as u64 * 8,
        }
    }

    pub fn push(&mut self, bit: bool) {
        let i = self.len_bits;
        if i.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if bit {
            if let Some(last) = self.bytes.last_mut() {
                *last |= 1 << (i % 8);
            }
        }
        self.len_bits += 1;
    }

    pub fn push_byte(&mut self, byte: u8) {
        for i in 0..8 {
            self.push(byte >> i & 1 != 0);
        }
    }

    pub fn get(&self, i: u64) -> Option<bool> {
        bit_at(&self.bytes, self.len_bits, i)
    }

    pub fn is_empty(&self) -> bool {
        self.len_bits == 0
    }

    /// Finds every block (see [`find_blocks`]).
    pub fn blocks(&self) -> Vec<ReadBlock> {
        find_blocks(&self.bytes, self.len_bits)
    }
}

fn bit_at(bytes: &[u8], len_bits: u64, i: u64) -> Option<bool> {
    if i >= len_bits {
        return None;
    }
    let byte = *bytes.get(usize::try_from(i / 8).ok()?)?;
    Some(byte >> (i % 8) & 1 != 0)
}

/// The 8 bits from bit `pos` on, LSB first; `None` past the end.
fn byte_at(bytes: &[u8], len_bits: u64, pos: u64) -> Option<u8> {
    if pos.checked_add(8)? > len_bits {
        return None;
    }
    let idx = usize::try_from(pos / 8).ok()?;
    let shift = (pos % 8) as u32;
    let lo = *bytes.get(idx)? as u16;
    let hi = if shift == 0 {
        0
    } else {
        *bytes.get(idx + 1)? as u16
    };
    Some(((lo | hi << 8) >> shift) as u8)
}

/// Longest leader we bother to count back over.
const MAX_LEADER_COUNT: usize = 1 << 16;
/// A block with a bad checksum and too little leader is still believed if it starts this close
/// (in bits) after a data block ended: back-to-back blocks whose `$55`s were damaged.
const BACK_TO_BACK_SLACK: u64 = 24;
/// `$55` bytes that must lead a block with a bad checksum for it to be believed. Back-to-back
/// blocks have two (the previous block's trailing `$55` and their own); requiring two rather
/// than one makes a chance `$55 $3C` in noise 256 times less likely to pass.
const MIN_LEADER_FOR_BAD_BLOCK: usize = 2;

struct Candidate {
    read: ReadBlock,
    /// Bit position just after the checksum byte (or the end of the stream if truncated).
    end: u64,
}

struct Finder<'a> {
    bytes: &'a [u8],
    len_bits: u64,
}

impl Finder<'_> {
    /// The position of the next `$3C` whose first bit is at or after `from`.
    fn next_sync(&self, from: u64) -> Option<u64> {
        let mut reg: u8 = 0;
        let mut have = 0u32;
        let mut i = from;
        while i < self.len_bits {
            let idx = usize::try_from(i / 8).ok()?;
            let byte = *self.bytes.get(idx)?;
            let base = i - i % 8;
            let stop = (self.len_bits - base).min(8);
            for k in i % 8..stop {
                reg = reg >> 1 | (byte >> k & 1) << 7;
                have += 1;
                if have >= 8 && reg == SYNC {
                    return Some(base + k - 7);
                }
            }
            i = base + 8;
        }
        None
    }

    fn leader_before(&self, sync: u64) -> usize {
        let mut n = 0;
        let mut pos = sync;
        while n < MAX_LEADER_COUNT && pos >= 8 {
            pos -= 8;
            if byte_at(self.bytes, self.len_bits, pos) != Some(LEADER) {
                break;
            }
            n += 1;
        }
        n
    }

    /// Reads the block whose sync starts at `sync`; `None` if not even type and length follow.
    fn parse(&self, sync: u64) -> Option<Candidate> {
        let at = |k: u64| byte_at(self.bytes, self.len_bits, sync + 8 * k);
        let kind = at(1)?;
        let len = at(2)?;
        let mut data = Vec::with_capacity(len as usize);
        let mut truncated = false;
        for k in 0..len as u64 {
            match at(3 + k) {
                Some(b) => data.push(b),
                None => {
                    truncated = true;
                    break;
                }
            }
        }
        let stored = if truncated { None } else { at(3 + len as u64) };
        let truncated = truncated || stored.is_none();
        let ok = stored == Some(checksum(kind, &data)) && data.len() == len as usize;
        let end = if truncated {
            self.len_bits
        } else {
            sync + 8 * (4 + len as u64)
        };
        Some(Candidate {
            read: ReadBlock {
                block: Block {
                    kind: BlockType::from_byte(kind),
                    data,
                },
                stored_checksum: stored.unwrap_or(0),
                checksum_ok: ok && !truncated,
                truncated,
                bit_offset: sync,
                leader_bytes: self.leader_before(sync),
            },
            end,
        })
    }

    /// The first good block (checksum right, led by at least one `$55`) whose sync lies in
    /// `from..before`.
    fn good_block_within(&self, from: u64, before: u64) -> Option<u64> {
        let mut pos = from;
        while let Some(s) = self.next_sync(pos) {
            if s >= before {
                return None;
            }
            if let Some(c) = self.parse(s) {
                if c.read.checksum_ok && c.read.leader_bytes >= 1 {
                    return Some(s);
                }
            }
            pos = s + 1;
        }
        None
    }
}

/// Finds every block in the first `len_bits` bits of `bytes`.
///
/// - A block whose checksum is right is always taken.
/// - A block whose checksum is wrong, or which the stream cuts short, is taken (flagged
///   `checksum_ok: false`) only if at least two `$55`s in its phase lead it, or it starts right
///   after a data block; otherwise its `$3C` is taken to be junk and the hunt goes on from the
///   next bit.
/// - After a flagged block the hunt resumes at its end, unless a good block starts inside it
///   (its length byte was damaged), in which case it resumes there.
///
/// It stops after one block more than a tape may hold
/// ([`MAX_TAPE_BLOCKS`](super::error::MAX_TAPE_BLOCKS)), enough for the reader to refuse it.
pub fn find_blocks(bytes: &[u8], len_bits: u64) -> Vec<ReadBlock> {
    let len_bits = len_bits.min(bytes.len() as u64 * 8);
    let f = Finder { bytes, len_bits };
    let mut out = Vec::new();
    let mut pos = 0u64;
    // Where the last data block ended: only after one can the next block follow back to back.
    let mut prev_data_end: Option<u64> = None;
    // One past the most a tape may hold is enough to refuse it (`error::check_blocks`).
    while out.len() <= super::error::MAX_TAPE_BLOCKS {
        let Some(sync) = f.next_sync(pos) else { break };
        let Some(c) = f.parse(sync) else { break };
        let is_data = c.read.block.kind == BlockType::Data;
        if c.read.checksum_ok {
            pos = c.end;
            prev_data_end = is_data.then_some(c.end);
            out.push(c.read);
            continue;
        }
        let right_after =
            prev_data_end.is_some_and(|e| sync >= e && sync - e <= BACK_TO_BACK_SLACK);
        if c.read.leader_bytes < MIN_LEADER_FOR_BAD_BLOCK && !right_after {
            pos = sync + 1;
            continue;
        }
        let end = match f.good_block_within(sync + 1, c.end) {
            Some(s) => s,
            None => c.end,
        };
        pos = end.max(sync + 1);
        prev_data_end = is_data.then_some(end);
        out.push(c.read);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_at_reads_across_bytes_lsb_first() {
        let bytes = [0b1010_0000u8, 0b0000_0111];
        // bits 5.. : 1,0,1, then 1,1,1,0,0
        assert_eq!(byte_at(&bytes, 16, 5), Some(0b0011_1101));
        assert_eq!(byte_at(&bytes, 16, 9), None);
    }

    #[test]
    fn push_and_get_agree() {
        let mut s = BitStream::new();
        s.push_byte(0x3C);
        s.push(true);
        assert_eq!(s.len_bits, 9);
        assert_eq!(s.bytes, vec![0x3C, 1]);
        assert_eq!(s.get(2), Some(true));
        assert_eq!(s.get(9), None);
    }
}
