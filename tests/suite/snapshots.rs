//! Machine snapshots: a machine restored from a snapshot is the machine it was taken of. It
//! goes on exactly as the original would (RAM, the interpreter in the middle of its loops and
//! GOSUBs, INPUT half typed, the tape and its position, TIMER), and what is not a snapshot of
//! this version is refused with a reason.

use spacemono::frontend::default_tape;
use spacemono_core::Machine;
use spacemono_core::{SnapshotError, SNAPSHOT_MAGIC as MAGIC};
use std::time::{Duration, Instant};

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
        Machine::from_snapshot(&snap[..MAGIC.len() + 5]).unwrap_err(),
        SnapshotError::CutShort
    );
    // Cut further on, the checksum no longer matches.
    assert_eq!(
        Machine::from_snapshot(&snap[..snap.len() - 3]).unwrap_err(),
        SnapshotError::Checksum
    );
    // The RAM hash is the 8 bytes after the version, the checksum and the field; changed,
    // and the checksum made good again, the replay gives another machine.
    let mut wrong = snap.clone();
    wrong[MAGIC.len() + 2 + 8 + 8] ^= 1;
    assert_eq!(
        Machine::from_snapshot(&wrong).unwrap_err(),
        SnapshotError::Checksum
    );
    spacemono_core::seal_snapshot(&mut wrong);
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
    assert!(
        matches!(
            e,
            spacemono::frontend::snapshot_file::SnapshotFileError::Refused { .. }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("not a spacemono snapshot"), "{e}");
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

/// A snapshot as `spacemono play` writes it: a game of two computers, after its first turns.
fn played_snapshot(tag: &str) -> (std::path::PathBuf, Vec<u8>) {
    let dir = std::env::temp_dir().join(format!("spacemono-snap-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_spacemono"))
        .arg("play")
        .arg(&dir)
        .args([
            "--seat",
            "1=computer",
            "--seat",
            "2=computer",
            "--seed",
            "7",
        ])
        .output()
        .unwrap();
    assert!(out.status.code().is_some(), "{out:?}");
    let bytes = std::fs::read(dir.join("Snapshot.spacemono")).unwrap();
    (dir, bytes)
}

/// Runs `spacemono --snapshot path` for at most 20 s; returns its exit status, stderr and time.
fn start_from(path: &std::path::Path) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let out = std::process::Command::new("timeout")
        .args(["-k", "2", "20"])
        .arg(env!("CARGO_BIN_EXE_spacemono"))
        .arg("--snapshot")
        .arg(path)
        .args(["--terminal", "--mute"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), err, start.elapsed())
}

/// Issue 27: one flipped bit in the field count (byte 28 of a version 1 snapshot, the top
/// byte of the field) replayed for centuries before the RAM hash was checked. Now a flip
/// anywhere in the header, or in the middle of the file, is refused at once by the checksum,
/// with a message naming the file.
#[test]
fn a_snapshot_with_a_flipped_bit_is_refused_at_once() {
    let (dir, bytes) = played_snapshot("flip");
    let bad = dir.join("bad.snapshot");
    for at in (MAGIC.len() + 2..48).chain([bytes.len() / 2, bytes.len() - 1]) {
        let mut b = bytes.clone();
        b[at] ^= 0x40;
        std::fs::write(&bad, &b).unwrap();
        let t = Instant::now();
        let e = Machine::from_snapshot(&b).unwrap_err();
        assert!(t.elapsed() < Duration::from_secs(1), "byte {at}: {e}");
        assert_eq!(e, SnapshotError::Checksum, "byte {at}");
    }
    let mut b = bytes.clone();
    b[28] ^= 0x40;
    std::fs::write(&bad, &b).unwrap();
    let (code, err, took) = start_from(&bad);
    assert_eq!(code, Some(1), "{err}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(
        err.contains("bad.snapshot") && err.contains("damaged") && err.contains("checksum"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A snapshot of the old format (version 1, with no checksum) is refused with a message that
/// says it is old, not replayed.
#[test]
fn a_snapshot_of_the_old_format_is_refused_as_old() {
    let (dir, mut bytes) = played_snapshot("old");
    // Version 1: the same without the checksum.
    bytes.drain(MAGIC.len() + 2..MAGIC.len() + 10);
    bytes[MAGIC.len()] = 1;
    let old = dir.join("old.snapshot");
    std::fs::write(&old, &bytes).unwrap();
    let (code, err, _) = start_from(&old);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("old.snapshot") && err.contains("old format (version 1"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file made to pass the checksum but claiming a replay of centuries is refused before a
/// field is run; a replay can be stopped by its watcher, and the machine is not made.
#[test]
fn a_sealed_snapshot_claiming_centuries_is_refused_and_a_replay_can_be_stopped() {
    let mut m = Machine::new();
    fields(&mut m, 10);
    let mut bytes = m.snapshot().unwrap();
    let field_at = MAGIC.len() + 2 + 8;
    bytes[field_at + 7] = 0x40;
    spacemono_core::seal_snapshot(&mut bytes);
    let t = Instant::now();
    assert!(matches!(
        Machine::from_snapshot(&bytes),
        Err(SnapshotError::TooManyFields(_))
    ));
    assert!(t.elapsed() < Duration::from_secs(1));
    // The longest replay allowed, stopped by its watcher after the first look.
    let max = spacemono_core::MAX_SNAPSHOT_FIELDS.to_le_bytes();
    bytes[field_at..field_at + 8].copy_from_slice(&max);
    spacemono_core::seal_snapshot(&mut bytes);
    let mut looks = 0;
    let r = Machine::from_snapshot_watched(&bytes, |done, all| {
        looks += 1;
        assert_eq!(all, spacemono_core::MAX_SNAPSHOT_FIELDS);
        done < 2 * spacemono_core::REPLAY_FIELDS_A_LOOK
    });
    assert_eq!(r.unwrap_err(), SnapshotError::Cancelled);
    assert_eq!(looks, 3);
}

/// Runs `spacemono --basic --terminal` in `dir` on a pseudo-terminal (`script`), typing each
/// of `keys` after its pause; returns whether it ended within 10 s of the last, and what the
/// terminal showed.
fn terminal_session(dir: &std::path::Path, keys: &[(u64, &[u8])]) -> (bool, String) {
    terminal_session_with(dir, "", keys)
}

/// As [`terminal_session`], with more options (`extra`, shell words) on the command line.
fn terminal_session_with(
    dir: &std::path::Path,
    extra: &str,
    keys: &[(u64, &[u8])],
) -> (bool, String) {
    use std::io::{Read, Write};
    let mut child = std::process::Command::new("script")
        .args(["-qfec"])
        .arg(format!(
            "{} --basic --terminal --mute {extra}",
            env!("CARGO_BIN_EXE_spacemono")
        ))
        .arg("/dev/null")
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        String::from_utf8_lossy(&out).into_owned()
    });
    let mut stdin = child.stdin.take().unwrap();
    for (pause_ms, bytes) in keys {
        std::thread::sleep(Duration::from_millis(*pause_ms));
        let _ = stdin.write_all(bytes);
        let _ = stdin.flush();
    }
    let last = Instant::now();
    let mut ended = false;
    while last.elapsed() < Duration::from_secs(10) {
        if child.try_wait().unwrap().is_some() {
            ended = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if !ended {
        let _ = child.kill();
    }
    let _ = child.wait();
    drop(stdin);
    (ended, reader.join().unwrap())
}

/// Issue 27: F9 in the terminal view on a damaged snapshot says why on the status line and
/// the machine carries on; on a snapshot that would replay for long it shows how far it has
/// come, and Ctrl-C ends the view at once (it used to freeze, deaf to Ctrl-C).
#[test]
fn f9_in_the_terminal_says_why_and_never_freezes() {
    let dir = std::env::temp_dir().join(format!("spacemono-f9-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut m = Machine::new();
    fields(&mut m, 10);
    let good = m.snapshot().unwrap();
    let path = dir.join("spacemono.snapshot");
    let mut damaged = good;
    damaged[40] ^= 1;
    std::fs::write(&path, &damaged).unwrap();
    let (ended, shown) = terminal_session(
        &dir,
        &[(1500, b"\x1b[20~"), (500, b"PRINT 6+1\r"), (1500, b"\x03")],
    );
    assert!(ended, "{shown}");
    assert!(shown.contains("its checksum does not match"), "{shown}");
    assert!(shown.contains(" 7 "), "the machine carried on: {shown}");
    // The longest replay a snapshot may ask for, of a program busy reading the keyboard
    // (about half a minute): stopped by Ctrl-C.
    let mut m = Machine::new();
    m.load_listing(b"10 A$=INKEY$:GOTO 10\r").unwrap();
    m.type_text(b"RUN\r");
    fields(&mut m, 10);
    let mut long = m.snapshot().unwrap();
    let field_at = MAGIC.len() + 2 + 8;
    long[field_at..field_at + 8]
        .copy_from_slice(&spacemono_core::MAX_SNAPSHOT_FIELDS.to_le_bytes());
    spacemono_core::seal_snapshot(&mut long);
    std::fs::write(&path, &long).unwrap();
    let (ended, shown) = terminal_session(&dir, &[(1500, b"\x1b[20~"), (1500, b"\x03")]);
    assert!(ended, "Ctrl-C did not end a restore: {shown}");
    assert!(shown.contains("restoring the snapshot: "), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 30: snapshot slots. F7 chooses the next slot and F5 saves in it, in the folder
/// `--snapshot-dir` names (slot 2 is `spacemono-2.snapshot`); F1 shows the list of keys.
#[test]
fn f7_and_f5_save_in_slot_2_of_the_snapshot_folder_and_f1_lists_the_keys() {
    let dir = std::env::temp_dir().join(format!("spacemono-slots-{}", std::process::id()));
    let saves = dir.join("saves");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&saves).unwrap();
    let (ended, shown) = terminal_session_with(
        &dir,
        "--snapshot-dir saves",
        &[
            (1500, b"\x1b[18~"),
            (300, b"\x1b[15~"),
            (500, b"\x1bOP"),
            (500, b"\x03"),
        ],
    );
    assert!(ended, "{shown}");
    assert!(shown.contains("snapshot slot 2"), "{shown}");
    assert!(saves.join("spacemono-2.snapshot").is_file(), "{shown}");
    assert!(!dir.join("spacemono.snapshot").exists());
    assert!(shown.contains("Keys (F1 again"), "{shown}");
    assert!(shown.contains("Alt+R"), "{shown}");
    let restored =
        Machine::from_snapshot(&std::fs::read(saves.join("spacemono-2.snapshot")).unwrap());
    assert!(restored.is_ok(), "{restored:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A blank tape (`--tape new.cas` before the file exists, or an empty file) is recorded as no
/// bytes; its snapshot was refused as damaged ("its tape: empty file") when restored.
#[test]
fn a_snapshot_with_a_blank_tape_in_the_deck_restores_and_saves_on_it_replay() {
    let dir = std::env::temp_dir().join(format!("spacemono-blank-tape-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut m = Machine::new();
    spacemono::frontend::tape_file::insert_into(&mut m, &dir.join("new.cas")).unwrap();
    m.type_text(b"10 PRINT 1\rCSAVE \"P\"\r");
    fields(&mut m, 300);
    assert_eq!(m.tape_counter(), Some((3, 3)), "{}", m.screen_text());
    let mut restored = Machine::from_snapshot(&m.snapshot().unwrap()).unwrap();
    assert_eq!(restored.tape_counter(), Some((3, 3)));
    same_from_here(&mut m, &mut restored, b"NEW\r", 50);
    let _ = std::fs::remove_dir_all(&dir);
}
