//! The instruction groups run as programs written by us in 6809 assembler
//! (`tests/mc6809/*.asm`, assembled with lwasm: the `.bin` is the code at $1000, the `.lst`
//! lwasm's listing with its cycle count for each instruction). Each program checks its own
//! results and flags against the values the data sheet gives and ends at `pass` (or at `fail`,
//! with the failing case's number at $00); here every instruction it runs is also held to
//! lwasm's cycle count, a table of the data sheet's independent of ours.
//!
//! To rebuild after editing a program (lwasm from lwtools 4.x):
//! `lwasm -9 -r -o NAME.bin --list=NAME.lst NAME.asm` in `tests/mc6809/`.

use super::super::*;
use std::collections::HashMap;

const ORG: u16 = 0x1000;

/// An instruction's cycles in lwasm's listing: a count, or a count the instruction may add to
/// (`[5+?]`: a long conditional branch that branches, RTI with the entire state).
#[derive(Clone, Copy)]
struct Listed {
    cycles: u32,
    variable: bool,
}

struct Listing {
    by_address: HashMap<u16, Listed>,
    pass: u16,
    fail: u16,
}

/// Reads lwasm's listing: `ADDR BYTES (file):LINE [CYCLES] source`.
fn listing(text: &str) -> Listing {
    let mut by_address = HashMap::new();
    let (mut pass, mut fail) = (None, None);
    for line in text.lines() {
        let Some(address) = line.get(..4).and_then(|a| u16::from_str_radix(a, 16).ok()) else {
            continue;
        };
        let Some(open) = line.find(" [") else {
            continue;
        };
        let close = open + line[open..].find(']').expect("a closed cycle count");
        let count = &line[open + 2..close];
        let (cycles, variable) = match count.split_once('+') {
            Some((base, _)) => (base, true),
            None => (count, false),
        };
        let cycles = cycles.parse().expect("a cycle count");
        by_address.insert(address, Listed { cycles, variable });
        let source: Vec<&str> = line[close + 1..].split_whitespace().collect();
        match source[..] {
            ["pass", "bra", "pass"] => pass = Some(address),
            ["fail", "bra", "fail"] => fail = Some(address),
            _ => {}
        }
    }
    Listing {
        by_address,
        pass: pass.expect("a pass label"),
        fail: fail.expect("a fail label"),
    }
}

/// Where lwasm's cycle table departs from the data sheet: it lists [D,R] (postbyte $9B, $BB,
/// $DB, $FB) as 4 extra cycles, the data sheet's indexed table as 7. Returns the cycles to add.
fn lwasm_correction(code: &[u8]) -> u32 {
    let postbyte = match code {
        [0x10 | 0x11, _, postbyte] => *postbyte,
        [_, postbyte, _] => *postbyte,
        _ => return 0,
    };
    let indexed = |op: u8| {
        (op & 0xF0) == 0x60 || (op >= 0x80 && op & 0x30 == 0x20) || (0x30..=0x33).contains(&op)
    };
    let op = if matches!(code[0], 0x10 | 0x11) {
        code[1]
    } else {
        code[0]
    };
    if indexed(op) && postbyte & 0x9F == 0x9B {
        3
    } else {
        0
    }
}

/// Runs a program to `pass`, checking each instruction's cycles against the listing's.
/// Returns the number of instructions run.
fn run(name: &str, code: &[u8], listing_text: &str) -> usize {
    let listing = listing(listing_text);
    let mut ram = FlatRam::new();
    ram.load(ORG, code);
    let mut cpu = Mc6809::new();
    cpu.regs.pc = ORG;
    let mut came_from = ORG;
    for steps in 0..1_000_000 {
        let pc = cpu.regs.pc;
        if pc == listing.pass {
            return steps;
        }
        assert_ne!(
            pc, listing.fail,
            "{name}: case {} failed (from ${came_from:04X}, {:X?})",
            ram.bytes[0], cpu.regs
        );
        came_from = pc;
        let opcode = u16::from_be_bytes([ram.bytes[pc as usize], ram.bytes[pc as usize + 1]]);
        let cycles = cpu.step(&mut ram).unwrap_or_else(|f| panic!("{name}: {f}"));
        let Some(listed) = listing.by_address.get(&pc) else {
            continue; // code outside the listing's instructions (bytes put with FCB)
        };
        let variable = match opcode {
            // A long conditional branch takes one more cycle when it branches.
            0x1021..=0x102F => (cpu.regs.pc != pc.wrapping_add(4)) as u32,
            // RTI pulls nine bytes more when E was set.
            0x3B00..=0x3BFF => 9 * (cpu.regs.cc & cc::E != 0) as u32,
            _ => 0,
        };
        assert!(
            listed.variable || variable == 0,
            "{name}: ${pc:04X} is listed as fixed"
        );
        assert_eq!(
            cycles,
            listed.cycles + variable + lwasm_correction(&ram.bytes[pc as usize..pc as usize + 3]),
            "{name}: the instruction at ${pc:04X} (case {})",
            ram.bytes[0]
        );
    }
    panic!("{name}: never reached pass");
}

macro_rules! program {
    ($test:ident, $name:literal) => {
        #[test]
        fn $test() {
            let steps = run(
                $name,
                include_bytes!(concat!("../../../tests/mc6809/", $name, ".bin")),
                include_str!(concat!("../../../tests/mc6809/", $name, ".lst")),
            );
            assert!(steps > 50, "{} ran only {steps} instructions", $name);
        }
    };
}

program!(eight_bit_arithmetic_and_logic, "alu8");
program!(read_modify_write, "rmw");
program!(sixteen_bit_arithmetic_loads_stores_lea_mul, "alu16");
program!(branches_subroutines_and_jumps, "branch");
program!(stacks_register_moves_and_software_interrupts, "stack");
program!(every_indexed_form, "indexed");
