//! Carrying out one decoded instruction: finding its operand by its addressing mode, doing the
//! operation, writing the result back, with every cycle the real chip spends on the bus: the
//! dummy reads (of the byte after the opcode, of the stack pointer, of an operand address)
//! and the dead cycles ($FFFF) between its reads and writes, in the data sheet's order.

use super::alu;
use super::bus::{Bus, DEAD_CYCLE_ADDRESS};
use super::fault::Fault;
use super::mc6809::{vector, Mc6809, CWAI_WAKE_CYCLES};
use super::opcodes::{Alu16, Cond, Decoded, Mode, Op, Reg16, Reg8, Stack};
use super::registers::cc::{E, F, I, N, V, Z};

impl Mc6809 {
    #[inline(always)]
    pub(super) fn execute(&mut self, bus: &mut impl Bus, entry: Decoded) -> Result<(), Fault> {
        let mode = entry.mode;
        match entry.op {
            Op::RmwAcc(op, reg) => {
                let v = self.reg8(reg);
                if let Some(r) = alu::rmw(op, &mut self.regs.cc, v) {
                    self.set_reg8(reg, r);
                }
                self.dummy_at_pc(bus);
            }
            Op::RmwMem(op) => {
                let addr = self.address(bus, mode);
                let m = bus.read(addr);
                let result = alu::rmw(op, &mut self.regs.cc, m);
                dead(bus);
                match result {
                    Some(r) => bus.write(addr, r),
                    None => dead(bus),
                }
            }
            Op::Alu8(op, reg) => {
                let addr = self.address(bus, mode);
                let m = bus.read(addr);
                let acc = self.reg8(reg);
                if let Some(r) = alu::alu8(op, &mut self.regs.cc, acc, m) {
                    self.set_reg8(reg, r);
                }
            }
            Op::Store8(reg) => {
                let addr = self.address(bus, mode);
                let v = self.reg8(reg);
                alu::logic8(&mut self.regs.cc, v);
                bus.write(addr, v);
            }
            Op::Alu16(op, reg) => {
                let addr = self.address(bus, mode);
                let m = self.read16(bus, addr);
                let mut value = self.reg16(reg);
                if op == Alu16::AddDiscard && reg == Reg16::U {
                    value |= 0xFF00;
                }
                if let Some(r) = alu::alu16(op, &mut self.regs.cc, value, m) {
                    self.set_reg16(reg, r);
                }
                if op != Alu16::Ld {
                    dead(bus);
                }
            }
            Op::Store16(reg) => {
                let addr = self.address(bus, mode);
                let v = self.reg16(reg);
                alu::logic16(&mut self.regs.cc, v);
                self.write16(bus, addr, v);
            }
            Op::Lea(reg) => self.lea(bus, reg),
            Op::Branch(cond) => self.branch(bus, mode, cond),
            Op::LongBranch(cond) => self.long_branch(bus, cond),
            Op::Bsr => self.bsr(bus, mode),
            Op::Jsr => {
                let addr = self.address(bus, mode);
                bus.dummy(addr);
                dead(bus);
                self.push16(bus, Stack::S, self.regs.pc);
                self.regs.pc = addr;
            }
            Op::Jmp => self.regs.pc = self.address(bus, mode),
            Op::Rts => {
                self.dummy_at_pc(bus);
                self.regs.pc = self.pull16(bus, Stack::S);
                dead(bus);
            }
            Op::Rti => self.rti(bus),
            Op::Swi(n) => self.swi(bus, n),
            Op::StackAndVector(address) => self.stack_and_vector(bus, address),
            Op::Nop => self.dummy_at_pc(bus),
            Op::Nothing => dead(bus),
            Op::Sync => {
                self.dummy_at_pc(bus);
                self.sync();
            }
            Op::Cwai => self.cwai(bus),
            Op::Halt => {
                return Err(Fault::Halted {
                    opcode: self.instruction_opcode(),
                    pc: self.instruction_pc,
                })
            }
            _ => self.execute_register_op(bus, entry),
        }
        Ok(())
    }

    /// The instructions on registers and CC alone (and the stack pushes and pulls).
    fn execute_register_op(&mut self, bus: &mut impl Bus, entry: Decoded) {
        match entry.op {
            Op::Daa => {
                self.regs.a = alu::daa(&mut self.regs.cc, self.regs.a);
                self.dummy_at_pc(bus);
            }
            Op::Orcc => {
                self.regs.cc |= self.fetch8(bus);
                self.dummy_at_pc(bus);
            }
            Op::Andcc => {
                self.regs.cc &= self.fetch8(bus);
                self.dummy_at_pc(bus);
            }
            Op::AndccSlow => {
                self.regs.cc &= self.fetch8(bus);
                self.dummy_at_pc(bus);
                dead(bus);
            }
            Op::ShiftCc => {
                // Reads its operand without stepping past it.
                let mask = bus.read(self.regs.pc);
                let cc = (self.regs.cc & mask) << 1;
                self.regs.cc = cc | ((cc >> 2) & V);
                dead(bus);
            }
            Op::Sex => {
                self.regs.a = if self.regs.b & 0x80 != 0 { 0xFF } else { 0 };
                let d = self.regs.d();
                self.regs.set_flag(Z, d == 0);
                self.regs.set_flag(N, d & 0x8000 != 0);
                self.dummy_at_pc(bus);
            }
            Op::Exg => {
                let postbyte = self.fetch8(bus);
                self.exchange(postbyte);
                for _ in 0..6 {
                    dead(bus);
                }
            }
            Op::Tfr => {
                let postbyte = self.fetch8(bus);
                self.transfer(postbyte);
                for _ in 0..4 {
                    dead(bus);
                }
            }
            Op::Abx => {
                self.regs.x = self.regs.x.wrapping_add(self.regs.b as u16);
                self.dummy_at_pc(bus);
                dead(bus);
            }
            Op::Mul => {
                let d = alu::mul(&mut self.regs.cc, self.regs.a, self.regs.b);
                self.regs.set_d(d);
                self.dummy_at_pc(bus);
                for _ in 0..9 {
                    dead(bus);
                }
            }
            Op::Push(stack) => {
                let postbyte = self.fetch8(bus);
                dead(bus);
                dead(bus);
                bus.dummy(*self.stack_pointer(stack));
                self.push_registers(bus, stack, postbyte);
            }
            Op::Pull(stack) => {
                let postbyte = self.fetch8(bus);
                dead(bus);
                dead(bus);
                self.pull_registers(bus, stack, postbyte);
                bus.dummy(*self.stack_pointer(stack));
            }
            Op::StoreImmediate(reg) => {
                let _ = self.fetch8(bus);
                let value = self.reg16(reg) as u8;
                bus.write(self.regs.pc, value);
                self.regs.pc = self.regs.pc.wrapping_add(1);
                self.regs.cc = (self.regs.cc & !(Z | V)) | N;
            }
            other => unreachable!("{other:?} is executed by Mc6809::execute"),
        }
    }

    /// The address of the operand, after the cycles that find it. Immediate operands are read
    /// where they sit, after the opcode, so every mode reads its operand the same way.
    #[inline(always)]
    fn address(&mut self, bus: &mut impl Bus, mode: Mode) -> u16 {
        let pc = self.regs.pc;
        match mode {
            Mode::Immediate8 => {
                self.regs.pc = pc.wrapping_add(1);
                pc
            }
            Mode::Immediate16 => {
                self.regs.pc = pc.wrapping_add(2);
                pc
            }
            Mode::Direct => {
                let addr = u16::from_be_bytes([self.regs.dp, self.fetch8(bus)]);
                dead(bus);
                addr
            }
            Mode::Extended => {
                let addr = self.fetch16(bus);
                dead(bus);
                addr
            }
            Mode::Indexed => self.indexed_address(bus),
            Mode::Inherent | Mode::Relative8 | Mode::Relative16 => {
                unreachable!("{mode:?} has no operand address")
            }
        }
    }

    /// A short branch takes its three cycles either way; LBRA ($16) its five.
    #[inline(always)]
    fn branch(&mut self, bus: &mut impl Bus, mode: Mode, cond: Cond) {
        let offset = if mode == Mode::Relative16 {
            let offset = self.fetch16(bus);
            dead(bus);
            offset
        } else {
            self.fetch8(bus) as i8 as u16
        };
        dead(bus);
        if alu::condition(cond, self.regs.cc) {
            self.regs.pc = self.regs.pc.wrapping_add(offset);
        }
    }

    /// A page 2 long branch takes a cycle more when it branches.
    #[inline(always)]
    fn long_branch(&mut self, bus: &mut impl Bus, cond: Cond) {
        let offset = self.fetch16(bus);
        if alu::condition(cond, self.regs.cc) {
            self.regs.pc = self.regs.pc.wrapping_add(offset);
            self.extra_cycles += 1;
            dead(bus);
        }
        dead(bus);
    }

    /// BSR and LBSR: the offset, dead cycles (one more for the long form), the return address.
    fn bsr(&mut self, bus: &mut impl Bus, mode: Mode) {
        let offset = if mode == Mode::Relative16 {
            let offset = self.fetch16(bus);
            dead(bus);
            offset
        } else {
            self.fetch8(bus) as i8 as u16
        };
        dead(bus);
        dead(bus);
        dead(bus);
        self.push16(bus, Stack::S, self.regs.pc);
        self.regs.pc = self.regs.pc.wrapping_add(offset);
    }

    /// The undocumented $3E, $103E, $113E: SWI's stacking with E as it is and no masks.
    fn stack_and_vector(&mut self, bus: &mut impl Bus, address: u16) {
        self.dummy_at_pc(bus);
        dead(bus);
        self.push_entire_state(bus);
        dead(bus);
        self.regs.pc = self.read16(bus, address);
        dead(bus);
    }

    /// LEAX and LEAY set Z (so they can count loops); LEAS and LEAU touch no flag.
    #[inline(always)]
    fn lea(&mut self, bus: &mut impl Bus, reg: Reg16) {
        let addr = self.indexed_address(bus);
        if matches!(reg, Reg16::X | Reg16::Y) {
            self.regs.set_flag(Z, addr == 0);
        }
        self.set_reg16(reg, addr);
        dead(bus);
    }

    fn swi(&mut self, bus: &mut impl Bus, n: u8) {
        self.dummy_at_pc(bus);
        dead(bus);
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
        dead(bus);
        self.regs.pc = self.read16(bus, address);
        dead(bus);
    }

    fn rti(&mut self, bus: &mut impl Bus) {
        self.dummy_at_pc(bus);
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
        bus.dummy(self.regs.s);
    }

    /// CWAI: clear CC bits, stack everything with E set, then wait.
    fn cwai(&mut self, bus: &mut impl Bus) {
        self.regs.cc &= self.fetch8(bus);
        self.dummy_at_pc(bus);
        dead(bus);
        self.regs.cc |= E;
        self.push_entire_state(bus);
        self.wait_for_interrupt();
        // Its data-sheet count (the table's) includes vectoring, which the step that wakes
        // it returns ([`super::mc6809::CWAI_WAKE_CYCLES`]): this step returns the rest.
        self.extra_cycles = self.extra_cycles.wrapping_sub(CWAI_WAKE_CYCLES);
    }

    #[inline(always)]
    pub(super) fn dummy_at_pc(&mut self, bus: &mut impl Bus) {
        bus.dummy(self.regs.pc);
    }

    #[inline(always)]
    pub(super) fn reg8(&self, reg: Reg8) -> u8 {
        match reg {
            Reg8::A => self.regs.a,
            Reg8::B => self.regs.b,
        }
    }

    #[inline(always)]
    fn set_reg8(&mut self, reg: Reg8, value: u8) {
        match reg {
            Reg8::A => self.regs.a = value,
            Reg8::B => self.regs.b = value,
        }
    }

    #[inline(always)]
    fn reg16(&self, reg: Reg16) -> u16 {
        match reg {
            Reg16::D => self.regs.d(),
            Reg16::X => self.regs.x,
            Reg16::Y => self.regs.y,
            Reg16::U => self.regs.u,
            Reg16::S => self.regs.s,
        }
    }

    #[inline(always)]
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

/// A dead cycle: $FFFF on the address bus, nothing read or written.
#[inline(always)]
pub(super) fn dead(bus: &mut impl Bus) {
    bus.dummy(DEAD_CYCLE_ADDRESS);
}
