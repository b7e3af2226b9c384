//! The MC6809 itself: its registers, the fetch of one instruction at a time, the interrupt
//! lines and how it enters an interrupt, SYNC and CWAI.

use super::bus::Bus;
use super::fault::Fault;
use super::opcodes::{Entry, Op, Stack, PAGE1_BY_CODE, PAGE2_BY_CODE, PAGE3_BY_CODE};
use super::registers::cc::{E, F, I};
use super::registers::Registers;

/// Where the CPU fetches the address to go to, at the top of memory.
pub mod vector {
    pub const SWI3: u16 = 0xFFF2;
    pub const SWI2: u16 = 0xFFF4;
    pub const FIRQ: u16 = 0xFFF6;
    pub const IRQ: u16 = 0xFFF8;
    pub const SWI: u16 = 0xFFFA;
    pub const NMI: u16 = 0xFFFC;
    pub const RESET: u16 = 0xFFFE;
}

/// Cycles to enter IRQ or NMI (two dead cycles, a dead cycle, 12 bytes stacked, the masks,
/// the vector) and FIRQ (the same with only PC and CC stacked).
pub const ENTIRE_ENTRY_CYCLES: u32 = 19;
pub const FIRQ_ENTRY_CYCLES: u32 = 10;
/// Cycles from an interrupt to its handler when CWAI has already stacked the state: set the
/// masks, fetch the vector. CWAI's own count (20) includes these.
pub const CWAI_WAKE_CYCLES: u32 = 4;
/// Cycles SYNC takes to notice an interrupt line and carry on (the data sheet's minimum of 4
/// for SYNC is its own 2 and these 2).
pub const SYNC_WAKE_CYCLES: u32 = 2;

/// What the CPU is doing between instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunState {
    Running,
    /// After SYNC: idle until an interrupt line is asserted (masked or not).
    Syncing,
    /// After CWAI: the state is stacked; idle until an unmasked interrupt.
    WaitingForInterrupt,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interrupt {
    Nmi,
    Firq,
    Irq,
}

#[derive(Clone, Debug)]
pub struct Mc6809 {
    pub regs: Registers,
    state: RunState,
    /// NMI is ignored from reset until the program first loads S.
    nmi_armed: bool,
    /// An NMI edge waiting to be taken.
    nmi_pending: bool,
    firq_line: bool,
    irq_line: bool,
    /// Cycles the current instruction adds to its table count.
    pub(super) extra_cycles: u32,
    /// Where the current instruction started (for faults).
    pub(super) instruction_pc: u16,
}

impl Default for Mc6809 {
    fn default() -> Self {
        Self::new()
    }
}

impl Mc6809 {
    /// A CPU in its state after RESET, except that PC is 0 until [`Mc6809::reset`] reads the vector.
    pub fn new() -> Self {
        Mc6809 {
            regs: Registers {
                cc: I | F,
                ..Registers::default()
            },
            state: RunState::Running,
            nmi_armed: false,
            nmi_pending: false,
            firq_line: false,
            irq_line: false,
            extra_cycles: 0,
            instruction_pc: 0,
        }
    }

    /// RESET: DP to 0, IRQ and FIRQ masked, NMI disarmed, PC from $FFFE.
    pub fn reset(&mut self, bus: &mut impl Bus) {
        self.regs.dp = 0;
        self.regs.cc |= I | F;
        self.nmi_armed = false;
        self.nmi_pending = false;
        self.state = RunState::Running;
        self.regs.pc = self.read16(bus, vector::RESET);
    }

    pub fn state(&self) -> RunState {
        self.state
    }

    /// The level of the IRQ line (true: asserted). It stays asserted until the device that
    /// pulls it is served.
    pub fn set_irq(&mut self, asserted: bool) {
        self.irq_line = asserted;
    }

    pub fn set_firq(&mut self, asserted: bool) {
        self.firq_line = asserted;
    }

    /// A falling edge on NMI: taken before the next instruction, once S has been loaded.
    pub fn nmi(&mut self) {
        if self.nmi_armed {
            self.nmi_pending = true;
        }
    }

    /// Runs one instruction (or enters one interrupt, or idles one step in SYNC or CWAI) and
    /// returns the cycles it took. On a fault nothing has changed and PC is at the instruction.
    pub fn step(&mut self, bus: &mut impl Bus) -> Result<u32, Fault> {
        match self.state {
            RunState::Running => match self.pending_interrupt() {
                Some(interrupt) => Ok(self.enter(bus, interrupt)),
                None => self.execute_next(bus),
            },
            RunState::Syncing => {
                if self.nmi_pending || self.firq_line || self.irq_line {
                    self.state = RunState::Running;
                    Ok(SYNC_WAKE_CYCLES)
                } else {
                    Ok(1)
                }
            }
            RunState::WaitingForInterrupt => match self.pending_interrupt() {
                Some(interrupt) => {
                    self.state = RunState::Running;
                    self.vector_to(bus, interrupt);
                    Ok(CWAI_WAKE_CYCLES)
                }
                None => Ok(1),
            },
        }
    }

    fn pending_interrupt(&self) -> Option<Interrupt> {
        if self.nmi_pending {
            Some(Interrupt::Nmi)
        } else if self.firq_line && !self.regs.flag(F) {
            Some(Interrupt::Firq)
        } else if self.irq_line && !self.regs.flag(I) {
            Some(Interrupt::Irq)
        } else {
            None
        }
    }

    /// Stacks what the interrupt stacks (FIRQ: PC and CC with E clear; the others: everything
    /// with E set) and goes to its vector.
    fn enter(&mut self, bus: &mut impl Bus, interrupt: Interrupt) -> u32 {
        if interrupt == Interrupt::Firq {
            self.regs.cc &= !E;
            self.push16(bus, Stack::S, self.regs.pc);
            self.push8(bus, Stack::S, self.regs.cc);
            self.vector_to(bus, interrupt);
            FIRQ_ENTRY_CYCLES
        } else {
            self.regs.cc |= E;
            self.push_entire_state(bus);
            self.vector_to(bus, interrupt);
            ENTIRE_ENTRY_CYCLES
        }
    }

    fn vector_to(&mut self, bus: &mut impl Bus, interrupt: Interrupt) {
        let (masks, address) = match interrupt {
            Interrupt::Nmi => {
                self.nmi_pending = false;
                (I | F, vector::NMI)
            }
            Interrupt::Firq => (I | F, vector::FIRQ),
            Interrupt::Irq => (I, vector::IRQ),
        };
        self.regs.cc |= masks;
        self.regs.pc = self.read16(bus, address);
    }

    /// CWAI: after stacking, idle until an interrupt.
    pub(super) fn wait_for_interrupt(&mut self) {
        self.state = RunState::WaitingForInterrupt;
    }

    pub(super) fn sync(&mut self) {
        self.state = RunState::Syncing;
    }

    fn execute_next(&mut self, bus: &mut impl Bus) -> Result<u32, Fault> {
        let pc = self.regs.pc;
        self.instruction_pc = pc;
        self.extra_cycles = 0;
        let result = self.decode(bus).and_then(|entry| {
            self.execute(bus, entry)?;
            let cycles = entry.cycles as u32 + self.extra_cycles;
            // CWAI's data-sheet count includes vectoring, which its wake-up step returns.
            Ok(if entry.op == Op::Cwai {
                cycles - CWAI_WAKE_CYCLES
            } else {
                cycles
            })
        });
        if result.is_err() {
            self.regs.pc = pc;
        }
        result
    }

    fn decode(&mut self, bus: &mut impl Bus) -> Result<Entry, Fault> {
        let first = self.fetch8(bus);
        let (page, opcode) = match first {
            0x10 | 0x11 => {
                let second = self.fetch8(bus);
                let page = if first == 0x10 {
                    &PAGE2_BY_CODE
                } else {
                    &PAGE3_BY_CODE
                };
                (page, u16::from_be_bytes([first, second]))
            }
            _ => (&PAGE1_BY_CODE, first as u16),
        };
        page[(opcode & 0xFF) as usize].ok_or(Fault::Illegal {
            opcode,
            pc: self.instruction_pc,
        })
    }

    /// Loading S (LDS, LEAS, TFR/EXG, PULU) arms NMI.
    pub(super) fn set_s(&mut self, value: u16) {
        self.regs.s = value;
        self.nmi_armed = true;
    }

    pub(super) fn fetch8(&mut self, bus: &mut impl Bus) -> u8 {
        let b = bus.read(self.regs.pc);
        self.regs.pc = self.regs.pc.wrapping_add(1);
        b
    }

    pub(super) fn fetch16(&mut self, bus: &mut impl Bus) -> u16 {
        let w = self.read16(bus, self.regs.pc);
        self.regs.pc = self.regs.pc.wrapping_add(2);
        w
    }

    pub(super) fn read16(&mut self, bus: &mut impl Bus, addr: u16) -> u16 {
        u16::from_be_bytes([bus.read(addr), bus.read(addr.wrapping_add(1))])
    }

    pub(super) fn write16(&mut self, bus: &mut impl Bus, addr: u16, value: u16) {
        let [high, low] = value.to_be_bytes();
        bus.write(addr, high);
        bus.write(addr.wrapping_add(1), low);
    }

    fn stack_pointer(&mut self, stack: Stack) -> &mut u16 {
        match stack {
            Stack::S => &mut self.regs.s,
            Stack::U => &mut self.regs.u,
        }
    }

    pub(super) fn push8(&mut self, bus: &mut impl Bus, stack: Stack, value: u8) {
        let sp = self.stack_pointer(stack);
        *sp = sp.wrapping_sub(1);
        let addr = *sp;
        bus.write(addr, value);
    }

    /// Low byte first, so the word sits high byte first in memory.
    pub(super) fn push16(&mut self, bus: &mut impl Bus, stack: Stack, value: u16) {
        let [high, low] = value.to_be_bytes();
        self.push8(bus, stack, low);
        self.push8(bus, stack, high);
    }

    pub(super) fn pull8(&mut self, bus: &mut impl Bus, stack: Stack) -> u8 {
        let sp = self.stack_pointer(stack);
        let addr = *sp;
        *sp = sp.wrapping_add(1);
        bus.read(addr)
    }

    pub(super) fn pull16(&mut self, bus: &mut impl Bus, stack: Stack) -> u16 {
        let high = self.pull8(bus, stack);
        let low = self.pull8(bus, stack);
        u16::from_be_bytes([high, low])
    }

    /// What IRQ, NMI, SWI and CWAI stack on S (CC last, at the lowest address).
    pub(super) fn push_entire_state(&mut self, bus: &mut impl Bus) {
        let r = self.regs;
        for word in [r.pc, r.u, r.y, r.x] {
            self.push16(bus, Stack::S, word);
        }
        for byte in [r.dp, r.b, r.a, r.cc] {
            self.push8(bus, Stack::S, byte);
        }
    }
}
