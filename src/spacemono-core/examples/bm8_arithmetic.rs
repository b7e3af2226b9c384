//! BM8's arithmetic with no interpreter around it: for K = 1 to 1000, a thousand times over,
//! `K=K+1`, `K^2`, `LOG(K)`, `SIN(K)` and `K<1000`, each straight on the float unit, as the
//! statements would leave them. Its time is the floor under `bench/bm8x1000.bas` while every
//! result stays the Dragon's to the bit: what the interpreter adds can only come on top.
//! (`black_box` keeps the compiler from knowing the unit's state at each call, as the
//! interpreter does not know it.)
//!
//! `cargo run --release -p spacemono-core --example bm8_arithmetic` (or time the binary).

use spacemono_core::basic::float::{FloatUnit, Packed};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let start = Instant::now();
    let mut fu = FloatUnit::new();
    let mut check = 0u32;
    let mut passes = 0u32;
    for _ in 0..1000 {
        let mut k = Packed::ZERO;
        loop {
            passes += 1;
            // K=K+1
            fu.load_i8(1);
            fu.add(k.unpacked()).expect("K+1");
            k = fu.pack();
            // A=K^2
            fu.load_i8(2);
            black_box(&mut fu).pow(k.unpacked()).expect("K^2");
            check = check.wrapping_mul(31).wrapping_add(fu.pack_split().1);
            // B=LOG(K)
            fu.load(k);
            black_box(&mut fu).log().expect("LOG(K)");
            check = check.wrapping_mul(31).wrapping_add(fu.pack_split().1);
            // C=SIN(K)
            fu.load(k);
            black_box(&mut fu).sin().expect("SIN(K)");
            check = check.wrapping_mul(31).wrapping_add(fu.pack_split().1);
            // IF K<1000
            fu.load_i16(1000);
            if fu.compare(k.unpacked()) != std::cmp::Ordering::Less {
                break;
            }
        }
    }
    println!(
        "BM8's arithmetic, {passes} passes: {:.3} s (check {check:08X})",
        start.elapsed().as_secs_f64()
    );
}
