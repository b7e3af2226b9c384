//! The MC6883 SAM's control register (docs/machine.md §15): sixteen bits, each set by a write
//! to an odd address and cleared by a write to the even one below it, $FFC0-$FFDF (the byte
//! written does not matter).

/// Where the SAM's set/clear pairs start and end.
pub const FIRST: u16 = 0xFFC0;
pub const LAST: u16 = 0xFFDF;

/// The CPU rate (R1:R0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rate {
    /// 00: every access at 0.89 MHz (what BASIC leaves).
    Slow,
    /// 01: accesses to the ROM and the I/O beyond PIA0 (and the 6809's dead cycles, which
    /// put $FFFF on the bus) at 1.78 MHz; RAM and PIA0 at 0.89 MHz (`POKE 65495,0`).
    AddressDependent,
    /// 1x: every access at 1.78 MHz (the display and RAM refresh are lost on a real machine).
    Fast,
}

/// The SAM's register: bit n is set by $FFC0+2n+1 and cleared by $FFC0+2n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sam {
    bits: u16,
}

/// Bit numbers in the register.
const V_SHIFT: u32 = 0; // V0-V2: bits 0-2
const F_SHIFT: u32 = 3; // F0-F6: bits 3-9
const R_SHIFT: u32 = 11; // R0-R1: bits 11-12
const M_SHIFT: u32 = 13; // M0-M1: bits 13-14
                         // P1 is bit 10, TY bit 15.

impl Default for Sam {
    /// As the ROM's hardware init leaves it on a Dragon 32 (DR `DoHWInit`): every bit
    /// cleared, then F1 (the display at $0400) and M0 (16K dynamic RAMs, as PIA1 PB2 reads 1:
    /// docs/machine.md §14).
    fn default() -> Self {
        Sam {
            bits: (2 << F_SHIFT) | (1 << M_SHIFT),
        }
    }
}

impl Sam {
    /// A write anywhere in $FFC0-$FFDF: sets or clears one bit.
    #[inline]
    pub fn write(&mut self, a: u16) {
        let bit = (a.wrapping_sub(FIRST) >> 1) & 15;
        if a & 1 != 0 {
            self.bits |= 1 << bit;
        } else {
            self.bits &= !(1 << bit);
        }
    }

    /// V2-V0: the display mode (how the SAM's video counter divides: `video::sam_scan`).
    pub fn display_mode(&self) -> u8 {
        ((self.bits >> V_SHIFT) & 7) as u8
    }

    /// F6-F0: where the display starts, in 512-byte units.
    pub fn display_offset(&self) -> u8 {
        ((self.bits >> F_SHIFT) & 0x7F) as u8
    }

    /// The first byte the display shows: F × 512.
    pub fn display_start(&self) -> u16 {
        (self.display_offset() as u16) << 9
    }

    /// Set V2-V0 and F6-F0 as the ROM does (TextResetVDU, the graphics mode set): one write
    /// to a pair for each bit.
    pub fn set_display(&mut self, mode: u8, start: u16) {
        let mask = (7 << V_SHIFT) | (0x7F << F_SHIFT);
        let v = ((mode as u16 & 7) << V_SHIFT) | (((start >> 9) & 0x7F) << F_SHIFT);
        self.bits = (self.bits & !mask) | v;
    }

    /// P1: the page bit (selects the upper 32K of 64K RAM in map type 0 on a 64K machine).
    #[cfg(test)] // (only the display offset and the rate act here)
    pub fn page(&self) -> bool {
        self.bits & (1 << 10) != 0
    }

    /// R1-R0: the CPU rate.
    #[inline]
    pub fn rate(&self) -> Rate {
        match (self.bits >> R_SHIFT) & 3 {
            0 => Rate::Slow,
            1 => Rate::AddressDependent,
            _ => Rate::Fast,
        }
    }

    /// M1-M0: the memory size (0: 4K, 1: 16K, 2: 64K dynamic RAMs).
    #[cfg(test)] // (only the display offset and the rate act here)
    pub fn memory_size(&self) -> u8 {
        ((self.bits >> M_SHIFT) & 3) as u8
    }

    /// TY: the map type (0: 32K RAM and 32K ROM, 1: 64K RAM).
    #[cfg(test)] // (only the display offset and the rate act here)
    pub fn map_type(&self) -> bool {
        self.bits & (1 << 15) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_set_and_clear_their_bit() {
        let mut s = Sam::default();
        assert_eq!(s.display_start(), 0x0400);
        assert_eq!(s.memory_size(), 1);
        assert_eq!(s.rate(), Rate::Slow);
        s.write(0xFFD7); // R0 set: 65495
        assert_eq!(s.rate(), Rate::AddressDependent);
        s.write(0xFFD9); // R1 set
        assert_eq!(s.rate(), Rate::Fast);
        s.write(0xFFD8);
        s.write(0xFFD6); // 65494
        assert_eq!(s.rate(), Rate::Slow);
        s.write(0xFFC5); // V2
        s.write(0xFFCB); // F2 (F1 is set already)
        assert_eq!(s.display_mode(), 4);
        assert_eq!(s.display_start(), 0x0C00);
        s.write(0xFFD5);
        assert!(s.page());
        s.write(0xFFDF);
        assert!(s.map_type());
    }

    #[test]
    fn set_display_writes_mode_and_offset_only() {
        let mut s = Sam::default();
        s.write(0xFFD7);
        s.set_display(6, 0x0E00);
        assert_eq!((s.display_mode(), s.display_start()), (6, 0x0E00));
        assert_eq!(s.rate(), Rate::AddressDependent);
    }
}
