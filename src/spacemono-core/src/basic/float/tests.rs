//! Unit tests that follow docs/float.md row by row (its §21 too). Expected values are the
//! spec's (a real Dragon / the emulated ROM), never this implementation's own output.

use super::{Fac, FloatUnit, FpError, Packed, Unpacked, FONE};

// ---------------------------------------------------------------------------------------------
// A tiny evaluator with the ROM's precedences and operand roles (left pushed unpacked, right
// evaluated into FAC). Literals go through FIN each time, so FACOV after a literal is whatever
// FIN left.

pub(crate) struct Eval<'a> {
    fu: &'a mut FloatUnit,
    s: &'a [u8],
    pos: usize,
    vars: &'a [(u8, Packed)],
}

impl<'a> Eval<'a> {
    fn peek(&mut self) -> u8 {
        while self.pos < self.s.len() && self.s[self.pos] == b' ' {
            self.pos += 1;
        }
        self.s.get(self.pos).copied().unwrap_or(0)
    }
    fn expect(&mut self, c: u8) {
        assert_eq!(self.peek(), c, "expected {:?} at {}", c as char, self.pos);
        self.pos += 1;
    }
    fn prec(op: u8) -> Option<u8> {
        match op {
            b'+' | b'-' => Some(0x79),
            b'*' | b'/' => Some(0x7B),
            b'^' => Some(0x7F),
            b'=' => Some(0x64),
            _ => None,
        }
    }
    fn expr(&mut self, min: u8) -> Result<(), FpError> {
        self.unary()?;
        loop {
            let op = self.peek();
            let p = match Self::prec(op) {
                Some(p) if p > min => p,
                _ => return Ok(()),
            };
            self.pos += 1;
            let left = self.fu.unpacked();
            self.expr(p)?;
            match op {
                b'+' => self.fu.add(left)?,
                b'-' => self.fu.sub(left)?,
                b'*' => self.fu.mul(left)?,
                b'/' => self.fu.div(left)?,
                b'^' => self.fu.pow(left)?,
                b'=' => {
                    let eq = self.fu.compare(left) == std::cmp::Ordering::Equal;
                    self.fu.load_i8(if eq { -1 } else { 0 });
                }
                _ => unreachable!(),
            }
        }
    }
    fn unary(&mut self) -> Result<(), FpError> {
        let c = self.peek();
        if c == b'-' {
            self.pos += 1;
            self.expr(0x7D)?;
            self.fu.neg();
            return Ok(());
        }
        if c == b'(' {
            self.pos += 1;
            self.expr(0)?;
            self.expect(b')');
            return Ok(());
        }
        if c.is_ascii_digit() || c == b'.' {
            let n = self.fu.parse(&self.s[self.pos..])?;
            self.pos += n;
            return Ok(());
        }
        // A variable (one letter): MOVFM.
        let rest = &self.s[self.pos..];
        if !rest.is_empty()
            && rest[0].is_ascii_uppercase()
            && !rest.get(1).is_some_and(|c| c.is_ascii_uppercase())
        {
            let v = self
                .vars
                .iter()
                .find(|(n, _)| *n == rest[0])
                .expect("unknown variable")
                .1;
            self.pos += 1;
            self.fu.load(v);
            return Ok(());
        }
        if rest.starts_with(b"VAL(\"") {
            self.pos += 5;
            let end = self.s[self.pos..].iter().position(|&c| c == b'"').unwrap() + self.pos;
            let t = &self.s[self.pos..end];
            self.fu.parse(t)?;
            self.pos = end + 1;
            self.expect(b')');
            return Ok(());
        }
        let names: [&[u8]; 12] = [
            b"SQR", b"LOG", b"EXP", b"SIN", b"COS", b"TAN", b"ATN", b"INT", b"FIX", b"ABS", b"SGN",
            b"RND",
        ];
        for name in names {
            if rest.starts_with(name) {
                self.pos += name.len();
                self.expect(b'(');
                self.expr(0)?;
                self.expect(b')');
                let fu = &mut *self.fu;
                return match name {
                    b"SQR" => fu.sqr(),
                    b"LOG" => fu.log(),
                    b"EXP" => fu.exp(),
                    b"SIN" => fu.sin(),
                    b"COS" => fu.cos(),
                    b"TAN" => fu.tan(),
                    b"ATN" => fu.atn(),
                    b"INT" => {
                        fu.int();
                        Ok(())
                    }
                    b"FIX" => {
                        fu.fix();
                        Ok(())
                    }
                    b"ABS" => {
                        fu.abs();
                        Ok(())
                    }
                    b"SGN" => {
                        fu.sgn();
                        Ok(())
                    }
                    b"RND" => fu.rnd(),
                    _ => unreachable!(),
                };
            }
        }
        panic!("cannot parse {:?}", String::from_utf8_lossy(rest));
    }
}

pub(crate) fn eval_in(
    fu: &mut FloatUnit,
    expr: &str,
    vars: &[(u8, Packed)],
) -> Result<(), FpError> {
    let mut e = Eval {
        fu,
        s: expr.as_bytes(),
        pos: 0,
        vars,
    };
    e.expr(0)?;
    assert_eq!(e.peek(), 0, "trailing text in {expr:?}");
    Ok(())
}

/// PRINT expr on a fresh machine.
fn pr(expr: &str) -> String {
    let mut fu = FloatUnit::new();
    eval_in(&mut fu, expr, &[]).unwrap_or_else(|e| panic!("{expr}: {e:?}"));
    fu.format()
}

/// X=expr: the stored bytes.
fn bytes(expr: &str) -> [u8; 5] {
    let mut fu = FloatUnit::new();
    eval_in(&mut fu, expr, &[]).unwrap_or_else(|e| panic!("{expr}: {e:?}"));
    fu.pack().0
}

fn err(expr: &str) -> FpError {
    let mut fu = FloatUnit::new();
    match eval_in(&mut fu, expr, &[]) {
        Err(e) => e,
        Ok(()) => panic!("{expr} gave {} instead of an error", fu.format()),
    }
}

fn hex(s: &str) -> [u8; 5] {
    let v: Vec<u8> = s
        .split_whitespace()
        .map(|h| u8::from_str_radix(h, 16).unwrap())
        .collect();
    v.try_into().unwrap()
}

fn check_print(rows: &[(&str, &str)]) {
    let mut bad = Vec::new();
    for (e, want) in rows {
        let got = pr(e);
        if got != *want {
            bad.push(format!("{e}: got {got:?}, want {want:?}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

fn check_bytes(rows: &[(&str, &str)]) {
    let mut bad = Vec::new();
    for (e, want) in rows {
        let got = bytes(e);
        if got != hex(want) {
            bad.push(format!("{e}: got {got:02X?}, want {want}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §2.1

#[test]
fn s2_1_packed_examples() {
    check_bytes(&[
        ("1", "81 00 00 00 00"),
        (".5", "80 00 00 00 00"),
        ("10", "84 20 00 00 00"),
        ("-1", "81 80 00 00 00"),
        ("0.1", "7D 4C CC CC CD"),
        ("1E9", "9E 6E 6B 28 00"),
        ("3.14159265358979", "82 49 0F DA A2"),
        ("-32768", "90 80 00 00 00"),
        ("65535", "90 7F FF 00 00"),
        ("1E-39", "00 20 00 00 00"),
    ]);
}

#[test]
fn s2_1_zero_is_exponent_zero_and_limits() {
    let mut fu = FloatUnit::new();
    fu.load(Packed(hex("00 20 00 00 00")));
    assert!(fu.is_zero());
    assert_eq!(fu.format(), " 0");
    fu.load(Packed(hex("FF 7F FF FF FF")));
    assert_eq!(fu.format(), " 1.70141183E+38");
    fu.load(Packed(hex("01 00 00 00 00")));
    assert_eq!(fu.format(), " 2.93873588E-39");
}

#[test]
fn s2_3_literal_sign_byte() {
    let mut fu = FloatUnit::new();
    fu.parse(b"12").unwrap();
    assert_eq!(fu.fac.sign, 0x20);
    assert_eq!(fu.fac.exp, 0x84);
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §3 / §4: stale guard byte

#[test]
fn s4_stale_guard_byte() {
    check_print(&[
        ("1-(.2+.8)", " 8.14907253E-10"),
        ("(.2+.8)-1", " 0"),
        ("1.1-(.2+.8)", " .100000001"),
        (".2+.8=1", "-1"),
    ]);
    check_bytes(&[("1-(.2+.8)", "62 60 00 00 00")]);
    // .8 + .2 leaves FACOV = $40.
    let mut fu = FloatUnit::new();
    eval_in(&mut fu, ".2+.8", &[]).unwrap();
    assert_eq!(fu.fac.ov, 0x40);
    // A=.2+.8:PRINT 1-A (a variable is MOVFM: FACOV = 0).
    let a = fu.pack();
    let mut fu = FloatUnit::new();
    eval_in(&mut fu, "1-A", &[(b'A', a)]).unwrap();
    assert_eq!(fu.format(), " 0");
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §5, §6

#[test]
fn s5_multiply_overflow_before_normalisation() {
    assert_eq!(err("1E38*1"), FpError::Overflow);
    assert_eq!(pr("1E38/1"), " 1E+38");
    assert_eq!(pr("1E38*.5"), " 5E+37");
}

#[test]
fn s6_division_sign_loss_and_div0() {
    assert_eq!(pr("-3E-30/1E9"), " 3.00000001E-39");
    assert_eq!(err("1/0"), FpError::DivisionByZero);
    assert_eq!(err("0/0"), FpError::DivisionByZero);
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §8, §9

#[test]
fn s8_integer_ops() {
    let mut fu = FloatUnit::new();
    let and = |fu: &mut FloatUnit, a: &str, b: &str, f: fn(i16, i16) -> i16| {
        eval_in(fu, a, &[]).unwrap();
        let x = fu.to_i16().unwrap();
        eval_in(fu, b, &[]).unwrap();
        let y = fu.to_i16().unwrap();
        fu.load_i16(f(x, y));
        fu.format()
    };
    assert_eq!(and(&mut fu, "-5", "12", |a, b| a & b), " 8");
    assert_eq!(and(&mut fu, "5", "2", |a, b| a | b), " 7");
    eval_in(&mut fu, "0", &[]).unwrap();
    let x = fu.to_i16().unwrap();
    fu.load_i16(!x);
    assert_eq!(fu.format(), "-1");
    // -32768 exactly is accepted, 32768 is not.
    eval_in(&mut fu, "-32768", &[]).unwrap();
    assert_eq!(fu.to_i16(), Ok(-32768));
    eval_in(&mut fu, "32768", &[]).unwrap();
    assert_eq!(fu.to_i16(), Err(FpError::IllegalFunctionCall));
    eval_in(&mut fu, "-.5", &[]).unwrap();
    assert_eq!(fu.to_subscript(), Err(FpError::IllegalFunctionCall));
    eval_in(&mut fu, "256", &[]).unwrap();
    assert_eq!(fu.to_u8(), Err(FpError::IllegalFunctionCall));
    eval_in(&mut fu, "255.9", &[]).unwrap();
    assert_eq!(fu.to_u8(), Ok(255));
    eval_in(&mut fu, "65535.7", &[]).unwrap();
    assert_eq!(fu.to_u16(), Ok(65535));
    eval_in(&mut fu, "65536", &[]).unwrap();
    assert_eq!(fu.to_u16(), Err(FpError::IllegalFunctionCall));
    fu.load_u16(65535);
    assert_eq!(fu.pack().0, hex("90 7F FF 00 00"));
    assert_eq!(fu.format(), " 65535");
    fu.load_i16(-1);
    assert_eq!(fu.format(), "-1");
    fu.load_i8(-1);
    assert_eq!(fu.pack().0, hex("81 80 00 00 00"));
}

#[test]
fn s8_sgn_abs_neg() {
    check_print(&[
        ("SGN(-3)", "-1"),
        ("SGN(0)", " 0"),
        ("SGN(.001)", " 1"),
        ("ABS(-2.5)", " 2.5"),
        ("-0", " 0"),
    ]);
}

#[test]
fn s9_int_fix() {
    check_print(&[
        ("INT(-1.5)", "-2"),
        ("FIX(-1.5)", "-1"),
        ("INT(-.5)", "-1"),
        ("INT(2.7)", " 2"),
    ]);
    check_bytes(&[
        ("INT(-1.5)", "82 80 00 00 00"),
        ("FIX(-1.5)", "81 80 00 00 00"),
    ]);
}

#[test]
fn s9_hex_octal() {
    let mut fu = FloatUnit::new();
    assert_eq!(fu.parse(b"&HFF"), Ok(4));
    assert_eq!(fu.format(), " 255");
    fu.parse(b"&HFFFF").unwrap();
    assert_eq!(fu.format(), " 65535");
    assert_eq!(fu.parse(b"&H10000"), Err(FpError::Overflow));
    fu.parse(b"&O17").unwrap();
    assert_eq!(fu.format(), " 15");
    fu.parse(b"&17").unwrap();
    assert_eq!(fu.format(), " 15");
    // Octal accepts 8: &O8 is &O10.
    fu.parse(b"&O8").unwrap();
    assert_eq!(fu.format(), " 8");
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §10

#[test]
fn s10_precedence() {
    check_print(&[("2^3^2", " 64.0000001"), ("-2^2", "-4")]);
}

fn for_loop(from: &str, to: &str, step: &str) -> Vec<String> {
    let mut fu = FloatUnit::new();
    eval_in(&mut fu, from, &[]).unwrap();
    let mut var = fu.pack();
    eval_in(&mut fu, to, &[]).unwrap();
    let limit = fu.pack();
    eval_in(&mut fu, step, &[]).unwrap();
    let step = fu.pack();
    let dir = fu.sign() as u8;
    let mut out = Vec::new();
    for _ in 0..100 {
        fu.load(var);
        out.push(fu.format());
        let (v, done) = fu.next_step(var, step, dir, limit).unwrap();
        var = v;
        if done {
            break;
        }
    }
    out
}

#[test]
fn s10_for_next() {
    let v = for_loop("0", "1", ".1");
    assert_eq!(
        v,
        [" 0", " .1", " .2", " .3", " .4", " .5", " .6", " .7", " .8", " .9"]
    );
    let v = for_loop("1", "0", "-.1");
    assert_eq!(v.last().unwrap(), " .0999999997");
    let v = for_loop("1", "3", "1");
    assert_eq!(v, [" 1", " 2", " 3"]);
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §11 FIN

#[test]
fn s11_exponent_wrap() {
    check_print(&[
        ("1E200", " 0"),
        ("1E256", " 1"),
        ("1E266", " 1E+10"),
        ("1E-128", " 0"),
    ]);
    for e in ["1E-200", "1E-129", "1E39", "1.71E38"] {
        assert_eq!(err(e), FpError::Overflow, "{e}");
    }
}

#[test]
fn s11_val_forms() {
    let mut fu = FloatUnit::new();
    assert_eq!(fu.parse(b"12E"), Ok(3));
    assert_eq!(fu.format(), " 12");
    assert_eq!(fu.parse(b" -5.5E+1X"), Ok(8));
    assert_eq!(fu.format(), "-55");
    fu.parse(b"-&H10").unwrap();
    assert_eq!(fu.format(), " 0");
    fu.parse(b"1 2 3").unwrap();
    assert_eq!(fu.format(), " 123");
    // Crunched tokens after E in program text.
    fu.parse(&[b'1', b'E', 0xC4, b'2']).unwrap();
    assert_eq!(fu.format(), " .01");
    fu.parse(&[b'1', b'E', 0xC3, b'2']).unwrap();
    assert_eq!(fu.format(), " 100");
    // A second point ends the number.
    assert_eq!(fu.parse(b"1.2.3"), Ok(3));
    assert_eq!(fu.format(), " 1.2");
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §12 FOUT

#[test]
fn s12_fout_table() {
    check_print(&[
        ("0.01", " .01"),
        ("0.001", " 1E-03"),
        ("0.0099999999", " 9.9999999E-03"),
        ("0.0999999999", " .0999999999"),
        ("999999999", " 999999999"),
        ("999999999.5", " 1E+09"),
        ("123456789.6", " 123456790"),
        ("1234567890", " 1.23456789E+09"),
        ("1.5E-5", " 1.5E-05"),
        ("-0.5", "-.5"),
        ("1/3", " .333333333"),
    ]);
    let mut fu = FloatUnit::new();
    fu.load(Packed(hex("01 00 00 00 00")));
    assert_eq!(fu.format(), " 2.93873588E-39");
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §14

#[test]
fn s14_log_exp() {
    check_print(&[
        ("LOG(2)", " .693147181"),
        ("LOG(.5)", "-.69314718"),
        ("LOG(10)", " 2.30258509"),
        ("LOG(1)", " 1.61385904E-10"),
        ("EXP(1)", " 2.71828183"),
        ("EXP(0)", " 1"),
        ("EXP(88)", " 1.65163623E+38"),
    ]);
    check_bytes(&[
        ("LOG(2)", "80 31 72 17 F9"),
        ("LOG(.5)", "80 B1 72 17 F7"),
        ("LOG(10)", "82 13 5D 8D DE"),
        ("LOG(1)", "60 31 72 17 F8"),
        ("EXP(1)", "82 2D F8 54 59"),
        ("2.71828183", "82 2D F8 54 5A"),
        ("EXP(0)", "81 00 00 00 00"),
        ("EXP(88)", "FF 78 82 B6 9A"),
    ]);
    assert_eq!(err("LOG(0)"), FpError::IllegalFunctionCall);
    assert_eq!(err("LOG(-1)"), FpError::IllegalFunctionCall);
    assert_eq!(err("EXP(89)"), FpError::Overflow);
    assert_eq!(pr("EXP(-89)"), " 0");
}

#[test]
fn s14_3_powers() {
    check_bytes(&[
        ("2^2", "83 00 00 00 01"),
        ("2^16", "91 00 00 00 0B"),
        ("2^24", "99 00 00 00 0B"),
        ("2^31", "A0 00 00 00 0B"),
        ("(-2)^3", "84 80 00 00 01"),
        ("10^-2", "7A 23 D7 0A 3D"),
        ("0^12", "20 40 00 00 00"),
        ("2147483648", "A0 00 00 00 00"),
    ]);
    check_print(&[
        ("2^2", " 4"),
        ("2^16", " 65536.0004"),
        ("2^24", " 16777216.1"),
        ("2^31", " 2.14748366E+09"),
        ("(-2)^3", "-8"),
        ("10^-2", " .01"),
        ("2147483648", " 2.14748365E+09"),
        ("0^12", " 9.46633087E-30"),
        ("0^31", " 1.47819519E-05"),
        ("0^2", " 0"),
        ("0^3", " 0"),
        ("0^0", " 1"),
        ("7^0", " 1"),
    ]);
    // A=12:PRINT 0^A
    let mut fu = FloatUnit::new();
    eval_in(&mut fu, "12", &[]).unwrap();
    let a = fu.pack();
    let mut fu = FloatUnit::new();
    eval_in(&mut fu, "0^A", &[(b'A', a)]).unwrap();
    assert_eq!(fu.format(), " 4.06575815E-20");
    assert_eq!(err("0^-1"), FpError::DivisionByZero);
    assert_eq!(err("(-2)^.5"), FpError::IllegalFunctionCall);
    // LOG(2) and 31*LOG(2)
    check_bytes(&[("31*LOG(2)", "85 2B E6 87 39")]);
}

#[test]
fn s14_4_sqr() {
    check_bytes(&[
        ("SQR(2)", "81 35 04 F3 35"),
        ("SQR(16)", "83 00 00 00 00"),
        ("SQR(100)", "84 20 00 00 01"),
        ("SQR(10)", "82 4A 62 C1 D8"),
    ]);
    check_print(&[
        ("SQR(2)", " 1.41421356"),
        ("SQR(16)", " 4"),
        ("SQR(4)", " 2"),
        ("SQR(100)", " 10"),
        ("SQR(10)", " 3.16227766"),
        ("SQR(0)", " 0"),
    ]);
    assert_eq!(err("SQR(-1)"), FpError::IllegalFunctionCall);
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §15

#[test]
fn s15_trig() {
    check_print(&[
        ("SIN(1)", " .841470985"),
        ("SIN(-1)", "-.841470984"),
        ("SIN(3.14159265)", " 3.6572952E-09"),
        ("SIN(100)", "-.506365628"),
        ("COS(0)", " 1"),
        ("COS(1)", " .540302306"),
        ("TAN(1)", " 1.55740772"),
        ("ATN(1)", " .785398163"),
        ("ATN(2)", " 1.10714872"),
        ("ATN(-1E10)", "-1.57079633"),
        ("TAN(1.57079633)", "-341782638"),
    ]);
    check_bytes(&[
        ("SIN(1)", "80 57 6A A4 77"),
        ("SIN(-1)", "80 D7 6A A4 76"),
        ("COS(0)", "80 7F FF FF FF"),
        ("ATN(1)", "80 49 0F DA A2"),
    ]);
    assert_eq!(err("TAN(ATN(1)*2)"), FpError::Overflow);
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §16 RND

#[test]
fn s16_rnd_power_on() {
    let mut fu = FloatUnit::new();
    assert_eq!(fu.seed(), 0x4FC7_5259);
    let want = [
        (" .498278379", "7F 7F 1E 57 FD"),
        (" .315462959", "7F 21 84 5C 6B"),
        (" .136370894", "7E 0B A4 CF C9"),
    ];
    for (p, b) in want {
        eval_in(&mut fu, "RND(0)", &[]).unwrap();
        assert_eq!(fu.pack().0, hex(b));
        assert_eq!(fu.format(), p);
    }
}

#[test]
fn s16_rnd_integer_ranges() {
    let mut fu = FloatUnit::new();
    eval_in(&mut fu, "RND(0)", &[]).unwrap();
    eval_in(&mut fu, "RND(0)", &[]).unwrap();
    eval_in(&mut fu, "RND(10)", &[]).unwrap();
    assert_eq!(fu.format(), " 2");
    eval_in(&mut fu, "RND(100)", &[]).unwrap();
    assert_eq!(fu.format(), " 66");
}

#[test]
fn s16_rnd_negative_reseeds() {
    for arg in ["RND(-1)", "RND(-2)", "RND(-.5)"] {
        let mut fu = FloatUnit::new();
        eval_in(&mut fu, arg, &[]).unwrap();
        assert_eq!(fu.seed(), 0x85B0_658B, "{arg}");
        assert_eq!(fu.format(), " .522222849", "{arg}");
    }
    // RND(.5) = RND(1) = 1
    assert_eq!(pr("RND(.5)"), " 1");
    assert_eq!(pr("RND(1)"), " 1");
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §18 surprises not covered above

#[test]
fn s18_surprises() {
    // Ten additions of .1 print 1 but A=1 is false.
    let mut fu = FloatUnit::new();
    let mut a = Packed::ZERO;
    for _ in 0..10 {
        eval_in(&mut fu, "A+.1", &[(b'A', a)]).unwrap();
        a = fu.pack();
    }
    fu.load(a);
    assert_eq!(fu.format(), " 1");
    eval_in(&mut fu, "A=1", &[(b'A', a)]).unwrap();
    assert_eq!(fu.format(), " 0");
    // 2.71828183 differs from EXP(1) by 1 ulp.
    assert_ne!(bytes("2.71828183"), bytes("EXP(1)"));
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §19.1

#[test]
fn s19_1_basic_level() {
    let rows: &[(&str, &str, &str)] = &[
        (".2", " .2", "7E 4C CC CC CD"),
        (".3", " .3", "7F 19 99 99 9A"),
        ("100", " 100", "87 48 00 00 00"),
        ("999999999", " 999999999", "9E 6E 6B 27 FC"),
        ("123456789", " 123456789", "9B 6B 79 A2 A0"),
        ("3.14159265", " 3.14159265", "82 49 0F DA 9E"),
        ("2.71828183", " 2.71828183", "82 2D F8 54 5A"),
        ("1E10", " 1E+10", "A2 15 02 F9 00"),
        ("1E-10", " 1E-10", "5F 5B E6 FE D0"),
        ("1E38", " 1E+38", "FF 16 76 99 53"),
        ("1.70141183E38", " 1.70141183E+38", "FF 7F FF FF F8"),
        (".001", " 1E-03", "77 03 12 6E 98"),
        ("1/3", " .333333333", "7F 2A AA AA AB"),
        ("2/3", " .666666667", "80 2A AA AA AB"),
        ("-1/3", "-.333333333", "7F AA AA AA AB"),
        (".1+.2", " .3", "7F 19 99 99 9A"),
        ("1-(.2+.8)", " 8.14907253E-10", "62 60 00 00 00"),
        ("10/3*3", " 10", "84 20 00 00 00"),
        ("1E9+1", " 1E+09", "9E 6E 6B 28 04"),
        ("7*.1", " .7", "80 33 33 33 33"),
        ("SQR(10)", " 3.16227766", "82 4A 62 C1 D8"),
        ("10^-2", " .01", "7A 23 D7 0A 3D"),
        ("EXP(-1)", " .367879441", "7F 3C 5A B1 B2"),
        ("EXP(10)", " 22026.4658", "8F 2C 14 EE 78"),
        ("EXP(88)", " 1.65163623E+38", "FF 78 82 B6 9A"),
        ("LOG(10)", " 2.30258509", "82 13 5D 8D DE"),
        ("LOG(.5)", "-.69314718", "80 B1 72 17 F7"),
        ("SIN(3.14159265)", " 3.6572952E-09", "64 7B 53 D1 4B"),
        ("SIN(100)", "-.506365628", "80 81 A1 2D 84"),
        ("COS(1)", " .540302306", "80 0A 51 40 7E"),
        ("TAN(1)", " 1.55740772", "81 47 59 22 E4"),
        ("TAN(.785398163)", " 1", "81 00 00 00 00"),
        ("ATN(.5)", " .463647609", "7F 6D 63 38 2B"),
        ("ATN(2)", " 1.10714872", "81 0D B7 0C 97"),
        ("ATN(-1E10)", "-1.57079633", "81 C9 0F DA A2"),
        ("INT(-1.5)", "-2", "82 80 00 00 00"),
        ("FIX(-1.5)", "-1", "81 80 00 00 00"),
    ];
    let mut bad = Vec::new();
    for (e, p, b) in rows {
        // X=expr:PRINT X — the variable is packed, then loaded (MOVFM) for printing.
        let got_b = bytes(e);
        let mut fu = FloatUnit::new();
        fu.load(Packed(got_b));
        let got_p = fu.format();
        if got_b != hex(b) || got_p != *p {
            bad.push(format!("{e}: got {got_p:?} {got_b:02X?}, want {p:?} {b}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §19.2 routine level

fn fac(exp: u8, man: u32, sign: u8, ov: u8) -> Fac {
    Fac { exp, man, sign, ov }
}

#[test]
fn s19_2_routine_level() {
    type Op = fn(&mut FloatUnit, Packed) -> Result<(), FpError>;
    let fadd: Op = FloatUnit::fadd;
    let fsub: Op = FloatUnit::fsub;
    let fmult: Op = FloatUnit::fmult;
    let fdiv: Op = FloatUnit::fdiv;
    type Row = (&'static str, Op, Fac, &'static str, Result<Fac, FpError>);
    let rows: Vec<Row> = vec![
        (
            "FADD",
            fadd,
            fac(0x81, 0x80000000, 0, 0),
            "81 00 00 00 00",
            Ok(fac(0x82, 0x80000000, 0, 0)),
        ),
        (
            "FADD",
            fadd,
            fac(0x81, 0x80000000, 0, 0x80),
            "81 00 00 00 00",
            Ok(fac(0x82, 0x80000000, 0, 0x80)),
        ),
        (
            "FADD",
            fadd,
            fac(0x80, 0xCCCCCCCD, 0, 0),
            "7E 4C CC CC CD",
            Ok(fac(0x81, 0x80000000, 0, 0x40)),
        ),
        (
            "FSUB",
            fsub,
            fac(0x81, 0x80000000, 0, 0x40),
            "81 00 00 00 00",
            Ok(fac(0x62, 0xE0000000, 0, 0)),
        ),
        (
            "FSUB",
            fsub,
            fac(0x81, 0xC0000000, 0, 0),
            "81 00 00 00 00",
            Ok(fac(0x80, 0x80000000, 0xFF, 0)),
        ),
        (
            "FADD",
            fadd,
            fac(0x81, 0x80000000, 0xFF, 0),
            "7F 00 00 00 00",
            Ok(fac(0x80, 0xC0000000, 0xFF, 0)),
        ),
        (
            "FADD",
            fadd,
            fac(0xA0, 0xFFFFFFFF, 0, 0),
            "81 00 00 00 00",
            Ok(fac(0xA1, 0x80000000, 0, 0)),
        ),
        (
            "FADD",
            fadd,
            fac(0x90, 0x80000001, 0, 0),
            "87 00 00 00 00",
            Ok(fac(0x90, 0x80400001, 0, 0)),
        ),
        (
            "FMULT",
            fmult,
            fac(0x82, 0xC0000000, 0, 0),
            "7F 2A AA AA AB",
            Ok(fac(0x81, 0x80000000, 0x2A, 0)),
        ),
        (
            "FMULT",
            fmult,
            fac(0x81, 0x80000000, 0, 0),
            "FF 16 76 99 53",
            Err(FpError::Overflow),
        ),
        (
            "FMULT",
            fmult,
            fac(0x7E, 0xCCCCCCCD, 0, 0),
            "7D 4C CC CC CD",
            Ok(fac(0x7B, 0xA3D70A3E, 0x4C, 0)),
        ),
        (
            "FDIV",
            fdiv,
            fac(0x82, 0xC0000000, 0, 0),
            "81 00 00 00 00",
            Ok(fac(0x7F, 0xAAAAAAAB, 0, 0)),
        ),
        (
            "FDIV",
            fdiv,
            fac(0x84, 0xA0000000, 0, 0),
            "81 00 00 00 00",
            Ok(fac(0x7D, 0xCCCCCCCD, 0, 0)),
        ),
        (
            "FDIV",
            fdiv,
            fac(0x9E, 0xEE6B2800, 0, 0),
            "1E F3 63 8F F6",
            Ok(fac(0x01, 0x82AB1E2A, 0, 0)),
        ),
    ];
    let mut bad = Vec::new();
    for (name, op, fin, x, want) in rows {
        let mut fu = FloatUnit::new();
        fu.fac = fin;
        let got = op(&mut fu, Packed(hex(x))).map(|_| fu.fac);
        if got != want {
            bad.push(format!(
                "{name} {fin:X?} X={x}: got {got:X?}, want {want:X?}"
            ));
        }
    }
    // FSUB 1 - 1 = zero (only the exponent matters).
    let mut fu = FloatUnit::new();
    fu.fac = fac(0x81, 0x80000000, 0, 0);
    fu.fsub(FONE).unwrap();
    if fu.fac.exp != 0 {
        bad.push(format!("FSUB 1-1: got {:X?}", fu.fac));
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §21

#[test]
fn vectors_md() {
    check_print(&[
        ("1/9", " .111111111"),
        ("10/3", " 3.33333333"),
        ("1/7*7", " 1"),
        (".1*3", " .3"),
        ("3*.1-.3", " 0"),
        ("1.1*1.1", " 1.21"),
        ("1E30*1E8", " 1E+38"),
        ("1/1E20", " 1E-20"),
        ("123456789+1", " 123456790"),
        ("99999999.9", " 99999999.9"),
        (".1+.7", " .8"),
        ("1E-3*1E-3", " 1E-06"),
        ("2/3-1/3", " .333333333"),
        ("1E9/7", " 142857143"),
        ("SQR(3)", " 1.73205081"),
        ("SQR(10)", " 3.16227766"),
        ("SQR(.5)", " .707106782"),
        ("SQR(1E10)", " 99999.9999"),
        ("LOG(2)", " .693147181"),
        ("LOG(.5)", "-.69314718"),
        ("LOG(1E10)", " 23.0258509"),
        ("LOG(1.0001)", " 9.9995029E-05"),
        ("EXP(2)", " 7.3890561"),
        ("EXP(-1)", " .367879441"),
        ("EXP(10)", " 22026.4658"),
        ("EXP(.001)", " 1.0010005"),
        ("EXP(80)", " 5.54062231E+34"),
        ("EXP(-80)", " 1.80485142E-35"),
        ("SIN(.5)", " .479425539"),
        ("SIN(3.1415927)", "-4.68133785E-08"),
        ("SIN(100)", "-.506365628"),
        ("SIN(-2)", "-.909297427"),
        ("COS(2)", "-.416146836"),
        ("COS(0)", " 1"),
        ("COS(1E3)", " .56237899"),
        ("TAN(.5)", " .54630249"),
        ("TAN(1.5)", " 14.10142"),
        ("ATN(.5)", " .463647609"),
        ("ATN(10)", " 1.47112768"),
        ("ATN(-1E5)", "-1.57078633"),
        ("SIN(1E-5)", " 1.00001423E-05"),
        ("ATN(1)", " .785398163"),
        ("10^.5", " 3.16227766"),
        ("2^10", " 1024"),
        ("3^.5", " 1.73205081"),
        ("(-2)^3", "-8"),
        ("10^-2", " .01"),
        ("1.5^2.5", " 2.75567596"),
        ("2^.5*2^.5", " 2"),
        ("7^0", " 1"),
        ("0^0", " 1"),
        ("10^9", " 1E+09"),
        ("10^10", " 1.00000001E+10"),
        ("9^.5", " 3"),
        ("2^24", " 16777216.1"),
        ("1.0001^10000", " 2.71814671"),
        ("123.456", " 123.456"),
        (".000123", " 1.23E-04"),
        ("99999.9999", " 100000"),
        ("999999999.4", " 1E+09"),
        ("999999999.6", " 1E+09"),
        ("1E-5", " 1E-05"),
        ("-1E-10", "-1E-10"),
        ("1.23456789E-20", " 1.23456789E-20"),
        ("INT(-.5)", "-1"),
        ("INT(1E9+.5)", " 1E+09"),
        ("FIX(-1.5)", "-1"),
        ("12345.6789*10", " 123456.789"),
        ("3.1415926536*2", " 6.28318531"),
        ("VAL(\"1.5E3\")", " 1500"),
    ]);
}

// ---------------------------------------------------------------------------------------------
// Robustness: nothing panics on arbitrary input.

#[test]
fn random_inputs_never_panic() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(0xD2A6_0032);
    let alphabet = b"0123456789.E+-&HO ABCDEF\xC3\xC4X";
    let mut fu = FloatUnit::new();
    for _ in 0..20_000 {
        let len = rng.gen_range(0..14);
        let text: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
            .collect();
        if let Ok(n) = fu.parse(&text) {
            assert!(n <= text.len());
        }
        let _ = fu.format();
        let left = Unpacked {
            exp: rng.gen(),
            man: rng.gen(),
            sign: rng.gen(),
        };
        fu.fac = Fac {
            exp: rng.gen(),
            man: rng.gen(),
            sign: rng.gen(),
            ov: rng.gen(),
        };
        let _ = match rng.gen_range(0..16) {
            0 => fu.add(left),
            1 => fu.sub(left),
            2 => fu.mul(left),
            3 => fu.div(left),
            4 => fu.pow(left),
            5 => fu.sqr(),
            6 => fu.log(),
            7 => fu.exp(),
            8 => fu.sin(),
            9 => fu.cos(),
            10 => fu.tan(),
            11 => fu.atn(),
            12 => fu.rnd(),
            13 => fu.to_i16().map(|_| ()),
            14 => fu.to_u16().map(|_| ()),
            _ => {
                fu.int();
                fu.fix();
                let _ = fu.compare(left);
                Ok(())
            }
        };
        let _ = fu.format();
    }
}

// ---------------------------------------------------------------------------------------------
// docs/float.md §8 compare: exact, ordering of left versus right (FAC); compare_packed is FAC
// versus p.

#[test]
fn s8_compare_orderings() {
    use std::cmp::Ordering::*;
    let cases: &[(&str, &str, std::cmp::Ordering)] = &[
        ("1", "2", Less),
        ("2", "1", Greater),
        ("-1", "1", Less),
        ("1", "-1", Greater),
        ("-2", "-1", Less),
        ("0", "-1", Greater),
        ("0", ".001", Less),
        ("3", "3", Equal),
        (".1+.2", ".3", Equal),
    ];
    for (l, r, want) in cases {
        let mut fu = FloatUnit::new();
        eval_in(&mut fu, l, &[]).unwrap();
        let left = fu.unpacked();
        let lp = fu.pack();
        eval_in(&mut fu, r, &[]).unwrap();
        assert_eq!(fu.compare(left), *want, "{l} vs {r}");
        assert_eq!(fu.compare_packed(lp), want.reverse(), "FAC {r} vs {l}");
    }
}

#[test]
fn pack_split_gives_the_bytes_pack_gives() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut fu = FloatUnit::new();
    for _ in 0..1_000_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        fu.fac = Fac {
            exp: x as u8,
            man: (x >> 8) as u32,
            sign: (x >> 40) as u8,
            ov: (x >> 48) as u8,
        };
        let (first, rest) = fu.pack_split();
        let [b1, b2, b3, b4] = rest.to_be_bytes();
        assert_eq!(Packed([first, b1, b2, b3, b4]), fu.pack(), "{:?}", fu.fac);
    }
}

#[test]
fn load_split_makes_the_fac_load_makes() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let (mut a, mut b) = (FloatUnit::new(), FloatUnit::new());
    for _ in 0..1_000_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let p = Packed([
            x as u8,
            (x >> 8) as u8,
            (x >> 16) as u8,
            (x >> 24) as u8,
            (x >> 32) as u8,
        ]);
        a.fac.ov = (x >> 40) as u8;
        b.fac.ov = (x >> 48) as u8;
        a.load(p);
        b.load_split(p.0[0], u32::from_be_bytes([p.0[1], p.0[2], p.0[3], p.0[4]]));
        assert_eq!(a.fac, b.fac, "{p:?}");
    }
}

#[test]
fn compare_by_words_orders_as_compare_by_bytes() {
    let mut x = 0x6A09_E667_F3BC_C908u64;
    let mut fu = FloatUnit::new();
    for i in 0..1_000_000u32 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let y = x.rotate_left(29);
        fu.fac = Fac {
            exp: x as u8,
            man: (x >> 8) as u32,
            sign: (x >> 40) as u8,
            ov: (x >> 48) as u8,
        };
        let mut left = Unpacked {
            exp: y as u8,
            man: (y >> 8) as u32,
            sign: (y >> 40) as u8,
        };
        // Equal and nearly equal operands too, and zeros, not only random pairs.
        match i % 4 {
            1 => left = fu.unpacked(),
            2 => {
                left = fu.unpacked();
                left.man ^= 1 << (y % 32);
            }
            3 if y & 0x100 != 0 => left.exp = 0,
            3 => fu.fac.exp = 0,
            _ => {}
        }
        assert_eq!(
            fu.compare(left),
            fu.compare_by_bytes(left),
            "{:?} vs {left:?}",
            fu.fac
        );
    }
}
