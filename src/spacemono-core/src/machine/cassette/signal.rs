//! The tape moving under the head while the motor runs, and the signal the head hands the
//! machine (docs/machine.md §12.4.1; XR `tape.c`, `dragon.c`): for machine code that turns the
//! motor on through PIA1 ($FF21 CRA bit 3, CA2) and times the cassette input (PIA1 PA0, bit 0
//! of $FF20) itself, as custom loaders do.
//!
//! The tape is the deck's blocks laid out as the Dragon writes them (`stream.rs`): a motor gap
//! of silence and a leader before a block that has one, then each bit one cycle of a wave,
//! 435 CPU cycles for a 1 and 813 for a 0 (the `--wav` writer's timing), its first half high
//! and its second low (a sine starting up from the midpoint, through the comparator: XR
//! `update_audio_from_tape`). Silence reads low; with the motor off (or no tape) the input
//! reads high, as at OK on a Dragon.
//!
//! Nothing happens per cycle: the deck notes the machine's cycle it last moved the tape to,
//! and a look at the input moves it on by the cycles since, a bit at a time. The position is
//! the bit cursor the ROM's routines read: they go on where the motor left the tape, and it
//! goes on where they left it.

use super::Deck;
use crate::formats::wav::{BIT0_CPU_CYCLES, BIT1_CPU_CYCLES};

/// The machine's cycle since power-on at cycle `now` of field `field`: the clock the tape
/// moves by.
pub fn machine_cycle(field: u64, now: u32) -> u64 {
    field * crate::timing::CYCLES_PER_FIELD as u64 + now as u64
}

/// A bit's cycle on tape, in CPU cycles.
fn bit_length(one: bool) -> u32 {
    if one {
        BIT1_CPU_CYCLES as u32
    } else {
        BIT0_CPU_CYCLES as u32
    }
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
        if !self.cursor_with_bits() {
            return false;
        }
        match &self.cursor {
            Some(c) if c.gap == 0 && c.has_bits() => c.into * 2 < bit_length(c.value()),
            // A motor gap's silence, or the tape run out.
            _ => false,
        }
    }

    /// Takes the tape as being where it is at `clock`, without moving it (the ROM's routines,
    /// answered at once, have moved it themselves: the input goes on from there).
    pub(crate) fn moved_until(&mut self, clock: u64) {
        if self.motor {
            self.moved_to = Some(clock);
        }
    }

    /// Moves the tape on to the machine's cycle `clock` while the motor runs: a block counts
    /// as passed once its leader starts under the head, as once the ROM reads its first bit.
    pub(crate) fn move_to(&mut self, clock: u64) {
        if !self.motor || !self.loaded {
            return;
        }
        let Some(from) = self.moved_to.replace(clock.max(self.moved_to.unwrap_or(0))) else {
            return;
        };
        let mut left = clock.saturating_sub(from);
        while left > 0 && self.cursor_with_bits() {
            let Some(c) = self.cursor.as_mut() else {
                return;
            };
            let gap = c.gap.min(left);
            c.gap -= gap;
            left -= gap;
            while left > 0 && c.has_bits() {
                let rest = (bit_length(c.value()) - c.into) as u64;
                if left < rest {
                    c.into += left as u32;
                    left = 0;
                } else {
                    left -= rest;
                    c.into = 0;
                    c.bit += 1;
                }
            }
            if c.gap == 0 && (c.bit > 0 || c.into > 0) {
                self.pos = self.pos.max(c.block + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{good_blocks, TapeBlock};
    use super::*;
    use crate::formats::block::Block;

    /// EOF blocks with no motor gap and leader before them.
    fn bare_eofs(n: usize) -> Vec<TapeBlock> {
        let mut blocks = good_blocks(vec![Block::eof(); n]);
        for b in &mut blocks {
            b.led = false;
        }
        blocks
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
                let len = bit_length(byte >> i & 1 != 0) as u64;
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
    fn the_motor_stopped_holds_the_tape_and_the_rom_goes_on_from_there() {
        let mut deck = Deck::with_blocks(bare_eofs(2));
        deck.motor_line(true, 0);
        // Through the first block ($55 $3C $FF $00 $FF $55) and 3 bits of the next.
        let first: u64 = [0x55u8, 0x3C, 0xFF, 0x00, 0xFF, 0x55]
            .iter()
            .map(|&b| crate::formats::wav::byte_cycles(b) as u64)
            .sum();
        let three = (BIT1_CPU_CYCLES + BIT0_CPU_CYCLES + BIT1_CPU_CYCLES) as u64;
        deck.motor_line(false, first + three + 5);
        assert_eq!(deck.position(), 2);
        // Stopped: time passes, the tape does not move.
        assert!(deck.input_level(first * 10));
        // The ROM reads on from the bit the head stopped in the first half of: bits 3-7 of
        // the second block's $55.
        let bits: Vec<bool> = (0..5).map(|_| deck.read_bit().unwrap()).collect();
        assert_eq!(bits, [false, true, false, true, false]);
        // Stopped in a bit's second half, the ROM takes the next whole one.
        deck.motor_line(true, 0);
        deck.motor_line(false, BIT1_CPU_CYCLES as u64 - 10);
        // (The $3C's bit 0, a 0 of 813 cycles, is past its half: its bit 1, a 0, is read.)
        assert_eq!(deck.read_bit(), Some(false));
        assert_eq!(deck.read_bit(), Some(true), "its bit 2");
    }
}
