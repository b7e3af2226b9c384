//! The tape moving under the head while the motor runs, and the signal the head hands the
//! machine (docs/machine.md §12.4.1; XR `tape.c`, `dragon.c`): for machine code that turns the
//! motor on through PIA1 ($FF21 CRA bit 3, CA2) and times the cassette input (PIA1 PA0, bit 0
//! of $FF20) itself, as custom and turbo loaders do.
//!
//! The tape is its recording ([`Recording`]): a .cas's bytes as they are, a .wav's samples
//! through the comparator, blocks laid out as the Dragon writes them. The head is a time on
//! it, in CPU cycles from its start. With the motor off (or no tape) the input reads high, as
//! at OK on a Dragon.
//!
//! Nothing happens per cycle: the deck notes the machine's cycle it last moved the tape to,
//! and a look at the input moves the head on by the cycles since. The head is the one
//! position of the tape: the ROM's routines read on from it (`rom_cassette.rs`), BASIC's
//! block reads put it at the end of the block read, and BASIC's next block is the first
//! whose sync lies at or after it.

use super::Deck;
use crate::formats::recording::Run;

/// The machine's cycle since power-on at cycle `now` of field `field`: the clock the tape
/// moves by.
pub fn machine_cycle(field: u64, now: u32) -> u64 {
    field * crate::timing::CYCLES_PER_FIELD as u64 + now as u64
}

impl Deck {
    /// The motor relay as PIA1's CA2 drives it, at the machine's cycle `clock` (whatever set
    /// it: the ROM's routines, MOTOR ON, a program's own write to $FF21). The motor stopping
    /// leaves the tape where it is.
    pub(crate) fn motor_line(&mut self, on: bool, clock: u64) {
        if on == self.motor {
            return;
        }
        if on {
            self.set_motor(true);
            self.moved_to = Some(clock);
        } else {
            self.move_to(clock);
            self.set_motor(false);
        }
    }

    /// The cassette input (PIA1 PA0) at the machine's cycle `clock`.
    pub(crate) fn input_level(&mut self, clock: u64) -> bool {
        if !self.loaded || !self.motor {
            return true;
        }
        self.move_to(clock);
        self.recording.level_at(self.head)
    }

    /// Takes the tape as being where it is at `clock`, without moving it (the ROM's routines,
    /// answered at once, have moved it themselves: the input goes on from there).
    pub(crate) fn moved_until(&mut self, clock: u64) {
        if self.motor {
            self.moved_to = Some(clock);
        }
    }

    /// Moves the tape on to the machine's cycle `clock` while the motor runs.
    pub(crate) fn move_to(&mut self, clock: u64) {
        if !self.motor || !self.loaded {
            return;
        }
        let Some(from) = self.moved_to.replace(clock.max(self.moved_to.unwrap_or(0))) else {
            return;
        };
        let moved = clock.saturating_sub(from);
        if moved > 0 {
            self.head_moved_to(self.head.saturating_add(moved));
        }
    }

    /// The head is at `t` on the recording (the motor moved it there, or the ROM's routines
    /// read to there): BASIC's next block is the first whose sync is at or after it.
    pub(crate) fn head_moved_to(&mut self, t: u64) {
        self.head = t;
        self.pos = self.recording.block_at_or_after(t);
    }

    /// Where the head is on the recording, in CPU cycles from its start.
    pub fn head(&self) -> u64 {
        self.head
    }

    /// Where the recording ends.
    pub fn recording_end(&self) -> u64 {
        self.recording.end()
    }

    /// The run of the signal at `t` on the recording (the ROM's routines look ahead of the
    /// head with it).
    pub(crate) fn run_at(&mut self, t: u64) -> Run {
        self.recording.run_at(t)
    }

    /// The head put at the start of block `index`'s leader (the end of the tape past the
    /// last block), the motor's movement taken from the next look: a rewind or a wind.
    pub(super) fn head_to_block(&mut self, index: usize) {
        self.head = self
            .recording
            .span(index)
            .map_or(self.recording.end(), |s| s.lead);
        self.moved_to = None;
    }

    /// A block-level read or write moved the tape (a running motor moves it on from the next
    /// look).
    pub(super) fn forget_motion(&mut self) {
        self.moved_to = None;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{good_blocks, TapeBlock};
    use super::*;
    use crate::formats::block::Block;
    use crate::formats::wav::{BIT0_CPU_CYCLES, BIT1_CPU_CYCLES};

    /// EOF blocks with no motor gap and leader before them.
    fn bare_eofs(n: usize) -> Vec<TapeBlock> {
        let mut blocks = good_blocks(vec![Block::eof(); n]);
        for b in &mut blocks {
            b.led = false;
        }
        blocks
    }

    fn bit_length(one: bool) -> u64 {
        if one {
            BIT1_CPU_CYCLES as u64
        } else {
            BIT0_CPU_CYCLES as u64
        }
    }

    #[test]
    fn the_input_follows_the_bits_the_dragon_writes_while_the_motor_runs() {
        let mut deck = Deck::with_blocks(bare_eofs(1));
        assert!(deck.input_level(0), "the motor off: no signal, reads high");
        deck.motor_line(true, 1000);
        // No leader before it: `$55 $3C $FF $00 $FF $55` from the start.
        let bytes = Block::eof().to_bytes().unwrap();
        assert_eq!(bytes.len(), 5);
        let bytes = [&[0x55], &bytes[..]].concat();
        let mut at = 1000u64;
        for byte in bytes {
            for i in 0..8 {
                let len = bit_length(byte >> i & 1 != 0);
                assert!(deck.input_level(at), "high at a bit's start");
                assert!(deck.input_level(at + len / 2 - 1));
                assert!(
                    !deck.input_level(at + len / 2 + 1),
                    "low in its second half"
                );
                at += len;
            }
        }
        assert!(!deck.input_level(at + 10_000), "run out: no edges");
        assert_eq!(deck.position(), 1);
        deck.motor_line(false, at + 20_000);
        assert!(deck.input_level(at + 30_000));
    }

    #[test]
    fn the_motor_stopped_holds_the_tape_and_basic_reads_the_next_block_at_or_after_the_head() {
        let mut deck = Deck::with_blocks(bare_eofs(2));
        deck.motor_line(true, 0);
        // Into the first block's $55, before its sync: BASIC would still read it.
        deck.motor_line(false, 100);
        assert_eq!(deck.position(), 0);
        assert_eq!(deck.head(), 100);
        // Stopped: time passes, the tape does not move.
        assert!(deck.input_level(1_000_000));
        assert_eq!(deck.head(), 100);
        // On past the first block's sync: BASIC's next block is the second.
        deck.motor_line(true, 2_000_000);
        deck.motor_line(false, 2_000_000 + 8 * 813);
        assert_eq!(deck.position(), 1);
        // A block read puts the head at the end of the block read.
        let (index, _, _) = deck.read_block().unwrap();
        assert_eq!(index, 1);
        assert_eq!(deck.head(), deck.recording.span(1).unwrap().end);
    }
}
