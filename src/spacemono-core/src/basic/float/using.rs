//! PRINT USING (DoPrintUSING $A225, number formatting $A373–$A61C), following the ROM step by
//! step: the format scanner with its B counter, the status byte EvalDA, and the number built in
//! the line buffer (leading zeros, padding, floating `$`, signs, then the clean-up pass that
//! removes surplus leading characters or flags an overflow with `%`).
//!
//! Usage: `Using::new(fmt)`, then `number`/`string` for each item, then `finish` after the
//! last item (when the statement does not end with `;`/`,` the interpreter then prints CR).
//! The format restarts from its beginning when it is used up, as the ROM does.

use super::{FloatUnit, NMIL};
use crate::basic::cost::using as cost;
// The PRINT sink charges this for every character; the ROM's own output costs are counted
// here, so it is taken off them.
use crate::basic::cost::PRINT_CHAR;
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
                self.cycles += cost::OUT_STRING + (cost::OUT_CHAR - PRINT_CHAR) * n;
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
                self.cycles += match a {
                    b'#' => cost::SCAN_FIELD_START,
                    b'!' => cost::SCAN_STRING_FIELD,
                    _ => cost::SCAN_CHAR,
                };
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
                    self.cycles += cost::SCAN_LAST - PRINT_CHAR;
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
                        self.cycles += cost::SCAN_LITERAL_POINT - PRINT_CHAR;
                        plus_if(da, out);
                        out.push(a);
                        continue 'la247;
                    }
                    b'%' => {
                        if let Some((width, nb)) = percent_field(f, x, b) {
                            self.b = nb;
                            return Scan::Field(Field::Str { width, da });
                        }
                        self.cycles += cost::SCAN_LITERAL - PRINT_CHAR;
                        plus_if(da, out);
                        out.push(b'%');
                        continue 'la247;
                    }
                    _ => {}
                }
                if at(x) != a || (a != b'$' && a != b'*') {
                    self.cycles += cost::SCAN_LITERAL - PRINT_CHAR;
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

/// LA1FE: a `%` followed by spaces and a `%` is a string field of their width; returns it and
/// the new B, or None when the `%` is a literal (the scan then goes on after it).
fn percent_field(f: &[u8], mut x: usize, mut b: u8) -> Option<(u8, u8)> {
    let mut w: u8 = 2;
    loop {
        let c = f.get(x).copied().unwrap_or(0);
        if c == b'%' {
            return Some((w, b.wrapping_sub(1)));
        }
        if c != b' ' {
            return None;
        }
        w = w.wrapping_add(1);
        x += 1;
        b = b.wrapping_sub(1);
        if b == 0 {
            return None;
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

#[path = "using_buffer.rs"]
mod buffer;
use buffer::Buf;

#[cfg(test)]
#[path = "using_tests.rs"]
mod tests;
