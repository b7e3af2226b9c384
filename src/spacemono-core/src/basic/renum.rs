//! RENUM new,start,increment: renumber lines and rewrite the line references in the text
//! as the Dragon does (DR `CmdRenum`, `L9DFA`..`L9FCD`).
//!
//! What the ROM does, in order:
//! 1. (parsing) an increment of 0 is ?FC.
//! 2. Find the first line numbered ≥ start and the first line numbered ≥ new (`BasFindLineNo`);
//!    if the second comes before the first, the new numbers would collide with the lines
//!    before start: ?FC.
//! 3. `L9E58`: walk the lines from the first renumbered one, adding the increment for each
//!    further line; a carry past 65535 or a number ≥ 64000 is ?FC. (The first new number is
//!    ≤ 63999 because it was parsed as a line number.)
//! 4. `L9ECE`: in **every** line, each number after THEN, ELSE, GO TO or GO SUB (spaces allowed
//!    around GO/TO), and each further number after a `,` following such a number (ON … GOTO
//!    lists), is parsed with `BasGetLineNo` (so spaces between its digits are part of it and a
//!    value above 63999 is ?SN) and replaced by a 5-byte packed form; the program grows where
//!    the number had fewer than 5 characters.
//!    No other keyword is scanned: RUN, LIST, DEL, RESTORE, EDIT and GO without TO/SUB keep
//!    their numbers. The scan does not know about strings, REM or DATA — the ROM relies on
//!    those holding no token bytes.
//! 5. `L9E82`: each reference is looked up with `BasFindLineNo`; `L9E59` writes the new numbers
//!    into the line headers; `L9E82` again turns each found reference into its target's new
//!    number.
//! 6. `L9F6C`: each reference is written back in ASCII (plain digits: `GOTO 0 10` becomes
//!    `GOTO 10` even when the line keeps its number). A reference to a missing line keeps its
//!    old value and is reported as `UL <old> IN <new number of the line holding it>`, followed
//!    by a CR, in program order.
//! 7. Variables are erased (also at the very start of RENUM) and the program relinked.
//!
//! Differences from the ROM, all in cases where the ROM damages the program: the ROM's room
//! check during step 4 passes a wrong value (the high byte of the text pointer with the size of
//! the gap) to `L8335`, so in practice it never fails and the program can grow into the stack.
//! Here the check is the one the ROM intended: after each widening, new end + 58 ≥ S is ?OM.
//! On ?OM and ?SN the ROM has already packed part of the program; here nothing changes.
//! The ROM's passes also take stray bytes $01–$03 in program text for packed numbers; those
//! cannot be typed, and are left alone here.

use crate::basic::crunch::{parse_line_number, MAX_LINE_NUMBER};
use crate::basic::error::ErrorCode;
use crate::basic::program::{self, ProgramWalk, STACK_BUF};
use crate::basic::tokens::{stmt, FUNCTION_PREFIX};
use crate::machine::memory::{addr, Memory};

/// One line-number reference found in a line's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineReference {
    /// Offset of its first digit in the line's text.
    pub start: usize,
    /// Offset just past its last digit.
    pub end: usize,
    /// Its value.
    pub number: u16,
}

/// The line references RENUM rewrites in one line's crunched text (DR `L9ED2`..`L9F6A`).
/// ?SN when one of them is above 63999, as `BasGetLineNo` reports it.
pub fn line_references(text: &[u8]) -> Result<Vec<LineReference>, ErrorCode> {
    let at = |i: usize| text.get(i).copied().unwrap_or(0);
    let skip_spaces = |mut i: usize| {
        while at(i) == b' ' {
            i += 1;
        }
        i
    };
    let mut refs = Vec::new();
    let mut p = 0usize;
    'scan: loop {
        p = skip_spaces(p);
        let c = at(p);
        if c == 0 {
            return Ok(refs);
        }
        if c < 0x80 {
            p += 1;
            continue;
        }
        if c == FUNCTION_PREFIX {
            p += 2;
            continue;
        }
        let mut list_from = match c {
            stmt::THEN | stmt::ELSE => p + 1,
            stmt::GO => {
                let q = skip_spaces(p + 1);
                if at(q) == stmt::TO || at(q) == stmt::SUB {
                    q + 1
                } else {
                    p += 1;
                    continue;
                }
            }
            _ => {
                p += 1;
                continue;
            }
        };
        // L9F04: a list of numbers separated by commas.
        loop {
            let q = skip_spaces(list_from);
            if !at(q).is_ascii_digit() {
                p = q;
                continue 'scan;
            }
            let (number, after) = parse_line_number(text, q)?;
            let mut end = after;
            while !at(end - 1).is_ascii_digit() {
                end -= 1;
            }
            refs.push(LineReference {
                start: q,
                end,
                number,
            });
            if at(after) == b',' {
                list_from = after + 1;
            } else {
                p = after;
                continue 'scan;
            }
        }
    }
}

/// Renumber lines from `start` (None = first line) as `new`, `new+inc`, ... Each reference
/// to a missing line is left as it is and reported through `report` as the ROM prints it,
/// e.g. `UL 99 IN 110` (old number, then the new number of the line that holds it).
/// ?FC when the result would be out of order or above 63999; nothing changes then.
///
/// `report` gets the message without the CR the ROM prints after it. `stack_pointer` is the S
/// the room check compares against, as for [`program::store_line`]. An increment of 0 is ?FC
/// (the ROM's parser); `new` above 63999 is ?FC here (the ROM's parser says ?SN before RENUM
/// starts). A reference above 63999 in the program is ?SN. A program whose links cannot be
/// followed to a 0000 link even after relinking is ?FC (a program whose links skip bytes is
/// relinked first, which then stays done). Variables are not touched: erasing
/// them (the ROM does it before anything else, even when RENUM then fails) is the
/// interpreter's part.
pub fn renum(
    mem: &mut Memory,
    new: u16,
    start: Option<u16>,
    inc: u16,
    stack_pointer: u16,
    report: &mut dyn FnMut(&str),
) -> Result<(), ErrorCode> {
    if inc == 0 || new > MAX_LINE_NUMBER {
        return Err(ErrorCode::FC);
    }
    let mut w = program::walk(mem);
    let contiguous =
        w.end_link.is_some() && w.lines.iter().all(|l| l.next as u32 == l.end as u32 + 1);
    if !contiguous {
        // POKEd links: the ROM's packing pass goes from 0 byte to 0 byte and relinks, so
        // lines hidden by a link are renumbered text too. Relink first to see them.
        program::relink(mem);
        w = program::walk(mem);
    }
    let Some(end_link) = w.end_link else {
        return Err(ErrorCode::FC);
    };
    let plan = plan(
        &w,
        end_link,
        mem,
        new,
        start.unwrap_or(0),
        inc,
        stack_pointer,
    )?;

    for msg in &plan.reports {
        report(msg);
    }
    let base = program::program_start(mem);
    let image = &plan.image;
    let new_end = base as u32 + image.len() as u32;
    debug_assert!(new_end <= addr::RAM_END);
    mem.slice_mut(base, new_end as u16).copy_from_slice(image);
    mem.write_u16(addr::VARS_START, new_end as u16);
    mem.write_u16(addr::ARRAYS_START, new_end as u16);
    mem.write_u16(addr::STORAGE_END, new_end as u16);
    program::relink(mem);
    Ok(())
}

struct Plan {
    /// The whole new program from the program start, 0000 link included.
    image: Vec<u8>,
    reports: Vec<String>,
}

fn plan(
    w: &ProgramWalk,
    end_link: u16,
    mem: &Memory,
    new: u16,
    start: u16,
    inc: u16,
    stack_pointer: u16,
) -> Result<Plan, ErrorCode> {
    let lines = &w.lines;
    let addr_of = |i: Option<usize>| i.map_or(end_link, |i| lines[i].addr);

    // Step 2: the new numbers must not run into the lines before start.
    let first = w.position_at_or_after(start);
    if addr_of(w.position_at_or_after(new)) < addr_of(first) {
        return Err(ErrorCode::FC);
    }

    // Step 3: new numbers, all below 64000.
    let mut numbers: Vec<u16> = lines.iter().map(|l| l.number).collect();
    if let Some(first) = first {
        let mut d = new as u32;
        for (k, n) in numbers.iter_mut().enumerate().skip(first) {
            if k > first {
                d += inc as u32;
                if d >= 0xFA00 {
                    return Err(ErrorCode::FC);
                }
            }
            *n = d as u16;
        }
    }

    // Step 4: references, and the room they need while packed to 5 bytes each.
    let texts: Vec<&[u8]> = lines.iter().map(|l| l.text_bytes(mem)).collect();
    let mut refs = Vec::with_capacity(lines.len());
    let mut end = end_link as u32 + 2;
    for t in &texts {
        let r = line_references(t)?;
        for x in &r {
            let len = (x.end - x.start) as u32;
            if len < 5 {
                end += 5 - len;
                if end + STACK_BUF as u32 >= stack_pointer as u32 || end > addr::RAM_END {
                    return Err(ErrorCode::OM);
                }
            } else {
                end -= len - 5;
            }
        }
        refs.push(r);
    }

    // Steps 5 and 6: targets, new text, reports.
    let base = program::program_start(mem) as u32;
    let mut image = Vec::new();
    let mut reports = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let mut text = Vec::with_capacity(t.len() + 8);
        let mut pos = 0;
        for r in &refs[i] {
            text.extend_from_slice(&t[pos..r.start]);
            let target = w
                .position_at_or_after(r.number)
                .filter(|&j| lines[j].number == r.number);
            let value = match target {
                Some(j) => numbers[j],
                None => {
                    reports.push(format!("UL {} IN {}", r.number, numbers[i]));
                    r.number
                }
            };
            text.extend_from_slice(value.to_string().as_bytes());
            pos = r.end;
        }
        text.extend_from_slice(&t[pos..]);
        let next = base + image.len() as u32 + 4 + text.len() as u32 + 1;
        image.extend_from_slice(&(next as u16).to_be_bytes());
        image.extend_from_slice(&numbers[i].to_be_bytes());
        image.extend_from_slice(&text);
        image.push(0);
    }
    image.extend_from_slice(&[0, 0]);
    if base + image.len() as u32 > addr::RAM_END {
        return Err(ErrorCode::OM);
    }
    Ok(Plan { image, reports })
}
