//! What the SAM's rate does to time (docs/machine.md §15): at the address-dependent rate
//! (`POKE 65495,0`) every access outside RAM and PIA0 takes half a cycle of the normal rate;
//! at the fast rate every access does.
//!
//! The field's cycle count (`Hardware::cycles`) is kept in BASIC's cost model's cycles,
//! which are cycles at the normal rate of the ROM's own code. BASIC runs from ROM, so at the
//! address-dependent rate its work takes [`BASIC_AD_PER_MILLE`] of the time: the field then
//! holds more of its cycles ([`field_budget`]). Machine code is timed from its own accesses
//! ([`machine_code_millicycles`]) and converted to the same count ([`machine_code_cost`]).

use crate::machine::sam::Rate;
use crate::timing::CYCLES_PER_FIELD;

/// The share of its normal time, in thousandths, the ROM's BASIC takes at the
/// address-dependent rate: measured on the genuine ROM's own bus cycles (docs/machine.md §15:
/// 0.725-0.748 over six kinds of loop, 0.734 on average).
pub const BASIC_AD_PER_MILLE: u32 = 734;

/// What each access to RAM or PIA0 adds, in thousandths of a normal-rate cycle, to the half
/// cycle every cycle takes at the address-dependent rate: the slow access itself and the
/// SAM's changes of rate around it (docs/machine.md §15: fitted to the ROM's bus cycles, where
/// 28.5 % RAM accesses give 0.739 of the time).
pub const AD_SLOW_ACCESS_MILLE: u32 = 840;

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
    // Worked out once, not divided at every field's end.
    const SLOW: u32 = CYCLES_PER_FIELD;
    const AD: u32 = CYCLES_PER_FIELD * 1000 / BASIC_AD_PER_MILLE;
    const FAST: u32 = CYCLES_PER_FIELD * 1000 / 500;
    match rate {
        Rate::Slow => SLOW,
        Rate::AddressDependent => AD,
        Rate::Fast => FAST,
    }
}

/// How long machine code's `cycles` (the 6809's count), `slow_accesses` of them to RAM or
/// PIA0, take at `rate`, in thousandths of a normal-rate cycle (never longer than at the
/// normal rate).
#[inline]
pub fn machine_code_millicycles(rate: Rate, cycles: u32, slow_accesses: u32) -> u64 {
    let cycles = cycles as u64;
    match rate {
        Rate::Slow => 1000 * cycles,
        Rate::AddressDependent => {
            let slow = slow_accesses.min(cycles as u32) as u64;
            (500 * cycles + AD_SLOW_ACCESS_MILLE as u64 * slow).min(1000 * cycles)
        }
        Rate::Fast => 500 * cycles,
    }
}

/// Thousandths of a normal-rate cycle as cycles of BASIC's cost model at `rate`, with the
/// remainder carried in `carry` so that nothing is lost.
#[inline]
pub fn machine_code_cost(rate: Rate, millicycles: u64, carry: &mut u32) -> u32 {
    let scaled = millicycles * 1000 + *carry as u64;
    let per = 1000 * basic_per_mille(rate) as u64;
    *carry = (scaled % per) as u32;
    (scaled / per) as u32
}

/// The least time, in thousandths of a normal-rate cycle, whose cost at `rate` converted
/// with `carry` ([`machine_code_cost`]) reaches `cycles` of BASIC's cost model: how long
/// machine code may run before a field's budget is spent.
#[inline]
pub fn millicycles_to_reach(rate: Rate, cycles: u32, carry: u32) -> u64 {
    let per = 1000 * basic_per_mille(rate) as u64;
    (cycles as u64 * per)
        .saturating_sub(carry as u64)
        .div_ceil(1000)
}

/// A count of BASIC's cost model's cycles at `rate` as a cycle of the field, at most the
/// field's length (for the moment a sound change is heard).
#[inline]
pub fn field_cycle(rate: Rate, cycles: u32) -> u32 {
    let cycle = if rate == Rate::Slow {
        cycles
    } else {
        (cycles as u64 * basic_per_mille(rate) as u64 / 1000) as u32
    };
    cycle.min(CYCLES_PER_FIELD)
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
    fn the_time_to_reach_a_count_is_the_least_that_reaches_it() {
        for rate in [Rate::Slow, Rate::AddressDependent, Rate::Fast] {
            for carry in [0, 1, 999, 1000, 333_333, 499_999, 733_999] {
                for cycles in [1, 2, 7, 17_784, 24_228] {
                    let m = millicycles_to_reach(rate, cycles, carry);
                    let cost = |m| machine_code_cost(rate, m, &mut carry.clone());
                    assert!(cost(m) >= cycles, "{rate:?} {carry} {cycles}: {m} short");
                    assert!(
                        m == 0 || cost(m - 1) < cycles,
                        "{rate:?} {carry} {cycles}: {m} not the least"
                    );
                }
            }
        }
    }

    #[test]
    fn machine_code_pays_more_for_ram_than_for_the_rest() {
        // 10 cycles, 4 of them RAM accesses: 5 + 4 x 0.84 normal-rate cycles.
        assert_eq!(
            machine_code_millicycles(Rate::AddressDependent, 10, 4),
            8360
        );
        assert_eq!(machine_code_millicycles(Rate::Slow, 10, 4), 10_000);
        assert_eq!(machine_code_millicycles(Rate::Fast, 10, 4), 5000);
        // Never slower than the normal rate, whatever was counted (PEEKs between).
        assert_eq!(machine_code_millicycles(Rate::AddressDependent, 4, 9), 4000);
        // At the normal rate a cycle is a cycle of the cost model.
        let mut carry = 0;
        assert_eq!(machine_code_cost(Rate::Slow, 10_000, &mut carry), 10);
        // Converted and carried: a thousand pieces of 7 normal-rate cycles.
        let total: u32 = (0..1000)
            .map(|_| machine_code_cost(Rate::AddressDependent, 7000, &mut carry))
            .sum();
        let want = 7000 * 1000 / BASIC_AD_PER_MILLE;
        assert!(total.abs_diff(want) <= 1, "{total} {want}");
    }
}
