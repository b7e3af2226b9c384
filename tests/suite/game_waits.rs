//! No long frozen waits in Space Monopoly (issue 14): whenever the program works for a while
//! (charting the galaxy, finding the cells for the next turn), something on the screen changes
//! at least once a second, so a player never wonders whether the machine has hung.

use crate::common::stillness::Stillness;
use crate::game_support::*;

/// Type `keys`, then run field by field until they are all taken and the program waits for a
/// key again. The longest run of fields in which the picture stayed the same while the
/// program was busy (not waiting for a key or sounding), and when it started (fields since the
/// keys).
fn longest_freeze(g: &mut Game, keys: &str) -> (u64, u64) {
    let codes = spacemono_core::parse_key_script(keys).unwrap();
    g.m.type_script(&codes);
    let mut still = Stillness::new(&g.m);
    let mut idle = 0;
    for field in 0..50 * 600u64 {
        // Waiting for a key is not a freeze.
        still.field(&mut g.m, |m| !m.starved());
        if g.m.script_keys_left() == 0 && g.m.starved() {
            idle += 1;
            if idle >= 10 {
                eprintln!("{keys:?}: waits again after {} fields", field - 9);
                return (still.worst, still.at);
            }
        } else {
            idle = 0;
        }
    }
    panic!("the program never waited for a key again");
}

/// Before issue 14 the screen froze for 191 fields (3.8 s) after the players key and for up
/// to 60 fields between turns; now nothing stands still for more than a second (50 fields).
#[test]
fn the_screen_never_freezes_for_a_second() {
    let mut g = Game::start("");
    let (worst, at) = longest_freeze(&mut g, "2");
    assert!(
        worst <= 50,
        "{worst} fields frozen from field {at} after the players key"
    );
    // Six turns: the cell under the diamond, a share of A when asked, ENTER for the rest.
    for turn in 1..=6 {
        let (worst, at) = longest_freeze(&mut g, "M\n1\n\n\n\n\n");
        assert!(
            worst <= 50,
            "turn {turn}: {worst} fields frozen from field {at}"
        );
    }
}

/// A game of two computers, watched for its first two minutes: the diamond visits each cell
/// as the computer thinks, the buying scan shows its progress, so here too nothing stands
/// still for more than a second.
#[test]
fn a_computer_turn_never_freezes_the_screen_for_a_second() {
    let mut g = Game::start("");
    g.m.type_script(b"C2CC");
    let mut still = Stillness::new(&g.m);
    for _ in 0..50 * 120 {
        still.field(&mut g.m, |_| true);
    }
    assert!(
        g.m.transcript().unwrap().contains("MOVE 5 OF 48"),
        "five moves or more"
    );
    let (worst, at) = (still.worst, still.at);
    assert!(worst <= 50, "{worst} fields frozen from field {at}");
}
