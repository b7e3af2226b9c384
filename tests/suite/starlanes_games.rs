//! Whole games of Starlanes for 1, 2, 3 and 4 players, run headless with scripted keys to the
//! final standings; the memory left after setup; and golden pictures of the map in mid-game and
//! of the standings (tests/golden_game/starlanes_*.png; regenerate with `UPDATE_GOLDEN=1` and
//! look at each changed picture before committing it).

use crate::starlanes_support::*;

/// Each turn: sector 1, ENTER for up to three announcements, X to end trading. Keys that come
/// when they are not asked for are ignored or trade a little: the game still goes on.
const TURN: &str = "1\n\n\nX";

/// A whole game, a turn's keys at a time (one run of the support's time limit each).
fn play(players: u32) -> Game {
    turns(players, 400)
}

/// A game after at most `n` turns' keys, or over.
fn turns(players: u32, n: usize) -> Game {
    let mut g = Game::start(&Game::setup_keys(players));
    for _ in 0..n {
        if g.m.screen_text().contains("ANOTHER GAME (Y/N)?") {
            break;
        }
        g.keys(TURN);
    }
    g
}

/// (name, stock, cash, worth) rows of the final standings, in the order printed.
fn standings(t: &str) -> Vec<(String, i64, i64, i64)> {
    let s = t.rfind("FINAL STANDINGS").expect("the final standings");
    let lines: Vec<&str> = t[s..].lines().collect();
    let mut rows = Vec::new();
    for w in lines.windows(2) {
        let head: Vec<&str> = w[0].splitn(2, ' ').collect();
        let n: Vec<i64> = w[1]
            .split_whitespace()
            .map(|x| x.parse::<i64>())
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        if head.len() == 2 && head[0].parse::<usize>() == Ok(rows.len() + 1) && n.len() == 3 {
            rows.push((head[1].trim().to_string(), n[0], n[1], n[2]));
        }
    }
    rows
}

/// The move numbers the prompts showed, each once.
fn moves(t: &str) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for (i, _) in t.match_indices("MOVE ") {
        let n = t[i + 5..].split_whitespace().next().unwrap_or("");
        if let Ok(n) = n.parse::<u32>() {
            if out.last() != Some(&n) {
                out.push(n);
            }
        }
    }
    out
}

fn check_game(players: u32, g: &mut Game) {
    let t = g.transcript();
    assert!(t.contains("54% OF THE MAP IS FILLED") || t.contains("NO SECTOR IS LEFT"));
    let m = moves(&t);
    assert_eq!(
        m,
        (1..=m.len() as u32).collect::<Vec<_>>(),
        "moves one by one"
    );
    let rows = standings(&t);
    assert_eq!(rows.len(), players as usize, "one row per player: {rows:?}");
    let mut names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    names.sort();
    assert_eq!(names, ["ANN", "BOB", "CID", "DOT"][..players as usize]);
    for r in &rows {
        assert_eq!(r.1 + r.2, r.3, "worth = stock + cash: {r:?}");
        assert!(r.1 >= 0 && r.2 >= 0, "{r:?}");
    }
    for w in rows.windows(2) {
        assert!(w[0].3 >= w[1].3, "best first: {rows:?}");
    }
    if players > 1 && rows[0].3 == rows[1].3 {
        assert!(t.contains("FIRST PLACE IS SHARED"));
    } else {
        assert!(
            t.contains(&format!("{} IS THE WINNER!", rows[0].0)),
            "the winner"
        );
    }
    assert!(t.trim_end().ends_with("ANOTHER GAME (Y/N)?"));
    // Every merger table obeys the 2-for-1 exchange, halves rounded up (L8).
    for (i, _) in t.match_indices("PLAYER    OLD  NEW TOTAL  BONUS\n") {
        for line in t[i..].lines().skip(1).take(players as usize) {
            let w: Vec<i64> = line[8..]
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            assert_eq!(w[1], (w[0] + 1) / 2, "exchange: {line}");
        }
    }
    // The 54% end: the companies cover at least 65 sectors, or no sector is left.
    g.brk();
    let filled = g.num("Q(1)+Q(2)+Q(3)+Q(4)+Q(5)");
    assert!(
        filled >= 65.0 || t.contains("NO SECTOR IS LEFT"),
        "{filled}"
    );
}

#[test]
fn full_game_one_player() {
    let mut g = play(1);
    check_game(1, &mut g);
}

#[test]
fn full_game_two_players() {
    let mut g = play(2);
    let t = g.transcript();
    // This scripted game has every kind of event.
    for e in ["A NEW COMPANY IS FORMED!", "MERGES INTO", "STOCK SPLIT!"] {
        assert!(t.contains(e), "{e}");
    }
    check_game(2, &mut g);
}

#[test]
fn full_game_three_players() {
    let mut g = play(3);
    check_game(3, &mut g);
}

#[test]
fn full_game_four_players() {
    let mut g = play(4);
    check_game(4, &mut g);
}

#[test]
fn print_mem_after_setup_leaves_room() {
    // Four players with long names, at the first move.
    let mut g = Game::start("4KKKKABCDEFGHIJ\nBCDEFGHIJK\nCDEFGHIJKL\nDEFGHIJKLM\n");
    g.brk();
    let mem = g.num("MEM");
    println!("PRINT MEM after setup: {mem}");
    assert!(mem >= 2000.0, "{mem}");
}

fn check_golden(name: &str, g: &Game) {
    let mut frame = spacemono_core::Frame::new();
    g.m.render(&mut frame);
    crate::common::golden::check("golden_game", name, &frame);
}

/// A scripted 3-player game after 24 moves, at the move prompt: stars, black holes, infants,
/// companies and the five numbered sectors on the map.
#[test]
fn look_map_mid_game() {
    let mut g = turns(3, 24);
    assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
    let shown = g.m.screen_text();
    g.brk();
    assert!(g.num("MV") >= 20.0);
    for (code, what) in [
        (1, "star"),
        (2, "black hole"),
        (3, "infant"),
        (4, "company"),
    ] {
        let count = g
            .direct(&format!(
                "N=0:FORI=1TO10:FORJ=1TO12:N=N-(M(I,J)={code} OR ({code}=4 AND M(I,J)>4)):NEXTJ,I:PRINT N"
            ))
            .trim()
            .parse::<u32>()
            .unwrap();
        assert!(count > 0, "a {what} on the map");
    }
    // Back to the same prompt, drawn again, for the picture.
    g.keys("FR=1:GOTO 1040\n");
    assert_eq!(g.m.screen_text(), shown);
    check_golden("starlanes_map", &g);
}

#[test]
fn look_standings() {
    let g = play(2);
    assert!(g.m.screen_text().contains("ANOTHER GAME (Y/N)?"));
    check_golden("starlanes_standings", &g);
}

#[test]
fn look_title() {
    let g = Game::start("");
    assert!(g.m.screen_text().contains("HOW MANY PLAYERS (1-4)?"));
    check_golden("starlanes_title", &g);
}

#[test]
fn seeded_from_timer_at_the_first_key_a_game_repeats_exactly() {
    // The same keys at the same moments: the same game, move for move.
    let a = turns(2, 12).transcript();
    let b = turns(2, 12).transcript();
    assert_eq!(a, b);
    // The listing seeds RND from TIMER once the number of players is typed.
    let ask = PROGRAM.find("HOW MANY PLAYERS").unwrap();
    let seed = PROGRAM.find("X=RND(-TIMER)").expect("seeded from TIMER");
    assert!(ask < seed);
    // Another moment for the first key: another map (rule L2's test counts them).
    let mut g1 = Game::start_after(0, &Game::setup_keys(1));
    let mut g2 = Game::start_after(37, &Game::setup_keys(1));
    g1.brk();
    g2.brk();
    let map = "FORI=1TO10:FORJ=1TO12:PRINTCHR$(48+M(I,J));:NEXTJ,I";
    assert_ne!(g1.direct(map), g2.direct(map));
}
