//! The Dragon 32's 5-byte floating-point package, bit for bit (spec: docs/float.md).
//!
//! One [`FloatUnit`] lives for the whole interpreter run: its accumulator (FAC) carries the
//! guard byte FACOV from one operation to the next, exactly as the ROM's direct page does,
//! because a stale guard byte changes printed results (`1-(.2+.8)`).
//!
//! Operand roles follow the ROM: for a binary operator the *left* operand is ARG (it was
//! pushed on the expression stack, unpacked, without FACOV) and the *right* operand is in FAC.
//! The result is left in FAC.

use crate::basic::error::ErrorCode;

/// A number as stored in RAM: exponent (bias $80, 0 = zero), then 4 mantissa bytes whose top
/// bit holds the sign (the hidden leading 1 is not stored).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Packed(pub [u8; 5]);

impl Packed {
    pub const ZERO: Packed = Packed([0; 5]);
    pub const ONE: Packed = Packed([0x81, 0, 0, 0, 0]);

    /// The exponent byte and the other four bytes as one big-endian word.
    #[inline(always)]
    pub const fn split(self) -> (u8, u32) {
        let b = self.0;
        (b[0], u32::from_be_bytes([b[1], b[2], b[3], b[4]]))
    }

    /// The bytes of [`split`](Self::split)'s two parts.
    #[inline(always)]
    pub const fn from_split((first, rest): (u8, u32)) -> Packed {
        let r = rest.to_be_bytes();
        Packed([first, r[0], r[1], r[2], r[3]])
    }

    /// UNPACK: the value as CONUPK leaves it in ARG (the hidden bit set, the sign byte whole).
    #[inline(always)]
    pub const fn unpacked(self) -> Unpacked {
        let b = self.0;
        Unpacked {
            exp: b[0],
            man: u32::from_be_bytes([b[1] | 0x80, b[2], b[3], b[4]]),
            sign: b[1],
        }
    }
}

/// What CONUPK can put in ARG: a packed value, or a constant unpacked once (the
/// polynomials' tables) so that its steps do not unpack it again.
pub(crate) trait ArgOperand: Copy {
    fn unpack(self) -> Unpacked;
}

impl ArgOperand for Packed {
    #[inline(always)]
    fn unpack(self) -> Unpacked {
        self.unpacked()
    }
}

impl ArgOperand for Unpacked {
    #[inline(always)]
    fn unpack(self) -> Unpacked {
        self
    }
}

/// A table of the ROM's constants unpacked (the bytes stay the authority).
const fn unpack_table<const N: usize>(t: [Packed; N]) -> [Unpacked; N] {
    let mut out = [Unpacked {
        exp: 0,
        man: 0,
        sign: 0,
    }; N];
    let mut i = 0;
    while i < N {
        out[i] = t[i].unpacked();
        i += 1;
    }
    out
}

/// An unpacked value as the evaluator pushes it: exponent, mantissa with bit 31 present, and the
/// full sign *byte* (only bit 7 means negative, but the other bits travel, see docs/float.md §2.3).
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
/// (Reachable from outside only through `ErrorCode: From<FpError>`, which no frontend uses.)
#[allow(unnameable_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FpError {
    Overflow,
    DivisionByZero,
    IllegalFunctionCall,
}

/// The code BASIC reports for a math error. It lives with the math package, which sits on
/// top of the list of error codes (PRINT USING reports codes too), so that the list imports
/// nothing.
impl From<FpError> for ErrorCode {
    fn from(e: FpError) -> Self {
        match e {
            FpError::Overflow => ErrorCode::OV,
            FpError::DivisionByZero => ErrorCode::DivZero,
            FpError::IllegalFunctionCall => ErrorCode::FC,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// ROM constants (docs/float.md §17). The bytes are authoritative.

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
const LOGCN2_U: [Unpacked; 4] = unpack_table(LOGCN2);
const EXPCON_U: [Unpacked; 8] = unpack_table(EXPCON);
const SINCON_U: [Unpacked; 6] = unpack_table(SINCON);
const ATNCON_U: [Unpacked; 12] = unpack_table(ATNCON);

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

/// The ROM's restoring division (docs/float.md §6), bit by bit, for a divisor that is not
/// normalised.
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// [`load`](Self::load) from the exponent and the other four bytes as one big-endian
    /// word.
    #[inline]
    pub fn load_split(&mut self, first: u8, rest: u32) {
        self.fac.exp = first;
        self.fac.sign = (rest >> 24) as u8;
        self.fac.man = rest | 0x8000_0000;
        self.fac.ov = 0;
    }
    /// MOVMF: pack FAC (no rounding; FACOV dropped).
    #[inline]
    pub fn pack(&self) -> Packed {
        self.unpacked().pack()
    }
    /// MOVMF as the exponent and the other four bytes in one big-endian word: the sign
    /// byte's bit 7 over the mantissa's top bit (the same bytes as [`pack`](Self::pack)).
    #[inline]
    pub fn pack_split(&self) -> (u8, u32) {
        (
            self.fac.exp,
            self.fac.man & (0x7FFF_FFFF | (self.fac.sign as u32) << 24),
        )
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
    /// `left ^ FAC` (FPWRT) as it was: the reference for `fused.rs`.
    #[cfg(test)]
    pub(super) fn pow_ref(&mut self, left: Unpacked) -> Result<(), FpError> {
        self.pop_arg(left);
        self.fpwrt()
    }
    /// Relational compare of `left` with FAC as the ROM does it (docs/float.md §8): Less
    /// means left < right.
    #[inline]
    pub fn compare(&self, left: Unpacked) -> std::cmp::Ordering {
        // left as MOVMF would store it (the sign bit over the mantissa's top one), as an
        // exponent byte and one word, without assembling five bytes.
        let rest = left.man & (((left.sign as u32) << 24) | 0x7FFF_FFFF);
        // FCOMP gives FAC versus left; the relation wants left versus FAC.
        ord(self.fcomp_split(left.exp, rest)).reverse()
    }
    /// [`compare`](Self::compare) as it was: left packed into five bytes, then FCOMP (the
    /// reference for the test of the word form).
    #[cfg(test)]
    pub fn compare_by_bytes(&self, left: Unpacked) -> std::cmp::Ordering {
        ord(self.fcomp(left.pack())).reverse()
    }
    /// FCOMP of FAC with a packed value: Less means FAC < p.
    #[cfg(test)]
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
    #[cfg(test)]
    pub(super) fn sqr_ref(&mut self) -> Result<(), FpError> {
        // FPA0toFPA1 (ARISGN untouched), FAC = 0.5, then FPWRT.
        self.arg = self.unpacked();
        self.load(FHALF);
        self.fpwrt()
    }
    #[cfg(test)]
    pub(super) fn log_ref(&mut self) -> Result<(), FpError> {
        if self.sign() <= 0 {
            return Err(FpError::IllegalFunctionCall);
        }
        let e = self.fac.exp.wrapping_sub(0x80);
        self.fac.exp = 0x80;
        self.fadd_in(SQR05)?;
        self.fdiv(SQR2)?;
        self.fsub(FONE)?;
        self.polyx(&LOGCN2_U)?;
        self.fadd_in(NEGHLF)?;
        // FINLOG: add the exponent as a signed byte.
        self.tempf1 = self.pack();
        self.load_i8(e as i8);
        self.fadd_in(self.tempf1)?;
        self.fmult(LOG2)
    }
    #[cfg(test)]
    pub(super) fn exp_ref(&mut self) -> Result<(), FpError> {
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
        self.poly(&EXPCON_U)?;
        self.arisgn = 0;
        self.muldiv(k)?;
        Ok(())
    }
    #[cfg(test)]
    pub(super) fn sin_ref(&mut self) -> Result<(), FpError> {
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
            self.fadd_in(FR4)?;
        } else {
            self.fadd_in(FHALF)?;
            if self.fac.sign & 0x80 == 0 {
                self.tansgn = !self.tansgn;
                self.neg();
            }
            self.fadd_in(FR4)?;
            self.neg();
        }
        self.polyx(&SINCON_U)
    }
    #[cfg(test)]
    pub(super) fn cos_ref(&mut self) -> Result<(), FpError> {
        self.fadd_in(PI2)?;
        self.sin_ref()
    }
    #[cfg(test)]
    pub(super) fn tan_ref(&mut self) -> Result<(), FpError> {
        self.tempf1 = self.pack();
        self.tansgn = 0;
        self.sin_ref()?;
        self.tempf3 = self.pack();
        // POLYX left the reduced argument in TEMPF1.
        self.load(self.tempf1);
        self.fac.sign = 0;
        let a = self.tansgn;
        self.neg();
        self.fadd_in(FR4)?;
        if a & 0x80 != 0 {
            self.neg();
        }
        self.polyx(&SINCON_U)?;
        if self.fac.exp == 0 {
            return Err(FpError::Overflow);
        }
        self.fdiv(self.tempf3)
    }
    #[cfg(test)]
    pub(super) fn atn_ref(&mut self) -> Result<(), FpError> {
        let s = self.fac.sign;
        if s & 0x80 != 0 {
            self.neg();
        }
        let e = self.fac.exp;
        if e >= 0x81 {
            self.fdiv(FONE)?;
        }
        self.polyx(&ATNCON_U)?;
        if e >= 0x81 {
            self.fsub(PI2)?;
        }
        if s & 0x80 != 0 {
            self.neg();
        }
        Ok(())
    }
    /// RND with its argument in FAC (docs/float.md §16); result in FAC.
    pub fn rnd(&mut self) -> Result<(), FpError> {
        match self.sign() {
            -1 => self.seedit(),
            0 => self.rnd0(),
            _ => {
                self.int();
                self.tempf1 = self.pack();
                self.rnd0()?;
                self.fmult(self.tempf1)?;
                self.fadd_in(FONE)?;
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
    // Changes FAC in place, as QINT does: hence `&mut self`.
    #[allow(clippy::wrong_self_convention)]
    pub fn to_i16(&mut self) -> Result<i16, FpError> {
        if self.fac.exp >= 0x90 && self.fcomp(NEG32768) != 0 {
            return Err(FpError::IllegalFunctionCall);
        }
        self.qint();
        Ok(self.fac.man as u16 as i16)
    }
    /// Array subscripts: ?FC if negative, then as `to_i16` (0..=32767).
    // Changes FAC in place, as QINT does: hence `&mut self`.
    #[allow(clippy::wrong_self_convention)]
    pub fn to_subscript(&mut self) -> Result<u16, FpError> {
        if self.fac.sign & 0x80 != 0 {
            return Err(FpError::IllegalFunctionCall);
        }
        Ok(self.to_i16()? as u16)
    }
    /// VarGet8Bit: 0..=255 or ?FC (CHR$, POKE value, ...).
    // Changes FAC in place, as QINT does: hence `&mut self`.
    #[allow(clippy::wrong_self_convention)]
    pub fn to_u8(&mut self) -> Result<u8, FpError> {
        let v = self.to_subscript()?;
        if v > 255 {
            return Err(FpError::IllegalFunctionCall);
        }
        Ok(v as u8)
    }
    /// VarGet16Bit: 0..=65535, fraction truncated, or ?FC (PEEK, POKE address, HEX$ ...).
    // Changes FAC in place, as QINT does: hence `&mut self`.
    #[allow(clippy::wrong_self_convention)]
    pub fn to_u16(&mut self) -> Result<u16, FpError> {
        if self.fac.sign & 0x80 != 0 || self.fac.exp > 0x90 {
            return Err(FpError::IllegalFunctionCall);
        }
        self.qint();
        Ok(self.fac.man as u16)
    }

    // ---- FOR/NEXT ----

    /// One NEXT step (docs/float.md §10): var + step with the step-direction byte as FAC's
    /// sign, packed back; returns the new value and whether the loop is finished (compare
    /// result == direction).
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

    /// [`next_step`](Self::next_step) for the commonest NEXT, counting up: a positive step
    /// (`direction` 1) added to a positive variable whose exponent is at least the step's,
    /// short of an overflow or a rounding wrap. Numbers as the exponent byte
    /// and one big-endian word (`read5_split`). It leaves FAC, ARG and ARISGN as FADD
    /// leaves them and gives the same value and answer; `None`, with nothing changed, for
    /// any other case (the caller runs `next_step`). The general routine's calls, branches
    /// and byte shuffles were most of a delay loop's pass.
    #[inline(always)]
    pub fn next_step_up(
        &mut self,
        (a, vw): (u8, u32),
        (se, sw): (u8, u32),
        direction: u8,
        (le, lw): (u8, u32),
    ) -> Option<((u8, u32), bool)> {
        if direction != 1 || vw & 0x8000_0000 != 0 || a < se || se == 0 {
            return None;
        }
        let var_sign = (vw >> 24) as u8;
        let vm = vw | 0x8000_0000;
        // FADDC: the smaller (FAC, the step) shifted right into the guard byte; FAC takes
        // ARG's exponent and sign byte when it was the smaller.
        let (fm, guard, sign) = if a == se {
            (sw | 0x8000_0000, 0, direction)
        } else {
            let (m, g) = shr40(sw | 0x8000_0000, (a - se) as u32);
            (m, g, var_sign)
        };
        let (s, carry) = fm.overflowing_add(vm);
        let (exp, man, ov) = if !carry {
            // RNDIT: round by the guard byte's top bit (FACOV cleared).
            if guard & 0x80 != 0 && s == u32::MAX {
                return None;
            }
            (a, s + (guard >> 7) as u32, 0)
        } else {
            // RNDSHF: one place right with the carry on top, rounded by the bit shifted
            // out (FACOV kept).
            if a == 0xFF || s == u32::MAX {
                return None;
            }
            (a + 1, (0x8000_0000 | s >> 1) + (s & 1), guard)
        };
        self.fac = Fac { exp, man, sign, ov };
        self.arg = Unpacked {
            exp: a,
            man: vm,
            sign: var_sign,
        };
        self.arisgn = var_sign ^ direction;
        let finished = self.fcomp_split(le, lw) as u8 == direction;
        Some(((exp, man & 0x7FFF_FFFF), finished))
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

mod fused;
mod routines;
mod text;
pub mod using;

#[cfg(test)]
mod fused_tests;
#[cfg(test)]
mod next_step_tests;
#[cfg(test)]
mod tests;
