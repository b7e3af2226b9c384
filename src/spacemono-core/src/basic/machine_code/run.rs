//! The CPU's loop: instruction after instruction until the cycles given run out, the code
//! returns into BASIC, or it stops; a PC in the ROM area is answered by `rom_calls`.

use super::rom_calls;
use super::{CodeRun, Outcome, Stop};
use crate::cpu::{Fault, Mc6809};
use crate::machine::address_map::{IO_START, VECTORS_START};
use crate::machine::code_bus::CodeBus;
use crate::machine::hardware::Hardware;
use crate::machine::sam::Rate;

/// Whether the CPU fetching at `pc` would fetch from the ROM (not RAM, not the I/O page).
#[inline(always)]
pub fn in_rom(pc: u16) -> bool {
    pc >= 0x8000 && !(IO_START..VECTORS_START).contains(&pc)
}

/// Run `run` until `hw.cycles` reaches `until`, the code returns, or it stops.
pub(crate) fn run(hw: &mut Hardware, run: &mut CodeRun, until: u32) -> Outcome {
    // BASIC's own PEEKs and POKEs were counted too: only the code's own accesses count.
    hw.slow_accesses = 0;
    while hw.cycles < until {
        let pc = run.cpu.regs.pc;
        if in_rom(pc) {
            if pc == run.return_to || pc == run.return_also {
                return Outcome::Returned;
            }
            match rom_calls::answer(hw, run, pc) {
                Ok(cycles) => hw.charge_machine_code(cycles),
                Err(stop) => return Outcome::Stopped(stop),
            }
            continue;
        }
        // The interrupt lines as the PIAs hold them: PIA0 on IRQ (the field sync), PIA1 on
        // FIRQ; each stays asserted until the program (or the ROM's service) reads the PIA.
        run.cpu.set_irq(hw.io.irq());
        run.cpu.set_firq(hw.io.firq());
        if let Err(fault) = stretch(hw, &mut run.cpu, until) {
            return Outcome::Stopped(Stop::Fault(fault, run.cpu.regs.pc));
        }
    }
    Outcome::OutOfCycles
}

/// Instructions one after another until their time brings `hw.cycles` to `until`, one
/// reaches the I/O page (the only way code can change the interrupt lines the CPU was given,
/// the sound or the SAM's rate), PC arrives in the ROM area, or one faults; each charged to
/// the field as if alone (`CodeBus`).
fn stretch(hw: &mut Hardware, cpu: &mut Mc6809, until: u32) -> Result<(), Fault> {
    if hw.io.sam.rate() == Rate::AddressDependent {
        stretch_at::<true>(hw, cpu, until)
    } else {
        stretch_at::<false>(hw, cpu, until)
    }
}

#[inline(always)]
fn stretch_at<const AD: bool>(
    hw: &mut Hardware,
    cpu: &mut Mc6809,
    until: u32,
) -> Result<(), Fault> {
    let mut bus = CodeBus::<AD>::new(hw);
    let time = bus.time_to(until);
    loop {
        bus.begin_instruction();
        let cycles = cpu.step(&mut bus)?;
        if bus.end_instruction(cycles) {
            return Ok(());
        }
        if bus.pending() >= time {
            return Ok(());
        }
        let pc = cpu.regs.pc;
        if pc >= 0x8000 && in_rom(pc) {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::cc;

    /// Code that makes every kind of event a stretch must keep in its place: writes to the
    /// DAC (each stamped with its cycle), reads of the line sync, the field-sync IRQ taken
    /// and cleared by its handler, and `POKE 65495`'s rate switched on and off again.
    #[rustfmt::skip]
    const EVENTS: [u8; 59] = [
        0x10, 0xCE, 0x70, 0x00, // $1000 start LDS #$7000
        0x10, 0x8E, 0x00, 0x00, // $1004       LDY #0
        0x86, 0x3F,             // $1008       LDA #$3F
        0xB7, 0xFF, 0x23,       // $100A       STA $FF23      the sound mux on
        0x1C, 0xEF,             // $100D       ANDCC #$EF     IRQ on
        0xB6, 0x20, 0x01,       // $100F loop  LDA $2001
        0x8B, 0x04,             // $1012       ADDA #4
        0xB7, 0x20, 0x01,       // $1014       STA $2001
        0xB7, 0xFF, 0x20,       // $1017       STA $FF20      the DAC
        0xF6, 0xFF, 0x00,       // $101A       LDB $FF00      the line sync
        0xF7, 0x20, 0x02,       // $101D       STB $2002
        0x31, 0x21,             // $1020       LEAY 1,Y
        0x10, 0x8C, 0x01, 0x2C, // $1022       CMPY #300
        0x26, 0x03,             // $1026       BNE noton
        0xB7, 0xFF, 0xD7,       // $1028       STA $FFD7      the address-dependent rate
        0x10, 0x8C, 0x02, 0xBC, // $102B noton CMPY #700
        0x26, 0x03,             // $102F       BNE work
        0xB7, 0xFF, 0xD6,       // $1031       STA $FFD6      the normal rate
        0xC6, 0x14,             // $1034 work  LDB #20
        0x5A,                   // $1036 inner DECB
        0x26, 0xFD,             // $1037       BNE inner
        0x20, 0xD4,             // $1039       BRA loop
    ];
    #[rustfmt::skip]
    const IRQ_HANDLER: [u8; 7] = [
        0x7C, 0x20, 0x00,       // $010C       INC $2000
        0xB6, 0xFF, 0x02,       // $010F       LDA $FF02      the field sync's flag cleared
        0x3B,                   // $0112       RTI
    ];

    /// The loop as it was before stretches: the lines set and the time charged at every
    /// instruction, each access through `Hardware`'s own bus.
    fn run_step_by_step(hw: &mut Hardware, cpu: &mut Mc6809, until: u32) {
        hw.slow_accesses = 0;
        while hw.cycles < until {
            cpu.set_irq(hw.io.irq());
            cpu.set_firq(hw.io.firq());
            let cycles = cpu.step(hw).expect("the test's code");
            hw.charge_machine_code(cycles);
        }
    }

    fn machine() -> (Hardware, CodeRun) {
        let mut hw = Hardware::default();
        for (at, code) in [(0x1000u16, &EVENTS[..]), (0x010C, &IRQ_HANDLER[..])] {
            for (i, &b) in code.iter().enumerate() {
                hw.mem.poke(at + i as u16, b);
            }
        }
        let mut run = CodeRun::call(&mut hw, 0x1000, 0x7000, 0x84DA);
        run.cpu.regs.cc = cc::I | cc::F;
        (hw, run)
    }

    #[test]
    fn stretches_time_every_event_as_instruction_by_instruction() {
        let (mut hw, mut code) = machine();
        let (mut hw_ref, mut code_ref) = machine();
        let mut rates_seen = Vec::new();
        for field in 0..12 {
            let budget = hw.field_budget();
            assert!(matches!(
                run(&mut hw, &mut code, budget),
                Outcome::OutOfCycles
            ));
            run_step_by_step(&mut hw_ref, &mut code_ref.cpu, budget);
            assert_eq!(code.cpu.regs, code_ref.cpu.regs, "field {field}");
            assert_eq!(hw.cycles, hw_ref.cycles, "field {field}");
            assert_eq!(hw.machine_code_carry, hw_ref.machine_code_carry);
            rates_seen.push(hw.io.sam.rate());
            for h in [&mut hw, &mut hw_ref] {
                h.cycles -= budget;
                h.io.field_sync();
            }
            assert_eq!(
                hw.io.field_audio(),
                hw_ref.io.field_audio(),
                "field {field}"
            );
            assert!(hw.io.field_audio().1.len() > 100, "the DAC written");
        }
        for a in 0x2000..0x2003 {
            assert_eq!(hw.mem.peek(a), hw_ref.mem.peek(a));
        }
        assert!(hw.mem.peek(0x2000) >= 10, "the IRQ taken every field");
        assert!(rates_seen.contains(&Rate::AddressDependent));
        assert_eq!(rates_seen.last(), Some(&Rate::Slow));
    }
}
