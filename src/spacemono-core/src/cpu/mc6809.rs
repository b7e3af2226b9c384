//! The MC6809 itself: its registers, the fetch of one instruction at a time, the interrupt
//! lines and how it enters an interrupt, SYNC and CWAI.

use super::bus::Bus;
use super::execute::dead;
use super::fault::Fault;
use super::opcodes::{Decoded, Op, Stack, PAGE1_DECODED, PAGE2_DECODED, PAGE3_DECODED};
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
    /// Its prefix ($10, $11, or 0 for none) and opcode byte (for faults).
    prefix: u8,
    opcode: u8,
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
            prefix: 0,
            opcode: 0,
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
    /// returns the cycles it took: as many as the calls it made on the bus (reads, writes and
    /// dummy cycles). On a fault no register has changed and PC is at the instruction.
    #[inline(always)]
    pub fn step(&mut self, bus: &mut impl Bus) -> Result<u32, Fault> {
        if self.state == RunState::Running && !self.interrupt_may_be_taken() {
            return self.execute_next(bus);
        }
        self.step_slow(bus)
    }

    /// True if an interrupt could be taken now: an NMI pending, or a line asserted that CC
    /// does not mask (cheap enough to test every step). A line held while masked, as the
    /// field sync's is under code that masks IRQ, keeps to the fast path.
    #[inline(always)]
    fn interrupt_may_be_taken(&self) -> bool {
        let cc = self.regs.cc;
        self.nmi_pending || (self.firq_line && cc & F == 0) || (self.irq_line && cc & I == 0)
    }

    #[inline(never)]
    fn step_slow(&mut self, bus: &mut impl Bus) -> Result<u32, Fault> {
        match self.state {
            RunState::Running => match self.pending_interrupt() {
                Some(interrupt) => Ok(self.enter(bus, interrupt)),
                None => self.execute_next(bus),
            },
            RunState::Syncing => {
                dead(bus);
                if self.nmi_pending || self.firq_line || self.irq_line {
                    self.state = RunState::Running;
                    dead(bus);
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
                None => {
                    dead(bus);
                    Ok(1)
                }
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
        // The instruction it would have run is fetched and dropped, then a dead cycle.
        self.dummy_at_pc(bus);
        self.dummy_at_pc(bus);
        dead(bus);
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
        dead(bus);
        self.regs.pc = self.read16(bus, address);
        dead(bus);
    }

    /// CWAI: after stacking, idle until an interrupt.
    pub(super) fn wait_for_interrupt(&mut self) {
        self.state = RunState::WaitingForInterrupt;
    }

    pub(super) fn sync(&mut self) {
        self.state = RunState::Syncing;
    }

    #[inline(always)]
    fn execute_next(&mut self, bus: &mut impl Bus) -> Result<u32, Fault> {
        let pc = self.regs.pc;
        self.instruction_pc = pc;
        self.extra_cycles = 0;
        let entry = match self.decode(bus) {
            Ok(entry) => entry,
            Err(fault) => {
                self.regs.pc = pc;
                return Err(fault);
            }
        };
        if let Err(fault) = self.execute(bus, entry) {
            self.regs.pc = pc;
            return Err(fault);
        }
        // (Wrapping: CWAI takes its wake-up's cycles off, `execute::cwai`.)
        Ok((entry.cycles as u32).wrapping_add(self.extra_cycles))
    }

    /// Reads the opcode and finds its entry. A prefix chooses page 2 or 3; more prefixes
    /// after it cost a cycle each and change nothing (the first one counts).
    #[inline(always)]
    fn decode(&mut self, bus: &mut impl Bus) -> Result<Decoded, Fault> {
        let first = self.fetch8(bus);
        if first != 0x10 && first != 0x11 {
            self.prefix = 0;
            self.opcode = first;
            return Ok(PAGE1_DECODED[first as usize]);
        }
        let page = if first == 0x10 {
            &PAGE2_DECODED
        } else {
            &PAGE3_DECODED
        };
        let mut code = self.fetch8(bus);
        let mut chained = 0u32;
        while code == 0x10 || code == 0x11 {
            chained += 1;
            if chained > 0xFFFF {
                return Err(Fault::EndlessPrefixes {
                    pc: self.instruction_pc,
                });
            }
            code = self.fetch8(bus);
        }
        self.extra_cycles += chained;
        self.prefix = first;
        self.opcode = code;
        Ok(page[code as usize])
    }

    /// The current instruction's opcode, with its prefix in the high byte if it had one.
    pub(super) fn instruction_opcode(&self) -> u16 {
        u16::from_be_bytes([self.prefix, self.opcode])
    }

    /// Loading S (LDS, LEAS, TFR/EXG, PULU) arms NMI.
    pub(super) fn set_s(&mut self, value: u16) {
        self.regs.s = value;
        self.nmi_armed = true;
    }

    #[inline(always)]
    pub(super) fn fetch8(&mut self, bus: &mut impl Bus) -> u8 {
        let b = bus.read(self.regs.pc);
        self.regs.pc = self.regs.pc.wrapping_add(1);
        b
    }

    #[inline(always)]
    pub(super) fn fetch16(&mut self, bus: &mut impl Bus) -> u16 {
        let w = self.read16(bus, self.regs.pc);
        self.regs.pc = self.regs.pc.wrapping_add(2);
        w
    }

    #[inline(always)]
    pub(super) fn read16(&mut self, bus: &mut impl Bus, addr: u16) -> u16 {
        u16::from_be_bytes([bus.read(addr), bus.read(addr.wrapping_add(1))])
    }

    #[inline(always)]
    pub(super) fn write16(&mut self, bus: &mut impl Bus, addr: u16, value: u16) {
        let [high, low] = value.to_be_bytes();
        bus.write(addr, high);
        bus.write(addr.wrapping_add(1), low);
    }

    #[inline(always)]
    pub(super) fn stack_pointer(&mut self, stack: Stack) -> &mut u16 {
        match stack {
            Stack::S => &mut self.regs.s,
            Stack::U => &mut self.regs.u,
        }
    }

    #[inline(always)]
    pub(super) fn push8(&mut self, bus: &mut impl Bus, stack: Stack, value: u8) {
        let sp = self.stack_pointer(stack);
        *sp = sp.wrapping_sub(1);
        let addr = *sp;
        bus.write(addr, value);
    }

    /// Low byte first, so the word sits high byte first in memory.
    #[inline(always)]
    pub(super) fn push16(&mut self, bus: &mut impl Bus, stack: Stack, value: u16) {
        let [high, low] = value.to_be_bytes();
        self.push8(bus, stack, low);
        self.push8(bus, stack, high);
    }

    #[inline(always)]
    pub(super) fn pull8(&mut self, bus: &mut impl Bus, stack: Stack) -> u8 {
        let sp = self.stack_pointer(stack);
        let addr = *sp;
        *sp = sp.wrapping_add(1);
        bus.read(addr)
    }

    #[inline(always)]
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
