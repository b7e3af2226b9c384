//! The ROM's cassette routines, answered over the deck's recording and write buffer
//! (`machine::cassette`; docs/machine.md §12.4.1): the jump table's motor, leader, byte and
//! bit routines ($8015-$8027) and the block routines next to them ($B933, $B93E, $B991,
//! $B999), with the registers, flags and RAM ($7C-$85) each leaves as DR's listing does.
//!
//! Reading is the ROM's own algorithm run outside the CPU, as XRoar's fast tape does
//! (XR `tape.c` `bitin`, `sync_leader`): from the head, the input is looked at where each
//! turn of the ROM's poll loop (`ReadCasInBit`, 28 cycles) would look at it, the turns are
//! counted in $82 and compared with the thresholds in $92-$94 as the ROM compares them, so a
//! bit is what the ROM would make of the recording (a .wav's samples through the comparator,
//! a .cas's bytes), and the head ends where the ROM's last look left it.
//!
//! Cycles: at `--tape-speed real` a routine costs the time it takes on tape (every turn of
//! the poll, the motor's start its delay loop, $95 × 8 cycles); at the quick speed each wait
//! for an edge costs half a turn of the poll loop (so a bit costs one turn, 28 cycles) and the
//! motor starts at once, as BASIC's own tape statements load a block a field (the tape moves
//! as far either way). Where the ROM would wait for a signal that never comes (the tape's end,
//! no tape) the routine keeps waiting, field after field, until BREAK stops the code.

use super::rom_calls::rts;
use super::{CodeRun, Stop};
use crate::cpu::cc;
use crate::formats::wav::{BIT0_CPU_CYCLES, BIT1_CPU_CYCLES};
use crate::machine::cassette::{machine_cycle, TapeSpeed};
use crate::machine::hardware::Hardware;

/// The routines answered here.
mod at {
    pub const MOTOR_ON: [u16; 2] = [0x8015, 0xBDCF];
    pub const MOTOR_OFF: [u16; 2] = [0x8018, 0xBDDC];
    pub const WRITE_LEADER: [u16; 2] = [0x801B, 0xBE68];
    pub const BYTE_OUT: [u16; 2] = [0x801E, 0xBE12];
    pub const READ_LEADER: [u16; 2] = [0x8021, 0xBDE7];
    pub const BYTE_IN: [u16; 2] = [0x8024, 0xBDAD];
    pub const BIT_IN: [u16; 2] = [0x8027, 0xBDA5];
    /// CasReadBlock1: leader sync, CasBlockIn, motor off, B = the error code.
    pub const READ_BLOCK1: u16 = 0xB933;
    /// CasBlockIn: one block into the buffer at [$7E].
    pub const BLOCK_IN: u16 = 0xB93E;
    /// CasWriteBlock1: leader, CasBlockOut, motor off.
    pub const WRITE_BLOCK1: u16 = 0xB991;
    /// CasBlockOut: the block at [$7E] ($7C type, $7D length) to tape.
    pub const BLOCK_OUT: u16 = 0xB999;
}

/// The ROM's cassette variables in the direct page (DR romdefs).
mod ram {
    pub const BLOCK_TYPE: u16 = 0x7C;
    pub const BLOCK_LEN: u16 = 0x7D;
    pub const BUFFER: u16 = 0x7E;
    pub const CHECKSUM: u16 = 0x80;
    pub const ERROR_CODE: u16 = 0x81;
    pub const PERIOD: u16 = 0x82;
    pub const BIT_COUNT: u16 = 0x83;
    pub const PHASE: u16 = 0x84;
    pub const LAST_SINE: u16 = 0x85;
    pub const LEADER_COUNT: u16 = 0x90;
    pub const PARTITION: u16 = 0x92;
    /// The 2400 Hz half-cycle's upper limit (CasMax12) and the 1200 Hz one's (CasMax24).
    pub const MAX_SHORT: u16 = 0x93;
    pub const MAX_LONG: u16 = 0x94;
    pub const MOTOR_DELAY: u16 = 0x95;
}

/// PIA1's control register A: bit 3 (CA2) is the motor relay.
const PIA1_CRA: u16 = 0xFF21;
/// One turn of the ROM's input poll (ReadCasInBit and its BSR and branch).
const POLL_CYCLES: u32 = 28;
/// What waiting for a signal that does not come costs for each look.
const WAIT_CYCLES: u32 = 1_000;

/// Whether `pc` is one of the routines answered here.
pub(super) fn answers(pc: u16) -> bool {
    [
        at::MOTOR_ON,
        at::MOTOR_OFF,
        at::WRITE_LEADER,
        at::BYTE_OUT,
        at::READ_LEADER,
        at::BYTE_IN,
        at::BIT_IN,
    ]
    .iter()
    .any(|a| a.contains(&pc))
        || [
            at::READ_BLOCK1,
            at::BLOCK_IN,
            at::WRITE_BLOCK1,
            at::BLOCK_OUT,
        ]
        .contains(&pc)
}

/// The tape ran out (or there is none): the ROM waits for a signal.
struct NoSignal;

/// Answer the cassette routine at `pc`, its return included; while it waits for a signal the
/// PC stays, so the run comes back to it.
pub(super) fn answer(hw: &mut Hardware, run: &mut CodeRun, pc: u16) -> Result<u32, Stop> {
    // The routine reads on from where the tape is now: a running motor has moved it with the
    // code's cycles since it was last seen.
    let clock = machine_cycle(hw.field, hw.field_cycle());
    hw.deck.move_to(clock);
    let mut ear = Ear::at(hw.deck.head());
    let r = answer_routine(hw, run, pc, &mut ear);
    if let Ok(cycles) = r {
        // It read the tape to where its last look was; a read of the input goes on from there.
        if ear.moved() {
            hw.deck.head_moved_to(ear.at);
        }
        hw.deck.moved_until(clock + cycles as u64);
    }
    r
}

fn answer_routine(
    hw: &mut Hardware,
    run: &mut CodeRun,
    pc: u16,
    ear: &mut Ear,
) -> Result<u32, Stop> {
    // The jump table's JMP to the routine.
    if pc < 0x8033 {
        ear.spend(4);
    }
    let r = if at::MOTOR_ON.contains(&pc) {
        Ok(motor_on(hw, run))
    } else if at::MOTOR_OFF.contains(&pc) {
        Ok(motor_off(hw, run))
    } else if at::WRITE_LEADER.contains(&pc) {
        Ok(write_leader(hw, run))
    } else if at::BYTE_OUT.contains(&pc) {
        let a = run.cpu.regs.a;
        Ok(byte_out(hw, run, a) + 15)
    } else if at::READ_LEADER.contains(&pc) {
        read_leader(hw, run, ear).map(|()| ear.cost(hw))
    } else if at::BYTE_IN.contains(&pc) {
        byte_in(hw, run, ear).map(|()| ear.cost(hw))
    } else if at::BIT_IN.contains(&pc) {
        bit_in(hw, run, ear).map(|_| ear.cost(hw))
    } else if pc == at::BLOCK_IN {
        block_in(hw, run, ear).map(|()| ear.cost(hw))
    } else if pc == at::READ_BLOCK1 {
        read_block1(hw, run, ear).map(|()| ear.cost(hw))
    } else if pc == at::BLOCK_OUT {
        Ok(block_out(hw, run))
    } else {
        // WRITE_BLOCK1 (answers() admits nothing else).
        let c = write_leader(hw, run) + block_out(hw, run) + motor_off(hw, run);
        Ok(c + 14)
    };
    match r {
        Ok(cycles) => Ok(cycles + rts(hw, run)),
        Err(NoSignal) => Ok(WAIT_CYCLES),
    }
}

/// The ROM listening to the tape from the head: where on the recording its instructions have
/// got to, and what they cost at the quick speed.
struct Ear {
    start: u64,
    at: u64,
    quick: u32,
}

impl Ear {
    fn at(head: u64) -> Ear {
        Ear {
            start: head,
            at: head,
            quick: 0,
        }
    }

    fn moved(&self) -> bool {
        self.at != self.start
    }

    /// Instructions taking `cycles` (the tape moves on under them).
    fn spend(&mut self, cycles: u32) {
        self.at += cycles as u64;
    }

    /// What the routine costs: its time on tape, or at the quick speed its waits.
    fn cost(&self, hw: &Hardware) -> u32 {
        if quick(hw) {
            self.quick + 20
        } else {
            u32::try_from(self.at - self.start).unwrap_or(u32::MAX)
        }
    }

    /// ReadCasInBit called until the input reads `want` (LBD99 waits for high, LBDA0 for
    /// low): each turn BSR, INC <$82, LDB $FF20 (its look in its last cycle), RORB, RTS and
    /// the branch, 28 cycles. The turns are counted in $82.
    fn wait(&mut self, hw: &mut Hardware, want: bool) -> Result<(), NoSignal> {
        let turn = POLL_CYCLES as u64;
        let mut look = self.at + 7 + 6 + 4;
        let mut turns = 0u64;
        loop {
            let run = hw.deck.run_at(look);
            turns += 1;
            if run.level == want {
                break;
            }
            if run.to == u64::MAX {
                return Err(NoSignal);
            }
            // The turns that look before the run ends all see the same level.
            let k = (run.to - look).div_ceil(turn);
            turns += k - 1;
            look += k * turn;
        }
        let count = hw.mem.peek(ram::PERIOD).wrapping_add(turns as u8);
        hw.mem.poke(ram::PERIOD, count);
        self.at = look + 1 + 2 + 5 + 3;
        self.quick += POLL_CYCLES / 2;
        Ok(())
    }

    /// LBD97 (low, then high: a cycle from rising edge to rising edge) or LBD9E (high, then
    /// low), entered by a BSR and left by the RTS of the second wait.
    fn wait_cycle(&mut self, hw: &mut Hardware, rising: bool) -> Result<(), NoSignal> {
        self.spend(7);
        self.wait(hw, !rising)?;
        self.spend(5);
        self.wait(hw, rising)?;
        self.spend(5);
        Ok(())
    }
}

fn quick(hw: &Hardware) -> bool {
    hw.deck.speed() == TapeSpeed::Quick
}

/// What a bit costs: its time on tape, or one poll at the quick speed.
fn bit_cycles(hw: &Hardware, bit: bool) -> u32 {
    match (quick(hw), bit) {
        (true, _) => POLL_CYCLES,
        (false, true) => BIT1_CPU_CYCLES as u32,
        (false, false) => BIT0_CPU_CYCLES as u32,
    }
}

/// CasMotorOn: the relay (PIA1 CA2) on, then the delay loop of [$95] turns; X = 0.
fn motor_on(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    let cra = hw.read_bus(PIA1_CRA);
    hw.write_bus(PIA1_CRA, cra | 0x08);
    let turns = match hw.mem.read_u16(ram::MOTOR_DELAY) {
        0 => 0x1_0000,
        n => n as u32,
    };
    run.cpu.regs.x = 0;
    run.cpu.regs.a = cra | 0x08;
    // LEAX -1,X leaves Z set.
    run.cpu.regs.cc = (run.cpu.regs.cc & !(cc::N | cc::V)) | cc::Z;
    22 + if quick(hw) { 0 } else { turns * 8 }
}

/// CasMotorOff: the relay off (what machine code wrote goes on the tape), interrupts on.
fn motor_off(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    let cra = hw.read_bus(PIA1_CRA) & !0x08;
    hw.write_bus(PIA1_CRA, cra);
    run.cpu.regs.a = cra;
    run.cpu.regs.cc &= !(cc::I | cc::F);
    15
}

/// CasWriteLeader: interrupts off, the motor on, [$90] bytes of $55; A = $55, X = 0.
fn write_leader(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    run.cpu.regs.cc |= cc::I | cc::F;
    let mut cycles = 19 + motor_on(hw, run);
    let n = match hw.mem.read_u16(ram::LEADER_COUNT) {
        0 => 0x1_0000,
        n => n as u32,
    };
    for _ in 0..n {
        cycles += byte_out(hw, run, 0x55) + 30;
    }
    run.cpu.regs.a = 0x55;
    run.cpu.regs.x = 0;
    run.cpu.regs.cc = (run.cpu.regs.cc & !(cc::N | cc::V)) | cc::Z;
    cycles
}

/// CasByteOut: `v` to tape, bit 0 first; the DAC left on the sine table's last value ($85);
/// A kept, B = 0, Y = $BE68, the flags of the last `ASLB`. With no tape the sound goes
/// nowhere, as on a Dragon.
fn byte_out(hw: &mut Hardware, run: &mut CodeRun, v: u8) -> u32 {
    if hw.deck.has_tape() {
        // A tape that cannot take more (full, or a save that failed) is the host's to hear
        // about (the deck keeps the failure); the ROM writes on regardless.
        let _ = hw.deck.write_byte(v);
    }
    let last_sine = if v & 0x80 != 0 { 0x50 } else { 0x68 };
    hw.mem.poke(ram::LAST_SINE, last_sine);
    hw.write_bus(0xFF20, last_sine);
    let r = &mut run.cpu.regs;
    r.b = 0;
    r.y = 0xBE68;
    r.cc = (r.cc & !cc::N) | cc::Z | cc::V | cc::C;
    (0..8).map(|i| bit_cycles(hw, v >> i & 1 != 0)).sum()
}

/// The flags of `CMPB` with `m`: (C, Z).
fn compare(b: u8, m: u8) -> (bool, bool) {
    (b < m, b == m)
}

/// LBDB9 (`rising` false: to the input going low) or LBDBF (high): $82 cleared, a half
/// cycle timed, then LBDC3's check: too long for a 1200 Hz half (above $94) clears $83 and
/// gives Z set, C clear; else the flags of comparing it with $93 (C set: a 2400 Hz half).
fn half_cycle(hw: &mut Hardware, ear: &mut Ear, rising: bool) -> Result<(bool, bool), NoSignal> {
    ear.spend(7 + 6);
    hw.mem.poke(ram::PERIOD, 0);
    ear.spend(7);
    ear.wait(hw, rising)?;
    ear.spend(5 + if rising { 0 } else { 3 } + 4 + 4 + 3);
    let b = hw.mem.peek(ram::PERIOD);
    if b > hw.mem.peek(ram::MAX_LONG) {
        hw.mem.poke(ram::BIT_COUNT, 0);
        ear.spend(6 + 5);
        return Ok((false, true));
    }
    ear.spend(4 + 5);
    Ok(compare(b, hw.mem.peek(ram::MAX_SHORT)))
}

/// CasReadLeader (LBDE7): interrupts off, the motor on, then the ROM's leader sync: half
/// cycles timed in turn, $83 counted up for each short half after a long one and down for
/// each long half after a short one, until it reaches 96 either way (the phase found: $84 =
/// A, 0 when the cycles start on a rising edge).
fn read_leader(hw: &mut Hardware, run: &mut CodeRun, ear: &mut Ear) -> Result<(), NoSignal> {
    run.cpu.regs.cc |= cc::I | cc::F;
    ear.spend(3 + 7);
    ear.spend(motor_on(hw, run));
    ear.spend(6);
    hw.mem.poke(ram::BIT_COUNT, 0);
    #[derive(Clone, Copy)]
    enum At {
        Bded,
        Bdef,
        Bdf3,
        Bdff,
        Be03,
    }
    let mut at = At::Bded;
    let a = loop {
        let a = match at {
            At::Bded => {
                ear.spend(7);
                ear.wait_cycle(hw, true)?;
                at = At::Bdef;
                continue;
            }
            At::Bdef => {
                let (c, z) = half_cycle(hw, ear, false)?;
                ear.spend(3);
                at = if !c && !z { At::Bdff } else { At::Bdf3 };
                continue;
            }
            At::Bdf3 => {
                let (c, _) = half_cycle(hw, ear, true)?;
                ear.spend(3);
                if c {
                    at = At::Be03;
                    continue;
                }
                let n = hw.mem.peek(ram::BIT_COUNT).wrapping_add(1);
                hw.mem.poke(ram::BIT_COUNT, n);
                ear.spend(6 + 4 + 2 + 3);
                // CMPA #$60: Z when 96 counted; A is the count.
                (n, n == 0x60)
            }
            At::Bdff => {
                let (c, z) = half_cycle(hw, ear, true)?;
                ear.spend(3);
                at = if !c && !z { At::Bdef } else { At::Be03 };
                continue;
            }
            At::Be03 => {
                let (c, _) = half_cycle(hw, ear, false)?;
                ear.spend(3);
                if c {
                    at = At::Bdf3;
                    continue;
                }
                let n = hw.mem.peek(ram::BIT_COUNT).wrapping_sub(1);
                hw.mem.poke(ram::BIT_COUNT, n);
                ear.spend(6 + 4 + 2);
                let a = n.wrapping_add(0x60);
                (a, a == 0)
            }
        };
        // LBE0D: BNE LBDED, else the phase found.
        ear.spend(3);
        if a.1 {
            break a.0;
        }
        at = At::Bded;
    };
    ear.spend(4);
    hw.mem.poke(ram::PHASE, a);
    run.cpu.regs.a = a;
    run.cpu.regs.cc = (run.cpu.regs.cc & !(cc::N | cc::V)) | cc::Z;
    if a & 0x80 != 0 {
        run.cpu.regs.cc = (run.cpu.regs.cc & !cc::Z) | cc::N;
    } else if a != 0 {
        run.cpu.regs.cc &= !cc::Z;
    }
    Ok(())
}

/// CasBitIn (LBDA5): one cycle of the tape timed in turns of the poll loop into $82, from a
/// rising edge to the next when the phase ($84) is 0, else from a falling one; B = the
/// count less 1, and the flags of `CMPB <$92`: carry set for a short cycle, a 1.
fn bit_in(hw: &mut Hardware, run: &mut CodeRun, ear: &mut Ear) -> Result<bool, NoSignal> {
    ear.spend(7 + 6 + 6 + 3);
    hw.mem.poke(ram::PERIOD, 0);
    let rising = hw.mem.peek(ram::PHASE) == 0;
    ear.wait_cycle(hw, rising)?;
    ear.spend(4 + 2 + 4 + 5);
    let b = hw.mem.peek(ram::PERIOD).wrapping_sub(1);
    let m = hw.mem.peek(ram::PARTITION);
    let (diff, borrow) = b.overflowing_sub(m);
    let r = &mut run.cpu.regs;
    r.b = b;
    r.cc &= !(cc::N | cc::Z | cc::V | cc::C);
    if diff == 0 {
        r.cc |= cc::Z;
    }
    if diff & 0x80 != 0 {
        r.cc |= cc::N;
    }
    if (b ^ m) & (b ^ diff) & 0x80 != 0 {
        r.cc |= cc::V;
    }
    if borrow {
        r.cc |= cc::C;
    }
    Ok(borrow)
}

/// CasByteIn (LBDAD): 8 bits, bit 0 first, into A; $83 counted down from 8 to 0 (Z set, C
/// from the last bit).
fn byte_in(hw: &mut Hardware, run: &mut CodeRun, ear: &mut Ear) -> Result<(), NoSignal> {
    let v = read_byte(hw, run, ear)?;
    run.cpu.regs.a = v;
    Ok(())
}

fn read_byte(hw: &mut Hardware, run: &mut CodeRun, ear: &mut Ear) -> Result<u8, NoSignal> {
    let mut v = 0u8;
    ear.spend(2 + 4);
    for left in (0..8u8).rev() {
        hw.mem.poke(ram::BIT_COUNT, left + 1);
        ear.spend(7);
        let bit = bit_in(hw, run, ear)?;
        v = v >> 1 | (bit as u8) << 7;
        ear.spend(2 + 6 + 3);
    }
    ear.spend(5);
    hw.mem.poke(ram::BIT_COUNT, 0);
    run.cpu.regs.cc = (run.cpu.regs.cc & !(cc::N | cc::V)) | cc::Z;
    Ok(v)
}

/// CasBlockIn: interrupts off; bit by bit to the block's $3C, then type ($7C), length ($7D),
/// the data into the buffer at [$7E] (each byte read back: one that does not stay, in ROM,
/// is error 2), the checksum (wrong: error 1). A = $81 = the error code, X past the data.
fn block_in(hw: &mut Hardware, run: &mut CodeRun, ear: &mut Ear) -> Result<(), NoSignal> {
    run.cpu.regs.cc |= cc::I | cc::F;
    // LB925: in direct mode ($68 = $FF) the top left character blinks with each block.
    if hw.mem.peek(crate::machine::memory::addr::CURRENT_LINE) == 0xFF {
        let c = hw.mem.peek(0x0400) ^ 0x40;
        hw.mem.poke(0x0400, c);
    }
    let mut x = hw.mem.read_u16(ram::BUFFER);
    ear.spend(3 + 7 + 20 + 5 + 2);
    let mut a = 0u8;
    while a != 0x3C {
        ear.spend(8);
        let bit = bit_in(hw, run, ear)?;
        a = a >> 1 | (bit as u8) << 7;
        ear.spend(2 + 2 + 3);
    }
    let byte = |hw: &mut Hardware, run: &mut CodeRun, ear: &mut Ear| {
        ear.spend(8 + 4);
        read_byte(hw, run, ear)
    };
    let kind = byte(hw, run, ear)?;
    hw.mem.poke(ram::BLOCK_TYPE, kind);
    let len = byte(hw, run, ear)?;
    hw.mem.poke(ram::BLOCK_LEN, len);
    ear.spend(4 + 4 + 4 + 4 + 3);
    let mut sum = kind.wrapping_add(len);
    let mut code = 0;
    for left in (1..=len).rev() {
        hw.mem.poke(ram::ERROR_CODE, left);
        let v = byte(hw, run, ear)?;
        hw.write_bus(x, v);
        let stayed = hw.read_bus(x) == v;
        x = x.wrapping_add(1);
        ear.spend(4 + 6 + 3);
        if !stayed {
            code = 2;
            break;
        }
        sum = sum.wrapping_add(v);
        ear.spend(4 + 4 + 6 + 3);
    }
    if code == 0 {
        let stored = byte(hw, run, ear)?;
        code = u8::from(stored != sum);
        ear.spend(4 + 3 + 2);
    }
    ear.spend(4 + 5);
    hw.mem.poke(ram::CHECKSUM, sum);
    hw.mem.poke(ram::ERROR_CODE, code);
    let r = &mut run.cpu.regs;
    r.a = code;
    r.x = x;
    r.cc &= !(cc::N | cc::Z | cc::V);
    if code == 0 {
        r.cc |= cc::Z;
    }
    Ok(())
}

/// CasReadBlock1: the leader sync, CasBlockIn, the motor off; B = the error code, its flags.
fn read_block1(hw: &mut Hardware, run: &mut CodeRun, ear: &mut Ear) -> Result<(), NoSignal> {
    ear.spend(8);
    read_leader(hw, run, ear)?;
    ear.spend(5 + 7);
    block_in(hw, run, ear)?;
    ear.spend(8);
    ear.spend(motor_off(hw, run));
    ear.spend(4 + 5);
    let code = hw.mem.peek(ram::ERROR_CODE);
    let r = &mut run.cpu.regs;
    r.b = code;
    r.cc &= !(cc::N | cc::Z | cc::V);
    if code == 0 {
        r.cc |= cc::Z;
    }
    Ok(())
}

/// CasBlockOut: interrupts off; `$55 $3C type len data checksum $55` from $7C, $7D and the
/// buffer at [$7E]; $80 = the checksum, $81 = 0, X past the data, A = $55.
fn block_out(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    run.cpu.regs.cc |= cc::I | cc::F;
    let kind = hw.mem.peek(ram::BLOCK_TYPE);
    let len = hw.mem.peek(ram::BLOCK_LEN);
    let start = hw.mem.read_u16(ram::BUFFER);
    let data: Vec<u8> = (0..len as u16)
        .map(|i| hw.read_bus(start.wrapping_add(i)))
        .collect();
    let sum = crate::formats::block::checksum(kind, &data);
    hw.mem.poke(ram::CHECKSUM, sum);
    let mut cycles = 40 + 13 * len as u32;
    let mut out = vec![0x55, 0x3C, kind, len];
    out.extend_from_slice(&data);
    out.extend([sum, 0x55]);
    for v in out {
        cycles += byte_out(hw, run, v) + 30;
    }
    hw.mem.poke(ram::ERROR_CODE, 0);
    let r = &mut run.cpu.regs;
    r.a = 0x55;
    r.x = start.wrapping_add(len as u16);
    cycles
}
