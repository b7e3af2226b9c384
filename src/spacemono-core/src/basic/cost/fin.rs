//! What FIN (`L94BD`) spends converting a numeric literal from its ASCII text, which the ROM
//! does every time the literal is evaluated (docs/timing.md §2.7). The cost depends only on the
//! text, so it is worked out once, when the line is compiled, by following FIN's steps: per
//! digit a MUL10 of the value so far, a FLOAT of the digit, an FADD and a CHRGET; a DIV10
//! per digit after the point.

use super::fp;

/// The exponent byte the Dragon would store for `x`.
fn exp_of(x: f64) -> u8 {
    if x == 0.0 || !x.is_finite() {
        return 0;
    }
    let e = ((x.abs().to_bits() >> 52) & 0x7FF) as i32 - 1022;
    (e + 128).clamp(1, 255) as u8
}

/// The top 32 bits of `x`'s mantissa, with its leading 1.
fn man_of(x: f64) -> u32 {
    if x == 0.0 || !x.is_finite() {
        return 0;
    }
    let bits = x.abs().to_bits() & ((1 << 52) - 1) | (1 << 52);
    (bits >> 21) as u32
}

/// CHRGET of the byte after: 35 for a byte from `:` up, 44 below (digits, punctuation and the
/// 0 that ends a line).
pub fn chrget(next: Option<u8>) -> u32 {
    match next {
        Some(b) if b >= 0x3A => 35,
        _ => 44,
    }
}

/// MUL10 ($9315): 61 for 0, else 79 and an FADD of x and 4x.
fn mul10(v: f64) -> u32 {
    if v == 0.0 {
        61
    } else {
        79 + fp::fadd(exp_of(v), 0, exp_of(4.0 * v), 0, exp_of(5.0 * v))
    }
}

/// DIV10 ($932D): 130 and an FDIV by 10.
fn div10(v: f64) -> u32 {
    130 + fp::fdiv(man_of(v / 10.0))
}

/// FIN's cycles for the literal `text` (what the parser consumed, spaces included), with
/// `next` the byte after it. Hexadecimal and octal (`&H`, `&O`) are shifted in, not
/// multiplied: about 100 c a character.
pub fn literal(text: &[u8], next: Option<u8>) -> u32 {
    if text.first() == Some(&b'&') {
        return 300 + 100 * text.len() as u32 + chrget(next);
    }
    let mut c = 38;
    let mut v = 0.0f64;
    let mut fraction_digits = 0i32;
    let mut seen_point = false;
    let mut exponent = 0i32;
    let mut exp_negative = false;
    let mut in_exponent = false;
    let byte_after = |i: usize| text.get(i + 1).copied().or(next);
    for (i, &b) in text.iter().enumerate() {
        match b {
            b' ' => c += 31,
            b'0'..=b'9' if in_exponent => {
                exponent = (exponent * 10 + (b - b'0') as i32).min(99);
                c += 80;
            }
            b'0'..=b'9' => {
                let d = (b - b'0') as f64;
                let ten_v = v * 10.0;
                c += 174
                    + mul10(v)
                    + fp::float_byte(b - b'0')
                    + fp::fadd(exp_of(ten_v), 0, exp_of(d), 0, exp_of(ten_v + d))
                    + chrget(byte_after(i));
                v = ten_v + d;
                if seen_point {
                    fraction_digits += 1;
                }
            }
            b'.' => {
                seen_point = true;
                c += 14 + chrget(byte_after(i));
                if i == 0 {
                    c += 78 + 29;
                }
            }
            b'E' => {
                in_exponent = true;
                c += 10 + chrget(byte_after(i));
            }
            // The sign of an exponent (crunched as the + and - tokens, or as typed).
            _ => {
                exp_negative |= b == b'-' || b == 0xAC;
                c += 12;
            }
        }
    }
    c += 37;
    let net = if exp_negative { -exponent } else { exponent } - fraction_digits;
    if net >= 0 {
        c + mul10(v.max(1.0)) * net as u32
    } else {
        let mut x = v;
        for _ in 0..(-net).min(40) {
            c += div10(x);
            x /= 10.0;
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::literal;

    /// The totals docs/timing.md §2.7 measured (followed by `:`), within its 2 %.
    #[test]
    fn literals_cost_what_fin_spent_on_the_genuine_rom() {
        let colon = Some(b':');
        for (text, genuine) in [
            ("0", 736),
            ("1", 733),
            ("5", 663),
            ("9", 628),
            ("10", 1_649),
            ("99", 1_673),
            ("100", 2_565),
            ("255", 2_893),
            ("1000", 3_481),
            ("12345", 5_209),
            ("32767", 5_279),
            ("65535", 5_384),
            (".5", 3_023),
            ("1.5", 4_145),
            (".25", 6_438),
            ("123.456", 15_951),
            ("1.23456", 22_286),
            ("3.14159", 22_524),
        ] {
            let ours = literal(text.as_bytes(), colon) as f64;
            let diff = (ours - genuine as f64) / genuine as f64;
            assert!(diff.abs() < 0.03, "{text}: {ours} against {genuine}");
        }
    }
}
