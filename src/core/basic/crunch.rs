//! The cruncher: typed text to the Dragon's tokenized form (DR `L8F67`, machine.md §1,
//! interpreter.md §1), byte for byte as the ROM stores it.
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
    let anywhere = dialect.crunch_anywhere();
    let extra = dialect.extra_words();
    let dotted_names = dialect.long_names();
    let mut out = Vec::with_capacity(text.len() + 2);
    let mut illegal = false;
    let mut data = false;
    let mut i = 0usize;
    let at = |i: usize| text.get(i).copied().unwrap_or(0);

    loop {
        let a = at(i);
        i += 1;
        if a == 0 {
            break;
        }
        if illegal {
            if a.is_ascii_uppercase() || a.is_ascii_digit() || (dotted_names && a == b'.') {
                out.push(a);
                continue;
            }
            illegal = false;
        }
        if a == b' ' {
            out.push(a);
            continue;
        }
        if a == b'"' {
            // L8FCC: copy the string up to and including the closing quote.
            out.push(a);
            loop {
                let c = at(i);
                i += 1;
                if c == 0 {
                    return out;
                }
                out.push(c);
                if c == b'"' {
                    break;
                }
            }
            continue;
        }
        if data {
            out.push(a);
            if a == b':' {
                illegal = false;
                data = false;
            }
            continue;
        }
        if a == b'?' {
            out.push(stmt::PRINT);
            continue;
        }
        if a == b'\'' {
            out.push(b':');
            out.push(stmt::REM_QUOTE);
            copy_to_end(text, i, &mut out);
            return out;
        }
        if (b'0'..=b';').contains(&a) {
            out.push(a);
            if a == b':' {
                illegal = false;
                data = false;
            }
            continue;
        }
        if a >= 0x80 {
            // Never delivered by the ROM's line input; kept as it is.
            out.push(a);
            continue;
        }
        if extra {
            if let Some(w) = EXTRA_WORDS.iter().find(|w| text[i - 1..].starts_with(w)) {
                out.extend_from_slice(w);
                i += w.len() - 1;
                continue;
            }
        }
        match find_keyword(&text[i - 1..]) {
            Some((Keyword::Statement(tok), len)) => {
                i += len - 1;
                if tok == stmt::ELSE {
                    out.push(b':');
                    out.push(tok);
                } else {
                    out.push(tok);
                    if tok == stmt::DATA {
                        data = true;
                    }
                    if tok == stmt::REM {
                        copy_to_end(text, i, &mut out);
                        return out;
                    }
                }
            }
            Some((Keyword::Function(tok), len)) => {
                i += len - 1;
                out.push(FUNCTION_PREFIX);
                out.push(tok);
            }
            None => {
                out.push(a);
                if a.is_ascii_uppercase() && !anywhere {
                    illegal = true;
                }
            }
        }
    }
    out
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
    use super::*;

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
