//! Starlanes' screen as a newcomer reads it (issue 30): the map keeps a blank column after
//! its row labels, the trade prompt says in words what a number, M and N do, and the inverse
//! dots of a turn's start are explained in the window below the map.

use crate::starlanes_support::*;

/// The sector offered at 1A showed its number beside row 1's label: " 11", row 11 to the eye.
#[test]
fn a_sector_offered_in_column_a_stands_apart_from_the_row_label() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.keys("P=1:NC=2:CR(1)=1:CC(1)=1:CR(2)=10:CC(2)=1:FR=1:GOTO 1040\n");
    assert!(g.row(2).starts_with(" 1 1."), "{:?}", g.row(2));
    assert!(g.row(11).starts_with("10 2."), "{:?}", g.row(11));
    assert!(g.row(1).starts_with("   ABCDEFGHIJKL"), "{:?}", g.row(1));
}

/// The trade prompt was "-0 TO 10 (M MOST, N ALL)" over "HOW MANY?".
#[test]
fn the_trade_prompt_says_what_a_number_m_and_n_do() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.company(2, &["6F"], 600);
    g.direct("SH(2,1)=3");
    // 9I touches nothing: an infant, no announcement; then trading, ENTER on B.
    g.play(1, "9I", "\n");
    let rows: Vec<String> = (12..16).map(|r| g.row(r).trim_end().to_string()).collect();
    // $6000 and a holding bonus of 5% of 3 x $600 = $90: 10 shares at $600 at most.
    assert_eq!(
        rows,
        [
            "BEETLEJUICE LTD.",
            "M BUYS THE MOST: 10",
            "N SELLS ALL: 3",
            "BUY HOW MANY (- SELLS)?",
        ]
    );
    // A refusal takes the name's place until the next key.
    g.keys("11\n");
    assert_eq!(g.row(12).trim_end(), "FROM -3 TO 10 ONLY");
    assert_eq!(g.row(15).trim_end(), "BUY HOW MANY (- SELLS)?");
}

/// While a turn's sectors are looked for, each found lights up as an inverse `.` (code 46)
/// on the map: whenever one is on show, the window says what they are.
#[test]
fn the_inverse_dots_at_a_turns_start_are_explained() {
    let mut g = Game::at_first_move(2);
    // An empty map: the move makes an infant, with no announcement and no trading, and the
    // next turn's search runs with the map on show.
    g.empty_map(6000);
    g.keys("P=1:GOTO 1030\n");
    assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
    g.m.type_script(b"1");
    let mut seen = 0;
    for _ in 0..400 {
        g.m.run_field();
        // Anywhere on the map's rows, left of the company window.
        let dots = (2..=11)
            .flat_map(|r| (0..16).map(move |c| 32 * r + c))
            .filter(|&p| g.vram(p) == 46)
            .count();
        if dots > 0 {
            seen += 1;
            let text = g.m.screen_text();
            assert!(text.contains("LOOKING FOR OPEN SECTORS"), "{text}");
            assert!(text.contains("EACH FOUND SHOWS AS AN INVERSE ."), "{text}");
        }
        if seen > 0 && dots == 0 && g.m.screen_text().contains("CHOOSE A SECTOR") {
            break;
        }
    }
    assert!(seen > 0, "the dots were never seen");
}
