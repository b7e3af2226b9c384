//! Variables and arrays, stored in RAM as the Dragon stores them (docs/interpreter.md §1.3, §2):
//! simple variables of 7 bytes from VARS_START, arrays after them, each a header of 5+2n
//! bytes and 5-byte elements. An index by name makes lookups O(1); RAM stays the truth.

use crate::basic::ast::VarName;
use crate::basic::cost;
use crate::basic::error::ErrorCode;
use crate::basic::program::STACK_BUF;
use crate::machine::memory::{addr, Memory};

/// Name → the variable's offset+1 from the start of its area (low 16 bits; 0 = not created)
/// and its place in creation order (high 16 bits), which is what the ROM's linear search pays
/// for.
#[derive(Clone)]
pub struct VarIndex {
    /// (Fixed-size tables: a name indexes them without a bounds check.) A simple variable's
    /// entry also holds, in its high 32 bits, what the search for it costs (so a read
    /// multiplies nothing).
    simple: Box<[u64; 0x10000]>,
    arrays: Box<[u32; 0x10000]>,
    used_simple: Vec<VarName>,
    used_arrays: Vec<VarName>,
}

impl Default for VarIndex {
    fn default() -> Self {
        VarIndex {
            simple: vec![0u64; 0x10000]
                .into_boxed_slice()
                .try_into()
                .expect("0x10000 entries"),
            arrays: name_table(),
            used_simple: Vec::new(),
            used_arrays: Vec::new(),
        }
    }
}

/// A table with an entry for every name, zeroed.
fn name_table() -> Box<[u32; 0x10000]> {
    vec![0u32; 0x10000]
        .into_boxed_slice()
        .try_into()
        .expect("0x10000 entries")
}

impl std::fmt::Debug for VarIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "VarIndex({} simple, {} arrays)",
            self.used_simple.len(),
            self.used_arrays.len()
        )
    }
}

impl VarIndex {
    /// Forget every variable (RUN, CLEAR, NEW, any program edit).
    pub fn clear(&mut self) {
        for n in self.used_simple.drain(..) {
            self.simple[n as usize] = 0;
        }
        for n in self.used_arrays.drain(..) {
            self.arrays[n as usize] = 0;
        }
    }

    /// Address of a simple variable's 5 value bytes, if it exists.
    #[inline]
    pub fn find(&self, mem: &Memory, name: VarName) -> Option<u16> {
        let off = self.simple[name as usize] as u16;
        if off == 0 {
            None
        } else {
            Some(
                mem.read_u16(addr::VARS_START)
                    .wrapping_add(off)
                    .wrapping_add(1),
            )
        }
    }

    /// Address of a simple variable's value, creating it (zeroed) if needed: 7 bytes are
    /// inserted at the end of the simple variables and the arrays move up (L8AE8).
    pub fn find_or_create(
        &mut self,
        mem: &mut Memory,
        name: VarName,
        stack: u16,
    ) -> Result<u16, ErrorCode> {
        if let Some(a) = self.find(mem, name) {
            return Ok(a);
        }
        let vs = mem.read_u16(addr::VARS_START);
        let arr = mem.read_u16(addr::ARRAYS_START);
        let end = mem.read_u16(addr::STORAGE_END);
        if end as u32 + 7 + STACK_BUF as u32 >= stack as u32 {
            return Err(ErrorCode::OM);
        }
        // Pointers a program POKEd out of order wrap as the 6809's 16-bit sums do.
        mem.copy_within(arr, arr.wrapping_add(7), end.wrapping_sub(arr) as usize);
        mem.write_u16(arr, name);
        for i in 2..7 {
            mem.poke(arr.wrapping_add(i), 0);
        }
        mem.write_u16(addr::ARRAYS_START, arr.wrapping_add(7));
        mem.write_u16(addr::STORAGE_END, end + 7);
        let slot = self.used_simple.len() as u64;
        let searched = cost::VAR_SLOT as u64 * slot;
        self.simple[name as usize] =
            searched << 32 | slot << 16 | arr.wrapping_sub(vs).wrapping_add(1) as u64;
        self.used_simple.push(name);
        Ok(arr + 2)
    }

    /// [`find`](Self::find) and [`search_cycles`](Self::search_cycles) in one look at the
    /// index (the evaluator's hottest path).
    #[inline]
    pub fn find_searched(&self, mem: &Memory, name: VarName) -> (Option<u16>, u32) {
        let v = self.simple[name as usize];
        if v == 0 {
            (None, cost::VAR_SLOT * self.used_simple.len() as u32)
        } else {
            let a = mem
                .read_u16(addr::VARS_START)
                .wrapping_add(v as u16)
                .wrapping_add(1);
            (Some(a), (v >> 32) as u32)
        }
    }

    /// What the ROM's linear search of the table spends before it reaches this variable:
    /// 30 c for each variable created before it, or all of them when it does not exist
    /// (docs/timing.md §2.3; the creation itself, once per variable, is not counted).
    #[inline]
    pub fn search_cycles(&self, name: VarName) -> u32 {
        let v = self.simple[name as usize];
        if v == 0 {
            cost::VAR_SLOT * self.used_simple.len() as u32
        } else {
            (v >> 32) as u32
        }
    }

    /// The same for an array: 41 c for each array DIMmed before it.
    #[inline]
    pub fn array_search_cycles(&self, name: VarName) -> u32 {
        let v = self.arrays[name as usize];
        if v == 0 {
            cost::ARRAY_SLOT * self.used_arrays.len() as u32
        } else {
            cost::ARRAY_SLOT * (v >> 16)
        }
    }

    /// Address of an array's header, if it exists.
    #[inline]
    pub fn find_array(&self, mem: &Memory, name: VarName) -> Option<u16> {
        let off = self.arrays[name as usize] as u16;
        if off == 0 {
            None
        } else {
            Some(mem.read_u16(addr::ARRAYS_START).wrapping_add(off - 1))
        }
    }

    /// Create an array with these DIM sizes (each the highest subscript + 1).
    pub fn create_array(
        &mut self,
        mem: &mut Memory,
        name: VarName,
        sizes: &[u16],
        stack: u16,
    ) -> Result<u16, ErrorCode> {
        let mut elems: u32 = 1;
        for &s in sizes {
            elems *= s as u32;
            if elems > 0xFFFF {
                return Err(ErrorCode::OM);
            }
        }
        let header = 5 + 2 * sizes.len() as u32;
        let total = header + elems * 5;
        let start = mem.read_u16(addr::STORAGE_END);
        let arr = mem.read_u16(addr::ARRAYS_START);
        if total > 0xFFFF || start as u32 + total + STACK_BUF as u32 >= stack as u32 {
            return Err(ErrorCode::OM);
        }
        mem.write_u16(start, name);
        mem.write_u16(start + 2, total as u16);
        mem.poke(start + 4, sizes.len() as u8);
        // Sizes are stored last subscript first.
        for (i, &s) in sizes.iter().rev().enumerate() {
            mem.write_u16(start.wrapping_add(5 + 2 * i as u16), s);
        }
        for a in (start as u32 + header)..(start as u32 + total) {
            mem.poke(a as u16, 0);
        }
        mem.write_u16(addr::STORAGE_END, (start as u32 + total) as u16);
        let ordinal = (self.used_arrays.len() as u32) << 16;
        self.arrays[name as usize] = ordinal | start.wrapping_sub(arr).wrapping_add(1) as u32;
        self.used_arrays.push(name);
        Ok(start)
    }
}

/// Address of element `subs` of the array whose header is at `hdr`: the first subscript
/// varies fastest. ?BS for a wrong count or a subscript out of range.
pub fn element_addr(mem: &Memory, hdr: u16, subs: &[u16]) -> Result<u16, ErrorCode> {
    let n = mem.peek(hdr.wrapping_add(4)) as usize;
    if n != subs.len() {
        return Err(ErrorCode::BS);
    }
    let mut offset: u32 = 0;
    // Stored sizes are last subscript first: size of subscript k is at index n-1-k.
    for k in (0..n).rev() {
        let size = mem.read_u16(hdr.wrapping_add(5 + 2 * (n - 1 - k) as u16)) as u32;
        let s = subs[k] as u32;
        if s >= size {
            return Err(ErrorCode::BS);
        }
        offset = offset * size + s;
    }
    Ok((hdr as u32 + 5 + 2 * n as u32 + offset * 5) as u16)
}
