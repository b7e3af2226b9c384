//! The Motorola MC6809, the Dragon's CPU, on its own: registers, every documented opcode of
//! pages 1 to 3 with the data sheet's cycles and flags, the interrupt lines (NMI, FIRQ, IRQ)
//! with their stacking, SYNC, CWAI and RESET. It reaches memory only through a [`Bus`], so
//! the machine decides what sits at each address. Undocumented opcodes, indexed forms and
//! register pairs do what a real chip does with them; the three opcodes that hang a real chip
//! stop it with a [`Fault`] (docs/machine.md §10).
//!
//! Every cycle is a call on the bus, in the chip's order: the reads and writes, and the dummy
//! reads and dead cycles between them ([`Bus::dummy`], with the address the chip drives), so
//! timing that depends on each cycle's address (the SAM's address-dependent rate) can be
//! charged per cycle.

mod alu;
mod bus;
mod execute;
mod fault;
mod indexed;
mod mc6809;
mod opcodes;
mod registers;
mod transfer;

#[cfg(test)]
mod tests;

pub use bus::{Bus, FlatRam, DEAD_CYCLE_ADDRESS};
pub use fault::Fault;
pub use mc6809::{vector, Mc6809, RunState};
pub use registers::{cc, Registers};
