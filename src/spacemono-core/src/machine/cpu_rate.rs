//! What the SAM's rate does to time (docs/machine.md §11): at the address-dependent rate
//! (`POKE 65495,0`) every access outside RAM and PIA0 takes half a cycle of the normal rate;
//! at the fast rate every access does.
//!
//! The field's cycle count (`Hardware::cycles`) is kept in BASIC's cost model's cycles,
//! which are cycles at the normal rate of the ROM's own code. BASIC runs from ROM, so at the
//! address-dependent rate its work takes [`BASIC_AD_PER_MILLE`] of the time: the field then
//! holds more of its cycles ([`field_budget`]). Machine code is timed from its own accesses
//! and converted to the same count ([`machine_code_cost`]).

use crate::machine::sam::Rate;
use crate::timing::CYCLES_PER_FIELD;

/// The share of its normal time, in thousandths, the ROM's BASIC takes at the
/// address-dependent rate: its RAM and PIA0 accesses stay slow, its ROM fetches and dead
/// cycles go at twice the speed. From the share of the ROM's bus cycles that are RAM
/// accesses (docs/machine.md §11).
pub const BASIC_AD_PER_MILLE: u32 = 680;

/// The share of its normal time, in thousandths, BASIC takes at `rate`.
#[inline]
pub fn basic_per_mille(rate: Rate) -> u32 {
    match rate {
        Rate::Slow => 1000,
        Rate::AddressDependent => BASIC_AD_PER_MILLE,
        Rate::Fast => 500,
    }
}

/// The cycles of BASIC's cost model a field holds at `rate`.
#[inline]
pub fn field_budget(rate: Rate) -> u32 {
    CYCLES_PER_FIELD * 1000 / basic_per_mille(rate)
}

/// Machine code's `cycles` (the 6809's count), `slow_accesses` of them to RAM or PIA0, in
/// half cycles of the normal rate at `rate`.
#[inline]
pub fn machine_code_half_cycles(rate: Rate, cycles: u32, slow_accesses: u32) -> u32 {
    match rate {
        Rate::Slow => cycles * 2,
        Rate::AddressDependent => {
            let slow = slow_accesses.min(cycles);
            slow * 2 + (cycles - slow)
        }
        Rate::Fast => cycles,
    }
}

/// Half cycles of the normal rate as cycles of BASIC's cost model at `rate`, with the
/// remainder carried in `carry` (in 1/2000ths of a cycle) so that nothing is lost.
#[inline]
pub fn machine_code_cost(rate: Rate, half_cycles: u32, carry: &mut u32) -> u32 {
    if rate == Rate::Slow {
        return half_cycles / 2;
    }
    let scaled = half_cycles * 1000 + *carry;
    let per = 2 * basic_per_mille(rate);
    *carry = scaled % per;
    scaled / per
}

/// A cycle of BASIC's cost model at `rate` as a cycle of the field (for the moment a sound
/// change is heard).
#[inline]
pub fn field_cycle(rate: Rate, cycles: u32) -> u32 {
    if rate == Rate::Slow {
        cycles
    } else {
        (cycles as u64 * basic_per_mille(rate) as u64 / 1000) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_rates_give_the_field_more_of_basics_cycles() {
        assert_eq!(field_budget(Rate::Slow), CYCLES_PER_FIELD);
        assert_eq!(field_budget(Rate::Fast), 2 * CYCLES_PER_FIELD);
        assert!(field_budget(Rate::AddressDependent) > CYCLES_PER_FIELD);
    }

    #[test]
    fn machine_code_pays_full_cycles_for_ram_and_half_for_the_rest() {
        // 10 cycles, 4 of them RAM accesses: 4 + 6/2 = 7 cycles of the normal rate.
        assert_eq!(machine_code_half_cycles(Rate::AddressDependent, 10, 4), 14);
        assert_eq!(machine_code_half_cycles(Rate::Slow, 10, 4), 20);
        assert_eq!(machine_code_half_cycles(Rate::Fast, 10, 4), 10);
        // More accesses counted than cycles (PEEKs between) cannot make it slower.
        assert_eq!(machine_code_half_cycles(Rate::AddressDependent, 4, 9), 8);
        // Converted and carried: a thousand 7-cycle pieces are 7000 real cycles.
        let mut carry = 0;
        let total: u32 = (0..1000)
            .map(|_| machine_code_cost(Rate::AddressDependent, 14, &mut carry))
            .sum();
        let want = 7000 * 1000 / BASIC_AD_PER_MILLE;
        assert!(total.abs_diff(want) <= 1, "{total} {want}");
    }
}
