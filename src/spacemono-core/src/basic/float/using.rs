//! PRINT USING (DoPrintUSING $A225, number formatting $A373–$A61C), following the ROM step by
//! step: the format scanner with its B counter, the status byte EvalDA, and the number built in
//! the line buffer (leading zeros, padding, floating `$`, signs, then the clean-up pass that
//! removes surplus leading characters or flags an overflow with `%`).
//!
//! Usage: `Using::new(fmt)`, then `number`/`string` for each item, then `finish` after the
//! last item (when the statement does not end with `;`/`,` the interpreter then prints CR).
//! The format restarts from its beginning when it is used up, as the ROM does.

use super::{FloatUnit, FHALF, FOUTBL, N0999, N9999, NMIL};
use crate::basic::cost::using as cost;
use crate::basic::error::ErrorCode;

const COMMA: u8 = 0x40;
const ASTER: u8 = 0x20;
const FLOATD: u8 = 0x10;
const PRE: u8 = 0x08;
const POST: u8 = 0x04;
const EXPF: u8 = 0x01;

/// Index of BasBuffer+3 in the 256-byte model of the buffer page (indices wrap like the low
/// address byte the ROM compares).
const B3: u8 = 0x20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// Numeric field: left digit counter (EvalD9), right digit counter (EvalD8), status byte.
    Num { d9: u8, d8: u8, da: u8 },
    /// String field (`!` or `%…%`) of this width; status byte (a pending `+`).
    Str { width: u8, da: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scan {
    Field(Field),
    /// The format was used up on literals (LA260).
    End,
}

/// A PRINT USING format being applied to a list of items.
#[derive(Clone, Debug)]
pub struct Using {
    fmt: Vec<u8>,
    /// The ROM's B: format characters not yet interpreted (the resume point is len − b).
    b: u8,
    /// BasEditorLineLen: an item was printed since the format was last (re)started.
    printed: bool,
    /// BasVarPtrLast (low byte): where the last decimal point was put in the buffer. It is
    /// stale between numbers, as in the ROM.
    decpt: u8,
    /// The cycles the ROM spent on the format and the numbers so far (docs/timing.md §2.13.1).
    cycles: u32,
}

impl Using {
    /// ?FC for an empty format (the ROM's check at $A23C). A format with no field at all is
    /// accepted here, as in the ROM: its literals are printed and the first item then gives ?FC
    /// (`PRINT USING "ABC";` alone prints `ABC`).
    pub fn new(format: &[u8]) -> Result<Using, ErrorCode> {
        let fmt: Vec<u8> = format.iter().copied().take(255).collect();
        if fmt.is_empty() {
            return Err(ErrorCode::FC);
        }
        let b = fmt.len() as u8;
        Ok(Using {
            fmt,
            b,
            printed: false,
            decpt: 0,
            cycles: 0,
        })
    }

    /// The cycles spent since the last call: the format's scan and each number's layout and
    /// output, besides the screen's cost of each character (the PRINT sink charges
    /// `cost::PRINT_CHAR` a character, counted here off the derived 50).
    pub fn take_cycles(&mut self) -> u32 {
        std::mem::take(&mut self.cycles)
    }

    /// Prints the literals up to the next field, then the number in FAC formatted by it.
    /// ?TM if that field is a string field; ?FC if the field has more than 17 places or the
    /// format has no field at all.
    pub fn number(&mut self, fu: &mut FloatUnit, out: &mut Vec<u8>) -> Result<(), ErrorCode> {
        match self.next_field(out)? {
            Field::Str { da, .. } => {
                plus_if(da, out);
                Err(ErrorCode::TM)
            }
            Field::Num { d9, d8, da } => {
                if d9.wrapping_add(d8) > 0x11 {
                    return Err(ErrorCode::FC);
                }
                let before = out.len();
                self.cycles += cost::ITEM;
                self.format_number(fu, d9, d8, da, out);
                let n = (out.len() - before) as u32;
                self.cycles +=
                    cost::OUT_STRING + (cost::OUT_CHAR - crate::basic::cost::PRINT_CHAR) * n;
                self.printed = true;
                Ok(())
            }
        }
    }

    /// Prints the literals up to the next field, then the string in it. ?TM for a numeric
    /// field.
    pub fn string(&mut self, s: &[u8], out: &mut Vec<u8>) -> Result<(), ErrorCode> {
        match self.next_field(out)? {
            Field::Num { .. } => Err(ErrorCode::TM),
            Field::Str { width, da } => {
                plus_if(da, out);
                let n = (width as usize).min(s.len());
                out.extend_from_slice(&s[..n]);
                for _ in n..width as usize {
                    out.push(b' ');
                }
                self.printed = true;
                Ok(())
            }
        }
    }

    /// After the last item: the literals up to the next field (or the end of the format).
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        if self.b == 0 {
            return;
        }
        if let Scan::Field(Field::Str { da, .. }) = self.scan(out) {
            // LA1D0 prints a pending `+` before it looks for the end of the statement.
            plus_if(da, out);
        }
    }

    /// The next field for an item, restarting the format when it is used up ($A236).
    fn next_field(&mut self, out: &mut Vec<u8>) -> Result<Field, ErrorCode> {
        loop {
            if self.b == 0 {
                if !self.printed {
                    return Err(ErrorCode::FC);
                }
                self.b = self.fmt.len() as u8;
                self.printed = false;
            }
            match self.scan(out) {
                Scan::Field(f) => return Ok(f),
                Scan::End => {}
            }
        }
    }

    /// Interpret the format from the resume point (LA247) up to a field or the end.
    fn scan(&mut self, out: &mut Vec<u8>) -> Scan {
        let len = self.fmt.len();
        let f = &self.fmt;
        let at = |i: usize| -> u8 { f.get(i).copied().unwrap_or(0) };
        let mut b = self.b;
        let mut x = len - b as usize;
        'la247: loop {
            let mut da: u8 = 0;
            self.cycles += cost::SCAN_START;
            loop {
                // LA249
                let mut d9: u8 = 0;
                let a = at(x);
                x += 1;
                if a == b'#' {
                    self.cycles += cost::SCAN_FIELD_START;
                } else {
                    self.cycles += cost::SCAN_CHAR;
                }
                if a == b'!' {
                    b = b.wrapping_sub(1);
                    self.b = b;
                    return Scan::Field(Field::Str { width: 1, da });
                }
                if a == b'#' {
                    let (f, nb, c) = numeric(f, x, b, da, 0, None);
                    self.cycles += c;
                    self.b = nb;
                    return Scan::Field(f);
                }
                b = b.wrapping_sub(1);
                if b == 0 {
                    plus_if(da, out);
                    out.push(a);
                    self.b = 0;
                    return Scan::End;
                }
                match a {
                    b'+' => {
                        plus_if(da, out);
                        da = PRE;
                        continue;
                    }
                    b'.' => {
                        if at(x) == b'#' {
                            let (f, nb, c) = numeric(f, x + 1, b, da, 0, Some(1));
                            self.cycles += c;
                            self.b = nb;
                            return Scan::Field(f);
                        }
                        plus_if(da, out);
                        out.push(a);
                        continue 'la247;
                    }
                    b'%' => {
                        let (sx, sb) = (x, b);
                        let mut w: u8 = 2;
                        loop {
                            let c = at(x);
                            if c == b'%' {
                                b = b.wrapping_sub(1);
                                self.b = b;
                                return Scan::Field(Field::Str { width: w, da });
                            }
                            if c != b' ' {
                                break;
                            }
                            w = w.wrapping_add(1);
                            x += 1;
                            b = b.wrapping_sub(1);
                            if b == 0 {
                                break;
                            }
                        }
                        x = sx;
                        b = sb;
                        plus_if(da, out);
                        out.push(b'%');
                        continue 'la247;
                    }
                    _ => {}
                }
                if at(x) != a || (a != b'$' && a != b'*') {
                    self.cycles += cost::SCAN_LITERAL;
                    plus_if(da, out);
                    out.push(a);
                    continue 'la247;
                }
                if a == b'*' {
                    da |= ASTER;
                    if b >= 2 && at(x + 1) == b'$' {
                        b = b.wrapping_sub(1);
                        x += 1;
                        d9 = d9.wrapping_add(1);
                        da |= FLOATD;
                    }
                } else {
                    da |= FLOATD;
                }
                // LA2AE
                x += 1;
                d9 = d9.wrapping_add(1);
                let (f, nb, c) = numeric(f, x, b, da, d9, None);
                self.cycles += c;
                self.b = nb;
                return Scan::Field(f);
            }
        }
    }

    /// LA373: format FAC for a numeric field into the buffer and print it.
    fn format_number(&mut self, fu: &mut FloatUnit, d9: u8, d8: u8, da: u8, out: &mut Vec<u8>) {
        let mut bf = Buf {
            m: [0; 256],
            u: B3 + 1,
            e45: 0,
            comma: 0,
            decpt: self.decpt,
            cycles: cost::FORMAT,
        };
        let mut sign = if da & PRE != 0 { b'+' } else { b' ' };
        if da & PRE != 0 {
            bf.cycles += cost::PRE_SIGN;
        }
        if fu.fac.sign & 0x80 != 0 {
            fu.fac.sign = 0;
            sign = b'-';
            bf.cycles += cost::NEGATIVE;
        }
        if da & EXPF == 0 {
            bf.cycles += cost::compare((fu.fac.exp, fu.fac.man), NMIL.0);
        }
        bf.put(sign);
        bf.put(b'0');
        if da & EXPF != 0 {
            bf.exponential(fu, d9, d8, da);
        } else if fu.foutcp(NMIL) >= 0 {
            // Too big for a field: `%` and the number as PRINT shows it (sign already lost).
            let mut v = Vec::with_capacity(16);
            let e = fu.fac.exp;
            fu.fout(&mut v);
            out.push(b'%');
            out.extend_from_slice(&v);
            // L9587 (FOUT, docs/timing.md §2.8) and the string moved up a place (≈ 20 a byte).
            self.cycles += bf.cycles + crate::basic::cost::fp::fout(e) + 20 * v.len() as u32;
            return;
        } else {
            bf.fixed(fu, d9, d8, da);
        }
        self.tail(&mut bf, d9, da, out);
        self.cycles += bf.cycles;
    }

    /// LA3E2 onwards: padding, floating `$`, signs, post-sign, clean-up, output.
    fn tail(&mut self, bf: &mut Buf, d9: u8, da: u8, out: &mut Vec<u8>) {
        let (post, first) = bf.la513(da);
        bf.cycles += cost::CLEAN;
        if post != 0 && first != b'*' {
            bf.cycles += cost::CLEAN_POST;
            bf.put(first);
        } else if post != 0 {
            bf.cycles += cost::CLEAN_POST_ASTERISK;
        }
        bf.m[bf.u as usize] = 0;
        let start = bf.la3f3(d9);
        self.decpt = bf.decpt;
        let mut i = start;
        for _ in 0..256 {
            let c = bf.m[i as usize];
            if c == 0 {
                break;
            }
            out.push(c);
            i = i.wrapping_add(1);
        }
    }
}

/// LA366: a pending `+` is printed when the status byte is not zero.
#[inline]
fn plus_if(da: u8, out: &mut Vec<u8>) {
    if da != 0 {
        out.push(b'+');
    }
}

/// The numeric field scanner: LA2B2 (left part; `right` = None) or LA2DD (`right` =
/// Some(d8)). `x` is the index of the next unread character. Returns the field, the new B
/// and the cycles of the scan (docs/timing.md §2.13.1).
fn numeric(
    f: &[u8],
    mut x: usize,
    mut b: u8,
    mut da: u8,
    mut d9: u8,
    right: Option<u8>,
) -> (Field, u8, u32) {
    let at = |i: usize| -> u8 { f.get(i).copied().unwrap_or(0) };
    let mut cycles = 0;
    let mut d8: u8 = 0;
    let mut a: u8;
    let mut in_right = false;
    let mut done = false; // reached LA302 through the end of the format
    if let Some(r) = right {
        d8 = r;
        in_right = true;
    }
    loop {
        if in_right {
            // LA2DD
            d8 = d8.wrapping_add(1);
            b = b.wrapping_sub(1);
            if b == 0 {
                cycles += cost::SCAN_END;
                done = true;
                a = 0;
                break;
            }
            a = at(x);
            x += 1;
            if a == b'#' {
                cycles += cost::SCAN_RIGHT;
                continue;
            }
            cycles += cost::SCAN_RIGHT + 2 + 3;
            break;
        } else {
            // LA2B4
            d9 = d9.wrapping_add(1);
            b = b.wrapping_sub(1);
            if b == 0 {
                cycles += cost::SCAN_END;
                done = true;
                a = 0;
                break;
            }
            a = at(x);
            x += 1;
            match a {
                b'.' => {
                    cycles += cost::SCAN_POINT;
                    in_right = true
                }
                b'#' => cycles += cost::SCAN_LEFT,
                b',' => {
                    cycles += cost::SCAN_LEFT + cost::SCAN_COMMA;
                    da |= COMMA
                }
                _ => {
                    cycles += cost::SCAN_STOP;
                    break;
                }
            }
        }
    }
    if !done {
        // LA2E8: exponential force
        if a == b'^' && at(x) == b'^' && at(x + 1) == b'^' && at(x + 2) == b'^' && b >= 4 {
            b -= 4;
            x += 4;
            da = da.wrapping_add(1);
        }
    }
    // LA302
    cycles += cost::SCAN_TAIL;
    if da & PRE == 0 && b != 0 {
        cycles += cost::SCAN_TAIL_SIGN;
    }
    x = x.wrapping_sub(1);
    d9 = d9.wrapping_add(1);
    if da & PRE == 0 {
        d9 = d9.wrapping_sub(1);
        if b != 0 {
            match at(x) {
                b'-' => {
                    da |= POST;
                    b -= 1;
                }
                b'+' => {
                    da |= PRE | POST;
                    b -= 1;
                }
                _ => {}
            }
        }
    }
    (Field::Num { d9, d8, da }, b, cycles)
}

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
struct Buf {
    m: [u8; 256],
    /// U: the output pointer.
    u: u8,
    /// The cycles spent (docs/timing.md §2.13.1).
    cycles: u32,
    /// Eval45: decimal point counter.
    e45: u8,
    /// BasEditorLineLen: comma counter.
    comma: u8,
    /// BasVarPtrLast: position of the decimal point.
    decpt: u8,
}

impl Buf {
    #[inline]
    fn put(&mut self, c: u8) {
        self.m[self.u as usize] = c;
        self.u = self.u.wrapping_add(1);
    }

    /// LA49B: the exponential format (`^^^^`): the digits scaled to the field, then `E`,
    /// the exponent's sign and two digits.
    fn exponential(&mut self, fu: &mut FloatUnit, d9: u8, d8: u8, da: u8) {
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
    fn fixed(&mut self, fu: &mut FloatUnit, d9: u8, d8: u8, da: u8) {
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
            (digit, b) = super::foutbl_digit(&mut m, b, t);
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
    fn la513(&mut self, da: u8) -> (u8, u8) {
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
    fn la3f3(&mut self, d9: u8) -> u8 {
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

#[cfg(test)]
#[path = "using_tests.rs"]
mod tests;
