//! Indexed addressing: the postbyte after the opcode chooses a register (X, Y, U or S), an
//! offset or auto-increment, and whether the result points at the address to use
//! (indirect). Each form costs the extra cycles the data sheet's indexed table gives.

use super::bus::Bus;
use super::fault::Fault;
use super::mc6809::Mc6809;

/// The extra cycles of indirection (`[...]`) on top of the direct form.
const INDIRECT: u32 = 3;

impl Mc6809 {
    /// Reads the postbyte (and any offset) at PC and returns the effective address, adding the
    /// form's extra cycles to the instruction's count.
    pub(super) fn indexed_address(&mut self, bus: &mut impl Bus) -> Result<u16, Fault> {
        let postbyte = self.fetch8(bus);
        let reg = (postbyte >> 5) & 3;
        let base = self.index_register(reg);
        if postbyte & 0x80 == 0 {
            // ,R with a 5-bit signed offset.
            let offset = ((postbyte << 3) as i8 >> 3) as i16 as u16;
            self.extra_cycles += 1;
            return Ok(base.wrapping_add(offset));
        }
        let indirect = postbyte & 0x10 != 0;
        let illegal = Fault::IllegalIndexing {
            postbyte,
            pc: self.instruction_pc,
        };
        let (address, extra) = match postbyte & 0x0F {
            0x0 if indirect => return Err(illegal),
            0x0 => {
                self.set_index_register(reg, base.wrapping_add(1));
                (base, 2)
            }
            0x2 if indirect => return Err(illegal),
            0x1 => {
                self.set_index_register(reg, base.wrapping_add(2));
                (base, 3)
            }
            0x2 => {
                let address = base.wrapping_sub(1);
                self.set_index_register(reg, address);
                (address, 2)
            }
            0x3 => {
                let address = base.wrapping_sub(2);
                self.set_index_register(reg, address);
                (address, 3)
            }
            0x4 => (base, 0),
            0x5 => (base.wrapping_add(self.regs.b as i8 as u16), 1),
            0x6 => (base.wrapping_add(self.regs.a as i8 as u16), 1),
            0x8 => (base.wrapping_add(self.fetch8(bus) as i8 as u16), 1),
            0x9 => (base.wrapping_add(self.fetch16(bus)), 4),
            0xB => (base.wrapping_add(self.regs.d()), 4),
            0xC => {
                let offset = self.fetch8(bus) as i8 as u16;
                (self.regs.pc.wrapping_add(offset), 1)
            }
            0xD => {
                let offset = self.fetch16(bus);
                (self.regs.pc.wrapping_add(offset), 5)
            }
            // [n16]: extended indirect, defined only with the register bits zero.
            0xF if postbyte == 0x9F => (self.fetch16(bus), 2),
            _ => return Err(illegal),
        };
        self.extra_cycles += extra;
        if !indirect {
            return Ok(address);
        }
        self.extra_cycles += INDIRECT;
        Ok(self.read16(bus, address))
    }

    fn index_register(&self, reg: u8) -> u16 {
        match reg {
            0 => self.regs.x,
            1 => self.regs.y,
            2 => self.regs.u,
            _ => self.regs.s,
        }
    }

    fn set_index_register(&mut self, reg: u8, value: u16) {
        match reg {
            0 => self.regs.x = value,
            1 => self.regs.y = value,
            2 => self.regs.u = value,
            // Moving S by auto-increment or decrement arms NMI as loading it does.
            _ => self.set_s(value),
        }
    }
}
