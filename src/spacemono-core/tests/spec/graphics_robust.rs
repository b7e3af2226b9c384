//! Random arguments and random DRAW strings: never a panic, and drawing never writes outside
//! the current graphics page (or below $0600), except the direct-page state and, for GET,
//! the array.

use crate::graphics_common::*;

use rand::{rngs::StdRng, Rng, SeedableRng};
use spacemono_core::basic::graphics::{self as g, GetMode, LineBox, PutAction, VideoSelect};
use spacemono_core::machine::memory::Memory;

fn rand_draw(rng: &mut StdRng) -> Vec<u8> {
    const ALPHA: &[u8] = b"UDLRFEGHMNBCASX;,'+-= 0123456789V";
    let n = rng.gen_range(0..24);
    (0..n)
        .map(|_| ALPHA[rng.gen_range(0..ALPHA.len())])
        .collect()
}

struct RandHost(u64);
impl g::DrawHost for RandHost {
    fn numeric_var(
        &mut self,
        _: &mut Memory,
        _: &[u8],
    ) -> Result<u8, spacemono_core::basic::error::ErrorCode> {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1);
        Ok((self.0 >> 40) as u8)
    }
    fn string_var(
        &mut self,
        _: &mut Memory,
        _: &[u8],
    ) -> Result<Vec<u8>, spacemono_core::basic::error::ErrorCode> {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1);
        Ok(match (self.0 >> 40) % 3 {
            0 => b"R3D2".to_vec(),
            1 => b"XA$;".to_vec(),
            _ => vec![],
        })
    }
}

fn pt(rng: &mut StdRng) -> (u16, u8) {
    let x = if rng.gen_bool(0.9) {
        rng.gen_range(0..300)
    } else {
        rng.gen()
    };
    (x, rng.gen())
}

fn colour(rng: &mut StdRng) -> Option<u8> {
    if rng.gen_bool(0.5) {
        None
    } else {
        Some(rng.gen_range(0..10))
    }
}

#[test]
fn random_statements_stay_in_the_page() {
    let mut rng = StdRng::seed_from_u64(0x6809);
    for round in 0..300 {
        let mut m = fresh();
        let arr = dim_array(&mut m, b'A', rng.gen_range(1..40));
        let arr_end = m.read_u16(0x1F);
        let _ = g::pmode(&mut m, Some(rng.gen_range(0..5)), Some(rng.gen_range(1..5)));
        let mut video = VideoSelect::TEXT;
        for _ in 0..25 {
            let start = m.read_u16(0xBA);
            let end = m.read_u16(0xB7);
            assert!(start >= 0x0600 && end <= 0x1E00 && start < end);
            let before = m.clone();
            let op = rng.gen_range(0..12);
            match op {
                0 => drop(g::pset(&mut m, pt(&mut rng), colour(&mut rng))),
                1 => drop(g::preset(&mut m, pt(&mut rng), colour(&mut rng))),
                2 => {
                    let b = [LineBox::None, LineBox::Box, LineBox::Filled][rng.gen_range(0..3)];
                    let s = if rng.gen_bool(0.3) {
                        None
                    } else {
                        Some(pt(&mut rng))
                    };
                    g::line(&mut m, s, pt(&mut rng), rng.gen(), b);
                }
                3 => drop(g::circle(
                    &mut m,
                    pt(&mut rng),
                    rng.gen_range(0..400),
                    colour(&mut rng),
                    if rng.gen_bool(0.5) {
                        None
                    } else {
                        Some(rng.gen())
                    },
                    if rng.gen_bool(0.5) {
                        None
                    } else {
                        Some(rng.gen())
                    },
                    if rng.gen_bool(0.5) {
                        None
                    } else {
                        Some(rng.gen())
                    },
                )),
                4 | 5 => {
                    let s = rand_draw(&mut rng);
                    let _ = g::draw(&mut m, &s, &mut RandHost(rng.gen()), SP);
                }
                6 => drop(g::paint(
                    &mut m,
                    pt(&mut rng),
                    colour(&mut rng),
                    colour(&mut rng),
                    SP,
                )),
                7 => drop(g::pcls(&mut m, colour(&mut rng))),
                8 => drop(g::color(&mut m, colour(&mut rng), colour(&mut rng))),
                9 => {
                    let mode = if rng.gen_bool(0.5) {
                        GetMode::Bits
                    } else {
                        GetMode::Bytes
                    };
                    let s = if rng.gen_bool(0.3) {
                        None
                    } else {
                        Some(pt(&mut rng))
                    };
                    let _ = g::get(&mut m, s, pt(&mut rng), arr, mode);
                }
                10 => {
                    let acts = [
                        None,
                        Some(PutAction::Pset),
                        Some(PutAction::Preset),
                        Some(PutAction::And),
                        Some(PutAction::Or),
                        Some(PutAction::Not),
                    ];
                    let a = acts[rng.gen_range(0..acts.len())];
                    let _ = g::put(&mut m, Some(pt(&mut rng)), pt(&mut rng), arr, a);
                }
                _ => {
                    let a = if rng.gen_bool(0.5) {
                        None
                    } else {
                        Some(rng.gen_range(0..3))
                    };
                    let b = if rng.gen_bool(0.5) {
                        None
                    } else {
                        Some(rng.gen_range(0..3))
                    };
                    video = g::screen(&mut m, video, a, b);
                    let _ = g::pmode(
                        &mut m,
                        if rng.gen_bool(0.5) {
                            None
                        } else {
                            Some(rng.gen_range(0..6))
                        },
                        if rng.gen_bool(0.5) {
                            None
                        } else {
                            Some(rng.gen_range(0..9))
                        },
                    );
                }
            }
            let after = m.all();
            for (a, (&x, &y)) in before.all().iter().zip(after).enumerate() {
                if x == y {
                    continue;
                }
                let a = a as u16;
                let ok = (0xB2..=0xCE).contains(&a)
                    || a == 0xDB
                    || a == 0xE8
                    || a == 0xE9
                    || (a >= start && a < end)
                    || (op == 9 && a > arr && a < arr_end);
                assert!(
                    ok,
                    "round {round} op {op}: wrote ${a:04X} outside ${start:04X}-${end:04X}"
                );
            }
        }
    }
}

#[test]
fn random_draw_strings_never_panic() {
    let mut rng = StdRng::seed_from_u64(32);
    let mut m = fresh();
    for mode in 0..5u8 {
        g::pmode(&mut m, Some(mode), Some(1)).unwrap();
        for _ in 0..2000 {
            let s: Vec<u8> = (0..rng.gen_range(0..30)).map(|_| rng.gen()).collect();
            let before = m.clone();
            let _ = g::draw(&mut m, &s, &mut RandHost(rng.gen()), SP);
            let end = m.read_u16(0xB7);
            for (a, (&x, &y)) in before.all().iter().zip(m.all()).enumerate() {
                let a = a as u16;
                assert!(
                    x == y || (0xB2..=0xE9).contains(&a) || (0x0600..end).contains(&a),
                    "${a:04X}"
                );
            }
        }
    }
}
