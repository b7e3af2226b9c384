//! A whole program: loaded as a listing, RUN headless with scripted keys and a budget of 300
//! fields, then BREAK; the machine must still answer `PRINT 7`.
//!
//! Input: first byte < 0x80: `listing [0x00 keys]` (raw text; a seed can be any .bas file).
//! First byte >= 0x80: its low 6 bits are the length of the key script that follows; the
//! rest goes to the BASIC grammar generator (`spacemono_fuzz::listing`).
//! The keys are typed only when the program asks for one, followed by a fixed tail of
//! answers (ENTER, numbers, a pair) so INPUT-driven programs get on.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono::frontend::headless::run_until_done;
use spacemono_core::Machine;

const TAIL: &[u8] = b"\r7\r1,2\r\rY\r-3\r99999\r\r";

fuzz_target!(|data: &[u8]| {
    let Some(&first) = data.first() else { return };
    let (listing, keys): (Vec<u8>, Vec<u8>) = if first < 0x80 {
        match data.iter().position(|&b| b == 0) {
            Some(i) => (data[..i].to_vec(), data[i + 1..].to_vec()),
            None => (data.to_vec(), Vec::new()),
        }
    } else {
        let k = ((first & 0x3F) as usize).min(data.len() - 1);
        let keys = data[1..1 + k].to_vec();
        (spacemono_fuzz::listing(&data[1 + k..], 40), keys)
    };
    spacemono_fuzz::show("program", &listing);
    spacemono_fuzz::show("keys", &keys);
    if spacemono_fuzz::skip_poke(&listing) || spacemono_fuzz::skip_poke(&keys) {
        return;
    }
    let wreck = spacemono_fuzz::may_wreck(&listing) || spacemono_fuzz::may_wreck(&keys);
    let mut m = Machine::new();
    let _ = m.load_listing(&listing);
    m.type_text(b"RUN\r");
    m.type_script(&keys);
    m.type_script(TAIL);
    run_until_done(&mut m, Some(300));
    if let Err(screen) = spacemono_fuzz::break_and_check(&mut m) {
        // Keys may hold RUN, CONT, GOTO... after the BREAK, and a program may stop the
        // keyboard's reading for good (a POKE); only a clean case is held to the check.
        if !wreck && keys.is_empty() {
            panic!(
                "no answer to PRINT 7 after BREAK; program\n{}\n{screen}",
                String::from_utf8_lossy(&listing)
            );
        }
    }
});
