//! A person's key presses reach a running program once each and in order, however fast they
//! come and however slowly the program reads the keyboard (issue 30). Keys arrive as a
//! window delivers them: `Machine::type_key` between fields.

use spacemono_core::Machine;

/// A machine recording what it prints, with `listing` loaded and RUN typed.
fn running(listing: &str) -> Machine {
    let mut m = Machine::with_transcript(true);
    m.load_listing(listing.as_bytes())
        .expect("the listing loads");
    m.type_text(b"RUN\r");
    m
}

fn fields(m: &mut Machine, n: u32) {
    for _ in 0..n {
        m.run_field();
    }
}

/// Type each key, `gap` fields after the one before (0: two keys between the same fields).
fn type_keys(m: &mut Machine, keys: &[u8], gap: u32) {
    for &k in keys {
        m.type_key(k);
        fields(m, gap);
    }
}

/// What the program printed after the RUN line.
fn printed(m: &Machine) -> String {
    let t = m.transcript().unwrap();
    let after = t.find("RUN\n").map_or(0, |i| i + 4);
    t[after..].to_string()
}

#[test]
fn an_inkey_loop_slower_than_the_typing_gets_every_key_in_order() {
    // Each key takes the program about 0.4 s (300 empty passes); ten keys come in 0.6 s.
    let mut m = running(
        "10 A$=INKEY$:IF A$=\"\" THEN 10\n\
         20 PRINT A$;:FOR I=1 TO 300:NEXT:GOTO 10\n",
    );
    fields(&mut m, 10);
    // A key every 60 ms, as quick typing comes.
    type_keys(&mut m, b"ABCDEFGHIJ", 3);
    fields(&mut m, 50 * 10);
    assert_eq!(printed(&m), "ABCDEFGHIJ");
}

#[test]
fn three_spaces_a_tenth_of_a_second_apart_move_three_times() {
    // As Space Monopoly's board: wait for a key, then a beep and a redraw that take longer
    // than the gap between the presses.
    let mut m = running(
        "10 FOR W=0 TO 1:A$=INKEY$:W=1+2*(A$=\"\"):NEXT W\n\
         20 IF A$=\" \" THEN N=N+1:SOUND 200,1:FOR I=1 TO 150:NEXT\n\
         30 PRINT N;:GOTO 10\n",
    );
    fields(&mut m, 10);
    type_keys(&mut m, b"   ", 5);
    fields(&mut m, 50 * 5);
    assert_eq!(printed(&m), " 1  2  3 ");
}

#[test]
fn keys_typed_while_run_starts_reach_the_first_input() {
    // The setup takes about a second before the first INPUT; the answer is typed at once,
    // a key every 100 ms.
    let mut m = running(
        "10 DIM A(200):FOR I=1 TO 600:A(I/3)=I:NEXT\n\
         20 INPUT \"PLAYERS\";P\n\
         30 INPUT \"NAME\";N$\n\
         40 PRINT \"GOT\";P;N$\n",
    );
    fields(&mut m, 2);
    type_keys(&mut m, b"3\rANN\r", 5);
    fields(&mut m, 50 * 5);
    let out = printed(&m);
    assert!(out.contains("GOT 3 ANN"), "{out:?}");
}

#[test]
fn a_key_that_stops_a_slow_attract_loop_leaves_the_next_for_the_title() {
    // The attract loop looks at the keyboard between long pauses and RUNs again on any key;
    // SPACE stops it, and C, pressed while it pauses, picks at the title.
    let mut m = running(
        "10 PRINT \"TITLE\":IF F THEN 40\n\
         20 A$=INKEY$:IF A$<>\"\" THEN PRINT \"STOPPED\":F=1:GOTO 10\n\
         30 FOR I=1 TO 200:NEXT:GOTO 20\n\
         40 A$=INKEY$:IF A$=\"\" THEN 40\n\
         50 PRINT \"CHOSE \";A$\n",
    );
    fields(&mut m, 40);
    type_keys(&mut m, b" C", 5);
    fields(&mut m, 50 * 5);
    let out = printed(&m);
    assert_eq!(out, "TITLE\nSTOPPED\nTITLE\nCHOSE C\nOK\n");
}

#[test]
fn a_key_waits_for_the_program_rather_than_being_flushed() {
    // One INKEY$ to empty the keyboard before the real wait, as many listings do: a key
    // typed during the long work before it is for the wait, not the flush.
    let mut m = running(
        "10 FOR I=1 TO 300:NEXT\n\
         20 A$=INKEY$\n\
         30 A$=INKEY$:IF A$=\"\" THEN 30\n\
         40 PRINT \"GOT \";A$\n",
    );
    fields(&mut m, 5);
    m.type_key(b'Y');
    fields(&mut m, 50 * 3);
    assert_eq!(printed(&m), "GOT Y\nOK\n");
}

#[test]
fn a_burst_of_keys_between_two_fields_arrives_whole() {
    let mut m = running(
        "10 A$=INKEY$:IF A$=\"\" THEN 10\n\
         20 PRINT A$;:FOR I=1 TO 100:NEXT:GOTO 10\n",
    );
    fields(&mut m, 10);
    type_keys(&mut m, b"QWERTYUIOP", 0);
    fields(&mut m, 50 * 5);
    assert_eq!(printed(&m), "QWERTYUIOP");
}

#[test]
fn three_spaces_move_space_monopolys_diamond_three_cells() {
    use crate::common::basic_session::Session;
    let mut s = Session::load(
        include_str!("../../../../roms/spacemono.bas"),
        false,
        50 * 600,
    );
    s.m.type_text(b"RUN\r");
    // Two players: the first board, its five cells blinking, the diamond on the first.
    s.keys("2");
    type_keys(&mut s.m, b"   ", 5);
    fields(&mut s.m, 50 * 3);
    s.brk();
    let (cu, nc) = (s.print("CU"), s.print("NC"));
    let nc: u32 = nc.parse().unwrap();
    assert_eq!(cu, (3 % nc + 1).to_string(), "{nc} cells");
}

#[test]
fn a_snapshot_taken_with_presses_still_queued_goes_on_the_same() {
    let mut m = running(
        "10 A$=INKEY$:IF A$=\"\" THEN 10\n\
         20 PRINT A$;:FOR I=1 TO 300:NEXT:GOTO 10\n",
    );
    fields(&mut m, 10);
    type_keys(&mut m, b"ABCDEF", 1);
    assert!(m.typed_keys_waiting() >= 4, "{}", m.typed_keys_waiting());
    let mut back = Machine::from_snapshot(&m.snapshot().unwrap()).unwrap();
    assert_eq!(back.typed_keys_waiting(), m.typed_keys_waiting());
    for machine in [&mut m, &mut back] {
        type_keys(machine, b"GHIJ", 3);
        fields(machine, 50 * 8);
    }
    assert_eq!(m.memory(), back.memory());
    assert!(
        m.screen_text().contains("ABCDEFGHIJ"),
        "{}",
        m.screen_text()
    );
    assert_eq!(m.screen_text(), back.screen_text());
}

#[test]
fn a_typed_pause_stops_a_program_that_reads_no_keys_and_a_press_goes_on() {
    use spacemono_core::Status;
    const SHIFT_AT: u8 = 0x13; // the Dragon's pause key
    let mut m = running("10 N=N+1:GOTO 10\n");
    fields(&mut m, 5);
    m.type_key(SHIFT_AT);
    fields(&mut m, 10);
    assert_eq!(m.status(), Status::WaitingForKey, "paused");
    m.type_key(b'X');
    assert_eq!(m.run_field(), Status::Running, "going on");
    assert_eq!(m.typed_keys_waiting(), 0);
}

#[test]
fn the_first_key_typed_during_a_load_hurries_it_and_the_rest_reach_the_program() {
    use spacemono_core::tape::TapeKind;
    let mut m = Machine::with_transcript(true);
    m.insert_tape_image(
        TapeKind::Ascii,
        "ASK",
        b"10 INPUT A$\n20 PRINT \"GOT \";A$\n",
    )
    .unwrap();
    m.set_tape_speed(spacemono_core::tape::TapeSpeed::Real);
    m.type_text(b"CLOAD\r");
    fields(&mut m, 20);
    let t = m.transcript().unwrap();
    assert!(t.ends_with("CLOAD\n"), "still loading: {t:?}");
    // SPACE to hurry the load, then the RUN and the answer typed at once.
    type_keys(&mut m, b" RUN\rYES\r", 1);
    fields(&mut m, 50 * 3);
    let t = m.transcript().unwrap();
    assert!(t.ends_with("RUN\n? YES\nGOT YES\nOK\n"), "{t:?}");
}
