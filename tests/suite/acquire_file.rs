//! Acquire played by file (roms/PLAY-BY-FILE.md, "Acquire"), at the BASIC level: F at the
//! title, the number of seats and K/F/C for each; every question is printed as a block on
//! the printer, and a file seat's orders are typed as lines up to END. Here player 1 is a
//! file seat answered by this test from the block's CHOICE lines, player 2 a computer.

use crate::acquire_support::*;

/// The orders answering `b` (a question to player 1 at the file seat): the first choice.
fn answer(b: &Block) -> String {
    let choices = b.all("CHOICE");
    match b.get("ASK").unwrap() {
        "LAY" | "FOUND" | "MERGER" => choices[0].to_string(),
        // "BUY L 0-M": one share of the first chain on offer, if any.
        "BUY" => choices
            .first()
            .map(|c| format!("BUY {} 1", &c[4..5]))
            .unwrap_or_default(),
        "DISPOSE" => "KEEP".to_string(),
        "END" => "NO".to_string(),
        other => panic!("asked {other}"),
    }
}

#[test]
fn a_file_seat_plays_a_whole_game_against_a_computer() {
    let mut g = Acq::start("F2FC");
    let mut turn = 0;
    let mut asks = std::collections::BTreeSet::new();
    let mut refused = 0;
    for _ in 0..2000 {
        let printed = g.printed();
        let bs = blocks(&printed);
        for b in &bs {
            if b.get("REFUSED").is_some() {
                continue;
            }
            turn += 1;
            assert_eq!(b.num("TURN"), turn, "TURN counts every question");
            assert_eq!(b.get("GAME"), Some("ACQUIRE"));
            if b.get("ASK") != Some("NONE") {
                assert_eq!(b.get("SIZE"), Some("[12,9]"));
                assert_eq!(b.all("ROW").len(), 9);
                assert_eq!(b.all("CHAIN").len(), 7);
                assert_eq!(b.all("HOLDER").len(), 2);
                let seat = if b.num("PLAYER") == 1 {
                    "FILE"
                } else {
                    "COMPUTER"
                };
                assert_eq!(b.get("SEAT"), Some(seat));
            }
            asks.insert(b.get("ASK").unwrap().to_string());
        }
        let last = bs.last().expect("a question or the standings");
        if last.get("ASK") == Some("NONE") {
            let total = |l: &&str| field(l, "TOTAL");
            let st = last.all("STANDING");
            assert_eq!(st.len(), 2);
            let winner = last.num("WINNER");
            let want = if total(&st[0]) > total(&st[1]) {
                field(st[0], "PLAYER")
            } else {
                0
            };
            assert_eq!(winner, want);
            assert!(asks.contains("LAY") && asks.contains("BUY"), "{asks:?}");
            assert!(refused > 0);
            return;
        }
        assert_eq!(last.get("SEAT"), Some("FILE"), "only a file seat waits");
        // The first LAY is answered with a tile not in the hand, then with a line of 60
        // characters (24 are kept): refused, asked again.
        if refused == 0 && last.get("ASK") == Some("LAY") {
            g.keys(&format!("{}\rEND\r", "X".repeat(60)));
            let r = blocks(&g.printed());
            let want = format!("NOT AN ORDER TO LAY: {}", "X".repeat(24));
            assert_eq!(r[0].get("REFUSED"), Some(want.as_str()));
            g.keys("LAY 0Z\rEND\r");
            let r = blocks(&g.printed());
            assert_eq!(r.len(), 1);
            assert_eq!(r[0].num("TURN"), turn, "the same turn");
            assert_eq!(r[0].num("PLAYER"), 1);
            assert_eq!(r[0].get("REFUSED"), Some("0Z IS NOT ONE OF YOUR TILES"));
            refused += 1;
        }
        g.keys(&format!("{}\rEND\r", answer(last)));
    }
    panic!("the game did not end");
}

#[test]
fn file_orders_are_taken_all_or_none() {
    let mut g = Acq::start("F2FC");
    // Until player 1 is asked to buy, answer as above.
    loop {
        let bs = blocks(&g.printed());
        let last = bs.last().unwrap().clone();
        if last.get("ASK") == Some("BUY") && !last.all("CHOICE").is_empty() {
            let cash = field(last.all("HOLDER")[0], "CASH");
            // Four shares: refused, and nothing bought.
            let c = &last.all("CHOICE")[0][4..5];
            g.keys(&format!("BUY {c} 2\rBUY {c} 2\rEND\r"));
            let r = blocks(&g.printed());
            assert_eq!(r[0].get("REFUSED"), Some("3 SHARES A TURN AT MOST"));
            // A letter that is no chain, then a chain not on the board.
            g.keys("BUY Q 1\rEND\r");
            let r = blocks(&g.printed());
            assert_eq!(r[0].get("REFUSED"), Some("NOT AN ORDER TO BUY: BUY Q 1"));
            // Now one share: the next question shows it paid for.
            g.keys(&format!("BUY {c} 1\rEND\r"));
            let next = blocks(&g.printed());
            let k = LETTERS.find(c).unwrap();
            let price = field(last.all("CHAIN")[k], "PRICE");
            let h = next[0].all("HOLDER")[0];
            assert_eq!(field(h, "CASH"), cash - price);
            return;
        }
        g.keys(&format!("{}\rEND\r", answer(&last)));
    }
}

#[test]
fn a_keyboard_seat_by_file_plays_at_the_keys_with_its_state_printed() {
    // Player 1 at the keyboard (the keys of acquire_games' person), player 2 a computer.
    let g = &mut Acq::start(&format!("F2KC{}", "1234560LTAFWCI\r\r".repeat(400)));
    assert!(g.m.screen_text().contains("THE GAME IS OVER"));
    let bs = blocks(&g.printed());
    assert!(bs.iter().any(|b| b.get("SEAT") == Some("KEYBOARD")));
    for b in &bs {
        let seat = match (b.get("ASK"), b.get("PLAYER")) {
            (Some("NONE"), _) => continue,
            (_, Some("1")) => "KEYBOARD",
            _ => "COMPUTER",
        };
        assert_eq!(b.get("SEAT"), Some(seat));
    }
    assert_eq!(bs.last().unwrap().get("ASK"), Some("NONE"));
}
