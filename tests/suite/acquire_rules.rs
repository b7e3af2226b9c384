//! Acquire, rule by rule (roms/RULES.md §4, A1-A14): each test drives roms/acquire.bas on the
//! machine, headless, with scripted keys. Positions are set up in direct mode after BREAK and
//! played by jumping back into the game (see acquire_support). Expected values are worked out
//! by hand from the rules, in the comments.

use crate::acquire_support::*;

/// A game with `players` people at the keyboard (the computers of the normal start turned
/// into keyboard seats before the tiles are dealt), waiting at the first player's question:
/// nobody has laid a tile or bought a share yet.
fn all_keyboard(players: u32, fields: u32) -> Acq {
    let mut g = Acq::start_after(&(players - 1).to_string(), fields);
    assert!(g.m.screen_text().contains("SEE THEIR HOLDINGS (Y/N)?"));
    g.brk();
    g.direct("FORI=2TO6:SE(I)=0:NEXTI");
    g.keys("GOTO 600\n");
    g.brk();
    g
}

fn numbers(text: &str) -> Vec<i64> {
    text.split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

// ---------------------------------------------------------------- A1

#[test]
fn rule_a1_one_person_against_one_to_five_computers_with_6000_each() {
    // 0, 6 and X are not a number of computers (1-5); 3 is: four players, the person first.
    let mut g = Acq::start("06X3N");
    g.brk();
    assert_eq!(g.num("NP"), 4);
    assert_eq!(
        g.nums(&["SE(1)", "SE(2)", "SE(3)", "SE(4)"]),
        vec![0, 2, 2, 2],
        "player 1 at the keyboard, 2-4 computers"
    );
    // Before anyone buys, each of the four has $6000 and there is no fifth.
    let mut g = all_keyboard(4, 0);
    assert_eq!(
        g.nums(&["CA(1)", "CA(2)", "CA(3)", "CA(4)", "CA(5)"]),
        vec![6000, 6000, 6000, 6000, 0]
    );
    for n in [1u32, 5] {
        let mut g = Acq::at_first_prompt(n);
        assert_eq!(g.num("NP"), n as i64 + 1);
    }
}

// ---------------------------------------------------------------- A2

#[test]
fn rule_a2_108_tiles_six_in_a_hand_one_drawn_after_laying() {
    let mut g = all_keyboard(3, 0);
    let bag = numbers(&g.direct("FORI=1TO108:PRINTBG(I);:NEXTI"));
    let mut sorted = bag.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        (1..=108).collect::<Vec<_>>(),
        "each square's tile once"
    );
    // The first three tiles are on the board (one each, A4), each hand the next six.
    let mut on_board = Vec::new();
    for t in 1..=108i64 {
        let (r, c) = ((t - 1) / 12 + 1, (t - 1) % 12 + 1);
        if g.num(&format!("B({r}*14+{c})")) != 0 {
            on_board.push(t);
        }
    }
    let mut first3 = bag[0..3].to_vec();
    first3.sort();
    assert_eq!(on_board, first3);
    for i in 1..=3usize {
        let hand = numbers(&g.direct(&format!("FORJ=1TO6:PRINTH({i},J);:NEXTJ")));
        assert_eq!(
            hand,
            bag[3 + 6 * (i - 1)..3 + 6 * i].to_vec(),
            "hand of {i}"
        );
    }
    assert_eq!(g.num("NT"), 22, "3 + 18 tiles drawn");
    // The player to move lays a tile that touches nothing (a lone hotel, no question) and
    // draws a 22nd tile into its place.
    let p = g.num("P");
    let free = |t: i64| {
        let (r, c) = ((t - 1) / 12 + 1, (t - 1) % 12 + 1);
        let near = |t2: &i64| {
            let (r2, c2) = ((t2 - 1) / 12 + 1, (t2 - 1) % 12 + 1);
            (r - r2).abs() + (c - c2).abs() == 1
        };
        !on_board.iter().any(near)
    };
    let hand = numbers(&g.direct(&format!("FORJ=1TO6:PRINTH({p},J);:NEXTJ")));
    let j = hand
        .iter()
        .position(|&t| free(t))
        .expect("a tile touching nothing");
    let t = hand[j];
    let (r, c) = ((t - 1) / 12 + 1, (t - 1) % 12 + 1);
    g.keys(&format!("CONT\n{}", j + 1));
    g.brk();
    assert_eq!(
        g.num(&format!("B({r}*14+{c})")),
        8,
        "the tile is on the board"
    );
    // The tile drawn is one of the bag's rest, taken at random and put 22nd in the bag.
    let drawn = g.num(&format!("H({p},{})", j + 1));
    assert_eq!(drawn, g.num("BG(22)"), "the 22nd tile drawn");
    assert!(bag[21..].contains(&drawn), "drawn from the rest of the bag");
    assert_eq!(g.num("NT"), 23);
}

// ---------------------------------------------------------------- A3

#[test]
fn rule_a3_seven_chains_in_three_categories_25_shares_each() {
    let mut g = Acq::at_first_prompt(1);
    let out = g.direct("FORK=1TO7:PRINT N$(K);CG(K):NEXTK");
    assert_eq!(
        out.lines().map(str::trim_end).collect::<Vec<_>>(),
        vec![
            "LUXOR 0",
            "TOWER 0",
            "AMERICAN 1",
            "FESTIVAL 1",
            "WORLDWIDE 1",
            "CONTINENTAL 2",
            "IMPERIAL 2"
        ],
        "3-star Luxor and Tower, 4-star American, Festival, Worldwide, 5-star the rest"
    );
    // Every share of every chain exists once: those left plus those held make 25.
    for k in 1..=7 {
        let n = g.num(&format!("AV({k})+SH({k},1)+SH({k},2)"));
        assert_eq!(n, 25, "chain {k}");
    }
}

// ---------------------------------------------------------------- A4

/// The square of each player's first tile, from "PLAYER n DRAWS 5C" on the screen.
fn first_draws(t: &str, players: usize) -> Vec<(u32, u32)> {
    (1..=players)
        .map(|p| {
            let key = format!("PLAYER {p} DRAWS ");
            let i = t.find(&key).expect("the draw is shown") + key.len();
            rc(&t[i..i + 2])
        })
        .collect()
}

#[test]
fn rule_a4_the_tile_nearest_1a_plays_first_then_turns_go_round() {
    let mut firsts = std::collections::HashSet::new();
    for seed in 0..12u32 {
        // Four computers by file, so the game runs by itself; every turn asks BUY once.
        let mut g = Acq::start_after("F4CCCC", seed * 17);
        let draws = first_draws(&g.transcript(), 4);
        // Nearest: the least row + column, then the lower row.
        let want = (1..=4)
            .min_by_key(|&p| {
                let (r, c) = draws[p - 1];
                (r + c, r)
            })
            .unwrap();
        let buys: Vec<usize> = blocks(&g.printed())
            .iter()
            .filter(|b| b.get("ASK") == Some("BUY"))
            .map(|b| b.num("PLAYER") as usize)
            .collect();
        assert!(buys.len() > 20, "a whole game");
        assert_eq!(buys[0], want, "first player, draws {draws:?}");
        for w in buys.windows(2) {
            assert_eq!(w[1], w[0] % 4 + 1, "turns go round");
        }
        firsts.insert(want);
    }
    assert!(
        firsts.len() > 1,
        "different games start with different players"
    );
}

// ---------------------------------------------------------------- A5

/// Two players (the person and a computer with no cash and no tiles, so its turns change
/// nothing), an empty board but Luxor on 1A-1B ($200 a share), the person holding 9L.
fn two_and_luxor(cash: u32) -> Acq {
    let mut g = Acq::at_first_prompt(1);
    g.clear(cash);
    g.direct("CA(2)=0");
    g.chain('L', &["1A", "1B"]);
    g.give(1, 2, "9L");
    g
}

#[test]
fn rule_a5_a_turn_lays_a_tile_then_buys_up_to_three_shares() {
    // Four presses of L: three shares bought ($600), the fourth is no purchase.
    let mut g = two_and_luxor(6000);
    g.lay(1, "5F", "LLLL");
    g.brk();
    assert_eq!(g.at("5F"), 8, "the tile is laid first: a hotel in no chain");
    assert_eq!(g.nums(&["SH(1,1)", "AV(1)", "CA(1)"]), vec![3, 22, 5400]);
    // 0 buys none; T is not on the board, so it is refused. No income of any kind.
    let mut g = two_and_luxor(6000);
    g.lay(1, "5F", "T0");
    g.brk();
    assert_eq!(g.nums(&["SH(1,1)", "SH(2,1)", "CA(1)"]), vec![0, 0, 6000]);
    // With $500 the third share ($200 with $100 left) is refused; 0 ends.
    let mut g = two_and_luxor(500);
    g.lay(1, "5F", "LLL0");
    g.brk();
    assert_eq!(g.nums(&["SH(1,1)", "CA(1)"]), vec![2, 100]);
    // No shares are left: none can be bought.
    let mut g = two_and_luxor(6000);
    g.direct("AV(1)=0");
    g.lay(1, "5F", "L0");
    g.brk();
    assert_eq!(g.nums(&["SH(1,1)", "CA(1)"]), vec![0, 6000]);
}

// ---------------------------------------------------------------- A6

#[test]
fn rule_a6_a_tile_next_to_a_lone_hotel_founds_a_chain_with_a_free_share() {
    let mut g = two_and_luxor(6000);
    g.lone("5E");
    g.lone("4F");
    // 5F touches both lone hotels. L is on the board: refused; C is free.
    assert_eq!(g.what("5F"), 2);
    let out = g.lay(1, "5F", "LC0");
    g.brk();
    assert!(out.contains("NAME THE CHAIN: T A F W C I"), "{out}");
    for cell in ["5E", "4F", "5F"] {
        assert_eq!(g.at(cell), 6, "{cell} is Continental");
    }
    assert_eq!(g.nums(&["SZ(6)", "SH(6,1)", "AV(6)"]), vec![3, 1, 24]);
    assert!(out.contains("CONTINENTAL IS FOUNDED"));
}

#[test]
fn rule_a6_with_all_seven_chains_up_a_founding_tile_is_dead() {
    let mut g = two_and_luxor(6000);
    for (l, row) in [('T', 3), ('A', 5), ('F', 7)] {
        g.chain(l, &[&format!("{row}A"), &format!("{row}B")]);
    }
    for (l, row) in [('W', 3), ('C', 5), ('I', 7)] {
        g.chain(l, &[&format!("{row}K"), &format!("{row}L")]);
    }
    g.lone("9A");
    assert_eq!(g.what("9B"), -1, "dead for now");
    assert_eq!(g.what("9E"), 0, "a lone hotel is still fine");
    // The person holds 9B and 9E: 1 (9B) is refused, 2 (9E) is laid.
    g.give(1, 1, "9B");
    g.give(1, 2, "9E");
    let out = g.keys("P=1:GOTO 1030\n120");
    g.brk();
    assert!(out.contains("9B IS DEAD"), "{out}");
    assert_eq!(g.at("9B"), 0);
    assert_eq!(g.at("9E"), 8);
    assert_eq!(
        g.num("H(1,1)"),
        tile("9B") as i64,
        "the dead tile stays in the hand"
    );
    // Once a chain is gone from the board, 9B founds again.
    g.direct("SZ(7)=0:B(7*14+11)=0:B(7*14+12)=0");
    assert_eq!(g.what("9B"), 2);
}

// ---------------------------------------------------------------- A7

#[test]
fn rule_a7_prices_follow_the_chart() {
    let mut g = Acq::at_first_prompt(1);
    for k in 1..=7usize {
        let cat = [0, 0, 1, 1, 1, 2, 2][k - 1];
        let got = numbers(&g.direct(&format!(
            "K={k}:FORS=2TO70:SZ(K)=S:GOSUB 6900:PRINT PR;:NEXTS"
        )));
        let want: Vec<i64> = (2..=70).map(|s| chart_price(cat, s)).collect();
        assert_eq!(got, want, "chain {k}");
    }
    // A few rows of the chart read directly: Luxor 6-10 $600, American 11-20 $800,
    // Imperial 41+ $1200.
    assert_eq!(chart_price(0, 10), 600);
    assert_eq!(chart_price(1, 20), 800);
    assert_eq!(chart_price(2, 41), 1200);
}

// ---------------------------------------------------------------- the machine

#[test]
fn acquire_fits_a_dragon_32_with_2000_bytes_free_after_setup() {
    for line in PROGRAM.lines() {
        assert!(line.len() <= 249, "longer than the line buffer: {line}");
    }
    // Six players, the largest game (the arrays are the same for any number).
    let mut g = Acq::at_first_prompt(5);
    let mem = g.num("MEM");
    println!("PRINT MEM after setup: {mem}");
    assert!(mem >= 2000, "PRINT MEM {mem}");
}

#[test]
fn the_first_key_seeds_rnd_from_timer_so_a_game_repeats() {
    let game = |wait| {
        let mut g = Acq::start_after("F3CCC", wait);
        g.printed()
    };
    let a = game(40);
    assert!(a.contains("ASK:NONE"), "a whole game");
    assert_eq!(a, game(40), "same moment, same keys: the same game");
    // (RND(-TIMER) seeds alike from some neighbouring moments, so the other is further on.)
    assert_ne!(a, game(60), "another moment, another shuffle");
}
