//! The MC6809's programmer-visible registers and the condition code bits.

/// Condition code bits, as the data sheet names them.
pub mod cc {
    /// Carry (or borrow).
    pub const C: u8 = 0x01;
    /// Two's-complement overflow.
    pub const V: u8 = 0x02;
    /// Zero.
    pub const Z: u8 = 0x04;
    /// Negative.
    pub const N: u8 = 0x08;
    /// IRQ mask.
    pub const I: u8 = 0x10;
    /// Half carry (out of bit 3), for DAA.
    pub const H: u8 = 0x20;
    /// FIRQ mask.
    pub const F: u8 = 0x40;
    /// Entire state stacked (set by IRQ, NMI, SWI and CWAI; cleared by FIRQ).
    pub const E: u8 = 0x80;
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Registers {
    pub a: u8,
    pub b: u8,
    pub dp: u8,
    pub cc: u8,
    pub x: u16,
    pub y: u16,
    pub u: u16,
    pub s: u16,
    pub pc: u16,
}

impl Registers {
    /// D is A (high) and B (low).
    pub fn d(&self) -> u16 {
        u16::from_be_bytes([self.a, self.b])
    }

    pub fn set_d(&mut self, d: u16) {
        [self.a, self.b] = d.to_be_bytes();
    }

    pub fn flag(&self, bit: u8) -> bool {
        self.cc & bit != 0
    }

    pub(crate) fn set_flag(&mut self, bit: u8, on: bool) {
        if on {
            self.cc |= bit;
        } else {
            self.cc &= !bit;
        }
    }
}
