//! LOG, EXP, SIN, COS, TAN, ATN, SQR and `^` run on a local copy of the float unit: FAC,
//! ARG, ARISGN, TEMPF1-3, INTEGR and TANSGN in one [`Regs`] value that lives in registers for
//! the whole function, every step always inlined, and the unit written back once at the end
//! (or at the error). The arithmetic is the ROM's, step for step, exactly as in `routines.rs`
//! and `mod.rs` (kept as the reference under `#[cfg(test)]`; `fused_tests.rs` compares the two
//! over a million random states): only where the values live changes. Each step through
//! `&mut FloatUnit` read and wrote the unit's fields in memory, and POLY and POLYX were calls.

use super::{
    div_slow, Fac, FloatUnit, FpError, Packed, Unpacked, ATNCON_U, EXPCON_U, FHALF, FONE, FR4,
    LOG2, LOGCN2_U, LOGEB2, NEGHLF, PI2, SINCON_U, SQR05, SQR2, TWOPI,
};

/// A packed temporary as its exponent byte and its other four bytes in one big-endian word.
#[derive(Clone, Copy)]
struct Split {
    e: u8,
    w: u32,
}

impl Split {
    #[inline(always)]
    fn of(p: Packed) -> Self {
        let b = p.0;
        Split {
            e: b[0],
            w: u32::from_be_bytes([b[1], b[2], b[3], b[4]]),
        }
    }
    #[inline(always)]
    fn packed(self) -> Packed {
        let b = self.w.to_be_bytes();
        Packed([self.e, b[0], b[1], b[2], b[3]])
    }
    /// CONUPK's view of it.
    #[inline(always)]
    fn unpacked(self) -> Unpacked {
        Unpacked {
            exp: self.e,
            man: self.w | 0x8000_0000,
            sign: (self.w >> 24) as u8,
        }
    }
}

/// The 40 bits M:FACOV at the top of a 64-bit word, the low 24 bits 0.
const TOP40: u64 = 0xFFFF_FFFF_FF00_0000;
/// FACOV's byte in that word.
const OV: u64 = 0xFF00_0000;

/// 40-bit truncating right shift of `m:00` by `n` (at the top of the word): the shifted
/// mantissa and its guard byte.
#[inline(always)]
fn shr40(m: u32, n: u32) -> u64 {
    if n >= 40 {
        return 0;
    }
    ((m as u64) << 32 >> n) & TOP40
}

/// The float unit's state that these functions read or write (all of it but the RND seed).
/// FAC's mantissa and FACOV are one 40-bit number, as NORMAL and the roundings treat them,
/// kept at the top of a 64-bit word (`man << 32 | ov << 24`): a product's bits, a sum with its
/// guard byte and a quotient go in and out of it without being split and joined again, the
/// carry or borrow out of the mantissa is the word's, and NORMAL's shift count is the word's
/// leading zeros.
#[derive(Clone, Copy)]
struct Regs {
    /// FACEXP, 0..=255 in a word (no byte moves and extensions at each compare).
    e: u32,
    /// FAC.M:FACOV, `man << 32 | ov << 24`.
    v: u64,
    /// FACSGN.
    s: u8,
    /// ARG: exponent (0..=255 in a word), mantissa, sign byte.
    ae: u32,
    am: u32,
    asg: u8,
    arisgn: u8,
    t1: Split,
    t2: Split,
    t3: Split,
    integr: u8,
    tansgn: u8,
}

const fn u(p: Packed) -> Unpacked {
    p.unpacked()
}

impl Regs {
    #[inline(always)]
    fn of(fu: &FloatUnit) -> Self {
        Regs {
            e: fu.fac.exp as u32,
            v: (fu.fac.man as u64) << 32 | (fu.fac.ov as u64) << 24,
            s: fu.fac.sign,
            ae: fu.arg.exp as u32,
            am: fu.arg.man,
            asg: fu.arg.sign,
            arisgn: fu.arisgn,
            t1: Split::of(fu.tempf1),
            t2: Split::of(fu.tempf2),
            t3: Split::of(fu.tempf3),
            integr: fu.integr,
            tansgn: fu.tansgn,
        }
    }
    #[inline(always)]
    fn store(self, fu: &mut FloatUnit) {
        fu.fac = Fac {
            exp: self.e as u8,
            man: self.man(),
            sign: self.s,
            ov: (self.v >> 24) as u8,
        };
        fu.arg = Unpacked {
            exp: self.ae as u8,
            man: self.am,
            sign: self.asg,
        };
        fu.arisgn = self.arisgn;
        fu.tempf1 = self.t1.packed();
        fu.tempf2 = self.t2.packed();
        fu.tempf3 = self.t3.packed();
        fu.integr = self.integr;
        fu.tansgn = self.tansgn;
    }

    // ---- moves ----

    /// FAC's 32-bit mantissa.
    #[inline(always)]
    fn man(&self) -> u32 {
        (self.v >> 32) as u32
    }
    /// MOVMF.
    #[inline(always)]
    fn pack(&self) -> Split {
        Split {
            e: self.e as u8,
            w: self.man() & (0x7FFF_FFFF | (self.s as u32) << 24),
        }
    }
    /// MOVFM.
    #[inline(always)]
    fn load(&mut self, p: Split) {
        self.e = p.e as u32;
        self.s = (p.w >> 24) as u8;
        self.v = ((p.w | 0x8000_0000) as u64) << 32;
    }
    #[inline(always)]
    fn unpacked(&self) -> Unpacked {
        Unpacked {
            exp: self.e as u8,
            man: self.man(),
            sign: self.s,
        }
    }
    #[inline(always)]
    fn sign(&self) -> i8 {
        if self.e == 0 {
            0
        } else if self.s & 0x80 != 0 {
            -1
        } else {
            1
        }
    }
    #[inline(always)]
    fn neg(&mut self) {
        if self.e != 0 {
            self.s = !self.s;
        }
    }

    // ---- NORMAL and rounding ----

    #[inline(always)]
    fn zerofc(&mut self) {
        self.e = 0;
        self.s = 0;
    }
    /// NEGFAC: the sign complemented, the 32-bit mantissa negated, FACOV kept.
    #[inline(always)]
    fn negfac(&mut self) {
        self.s = !self.s;
        self.v = (self.man().wrapping_neg() as u64) << 32 | (self.v & OV);
    }
    /// NORMAL: shift M:FACOV left until its top bit is set, then RNDIT.
    #[inline(always)]
    fn normal(&mut self) -> Result<(), FpError> {
        let v = self.v;
        if v == 0 {
            self.zerofc();
            return Ok(());
        }
        let lz = v.leading_zeros();
        self.v = v << lz;
        if self.e <= lz {
            self.zerofc();
            return Ok(());
        }
        self.e -= lz;
        self.rndit()
    }
    /// RNDIT: round by FACOV's bit 7 (adding it at bit 31 carries into M) and clear FACOV.
    #[inline(always)]
    fn rndit(&mut self) -> Result<(), FpError> {
        let (v, carry) = self.v.overflowing_add(0x8000_0000);
        self.v = v & 0xFFFF_FFFF_0000_0000;
        if carry {
            // M wrapped to 0: RNDSHF with carry 1 (FACOV already 0).
            return self.rndshf();
        }
        Ok(())
    }
    /// RNDSHF with carry 1; FACOV neither used nor changed.
    #[inline(always)]
    fn rndshf(&mut self) -> Result<(), FpError> {
        let ov = self.v & OV;
        let mut m = self.man();
        let r = loop {
            self.e += 1;
            if self.e == 0x100 {
                self.e = 0;
                break Err(FpError::Overflow);
            }
            let bit = m & 1;
            m = 0x8000_0000 | (m >> 1);
            if bit == 0 {
                break Ok(());
            }
            m = m.wrapping_add(1);
            if m != 0 {
                break Ok(());
            }
        };
        self.v = (m as u64) << 32 | ov;
        r
    }

    // ---- the four operations ----

    /// ARG = an unpacked value.
    #[inline(always)]
    fn set_arg(&mut self, p: Unpacked) {
        self.ae = p.exp as u32;
        self.am = p.man;
        self.asg = p.sign;
    }
    #[inline(always)]
    fn conupk(&mut self, p: Unpacked) {
        self.set_arg(p);
        self.arisgn = p.sign ^ self.s;
    }
    #[inline(always)]
    fn fadd(&mut self, p: Unpacked) -> Result<(), FpError> {
        self.conupk(p);
        self.faddt()
    }
    #[inline(always)]
    fn fsub(&mut self, p: Unpacked) -> Result<(), FpError> {
        self.conupk(p);
        self.fsubt()
    }
    #[inline(always)]
    fn fmult(&mut self, p: Unpacked) -> Result<(), FpError> {
        self.conupk(p);
        self.fmultt()
    }
    #[inline(always)]
    fn fdiv(&mut self, p: Unpacked) -> Result<(), FpError> {
        self.conupk(p);
        self.fdivt()
    }
    #[inline(always)]
    fn fsubt(&mut self) -> Result<(), FpError> {
        self.s = !self.s;
        self.arisgn = !self.arisgn;
        self.faddt()
    }
    #[inline(always)]
    fn faddt(&mut self) -> Result<(), FpError> {
        if self.e == 0 {
            // MOVFA
            self.e = self.ae;
            self.v = (self.am as u64) << 32;
            self.s = self.asg;
            return Ok(());
        }
        self.faddc(self.ae)
    }
    /// FADDC with `a` as ARG's exponent, on 40-bit numbers: the operand shifted right (or ARG
    /// at equal exponents, with FAC's stale FACOV as its guard byte) is `low`, the other one
    /// `high`. A same-sign sum is `high + low`; a difference `high - low` (the ROM adds the
    /// complement with the carry the guard byte gives), negated on 32 bits if it borrowed.
    #[inline(always)]
    fn faddc(&mut self, a: u32) -> Result<(), FpError> {
        if a == 0 {
            return Ok(());
        }
        let fe = self.e;
        let (high, low, op_is_fac);
        if a == fe {
            let low_ = (self.am as u64) << 32 | (self.v & OV);
            (high, low, op_is_fac) = (self.man(), low_, false);
        } else if a > fe {
            self.e = a;
            self.s = self.asg;
            (high, low, op_is_fac) = (self.am, shr40(self.man(), a - fe), true);
        } else {
            (high, low, op_is_fac) = (self.man(), shr40(self.am, fe - a), false);
        }
        let high = (high as u64) << 32;
        if self.arisgn & 0x80 == 0 {
            if !op_is_fac {
                self.am = (low >> 32) as u32;
            }
            let (sum, carry) = high.overflowing_add(low);
            self.v = sum;
            if carry {
                self.rndshf()
            } else {
                self.rndit()
            }
        } else {
            if !op_is_fac {
                self.am = !((low >> 32) as u32);
            }
            let (d, borrow) = high.overflowing_sub(low);
            self.v = d;
            if borrow {
                self.negfac();
            }
            self.normal()
        }
    }
    #[inline(always)]
    fn muldiv(&mut self, a: u32) -> Result<bool, FpError> {
        let s = a + self.e;
        if a != 0 && s.wrapping_sub(129) < 255 {
            // The usual case in one test: an exponent 1..=255.
            self.e = s - 128;
            self.s = self.arisgn;
            return Ok(true);
        }
        if a == 0 {
            self.zerofc();
            return Ok(false);
        }
        if s < 128 {
            self.zerofc();
            return Ok(false);
        }
        if s >= 384 {
            return Err(FpError::Overflow);
        }
        let e = s - 128;
        self.e = e;
        if e == 0 {
            self.zerofc();
        } else {
            self.s = self.arisgn;
        }
        Ok(true)
    }
    /// FMULTT: the product's top 40 bits are M:FACOV.
    #[inline(always)]
    fn fmultt(&mut self) -> Result<(), FpError> {
        if self.e == 0 {
            return Ok(());
        }
        if !self.muldiv(self.ae)? {
            return Ok(());
        }
        self.v = (self.man() as u64 * self.am as u64) & TOP40;
        self.normal()
    }
    /// FDIVT: the 34-bit quotient q gives M = q >> 2 and FACOV = q's last two bits, then 1
    /// (q at bit 30 of the word is both).
    #[inline(always)]
    fn fdivt(&mut self) -> Result<(), FpError> {
        if self.e == 0 {
            return Err(FpError::DivisionByZero);
        }
        self.e = self.e.wrapping_neg() & 0xFF;
        if !self.muldiv(self.ae)? {
            return Ok(());
        }
        self.e += 1;
        if self.e == 0x100 {
            self.e = 0;
            return Err(FpError::Overflow);
        }
        // The same 34-bit quotient as routines.rs's FDIVT, written out in both: as one shared
        // function LLVM laid the callers out differently (0.5-1 % more instructions on BM3 and
        // BM8).
        let d = self.man();
        let q = if d >= 0x8000_0000 {
            let a = self.am as u64;
            let d = d as u64;
            let q1 = (a >= d) as u64;
            let r = a - q1 * d;
            let n = r << 32;
            let (q32, r2) = (n / d, n % d);
            let last = ((r2 << 1) >= d) as u64;
            (q1 << 33) | (q32 << 1) | last
        } else {
            div_slow(self.am, d)
        };
        self.v = q << 30 | 0x20 << 24;
        self.normal()
    }

    // ---- INT and the small integer loads ----

    /// INT: QINT (whose FACOV is overwritten here), then FLOAT of the 32-bit integer.
    #[inline(always)]
    fn int(&mut self) {
        if self.e >= 0xA0 {
            return;
        }
        let m = if self.e == 0 {
            0
        } else {
            let n = 0xA0 - self.e;
            let v: i64 = if self.s & 0x80 != 0 {
                self.man().wrapping_neg() as i64 - (1i64 << 32)
            } else {
                self.man() as i64
            };
            (v >> n.min(63)) as u32
        };
        let neg = self.s & 0x80 != 0;
        self.v = (m as u64) << 32;
        self.s = 0;
        self.e = 0xA0;
        self.integr = m as u8;
        if neg {
            self.negfac();
        }
        let _ = self.normal();
    }
    /// FLOAT of a signed byte.
    #[inline(always)]
    fn load_i8(&mut self, v: i8) {
        self.v = ((v as u8) as u64) << 56;
        self.e = 0x88;
        self.s = 0;
        if v < 0 {
            self.negfac();
        }
        let _ = self.normal();
    }
    /// FOUTCP against a packed temporary.
    #[inline(always)]
    fn foutcp(&self, p: Split) -> i8 {
        let xv = (p.e as u64) << 32 | p.w as u64;
        let man = self.man() & ((p.w & 0x8000_0000) | 0x7FFF_FFFF);
        let fv = (self.e as u64) << 32 | man as u64;
        if fv == xv {
            return 0;
        }
        if (fv < xv) != (self.s & 0x80 != 0) {
            -1
        } else {
            1
        }
    }

    // ---- POLY, POLYX and the functions ----

    #[inline(always)]
    fn poly<const N: usize>(&mut self, table: &[Unpacked; N]) -> Result<(), FpError> {
        self.t2 = self.pack();
        let x = self.t2.unpacked();
        let t: &[Unpacked] = table;
        self.fmult(t[0])?;
        self.fadd(t[1])?;
        // The steps written out for LOG's, SIN's and EXP's tables, so that each constant's
        // exponent and sign are known where it is added.
        macro_rules! steps {
            ($($i:literal)*) => {{
                $(
                    self.fmult(x)?;
                    self.fadd(t[$i])?;
                )*
            }};
        }
        match N {
            4 => steps!(2 3),
            6 => steps!(2 3 4 5),
            8 => steps!(2 3 4 5 6 7),
            _ => {
                for c in &t[2..] {
                    self.fmult(x)?;
                    self.fadd(*c)?;
                }
            }
        }
        Ok(())
    }
    #[inline(always)]
    fn polyx<const N: usize>(&mut self, table: &[Unpacked; N]) -> Result<(), FpError> {
        self.t1 = self.pack();
        self.fmult(self.t1.unpacked())?;
        self.poly(table)?;
        self.fmult(self.t1.unpacked())
    }
    #[inline(always)]
    fn log(&mut self) -> Result<(), FpError> {
        if self.sign() <= 0 {
            return Err(FpError::IllegalFunctionCall);
        }
        let e = (self.e as u8).wrapping_sub(0x80);
        self.e = 0x80;
        self.fadd(u(SQR05))?;
        self.fdiv(u(SQR2))?;
        self.fsub(u(FONE))?;
        self.polyx(&LOGCN2_U)?;
        self.fadd(u(NEGHLF))?;
        self.t1 = self.pack();
        self.load_i8(e as i8);
        self.fadd(self.t1.unpacked())?;
        self.fmult(u(LOG2))
    }
    #[inline(always)]
    fn exp(&mut self) -> Result<(), FpError> {
        self.fmult(u(LOGEB2))?;
        self.t1 = self.pack();
        if self.e >= 0x88 {
            if self.s & 0x80 != 0 {
                self.zerofc();
                return Ok(());
            }
            return Err(FpError::Overflow);
        }
        self.int();
        let k = self.integr.wrapping_add(0x81);
        if k == 0 {
            return Err(FpError::Overflow);
        }
        self.fsub(self.t1.unpacked())?;
        self.poly(&EXPCON_U)?;
        self.arisgn = 0;
        self.muldiv((k - 1) as u32)?;
        Ok(())
    }
    #[inline(always)]
    fn sin(&mut self) -> Result<(), FpError> {
        self.set_arg(self.unpacked());
        self.arisgn = self.asg;
        self.load(Split::of(TWOPI));
        self.fdivt()?;
        self.set_arg(self.unpacked());
        self.int();
        self.arisgn = 0;
        self.fsubt()?;
        self.fsub(u(FR4))?;
        if self.s & 0x80 == 0 {
            self.neg();
            self.fadd(u(FR4))?;
        } else {
            self.fadd(u(FHALF))?;
            if self.s & 0x80 == 0 {
                self.tansgn = !self.tansgn;
                self.neg();
            }
            self.fadd(u(FR4))?;
            self.neg();
        }
        self.polyx(&SINCON_U)
    }
    #[inline(always)]
    fn tan(&mut self) -> Result<(), FpError> {
        self.t1 = self.pack();
        self.tansgn = 0;
        self.sin()?;
        self.t3 = self.pack();
        self.load(self.t1);
        self.s = 0;
        let a = self.tansgn;
        self.neg();
        self.fadd(u(FR4))?;
        if a & 0x80 != 0 {
            self.neg();
        }
        self.polyx(&SINCON_U)?;
        if self.e == 0 {
            return Err(FpError::Overflow);
        }
        self.fdiv(self.t3.unpacked())
    }
    #[inline(always)]
    fn atn(&mut self) -> Result<(), FpError> {
        let s = self.s;
        if s & 0x80 != 0 {
            self.neg();
        }
        let e = self.e;
        if e >= 0x81 {
            self.fdiv(u(FONE))?;
        }
        self.polyx(&ATNCON_U)?;
        if e >= 0x81 {
            self.fsub(u(PI2))?;
        }
        if s & 0x80 != 0 {
            self.neg();
        }
        Ok(())
    }
    /// FPWRT: ARG ^ FAC.
    #[inline(always)]
    fn fpwrt(&mut self) -> Result<(), FpError> {
        if self.e == 0 {
            return self.exp();
        }
        if self.ae == 0 {
            if self.s & 0x80 != 0 {
                return Err(FpError::DivisionByZero);
            }
            self.e = self.s as u32;
            return Ok(());
        }
        self.t3 = self.pack();
        let mut odd: u8 = 0;
        let mut a = self.asg;
        if self.asg & 0x80 != 0 {
            self.int();
            if self.foutcp(self.t3) == 0 {
                a = !self.asg;
                odd = self.integr;
            }
        }
        self.s = a;
        self.e = self.ae;
        self.v = (self.am as u64) << 32;
        self.log()?;
        self.fmult(self.t3.unpacked())?;
        self.exp()?;
        if odd & 1 != 0 {
            self.neg();
        }
        Ok(())
    }
}

impl FloatUnit {
    /// Run `f` on the unit's state in locals, then write the state back (also after an error).
    #[inline(always)]
    fn fused(&mut self, f: impl FnOnce(&mut Regs) -> Result<(), FpError>) -> Result<(), FpError> {
        let mut r = Regs::of(self);
        let res = f(&mut r);
        r.store(self);
        res
    }
    pub fn log(&mut self) -> Result<(), FpError> {
        self.fused(Regs::log)
    }
    pub fn exp(&mut self) -> Result<(), FpError> {
        self.fused(Regs::exp)
    }
    pub fn sin(&mut self) -> Result<(), FpError> {
        self.fused(Regs::sin)
    }
    pub fn cos(&mut self) -> Result<(), FpError> {
        self.fused(|r| {
            r.fadd(u(PI2))?;
            r.sin()
        })
    }
    pub fn tan(&mut self) -> Result<(), FpError> {
        self.fused(Regs::tan)
    }
    pub fn atn(&mut self) -> Result<(), FpError> {
        self.fused(Regs::atn)
    }
    pub fn sqr(&mut self) -> Result<(), FpError> {
        // FPA0toFPA1 (ARISGN untouched), FAC = 0.5, then FPWRT.
        self.fused(|r| {
            r.set_arg(r.unpacked());
            r.load(Split::of(FHALF));
            r.fpwrt()
        })
    }
    /// `left ^ FAC` (FPWRT).
    pub fn pow(&mut self, left: Unpacked) -> Result<(), FpError> {
        self.fused(|r| {
            r.set_arg(left);
            r.arisgn = left.sign ^ r.s;
            r.fpwrt()
        })
    }
}
