//! What the interpreter drives: RAM, the keyboard, and the record of what came out
//! (characters printed, sound events), plus the cycle count of the current field.

use crate::machine::cassette::Deck;
use crate::machine::io_page::IoPage;
use crate::machine::joystick::Joysticks;
use crate::machine::keyboard::Keyboard;
use crate::machine::memory::Memory;
use crate::machine::screen::{TextScreen, BLANK};
use crate::machine::video_select::VideoSelect;
use crate::video::VdgMode;

/// Something the machine did that a frontend may want to show or play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// SOUND t,d: a square-ish tone of `period_cycles` CPU cycles per cycle for `fields`
    /// fields (d×4).
    Sound { period_cycles: u32, fields: u32 },
    /// One PLAY note: the ROM's 4-step wave mid ($7E), `high`, mid, `low` on the DAC
    /// (`high`/`low` = $7E ± 4·V, DR `LAEE4`/`LAF0D`), `period_cycles` CPU cycles a cycle,
    /// for `fields` fields. The notes and rests of one PLAY come in one field, in order, and
    /// play one after another from that field on.
    Tone {
        period_cycles: u32,
        fields: u32,
        high: u8,
        low: u8,
    },
    /// PLAY P: `fields` fields with the DAC held at mid, in sequence with the notes.
    Rest { fields: u32 },
}

/// CHR$(7) in the Altair and MBASIC dialects: a tenth of a second at about 1 kHz, as
/// `SOUND 216,1` would sound it (without the wait).
pub const BEEP: Event = Event::Sound {
    period_cycles: 20 * (261 - 216),
    fields: 5,
};

/// The most characters the transcript records: a program that prints for ever must not take
/// all the host's memory. The frontend says when a transcript reached it.
pub const TRANSCRIPT_LIMIT: usize = 32 << 20;

#[derive(Clone, Debug, Default)]
pub struct Hardware {
    pub mem: Memory,
    pub keyboard: Keyboard,
    /// Every character printed, in order (when recording is on), up to [`TRANSCRIPT_LIMIT`].
    pub transcript: Option<Vec<u8>>,
    pub events: Vec<Event>,
    /// CPU cycles spent in the current field, by the cost model.
    pub cycles: u32,
    /// Fields since power-on.
    pub field: u64,
    /// The cassette deck (empty unless a tape was inserted).
    pub deck: Deck,
    /// Form feed and ^Z clear the screen and BEL beeps, as on the terminals Altair BASIC and
    /// MBASIC listings were written for (`--dialect altair|mbasic`); off on a Dragon.
    pub control_codes: bool,
    /// A printer on the printer port (PRINT #-2, LLIST): what it has printed and the host
    /// has not yet taken, up to [`PRINTER_LIMIT`]. `None`: no printer attached.
    pub printer: Option<Vec<u8>>,
    /// Characters the printer dropped because the host had not taken what it held.
    pub printer_dropped: u64,
    /// The PIAs and the SAM, at $FF00-$FFDF.
    pub io: IoPage,
    /// Where the host has put the joysticks.
    pub joysticks: Joysticks,
    /// Accesses to RAM and PIA0 (slow at every rate but the fast one) since machine code's
    /// cycles were last charged.
    pub slow_accesses: u32,
    /// What machine code's time left over when converted to the cost model's cycles.
    pub machine_code_carry: u32,
    /// What runs a program's routine at the console-out hook ($0167) for each character
    /// printed, once the hook holds more than its RTS (BASIC sets it at power-on: it runs
    /// machine code, which this layer does not).
    pub console_out_hook: Option<ConsoleOutHook>,
    /// A hook's routine that had to be stopped, for BASIC to report.
    pub hook_stopped: Option<HookStopped>,
    /// A statement hook ($0179, $019A) may hold more than its RTS: set by whatever may have
    /// written there (a POKE there, machine code, CLOADM), cleared by the statement loop once
    /// it has looked (`basic::statement_hooks`), so that unpatched it costs one branch.
    pub statement_hooks: bool,
    /// Set when the field IRQ's service ran PLAY's note timer ($E3) out (`play::sound_int`):
    /// the note PLAY waits for has ended.
    pub play_note_ended: bool,
}

/// Runs the console-out hook's routine for character `c`: what to print then.
pub type ConsoleOutHook = fn(&mut Hardware, c: u8) -> HookOutcome;

/// What the console-out hook's routine decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookOutcome {
    /// Print this character (the routine returned to the ROM's TextOutChar).
    Print(u8),
    /// Print nothing (the routine returned past TextOutChar to its caller).
    Handled,
}

/// A RAM hook's routine that was stopped: the line for the screen, the message for stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookStopped {
    pub screen: String,
    pub message: String,
}

/// The most characters the printer holds before the host takes them: beyond it, more are
/// dropped and counted (`Machine::printer_dropped`), as a real printer whose buffer is full
/// loses them. A host that attached a printer takes its output every field, and a field
/// prints far less than this, so only a host that stopped taking it loses any.
pub const PRINTER_LIMIT: usize = 1 << 20;

impl Hardware {
    /// Characters sent to the printer port: to the printer, if one is attached, and to the
    /// transcript (which records everything printed).
    pub fn print_to_printer(&mut self, bytes: &[u8]) {
        if let Some(p) = self.printer.as_mut() {
            let room = PRINTER_LIMIT.saturating_sub(p.len());
            let kept = bytes.len().min(room);
            p.extend_from_slice(&bytes[..kept]);
            self.printer_dropped += (bytes.len() - kept) as u64;
        }
        if let Some(t) = self.transcript.as_mut() {
            let room = TRANSCRIPT_LIMIT.saturating_sub(t.len());
            t.extend_from_slice(&bytes[..bytes.len().min(room)]);
        }
    }

    /// Print one character: to the text screen as TextVDUOut does, and to the transcript.
    /// Every character sent to the screen first resets the VDG to text (LB58F calls
    /// TextResetVDU), so a PRINT, the OK prompt or an error shows the text screen again.
    #[inline]
    pub fn print(&mut self, mut c: u8) {
        if self
            .mem
            .peek(crate::machine::rom_area::low_ram::CONSOLE_OUT_HOOK)
            != crate::machine::rom_area::low_ram::RTS
        {
            if let Some(hook) = self.console_out_hook {
                match hook(self, c) {
                    HookOutcome::Print(d) => c = d,
                    HookOutcome::Handled => return,
                }
            }
        }
        self.io.reset_to_text();
        match c {
            // Altair BASIC and MBASIC listings clear their terminal's screen with CHR$(12)
            // (form feed) or CHR$(26) (the ADM-3A's clear) and beep with CHR$(7).
            12 | 26 if self.control_codes => TextScreen::fill(&mut self.mem, BLANK),
            7 if self.control_codes => self.events.push(BEEP),
            _ => self.cycles += TextScreen::put(&mut self.mem, c),
        }
        if let Some(t) = self.transcript.as_mut() {
            if t.len() < TRANSCRIPT_LIMIT {
                t.push(c);
            }
        }
    }

    pub fn print_bytes(&mut self, s: &[u8]) {
        for &c in s {
            self.print(c);
        }
    }

    /// What the picture shows, as SCREEN and PMODE describe it: read from the registers that
    /// make it (PIA1 port B, the SAM), which a POKE may have set.
    pub fn video(&self) -> VideoSelect {
        self.io.video()
    }

    /// Show `v`, setting the registers as the ROM does (docs/machine.md §15).
    pub fn set_video(&mut self, v: VideoSelect) {
        self.io.set_video(v);
    }

    /// The VDG's mode pins and the first byte the SAM fetches: what the renderer draws.
    pub fn vdg_mode(&self) -> (VdgMode, u16) {
        (self.io.vdg_mode(), self.io.sam.display_start())
    }

    /// The SAM's display mode (V2-V0): how its counter fetches the picture, which may
    /// disagree with the VDG's mode (`video::sam_scan`).
    pub fn sam_display_mode(&self) -> u8 {
        self.io.sam.display_mode()
    }

    /// The field sync, once a field (the field loop calls it as the VDG's FS falls): PIA0's
    /// CB1 flag set (and its IRQ, when enabled: `io.irq()`), the keyboard matrix moved on,
    /// the field's sound changes set aside for the sound output.
    #[inline(always)]
    pub fn field_sync(&mut self) {
        self.io.field_sync();
        self.keyboard.field_passed();
    }

    pub fn column(&self) -> u8 {
        TextScreen::column(&self.mem)
    }
}
