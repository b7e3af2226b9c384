//! The undocumented opcodes, indexed postbytes and register pairs doing what a real MC6809
//! does with them (docs/machine.md §10), and the opcodes that halt it stopping the CPU
//! with a fault that names them.

use super::super::cc::{C, E, F, I, N, V, Z};
use super::super::opcodes;
use super::super::*;
use super::{one_a as on_a, Rig, ORG, STACK};

#[test]
fn every_byte_on_every_page_is_an_opcode_and_only_three_halt() {
    for page in [
        &opcodes::PAGE1_BY_CODE,
        &opcodes::PAGE2_BY_CODE,
        &opcodes::PAGE3_BY_CODE,
    ] {
        let halts: Vec<u8> = page
            .iter()
            .filter(|e| e.op == opcodes::Op::Halt)
            .map(|e| e.code)
            .collect();
        assert_eq!(halts, [0x14, 0x15, 0xCD]);
    }
}

#[test]
fn the_neighbours_of_neg_lsr_and_dec_do_their_work() {
    // $41 NEGA, $45 LSRA, $4B DEC that sets C from a zero operand, $4E CLR keeping C
    assert_eq!(on_a(&[0x41], 0x01, 0), (0xFF, N | C, 2));
    assert_eq!(on_a(&[0x45], 0x81, 0), (0x40, C, 2));
    assert_eq!(on_a(&[0x4B], 0x00, 0), (0xFF, N | C, 2));
    assert_eq!(on_a(&[0x4B], 0x80, C), (0x7F, V, 2));
    assert_eq!(on_a(&[0x4E], 0x55, N | V | C), (0x00, Z | C, 2));
    // $42: NEG with C clear, COM's value with C set (flags of 0 - A - C)
    assert_eq!(on_a(&[0x42], 0x01, 0), (0xFF, N | C, 2));
    assert_eq!(on_a(&[0x42], 0x01, C), (0xFE, N | C, 2));
    assert_eq!(on_a(&[0x42], 0x00, 0), (0x00, Z, 2));
    // $01 <$10 (NEG direct, 6), $65 ,X (LSR indexed, 6), $7B $2000 (XDEC extended, 7)
    let mut rig = Rig::new(&[0x01, 0x10, 0x65, 0x84, 0x7B, 0x20, 0x00, 0x52]);
    rig.ram.bytes[0x10] = 0x05;
    rig.cpu.regs.x = 0x3000;
    rig.ram.bytes[0x3000] = 0x03;
    rig.cpu.regs.b = 0x10;
    assert_eq!(rig.steps(3), [6, 6, 7]);
    assert_eq!(
        (rig.mem(0x10), rig.mem(0x3000), rig.mem(0x2000)),
        (0xFB, 0x01, 0xFF)
    );
    assert_eq!(rig.flags(), N | C);
    // $52 NGCB with C set: B = !B
    assert_eq!(rig.step(), 2);
    assert_eq!(rig.r().b, 0xEF);
}

#[test]
fn the_halting_opcodes_stop_with_a_fault_naming_them_and_change_nothing() {
    for (code, opcode) in [
        (&[0x14u8][..], 0x14u16),
        (&[0x15], 0x15),
        (&[0xCD], 0xCD),
        (&[0x10, 0x14], 0x1014),
        (&[0x11, 0x10, 0xCD], 0x11CD),
    ] {
        let mut rig = Rig::new(code);
        let before = rig.r();
        let fault = rig.cpu.step(&mut rig.ram).unwrap_err();
        assert_eq!(fault, Fault::Halted { opcode, pc: ORG });
        assert_eq!(rig.r(), before, "PC stays on the instruction");
    }
    assert_eq!(
        Fault::Halted {
            opcode: 0x14,
            pc: 0x3000
        }
        .to_string(),
        "6809 opcode $14 at $3000 halts the processor until reset"
    );
}

#[test]
fn memory_full_of_prefixes_stops_with_a_fault() {
    let mut rig = Rig::new(&[]);
    rig.ram.bytes.fill(0x10);
    let fault = rig.cpu.step(&mut rig.ram).unwrap_err();
    assert_eq!(fault, Fault::EndlessPrefixes { pc: ORG });
    assert_eq!(rig.r().pc, ORG);
}

#[test]
fn nop_andcc_and_the_cc_shift_have_their_slower_twins() {
    // $1B NOP (2) ; $38 ANDCC #$FE (4)
    let mut rig = Rig::new(&[0x1B, 0x38, 0xFE]);
    rig.cpu.regs.cc = C | N;
    assert_eq!(rig.steps(2), [2, 4]);
    assert_eq!((rig.r().pc, rig.flags()), (ORG + 3, N));
    // $18: CC = (CC AND the next byte) << 1 (Z|C to N|V), V also from the new N; PC steps
    // only past the $18.
    let mut rig = Rig::new(&[0x18, 0xFF]);
    rig.cpu.regs.cc = Z | C;
    assert_eq!(rig.step(), 3);
    assert_eq!((rig.r().cc, rig.r().pc), (N | V, ORG + 1));
}

#[test]
fn store_immediate_and_its_accumulator_twins_set_n() {
    // $87 (A, 2 cycles): reads the byte, A unchanged, N set, Z and V clear.
    assert_eq!(on_a(&[0x87, 0x00], 0x00, Z | V | C), (0x00, N | C, 2));
    // $8F: X's low byte over the second byte after the opcode; 3 cycles.
    let mut rig = Rig::new(&[0x8F, 0xAA, 0xBB, 0x12]);
    rig.cpu.regs.x = 0x1234;
    rig.cpu.regs.cc = Z;
    assert_eq!(rig.step(), 3);
    assert_eq!(
        (rig.mem(ORG + 2), rig.r().pc, rig.flags()),
        (0x34, ORG + 3, N)
    );
}

#[test]
fn reset_swi2_and_firq_twins_stack_everything_with_e_unchanged_and_mask_nothing() {
    for (code, vector, cycles) in [
        (&[0x3Eu8][..], vector::RESET, 19),
        (&[0x10, 0x3E], vector::SWI2, 20),
        (&[0x11, 0x3E], vector::FIRQ, 20),
    ] {
        let mut rig = Rig::new(code);
        rig.ram.load(vector, &[0x20, 0x00]);
        rig.cpu.regs.cc = C;
        assert_eq!(rig.step(), cycles);
        assert_eq!(rig.r().pc, 0x2000);
        assert_eq!(rig.r().s, STACK - 12, "the entire state");
        assert_eq!(rig.mem(STACK - 12), C, "CC stacked with E clear");
        assert_eq!(rig.r().cc & (E | F | I), 0, "no mask set");
    }
}

#[test]
fn prefixed_page_1_opcodes_do_their_work_a_cycle_later_or_nothing() {
    // $10 $86 = LDA #$42 (3) ; $11 $12 = NOP (3) ; $11 $8E = nothing (3) ; $10 $CC = nothing
    let mut rig = Rig::new(&[0x10, 0x86, 0x42, 0x11, 0x12, 0x11, 0x8E, 0x10, 0xCC]);
    assert_eq!(rig.steps(4), [3, 3, 3, 3]);
    assert_eq!((rig.r().a, rig.r().x, rig.r().pc), (0x42, 0, ORG + 9));
    // $108D and $118D are LBRA (6); $1020 always branches (6).
    for code in [
        [0x10u8, 0x8D, 0x00, 0x10],
        [0x11, 0x8D, 0x00, 0x10],
        [0x10, 0x20, 0x00, 0x10],
    ] {
        let mut rig = Rig::new(&code);
        assert_eq!(rig.step(), 6);
        assert_eq!(rig.r().pc, ORG + 0x14);
    }
}

#[test]
fn the_page_2_and_3_adds_set_flags_and_keep_the_register() {
    // $10C3 #$0001 with D = $FFFF: Z and C, D unchanged (5 cycles)
    let mut rig = Rig::new(&[0x10, 0xC3, 0x00, 0x01]);
    rig.cpu.regs.set_d(0xFFFF);
    assert_eq!(rig.step(), 5);
    assert_eq!((rig.r().d(), rig.flags()), (0xFFFF, Z | C));
    // $11C3 #$00FF with U = $0001: adds to $FF01, so Z and C; U unchanged
    let mut rig = Rig::new(&[0x11, 0xC3, 0x00, 0xFF]);
    rig.cpu.regs.u = 0x0001;
    assert_eq!(rig.step(), 5);
    assert_eq!((rig.r().u, rig.flags()), (0x0001, Z | C));
}

#[test]
fn undefined_indexed_postbytes_find_the_real_chips_addresses() {
    // LDA with postbyte: (address read, X after, cycles)
    let lda = |postbyte: u8, x: u16, setup: &dyn Fn(&mut Rig)| {
        let mut rig = Rig::new(&[0xA6, postbyte, 0x30, 0x00]);
        rig.cpu.regs.x = x;
        rig.cpu.regs.a = 0x02;
        setup(&mut rig);
        let cycles = rig.step();
        (rig.r().a, rig.r().x, cycles)
    };
    // $87: A,X as $86
    let at = |addr: u16, v: u8| move |rig: &mut Rig| rig.ram.bytes[addr as usize] = v;
    assert_eq!(lda(0x87, 0x3000, &at(0x3002, 0x77)), (0x77, 0x3000, 5));
    // $8A: PC (after the postbyte) with its low byte $FF
    assert_eq!(lda(0x8A, 0x3000, &at(0x10FF, 0x66)), (0x66, 0x3000, 7));
    // $8E: $FFFF
    assert_eq!(lda(0x8E, 0x3000, &at(0xFFFF, 0x55)), (0x55, 0x3000, 8));
    // $AF: n16 with the register bits set, not indirect
    assert_eq!(lda(0xAF, 0x3000, &at(0x3000, 0x44)), (0x44, 0x3000, 6));
    // $90: [,X+] ; $92: [,-X]
    let pointer = |rig: &mut Rig| {
        rig.ram.load(0x2FFF, &[0x40, 0x00, 0x50]);
        rig.ram.bytes[0x4000] = 0x33;
        rig.ram.bytes[0x0050] = 0x22;
    };
    assert_eq!(lda(0x90, 0x2FFF, &pointer), (0x33, 0x3000, 9));
    assert_eq!(lda(0x92, 0x3000, &pointer), (0x33, 0x2FFF, 9));
}

#[test]
fn tfr_and_exg_between_sizes_and_undefined_registers_move_what_the_chip_moves() {
    let run = |code: [u8; 2], setup: fn(&mut Registers)| {
        let mut rig = Rig::new(&code);
        setup(&mut rig.cpu.regs);
        assert_eq!(rig.step(), if code[0] == 0x1E { 8 } else { 6 });
        rig.r()
    };
    let regs = |r: &mut Registers| {
        r.a = 0x12;
        r.b = 0x34;
        r.x = 0xABCD;
        r.cc = 0x05;
        r.dp = 0x20;
    };
    // TFR A,X: $FF in the high byte ; TFR CC,X: CC doubled ; TFR X,B: the low byte
    assert_eq!(run([0x1F, 0x81], regs).x, 0xFF12);
    assert_eq!(run([0x1F, 0xA1], regs).x, 0x0505);
    assert_eq!(run([0x1F, 0xB1], regs).x, 0x2020);
    assert_eq!(run([0x1F, 0x19], regs).b, 0xCD);
    // An undefined source reads $FFFF; an undefined target takes nothing.
    assert_eq!(run([0x1F, 0x61], regs).x, 0xFFFF);
    assert_eq!(run([0x1F, 0x6A], regs).cc, 0xFF);
    let mut unchanged = Registers::default();
    regs(&mut unchanged);
    unchanged.pc = ORG + 2;
    unchanged.s = STACK;
    assert_eq!(run([0x1F, 0x1C], regs), unchanged);
    // EXG A,X: X = $FF:A, A = X's low byte ; EXG X,CC: X = $FF:CC ; EXG CC,X: X = CC:CC
    let r = run([0x1E, 0x81], regs);
    assert_eq!((r.x, r.a), (0xFF12, 0xCD));
    let r = run([0x1E, 0x1A], regs);
    assert_eq!((r.x, r.cc), (0xFF05, 0xCD));
    let r = run([0x1E, 0xA1], regs);
    assert_eq!((r.x, r.cc), (0x0505, 0xCD));
}
