//! The MC6809's arithmetic and logic, with the condition codes each operation leaves, as the
//! Motorola programming manual gives them. Bits the manual calls "undefined" (H after a
//! subtraction, shift or NEG) are left as they were; DAA's V follows what the silicon does.

use super::opcodes::{Alu16, Alu8, Cond, Rmw};
use super::registers::cc::{C, H, N, V, Z};

#[inline(always)]
fn nz8(r: u8) -> u8 {
    (if r == 0 { Z } else { 0 }) | (if r & 0x80 != 0 { N } else { 0 })
}

#[inline(always)]
fn nz16(r: u16) -> u8 {
    (if r == 0 { Z } else { 0 }) | (if r & 0x8000 != 0 { N } else { 0 })
}

#[inline(always)]
fn bit(on: bool, flag: u8) -> u8 {
    if on {
        flag
    } else {
        0
    }
}

/// a + b + carry: H N Z V C.
#[inline(always)]
fn add8(cc: &mut u8, a: u8, b: u8, carry: u8) -> u8 {
    let wide = a as u16 + b as u16 + carry as u16;
    let r = wide as u8;
    let half = (a ^ b ^ r) & 0x10 != 0;
    let overflow = (a ^ r) & (b ^ r) & 0x80 != 0;
    *cc = (*cc & !(H | N | Z | V | C))
        | nz8(r)
        | bit(half, H)
        | bit(overflow, V)
        | bit(wide > 0xFF, C);
    r
}

/// a - b - borrow: N Z V C (H untouched).
#[inline(always)]
fn sub8(cc: &mut u8, a: u8, b: u8, borrow: u8) -> u8 {
    let wide = (a as u16)
        .wrapping_sub(b as u16)
        .wrapping_sub(borrow as u16);
    let r = wide as u8;
    let overflow = (a ^ b) & (a ^ r) & 0x80 != 0;
    *cc = (*cc & !(N | Z | V | C)) | nz8(r) | bit(overflow, V) | bit(wide > 0xFF, C);
    r
}

/// N Z set from the result, V cleared: loads, stores, AND, OR, EOR, BIT, TST.
#[inline(always)]
pub(super) fn logic8(cc: &mut u8, r: u8) -> u8 {
    *cc = (*cc & !(N | Z | V)) | nz8(r);
    r
}

#[inline(always)]
pub(super) fn logic16(cc: &mut u8, r: u16) -> u16 {
    *cc = (*cc & !(N | Z | V)) | nz16(r);
    r
}

/// The result of an accumulator operation, or `None` when it only sets flags (CMP, BIT).
#[inline(always)]
pub(super) fn alu8(op: Alu8, cc: &mut u8, acc: u8, m: u8) -> Option<u8> {
    let carry = *cc & C;
    match op {
        Alu8::Sub => Some(sub8(cc, acc, m, 0)),
        Alu8::Cmp => {
            sub8(cc, acc, m, 0);
            None
        }
        Alu8::Sbc => Some(sub8(cc, acc, m, carry)),
        Alu8::And => Some(logic8(cc, acc & m)),
        Alu8::Bit => {
            logic8(cc, acc & m);
            None
        }
        Alu8::Ld => Some(logic8(cc, m)),
        Alu8::Eor => Some(logic8(cc, acc ^ m)),
        Alu8::Adc => Some(add8(cc, acc, m, carry)),
        Alu8::Or => Some(logic8(cc, acc | m)),
        Alu8::Add => Some(add8(cc, acc, m, 0)),
        Alu8::Discard => {
            *cc = (*cc & !(Z | V)) | N;
            Some(acc)
        }
    }
}

/// The result of a 16-bit operation, or `None` when it only sets flags (a compare, the
/// undocumented add). N Z V C (V cleared for LD).
#[inline(always)]
pub(super) fn alu16(op: Alu16, cc: &mut u8, reg: u16, m: u16) -> Option<u16> {
    let (wide, overflow) = match op {
        Alu16::Ld => return Some(logic16(cc, m)),
        Alu16::Add | Alu16::AddDiscard => {
            let wide = reg as u32 + m as u32;
            (wide, (reg ^ wide as u16) & (m ^ wide as u16) & 0x8000 != 0)
        }
        Alu16::Sub | Alu16::Cmp => {
            let wide = (reg as u32).wrapping_sub(m as u32);
            (wide, (reg ^ m) & (reg ^ wide as u16) & 0x8000 != 0)
        }
    };
    let r = wide as u16;
    *cc = (*cc & !(N | Z | V | C)) | nz16(r) | bit(overflow, V) | bit(wide > 0xFFFF, C);
    (op != Alu16::Cmp && op != Alu16::AddDiscard).then_some(r)
}

/// A read-modify-write operation; `None` for TST, which writes nothing back.
#[inline(always)]
pub(super) fn rmw(op: Rmw, cc: &mut u8, m: u8) -> Option<u8> {
    let carry_in = *cc & C;
    let r = match op {
        Rmw::Neg => sub8(cc, 0, m, 0),
        Rmw::Com => {
            logic8(cc, !m);
            *cc |= C;
            !m
        }
        Rmw::Lsr => shift_right(cc, m, m >> 1),
        Rmw::Ror => shift_right(cc, m, (m >> 1) | (carry_in << 7)),
        Rmw::Asr => shift_right(cc, m, (m >> 1) | (m & 0x80)),
        Rmw::Asl => shift_left(cc, m, m << 1),
        Rmw::Rol => shift_left(cc, m, (m << 1) | carry_in),
        Rmw::Dec => {
            let r = m.wrapping_sub(1);
            *cc = (*cc & !(N | Z | V)) | nz8(r) | bit(m == 0x80, V);
            r
        }
        Rmw::Inc => {
            let r = m.wrapping_add(1);
            *cc = (*cc & !(N | Z | V)) | nz8(r) | bit(m == 0x7F, V);
            r
        }
        Rmw::Tst => {
            logic8(cc, m);
            return None;
        }
        Rmw::Clr => {
            *cc = (*cc & !(N | Z | V | C)) | Z;
            0
        }
        // 0 - m - C: NEG when C is clear, COM's value (with subtraction's flags) when set.
        Rmw::Ngc => sub8(cc, 0, m, carry_in),
        Rmw::Xdec => {
            let r = m.wrapping_sub(1);
            *cc = (*cc & !(N | Z | V | C)) | nz8(r) | bit(m == 0x80, V) | bit(m == 0, C);
            r
        }
        Rmw::Xclr => {
            *cc = (*cc & !(N | Z | V)) | Z;
            0
        }
    };
    Some(r)
}

/// LSR, ROR, ASR: N Z from the result, C from bit 0 going out, V untouched.
#[inline(always)]
fn shift_right(cc: &mut u8, m: u8, r: u8) -> u8 {
    *cc = (*cc & !(N | Z | C)) | nz8(r) | (m & C);
    r
}

/// ASL, ROL: N Z, C from bit 7 going out, V = bit 7 xor bit 6 of the operand.
#[inline(always)]
fn shift_left(cc: &mut u8, m: u8, r: u8) -> u8 {
    let overflow = (m ^ (m << 1)) & 0x80 != 0;
    *cc = (*cc & !(N | Z | V | C)) | nz8(r) | bit(overflow, V) | bit(m & 0x80 != 0, C);
    r
}

/// DAA: corrects A after a BCD addition. C is only ever set, never cleared; V comes out as
/// N xor C on the real chip (measured by hoglet67; the manual calls it undefined).
pub(super) fn daa(cc: &mut u8, a: u8) -> u8 {
    let mut fix = 0u16;
    if a & 0x0F > 9 || *cc & H != 0 {
        fix |= 0x06;
    }
    if a > 0x99 || *cc & C != 0 || (a > 0x8F && a & 0x0F > 9) {
        fix |= 0x60;
    }
    let wide = a as u16 + fix;
    let r = wide as u8;
    let carry = *cc & C != 0 || wide > 0xFF;
    let n = r & 0x80 != 0;
    *cc = (*cc & !(N | Z | V | C)) | nz8(r) | bit(carry, C) | bit(n != carry, V);
    r
}

/// MUL: D = A * B unsigned; Z from D, C from bit 7 of B (for rounding A).
pub(super) fn mul(cc: &mut u8, a: u8, b: u8) -> u16 {
    let d = a as u16 * b as u16;
    *cc = (*cc & !(Z | C)) | bit(d == 0, Z) | bit(d & 0x80 != 0, C);
    d
}

#[inline(always)]
pub(super) fn condition(cond: Cond, cc: u8) -> bool {
    let flag = |f: u8| cc & f != 0;
    let (n, z, v, c) = (flag(N), flag(Z), flag(V), flag(C));
    match cond {
        Cond::Always => true,
        Cond::Never => false,
        Cond::Hi => !(c || z),
        Cond::Ls => c || z,
        Cond::Hs => !c,
        Cond::Lo => c,
        Cond::Ne => !z,
        Cond::Eq => z,
        Cond::Vc => !v,
        Cond::Vs => v,
        Cond::Pl => !n,
        Cond::Mi => n,
        Cond::Ge => n == v,
        Cond::Lt => n != v,
        Cond::Gt => !z && n == v,
        Cond::Le => z || n != v,
    }
}
