//! What the `spacemono` command says when it cannot do what it was asked, word for word, and
//! the status it exits with: the message names the file or the option and the problem, after
//! `spacemono: ` (`spacemono play: ` for a game by file's own failures); the status is 1,
//! except for `compare` (2: 1 means the programs differ) and `play` (255: 1 to 4 are winners).

use std::path::Path;
use std::process::{Command, Stdio};

use spacemono_core::tape::cas;
use spacemono_core::tape::namefile::Namefile;
use spacemono_core::tape::tapefile::file_blocks;

use crate::common::{bin, temp_dir};

/// `spacemono ARGS` run in `dir` with no display, no terminal and nothing on standard input:
/// its exit status and what it said on standard error (less the warning that a machine
/// without a sound device gives).
fn refused(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(bin())
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !l.starts_with("spacemono: no sound ("))
        .map(|l| format!("{l}\n"))
        .collect();
    (out.status.code(), said)
}

/// Each case: the arguments, the status, and the whole of standard error.
fn check(dir: &Path, cases: &[(&[&str], i32, &str)]) {
    for (args, status, said) in cases {
        let got = refused(dir, args);
        assert_eq!(
            got,
            (Some(*status), format!("{said}\n")),
            "spacemono {args:?}"
        );
    }
}

/// A .cas tape holding one file.
fn tape(namefile: &Namefile, payload: &[u8]) -> Vec<u8> {
    cas::write(&file_blocks(namefile, payload)).unwrap()
}

const NO_SUCH_FILE: &str = "No such file or directory (os error 2)";
const KNOWN_KEYS: &str = "(known: BREAK, CLEAR, UP, DOWN, LEFT, RIGHT, ENTER, PAUSE; \
                          and JOY0 x,y, JOY1 x,y, FIRE0, FIRE1, WAIT n, HOLD k, RELEASE k)";

#[test]
fn files_named_on_the_command_line_are_named_with_their_problem() {
    let dir = temp_dir("cli-errors-files");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"HI\"\n").unwrap();
    std::fs::write(dir.join("keys.txt"), "{NOPE}").unwrap();
    std::fs::write(dir.join("latin1.txt"), b"AB\xff").unwrap();
    std::fs::write(dir.join("typed.txt"), "10 REM\n20 REM {}\n").unwrap();
    std::fs::write(dir.join("bad.bas"), "10 PRINT\nHELLO\n").unwrap();
    std::fs::write(dir.join("empty.bas"), "").unwrap();
    std::fs::create_dir(dir.join("folder.bas")).unwrap();
    std::fs::write(dir.join("hello.snapshot"), "hello").unwrap();
    let keys_said = format!("spacemono: keys.txt: unknown key name {{NOPE}} in keys {KNOWN_KEYS}");
    let png_said = format!("spacemono: nowhere/x.png: cannot write it: {NO_SUCH_FILE}");
    let wav_said = format!("spacemono: nowhere/x.wav: cannot write it: {NO_SUCH_FILE}");
    let screen_said = format!("spacemono: nowhere/s.txt: cannot write it: {NO_SUCH_FILE}");
    check(
        &dir,
        &[
            (&["run", "--headless", "--keys-file", "keys.txt", "p.bas"], 1, &keys_said),
            (
                &["run", "--headless", "--keys-file", "latin1.txt", "p.bas"],
                1,
                "spacemono: latin1.txt: is not UTF-8 text (byte 0xff at offset 2)",
            ),
            (
                &["run", "--headless", "--type", "typed.txt", "p.bas"],
                1,
                "spacemono: typed.txt: line 2: the Dragon's keyboard has no key for '{'",
            ),
            (
                &["run", "--headless", "bad.bas"],
                1,
                "spacemono: bad.bas: line 2: a line without a line number (the Dragon says ?DS ERROR)",
            ),
            (&["run", "--headless", "empty.bas"], 1, "spacemono: empty.bas: is empty"),
            (
                &["run", "--headless", "folder.bas"],
                1,
                "spacemono: folder.bas: is a folder, not a program file",
            ),
            (&["list", "missing.bas"], 1, "spacemono: missing.bas: does not exist"),
            (&["run", "--headless", "--png", "nowhere/x.png", "p.bas"], 1, &png_said),
            (&["run", "--headless", "--wav", "nowhere/x.wav", "p.bas"], 1, &wav_said),
            (&["run", "--screen", "nowhere/s.txt", "p.bas"], 1, &screen_said),
            (
                &["run", "--headless", "--tape", "nowhere/t.cas", "p.bas"],
                1,
                "spacemono: nowhere/t.cas: its folder does not exist",
            ),
            (
                &["--snapshot", "missing.snapshot"],
                1,
                "spacemono: missing.snapshot: does not exist",
            ),
            (
                &["--snapshot", "hello.snapshot"],
                1,
                "spacemono: hello.snapshot: not a spacemono snapshot",
            ),
        ],
    );
}

#[test]
fn options_that_cannot_be_used_say_which() {
    let dir = temp_dir("cli-errors-options");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"HI\"\n").unwrap();
    let keys_said = format!("spacemono: --keys: unknown key name {{NOPE}} in keys {KNOWN_KEYS}");
    check(
        &dir,
        &[
            (
                &["run", "--headless", "--keys", "{NOPE}", "p.bas"],
                1,
                &keys_said,
            ),
            (
                &["run", "--headless", "--keys", "{JOY0 99,1}", "p.bas"],
                1,
                "spacemono: --keys: {JOY0 99,1} in keys: a joystick position is 0 to 63, not 99",
            ),
            (
                &["run", "--headless", "--keys", "{FIRE1 LEFT}", "p.bas"],
                1,
                "spacemono: --keys: {FIRE1 LEFT} in keys: a fire button is clicked ({FIRE1}), or DOWN or UP, not \"LEFT\"",
            ),
            (
                &["run", "--headless", "--max-seconds", "-1", "p.bas"],
                1,
                "spacemono: --max-seconds must be a number of seconds, 0 or more",
            ),
        ],
    );
}

#[test]
fn programs_on_tapes_that_cannot_be_run_say_why() {
    let dir = temp_dir("cli-errors-program-tapes");
    // 40,000 bytes of program: more than a Dragon 32 has free.
    let big = tape(&Namefile::csave("BIG"), &vec![0u8; 40_000]);
    std::fs::write(dir.join("big.cas"), big).unwrap();
    std::fs::write(
        dir.join("data.cas"),
        tape(&Namefile::data_file("NUMBERS"), b"1,2,3\r"),
    )
    .unwrap();
    check(
        &dir,
        &[
            (
                &["run", "--headless", "big.cas"],
                1,
                "spacemono: big.cas: the program \"BIG\" (40000 bytes) does not fit in a Dragon 32 (?OM ERROR)",
            ),
            (
                &["list", "data.cas"],
                1,
                "spacemono: data.cas: holds no BASIC program (1 file(s) on it: \"NUMBERS\")",
            ),
        ],
    );
}

#[test]
fn the_tape_command_names_the_tape_and_what_is_wrong_with_it() {
    let dir = temp_dir("cli-errors-tape-command");
    // A program tape whose data block is damaged: one byte changed, then the tape cut short
    // inside that block.
    let good = tape(&Namefile::csave("P"), b"PROGRAM BYTES");
    let at = good
        .windows(7)
        .position(|w| w == b"PROGRAM")
        .expect("the payload is on the tape");
    let mut flipped = good.clone();
    flipped[at] ^= 0x01;
    std::fs::write(dir.join("flipped.cas"), &flipped).unwrap();
    std::fs::write(dir.join("cut.cas"), &good[..at + 3]).unwrap();
    std::fs::write(
        dir.join("data.cas"),
        tape(&Namefile::data_file("NUMBERS"), b"1,2,3\r"),
    )
    .unwrap();
    check(
        &dir,
        &[
            (
                &["tape", "convert", "flipped.cas", "out.wav"],
                1,
                "spacemono: flipped.cas: block 1: it has a bad checksum; not converting a damaged tape (its data would be written as if good)",
            ),
            (
                &["tape", "convert", "cut.cas", "out.cas"],
                1,
                "spacemono: cut.cas: block 1: the tape ends inside it (it is cut short); not converting a damaged tape (its data would be written as if good)",
            ),
            (
                &["tape", "convert", "flipped.cas", "out.bas"],
                1,
                "spacemono: flipped.cas: the BASIC program \"P\" has a block with a bad checksum (the Dragon says ?IO ERROR)",
            ),
            (
                &["tape", "convert", "data.cas", "out.bas"],
                1,
                "spacemono: data.cas: holds no BASIC program to list",
            ),
            (
                &["tape", "convert", "data.cas", "out.xyz"],
                1,
                "spacemono: out.xyz: unknown extension '.xyz': a tape file is .cas, .wav or .bas",
            ),
        ],
    );
    for out in ["out.wav", "out.cas", "out.bas", "out.xyz"] {
        assert!(!dir.join(out).exists(), "{out} was written");
    }
}

#[test]
fn compare_says_why_it_could_not_run_a_program_with_status_2() {
    let dir = temp_dir("cli-errors-compare");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"HI\"\n").unwrap();
    check(
        &dir,
        &[
            (
                &["compare", "p.bas", "missing.bas"],
                2,
                "spacemono: missing.bas: does not exist",
            ),
            (
                &["compare", "--max-seconds", "nan", "p.bas", "p.bas"],
                2,
                "spacemono: --max-seconds must be a number of seconds, 0 or more",
            ),
        ],
    );
}

#[test]
fn a_game_by_file_that_cannot_start_exits_255_never_a_winner() {
    let dir = temp_dir("cli-errors-play");
    for game in ["damaged", "latin1"] {
        std::fs::create_dir(dir.join(game)).unwrap();
    }
    std::fs::write(
        dir.join("damaged/Game.txt"),
        "SPACEMONO GAME 1\nSEED:1\nSEATS:file,file\nKEYS:ZZ\n",
    )
    .unwrap();
    std::fs::write(dir.join("latin1/Game.txt"), b"SPACEMONO GAME 1\n\xff").unwrap();
    let wav_said = format!("spacemono: nowhere/x.wav: cannot write it: {NO_SUCH_FILE}");
    check(
        &dir,
        &[
            (
                &["play", "robot", "--seat", "1=robot", "--seat", "2=file"],
                255,
                "spacemono play: --seat 1=robot: \"robot\" is not a seat (keyboard, file or computer)",
            ),
            (
                &["play", "gap", "--seat", "1=file", "--seat", "3=file"],
                255,
                "spacemono play: --seat: the players are numbered from 1 without a gap",
            ),
            (
                &["play", "damaged", "--resume"],
                255,
                "spacemono play: damaged/Game.txt: KEYS is not hexadecimal",
            ),
            (
                &["play", "latin1", "--resume"],
                255,
                "spacemono play: latin1/Game.txt: is not UTF-8 text (--resume goes on with a game started in that folder)",
            ),
            (
                &["play", "alone", "--seat", "1=keyboard", "--seat", "2=computer", "--seed", "1"],
                255,
                "spacemono play: a keyboard seat needs a window or a terminal; with neither, use --headless and --keys",
            ),
            (
                &[
                    "play", "stick", "--seat", "1=keyboard", "--seat", "2=computer", "--seed", "1",
                    "--headless", "--keys", "1{FIRE0}",
                ],
                255,
                "spacemono play: --keys: a game by file takes keys only ({JOY…}, {FIRE…} and {WAIT…} are for `run`: the games read no joystick)",
            ),
            // The session's own outputs fail as they do for `run`, and the status is still
            // not a winner's.
            (
                &[
                    "play", "wav", "--seat", "1=keyboard", "--seat", "2=computer", "--seed", "1",
                    "--wav", "nowhere/x.wav",
                ],
                255,
                &wav_said,
            ),
        ],
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_recording_that_fills_the_disk_says_so_and_fails() {
    let dir = temp_dir("cli-errors-full-disk");
    std::fs::write(dir.join("tune.bas"), "10 SOUND 100,10\n20 GOTO 10\n").unwrap();
    let (status, said) = refused(
        &dir,
        &[
            "run",
            "--headless",
            "--wav",
            "/dev/full",
            "--max-seconds",
            "2",
            "tune.bas",
        ],
    );
    assert_eq!(status, Some(1), "{said}");
    assert!(
        !said.is_empty()
            && said.lines().all(|l| {
                l
            == "spacemono: /dev/full: the recording stopped: No space left on device (os error 28)"
            }),
        "{said}"
    );
}
