//! Whole games of Acquire (roms/acquire.bas): the person against 1-5 computers played to the
//! final totals, and hundreds of games of computers alone, seated by file so every question
//! and the state it was asked in is printed (roms/PLAY-BY-FILE.md): each of their plays is
//! checked against the rules from that printed state, by this file's own reading of them.

use crate::acquire_support::*;

/// A person who tries the tiles in order, ends buying at once unless a letter comes first
/// (then buys that chain), names or keeps the first free chain letter, sells or trades none
/// (numbers too big are refused, ENTER answers 0), and never ends the game (0).
const PERSON: &str = "1234560LTAFWCI\r\r";

/// The final totals on the screen: (player, cash, shares, bonus, total), best first.
fn totals(screen: &str) -> Vec<[i64; 5]> {
    screen
        .lines()
        .skip_while(|l| !l.contains("CASH SHARES  BONUS  TOTAL"))
        .skip(1)
        .map_while(|l| {
            let w: Vec<i64> = l
                .split_whitespace()
                .map(|x| x.parse().ok())
                .collect::<Option<_>>()?;
            (w.len() == 5).then(|| [w[0], w[1], w[2], w[3], w[4]])
        })
        .collect()
}

fn full_game(computers: u32, wait: u32) -> Acq {
    let g = Acq::start_after(&format!("{computers}Y{}", PERSON.repeat(400)), wait);
    let screen = g.m.screen_text();
    assert!(screen.contains("THE GAME IS OVER"), "{screen}");
    assert!(!g.transcript().contains(" ERROR"), "no BASIC error");
    let rows = totals(&screen);
    let players = computers as usize + 1;
    assert_eq!(rows.len(), players, "{screen}");
    let mut who: Vec<i64> = rows.iter().map(|r| r[0]).collect();
    who.sort();
    assert_eq!(who, (1..=players as i64).collect::<Vec<_>>());
    for r in &rows {
        assert_eq!(r[1] + r[2] + r[3], r[4], "cash + shares + bonus: {r:?}");
        assert!(r[1] >= 0 && r[2] >= 0 && r[3] >= 0);
    }
    for w in rows.windows(2) {
        assert!(w[0][4] >= w[1][4], "best first: {rows:?}");
    }
    if rows[0][4] > rows[1][4] {
        assert!(screen.contains(&format!("PLAYER {} WINS!", rows[0][0])));
    } else {
        assert!(screen.contains("EQUAL FIRST: A SHARED WIN"));
    }
    g
}

#[test]
fn full_games_of_the_person_against_one_to_five_computers() {
    for computers in 1..=5 {
        let g = full_game(computers, computers * 5);
        let t = g.transcript();
        assert!(t.contains("IS FOUNDED"), "chains are founded");
        assert!(t.contains("MERGER!"), "and merged");
    }
}

// ------------------------------------------------ the rules, read from the printed state

const FREE: u8 = b'.';
const LONE: u8 = b'*';

/// A block's state: the board (9 rows of 12), each chain's (size, price, left), holders'
/// (cash, shares by chain).
struct State {
    board: Vec<Vec<u8>>,
    chains: Vec<(i64, i64, i64)>,
    holders: Vec<(i64, [i64; 7])>,
}

fn state(b: &Block) -> State {
    let board = b
        .all("ROW")
        .iter()
        .map(|r| r.split(' ').nth(1).unwrap().as_bytes().to_vec())
        .collect::<Vec<_>>();
    assert_eq!(board.len(), 9);
    assert!(board.iter().all(|r| r.len() == 12));
    let chains = b
        .all("CHAIN")
        .iter()
        .map(|c| (field(c, "SIZE"), field(c, "PRICE"), field(c, "LEFT")))
        .collect::<Vec<_>>();
    assert_eq!(chains.len(), 7);
    let holders = b
        .all("HOLDER")
        .iter()
        .map(|h| {
            let mut sh = [0; 7];
            for (k, l) in LETTERS.chars().enumerate() {
                sh[k] = field(h, &l.to_string());
            }
            (field(h, "CASH"), sh)
        })
        .collect();
    State {
        board,
        chains,
        holders,
    }
}

fn neighbours(r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
    [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .map(move |(dr, dc)| (r as i32 + dr, c as i32 + dc))
        .filter(|&(r, c)| (0..9).contains(&r) && (0..12).contains(&c))
        .map(|(r, c)| (r as usize, c as usize))
}

/// What the rules say of laying at (r, c) on `s`: Some(true) legal, Some(false) illegal
/// (dead or joining two safe chains), None when the square is taken.
fn legal(s: &State, r: usize, c: usize) -> Option<bool> {
    if s.board[r][c] != FREE {
        return None;
    }
    let mut chains: Vec<usize> = Vec::new();
    let mut lone = false;
    for (y, x) in neighbours(r, c) {
        match s.board[y][x] {
            FREE => {}
            LONE => lone = true,
            l => {
                let k = LETTERS.find(l as char).unwrap();
                if !chains.contains(&k) {
                    chains.push(k);
                }
            }
        }
    }
    let on_board = s.chains.iter().filter(|c| c.0 > 0).count();
    let safe = chains.iter().filter(|&&k| s.chains[k].0 >= 11).count();
    Some(match chains.len() {
        0 => !lone || on_board < 7,
        1 => true,
        _ => safe < 2,
    })
}

/// Every block's state holds together: sizes match the board, shares add up to 25, prices
/// follow the chart, chains never touch one another or a lone hotel, no cash below 0.
/// (In the middle of a merger, a chain already settled is off the books but its hotels are
/// still on the board: `sizes` false skips that check.)
fn check_state(s: &State, sizes: bool) {
    for (k, &(size, price, left)) in s.chains.iter().enumerate() {
        let l = LETTERS.as_bytes()[k];
        let n = s.board.iter().flatten().filter(|&&x| x == l).count() as i64;
        assert!(!sizes || size == n, "size of {}", l as char);
        let held: i64 = s.holders.iter().map(|h| h.1[k]).sum();
        assert_eq!(left + held, 25, "shares of {}", l as char);
        let cat = [0, 0, 1, 1, 1, 2, 2][k];
        assert_eq!(price, if size > 0 { chart_price(cat, size) } else { 0 });
    }
    for r in 0..9 {
        for c in 0..12 {
            let a = s.board[r][c];
            if a == FREE || a == LONE {
                continue;
            }
            for (y, x) in neighbours(r, c) {
                let b = s.board[y][x];
                assert!(
                    b == FREE || b == a,
                    "{} touches {} at {r},{c}",
                    a as char,
                    b as char
                );
            }
        }
    }
    assert!(s.holders.iter().all(|h| h.0 >= 0), "no cash below 0");
}

fn square(name: &str) -> (usize, usize) {
    let (r, c) = rc(name);
    (r as usize - 1, c as usize - 1)
}

/// A LAY block and the tile then laid (the LAID of the next block).
fn check_lay(ask: &Block, next: &Block) {
    let s = state(ask);
    let tiles: Vec<&str> = ask.get("TILES").unwrap().split(' ').collect();
    let legal_tiles: Vec<&str> = tiles
        .iter()
        .copied()
        .filter(|t| {
            let (r, c) = square(t);
            legal(&s, r, c) == Some(true)
        })
        .collect();
    let offered: Vec<&str> = ask
        .all("CHOICE")
        .iter()
        .map(|c| c.strip_prefix("LAY ").unwrap())
        .collect();
    assert_eq!(offered, legal_tiles, "the choices are the legal tiles");
    let laid = next.get("LAID").expect("the tile laid");
    assert!(legal_tiles.contains(&laid), "{laid} of {tiles:?} is legal");
}

/// A BUY block and the buyer's holdings in the next one.
fn check_buy(ask: &Block, next: &Block) {
    let p = ask.num("PLAYER") as usize;
    let (before, after) = (state(ask), state(next));
    let (c0, s0) = before.holders[p - 1];
    let (c1, s1) = after.holders[p - 1];
    let mut spent = 0;
    let mut bought = 0;
    for k in 0..7 {
        let d = s1[k] - s0[k];
        assert!(d >= 0, "no selling when buying");
        assert!(d == 0 || before.chains[k].0 > 0, "only chains on the board");
        assert!(d <= before.chains[k].2, "only shares left");
        bought += d;
        spent += d * before.chains[k].1;
    }
    assert!(bought <= 3, "3 shares a turn at most");
    assert_eq!(c0 - c1, spent, "paid at the price");
}

/// A DISPOSE block and the holder's shares in the next one: sold and traded at most what was
/// held, traded two for one.
fn check_dispose(ask: &Block, next: &Block) {
    let z = ask.num("PLAYER") as usize;
    let x = LETTERS.find(ask.get("ABSORBED").unwrap()).unwrap();
    let t = LETTERS.find(ask.get("SURVIVOR").unwrap()).unwrap();
    let (before, after) = (state(ask), state(next));
    let held = before.holders[z - 1].1[x];
    assert_eq!(held, ask.num("HOLDING"));
    let gone = held - after.holders[z - 1].1[x];
    let got = after.holders[z - 1].1[t] - before.holders[z - 1].1[t];
    assert!((0..=held).contains(&gone));
    assert!(got >= 0 && 2 * got <= gone, "two for one");
    assert!(got <= before.chains[t].2, "while the survivor has shares");
    let sold = gone - 2 * got;
    let cash = after.holders[z - 1].0 - before.holders[z - 1].0;
    assert!(
        cash >= sold * before.chains[x].1,
        "sold at the absorbed chain's price"
    );
}

/// Whether the game may be ended (A12) in this state.
fn may_end(s: &State) -> bool {
    let up: Vec<i64> = s.chains.iter().map(|c| c.0).filter(|&n| n > 0).collect();
    up.iter().any(|&n| n >= 41) || (!up.is_empty() && up.iter().all(|&n| n >= 11))
}

/// A game of `n` computers seated by file, checked block by block; its number of blocks.
fn computers_game(n: usize, wait: u32) -> (usize, String) {
    let g = &mut Acq::start_after(&format!("F{n}{}", "C".repeat(n)), wait);
    assert!(g.m.screen_text().contains("THE GAME IS OVER"));
    let all = blocks(&g.printed());
    let last = all.last().unwrap();
    assert_eq!(last.get("ASK"), Some("NONE"));
    for w in all.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        if b.get("ASK") == Some("NONE") {
            break;
        }
        check_state(&state(b), b.get("ASK") != Some("DISPOSE"));
        match a.get("ASK").unwrap() {
            "LAY" => check_lay(a, b),
            "BUY" => {
                check_buy(a, b);
                let p = a.get("PLAYER");
                let asked = b.get("ASK") == Some("END") && b.get("PLAYER") == p;
                assert_eq!(asked, may_end(&state(a)), "the end is offered when allowed");
            }
            "DISPOSE" => check_dispose(a, b),
            "END" => assert!(may_end(&state(a))),
            _ => {}
        }
    }
    let totals: Vec<i64> = last
        .all("STANDING")
        .iter()
        .map(|l| field(l, "TOTAL"))
        .collect();
    assert_eq!(totals.len(), n);
    assert!(totals.windows(2).all(|w| w[0] >= w[1]), "best first");
    (all.len(), all[0].get("TILES").unwrap().to_string())
}

#[test]
fn computers_never_make_an_illegal_play_in_hundreds_of_games() {
    let mut games = std::collections::HashSet::new();
    let mut shortest = usize::MAX;
    for seed in 0..200u32 {
        let n = 2 + (seed % 5) as usize;
        let (blocks, first_tiles) = computers_game(n, seed * 3);
        // A game may end as soon as every chain is safe, but not before a round is played.
        assert!(blocks > 2 * n, "at least a round");
        shortest = shortest.min(blocks);
        games.insert((n, first_tiles));
    }
    println!(
        "{} different games, the shortest {shortest} blocks",
        games.len()
    );
    assert!(games.len() >= 100, "only {} different games", games.len());
}
