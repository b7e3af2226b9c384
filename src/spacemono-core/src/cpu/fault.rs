//! Why the CPU stopped: an instruction the MC6809 does not document. The caller reports it
//! (the program counter still points at the instruction) rather than guess what a real chip
//! does.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// An undocumented opcode; `opcode` includes the $10 or $11 prefix if there was one.
    Illegal { opcode: u16, pc: u16 },
    /// An indexed postbyte the data sheet does not define (such as `[,X+]`).
    IllegalIndexing { postbyte: u8, pc: u16 },
    /// An EXG or TFR between registers of different sizes, or with an undefined register code.
    IllegalRegisterPair { postbyte: u8, pc: u16 },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fault::Illegal { opcode, pc } if opcode > 0xFF => {
                write!(f, "undocumented 6809 opcode ${opcode:04X} at ${pc:04X}")
            }
            Fault::Illegal { opcode, pc } => {
                write!(f, "undocumented 6809 opcode ${opcode:02X} at ${pc:04X}")
            }
            Fault::IllegalIndexing { postbyte, pc } => {
                write!(
                    f,
                    "undocumented 6809 indexed postbyte ${postbyte:02X} at ${pc:04X}"
                )
            }
            Fault::IllegalRegisterPair { postbyte, pc } => write!(
                f,
                "EXG/TFR between registers that do not pair (postbyte ${postbyte:02X}) at ${pc:04X}"
            ),
        }
    }
}

impl std::error::Error for Fault {}
