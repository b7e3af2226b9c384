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

/// The math package's state: FAC, ARG and the direct-page temporaries the ROM keeps between
/// calls (TEMPF1–3, INTEGR, TANSGN, the RND seed).
#[derive(Clone, Debug)]
pub struct FloatUnit {
    pub fac: Fac,
    // The implementation adds the rest of the ROM's state here (ARG, ARISGN, BITS, TEMPF1–3,
    // INTEGR, TANSGN, seed).
}

impl Default for FloatUnit {
    fn default() -> Self {
        Self::new()
    }
}

#[allow(unused_variables)]
impl FloatUnit {
    /// Power-on state: FAC zero, RND seed $4FC75259.
    pub fn new() -> Self {
        todo!("float: new")
    }

    // ---- moving values in and out of FAC ----

    /// MOVFM: FAC = a packed value from memory; FACOV = 0.
    pub fn load(&mut self, p: Packed) {
        todo!()
    }
    /// MOVMF: pack FAC (no rounding; FACOV dropped).
    pub fn pack(&self) -> Packed {
        todo!()
    }
    /// What the evaluator pushes for a pending binary operator.
    pub fn unpacked(&self) -> Unpacked {
        todo!()
    }
    /// GIVABF: FAC = a signed 16-bit integer (PEEK, AND/OR/NOT results, LEN, ...).
    pub fn load_i16(&mut self, v: i16) {
        todo!()
    }
    /// FAC = an unsigned 16-bit integer (MEM, TIMER, VARPTR, line numbers...), as the ROM's
    /// unsigned conversion (exponent $90, carry forced).
    pub fn load_u16(&mut self, v: u16) {
        todo!()
    }
    /// FLOAT: FAC = a signed byte (relational results -1/0, SGN, POINT ...).
    pub fn load_i8(&mut self, v: i8) {
        todo!()
    }
    /// `true` when FAC is zero (exponent 0).
    pub fn is_zero(&self) -> bool {
        self.fac.exp == 0
    }
    /// SIGN: 0, 1 or -1 (bit 7 of the sign byte).
    pub fn sign(&self) -> i8 {
        todo!()
    }

    // ---- operators: left operand = ARG, right = FAC ----

    pub fn add(&mut self, left: Unpacked) -> Result<(), FpError> {
        todo!()
    }
    pub fn sub(&mut self, left: Unpacked) -> Result<(), FpError> {
        todo!()
    }
    pub fn mul(&mut self, left: Unpacked) -> Result<(), FpError> {
        todo!()
    }
    pub fn div(&mut self, left: Unpacked) -> Result<(), FpError> {
        todo!()
    }
    /// `left ^ FAC` (FPWRT).
    pub fn pow(&mut self, left: Unpacked) -> Result<(), FpError> {
        todo!()
    }
    /// Relational compare of `left` with FAC as the ROM does it (§8): Less means left < right.
    pub fn compare(&self, left: Unpacked) -> std::cmp::Ordering {
        todo!()
    }
    /// FCOMP of FAC with a packed value: Less means FAC < p.
    pub fn compare_packed(&self, p: Packed) -> std::cmp::Ordering {
        todo!()
    }

    // ---- unary ----

    /// Unary minus (NEGOP): zero is never negated.
    pub fn neg(&mut self) {
        todo!()
    }
    pub fn abs(&mut self) {
        todo!()
    }
    /// SGN: FAC = -1, 0 or 1.
    pub fn sgn(&mut self) {
        todo!()
    }
    pub fn int(&mut self) {
        todo!()
    }
    pub fn fix(&mut self) {
        todo!()
    }
    pub fn sqr(&mut self) -> Result<(), FpError> {
        todo!()
    }
    pub fn log(&mut self) -> Result<(), FpError> {
        todo!()
    }
    pub fn exp(&mut self) -> Result<(), FpError> {
        todo!()
    }
    pub fn sin(&mut self) -> Result<(), FpError> {
        todo!()
    }
    pub fn cos(&mut self) -> Result<(), FpError> {
        todo!()
    }
    pub fn tan(&mut self) -> Result<(), FpError> {
        todo!()
    }
    pub fn atn(&mut self) -> Result<(), FpError> {
        todo!()
    }
    /// RND with its argument in FAC (§16); result in FAC.
    pub fn rnd(&mut self) -> Result<(), FpError> {
        todo!()
    }
    /// The 32-bit RND seed ($0116–$0119), for PEEK/POKE parity.
    pub fn seed(&self) -> u32 {
        todo!()
    }
    pub fn set_seed(&mut self, seed: u32) {
        todo!()
    }

    // ---- integer conversions (they change FAC as the ROM's QINT does) ----

    /// INTConv: floor to a signed 16-bit value; ?FC outside -32768..=32767 (AND, OR, NOT).
    pub fn to_i16(&mut self) -> Result<i16, FpError> {
        todo!()
    }
    /// Array subscripts: ?FC if negative, then as `to_i16` (0..=32767).
    pub fn to_subscript(&mut self) -> Result<u16, FpError> {
        todo!()
    }
    /// VarGet8Bit: 0..=255 or ?FC (CHR$, POKE value, ...).
    pub fn to_u8(&mut self) -> Result<u8, FpError> {
        todo!()
    }
    /// VarGet16Bit: 0..=65535, fraction truncated, or ?FC (PEEK, POKE address, HEX$ ...).
    pub fn to_u16(&mut self) -> Result<u16, FpError> {
        todo!()
    }

    // ---- text ----

    /// FIN: parse a number from `text` (program text, VAL, INPUT, READ). Spaces are skipped
    /// as CHRGET skips them; in program text the tokens $C3/$C4 (+/-) are accepted after `E`.
    /// Returns how many bytes were consumed; the value is left in FAC.
    pub fn parse(&mut self, text: &[u8]) -> Result<usize, FpError> {
        todo!()
    }
    /// FOUT: FAC as PRINT shows it, sign character first (" 12", "-.5", " 1E+09"), with no
    /// trailing space. Changes FAC as the ROM does.
    pub fn format(&mut self) -> String {
        todo!()
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
        todo!()
    }
}
pub mod using;
