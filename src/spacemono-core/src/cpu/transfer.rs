//! Moving registers: EXG and TFR (a postbyte naming two registers) and PSH/PUL (a postbyte
//! with a bit per register), each byte pushed or pulled costing a cycle.

use super::bus::Bus;
use super::fault::Fault;
use super::mc6809::Mc6809;
use super::opcodes::Stack;

/// A register as EXG and TFR name it in a postbyte nibble.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Named {
    Wide(u8),
    Narrow(u8),
}

fn named(code: u8) -> Option<Named> {
    match code {
        0..=5 => Some(Named::Wide(code)),
        8..=0xB => Some(Named::Narrow(code)),
        _ => None,
    }
}

impl Mc6809 {
    /// The two registers of an EXG/TFR postbyte (source, destination), if they pair.
    fn pair(&self, postbyte: u8) -> Result<(Named, Named), Fault> {
        let from = named(postbyte >> 4);
        let to = named(postbyte & 0x0F);
        match (from, to) {
            (Some(Named::Wide(a)), Some(Named::Wide(b))) => Ok((Named::Wide(a), Named::Wide(b))),
            (Some(Named::Narrow(a)), Some(Named::Narrow(b))) => {
                Ok((Named::Narrow(a), Named::Narrow(b)))
            }
            _ => Err(Fault::IllegalRegisterPair {
                postbyte,
                pc: self.instruction_pc,
            }),
        }
    }

    pub(super) fn transfer(&mut self, postbyte: u8) -> Result<(), Fault> {
        let (from, to) = self.pair(postbyte)?;
        let value = self.named_value(from);
        self.set_named(to, value);
        Ok(())
    }

    pub(super) fn exchange(&mut self, postbyte: u8) -> Result<(), Fault> {
        let (first, second) = self.pair(postbyte)?;
        let (a, b) = (self.named_value(first), self.named_value(second));
        self.set_named(first, b);
        self.set_named(second, a);
        Ok(())
    }

    fn named_value(&self, reg: Named) -> u16 {
        let r = &self.regs;
        match reg {
            Named::Wide(0) => r.d(),
            Named::Wide(1) => r.x,
            Named::Wide(2) => r.y,
            Named::Wide(3) => r.u,
            Named::Wide(4) => r.s,
            Named::Wide(_) => r.pc,
            Named::Narrow(8) => r.a as u16,
            Named::Narrow(9) => r.b as u16,
            Named::Narrow(0xA) => r.cc as u16,
            Named::Narrow(_) => r.dp as u16,
        }
    }

    fn set_named(&mut self, reg: Named, value: u16) {
        let byte = value as u8;
        match reg {
            Named::Wide(0) => self.regs.set_d(value),
            Named::Wide(1) => self.regs.x = value,
            Named::Wide(2) => self.regs.y = value,
            Named::Wide(3) => self.regs.u = value,
            Named::Wide(4) => self.set_s(value),
            Named::Wide(_) => self.regs.pc = value,
            Named::Narrow(8) => self.regs.a = byte,
            Named::Narrow(9) => self.regs.b = byte,
            Named::Narrow(0xA) => self.regs.cc = byte,
            Named::Narrow(_) => self.regs.dp = byte,
        }
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
