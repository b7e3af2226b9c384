//! Parse a crunched line into statements (ast.rs), following the ROM's grammar: CHRGET
//! skips spaces everywhere outside quotes, operators bind by the ROM's precedence table, and
//! anything that does not parse becomes an error raised when execution reaches it.

use crate::basic::ast::{CompiledLine, LineRange, Segment, Stmt};
use crate::basic::cost::{self, fin};
use crate::basic::dialect::Dialect;
use crate::basic::error::ErrorCode;
use crate::basic::float::FloatUnit;
use crate::basic::long_names::LongNames;
use crate::basic::tokens::{stmt as t, FUNCTION_PREFIX};

mod expressions;
mod flat;
mod graphics;
mod statements;

type PResult<T> = Result<T, ErrorCode>;

/// Operator precedences from the ROM's table (`BasOperatorTable`).
mod prec {
    pub const OR: u8 = 0x46;
    pub const AND: u8 = 0x50;
    pub const NOT: u8 = 0x5A;
    pub const REL: u8 = 0x64;
    pub const ADD: u8 = 0x79;
    pub const MUL: u8 = 0x7B;
    pub const NEG: u8 = 0x7D;
    pub const POW: u8 = 0x7F;
}

/// Compile one line's crunched text, which sits in RAM at `base`.
#[cfg(test)]
pub fn compile_line(text: &[u8], base: u16) -> CompiledLine {
    compile_line_for(text, base, Dialect::Dragon, &mut LongNames::default())
}

/// As [`compile_line`], for a program written in `dialect`: outside the Dragon, the words
/// `RANDOMIZE` and `LPRINT` (stored as text by `crunch_for`) start statements; in MBASIC a
/// name of three or more characters is a variable of its own, coded by `names`.
pub fn compile_line_for(
    text: &[u8],
    base: u16,
    dialect: Dialect,
    names: &mut LongNames,
) -> CompiledLine {
    let bounds = split_segments(text);
    let mut segs = Vec::with_capacity(bounds.len());
    for (i, &(s, e)) in bounds.iter().enumerate() {
        let mut p = Parser {
            t: &text[..e],
            p: s,
            base,
            full: text,
            bounds: &bounds,
            seg: i,
            dialect,
            names: &mut *names,
            cost: 0,
            first_operator: true,
        };
        let (stmt, junk) = match p.statement() {
            Ok(mut stmt) => {
                flat::flatten_stmt(&mut stmt);
                let junk = p.peek().is_some();
                if junk {
                    refuse_an_argument(&mut stmt);
                }
                (stmt, junk)
            }
            Err(err) => (Stmt::Fail(err), false),
        };
        let cost = cost::STATEMENT + p.cost;
        segs.push(Segment {
            stmt,
            trailing_junk: junk,
            end: e as u16,
            cost,
        });
    }
    CompiledLine { segs }
}

/// RETURN, END, STOP, CONT and NEW followed by anything (DR `CmdReturn` $85F3, `CmdEnd`,
/// `CmdStop`, `CmdCont`, `CmdNew`: "BNE" to their RTS) do nothing and leave the dispatcher on
/// the junk: ?SN where they stand, without returning or ending. The same inside a THEN or
/// ELSE part, whose junk is the IF's or the ELSE's.
fn refuse_an_argument(stmt: &mut Stmt) {
    match stmt {
        Stmt::Return | Stmt::End | Stmt::Stop | Stmt::Cont | Stmt::New => {
            *stmt = Stmt::Fail(ErrorCode::SN);
        }
        Stmt::If { then, .. } => refuse_an_argument(then),
        Stmt::Else(inner) => refuse_an_argument(inner),
        _ => {}
    }
}

/// Statement boundaries as the ROM's skip routine finds them: `:` outside quotes; REM and
/// `'` run to the end of the line. Returns (start, end) byte ranges without the colons.
pub fn split_segments(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    let mut quoted = false;
    // Is the statement that starts at `start` a REM?
    let starts_rem = |s: usize| -> bool {
        let mut j = s;
        while j < text.len() && text[j] == b' ' {
            j += 1;
        }
        j < text.len() && (text[j] == t::REM || text[j] == t::REM_QUOTE)
    };
    let mut in_rem = starts_rem(0);
    while i < text.len() {
        let c = text[i];
        if in_rem {
            i += 1;
            continue;
        }
        if c == b'"' {
            quoted = !quoted;
        } else if !quoted {
            if c == b':' {
                out.push((start, i));
                start = i + 1;
                in_rem = starts_rem(start);
            } else if c == FUNCTION_PREFIX {
                i += 1;
            } else if c == t::REM || c == t::REM_QUOTE {
                // A REM after THEN (or ELSE) also runs to the end of the line.
                in_rem = true;
            }
        }
        i += 1;
    }
    out.push((start, text.len()));
    out
}

/// The segment a false IF in segment `seg` continues at (a matching ELSE), per the ROM:
/// skip from `from` to each statement end, counting IF tokens met on the way; at each
/// statement that starts with ELSE, count down; below zero, that ELSE is taken.
fn find_else(text: &[u8], bounds: &[(usize, usize)], seg: usize, from: usize) -> Option<u16> {
    let mut count: i32 = 0;
    let mut i = from;
    let mut quoted = false;
    let mut current = seg;
    loop {
        // Scan to the end of the current statement, counting IFs.
        let end = bounds[current].1;
        while i < end {
            let c = text[i];
            if c == b'"' {
                quoted = !quoted;
            } else if !quoted {
                if c == FUNCTION_PREFIX {
                    i += 1;
                } else if c == t::IF {
                    count += 1;
                }
            }
            i += 1;
        }
        current += 1;
        if current >= bounds.len() {
            return None;
        }
        i = bounds[current].0;
        quoted = false;
        let mut j = i;
        while j < text.len() && text[j] == b' ' {
            j += 1;
        }
        if j < text.len() && text[j] == t::ELSE {
            count -= 1;
            if count < 0 {
                return Some(current as u16);
            }
        }
    }
}

struct Parser<'a> {
    t: &'a [u8],
    p: usize,
    base: u16,
    /// The whole line and its statement boundaries, for finding where a false IF lands.
    full: &'a [u8],
    bounds: &'a [(usize, usize)],
    seg: usize,
    dialect: Dialect,
    names: &'a mut LongNames,
    /// The text costs of what has been parsed so far (cost.rs): what the ROM spends reading
    /// these bytes every time it executes them.
    cost: u32,
    /// No binary operator met yet in the expression being parsed (the first costs more).
    first_operator: bool,
}

thread_local! {
    static FIN: std::cell::RefCell<Option<FloatUnit>> = const { std::cell::RefCell::new(None) };
}

impl<'a> Parser<'a> {
    /// The next non-space byte, without consuming it.
    pub(super) fn peek(&mut self) -> Option<u8> {
        while self.p < self.t.len() && self.t[self.p] == b' ' {
            self.p += 1;
            self.cost += cost::SPACE;
        }
        self.t.get(self.p).copied()
    }

    pub(super) fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.p += 1;
            true
        } else {
            false
        }
    }

    pub(super) fn expect(&mut self, c: u8) -> PResult<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(ErrorCode::SN)
        }
    }

    pub(super) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    pub(super) fn next_byte(&mut self) -> Option<u8> {
        let c = self.peek();
        if c.is_some() {
            self.p += 1;
        }
        c
    }

    pub(super) fn skip_rest(&mut self) {
        self.p = self.t.len();
    }

    /// GETLINENO: decimal digits (spaces skipped); above 63999 is ?SN.
    pub(super) fn line_number(&mut self) -> PResult<u16> {
        let (n, end) = crate::basic::crunch::parse_line_number(self.t, self.p)?;
        self.p = end;
        Ok(n)
    }

    /// The dispatcher's part of a keyword statement: the table jump and the CHRGET of the
    /// byte after the keyword.
    pub(super) fn keyword_dispatch(&mut self) {
        // CHRGET returns the first byte that is not a space (the spaces: `peek`).
        let next = self.t[self.p.min(self.t.len())..]
            .iter()
            .copied()
            .find(|&b| b != b' ');
        self.cost += cost::KEYWORD + fin::chrget(next);
    }

    /// The target of a GOTO, GOSUB or THEN: BasGetLineNo reads its digits, then the ROM
    /// scans to the end of the line before it searches (docs/timing.md §2.11).
    pub(super) fn jump_target(&mut self) -> PResult<u16> {
        self.peek();
        let start = self.p;
        let n = self.line_number()?;
        let digits = self.t[start..self.p]
            .iter()
            .filter(|c| c.is_ascii_digit())
            .count() as u32;
        self.cost += (cost::GOTO + cost::LINE_NUMBER_DIGIT * digits)
            .saturating_sub(2 * cost::LINE_NUMBER_DIGIT);
        let rest = self.full.len().saturating_sub(self.p) as u32;
        self.cost += cost::SCAN_BYTE * rest;
        if self.full.get(self.p) == Some(&b':') {
            self.cost = self.cost.saturating_sub(9);
        }
        Ok(n)
    }

    pub(super) fn opt_line_number(&mut self) -> PResult<Option<u16>> {
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            Ok(Some(self.line_number()?))
        } else {
            Ok(None)
        }
    }

    pub(super) fn line_range(&mut self) -> PResult<LineRange> {
        let first = self.opt_line_number()?;
        if self.eat(t::MINUS) {
            let last = self.opt_line_number()?;
            Ok(LineRange {
                first: first.unwrap_or(0),
                last: last.unwrap_or(u16::MAX),
            })
        } else {
            match first {
                Some(n) => Ok(LineRange { first: n, last: n }),
                None => Ok(LineRange {
                    first: 0,
                    last: u16::MAX,
                }),
            }
        }
    }
}
