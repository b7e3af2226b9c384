//! PLAY (DR `CmdPlay` LADBD) and its music language, from the Dragon 32 ROM
//! (prime6809/DragonRom `DragonROM.asm`, LADBD-LB050; state in `defs/romdefs.asm`).
//!
//! The ROM plays each note as soon as it has parsed it: it sets a timer, runs a DAC loop,
//! and the field IRQ (`FramSyncINT` L9D3D: TIMER+1, then `SoundINT`) counts the timer
//! down and throws the loop back to the parser when it runs out. Here each note and rest
//! becomes an [`Event`] in order, and [`play`] returns the fields they take; the
//! interpreter waits that many fields (the IRQ still counts TIMER in each, as for SOUND).
//!
//! # Pitch (CPU cycles per wave cycle; 6809 cycle counts as for SOUND's 20·(261−t))
//!
//! The wave is four steps: mid $7E, `SndVolume`, mid, `SndVolume+1`.
//!
//! * O1, O2 (`LAEE4` loop, 16-bit delay N from `Octave1DelayTab`/`Octave2DelayTab`):
//!   `LAEF2` LDA #$7E 2, NOP 2; `LAEF5` STA PIA1DA 5, LDX ,Y 5, `LAEFA` LEAX -1,X 5 and
//!   BNE 3 (8·N), RTS 5. Each of the four calls costs BSR 7, then LDA 2 + NOP 2 or
//!   LDA <dp 4, then 5 + 5 + 8N + 5: 26 + 8N in all, and BRA LAEE4 adds 3:
//!   **period = 4·(26 + 8N) + 3 = 107 + 32·N**.
//! * O3-O5 (`LAF0D` loop, 8-bit delay N from `Octave3DelayTab`): `LAF1E` STA 5, LDA ,X 4,
//!   `LAF23` DECA 2 + BNE 3 (5·N), RTS 5; each call BSR 7 + 4 + 5 + 4 + 5N + 5 = 25 + 5N:
//!   **period = 4·(25 + 5N) + 3 = 103 + 20·N**.
//!
//! (The same count for SOUND's `LBAB3` loop gives 4·(23 + 5·(256−t)) + 8 = 20·(261−t).)
//! The field IRQ's own cycles are not included, as for SOUND.
//!
//! # Duration (fields)
//!
//! `LAEC6`: decrement D = `SndTempo` × `SndNoteLen` (MUL, into EvalD5). `LAF27`: timer =
//! 255 when `SndDotNoteScale` = 0, else ((dots + 2) mod 256) × 255 / 2 (MUL, LSRA/RORB).
//! `SoundINT` subtracts D from the timer each field and ends the note when the result is
//! zero or borrows (SUBD, BHI), so a note lasts **⌈timer / (T × L)⌉ fields**, counted like
//! SOUND's d·4 from the field the PLAY runs in. P n (`LAE6B`) plays note 0 with both DAC
//! limits at mid and the dot scale cleared: **⌈255 / (T × n)⌉ fields** of silence.
//!
//! # Octave, dots and spaces (docs/machine.md §5)
//!
//! The default octave is **O3**: `InitSndGraph` stores 2 in `SndOctave` and the O
//! command stores n−1 (`LADF7`: INCB ... DECB), so the power-on octave is O3 (PLAY "C" is
//! middle C, 3423 cycles ≈ 261.4 Hz). A dot belongs to L only (`LAE35`): "C." is ?FC.
//! Trailing spaces are ?FC (`LAF33` skips spaces and fails at the end of the string).

use crate::basic::command_string::{DrawHost, Scanner};
use crate::basic::error::ErrorCode;
use crate::machine::hardware::{Event, Hardware};
use crate::machine::memory::Memory;

/// PLAY's direct-page bytes (DR `romdefs.asm`), where PEEK sees them.
pub mod dp {
    /// SndOctave: 0-4 for O1-O5.
    pub const OCTAVE: u16 = 0xDE;
    /// SndVolume: the DAC byte of the high step, $7E + 4·V.
    pub const VOLUME_HIGH: u16 = 0xDF;
    /// SndVolume+1: the DAC byte of the low step, $7E − 4·V.
    pub const VOLUME_LOW: u16 = 0xE0;
    /// SndNoteLen: L, 1-255.
    pub const NOTE_LEN: u16 = 0xE1;
    /// SndTempo: T, 1-255.
    pub const TEMPO: u16 = 0xE2;
    /// SndTimerPlay (2 bytes): the note timer the IRQ counts down; 0 between notes.
    pub const TIMER: u16 = 0xE3;
    /// SndDotNoteScale: dots after the last L.
    pub const DOT_SCALE: u16 = 0xE5;
    /// EvalD5 (2 bytes): the IRQ's decrement, T × L (or T × P) of the last note.
    pub const DECREMENT: u16 = 0xD5;
}

/// The DAC's mid byte on the Dragon 32 (`LAEF2`; the Dragon 64 uses $7C).
pub const DAC_MID: u8 = 0x7E;

/// `NoteNumberTab`: the note numbers of A-G.
pub const NOTE_NUMBERS: [u8; 7] = [0x0A, 0x0C, 0x01, 0x03, 0x05, 0x06, 0x08];

/// `Octave1DelayTab`, `Octave2DelayTab`: 16-bit delay counts, C to B.
pub const DELAY_O12: [[u16; 12]; 2] = [
    [
        0x01A8, 0x0190, 0x017A, 0x0164, 0x0150, 0x013D, 0x012B, 0x011A, 0x010A, 0x00FB, 0x00ED,
        0x00DF,
    ],
    [
        0x00D3, 0x00C7, 0x00BB, 0x00B1, 0x00A6, 0x009D, 0x0094, 0x008B, 0x0083, 0x007C, 0x0075,
        0x006E,
    ],
];

/// `Octave3DelayTab`: 8-bit delay counts for O3, O4, O5, C to B.
pub const DELAY_O345: [[u8; 12]; 3] = [
    [
        0xA6, 0x9C, 0x93, 0x8B, 0x83, 0x7B, 0x74, 0x6D, 0x67, 0x61, 0x5B, 0x56,
    ],
    [
        0x51, 0x4C, 0x47, 0x43, 0x3F, 0x3B, 0x37, 0x34, 0x31, 0x2E, 0x2B, 0x28,
    ],
    [
        0x26, 0x23, 0x21, 0x1F, 0x1D, 0x1B, 0x19, 0x18, 0x16, 0x14, 0x13, 0x12,
    ],
];

/// CPU cycles per wave cycle of a note: `octave` 0-4 as in `SndOctave` (O1-O5), `note`
/// 0-11 (C to B). A POKEd octave above 4 (the ROM would read past its table into code) is
/// taken as O5.
pub fn note_period(octave: u8, note: u8) -> u32 {
    let n = note.min(11) as usize;
    match octave {
        0 | 1 => 107 + 32 * DELAY_O12[octave as usize][n] as u32,
        o => 103 + 20 * DELAY_O345[(o.min(4) - 2) as usize][n] as u32,
    }
}

/// `LAF27`: the note timer for a dot scale.
pub fn note_timer(dots: u8) -> u16 {
    if dots == 0 {
        0x00FF
    } else {
        (dots.wrapping_add(2) as u16 * 0xFF) >> 1
    }
}

/// `SoundINT`: fields until the timer, less `decrement` each field, reaches zero or below.
/// A zero decrement (only from POKEd tempo or length) never ends: the ROM hangs in the
/// tone loop until reset; that is `u32::MAX` here.
pub fn note_fields(timer: u16, decrement: u16) -> u32 {
    if decrement == 0 {
        u32::MAX
    } else {
        (timer as u32).div_ceil(decrement as u32)
    }
}

/// One note's (or rest's) timing as `SoundINT` counts it: the timer PLAY sets in
/// `SndTimerPlay` ($E3) when the note starts and the decrement in `EvalD5` ($D5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoteTimer {
    pub timer: u16,
    pub decrement: u16,
}

impl NoteTimer {
    /// The note starts (`LAEC6`-`LAF0B`): its decrement and its timer into RAM, where the
    /// field IRQ's service counts the timer down.
    pub fn start(self, hw: &mut Hardware) {
        hw.mem.write_u16(dp::DECREMENT, self.decrement);
        hw.mem.write_u16(dp::TIMER, self.timer);
        hw.play_note_ended = false;
    }
}

/// `SoundINT` ($AFD9), the field IRQ service's part after TIMER: while PLAY's timer ($E3)
/// runs, the decrement ($D5) is taken off it (SUBD); when the result is zero or borrows the
/// timer is cleared and the note ends (the ROM throws PLAY's tone loop back to its parser;
/// here [`Hardware::play_note_ended`] tells the interpreter's wait). Returns whether the timer
/// was running: the ROM then returns (RTI) without counting SOUND's length.
#[inline]
pub fn sound_int(hw: &mut Hardware) -> bool {
    let t = hw.mem.read_u16(dp::TIMER);
    if t == 0 {
        return false;
    }
    match t.checked_sub(hw.mem.read_u16(dp::DECREMENT)) {
        Some(left) if left > 0 => hw.mem.write_u16(dp::TIMER, left),
        _ => {
            hw.mem.write_u16(dp::TIMER, 0);
            hw.play_note_ended = true;
        }
    }
    true
}

/// The fields a list of events takes (what the machine waits after an error, for the
/// notes played before it).
pub fn event_fields(events: &[Event]) -> u32 {
    events.iter().fold(0u32, |acc, e| {
        let f = match *e {
            Event::Sound { fields, .. } | Event::Tone { fields, .. } | Event::Rest { fields } => {
                fields
            }
        };
        acc.saturating_add(f)
    })
}

/// PLAY's state as BASIC sees it, read from the direct page (for the white-box tests).
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayState {
    /// O: 1-5 (`SndOctave` + 1).
    pub octave: u8,
    /// V: 0-31, from the high DAC byte ((`SndVolume` >> 2) − 31, as `LAE08` reads it).
    pub volume: u8,
    /// L: 1-255.
    pub length: u8,
    /// T: 1-255.
    pub tempo: u8,
    /// Dots after the last L.
    pub dots: u8,
}

#[cfg(test)]
impl PlayState {
    pub fn read(mem: &Memory) -> Self {
        PlayState {
            octave: mem.peek(dp::OCTAVE).wrapping_add(1),
            volume: (mem.peek(dp::VOLUME_HIGH) >> 2).wrapping_sub(31),
            length: mem.peek(dp::NOTE_LEN),
            tempo: mem.peek(dp::TEMPO),
            dots: mem.peek(dp::DOT_SCALE),
        }
    }
}

/// The sound half of `InitSndGraph` (cold start and RUN): V15 ($BA/$42), T2, octave 2
/// (O3), L4, no dots.
pub fn init(mem: &mut Memory) {
    mem.write_u16(dp::VOLUME_HIGH, 0xBA42);
    mem.poke(dp::TEMPO, 2);
    mem.poke(dp::OCTAVE, 2);
    mem.poke(dp::NOTE_LEN, 4);
    mem.poke(dp::DOT_SCALE, 0);
}

/// Play one note (`note` 0-11) or, with `None`, P's silence: `mul` is L or P's n.
fn sound(
    mem: &mut Memory,
    note: Option<u8>,
    mul: u8,
    events: &mut Vec<Event>,
    timers: &mut Vec<NoteTimer>,
) -> u32 {
    let decrement = mem.peek(dp::TEMPO) as u16 * mul as u16;
    mem.write_u16(dp::DECREMENT, decrement);
    timers.push(NoteTimer {
        timer: note_timer(if note.is_some() {
            mem.peek(dp::DOT_SCALE)
        } else {
            0
        }),
        decrement,
    });
    let ev = match note {
        Some(n) => {
            let fields = note_fields(note_timer(mem.peek(dp::DOT_SCALE)), decrement);
            Event::Tone {
                period_cycles: note_period(mem.peek(dp::OCTAVE), n),
                fields,
                high: mem.peek(dp::VOLUME_HIGH),
                low: mem.peek(dp::VOLUME_LOW),
            }
        }
        None => Event::Rest {
            fields: note_fields(note_timer(0), decrement),
        },
    };
    // (SndTimerPlay is set as each note starts, when the interpreter waits for it:
    // `NoteTimer::start`; between notes it is 0.)
    let fields = event_fields(std::slice::from_ref(&ev));
    events.push(ev);
    fields
}

/// PLAY `music` (DR `CmdPlay` LADBD): the string argument's bytes (a non-string is ?TM: the
/// caller's). Notes and rests are appended to `events` in order, and their timers to
/// `timers`; the result is the fields they take, which the interpreter waits, each note's
/// timer counted down by the field IRQ's service (`sound_int`), before the next statement.
///
/// `host` evaluates `=var;` and `X var;` as for DRAW. `sp`: the 6809 stack pointer on entry
/// to the statement, as the interpreter accounts it; each nested `X` pushes 3 bytes and
/// checks (BasChkB2Free, B=2) that $1F + 4 + 58 stays below the stack, else ?OM.
///
/// On an error, the notes before it have been played (they are in `events`: wait
/// [`event_fields`] of them before reporting it) and every O/V/L/T change before it stays.
pub fn play(
    mem: &mut Memory,
    music: &[u8],
    host: &mut dyn DrawHost,
    sp: u16,
    events: &mut Vec<Event>,
    timers: &mut Vec<NoteTimer>,
) -> Result<u32, ErrorCode> {
    let mut total: u32 = 0;
    let mut sc = Scanner::new(music, host);
    loop {
        if !sc.left() {
            if sc.resume() {
                continue;
            }
            return Ok(total);
        }
        let c = sc.getc()?;
        match c {
            b';' | b'\'' => {}
            b'X' => sc.enter_substring(mem, sp)?,
            b'O' => {
                let b = mem.peek(dp::OCTAVE).wrapping_add(1);
                let b = sc.modify(mem, b)?.wrapping_sub(1);
                if b > 4 {
                    return Err(ErrorCode::FC);
                }
                mem.poke(dp::OCTAVE, b);
            }
            b'V' => {
                let b = (mem.peek(dp::VOLUME_HIGH) >> 2).wrapping_sub(31);
                let b = sc.modify(mem, b)?;
                if b > 31 {
                    return Err(ErrorCode::FC);
                }
                mem.poke(dp::VOLUME_HIGH, DAC_MID + 4 * b);
                mem.poke(dp::VOLUME_LOW, DAC_MID - 4 * b);
            }
            b'L' => {
                let b = sc.modify(mem, mem.peek(dp::NOTE_LEN))?;
                if b == 0 {
                    return Err(ErrorCode::FC);
                }
                mem.poke(dp::NOTE_LEN, b);
                mem.poke(dp::DOT_SCALE, 0);
                // LAE35: dots, up to the end of this string.
                while sc.left() {
                    if sc.getc()? == b'.' {
                        let d = mem.peek(dp::DOT_SCALE).wrapping_add(1);
                        mem.poke(dp::DOT_SCALE, d);
                    } else {
                        sc.back();
                        break;
                    }
                }
            }
            b'T' => {
                let b = sc.modify(mem, mem.peek(dp::TEMPO))?;
                if b == 0 {
                    return Err(ErrorCode::FC);
                }
                mem.poke(dp::TEMPO, b);
            }
            b'P' => {
                let c = sc.getc()?;
                let n = sc.number_from(mem, c)?;
                if n == 0 {
                    return Err(ErrorCode::FC);
                }
                total = total.saturating_add(sound(mem, None, n, events, timers));
            }
            _ => {
                let c = if c == b'N' { sc.getc()? } else { c };
                let mut b = if (b'A'..=b'G').contains(&c) {
                    let mut b = NOTE_NUMBERS[(c - b'A') as usize];
                    if sc.left() {
                        match sc.getc()? {
                            b'#' | b'+' => b += 1,
                            b'-' => b -= 1,
                            _ => sc.back(),
                        }
                    }
                    b
                } else {
                    sc.number_from(mem, c)?
                };
                b = b.wrapping_sub(1);
                if b > 11 {
                    return Err(ErrorCode::FC);
                }
                let len = mem.peek(dp::NOTE_LEN);
                total = total.saturating_add(sound(mem, Some(b), len, events, timers));
            }
        }
    }
}
