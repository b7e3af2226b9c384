//! The address map as a stretch of machine code sees it (`basic/machine_code/run.rs`): the
//! same bytes as [`Hardware::read_bus`] and [`Hardware::write_bus`], with RAM first and the I/O
//! page out of the way, and the time charged to the field once a stretch rather than once an
//! instruction.
//!
//! Between two accesses to the I/O page nothing the 6809 does can raise or drop its
//! interrupt lines, change the SAM's rate or make a sound, and nothing but the I/O page reads
//! the field's cycle count: so the stretch's instructions are timed as they finish, each by
//! its own cycles and slow accesses (docs/machine.md §15), and their time is added to
//! `Hardware::cycles` just before an I/O access reads it, or when the stretch ends. The
//! conversion carries its remainder, so the sum comes out to the cycle as if each instruction
//! had been charged alone.

use crate::cpu::Bus;
use crate::machine::address_map::{IO_START, PIA1_START, VECTORS_START};
use crate::machine::cassette::{machine_cycle, Deck};
use crate::machine::cpu_rate;
use crate::machine::hardware::Hardware;
use crate::machine::io_page::IoPage;
use crate::machine::joystick::Joysticks;
use crate::machine::keyboard::Keyboard;
use crate::machine::memory::{addr, RamWatch};
use crate::machine::rom_area;
use crate::machine::sam::Rate;

/// The machine for a stretch of instructions at one SAM rate, `AD` if it is the
/// address-dependent one (the only rate at which an instruction's time depends on its
/// addresses: worked out apart so that the others pay nothing for it). It holds the parts
/// of [`Hardware`] the CPU reaches, RAM's bytes in hand.
pub struct CodeBus<'a, const AD: bool> {
    ram: &'a mut [u8; 0x10000],
    watch: RamWatch<'a>,
    io: &'a mut IoPage,
    /// The cassette deck, which a read of the cassette input or a write of the motor's
    /// control register reaches, and the field the stretch runs in (its machine cycle).
    deck: &'a mut Deck,
    field: u64,
    keyboard: &'a Keyboard,
    joysticks: &'a Joysticks,
    /// `Hardware::cycles` and `Hardware::machine_code_carry`.
    cycles: &'a mut u32,
    carry: &'a mut u32,
    /// The SAM's rate when the stretch began (only an I/O access can change it).
    rate: Rate,
    /// At the other rates, what every cycle takes in thousandths of a normal-rate cycle.
    per_cycle: u64,
    /// Accesses to RAM or PIA0 in the instruction under way: slow at the address-dependent
    /// rate.
    slow: u32,
    /// Whether the instruction under way reached the I/O page.
    touched_io: bool,
    /// The time of the stretch's finished instructions not yet in `cycles`, in
    /// thousandths of a normal-rate cycle.
    pending: u64,
}

impl<'a, const AD: bool> CodeBus<'a, AD> {
    /// The bus for a stretch at the SAM's rate now, which must be address-dependent if and
    /// only if `AD`.
    pub fn new(hw: &'a mut Hardware) -> Self {
        let rate = hw.io.sam.rate();
        debug_assert_eq!(AD, rate == Rate::AddressDependent);
        let (ram, watch) = hw.mem.split_for_code();
        CodeBus {
            ram,
            watch,
            io: &mut hw.io,
            deck: &mut hw.deck,
            field: hw.field,
            keyboard: &hw.keyboard,
            joysticks: &hw.joysticks,
            cycles: &mut hw.cycles,
            carry: &mut hw.machine_code_carry,
            rate,
            per_cycle: cpu_rate::machine_code_millicycles(rate, 1, 0),
            slow: 0,
            touched_io: false,
            pending: 0,
        }
    }

    /// The thousandths of a normal-rate cycle the stretch may run before the field's
    /// count reaches `until` (its instructions' time, [`CodeBus::pending`], compared with it).
    pub fn time_to(&self, until: u32) -> u64 {
        cpu_rate::millicycles_to_reach(self.rate, until.saturating_sub(*self.cycles), *self.carry)
    }

    /// The time of the stretch's finished instructions (charged or not).
    #[inline(always)]
    pub fn pending(&self) -> u64 {
        self.pending
    }

    #[inline(always)]
    pub fn begin_instruction(&mut self) {
        self.slow = 0;
    }

    /// An instruction of `cycles` has finished. True if it reached the I/O page: it is
    /// charged at once, at the SAM's rate as it left it (as `Hardware::charge_machine_code`
    /// would), and the stretch must end (the interrupt lines or the rate may have changed).
    #[inline(always)]
    pub fn end_instruction(&mut self, cycles: u32) -> bool {
        if self.touched_io {
            // (What came before it was charged when it reached the I/O page.)
            let rate = self.io.sam.rate();
            let time = cpu_rate::machine_code_millicycles(rate, cycles, self.slow);
            *self.cycles += cpu_rate::machine_code_cost(rate, time, self.carry);
            return true;
        }
        self.pending += if AD {
            cpu_rate::machine_code_millicycles(Rate::AddressDependent, cycles, self.slow)
        } else {
            self.per_cycle * cycles as u64
        };
        false
    }

    /// Adds the finished instructions' time to the field's count.
    fn charge_pending(&mut self) {
        if self.pending != 0 {
            *self.cycles += cpu_rate::machine_code_cost(self.rate, self.pending, self.carry);
            self.pending = 0;
        }
    }

    /// Where in the field the machine is now (all finished instructions charged).
    fn field_cycle(&mut self) -> u32 {
        self.charge_pending();
        cpu_rate::field_cycle(self.io.sam.rate(), *self.cycles)
    }

    /// An access to the I/O page: the field's count brought up to date first (a write to the
    /// sound is stamped with it, the line sync reads it).
    #[cold]
    #[inline(never)]
    fn read_high(&mut self, a: u16) -> u8 {
        if a >= VECTORS_START {
            return rom_area::read(a & 0xBFFF);
        }
        let now = self.field_cycle();
        self.touched_io = true;
        if a < PIA1_START {
            self.slow += 1;
        } else if IoPage::is_cassette_input(a) {
            self.io.cassette_in = self.deck.input_level(machine_cycle(self.field, now));
        }
        self.io.read(a, self.keyboard, self.joysticks, now)
    }

    #[cold]
    #[inline(never)]
    fn write_io(&mut self, a: u16, v: u8) {
        let now = self.field_cycle();
        self.touched_io = true;
        if a < PIA1_START {
            self.slow += 1;
        }
        self.io.write(a, v, now);
        if IoPage::is_motor_control(a) {
            let on = self.io.motor();
            self.deck.motor_line(on, machine_cycle(self.field, now));
        }
    }
}

impl<const AD: bool> Drop for CodeBus<'_, AD> {
    /// However the stretch ends (out of time, into the ROM, a fault), its time is charged.
    fn drop(&mut self) {
        self.charge_pending();
    }
}

impl<const AD: bool> Bus for CodeBus<'_, AD> {
    #[inline(always)]
    fn read(&mut self, a: u16) -> u8 {
        if (a as u32) < addr::RAM_END {
            self.slow += 1;
            self.ram[a as usize]
        } else if a < IO_START {
            rom_area::read(a)
        } else {
            self.read_high(a)
        }
    }

    /// As `Memory::poke`: RAM takes it (noted if watched), the I/O page acts on it, the
    /// ROM area ignores it.
    #[inline(always)]
    fn write(&mut self, a: u16, v: u8) {
        if (a as u32) < addr::RAM_END {
            self.slow += 1;
            self.watch.note_write(a);
            self.ram[a as usize] = v;
        } else if (IO_START..VECTORS_START).contains(&a) {
            self.write_io(a, v);
        }
    }

    /// As [`Hardware`]'s: no data, but slow at RAM's and PIA0's addresses.
    #[inline(always)]
    fn dummy(&mut self, a: u16) {
        if (a as u32) < addr::RAM_END || (IO_START..PIA1_START).contains(&a) {
            self.slow += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_into_the_watched_range_is_noted_as_a_poke_would_be() {
        let mut hw = Hardware::default();
        hw.mem.watch(0x2000, 0x2010);
        {
            let mut bus = CodeBus::<false>::new(&mut hw);
            bus.write(0x3000, 1);
            bus.write(0x8000, 1);
        }
        assert!(!hw.mem.take_watched_write(), "outside the range");
        {
            let mut bus = CodeBus::<false>::new(&mut hw);
            bus.write(0x200F, 7);
        }
        assert!(hw.mem.take_watched_write());
        assert_eq!(hw.mem.peek(0x200F), 7);
    }
}
