//! Machine code running on the MC6809: how EXEC, USR and the interrupt vector's routine enter
//! it, how it runs in slices of a field's cycles, how it comes back into BASIC, and why it
//! stops when it does not (docs/machine.md §12).
//!
//! A PC in the ROM area ($8000-$FEFF, $FFF0-$FFFF) is a call into the ROM: no ROM image
//! ships, so `rom_calls` answers the routines programs call as the ROM would, and the return
//! addresses into BASIC (the ones EXEC and USR leave on the stack) end the run.

pub(crate) mod hooks;
mod rom_calls;
mod rom_cassette;
pub(crate) mod rom_init;
pub(crate) mod run;

pub(crate) use rom_calls::{read_fpa0, write_fpa0};

use std::fmt;

use crate::basic::error::ErrorCode;
use crate::cpu::{cc, Fault, Mc6809};
use crate::machine::hardware::Hardware;

/// Where an RTS from EXEC's routine lands: the ROM's statement loop after the command
/// dispatcher's `BSR` (DR BasBRARun $84DA). The IRQ routine run while BASIC runs returns
/// here too (the interrupted PC it is given).
pub const RETURN_TO_STATEMENTS: u16 = 0x84DA;
/// Where an RTS from a USR routine lands: after the function dispatcher's `JSR [,X]`
/// (DR $8A0E, which then checks that the result is a number).
pub const RETURN_FROM_USR: u16 = 0x8A0E;

/// Cycles the 6809 takes to enter IRQ (the data sheet's 19: the entire state stacked).
pub const IRQ_ENTRY_CYCLES: u32 = 19;

/// The direct-page bytes the ROM keeps for a USR call (DR romdefs).
pub mod dp {
    /// VALTYP: 0 numeric, $FF string.
    pub const VALTYP: u16 = 0x06;
    /// FPA0: exponent, four mantissa bytes, sign byte.
    pub const FPA0: u16 = 0x4F;
    /// Where INTCNV leaves its integer (FPA0's middle, BasVarAssign16).
    pub const FPA0_INT: u16 = 0x52;
}

/// Machine code under way: the CPU, and where a return into BASIC goes.
#[derive(Clone, Debug)]
pub(crate) struct CodeRun {
    pub cpu: Mc6809,
    /// The address whose arrival means "back in BASIC".
    pub return_to: u16,
    /// Another such address (a hook's routine may return past the ROM routine that called
    /// it, to that routine's caller); `return_to` again when there is none.
    pub return_also: u16,
}

impl CodeRun {
    /// A CPU at `entry` with `return_to` pushed on BASIC's stack at `s` as a JSR would, DP 0
    /// and the interrupts enabled as the ROM leaves them; X holds `entry`.
    pub fn call(hw: &mut Hardware, entry: u16, s: u16, return_to: u16) -> CodeRun {
        // The code may patch a statement hook: the statement loop looks again.
        hw.statement_hooks = true;
        let mut cpu = Mc6809::new();
        let s = s.wrapping_sub(2);
        hw.mem.write_u16(s, return_to);
        cpu.regs.s = s;
        cpu.regs.pc = entry;
        cpu.regs.x = entry;
        cpu.regs.dp = 0;
        cpu.regs.cc = 0;
        CodeRun {
            cpu,
            return_to,
            return_also: return_to,
        }
    }

    /// A CPU at a program's own warm-start routine after RESET (DR `LB3B2` `JMP ,X`): S at
    /// the ROM's temporary stack (BasBuffer $03D7), A = the NOP it found there, X = `entry`,
    /// DP 0 (DoHWInit's), the interrupts masked as the reset leaves them. Nothing is stacked:
    /// the routine goes on to the ROM's warm start ($B44F) or runs on.
    pub fn at_reset(hw: &mut Hardware, entry: u16) -> CodeRun {
        hw.statement_hooks = true;
        let mut cpu = Mc6809::new();
        cpu.regs.s = 0x03D7;
        cpu.regs.pc = entry;
        cpu.regs.x = entry;
        cpu.regs.a = crate::machine::rom_area::low_ram::NOP;
        cpu.regs.dp = 0;
        cpu.regs.cc = cc::I | cc::F;
        CodeRun {
            cpu,
            return_to: RETURN_TO_STATEMENTS,
            return_also: RETURN_TO_STATEMENTS,
        }
    }

    /// A CPU entering the IRQ routine at $010C from BASIC at stack `s`, as the field
    /// interrupt enters it: the entire state stacked with `RETURN_TO_STATEMENTS` as the PC.
    pub fn interrupt(hw: &mut Hardware, s: u16) -> CodeRun {
        let mut run = CodeRun::call(hw, 0, s.wrapping_add(2), RETURN_TO_STATEMENTS);
        // (call pushed the return PC; the rest of the frame goes below it.)
        let regs = &mut run.cpu.regs;
        regs.cc = cc::E;
        let frame = regs.s.wrapping_sub(10);
        let bytes = [regs.cc, regs.a, regs.b, regs.dp];
        for (i, b) in bytes.iter().enumerate() {
            hw.mem.poke(frame.wrapping_add(i as u16), *b);
        }
        hw.mem.write_u16(frame.wrapping_add(4), regs.x);
        hw.mem.write_u16(frame.wrapping_add(6), regs.y);
        hw.mem.write_u16(frame.wrapping_add(8), regs.u);
        regs.s = frame;
        regs.cc |= cc::I;
        regs.pc = crate::machine::rom_area::low_ram::IRQ_VECTOR;
        hw.charge_machine_code(IRQ_ENTRY_CYCLES);
        run
    }
}

/// How a stretch of machine code ended.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// It returned into BASIC.
    Returned,
    /// The cycles given ran out; it goes on later.
    OutOfCycles,
    /// It stopped.
    Stopped(Stop),
}

/// Why machine code was stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// An instruction that stops the 6809 (its fault, and where).
    Fault(Fault, u16),
    /// A call into the ROM at an address this machine does not answer.
    UnknownRom(u16),
    /// BREAK pressed while it ran.
    Break,
    /// A USR routine, or the IRQ routine, ran longer than it may without returning.
    TooLong { what: &'static str, entry: u16 },
    /// A ROM routine it called raised a BASIC error (?FC from INTCNV, ...).
    Basic(ErrorCode),
    /// It jumped to the ROM's warm start ($B44F): BASIC comes back to OK as after RESET.
    WarmStart,
}

impl Stop {
    /// The line on the Dragon's screen (32 columns, upper case), after which BASIC says OK.
    pub fn screen_text(&self) -> String {
        match self {
            Stop::Fault(_, pc) => format!("BAD 6809 CODE AT ${pc:04X}"),
            Stop::UnknownRom(a) => format!("NO ROM ROUTINE AT ${a:04X}"),
            Stop::Break => "BREAK".to_string(),
            Stop::TooLong { entry, .. } => format!("CODE AT ${entry:04X} RAN ON"),
            Stop::Basic(e) => format!("?{} ERROR", e.code()),
            Stop::WarmStart => "WARM START".to_string(),
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Fault(fault, _) => write!(f, "machine code stopped: {fault}"),
            Stop::UnknownRom(a) => write!(
                f,
                "machine code stopped: it called the ROM at ${a:04X}, a routine this machine does not answer (no ROM image ships; see the README's list)"
            ),
            Stop::Break => write!(f, "machine code stopped by BREAK"),
            Stop::TooLong { what, entry } => write!(
                f,
                "machine code stopped: the {what} at ${entry:04X} ran longer than it may without returning"
            ),
            Stop::Basic(e) => write!(
                f,
                "machine code stopped: a ROM routine it called raised ?{} ERROR",
                e.code()
            ),
            Stop::WarmStart => write!(f, "machine code went to the ROM's warm start ($B44F)"),
        }
    }
}
