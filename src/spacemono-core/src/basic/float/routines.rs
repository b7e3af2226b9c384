//! The ROM's routines themselves, named as in the disassembly: normalisation, FADD, FMUL,
//! FDIV, MUL10, DIV10, QINT, FCOMP, the polynomials and RND.

#[cfg(test)]
use super::Unpacked;
use super::{div_slow, shr40, ArgOperand, FloatUnit, FpError, Packed, MULTR, RND_ADD, TEN};

impl FloatUnit {
    /// ZEROFC: FACEXP = FACSGN = 0; mantissa and FACOV untouched.
    #[inline]
    pub(super) fn zerofc(&mut self) {
        self.fac.exp = 0;
        self.fac.sign = 0;
    }

    /// FLOATS ($942D): carry = FACHO < $80, then FLOATC.
    #[inline]
    pub(super) fn floats(&mut self, exp: u8) {
        let positive = self.fac.man < 0x8000_0000;
        self.floatc(exp, positive);
    }

    /// FLOATC ($9431): FACEXP = exp, clear FACMO/FACLO/FACOV/FACSGN, FADFLT.
    #[inline]
    pub(super) fn floatc(&mut self, exp: u8, positive: bool) {
        self.fac.exp = exp;
        self.fac.man &= 0xFFFF_0000;
        self.fac.ov = 0;
        self.fac.sign = 0;
        if !positive {
            self.negfac();
        }
        // FACOV = 0: no rounding, no overflow.
        let _ = self.normal();
    }

    /// NEGFAC ($91C2): complement FACSGN, negate M on 32 bits (FACOV untouched).
    #[inline]
    pub(super) fn negfac(&mut self) {
        self.fac.sign = !self.fac.sign;
        self.fac.man = self.fac.man.wrapping_neg();
    }

    /// NORMAL ($9165).
    #[inline]
    pub(super) fn normal(&mut self) -> Result<(), FpError> {
        let v = ((self.fac.man as u64) << 8) | self.fac.ov as u64;
        if v == 0 {
            self.zerofc();
            return Ok(());
        }
        let lz = v.leading_zeros() - 24;
        if lz != 0 {
            let v = v << lz;
            self.fac.man = (v >> 8) as u32;
            self.fac.ov = v as u8;
        }
        if self.fac.exp as u32 <= lz {
            self.zerofc();
            return Ok(());
        }
        self.fac.exp -= lz as u8;
        self.rndit()
    }

    /// RNDIT: round by FACOV bit 7, clear FACOV.
    #[inline]
    pub(super) fn rndit(&mut self) -> Result<(), FpError> {
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

    /// RNDSHF ($91AF) entered with carry 1: exponent + 1, M = 1:M >> 1, round by the bit out.
    /// FACOV is neither used nor cleared.
    #[inline]
    pub(super) fn rndshf(&mut self) -> Result<(), FpError> {
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

    /// CONUPK: ARG = unpack(p); ARISGN = ARGSGN XOR FACSGN.
    #[inline]
    pub(super) fn conupk(&mut self, p: impl ArgOperand) {
        self.arg = p.unpack();
        self.arisgn = self.arg.sign ^ self.fac.sign;
    }

    /// FADD: FAC = p + FAC.
    #[inline]
    pub(super) fn fadd(&mut self, p: impl ArgOperand) -> Result<(), FpError> {
        self.conupk(p);
        self.faddt()
    }
    /// [`fadd`](Self::fadd) always inlined, and FSUB (FAC = p - FAC, used only there), for
    /// LOG, EXP, SIN and the others: a call for each of their additions cost more than the
    /// addition's set-up.
    #[inline(always)]
    pub(super) fn fadd_in(&mut self, p: impl ArgOperand) -> Result<(), FpError> {
        self.conupk(p);
        self.faddt()
    }
    #[inline(always)]
    #[cfg(test)]
    pub(super) fn fsub(&mut self, p: impl ArgOperand) -> Result<(), FpError> {
        self.conupk(p);
        self.fsubt()
    }
    /// FMULT: FAC = p * FAC.
    #[inline]
    pub(super) fn fmult(&mut self, p: impl ArgOperand) -> Result<(), FpError> {
        self.conupk(p);
        self.fmultt()
    }
    /// FDIV: FAC = p / FAC.
    #[inline]
    #[cfg(test)]
    pub(super) fn fdiv(&mut self, p: impl ArgOperand) -> Result<(), FpError> {
        self.conupk(p);
        self.fdivt()
    }

    /// FSUBT: complement FACSGN and ARISGN, then FADDT.
    #[inline]
    pub(super) fn fsubt(&mut self) -> Result<(), FpError> {
        self.fac.sign = !self.fac.sign;
        self.arisgn = !self.arisgn;
        self.faddt()
    }

    /// FADDT: ARG + FAC.
    #[inline]
    pub(super) fn faddt(&mut self) -> Result<(), FpError> {
        if self.fac.exp == 0 {
            // MOVFA
            self.fac.exp = self.arg.exp;
            self.fac.man = self.arg.man;
            self.fac.sign = self.arg.sign;
            self.fac.ov = 0;
            return Ok(());
        }
        self.faddc(self.arg.exp)
    }

    /// FADDC ($9116) with `a` as ARG's exponent.
    #[inline(always)]
    pub(super) fn faddc(&mut self, a: u8) -> Result<(), FpError> {
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

    /// MULDIV ($92F3): exponent of a product/quotient. Returns `false` when the operation has
    /// ended (result 0); `true` when the caller continues (including the s = 128 quirk).
    #[inline]
    pub(super) fn muldiv(&mut self, a: u8) -> Result<bool, FpError> {
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

    /// RNDMUL: FAC.M = high half of FAC.M * ARG.M, FACOV = product bits 31..24. Returns the
    /// full product (RNDTMP is its low half).
    #[inline]
    pub(super) fn rndmul(&mut self) -> u64 {
        let p = self.fac.man as u64 * self.arg.man as u64;
        self.fac.man = (p >> 32) as u32;
        self.fac.ov = (p >> 24) as u8;
        p
    }

    /// FMULTT: ARG * FAC.
    #[inline]
    pub(super) fn fmultt(&mut self) -> Result<(), FpError> {
        if self.fac.exp == 0 {
            return Ok(());
        }
        if !self.muldiv(self.arg.exp)? {
            return Ok(());
        }
        self.rndmul();
        self.normal()
    }

    /// FDIVT: ARG / FAC.
    #[inline(always)]
    pub(super) fn fdivt(&mut self) -> Result<(), FpError> {
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
            // floor(A * 2^33 / D) in 64-bit steps (A < 2D): the top bit, 32 more, the last.
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

    /// MUL10 ($9315): 10x = 2 * round(4x + x).
    #[inline]
    pub(super) fn mul10(&mut self) -> Result<(), FpError> {
        self.arg = self.unpacked();
        if self.fac.exp == 0 {
            return Ok(());
        }
        let a = self.fac.exp as u16 + 2;
        if a > 0xFF {
            return Err(FpError::Overflow);
        }
        self.arisgn = 0;
        self.faddc(a as u8)?;
        self.fac.exp = self.fac.exp.wrapping_add(1);
        if self.fac.exp == 0 {
            return Err(FpError::Overflow);
        }
        Ok(())
    }

    /// DIV10 ($932D): x / 10, sign forced positive.
    #[inline]
    pub(super) fn div10(&mut self) -> Result<(), FpError> {
        self.arg = self.unpacked();
        self.arisgn = 0;
        self.load(TEN);
        self.fdivt()
    }

    /// QINT ($9473): FAC.M = floor(FAC) as a 32-bit two's-complement integer. FACEXP is left
    /// alone; FACOV gets the last byte moved out when whole bytes are shifted.
    pub(super) fn qint(&mut self) {
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
        if n >= 8 {
            let k = n / 8;
            self.fac.ov = (v >> (8 * (k - 1)).min(63)) as u8;
        }
        self.fac.man = (v >> n.min(63)) as u32;
    }

    /// TestFPA0 as a signed byte.
    #[inline]
    pub(super) fn test(&self) -> i8 {
        self.sign()
    }

    /// FCOMP ($9441): FAC versus packed p: 1, 0 or -1.
    #[inline]
    pub(super) fn fcomp(&self, p: Packed) -> i8 {
        let x = p.0;
        if x[0] == 0 {
            return self.test();
        }
        if (x[1] ^ self.fac.sign) & 0x80 != 0 {
            return if self.fac.sign & 0x80 != 0 { -1 } else { 1 };
        }
        self.foutcp(p)
    }

    /// FOUTCP ($944B): compare FAC with p byte by byte (no sign check), inverted if FAC is
    /// negative.
    #[inline]
    pub(super) fn foutcp(&self, p: Packed) -> i8 {
        let x = p.0;
        self.foutcp_split(x[0], u32::from_be_bytes([x[1], x[2], x[3], x[4]]))
    }

    /// FCOMP of FAC with a packed value given as its exponent byte and its other four bytes
    /// in one big-endian word (as [`FloatUnit::pack_split`] gives them).
    #[inline(always)]
    pub(super) fn fcomp_split(&self, first: u8, rest: u32) -> i8 {
        if first == 0 {
            return self.test();
        }
        if ((rest >> 24) as u8 ^ self.fac.sign) & 0x80 != 0 {
            return if self.fac.sign & 0x80 != 0 { -1 } else { 1 };
        }
        self.foutcp_split(first, rest)
    }

    /// [`Self::foutcp`] with p as its exponent byte and one big-endian word.
    #[inline(always)]
    fn foutcp_split(&self, first: u8, rest: u32) -> i8 {
        let xv = (first as u64) << 32 | rest as u64;
        // FAC's bytes as MOVMF would store them with p's sign bit over its top one.
        let man = self.fac.man & ((rest & 0x8000_0000) | 0x7FFF_FFFF);
        let fv = (self.fac.exp as u64) << 32 | man as u64;
        if fv == xv {
            return 0;
        }
        let lt = fv < xv;
        if lt != (self.fac.sign & 0x80 != 0) {
            -1
        } else {
            1
        }
    }

    /// POLY ($9752): (...((c0*x + c1)*x + c2)...) + cn.
    ///
    /// x is unpacked from TEMPF2 once, not at every step as CONUPK does, and the table's
    /// constants were unpacked once and for all: ARG gets the same bytes each time (TEMPF2
    /// does not change during the loop).
    #[cfg(test)]
    pub(super) fn poly(&mut self, table: &[Unpacked]) -> Result<(), FpError> {
        self.tempf2 = self.pack();
        let x = self.tempf2.unpacked();
        self.fmult(table[0])?;
        // c1 is added to c0*x; each constant after it to the sum so far times x.
        let Some((c1, rest)) = table[1..].split_first() else {
            return Ok(());
        };
        self.fadd_in(*c1)?;
        for c in rest {
            self.arg = x;
            self.arisgn = x.sign ^ self.fac.sign;
            self.fmultt()?;
            self.fadd_in(*c)?;
        }
        Ok(())
    }

    /// POLYX ($9743): x * POLY(x^2). TEMPF1 is left holding x.
    #[cfg(test)]
    pub(super) fn polyx(&mut self, table: &[Unpacked]) -> Result<(), FpError> {
        self.tempf1 = self.pack();
        self.fmult(self.tempf1)?;
        self.poly(table)?;
        self.fmult(self.tempf1)
    }

    /// FPWRT ($96A0): ARG ^ FAC.
    #[cfg(test)]
    pub(super) fn fpwrt(&mut self) -> Result<(), FpError> {
        if self.fac.exp == 0 {
            return self.exp_ref();
        }
        if self.arg.exp == 0 {
            if self.fac.sign & 0x80 != 0 {
                return Err(FpError::DivisionByZero);
            }
            // ZEROF1 with A = FACSGN: the result is 0 only if the sign byte is $00.
            self.fac.exp = self.fac.sign;
            return Ok(());
        }
        self.tempf3 = self.pack();
        let mut odd: u8 = 0;
        let mut a = self.arg.sign;
        if self.arg.sign & 0x80 != 0 {
            self.int();
            if self.foutcp(self.tempf3) == 0 {
                a = !self.arg.sign;
                odd = self.integr;
            }
        }
        // MOVFA1 with the chosen sign.
        self.fac.sign = a;
        self.fac.exp = self.arg.exp;
        self.fac.man = self.arg.man;
        self.fac.ov = 0;
        self.log_ref()?;
        self.fmult(self.tempf3)?;
        self.exp_ref()?;
        if odd & 1 != 0 {
            self.neg();
        }
        Ok(())
    }

    /// RND0 ($978E): FAC.M = seed, then SEEDIT.
    pub(super) fn rnd0(&mut self) -> Result<(), FpError> {
        self.fac.man = self.seed;
        self.seedit()
    }

    /// SEEDIT ($9798).
    pub(super) fn seedit(&mut self) -> Result<(), FpError> {
        self.arg.man = MULTR;
        let p = self.rndmul();
        // RNDMUL ends in NORMAL on whatever FAC holds.
        self.normal()?;
        self.seed = (p as u32).wrapping_add(RND_ADD);
        self.fac.man = self.seed;
        self.fac.sign = 0;
        self.fac.exp = 0x80;
        self.fac.ov = (p >> 40) as u8;
        self.normal()
    }
}
