//! Acquire, rules A8-A14 (roms/RULES.md §4): mergers, bonuses, what becomes of absorbed shares,
//! safe chains, the end, the screen's prompts and the computer players. As in acquire_rules,
//! positions are set up in direct mode and played by jumping back into roms/acquire.bas;
//! expected values are worked out by hand in the comments.

use crate::acquire_support::*;
use crate::game_support::{contains_run, END, MERGER, NEW_COMPANY, REFUSED};
use spacemono_core::EndReason;

/// The person (player 1) and `computers` computers, an empty board, nobody holding shares,
/// the person with $6000 and 9L in hand, the computers with no cash and no tiles (their
/// turns change nothing, and they sell what they must: under $3000 they never trade).
fn table(computers: u32) -> Acq {
    let mut g = Acq::at_first_prompt(computers);
    g.clear(6000);
    g.direct("FORI=2TO6:CA(I)=0:NEXTI");
    g.give(1, 2, "9L");
    g
}

/// Luxor on 3A-3C (3 hotels) and Tower on 3E-3F (2): 3D joins them.
fn luxor_and_tower(g: &mut Acq) {
    g.chain('L', &["3A", "3B", "3C"]);
    g.chain('T', &["3E", "3F"]);
}

fn pos(t: &str, what: &str) -> usize {
    t.find(what)
        .unwrap_or_else(|| panic!("{what:?} not in {t}"))
}

// ---------------------------------------------------------------- A8

#[test]
fn rule_a8_the_larger_chain_absorbs_the_smaller() {
    let mut g = table(1);
    luxor_and_tower(&mut g);
    assert_eq!(g.what("3D"), 3);
    let out = g.lay(1, "3D", "0");
    g.brk();
    assert!(out.contains("MERGER! LUXOR SURVIVES"), "{out}");
    for cell in ["3A", "3B", "3C", "3D", "3E", "3F"] {
        assert_eq!(g.at(cell), 1, "{cell} is Luxor");
    }
    // 3 + 2 + the tile; Tower is off the board and free to be founded again.
    assert_eq!(g.nums(&["SZ(1)", "SZ(2)"]), vec![6, 0]);
}

#[test]
fn rule_a8_on_equal_size_the_merger_maker_chooses() {
    let mut g = table(1);
    g.chain('L', &["3A", "3B"]);
    g.chain('T', &["3D", "3E"]);
    // A is not one of the two: refused; T survives.
    let out = g.lay(1, "3C", "AT0");
    g.brk();
    assert!(out.contains("WHICH SURVIVES? L T"), "{out}");
    assert_eq!(g.nums(&["SZ(1)", "SZ(2)"]), vec![0, 5]);
    assert_eq!(g.at("3A"), 2);
}

#[test]
fn rule_a8_a_triple_merger_settles_the_larger_absorbed_chain_first() {
    let mut g = table(1);
    // 5E touches Luxor (5A-5D, 4) at 5D, Tower (5F-5H, 3) at 5F, American (6E-7E, 2) at 6E.
    g.chain('L', &["5A", "5B", "5C", "5D"]);
    g.chain('T', &["5F", "5G", "5H"]);
    g.chain('A', &["6E", "7E"]);
    let out = g.lay(1, "5E", "0");
    g.brk();
    // Tower at $300 (3 hotels, 3-star), then American at $300 (2 hotels, 4-star).
    assert!(pos(&out, "TOWER GOES AT $300") < pos(&out, "AMERICAN GOES AT $300"));
    assert_eq!(g.nums(&["SZ(1)", "SZ(2)", "SZ(3)"]), vec![10, 0, 0]);
}

// ---------------------------------------------------------------- A9

#[test]
fn rule_a9_bonuses_ten_and_five_times_the_price_shared_on_ties() {
    let mut g = table(2);
    // American at $400 a share: first 10 x = $4000, second 5 x = $2000.
    let cases: [([u32; 3], [i64; 3]); 6] = [
        ([5, 3, 0], [4000, 2000, 0]),
        // Equal first: both bonuses, $6000, shared.
        ([4, 4, 1], [3000, 3000, 0]),
        // A sole holder takes both.
        ([2, 0, 0], [6000, 0, 0]),
        // Equal second: $2000 shared.
        ([5, 2, 2], [4000, 1000, 1000]),
        ([3, 3, 3], [2000, 2000, 2000]),
        ([0, 0, 0], [0, 0, 0]),
    ];
    for (held, want) in cases {
        g.direct(&format!(
            "SH(3,1)={}:SH(3,2)={}:SH(3,3)={}",
            held[0], held[1], held[2]
        ));
        let got = g.direct("X=3:PX=400:GOSUB 3700:PRINT BO(1);BO(2);BO(3)");
        let got: Vec<i64> = got.split_whitespace().map(|w| w.parse().unwrap()).collect();
        assert_eq!(got, want, "holdings {held:?}");
    }
}

// ---------------------------------------------------------------- A10

#[test]
fn rule_a10_each_holder_sells_trades_or_keeps_in_turn_from_the_merger_maker() {
    let mut g = table(2);
    luxor_and_tower(&mut g);
    // Tower (2 hotels, $200) is absorbed: the person holds 5, player 2 holds 2, player 3 one.
    g.hold(1, 'T', 5);
    g.hold(2, 'T', 2);
    g.hold(3, 'T', 1);
    // Bonuses: the person $2000, player 2 $1000. The person sells 1, asks to trade 3 (odd:
    // refused), trades 2 for a Luxor share and keeps 2. Then the computers, under $3000,
    // sell all. The game then waits at the person's buying.
    let out = g.lay(1, "3D", "1\r3\r2\r");
    g.brk();
    assert!(out.contains("SELL HOW MANY (0-5)?"), "{out}");
    assert!(out.contains("TRADE HOW MANY (0-4 EVEN)?"), "{out}");
    let a = pos(&out, "P1 SELLS 1, TRADES 2, KEEPS 2");
    let b = pos(&out, "P2 SELLS 2, TRADES 0, KEEPS 0");
    let c = pos(&out, "P3 SELLS 1, TRADES 0, KEEPS 0");
    assert!(a < b && b < c, "in turn order from the merger maker");
    // 6000 + 2000 + 200; 0 + 1000 + 400; 0 + 200.
    assert_eq!(g.nums(&["CA(1)", "CA(2)", "CA(3)"]), vec![8200, 1400, 200]);
    assert_eq!(
        g.nums(&["SH(2,1)", "SH(1,1)", "SH(2,2)", "SH(2,3)"]),
        vec![2, 1, 0, 0]
    );
    // Tower shares back in the pool but the 2 kept; one Luxor share given for two.
    assert_eq!(g.nums(&["AV(2)", "AV(1)", "SZ(2)"]), vec![23, 24, 0]);
}

#[test]
fn rule_a10_the_order_starts_at_the_maker_and_trades_need_survivor_shares() {
    let mut g = table(2);
    luxor_and_tower(&mut g);
    g.hold(1, 'T', 5);
    g.hold(2, 'T', 2);
    g.hold(3, 'T', 1);
    // One Luxor share left: at most 2 Tower shares can be traded.
    g.direct("AV(1)=1");
    // Player 3 (a computer) lays 3D: player 3 decides first, then the person, then player 2.
    let out = g.lay(3, "3D", "\r4\r2\r");
    g.brk();
    assert!(out.contains("TRADE HOW MANY (0-2 EVEN)?"), "{out}");
    let a = pos(&out, "P3 SELLS 1");
    let b = pos(&out, "P1 SELLS 0, TRADES 2, KEEPS 3");
    let c = pos(&out, "P2 SELLS 2");
    assert!(a < b && b < c, "3, 1, 2");
    assert_eq!(g.nums(&["SH(1,1)", "AV(1)", "SH(2,1)"]), vec![1, 0, 3]);
}

// ---------------------------------------------------------------- A11

#[test]
fn rule_a11_safe_chains_are_never_absorbed_and_their_joining_tile_is_changed() {
    let mut g = table(1);
    // Luxor on 1A-1K (11, safe), Tower on 3A-3L (12, safe), American on 5A-5C (3).
    g.block_chain('L', 1, 11);
    g.block_chain('T', 3, 12);
    g.chain('A', &["5A", "5B", "5C"]);
    assert_eq!(g.what("2A"), -2, "2A joins two safe chains: never");
    assert_eq!(g.what("4A"), 3, "a safe chain may absorb an unsafe one");
    // The person holds 2A; with tiles in the bag it is changed for a 100th tile, one of the
    // nine left in the bag.
    g.give(1, 1, "2A");
    g.direct("NT=100");
    let rest: Vec<i64> = (100..=108).map(|i| g.num(&format!("BG({i})"))).collect();
    let out = g.keys("P=1:GOTO 1030\n");
    g.brk();
    assert!(out.contains("2A CAN NEVER BE LAID: CHANGED"), "{out}");
    let drawn = g.num("H(1,1)");
    assert_eq!(g.nums(&["BG(100)", "NT"]), vec![drawn, 101]);
    assert!(rest.contains(&drawn), "{drawn} from the rest {rest:?}");
    // With the bag empty it stays in the hand.
    g.give(1, 1, "2A");
    g.direct("NT=109");
    g.keys("P=1:GOTO 1030\n");
    g.brk();
    assert_eq!(g.num("H(1,1)"), tile("2A") as i64);
}

// ---------------------------------------------------------------- A12

#[test]
fn rule_a12_when_every_chain_is_safe_a_player_may_end_the_game() {
    let mut g = table(1);
    g.block_chain('L', 1, 11);
    g.block_chain('T', 3, 12);
    // Luxor $700 (11 hotels), Tower $700 (12). Person: $1000, 3 Luxor. Player 2: $2000,
    // 1 Luxor, 2 Tower.
    g.direct("CA(1)=1000:CA(2)=2000");
    g.hold(1, 'L', 3);
    g.hold(2, 'L', 1);
    g.hold(2, 'T', 2);
    // 9L is a lone hotel; no shares bought (0); Y ends the game.
    let out = g.lay(1, "9L", "0Y");
    assert!(out.contains("END THE GAME (Y/N)?"), "{out}");
    let screen = g.m.screen_text();
    assert!(screen.contains("THE GAME IS OVER"), "{screen}");
    // Shares: person 3 x 700 = 2100; player 2 700 + 1400 = 2100. Final bonuses: Luxor
    // 7000 to the person (first), 3500 to player 2; Tower 10500 to player 2 (sole holder).
    // Totals: person 1000 + 2100 + 7000 = 10100; player 2 2000 + 2100 + 14000 = 18100.
    let rows: Vec<Vec<i64>> = screen
        .lines()
        .skip_while(|l| !l.contains("CASH SHARES"))
        .skip(1)
        .take(2)
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    assert_eq!(
        rows,
        vec![
            vec![2, 2000, 2100, 14000, 18100],
            vec![1, 1000, 2100, 7000, 10100]
        ]
    );
    assert!(screen.contains("PLAYER 2 WINS!"));
}

#[test]
fn rule_a12_the_end_is_offered_only_when_all_safe_or_one_chain_has_41() {
    // Luxor safe but American (2 hotels) not: no question.
    let mut g = table(1);
    g.block_chain('L', 1, 11);
    g.chain('A', &["5A", "5B"]);
    let out = g.lay(1, "9L", "0");
    assert!(!out.contains("END THE GAME"), "{out}");
    // Luxor with 41 hotels: the question comes though American is not safe; N plays on.
    let mut g = table(1);
    g.block_chain('L', 1, 41);
    g.chain('A', &["7A", "7B"]);
    let out = g.lay(1, "9L", "0N");
    assert!(out.contains("END THE GAME (Y/N)?"), "{out}");
    assert!(!g.m.screen_text().contains("THE GAME IS OVER"));
}

// ---------------------------------------------------------------- A13

#[test]
fn rule_a13_a_winking_red_star_prompts_and_m_opens_the_menu() {
    let mut g = Acq::start("1N");
    // Waiting for the person: the marker at the top right winks between a solid red block
    // (semigraphics 4, red: 176 + 15) and an inverse `*` (42), never the 2x2 checker (182,
    // 185) it was, which read as no star; ME/NU shows at the lay question.
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        g.m.run_field();
        seen.insert(g.m.peek(0x400 + 31));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![42, 191]);
    let screen = g.m.screen_text();
    let rows: Vec<&str> = screen.lines().collect();
    let at = |row: &str| row.chars().skip(28).take(2).collect::<String>();
    assert_eq!(at(rows[0]), "ME");
    assert_eq!(at(rows[1]), "NU");
    // M: prices, shares left, own holdings; the others' hidden (N at the start).
    g.keys("M");
    let menu = g.m.screen_text();
    assert!(menu.contains("CHAIN      SIZE PRICE LEFT YOU"), "{menu}");
    assert!(menu.contains("CONTINENTAL"));
    assert!(!menu.contains(" P   CASH  L  T  A  F  W  C  I"));
    // Z: back to the board. M again, then Q: out of the game, back at OK.
    g.keys("Z");
    assert!(g.m.screen_text().contains("A B C D E F G H I J K L"));
    g.keys("MQ");
    assert_eq!(g.last_end, EndReason::BackAtPrompt);
    // Chosen at the start (Y), the others' holdings are in the menu.
    let mut g = Acq::start("1Y");
    g.keys("M");
    assert!(g.m.screen_text().contains(" P   CASH  L  T  A  F  W  C  I"));
}

// ---------------------------------------------------------------- A14

#[test]
fn rule_a14_the_computers_strategy_is_written_in_the_listing() {
    for rem in [
        "REM COMPUTER: WHERE TO LAY",
        "REM COMPUTER: WHICH CHAIN TO FOUND",
        "REM COMPUTER: ON A TIE",
        "REM COMPUTER: ABSORBED SHARES",
        "REM COMPUTER: WHAT TO BUY",
        "REM COMPUTER: END THE GAME",
    ] {
        assert!(PROGRAM.contains(rem), "{rem}");
    }
}

#[test]
fn rule_a14_a_computer_merges_where_it_holds_the_majority_and_trades_when_rich() {
    let mut g = table(1);
    luxor_and_tower(&mut g);
    // Player 2 ($6000) holds 4 Tower, the person 1: its 3D merger scores -10 + 50 + 70,
    // the lone 9K scores 1.
    g.direct("CA(2)=6000");
    g.hold(2, 'T', 4);
    g.hold(1, 'T', 1);
    g.give(2, 1, "9K");
    g.give(2, 2, "3D");
    let out = g.keys("P=2:GOTO 1030\n");
    g.brk();
    assert!(
        out.contains("PLAYER 2 LAYS 3D"),
        "it lays the merger: {out}"
    );
    // Bonus $2000 (10 x $200); with $8000 it trades its 4 Tower for 2 Luxor; the person
    // is asked next (the game waits there).
    assert_eq!(g.nums(&["CA(2)", "SH(1,2)", "SH(2,2)"]), vec![8000, 2, 0]);
    assert!(g.m.screen_text().contains("SELL HOW MANY (0-1)?"));
    // The person sells none (one share cannot be traded): the merger is done.
    g.keys("CONT\n\r");
    g.brk();
    assert_eq!(g.at("3D"), 1);
    assert_eq!(g.at("9K"), 0);
    assert_eq!(g.nums(&["SZ(1)", "SZ(2)"]), vec![6, 0]);
}

#[test]
fn rule_a14_a_computer_founds_the_dearest_free_chain() {
    let mut g = table(1);
    g.lone("5E");
    g.direct("CA(2)=6000");
    g.give(2, 1, "5F");
    g.keys("P=2:GOTO 1030\n");
    g.brk();
    // Continental: 5-star, the first of the dearest. Its free share, and purchases.
    assert_eq!(g.nums(&["B(5*14+5)", "B(5*14+6)", "SZ(6)"]), vec![6, 6, 2]);
    assert!(g.num("SH(6,2)") >= 1);
}

// ---------------------------------------------------------------- sounds

#[test]
fn events_have_their_sounds() {
    // Founding (the tune of Space Monopoly's new company), a refused key (a low buzz), a
    // merger (the falling tune) and the end (the fanfare).
    let mut g = table(1);
    g.lone("5E");
    g.chain('L', &["1A", "1B"]);
    let from = g.m.pending_events().len();
    g.lay(1, "5F", "LC0");
    let tones = g.tones_since(from);
    assert!(contains_run(&tones, &NEW_COMPANY), "new chain");
    assert!(contains_run(&tones, &REFUSED), "L is on the board: refused");
    g.brk();
    let mut g = table(1);
    luxor_and_tower(&mut g);
    let from = g.m.pending_events().len();
    g.lay(1, "3D", "0");
    assert!(contains_run(&g.tones_since(from), &MERGER), "merger");
    g.brk();
    g.block_chain('W', 5, 11);
    g.direct("FORK=1TO4:SZ(K)=0:NEXTK:FORI=1TO4:FORJ=1TO12:B(I*14+J)=0:NEXTJ,I");
    let from = g.m.pending_events().len();
    g.lay(1, "9L", "0Y");
    assert!(g.m.screen_text().contains("THE GAME IS OVER"));
    assert!(contains_run(&g.tones_since(from), &END), "the end");
}
