//! LIST: crunched text back to what the Dragon's LIST prints (DR `CmdList`, `L8F08`).
//!
//! The ROM's uncruncher (`L8F08`..`L8F66`), followed here:
//!
//! * A byte below $80 is copied, except a `:` directly followed by ELSE ($84) or `'` ($83),
//!   which is dropped.
//! * $FF takes the next byte as a function token; its bit 7 is masked off before the table
//!   lookup, so `$FF $01` lists as INT just like `$FF $81`. If that byte is the line's 0, it is
//!   taken as a token too (SGN) and the ROM runs on into the bytes after the line; here the
//!   listing stops at the end of `text`.
//! * A statement token above USING ($CE–$FE), or a function number beyond USR, lists as `!`
//!   (no DragonDOS tables on a Dragon 32).
//! * The expanded text goes through the 250-byte line buffer from its second byte, so at most
//!   249 characters are kept; the rest of a longer line is silently dropped (`L8F5A`).
//!   Every character is stored with bit 7 cleared.

use crate::basic::tokens::{function_name, statement_name, stmt, FUNCTION_PREFIX};

/// The most characters LIST shows of one line's text (LineBufMax 250, minus the first byte).
pub const LIST_TEXT_MAX: usize = 249;

/// The expanded text of a line, as the ROM puts it into its line buffer (DR `L8F08`).
/// EDIT starts from the same text.
pub fn uncrunch(text: &[u8]) -> Vec<u8> {
    let mut buf: Vec<u8> = Vec::with_capacity(text.len() * 2);
    let put = |buf: &mut Vec<u8>, c: u8| {
        if buf.len() < LIST_TEXT_MAX {
            buf.push(c & 0x7F);
        }
    };
    let at = |i: usize| text.get(i).copied().unwrap_or(0);
    let mut i = 0usize;
    loop {
        let a = at(i);
        i += 1;
        if a == 0 {
            break;
        }
        if a < 0x80 {
            if a == b':' {
                let b = at(i);
                if b == stmt::ELSE || b == stmt::REM_QUOTE {
                    continue;
                }
            }
            put(&mut buf, a);
            continue;
        }
        let name = if a == FUNCTION_PREFIX {
            let t = at(i);
            i += 1;
            function_name((t & 0x7F) | 0x80)
        } else {
            statement_name(a)
        };
        match name {
            Some(word) => word.bytes().for_each(|c| put(&mut buf, c)),
            None => put(&mut buf, b'!'),
        }
        if i > text.len() {
            // $FF was the last byte: the ROM took the terminator as the token.
            break;
        }
    }
    buf
}

/// The text of one line as LIST prints it: the number without a leading space, one space,
/// then the expanded text (the `:` before ELSE and `'` hidden, `!` for unknown tokens).
pub fn list_line(number: u16, text: &[u8]) -> Vec<u8> {
    let mut out = number.to_string().into_bytes();
    out.push(b' ');
    out.extend(uncrunch(text));
    out
}
