//! A line typed at OK: crunched, compiled and run as a direct command, with a budget of 200
//! fields; then BREAK, and the machine must still answer `PRINT 7` with ` 7`.
//!
//! Input: first byte < 0x80: the whole input is the line as typed (raw keys; ENTER and BREAK
//! removed so it stays one line). First byte >= 0x80: the rest is fed to the BASIC grammar
//! generator (`spacemono_fuzz::direct_line`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono::frontend::headless::run_until_done;
use spacemono_core::Machine;

fuzz_target!(|data: &[u8]| {
    let Some(&first) = data.first() else { return };
    let mut line: Vec<u8> = if first < 0x80 {
        data.to_vec()
    } else {
        spacemono_fuzz::direct_line(&data[1..])
    };
    line.retain(|&c| c != 13 && c != 10 && c != 3);
    spacemono_fuzz::show("typed line", &line);
    if spacemono_fuzz::skip_poke(&line) {
        return;
    }
    let wreck = spacemono_fuzz::may_wreck(&line);
    let mut m = Machine::new();
    line.push(13);
    m.type_script(&line);
    run_until_done(&mut m, Some(200));
    if let Err(screen) = spacemono_fuzz::break_and_check(&mut m) {
        if !wreck {
            panic!(
                "no answer to PRINT 7 after BREAK; line {:?}\n{screen}",
                String::from_utf8_lossy(&line)
            );
        }
    }
});
