//! The look of Acquire: golden pictures of the board in mid-game (chains in their colours,
//! hotels in no chain, the person's tiles, the messages, the ME/NU sign and the star) and of
//! the final totals, compared pixel for pixel with tests/golden_game/acquire_*.png.
//!
//! Regenerate with `UPDATE_GOLDEN=1 cargo test --release --test suite acquire_look`, and look
//! at every changed picture before committing it.

use crate::acquire_support::*;
use spacemono_core::Frame;

const PERSON: &str = "1234560LTAFWCI\r\r";

/// The picture is taken with the star a red block (it winks while the program
/// waits, so the field the run stops at would otherwise decide it).
fn check_golden(name: &str, g: &mut Acq) {
    for _ in 0..32 {
        if g.m.peek(0x400 + 31) == 191 {
            break;
        }
        g.m.run_field();
    }
    assert_eq!(g.m.peek(0x400 + 31), 191, "the star winks");
    let mut frame = Frame::new();
    g.m.render(&mut frame);
    crate::common::golden::check("golden_game", name, &frame);
}

/// The person and two computers after a dozen of the person's turns.
#[test]
fn look_acquire_board_mid_game() {
    let mut g = Acq::start(&format!("2Y{}", PERSON.repeat(12)));
    let screen = g.m.screen_text();
    assert!(screen.contains("LAY WHICH TILE (1-6)?"), "{screen}");
    assert!(screen.contains("BAG"));
    check_golden("acquire_board", &mut g);
    // Each of the person's tiles shows its number (1-6, inverse video) on its square, in the
    // place of the dot.
    let marks: Vec<u8> = (0..108u16)
        .map(|t| g.m.peek(0x400 + 32 * (t / 12 + 2) + 2 * (t % 12 + 1) + 1))
        .collect();
    g.brk();
    for j in 1..=6u8 {
        let t = g.num(&format!("H(1,{j})"));
        if t > 0 {
            assert_eq!(marks[t as usize - 1], b'0' + j, "tile {j} at {t}");
        }
    }
}

/// The final totals of a game of the person against three computers.
#[test]
fn look_acquire_final_totals() {
    let mut g = Acq::start(&format!("3N{}", PERSON.repeat(400)));
    assert!(g.m.screen_text().contains("THE GAME IS OVER"));
    check_golden("acquire_totals", &mut g);
}
