//! One MC6821 PIA (docs/machine.md §14): two sides (A and B), each with a data direction
//! register, an output register and a control register whose top two bits are the interrupt
//! flags of its C1 and C2 lines. What is wired to the pins is the I/O page's business
//! (`io_page`); this is only the chip.

/// Control register bits (the 6821 data sheet).
pub mod cr {
    /// C1 interrupt enabled (IRQ output follows the C1 flag).
    pub const IRQ1_ENABLE: u8 = 0x01;
    /// 1: the data register is at the side's first address; 0: the data direction register.
    pub const DATA: u8 = 0x04;
    /// With C2 an output set by the program (bits 5-4 = 11): the level of C2.
    pub const C2_LEVEL: u8 = 0x08;
    /// C2 is an output.
    pub const C2_OUTPUT: u8 = 0x20;
    /// C1's interrupt flag (read only).
    pub const IRQ1_FLAG: u8 = 0x80;
    /// C2's interrupt flag (read only).
    pub const IRQ2_FLAG: u8 = 0x40;
}

/// One side of a PIA.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PiaSide {
    /// Bits 0-5 of the control register as last written.
    pub control: u8,
    /// 1 = output.
    pub ddr: u8,
    pub output: u8,
    /// An active edge came on C1 since the data register was last read.
    irq1: bool,
    /// An active edge came on C2 (as an input) since the data register was last read.
    irq2: bool,
}

impl PiaSide {
    /// A side as the ROM's hardware init leaves it: `ddr`, outputs 0, control `control`.
    pub const fn set_up(ddr: u8, control: u8) -> PiaSide {
        PiaSide {
            control,
            ddr,
            output: 0,
            irq1: false,
            irq2: false,
        }
    }

    /// Whether the side's first address is the data register (else the DDR).
    #[inline]
    pub fn data_selected(&self) -> bool {
        self.control & cr::DATA != 0
    }

    /// The control register as read: the flags over the bits written.
    pub fn read_control(&self) -> u8 {
        let mut v = self.control & 0x3F;
        if self.irq1 {
            v |= cr::IRQ1_FLAG;
        }
        if self.irq2 {
            v |= cr::IRQ2_FLAG;
        }
        v
    }

    /// A write to the control register: the flags are read only; making C2 an output
    /// clears its flag.
    pub fn write_control(&mut self, v: u8) {
        self.control = v & 0x3F;
        if v & cr::C2_OUTPUT != 0 {
            self.irq2 = false;
        }
    }

    /// A write to the side's first address: the DDR or the output register, as selected.
    pub fn write_first(&mut self, v: u8) {
        if self.data_selected() {
            self.output = v;
        } else {
            self.ddr = v;
        }
    }

    /// The levels the side drives on its pins: the output register's bits where the DDR
    /// makes them outputs, high elsewhere (an input pin nothing pulls low reads high).
    #[inline]
    pub fn pins_out(&self) -> u8 {
        self.output | !self.ddr
    }

    /// The data register as read, given the levels on the pins: an A side reads the pins
    /// themselves (an output held low from outside reads low), a B side its output
    /// register's bits for outputs and the pins for inputs (6821 data sheet).
    pub fn read_data(&self, pins: u8, is_b: bool) -> u8 {
        if is_b {
            (self.output & self.ddr) | (pins & !self.ddr)
        } else {
            pins
        }
    }

    /// A read of the data register clears both interrupt flags (and so the IRQ output).
    #[inline]
    pub fn clear_flags(&mut self) {
        self.irq1 = false;
        self.irq2 = false;
    }

    /// An active edge on C1 (the field sync on PIA0 CB1, the line sync on PIA0 CA1): the
    /// flag is set whether or not its interrupt is enabled.
    #[inline]
    pub fn c1_active(&mut self) {
        self.irq1 = true;
    }

    /// Whether the side pulls its IRQ output: a flag set with its interrupt enabled.
    pub fn irq(&self) -> bool {
        (self.irq1 && self.control & cr::IRQ1_ENABLE != 0)
            || (self.irq2 && self.control & (cr::C2_OUTPUT | 0x08) == 0x08)
    }

    /// The level on C2 as the side drives it: with bits 5-4 = 11, bit 3; in the strobe
    /// modes (10) high at rest; as an input (0x) pulled high on the A side and floating low
    /// on the B side (XR `mc6821.c`: the B side has no pull-up).
    pub fn c2(&self, is_b: bool) -> bool {
        match self.control & 0x30 {
            0x30 => self.control & cr::C2_LEVEL != 0,
            0x20 => true,
            _ => !is_b,
        }
    }
}

/// An MC6821: sides A and B at four addresses (data or DDR A, control A, data or DDR B,
/// control B).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pia {
    pub a: PiaSide,
    pub b: PiaSide,
}

impl Pia {
    /// Whether either side pulls the IRQ (or FIRQ) line it drives.
    pub fn irq(&self) -> bool {
        self.a.irq() || self.b.irq()
    }

    /// The register at `reg` (0-3) as read, the pins of A and B given; a read of a data
    /// register clears that side's flags when `clear` (a real read, not a look).
    pub fn read(&mut self, reg: u16, pins_a: u8, pins_b: u8, clear: bool) -> u8 {
        match reg & 3 {
            0 if self.a.data_selected() => {
                if clear {
                    self.a.clear_flags();
                }
                self.a.read_data(pins_a, false)
            }
            0 => self.a.ddr,
            1 => self.a.read_control(),
            2 if self.b.data_selected() => {
                if clear {
                    self.b.clear_flags();
                }
                self.b.read_data(pins_b, true)
            }
            2 => self.b.ddr,
            _ => self.b.read_control(),
        }
    }

    /// A write to the register at `reg` (0-3).
    pub fn write(&mut self, reg: u16, v: u8) {
        match reg & 3 {
            0 => self.a.write_first(v),
            1 => self.a.write_control(v),
            2 => self.b.write_first(v),
            _ => self.b.write_control(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_control_register_selects_the_ddr_or_the_data_register() {
        let mut p = Pia::default();
        p.write(0, 0x0F); // DDR (control bit 2 clear)
        assert_eq!(p.a.ddr, 0x0F);
        p.write(1, cr::DATA);
        p.write(0, 0xA5);
        assert_eq!(p.a.output, 0xA5);
        assert_eq!(p.read(0, p.a.pins_out(), 0, true), 0xA5 | 0xF0);
        p.write(1, 0);
        assert_eq!(p.read(0, 0, 0, true), 0x0F, "the DDR reads back");
    }

    #[test]
    fn c1_sets_the_flag_and_a_data_read_clears_it_and_the_irq() {
        let mut p = Pia::default();
        p.write(3, cr::DATA | cr::IRQ1_ENABLE);
        p.b.c1_active();
        assert_eq!(p.read(3, 0, 0, true) & 0x80, 0x80);
        assert!(p.irq());
        p.read(2, 0, 0, false);
        assert!(p.irq(), "a look clears nothing");
        p.read(2, 0, 0, true);
        assert_eq!(p.read(3, 0, 0, true) & 0x80, 0);
        assert!(!p.irq());
        // Disabled: the flag still comes, the IRQ does not.
        p.write(3, cr::DATA);
        p.b.c1_active();
        assert!(p.b.read_control() & cr::IRQ1_FLAG != 0 && !p.irq());
    }

    #[test]
    fn a_b_side_reads_its_outputs_from_the_register_and_its_inputs_from_the_pins() {
        let mut s = PiaSide::set_up(0xF0, cr::DATA);
        s.output = 0xA0;
        assert_eq!(s.read_data(0x0F, true), 0xAF);
        assert_eq!(s.read_data(0x00, false), 0x00, "an A side reads the pins");
    }

    #[test]
    fn c2_follows_bit_3_only_as_a_set_output() {
        let s = PiaSide::set_up(0, 0x3C);
        assert!(s.c2(true));
        let s = PiaSide::set_up(0, 0x34);
        assert!(!s.c2(false));
        let s = PiaSide::set_up(0, 0x04);
        assert!(s.c2(false) && !s.c2(true));
    }
}
