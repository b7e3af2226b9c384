//! The CPU's loop: instruction after instruction until the cycles given run out, the code
//! returns into BASIC, or it stops; a PC in the ROM area is answered by `rom_calls`.

use super::rom_calls;
use super::{CodeRun, Outcome, Stop};
use crate::cpu::cc;
use crate::machine::address_map::{IO_START, VECTORS_START};
use crate::machine::hardware::Hardware;

/// Whether the CPU fetching at `pc` would fetch from the ROM (not RAM, not the I/O page).
#[inline(always)]
pub fn in_rom(pc: u16) -> bool {
    pc >= 0x8000 && !(IO_START..VECTORS_START).contains(&pc)
}

/// Run `run` until `hw.cycles` reaches `until`, the code returns, or it stops.
pub(crate) fn run(hw: &mut Hardware, run: &mut CodeRun, until: u32) -> Outcome {
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
        let step = if run.irq_pending {
            step_with_irq(hw, run)
        } else {
            run.cpu.step(hw)
        };
        match step {
            Ok(cycles) => hw.charge_machine_code(cycles),
            Err(fault) => return Outcome::Stopped(Stop::Fault(fault, run.cpu.regs.pc)),
        }
    }
    Outcome::OutOfCycles
}

/// A step while the field interrupt waits: the IRQ line held until the I flag lets it in
/// (the PIA's flag stays set until then); the step that enters it clears it here.
#[cold]
fn step_with_irq(hw: &mut Hardware, run: &mut CodeRun) -> Result<u32, crate::cpu::Fault> {
    let entering = run.takes_irq();
    run.cpu.set_irq(true);
    let r = run.cpu.step(hw);
    if entering && run.cpu.regs.cc & cc::I != 0 {
        run.irq_pending = false;
        run.cpu.set_irq(false);
    }
    r
}
