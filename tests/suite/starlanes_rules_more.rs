//! Starlanes, rule by rule (roms/RULES.md §2, L9-L15; L1-L8 in starlanes_rules.rs).

use crate::starlanes_support::*;
use spacemono_core::palette;

// ---------------------------------------------------------------- L9

#[test]
fn rule_l9_split_above_3000_price_halved_rounded_holdings_doubled() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // A at 5D, $2601; growth with a star: $2601 + $100 + $500 = $3201 -> INT(1600.5 + .5).
    g.company(1, &["5D"], 2601);
    g.direct("SH(1,1)=10:SH(1,2)=3");
    g.set("4E", STAR);
    let t0 = g.m.pending_events().len();
    let out = g.play(2, "5E", "");
    assert!(out.contains("STOCK SPLIT!"), "{out}");
    assert!(out.contains("SPLITS 2 FOR 1"), "{out}");
    assert!(contains_run(&g.tones_since(t0), &SPLIT));
    g.keys("\n");
    g.brk();
    assert_eq!(
        g.nums(&["PR(1)", "SH(1,1)", "SH(1,2)"]),
        vec![1601.0, 20.0, 6.0]
    );
}

#[test]
fn rule_l9_exactly_3000_does_not_split() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.company(1, &["5D"], 2400);
    g.direct("SH(1,1)=10");
    g.set("4E", STAR);
    let out = g.play(2, "5E", "");
    assert!(!out.contains("SPLIT"), "{out}");
    g.brk();
    assert_eq!(g.nums(&["PR(1)", "SH(1,1)"]), vec![3000.0, 10.0]);
}

#[test]
fn rule_l9_split_after_a_merger_before_the_sector_joins() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // A (2 sectors, $2000) takes B (1, $1500): $3500 splits to $1750; then 5E adds $100.
    g.company(1, &["5C", "5D"], 2000);
    g.company(2, &["5F"], 1500);
    g.direct("SH(1,1)=2");
    let out = g.play(2, "5E", "\n");
    assert!(out.contains("STOCK SPLIT!"), "{out}");
    g.keys("\n");
    g.brk();
    assert_eq!(
        g.nums(&["PR(1)", "SH(1,1)", "Q(1)"]),
        vec![1850.0, 4.0, 4.0]
    );
}

// ---------------------------------------------------------------- L10

#[test]
fn rule_l10_holding_bonus_five_per_cent_for_the_mover_only() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.company(1, &["1A"], 700);
    g.company(2, &["1C"], 333);
    g.direct("SH(1,1)=10:SH(2,1)=3:SH(1,2)=7");
    // An infant company far away changes no price. INT(10 x 700 / 20) + INT(3 x 333 / 20)
    // = 350 + INT(49.95) = 399.
    let out = g.play(1, "10L", "");
    assert!(out.contains("HOLDING BONUS $ 399"), "{out}");
    g.brk();
    assert_eq!(
        g.nums(&["CA(1)", "CA(2)", "HB"]),
        vec![6399.0, 6000.0, 399.0]
    );
}

// ---------------------------------------------------------------- L11

#[test]
fn rule_l11_buy_sell_most_all_and_out_of_range_refused() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.company(1, &["1A"], 500);
    g.company(3, &["1C"], 300);
    g.direct("SH(1,1)=2");
    // Bonus INT(2 x 500 / 20) = 50: cash 6050. The arrow starts at A.
    g.play(1, "10L", "");
    assert_eq!(g.vram(32 + 79), 64 + 62, "the arrow at A's row");
    // ENTER, 3, ENTER: buy 3 A for $1500 -> 5 A, $4550.
    g.keys("\n3\n");
    // Down to C; M buys the most: INT(4550 / 300) = 15 for $4500 -> $50.
    g.keys("{DOWN}");
    assert_eq!(
        g.vram(3 * 32 + 79),
        64 + 62,
        "the arrow at C's row (B is skipped)"
    );
    g.keys("\nM");
    // Up to A; -2 sells 2 A for $1000 -> 3 A, $1050; N sells all 3 -> $2550.
    g.keys("{UP}\n-2\n\nN");
    // 9 A cost $4500 with $2550: refused, with a message; nothing changes.
    let t0 = g.m.pending_events().len();
    g.keys("\n9\n");
    assert!(
        g.m.screen_text().contains("FROM -0 TO 5 ONLY"),
        "{}",
        g.m.screen_text()
    );
    assert_eq!(g.tones_since(t0).last(), Some(&REFUSED[0]));
    // ENTER on no amount trades nothing; X ends the turn: BOB moves.
    g.keys("\nX");
    assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
    g.brk();
    assert_eq!(
        g.nums(&["SH(1,1)", "SH(3,1)", "CA(1)", "P"]),
        vec![0.0, 15.0, 2550.0, 2.0]
    );
    // The title bar showed the mover's cash as it changed; now BOB's.
    assert_eq!(g.num("CA(2)"), 6000.0);
}

// ---------------------------------------------------------------- L12

fn three_players(g: &mut Game) {
    g.empty_map(0);
    // ANN: $1000 + 4 A x $500 = $3000. BOB: $500 + 10 B x $300 = $3500. CID: $2500.
    g.company(1, &["1A"], 500);
    g.company(2, &["1C", "1D"], 300);
    g.direct("SH(1,1)=4:SH(2,2)=10:CA(1)=1000:CA(2)=500:CA(3)=2500");
}

#[test]
fn rule_l12_s_shows_the_standings_best_first_and_sectors_to_fill() {
    let mut g = Game::at_first_move(3);
    three_players(&mut g);
    let out = g.keys("P=1:GOTO 1030\nS");
    let s = out.rfind("STANDINGS").expect(&out);
    let t = &out[s..];
    let row = |stock: u32, cash: u32| format!(" {stock:>10}{cash:>10}{:>10}", stock + cash);
    let bob = t.find(&format!("1 BOB\n{}", row(3000, 500))).expect(t);
    let ann = t.find(&format!("2 ANN\n{}", row(2000, 1000))).expect(t);
    let cid = t.find(&format!("3 CID\n{}", row(0, 2500))).expect(t);
    assert!(bob < ann && ann < cid);
    // 65 sectors end the game (65 x 100 / 120 >= 54): 3 are filled, 62 to go.
    assert!(t.contains("SECTORS TO FILL: 62"), "{t}");
    // ENTER: back to the move.
    g.keys("\n");
    assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
}

#[test]
fn rule_l12_c_shows_the_companies_price_size_and_worth() {
    let mut g = Game::at_first_move(3);
    three_players(&mut g);
    let out = g.keys("P=1:GOTO 1030\nC");
    assert!(
        out.contains("a ALTAIR STARWAYS  SIZE 1 \n  PRICE $500 WORTH $2000"),
        "{out}"
    );
    assert!(
        out.contains("b BEETLEJUICE LTD.  SIZE 2 \n  PRICE $300 WORTH $3000"),
        "{out}"
    );
    assert!(!out.contains("CAPELLA"), "{out}");
    g.keys("\n");
    assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
}

#[test]
fn rule_l12_q_asks_and_y_shows_the_final_standings() {
    let mut g = Game::at_first_move(3);
    three_players(&mut g);
    g.keys("P=1:GOTO 1030\nQ");
    assert!(g.m.screen_text().contains("REALLY QUIT (Y/N)?"));
    g.keys("N");
    assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
    // At the trading prompt too.
    g.brk();
    let out = g.play(1, "10L", "QY");
    assert!(out.contains("FINAL STANDINGS"), "{out}");
    assert!(out.contains("THE GAME WAS STOPPED"), "{out}");
    assert!(out.contains("BOB IS THE WINNER!"), "{out}");
}

// ---------------------------------------------------------------- L13

fn nearly_full(g: &mut Game) {
    g.empty_map(6000);
    // A fills rows 1-5 and 6A-6D: 64 sectors, $100; ANN holds 10.
    g.direct("FORI=1TO5:FORJ=1TO12:M(I,J)=4:NEXTJ,I:FORJ=1TO4:M(6,J)=4:NEXTJ");
    g.direct("Q(1)=64:PR(1)=100:SH(1,1)=10");
}

#[test]
fn rule_l13_the_game_ends_at_54_per_cent_after_the_bonus() {
    let mut g = Game::at_first_move(2);
    nearly_full(&mut g);
    // 64 sectors (53.3%): an infant elsewhere, and the game goes on to trading.
    let out = g.play(1, "10L", "");
    assert!(!out.contains("FINAL STANDINGS"), "{out}");
    assert!(g.m.screen_text().contains("X ENDS YOUR TURN"));
    g.brk();
    g.direct("CA(1)=6000");
    // 6E joins A: 65 sectors (54.2%). Price $200; ANN's bonus INT(10 x 200 / 20) = 100.
    let t0 = g.m.pending_events().len();
    let out = g.play(1, "6E", "");
    assert!(out.contains("54% OF THE MAP IS FILLED"), "{out}");
    let s = out.find("FINAL STANDINGS").expect(&out);
    let t = &out[s..];
    let ann = t.find(&format!("1 ANN\n {:>10}{:>10}{:>10}", 2000, 6100, 8100));
    let bob = t.find(&format!("2 BOB\n {:>10}{:>10}{:>10}", 0, 6000, 6000));
    assert!(ann.is_some() && ann < bob, "{t}");
    assert!(t.contains("ANN IS THE WINNER!"), "{t}");
    assert!(!g.tones_since(t0).is_empty(), "the end is heard");
}

#[test]
fn rule_l13_equal_first_is_a_shared_win() {
    let mut g = Game::at_first_move(2);
    nearly_full(&mut g);
    // ANN: $5900 + the bonus $100 + 10 x $200 = $8000; BOB: $8000 cash.
    g.direct("CA(1)=5900:CA(2)=8000");
    let out = g.play(1, "6E", "");
    assert!(out.contains("FIRST PLACE IS SHARED"), "{out}");
    assert!(!out.contains("IS THE WINNER"), "{out}");
}

// ---------------------------------------------------------------- L14

#[test]
fn rule_l14_map_companies_and_information_on_one_screen() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.set("2B", STAR);
    g.set("3C", HOLE);
    g.set("4D", INFANT);
    g.company(2, &["6F"], 700);
    g.direct("SH(2,1)=12");
    g.keys("P=1:NC=1:CR(1)=9:CC(1)=9:GOTO 1040\n");
    let v = |g: &Game, s: &str| g.vram(map_pos(s));
    // The map: a yellow block for a star (128 + 16 x 1 + 15), a black one for a black hole,
    // + for an infant, the company's letter in inverse (1 = A ... ), . for empty space, and
    // the number of the sector offered.
    assert_eq!(v(&g, "2B"), 159);
    assert_eq!(v(&g, "3C"), 128);
    assert_eq!(v(&g, "4D"), 64 + 43);
    assert_eq!(v(&g, "6F"), 2);
    assert_eq!(v(&g, "1A"), 64 + 46);
    assert_eq!(v(&g, "9I"), 64 + 49);
    // The title bar: the mover's name in inverse, then the cash: " ANN ... CASH $6000".
    assert_eq!(g.vram(1), 1, "inverse A");
    assert_eq!(g.vram(2), 14, "inverse N");
    assert_eq!(g.vram(30), 64 + 48, "0, the last digit of 6000");
    // The windows as text (inverse shows as lower case).
    let rows: Vec<String> = (0..16).map(|r| g.row(r)).collect();
    assert!(
        rows[0].starts_with(" ann") && rows[0].ends_with("CASH $6000 "),
        "{rows:?}"
    );
    assert!(rows[4].ends_with("b $ 700       12"), "B's row: {rows:?}");
    assert!(rows[12].starts_with("MOVE 1"), "{rows:?}");
    assert!(rows[13].starts_with("CHOOSE A SECTOR, 1 TO 1"), "{rows:?}");
    // In colour: the star's cell is yellow, the black hole's black.
    let mut f = spacemono_core::Frame::new();
    g.m.render(&mut f);
    let (r, c) = (3usize, 5usize); // 2B: screen row 3, column 4 (centre of the cell)
    assert_eq!(f.picture_pixel(c * 8 - 4, r * 12 + 6), palette::YELLOW);
    assert_eq!(f.picture_pixel(6 * 8 - 4, 4 * 12 + 6), palette::BLACK);
}

#[test]
fn rule_l14_announcements_wait_for_enter() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.set("4E", STAR);
    g.play(1, "5E", "");
    assert!(g.m.screen_text().contains("A NEW COMPANY IS FORMED!"));
    // Other keys do nothing; ENTER goes on to trading.
    g.keys("12X");
    assert!(g.m.screen_text().contains("PRESS ENTER"));
    g.keys("\n");
    assert!(g.m.screen_text().contains("X ENDS YOUR TURN"));
}

// ---------------------------------------------------------------- L15

#[test]
fn rule_l15_fortunes_past_a_billion_are_printed_exactly() {
    let mut g = Game::at_first_move(2);
    g.empty_map(0);
    // 2^32 - 1 and 3 x 10^9: STR$ would print 4.29496730E+09 and 3E+09.
    g.direct("CA(1)=3000000000:CA(2)=4294967295");
    let out = g.keys("P=2:GOTO 1030\nS");
    let row = |cash: u64| format!(" {:>10}{cash:>10}{cash:>10}", 0);
    assert!(
        out.contains(&format!("1 BOB\n{}", row(4294967295))),
        "{out}"
    );
    assert!(
        out.contains(&format!("2 ANN\n{}", row(3000000000))),
        "{out}"
    );
    g.keys("\n");
    assert!(g.row(0).ends_with("CASH $4294967295 "), "{}", g.row(0));
}
