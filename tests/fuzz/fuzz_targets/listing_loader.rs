//! The ASCII listing loader: `formats::ascii::parse_listing`, `listing_to_blocks`, and
//! `Machine::load_listing` (every line through the line editor, in each dialect); then
//! LIST the result for up to 100 fields.
//!
//! Input: the listing itself, except the last byte chooses the dialect (mod 3).
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono_core::Dialect;
use spacemono_core::tape::ascii;
use spacemono::frontend::headless::run_until_done;
use spacemono_core::Machine;

fuzz_target!(|data: &[u8]| {
    let Some((&last, text)) = data.split_last() else {
        return;
    };
    if let Ok(lines) = ascii::parse_listing(text) {
        let payload = ascii::tape_payload(&lines);
        let _ = ascii::lines_from_payload(&payload);
    }
    let _ = ascii::listing_to_blocks("FUZZ", text);
    let mut m = Machine::new();
    m.set_dialect(match last % 3 {
        0 => Dialect::Dragon,
        1 => Dialect::Altair,
        _ => Dialect::Mbasic,
    });
    if m.load_listing(text).is_ok() {
        m.type_script(b"LIST\r");
        run_until_done(&mut m, Some(100));
    }
});
