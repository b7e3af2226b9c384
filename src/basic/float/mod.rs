//! The Dragon 32's 5-byte floating-point package, bit for bit (spec: `shared/spec/float.md`).
//!
//! One [`FloatUnit`] lives for the whole interpreter run: its accumulator (FAC) carries the
//! guard byte FACOV from one operation to the next, exactly as the ROM's direct page does,
//! because a stale guard byte changes printed results (`1-(.2+.8)`).
//!
//! Operand roles follow the ROM: for a binary operator the *left* operand is ARG (it was
//! pushed on the expression stack, unpacked, without FACOV) and the *right* operand is in FAC.
//! The result is left in FAC.

/// A number as stored in RAM: exponent (bias $80, 0 = zero), then 4 mantissa bytes whose top
/// bit holds the sign (the hidden leading 1 is not stored).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Packed(pub [u8; 5]);

impl Packed {
    pub const ZERO: Packed = Packed([0; 5]);
    pub const ONE: Packed = Packed([0x81, 0, 0, 0, 0]);
}

/// An unpacked value as the evaluator pushes it: exponent, mantissa with bit 31 present, and
/// the full sign *byte* (only bit 7 means negative, but the other bits travel, see §2.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unpacked {
    pub exp: u8,
    pub man: u32,
    pub sign: u8,
}

impl Unpacked {
    /// The 5 bytes MOVMF would store: the sign byte's bit 7 over the mantissa's hidden bit.
    pub fn pack(self) -> Packed {
        let m = self.man.to_be_bytes();
        Packed([self.exp, (self.sign | 0x7F) & m[0], m[1], m[2], m[3]])
    }
}

/// The floating accumulator: an unpacked value plus its guard byte FACOV.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fac {
    pub exp: u8,
    pub man: u32,
    pub sign: u8,
    pub ov: u8,
}

/// The errors the math package raises; the interpreter maps them to ?OV, ?/0 and ?FC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpError {
    Overflow,
    DivisionByZero,
    IllegalFunctionCall,
}

// ---------------------------------------------------------------------------------------------
// ROM constants (float.md §17). The bytes are authoritative.

const FONE: Packed = Packed([0x81, 0x00, 0x00, 0x00, 0x00]);
pub(crate) const FHALF: Packed = Packed([0x80, 0x00, 0x00, 0x00, 0x00]);
const TEN: Packed = Packed([0x84, 0x20, 0x00, 0x00, 0x00]);
const FR4: Packed = Packed([0x7F, 0x00, 0x00, 0x00, 0x00]);
const NEGHLF: Packed = Packed([0x80, 0x80, 0x00, 0x00, 0x00]);
const SQR05: Packed = Packed([0x80, 0x35, 0x04, 0xF3, 0x34]);
const SQR2: Packed = Packed([0x81, 0x35, 0x04, 0xF3, 0x34]);
const LOG2: Packed = Packed([0x80, 0x31, 0x72, 0x17, 0xF8]);
const LOGEB2: Packed = Packed([0x81, 0x38, 0xAA, 0x3B, 0x29]);
const PI2: Packed = Packed([0x81, 0x49, 0x0F, 0xDA, 0xA2]);
const TWOPI: Packed = Packed([0x83, 0x49, 0x0F, 0xDA, 0xA2]);
/// 99,999,999.90625 (FOUT lower bound).
pub(crate) const N0999: Packed = Packed([0x9B, 0x3E, 0xBC, 0x1F, 0xFD]);
/// 999,999,999.25 (FOUT upper bound).
pub(crate) const N9999: Packed = Packed([0x9E, 0x6E, 0x6B, 0x27, 0xFD]);
/// 1E9.
pub(crate) const NMIL: Packed = Packed([0x9E, 0x6E, 0x6B, 0x28, 0x00]);
const NEG32768: Packed = Packed([0x90, 0x80, 0x00, 0x00, 0x00]);
const MULTR: u32 = 0x40E6_4DAB;
const RND_ADD: u32 = 0x05B0_658B;
const SEED0: u32 = 0x4FC7_5259;

/// FOUTBL: powers of ten, alternately negative and positive (two's complement).
pub(crate) const FOUTBL: [u32; 9] = [
    0xFA0A_1F00,
    0x0098_9680,
    0xFFF0_BDC0,
    0x0001_86A0,
    0xFFFF_D8F0,
    0x0000_03E8,
    0xFFFF_FF9C,
    0x0000_000A,
    0xFFFF_FFFF,
];

const LOGCN2: [Packed; 4] = [
    Packed([0x7F, 0x5E, 0x56, 0xCB, 0x79]),
    Packed([0x80, 0x13, 0x9B, 0x0B, 0x64]),
    Packed([0x80, 0x76, 0x38, 0x93, 0x16]),
    Packed([0x82, 0x38, 0xAA, 0x3B, 0x20]),
];
const EXPCON: [Packed; 8] = [
    Packed([0x71, 0x34, 0x58, 0x3E, 0x56]),
    Packed([0x74, 0x16, 0x7E, 0xB3, 0x1B]),
    Packed([0x77, 0x2F, 0xEE, 0xE3, 0x85]),
    Packed([0x7A, 0x1D, 0x84, 0x1C, 0x2A]),
    Packed([0x7C, 0x63, 0x59, 0x58, 0x0A]),
    Packed([0x7E, 0x75, 0xFD, 0xE7, 0xC6]),
    Packed([0x80, 0x31, 0x72, 0x18, 0x10]),
    Packed([0x81, 0x00, 0x00, 0x00, 0x00]),
];
const SINCON: [Packed; 6] = [
    Packed([0x84, 0xE6, 0x1A, 0x2D, 0x1B]),
    Packed([0x86, 0x28, 0x07, 0xFB, 0xF8]),
    Packed([0x87, 0x99, 0x68, 0x89, 0x01]),
    Packed([0x87, 0x23, 0x35, 0xDF, 0xE1]),
    Packed([0x86, 0xA5, 0x5D, 0xE7, 0x28]),
    Packed([0x83, 0x49, 0x0F, 0xDA, 0xA2]),
];
const ATNCON: [Packed; 12] = [
    Packed([0x76, 0xB3, 0x83, 0xBD, 0xD3]),
    Packed([0x79, 0x1E, 0xF4, 0xA6, 0xF5]),
    Packed([0x7B, 0x83, 0xFC, 0xB0, 0x10]),
    Packed([0x7C, 0x0C, 0x1F, 0x67, 0xCA]),
    Packed([0x7C, 0xDE, 0x53, 0xCB, 0xC1]),
    Packed([0x7D, 0x14, 0x64, 0x70, 0x4C]),
    Packed([0x7D, 0xB7, 0xEA, 0x51, 0x7A]),
    Packed([0x7D, 0x63, 0x30, 0x88, 0x7E]),
    Packed([0x7E, 0x92, 0x44, 0x99, 0x3A]),
    Packed([0x7E, 0x4C, 0xCC, 0x91, 0xC7]),
    Packed([0x7F, 0xAA, 0xAA, 0xAA, 0x13]),
    Packed([0x81, 0x00, 0x00, 0x00, 0x00]),
];

/// 40-bit truncating right shift of `m:00` by `n`: (new mantissa, guard byte).
#[inline]
fn shr40(m: u32, n: u32) -> (u32, u8) {
    if n >= 40 {
        return (0, 0);
    }
    let v = ((m as u64) << 8) >> n;
    ((v >> 8) as u32, v as u8)
}

/// One digit of FOUT's power-of-ten loop (FOUTBL, shared by PRINT and PRINT USING): add the
/// table entry `t` to `m` until the sign of the running count and the carry disagree,
/// counting in `b`, whose bit 7 alternates with the table's signs. Returns the ASCII digit
/// and the next `b`.
pub(crate) fn foutbl_digit(m: &mut u32, mut b: u8, t: u32) -> (u8, u8) {
    let mut c;
    let mut guard = 0;
    loop {
        let (s, cy) = m.overflowing_add(t);
        *m = s;
        c = cy;
        b = b.wrapping_add(1);
        guard += 1;
        // The guard only matters for a corrupt (unnormalised) FAC, where the ROM would spin.
        if ((b & 0x80) != 0) != c || guard > 1024 {
            break;
        }
    }
    if c {
        b = 11u8.wrapping_sub(b);
    }
    b = b.wrapping_add(b'0' - 1);
    (b & 0x7F, !b & 0x80)
}

/// The ROM's restoring division (§6), bit by bit, for a divisor that is not normalised.
fn div_slow(a: u32, d: u32) -> u64 {
    #[derive(Clone, Copy)]
    enum Next {
        Compare,
        One,
        Zero,
    }
    let mut rem = a;
    let mut q: u64 = 0;
    let mut next = Next::Compare;
    for i in 0..34 {
        let bit = match next {
            Next::Compare => d <= rem,
            Next::One => true,
            Next::Zero => false,
        };
        q = (q << 1) | bit as u64;
        if i == 33 {
            break;
        }
        if bit {
            rem = rem.wrapping_sub(d);
        }
        let out = rem >> 31;
        rem <<= 1;
        next = if out == 1 {
            Next::One
        } else if rem & 0x8000_0000 != 0 {
            Next::Compare
        } else {
            Next::Zero
        };
    }
    q
}

/// The math package's state: FAC, ARG and the direct-page temporaries the ROM keeps between
/// calls (TEMPF1–3, INTEGR, TANSGN, the RND seed).
#[derive(Clone, Debug)]
pub struct FloatUnit {
    pub fac: Fac,
    /// ARG ($5C–$61): exponent, mantissa, sign byte.
    arg: Unpacked,
    /// ARISGN ($62).
    arisgn: u8,
    /// TEMPF1 ($40), TEMPF2 ($45), TEMPF3 ($4A).
    tempf1: Packed,
    tempf2: Packed,
    tempf3: Packed,
    /// INTEGR ($01): low byte of the last INT.
    integr: u8,
    /// TANSGN ($0A).
    tansgn: u8,
    /// RND seed ($0116–$0119).
    seed: u32,
}

impl Default for FloatUnit {
    fn default() -> Self {
        Self::new()
    }
}

impl FloatUnit {
    /// Power-on state: FAC zero, RND seed $4FC75259.
    pub fn new() -> Self {
        FloatUnit {
            fac: Fac::default(),
            arg: Unpacked::default(),
            arisgn: 0,
            tempf1: Packed::ZERO,
            tempf2: Packed::ZERO,
            tempf3: Packed::ZERO,
            integr: 0,
            tansgn: 0,
            seed: SEED0,
        }
    }

    // ---- moving values in and out of FAC ----

    /// MOVFM: FAC = a packed value from memory; FACOV = 0.
    #[inline]
    pub fn load(&mut self, p: Packed) {
        let b = p.0;
        self.fac.exp = b[0];
        self.fac.sign = b[1];
        self.fac.man = u32::from_be_bytes([b[1] | 0x80, b[2], b[3], b[4]]);
        self.fac.ov = 0;
    }
    /// MOVMF: pack FAC (no rounding; FACOV dropped).
    #[inline]
    pub fn pack(&self) -> Packed {
        self.unpacked().pack()
    }
    /// What the evaluator pushes for a pending binary operator.
    #[inline]
    pub fn unpacked(&self) -> Unpacked {
        Unpacked {
            exp: self.fac.exp,
            man: self.fac.man,
            sign: self.fac.sign,
        }
    }
    /// GIVABF: FAC = a signed 16-bit integer (PEEK, AND/OR/NOT results, LEN, ...).
    pub fn load_i16(&mut self, v: i16) {
        self.fac.man = ((v as u16) as u32) << 16;
        self.floats(0x90);
    }
    /// FAC = an unsigned 16-bit integer (MEM, TIMER, VARPTR, line numbers...), as the ROM's
    /// unsigned conversion (exponent $90, carry forced).
    pub fn load_u16(&mut self, v: u16) {
        self.fac.man = (v as u32) << 16;
        self.floatc(0x90, true);
    }
    /// FLOAT: FAC = a signed byte (relational results -1/0, SGN, POINT ...).
    pub fn load_i8(&mut self, v: i8) {
        self.fac.man = ((v as u8) as u32) << 24;
        self.floats(0x88);
    }
    /// `true` when FAC is zero (exponent 0).
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.fac.exp == 0
    }
    /// SIGN: 0, 1 or -1 (bit 7 of the sign byte).
    #[inline]
    pub fn sign(&self) -> i8 {
        if self.fac.exp == 0 {
            0
        } else if self.fac.sign & 0x80 != 0 {
            -1
        } else {
            1
        }
    }

    // ---- operators: left operand = ARG, right = FAC ----

    /// Pop the left operand into ARG as the evaluator does (ARISGN = ARGSGN XOR FACSGN).
    #[inline]
    fn pop_arg(&mut self, left: Unpacked) {
        self.arg = left;
        self.arisgn = left.sign ^ self.fac.sign;
    }

    #[inline]
    pub fn add(&mut self, left: Unpacked) -> Result<(), FpError> {
        self.pop_arg(left);
        self.faddt()
    }
    #[inline]
    pub fn sub(&mut self, left: Unpacked) -> Result<(), FpError> {
        self.pop_arg(left);
        self.fsubt()
    }
    #[inline]
    pub fn mul(&mut self, left: Unpacked) -> Result<(), FpError> {
        self.pop_arg(left);
        self.fmultt()
    }
    #[inline]
    pub fn div(&mut self, left: Unpacked) -> Result<(), FpError> {
        self.pop_arg(left);
        self.fdivt()
    }
    /// `left ^ FAC` (FPWRT).
    pub fn pow(&mut self, left: Unpacked) -> Result<(), FpError> {
        self.pop_arg(left);
        self.fpwrt()
    }
    /// Relational compare of `left` with FAC as the ROM does it (§8): Less means left < right.
    pub fn compare(&self, left: Unpacked) -> std::cmp::Ordering {
        let p = left.pack();
        // FCOMP gives FAC versus left; the relation wants left versus FAC.
        ord(self.fcomp(p)).reverse()
    }
    /// FCOMP of FAC with a packed value: Less means FAC < p.
    pub fn compare_packed(&self, p: Packed) -> std::cmp::Ordering {
        ord(self.fcomp(p))
    }

    // ---- unary ----

    /// Unary minus (NEGOP): zero is never negated.
    #[inline]
    pub fn neg(&mut self) {
        if self.fac.exp != 0 {
            self.fac.sign = !self.fac.sign;
        }
    }
    #[inline]
    pub fn abs(&mut self) {
        self.fac.sign = 0;
    }
    /// SGN: FAC = -1, 0 or 1.
    pub fn sgn(&mut self) {
        let s = self.sign();
        self.load_i8(s);
    }
    pub fn int(&mut self) {
        if self.fac.exp >= 0xA0 {
            return;
        }
        self.qint();
        self.fac.ov = 0;
        let neg = self.fac.sign & 0x80 != 0;
        self.fac.sign = 0;
        self.fac.exp = 0xA0;
        self.integr = self.fac.man as u8;
        if neg {
            self.negfac();
        }
        // FACOV is 0, so NORMAL cannot round and cannot overflow.
        let _ = self.normal();
    }
    pub fn fix(&mut self) {
        if self.sign() < 0 {
            self.fac.sign = !self.fac.sign;
            self.int();
            self.neg();
        } else {
            self.int();
        }
    }
    pub fn sqr(&mut self) -> Result<(), FpError> {
        // FPA0toFPA1 (ARISGN untouched), FAC = 0.5, then FPWRT.
        self.arg = self.unpacked();
        self.load(FHALF);
        self.fpwrt()
    }
    pub fn log(&mut self) -> Result<(), FpError> {
        if self.sign() <= 0 {
            return Err(FpError::IllegalFunctionCall);
        }
        let e = self.fac.exp.wrapping_sub(0x80);
        self.fac.exp = 0x80;
        self.fadd(SQR05)?;
        self.fdiv(SQR2)?;
        self.fsub(FONE)?;
        self.polyx(&LOGCN2)?;
        self.fadd(NEGHLF)?;
        // FINLOG: add the exponent as a signed byte.
        self.tempf1 = self.pack();
        self.load_i8(e as i8);
        self.fadd(self.tempf1)?;
        self.fmult(LOG2)
    }
    pub fn exp(&mut self) -> Result<(), FpError> {
        self.fmult(LOGEB2)?;
        self.tempf1 = self.pack();
        if self.fac.exp >= 0x88 {
            // MLDVEX: 0 for a negative argument, ?OV otherwise.
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
        let k = k - 1;
        self.fsub(self.tempf1)?;
        self.poly(&EXPCON)?;
        self.arisgn = 0;
        self.muldiv(k)?;
        Ok(())
    }
    pub fn sin(&mut self) -> Result<(), FpError> {
        // u = x / 2pi (FDIVF with ARISGN = sign of x).
        self.arg = self.unpacked();
        self.arisgn = self.arg.sign;
        self.load(TWOPI);
        self.fdivt()?;
        // f = u - INT(u)
        self.arg = self.unpacked();
        self.int();
        self.arisgn = 0;
        self.fsubt()?;
        // 0.25 - f
        self.fsub(FR4)?;
        let s = self.fac.sign;
        if s & 0x80 == 0 {
            self.neg();
            self.fadd(FR4)?;
        } else {
            self.fadd(FHALF)?;
            if self.fac.sign & 0x80 == 0 {
                self.tansgn = !self.tansgn;
                self.neg();
            }
            self.fadd(FR4)?;
            self.neg();
        }
        self.polyx(&SINCON)
    }
    pub fn cos(&mut self) -> Result<(), FpError> {
        self.fadd(PI2)?;
        self.sin()
    }
    pub fn tan(&mut self) -> Result<(), FpError> {
        self.tempf1 = self.pack();
        self.tansgn = 0;
        self.sin()?;
        self.tempf3 = self.pack();
        // POLYX left the reduced argument in TEMPF1.
        self.load(self.tempf1);
        self.fac.sign = 0;
        let a = self.tansgn;
        self.neg();
        self.fadd(FR4)?;
        if a & 0x80 != 0 {
            self.neg();
        }
        self.polyx(&SINCON)?;
        if self.fac.exp == 0 {
            return Err(FpError::Overflow);
        }
        self.fdiv(self.tempf3)
    }
    pub fn atn(&mut self) -> Result<(), FpError> {
        let s = self.fac.sign;
        if s & 0x80 != 0 {
            self.neg();
        }
        let e = self.fac.exp;
        if e >= 0x81 {
            self.fdiv(FONE)?;
        }
        self.polyx(&ATNCON)?;
        if e >= 0x81 {
            self.fsub(PI2)?;
        }
        if s & 0x80 != 0 {
            self.neg();
        }
        Ok(())
    }
    /// RND with its argument in FAC (§16); result in FAC.
    pub fn rnd(&mut self) -> Result<(), FpError> {
        match self.sign() {
            -1 => self.seedit(),
            0 => self.rnd0(),
            _ => {
                self.int();
                self.tempf1 = self.pack();
                self.rnd0()?;
                self.fmult(self.tempf1)?;
                self.fadd(FONE)?;
                self.int();
                Ok(())
            }
        }
    }
    /// The 32-bit RND seed ($0116–$0119), for PEEK/POKE parity.
    pub fn seed(&self) -> u32 {
        self.seed
    }
    pub fn set_seed(&mut self, seed: u32) {
        self.seed = seed;
    }

    // ---- integer conversions (they change FAC as the ROM's QINT does) ----

    /// INTConv: floor to a signed 16-bit value; ?FC outside -32768..=32767 (AND, OR, NOT).
    pub fn to_i16(&mut self) -> Result<i16, FpError> {
        if self.fac.exp >= 0x90 && self.fcomp(NEG32768) != 0 {
            return Err(FpError::IllegalFunctionCall);
        }
        self.qint();
        Ok(self.fac.man as u16 as i16)
    }
    /// Array subscripts: ?FC if negative, then as `to_i16` (0..=32767).
    pub fn to_subscript(&mut self) -> Result<u16, FpError> {
        if self.fac.sign & 0x80 != 0 {
            return Err(FpError::IllegalFunctionCall);
        }
        Ok(self.to_i16()? as u16)
    }
    /// VarGet8Bit: 0..=255 or ?FC (CHR$, POKE value, ...).
    pub fn to_u8(&mut self) -> Result<u8, FpError> {
        let v = self.to_subscript()?;
        if v > 255 {
            return Err(FpError::IllegalFunctionCall);
        }
        Ok(v as u8)
    }
    /// VarGet16Bit: 0..=65535, fraction truncated, or ?FC (PEEK, POKE address, HEX$ ...).
    pub fn to_u16(&mut self) -> Result<u16, FpError> {
        if self.fac.sign & 0x80 != 0 || self.fac.exp > 0x90 {
            return Err(FpError::IllegalFunctionCall);
        }
        self.qint();
        Ok(self.fac.man as u16)
    }

    // ---- text ----

    /// FIN: parse a number from `text` (program text, VAL, INPUT, READ). Spaces are skipped
    /// as CHRGET skips them; in program text the tokens $C3/$C4 (+/-) are accepted after `E`.
    /// Returns how many bytes were consumed; the value is left in FAC.
    ///
    /// One difference from the ROM: `&O` followed by the digit 9 is ?SN in the ROM (which
    /// `FpError` cannot express); here the number simply ends before the 9.
    pub fn parse(&mut self, text: &[u8]) -> Result<usize, FpError> {
        let mut pos = skip_spaces(text, 0);
        // Step 1: clear (FACOV is not cleared).
        self.fac.sign = 0;
        self.fac.exp = 0;
        self.fac.man = 0;
        let mut sgnflg = false;
        let mut tenexp: u8 = 0;
        let mut expsgn = false;
        let mut deccnt: u8 = 0;
        let mut dptflg: u8 = 0;
        let at = |p: usize| -> u8 { text.get(p).copied().unwrap_or(0) };
        match at(pos) {
            b'&' => return self.fin_hex_oct(text, pos),
            b'-' => {
                sgnflg = true;
                pos = skip_spaces(text, pos + 1);
            }
            b'+' => pos = skip_spaces(text, pos + 1),
            _ => {}
        }
        loop {
            let c = at(pos);
            if c.is_ascii_digit() {
                deccnt = deccnt.wrapping_sub(dptflg);
                self.mul10()?;
                self.tempf1 = self.pack();
                self.load_i8((c - b'0') as i8);
                self.fadd(self.tempf1)?;
                pos = skip_spaces(text, pos + 1);
            } else if c == b'.' {
                dptflg = !dptflg;
                if dptflg == 0 {
                    break;
                }
                pos = skip_spaces(text, pos + 1);
            } else if c == b'E' {
                pos = skip_spaces(text, pos + 1);
                match at(pos) {
                    b'-' | 0xC4 => {
                        expsgn = true;
                        pos = skip_spaces(text, pos + 1);
                    }
                    b'+' | 0xC3 => pos = skip_spaces(text, pos + 1),
                    _ => {}
                }
                while at(pos).is_ascii_digit() {
                    tenexp = tenexp.wrapping_mul(10).wrapping_add(at(pos) - b'0');
                    pos = skip_spaces(text, pos + 1);
                }
                if expsgn {
                    tenexp = tenexp.wrapping_neg();
                }
                break;
            } else {
                break;
            }
        }
        let n = tenexp.wrapping_sub(deccnt) as i8;
        if n > 0 {
            for _ in 0..n {
                self.mul10()?;
            }
        } else if n < 0 {
            for _ in 0..(-(n as i16)) {
                self.div10()?;
            }
        }
        if sgnflg {
            self.neg();
        }
        Ok(pos.min(text.len()))
    }

    /// `&H` / `&O` constants ($9C1B). `pos` is at the `&`.
    fn fin_hex_oct(&mut self, text: &[u8], pos: usize) -> Result<usize, FpError> {
        let at = |p: usize| -> u8 { text.get(p).copied().unwrap_or(0) };
        let mut acc: u16 = 0;
        let mut pos = skip_spaces(text, pos + 1);
        let hex = match at(pos) {
            b'H' => {
                pos = skip_spaces(text, pos + 1);
                true
            }
            b'O' => {
                pos = skip_spaces(text, pos + 1);
                false
            }
            _ => false,
        };
        loop {
            let c = at(pos);
            let (d, shift) = if hex {
                match c {
                    b'0'..=b'9' => (c - b'0', 4),
                    b'A'..=b'F' => (c - b'A' + 10, 4),
                    _ => break,
                }
            } else {
                // The ROM accepts 8 as an octal digit (a known bug).
                match c {
                    b'0'..=b'8' => (c - b'0', 3),
                    _ => break,
                }
            };
            for _ in 0..shift {
                if acc & 0x8000 != 0 {
                    return Err(FpError::Overflow);
                }
                acc <<= 1;
            }
            // The digit is added into the low byte only (no carry into the high byte).
            acc = (acc & 0xFF00) | ((acc as u8).wrapping_add(d) as u16);
            pos = skip_spaces(text, pos + 1);
        }
        self.fac.man = acc as u32;
        self.fac.ov = 0;
        self.fac.sign = 0;
        self.fac.exp = 0xA0;
        let _ = self.normal();
        Ok(pos.min(text.len()))
    }

    /// FOUT: FAC as PRINT shows it, sign character first (" 12", "-.5", " 1E+09"), with no
    /// trailing space. Changes FAC as the ROM does.
    pub fn format(&mut self) -> String {
        let mut buf: Vec<u8> = Vec::with_capacity(16);
        self.fout(&mut buf);
        // Only ASCII is ever produced.
        String::from_utf8(buf).unwrap_or_default()
    }

    /// FOUT into a byte buffer (appends).
    pub fn fout(&mut self, buf: &mut Vec<u8>) {
        let sc = if self.fac.sign & 0x80 != 0 {
            b'-'
        } else {
            b' '
        };
        buf.push(sc);
        self.fac.sign = sc;
        if self.fac.exp == 0 {
            buf.push(b'0');
            return;
        }
        let (n, deccnt) = match self.fout_significand() {
            Some(v) => v,
            None => {
                buf.push(b'0');
                return;
            }
        };
        let _ = n;
        let t = deccnt as i32 + 10;
        let (p, e) = if !(0..11).contains(&t) {
            (1, t - 2)
        } else {
            (t - 1, 0)
        };
        if p <= 0 {
            buf.push(b'.');
            if p != 0 {
                buf.push(b'0');
            }
        }
        let start = buf.len();
        self.fout_digits(buf, p);
        // Remove trailing zeros, then a trailing point.
        while buf.len() > start && *buf.last().unwrap() == b'0' {
            buf.pop();
        }
        if buf.last() == Some(&b'.') {
            buf.pop();
        }
        if e != 0 {
            buf.push(b'E');
            buf.push(if e < 0 { b'-' } else { b'+' });
            let a = e.unsigned_abs() as u8;
            buf.push(b'0' + a / 10);
            buf.push(b'0' + a % 10);
        }
    }

    /// FOUT steps 3–6: scale FAC to 9 significant digits, add .5 and QINT. Returns the integer
    /// (also left in FAC.M) and DECCNT. `None` only if an impossible overflow happened.
    pub(crate) fn fout_significand(&mut self) -> Option<(u32, i8)> {
        let mut deccnt: i8 = 0;
        if self.fac.exp <= 0x80 {
            self.fmult(NMIL).ok()?;
            deccnt = -9;
        }
        while self.foutcp(N9999) > 0 {
            self.div10().ok()?;
            deccnt = deccnt.wrapping_add(1);
        }
        // The ROM never goes back to the upper check.
        while self.foutcp(N0999) <= 0 {
            if self.fac.exp == 0 {
                // Only reachable from a non-normalised FAC; the ROM would loop forever.
                return None;
            }
            self.mul10().ok()?;
            deccnt = deccnt.wrapping_sub(1);
        }
        self.fadd(FHALF).ok()?;
        self.qint();
        Some((self.fac.man, deccnt))
    }

    /// FOUT step 9: the nine digits of FAC.M via the power-of-ten table, with a point after
    /// digit `p` (1..=9). FAC.M is changed as the ROM changes it.
    pub(crate) fn fout_digits(&mut self, buf: &mut Vec<u8>, p: i32) {
        let mut m = self.fac.man;
        let mut b: u8 = 0x80;
        let mut pt = p;
        for &t in FOUTBL.iter() {
            let digit;
            (digit, b) = foutbl_digit(&mut m, b, t);
            buf.push(digit);
            pt -= 1;
            if pt == 0 {
                buf.push(b'.');
            }
        }
        self.fac.man = m;
    }

    // ---- FOR/NEXT ----

    /// One NEXT step (§10): var + step with the step-direction byte as FAC's sign, packed back;
    /// returns the new value and whether the loop is finished (compare result == direction).
    pub fn next_step(
        &mut self,
        var: Packed,
        step: Packed,
        direction: u8,
        limit: Packed,
    ) -> Result<(Packed, bool), FpError> {
        self.load(step);
        self.fac.sign = direction;
        self.fadd(var)?;
        let v = self.pack();
        let c = self.fcomp(limit) as u8;
        Ok((v, c == direction))
    }

    // =========================================================================================
    // The ROM routines.

    /// ZEROFC: FACEXP = FACSGN = 0; mantissa and FACOV untouched.
    #[inline]
    fn zerofc(&mut self) {
        self.fac.exp = 0;
        self.fac.sign = 0;
    }

    /// FLOATS ($942D): carry = FACHO < $80, then FLOATC.
    #[inline]
    fn floats(&mut self, exp: u8) {
        let positive = self.fac.man < 0x8000_0000;
        self.floatc(exp, positive);
    }

    /// FLOATC ($9431): FACEXP = exp, clear FACMO/FACLO/FACOV/FACSGN, FADFLT.
    #[inline]
    fn floatc(&mut self, exp: u8, positive: bool) {
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
    fn negfac(&mut self) {
        self.fac.sign = !self.fac.sign;
        self.fac.man = self.fac.man.wrapping_neg();
    }

    /// NORMAL ($9165).
    #[inline]
    fn normal(&mut self) -> Result<(), FpError> {
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

    /// RNDSHF ($91AF) entered with carry 1: exponent + 1, M = 1:M >> 1, round by the bit out.
    /// FACOV is neither used nor cleared.
    #[inline]
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

    /// CONUPK: ARG = unpack(p); ARISGN = ARGSGN XOR FACSGN.
    #[inline]
    fn conupk(&mut self, p: Packed) {
        let b = p.0;
        self.arg.exp = b[0];
        self.arg.sign = b[1];
        self.arg.man = u32::from_be_bytes([b[1] | 0x80, b[2], b[3], b[4]]);
        self.arisgn = self.arg.sign ^ self.fac.sign;
    }

    /// FADD: FAC = p + FAC.
    #[inline]
    fn fadd(&mut self, p: Packed) -> Result<(), FpError> {
        self.conupk(p);
        self.faddt()
    }
    /// FSUB: FAC = p - FAC.
    #[inline]
    fn fsub(&mut self, p: Packed) -> Result<(), FpError> {
        self.conupk(p);
        self.fsubt()
    }
    /// FMULT: FAC = p * FAC.
    #[inline]
    fn fmult(&mut self, p: Packed) -> Result<(), FpError> {
        self.conupk(p);
        self.fmultt()
    }
    /// FDIV: FAC = p / FAC.
    #[inline]
    fn fdiv(&mut self, p: Packed) -> Result<(), FpError> {
        self.conupk(p);
        self.fdivt()
    }

    /// FSUBT: complement FACSGN and ARISGN, then FADDT.
    #[inline]
    fn fsubt(&mut self) -> Result<(), FpError> {
        self.fac.sign = !self.fac.sign;
        self.arisgn = !self.arisgn;
        self.faddt()
    }

    /// FADDT: ARG + FAC.
    #[inline]
    fn faddt(&mut self) -> Result<(), FpError> {
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

    /// MULDIV ($92F3): exponent of a product/quotient. Returns `false` when the operation has
    /// ended (result 0); `true` when the caller continues (including the s = 128 quirk).
    #[inline]
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

    /// RNDMUL: FAC.M = high half of FAC.M * ARG.M, FACOV = product bits 31..24. Returns the
    /// full product (RNDTMP is its low half).
    #[inline]
    fn rndmul(&mut self) -> u64 {
        let p = self.fac.man as u64 * self.arg.man as u64;
        self.fac.man = (p >> 32) as u32;
        self.fac.ov = (p >> 24) as u8;
        p
    }

    /// FMULTT: ARG * FAC.
    #[inline]
    fn fmultt(&mut self) -> Result<(), FpError> {
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
    #[inline]
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
    fn mul10(&mut self) -> Result<(), FpError> {
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
    fn div10(&mut self) -> Result<(), FpError> {
        self.arg = self.unpacked();
        self.arisgn = 0;
        self.load(TEN);
        self.fdivt()
    }

    /// QINT ($9473): FAC.M = floor(FAC) as a 32-bit two's-complement integer. FACEXP is left
    /// alone; FACOV gets the last byte moved out when whole bytes are shifted.
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
        if n >= 8 {
            let k = n / 8;
            self.fac.ov = (v >> (8 * (k - 1)).min(63)) as u8;
        }
        self.fac.man = (v >> n.min(63)) as u32;
    }

    /// TestFPA0 as a signed byte.
    #[inline]
    fn test(&self) -> i8 {
        self.sign()
    }

    /// FCOMP ($9441): FAC versus packed p: 1, 0 or -1.
    #[inline]
    fn fcomp(&self, p: Packed) -> i8 {
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
    fn foutcp(&self, p: Packed) -> i8 {
        let x = p.0;
        let m = self.fac.man.to_be_bytes();
        let f = [self.fac.exp, (x[1] | 0x7F) & m[0], m[1], m[2], m[3]];
        let fv = u64::from_be_bytes([0, 0, 0, f[0], f[1], f[2], f[3], f[4]]);
        let xv = u64::from_be_bytes([0, 0, 0, x[0], x[1], x[2], x[3], x[4]]);
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
    fn poly(&mut self, table: &[Packed]) -> Result<(), FpError> {
        self.tempf2 = self.pack();
        self.fmult(table[0])?;
        for (k, c) in table.iter().enumerate().skip(1) {
            if k > 1 {
                self.fmult(self.tempf2)?;
            }
            self.fadd(*c)?;
        }
        Ok(())
    }

    /// POLYX ($9743): x * POLY(x^2). TEMPF1 is left holding x.
    fn polyx(&mut self, table: &[Packed]) -> Result<(), FpError> {
        self.tempf1 = self.pack();
        self.fmult(self.tempf1)?;
        self.poly(table)?;
        self.fmult(self.tempf1)
    }

    /// FPWRT ($96A0): ARG ^ FAC.
    fn fpwrt(&mut self) -> Result<(), FpError> {
        if self.fac.exp == 0 {
            return self.exp();
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
        self.log()?;
        self.fmult(self.tempf3)?;
        self.exp()?;
        if odd & 1 != 0 {
            self.neg();
        }
        Ok(())
    }

    /// RND0 ($978E): FAC.M = seed, then SEEDIT.
    fn rnd0(&mut self) -> Result<(), FpError> {
        self.fac.man = self.seed;
        self.seedit()
    }

    /// SEEDIT ($9798).
    fn seedit(&mut self) -> Result<(), FpError> {
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

#[inline]
fn ord(c: i8) -> std::cmp::Ordering {
    match c {
        0 => std::cmp::Ordering::Equal,
        c if c < 0 => std::cmp::Ordering::Less,
        _ => std::cmp::Ordering::Greater,
    }
}

/// CHRGET skips spaces.
#[inline]
fn skip_spaces(text: &[u8], mut pos: usize) -> usize {
    while pos < text.len() && text[pos] == b' ' {
        pos += 1;
    }
    pos
}

pub mod using;

#[cfg(test)]
mod tests;
