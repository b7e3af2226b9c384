//! Issue 10: what a hostile or careless user can throw at the machine. Each test here failed
//! before the fix it pins (a freeze, a wrong error, a lost or leaked save, a silent cut).

mod common;
use common::*;

// ---- 1. numbers too large for their literal: ?OV, never a freeze ------------------------

/// `&H`/`&O` beyond 16 bits is ?OV on the Dragon (float.md, `&H` constants $9C1B: the shift
/// out of bit 15 goes to OVERR). Before the fix the compiler found the same literal again and
/// again, and PRINT grew its item list until the host ran out of memory.
#[test]
fn hex_and_octal_beyond_16_bits_are_overflow_errors() {
    for line in [
        "10 PRINT &H10000",
        "10 PRINT &O200000",
        "10 PRINT 1+&H10000",
        "10 PRINT USING \"#\";&H10000",
        "10 PRINT#-2,&H10000",
        "10 POKE &H10000,1",
        "10 ON &H10000 GOTO 10",
        "10 SOUND &H10000,1",
        "10 FOR I=&H10000 TO 1",
        "10 PRINT TAB(&H10000)",
        "10 PRINT MID$(\"A\",&H10000)",
        "10 PRINT (&H10000)",
    ] {
        assert_eq!(output(line, ""), "?OV ERROR IN 10\n", "{line}");
    }
    // What comes before the literal is done first, as the ROM interprets left to right.
    assert_eq!(output("10 PRINT \"A\";&H10000", ""), "A\n?OV ERROR IN 10\n");
    // The largest values still fit.
    assert_eq!(output("10 PRINT &HFFFF;&O177777", ""), " 65535  65535 \n");
}

#[test]
fn hex_beyond_16_bits_typed_at_ok_is_an_overflow_error() {
    assert_eq!(direct("PRINT &H10000"), "?OV ERROR\n");
}

/// READ of a number FIN cannot hold stops with FIN's ?OV, in the READ line; only a malformed
/// item is ?SN in the DATA line (interpreter.md §6).
#[test]
fn read_of_a_number_too_large_is_overflow_in_the_read_line() {
    assert_eq!(
        output("10 DATA 1E39\n20 READ A\n30 PRINT A", ""),
        "?OV ERROR IN 20\n"
    );
    assert_eq!(
        output("10 DATA 1X\n20 READ A\n30 PRINT A", ""),
        "?SN ERROR IN 10\n"
    );
}

/// INPUT of a number too large is FIN's ?OV too, not ?REDO (which is for text that is not a
/// number at all).
#[test]
fn input_of_a_number_too_large_is_overflow() {
    assert_eq!(
        output("10 INPUT A\n20 PRINT A", "1E39\n"),
        "? 1E39\n?OV ERROR IN 10\n"
    );
}

// ---- 2–4. saves: read back before reported, no planted link followed, permissions kept --

use spacemono::formats::wav;
use spacemono::frontend::tape_file;
use spacemono::machine::cassette::group_tape_blocks;
use spacemono::machine::Machine;
use std::path::Path;

/// A machine with `tape` in its deck.
fn machine_with_tape(tape: &Path) -> Machine {
    let mut m = machine();
    tape_file::insert(&mut m.hw.deck, tape).expect("the tape goes in");
    m
}

/// The names of the files on a tape file, as `tape list` reads them from disk.
fn names_on(tape: &Path) -> Vec<String> {
    let t = tape_file::read_tape_file(tape).expect("the tape reads");
    group_tape_blocks(&t.blocks)
        .iter()
        .map(|f| f.name().trim_end().to_string())
        .collect()
}

/// A .wav recording of one program, with every sample turned upside down (as a recorder with
/// the other polarity makes it).
fn inverted_recording(path: &Path) {
    let dir = path.parent().unwrap();
    let first = dir.join("first.cas");
    let mut m = machine_with_tape(&first);
    typed(&mut m, "10 PRINT \"FIRST\"\nCSAVE \"FIRST\"");
    let blocks: Vec<_> = tape_file::read_tape_file(&first)
        .unwrap()
        .blocks
        .into_iter()
        .map(|b| b.block)
        .collect();
    let mut bytes = wav::encode(&blocks, &wav::WavOptions::default()).unwrap();
    for s in &mut bytes[44..] {
        *s = 0u8.wrapping_sub(*s); // 8-bit unsigned about 128: 128+v becomes 128-v
    }
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_save_onto_an_inverted_recording_can_be_read_back() {
    let dir = temp_dir("inverted-wav");
    let tape = dir.join("old.wav");
    inverted_recording(&tape);
    assert_eq!(names_on(&tape), ["FIRST"], "the inverted recording reads");
    let mut m = machine_with_tape(&tape);
    let t = typed(&mut m, "NEW\n10 PRINT \"NEW ONE\"\nCSAVE \"NEWPROG\"");
    assert!(!t.contains("ERROR"), "{t}");
    assert_eq!(names_on(&tape), ["FIRST", "NEWPROG"]);
    let mut m = machine_with_tape(&tape);
    let t = typed(&mut m, "CLOAD \"NEWPROG\"\nRUN");
    assert!(t.ends_with("NEW ONE\nOK\n"), "{t}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_link_planted_beside_the_tape_is_never_written_through() {
    let dir = temp_dir("planted-link");
    let tape = dir.join("keep.cas");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, b"precious").unwrap();
    // The name the temporary file had before: a link to another file.
    std::os::unix::fs::symlink(&victim, dir.join(".keep.cas.spacemono-tmp")).unwrap();
    let mut m = machine_with_tape(&tape);
    let t = typed(&mut m, "10 PRINT 1\nCSAVE \"A\"\nCSAVE \"B\"");
    assert!(!t.contains("ERROR"), "{t}");
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert_eq!(names_on(&tape), ["A", "B"]);
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [".keep.cas.spacemono-tmp", "keep.cas", "victim.txt"],
        "no temporary file is left behind"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_save_keeps_the_tapes_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("private-tape");
    let tape = dir.join("private.cas");
    let mut m = machine_with_tape(&tape);
    typed(&mut m, "10 PRINT 1\nCSAVE \"A\"");
    for mode in [0o600, 0o640, 0o664] {
        std::fs::set_permissions(&tape, std::fs::Permissions::from_mode(mode)).unwrap();
        typed(&mut m, "CSAVE \"B\"");
        let now = std::fs::metadata(&tape).unwrap().permissions().mode() & 0o7777;
        assert_eq!(now, mode, "mode {mode:o} became {now:o}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- 5. a failed save says why on the host, and a headless run fails ---------------------

#[test]
fn a_failed_save_says_why_on_stderr_and_the_run_fails() {
    let dir = temp_dir("failed-save");
    let tape = dir.join("one.bas");
    std::fs::write(&tape, "10 PRINT \"THE ONLY ONE\"\n").unwrap();
    let prog = dir.join("prog.bas");
    std::fs::write(&prog, "10 CSAVE \"TWO\"\n").unwrap();
    let out = std::process::Command::new(bin())
        .arg("run")
        .arg(&prog)
        .args(["--headless", "--screen", "-", "--tape"])
        .arg(&tape)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("?IO ERROR IN 10"), "{stdout}");
    assert!(stderr.contains("one.bas"), "{stderr}");
    assert!(stderr.contains("single BASIC program"), "{stderr}");
    assert!(!out.status.success(), "exit status {:?}", out.status);
    assert_eq!(
        std::fs::read_to_string(&tape).unwrap(),
        "10 PRINT \"THE ONLY ONE\"\n",
        "the tape is as it was"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
