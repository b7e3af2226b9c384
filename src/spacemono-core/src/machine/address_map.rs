//! The Dragon 32's address map as the CPU and PEEK/POKE see it: RAM below $8000, the ROM area
//! ($8000-$FEFF, with $FFE0-$FFFF answering from the top of the ROM: the vectors), and the
//! I/O page ($FF00-$FFDF: the PIAs, the SAM's control bits).
//!
//! Every access from machine code and from PEEK/POKE goes through here, so a program sees the
//! same byte whichever way it looks.

use crate::machine::cassette::machine_cycle;
use crate::machine::cpu_rate;
use crate::machine::hardware::Hardware;
use crate::machine::io_page::IoPage;
use crate::machine::memory::addr;
use crate::machine::rom_area;

/// Where the I/O page starts; below it (from $8000) is the ROM area.
pub const IO_START: u16 = 0xFF00;
/// Where the vectors start: these read the ROM's last 32 bytes ($BFE0-$BFFF), as the SAM
/// decodes $FFE0-$FFFF (docs/machine.md §14).
pub const VECTORS_START: u16 = 0xFFE0;
/// Where PIA1 starts: below it, PIA0's 32 bytes are slow at the address-dependent rate.
pub const PIA1_START: u16 = 0xFF20;

impl Hardware {
    /// A read as the CPU makes it: reading an I/O register can change it (a PIA clears its
    /// interrupt flag when its data register is read).
    #[inline]
    pub fn read_bus(&mut self, a: u16) -> u8 {
        if (a as u32) < addr::RAM_END {
            self.slow_accesses = self.slow_accesses.wrapping_add(1);
            self.mem.peek(a)
        } else if a >= VECTORS_START {
            rom_area::read(a & 0xBFFF)
        } else if a >= IO_START {
            if a < PIA1_START {
                self.slow_accesses = self.slow_accesses.wrapping_add(1);
            }
            let joysticks = self.joysticks;
            let now = self.field_cycle();
            if IoPage::is_cassette_input(a) {
                self.io.cassette_in = self.deck.input_level(machine_cycle(self.field, now));
            }
            self.io.read(a, &self.keyboard, &joysticks, now)
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
            self.slow_accesses = self.slow_accesses.wrapping_add(1);
            self.mem.poke(a, v);
        } else if (IO_START..VECTORS_START).contains(&a) {
            if a < PIA1_START {
                self.slow_accesses = self.slow_accesses.wrapping_add(1);
            }
            let now = self.field_cycle();
            self.io.write(a, v, now);
            if IoPage::is_motor_control(a) {
                let on = self.io.motor();
                self.deck.motor_line(on, machine_cycle(self.field, now));
            }
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

    /// A cycle with no data taken (a dummy read, or a dead cycle at $FFFF): it reads
    /// nothing here, but at the SAM's address-dependent rate it is slow when its address is
    /// RAM's or PIA0's, as the read it stands for would be.
    #[inline]
    fn dummy(&mut self, a: u16) {
        if (a as u32) < addr::RAM_END || (IO_START..PIA1_START).contains(&a) {
            self.slow_accesses = self.slow_accesses.wrapping_add(1);
        }
    }
}

impl Hardware {
    /// Charge `cycles` of machine code (the 6809's own count) to the field's budget. The SAM's
    /// rate decides how long they take (docs/machine.md §15): at the normal rate every cycle
    /// is one of the field's; at the address-dependent rate every cycle takes half of one,
    /// and each access to RAM or PIA0 counted since the last charge 0.84 more (the slow
    /// access and the SAM's changes of rate around it); at the fast rate every cycle half of
    /// one.
    pub fn charge_machine_code(&mut self, cycles: u32) {
        let rate = self.io.sam.rate();
        let time = cpu_rate::machine_code_millicycles(rate, cycles, self.slow_accesses);
        self.slow_accesses = 0;
        self.cycles += cpu_rate::machine_code_cost(rate, time, &mut self.machine_code_carry);
    }

    /// The cycles of BASIC's cost model this field holds at the SAM's rate now.
    #[inline]
    pub fn field_budget(&self) -> u32 {
        cpu_rate::field_budget(self.io.sam.rate())
    }

    /// Where in the field the machine is now, in CPU cycles from its start (at most the
    /// field's length): when a write to the sound is heard.
    #[inline]
    pub fn field_cycle(&self) -> u32 {
        cpu_rate::field_cycle(self.io.sam.rate(), self.cycles)
    }
}
