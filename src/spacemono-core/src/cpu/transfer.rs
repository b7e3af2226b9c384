//! Moving registers: EXG and TFR (a postbyte naming two registers) and PSH/PUL (a postbyte
//! with a bit per register), each byte pushed or pulled costing a cycle.
//!
//! EXG and TFR between registers of different sizes, or naming an undefined register code,
//! do what a real chip does (docs/machine.md §10): an 8-bit register read as 16 bits
//! is A or B with a high byte of $FF, or CC and DP doubled (CC:CC, DP:DP) as a source; an
//! undefined code reads $FFFF and ignores what is written to it; a 16-bit value written to
//! an 8-bit register leaves its low byte there.

use super::bus::Bus;
use super::mc6809::Mc6809;
use super::opcodes::Stack;

impl Mc6809 {
    /// A register's value as the source of TFR (and the first register of EXG).
    fn source_value(&self, code: u8) -> u16 {
        let r = &self.regs;
        match code {
            0xA => u16::from_be_bytes([r.cc, r.cc]),
            0xB => u16::from_be_bytes([r.dp, r.dp]),
            _ => self.second_value(code),
        }
    }

    /// A register's value as the second register of EXG: 8-bit ones with a high byte of $FF.
    fn second_value(&self, code: u8) -> u16 {
        let r = &self.regs;
        match code {
            0x0 => r.d(),
            0x1 => r.x,
            0x2 => r.y,
            0x3 => r.u,
            0x4 => r.s,
            0x5 => r.pc,
            0x8 => 0xFF00 | r.a as u16,
            0x9 => 0xFF00 | r.b as u16,
            0xA => 0xFF00 | r.cc as u16,
            0xB => 0xFF00 | r.dp as u16,
            _ => 0xFFFF,
        }
    }

    fn set_named(&mut self, code: u8, value: u16) {
        let byte = value as u8;
        match code {
            0x0 => self.regs.set_d(value),
            0x1 => self.regs.x = value,
            0x2 => self.regs.y = value,
            0x3 => self.regs.u = value,
            0x4 => self.set_s(value),
            0x5 => self.regs.pc = value,
            0x8 => self.regs.a = byte,
            0x9 => self.regs.b = byte,
            0xA => self.regs.cc = byte,
            0xB => self.regs.dp = byte,
            _ => {}
        }
    }

    pub(super) fn transfer(&mut self, postbyte: u8) {
        let value = self.source_value(postbyte >> 4);
        self.set_named(postbyte & 0x0F, value);
    }

    pub(super) fn exchange(&mut self, postbyte: u8) {
        let (first, second) = (postbyte >> 4, postbyte & 0x0F);
        let (a, b) = (self.source_value(first), self.second_value(second));
        self.set_named(second, a);
        self.set_named(first, b);
    }

    /// PSHS/PSHU: PC first (highest address), CC last. Bit 6 names the other stack pointer.
    pub(super) fn push_registers(&mut self, bus: &mut impl Bus, stack: Stack, postbyte: u8) {
        let r = self.regs;
        let other = match stack {
            Stack::S => r.u,
            Stack::U => r.s,
        };
        for (bit, word) in [(0x80, r.pc), (0x40, other), (0x20, r.y), (0x10, r.x)] {
            if postbyte & bit != 0 {
                self.push16(bus, stack, word);
                self.extra_cycles += 2;
            }
        }
        for (bit, byte) in [(0x08, r.dp), (0x04, r.b), (0x02, r.a), (0x01, r.cc)] {
            if postbyte & bit != 0 {
                self.push8(bus, stack, byte);
                self.extra_cycles += 1;
            }
        }
    }

    /// PULS/PULU: the reverse order, CC first.
    pub(super) fn pull_registers(&mut self, bus: &mut impl Bus, stack: Stack, postbyte: u8) {
        let pull8 = |cpu: &mut Self, bus: &mut _, bit: u8| -> Option<u8> {
            (postbyte & bit != 0).then(|| {
                cpu.extra_cycles += 1;
                cpu.pull8(bus, stack)
            })
        };
        if let Some(v) = pull8(self, bus, 0x01) {
            self.regs.cc = v;
        }
        if let Some(v) = pull8(self, bus, 0x02) {
            self.regs.a = v;
        }
        if let Some(v) = pull8(self, bus, 0x04) {
            self.regs.b = v;
        }
        if let Some(v) = pull8(self, bus, 0x08) {
            self.regs.dp = v;
        }
        for bit in [0x10, 0x20, 0x40, 0x80] {
            if postbyte & bit == 0 {
                continue;
            }
            self.extra_cycles += 2;
            let v = self.pull16(bus, stack);
            match (bit, stack) {
                (0x10, _) => self.regs.x = v,
                (0x20, _) => self.regs.y = v,
                (0x40, Stack::S) => self.regs.u = v,
                (0x40, Stack::U) => self.set_s(v),
                _ => self.regs.pc = v,
            }
        }
    }
}
