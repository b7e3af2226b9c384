//! The Dragon 32's address map as the CPU and PEEK/POKE see it: RAM below $8000, the ROM area
//! ($8000-$FEFF, with $FFF0-$FFFF answering from the top of the ROM: the vectors), and the
//! I/O page ($FF00-$FFEF: the PIAs, the SAM's control bits).
//!
//! Every access from machine code and from PEEK/POKE goes through here, so a program sees the
//! same byte whichever way it looks.

use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;
use crate::machine::rom_area;

/// Where the I/O page starts; below it (from $8000) is the ROM area.
pub const IO_START: u16 = 0xFF00;
/// Where the vectors start: these read the ROM's last 16 bytes ($BFF0-$BFFF).
pub const VECTORS_START: u16 = 0xFFF0;

impl Hardware {
    /// A read as the CPU makes it: reading an I/O register can change it (a PIA clears its
    /// interrupt flag when its data register is read).
    #[inline]
    pub fn read_bus(&mut self, a: u16) -> u8 {
        if (a as u32) < addr::RAM_END {
            self.mem.peek(a)
        } else if a >= VECTORS_START {
            rom_area::read(a & 0xBFFF)
        } else if a >= IO_START {
            let joysticks = self.joysticks;
            self.io.read(a, &self.keyboard, &joysticks)
        } else {
            rom_area::read(a)
        }
    }

    /// What a read would return, without the side effects a read has (for a debugger's or
    /// the host's look at memory).
    pub fn view_bus(&self, a: u16) -> u8 {
        if (a as u32) < addr::RAM_END {
            self.mem.peek(a)
        } else if a >= VECTORS_START {
            rom_area::read(a & 0xBFFF)
        } else if a >= IO_START {
            self.io.view(a, &self.keyboard, &self.joysticks)
        } else {
            rom_area::read(a)
        }
    }

    /// A write as the CPU makes it: RAM takes it, the ROM area ignores it, the I/O page's
    /// registers act on it.
    #[inline]
    pub fn write_bus(&mut self, a: u16, v: u8) {
        if (a as u32) < addr::RAM_END {
            self.mem.poke(a, v);
        } else if (IO_START..VECTORS_START).contains(&a) {
            self.io.write(a, v);
        }
    }
}

/// The 6809 reaches the machine through the same map.
impl crate::cpu::Bus for Hardware {
    #[inline]
    fn read(&mut self, a: u16) -> u8 {
        self.read_bus(a)
    }

    #[inline]
    fn write(&mut self, a: u16, v: u8) {
        self.write_bus(a, v)
    }
}

impl Hardware {
    /// Charge `cycles` of machine code (the 6809's own count) to the field's budget. The SAM's
    /// rate decides how long they take: at the normal rate every cycle is one of the field's.
    #[allow(dead_code)] // until EXEC and USR run machine code
    pub fn charge_machine_code(&mut self, cycles: u32) {
        self.cycles += cycles;
    }
}
