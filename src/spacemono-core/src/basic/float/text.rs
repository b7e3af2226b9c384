//! Numbers as text: FIN (with &H and &O) and FOUT, the ROM's own conversions.

use super::{foutbl_digit, skip_spaces, FloatUnit, FpError, FHALF, FOUTBL, N0999, N9999, NMIL};

impl FloatUnit {
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
    pub(super) fn fin_hex_oct(&mut self, text: &[u8], pos: usize) -> Result<usize, FpError> {
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
}
