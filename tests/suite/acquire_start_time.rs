//! From the number of computers to the person's first question (issue 30): the listing
//! shuffled the tiles with a POKE a swap and drew the empty board a square at a time, about
//! 35 s with two computers. Now the shuffle's bar is a POKE every four swaps (the same swaps,
//! the same RND calls), and the empty board is printed a row at a time.

use crate::acquire_support::Acq;
use spacemono_core::EndReason;

/// Fields from the key that says how many computers to the person's first question.
fn fields_to_first_question(keys: &str) -> u64 {
    let mut g = Acq::start("");
    let from = g.m.fields();
    g.keys(keys);
    assert_eq!(
        g.last_end,
        EndReason::WaitedForKeys,
        "{}",
        g.m.screen_text()
    );
    g.m.fields() - from
}

/// Two computers, RND seeded at field 0: 1210 fields (24 s) before, 969 now (the shuffle
/// 284 -> 244 fields, the board 239 -> 37; the rest is the first draws and the computers' turns).
#[test]
fn the_first_question_comes_within_1050_fields() {
    let n = fields_to_first_question("2N");
    assert!(n <= 1050, "{n} fields to the first question");
}
