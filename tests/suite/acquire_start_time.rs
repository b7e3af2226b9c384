//! From the number of computers to the announcement of who plays first (issue 30): the listing
//! shuffled the tiles with a POKE a swap and drew the empty board a square at a time, about
//! 35 s to the first question with two computers. Now the shuffle's bar is a POKE every four
//! swaps (the same swaps, the same RND calls), and the empty board is printed a row at a time.

use crate::acquire_support::{Acq, PROGRAM};
use spacemono_core::parse_key_script;

/// Fields from the keys that say how many computers (and whether their holdings show) to
/// "PLAYER n PLAYS FIRST": the shuffle, the board and each player's first draw, before any
/// computer's turn (whose length depends on the tiles, and so on TIMER at the first key).
fn fields_to_who_plays_first(listing: &str, keys: &str) -> u64 {
    let mut g = Acq::start_listing(listing, "", 0);
    let from = g.m.fields();
    g.m.type_script(&parse_key_script(keys).unwrap());
    for _ in 0..50 * 60 {
        if g.m.screen_text().contains("PLAYS FIRST") {
            return g.m.fields() - from;
        }
        g.m.run_field();
    }
    panic!("no one plays first after a minute: {}", g.m.screen_text());
}

/// Two computers, RND seeded at field 0: 616 fields (12.3 s) with the old listing, 375 now.
#[test]
fn who_plays_first_is_known_within_420_fields() {
    let n = fields_to_who_plays_first(PROGRAM, "2N");
    assert!(n <= 420, "{n} fields to who plays first");
}
