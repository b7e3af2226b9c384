//! The joysticks from the command line (issue 29): a headless run's key script moves them and
//! JOYSTK follows, in order with the keys; `run --help` and the man page say how.

use std::process::Command;

use crate::common::{bin, temp_dir};

/// `spacemono ARGS`: its exit status and standard output.
fn spacemono(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(bin())
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn a_headless_run_moves_the_sticks_as_its_keys_say() {
    let dir = temp_dir("joystick-cli");
    let program = dir.join("sticks.bas");
    std::fs::write(
        &program,
        "10 A$=INKEY$:IF A$=\"\" THEN 10\n\
         20 PRINT A$;JOYSTK(0);JOYSTK(1);JOYSTK(2);JOYSTK(3)\n\
         30 IF A$<>\"Q\" THEN 10\n",
    )
    .unwrap();
    let (status, out) = spacemono(&[
        "run",
        "--headless",
        program.to_str().unwrap(),
        "--keys",
        "A{WAIT 5}{JOY0 32,10}B{WAIT 5}{JOY1 0,63}{JOY0 63,0}Q",
        "--transcript",
        "-",
    ]);
    assert_eq!(status, Some(0));
    let run = out.find("RUN\n").expect("RUN echoed");
    assert_eq!(
        &out[run..],
        "RUN\nA 31  31  31  31 \nB 32  10  31  31 \nQ 63  0  0  63 \nOK\n"
    );
}

#[test]
fn run_help_and_the_man_page_say_how_to_move_the_joysticks() {
    let (_, help) = spacemono(&["run", "--help"]);
    for token in spacemono_core::JOYSTICK_TOKENS {
        let word = token.split(' ').next().unwrap();
        assert!(
            help.contains(&format!("{{{word}")),
            "run --help has no {{{word}"
        );
    }
    let (_, page) = spacemono(&["man"]);
    assert!(
        page.contains("\\-\\-joystick"),
        "the man page has no --joystick"
    );
    for source in ["mouse", "keys", "pad", "off", "Ctrl+J"] {
        assert!(page.contains(source), "the man page does not say {source}");
    }
}
