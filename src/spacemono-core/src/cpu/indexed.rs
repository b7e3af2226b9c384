//! Indexed addressing: the postbyte after the opcode chooses a register (X, Y, U or S), an
//! offset or auto-increment, and whether the result points at the address to use
//! (indirect). Each form costs the extra cycles the data sheet's indexed table gives, spent
//! on the bus as the real chip spends them. The postbytes the data sheet leaves undefined
//! do what a real chip does with them (docs/machine.md §10).

use super::bus::Bus;
use super::execute::dead;
use super::mc6809::Mc6809;

impl Mc6809 {
    /// Reads the postbyte (and any offset) at PC and returns the effective address, adding the
    /// form's extra cycles to the instruction's count.
    #[inline(always)]
    pub(super) fn indexed_address(&mut self, bus: &mut impl Bus) -> u16 {
        let postbyte = self.fetch8(bus);
        let reg = (postbyte >> 5) & 3;
        let base = self.index_register(reg);
        if postbyte & 0x80 == 0 {
            // ,R with a 5-bit signed offset.
            let offset = ((postbyte << 3) as i8 >> 3) as i16 as u16;
            self.dummy_at_pc(bus);
            dead(bus);
            self.extra_cycles += 1;
            return base.wrapping_add(offset);
        }
        let (address, extra) = self.indexed_form(bus, postbyte, reg, base);
        self.extra_cycles += extra;
        if postbyte & 0x10 == 0 {
            return address;
        }
        let pointer = self.read16(bus, address);
        dead(bus);
        self.extra_cycles += INDIRECT;
        pointer
    }

    /// The address of one of the postbyte's forms with bit 7 set (before any indirection)
    /// and its extra cycles, after the cycles the form spends.
    #[inline(always)]
    fn indexed_form(&mut self, bus: &mut impl Bus, postbyte: u8, reg: u8, base: u16) -> (u16, u32) {
        if postbyte & 0x08 == 0 {
            self.register_form(bus, postbyte, reg, base)
        } else {
            self.offset_form(bus, postbyte, base)
        }
    }

    /// $x0-$x7: auto-increment and decrement, no offset, an accumulator offset.
    #[inline(always)]
    fn register_form(
        &mut self,
        bus: &mut impl Bus,
        postbyte: u8,
        reg: u8,
        base: u16,
    ) -> (u16, u32) {
        self.dummy_at_pc(bus);
        match postbyte & 0x07 {
            0x0 => {
                self.set_index_register(reg, base.wrapping_add(1));
                dead(bus);
                dead(bus);
                (base, 2)
            }
            0x1 => {
                self.set_index_register(reg, base.wrapping_add(2));
                dead(bus);
                dead(bus);
                dead(bus);
                (base, 3)
            }
            0x2 => {
                let address = base.wrapping_sub(1);
                self.set_index_register(reg, address);
                dead(bus);
                dead(bus);
                (address, 2)
            }
            0x3 => {
                let address = base.wrapping_sub(2);
                self.set_index_register(reg, address);
                dead(bus);
                dead(bus);
                dead(bus);
                (address, 3)
            }
            0x4 => (base, 0),
            0x5 => {
                dead(bus);
                (base.wrapping_add(self.regs.b as i8 as u16), 1)
            }
            // $x7 is undocumented and works as $x6, A,R.
            _ => {
                dead(bus);
                (base.wrapping_add(self.regs.a as i8 as u16), 1)
            }
        }
    }

    /// $x8-$xF: offsets after the postbyte, D, PC-relative, and the undocumented forms.
    #[inline(always)]
    fn offset_form(&mut self, bus: &mut impl Bus, postbyte: u8, base: u16) -> (u16, u32) {
        match postbyte & 0x0F {
            0x8 => {
                let offset = self.fetch8(bus) as i8 as u16;
                dead(bus);
                (base.wrapping_add(offset), 1)
            }
            0x9 => {
                let offset = self.fetch16(bus);
                dead(bus);
                dead(bus);
                dead(bus);
                (base.wrapping_add(offset), 4)
            }
            // Undocumented: the address is PC (after the postbyte) with its low byte $FF.
            0xA => {
                self.dummy_at_pc(bus);
                dead(bus);
                dead(bus);
                dead(bus);
                (self.regs.pc | 0x00FF, 3)
            }
            0xB => {
                self.dummy_at_pc(bus);
                bus.dummy(self.regs.pc.wrapping_add(1));
                dead(bus);
                dead(bus);
                dead(bus);
                (base.wrapping_add(self.regs.d()), 4)
            }
            0xC => {
                let offset = self.fetch8(bus) as i8 as u16;
                dead(bus);
                (self.regs.pc.wrapping_add(offset), 1)
            }
            0xD => {
                let offset = self.fetch16(bus);
                self.dummy_at_pc(bus);
                dead(bus);
                dead(bus);
                dead(bus);
                (self.regs.pc.wrapping_add(offset), 5)
            }
            // Undocumented: the address is $FFFF.
            0xE => {
                self.dummy_at_pc(bus);
                dead(bus);
                dead(bus);
                dead(bus);
                dead(bus);
                (0xFFFF, 4)
            }
            // n16, extended: documented only as [n16] with the register bits zero, but
            // any register bits and the direct form work the same.
            _ => {
                let address = self.fetch16(bus);
                dead(bus);
                (address, 2)
            }
        }
    }

    #[inline(always)]
    fn index_register(&self, reg: u8) -> u16 {
        match reg {
            0 => self.regs.x,
            1 => self.regs.y,
            2 => self.regs.u,
            _ => self.regs.s,
        }
    }

    #[inline(always)]
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

/// The extra cycles of indirection (`[...]`) on top of the direct form: the pointer's two
/// bytes and a dead cycle.
const INDIRECT: u32 = 3;
