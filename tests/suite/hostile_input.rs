//! Issue 10: what a hostile or careless user can throw at the machine. Each test here failed
//! before the fix it pins (a freeze, a wrong error, a lost or leaked save, a silent cut).

use crate::common::*;

// ---- 1. numbers too large for their literal: ?OV, never a freeze ------------------------

/// `&H`/`&O` beyond 16 bits is ?OV on the Dragon (docs/float.md §9, `&H` constants $9C1B: the shift
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
/// item is ?SN in the DATA line (docs/interpreter.md §6).
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

use spacemono::frontend::tape_file;
use spacemono_core::tape::group_tape_blocks;
use spacemono_core::tape::wav;
use spacemono_core::Machine;
use std::path::Path;

/// A machine with `tape` in its deck.
fn machine_with_tape(tape: &Path) -> Machine {
    let mut m = machine();
    tape_file::insert(m.deck(), tape).expect("the tape goes in");
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

/// In a window or the terminal view the same reason reaches the frontend, which shows it (in
/// the title bar, or on the status line) and prints it on stderr.
#[test]
fn a_failed_save_in_a_session_becomes_a_notice() {
    use spacemono::frontend::audio::SoundOut;
    use spacemono::frontend::session::Driver;
    let dir = temp_dir("failed-save-notice");
    let tape = dir.join("one.bas");
    std::fs::write(&tape, "10 PRINT \"THE ONLY ONE\"\n").unwrap();
    let mut m = machine_with_tape(&tape);
    m.type_text(b"10 PRINT 2\rCSAVE \"TWO\"\r");
    let mut driver = Driver::new(m, SoundOut::silent());
    for _ in 0..200 {
        driver.step(false);
    }
    assert!(driver.machine.screen_text().contains("?IO ERROR"));
    assert_eq!(driver.notices.len(), 1, "{:?}", driver.notices);
    assert!(
        driver.notices[0].contains("one.bas") && driver.notices[0].contains("single BASIC program"),
        "{:?}",
        driver.notices
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- 6. reads and writes have a real limit; a host budget of 256 MB ----------------------

use std::process::{Command, Output};

/// The host budget a run must keep to, whatever it is given: 256 MB of address space and a
/// minute of wall time (`ulimit -v`, `timeout`). Running out of either fails the test. (A
/// run ends at the end of a field when it is sent SIGTERM; one stuck inside a statement is
/// killed 5 s later.)
pub(crate) fn spacemono_within_budget(args: &[&std::ffi::OsStr], dir: &Path) -> Output {
    let mut c = Command::new("sh");
    c.current_dir(dir)
        .arg("-c")
        .arg("ulimit -v 262144 && exec timeout -k 5 60 \"$0\" \"$@\"")
        .arg(bin())
        .args(args);
    let out = c.output().unwrap();
    assert!(
        !matches!(out.status.code(), Some(124) | Some(137) | None),
        "the run took over a minute ({:?})",
        out.status
    );
    out
}

pub(crate) fn os(s: &str) -> &std::ffi::OsStr {
    std::ffi::OsStr::new(s)
}

pub(crate) fn stderr_of(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[cfg(unix)]
#[test]
fn endless_files_are_refused_within_the_budget() {
    let dir = temp_dir("endless");
    std::fs::write(dir.join("p.bas"), "10 PRINT 1\n").unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.cas")).unwrap();
    for args in [
        &["run", "/dev/zero", "--headless"][..],
        &["run", "p.bas", "--headless", "--keys-file", "/dev/zero"],
        &["run", "p.bas", "--headless", "--type", "/dev/zero"],
        &["run", "p.bas", "--headless", "--tape", "zero.cas"],
    ] {
        let args: Vec<_> = args.iter().map(|a| os(a)).collect();
        let o = spacemono_within_budget(&args, &dir);
        let e = stderr_of(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert!(
            e.contains("zero") && e.contains("too large"),
            "{args:?}: {e}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// 4,000 full blocks: a 1 MB .cas that would be some 150 MB of audio. It is refused before
/// any of it is made.
#[test]
fn a_conversion_too_large_is_refused_before_it_is_built() {
    let dir = temp_dir("huge-convert");
    let mut block = vec![0x55u8, 0x3C, 0x01, 0xFF];
    block.extend([0u8; 255]);
    block.extend([0x00, 0x55]);
    std::fs::write(dir.join("full.cas"), block.repeat(4_000)).unwrap();
    let o = spacemono_within_budget(
        &[os("tape"), os("convert"), os("full.cas"), os("huge.wav")],
        &dir,
    );
    let e = stderr_of(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("huge.wav") && e.contains("too large"), "{e}");
    assert!(!dir.join("huge.wav").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each program runs headless for at most two seconds of the machine's time, within the host
/// budget, and the run exits with 0.
fn each_ends_within_budget(tag: &str, progs: &[&str]) {
    let dir = temp_dir(tag);
    for (i, prog) in progs.iter().enumerate() {
        let name = format!("p{i}.bas");
        std::fs::write(dir.join(&name), prog).unwrap();
        let o = spacemono_within_budget(
            &[
                os("run"),
                os(&name),
                os("--headless"),
                os("--max-seconds"),
                os("2"),
                os("--screen"),
                os("-"),
            ],
            &dir,
        );
        assert_eq!(o.status.code(), Some(0), "{prog}: {}", stderr_of(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The hostile programs of item 1 keep to the budget, and `--max-seconds` holds.
#[test]
fn hostile_programs_keep_to_the_budget_and_the_time_limit() {
    each_ends_within_budget(
        "budget-programs",
        &[
            "10 PRINT &H10000\n",
            "10 PRINT USING \"#\";&O200000\n",
            "10 A$=A$+\"X\":GOTO 10\n",
            "10 DIM A(5000):GOSUB 10\n",
            "10 GOTO 10\n",
        ],
    );
}

/// A PMODE page number wraps round in 8 bits (docs/graphics.md §1.5), so `PMODE 1,255` puts the
/// page over the direct page, where LINE keeps its working points: a filled box draws over
/// its own corners, and the ROM's loop may never meet its end row (the Dragon hangs until
/// reset; the fuzzer found it as a host that hung in one statement, deaf to SIGTERM). The box
/// stops once it has plotted more than a whole picture, and the run goes on to its end.
#[test]
fn a_filled_box_drawn_over_its_own_corners_ends() {
    each_ends_within_budget(
        "box-over-corners",
        &[
            "10 PMODE 1,255:LINE(Y,255)-(A1,I),PSET,BF:PLAY \"\"XXXXXX\":PRINT 1\n",
            "10 PMODE 1,255:LINE(0,255)-(255,0),PSET,BF\n20 PRINT 1\n",
            "10 PMODE 1,255:PAINT(10,10),2,3\n20 PRINT 1\n",
        ],
    );
}

/// A program that prints for ever: its transcript stops at 32 MiB (with a warning) instead
/// of growing until the host has no memory left.
#[test]
fn a_transcript_that_never_ends_keeps_to_the_budget() {
    let dir = temp_dir("endless-transcript");
    std::fs::write(
        dir.join("p.bas"),
        format!("10 PRINT \"{}\";:GOTO 10\n", "X".repeat(60)),
    )
    .unwrap();
    let o = spacemono_within_budget(
        &[
            os("run"),
            os("p.bas"),
            os("--headless"),
            os("--max-seconds"),
            os("20000"),
            os("--transcript"),
            os("out.txt"),
        ],
        &dir,
    );
    let e = stderr_of(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(
        e.contains("the transcript holds only the first 33554432 characters"),
        "{e}"
    );
    assert_eq!(
        std::fs::metadata(dir.join("out.txt")).unwrap().len(),
        32 << 20
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- 7. one rule for what a listing is, and a word when a line is cut ---------------------

#[test]
fn convert_list_and_run_refuse_the_same_listing_alike() {
    let dir = temp_dir("listing-rule");
    std::fs::write(dir.join("odd.bas"), b"10 PRINT \"A\xB4B\"\n").unwrap();
    let mut messages = Vec::new();
    for args in [
        &["tape", "convert", "odd.bas", "odd.cas"][..],
        &["list", "odd.bas"],
        &["run", "odd.bas", "--headless"],
    ] {
        let args: Vec<_> = args.iter().map(|a| os(a)).collect();
        let o = spacemono_within_budget(&args, &dir);
        let e = stderr_of(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert!(e.contains("odd.bas") && e.contains("0xb4"), "{args:?}: {e}");
        messages.push(e);
    }
    assert!(messages.iter().all(|m| m == &messages[0]), "{messages:?}");
    assert!(!dir.join("odd.cas").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_line_the_dragon_cuts_is_named_in_a_warning() {
    let dir = temp_dir("long-line");
    let long = format!("20 PRINT \"{}\"", "X".repeat(290));
    std::fs::write(
        dir.join("long.bas"),
        format!("10 CLS\r\n{long}\r\n30 END\r\n"),
    )
    .unwrap();
    for args in [
        &["list", "long.bas"][..],
        &["tape", "convert", "long.bas", "long.cas"],
        &["run", "long.bas", "--headless"],
        &["run", "other.bas", "--headless", "--tape", "long.bas"],
    ] {
        std::fs::write(dir.join("other.bas"), "10 END\n").unwrap();
        let args: Vec<_> = args.iter().map(|a| os(a)).collect();
        let o = spacemono_within_budget(&args, &dir);
        let e = stderr_of(&o);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {e}");
        let said = format!(
            "long.bas: line 2 (BASIC line 20) is {} characters; the Dragon keeps the first 249",
            long.len()
        );
        assert!(e.contains(&said), "{args:?}: {e}");
    }
    // LIST shows the line as the Dragon keeps it: its first 249 characters.
    let o = spacemono_within_budget(&[os("list"), os("long.bas")], &dir);
    let listed = String::from_utf8_lossy(&o.stdout).into_owned();
    let line = listed.lines().nth(1).unwrap();
    assert_eq!(line, &long[..249], "{listed}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- 8. the command line's rough edges --------------------------------------------------

#[cfg(unix)]
#[test]
fn output_files_may_have_names_that_are_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let dir = temp_dir("non-utf8");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"HI\"\n").unwrap();
    let screen = std::ffi::OsStr::from_bytes(b"screen-\xff.txt");
    let transcript = std::ffi::OsStr::from_bytes(b"transcript-\xfe.txt");
    let trace = std::ffi::OsStr::from_bytes(b"trace-\xfd.txt");
    let o = spacemono_within_budget(
        &[
            os("run"),
            os("p.bas"),
            os("--headless"),
            os("--screen"),
            screen,
            os("--transcript"),
            transcript,
            os("--trace"),
            trace,
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    assert!(std::fs::read_to_string(dir.join(screen))
        .unwrap()
        .contains("\nHI"));
    assert!(std::fs::read_to_string(dir.join(transcript))
        .unwrap()
        .contains("HI"));
    assert_eq!(std::fs::read_to_string(dir.join(trace)).unwrap(), "10\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn a_recording_onto_a_full_disk_fails_and_says_so() {
    let dir = temp_dir("wav-full");
    std::fs::write(dir.join("p.bas"), "10 SOUND 100,50\n").unwrap();
    let o = spacemono_within_budget(
        &[
            os("run"),
            os("p.bas"),
            os("--headless"),
            os("--wav"),
            os("/dev/full"),
        ],
        &dir,
    );
    let e = stderr_of(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("/dev/full"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_recording_ended_by_sigterm_has_a_true_header() {
    let dir = temp_dir("wav-sigterm");
    std::fs::write(dir.join("p.bas"), "10 SOUND 100,1:GOTO 10\n").unwrap();
    let mut child = Command::new(bin())
        .current_dir(&dir)
        .args(["run", "p.bas", "--headless", "--max-seconds", "100000"])
        .args(["--wav", "out.wav"])
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + 15), "{status:?}");
    let bytes = std::fs::read(dir.join("out.wav")).unwrap();
    let data_len = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
    assert!(data_len > 0, "the header says 0 bytes");
    assert_eq!(
        data_len,
        bytes.len() - 44,
        "the header says what the file holds"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// With writes cut off past 512 bytes (`ulimit -f 1`), --screen and --png fail, say so,
/// and leave no empty file behind.
#[cfg(unix)]
#[test]
fn a_failed_output_leaves_no_empty_file() {
    let dir = temp_dir("failed-output");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"HI\"\n").unwrap();
    for (option, name) in [("--screen", "screen.txt"), ("--png", "picture.png")] {
        let o = Command::new("sh")
            .current_dir(&dir)
            .arg("-c")
            .arg("trap '' XFSZ; ulimit -f 1 && exec \"$0\" \"$@\"")
            .arg(bin())
            .args(["run", "p.bas", "--headless", option, name])
            .output()
            .unwrap();
        let e = stderr_of(&o);
        assert_eq!(o.status.code(), Some(1), "{option}: {e}");
        assert!(e.contains(name), "{option}: {e}");
        assert!(!dir.join(name).exists(), "{option} left a file");
        let left = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(left, 1, "{option}: only p.bas is left");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keys_and_times_that_start_with_a_minus() {
    let dir = temp_dir("minus");
    std::fs::write(dir.join("p.bas"), "10 INPUT A\n20 PRINT A*2\n").unwrap();
    let o = spacemono_within_budget(
        &[
            os("run"),
            os("p.bas"),
            os("--headless"),
            os("--keys"),
            os("-5\\n"),
            os("--transcript"),
            os("-"),
        ],
        &dir,
    );
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("? -5\n-10"), "{out}{}", stderr_of(&o));
    let o = spacemono_within_budget(
        &[
            os("run"),
            os("p.bas"),
            os("--headless"),
            os("--max-seconds"),
            os("-1"),
        ],
        &dir,
    );
    let e = stderr_of(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(
        e.contains("--max-seconds must be a number of seconds, 0 or more"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_tape_file_is_a_blank_tape() {
    let dir = temp_dir("empty-tape");
    std::fs::write(dir.join("new.cas"), b"").unwrap();
    std::fs::write(dir.join("p.bas"), "10 CSAVE \"P\"\n").unwrap();
    let o = spacemono_within_budget(
        &[
            os("run"),
            os("p.bas"),
            os("--headless"),
            os("--tape"),
            os("new.cas"),
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    assert_eq!(names_on(&dir.join("new.cas")), ["P"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cut_tape_is_reported_as_cut_short() {
    let dir = temp_dir("cut-tape");
    let tape = dir.join("whole.cas");
    let mut m = machine_with_tape(&tape);
    typed(
        &mut m,
        "10 PRINT \"A LONGER PROGRAM TO CUT\"\nCSAVE \"CUT\"",
    );
    let whole = std::fs::read(&tape).unwrap();
    // Cut inside the data block (the last 10 bytes are its end and the EOF block).
    std::fs::write(dir.join("cut.cas"), &whole[..whole.len() - 20]).unwrap();
    for args in [
        &["tape", "list", "cut.cas"][..],
        &["run", "cut.cas", "--headless"],
    ] {
        let args: Vec<_> = args.iter().map(|a| os(a)).collect();
        let o = spacemono_within_budget(&args, &dir);
        let said = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr_of(&o));
        assert!(
            said.to_lowercase().contains("cut short"),
            "{args:?}: {said}"
        );
        assert!(!said.contains("checksum"), "{args:?}: {said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_refuses_a_width_it_cannot_use() {
    let dir = temp_dir("width");
    std::fs::write(dir.join("p.bas"), "10 PRINT 1\n").unwrap();
    let o = spacemono_within_budget(
        &[
            os("compare"),
            os("p.bas"),
            os("p.bas"),
            os("--width"),
            os("0"),
        ],
        &dir,
    );
    let e = stderr_of(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("--width"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- POKE into BASIC's own working storage: the machine may go wrong, the host never ------

/// A program may POKE anything into the direct page, where BASIC keeps its pointers (the
/// Dragon would often crash). Here the interpreter may misbehave as the ROM would, but the
/// host never panics, even with overflow checks on (the fuzzer found three such panics).
#[test]
fn pokes_into_basics_own_pointers_never_panic_the_host() {
    let work = "A=1:B$=\"X\"+\"Y\":DIM C(3):C(2)=A:D$=STR$(A)+B$:GOSUB 100:FOR I=1 TO 2:NEXT:\
                PRINT A;B$;C(2);MID$(B$,1,1);LEN(D$):E(1)=2:F$=LEFT$(B$,1):X=FRE(0)";
    let mut panics = Vec::new();
    for a in 0..0x100u32 {
        for v in [0u8, 1, 0x7F, 0x80, 0xFF] {
            let listing = format!("10 POKE {a},{v}:{work}\n20 END\n100 RETURN\n");
            let r = std::panic::catch_unwind(|| {
                let mut m = machine();
                m.load_listing(listing.as_bytes()).unwrap();
                m.type_text(b"RUN\r");
                spacemono::frontend::headless::run_until_done(&mut m, Some(100));
                m.type_text(b"\x03CLEAR:PRINT 7\r");
                spacemono::frontend::headless::run_until_done(&mut m, Some(100));
            });
            if r.is_err() {
                panics.push(format!("POKE {a},{v}"));
            }
        }
    }
    assert!(panics.is_empty(), "{} panics: {panics:?}", panics.len());
}

/// Every crash the fuzzers found, kept in `tests/fuzz/crashers/` (the raw typed lines, whose
/// first byte is below $80; the PNG files), runs without a panic. Run this without
/// `--release` to have overflow checks on, as the fuzzers do.
#[test]
fn the_fuzzers_crashers_stay_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/crashers");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        if name.starts_with("png_reader-") {
            let r = std::panic::catch_unwind(|| spacemono::frontend::png_file::decode(&bytes));
            assert!(r.is_ok(), "{name} panics again");
            assert!(r.unwrap().is_err(), "{name} is a bad PNG");
            replayed += 1;
            continue;
        }
        if !name.starts_with("typed_line-") || bytes.first().is_none_or(|&b| b >= 0x80) {
            continue;
        }
        let r = std::panic::catch_unwind(|| {
            let mut m = machine();
            let mut line: Vec<u8> = bytes.iter().copied().filter(|&c| c != 13).collect();
            line.push(13);
            m.type_script(&line);
            spacemono::frontend::headless::run_until_done(&mut m, Some(200));
        });
        assert!(r.is_ok(), "{name} panics again");
        replayed += 1;
    }
    assert!(
        replayed >= 3,
        "only {replayed} crashers found in {}",
        dir.display()
    );
}
