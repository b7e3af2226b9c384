//! What the CPU sees of the machine: 64K of addresses to read and write. The machine decides
//! what answers at each (RAM, the ROM area, the PIAs, the SAM).

/// The address a 6809 drives in a cycle that is not a memory access (a "dead" or non-VMA
/// cycle): $FFFF, with R/W high.
pub const DEAD_CYCLE_ADDRESS: u16 = 0xFFFF;

/// Memory as the CPU addresses it. Reads take `&mut self` because reading an I/O register can
/// change it (a PIA clears its interrupt flags when its data register is read).
///
/// Every cycle of an instruction is one call: a [`Bus::read`], a [`Bus::write`] or a
/// [`Bus::dummy`], in the order the 6809 makes them, so the calls during one
/// [`super::Mc6809::step`] add up to the cycles it returns. A machine whose timing depends
/// on the address of each cycle (the Dragon's SAM, slow for RAM and fast for the ROM area and
/// I/O at its address-dependent rate) can charge each call by its address.
pub trait Bus {
    fn read(&mut self, addr: u16) -> u8;
    fn write(&mut self, addr: u16, value: u8);

    /// A cycle whose data the CPU ignores: a dummy read of `addr` (the byte after the
    /// opcode, the stack pointer, an operand address) or, with `addr` =
    /// [`DEAD_CYCLE_ADDRESS`], a dead cycle. The real chip's dummy reads are reads; this
    /// default ignores them, so plain memory pays nothing for them (a machine that wants a
    /// dummy read's side effects on its devices can read there).
    #[inline(always)]
    fn dummy(&mut self, addr: u16) {
        let _ = addr;
    }
}

/// 64K of plain RAM at every address: for tests and for running code with no hardware.
pub struct FlatRam {
    pub bytes: Box<[u8; 0x10000]>,
}

impl FlatRam {
    pub fn new() -> Self {
        FlatRam {
            bytes: Box::new([0; 0x10000]),
        }
    }

    /// Copies `code` to `addr` onwards (wrapping past $FFFF).
    pub fn load(&mut self, addr: u16, code: &[u8]) {
        for (i, &b) in code.iter().enumerate() {
            self.bytes[addr.wrapping_add(i as u16) as usize] = b;
        }
    }
}

impl Default for FlatRam {
    fn default() -> Self {
        Self::new()
    }
}

impl Bus for FlatRam {
    #[inline(always)]
    fn read(&mut self, addr: u16) -> u8 {
        self.bytes[addr as usize]
    }

    #[inline(always)]
    fn write(&mut self, addr: u16, value: u8) {
        self.bytes[addr as usize] = value;
    }
}
