//! What the ROM's floating-point routines cost, counted from their operands as the routines'
//! loops run (docs/timing.md §2.6): alignment shifts, normalisation shifts, the bits of a
//! multiplier, the ones of a quotient. A few additions and bit counts per operation.

/// Cycles to shift a mantissa `n` bits: whole bytes are moved (53 c), the rest shifted a bit
/// at a time (35 c).
#[inline]
fn shift(n: u32) -> u32 {
    53 * (n / 8) + 35 * (n % 8)
}

/// NORMAL after a subtraction: 60, then 52 per zero top byte and 35 per bit shifted left.
#[inline]
fn normal_left(bits: u32) -> u32 {
    60 + 52 * (bits / 8) + 35 * (bits % 8)
}

/// FADD's start, its alignment of `n` bits (and the sign test), by `n` up to 40.
const FADD_ALIGN: [u16; 41] = {
    let mut t = [0u16; 41];
    let mut n = 0;
    while n <= 40 {
        let align = match n {
            0 => 31,
            1..=7 => 23 + 35 * n,
            _ => 39 + 53 * (n / 8) + 35 * (n % 8),
        };
        t[n as usize] = (28 + align + 7) as u16;
        n += 1;
    }
    t
};

/// [`FADD_ALIGN`] by the exponents' difference ARG − FAC from −255 to 255 (an alignment of
/// more than 40 bits costs what 40 does), with the 17 c of swapping the operands when ARG's is
/// the larger: indexed by the difference alone, with no clamping at each addition.
const FADD_START: [u16; 511] = {
    let mut t = [0u16; 511];
    let mut i = 0;
    while i < 511 {
        let d = i as i32 - 255;
        let n = if d.unsigned_abs() > 40 {
            40
        } else {
            d.unsigned_abs()
        };
        t[i] = FADD_ALIGN[n as usize] + if d > 0 { 17 } else { 0 };
        i += 1;
    }
    t
};

/// FADD (`CmdPlus` $910E): ARG + FAC, from both exponents and sign bytes and the exponent of
/// the result. Exact apart from the rounding increments (28 c, now and then).
#[inline(always)]
pub fn fadd(arg_exp: u8, arg_sign: u8, fac_exp: u8, fac_sign: u8, result_exp: u8) -> u32 {
    if fac_exp == 0 {
        return 59;
    }
    if arg_exp == 0 {
        return 26;
    }
    let mut c = FADD_START[arg_exp as usize + 255 - fac_exp as usize] as u32;
    let top = arg_exp.max(fac_exp);
    if (arg_sign ^ fac_sign) & 0x80 == 0 {
        c += 60 + if result_exp > top { 41 } else { 23 };
    } else {
        c += 92;
        c += if result_exp == 0 {
            2 + 5 * 52 + 15
        } else {
            normal_left(top.saturating_sub(result_exp) as u32)
        };
    }
    c
}

/// FMUL (`CmdMultiply` $9275): ARG × FAC. The loop runs over the right operand's (FAC's)
/// mantissa bytes, 44 c for each 1 bit; a zero byte is skipped for 95 c.
#[inline]
pub fn fmul(arg_exp: u8, fac_exp: u8, fac_man: u32, result_exp: u8) -> u32 {
    if fac_exp == 0 {
        return 8;
    }
    if arg_exp == 0 {
        return 41;
    }
    let [b0, b1, b2, b3] = fac_man.to_be_bytes();
    let unshifted = arg_exp as i32 + fac_exp as i32 - 128;
    let normalise = if (result_exp as i32) < unshifted {
        97
    } else {
        62
    };
    103 + 411
        + 44 * BYTE_ONES[b0 as usize] as u32
        + FMUL_BYTE[b1 as usize] as u32
        + FMUL_BYTE[b2 as usize] as u32
        + FMUL_BYTE[b3 as usize] as u32
        + normalise
}

/// The 1 bits of each byte value (baseline x86-64 has no popcount instruction).
const BYTE_ONES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    t
};

/// FMUL's loop over one of FAC's lower mantissa bytes: a zero byte is skipped for 95 c; any
/// other costs 416, and 44 more for each 1 bit.
const FMUL_BYTE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = if b == 0 {
            95
        } else {
            416 + 44 * BYTE_ONES[b] as u16
        };
        b += 1;
    }
    t
};

/// The 1 bits of a mantissa, by bytes from [`BYTE_ONES`].
#[inline]
fn ones(m: u32) -> u32 {
    let [b0, b1, b2, b3] = m.to_be_bytes();
    BYTE_ONES[b0 as usize] as u32
        + BYTE_ONES[b1 as usize] as u32
        + BYTE_ONES[b2 as usize] as u32
        + BYTE_ONES[b3 as usize] as u32
}

/// FDIV (`CmdDivide` $933C): a restoring division of 34 quotient bits, each 1 bit (a
/// subtraction and the compares before it) 54 c more; fitted to the traced 1/1 = 2,140,
/// 3/4 = 2,196 and 3.7/4.3 = 3,054, within 10.
#[inline]
pub fn fdiv(quotient_man: u32) -> u32 {
    2_080 + 54 * ones(quotient_man)
}

/// INTConv ($8B2D): FAC to a 16-bit integer, shifting the mantissa right until the binary
/// point is at its end: the smaller the number, the more shifts (1 → 505, 65,535 → 210).
#[inline]
pub fn int_conv(exp: u8) -> u32 {
    let s = 160u32.saturating_sub(exp as u32).min(32);
    100 + shift(s)
}

/// FLOAT of a byte value (`L9427`): 55 + NORMAL, fewer shifts for larger values.
#[inline]
pub fn float_byte(v: u8) -> u32 {
    match v {
        0 => 332,
        _ => 397 - 35 * (8 - v.leading_zeros()).min(4),
    }
}

/// INT ($9499): the mantissa is shifted right to drop the fraction and back again (1 → 980,
/// 3.7 → 910, −7.7 → 926, 12345.678 → 525).
#[inline]
pub fn int(exp: u8, sign: u8) -> u32 {
    if exp == 0 {
        return 356;
    }
    let s = 160u32.saturating_sub(exp as u32).min(32);
    172 + 2 * shift(s) + if sign & 0x80 != 0 { 86 } else { 0 }
}

/// FOUT (`L9587`): scale into 100,000,000–999,999,999 by MUL10s or DIV10s, then nine digits
/// (docs/timing.md §2.8, ±350).
#[inline]
pub fn fout(exp: u8) -> u32 {
    if exp == 0 {
        return 58;
    }
    let bits = exp as i32 - 128;
    if bits >= 1 {
        // Decimal digits before the point: about bits × log10(2).
        let digits = ((bits * 77) >> 8) as u32 + 1;
        if digits <= 9 {
            4_400 + 340 * (9 - digits)
        } else {
            4_400 + 3_000 * (digits - 9)
        }
    } else {
        let zeros = (((-bits) * 77) >> 8) as u32;
        (5_491 + 1_060 * zeros).min(10_600)
    }
}

#[cfg(test)]
mod tests {
    use super::{fadd, fdiv, float_byte, fmul, fout, int_conv, normal_left, ones, FADD_ALIGN};

    #[test]
    fn the_byte_tables_count_what_count_ones_counts() {
        let mut x = 0x1234_5678u32;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            assert_eq!(ones(x), x.count_ones());
            let [_, b1, b2, b3] = x.to_be_bytes();
            let byte = |b: u8| if b == 0 { 95 } else { 416 };
            let old = 103 + 411 + 44 * x.count_ones() + byte(b1) + byte(b2) + byte(b3) + 62;
            assert_eq!(fmul(0x81, 0x81, x, 0x82), old);
        }
    }

    /// FADD's cost as it was counted before the table of starts.
    fn fadd_reference(arg_exp: u8, arg_sign: u8, fac_exp: u8, fac_sign: u8, result_exp: u8) -> u32 {
        if fac_exp == 0 {
            return 59;
        }
        if arg_exp == 0 {
            return 26;
        }
        let d = arg_exp as i32 - fac_exp as i32;
        let n = d.unsigned_abs().min(40);
        let mut c = FADD_ALIGN[n as usize] as u32 + if d > 0 { 17 } else { 0 };
        let top = arg_exp.max(fac_exp);
        if (arg_sign ^ fac_sign) & 0x80 == 0 {
            c += 60 + if result_exp > top { 41 } else { 23 };
        } else {
            c += 92;
            c += if result_exp == 0 {
                2 + 5 * 52 + 15
            } else {
                normal_left(top.saturating_sub(result_exp) as u32)
            };
        }
        c
    }

    #[test]
    fn the_fadd_table_counts_what_the_alignment_did() {
        for a in 0..=255u8 {
            for f in 0..=255u8 {
                for (s, r) in [(0, 0), (0x80, 0), (0, 0x80), (0xFF, 0x7F)] {
                    for res in [0, 1, a, f, a.wrapping_add(1), f.wrapping_sub(3), 255] {
                        assert_eq!(fadd(a, s, f, r, res), fadd_reference(a, s, f, r, res));
                    }
                }
            }
        }
    }

    #[test]
    fn the_traced_operations_cost_what_the_rom_spent() {
        // 3+4 = 176 (docs/timing.md §2.6): 3 is $82, 4 is $83, 7 is $83.
        assert_eq!(fadd(0x82, 0, 0x83, 0, 0x83), 176);
        // 3*4 = 940: FAC = 4 ($80000000), the product needs one shift.
        assert_eq!(fmul(0x82, 0x83, 0x8000_0000, 0x84), 940);
        // 1/1 and 3/4.
        assert!((fdiv(0x8000_0000) as i32 - 2_140).abs() < 10);
        assert!((fdiv(0xC000_0000) as i32 - 2_196).abs() < 10);
        // INTConv of 1 and 3 (≈505, ≈470).
        assert!((int_conv(0x81) as i32 - 505).abs() <= 5);
        assert!((int_conv(0x82) as i32 - 470).abs() <= 5);
        // FLOAT of the digits (FIN's table).
        assert_eq!(
            [0, 1, 2, 3, 4, 7, 8, 9].map(float_byte),
            [332, 362, 327, 327, 292, 292, 257, 257]
        );
        // FOUT of 1000 ≈ 6,085 and of 12345 ≈ 5,790.
        assert!((fout(0x8A) as i32 - 6_085).abs() < 350);
        assert!((fout(0x8E) as i32 - 5_790).abs() < 350);
    }
}
