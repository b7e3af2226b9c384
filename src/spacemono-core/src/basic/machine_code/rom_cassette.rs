//! The ROM's cassette routines, answered over the deck's bit cursor and write buffer
//! (`machine::cassette::stream`; docs/machine.md §12.4): the jump table's motor, leader, byte
//! and bit routines ($8015-$8027) and the block routines next to them ($B933, $B93E, $B991,
//! $B999), with the registers, flags and RAM ($7C-$85) each leaves as DR's listing does.
//!
//! Cycles: at `--tape-speed real` each bit costs the time it takes on tape (the ROM polls the
//! input for all of it: 435 cycles a 1, 813 a 0, as the ROM writes them) and the motor's
//! start its delay loop ($95 × 8 cycles); at the quick speed a bit costs one turn of the ROM's
//! poll loop (28 cycles) and the motor starts at once, as BASIC's own tape statements load a
//! block a field. Where the ROM would wait for a signal that never comes (the tape's end, no
//! tape) the routine keeps waiting, field after field, until BREAK stops the code.

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
    pub const MOTOR_DELAY: u16 = 0x95;
}

/// PIA1's control register A: bit 3 (CA2) is the motor relay.
const PIA1_CRA: u16 = 0xFF21;
/// One turn of the ROM's input poll (ReadCasInBit and its BSR and branch).
const POLL_CYCLES: u32 = 28;
/// The period counts (turns of the poll) the genuine ROM finds for a 1 and a 0 of a .cas
/// (MAME 0.251's dragon32 playing it at 2400 and 1200 Hz: 9-10 and 23-24).
const PERIOD_ONE: u8 = 10;
const PERIOD_ZERO: u8 = 24;
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
    // The routine reads on from where the tape was last seen (by a read of the cassette
    // input, or the last routine): the cycles of the code between two calls do not move it,
    // as at the quick speed a routine's own cycles are not the tape's (`cassette::signal`).
    let clock = machine_cycle(hw.field, hw.field_cycle());
    let r = answer_routine(hw, run, pc);
    // It moved the tape itself; a read of the input goes on from there.
    if let Ok(cycles) = r {
        hw.deck.moved_until(clock + cycles as u64);
    }
    r
}

fn answer_routine(hw: &mut Hardware, run: &mut CodeRun, pc: u16) -> Result<u32, Stop> {
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
        read_leader(hw, run)
    } else if at::BYTE_IN.contains(&pc) {
        byte_in(hw, run)
    } else if at::BIT_IN.contains(&pc) {
        bit_in(hw, run).map(|(_, c)| c + 9)
    } else if pc == at::BLOCK_IN {
        block_in(hw, run)
    } else if pc == at::READ_BLOCK1 {
        read_block1(hw, run)
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

/// CasReadLeader: interrupts off, the motor on, then on to the leader (12 bytes of it);
/// A = 0 and $84 = 0 (in phase on the rising edge), $83 = $A0.
fn read_leader(hw: &mut Hardware, run: &mut CodeRun) -> Result<u32, NoSignal> {
    run.cpu.regs.cc |= cc::I | cc::F;
    let mut cycles = 9 + motor_on(hw, run);
    let bits = hw.deck.sync_to_leader().ok_or(NoSignal)?;
    cycles += bits as u32 * if quick(hw) { POLL_CYCLES } else { 620 };
    hw.mem.poke(ram::PERIOD, PERIOD_ONE);
    hw.mem.poke(ram::BIT_COUNT, 0xA0);
    hw.mem.poke(ram::PHASE, 0);
    run.cpu.regs.a = 0;
    run.cpu.regs.cc = (run.cpu.regs.cc & !(cc::N | cc::V)) | cc::Z;
    Ok(cycles)
}

/// CasBitIn: the period of the next cycle on tape into $82, B = it less 1, and the flags of
/// `CMPB <$92`: carry set for a short period, a 1.
fn bit_in(hw: &mut Hardware, run: &mut CodeRun) -> Result<(bool, u32), NoSignal> {
    let bit = hw.deck.read_bit().ok_or(NoSignal)?;
    let period = if bit { PERIOD_ONE } else { PERIOD_ZERO };
    hw.mem.poke(ram::PERIOD, period);
    let b = period - 1;
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
    Ok((borrow, 25 + bit_cycles(hw, bit)))
}

/// CasByteIn: 8 bits, bit 0 first, into A; $83 counted down to 0 (Z set, C from the last
/// bit).
fn byte_in(hw: &mut Hardware, run: &mut CodeRun) -> Result<u32, NoSignal> {
    let (v, cycles) = read_byte(hw, run)?;
    run.cpu.regs.a = v;
    Ok(cycles)
}

fn read_byte(hw: &mut Hardware, run: &mut CodeRun) -> Result<(u8, u32), NoSignal> {
    let mut v = 0u8;
    let mut cycles = 6;
    for _ in 0..8 {
        let (bit, c) = bit_in(hw, run)?;
        v = v >> 1 | (bit as u8) << 7;
        cycles += c + 14;
    }
    hw.mem.poke(ram::BIT_COUNT, 0);
    run.cpu.regs.cc = (run.cpu.regs.cc & !(cc::N | cc::V)) | cc::Z;
    Ok((v, cycles))
}

/// CasBlockIn: interrupts off; bit by bit to the block's $3C, then type ($7C), length ($7D),
/// the data into the buffer at [$7E] (each byte read back: one that does not stay, in ROM,
/// is error 2), the checksum (wrong: error 1). A = $81 = the error code, X past the data.
fn block_in(hw: &mut Hardware, run: &mut CodeRun) -> Result<u32, NoSignal> {
    run.cpu.regs.cc |= cc::I | cc::F;
    // LB925: in direct mode ($68 = $FF) the top left character blinks with each block.
    if hw.mem.peek(crate::machine::memory::addr::CURRENT_LINE) == 0xFF {
        let c = hw.mem.peek(0x0400) ^ 0x40;
        hw.mem.poke(0x0400, c);
    }
    let mut x = hw.mem.read_u16(ram::BUFFER);
    let mut cycles = 20;
    let mut a = 0u8;
    while a != 0x3C {
        let (bit, c) = bit_in(hw, run)?;
        a = a >> 1 | (bit as u8) << 7;
        cycles += c + 17;
    }
    let mut byte = |hw: &mut Hardware, run: &mut CodeRun| -> Result<u8, NoSignal> {
        let (v, c) = read_byte(hw, run)?;
        cycles += c + 8;
        Ok(v)
    };
    let kind = byte(hw, run)?;
    hw.mem.poke(ram::BLOCK_TYPE, kind);
    let len = byte(hw, run)?;
    hw.mem.poke(ram::BLOCK_LEN, len);
    let mut sum = kind.wrapping_add(len);
    let mut code = 0;
    for left in (1..=len).rev() {
        hw.mem.poke(ram::ERROR_CODE, left);
        let v = byte(hw, run)?;
        hw.write_bus(x, v);
        let stayed = hw.read_bus(x) == v;
        x = x.wrapping_add(1);
        if !stayed {
            code = 2;
            break;
        }
        sum = sum.wrapping_add(v);
    }
    if code == 0 {
        let stored = byte(hw, run)?;
        code = u8::from(stored != sum);
    }
    hw.mem.poke(ram::CHECKSUM, sum);
    hw.mem.poke(ram::ERROR_CODE, code);
    let r = &mut run.cpu.regs;
    r.a = code;
    r.x = x;
    r.cc &= !(cc::N | cc::Z | cc::V);
    if code == 0 {
        r.cc |= cc::Z;
    }
    Ok(cycles + 30 * len as u32)
}

/// CasReadBlock1: the leader sync, CasBlockIn, the motor off; B = the error code, its flags.
fn read_block1(hw: &mut Hardware, run: &mut CodeRun) -> Result<u32, NoSignal> {
    let mut cycles = read_leader(hw, run)?;
    cycles += block_in(hw, run)?;
    cycles += motor_off(hw, run);
    let code = hw.mem.peek(ram::ERROR_CODE);
    let r = &mut run.cpu.regs;
    r.b = code;
    r.cc &= !(cc::N | cc::Z | cc::V);
    if code == 0 {
        r.cc |= cc::Z;
    }
    Ok(cycles + 30)
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
