//! The program as the Dragon stores it in RAM (docs/machine.md §2): linked lines
//! `[next addr][line number][crunched text][0]`, ended by a 0000 link, between
//! PROGRAM_START ($19) and VARS_START ($1B).
//!
//! ROM routines followed here (DR = prime6809/DragonRom `DragonROM.asm`):
//! * `BasFindLineNo` (`L83FF`): walk the links from the program start and stop at the first
//!   line whose number is **≥** the one sought; it is found only when that line's number is
//!   equal. A line further on with the same number (possible only after POKEs) is not seen.
//! * Line entry (`L83A3`..`L83EA`): find the line; if it exists, remove it — its size is taken
//!   from its link (`next − addr`), not from its 0 byte; if the new text is not empty, check
//!   room (`BasChkArrSpaceMv`: new end + 58 ≥ S is ?OM) and open a gap of text+5 bytes; then
//!   `BasVect1` (VARS = ARRAYS = END of storage = end of program) and `BasVect2` (relink).
//! * `BasVect2` (`L83ED`): from the program start, while the link is not 0, set the link to the
//!   byte after the line's 0. Only zero/non-zero of a link matters.
//! * `BasNew` (`L8417`): two zero bytes at the program start, VARS_START = start + 2.
//! * DEL (`CmdDelete`, `L9D61`): from the first line ≥ first, skip lines while their number
//!   ≤ last, move the rest of the program down, `BasVect1`, relink from the first deleted
//!   line's address.
//!
//! Corrupt programs (POKEd links): the walk follows links as the ROM does, but only forward
//! and only inside RAM, and it stops cleanly where the ROM would loop forever or run into ROM
//! space. Editing functions relink first when the walk does not end at a 0000 link.

use crate::basic::error::ErrorCode;
use crate::machine::memory::{addr, Memory};

/// One stored line, located in RAM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRef {
    /// Address of the line's link field.
    pub addr: u16,
    pub number: u16,
    /// Address of the first byte of crunched text.
    pub text: u16,
    /// Address of the terminating 0 byte.
    pub end: u16,
    /// The link as stored (address of the next line; 0 at the end).
    pub next: u16,
}

impl LineRef {
    /// The crunched text (without its 0).
    pub fn text_bytes<'m>(&self, mem: &'m Memory) -> &'m [u8] {
        mem.slice(self.text, self.end)
    }
}

/// StackBuf: a program line may not bring the end of the program within 58 bytes of the stack.
pub const STACK_BUF: u16 = 58;

const RAM_END: u32 = addr::RAM_END;

/// The result of following the links from PROGRAM_START.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramWalk {
    /// The lines reached, in link order.
    pub lines: Vec<LineRef>,
    /// Address of the 0000 link that ends the program, when the walk reached one. `None` when
    /// it stopped at a corrupt link: one pointing backwards or to itself (the ROM would loop),
    /// one leading out of RAM, or a line with no 0 byte before the end of RAM.
    pub end_link: Option<u16>,
}

impl ProgramWalk {
    /// `BasFindLineNo`: index of the first line whose number is ≥ `number` (None = the end).
    pub fn position_at_or_after(&self, number: u16) -> Option<usize> {
        self.lines.iter().position(|l| l.number >= number)
    }
}

/// Finds the first 0 at or after an address, remembering the last one found so that a walk
/// whose addresses only increase scans each byte of RAM at most once.
struct ZeroFinder {
    last: Option<u32>,
}

impl ZeroFinder {
    fn new() -> Self {
        ZeroFinder { last: None }
    }

    fn find(&mut self, mem: &Memory, from: u32) -> Option<u16> {
        if from >= RAM_END {
            return None;
        }
        if let Some(z) = self.last {
            if z >= from {
                return Some(z as u16);
            }
        }
        let hay = mem.slice(from as u16, RAM_END as u16);
        let z = hay.iter().position(|&b| b == 0).map(|p| from + p as u32)?;
        self.last = Some(z);
        Some(z as u16)
    }
}

/// Follow the links from `start` (an address of a link field).
fn walk_from(mem: &Memory, start: u16) -> ProgramWalk {
    let mut lines = Vec::new();
    let mut zeros = ZeroFinder::new();
    let mut a = start;
    loop {
        if a as u32 + 2 > RAM_END {
            return ProgramWalk {
                lines,
                end_link: None,
            };
        }
        let next = mem.read_u16(a);
        if next == 0 {
            return ProgramWalk {
                lines,
                end_link: Some(a),
            };
        }
        let text = a as u32 + 4;
        let end = match zeros.find(mem, text) {
            Some(z) => z,
            None => {
                return ProgramWalk {
                    lines,
                    end_link: None,
                }
            }
        };
        lines.push(LineRef {
            addr: a,
            number: mem.read_u16(a + 2),
            text: text as u16,
            end,
            next,
        });
        if next <= a {
            return ProgramWalk {
                lines,
                end_link: None,
            };
        }
        a = next;
    }
}

/// Follow the links from PROGRAM_START ($19).
pub fn walk(mem: &Memory) -> ProgramWalk {
    walk_from(mem, program_start(mem))
}

/// The address in $19.
pub fn program_start(mem: &Memory) -> u16 {
    mem.read_u16(addr::PROGRAM_START)
}

/// The lines of the program in order, following the links from PROGRAM_START.
pub fn lines(mem: &Memory) -> Vec<LineRef> {
    walk(mem).lines
}

/// `BasFindLineNo` from an arbitrary link address (`L8403`; GOTO searches from the line after
/// the current one when the target is higher): the first line whose number is ≥ `number`,
/// or None when the program (or a clean stretch of it) ends first.
pub fn line_at_or_after(mem: &Memory, from: u16, number: u16) -> Option<LineRef> {
    // Walk lazily: stop at the first line that qualifies.
    let mut zeros = ZeroFinder::new();
    let mut a = from;
    loop {
        if a as u32 + 2 > RAM_END {
            return None;
        }
        let next = mem.read_u16(a);
        if next == 0 {
            return None;
        }
        let end = zeros.find(mem, a as u32 + 4)?;
        let n = mem.read_u16(a + 2);
        if n >= number {
            return Some(LineRef {
                addr: a,
                number: n,
                text: a + 4,
                end,
                next,
            });
        }
        if next <= a {
            return None;
        }
        a = next;
    }
}

/// The line with exactly this number (the ROM's search: the first line numbered ≥ `number`
/// must be it).
pub fn find_line(mem: &Memory, number: u16) -> Option<LineRef> {
    line_at_or_after(mem, program_start(mem), number).filter(|l| l.number == number)
}

/// A walk that ends at a 0000 link; relinks once if the first walk did not.
fn clean_walk(mem: &mut Memory) -> Option<ProgramWalk> {
    let w = walk(mem);
    if w.end_link.is_some() {
        return Some(w);
    }
    relink(mem);
    let w = walk(mem);
    w.end_link.is_some().then_some(w)
}

fn set_program_end(mem: &mut Memory, end: u16) {
    mem.write_u16(addr::VARS_START, end);
    mem.write_u16(addr::ARRAYS_START, end);
    mem.write_u16(addr::STORAGE_END, end);
}

/// Store a crunched line (replacing one with the same number), or delete the line when
/// `text` is empty. Relinks and moves VARS_START/ARRAYS_START/STORAGE_END to the new end of
/// the program. ?OM when the new end + 58 would reach `stack_pointer`; nothing changes then.
///
/// `text` is taken up to its first 0 byte. The new end is computed as the ROM computes it,
/// after the old line of that number is removed. (The ROM removes that old line *before* the
/// check, so on the real machine a replacement that fails with ?OM has lost the old line and
/// left the following links stale; here nothing changes, as the contract asks.)
/// A program whose links cannot be followed to a 0000 link is relinked first; if even that
/// fails (no 0 byte before the end of RAM) the result is ?FC and nothing is stored.
pub fn store_line(
    mem: &mut Memory,
    number: u16,
    text: &[u8],
    stack_pointer: u16,
) -> Result<(), ErrorCode> {
    let text = match text.iter().position(|&b| b == 0) {
        Some(p) => &text[..p],
        None => text,
    };
    let w = clean_walk(mem).ok_or(ErrorCode::FC)?;
    let end_link = w.end_link.expect("clean walk");
    let prog_end = end_link as u32 + 2;

    let (at, old_size) = match w.position_at_or_after(number) {
        Some(i) => {
            let l = w.lines[i];
            let size = if l.number == number {
                (l.next - l.addr) as u32
            } else {
                0
            };
            (l.addr as u32, size)
        }
        None => (end_link as u32, 0),
    };
    let new_size = if text.is_empty() {
        0
    } else {
        text.len() as u32 + 5
    };
    let after_delete = prog_end - old_size;
    let new_end = after_delete + new_size;
    if new_size > 0 && (new_end + STACK_BUF as u32 >= stack_pointer as u32 || new_end > RAM_END) {
        return Err(ErrorCode::OM);
    }

    if old_size > 0 {
        let from = at + old_size;
        mem.copy_within(from as u16, at as u16, (prog_end - from) as usize);
    }
    if new_size > 0 {
        mem.copy_within(
            at as u16,
            (at + new_size) as u16,
            (after_delete - at) as usize,
        );
        let a = at as u16;
        mem.write_u16(a, (at + new_size) as u16);
        mem.write_u16(a + 2, number);
        mem.slice_mut(a + 4, a + 4 + text.len() as u16)
            .copy_from_slice(text);
        mem.poke(a + 4 + text.len() as u16, 0);
    }
    set_program_end(mem, new_end as u16);
    relink(mem);
    Ok(())
}

/// NEW: an empty program (a 0000 link) and the variable pointers just after it.
pub fn clear_program(mem: &mut Memory) {
    let start = program_start(mem);
    mem.write_u16(start, 0);
    set_program_end(mem, start.wrapping_add(2));
}

/// Rebuild every link from `start` on by scanning for each line's 0 byte (DR `L83EF`).
/// Stops at a 0000 link, or where a line has no 0 byte before the end of RAM.
pub fn relink_from(mem: &mut Memory, start: u16) {
    let mut x = start as u32;
    loop {
        if x + 2 > RAM_END || mem.read_u16(x as u16) == 0 {
            return;
        }
        let from = x + 4;
        if from >= RAM_END {
            return;
        }
        let hay = mem.slice(from as u16, RAM_END as u16);
        let Some(p) = hay.iter().position(|&b| b == 0) else {
            return;
        };
        let next = from + p as u32 + 1;
        mem.write_u16(x as u16, next as u16);
        x = next;
    }
}

/// Rebuild every link by scanning for each line's 0 byte (DR BasVect2), as after a load.
pub fn relink(mem: &mut Memory) {
    let start = program_start(mem);
    relink_from(mem, start);
}

/// DEL: remove lines `first..=last` (missing lines are not an error).
///
/// As `CmdDelete`: from the first line numbered ≥ `first`, every following line numbered
/// ≤ `last` goes; VARS/ARRAYS/END move to the new end of the program (the ROM's `BasVect1`
/// also erases the variables: that part belongs to the interpreter).
pub fn delete_range(mem: &mut Memory, first: u16, last: u16) {
    let Some(w) = clean_walk(mem) else {
        return;
    };
    let end_link = w.end_link.expect("clean walk");
    let prog_end = end_link as u32 + 2;
    let from_i = w.position_at_or_after(first).unwrap_or(w.lines.len());
    let mut to_i = from_i;
    while to_i < w.lines.len() && w.lines[to_i].number <= last {
        to_i += 1;
    }
    let addr_of = |i: usize| w.lines.get(i).map_or(end_link, |l| l.addr) as u32;
    let (x, u) = (addr_of(from_i), addr_of(to_i));
    if u > x {
        mem.copy_within(u as u16, x as u16, (prog_end - u) as usize);
    }
    set_program_end(mem, (prog_end - (u - x)) as u16);
    relink_from(mem, x as u16);
}
