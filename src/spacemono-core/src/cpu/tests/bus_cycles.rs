//! Every cycle on the bus: the calls an instruction makes (reads, writes, dummy cycles) add up
//! to the cycles it returns, for every opcode byte on every page, every indexed postbyte,
//! every register list and the interrupts; and the dummy cycles carry the addresses of the
//! data sheet's cycle-by-cycle tables, so a machine can charge each cycle by its address
//! (the SAM's address-dependent rate).

use super::super::opcodes::{self, Op};
use super::super::*;
use super::{ORG, STACK};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cycle {
    Read(u16),
    Write(u16),
    Dummy(u16),
}
use Cycle::{Dummy, Read, Write};

const DEAD: Cycle = Dummy(DEAD_CYCLE_ADDRESS);

/// Flat RAM that writes down every bus cycle.
struct Recorder {
    ram: FlatRam,
    cycles: Vec<Cycle>,
}

impl Bus for Recorder {
    fn read(&mut self, addr: u16) -> u8 {
        self.cycles.push(Read(addr));
        self.ram.read(addr)
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.cycles.push(Write(addr));
        self.ram.write(addr, value);
    }
    fn dummy(&mut self, addr: u16) {
        self.cycles.push(Dummy(addr));
    }
}

struct Bench {
    cpu: Mc6809,
    bus: Recorder,
}

impl Bench {
    /// `code` at $1000 with PC there, S at $8000, X at $3000, CC clear.
    fn new(code: &[u8]) -> Bench {
        let mut ram = FlatRam::new();
        ram.load(ORG, code);
        let mut cpu = Mc6809::new();
        cpu.regs.pc = ORG;
        cpu.regs.s = STACK;
        cpu.regs.x = 0x3000;
        cpu.regs.cc = 0;
        Bench {
            cpu,
            bus: Recorder {
                ram,
                cycles: Vec::new(),
            },
        }
    }

    /// One step: the cycles it returned and the bus cycles it made.
    fn step(&mut self) -> (u32, Vec<Cycle>) {
        self.bus.cycles.clear();
        let returned = self.cpu.step(&mut self.bus).expect("a running opcode");
        (returned, self.bus.cycles.clone())
    }

    /// Steps once and checks the bus saw as many cycles as the step returned.
    fn step_checked(&mut self, what: &str) -> Vec<Cycle> {
        let (returned, cycles) = self.step();
        assert_eq!(
            cycles.len() as u32,
            returned,
            "{what}: bus cycles {cycles:X?}"
        );
        cycles
    }
}

#[test]
fn every_opcode_on_every_page_makes_one_bus_call_a_cycle() {
    let pages = [
        (None, &opcodes::PAGE1_BY_CODE),
        (Some(0x10u8), &opcodes::PAGE2_BY_CODE),
        (Some(0x11), &opcodes::PAGE3_BY_CODE),
    ];
    for (prefix, page) in pages {
        for entry in page.iter() {
            if entry.op == Op::Halt || (prefix.is_none() && matches!(entry.code, 0x10 | 0x11)) {
                continue;
            }
            let mut code: Vec<u8> = prefix.into_iter().collect();
            code.push(entry.code);
            // One operand for every mode: ,X+ indexed; PC,B pushed; a branch of -124...
            code.extend_from_slice(&[0x84, 0x20, 0x00, 0x00]);
            let mut bench = Bench::new(&code);
            let what = format!("{prefix:02X?} {:02X} {}", entry.code, entry.mnemonic);
            let cycles = bench.step_checked(&what);
            assert_eq!(cycles[0], Read(ORG), "{what}: the opcode fetch comes first");
        }
    }
}

#[test]
fn every_indexed_postbyte_makes_one_bus_call_a_cycle() {
    for opcode in [0xA6u8, 0x30, 0xAD, 0x6C, 0xED] {
        for postbyte in 0..=255u8 {
            let mut bench = Bench::new(&[opcode, postbyte, 0x12, 0x34]);
            bench.step_checked(&format!("{opcode:02X} {postbyte:02X}"));
        }
    }
}

#[test]
fn every_register_list_and_register_pair_makes_one_bus_call_a_cycle() {
    for opcode in [0x34u8, 0x35, 0x36, 0x37, 0x1E, 0x1F] {
        for postbyte in 0..=255u8 {
            let mut bench = Bench::new(&[opcode, postbyte]);
            bench.cpu.regs.u = 0x7000;
            let cycles = bench.step_checked(&format!("{opcode:02X} {postbyte:02X}"));
            if (0x34..=0x37).contains(&opcode) {
                let bytes: u32 = (0..8)
                    .map(|bit| match postbyte & (1 << bit) {
                        0 => 0,
                        0x10..=0x80 => 2,
                        _ => 1,
                    })
                    .sum();
                assert_eq!(cycles.len() as u32, 5 + bytes, "a cycle a byte");
            }
        }
    }
}

#[test]
fn interrupts_sync_and_cwai_make_one_bus_call_a_cycle() {
    // CWAI #$FF, woken by IRQ; then SYNC, woken by FIRQ (masked); then SWI and RTI.
    let mut bench = Bench::new(&[0x3C, 0xFF, 0x13, 0x3F]);
    bench.bus.ram.load(vector::IRQ, &[0x10, 0x03]);
    bench.bus.ram.load(vector::SWI, &[0x20, 0x00]);
    bench.bus.ram.load(0x2000, &[0x3B]);
    bench.step_checked("CWAI");
    bench.step_checked("CWAI waiting");
    bench.cpu.set_irq(true);
    bench.step_checked("CWAI woken");
    bench.cpu.set_irq(false);
    assert_eq!(bench.cpu.regs.pc, 0x1003);
    bench.cpu.regs.pc = 0x1002;
    bench.step_checked("SYNC");
    bench.step_checked("SYNC idle");
    bench.cpu.set_firq(true);
    bench.step_checked("SYNC woken");
    bench.step_checked("FIRQ entered");
    bench.cpu.set_firq(false);
    bench.cpu.regs.pc = 0x1003;
    bench.step_checked("SWI");
    bench.step_checked("RTI");
    bench.cpu.regs.cc = 0;
    bench.cpu.set_irq(true);
    bench.step_checked("IRQ entered");
}

#[test]
fn dummy_cycles_carry_the_addresses_of_the_data_sheets_cycle_tables() {
    // LDA <$10 ; NOP ; JSR $2000 ; PSHS A ; LDA ,X ; LDA [$4000]
    let mut bench = Bench::new(&[
        0x96, 0x10, 0x12, 0xBD, 0x20, 0x00, 0x34, 0x02, 0xA6, 0x84, 0xA6, 0x9F, 0x40, 0x00,
    ]);
    bench.bus.ram.load(0x2000, &[0x12]);
    assert_eq!(
        bench.step().1,
        [Read(0x1000), Read(0x1001), DEAD, Read(0x0010)]
    );
    assert_eq!(bench.step().1, [Read(0x1002), Dummy(0x1003)]);
    assert_eq!(
        bench.step().1,
        [
            Read(0x1003),
            Read(0x1004),
            Read(0x1005),
            DEAD,
            Dummy(0x2000),
            DEAD,
            Write(0x7FFF),
            Write(0x7FFE)
        ]
    );
    bench.cpu.regs.pc = 0x1006;
    bench.cpu.regs.s = STACK;
    assert_eq!(
        bench.step().1,
        [
            Read(0x1006),
            Read(0x1007),
            DEAD,
            DEAD,
            Dummy(STACK),
            Write(0x7FFF)
        ]
    );
    assert_eq!(
        bench.step().1,
        [Read(0x1008), Read(0x1009), Dummy(0x100A), Read(0x3000)]
    );
    assert_eq!(
        bench.step().1,
        [
            Read(0x100A),
            Read(0x100B),
            Read(0x100C),
            Read(0x100D),
            DEAD,
            Read(0x4000),
            Read(0x4001),
            DEAD,
            Read(0x0000)
        ]
    );
}

#[test]
fn an_irq_fetches_and_drops_the_next_opcode_then_stacks_and_vectors() {
    let mut bench = Bench::new(&[0x12]);
    bench.bus.ram.load(vector::IRQ, &[0x20, 0x00]);
    bench.cpu.set_irq(true);
    let cycles = bench.step_checked("IRQ");
    assert_eq!(cycles.len(), 19);
    assert_eq!(&cycles[..3], [Dummy(ORG), Dummy(ORG), DEAD]);
    assert!(cycles[3..15].iter().all(|c| matches!(c, Write(_))));
    assert_eq!(
        &cycles[15..],
        [DEAD, Read(vector::IRQ), Read(vector::IRQ + 1), DEAD]
    );
}

#[test]
fn the_cycles_that_touch_ram_can_be_told_from_the_rest() {
    // LDA $9000 (the ROM area) against LDA $1000 (RAM), the code in RAM: the first touches
    // RAM in its three fetches only, the second in four; the dead cycle is at $FFFF.
    let ram_cycles = |cycles: &[Cycle]| {
        cycles
            .iter()
            .filter(|c| matches!(c, Read(a) | Write(a) | Dummy(a) if *a < 0x8000))
            .count()
    };
    let mut bench = Bench::new(&[0xB6, 0x90, 0x00, 0xB6, 0x10, 0x00]);
    let rom = bench.step_checked("LDA $9000");
    let ram = bench.step_checked("LDA $1000");
    assert_eq!((rom.len(), ram_cycles(&rom)), (5, 3));
    assert_eq!((ram.len(), ram_cycles(&ram)), (5, 4));
}

#[test]
fn prefixes_after_the_first_cost_a_cycle_each_and_change_nothing() {
    // $10 $11 $10 $8E = LDY #$1234 (page 2: the first prefix counts), 4 + 2 cycles.
    let mut bench = Bench::new(&[0x10, 0x11, 0x10, 0x8E, 0x12, 0x34]);
    let cycles = bench.step_checked("chained prefixes");
    assert_eq!(cycles.len(), 6);
    assert_eq!((bench.cpu.regs.y, bench.cpu.regs.pc), (0x1234, ORG + 6));
}
