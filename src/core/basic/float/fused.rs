//! LOG, EXP, SIN, COS, TAN, ATN, SQR and `^` run on a local copy of the float unit: FAC,
//! ARG, ARISGN, TEMPF1-3, INTEGR and TANSGN in one [`Regs`] value that lives in registers for
//! the whole function, every step always inlined, and the unit written back once at the end
//! (or at the error). The arithmetic is the ROM's, step for step, exactly as in `routines.rs`
//! and `mod.rs` (kept as the reference under `#[cfg(test)]`; `fused_tests.rs` compares the two
//! over a million random states): only where the values live changes. Each step through
//! `&mut FloatUnit` read and wrote the unit's fields in memory, and POLY and POLYX were calls.

use super::*;

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

/// The float unit's state that these functions read or write (all of it but the RND seed).
#[derive(Clone, Copy)]
struct Regs {
    fac: Fac,
    arg: Unpacked,
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
            fac: fu.fac,
            arg: fu.arg,
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
        fu.fac = self.fac;
        fu.arg = self.arg;
        fu.arisgn = self.arisgn;
        fu.tempf1 = self.t1.packed();
        fu.tempf2 = self.t2.packed();
        fu.tempf3 = self.t3.packed();
        fu.integr = self.integr;
        fu.tansgn = self.tansgn;
    }

    // ---- moves ----

    /// MOVMF.
    #[inline(always)]
    fn pack(&self) -> Split {
        Split {
            e: self.fac.exp,
            w: self.fac.man & (0x7FFF_FFFF | (self.fac.sign as u32) << 24),
        }
    }
    /// MOVFM.
    #[inline(always)]
    fn load(&mut self, p: Split) {
        self.fac.exp = p.e;
        self.fac.sign = (p.w >> 24) as u8;
        self.fac.man = p.w | 0x8000_0000;
        self.fac.ov = 0;
    }
    #[inline(always)]
    fn unpacked(&self) -> Unpacked {
        Unpacked {
            exp: self.fac.exp,
            man: self.fac.man,
            sign: self.fac.sign,
        }
    }
    #[inline(always)]
    fn sign(&self) -> i8 {
        if self.fac.exp == 0 {
            0
        } else if self.fac.sign & 0x80 != 0 {
            -1
        } else {
            1
        }
    }
    #[inline(always)]
    fn neg(&mut self) {
        if self.fac.exp != 0 {
            self.fac.sign = !self.fac.sign;
        }
    }

    // ---- NORMAL and rounding ----

    #[inline(always)]
    fn zerofc(&mut self) {
        self.fac.exp = 0;
        self.fac.sign = 0;
    }
    #[inline(always)]
    fn negfac(&mut self) {
        self.fac.sign = !self.fac.sign;
        self.fac.man = self.fac.man.wrapping_neg();
    }
    #[inline(always)]
    fn normal(&mut self) -> Result<(), FpError> {
        let v = ((self.fac.man as u64) << 8) | self.fac.ov as u64;
        if v == 0 {
            self.zerofc();
            return Ok(());
        }
        let lz = v.leading_zeros() - 24;
        let v = v << lz;
        self.fac.man = (v >> 8) as u32;
        self.fac.ov = v as u8;
        if self.fac.exp as u32 <= lz {
            self.zerofc();
            return Ok(());
        }
        self.fac.exp -= lz as u8;
        self.rndit()
    }
    #[inline(always)]
    fn rndit(&mut self) -> Result<(), FpError> {
        let c = self.fac.ov & 0x80 != 0;
        self.fac.ov = 0;
        if c {
            self.fac.man = self.fac.man.wrapping_add(1);
            if self.fac.man == 0 {
                return self.rndshf();
            }
        }
        Ok(())
    }
    #[inline(always)]
    fn rndshf(&mut self) -> Result<(), FpError> {
        loop {
            self.fac.exp = self.fac.exp.wrapping_add(1);
            if self.fac.exp == 0 {
                return Err(FpError::Overflow);
            }
            let bit = self.fac.man & 1;
            self.fac.man = 0x8000_0000 | (self.fac.man >> 1);
            if bit == 0 {
                return Ok(());
            }
            self.fac.man = self.fac.man.wrapping_add(1);
            if self.fac.man != 0 {
                return Ok(());
            }
        }
    }

    // ---- the four operations ----

    #[inline(always)]
    fn conupk(&mut self, p: Unpacked) {
        self.arg = p;
        self.arisgn = p.sign ^ self.fac.sign;
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
        self.fac.sign = !self.fac.sign;
        self.arisgn = !self.arisgn;
        self.faddt()
    }
    #[inline(always)]
    fn faddt(&mut self) -> Result<(), FpError> {
        if self.fac.exp == 0 {
            self.fac.exp = self.arg.exp;
            self.fac.man = self.arg.man;
            self.fac.sign = self.arg.sign;
            self.fac.ov = 0;
            return Ok(());
        }
        self.faddc(self.arg.exp)
    }
    #[inline(always)]
    fn faddc(&mut self, a: u8) -> Result<(), FpError> {
        if a == 0 {
            return Ok(());
        }
        let fe = self.fac.exp;
        let guard;
        let op_is_fac;
        if a == fe {
            guard = self.fac.ov;
            op_is_fac = false;
        } else if a > fe {
            self.fac.exp = a;
            self.fac.sign = self.arg.sign;
            let (m, g) = shr40(self.fac.man, (a - fe) as u32);
            self.fac.man = m;
            guard = g;
            op_is_fac = true;
        } else {
            let (m, g) = shr40(self.arg.man, (fe - a) as u32);
            self.arg.man = m;
            guard = g;
            op_is_fac = false;
        }
        if self.arisgn & 0x80 == 0 {
            let s = self.fac.man as u64 + self.arg.man as u64;
            self.fac.man = s as u32;
            self.fac.ov = guard;
            if s >> 32 != 0 {
                self.rndshf()
            } else {
                self.rndit()
            }
        } else {
            let cin = (guard == 0) as u64;
            let g2 = (!guard).wrapping_add(1);
            if op_is_fac {
                self.fac.man = !self.fac.man;
            } else {
                self.arg.man = !self.arg.man;
            }
            let s = self.fac.man as u64 + self.arg.man as u64 + cin;
            self.fac.man = s as u32;
            self.fac.ov = g2;
            if s >> 32 == 0 {
                self.negfac();
            }
            self.normal()
        }
    }
    #[inline(always)]
    fn muldiv(&mut self, a: u8) -> Result<bool, FpError> {
        if a == 0 {
            self.zerofc();
            return Ok(false);
        }
        let s = a as u16 + self.fac.exp as u16;
        if s < 128 {
            self.zerofc();
            return Ok(false);
        }
        if s >= 384 {
            return Err(FpError::Overflow);
        }
        let e = (s - 128) as u8;
        self.fac.exp = e;
        if e == 0 {
            self.zerofc();
        } else {
            self.fac.sign = self.arisgn;
        }
        Ok(true)
    }
    #[inline(always)]
    fn fmultt(&mut self) -> Result<(), FpError> {
        if self.fac.exp == 0 {
            return Ok(());
        }
        if !self.muldiv(self.arg.exp)? {
            return Ok(());
        }
        let p = self.fac.man as u64 * self.arg.man as u64;
        self.fac.man = (p >> 32) as u32;
        self.fac.ov = (p >> 24) as u8;
        self.normal()
    }
    #[inline(always)]
    fn fdivt(&mut self) -> Result<(), FpError> {
        if self.fac.exp == 0 {
            return Err(FpError::DivisionByZero);
        }
        self.fac.exp = self.fac.exp.wrapping_neg();
        if !self.muldiv(self.arg.exp)? {
            return Ok(());
        }
        self.fac.exp = self.fac.exp.wrapping_add(1);
        if self.fac.exp == 0 {
            return Err(FpError::Overflow);
        }
        let d = self.fac.man;
        let q = if d >= 0x8000_0000 {
            let a = self.arg.man as u64;
            let d = d as u64;
            let q1 = (a >= d) as u64;
            let r = a - q1 * d;
            let n = r << 32;
            let (q32, r2) = (n / d, n % d);
            let last = ((r2 << 1) >= d) as u64;
            (q1 << 33) | (q32 << 1) | last
        } else {
            div_slow(self.arg.man, d)
        };
        self.fac.man = (q >> 2) as u32;
        self.fac.ov = (((q & 3) as u8) << 6) | 0x20;
        self.normal()
    }

    // ---- INT and the small integer loads ----

    #[inline(always)]
    fn qint(&mut self) {
        if self.fac.exp == 0 {
            self.fac.man = 0;
            return;
        }
        let n = 0xA0u8.wrapping_sub(self.fac.exp) as u32;
        let neg = self.fac.sign & 0x80 != 0;
        let v: i64 = if neg {
            self.fac.man.wrapping_neg() as i64 - (1i64 << 32)
        } else {
            self.fac.man as i64
        };
        self.fac.man = (v >> n.min(63)) as u32;
    }
    #[inline(always)]
    fn int(&mut self) {
        if self.fac.exp >= 0xA0 {
            return;
        }
        // QINT's FACOV is overwritten here.
        self.qint();
        self.fac.ov = 0;
        let neg = self.fac.sign & 0x80 != 0;
        self.fac.sign = 0;
        self.fac.exp = 0xA0;
        self.integr = self.fac.man as u8;
        if neg {
            self.negfac();
        }
        let _ = self.normal();
    }
    /// FLOAT of a signed byte.
    #[inline(always)]
    fn load_i8(&mut self, v: i8) {
        self.fac.man = ((v as u8) as u32) << 24;
        self.fac.exp = 0x88;
        self.fac.ov = 0;
        self.fac.sign = 0;
        if v < 0 {
            self.negfac();
        }
        let _ = self.normal();
    }
    /// FOUTCP against a packed temporary.
    #[inline(always)]
    fn foutcp(&self, p: Split) -> i8 {
        let xv = (p.e as u64) << 32 | p.w as u64;
        let man = self.fac.man & ((p.w & 0x8000_0000) | 0x7FFF_FFFF);
        let fv = (self.fac.exp as u64) << 32 | man as u64;
        if fv == xv {
            return 0;
        }
        if (fv < xv) != (self.fac.sign & 0x80 != 0) {
            -1
        } else {
            1
        }
    }

    // ---- POLY, POLYX and the functions ----

    #[inline(always)]
    fn poly(&mut self, table: &[Unpacked]) -> Result<(), FpError> {
        self.t2 = self.pack();
        let x = self.t2.unpacked();
        self.fmult(table[0])?;
        let Some((c1, rest)) = table[1..].split_first() else {
            return Ok(());
        };
        self.fadd(*c1)?;
        for c in rest {
            self.fmult(x)?;
            self.fadd(*c)?;
        }
        Ok(())
    }
    #[inline(always)]
    fn polyx(&mut self, table: &[Unpacked]) -> Result<(), FpError> {
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
        let e = self.fac.exp.wrapping_sub(0x80);
        self.fac.exp = 0x80;
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
        if self.fac.exp >= 0x88 {
            if self.fac.sign & 0x80 != 0 {
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
        self.muldiv(k - 1)?;
        Ok(())
    }
    #[inline(always)]
    fn sin(&mut self) -> Result<(), FpError> {
        self.arg = self.unpacked();
        self.arisgn = self.arg.sign;
        self.load(Split::of(TWOPI));
        self.fdivt()?;
        self.arg = self.unpacked();
        self.int();
        self.arisgn = 0;
        self.fsubt()?;
        self.fsub(u(FR4))?;
        if self.fac.sign & 0x80 == 0 {
            self.neg();
            self.fadd(u(FR4))?;
        } else {
            self.fadd(u(FHALF))?;
            if self.fac.sign & 0x80 == 0 {
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
        self.fac.sign = 0;
        let a = self.tansgn;
        self.neg();
        self.fadd(u(FR4))?;
        if a & 0x80 != 0 {
            self.neg();
        }
        self.polyx(&SINCON_U)?;
        if self.fac.exp == 0 {
            return Err(FpError::Overflow);
        }
        self.fdiv(self.t3.unpacked())
    }
    #[inline(always)]
    fn atn(&mut self) -> Result<(), FpError> {
        let s = self.fac.sign;
        if s & 0x80 != 0 {
            self.neg();
        }
        let e = self.fac.exp;
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
        if self.fac.exp == 0 {
            return self.exp();
        }
        if self.arg.exp == 0 {
            if self.fac.sign & 0x80 != 0 {
                return Err(FpError::DivisionByZero);
            }
            self.fac.exp = self.fac.sign;
            return Ok(());
        }
        self.t3 = self.pack();
        let mut odd: u8 = 0;
        let mut a = self.arg.sign;
        if self.arg.sign & 0x80 != 0 {
            self.int();
            if self.foutcp(self.t3) == 0 {
                a = !self.arg.sign;
                odd = self.integr;
            }
        }
        self.fac.sign = a;
        self.fac.exp = self.arg.exp;
        self.fac.man = self.arg.man;
        self.fac.ov = 0;
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
            r.arg = r.unpacked();
            r.load(Split::of(FHALF));
            r.fpwrt()
        })
    }
    /// `left ^ FAC` (FPWRT).
    pub fn pow(&mut self, left: Unpacked) -> Result<(), FpError> {
        self.fused(|r| {
            r.arg = left;
            r.arisgn = left.sign ^ r.fac.sign;
            r.fpwrt()
        })
    }
}
