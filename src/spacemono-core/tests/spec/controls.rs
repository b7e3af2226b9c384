//! What a person does to the machine from outside while it runs, besides typing: the RESET
//! button (the warm start keeps the program), and the tape deck's own controls (rewind, wind
//! on to the next file, eject, the counter). Each is in the journal, so a snapshot taken
//! after it replays to the same machine.

use spacemono_core::tape::{cas, listing_image, tapefile::file_blocks, Namefile, TapeKind};
use spacemono_core::Machine;

use crate::common::{machine, session, typed};

/// A .cas image holding the tokenized programs `(name, listing)` one after another.
fn tape_of(programs: &[(&str, &str)]) -> Vec<u8> {
    let mut blocks = Vec::new();
    for (name, listing) in programs {
        let lines: Vec<&str> = listing.lines().collect();
        let image = listing_image(&lines).expect("the listing crunches");
        blocks.extend(file_blocks(&Namefile::csave(name), &image));
    }
    cas::write(&blocks).expect("the tape is written")
}

fn two_program_tape(m: &mut Machine) {
    let tape = tape_of(&[
        ("FIRST", "10 PRINT \"ONE\""),
        ("SECOND", "10 PRINT \"TWO\""),
    ]);
    m.insert_tape_image(TapeKind::Cas, "TWO", &tape).unwrap();
}

#[test]
fn reset_stops_the_program_and_keeps_it_and_its_variables() {
    let mut m = machine();
    typed(&mut m, "10 A=42\n20 GOTO 20");
    m.type_text(b"RUN\r");
    m.run_fields(200);
    assert_eq!(m.status(), spacemono_core::Status::Running);
    m.reset_soft();
    m.run_fields(5);
    assert_eq!(m.status(), spacemono_core::Status::Prompt);
    let screen = m.screen_text();
    assert!(screen.starts_with("OK"), "a clear screen with OK: {screen}");
    let t = typed(&mut m, "PRINT A\nLIST");
    assert!(t.contains(" 42 "), "{t}");
    assert!(t.contains("10 A=42"), "{t}");
}

/// What a program reads of the chips at OK, and how long a FOR loop takes by TIMER.
const CHIPS_AT_OK: &str = "TIMER=0:FOR I=1 TO 500:NEXT:T=TIMER\n\
    PRINT T:PRINT PEEK(&HFF00);PEEK(&HFF01);PEEK(&HFF02);PEEK(&HFF03)\n\
    PRINT PEEK(&HFF20);PEEK(&HFF21);PEEK(&HFF22);PEEK(&HFF23)";

/// RESET runs the ROM's hardware init (DoHWInit) before the warm start: the SAM's rate goes
/// back to slow, the VDG to text, the PIAs' directions and controls to the ROM's, and the
/// field sync's IRQ is enabled again, so the chips read as on a machine just switched on
/// (the hard reset). Genuine (MAME 0.251, the Dragon 32 ROM, RESET after `POKE 65495,0`,
/// `POKE &HFF22,&HF8`, `POKE &HFF03,52`): the FOR loop is as slow as at power-on (35 of
/// MAME's fields), $FF00-$FF03 255 180 x 53, $FF20-$FF23 1 52 x 55, the program kept.
#[test]
fn reset_sets_the_chips_up_again_as_the_rom_leaves_them() {
    let mut fresh = machine();
    let at_power_on = typed(&mut fresh, CHIPS_AT_OK);
    let mut m = machine();
    typed(
        &mut m,
        "10 A=42:POKE 65495,0:POKE &HFF22,&HF8:POKE &HFF03,52\n\
         20 POKE &HFF01,0:POKE &HFF00,255:POKE &HFF01,52:POKE &HFF23,0\n\
         30 GOTO 30",
    );
    m.type_text(b"RUN\r");
    m.run_fields(100);
    assert!(
        m.video_select().graphics,
        "the program's POKE shows graphics"
    );
    m.reset_soft();
    assert!(!m.video_select().graphics, "RESET shows text");
    m.run_fields(5);
    let after_reset = typed(&mut m, CHIPS_AT_OK);
    let numbers = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with(' '))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        numbers(&after_reset),
        numbers(&at_power_on),
        "{after_reset}"
    );
    assert_eq!(
        numbers(&at_power_on)[1..],
        [" 255  180  127  53 ", " 1  52  4  55 "],
        "{at_power_on}"
    );
    let t = typed(&mut m, "PRINT A\nLIST");
    assert!(t.contains(" 42 ") && t.contains("10 A=42"), "{t}");
}

/// RESET keeps BASIC only when the warm start's flag ($71) holds $55 and the address in $72
/// starts with a NOP (the ROM's own, $B44F, at power-on); otherwise it is the cold start, as
/// at power-on, and the program is gone. A program's own routine there runs, and its
/// `JMP $B44F` is the ROM's warm start. Genuine (MAME 0.251): after `POKE 113,0`, RESET leaves
/// an empty program and $71-$73 = 85 180 79; with $72 pointed at `NOP / INC $4100 / JMP
/// $B44F` in RAM, the routine runs once and the program is kept.
#[test]
fn reset_with_the_warm_start_flag_or_address_spoiled_is_the_cold_start() {
    let flags = "PRINT PEEK(113);PEEK(114);PEEK(115)";
    let t = session(flags);
    assert!(
        t.contains(" 85  180  79 "),
        "the power-on flag and address: {t}"
    );
    for (spoil, kept) in [
        ("POKE 113,0", false),
        ("POKE 114,64:POKE 115,0:POKE &H4000,0", false),
        (
            "POKE &H4100,0:POKE &H4000,18:POKE &H4001,&H7C:POKE &H4002,&H41:POKE &H4003,0:\
             POKE &H4004,126:POKE &H4005,&HB4:POKE &H4006,&H4F:POKE 114,64:POKE 115,0",
            true,
        ),
    ] {
        let mut m = machine();
        typed(&mut m, "10 PRINT \"KEPT\"");
        typed(&mut m, spoil);
        m.reset_soft();
        m.run_fields(5);
        let t = typed(&mut m, "LIST");
        assert_eq!(t.contains("KEPT"), kept, "{spoil}: {t}");
        if kept {
            assert_eq!(m.peek(0x4100), 1, "the program's warm start ran once");
        }
        if !kept {
            assert!(
                m.screen_text().contains("(C) 1982 DRAGON DATA LTD"),
                "{spoil}"
            );
            let t = typed(&mut m, flags);
            assert!(
                t.contains(" 85  180  79 "),
                "{spoil}: the cold start sets them: {t}"
            );
        }
    }
}

#[test]
fn reset_leaves_a_graphics_page_for_the_text_screen() {
    let mut m = machine();
    typed(&mut m, "10 PMODE 4,1:SCREEN 1,1\n20 GOTO 20");
    m.type_text(b"RUN\r");
    m.run_fields(100);
    assert!(m.video_select().graphics);
    m.reset_soft();
    assert!(!m.video_select().graphics);
}

/// RESET runs the ROM's hardware init, which lowers PIA1 CA2: the motor relay reads off
/// ($FF21 bit 3 clear) as the deck's motor is off.
#[test]
fn reset_leaves_the_motor_relay_off() {
    let mut m = machine();
    typed(&mut m, "MOTOR ON");
    assert_eq!(m.peek(0xFF21) & 8, 8, "MOTOR ON raises CA2");
    m.reset_soft();
    m.run_fields(5);
    assert_eq!(m.peek(0xFF21) & 8, 0, "after RESET the relay is off");
}

#[test]
fn the_counter_rewind_and_wind_move_the_tape_and_cload_finds_what_is_under_the_head() {
    let mut m = machine();
    assert_eq!(m.tape_counter(), None, "no tape");
    two_program_tape(&mut m);
    let (at, blocks) = m.tape_counter().unwrap();
    assert_eq!(at, 0);
    // Each program: a namefile, one data block, an EOF block.
    assert_eq!(blocks, 6);
    m.wind_tape_to_next_file();
    assert_eq!(m.tape_counter(), Some((3, 6)), "at the second namefile");
    let t = typed(&mut m, "CLOAD\nRUN");
    assert!(t.contains("FOUND SECOND") || t.contains("TWO"), "{t}");
    assert!(t.contains("TWO") && !t.contains("ONE"), "{t}");
    assert_eq!(m.tape_counter(), Some((6, 6)), "read to the end");
    m.rewind_tape();
    assert_eq!(m.tape_counter(), Some((0, 6)));
    let t = typed(&mut m, "CLOAD\nRUN");
    assert!(t.contains("ONE"), "{t}");
    m.wind_tape_to_next_file();
    m.wind_tape_to_next_file();
    assert_eq!(
        m.tape_counter(),
        Some((6, 6)),
        "wound to the end, and no further"
    );
}

#[test]
fn an_ejected_tape_is_gone_for_cload() {
    let mut m = machine();
    two_program_tape(&mut m);
    m.eject_tape();
    assert_eq!(m.tape_counter(), None);
    let t = typed(&mut m, "CLOAD");
    assert!(t.contains("?IO ERROR"), "{t}");
}

#[test]
fn snapshots_replay_the_deck_controls_and_the_reset() {
    let mut m = machine();
    two_program_tape(&mut m);
    typed(&mut m, "10 B=7\n20 GOTO 20");
    m.type_text(b"RUN\r");
    m.run_fields(50);
    m.reset_soft();
    m.wind_tape_to_next_file();
    m.run_fields(3);
    m.rewind_tape();
    m.wind_tape_to_next_file();
    m.run_fields(3);
    let bytes = m.snapshot().expect("the controls are recorded");
    let back = Machine::from_snapshot(&bytes).expect("it replays");
    assert_eq!(back.tape_counter(), Some((3, 6)));
    assert_eq!(back.screen_text(), m.screen_text());
    m.eject_tape();
    let back = Machine::from_snapshot(&m.snapshot().unwrap()).unwrap();
    assert_eq!(back.tape_counter(), None);
}
