//! What PRINT USING (`DoPrintUSING` $A225) spends on a numeric item, from the ROM's
//! instructions (docs/timing.md §2.13.1): the format scan (LA247), the number laid out in the
//! buffer (LA373: LA55B scaling to nine digits, LA441 dividing down to the field's decimals,
//! LA590 rounding and making the digits, LA513 padding, LA3F3 cleaning up) and the buffer
//! sent out through TextOutString. Cycles are the MC6809's per instruction (data sheet),
//! JSRs/BSRs and RTSs included; the float routines' own loops are counted from their operands
//! as §2.6 gives them ([`super::fp`]).

use super::fp;

/// LA249's pass for a format character that is not `!` or `#` and not the last: CLR, LDA
/// ,X+, the `!` and `#` tests (LBEQ, BEQ not taken), DECB, BNE.
pub const SCAN_CHAR: u32 = 6 + 6 + 2 + 5 + 2 + 3 + 2 + 3;
/// LA249's pass for a `!` (CLR, LDA ,X+, CMPA, LBEQ taken).
pub const SCAN_STRING_FIELD: u32 = 6 + 6 + 2 + 6;
/// The format's last character when it is a literal: LA366 with its JSR (33) before
/// TextOutChar.
pub const SCAN_LAST: u32 = 33;
/// A `.` not followed by `#`, printed: the `+` and `.` tests, LA2CF (LDA ,X, CMPA, LBNE taken),
/// LA21D.
pub const SCAN_LITERAL_POINT: u32 = 2 + 3 + 2 + 3 + 4 + 2 + 6 + 33 + 3;
/// LA249's pass for the `#` that starts a field (to LA2B2: CLR <EvalD8).
pub const SCAN_FIELD_START: u32 = 6 + 6 + 2 + 5 + 2 + 3 + 6;
/// LA247's CLR <EvalDA, at the start of each scan.
pub const SCAN_START: u32 = 6;
/// A literal character printed by LA21D (the `+`, `.`, `%` tests, CMPA ,X, BNE; LA366 with
/// its JSR, 33; JSR TextOutChar; BRA LA247), besides the screen's own cost (TextOutChar's,
/// its JSR included). A `%` that opens no field is charged the same (not derived apart).
pub const SCAN_LITERAL: u32 = 2 + 3 + 2 + 3 + 2 + 5 + 4 + 3 + 33 + 3;
/// LA2B4's pass for each `#` or `,` left of the point (INC, DECB, BEQ, LDA ,X+, the `.` and
/// `#` tests): 27; a `,` also sets the comma flag (the `,` test, LDA, ORA, STA, BRA: +13).
pub const SCAN_LEFT: u32 = 6 + 2 + 3 + 6 + 2 + 3 + 2 + 3;
pub const SCAN_COMMA: u32 = 2 + 3 + 4 + 2 + 4 + 3 - 5;
/// LA2B4's pass for the `.` (INC, DECB, BEQ, LDA ,X+, CMPA, BEQ taken to LA2DD).
pub const SCAN_POINT: u32 = 6 + 2 + 3 + 6 + 2 + 3;
/// LA2DD's pass for each `#` right of the point (INC, DECB, BEQ, LDA ,X+, CMPA, BEQ).
pub const SCAN_RIGHT: u32 = 6 + 2 + 3 + 6 + 2 + 3;
/// The pass that finds the format's end (INC, DECB, BEQ taken).
pub const SCAN_END: u32 = 6 + 2 + 3;
/// The pass that stops on another character (INC, DECB, BEQ, LDA ,X+, the tests, then the
/// `^` test of LA2E8, not taken).
pub const SCAN_STOP: u32 = 6 + 2 + 3 + 6 + 2 + 3 + 2 + 3 + 2 + 3 + 2 + 3;
/// LA302: LEAX -1,X, INC, LDA, BITA, BNE, DEC, TSTB, BEQ (no sign after the field); +13 when
/// a sign character is looked at (LDA ,X, SUBA, BEQ, CMPA, BNE).
pub const SCAN_TAIL: u32 = 5 + 6 + 4 + 2 + 3 + 6 + 2 + 3;
pub const SCAN_TAIL_SIGN: u32 = 4 + 2 + 3 + 2 + 3;

/// LA324's part after the expression: STB, the digit count test (LDA, ADDA, CMPA, LBHI), JSR
/// LA373, then LEAX -1,X and the JSR to TextOutString.
pub const ITEM: u32 = 4 + 4 + 4 + 2 + 5 + 8 + 5 + 8;

/// LA373 up to the 1E9 test's branch, without the comparison: LDU, LDB, the pre-sign test,
/// the sign (+8 for a negative number: CLR, LDB), the two bytes stored, the exponential test
/// (LBNE not taken), LDX, JSR FPA0cmpX (in [`compare`]), BMI; then LA3B1/LA3BA: LDA, STA,
/// BEQ, LDA, LBMI.
pub const FORMAT: u32 = 3 + 2 + 4 + 2 + 3 + 6 + 3 + 6 + 2 + 6 + 2 + 5 + 3 + 3 + 4 + 4 + 3 + 4 + 5;
pub const NEGATIVE: u32 = 8;
/// A forced `+` sign (LDB #'+').
pub const PRE_SIGN: u32 = 2;

/// FPA0cmpX with its JSR: the exponents compared (and then the top byte with the sign, the
/// next two, the last by subtraction, as far as they are equal), L946E and L941E setting B.
pub fn compare(fac: (u8, u32), constant: [u8; 5]) -> u32 {
    let [e, m0, m1, m2, m3] = constant;
    let man = fac.1.to_be_bytes();
    // Bytes examined after the exponent, until one differs (FAC's top byte as stored, its
    // sign bit being the constant's).
    let mut c = 8 + 4 + 4 + 3;
    let mut equal = fac.0 == e;
    if equal {
        c += 5 + 2 + 4 + 5 + 3;
        equal = (man[0] & 0x7F) | (m0 & 0x80) == m0;
        for (f, k) in [(man[1], m1), (man[2], m2), (man[3], m3)] {
            if !equal {
                break;
            }
            c += 4 + 5 + 3;
            equal = f == k;
        }
    }
    if equal {
        return c + 5;
    }
    // L946E: RORB, EORB, BRA; L941E: ROLB, LDB, BCS, NEGB when FAC is the larger, RTS.
    let larger = (fac.0, fac.1 & 0x7FFF_FFFF) > (e, u32::from_be_bytes([m0 & 0x7F, m1, m2, m3]));
    c + 2 + 4 + 3 + 2 + 2 + 3 + 2 * larger as u32 + 5
}

/// FPA0mul10 (79 with its JSR, docs/timing.md §2.6) and its FADD of 4x and x (`man` x's
/// mantissa, `before`, `after` FAC's exponents). L9116 is entered with 4x's exponent in A, as
/// FPA1's: the larger exponent is the left operand's (FADD's +17), and x is shifted 2 places
/// into the guard byte, which rounds the sum up (R, 28) when its top bit is set; after an
/// overflow, when the bit shifted out is 1. That gives §2.6's measured 307–358.
pub fn mul10(man: u32, before: u8, after: u8) -> u32 {
    let sum_exp = after.wrapping_sub(1);
    let overflow = sum_exp > before.wrapping_add(2);
    let sum = (man as u64) + ((man >> 2) as u64);
    let rounds = if overflow { sum & 1 != 0 } else { man & 2 != 0 };
    79 + fp::fadd(before.wrapping_add(2), 0, before, 0, sum_exp) + 28 * rounds as u32
}

/// FPA0div10 (130 with its JSR) and its FDIV, from the quotient's mantissa.
pub fn div10(quotient: u32) -> u32 {
    130 + fp::fdiv(quotient)
}

/// LA55B: PSHS U, CLRA, and its end (LA57F's last comparison is counted by the caller,
/// BGT, PULS U,PC).
pub const SCALE: u32 = 7 + 2 + 3 + 9;
/// LA55E's test of the exponent (STA, LDB, CMPB, BHI), each time round.
pub const SCALE_TEST: u32 = 4 + 4 + 2 + 3;
/// A ×1E9 pass for a number below 0.5: LDX, JSR XtimesFPA0 with XtoFPA1 (64), LDA, SUBA, BRA;
/// besides the FMUL.
pub const SCALE_1E9: u32 = 3 + 8 + 64 + 4 + 2 + 3;
/// LA577's pass that divides: LDX, BGT taken, JSR FPA0div10 (in [`div10`]), INC; and the
/// pass that does not (LDX, BGT); besides the comparison.
pub const SCALE_DIV: u32 = 3 + 3 + 6;
pub const SCALE_NO_DIV: u32 = 3 + 3;
/// LA57F's pass that multiplies: LDX, BGT not taken, DEC, BRA; and the pass that ends it
/// (LDX; BGT is in [`SCALE`]); besides the comparison and the MUL10.
pub const SCALE_MUL: u32 = 3 + 3 + 6 + 3;
pub const SCALE_END: u32 = 3;

/// LA441 for a number below 100,000,000: LDA, BEQ (+2 DECA when the field has decimals),
/// ADDA, BMI (+2 CLRA when no division is needed), PSHS A; each DIV10 pass (BPL, PSHS A,
/// PULS A, INCA, BRA: 20, besides the DIV10) and the last BPL; LA459's LDA, SUBA ,S+, STA,
/// ADDA, BMI; then, with digits before the point, LDA, SUBA, SUBA, BSR LA478, JSR LA5F1, BRA
/// (LA478 and LA5F1 counted apart), or (LA47C) LDA, BSR, JSR LA5DB (24), LDA, SUBA, BSR,
/// CLR, CLR.
pub const BELOW_100M: u32 = 4 + 3 + 4 + 3 + 6 + 3 + 4 + 6 + 4 + 2 + 3;
pub const DIV_PASS: u32 = 3 + 6 + 6 + 2 + 3;
pub const BELOW_100M_DIGITS: u32 = 4 + 2 + 4 + 7 + 8 + 3;
pub const BELOW_100M_FRACTION: u32 = 4 + 7 + 8 + 24 + 2 + 4 + 7 + 6 + 6;
/// LA48D: JSR LA590, LDA, BNE (+5 LDU when the field has no decimals), ADDA, LBRA; LA3DE:
/// DECA, JSR LA478.
pub const BELOW_100M_END: u32 = 8 + 4 + 3 + 4 + 5 + 2 + 8;
/// A number of 100,000,000 or more (LA3BA's path): NEGA, ADDA, SUBA, JSR LA478, JSR LA5F1,
/// JSR LA590, LDA, JSR LA60F, LDA, JSR LA5D7, LDA, BNE (+5 LEAU), DECA, JSR LA478.
pub const WHOLE: u32 = 2 + 4 + 2 + 8 + 8 + 8 + 4 + 8 + 4 + 8 + 4 + 3 + 2 + 8;

/// LA478 putting `n` zeros (DECA, BPL, then LA470's PSHS, LDA, STA ,U+, PULS: 25 each; the
/// last DECA, BPL and RTS: 10).
pub fn zeros(n: u32) -> u32 {
    25 * n + 10
}

/// LA60F putting `n` zeros with LA5D7 between them (its cost apart): DECA, BMI, PSHS, LDA,
/// STA ,U+, LDA ,S+, BNE (28 each; between them PSHS, BSR, PULS: 19); the end DECA, BMI, RTS.
pub fn zeros_counted(n: u32) -> u32 {
    if n == 0 {
        2 + 3 + 5
    } else {
        28 * n + 19 * (n - 1) + 5
    }
}

/// LA5F1 (without its JSR): the point counter (LDA, ADDA, STA, INCA), the remainder by 3
/// (SUBA, BCC per pass, `a` / 3 + 1 passes), ADDA, STA, the comma flag's test (LDA, ANDA,
/// BNE), STA when there are no commas, RTS.
pub fn counters(a: u8, commas: bool) -> u32 {
    4 + 2 + 4 + 2 + 5 * (a as u32 / 3 + 1) + 2 + 4 + 4 + 2 + 3 + 4 * !commas as u32 + 5
}

/// LA5D7 (without its call): DEC, BNE, then the point put (LA5DB: STU, LDA, STA, CLR, RTS:
/// 33 in all), or the comma counter counted down (23), and a comma put (37).
pub const POINT: u32 = 6 + 3 + 5 + 2 + 6 + 6 + 5;
pub const NO_POINT: u32 = 6 + 3 + 6 + 3 + 5;
pub const COMMA_PUT: u32 = 6 + 3 + 6 + 3 + 2 + 4 + 2 + 6 + 5;

/// LA590's rounding: PSHS U, JSR L90FD (LDX, BRA, JSR XtoFPA1: 71) and its FADD of 0.5;
/// `before`, `after` FAC's exponents.
pub fn round(before: u8, after: u8) -> u32 {
    7 + 8 + 3 + 3 + 8 + 57 + fp::fadd(0x80, 0, before, 0, after)
}

/// L9473 with its JSR: FAC made an integer by shifting its mantissa `0xA0 − exponent` places
/// right (up to 7: L948F and L9203's loop, 28 for the first place and 35 for each other; 8 or
/// more: L91F7's byte moves, 53 each, and bit shifts, 35 each); then PULS U, LDX, LDB.
pub fn integer(exp: u8) -> u32 {
    if exp == 0 {
        return 8 + 4 + 3 + 30 + 7 + 3 + 2;
    }
    let s = 0xA0u32.saturating_sub(exp as u32);
    let head = 8 + 4 + 3 + 2 + 4 + 3 + 3 + 2 + 3;
    let shift = if s == 0 {
        22 + 28 + 5
    } else if s <= 7 {
        22 + 28 + 35 * (s - 1) + 5
    } else {
        8 + 53 * (s / 8) + 14 + 35 * (s % 8) + 5 + 6 + 5
    };
    head + shift + 7 + 3 + 2
}

/// LA590's digit loop: each digit adds or subtracts its power of ten `passes` times (LA5A1:
/// four bytes added with carry, INCB, RORB, ROLB, BVC: 60 a pass), then stores it (BCC, +4
/// for the nine's complement, ADDB, LEAX, TFR, ANDA, STA ,U+, COMB, ANDB, CMPX, BNE: 35);
/// before it a BSR LA5D7 (7, LA5D7 apart).
pub fn digit(passes: u32, complement: bool) -> u32 {
    7 + 60 * passes + 35 + 4 * complement as u32
}
/// After the ninth digit: CLR ,U, then LA5D7 falls in.
pub const DIGITS_END: u32 = 6;

/// LA3DE's JSR LA513 and its set-up: LDX, LDB ,X, PSHS, LDA, LDB, BITB, PULS, BEQ (+13 with
/// `*` padding, +6 more after a blank sign), PSHS; each padded place (STA ,X+, LDB ,X, the
/// end, `E`, `0` tests: 23; a `,` 5 more); the place that stops it (33 before a digit, 16 at
/// the end, 26 before `E`, 41 before a `.`, each with LDA, STA ,-X); LA548: LDA, BITA, BEQ
/// (+2 LDB, +6 STB for a floating `$`), ANDA, PULS, BNE (+6 STB without a post-sign), RTS.
pub const PAD: u32 = 8 + 3 + 4 + 6 + 2 + 4 + 2 + 6 + 3 + 6 + 4 + 2 + 3 + 2 + 6 + 3 + 5;
pub const PAD_PLACE: u32 = 23;
pub const PAD_COMMA: u32 = 5;
pub const PAD_STOP_DIGIT: u32 = 33;
pub const PAD_STOP_END: u32 = 6 + 4 + 3 + 8;
pub const PAD_STOP_E: u32 = 6 + 4 + 3 + 2 + 3 + 8;
pub const PAD_STOP_POINT: u32 = 6 + 4 + 3 + 2 + 3 + 2 + 3 + 2 + 3 + 2 + 3 + 8;
pub const PAD_ASTERISK: u32 = 2 + 2 + 3;
pub const PAD_BLANK_SIGN: u32 = 6;
pub const PAD_DOLLAR: u32 = 8;
pub const PAD_SIGN: u32 = 6;

/// LA3E2's return: TSTA, BEQ (+11 with a post-sign: CMPB, BEQ, STB; +5 when it is a `*`
/// and not stored), CLR ,U, LDX; LA3F3's
/// pass over each blank or `*` left of the field (LEAX, STX, LDA, SUBA, SUBA, BEQ, LDA, CMPA,
/// BEQ: 34; 39 for `*`), and its end where the field starts (25 and the RTS).
pub const CLEAN: u32 = 2 + 3 + 6 + 3;
pub const CLEAN_POST: u32 = 2 + 3 + 6;
pub const CLEAN_POST_ASTERISK: u32 = 2 + 3;
pub const CLEAN_BLANK: u32 = 34;
pub const CLEAN_ASTERISK: u32 = 39;
pub const CLEAN_END: u32 = 25 + 5;
/// LA3F3 when the field is full (no place left before it): the character tests reach LA40A
/// and its stack of signs (17 a sign), then a leading zero removed (LA424) or the `%` put
/// (LA42C): not counted pass by pass, ≈ 150.
pub const CLEAN_OTHER: u32 = 150;

/// TextOutString sending the buffer: L8C5B's scan, 25 a character (INCB, LDA ,X+, BEQ, the
/// two terminator tests), and the output loop, 25 a character (DECB, BEQ, LDA ,X+, BSR,
/// JMP TextOutChar, BRA), besides the screen's cost of each; the fixed part (the scan's
/// start and end, the descriptor pushed on the string stack and dropped by L8D9D) ≈ 270, as
/// §2.5's string literal (not traced instruction by instruction).
pub const OUT_STRING: u32 = 270;
pub const OUT_CHAR: u32 = 50;
