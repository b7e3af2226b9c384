//! The CPU's loop: instruction after instruction until the cycles given run out, the code
//! returns into BASIC, or it stops; a PC in the ROM area is answered by `rom_calls`.

use super::rom_calls;
use super::{CodeRun, Outcome, Stop};
use crate::machine::address_map::{IO_START, VECTORS_START};
use crate::machine::hardware::Hardware;

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
        match run.cpu.step(hw) {
            Ok(cycles) => hw.charge_machine_code(cycles),
            Err(fault) => return Outcome::Stopped(Stop::Fault(fault, run.cpu.regs.pc)),
        }
    }
    Outcome::OutOfCycles
}
