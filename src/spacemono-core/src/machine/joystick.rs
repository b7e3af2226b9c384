//! The two joysticks (right: port 0, left: port 1) as the host sets them: each axis a
//! position 0-63 as JOYSTK reads it, and a fire button each.

/// Which axis: JOYSTK's argument (0 right X, 1 right Y, 2 left X, 3 left Y).
pub const AXES: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Joysticks {
    /// Each axis's position, 0-63.
    pub axes: [u8; AXES],
    /// The fire buttons: right, left.
    pub fire: [bool; 2],
}

impl Default for Joysticks {
    /// Both sticks centred, as a self-centring stick at rest (JOYSTK reads 31 on each axis).
    fn default() -> Self {
        Joysticks {
            axes: [31; AXES],
            fire: [false; 2],
        }
    }
}

/// Where the ROM keeps what its last joystick read found: JOYSTK(n) gives the byte at
/// `SAMPLED + n` (docs/machine.md §18).
pub const SAMPLED: u16 = 0x015A;

/// Conversions the ROM makes of an axis before it gives up waiting for one that equals the
/// value stored from the last read, and keeps the last it made.
const TRIES: u32 = 10;

/// The call into the read from JOYSTK(0): `JSR $8012` and the jump table's `JMP $BD52`.
pub const CALL_CYCLES: u32 = 8 + 4;

/// One conversion of an axis that reads `value`: six trial values sent to the DAC, each
/// 33 cycles when the comparator says low and 30 when it says high (the bits of the result
/// are those answers, high for a 1), then the shifts and the comparison with the stored
/// value.
const fn conversion_cycles(value: u8) -> u32 {
    3 + (6 * 33 - 3 * value.count_ones()) + 2 + 2 + 5 + 3
}

/// The ROM's joystick read (SysReadJoystick, $BD52) in cycles, from its first instruction
/// to its return, for sticks at `axes` when the last read stored `last`: each axis, 3 down
/// to 0, is selected on the multiplexer and converted, again up to ten times while the
/// result differs from what is stored (a stick that moved costs ten conversions).
pub const fn read_cycles(axes: [u8; AXES], last: [u8; AXES]) -> u32 {
    // LEAS -3,S; LDX #$015E; LDB #3 ... PULS A,X,PC.
    let mut cycles = 5 + 3 + 2 + 10;
    let mut axis = 0;
    while axis < AXES {
        let value = axes[axis];
        // LDA #10; STD 1,S; BSR to the select (LDU, BSR, two passes of 23 cycles, 2 more
        // for each select bit set); after the conversions STB ,-X; LDB 2,S; DECB; BPL.
        cycles += 2 + 6 + 7 + (3 + 7 + 46 + 2 * (axis as u32).count_ones()) + 16;
        cycles += if value == last[axis] {
            conversion_cycles(value)
        } else {
            // Each failed try: DEC 1,S; BNE.
            TRIES * (conversion_cycles(value) + 7 + 3)
        };
        axis += 1;
    }
    cycles
}

/// JOYSTK(0)'s read with both sticks at rest in the middle, read there before: what the
/// measured cost of `A=JOYSTK(0)` (docs/timing.md §2.9) includes.
pub const AT_REST_CYCLES: u32 = CALL_CYCLES + read_cycles([31; AXES], [31; AXES]);

impl Joysticks {
    /// The ROM's joystick read: every axis's position stored at [`SAMPLED`] + axis, as
    /// JOYSTK(0) and machine code's `JSR $8012` do; returns the cycles the read takes
    /// (without the call: [`CALL_CYCLES`]).
    pub fn sample(&self, mem: &mut crate::machine::memory::Memory) -> u32 {
        let mut last = [0; AXES];
        for (axis, stored) in last.iter_mut().enumerate() {
            *stored = mem.peek(SAMPLED + axis as u16);
            mem.poke(SAMPLED + axis as u16, self.axes[axis]);
        }
        read_cycles(self.axes, last)
    }
}

/// The last trial value (0-63) the ROM's successive approximation sends to the DAC for an
/// axis at `position`: 32, then up or down by 16, 8, 4, 2 and 1 as the comparator says the
/// axis is at or above the trial or below it (DR `LBD5F`-`LBD75`: the sixth step's answer
/// only sets the result's last bit and is never written).
pub const fn last_trial(position: u8) -> u8 {
    let mut trial = 32;
    let mut step = 16;
    while step > 0 {
        if position >= trial {
            trial += step;
        } else {
            trial -= step;
        }
        step /= 2;
    }
    trial
}

impl crate::machine::hardware::Hardware {
    /// The ROM's joystick read (`JSR $8012`, JOYSTK(0)), with what it leaves in the chips:
    /// every axis stored at [`SAMPLED`], the analogue mux back on axis 0 (CA2 and CB2 of
    /// PIA0 low: SysSelJoystick for axis 0, which also makes the DAC the sound mux's
    /// source) and the DAC at axis 0's last trial value (PIA1 PA7-PA2, PA1-PA0 written 0).
    /// Returns the read's cycles (without the call: [`CALL_CYCLES`]).
    pub fn read_joysticks(&mut self) -> u32 {
        let cycles = self.joysticks.sample(&mut self.mem);
        self.select_mux(0);
        let now = self.field_cycle();
        self.io
            .write(0xFF20, last_trial(self.joysticks.axes[0]) << 2, now);
        cycles
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::memory::Memory;

    #[test]
    fn a_read_stores_every_axis_where_joystk_looks() {
        let mut mem = Memory::new();
        let sticks = Joysticks {
            axes: [1, 2, 3, 63],
            fire: [false; 2],
        };
        sticks.sample(&mut mem);
        assert_eq!(mem.slice(SAMPLED, SAMPLED + 4), &[1, 2, 3, 63]);
    }

    #[test]
    fn the_last_trial_is_the_result_or_one_above_it() {
        // The result is the last trial when the comparator last said "at or above", else
        // one less.
        assert_eq!(last_trial(31), 31);
        assert_eq!(last_trial(0), 1);
        assert_eq!(last_trial(63), 63);
        assert_eq!(last_trial(32), 33);
        for p in 0..64 {
            let t = last_trial(p);
            assert!(t == p || t == p + 1, "{p}: {t}");
        }
    }

    #[test]
    fn a_read_costs_what_the_roms_instructions_add_up_to() {
        // At rest: 20 to enter and leave, per axis 87 (+2 per select bit: 0+1+1+2) and one
        // conversion of 31 (five bits high): 213 - 15.
        assert_eq!(read_cycles([31; 4], [31; 4]), 20 + 4 * 87 + 8 + 4 * 198);
        assert_eq!(AT_REST_CYCLES, 12 + 1_168);
        // An axis that moved converts ten times, each failed try 10 cycles more.
        let moved = read_cycles([31, 31, 31, 0], [31, 31, 31, 31]);
        assert_eq!(moved - read_cycles([31; 4], [31; 4]), 10 * (213 + 10) - 198);
        // The first read after power-on finds zeros stored: every axis at 31 has moved.
        let mut mem = Memory::new();
        let first = Joysticks::default().sample(&mut mem);
        let again = Joysticks::default().sample(&mut mem);
        assert_eq!(again, read_cycles([31; 4], [31; 4]));
        assert_eq!(first - again, 4 * (10 * (198 + 10) - 198));
    }
}
