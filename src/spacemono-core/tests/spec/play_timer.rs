//! PLAY's note timer as the ROM keeps it: `SndTimerPlay` ($E3) is set as each note starts and
//! counted down by the field IRQ's service (`SoundINT` $AFD9: less `EvalD5`, $D5, a field)
//! until it runs out and the note ends (docs/interpreter.md, PLAY). Machine code in the IRQ
//! sees the Dragon's values, and an IRQ routine that does not chain to the ROM's service
//! holds PLAY on its note, as on a Dragon.

use crate::common::{machine, output, typed};
use spacemono_core::Status;

/// $3000: the IRQ routine that stores $E3 at each field, then goes on to the ROM's service:
/// `LDX $3100 / LDD $00E3 / STD ,X++ / STX $3100 / JMP $9D3D`.
const RECORD_E3: &str = "190,49,0,252,0,227,237,129,191,49,0,126,157,61";

/// The vector at $010C pointed at $3000, with the field sync's IRQ held off meanwhile.
const INSTALL: &str = "POKE &HFF03,52:POKE 269,&H30:POKE 270,0:POKE &HFF03,53";

/// Genuine (MAME 0.251, the Dragon 32 ROM, this very program): ` 0  255  239  223  207  191
/// 175  159  143  127  111  95  79  63  47  31  15` then what RAM held (the vector is given
/// back the field the note ends), and $D5-$D6 `0  16` (T4 × L4).
#[test]
fn an_irq_routine_sees_plays_timer_counted_down_as_on_a_dragon() {
    let listing = format!(
        "10 FOR I=0 TO 13:READ A:POKE &H3000+I,A:NEXT\n\
         20 POKE &H3100,&H32:POKE &H3101,0:{INSTALL}\n\
         30 PLAY \"T4C\"\n\
         40 POKE &HFF03,52:POKE 269,&H9D:POKE 270,&H3D:POKE &HFF03,53\n\
         50 FOR I=0 TO 21:PRINT PEEK(&H3200+2*I)*256+PEEK(&H3201+2*I);:NEXT:PRINT PEEK(&HD5);PEEK(&HD6)\n\
         70 DATA {RECORD_E3}\n"
    );
    let out = output(&listing, "");
    let seen: Vec<i32> = out.split_whitespace().map(|n| n.parse().unwrap()).collect();
    let (timers, d5) = seen.split_at(22);
    assert_eq!(d5, [0, 16], "the note's decrement: {out}");
    let first = timers
        .iter()
        .position(|&t| t != 0)
        .expect("the note's timer seen");
    let note: Vec<i32> = (0..16).map(|k| 255 - 16 * k).collect();
    assert_eq!(timers[first..first + 16], note[..], "{out}");
    assert_eq!(
        timers[first + 16],
        0,
        "the note ended when the timer ran out: {out}"
    );
}

/// An IRQ routine that clears the PIA's flag and returns without the ROM's service leaves
/// PLAY's timer where PLAY set it: the note never ends (genuine, MAME 0.251: PLAY "T4C" with
/// `LDA $FF02 / RTI` at $010C's target had not ended 2,900 fields later). RESET ends it: the
/// warm start clears the timer.
#[test]
fn an_irq_routine_that_does_not_chain_holds_play_on_its_note() {
    let mut m = machine();
    typed(
        &mut m,
        &format!(
            "10 POKE &H3000,&HB6:POKE &H3001,&HFF:POKE &H3002,2:POKE &H3003,&H3B\n\
             20 {INSTALL}\n\
             30 PLAY \"T4C\"\n\
             40 PRINT \"PLAYED\""
        ),
    );
    m.type_text(b"RUN\r");
    m.run_fields(500);
    assert_eq!(m.status(), Status::Sounding, "still on the note");
    assert_eq!(m.peek16(0xE3), 255, "the timer as PLAY set it");
    let screen = m.screen_text();
    assert!(!screen.lines().any(|l| l.trim() == "PLAYED"), "{screen}");
    m.reset_soft();
    m.run_fields(3);
    assert_eq!(m.status(), Status::Prompt);
    assert_eq!(m.peek16(0xE3), 0, "the warm start clears it");
}

/// With the ROM's own service PLAY takes what it always took: ⌈255 / (T × L)⌉ fields a note
/// (docs/timing.md §2.17), and the timer is 0 again after it.
#[test]
fn plays_notes_take_their_fields_by_the_timer() {
    let out = output(
        "10 TIMER=0:PLAY \"T4CDL8EF\":PRINT TIMER;PEEK(&HE3);PEEK(&HE4)\n",
        "",
    );
    // 16 + 16 + 8 + 8 fields, counted from the field PLAY starts in.
    assert_eq!(out, " 48  0  0 \n");
}
