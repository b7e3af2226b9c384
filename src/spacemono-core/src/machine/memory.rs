//! The Dragon 32's address space: 32K of RAM at $0000–$7FFF, ROM above it.
//!
//! Everything BASIC keeps (program, variables, strings, the text screen, the direct-page
//! pointers) lives in these bytes, at the Dragon's addresses, so PEEK and POKE see what they
//! would see on the real machine.

use std::cell::Cell;

/// Direct-page and system addresses the BASIC interpreter keeps current (docs/machine.md §2,
/// docs/interpreter.md §0).
pub mod addr {
    /// Start of the BASIC program (2 bytes, big-endian).
    pub const PROGRAM_START: u16 = 0x19;
    /// Start of simple variables = end of the program.
    pub const VARS_START: u16 = 0x1B;
    /// Start of arrays = end of simple variables.
    pub const ARRAYS_START: u16 = 0x1D;
    /// End of arrays: free RAM starts here.
    pub const STORAGE_END: u16 = 0x1F;
    /// Top of the machine stack = bottom of string space.
    pub const STACK_TOP: u16 = 0x21;
    /// Lowest used string byte − 1 (strings grow downward).
    pub const STRING_TOP: u16 = 0x23;
    /// Top of RAM usable by BASIC = top of string space.
    pub const RAM_TOP: u16 = 0x27;
    /// Current line number, $FFFF in direct mode.
    pub const CURRENT_LINE: u16 = 0x68;
    /// TIMER, 16-bit, counted up by the field interrupt (49.97 Hz).
    pub const TIMER: u16 = 0x0112;
    /// RND seed: $0115 is a spare byte, $0116–$0119 the 32-bit seed.
    pub const RND_SEED: u16 = 0x0115;
    /// The text screen, 32×16 bytes.
    pub const TEXT_SCREEN: u16 = 0x0400;
    pub const TEXT_SCREEN_END: u16 = 0x0600;
    /// Graphics pages start here (PCLEAR 4 puts the program at $1E01).
    pub const GRAPHICS_START: u16 = 0x0600;
    /// Where a Dragon 32 program starts after power-on; $1E00 holds a 0.
    pub const POWER_ON_PROGRAM: u16 = 0x1E01;
    /// Highest RAM address + 1 on a 32K machine.
    pub const RAM_END: u32 = 0x8000;
    /// Power-on top of the machine stack (200 bytes below RAM_TOP).
    pub const POWER_ON_STACK_TOP: u16 = 0x7F36;
    /// Power-on top of string space.
    pub const POWER_ON_RAM_TOP: u16 = 0x7FFE;
}

/// 64K address space with RAM below $8000. Writes above RAM are ignored, as writes to ROM are.
///
/// One range of RAM can be watched: the interpreter watches the program text its compiled
/// lines were made from, and every write path here notes a write that lands in it, whatever
/// statement made it (POKE, PCOPY, PCLS, a graphics statement on a page over the program, a
/// tape load), so the running program sees its text change as the ROM, which reads the text
/// itself, would.
#[derive(Clone)]
pub struct Memory {
    bytes: Box<[u8; 0x10000]>,
    watch_start: Cell<u16>,
    /// Bytes watched from `watch_start` (0: none).
    watch_len: Cell<u16>,
    watched_written: Cell<bool>,
}

/// The watched range as [`Memory::split_for_code`] hands it out (it cannot change while the
/// bytes are borrowed).
pub struct RamWatch<'a> {
    start: u16,
    len: u16,
    written: &'a Cell<bool>,
}

impl RamWatch<'_> {
    /// Note a write to `a`, as every write path of [`Memory`] does.
    #[inline(always)]
    pub fn note_write(&self, a: u16) {
        if a.wrapping_sub(self.start) < self.len {
            self.written.set(true);
        }
    }
}

impl Default for Memory {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memory { 64K }")
    }
}

impl Memory {
    pub fn new() -> Self {
        Memory {
            bytes: vec![0u8; 0x10000]
                .into_boxed_slice()
                .try_into()
                .expect("64K"),
            watch_start: Cell::new(0),
            watch_len: Cell::new(0),
            watched_written: Cell::new(false),
        }
    }

    #[inline]
    pub fn peek(&self, a: u16) -> u8 {
        self.bytes[a as usize]
    }

    /// The bytes, and the watch apart from them: for machine code's stretch
    /// (`machine::code_bus`), which keeps RAM in hand across millions of accesses and must
    /// note a write into the watched range as [`Memory::poke`] does.
    pub fn split_for_code(&mut self) -> (&mut [u8; 0x10000], RamWatch<'_>) {
        let watch = RamWatch {
            start: self.watch_start.get(),
            len: self.watch_len.get(),
            written: &self.watched_written,
        };
        (&mut self.bytes, watch)
    }

    /// Watch `start..end` for writes from now on (and forget earlier ones).
    pub fn watch(&self, start: u16, end: u16) {
        self.watch_start.set(start);
        self.watch_len.set(end.saturating_sub(start));
        self.watched_written.set(false);
    }

    /// Whether a write landed in the watched range since `watch`, and start afresh.
    #[inline]
    pub fn take_watched_write(&self) -> bool {
        self.watched_written.replace(false)
    }

    /// Whether a write landed in the watched range since `watch` (left as it is).
    #[inline(always)]
    pub fn watched_write(&self) -> bool {
        self.watched_written.get()
    }

    #[inline(always)]
    fn note_write(&self, a: u16) {
        if a.wrapping_sub(self.watch_start.get()) < self.watch_len.get() {
            self.watched_written.set(true);
        }
    }

    #[inline(always)]
    fn note_writes(&self, a: u16, len: usize) {
        let (s, n) = (
            self.watch_start.get() as usize,
            self.watch_len.get() as usize,
        );
        if (a as usize) < s + n && s < a as usize + len {
            self.watched_written.set(true);
        }
    }

    /// A write as the CPU makes it: RAM takes it, ROM and I/O above $7FFF ignore it.
    #[inline]
    pub fn poke(&mut self, a: u16, v: u8) {
        if (a as u32) < addr::RAM_END {
            self.note_write(a);
            self.bytes[a as usize] = v;
        }
    }

    /// A 16-bit write to one of the interpreter's own system variables (the current line
    /// number, TIMER): fixed addresses below the text screen, so never in the program text
    /// and not watched. Keeps the statement loop's commonest writes to a plain store.
    #[inline(always)]
    pub fn write_system_u16(&mut self, a: u16, v: u16) {
        debug_assert!(a < addr::TEXT_SCREEN);
        let [hi, lo] = v.to_be_bytes();
        self.bytes[a as usize] = hi;
        self.bytes[a as usize + 1] = lo;
    }

    /// Big-endian 16-bit read, as the 6809 stores pointers.
    #[inline]
    pub fn read_u16(&self, a: u16) -> u16 {
        u16::from_be_bytes([self.peek(a), self.peek(a.wrapping_add(1))])
    }

    #[inline]
    pub fn write_u16(&mut self, a: u16, v: u16) {
        let [hi, lo] = v.to_be_bytes();
        self.poke(a, hi);
        self.poke(a.wrapping_add(1), lo);
    }

    /// Five bytes (a packed number or a descriptor) at `a`, wrapping at 64K.
    #[inline(always)]
    pub fn read5(&self, a: u16) -> [u8; 5] {
        let i = a as usize;
        if i + 5 <= 0x10000 {
            let mut out = [0u8; 5];
            out.copy_from_slice(&self.bytes[i..i + 5]);
            out
        } else {
            self.read5_wrapping(a)
        }
    }

    /// [`read5`](Self::read5) as the first byte and the other four as one big-endian word
    /// (a packed number, for MOVFM).
    #[inline(always)]
    pub fn read5_split(&self, a: u16) -> (u8, u32) {
        let i = a as usize;
        if i + 5 <= 0x10000 {
            let mut rest = [0u8; 4];
            rest.copy_from_slice(&self.bytes[i + 1..i + 5]);
            (self.bytes[i], u32::from_be_bytes(rest))
        } else {
            let [b0, b1, b2, b3, b4] = self.read5_wrapping(a);
            (b0, u32::from_be_bytes([b1, b2, b3, b4]))
        }
    }

    #[cold]
    #[inline(never)]
    fn read5_wrapping(&self, a: u16) -> [u8; 5] {
        std::array::from_fn(|k| self.peek(a.wrapping_add(k as u16)))
    }

    /// Write five bytes at `a`; bytes that fall outside RAM are ignored, as POKE ignores them.
    /// Not watched: five-byte writes are the interpreter's stores of numbers and string
    /// descriptors into variable and array slots, which lie above the program text (this is
    /// the commonest write of the statement loop; watching it cost about 1 % of its speed).
    #[inline(always)]
    pub fn write5(&mut self, a: u16, v: [u8; 5]) {
        let i = a as usize;
        if i + 5 <= addr::RAM_END as usize {
            self.bytes[i..i + 5].copy_from_slice(&v);
        } else {
            self.write5_at_the_end(a, v);
        }
    }

    /// [`write5`](Self::write5) of a packed number given as its first byte and the other
    /// four as one big-endian word (a packed FAC: no bytes to assemble).
    #[inline(always)]
    pub fn write5_split(&mut self, a: u16, first: u8, rest: u32) {
        let i = a as usize;
        if i + 5 <= addr::RAM_END as usize {
            self.bytes[i] = first;
            self.bytes[i + 1..i + 5].copy_from_slice(&rest.to_be_bytes());
        } else {
            let [b1, b2, b3, b4] = rest.to_be_bytes();
            self.write5_at_the_end(a, [first, b1, b2, b3, b4]);
        }
    }

    #[cold]
    #[inline(never)]
    fn write5_at_the_end(&mut self, a: u16, v: [u8; 5]) {
        for (k, b) in v.iter().enumerate() {
            self.poke(a.wrapping_add(k as u16), *b);
        }
    }

    /// RAM bytes `start..end` (clamped to the address space).
    pub fn slice(&self, start: u16, end: u16) -> &[u8] {
        let (s, e) = (start as usize, (end as usize).max(start as usize));
        &self.bytes[s..e]
    }

    /// Mutable RAM bytes `start..end`; callers keep below $8000.
    pub fn slice_mut(&mut self, start: u16, end: u16) -> &mut [u8] {
        let (s, e) = (start as usize, (end as usize).max(start as usize));
        self.note_writes(start, e - s);
        &mut self.bytes[s..e]
    }

    /// memmove within RAM: copy `len` bytes from `src` to `dst`.
    pub fn copy_within(&mut self, src: u16, dst: u16, len: usize) {
        let (s, d) = (src as usize, dst as usize);
        if len == 0 || s + len > 0x10000 || d + len > 0x10000 {
            return;
        }
        self.note_writes(dst, len);
        self.bytes.copy_within(s..s + len, d);
    }

    /// The whole 64K, for snapshots and tests.
    pub fn all(&self) -> &[u8] {
        &self.bytes[..]
    }
}
