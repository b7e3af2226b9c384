//! `--trace`, `spacemono compare` and `spacemono list` through the command line (issue 6).

use std::path::Path;
use std::process::Command;

use crate::common::{bin, temp_dir};

/// Run spacemono: (exit code, stdout, stderr).
fn spacemono(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(bin())
        .args(args)
        .output()
        .expect("spacemono runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

const LOOP: &str = "10 PRINT\"HELLO\"\n20 FORI=1TO2\n30 PRINTI;\n40 NEXTI\n\
                    50 GOSUB100\n60 END\n100 PRINT\"SUB\":RETURN\n";

#[test]
fn trace_lists_the_lines_entered_as_tron_shows_them() {
    let dir = temp_dir("trace");
    let prog = write(&dir, "loop.bas", LOOP);
    let trace = dir.join("trace.txt");
    let (code, out, err) = spacemono(&[
        "run",
        &prog,
        "--headless",
        "--transcript",
        "-",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // The screen and transcript are untouched: no [n] in them.
    assert!(!out.contains('['), "{out}");
    assert!(out.contains("HELLO\n 1  2 SUB\n"), "{out}");
    let lines = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(lines, "10\n20\n30\n40\n30\n40\n50\n100\n60\n");
}

#[test]
fn trace_of_a_delay_loop_shows_every_pass() {
    // The loop body is its own line: TRON would show line 20 on every pass.
    let dir = temp_dir("trace-delay");
    let prog = write(&dir, "delay.bas", "10 FORI=1TO3\n20 NEXT\n30 END\n");
    let (code, out, err) = spacemono(&["run", &prog, "--headless", "--trace", "-"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "10\n20\n20\n20\n30\n");
}

#[test]
fn compare_exit_status_says_whether_the_transcripts_differ() {
    let dir = temp_dir("compare");
    let a = write(&dir, "a.bas", LOOP);
    let b = write(&dir, "b.bas", &LOOP.replace("HELLO", "HELLO!"));
    let (code, out, _) = spacemono(&["compare", &a, &a]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("The transcripts are identical"), "{out}");

    let (code, out, _) = spacemono(&["compare", &a, &b]);
    assert_eq!(code, 1, "{out}");
    // The first difference: line 7 of the transcript (after the sign-on, OK and RUN),
    // column 6, flagged in the columns and shown in full with a caret.
    assert!(out.contains(">>>7! HELLO"), "{out}");
    assert!(out.contains("First difference: line 7, column 6."), "{out}");
    assert!(
        out.contains("  A: HELLO\n  B: HELLO!\n          ^\n"),
        "{out}"
    );

    let missing = dir.join("missing.bas");
    let (code, _, err) = spacemono(&["compare", &a, missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.bas"), "{err}");
}

#[test]
fn compare_runs_each_program_in_its_own_dialect_on_the_same_keys() {
    let dir = temp_dir("compare-dialect");
    // The same game in two spellings: Dragon (RND(0), spaces) and 1977 style (RND(1), glued).
    let dragon = write(
        &dir,
        "dragon.bas",
        "10 INPUT \"NAME\";N$\n20 X=INT(RND(0)*6)+1\n30 IF X>0 THEN PRINT N$;X\n",
    );
    let altair = write(
        &dir,
        "altair.bas",
        "10 INPUT\"NAME\";N$\n20 X=INT(RND(1)*6)+1\n30 IFX>0THENPRINTN$;X\n",
    );
    let (code, out, _) = spacemono(&[
        "compare",
        &dragon,
        &altair,
        "--dialect-b",
        "altair",
        "--keys",
        "ANN\n",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ANN 3"), "{out}");
    // Run as a Dragon program, the 1977 spelling's RND(1) is always 1.
    let (code, out, _) = spacemono(&["compare", &dragon, &altair, "--keys", "ANN\n"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("ANN 7"), "{out}");
}

#[test]
fn list_prints_a_listing_as_the_dragon_lists_it() {
    let dir = temp_dir("list");
    let prog = write(
        &dir,
        "p.bas",
        "20 PRINT\"B\"'NOTE\n10 A=1 : IF A THEN 20 ELSE 10\n",
    );
    let (code, out, err) = spacemono(&["list", &prog]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "10 A=1 : IF A THEN 20 ELSE 10\n20 PRINT\"B\"'NOTE\n");
    // The same program on a tokenized tape lists the same.
    let cas = dir.join("p.cas");
    let (code, _, err) = spacemono(&["tape", "convert", &prog, cas.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (code, from_tape, err) = spacemono(&["list", cas.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(from_tape, out);
}

#[test]
fn list_and_run_take_a_dialect() {
    let dir = temp_dir("list-dialect");
    let prog = write(
        &dir,
        "d.bas",
        "10 RANDOMIZE\n20 LPRINT\"P\"\n30 IFA<>BTHEN50\n",
    );
    let (code, out, _) = spacemono(&["list", "--dialect", "altair", &prog]);
    assert_eq!(code, 0);
    assert_eq!(out, "10 RANDOMIZE\n20 LPRINT\"P\"\n30 IFA<>BTHEN50\n");
    let (code, out, _) = spacemono(&[
        "run",
        "--dialect",
        "altair",
        &prog,
        "--headless",
        "--transcript",
        "-",
    ]);
    assert_eq!(code, 0);
    assert!(out.ends_with("RUN\nP\nOK\n"), "{out}");
    let (code, _, err) = spacemono(&["run", "--dialect", "gwbasic", &prog, "--headless"]);
    assert_ne!(code, 0);
    assert!(err.contains("unknown dialect"), "{err}");
}
