//! Speed floors, measured rather than checked: the parts of the machine flat out with nothing
//! around them, so a slowdown can be told apart from the interpreter's or the frontend's. They
//! are measurements, ignored in a normal run because they take seconds: the 6809's asserts its
//! sieve's count of primes, BM8's only that no operation fails (its results are the float
//! unit's, which its own tests hold to the Dragon's).
//!
//! `cargo test --release -p spacemono-core --lib speed -- --ignored --nocapture`

use crate::basic::float::{FloatUnit, Packed};
use crate::cpu::{FlatRam, Mc6809};
use crate::timing::CPU_HZ;
use std::hint::black_box;
use std::time::Instant;

/// BM8's arithmetic with no interpreter around it: for K = 1 to 1000, a thousand times over,
/// `K=K+1`, `K^2`, `LOG(K)`, `SIN(K)` and `K<1000`, each straight on the float unit, as the
/// statements would leave them. Its time is the floor under `bench/bm8x1000.bas` while every
/// result stays the Dragon's to the bit: what the interpreter adds can only come on top.
/// (`black_box` keeps the compiler from knowing the unit's state at each call, as the
/// interpreter does not know it.)
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn bm8_arithmetic_alone() {
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

const CYCLES: u64 = 500_000_000;

#[rustfmt::skip]
const PROGRAM: [u8; 48] = [
    0x8E, 0x20, 0x00,       // $1000 start LDX #$2000
    0xCC, 0x00, 0x00,       // $1003       LDD #0
    0xED, 0x81,             // $1006 clear STD ,X++
    0x8C, 0x20, 0x40,       // $1008       CMPX #$2040
    0x25, 0xF9,             // $100B       BLO clear
    0x0F, 0x10,             // $100D       CLR <$10       the count of primes
    0xC6, 0x02,             // $100F       LDB #2
    0x8E, 0x20, 0x00,       // $1011       LDX #$2000
    0xA6, 0x85,             // $1014 loop  LDA B,X
    0x26, 0x10,             // $1016       BNE next
    0x0C, 0x10,             // $1018       INC <$10
    0xD7, 0x11,             // $101A       STB <$11
    0x1F, 0x98,             // $101C       TFR B,A
    0x9B, 0x11,             // $101E mark  ADDA <$11
    0x81, 0x40,             // $1020       CMPA #64
    0x24, 0x04,             // $1022       BHS next
    0xA7, 0x86,             // $1024       STA A,X
    0x20, 0xF6,             // $1026       BRA mark
    0x5C,                   // $1028 next  INCB
    0xC1, 0x40,             // $1029       CMPB #64
    0x25, 0xE7,             // $102B       BLO loop
    0x7E, 0x10, 0x00,       // $102D       JMP start
];

/// The MC6809 flat out, with no machine around it: a sieve of the primes below 64 (the one
/// `cpu::tests` counts by hand) with a loop that clears its flags, run over and over on 64K of
/// plain RAM for 500 million cycles. It prints the emulated clock rate in MHz and how many
/// times the Dragon's 0.888625 MHz that is: the ceiling for machine code before the machine's
/// memory map and devices are added.
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn mc6809_flat_out() {
    let mut ram = FlatRam::new();
    ram.load(0x1000, &PROGRAM);
    let mut cpu = Mc6809::new();
    cpu.regs.pc = 0x1000;
    let start = Instant::now();
    let mut cycles = 0u64;
    let mut passes = 0u64;
    while cycles < CYCLES || cpu.regs.pc != 0x1000 {
        if cpu.regs.pc == 0x102D {
            assert_eq!(ram.bytes[0x10], 18, "the sieve's count of primes");
            passes += 1;
        }
        cycles += cpu.step(&mut ram).expect("documented opcodes only") as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    let mhz = cycles as f64 / seconds / 1e6;
    println!(
        "{passes} sieves, {cycles} cycles in {seconds:.3} s: {mhz:.1} MHz emulated, {:.0} times the Dragon's clock",
        mhz * 1e6 / CPU_HZ
    );
}

/// Nanoseconds this thread has run on a CPU (Linux's `/proc/thread-self/schedstat`), so a
/// measurement on a loaded machine can say what it cost apart from the time it waited.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Runs `code` (at $1000) flat out on 64K of plain RAM until `cycles` have passed and PC is at
/// `again` (the top of the program's loop), calling `check` there; prints the emulated MHz.
fn mc6809_program_flat_out(name: &str, code: &[u8], again: u16, check: impl Fn(&FlatRam)) {
    const PROGRAM_CYCLES: u64 = 400_000_000;
    let mut ram = FlatRam::new();
    ram.load(0x1000, code);
    let mut cpu = Mc6809::new();
    cpu.regs.pc = 0x1000;
    let start = Instant::now();
    let start_cpu = thread_cpu_ns();
    let mut cycles = 0u64;
    let mut passes = 0u64;
    loop {
        if cpu.regs.pc == again {
            if passes > 0 {
                check(&ram);
            }
            if cycles >= PROGRAM_CYCLES {
                break;
            }
            passes += 1;
        }
        cycles += cpu.step(&mut ram).expect("the program's opcodes") as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    let mhz = cycles as f64 / seconds / 1e6;
    println!(
        "{name}: {passes} passes, {cycles} cycles in {seconds:.3} s: {mhz:.1} MHz emulated, {:.0} times the Dragon's clock",
        mhz * 1e6 / CPU_HZ
    );
    if let (Some(before), Some(after)) = (start_cpu, thread_cpu_ns()) {
        let cpu_seconds = (after - before) as f64 / 1e9;
        println!(
            "  on the CPU {cpu_seconds:.3} s of those: {:.1} MHz per host CPU second",
            cycles as f64 / cpu_seconds / 1e6
        );
    }
}

/// The MC6809 flat out on the two programs the MAME comparison runs: the BYTE sieve over 8192
/// flags and an 8K block copy (`tests/mc6809/speed_*.asm`, our own code), each on 64K of plain
/// RAM, in emulated MHz (cycles per host second).
#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn mc6809_sieve_and_block_copy_flat_out() {
    mc6809_program_flat_out(
        "sieve of 8192 flags",
        include_bytes!("../../tests/mc6809/speed_sieve.bin"),
        0x1004,
        |ram| {
            let count = u16::from_be_bytes([ram.bytes[0x1044], ram.bytes[0x1045]]);
            assert_eq!(count, 1899, "primes found by the last pass");
        },
    );
    mc6809_program_flat_out(
        "block copy of 8K",
        include_bytes!("../../tests/mc6809/speed_copy.bin"),
        0x1000,
        |ram| assert_eq!(ram.bytes[0x4000..0x6000], ram.bytes[0x6000..0x8000]),
    );
}
