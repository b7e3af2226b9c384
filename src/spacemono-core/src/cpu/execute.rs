//! Carrying out one decoded instruction: finding its operand by its addressing mode, doing the
//! operation, writing the result back.

use super::alu;
use super::bus::Bus;
use super::fault::Fault;
use super::mc6809::{vector, Mc6809};
use super::opcodes::{Cond, Entry, Mode, Op, Reg16, Reg8, Stack};
use super::registers::cc::{E, F, I, N, Z};

impl Mc6809 {
    pub(super) fn execute(&mut self, bus: &mut impl Bus, entry: Entry) -> Result<(), Fault> {
        let mode = entry.mode;
        match entry.op {
            Op::RmwAcc(op, reg) => {
                let v = self.reg8(reg);
                if let Some(r) = alu::rmw(op, &mut self.regs.cc, v) {
                    self.set_reg8(reg, r);
                }
            }
            Op::RmwMem(op) => {
                let addr = self.address(bus, mode)?;
                let m = bus.read(addr);
                if let Some(r) = alu::rmw(op, &mut self.regs.cc, m) {
                    bus.write(addr, r);
                }
            }
            Op::Alu8(op, reg) => {
                let addr = self.address(bus, mode)?;
                let m = bus.read(addr);
                let acc = self.reg8(reg);
                if let Some(r) = alu::alu8(op, &mut self.regs.cc, acc, m) {
                    self.set_reg8(reg, r);
                }
            }
            Op::Store8(reg) => {
                let addr = self.address(bus, mode)?;
                let v = self.reg8(reg);
                alu::logic8(&mut self.regs.cc, v);
                bus.write(addr, v);
            }
            Op::Alu16(op, reg) => {
                let addr = self.address(bus, mode)?;
                let m = self.read16(bus, addr);
                let value = self.reg16(reg);
                if let Some(r) = alu::alu16(op, &mut self.regs.cc, value, m) {
                    self.set_reg16(reg, r);
                }
            }
            Op::Store16(reg) => {
                let addr = self.address(bus, mode)?;
                let v = self.reg16(reg);
                alu::logic16(&mut self.regs.cc, v);
                self.write16(bus, addr, v);
            }
            Op::Lea(reg) => self.lea(bus, reg)?,
            Op::Branch(cond) => self.branch(bus, mode, cond),
            Op::Bsr => {
                let offset = self.relative(bus, mode);
                self.push16(bus, Stack::S, self.regs.pc);
                self.regs.pc = self.regs.pc.wrapping_add(offset);
            }
            Op::Jsr => {
                let addr = self.address(bus, mode)?;
                self.push16(bus, Stack::S, self.regs.pc);
                self.regs.pc = addr;
            }
            Op::Jmp => self.regs.pc = self.address(bus, mode)?,
            Op::Rts => self.regs.pc = self.pull16(bus, Stack::S),
            Op::Rti => self.rti(bus),
            Op::Swi(n) => self.swi(bus, n),
            Op::Nop => {}
            Op::Sync => self.sync(),
            Op::Cwai => self.cwai(bus),
            _ => self.execute_register_op(bus, entry)?,
        }
        Ok(())
    }

    /// The instructions on registers and CC alone (and the stack pushes and pulls).
    fn execute_register_op(&mut self, bus: &mut impl Bus, entry: Entry) -> Result<(), Fault> {
        match entry.op {
            Op::Daa => self.regs.a = alu::daa(&mut self.regs.cc, self.regs.a),
            Op::Orcc => self.regs.cc |= self.fetch8(bus),
            Op::Andcc => self.regs.cc &= self.fetch8(bus),
            Op::Sex => {
                self.regs.a = if self.regs.b & 0x80 != 0 { 0xFF } else { 0 };
                let d = self.regs.d();
                self.regs.set_flag(Z, d == 0);
                self.regs.set_flag(N, d & 0x8000 != 0);
            }
            Op::Exg => {
                let postbyte = self.fetch8(bus);
                self.exchange(postbyte)?;
            }
            Op::Tfr => {
                let postbyte = self.fetch8(bus);
                self.transfer(postbyte)?;
            }
            Op::Abx => self.regs.x = self.regs.x.wrapping_add(self.regs.b as u16),
            Op::Mul => {
                let d = alu::mul(&mut self.regs.cc, self.regs.a, self.regs.b);
                self.regs.set_d(d);
            }
            Op::Push(stack) => {
                let postbyte = self.fetch8(bus);
                self.push_registers(bus, stack, postbyte);
            }
            Op::Pull(stack) => {
                let postbyte = self.fetch8(bus);
                self.pull_registers(bus, stack, postbyte);
            }
            other => unreachable!("{other:?} is executed by Mc6809::execute"),
        }
        Ok(())
    }

    /// The address of the operand. Immediate operands are read where they sit, after the
    /// opcode, so every mode reads its operand the same way.
    fn address(&mut self, bus: &mut impl Bus, mode: Mode) -> Result<u16, Fault> {
        let pc = self.regs.pc;
        Ok(match mode {
            Mode::Immediate8 => {
                self.regs.pc = pc.wrapping_add(1);
                pc
            }
            Mode::Immediate16 => {
                self.regs.pc = pc.wrapping_add(2);
                pc
            }
            Mode::Direct => u16::from_be_bytes([self.regs.dp, self.fetch8(bus)]),
            Mode::Extended => self.fetch16(bus),
            Mode::Indexed => self.indexed_address(bus)?,
            Mode::Inherent | Mode::Relative8 | Mode::Relative16 => {
                unreachable!("{mode:?} has no operand address")
            }
        })
    }

    fn relative(&mut self, bus: &mut impl Bus, mode: Mode) -> u16 {
        if mode == Mode::Relative16 {
            self.fetch16(bus)
        } else {
            self.fetch8(bus) as i8 as u16
        }
    }

    /// A conditional long branch takes a cycle more when it branches; LBRA and short branches
    /// take the same either way.
    fn branch(&mut self, bus: &mut impl Bus, mode: Mode, cond: Cond) {
        let offset = self.relative(bus, mode);
        if alu::condition(cond, self.regs.cc) {
            self.regs.pc = self.regs.pc.wrapping_add(offset);
            if mode == Mode::Relative16 && cond != Cond::Always {
                self.extra_cycles += 1;
            }
        }
    }

    /// LEAX and LEAY set Z (so they can count loops); LEAS and LEAU touch no flag.
    fn lea(&mut self, bus: &mut impl Bus, reg: Reg16) -> Result<(), Fault> {
        let addr = self.indexed_address(bus)?;
        if matches!(reg, Reg16::X | Reg16::Y) {
            self.regs.set_flag(Z, addr == 0);
        }
        self.set_reg16(reg, addr);
        Ok(())
    }

    fn swi(&mut self, bus: &mut impl Bus, n: u8) {
        self.regs.cc |= E;
        self.push_entire_state(bus);
        let address = match n {
            1 => {
                self.regs.cc |= I | F;
                vector::SWI
            }
            2 => vector::SWI2,
            _ => vector::SWI3,
        };
        self.regs.pc = self.read16(bus, address);
    }

    fn rti(&mut self, bus: &mut impl Bus) {
        self.regs.cc = self.pull8(bus, Stack::S);
        if self.regs.flag(E) {
            self.regs.a = self.pull8(bus, Stack::S);
            self.regs.b = self.pull8(bus, Stack::S);
            self.regs.dp = self.pull8(bus, Stack::S);
            self.regs.x = self.pull16(bus, Stack::S);
            self.regs.y = self.pull16(bus, Stack::S);
            self.regs.u = self.pull16(bus, Stack::S);
            self.extra_cycles += 9;
        }
        self.regs.pc = self.pull16(bus, Stack::S);
    }

    /// CWAI: clear CC bits, stack everything with E set, then wait.
    fn cwai(&mut self, bus: &mut impl Bus) {
        self.regs.cc &= self.fetch8(bus);
        self.regs.cc |= E;
        self.push_entire_state(bus);
        self.wait_for_interrupt();
    }

    pub(super) fn reg8(&self, reg: Reg8) -> u8 {
        match reg {
            Reg8::A => self.regs.a,
            Reg8::B => self.regs.b,
        }
    }

    fn set_reg8(&mut self, reg: Reg8, value: u8) {
        match reg {
            Reg8::A => self.regs.a = value,
            Reg8::B => self.regs.b = value,
        }
    }

    fn reg16(&self, reg: Reg16) -> u16 {
        match reg {
            Reg16::D => self.regs.d(),
            Reg16::X => self.regs.x,
            Reg16::Y => self.regs.y,
            Reg16::U => self.regs.u,
            Reg16::S => self.regs.s,
        }
    }

    fn set_reg16(&mut self, reg: Reg16, value: u16) {
        match reg {
            Reg16::D => self.regs.set_d(value),
            Reg16::X => self.regs.x = value,
            Reg16::Y => self.regs.y = value,
            Reg16::U => self.regs.u = value,
            Reg16::S => self.set_s(value),
        }
    }
}
