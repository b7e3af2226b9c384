//! The I/O page, $FF00-$FFDF, as a Dragon 32 wires it (docs/machine.md §14-§17): PIA0 at
//! $FF00-$FF03 (the keyboard, the joystick comparator and fire buttons, the line and field
//! syncs, the sound mux select), PIA1 at $FF20-$FF23 (the DAC, the VDG's mode, the single-bit
//! sound, the sound mux enable) and the SAM's set/clear pairs at $FFC0-$FFDF.
//!
//! A PIA answers wherever address bit 2 is clear in its 32 bytes (so PIA0 also at $FF08,
//! $FF10, $FF18; XR `dragon.c`: the Dragon decodes the PIAs less loosely than the CoCo); the
//! rest of the page is not driven (see [`UNMAPPED`]).

use crate::machine::joystick::Joysticks;
use crate::machine::keyboard::Keyboard;
use crate::machine::pia::{cr, Pia, PiaSide};
use crate::machine::sam::{self, Sam};
use crate::machine::video_select::VideoSelect;
use crate::video::VdgMode;

/// What a read of an address no chip answers returns. Nothing drives the data bus then, and
/// it keeps the last byte on it: for PEEK and for the 6809's direct, extended and indexed
/// loads that is the byte of its dead cycle just before, read at $FFFF, the low byte of the
/// Dragon's reset vector ($B3B4): 180 (XR `dragon.c` leaves the data bus as it was).
pub const UNMAPPED: u8 = 0xB4;

/// What PIA1 port B's input pins read: PB0 the printer's BUSY (0: ready), PB1 the single-bit
/// sound pin (0), PB2 the RAM type (1 on MAME's Dragon 32: docs/machine.md §14).
const PIA1_B_INPUTS: u8 = 0x04;

/// CPU cycles in one video line: the line sync (HS) comes this often (docs/machine.md §7).
const CYCLES_PER_LINE: u32 = 57;

/// The most changes of the sound output kept for one field (a program can write the DAC at
/// most every few cycles: 17,784 / 4).
const MAX_AUDIO_CHANGES: usize = 1 << 13;

/// The chips' registers and what they drive.
#[derive(Clone, Debug)]
pub struct IoPage {
    pub pia0: Pia,
    pub pia1: Pia,
    pub sam: Sam,
    /// The cycle of the field at which PIA0's CA1 flag (the line sync) was last cleared.
    hs_cleared_at: u32,
    /// Set by every write to the SAM, which may change the rate and so a field's budget;
    /// the interpreter's field end takes it (`take_sam_written`) and works the budget out
    /// again only then.
    sam_written: bool,
    /// The sound output now (-1.0..1.0), and its changes this field: (cycle, level).
    audio_level: f32,
    audio_changes: Vec<(u32, f32)>,
    /// The changes of the field that ended last, and the level it started at.
    audio_done: Vec<(u32, f32)>,
    audio_start: f32,
    audio_done_start: f32,
    /// The cassette input (PIA1 PA0) for the next read of $FF20: the bus puts the deck's
    /// level here first ([`IoPage::is_cassette_input`]); high with no signal.
    pub cassette_in: bool,
}

impl Default for IoPage {
    /// As the ROM's hardware init and cold start leave the chips (DR `DoHWInit`, `LB39B`,
    /// `LB422`): PIA0 A all inputs, B all outputs, control $34 (data registers, CA2/CB2
    /// outputs low), then the field-sync interrupt enabled (CRB $35), B's outputs $7F as the
    /// keyboard scan leaves them; PIA1 A bits 1-7 outputs, B bits 3-7 outputs, outputs 0, CRA
    /// $34 and CRB $37 (the cartridge's FIRQ enabled); the SAM as `Sam::default`.
    fn default() -> Self {
        let mut keyboard_columns = PiaSide::set_up(0xFF, 0x35);
        keyboard_columns.output = 0x7F;
        IoPage {
            pia0: Pia {
                a: PiaSide::set_up(0x00, 0x34),
                b: keyboard_columns,
            },
            pia1: Pia {
                a: PiaSide::set_up(0xFE, 0x34),
                b: PiaSide::set_up(0xF8, 0x37),
            },
            sam: Sam::default(),
            hs_cleared_at: 0,
            sam_written: false,
            audio_level: 0.0,
            audio_changes: Vec::new(),
            audio_done: Vec::new(),
            audio_start: 0.0,
            audio_done_start: 0.0,
            cassette_in: true,
        }
    }
}

/// Which chip an I/O address reaches.
enum Chip {
    Pia0(u16),
    Pia1(u16),
    Sam,
    None,
}

fn decode(a: u16) -> Chip {
    match a {
        0xFF00..=0xFF1F if a & 4 == 0 => Chip::Pia0(a & 3),
        0xFF20..=0xFF3F if a & 4 == 0 => Chip::Pia1(a & 3),
        sam::FIRST..=sam::LAST => Chip::Sam,
        _ => Chip::None,
    }
}

impl IoPage {
    /// A read by the CPU or PEEK at `now` (the field's cycle): reading a data register
    /// clears its side's interrupt flags.
    pub fn read(&mut self, a: u16, keyboard: &Keyboard, joysticks: &Joysticks, now: u32) -> u8 {
        match decode(a) {
            Chip::Pia0(r) => {
                self.line_sync(now);
                let pins = self.pia0_pins_a(keyboard, joysticks);
                let v = self.pia0.read(r, pins, 0xFF, true);
                if r == 0 && self.pia0.a.data_selected() {
                    self.hs_cleared_at = now;
                }
                v
            }
            Chip::Pia1(r) => {
                let pins = self.pia1_pins_a();
                self.pia1.read(r, pins, PIA1_B_INPUTS, true)
            }
            _ => self.view(a, keyboard, joysticks),
        }
    }

    /// What a read would return, without its side effects.
    pub fn view(&self, a: u16, keyboard: &Keyboard, joysticks: &Joysticks) -> u8 {
        match decode(a) {
            Chip::Pia0(r) => {
                let pins = self.pia0_pins_a(keyboard, joysticks);
                let mut pia = self.pia0;
                pia.read(r, pins, 0xFF, false)
            }
            Chip::Pia1(r) => {
                let mut pia = self.pia1;
                pia.read(r, self.pia1_pins_a(), PIA1_B_INPUTS, false)
            }
            // The SAM's pairs are write only; nothing else answers.
            Chip::Sam | Chip::None => UNMAPPED,
        }
    }

    /// A write by the CPU or POKE at `now` (the field's cycle, which times a change of the
    /// sound).
    pub fn write(&mut self, a: u16, v: u8, now: u32) {
        match decode(a) {
            Chip::Pia0(r) => {
                self.pia0.write(r, v);
                // CA2/CB2 select the sound mux's source.
                if r & 1 == 1 {
                    self.audio_changed(now);
                }
            }
            Chip::Pia1(r) => {
                self.pia1.write(r, v);
                self.audio_changed(now);
            }
            Chip::Sam => {
                self.sam.write(a);
                self.sam_written = true;
            }
            Chip::None => {}
        }
    }

    /// PIA1 port A's pins: the DAC and printer strobe as driven, PA0 the cassette input
    /// (the tape's signal through the comparator: XR `update_audio_from_tape`).
    fn pia1_pins_a(&self) -> u8 {
        let pins = self.pia1.a.pins_out();
        if self.cassette_in {
            pins
        } else {
            pins & !1
        }
    }

    /// Whether `a` reaches PIA1's port A (the cassette input's register, or its DDR).
    pub fn is_cassette_input(a: u16) -> bool {
        matches!(decode(a), Chip::Pia1(0))
    }

    /// Whether `a` reaches PIA1's control register A, whose CA2 drives the motor relay.
    pub fn is_motor_control(a: u16) -> bool {
        matches!(decode(a), Chip::Pia1(1))
    }

    /// The motor relay: PIA1's CA2 (XR `pia1a_control_postwrite`).
    pub fn motor(&self) -> bool {
        self.pia1.a.c2(false)
    }

    /// PIA0 port A's pins: the keyboard's rows (bits 0-6) for the columns PIA0 B drives low,
    /// the fire buttons pulling PA0 (right) and PA1 (left) low, and the joystick comparator
    /// on PA7; an output bit drives its pin too.
    fn pia0_pins_a(&self, keyboard: &Keyboard, joysticks: &Joysticks) -> u8 {
        let columns_low = !self.pia0.b.pins_out();
        let mut rows = keyboard.matrix().rows(columns_low);
        for (bit, &down) in joysticks.fire.iter().enumerate() {
            if down {
                rows &= !(1 << bit);
            }
        }
        let comparator = if self.comparator(joysticks) { 0x80 } else { 0 };
        (rows | comparator) & self.pia0.a.pins_out()
    }

    /// The joystick comparator: high while the axis the mux selects (CA2 of PIA0 the axis,
    /// CB2 the stick: DR `SysSelJoystick`) stands at or above the DAC's 6-bit value (XR
    /// `dragon.c`), so the ROM's successive approximation finds the axis's position.
    fn comparator(&self, joysticks: &Joysticks) -> bool {
        let axis = self.pia0.a.c2(false) as usize;
        let stick = self.pia0.b.c2(true) as usize;
        let dac = self.pia1.a.pins_out() >> 2;
        joysticks.axes[stick * 2 + axis] >= dac
    }

    /// The line sync: a falling edge on PIA0 CA1 every video line, so its flag is set again
    /// once a line has passed since a read of $FF00 cleared it.
    fn line_sync(&mut self, now: u32) {
        if now.wrapping_sub(self.hs_cleared_at) >= CYCLES_PER_LINE {
            self.pia0.a.c1_active();
        }
    }

    /// The field sync (the VDG's FS on PIA0 CB1), once a field: its flag is set and, with
    /// the interrupt enabled in CRB, PIA0 pulls the 6809's IRQ ([`irq`](Self::irq)) until a
    /// read of $FF02 clears it. The field's sound changes are set aside for the sound output.
    #[inline(always)]
    pub fn field_sync(&mut self) {
        self.pia0.b.c1_active();
        self.pia0.a.c1_active();
        self.hs_cleared_at = 0;
        self.audio_done_start = self.audio_start;
        // (Most fields hear no write: nothing to hand over then.)
        if !self.audio_changes.is_empty() || !self.audio_done.is_empty() {
            self.hand_over_audio();
        }
        self.audio_start = self.audio_level;
    }

    /// Whether there are sound changes to hand over at a field's end (this field's or the
    /// last's). Without them, and with nothing written between them, two field syncs leave
    /// the chips as any larger number would (the levels settle at the second).
    #[inline(always)]
    pub fn audio_pending(&self) -> bool {
        !self.audio_changes.is_empty() || !self.audio_done.is_empty()
    }

    /// The field's sound changes become the field that ended last's.
    #[cold]
    #[inline(never)]
    fn hand_over_audio(&mut self) {
        std::mem::swap(&mut self.audio_done, &mut self.audio_changes);
        self.audio_changes.clear();
    }

    /// Whether the SAM was written since the last call: only then can the rate, and so the
    /// field's budget, have changed.
    #[inline(always)]
    pub fn take_sam_written(&mut self) -> bool {
        std::mem::take(&mut self.sam_written)
    }

    /// Whether the field sync reaches the 6809 as an IRQ (PIA0 CRB bit 0, which the ROM sets
    /// at power-on and for SOUND).
    #[inline]
    pub fn field_irq_enabled(&self) -> bool {
        self.pia0.b.control & cr::IRQ1_ENABLE != 0
    }

    /// Enable the field-sync IRQ, as the ROM's SndBeep does (`ORA #CRIRQ` into PIA0 CRB).
    pub fn enable_field_irq(&mut self) {
        self.pia0.b.control |= cr::IRQ1_ENABLE;
    }

    /// The ROM's IRQ handler's read of $FF02 (DR `L9D3D`), which clears the field sync's
    /// flag: BASIC's field interrupt does it when the ROM's handler is the one that runs.
    pub fn acknowledge_field_sync(&mut self) {
        self.pia0.b.clear_flags();
    }

    /// Whether PIA0 pulls the 6809's IRQ line (the field sync, or the line sync, enabled).
    pub fn irq(&self) -> bool {
        self.pia0.irq()
    }

    /// Whether PIA1 pulls the 6809's FIRQ line (its CA1 printer acknowledge and CB1
    /// cartridge lines, which nothing drives here: only a program's own writes).
    pub fn firq(&self) -> bool {
        self.pia1.irq()
    }

    /// The VDG's mode pins (PIA1 PB7-PB3: A/G, GM2-GM0, CSS) as the picture takes them.
    pub fn vdg_mode(&self) -> VdgMode {
        let pins = self.pia1.b.pins_out();
        VdgMode {
            graphics: pins & 0x80 != 0,
            gm: (pins >> 4) & 7,
            css: pins & 0x08 != 0,
        }
    }

    /// What the picture shows, as BASIC's SCREEN and PMODE describe it (a graphics mode BASIC
    /// has no PMODE for reads as the nearest: GM 0-2 as PMODE 0).
    pub fn video(&self) -> VideoSelect {
        let mode = self.vdg_mode();
        VideoSelect {
            graphics: mode.graphics,
            pmode: if mode.graphics {
                mode.gm.saturating_sub(3)
            } else {
                0
            },
            css: mode.css,
            start: self.sam.display_start(),
        }
    }

    /// Show `v` as the ROM's TextResetVDU and graphics mode set do: PIA1 PB7-PB3 and the
    /// SAM's V and F bits (PB2-PB0 kept).
    pub fn set_video(&mut self, v: VideoSelect) {
        let b = &mut self.pia1.b;
        b.output = (b.output & 0x07) | v.vdg_bits();
        self.sam.set_display(v.sam_mode(), v.start);
    }

    /// TextResetVDU (LA93A), which every character sent to the screen calls first.
    #[inline]
    pub fn reset_to_text(&mut self) {
        self.pia1.b.output &= 0x07;
        self.sam.set_display(0, 0x0400);
    }

    /// Set the VDG's CSS bit alone (`SCREEN ,b`: DR `GrSelectVDGColSet`).
    pub fn set_css(&mut self, css: bool) {
        let b = &mut self.pia1.b;
        b.output = (b.output & !0x08) | if css { 0x08 } else { 0 };
    }

    /// The sound output's level now (-1.0..1.0, 0 silent): the DAC (PIA1 PA7-PA2) when the
    /// mux is on (PIA1 CB2 high) and selects it (PIA0 CA2 and CB2 low), plus the single-bit
    /// sound (PIA1 PB1, when an output) (XR `dragon.c`, `sound.c`).
    pub fn audio_level(&self) -> f32 {
        let mux_on = self.pia1.b.c2(true);
        let dac_selected = !self.pia0.a.c2(false) && !self.pia0.b.c2(true);
        let mut level = 0.0;
        if mux_on && dac_selected {
            level += crate::machine::tone::level(self.pia1.a.pins_out());
        }
        let b = &self.pia1.b;
        if b.ddr & 0x02 != 0 && b.output & 0x02 != 0 {
            level += crate::machine::tone::VOLUME / 2.0;
        }
        level
    }

    fn audio_changed(&mut self, now: u32) {
        let level = self.audio_level();
        if level != self.audio_level && self.audio_changes.len() < MAX_AUDIO_CHANGES {
            self.audio_level = level;
            self.audio_changes.push((now, level));
        }
    }

    /// The sound output over the field that ended last: its level at the start and its
    /// changes, each at a cycle of the field.
    pub fn field_audio(&self) -> (f32, &[(u32, f32)]) {
        (self.audio_done_start, &self.audio_done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pia0_answers_only_where_address_bit_2_is_clear() {
        let mut io = IoPage::default();
        let (k, j) = (Keyboard::default(), Joysticks::default());
        assert_eq!(io.read(0xFF03, &k, &j, 0) & 0x3F, 0x35);
        assert_eq!(io.read(0xFF0B, &k, &j, 0) & 0x3F, 0x35, "a mirror");
        assert_eq!(io.read(0xFF07, &k, &j, 0), UNMAPPED);
        assert_eq!(io.read(0xFF23, &k, &j, 0) & 0x3F, 0x37);
        assert_eq!(io.read(0xFF40, &k, &j, 0), UNMAPPED);
        assert_eq!(io.read(0xFFC6, &k, &j, 0), UNMAPPED);
    }

    #[test]
    fn the_field_sync_flag_is_cleared_by_reading_ff02() {
        let mut io = IoPage::default();
        let (k, j) = (Keyboard::default(), Joysticks::default());
        io.field_sync();
        assert!(io.irq());
        assert_eq!(io.view(0xFF03, &k, &j) & 0x80, 0x80);
        io.read(0xFF02, &k, &j, 0);
        assert!(!io.irq());
        assert_eq!(io.view(0xFF03, &k, &j) & 0x80, 0);
    }

    #[test]
    fn the_comparator_compares_the_selected_axis_with_the_dac() {
        let mut io = IoPage::default();
        let k = Keyboard::default();
        let j = Joysticks {
            axes: [10, 20, 30, 40],
            ..Joysticks::default()
        };
        for (axis, &at) in j.axes.iter().enumerate() {
            // CA2 (bit 3 of CRA) the axis, CB2 (bit 3 of CRB) the stick.
            io.write(0xFF01, 0x34 | ((axis as u8 & 1) << 3), 0);
            io.write(0xFF03, 0x35 | ((axis as u8 >> 1) << 3), 0);
            io.write(0xFF20, at << 2, 0);
            assert_eq!(io.view(0xFF00, &k, &j) & 0x80, 0x80, "axis {axis} at");
            io.write(0xFF20, (at + 1) << 2, 0);
            assert_eq!(io.view(0xFF00, &k, &j) & 0x80, 0, "axis {axis} above");
        }
    }

    #[test]
    fn the_dac_is_heard_only_through_the_mux() {
        let mut io = IoPage::default();
        io.write(0xFF20, 0xFC, 100);
        assert_eq!(io.audio_level(), 0.0, "mux off at power-on");
        io.write(0xFF23, 0x3F, 200);
        assert!(io.audio_level() > 0.0);
        io.field_sync();
        let (start, changes) = io.field_audio();
        assert_eq!(start, 0.0);
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].0, 200);
    }
}
