//! The cruncher: typed text to the Dragon's tokenized form (DR `L8F67`, docs/machine.md §1,
//! docs/interpreter.md §1.2), byte for byte as the ROM stores it.
//!
//! How the ROM's cruncher works (DR `L8F67`..`L9037`), which this module follows step by step:
//!
//! * Two flags, both cleared at the start and after every `:` stored through the common store
//!   path (`L8F98` → `L8F6F`): the "illegal token" flag (`Eval43`) and the DATA flag (`Eval44`).
//! * While the illegal-token flag is set, upper-case letters and digits are copied as they are;
//!   any other character clears the flag and is then handled normally (`L8F73`..`L8F88`).
//! * A space is copied. A `"` starts a string: everything up to and including the closing `"`
//!   (or to the end of the line) is copied, and the flags survive it (`L8FCC`).
//! * With the DATA flag set every other character is copied, so DATA runs to the next `:`
//!   outside quotes.
//! * `?` is stored as the PRINT token. `'` is stored as `:` + $83 and the rest of the line is
//!   copied (`L8FB9`).
//! * `0`–`9`, `:` and `;` are copied (`L8FD0`).
//! * Anything else starts a keyword search: the statement table, then the function table, each
//!   in table order, with a plain prefix comparison (no word-boundary check). ELSE is always
//!   stored as `:` + $84 — the colon is inserted even when the user already typed one, so
//!   `:ELSE` is stored as `::`+$84 (`L9008`). DATA sets the DATA flag; REM copies the rest of
//!   the line. A function is stored as $FF + token.
//! * When no keyword matches, the character is copied; if it is an upper-case letter the
//!   illegal-token flag is set (`L901A`), so the rest of that letter/digit run is text.
//!
//! Input bytes $80–$FF never reach the ROM's cruncher (its line input, `LB5C6`, accepts only
//! $20–$7A). Here they are copied as they are, without a keyword search, so the function is
//! total; a 0 byte ends the text, as it ends the ROM's input buffer.

use crate::basic::dialect::Dialect;
use crate::basic::error::ErrorCode;
use crate::basic::tokens::{stmt, FUNCTIONS, FUNCTION_PREFIX, STATEMENTS};

/// The highest line number the Dragon accepts (DR `L869A`).
pub const MAX_LINE_NUMBER: u16 = 63999;

/// What the keyword search found at a position of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keyword {
    Statement(u8),
    Function(u8),
}

/// The ROM's keyword search (DR `L8FD8`): first match in the statement table, then the
/// function table, in table order, as a prefix of the remaining input.
fn find_keyword(rest: &[u8]) -> Option<(Keyword, usize)> {
    for (i, word) in STATEMENTS.iter().enumerate() {
        if rest.starts_with(word.as_bytes()) {
            return Some((Keyword::Statement(0x80 + i as u8), word.len()));
        }
    }
    for (i, word) in FUNCTIONS.iter().enumerate() {
        if rest.starts_with(word.as_bytes()) {
            return Some((Keyword::Function(0x80 + i as u8), word.len()));
        }
    }
    None
}

/// Crunch the text of a line (after its line number) or a direct-mode command.
///
/// The result is the stored text without its terminating 0. Leading spaces are kept: the ROM
/// skips the spaces before a direct command and after a line number with `BasChrGet` before it
/// crunches (see [`split_line_number`]), not in the cruncher itself.
#[cfg(test)]
pub fn crunch(text: &[u8]) -> Vec<u8> {
    crunch_for(text, Dialect::Dragon)
}

/// Statement words of the other dialects that the Dragon's token table lacks. They are stored
/// as their letters (LIST shows them as typed) and the compiler recognises them at the start
/// of a statement (see `basic::dialect`).
pub const EXTRA_WORDS: [&[u8]; 2] = [b"RANDOMIZE", b"LPRINT"];

/// Crunch as `dialect`'s interpreter would (`crunch` is the Dragon's):
///
/// * Altair BASIC has no "illegal token" rule: keywords are crunched wherever they appear,
///   even glued to or inside a variable name (`IFA=BTHEN100`, `SCORE` → `SC`+OR+`E`).
/// * Altair and MBASIC: `RANDOMIZE` and `LPRINT` are copied as text where a keyword could
///   start (see [`EXTRA_WORDS`]).
/// * MBASIC: a dot belongs to a name (`GRAND.COST`), so it keeps the illegal-token run going
///   and `COST` stays text instead of becoming COS + `T`.
///
/// With `Dialect::Dragon` this is exactly the ROM's cruncher.
pub fn crunch_for(text: &[u8], dialect: Dialect) -> Vec<u8> {
    let mut c = Cruncher {
        text,
        out: Vec::with_capacity(text.len() + 2),
        i: 0,
        illegal: false,
        data: false,
        anywhere: dialect.crunch_anywhere(),
        extra: dialect.extra_words(),
        dotted_names: dialect.long_names(),
    };
    while let Some(a) = c.next_char() {
        if c.character(a) == Crunched::Done {
            break;
        }
    }
    c.out
}

/// The cruncher's state as it walks the text: the output, the read position and the ROM's
/// two flags (`Eval43` illegal token, `Eval44` DATA), with the dialect's rules.
struct Cruncher<'a> {
    text: &'a [u8],
    out: Vec<u8>,
    /// The index of the next character to read.
    i: usize,
    illegal: bool,
    data: bool,
    anywhere: bool,
    extra: bool,
    dotted_names: bool,
}

/// Whether the line goes on after a character, or was stored to its end (REM, `'`, an
/// unclosed string).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Crunched {
    More,
    Done,
}

impl Cruncher<'_> {
    /// The next character, None at the end of the text or at a 0 byte.
    fn next_char(&mut self) -> Option<u8> {
        let a = self.text.get(self.i).copied().unwrap_or(0);
        self.i += 1;
        (a != 0).then_some(a)
    }

    /// One character `a` (already read), as the ROM's loop takes it (L8F73 onwards).
    fn character(&mut self, a: u8) -> Crunched {
        if self.illegal {
            if a.is_ascii_uppercase() || a.is_ascii_digit() || (self.dotted_names && a == b'.') {
                self.out.push(a);
                return Crunched::More;
            }
            self.illegal = false;
        }
        match a {
            b' ' => self.out.push(a),
            b'"' => return self.string(),
            _ if self.data => {
                self.out.push(a);
                if a == b':' {
                    self.illegal = false;
                    self.data = false;
                }
            }
            b'?' => self.out.push(stmt::PRINT),
            b'\'' => {
                self.out.push(b':');
                self.out.push(stmt::REM_QUOTE);
                copy_to_end(self.text, self.i, &mut self.out);
                return Crunched::Done;
            }
            b'0'..=b';' => {
                self.out.push(a);
                if a == b':' {
                    self.illegal = false;
                    self.data = false;
                }
            }
            // Never delivered by the ROM's line input; kept as it is.
            0x80.. => self.out.push(a),
            _ => return self.word(a),
        }
        Crunched::More
    }

    /// L8FCC: a string copied up to and including the closing quote (the flags survive it);
    /// an unclosed one runs to the end of the line.
    fn string(&mut self) -> Crunched {
        self.out.push(b'"');
        loop {
            let Some(c) = self.next_char() else {
                return Crunched::Done;
            };
            self.out.push(c);
            if c == b'"' {
                return Crunched::More;
            }
        }
    }

    /// Where a keyword may start (`a`, already read, is its first letter): another dialect's
    /// extra word copied as text, else the keyword search; no keyword copies `a`, and a
    /// letter starts an illegal-token run (not in Altair BASIC).
    fn word(&mut self, a: u8) -> Crunched {
        let rest = &self.text[self.i - 1..];
        if self.extra {
            if let Some(w) = EXTRA_WORDS.iter().find(|w| rest.starts_with(w)) {
                self.out.extend_from_slice(w);
                self.i += w.len() - 1;
                return Crunched::More;
            }
        }
        match find_keyword(rest) {
            Some((Keyword::Statement(tok), len)) => {
                self.i += len - 1;
                if tok == stmt::ELSE {
                    self.out.push(b':');
                    self.out.push(tok);
                } else {
                    self.out.push(tok);
                    if tok == stmt::DATA {
                        self.data = true;
                    }
                    if tok == stmt::REM {
                        copy_to_end(self.text, self.i, &mut self.out);
                        return Crunched::Done;
                    }
                }
            }
            Some((Keyword::Function(tok), len)) => {
                self.i += len - 1;
                self.out.push(FUNCTION_PREFIX);
                self.out.push(tok);
            }
            None => {
                self.out.push(a);
                if a.is_ascii_uppercase() && !self.anywhere {
                    self.illegal = true;
                }
            }
        }
        Crunched::More
    }
}

/// Copy `text[from..]` up to its first 0 byte (REM and `'`: the rest of the line verbatim).
fn copy_to_end(text: &[u8], from: usize, out: &mut Vec<u8>) {
    if from < text.len() {
        out.extend(text[from..].iter().copied().take_while(|&c| c != 0));
    }
}

/// Parse a line number as `BasGetLineNo` (DR `L869A`) does, starting at `input[pos]`, which
/// must be a digit. `BasChrGet` skips spaces, so spaces between digits are skipped too
/// (`1 0` is 10). Returns the number and the index of the first character that is neither a
/// digit nor a space. A number above 63999 is ?SN.
pub fn parse_line_number(input: &[u8], mut pos: usize) -> Result<(u16, usize), ErrorCode> {
    let mut value: u32 = 0;
    loop {
        while input.get(pos) == Some(&b' ') {
            pos += 1;
        }
        match input.get(pos) {
            Some(&c) if c.is_ascii_digit() => {
                value = value * 10 + u32::from(c - b'0');
                if value > u32::from(MAX_LINE_NUMBER) {
                    return Err(ErrorCode::SN);
                }
                pos += 1;
            }
            _ => return Ok((value as u16, pos)),
        }
    }
}

/// If `input` starts with a digit it is a program line: returns its number and the text
/// after the number and the spaces that follow it. Numbers above 63999 are ?SN.
///
/// As in the ROM (`BasCmdMode2` reads the first character with `BasChrGet`, then
/// `BasGetLineNo`), spaces before the number and between its digits are skipped: ` 1 0 PRINT`
/// is line 10. The number ends at the first character that is neither a digit nor a space,
/// whatever it is (`10A=1` is line 10 with text `A=1`, `10.5` is line 10 with text `.5`).
pub fn split_line_number(input: &[u8]) -> Result<Option<(u16, &[u8])>, ErrorCode> {
    let start = input.iter().position(|&c| c != b' ').unwrap_or(input.len());
    match input.get(start) {
        Some(c) if c.is_ascii_digit() => {
            let (number, rest) = parse_line_number(input, start)?;
            Ok(Some((number, &input[rest..])))
        }
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::{find_keyword, stmt, Keyword};

    #[test]
    fn keyword_search_is_table_order_prefix() {
        assert_eq!(
            find_keyword(b"TOTAL"),
            Some((Keyword::Statement(stmt::TO), 2))
        );
        assert_eq!(find_keyword(b"SCORE"), None);
        assert_eq!(find_keyword(b"MEM"), Some((Keyword::Function(0x9B), 3)));
    }
}
