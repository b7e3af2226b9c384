//! Helpers that drive a powered-on machine the way a person at the keyboard would. The
//! frontend crate's suite shares them (its `common` includes this file), so they name only
//! what the core exports.
#![allow(dead_code)]

pub mod basic_session;
pub mod batched;
pub mod golden;
pub mod stillness;

use spacemono_core::parse_key_script;
use spacemono_core::Machine;

/// A machine just switched on, recording what it prints from now on.
pub fn machine() -> Machine {
    let mut m = Machine::new();
    m.restart_transcript();
    m
}

/// Type these lines at the keyboard (each followed by ENTER) and run until the machine is
/// back at OK with nothing left to type. Returns everything printed, CR as newline.
pub fn typed(m: &mut Machine, text: &str) -> String {
    let start = m.transcript_len();
    let mut keys = parse_key_script(text).expect("key script");
    if keys.last_key() != Some(13) {
        keys.push_key(13);
    }
    m.type_script(&keys);
    m.run_until_done(Some(50 * 600));
    let t = m.transcript().unwrap();
    t.chars().skip(start).collect()
}

/// A fresh machine, these lines typed: what was printed (echo included).
pub fn session(text: &str) -> String {
    let mut m = machine();
    typed(&mut m, text)
}

/// Load a listing, RUN it with these keys typed as it asks for them; what RUN printed
/// (the RUN echo and final OK included).
pub fn run_program(listing: &str, keys: &str) -> String {
    let mut m = machine();
    m.load_listing(listing.as_bytes()).expect("listing loads");
    m.type_text(b"RUN\r");
    m.type_script(&parse_key_script(keys).expect("key script"));
    m.run_until_done(Some(50 * 600));
    m.transcript().unwrap()
}

/// The output of a program: what it printed between the RUN echo and the final OK. The
/// machine must be back at OK (docs/interpreter.md §8: an error, END or the last line ends there).
pub fn output(listing: &str, keys: &str) -> String {
    let t = run_program(listing, keys);
    between(&t, "RUN\n")
}

/// What a direct-mode command prints (without its echo and the final OK, which must be there).
pub fn direct(cmd: &str) -> String {
    let t = session(cmd);
    between(&t, &format!("{cmd}\n"))
}

/// `t` without its `echo` at the start and the `OK` at the end; panics if either is missing.
pub fn between(t: &str, echo: &str) -> String {
    let body = t
        .strip_prefix(echo)
        .unwrap_or_else(|| panic!("{echo:?} was not echoed first: {t:?}"));
    body.strip_suffix("OK\n")
        .unwrap_or_else(|| panic!("the machine did not come back to OK: {t:?}"))
        .to_string()
}

/// A fresh, empty folder for one test's files (named after the test and this process).
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("spacemono-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
