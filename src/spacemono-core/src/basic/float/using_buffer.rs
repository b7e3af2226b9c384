//! PRINT USING's line buffer (LA373's layout, $A373–$A61C): the number scaled to nine digits
//! (LA55B), brought down to the field's decimals (LA441), its digits with the point and commas
//! (LA590, LA5D7), the zeros, the padding and signs (LA513) and the clean-up (LA3F3), each
//! counting the cycles the ROM spends (docs/timing.md §2.13.1).

use super::super::{FloatUnit, FHALF, FOUTBL, N0999, N9999, NMIL};
use super::{ASTER, B3, COMMA, FLOATD, POST};
use crate::basic::cost::using as cost;

/// LA55B: scale FAC to 9 digits before the point; returns the decimal exponent offset.
/// Adds the cycles of its passes to `cy` (docs/timing.md §2.13.1).
fn la55b(fu: &mut FloatUnit, cy: &mut u32) -> u8 {
    let mut e47: u8 = 0;
    *cy += cost::SCALE + cost::SCALE_TEST;
    while fu.fac.exp <= 0x80 && fu.fac.exp != 0 {
        let (e, m) = (fu.fac.exp, fu.fac.man);
        if fu.fmult(NMIL).is_err() {
            break;
        }
        *cy += cost::SCALE_1E9
            + cost::SCALE_TEST
            + crate::basic::cost::fp::fmul(NMIL.0[0], e, m, fu.fac.exp);
        e47 = e47.wrapping_sub(9);
    }
    loop {
        *cy += cost::compare((fu.fac.exp, fu.fac.man), N9999.0);
        if fu.foutcp(N9999) <= 0 {
            *cy += cost::SCALE_NO_DIV;
            break;
        }
        if fu.div10().is_err() {
            break;
        }
        *cy += cost::SCALE_DIV + cost::div10(fu.fac.man);
        e47 = e47.wrapping_add(1);
    }
    loop {
        *cy += cost::compare((fu.fac.exp, fu.fac.man), N0999.0);
        if !(fu.foutcp(N0999) <= 0 && fu.fac.exp != 0) {
            *cy += cost::SCALE_END;
            break;
        }
        let (e, m) = (fu.fac.exp, fu.fac.man);
        if fu.mul10().is_err() {
            break;
        }
        *cy += cost::SCALE_MUL + cost::mul10(m, e, fu.fac.exp);
        e47 = e47.wrapping_sub(1);
    }
    e47
}

/// The line buffer as the ROM uses it, with its counters.
pub(super) struct Buf {
    pub(super) m: [u8; 256],
    /// U: the output pointer.
    pub(super) u: u8,
    /// The cycles spent (docs/timing.md §2.13.1).
    pub(super) cycles: u32,
    /// Eval45: decimal point counter.
    pub(super) e45: u8,
    /// BasEditorLineLen: comma counter.
    pub(super) comma: u8,
    /// BasVarPtrLast: position of the decimal point.
    pub(super) decpt: u8,
}

impl Buf {
    #[inline]
    pub(super) fn put(&mut self, c: u8) {
        self.m[self.u as usize] = c;
        self.u = self.u.wrapping_add(1);
    }

    /// LA49B: the exponential format (`^^^^`): the digits scaled to the field, then `E`,
    /// the exponent's sign and two digits.
    pub(super) fn exponential(&mut self, fu: &mut FloatUnit, d9: u8, d8: u8, da: u8) {
        let orig = fu.fac.exp;
        // LA49B's own instructions are not counted one by one (≈ 150, issue 31); its
        // scaling, divisions, digits and zeros are.
        self.cycles += 150;
        let e47 = if orig != 0 {
            la55b(fu, &mut self.cycles)
        } else {
            0
        };
        let mut a = if d8 != 0 { d8 - 1 } else { 0 };
        a = a.wrapping_add(d9);
        let bb3: u8 = if da & POST != 0 { 0 } else { 0xFF };
        a = a.wrapping_add(bb3).wrapping_sub(9);
        let init = a;
        while (a as i8) < 0 {
            let _ = fu.div10();
            self.cycles += cost::DIV_PASS + cost::div10(fu.fac.man);
            a = a.wrapping_add(1);
        }
        let a2 = if (init as i8) < 0 { init } else { 0 };
        self.e45 = a2
            .wrapping_neg()
            .wrapping_add(d9)
            .wrapping_add(1)
            .wrapping_add(bb3);
        self.comma = 0;
        self.la590(fu);
        self.la60f(init);
        if d8 == 0 {
            self.u = self.u.wrapping_sub(1);
        }
        let e: u8 = if orig != 0 {
            e47.wrapping_add(9).wrapping_sub(d9).wrapping_sub(bb3)
        } else {
            0
        };
        self.exponent(e);
    }

    /// The exponent part: `E`, its sign, and its two digits (tens counted by subtraction).
    fn exponent(&mut self, mut e: u8) {
        let mut es = b'+';
        if (e as i8) < 0 {
            es = b'-';
            e = e.wrapping_neg();
        }
        let u = self.u;
        self.m[u.wrapping_add(1) as usize] = es;
        self.m[u as usize] = b'E';
        self.u = u.wrapping_add(2);
        let mut tens = b'0' - 1;
        loop {
            tens = tens.wrapping_add(1);
            let (r, borrow) = e.overflowing_sub(10);
            e = r;
            if borrow {
                break;
            }
        }
        self.put(tens);
        self.put(e.wrapping_add(0x3A));
        self.m[self.u as usize] = 0;
    }

    /// The fixed format for a number below 1,000,000,000: its digits with leading zeros,
    /// commas and the point, then (LA3DE) the zeros that fill the right part.
    pub(super) fn fixed(&mut self, fu: &mut FloatUnit, d9: u8, d8: u8, da: u8) {
        let mut e47 = fu.fac.exp;
        if e47 != 0 {
            self.cycles += 8;
            e47 = la55b(fu, &mut self.cycles);
        }
        let tail_a = if (e47 as i8) >= 0 {
            self.whole(fu, e47, d9, d8, da)
        } else {
            self.below_100m(fu, e47, d9, d8, da)
        };
        // LA3DE
        self.zeros(tail_a.wrapping_sub(1));
    }

    /// A number of 100,000,000 or more (nine digits before the point, `e47` ≥ 0 more):
    /// returns the right part's length for LA3DE.
    fn whole(&mut self, fu: &mut FloatUnit, e47: u8, d9: u8, d8: u8, da: u8) -> u8 {
        self.cycles += cost::WHOLE + 5 * (d8 == 0) as u32;
        self.zeros(d9.wrapping_sub(9).wrapping_sub(e47));
        self.la5f1(e47, da);
        self.la590(fu);
        self.la60f(e47);
        self.la5d7();
        if d8 == 0 {
            self.u = self.u.wrapping_sub(1);
        }
        d8
    }

    /// LA441: a number below 100,000,000, first scaled down to the field's right part;
    /// returns the zeros still to put (+1) for LA3DE.
    fn below_100m(&mut self, fu: &mut FloatUnit, mut e47: u8, d9: u8, d8: u8, da: u8) -> u8 {
        let mut a = if d8 != 0 { d8 - 1 } else { 0 };
        a = a.wrapping_add(e47);
        self.cycles += cost::BELOW_100M + cost::BELOW_100M_END + 2 * (d8 != 0) as u32;
        if (a as i8) >= 0 {
            a = 0;
            self.cycles += 2;
        }
        let init = a;
        while (a as i8) < 0 {
            let _ = fu.div10();
            self.cycles += cost::DIV_PASS + cost::div10(fu.fac.man);
            a = a.wrapping_add(1);
        }
        e47 = e47.wrapping_sub(init);
        if d8 == 0 {
            self.cycles += 5;
        }
        if (e47.wrapping_add(9) as i8) < 0 {
            // LA47C
            self.cycles += cost::BELOW_100M_FRACTION;
            self.zeros(d9);
            self.la5db();
            self.zeros(0xF7u8.wrapping_sub(e47));
            self.e45 = 0;
            self.comma = 0;
        } else {
            self.cycles += cost::BELOW_100M_DIGITS;
            self.zeros(d9.wrapping_sub(9).wrapping_sub(e47));
            self.la5f1(e47, da);
        }
        self.la590(fu);
        if d8 == 0 {
            self.u = self.decpt;
        }
        d8.wrapping_add(e47)
    }

    /// LA478: put A zeros (none if A ≤ 0 as a signed byte).
    fn zeros(&mut self, a: u8) {
        let n = a as i8;
        self.cycles += cost::zeros(n.max(0) as u32);
        for _ in 0..n.max(0) {
            self.put(b'0');
        }
    }

    /// LA5D7: count down to the decimal point; otherwise count down to a comma.
    fn la5d7(&mut self) {
        self.e45 = self.e45.wrapping_sub(1);
        if self.e45 == 0 {
            self.cycles += cost::POINT;
            self.la5db();
            return;
        }
        self.comma = self.comma.wrapping_sub(1);
        if self.comma != 0 {
            self.cycles += cost::NO_POINT;
        } else {
            self.cycles += cost::COMMA_PUT;
            self.comma = 3;
            self.put(b',');
        }
    }

    /// LA5DB: put the decimal point and remember where.
    fn la5db(&mut self) {
        self.decpt = self.u;
        self.put(b'.');
        self.comma = 0;
    }

    /// LA5F1: initialise the decimal point and comma counters.
    fn la5f1(&mut self, e47: u8, da: u8) {
        self.e45 = e47.wrapping_add(10);
        let a = e47.wrapping_add(11);
        self.cycles += cost::counters(a, da & COMMA != 0);
        let c = a % 3 + 2;
        self.comma = if da & COMMA != 0 { c } else { 0 };
    }

    /// LA60F: put A zeros, checking for the point/comma between them.
    fn la60f(&mut self, a: u8) {
        self.cycles += cost::zeros_counted((a as i8).max(0) as u32);
        let mut a = a;
        loop {
            a = a.wrapping_sub(1);
            if (a as i8) < 0 {
                return;
            }
            self.put(b'0');
            if a == 0 {
                return;
            }
            self.la5d7();
        }
    }

    /// LA590: round, make an integer, and write its nine digits with point/comma checks.
    fn la590(&mut self, fu: &mut FloatUnit) {
        let before = fu.fac.exp;
        let _ = fu.fadd(FHALF);
        self.cycles += cost::round(before, fu.fac.exp) + cost::integer(fu.fac.exp);
        fu.qint();
        let mut m = fu.fac.man;
        let mut b: u8 = 0x80;
        for (i, &t) in FOUTBL.iter().enumerate() {
            self.la5d7();
            let digit;
            (digit, b) = super::super::foutbl_digit(&mut m, b, t);
            // A digit d takes d + 1 subtractions of its power of ten, or 10 − d additions
            // (the table alternates, starting with a subtraction).
            let d = digit.wrapping_sub(b'0') as u32;
            let adding = i % 2 == 1;
            let passes = if adding {
                10u32.saturating_sub(d)
            } else {
                d + 1
            };
            self.cycles += cost::digit(passes, adding);
            self.put(digit);
        }
        fu.fac.man = m;
        self.m[self.u as usize] = 0;
        self.cycles += cost::DIGITS_END;
        self.la5d7();
    }

    /// LA513: pad leading zeros (and commas among them), floating `$`, pre-sign. Returns
    /// (post-sign flag, first character).
    pub(super) fn la513(&mut self, da: u8) -> (u8, u8) {
        let mut x = B3 + 1;
        let mut first = self.m[x as usize];
        let mut pad = b' ';
        self.cycles += cost::PAD;
        if da & ASTER != 0 {
            pad = b'*';
            self.cycles += cost::PAD_ASTERISK;
            if first == b' ' {
                first = b'*';
                self.cycles += cost::PAD_BLANK_SIGN;
            }
        }
        let mut zero_before = true;
        for _ in 0..256 {
            self.m[x as usize] = pad;
            x = x.wrapping_add(1);
            let c = self.m[x as usize];
            if c == 0 {
                self.cycles += cost::PAD_STOP_END;
                break;
            }
            if c == b'E' {
                self.cycles += cost::PAD_STOP_E;
                break;
            }
            if c == b'.' {
                self.cycles += cost::PAD_STOP_POINT;
                break;
            }
            if c == b'0' || c == b',' {
                self.cycles += cost::PAD_PLACE + cost::PAD_COMMA * (c == b',') as u32;
                continue;
            }
            self.cycles += cost::PAD_STOP_DIGIT;
            zero_before = false;
            break;
        }
        if zero_before {
            x = x.wrapping_sub(1);
            self.m[x as usize] = b'0';
        }
        if da & FLOATD != 0 {
            self.cycles += cost::PAD_DOLLAR;
            x = x.wrapping_sub(1);
            self.m[x as usize] = b'$';
        }
        if da & POST == 0 {
            self.cycles += cost::PAD_SIGN;
            x = x.wrapping_sub(1);
            self.m[x as usize] = first;
        }
        (da & POST, first)
    }

    /// LA3F3: skip blanks/asterisks left of the field, remove surplus leading zeros (moving
    /// signs and `$` right), or flag an overflow with `%`. Returns where printing starts.
    pub(super) fn la3f3(&mut self, d9: u8) -> u8 {
        let mut x = B3;
        for _ in 0..512 {
            x = x.wrapping_add(1);
            let tmp = x;
            if self.decpt.wrapping_sub(x).wrapping_sub(d9) == 0 {
                self.cycles += cost::CLEAN_END;
                return x;
            }
            let c = self.m[x as usize];
            if c == b' ' {
                self.cycles += cost::CLEAN_BLANK;
                continue;
            }
            if c == b'*' {
                self.cycles += cost::CLEAN_ASTERISK;
                continue;
            }
            self.cycles += cost::CLEAN_OTHER;
            let mut stack: Vec<u8> = vec![0];
            let mut xx = x;
            let mut removed = false;
            for _ in 0..256 {
                let c = self.m[xx as usize];
                xx = xx.wrapping_add(1);
                if c == b'-' || c == b'+' || c == b'$' {
                    stack.push(c);
                    continue;
                }
                if c == b'0' && self.m[xx.wrapping_add(1) as usize].is_ascii_digit() {
                    while let Some(v) = stack.pop() {
                        xx = xx.wrapping_sub(1);
                        self.m[xx as usize] = v;
                        if v == 0 {
                            break;
                        }
                    }
                    removed = true;
                }
                break;
            }
            if removed {
                x = xx;
                continue;
            }
            let p = tmp.wrapping_sub(1);
            self.m[p as usize] = b'%';
            return p;
        }
        x
    }
}
