//! The Motorola MC6809, the Dragon's CPU, on its own: registers, every documented opcode of
//! pages 1 to 3 with the data sheet's cycles and flags, the interrupt lines (NMI, FIRQ, IRQ)
//! with their stacking, SYNC, CWAI and RESET. It reaches memory only through a [`Bus`], so
//! the machine decides what sits at each address. Undocumented opcodes, indexed forms and
//! register pairs stop it with a [`Fault`] rather than a guess.
//!
//! Cycles are counted per instruction, not per bus cycle: the bus sees every read and write
//! the instruction makes, but not the dummy reads and dead cycles between them. Timing that
//! depends on the address of each cycle (the SAM's address-dependent rate) will need those
//! cycles' addresses too.

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

pub use bus::{Bus, FlatRam};
pub use fault::Fault;
pub use mc6809::{vector, Mc6809, RunState};
pub use registers::{cc, Registers};
