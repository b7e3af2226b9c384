//! The lines the ROM sets for the cassette motor, the analogue multiplexer and the sound
//! mux's enable (docs/machine.md §14, §17): control register bit 3 of PIA1 A (CA2, the
//! motor), PIA0 A and B (CA2 and CB2, the mux's two selects) and PIA1 B (CB2, the enable),
//! each written as the ROM writes it (read the control register, change bit 3, write it
//! back), so that PEEK reads what a Dragon's does and the sound follows.

use crate::machine::hardware::Hardware;
use crate::machine::pia::cr;

/// The control registers, as the CPU addresses them.
const PIA0_CRA: u16 = 0xFF01;
const PIA0_CRB: u16 = 0xFF03;
const PIA1_CRA: u16 = 0xFF21;
const PIA1_CRB: u16 = 0xFF23;

impl Hardware {
    /// Set or clear C2 (bit 3) of the control register at `control`.
    fn set_c2(&mut self, control: u16, high: bool) {
        let v = self.view_bus(control) & !cr::C2_LEVEL;
        let now = self.field_cycle();
        self.io
            .write(control, v | if high { cr::C2_LEVEL } else { 0 }, now);
    }

    /// The analogue mux's source (0 the DAC or joystick axis 0, 1 the cassette or axis 1, 2
    /// the cartridge or axis 2, 3 axis 3): bit 0 to PIA0 CA2, bit 1 to CB2 (DR `LBAF1`,
    /// `SysSelJoystick`).
    pub fn select_mux(&mut self, source: u8) {
        self.set_c2(PIA0_CRA, source & 1 != 0);
        self.set_c2(PIA0_CRB, source & 2 != 0);
    }

    /// The sound mux on or off: PIA1 CB2 (DR `SndEnable`, `SndDisable`).
    pub fn enable_sound_mux(&mut self, on: bool) {
        self.set_c2(PIA1_CRB, on);
    }

    /// The cassette motor's relay: PIA1 CA2 (MOTOR ON / OFF, RESET). Written through the
    /// bus as a program's own `STA $FF21` is, so the deck's motor follows the line.
    pub fn set_motor_line(&mut self, on: bool) {
        let v = self.view_bus(PIA1_CRA) & !cr::C2_LEVEL;
        self.write_bus(PIA1_CRA, v | if on { cr::C2_LEVEL } else { 0 });
    }
}
