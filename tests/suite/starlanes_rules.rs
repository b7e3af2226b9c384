//! Starlanes, rule by rule (roms/RULES.md §2, L1-L8; L9-L15 in starlanes_rules_more.rs): each test
//! drives roms/starlanes.bas on the machine, headless, with scripted keys. Positions are set up
//! in direct mode after BREAK and the move is played by jumping back into the game (see
//! tests/suite/starlanes_support). Expected values are worked by hand, in the comments.

use crate::starlanes_support::*;

// ---------------------------------------------------------------- L1

#[test]
fn rule_l1_one_to_four_players_named_an_empty_name_asked_again() {
    // 0, 5 and X are not a number of players; 3 is. Three keyboard seats; the second name is
    // first left empty, and the third is cut to 10 characters.
    let mut g = Game::start("05X3KKKANN\n\nBOB\nABCDEFGHIJKLM\n");
    let t = g.transcript();
    assert!(t.contains("HOW MANY PLAYERS (1-4)?"), "{t}");
    assert_eq!(t.matches("NAME OF PLAYER 2 ?").count(), 2, "{t}");
    assert_eq!(t.matches("NAME OF PLAYER 3 ?").count(), 1, "{t}");
    g.brk();
    assert_eq!(g.num("NP"), 3.0);
    assert_eq!(g.text("N$(1)"), "ANN");
    assert_eq!(g.text("N$(2)"), "BOB");
    assert_eq!(g.text("N$(3)"), "ABCDEFGHIJ");
    // Every player starts with $6000; there is no fourth.
    assert_eq!(
        g.nums(&["CA(1)", "CA(2)", "CA(3)", "CA(4)"]),
        vec![6000.0, 6000.0, 6000.0, 0.0]
    );
    // One player is a game too.
    let mut g = Game::at_first_move(1);
    assert_eq!(g.nums(&["NP", "P"]), vec![1.0, 1.0]);
}

#[test]
fn rule_l1_first_player_at_random_then_in_player_order() {
    // Games whose first key comes at different moments start with different players.
    let mut firsts = std::collections::HashSet::new();
    for i in 0..12u64 {
        let mut g = Game::start_after(i * 7, &Game::setup_keys(4));
        g.brk();
        let p = g.num("P") as u32;
        assert!((1..=4).contains(&p), "{p}");
        firsts.insert(p);
    }
    assert!(
        firsts.len() >= 2,
        "always the same first player: {firsts:?}"
    );
    // Then in order: 4 -> 1 -> 2 (infant companies on an empty map: no trading).
    let mut g = Game::at_first_move(4);
    g.empty_map(6000);
    g.play(4, "1A", "");
    g.brk();
    assert_eq!(g.num("P"), 1.0);
    g.play(1, "3C", "");
    g.brk();
    assert_eq!(g.num("P"), 2.0);
    assert_eq!(g.num("MV"), 2.0);
}

// ---------------------------------------------------------------- L2

#[test]
fn rule_l2_twelve_by_ten_stars_3_in_60_black_holes_1_in_60() {
    // 24 games seeded at different moments; each distinct map counts once (the ROM seeds RND
    // from TIMER's mantissa, so moments a power of two apart give the same map).
    let mut maps = std::collections::HashMap::new();
    for i in 0..24u64 {
        let mut g = Game::start_after(i * 11, &Game::setup_keys(1));
        // The map on screen: columns A-L, rows 1-10.
        assert_eq!(g.row(1).trim_end(), "   ABCDEFGHIJKL   PRICE    HELD");
        for r in 1..=10 {
            assert!(
                g.row(r + 1).starts_with(&format!("{r:>2}")),
                "{}",
                g.m.screen_text()
            );
        }
        g.brk();
        // Only empty, star and black hole on a new map, and nothing outside it.
        assert_eq!(
            g.direct("N=0:FORI=1TO10:FORJ=1TO12:N=N-(M(I,J)>2):NEXTJ,I:PRINT N")
                .trim(),
            "0"
        );
        assert_eq!(
            g.direct("N=0:FORI=0TO11:N=N+M(I,0)+M(I,13):NEXTI:FORJ=0TO13:N=N+M(0,J)+M(11,J):NEXTJ:PRINT N")
                .trim(),
            "0"
        );
        let map = g.direct("FORI=1TO10:FORJ=1TO12:PRINTCHR$(48+M(I,J));:NEXTJ,I");
        let stars = map.matches('1').count() as f64;
        let holes = map.matches('2').count() as f64;
        maps.insert(map, (stars, holes));
    }
    let k = maps.len() as f64;
    assert!(k >= 12.0, "only {k} different maps");
    let stars: f64 = maps.values().map(|v| v.0).sum();
    let holes: f64 = maps.values().map(|v| v.1).sum();
    // 120 sectors: 6 stars a map (sd sqrt(120 x .05 x .95) = 2.39), 2 black holes (sd 1.40).
    let (sm, ssd) = (6.0 * k, (k * 120.0 * 0.05 * 0.95).sqrt());
    let (hm, hsd) = (2.0 * k, (k * 120.0 / 60.0 * 59.0 / 60.0).sqrt());
    assert!((stars - sm).abs() <= 3.0 * ssd, "{stars} stars on {k} maps");
    assert!(
        (holes - hm).abs() <= 3.0 * hsd,
        "{holes} black holes on {k} maps"
    );
}

// ---------------------------------------------------------------- L3

#[test]
fn rule_l3_five_distinct_empty_sectors_numbered_on_the_map() {
    let mut g = Game::start(&Game::setup_keys(2));
    let screen: Vec<u32> = (0..512).map(|p| g.vram(p)).collect();
    g.brk();
    assert_eq!(g.num("NC"), 5.0);
    let mut last = 0;
    let mut sectors = Vec::new();
    for i in 1..=5 {
        let (r, c) = (g.num(&format!("CR({i})")), g.num(&format!("CC({i})")));
        assert!((1.0..=10.0).contains(&r) && (1.0..=12.0).contains(&c));
        assert_eq!(
            g.num(&format!("M({r},{c})")),
            0.0,
            "offered sectors are empty"
        );
        // In map order, so all different.
        let at = (r * 16.0 + c) as u32;
        assert!(at > last, "sector {i} after sector {}", i - 1);
        last = at;
        let s = format!("{}{}", r, (b'A' + c as u8 - 1) as char);
        // Its number on the map: a normal digit (video byte 64 + ASCII).
        assert_eq!(
            screen[map_pos(&s) as usize],
            64 + 48 + i,
            "the digit {i} at {s}"
        );
        sectors.push(s);
    }
    // Keys that are not a number on offer do nothing; 3 plays the third sector.
    let who = g.text("N$(P)");
    let out = g.keys("GOTO 1040\n0697");
    assert!(!out.contains("TAKES"), "{out}");
    let out = g.keys("3");
    assert!(
        out.contains(&format!("{who} TAKES {}", sectors[2])),
        "{out}"
    );
}

/// Stars everywhere; companies A-E at 10A, 10C, 10E, 10G, 10I ($100, one sector each); three
/// empty sectors: 9A (next to A), 5E and 1L (next to stars only). Without E, 10I is a star.
fn crowded(g: &mut Game, all_five: bool) {
    g.empty_map(6000);
    g.direct("FORI=1TO10:FORJ=1TO12:M(I,J)=1:NEXTJ,I");
    for (k, s) in [(1, "10A"), (2, "10C"), (3, "10E"), (4, "10G"), (5, "10I")] {
        if k < 5 || all_five {
            g.company(k, &[s], 100);
        }
    }
    for s in ["9A", "5E", "1L"] {
        g.set(s, EMPTY);
    }
}

#[test]
fn rule_l3_no_founding_sector_while_five_companies_exist() {
    let mut g = Game::at_first_move(2);
    crowded(&mut g, true);
    g.keys("P=1:GOTO 1030\n");
    g.brk();
    // 5E and 1L would found a sixth company: only 9A (growth of A) is offered.
    assert_eq!(g.nums(&["NC", "CR(1)", "CC(1)"]), vec![1.0, 9.0, 1.0]);
}

#[test]
fn rule_l3_fewer_than_five_legal_sectors_are_all_offered() {
    let mut g = Game::at_first_move(2);
    crowded(&mut g, false);
    g.keys("P=1:GOTO 1030\n");
    g.brk();
    // Four companies: all three empty sectors, in map order.
    assert_eq!(
        g.nums(&["NC", "CR(1)", "CC(1)", "CR(2)", "CC(2)", "CR(3)", "CC(3)"]),
        vec![3.0, 1.0, 12.0, 5.0, 5.0, 9.0, 1.0]
    );
}

#[test]
fn rule_l3_no_legal_sector_ends_the_game_never_hangs() {
    let mut g = Game::at_first_move(2);
    crowded(&mut g, true);
    g.set("9A", STAR);
    let out = g.keys("P=1:GOTO 1030\n");
    assert!(out.contains("NO SECTOR IS LEFT TO PLAY"), "{out}");
    assert!(out.contains("FINAL STANDINGS"), "{out}");
    assert!(out.contains("ANOTHER GAME (Y/N)?"), "{out}");
}

#[test]
fn rule_l3_only_sectors_a_black_hole_would_swallow_end_the_game() {
    // Black holes everywhere but 5E and 5F: an infant there would only be swallowed (L4), so
    // playing them could never change the map. The game ends instead of going on for ever.
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.direct("FORI=1TO10:FORJ=1TO12:M(I,J)=2:NEXTJ,I:M(5,5)=0:M(5,6)=0");
    let out = g.keys("P=1:GOTO 1030\n");
    assert!(out.contains("NO SECTOR IS LEFT TO PLAY"), "{out}");
    // With a sector clear of black holes (9K in an empty corner), the game goes on, and the
    // futile sectors may still be offered.
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.direct("FORI=1TO10:FORJ=1TO12:M(I,J)=2:NEXTJ,I:M(5,5)=0:M(5,6)=0");
    g.direct("FORI=8TO10:FORJ=10TO12:M(I,J)=0:NEXTJ,I");
    g.keys("P=1:GOTO 1030\n");
    assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
    g.brk();
    assert_eq!(g.num("NC"), 5.0);
}

// ---------------------------------------------------------------- L4

#[test]
fn rule_l4_infant_company_next_to_nothing_diagonals_do_not_count() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // A star at 4D and a black hole at 6F touch 5E only at the corners.
    g.set("4D", STAR);
    g.set("6F", HOLE);
    let out = g.play(1, "5E", "");
    assert!(out.contains("ANN TAKES 5E"), "{out}");
    // On the map: a plain + (video byte 64 + ASCII 43).
    assert_eq!(g.vram(map_pos("5E")), 64 + 43);
    g.brk();
    assert_eq!(g.get("5E"), INFANT);
    assert_eq!(g.nums(&["Q(1)", "PR(1)"]), vec![0.0, 0.0]);
}

#[test]
fn rule_l4_an_infant_next_to_a_black_hole_is_sucked_away() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.set("5F", HOLE);
    let t0 = g.m.pending_events().len();
    let out = g.play(2, "5E", "");
    assert!(out.contains("THE INFANT COMPANY AT 5E"), "{out}");
    assert!(out.contains("FALLS INTO A BLACK HOLE!"), "{out}");
    assert!(contains_run(&g.tones_since(t0), &BLACK_HOLE));
    // The announcement waits for ENTER.
    assert!(g.m.screen_text().contains("PRESS ENTER"));
    g.keys("\n");
    assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
    g.brk();
    assert_eq!(g.get("5E"), EMPTY);
    assert_eq!(g.get("5F"), HOLE);
}

// ---------------------------------------------------------------- L5

#[test]
fn rule_l5_new_company_lowest_free_letter_price_and_five_shares() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // A is in business (far away): the new company is B. Around 5E: a star north (4E),
    // infant companies west (5D) and south (6E), a black hole east (5F).
    g.company(1, &["10L"], 100);
    g.set("4E", STAR);
    g.set("5D", INFANT);
    g.set("6E", INFANT);
    g.set("5F", HOLE);
    let t0 = g.m.pending_events().len();
    let out = g.play(1, "5E", "");
    assert!(out.contains("A NEW COMPANY IS FORMED!"), "{out}");
    assert!(out.contains("BEETLEJUICE LTD."), "{out}");
    assert!(out.contains("ANN GETS 5 FREE SHARES"), "{out}");
    assert!(contains_run(&g.tones_since(t0), &NEW_COMPANY));
    g.keys("\n");
    g.brk();
    // $100 + $500 (star) - $500 (black hole) + 2 x $100 (infants) = $300; 3 sectors.
    assert_eq!(
        g.nums(&["Q(2)", "PR(2)", "SH(2,1)", "SH(2,2)"]),
        vec![3.0, 300.0, 5.0, 0.0]
    );
    for s in ["5D", "5E", "6E"] {
        assert_eq!(g.get(s), company(2), "{s}");
    }
    assert_eq!(g.get("4E"), STAR);
    assert_eq!(g.get("5F"), HOLE);
    // The holding bonus follows: INT(5 x 300 / 20) = 75.
    assert_eq!(g.num("CA(1)"), 6075.0);
}

#[test]
fn rule_l5_a_new_company_worth_nothing_vanishes() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // $100 + $500 (star 4E) + $100 (infant 5D) - 2 x $500 (holes 5F, 6E) = -$300.
    g.set("4E", STAR);
    g.set("5D", INFANT);
    g.set("5F", HOLE);
    g.set("6E", HOLE);
    let out = g.play(1, "5E", "\n");
    assert!(out.contains("ALTAIR STARWAYS"), "{out}");
    assert!(out.contains("FALLS INTO A BLACK HOLE!"), "{out}");
    assert!(!out.contains("FREE SHARES"), "{out}");
    g.brk();
    assert_eq!(g.get("5E"), EMPTY);
    assert_eq!(g.get("5D"), EMPTY, "the infant it took vanishes with it");
    assert_eq!(g.nums(&["Q(1)", "PR(1)", "SH(1,1)"]), vec![0.0, 0.0, 0.0]);
}

#[test]
fn rule_l5_with_five_companies_a_founding_sector_is_an_infant() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    for (k, s) in [(1, "10A"), (2, "10C"), (3, "10E"), (4, "10G"), (5, "10I")] {
        g.company(k, &[s], 100);
    }
    g.set("4E", STAR);
    g.play(1, "5E", "X");
    g.brk();
    assert_eq!(g.get("5E"), INFANT);
    assert_eq!(g.num("SH(1,1)+SH(2,1)+SH(3,1)+SH(4,1)+SH(5,1)"), 0.0);
}

// ---------------------------------------------------------------- L6

#[test]
fn rule_l6_growth_price_and_infants_absorbed() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // A at 5D ($100). Next to 5E: star 4E, infant 6E, black hole 5F; infant 4F is diagonal.
    g.company(1, &["5D"], 100);
    g.set("4E", STAR);
    g.set("6E", INFANT);
    g.set("5F", HOLE);
    g.set("4F", INFANT);
    g.play(2, "5E", "");
    g.brk();
    // $100 + $100 + $500 - $500 + $100 = $300; 5D, 5E, 6E.
    assert_eq!(g.nums(&["Q(1)", "PR(1)"]), vec![3.0, 300.0]);
    for s in ["5D", "5E", "6E"] {
        assert_eq!(g.get(s), company(1), "{s}");
    }
    assert_eq!(g.get("4F"), INFANT);
}

#[test]
fn rule_l6_a_stale_list_of_neighbours_hides_no_company() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // The list of companies next to the last sector looked at still says A (KL(1)=1): the
    // count of A next to 5E must not take it for one already counted (a FOR runs once).
    g.company(1, &["5D"], 100);
    g.direct("KL(1)=1:KL(2)=1");
    g.play(2, "5E", "");
    g.brk();
    assert_eq!(g.get("5E"), company(1));
    assert_eq!(g.nums(&["Q(1)", "PR(1)"]), vec![2.0, 200.0]);
}

#[test]
fn rule_l6_a_company_worth_nothing_vanishes_with_its_shares() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // A at 5C, 5D ($400); black holes at 4E and 6E: $400 + $100 - $1000 = -$500.
    g.company(1, &["5C", "5D"], 400);
    g.direct("SH(1,1)=10:SH(1,2)=4");
    g.set("4E", HOLE);
    g.set("6E", HOLE);
    let out = g.play(1, "5E", "");
    assert!(out.contains("FALLS INTO A BLACK HOLE!"), "{out}");
    assert!(out.contains("ALL ITS SHARES ARE LOST"), "{out}");
    g.keys("\n");
    g.brk();
    for s in ["5C", "5D", "5E"] {
        assert_eq!(g.get(s), EMPTY, "{s}");
    }
    assert_eq!(
        g.nums(&["Q(1)", "PR(1)", "SH(1,1)", "SH(1,2)", "CA(1)"]),
        vec![0.0, 0.0, 0.0, 0.0, 6000.0]
    );
}

// ---------------------------------------------------------------- L7

#[test]
fn rule_l7_the_larger_company_survives() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    g.company(1, &["5C", "5D"], 200);
    g.company(2, &["5F"], 600);
    let out = g.play(1, "5E", "\n");
    assert!(
        out.contains("BEETLEJUICE LTD.\nMERGES INTO ALTAIR STARWAYS"),
        "{out}"
    );
    g.brk();
    // Size 2 + 1 + the played sector; price $200 + $600 + $100.
    assert_eq!(
        g.nums(&["Q(1)", "PR(1)", "Q(2)", "PR(2)"]),
        vec![4.0, 900.0, 0.0, 0.0]
    );
    for s in ["5C", "5D", "5E", "5F"] {
        assert_eq!(g.get(s), company(1), "{s}");
    }
}

#[test]
fn rule_l7_on_equal_size_the_richer_survives() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // A: $500 x 2 shares = $1000; B: $300 x 5 shares = $1500. B survives.
    g.company(1, &["5D"], 500);
    g.company(2, &["5F"], 300);
    g.direct("SH(1,1)=2:SH(2,2)=5");
    let out = g.play(1, "5E", "\n");
    assert!(
        out.contains("ALTAIR STARWAYS\nMERGES INTO BEETLEJUICE LTD."),
        "{out}"
    );
    g.brk();
    assert_eq!(g.nums(&["Q(2)", "PR(2)", "Q(1)"]), vec![3.0, 900.0, 0.0]);
}

#[test]
fn rule_l7_four_way_merger_pair_by_pair_north_south_first() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // North C (1 sector, $100), south B (2, $200), east A (3, $1000, 1 share held),
    // west D (4, $400).
    g.company(3, &["4E"], 100);
    g.company(2, &["6E", "7E"], 200);
    g.company(1, &["5F", "5G", "5H"], 1000);
    g.company(4, &["5A", "5B", "5C", "5D"], 400);
    g.direct("SH(1,1)=1");
    let out = g.play(1, "5E", "\n\n\n");
    // North-south: C (1) into B (2). North-east: B (now 3) and A (3), equal: A is worth
    // $1000, B nothing: B into A. North-west: A (6) and D (4): D into A.
    let m1 = out.find("CAPELLA FREIGHT CO.\nMERGES INTO BEETLEJUICE LTD.");
    let m2 = out.find("BEETLEJUICE LTD.\nMERGES INTO ALTAIR STARWAYS");
    let m3 = out.find("DENEBOLA SHIPPERS\nMERGES INTO ALTAIR STARWAYS");
    assert!(m1.is_some() && m2.is_some() && m3.is_some(), "{out}");
    assert!(m1 < m2 && m2 < m3, "{out}");
    assert_eq!(out.matches("MERGES INTO").count(), 3);
    g.brk();
    // 1 + 2 + 3 + 4 + 1 sectors; $100 + $200 + $1000 + $400 + $100.
    assert_eq!(g.nums(&["Q(1)", "PR(1)"]), vec![11.0, 1800.0]);
    assert_eq!(g.nums(&["Q(2)", "Q(3)", "Q(4)"]), vec![0.0, 0.0, 0.0]);
}

// ---------------------------------------------------------------- L8

#[test]
fn rule_l8_shares_two_for_one_rounded_up_and_bonus_table() {
    let mut g = Game::at_first_move(2);
    g.empty_map(6000);
    // A (2 sectors, $500) meets B (3, $1000): A is defunct. A's shares: ANN 3, BOB 1.
    g.company(1, &["5C", "5D"], 500);
    g.company(2, &["5F", "5G", "5H"], 1000);
    g.direct("SH(1,1)=3:SH(1,2)=1:SH(2,1)=4");
    let t0 = g.m.pending_events().len();
    let out = g.play(1, "5E", "");
    assert!(contains_run(&g.tones_since(t0), &MERGER));
    assert!(out.contains("PLAYER    OLD  NEW TOTAL  BONUS"), "{out}");
    // ANN: 3 -> 2 (1.5 up), total 4 + 2 = 6, bonus INT(10 x 500 x 3/4) = 3750.
    // BOB: 1 -> 1 (0.5 up), total 1, bonus INT(10 x 500 x 1/4) = 1250.
    let ann = format!("{:<8}{:>5}{:>5}{:>6}{:>7}", "ANN", 3, 2, 6, 3750);
    let bob = format!("{:<8}{:>5}{:>5}{:>6}{:>7}", "BOB", 1, 1, 1, 1250);
    assert!(out.contains(&ann), "{ann:?} in {out}");
    assert!(out.contains(&bob), "{bob:?} in {out}");
    assert!(g.m.screen_text().contains("PRESS ENTER"));
    g.keys("\n");
    g.brk();
    assert_eq!(
        g.nums(&["SH(2,1)", "SH(2,2)", "SH(1,1)", "SH(1,2)"]),
        vec![6.0, 1.0, 0.0, 0.0]
    );
    // B: $1000 + $500 + $100, size 6. BOB's cash 6000 + 1250; ANN's 6000 + 3750 and the
    // holding bonus INT(6 x 1600 / 20) = 480.
    assert_eq!(g.nums(&["PR(2)", "Q(2)"]), vec![1600.0, 6.0]);
    assert_eq!(g.nums(&["CA(1)", "CA(2)"]), vec![10230.0, 7250.0]);
}
