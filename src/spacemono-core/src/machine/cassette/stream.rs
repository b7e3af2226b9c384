//! The tape as the ROM's bit and byte routines see it (docs/machine.md §12.4), for machine
//! code that reads a tape bit by bit ($8027) or byte by byte ($8024), or writes one byte by
//! byte ($801B, $801E).
//!
//! Reading: a cursor over the bits of the blocks ahead of the head, each laid out as the
//! Dragon writes it (its leader of $55 bytes if it has one, then `$55 $3C type len data
//! checksum $55`, least significant bit first). A block counts as passed (the deck's block
//! position moves past it) as soon as its first bit is read, so BASIC's next tape statement
//! starts at the block after. A block read bad shows a wrong checksum.
//!
//! Writing: the bytes are kept until the motor stops (the ROM's `$8018`, which every one of its
//! writers ends with), then the blocks in them are put on the tape after its last block, as
//! BASIC's saves are: a .cas gets the very bytes written, a .wav or .bas the blocks found in
//! them.

use super::{Deck, DeckError, TapeBlock};
use crate::formats::{
    bits::find_blocks,
    block::{LEADER, MAX_BLOCK_DATA},
    error::{MAX_CAS_BYTES, MAX_TAPE_BLOCKS},
    tape_image::tape_blocks_from,
    tapefile::LayoutOptions,
    wav::{BIT0_CPU_CYCLES, BIT1_CPU_CYCLES, CPU_HZ},
    TapeKind,
};

/// Where the bit cursor is: in the bytes of block `block`, after the motor gap before them
/// (`gap` cycles of silence still to pass) and `into` cycles into bit `bit` (the motor
/// moving the tape stops anywhere: `signal.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BitCursor {
    pub(super) block: usize,
    pub(super) bytes: Vec<u8>,
    pub(super) bit: usize,
    pub(super) gap: u64,
    pub(super) into: u32,
}

impl BitCursor {
    /// Whether bits (or the gap before them) are left in the block.
    pub(super) fn has_bits(&self) -> bool {
        self.bit < self.bytes.len() * 8
    }

    /// The value of bit `bit`.
    pub(super) fn value(&self) -> bool {
        self.bytes[self.bit / 8] >> (self.bit % 8) & 1 != 0
    }
}

/// Leader bytes in a row the ROM's leader sync ($8021) wants before it returns: it counts
/// 96 cycles of the leader's tone in one phase (DR LBDE7, `CMPA #$60`), 12 bytes of $55.
pub const LEADER_SYNC_BYTES: usize = 12;

impl Deck {
    /// The bytes of block `index` as the Dragon writes them: leader, `$55 $3C type len data
    /// checksum $55` (a bad block with a wrong checksum, a cut-short one without its end).
    fn block_stream(&self, index: usize) -> Vec<u8> {
        let b = &self.blocks[index];
        let mut out = Vec::new();
        if b.led {
            out.resize(LayoutOptions::default().leader_bytes, LEADER);
        }
        let data = &b.block.data[..b.block.data.len().min(MAX_BLOCK_DATA)];
        out.extend([LEADER, 0x3C, b.block.kind.to_byte(), data.len() as u8]);
        out.extend_from_slice(data);
        if !b.truncated {
            let sum = crate::formats::block::checksum(b.block.kind.to_byte(), data);
            out.push(if b.checksum_ok {
                sum
            } else {
                sum.wrapping_add(1)
            });
            out.push(LEADER);
        }
        out
    }

    /// Forgets the bit cursor: a block-level read or write, a rewind or a wind moved the tape
    /// (a running motor moves it on from there: `signal.rs`).
    pub(super) fn drop_cursor(&mut self) {
        self.cursor = None;
        self.moved_to = None;
    }

    /// The cursor at the next block with bits left, made if need be; false at the end of
    /// the tape (or with no tape).
    pub(super) fn cursor_with_bits(&mut self) -> bool {
        if !self.loaded {
            return false;
        }
        loop {
            let next = match &self.cursor {
                Some(c) if c.has_bits() => return true,
                Some(c) => c.block + 1,
                None => self.pos,
            };
            if next >= self.blocks.len() {
                return false;
            }
            let gap = if self.blocks[next].led {
                (LayoutOptions::default().gap_ms as f64 * CPU_HZ / 1000.0) as u64
            } else {
                0
            };
            self.cursor = Some(BitCursor {
                block: next,
                bytes: self.block_stream(next),
                bit: 0,
                gap,
                into: 0,
            });
        }
    }

    /// The next bit under the head (CasBitIn), or `None` at the end of the tape (or with no
    /// tape: the ROM would wait for a signal that never comes).
    ///
    /// The silence of a motor gap passes unseen (the ROM waits through it for an edge). A bit
    /// the moving tape stopped inside is read if the head is in its first half (the ROM waits
    /// for its low half and the next rising edge, timing it), passed over if in its second
    /// (the ROM would time what is left of it: the next whole cycle is read instead).
    pub(crate) fn read_bit(&mut self) -> Option<bool> {
        loop {
            if !self.cursor_with_bits() {
                return None;
            }
            let c = self.cursor.as_mut()?;
            c.gap = 0;
            let into = std::mem::take(&mut c.into);
            if into as f64 * 2.0
                >= if c.value() {
                    BIT1_CPU_CYCLES
                } else {
                    BIT0_CPU_CYCLES
                }
            {
                c.bit += 1;
                continue;
            }
            let bit = c.value();
            c.bit += 1;
            self.pos = self.pos.max(c.block + 1);
            return Some(bit);
        }
    }

    /// The next 8 bits, least significant first (CasByteIn), with each bit; `None` at the
    /// end of the tape.
    pub(crate) fn read_byte(&mut self) -> Option<u8> {
        let mut v = 0u8;
        for _ in 0..8 {
            v = v >> 1 | (self.read_bit()? as u8) << 7;
        }
        Some(v)
    }

    /// The leader sync (CasReadLeader): on to the next byte boundary, then past bytes until
    /// [`LEADER_SYNC_BYTES`] leader bytes in a row have gone by (the rest of the leader follows).
    /// Returns the bits passed, or `None` if the tape ended first.
    pub(crate) fn sync_to_leader(&mut self) -> Option<u64> {
        let mut bits = 0u64;
        while self.cursor.as_ref().is_some_and(|c| c.bit % 8 != 0) {
            self.read_bit()?;
            bits += 1;
        }
        let mut run = 0;
        while run < LEADER_SYNC_BYTES {
            let b = self.read_byte()?;
            bits += 8;
            run = if b == LEADER { run + 1 } else { 0 };
        }
        Some(bits)
    }

    /// A byte written by the ROM's CasByteOut ($801E): kept until the motor stops. A program
    /// that writes on without stopping it has its bytes put on the tape every
    /// [`MAX_CAS_BYTES`], so what it writes stays bounded.
    pub(crate) fn write_byte(&mut self, b: u8) -> Result<(), DeckError> {
        self.need_tape()?;
        self.written.push(b);
        if self.written.len() >= MAX_CAS_BYTES {
            self.finish_writing()?;
        }
        Ok(())
    }

    /// Whether bytes written by machine code wait for the motor to stop.
    pub(crate) fn writing(&self) -> bool {
        !self.written.is_empty()
    }

    /// The motor stopped after machine code wrote bytes: the blocks in them go on the tape
    /// after its last block (a .cas gets the bytes themselves) and the file is saved. Bytes
    /// with no block in them are dropped; a save that fails is ?IO for the program's next
    /// tape statement's sake, and told to the host as BASIC's saves are.
    pub(crate) fn finish_writing(&mut self) -> Result<(), DeckError> {
        let raw = std::mem::take(&mut self.written);
        let read = find_blocks(&raw, raw.len() as u64 * 8);
        if read.is_empty() {
            return Ok(());
        }
        let r = self.append_written(&raw, &read);
        if let Err(e @ (DeckError::File { .. } | DeckError::CannotHold { .. })) = &r {
            self.failures.push(e.clone());
        }
        r
    }

    fn append_written(
        &mut self,
        raw: &[u8],
        read: &[crate::formats::block::ReadBlock],
    ) -> Result<(), DeckError> {
        let all_good = read.iter().all(|r| r.checksum_ok && !r.truncated);
        let is_cas = self
            .backing
            .as_ref()
            .is_none_or(|b| b.kind == TapeKind::Cas);
        if !(all_good && is_cas) {
            // A .wav or .bas takes the blocks, laid out as the Dragon writes them.
            let good = read
                .iter()
                .filter(|r| r.checksum_ok && !r.truncated)
                .map(|r| r.block.clone())
                .collect();
            return self.append(good, None);
        }
        let added: Vec<TapeBlock> = tape_blocks_from(read);
        if self.blocks.len() + added.len() > MAX_TAPE_BLOCKS {
            return Err(DeckError::TapeFull);
        }
        if let Some(b) = &self.backing {
            let mut bytes = b.bytes.clone();
            bytes.extend_from_slice(raw);
            self.save_backing(bytes, &added)?;
        }
        self.blocks.extend(added);
        self.pos = self.blocks.len();
        self.drop_cursor();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::good_blocks;
    use super::*;
    use crate::formats::{cas, namefile::Namefile, tapefile::file_blocks};

    fn hello() -> Vec<crate::formats::block::Block> {
        file_blocks(&Namefile::csavem("HELLO", 0x3100, 0x3100), &[7; 300])
    }

    #[test]
    fn the_bits_read_are_the_cas_image_the_dragon_writes() {
        let blocks = hello();
        let mut deck = Deck::with_blocks(good_blocks(blocks.clone()));
        let mut read = Vec::new();
        while let Some(b) = deck.read_byte() {
            read.push(b);
        }
        assert_eq!(read, cas::write(&blocks).unwrap());
        assert_eq!(deck.position(), blocks.len());
    }

    #[test]
    fn a_block_is_passed_once_its_first_bit_is_read_and_a_block_read_forgets_the_bits() {
        let mut deck = Deck::with_blocks(good_blocks(hello()));
        assert_eq!(deck.position(), 0);
        deck.read_bit();
        assert_eq!(deck.position(), 1);
        // BASIC's next block read starts at the block after, not inside this one.
        let (index, _, _) = deck.read_block().unwrap();
        assert_eq!(index, 1);
        assert!(deck.cursor.is_none());
    }

    #[test]
    fn the_leader_sync_stops_inside_a_leader_on_a_byte() {
        let mut deck = Deck::with_blocks(good_blocks(hello()));
        let bits = deck.sync_to_leader().unwrap();
        assert_eq!(bits, LEADER_SYNC_BYTES as u64 * 8);
        // The rest of the namefile's leader, then its block.
        let leader = LayoutOptions::default().leader_bytes + 1 - LEADER_SYNC_BYTES;
        for _ in 0..leader {
            assert_eq!(deck.read_byte(), Some(LEADER));
        }
        assert_eq!(deck.read_byte(), Some(0x3C));
    }

    #[test]
    fn bytes_written_become_blocks_when_the_motor_stops() {
        let blocks = hello();
        let mut deck = Deck::with_blocks(Vec::new());
        for b in cas::write(&blocks).unwrap() {
            deck.write_byte(b).unwrap();
        }
        assert!(deck.blocks().is_empty(), "nothing before the motor stops");
        deck.set_motor(false);
        let on_tape: Vec<_> = deck.blocks().iter().map(|b| b.block.clone()).collect();
        assert_eq!(on_tape, blocks);
        assert!(!deck.writing());
    }

    thread_local! {
        static SAVED: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }

    fn save(_: &std::path::Path, bytes: &[u8]) -> Result<(), DeckError> {
        SAVED.with(|s| *s.borrow_mut() = bytes.to_vec());
        Ok(())
    }

    #[test]
    fn a_cas_tape_gets_the_very_bytes_written() {
        let old = cas::write(&hello()).unwrap();
        let mut deck = Deck::new();
        let tape = super::super::LoadedTape {
            kind: TapeKind::Cas,
            blocks: good_blocks(hello()),
            bytes: old.clone(),
        };
        deck.insert_tape(std::path::Path::new("t.cas"), tape, save);
        // A short leader of its own and a block: not the layout BASIC's saves would give.
        let mut raw = vec![LEADER; 5];
        raw.extend(crate::formats::block::Block::eof().to_bytes().unwrap());
        raw.insert(5, LEADER);
        for b in &raw {
            deck.write_byte(*b).unwrap();
        }
        deck.finish_writing().unwrap();
        let mut want = old;
        want.extend(&raw);
        assert_eq!(SAVED.with(|s| s.borrow().clone()), want);
        assert_eq!(deck.blocks().len(), hello().len() + 1);
    }
}
