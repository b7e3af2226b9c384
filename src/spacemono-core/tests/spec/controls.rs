//! What a person does to the machine from outside while it runs, besides typing: the RESET
//! button (the warm start keeps the program), and the tape deck's own controls (rewind, wind
//! on to the next file, eject, the counter). Each is in the journal, so a snapshot taken
//! after it replays to the same machine.

use spacemono_core::tape::{cas, listing_image, tapefile::file_blocks, Namefile, TapeKind};
use spacemono_core::Machine;

use crate::common::{machine, typed};

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
