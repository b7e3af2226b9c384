//! Why the CPU stopped: an opcode that halts a real MC6809 until it is reset. The caller
//! reports it (the program counter still points at the instruction) rather than pretend the
//! machine carries on. Every other byte does what the real chip does with it
//! (docs/machine.md §10).

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// $14, $15 or $CD (after any prefixes; `opcode` includes the $10 or $11 prefix if there
    /// was one): the chip stops fetching and spins on its address bus ("halt and catch fire")
    /// until reset.
    Halted { opcode: u16, pc: u16 },
    /// Prefix bytes ($10, $11) all round memory: the chip would read them for ever.
    EndlessPrefixes { pc: u16 },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fault::Halted { opcode, pc } if opcode > 0xFF => write!(
                f,
                "6809 opcode ${opcode:04X} at ${pc:04X} halts the processor until reset"
            ),
            Fault::Halted { opcode, pc } => write!(
                f,
                "6809 opcode ${opcode:02X} at ${pc:04X} halts the processor until reset"
            ),
            Fault::EndlessPrefixes { pc } => write!(
                f,
                "6809 prefix bytes ($10/$11) fill memory from ${pc:04X}: the processor would read them for ever"
            ),
        }
    }
}

impl std::error::Error for Fault {}
