//! The look of Space Monopoly (issue 5 item 5): golden pictures of the title, a board in
//! mid-game (stars, outposts, lanes, the candidates framed and the diamond) and the final
//! standings, compared pixel for pixel with tests/golden_game/*.png.
//!
//! Regenerate with `UPDATE_GOLDEN=1 CARGO_BUILD_JOBS=1 cargo test --test game_look`, and look
//! at every changed picture before committing it.

use crate::game_support::*;
use spacemono_core::Frame;

fn check_golden(name: &str, g: &Game) {
    let mut frame = Frame::new();
    g.m.render(&mut frame);
    crate::common::golden::check("golden_game", name, &frame);
}

#[test]
fn look_title() {
    let g = Game::start("");
    assert!(g.m.screen_text().contains("HOW MANY PLAYERS (2-4)?"));
    check_golden("title", &g);
}

/// A scripted 3-player game after 20 moves, shown at the moment the frames are on.
#[test]
fn look_board_mid_game() {
    let mut g = Game::start(&format!("3{}", " M\n1\n\n\n\n\n".repeat(20)));
    g.brk();
    assert!(g.num("MV") >= 20.0);
    // All kinds of cell on the board: empty, star, outpost, a lane.
    for (code, what) in [(0, "empty"), (1, "star"), (2, "outpost"), (3, "lane")] {
        let n = g.run_num(&format!(
            "N=0:FORI=1TO9:FORJ=1TO12:N=N-(M(I,J)={code} OR ({code}=3 AND M(I,J)>3)):NEXTJ,I:PRINT N"
        ));
        assert!(n > 0.0, "a {what} cell on the board");
    }
    g.keys("GOTO 1040\n");
    for _ in 0..200 {
        if g.m.video_mode().1 == 0x1E00 {
            break;
        }
        g.m.run_field();
    }
    assert_eq!(g.m.video_mode().1, 0x1E00, "the frames are on");
    check_golden("board", &g);
}

#[test]
fn look_standings() {
    let g = Game::start(&format!("2{}", "M\n1\n\n\n\n\n".repeat(60)));
    assert!(g.m.screen_text().contains("IS THE WINNER!"));
    check_golden("standings", &g);
}

/// SPACE moves the diamond without it ever leaving the page on show: in every field from the
/// key to the next wait, the picture holds magenta (the diamond's colour; no lane exists yet
/// to share it).
#[test]
fn the_diamond_never_vanishes_while_it_moves() {
    use spacemono_core::palette::MAGENTA;
    let mut g = Game::start("2");
    let diamond = |g: &Game| {
        let mut frame = Frame::new();
        g.m.render(&mut frame);
        frame.pixels.iter().filter(|&&p| p == MAGENTA).count()
    };
    assert!(diamond(&g) > 0, "the diamond is on the first board");
    for _ in 0..3 {
        g.m.type_script(b" ");
        let mut fields = 0;
        // Until the key is taken and the program waits again.
        while fields < 20 || g.m.script_keys_left() > 0 || !g.m.starved() {
            g.m.run_field();
            fields += 1;
            assert!(
                diamond(&g) > 0,
                "no diamond on show {fields} fields after SPACE"
            );
            assert!(fields < 500, "the move never finished");
        }
    }
}
