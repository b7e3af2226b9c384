//! The tape as the ROM's writing routines see it (docs/machine.md §12.4.1), for machine code
//! that writes a tape byte by byte ($801B, $801E) or block by block ($B991, $B999). (Reading,
//! bit by bit or byte by byte, is the ROM's routines timing the recording: `signal.rs` and
//! `basic::machine_code::rom_cassette`.)
//!
//! The bytes are kept until the motor stops (the ROM's `$8018`, which every one of its
//! writers ends with), then the blocks in them are put on the tape after its last block, as
//! BASIC's saves are: a .cas gets the very bytes written, a .wav or .bas the blocks found in
//! them.

use super::{Deck, DeckError, TapeBlock};
use crate::formats::{
    bits::find_blocks,
    error::{MAX_CAS_BYTES, MAX_TAPE_BLOCKS},
    tape_image::tape_blocks_from,
};

impl Deck {
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
        // A .cas (the deck's recording holds bytes only) takes the very bytes.
        if !(all_good && self.recording.gapless()) {
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
        self.recording.append_bytes(raw, read);
        self.pos = self.blocks.len();
        self.head = self.recording.end();
        self.forget_motion();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{block::LEADER, cas, namefile::Namefile, tapefile::file_blocks, TapeKind};

    fn hello() -> Vec<crate::formats::block::Block> {
        file_blocks(&Namefile::csavem("HELLO", 0x3100, 0x3100), &[7; 300])
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
        let tape = super::super::LoadedTape::read(TapeKind::Cas, old.clone(), "").unwrap();
        deck.insert_tape(std::path::Path::new("t.cas"), tape, save);
        // A short leader of its own and a block: not the layout BASIC's saves would give.
        let mut raw = vec![LEADER; 5];
        raw.extend(crate::formats::block::Block::eof().to_bytes().unwrap());
        raw.insert(5, LEADER);
        for b in &raw {
            deck.write_byte(*b).unwrap();
        }
        deck.finish_writing().unwrap();
        let mut want = old.clone();
        want.extend(&raw);
        assert_eq!(SAVED.with(|s| s.borrow().clone()), want);
        assert_eq!(deck.blocks().len(), hello().len() + 1);
        // They are played as written: the new block's sync where its $3C is in them.
        let sync = deck.recording.span(hello().len()).unwrap().sync;
        let before: u64 = old
            .iter()
            .chain(&raw[..6])
            .map(|&b| crate::formats::wav::byte_cycles(b) as u64)
            .sum();
        assert_eq!(sync, before);
    }
}
