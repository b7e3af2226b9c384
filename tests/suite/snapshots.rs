//! Machine snapshots: a machine restored from a snapshot is the machine it was taken of. It
//! goes on exactly as the original would (RAM, the interpreter in the middle of its loops and
//! GOSUBs, INPUT half typed, the tape and its position, TIMER), and what is not a snapshot of
//! this version is refused with a reason.

use spacemono::computer::Machine;
use spacemono::frontend::default_tape;
use spacemono::snapshot::{SnapshotError, MAGIC};

fn fields(m: &mut Machine, n: u64) {
    for _ in 0..n {
        m.run_field();
    }
}

/// Runs both machines on the same further keys and checks they stay the same machine.
fn same_from_here(a: &mut Machine, b: &mut Machine, keys: &[u8], n: u64) {
    assert_eq!(a.fields(), b.fields());
    assert_eq!(a.memory(), b.memory(), "at the snapshot");
    a.type_script(keys);
    b.type_script(keys);
    for i in 0..n {
        a.run_field();
        b.run_field();
        if i % 50 == 0 {
            assert_eq!(a.memory(), b.memory(), "{i} fields on");
        }
    }
    assert_eq!(a.memory(), b.memory());
    assert_eq!(a.screen_text(), b.screen_text());
}

#[test]
fn a_game_in_the_middle_of_a_turn_goes_on_the_same_after_a_restore() {
    let mut m = Machine::new();
    default_tape::boot_game(&mut m).unwrap();
    // CLOAD from the tape on screen, RUN, 2 players, some moves and purchases.
    m.type_script(b"2 M\r1\r\r\r\r\r M");
    fields(&mut m, 3000);
    assert!(m.keys_delivered() >= 12, "the game is under way");
    let snap = m.snapshot().unwrap();
    let mut back = Machine::from_snapshot(&snap).unwrap();
    same_from_here(&mut m, &mut back, b"\r2\r\r\r\rS\rM\r\r\r\r\r", 3000);
    assert!(m.keys_delivered() >= 20, "{}", m.keys_delivered());
}

#[test]
fn a_program_waiting_at_input_half_typed_is_restored_there() {
    let mut m = Machine::new();
    m.load_listing(
        b"10 FOR I=1 TO 3:GOSUB 100:NEXT\r20 END\r100 INPUT \"NAME\";A$:PRINT \"HI \";A$:RETURN\r",
    )
    .unwrap();
    m.type_text(b"RUN\r");
    fields(&mut m, 20);
    m.type_script(b"ADA\rBO");
    fields(&mut m, 40);
    let snap = m.snapshot().unwrap();
    let mut back = Machine::from_snapshot(&snap).unwrap();
    assert!(
        back.screen_text().contains("HI ADA"),
        "{}",
        back.screen_text()
    );
    same_from_here(&mut m, &mut back, b"B\rCY\r", 100);
    assert!(
        back.screen_text().contains("HI BOB"),
        "{}",
        back.screen_text()
    );
    assert!(
        back.screen_text().contains("HI CY"),
        "{}",
        back.screen_text()
    );
}

#[test]
fn what_is_not_a_snapshot_of_this_version_is_refused() {
    let mut m = Machine::new();
    m.type_text(b"PRINT 1\r");
    fields(&mut m, 30);
    let snap = m.snapshot().unwrap();
    assert_eq!(
        Machine::from_snapshot(b"hello").unwrap_err(),
        SnapshotError::NotASnapshot
    );
    let mut future = snap.clone();
    future[MAGIC.len()] = 9;
    let e = Machine::from_snapshot(&future).unwrap_err();
    assert_eq!(e, SnapshotError::Version(9));
    assert!(e.to_string().contains("version 9"), "{e}");
    assert_eq!(
        Machine::from_snapshot(&snap[..snap.len() - 3]).unwrap_err(),
        SnapshotError::CutShort
    );
    // The RAM hash is the 8 bytes after the version and the field.
    let mut wrong = snap.clone();
    wrong[MAGIC.len() + 2 + 8] ^= 1;
    assert_eq!(
        Machine::from_snapshot(&wrong).unwrap_err(),
        SnapshotError::Diverged
    );
    assert!(Machine::from_snapshot(&snap).is_ok());
}

#[test]
fn a_machine_whose_deck_was_reached_directly_cannot_be_snapshotted() {
    let mut m = Machine::new();
    m.deck().rewind();
    assert!(matches!(m.snapshot(), Err(SnapshotError::NotRecorded(_))));
}

/// F5 and F9 in a session: the machine saved, changed, and taken back to the saved one.
#[test]
fn a_session_saves_a_snapshot_and_goes_back_to_it() {
    use spacemono::frontend::audio::SoundOut;
    use spacemono::frontend::session::Driver;

    let path = std::env::temp_dir().join(format!("spacemono-f5-{}.snapshot", std::process::id()));
    let mut d = Driver::new(Machine::new(), SoundOut::silent());
    for _ in 0..10 {
        d.step(false);
    }
    d.machine.type_text(b"A=42\r");
    for _ in 0..20 {
        d.step(false);
    }
    let saved = d.machine.memory().to_vec();
    assert!(d.save_snapshot(&path).unwrap().contains("saved"));
    d.machine.type_text(b"A=7:CLS\r");
    for _ in 0..20 {
        d.step(false);
    }
    assert_ne!(d.machine.memory(), &saved[..]);
    assert!(d.restore_snapshot(&path).unwrap().contains("restored"));
    assert_eq!(d.machine.memory(), &saved[..]);
    d.machine.type_text(b"PRINT A\r");
    for _ in 0..20 {
        d.step(false);
    }
    assert!(
        d.machine.screen_text().contains(" 42"),
        "{}",
        d.machine.screen_text()
    );
    // A file that is not a snapshot is refused and the machine is kept.
    std::fs::write(&path, b"not a snapshot").unwrap();
    let e = d.restore_snapshot(&path).unwrap_err();
    assert!(e.contains("not a spacemono snapshot"), "{e}");
    assert!(d.machine.screen_text().contains(" 42"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn starting_from_a_file_that_is_not_a_snapshot_says_so() {
    let path = std::env::temp_dir().join(format!("spacemono-bad-{}.snapshot", std::process::id()));
    std::fs::write(&path, b"hello").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spacemono"))
        .arg("--snapshot")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a spacemono snapshot"), "{err}");
    let _ = std::fs::remove_file(&path);
}
