//! Whole games of Space Monopoly for 2, 3 and 4 players, run through the built binary
//! exactly as a user would: `spacemono run roms/spacemono.bas --headless --keys ...`.
//! The players always take the cell under the diamond (M) and buy a share or two when the
//! prompt comes; each game must reach the final standings, and what the game printed on the
//! way must obey the rules.

use std::process::Command;

fn play(players: u32, turn_keys: &str) -> String {
    let keys = format!("{players}{}", turn_keys.repeat(60));
    let out = Command::new(env!("CARGO_BIN_EXE_spacemono"))
        .args(["run", "roms/spacemono.bas", "--headless", "--keys"])
        .arg(&keys)
        .args(["--transcript", "-", "--max-seconds", "3000"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("spacemono runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// (player, cash, stock, worth) rows of the final standings, in the order printed.
fn standings(t: &str) -> Vec<[i64; 4]> {
    let s = t.rfind("FINAL STANDINGS").expect("the final standings");
    let body = &t[s..];
    let mut rows = Vec::new();
    for line in body.lines().skip(1) {
        let w: Vec<i64> = line
            .split_whitespace()
            .map(|x| x.parse::<i64>())
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        if w.len() == 4 {
            rows.push([w[0], w[1], w[2], w[3]]);
        }
    }
    rows
}

/// The move numbers announced ("MOVE n OF 48"), each once.
fn moves(t: &str) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for (i, _) in t.match_indices("MOVE ") {
        let w: Vec<&str> = t[i + 5..].split_whitespace().take(3).collect();
        if w.len() == 3 && w[1] == "OF" && w[2] == "48" {
            let n = w[0].parse().unwrap();
            if out.last() != Some(&n) {
                out.push(n);
            }
        }
    }
    out
}

fn check_game(players: u32, t: &str) {
    let ended_full = t.contains("GAME OVER AFTER 48 MOVES");
    let ended_stuck = t.contains("NO LEGAL CELL REMAINS");
    assert!(ended_full || ended_stuck, "the game ends: {t}");
    let m = moves(t);
    let n = if ended_full { 48 } else { m.len() as u32 };
    assert_eq!(m, (1..=n).collect::<Vec<_>>(), "moves counted one by one");

    let rows = standings(t);
    assert_eq!(rows.len(), players as usize, "one row per player: {rows:?}");
    let mut who: Vec<i64> = rows.iter().map(|r| r[0]).collect();
    who.sort();
    assert_eq!(who, (1..=players as i64).collect::<Vec<_>>());
    for r in &rows {
        assert_eq!(r[1] + r[2], r[3], "worth = cash + stock: {r:?}");
        assert!(r[1] >= 0 && r[2] >= 0);
    }
    for w in rows.windows(2) {
        assert!(w[0][3] >= w[1][3], "best first: {rows:?}");
    }
    assert!(
        t.contains(&format!("PLAYER {} IS THE WINNER!", rows[0][0])),
        "the winner is named"
    );
    assert!(t.trim_end().ends_with("ANOTHER GAME (Y/N)?"));

    // Every merger table obeys the 2-for-1 exchange, half rounded up (S9).
    let tables: Vec<usize> = t
        .match_indices("PLAYER   OLD  NEW  TOTAL  BONUS\n")
        .map(|(i, _)| i)
        .collect();
    // Each of these scripted games has mergers, so this check has something to check.
    assert!(!tables.is_empty(), "no merger table in the game");
    for &i in &tables {
        for line in t[i..].lines().skip(1).take(players as usize) {
            let w: Vec<i64> = line
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            assert_eq!(w[2], (w[1] + 1) / 2, "exchange: {line}");
        }
    }
    // A stock is never offered above $3000 (S13).
    for (i, _) in t.match_indices(" AT $") {
        let p: i64 = t[i + 5..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!((100..=3000).contains(&p), "price {p}");
    }
}

#[test]
fn full_game_two_players() {
    let t = play(2, "M\n1\n\n\n\n\n");
    check_game(2, &t);
    assert!(t.contains("A NEW COMPANY IS FORMED!"));
}

#[test]
fn full_game_three_players() {
    let t = play(3, " M\n2\n1\n\n\n\n");
    check_game(3, &t);
}

#[test]
fn full_game_four_players() {
    let t = play(4, "  M\n\n1\n\n\n\n");
    check_game(4, &t);
}
