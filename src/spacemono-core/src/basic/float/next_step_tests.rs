//! NEXT's fast step (`next_step_up`) against the full one (`next_step`): over a million
//! random variables, steps, limits and float-unit states, the whole unit and the answer
//! compared whenever the fast step answers, and the unit untouched when it does not.

use super::fused_tests::{packed, state};
use super::{FloatUnit, Packed};
use rand::{Rng, SeedableRng};

/// A loop variable or limit: a small whole number most of the time (as loops count), any
/// packed number otherwise, either sign.
fn number(rng: &mut impl Rng) -> Packed {
    match rng.gen_range(0..4) {
        0 => packed(rng),
        1 => {
            let mut p = packed(rng);
            p.0[1] &= 0x7F;
            p
        }
        _ => {
            let mut u = FloatUnit::new();
            if rng.gen_bool(0.1) {
                u.load_i16(rng.gen_range(-3..=0));
            } else {
                u.load_u16(rng.gen_range(0..2000));
            }
            u.pack()
        }
    }
}

/// A positive step: 1, a small whole number or fraction, or any positive number.
fn step(rng: &mut impl Rng) -> Packed {
    match rng.gen_range(0..4) {
        0 => Packed::ONE,
        1 => Packed([rng.gen_range(0x7C..0x84), rng.gen::<u8>() & 0x7F, 0, 0, 0]),
        _ => {
            let mut p = packed(rng);
            p.0[1] &= 0x7F;
            p
        }
    }
}

#[test]
fn the_fast_next_step_leaves_the_unit_and_answer_of_the_full_one() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x4E58_7400);
    let mut fast = 0u32;
    for i in 0..1_000_000 {
        let s = state(&mut rng);
        let (var, step, limit) = (number(&mut rng), step(&mut rng), number(&mut rng));
        // FOR's direction: the step's sign (1 for a positive step, 0 for a zero one).
        let direction = u8::from(step.0[0] != 0);
        let (mut a, mut b) = (s.clone(), s.clone());
        let full = b.next_step(var, step, direction, limit);
        match a.next_step_up(var.split(), step.split(), direction, limit.split()) {
            Some((new, finished)) => {
                fast += 1;
                assert_eq!(
                    (Ok((Packed::from_split(new), finished)), &a),
                    (full, &b),
                    "#{i} {var:?} + {step:?} to {limit:?}"
                );
            }
            None => assert_eq!(a, s, "#{i}: no answer, but the unit changed"),
        }
    }
    println!("fast steps: {fast} of 1000000");
    // Most steps of these loops take the fast way; the rest (negative or smaller
    // variables, overflows) the full one.
    assert!((300_000..900_000).contains(&fast), "{fast}");
}
