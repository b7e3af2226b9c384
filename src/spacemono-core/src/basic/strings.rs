//! Strings as the Dragon keeps them (docs/interpreter.md §1.4): 5-byte descriptors
//! `[len][0][addr hi][addr lo][0]` in variables, array elements or the 8-slot temporary
//! descriptor stack at $01A9; the characters in string space, allocated downward from
//! STRING_TOP, garbage-collected when it runs out.

use crate::basic::error::ErrorCode;
use crate::basic::interp::{Interpreter, Res, BUFFER_STRINGS_END};
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;

/// The temporary string descriptor stack: 8 descriptors of 5 bytes.
pub const TEMP_BASE: u16 = 0x01A9;
pub const TEMP_SLOTS: u16 = 8;

#[inline]
pub fn is_temp(desc: u16) -> bool {
    (TEMP_BASE..TEMP_BASE + 5 * TEMP_SLOTS).contains(&desc)
}

/// Read a descriptor: (length, address).
#[inline]
pub fn read_desc(hw: &Hardware, desc: u16) -> (u8, u16) {
    (hw.mem.peek(desc), hw.mem.read_u16(desc + 2))
}

#[inline]
pub fn write_desc(hw: &mut Hardware, desc: u16, len: u8, at: u16) {
    hw.mem.poke(desc, len);
    hw.mem.poke(desc + 1, 0);
    hw.mem.write_u16(desc + 2, at);
    hw.mem.poke(desc + 4, 0);
}

impl Interpreter {
    /// Put a descriptor on the temporary stack (?ST when all 8 are in use).
    pub(crate) fn push_temp(&mut self, hw: &mut Hardware, len: u8, at: u16) -> Res<u16> {
        if self.temp_count >= TEMP_SLOTS {
            return Err(ErrorCode::ST);
        }
        let d = TEMP_BASE + 5 * self.temp_count;
        self.temp_count += 1;
        write_desc(hw, d, len, at);
        Ok(d)
    }

    /// LB675: drop the descriptor if it is the last temporary; the characters stay.
    /// Returns whether it was dropped.
    pub(crate) fn drop_temp_desc(&mut self, desc: u16) -> bool {
        if self.temp_count > 0 && desc == TEMP_BASE + 5 * (self.temp_count - 1) {
            self.temp_count -= 1;
            true
        } else {
            false
        }
    }

    /// FRETMP: done with a string value. A temporary that is the last on the stack is
    /// dropped, and if its characters are the lowest in string space they are given back.
    /// Returns (length, address) of the characters, still readable until the next allocation.
    pub(crate) fn free_str(&mut self, hw: &mut Hardware, desc: u16) -> (u8, u16) {
        let (len, at) = read_desc(hw, desc);
        if self.drop_temp_desc(desc) {
            let top = hw.mem.read_u16(addr::STRING_TOP);
            if at == top.wrapping_add(1) {
                hw.mem
                    .write_u16(addr::STRING_TOP, top.wrapping_add(len as u16));
            }
        }
        (len, at)
    }

    /// Reserve `n` bytes of string space (garbage-collecting once if needed, else ?OS).
    pub(crate) fn alloc_str(&mut self, hw: &mut Hardware, n: u8) -> Res<u16> {
        if n == 0 {
            return Ok(hw.mem.read_u16(addr::STRING_TOP).wrapping_add(1));
        }
        for attempt in 0..2 {
            let top = hw.mem.read_u16(addr::STRING_TOP) as i32;
            let bottom = hw.mem.read_u16(addr::STACK_TOP) as i32;
            let new_top = top - n as i32;
            if new_top >= bottom {
                hw.mem.write_u16(addr::STRING_TOP, new_top as u16);
                return Ok(new_top as u16 + 1);
            }
            if attempt == 0 {
                self.collect_garbage(hw);
            }
        }
        Err(ErrorCode::OS)
    }

    /// A new temporary string holding `bytes`.
    pub(crate) fn new_temp_string(&mut self, hw: &mut Hardware, bytes: &[u8]) -> Res<u16> {
        let n = bytes.len();
        if n > 255 {
            return Err(ErrorCode::LS);
        }
        let at = self.alloc_str(hw, n as u8)?;
        for (i, &b) in bytes.iter().enumerate() {
            hw.mem.poke(at + i as u16, b);
        }
        hw.cycles += crate::basic::cost::STRING_BYTE * n as u32;
        self.push_temp(hw, n as u8, at)
    }

    /// A string literal: text in the program is pointed at; text in the input buffer
    /// (direct mode) is copied into string space first.
    pub(crate) fn literal_string(&mut self, hw: &mut Hardware, at: u16, len: u8) -> Res<u16> {
        if at <= BUFFER_STRINGS_END {
            let bytes = hw.mem.slice(at, at + len as u16).to_vec();
            self.new_temp_string(hw, &bytes)
        } else {
            self.push_temp(hw, len, at)
        }
    }

    /// LET for strings (L86D7): characters already in string space that belong to another
    /// variable are copied; a temporary is adopted; text in the program is shared.
    pub(crate) fn assign_string(&mut self, hw: &mut Hardware, target: u16, src: u16) -> Res<()> {
        let (len, mut at) = read_desc(hw, src);
        let top = hw.mem.read_u16(addr::STRING_TOP);
        if at > top && !is_temp(src) {
            let new = self.alloc_str(hw, len)?;
            let (_, cur) = read_desc(hw, src);
            hw.mem.copy_within(cur, new, len as usize);
            hw.cycles += crate::basic::cost::STRING_BYTE * len as u32;
            at = new;
        }
        self.drop_temp_desc(src);
        write_desc(hw, target, len, at);
        Ok(())
    }

    /// Every descriptor that may point into string space: simple string variables, string
    /// array elements and the temporaries.
    fn live_descriptors(&self, hw: &Hardware) -> Vec<u16> {
        let mem = &hw.mem;
        let mut out = Vec::new();
        let vs = mem.read_u16(addr::VARS_START);
        let arr = mem.read_u16(addr::ARRAYS_START);
        let end = mem.read_u16(addr::STORAGE_END);
        let mut a = vs;
        while a + 7 <= arr {
            if mem.peek(a) & 0x80 == 0 && mem.peek(a + 1) & 0x80 != 0 {
                out.push(a + 2);
            }
            a += 7;
        }
        let mut a = arr;
        while (a as u32) + 5 <= end as u32 {
            let size = mem.read_u16(a + 2);
            if size < 5 {
                break;
            }
            if mem.peek(a + 1) & 0x80 != 0 && mem.peek(a) & 0x80 == 0 {
                let n = mem.peek(a + 4) as u16;
                let mut e = a + 5 + 2 * n;
                while (e as u32) + 5 <= a as u32 + size as u32 {
                    out.push(e);
                    e += 5;
                }
            }
            a = match a.checked_add(size) {
                Some(x) => x,
                None => break,
            };
        }
        for i in 0..self.temp_count {
            out.push(crate::basic::strings::TEMP_BASE + 5 * i);
        }
        out
    }

    /// Garbage collection (VarGarbageCollect): move every live string to the top of string
    /// space, highest address first, so the order of strings in memory is kept.
    pub(crate) fn collect_garbage(&mut self, hw: &mut Hardware) {
        use crate::basic::cost;
        let top = hw.mem.read_u16(addr::RAM_TOP);
        let old_bottom = hw.mem.read_u16(addr::STRING_TOP);
        let descriptors = self.live_descriptors(hw);
        // The ROM makes one pass per string it moves, and a last one; each pass scans every
        // simple variable and every descriptor (docs/timing.md §2.14).
        let simple = hw
            .mem
            .read_u16(addr::ARRAYS_START)
            .wrapping_sub(hw.mem.read_u16(addr::VARS_START))
            / 7;
        let pass = cost::GC_PASS
            + cost::GC_NUMERIC * simple as u32
            + cost::GC_ELEMENT * descriptors.len() as u32;
        let mut live: Vec<(u16, u8, u16)> = descriptors
            .into_iter()
            .filter_map(|d| {
                let (len, at) = read_desc(hw, d);
                (len > 0 && at > old_bottom && at <= top).then_some((d, len, at))
            })
            .collect();
        live.sort_by_key(|&(_, _, at)| std::cmp::Reverse(at));
        hw.cycles = hw
            .cycles
            .saturating_add(pass.saturating_mul(live.len() as u32 + 1));
        let mut new_top = top as i32;
        for (d, len, at) in live {
            let dest = (new_top - len as i32 + 1) as u16;
            hw.mem.copy_within(at, dest, len as usize);
            write_desc(hw, d, len, dest);
            new_top -= len as i32;
            hw.cycles += cost::ALLOCATE + cost::GC_BYTE * len as u32;
        }
        hw.mem.write_u16(addr::STRING_TOP, new_top as u16);
    }
}
