//! `--keys` scripts: `parse_key_script` on any UTF-8 (keys, joystick and hold steps in range), and
//! a parsed script typed into a machine at OK for up to 100 fields.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono::frontend::headless::run_until_done;
use spacemono_core::{parse_key_script, Machine, ScriptStep};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(keys) = parse_key_script(text) {
        assert!(keys.steps().iter().all(|step| match *step {
            ScriptStep::Key(k) => k < 0x80,
            ScriptStep::Axis { axis, value } => axis < 4 && value < 64,
            ScriptStep::Fire { button, .. } => button < 2,
            ScriptStep::Wait(n) => n > 0,
            ScriptStep::Hold { code, .. } => code < 0x80,
        }));
        if keys.len() <= 256 {
            let mut m = Machine::new();
            m.type_script(&keys);
            run_until_done(&mut m, Some(100));
        }
    }
});
