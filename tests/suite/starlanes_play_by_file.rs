//! Starlanes played by file at the BASIC level (roms/PLAY-BY-FILE.md, section Starlanes): the
//! program prints a block on the printer whenever a seat is asked, reads a file seat's orders
//! as typed lines up to END, refuses bad orders with a REFUSED block (nothing of them played),
//! and ends with the standings.

use crate::starlanes_support::*;

/// The blocks in printed text, each from its ===== line to its END line.
fn blocks(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    for line in text.lines() {
        cur.push(line.to_string());
        if line == "END" {
            out.push(std::mem::take(&mut cur));
        }
    }
    assert!(cur.is_empty(), "a block without END: {cur:?}");
    for b in &out {
        assert_eq!(b[0], "===== spacemono v1.0.0 =====", "{b:?}");
    }
    out
}

fn value<'a>(block: &'a [String], key: &str) -> Option<&'a str> {
    block
        .iter()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
}

fn all<'a>(block: &'a [String], key: &str) -> Vec<&'a str> {
    block
        .iter()
        .filter_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
        .collect()
}

/// A game of two file seats, stopped (BREAK) at the first question.
fn two_files() -> (Game, Vec<String>) {
    let mut g = Game::start_printing("F2FF");
    let b = blocks(&g.printed());
    assert_eq!(b.len(), 1, "{b:?}");
    g.brk();
    (g, b[0].clone())
}

#[test]
fn pbf_the_move_block_holds_the_map_the_players_and_the_choices() {
    let (mut g, b) = two_files();
    let p = g.num("P");
    assert_eq!(value(&b, "TURN"), Some("1"));
    assert_eq!(value(&b, "PLAYER"), Some(p.to_string().as_str()));
    assert_eq!(value(&b, "GAME"), Some("STARLANES"));
    assert_eq!(value(&b, "SIZE"), Some("[12,10]"));
    assert_eq!(value(&b, "SEAT"), Some("FILE"));
    assert_eq!(value(&b, "MOVE"), Some("1"));
    assert_eq!(value(&b, "ASK"), Some("MOVE"));
    assert_eq!(value(&b, "LEFT"), Some("65"));
    // The rows are the map, code by code.
    let rows = all(&b, "ROW");
    assert_eq!(rows.len(), 10);
    for (r, row) in rows.iter().enumerate() {
        let want = g.direct(&format!(
            "FORJ=1TO12:PRINTMID$(\".*@+ABCDE\",M({},J)+1,1);:NEXTJ",
            r + 1
        ));
        assert_eq!(
            *row,
            format!("{} {}", r + 1, want.trim_end()),
            "row {}",
            r + 1
        );
    }
    // File seats are named PLAYER n; everyone starts with $6000 and no shares.
    assert_eq!(
        all(&b, "HOLDER"),
        vec![
            "1 CASH:6000 A:0 B:0 C:0 D:0 E:0 NAME:PLAYER 1",
            "2 CASH:6000 A:0 B:0 C:0 D:0 E:0 NAME:PLAYER 2"
        ]
    );
    // The choices: number and sector of each sector offered.
    let choices = all(&b, "CHOICE");
    assert_eq!(choices.len(), 5);
    for (i, c) in choices.iter().enumerate() {
        let n = i + 1;
        let (r, col) = (g.num(&format!("CR({n})")), g.num(&format!("CC({n})")));
        let s = format!("{}{}", r, (b'A' + col as u8 - 1) as char);
        assert_eq!(*c, format!("MOVE {n} {s}"));
    }
    assert_eq!(b.last().unwrap(), "END");
}

#[test]
fn pbf_a_move_by_number_by_sector_or_both_and_refusals() {
    let (mut g, b) = two_files();
    let p = value(&b, "PLAYER").unwrap().to_string();
    let choices: Vec<String> = all(&b, "CHOICE").iter().map(|c| c.to_string()).collect();
    let sector = |i: usize| choices[i].split(' ').nth(2).unwrap().to_string();
    g.keys("FR=1:GOTO 1040\n");
    let b2 = blocks(&g.printed());
    assert_eq!(value(&b2[0], "TURN"), Some("2"));
    // A sector not offered, a number out of range, a number and sector that disagree, two
    // orders: each refused, with the same TURN and PLAYER.
    for (orders, why) in [
        (
            "MOVE 11Z\nEND\n",
            "11Z IS NOT ONE OF THE SECTORS OFFERED".to_string(),
        ),
        (
            "MOVE 6\nEND\n",
            "6 IS NOT ONE OF THE SECTORS OFFERED".to_string(),
        ),
        (
            &format!("MOVE 1 {}\nEND\n", sector(1))[..],
            format!("1 {} IS NOT ONE OF THE SECTORS OFFERED", sector(1)),
        ),
        (
            "MOVE 1\nMOVE 2\nEND\n",
            "ONE ORDER, MOVE AND A SECTOR, IS NEEDED".to_string(),
        ),
        ("BUY A 1\nEND\n", "NOT A MOVE: BUY A 1".to_string()),
    ] {
        let out = g.keys(orders);
        assert!(!out.contains("TAKES"), "{out}");
        let r = blocks(&g.printed());
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!(value(&r[0], "TURN"), Some("2"));
        assert_eq!(value(&r[0], "PLAYER"), Some(p.as_str()));
        assert_eq!(value(&r[0], "REFUSED"), Some(why.as_str()), "{orders:?}");
    }
    // By sector name alone: the third.
    let out = g.keys(&format!("MOVE {}\nEND\n", sector(2)));
    assert!(
        out.contains(&format!("PLAYER {p} TAKES {}", sector(2))),
        "{out}"
    );
    // Number and sector together, next turn (after trading nothing, if asked).
    let mut b3 = blocks(&g.printed());
    if value(b3.last().unwrap(), "ASK") == Some("TRADE") {
        g.keys("END\n");
        b3 = blocks(&g.printed());
    }
    let b3 = b3.last().unwrap();
    assert_eq!(value(b3, "ASK"), Some("MOVE"));
    let last = all(b3, "CHOICE").last().unwrap().to_string();
    let out = g.keys(&format!("{last}\nEND\n"));
    let s = last.split(' ').nth(2).unwrap();
    assert!(out.contains(&format!("TAKES {s}")), "{out}");
}

/// Player 1 to trade: A at 1A ($500, 2 held), B at 1C ($300); player 1 has played 10L (an
/// infant) and has $6000 + the bonus INT(2 x 500 / 20) = $6050.
fn trading() -> (Game, Vec<String>) {
    let (mut g, _) = two_files();
    g.empty_map(6000);
    g.company(1, &["1A"], 500);
    g.company(2, &["1C"], 300);
    g.direct("SH(1,1)=2");
    g.printed();
    g.play(1, "10L", "");
    let b = blocks(&g.printed());
    assert_eq!(b.len(), 1);
    (g, b[0].clone())
}

#[test]
fn pbf_the_trade_block_offers_buying_and_selling() {
    let (_g, b) = trading();
    assert_eq!(value(&b, "ASK"), Some("TRADE"));
    assert_eq!(value(&b, "PLAYER"), Some("1"));
    assert!(b.contains(&"COMPANY:A PRICE:500 SIZE:1 NAME:ALTAIR STARWAYS".to_string()));
    assert!(b.contains(&"COMPANY:B PRICE:300 SIZE:1 NAME:BEETLEJUICE LTD.".to_string()));
    assert!(b.contains(&"HOLDER:1 CASH:6050 A:2 B:0 C:0 D:0 E:0 NAME:PLAYER 1".to_string()));
    // INT(6050 / 500) = 12, INT(6050 / 300) = 20.
    assert_eq!(
        all(&b, "CHOICE"),
        vec![
            "BUY A 0-12",
            "SELL A 0-2",
            "BUY B 0-20",
            "SELL B 0-0",
            "DONE"
        ]
    );
}

#[test]
fn pbf_a_trade_block_carries_the_number_of_the_move_it_follows() {
    // trading() plays move 1 (no move had been made): its TRADE block is move 1's, and the
    // question after it is move 2.
    let (mut g, b) = trading();
    assert_eq!(value(&b, "ASK"), Some("TRADE"));
    assert_eq!(value(&b, "MOVE"), Some("1"));
    g.keys("END\n");
    let next = blocks(&g.printed());
    assert_eq!(value(&next[0], "ASK"), Some("MOVE"));
    assert_eq!(value(&next[0], "MOVE"), Some("2"));
}

#[test]
fn pbf_trade_orders_in_turn_and_a_refused_set_plays_nothing() {
    let (mut g, b) = trading();
    let turn = value(&b, "TURN").unwrap().to_string();
    // Selling A pays for B; MAX and ALL count what the orders before them left.
    for (orders, why) in [
        (
            "BUY A 3\nBUY B 30\nEND\n",
            "BUY B 30 COSTS $9000, CASH IS $4550",
        ),
        ("BUY Z 1\nEND\n", "NOT AN ORDER: BUY Z 1"),
        ("BUY C 1\nEND\n", "C IS NOT IN BUSINESS"),
        ("SELL B 1\nEND\n", "SELL B 1: ONLY 0 HELD"),
        ("BUY A TEN\nEND\n", "NOT A NUMBER OF SHARES: BUY A TEN"),
    ] {
        g.keys(orders);
        let r = blocks(&g.printed());
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!(value(&r[0], "TURN"), Some(turn.as_str()));
        assert_eq!(value(&r[0], "REFUSED"), Some(why), "{orders:?}");
    }
    // SELL A ALL: $6050 + $1000; BUY B MAX: INT(7050 / 300) = 23 for $6900: $150 left.
    // Had BUY A 3 of the first refused set been played, A would show 5 and the cash differ.
    g.keys("SELL A 1\nSELL A ALL\nBUY B MAX\nDONE\nEND\n");
    let next = blocks(&g.printed());
    let h = all(&next[0], "HOLDER");
    assert_eq!(h[0], "1 CASH:150 A:0 B:23 C:0 D:0 E:0 NAME:PLAYER 1");
    assert_eq!(value(&next[0], "PLAYER"), Some("2"));
}

#[test]
fn pbf_a_whole_game_of_two_file_seats_ends_with_the_standings() {
    let mut g = Game::start_printing("F2FF");
    let mut turn = 0;
    let mut last = Vec::new();
    for _ in 0..1000 {
        let bs = blocks(&g.printed());
        assert_eq!(bs.len(), 1, "one question at a time: {bs:?}");
        let b = bs[0].clone();
        turn += 1;
        assert_eq!(value(&b, "TURN"), Some(turn.to_string().as_str()));
        let ask = value(&b, "ASK").unwrap();
        if ask == "NONE" {
            last = b;
            break;
        }
        let orders = if ask == "MOVE" {
            // The last sector offered.
            format!("{}\nEND\n", all(&b, "CHOICE").last().unwrap())
        } else {
            // The most of the first company that can be bought.
            let c = all(&b, "CHOICE")[0].to_string();
            format!("{} MAX\nEND\n", &c[..5])
        };
        g.keys(&orders);
    }
    assert_eq!(value(&last, "GAME"), Some("STARLANES"));
    let st = all(&last, "STANDING");
    assert_eq!(st.len(), 2, "{last:?}");
    let mut worths = Vec::new();
    for s in &st {
        let f: std::collections::HashMap<&str, &str> = s
            .split(' ')
            .skip(1)
            .filter_map(|kv| kv.split_once(':'))
            .collect();
        let n = |k: &str| f[k].parse::<i64>().unwrap();
        assert_eq!(n("CASH") + n("STOCK"), n("WORTH"), "{s}");
        worths.push((n("WORTH"), n("PLAYER")));
    }
    assert!(worths[0].0 >= worths[1].0, "best first: {st:?}");
    let winner = if worths[0].0 == worths[1].0 {
        0
    } else {
        worths[0].1
    };
    assert_eq!(value(&last, "WINNER"), Some(winner.to_string().as_str()));
    assert!(g.m.screen_text().contains("ANOTHER GAME (Y/N)?"));
}

#[test]
fn pbf_a_computer_seat_is_shown_and_takes_a_sector_offered() {
    // Player 1 a computer, player 2 a file; the computer's questions are printed too, with
    // SEAT:COMPUTER, and it answers them itself with one of the sectors offered.
    let mut g = Game::start_printing("F2CF");
    let mut seen = 0;
    for _ in 0..40 {
        let text = g.printed();
        let bs = blocks(&text);
        for b in &bs {
            if value(b, "SEAT") == Some("COMPUTER") && value(b, "ASK") == Some("MOVE") {
                assert_eq!(value(b, "PLAYER"), Some("1"));
                let offered: Vec<String> = all(b, "CHOICE")
                    .iter()
                    .map(|c| format!("COMPUTER 1 TAKES {}", c.split(' ').nth(2).unwrap()))
                    .collect();
                let t = g.transcript();
                let last = t.rfind("COMPUTER 1 TAKES").expect("the computer moved");
                assert!(
                    offered.iter().any(|o| t[last..].starts_with(o.as_str())),
                    "{offered:?}"
                );
                seen += 1;
            }
        }
        if seen >= 3 {
            break;
        }
        let ask = bs.last().map(|b| value(b, "ASK").unwrap().to_string());
        let orders = if ask.as_deref() == Some("MOVE") {
            "MOVE 1\nEND\n"
        } else {
            "END\n"
        };
        g.keys(orders);
    }
    assert!(seen >= 3, "three computer moves");
}
