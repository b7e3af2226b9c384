//! The tape deck across a snapshot restore (F9). The machine comes back as it was; the tape
//! is the person's, as in XRoar and MAME (neither keeps the cassette in a snapshot or saved
//! state: the tape in the deck stays, wound where it was). A snapshot must replay its own
//! copy of the tapes it saw, so after the replay the tape the deck held before F9 goes back
//! in through the journal (a later snapshot replays it too): a tape from a file is read again
//! from that file, so saves still reach it; a tape with no file behind it (the built-in one)
//! goes back as its blocks. It is then wound on to the start of the file the head was in.

use super::Driver;
use spacemono_core::tape::{cas, BlockType, Deck, TapeBlock, TapeKind};

impl Driver {
    /// After a restore: the tape of `before` (the deck before F9) put back in this machine.
    pub(super) fn keep_deck(&mut self, before: &Deck) {
        if !before.has_tape() {
            if self.machine.tape().has_tape() {
                self.machine.eject_tape();
            }
            return;
        }
        let from_file = before.path().map(|path| {
            crate::frontend::tape_file::insert_into(&mut self.machine, path)
                .map(|_warned_at_first_insert| ())
                .map_err(|e| e.to_string())
        });
        if let Some(Err(e)) = &from_file {
            self.notices
                .push(format!("{e}; the deck keeps a copy of the tape as it was"));
        }
        let same_tape = before.path().is_none() && self.machine.tape().blocks() == before.blocks();
        if same_tape {
            // The snapshot's deck holds this very tape (the built-in one, say): only wound,
            // so the journal does not grow by a tape at every F9.
            self.machine.rewind_tape();
        } else if !matches!(from_file, Some(Ok(()))) {
            if let Err(e) = self.insert_copy(before.blocks()) {
                self.notices.push(format!(
                    "the tape could not be kept ({e}): the snapshot's is in"
                ));
                return;
            }
        }
        let target = file_start(self.machine.tape().blocks(), before.position());
        while self.machine.tape().position() < target {
            self.machine.wind_tape_to_next_file();
        }
    }

    /// A tape of these blocks, with no file behind it, into the deck.
    fn insert_copy(&mut self, blocks: &[TapeBlock]) -> Result<(), spacemono_core::tape::TapeError> {
        let blocks: Vec<_> = blocks.iter().map(|b| b.block.clone()).collect();
        let bytes = cas::write(&blocks)?;
        self.machine.insert_tape_image(TapeKind::Cas, "", &bytes)
    }
}

/// Where the file holding block `pos` starts (its namefile block), or the tape's end when
/// `pos` is there: the deck can wind on to either.
fn file_start(blocks: &[TapeBlock], pos: usize) -> usize {
    if pos >= blocks.len() {
        return blocks.len();
    }
    (0..=pos)
        .rev()
        .find(|&i| blocks[i].block.kind == BlockType::Namefile)
        .unwrap_or(0)
}
