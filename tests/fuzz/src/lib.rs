//! Shared pieces of the fuzz targets: a grammar-aware generator that turns fuzzer bytes into
//! Dragon BASIC text (keywords, numbers at their limits, deep nesting, strings), and the
//! machine helpers the BASIC targets use (run with a field budget, BREAK, check the prompt).
//!
//! The generator reads the input a byte at a time; every byte picks a production, so a small
//! change of the input is a small change of the program and libFuzzer's coverage feedback
//! works on the grammar rather than on raw characters. Past the end of the input every byte
//! reads as 0, which always picks a terminal, so generation always ends.

use spacemono::frontend::headless::run_until_done;
use spacemono_core::{Machine, Status};
use spacemono_core::key_code as code;

/// Reads the fuzzer's bytes as choices.
pub struct Choices<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Choices<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Choices { data, pos: 0 }
    }
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }
    pub fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }
    pub fn pick<T: Copy>(&mut self, table: &[T]) -> T {
        table[self.below(table.len())]
    }
    pub fn rest(&self) -> &'a [u8] {
        &self.data[self.pos.min(self.data.len())..]
    }
}

/// Numbers at and just past the limits: 16-bit conversions, the float's range, line numbers.
pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "7",
    "8",
    "10",
    "15",
    "16",
    "31",
    "32",
    "63",
    "64",
    "127",
    "128",
    "191",
    "192",
    "255",
    "256",
    "511",
    "512",
    "1023",
    "1535",
    "3071",
    "6143",
    "-32768",
    "-32769",
    "32767",
    "32768",
    "65535",
    "65536",
    "-65535",
    "-65536",
    "63999",
    "64000",
    "&H0",
    "&HFF",
    "&H400",
    "&H7FFF",
    "&H8000",
    "&HFFFF",
    "&H10000",
    "&HFFFFF",
    "&H",
    "&O177777",
    "&O200000",
    "&O",
    "&O8",
    "1E38",
    "1E39",
    "-1E38",
    "1.70141E38",
    "1.70141183E38",
    "1.7014118346E38",
    "1E-38",
    "1E-39",
    "2.93873588E-39",
    "1E",
    "1E+",
    "1E-",
    ".",
    ".5",
    "0.1",
    "123456789",
    "999999999",
    "1E9",
    "1E10",
    "9.99999999E37",
    "-0",
    "1D3",
    "3.14159265",
];

/// Line numbers, mostly ones the generated programs use, some at the limits.
pub const LINE_NUMBERS: &[&str] = &[
    "10", "20", "30", "40", "50", "60", "10", "20", "30", "0", "1", "63999", "64000", "65535",
    "65536", "99999", "5",
];

const NUM_VARS: &[&str] = &["A", "B", "I", "J", "K", "X", "Y", "Z", "AB", "A1", "N", "Q"];
const STR_VARS: &[&str] = &["A$", "B$", "C$", "Z$", "AB$"];
const NUM_ARRAYS: &[&str] = &["A(", "X(", "Q(", "V("];
const STR_ARRAYS: &[&str] = &["B$(", "Z$("];

const STRINGS: &[&str] = &[
    "\"\"",
    "\"A\"",
    "\"HELLO\"",
    "\" \"",
    "\"12345678901234567890123456789012\"",
    "\"-1.5E3\"",
    "\"&HFFFF\"",
    "\"###.##\"",
    "\"**$#,###.##^^^^\"",
    "\"+#.#-\"",
    "\"!\"",
    "\"%  %\"",
    "\"##,##,##\"",
    "\"$$##.##\"",
    "\"T255L255O5V31CDEFGAB\"",
    "\"L1O1A;P1;XA$;\"",
    "\"BM128,96;U20R20D20L20\"",
    "\"S255A3C8NU99E99XB$;\"",
    "\"=A;\"",
    "\"", // unterminated
    "\"\"\"",
    "\"A,B\"",
];

const NUM_FUNCS: &[&str] = &[
    "SGN(", "INT(", "ABS(", "SQR(", "LOG(", "EXP(", "SIN(", "COS(", "TAN(", "ATN(", "PEEK(",
    "FIX(", "RND(", "POS(", "JOYSTK(", "USR(", "EOF(", "-", "NOT ", "+",
];

const STR_FUNCS1: &[&str] = &["CHR$(", "STR$(", "HEX$("];

const BINOPS: &[&str] = &[
    "+", "-", "*", "/", "^", " AND ", " OR ", "=", "<", ">", "<=", ">=", "<>", "=<", "><",
];

/// Keywords and punctuation for the unstructured part: token soup.
pub const ATOMS: &[&str] = &[
    "FOR", "GO", "REM", "'", "ELSE", "IF", "DATA", "PRINT", "ON", "INPUT", "END", "NEXT", "DIM",
    "READ", "LET", "RUN", "RESTORE", "RETURN", "STOP", "POKE", "CONT", "LIST", "CLEAR", "NEW",
    "DEF", "CLOAD", "CSAVE", "OPEN", "CLOSE", "LLIST", "SET", "RESET", "CLS", "MOTOR", "SOUND",
    "AUDIO", "EXEC", "SKIPF", "DEL", "EDIT", "TRON", "TROFF", "LINE", "PCLS", "PSET", "PRESET",
    "SCREEN", "PCLEAR", "COLOR", "CIRCLE", "PAINT", "GET", "PUT", "DRAW", "PCOPY", "PMODE", "PLAY",
    "DLOAD", "RENUM", "TAB(", "TO", "SUB", "FN", "THEN", "NOT", "STEP", "OFF", "+", "-", "*", "/",
    "^", "AND", "OR", ">", "=", "<", "USING", "SGN", "INT", "ABS", "POS", "RND", "SQR", "LOG",
    "EXP", "SIN", "COS", "TAN", "ATN", "PEEK", "LEN", "STR$", "VAL", "ASC", "CHR$", "EOF",
    "JOYSTK", "FIX", "HEX$", "LEFT$", "RIGHT$", "MID$", "POINT", "INKEY$", "MEM", "VARPTR",
    "INSTR", "TIMER", "PPOINT", "STRING$", "USR", "GOTO", "GOSUB", "(", ")", ",", ";", ":", "\"",
    " ", "$", "@", "#", "A", "B$", "I", "X(", "((((((((", "))))))))", "?",
];

/// The generator: BASIC text out of choices.
pub struct Gen<'a> {
    pub c: Choices<'a>,
    pub out: Vec<u8>,
    /// The number of the line being generated (for GOSUB recursion).
    line: &'static str,
}

const MAX_DEPTH: u32 = 6;

impl<'a> Gen<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Gen {
            c: Choices::new(data),
            out: Vec::new(),
            line: "10",
        }
    }

    fn s(&mut self, s: &str) {
        self.out.extend_from_slice(s.as_bytes());
    }

    fn pick_s(&mut self, table: &[&str]) {
        let s = self.c.pick(table);
        self.s(s);
    }

    fn small(&mut self) {
        // A small number, or one from the limits table.
        if self.c.byte() & 1 == 0 {
            let n = self.c.byte() % 40;
            self.s(&n.to_string());
        } else {
            self.pick_s(NUMBERS);
        }
    }

    pub fn num(&mut self, d: u32) {
        if d > MAX_DEPTH || self.c.is_empty() {
            return self.pick_s(NUMBERS);
        }
        match self.c.below(18) {
            0 | 1 => self.pick_s(NUMBERS),
            2 => self.small(),
            3 | 4 => self.pick_s(NUM_VARS),
            5 => {
                self.pick_s(NUM_ARRAYS);
                self.num(d + 1);
                if self.c.byte() & 3 == 0 {
                    self.s(",");
                    self.num(d + 1);
                }
                self.s(")");
            }
            6 | 7 => {
                self.num(d + 1);
                self.pick_s(BINOPS);
                self.num(d + 1);
            }
            8 => {
                // Deep nesting: up to 255 open brackets, closed or (sometimes) not.
                let n = self.c.byte() as usize;
                let close = self.c.byte() & 7 != 0;
                self.out.extend(std::iter::repeat(b'(').take(n));
                self.num(d + 1);
                if close {
                    self.out.extend(std::iter::repeat(b')').take(n));
                }
            }
            9 | 10 => {
                self.pick_s(NUM_FUNCS);
                self.num(d + 1);
                self.s(")");
            }
            11 => match self.c.below(6) {
                0 => {
                    self.s("LEN(");
                    self.str(d + 1);
                    self.s(")");
                }
                1 => {
                    self.s("ASC(");
                    self.str(d + 1);
                    self.s(")");
                }
                2 => {
                    self.s("VAL(");
                    self.str(d + 1);
                    self.s(")");
                }
                3 => {
                    self.s("INSTR(");
                    if self.c.byte() & 1 == 0 {
                        self.num(d + 1);
                        self.s(",");
                    }
                    self.str(d + 1);
                    self.s(",");
                    self.str(d + 1);
                    self.s(")");
                }
                4 => {
                    self.pick_s(&["POINT(", "PPOINT("]);
                    self.num(d + 1);
                    self.s(",");
                    self.num(d + 1);
                    self.s(")");
                }
                _ => {
                    self.s("VARPTR(");
                    self.pick_s(&["A", "A$", "X(1)", "B$(0)", "ZZ"]);
                    self.s(")");
                }
            },
            12 => {
                self.s("FN");
                self.pick_s(&["A", "B", "ZZ"]);
                self.s("(");
                self.num(d + 1);
                self.s(")");
            }
            13 => self.pick_s(&["MEM", "TIMER", "POS(0)", "RND(0)", "RND(-1)", "EOF(-1)"]),
            14 => {
                self.str(d + 1);
                self.pick_s(&["=", "<", ">", "<>", "<=", ">="]);
                self.str(d + 1);
            }
            15 => {
                self.s("(");
                self.num(d + 1);
                self.s(")");
            }
            _ => self.pick_s(NUM_VARS),
        }
    }

    pub fn str(&mut self, d: u32) {
        if d > MAX_DEPTH || self.c.is_empty() {
            return self.pick_s(STRINGS);
        }
        match self.c.below(14) {
            0 | 1 => self.pick_s(STRINGS),
            2 | 3 => self.pick_s(STR_VARS),
            4 => {
                self.pick_s(STR_ARRAYS);
                self.num(d + 1);
                self.s(")");
            }
            5 => {
                self.str(d + 1);
                self.s("+");
                self.str(d + 1);
            }
            6 => {
                self.pick_s(&["LEFT$(", "RIGHT$("]);
                self.str(d + 1);
                self.s(",");
                self.num(d + 1);
                self.s(")");
            }
            7 => {
                self.s("MID$(");
                self.str(d + 1);
                self.s(",");
                self.num(d + 1);
                if self.c.byte() & 1 == 0 {
                    self.s(",");
                    self.num(d + 1);
                }
                self.s(")");
            }
            8 => {
                self.s("STRING$(");
                self.num(d + 1);
                self.s(",");
                if self.c.byte() & 1 == 0 {
                    self.str(d + 1);
                } else {
                    self.num(d + 1);
                }
                self.s(")");
            }
            9 | 10 => {
                self.pick_s(STR_FUNCS1);
                self.num(d + 1);
                self.s(")");
            }
            11 => self.s("INKEY$"),
            12 => {
                let n = self.c.byte() as usize % 64;
                self.out.extend(std::iter::repeat(b'(').take(n));
                self.str(d + 1);
                self.out.extend(std::iter::repeat(b')').take(n));
            }
            _ => {
                // A literal with arbitrary printable characters.
                self.s("\"");
                let n = self.c.byte() as usize % 40;
                for _ in 0..n {
                    let b = self.c.byte();
                    let b = if b == b'"' || b < 0x20 {
                        b'X'
                    } else {
                        b & 0x7F
                    };
                    self.out.push(b.max(0x20));
                }
                self.s("\"");
            }
        }
    }

    fn any(&mut self, d: u32) {
        if self.c.byte() & 1 == 0 {
            self.num(d)
        } else {
            self.str(d)
        }
    }

    fn coord(&mut self) {
        self.s("(");
        self.num(2);
        self.s(",");
        self.num(2);
        self.s(")");
    }

    fn line_ref(&mut self) {
        self.pick_s(LINE_NUMBERS);
    }

    /// One statement.
    pub fn stmt(&mut self) {
        if self.c.is_empty() {
            return self.pick_s(&["PRINT 1", "END", "A=1"]);
        }
        match self.c.below(64) {
            0..=2 => {
                self.s("PRINT ");
                let n = self.c.below(5);
                for i in 0..n {
                    if i > 0 {
                        self.pick_s(&[";", ",", "", " "]);
                    }
                    if self.c.byte() & 7 == 0 {
                        self.s("TAB(");
                        self.num(1);
                        self.s(")");
                    } else {
                        self.any(0);
                    }
                }
                if self.c.byte() & 3 == 0 {
                    self.s(";");
                }
            }
            3 => {
                self.s("PRINT USING ");
                self.str(1);
                self.s(";");
                self.any(1);
                if self.c.byte() & 1 == 0 {
                    self.s(",");
                    self.any(1);
                }
            }
            4 => {
                self.s("PRINT @");
                self.num(1);
                self.s(",");
                self.any(1);
            }
            5..=7 => {
                if self.c.byte() & 1 == 0 {
                    self.pick_s(NUM_VARS);
                    self.s("=");
                    self.num(0);
                } else {
                    self.pick_s(STR_VARS);
                    self.s("=");
                    self.str(0);
                }
            }
            8 => {
                self.pick_s(NUM_ARRAYS);
                self.num(1);
                self.s(")=");
                self.num(0);
            }
            9 | 10 => {
                self.s("FOR ");
                self.pick_s(NUM_VARS);
                self.s("=");
                self.num(1);
                self.s(" TO ");
                self.num(1);
                if self.c.byte() & 1 == 0 {
                    self.s(" STEP ");
                    self.num(1);
                }
            }
            11 | 12 => {
                self.s("NEXT");
                if self.c.byte() & 1 == 0 {
                    self.s(" ");
                    self.pick_s(NUM_VARS);
                    if self.c.byte() & 3 == 0 {
                        self.s(",");
                        self.pick_s(NUM_VARS);
                    }
                }
            }
            13 => {
                self.pick_s(&["GOTO ", "GO TO ", "GOTO"]);
                self.line_ref();
            }
            14 => {
                self.s("GOSUB ");
                self.line_ref();
            }
            15 => {
                // GOSUB recursion: the line calls itself.
                self.s("GOSUB ");
                let l = self.line;
                self.s(l);
            }
            16 => self.s("RETURN"),
            17 | 18 => {
                self.s("IF ");
                self.num(1);
                self.s(" THEN ");
                if self.c.byte() & 1 == 0 {
                    self.line_ref();
                } else {
                    self.stmt();
                }
                if self.c.byte() & 1 == 0 {
                    self.s(" ELSE ");
                    if self.c.byte() & 1 == 0 {
                        self.line_ref();
                    } else {
                        self.stmt();
                    }
                }
            }
            19 => {
                self.s("ON ");
                self.num(1);
                self.pick_s(&[" GOTO ", " GOSUB "]);
                let n = 1 + self.c.below(4);
                for i in 0..n {
                    if i > 0 {
                        self.s(",");
                    }
                    self.line_ref();
                }
            }
            20 => {
                self.s("DIM ");
                let n = 1 + self.c.below(3);
                for i in 0..n {
                    if i > 0 {
                        self.s(",");
                    }
                    if self.c.byte() & 1 == 0 {
                        self.pick_s(NUM_ARRAYS)
                    } else {
                        self.pick_s(STR_ARRAYS)
                    }
                    self.num(2);
                    if self.c.byte() & 1 == 0 {
                        self.s(",");
                        self.num(2);
                    }
                    self.s(")");
                }
            }
            21 => {
                self.s("READ ");
                self.pick_s(&["A", "A$", "A,B$", "X(1)", "B$(2),Q"]);
            }
            22 => {
                self.s("DATA ");
                let n = self.c.below(5);
                for i in 0..n {
                    if i > 0 {
                        self.s(",");
                    }
                    match self.c.below(4) {
                        0 => self.pick_s(NUMBERS),
                        1 => self.pick_s(STRINGS),
                        2 => self.pick_s(&["HELLO", "", " A B ", "1E99", "-"]),
                        _ => self.small(),
                    }
                }
            }
            23 => {
                self.s("RESTORE");
            }
            24 => {
                self.s("DEF FN");
                self.pick_s(&["A", "B", "ZZ"]);
                self.s("(");
                self.pick_s(&["X", "A", "Y"]);
                self.s(")=");
                self.num(1);
            }
            25 => {
                self.s("INPUT ");
                if self.c.byte() & 1 == 0 {
                    self.str(3);
                    self.s(";");
                }
                self.pick_s(&["A", "A$", "A,B", "A$,B", "X(1)"]);
            }
            26 => self.pick_s(&["LINE INPUT A$", "LINE INPUT \"?\";B$"]),
            27 => {
                self.s("POKE ");
                self.num(1);
                self.s(",");
                self.num(1);
            }
            28 => {
                self.s("SOUND ");
                self.num(1);
                self.s(",");
                self.num(1);
            }
            29 => {
                self.s("PLAY ");
                self.str(1);
            }
            30 => {
                self.s("DRAW ");
                self.str(1);
            }
            31 => {
                self.s("LINE");
                if self.c.byte() & 1 == 0 {
                    self.coord();
                }
                self.s("-");
                self.coord();
                self.s(",");
                self.pick_s(&["PSET", "PRESET", "PSET,B", "PSET,BF", "PRESET,BF", "B"]);
            }
            32 => {
                self.s("CIRCLE");
                self.coord();
                self.s(",");
                self.num(1);
                for _ in 0..self.c.below(5) {
                    self.s(",");
                    self.num(1);
                }
            }
            33 => {
                self.s("PAINT");
                self.coord();
                self.s(",");
                self.num(1);
                self.s(",");
                self.num(1);
            }
            34 => {
                self.s("PMODE ");
                self.num(1);
                if self.c.byte() & 1 == 0 {
                    self.s(",");
                    self.num(1);
                }
            }
            35 => {
                self.s("SCREEN ");
                self.num(1);
                self.s(",");
                self.num(1);
            }
            36 => {
                self.pick_s(&["PCLS", "PCLS ", "PCLEAR ", "COLOR ", "CLS ", "PCLEAR "]);
                self.num(1);
                if self.c.byte() & 3 == 0 {
                    self.s(",");
                    self.num(1);
                }
            }
            37 => {
                self.pick_s(&["PSET", "PRESET"]);
                self.s("(");
                self.num(1);
                self.s(",");
                self.num(1);
                if self.c.byte() & 1 == 0 {
                    self.s(",");
                    self.num(1);
                }
                self.s(")");
            }
            38 => {
                self.pick_s(&["GET", "PUT"]);
                self.coord();
                self.s("-");
                self.coord();
                self.s(",");
                self.pick_s(&["A", "X", "Q", "V", "B$"]);
                self.pick_s(&["", ",G", ",PSET", ",PRESET", ",AND", ",OR", ",NOT"]);
            }
            39 => {
                self.s("PCOPY ");
                self.num(1);
                self.s(" TO ");
                self.num(1);
            }
            40 => {
                self.s("CLEAR");
                if self.c.byte() & 1 == 0 {
                    self.s(" ");
                    self.num(1);
                    if self.c.byte() & 1 == 0 {
                        self.s(",");
                        self.num(1);
                    }
                }
            }
            41 => {
                self.s("RENUM");
                let n = self.c.below(4);
                for i in 0..n {
                    self.s(if i == 0 { " " } else { "," });
                    if self.c.byte() & 1 == 0 {
                        self.line_ref();
                    } else {
                        self.small();
                    }
                }
            }
            42 => {
                self.s("DEL ");
                match self.c.below(3) {
                    0 => {
                        self.line_ref();
                        self.s("-");
                        self.line_ref();
                    }
                    1 => {
                        self.s("-");
                        self.line_ref();
                    }
                    _ => {
                        self.line_ref();
                        self.s("-");
                    }
                }
            }
            43 => {
                self.s("LIST");
                if self.c.byte() & 1 == 0 {
                    self.s(" ");
                    self.line_ref();
                    self.s("-");
                }
            }
            44 => {
                self.pick_s(&["SET(", "RESET("]);
                self.num(1);
                self.s(",");
                self.num(1);
                self.s(",");
                self.num(1);
                self.s(")");
            }
            45 => self.pick_s(&[
                "END",
                "STOP",
                "CONT",
                "TRON",
                "TROFF",
                "RESTORE",
                "CLS",
                "RUN",
                "NEW",
                "MOTOR ON",
                "MOTOR OFF",
                "AUDIO ON",
                "AUDIO OFF",
                "RUN 10",
                "RUN 63999",
            ]),
            46 => {
                self.s("MID$(");
                self.pick_s(STR_VARS);
                self.s(",");
                self.num(1);
                if self.c.byte() & 1 == 0 {
                    self.s(",");
                    self.num(1);
                }
                self.s(")=");
                self.str(1);
            }
            47 => {
                // FOR nesting.
                let n = 1 + self.c.below(8);
                let vars = ["I", "J", "K", "X", "Y", "Z", "N", "Q"];
                for v in vars.iter().take(n) {
                    self.s("FOR ");
                    self.s(v);
                    self.s("=1 TO 2:");
                }
                self.s("NEXT ");
                for (i, v) in vars.iter().take(n).rev().enumerate() {
                    if i > 0 {
                        self.s(",");
                    }
                    self.s(v);
                }
            }
            48 => {
                self.pick_s(&["EXEC", "A=USR(", "DEF USR"]);
                self.num(1);
            }
            49 => self.pick_s(&[
                "SKIPF",
                "CLOAD",
                "CSAVE\"X\"",
                "OPEN \"I\",-1,\"X\"",
                "OPEN \"O\",-1,\"X\"",
                "CLOSE",
                "PRINT #-1,1",
                "INPUT #-1,A",
                "CLOADM",
            ]),
            50 => {
                self.s("EDIT ");
                self.line_ref();
            }
            51..=55 => {
                // Token soup: a few keywords, numbers and punctuation in any order.
                let n = 1 + self.c.below(8);
                for _ in 0..n {
                    match self.c.below(4) {
                        0 => self.pick_s(NUMBERS),
                        _ => self.pick_s(ATOMS),
                    }
                }
            }
            56 => {
                // A raw byte (any value).
                let b = self.c.byte();
                self.out.push(b);
            }
            57 => self.s("A$=STRING$(255,65):B$=A$+A$"),
            58 => {
                self.s("PRINT ");
                self.str(0);
                self.s(";");
            }
            _ => {
                self.pick_s(NUM_VARS);
                self.s("=");
                self.num(0);
            }
        }
    }

    /// Statements joined by ':'.
    pub fn statements(&mut self) {
        let n = 1 + self.c.below(4);
        for i in 0..n {
            if i > 0 {
                self.s(":");
            }
            self.stmt();
        }
    }

    /// A whole program as a listing: numbered lines, one a line.
    pub fn program(&mut self, max_lines: usize) {
        let mut lines = 0;
        while !self.c.is_empty() && lines < max_lines {
            self.line = self.c.pick(LINE_NUMBERS);
            let l = self.line;
            self.s(l);
            self.s(" ");
            self.statements();
            self.s("\n");
            lines += 1;
        }
    }
}

/// A direct-mode line (no line number) from choices.
pub fn direct_line(data: &[u8]) -> Vec<u8> {
    let mut g = Gen::new(data);
    g.statements();
    g.out
}

/// A listing from choices.
pub fn listing(data: &[u8], max_lines: usize) -> Vec<u8> {
    let mut g = Gen::new(data);
    g.program(max_lines);
    g.out
}

/// Whether text may legitimately leave the machine unable to answer (a POKE or machine code
/// can wreck BASIC's own pointers, as on the real machine). So can graphics: PMODE's page
/// number is worked out in 8-bit arithmetic (docs/graphics.md §1.5), so `PMODE 3,255` puts the page
/// at $FA00, running on past $FFFF into the direct page, and anything drawn there writes over
/// BASIC's pointers; PCOPY copies a page over the program.
pub fn may_wreck(text: &[u8]) -> bool {
    // Control characters typed in a word do not break it; nor do the keys the line editor
    // ignores or takes back (`PMOD{E`, `PMOX<LEFT>DE` are typed as PMODE).
    let printable: Vec<u8> = text
        .iter()
        .filter(|c| (0x20..0x7F).contains(*c))
        .copied()
        .collect();
    [printable, as_edited(text)].iter().any(|t| {
        let up = t.to_ascii_uppercase();
        [&b"POKE"[..], b"EXEC", b"USR", b"CLOADM", b"PMODE", b"PCOPY"]
            .iter()
            .any(|w| up.windows(w.len()).any(|x| x == *w))
    })
}

/// Text as the line editor keeps it (`basic/line_editor.rs`): $20-$7A go in, LEFT takes the
/// last one back, SHIFT+LEFT and CLEAR empty the line, ENTER ends it (a new line starts after
/// a line break here), and every other key is ignored.
fn as_edited(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut line_start = 0;
    for &c in text {
        match c {
            code::LEFT => {
                if out.len() > line_start {
                    out.pop();
                }
            }
            code::SHIFT_LEFT | code::CLEAR => out.truncate(line_start),
            code::ENTER | b'\n' => {
                out.push(b'\n');
                line_start = out.len();
            }
            0x20..=0x7A => out.push(c),
            _ => {}
        }
    }
    out
}

/// BREAK, let any SOUND/PLAY finish, then type `PRINT 7` and expect ` 7` under it.
/// Returns the screen when the machine did not answer.
pub fn break_and_check(m: &mut Machine) -> Result<(), String> {
    m.drop_live_keys();
    m.press(3);
    // A SOUND or PLAY already started is not stopped by BREAK on the Dragon either: let it
    // end (such fields cost next to nothing).
    for _ in 0..1_000_000 {
        if !matches!(m.run_field(), Status::Sounding) {
            break;
        }
    }
    m.drop_live_keys();
    m.press(3);
    m.type_script(b"\rPRINT 7\r");
    run_until_done(m, Some(2000));
    let screen = m.screen_text();
    let rows: Vec<&str> = screen.lines().map(str::trim_end).collect();
    if rows
        .windows(2)
        .any(|w| w[0].ends_with("PRINT 7") && w[1] == " 7")
    {
        Ok(())
    } else {
        Err(screen)
    }
}

/// With `SPACEMONO_FUZZ_SHOW` set, print the text a target built from its input (to see what
/// a crash input means: `SPACEMONO_FUZZ_SHOW=1 cargo fuzz run ... TARGET FILE`).
pub fn show(label: &str, text: &[u8]) {
    if std::env::var_os("SPACEMONO_FUZZ_SHOW").is_some() {
        eprintln!(
            "--- {label} ---\n{}\n---",
            String::from_utf8_lossy(text).escape_debug()
        );
    }
}

/// With `SPACEMONO_FUZZ_NO_POKE` set, the BASIC targets skip inputs that contain POKE (the
/// word, or its token byte $93), to fuzz past the known crash class "POKE into BASIC's
/// pointers" (crashers/typed_line-poke-*) instead of finding it again every few seconds.
pub fn skip_poke(text: &[u8]) -> bool {
    std::env::var_os("SPACEMONO_FUZZ_NO_POKE").is_some()
        && (text.contains(&0x93) || text.windows(4).any(|w| w.eq_ignore_ascii_case(b"POKE")))
}
