//! Starlanes computer players (issue 15; the strategy is written out in the listing's REMs,
//! lines 9800-9989): positions where the computer's choice is worked out by hand from its
//! scores, and whole games of computers only.

use crate::common::stillness::Stillness;
use crate::starlanes_support::*;
use spacemono_core::parse_key_script;

/// Two seats: ANN made a computer (SE=2), BOB at the keyboard.
fn computer_first() -> Game {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.direct("SE(1)=2");
    g
}

/// Offer `sectors` to player 1 (the computer) and let it play; returns what was printed.
fn offer(g: &mut Game, sectors: &[&str]) -> String {
    let mut cmd = format!("P=1:NC={}", sectors.len());
    for (i, s) in sectors.iter().enumerate() {
        let (r, c) = rc(s);
        cmd.push_str(&format!(":CR({})={r}:CC({})={c}", i + 1, i + 1));
    }
    g.direct("GOSUB 9980");
    g.keys(&format!("{cmd}:FR=1:GOTO 1040\n"))
}

#[test]
fn computer_founds_next_to_stars_and_shows_its_choice_first() {
    let mut g = computer_first();
    // 2B: a star at 2C founds at $600 (5 free shares: 3000); 5E: an infant; 8H: a star at 8I
    // and a black hole at 8G found at $100 (500).
    g.set("2C", STAR);
    g.set("8I", STAR);
    g.set("8G", HOLE);
    g.direct("GOSUB 9980");
    g.m.type_script(
        &parse_key_script(
            "P=1:NC=3:CR(1)=2:CC(1)=2:CR(2)=5:CC(2)=5:CR(3)=8:CC(3)=8:FR=1:GOTO 1040\n",
        )
        .unwrap(),
    );
    // Before it plays, its choice is shown: the digit 1 in inverse (video byte 49).
    let mut fields = 0;
    while !g.m.screen_text().contains("CHOOSES") {
        g.m.run_field();
        fields += 1;
        assert!(fields < 50 * 60, "the computer never chose");
    }
    assert_eq!(g.vram(map_pos("2B")), 49, "{}", g.m.screen_text());
    assert_eq!(
        g.vram(map_pos("5E")),
        64 + 50,
        "the others stay as they are"
    );
    g.keys("");
    assert!(g.transcript().contains("ANN CHOOSES 1"));
    g.brk();
    assert_eq!(g.get("2B"), company(1));
    // 5 free shares; then the bonus INT(5 x 600 / 20) = 150 makes $6150, which buys 10 more
    // (A is the only company): $150 left.
    assert_eq!(
        g.nums(&["PR(1)", "SH(1,1)", "CA(1)"]),
        vec![600.0, 15.0, 150.0]
    );
    assert_eq!(g.get("5E"), EMPTY);
}

#[test]
fn computer_grows_the_company_it_holds_not_a_rivals() {
    let mut g = computer_first();
    g.company(1, &["5D"], 100);
    g.company(2, &["9I"], 100);
    g.direct("SH(1,1)=10:SH(2,2)=10");
    // 5E grows A: 100 x (10 - .5 x 0) = 1000; 9H grows B: 100 x (0 - .5 x 10) = -500.
    let out = offer(&mut g, &["5E", "9H"]);
    assert!(out.contains("CHOOSES 1"), "{out}");
    g.brk();
    assert_eq!(g.nums(&["Q(1)", "Q(2)"]), vec![2.0, 1.0]);
}

#[test]
fn computer_keeps_its_company_clear_of_black_holes() {
    let mut g = computer_first();
    g.company(1, &["5C", "5D"], 1000);
    g.direct("SH(1,1)=10");
    g.set("4E", HOLE);
    // 5B: +$100 x 10 = 1000; 5E: next to the black hole, -$400 x 10 = -4000.
    let out = offer(&mut g, &["5B", "5E"]);
    assert!(out.contains("CHOOSES 1"), "{out}");
    g.brk();
    assert_eq!(g.get("5B"), company(1));
    assert_eq!(g.get("5E"), EMPTY);
}

#[test]
fn computer_steers_a_rivals_company_into_a_black_hole() {
    let mut g = computer_first();
    // B ($300) is BOB's; 5E next to it and to a black hole: $300 - $400 < 0, B vanishes:
    // -300 x (0 - .5 x 20) = 3000. Growing its own A at 1B: 100 x 5 = 500. 9I: an infant.
    g.company(1, &["1A"], 100);
    g.company(2, &["5D"], 300);
    g.direct("SH(1,1)=5:SH(2,2)=20");
    g.set("4E", HOLE);
    let out = offer(&mut g, &["1B", "5E", "9I"]);
    assert!(out.contains("CHOOSES 2"), "{out}");
    assert!(out.contains("FALLS INTO A BLACK HOLE!"), "{out}");
    g.brk();
    assert_eq!(g.nums(&["Q(2)", "SH(2,2)", "Q(1)"]), vec![0.0, 0.0, 1.0]);
}

#[test]
fn computer_sells_before_a_black_hole_and_buys_growth_per_dollar() {
    let mut g = computer_first();
    // A at 5E ($1000): frontier about 1 + 2 = 3 sectors, one (4E) next to the star at 3E:
    // a growth is worth 100 + 500 x 1/3; per dollar 3 x 266.7 / 1000 = 0.8.
    // B at 9J ($200): 3 x 100 / 200 = 1.5, the best.
    // C at 1L ($300, 10 held): 1K and 2L, both on its frontier, touch the black hole at 2K:
    // 100 - 500 x 2/3 < 0: sold.
    g.company(1, &["5E"], 1000);
    g.company(2, &["9J"], 200);
    g.company(3, &["1L"], 300);
    g.set("3E", STAR);
    g.set("2K", HOLE);
    g.direct("SH(3,1)=10:GOSUB 9980");
    // The computer plays 10A (an infant): bonus INT(10 x 300 / 20) = 150, cash $6150; the
    // sale brings $3000: $9150 buys INT(9150 / 200) = 45 B for $9000.
    let out = g.play(1, "10A", "");
    assert!(out.contains("SELLS 10 OF CAPELLA FREIGHT CO."), "{out}");
    assert!(out.contains("BUYS 45 OF BEETLEJUICE LTD."), "{out}");
    g.brk();
    assert_eq!(
        g.nums(&["SH(1,1)", "SH(2,1)", "SH(3,1)", "CA(1)"]),
        vec![0.0, 45.0, 0.0, 150.0]
    );
}

#[test]
fn four_computers_play_a_whole_game_by_themselves() {
    let mut g = Game::start("");
    g.m.type_script(&parse_key_script("4CCCC").unwrap());
    let mut fields = 0u64;
    while !g.m.screen_text().contains("ANOTHER GAME (Y/N)?") {
        g.m.run_field();
        fields += 1;
        assert!(
            fields < 50 * 6000,
            "no end in 100 minutes: {}",
            g.m.screen_text()
        );
    }
    let t = g.transcript();
    assert!(t.contains("54% OF THE MAP IS FILLED") || t.contains("NO SECTOR IS LEFT"));
    let s = &t[t.rfind("FINAL STANDINGS").unwrap()..];
    let mut worth = Vec::new();
    for n in 1..=4 {
        let i = s.find(&format!("{n} COMPUTER ")).expect(s);
        let nums: Vec<i64> = s[i..]
            .lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(nums[0] + nums[1], nums[2], "{s}");
        worth.push(nums[2]);
    }
    assert!(worth.windows(2).all(|w| w[0] >= w[1]), "{worth:?}");
    // They traded: every computer bought shares at some point.
    for n in 1..=4 {
        assert!(t.contains(&format!("COMPUTER {n} STUDIES THE MARKET")));
    }
    assert!(t.contains("BUYS"), "computers buy");
}

/// A computer's thinking shows (issue 15: moves you can watch): while it weighs the sectors
/// offered each is shown in inverse, and while it studies the market each star and black hole
/// it looks at shows an inverse `*`, so at period speed its thinking (lines 9800-9999) never
/// leaves the screen unchanged for a second. It used to: the market study was 6.6 s of a
/// still screen.
#[test]
fn a_computer_thinking_never_leaves_the_screen_still_for_a_second() {
    let mut g = Game::start("");
    g.m.type_script(&parse_key_script("4CCCC").unwrap());
    let mut still = Stillness::new(&g.m);
    for _ in 0..50 * 240 {
        still.field(&mut g.m, |m| (9800..=9999).contains(&m.peek16(0x68)));
    }
    let t = g.transcript();
    assert!(
        t.contains("STUDIES THE MARKET") && t.contains("CHOOSES"),
        "{t}"
    );
    let (worst, at) = (still.worst, still.at);
    assert!(
        worst <= 50,
        "{worst} still fields of thinking from field {at}"
    );
}
