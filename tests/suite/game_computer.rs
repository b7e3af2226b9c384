//! Space Monopoly's computer players (issue 15): a game of computers plays itself to the final
//! standings, and across hundreds of galaxies a computer never makes an illegal move or
//! purchase, checked from the state the game prints before every decision (play by file's
//! printer blocks, `roms/PLAY-BY-FILE.md`).

use crate::game_support::PROGRAM;
use spacemono_core::Machine;
use std::collections::BTreeMap;

#[test]
fn a_game_of_computers_plays_itself_to_the_final_standings() {
    // C at the title, 4 players, a computer in every seat; no other key.
    let mut m = Machine::with_transcript(true);
    m.load_listing(PROGRAM.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    m.type_script(b"C4CCCC");
    until_it_waits(&mut m, 0);
    let t = m.transcript().unwrap();
    assert!(t.contains("PLAYER 4 (PC)? C"), "{t}");
    assert!(
        t.contains("GAME OVER AFTER 48 MOVES") || t.contains("NO LEGAL CELL REMAINS"),
        "{t}"
    );
    assert!(t.contains("FINAL STANDINGS") && t.contains("IS THE WINNER!"));
    assert!(t.trim_end().ends_with("ANOTHER GAME (Y/N)?"));
    // Nobody was asked anything; the computers bought shares.
    assert!(!t.contains("BUY HOW MANY?"));
    assert!(t.contains("BUYS"), "{t}");
}

/// One printer block: the state before a decision.
#[derive(Default, Debug)]
struct Block {
    player: usize,
    seat: String,
    ask: String,
    rows: Vec<Vec<u8>>,
    /// letter index 0-4 -> price
    prices: BTreeMap<usize, i64>,
    /// player -> (cash, shares A-E)
    holders: BTreeMap<usize, (i64, [i64; 5])>,
    /// player -> cash, from the standings
    standing_cash: BTreeMap<usize, i64>,
    moves: Vec<(usize, usize)>,
}

fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let i = line.find(key).unwrap_or_else(|| panic!("{key} in {line}")) + key.len();
    line[i..].split(' ').next().unwrap()
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut b = Block::default();
    for line in text.lines() {
        let (key, value) = line.split_once(':').unwrap_or((line, ""));
        match key {
            "===== spacemono v1.0.0 =====" => b = Block::default(),
            "PLAYER" => b.player = value.parse().unwrap(),
            "SEAT" => b.seat = value.to_string(),
            "ASK" => b.ask = value.to_string(),
            "ROW" => b
                .rows
                .push(value.split_once(' ').unwrap().1.bytes().collect()),
            "COMPANY" => {
                let k = (value.as_bytes()[0] - b'A') as usize;
                b.prices.insert(k, field(line, "PRICE:").parse().unwrap());
            }
            "HOLDER" => {
                let p: usize = value.split(' ').next().unwrap().parse().unwrap();
                let mut sh = [0; 5];
                for (k, s) in sh.iter_mut().enumerate() {
                    *s = field(line, &format!(" {}:", (b'A' + k as u8) as char))
                        .parse()
                        .unwrap();
                }
                b.holders
                    .insert(p, (field(line, "CASH:").parse().unwrap(), sh));
            }
            "STANDING" => {
                let p = field(line, "PLAYER:").parse().unwrap();
                b.standing_cash
                    .insert(p, field(line, "CASH:").parse().unwrap());
            }
            "CHOICE" if value.starts_with("MOVE ") => {
                let cell = &value.as_bytes()[5..];
                b.moves
                    .push(((cell[0] - b'0') as usize, (cell[1] - b'A' + 1) as usize));
            }
            "END" => out.push(std::mem::take(&mut b)),
            _ => {}
        }
    }
    out
}

/// The cells empty in `a` and not in `b` (row, column from 1).
fn filled(a: &Block, b: &Block) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..9 {
        for c in 0..12 {
            if a.rows[r][c] == b'.' && b.rows[r][c] != b'.' {
                out.push((r + 1, c + 1));
            }
        }
    }
    out
}

/// A game of `players` computers played by file from galaxy `seed`: its printer blocks.
fn computer_game(players: usize, seed: u16) -> Vec<Block> {
    let mut m = Machine::new();
    m.attach_printer();
    m.load_listing(PROGRAM.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    // The galaxy is seeded from TIMER when the first key is taken.
    m.poke(0x0112, (seed >> 8) as u8);
    m.poke(0x0113, seed as u8);
    let mut keys = format!("F{players}").into_bytes();
    keys.extend(std::iter::repeat_n(b'C', players));
    m.type_script(&keys);
    until_it_waits(&mut m, seed);
    let text = String::from_utf8(m.take_printed()).unwrap();
    blocks(&text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// Run until the game waits for a key (ANOTHER GAME?) for 2 s. A game of computers takes
/// longer than game_support's 10 minutes (they think, and pause to be watched): an hour.
fn until_it_waits(m: &mut Machine, seed: u16) {
    let mut starved = 0;
    for _ in 0..50 * 3600 {
        m.run_field();
        starved = if m.starved() { starved + 1 } else { 0 };
        if starved == 100 {
            return;
        }
    }
    panic!("galaxy {seed}: the game never ended");
}

#[test]
fn computers_never_make_an_illegal_move_or_purchase() {
    let mut games = 0;
    for seed in 0..240u16 {
        let players = 2 + (seed % 3) as usize;
        let bs = computer_game(players, seed.wrapping_mul(271));
        let what = format!("seed {seed}, {players} players");
        assert_eq!(bs.last().unwrap().ask, "NONE", "{what}: the game ends");
        assert!(bs.len() > 2 * 40, "{what}: {} blocks", bs.len());
        for w in bs.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            assert_eq!(a.seat, "COMPUTER", "{what}");
            let p = a.player;
            if a.ask == "MOVE" {
                // The move: exactly one empty cell filled, one of those offered.
                assert_eq!(b.ask, "BUY", "{what}");
                let cells = filled(a, b);
                assert_eq!(cells.len(), 1, "{what}: {cells:?}");
                assert!(
                    a.moves.contains(&cells[0]),
                    "{what}: {cells:?} offered {:?}",
                    a.moves
                );
            } else {
                // The purchase: shares only added, in companies in business, paid at the
                // prices asked, never more than the cash; nobody else's holdings change.
                assert_eq!(a.ask, "BUY", "{what}");
                let (cash, sh) = a.holders[&p];
                let mut cost = 0;
                let after = if b.ask == "NONE" {
                    (b.standing_cash[&p], None)
                } else {
                    assert_eq!(a.rows, b.rows, "{what}: no move while buying");
                    for (q, h) in &a.holders {
                        if *q != p {
                            assert_eq!(h, &b.holders[q], "{what}: player {q} untouched");
                        }
                    }
                    (b.holders[&p].0, Some(b.holders[&p].1))
                };
                if let Some(sh2) = after.1 {
                    for k in 0..5 {
                        let n = sh2[k] - sh[k];
                        assert!(n >= 0, "{what}: no selling");
                        if n > 0 {
                            cost += n * a.prices.get(&k).expect("a company in business");
                        }
                    }
                    assert_eq!(after.0, cash - cost, "{what}: paid at the price");
                }
                assert!(after.0 >= 0 && after.0 <= cash, "{what}: within the cash");
            }
        }
        games += 1;
    }
    assert_eq!(games, 240);
}

/// Thirty seconds without a key at the title start a game of four computers, as an arcade
/// machine shows itself; a key there goes back to the title.
#[test]
fn the_title_left_alone_plays_a_game_of_computers_until_a_key() {
    let mut m = Machine::with_transcript(true);
    m.load_listing(PROGRAM.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    for _ in 0..50 * 29 {
        m.run_field();
    }
    assert!(!m.transcript().unwrap().contains("CHARTING THE GALAXY"));
    // After 30 s, and a minute and a half later, the computers have made their first moves.
    for _ in 0..50 * 90 {
        m.run_field();
    }
    let t = m.transcript().unwrap();
    assert!(t.contains("CHARTING THE GALAXY"), "{t}");
    assert!(t.contains("MOVE 2 OF 48"), "{t}");
    assert_eq!(m.screen_text().matches("HOW MANY PLAYERS").count(), 0);
    m.type_script(b" ");
    for _ in 0..50 * 60 {
        m.run_field();
        if m.screen_text().contains("HOW MANY PLAYERS (2-4)?") {
            return;
        }
    }
    panic!("a key did not bring the title back: {}", m.screen_text());
}

/// The REM strategy's first rule, seen from outside: offered no cell next to a lane, the
/// computer founds a company if it can (five free shares), at the offered cell that starts it
/// dearest ($500 a star and $100 an outpost next to it), rather than leave an outpost.
#[test]
fn offered_no_lane_the_computer_founds_beside_the_most_stars() {
    let mut seen = 0;
    for seed in 0..40u16 {
        let players = 2 + (seed % 3) as usize;
        let bs = computer_game(players, seed.wrapping_mul(977).wrapping_add(5));
        for w in bs.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            if a.ask != "MOVE" || a.prices.len() == 5 {
                continue;
            }
            let at = |r: usize, c: usize| a.rows[r - 1][c - 1];
            let around = |(r, c): (usize, usize)| {
                let mut n = Vec::new();
                if r > 1 {
                    n.push(at(r - 1, c));
                }
                if r < 9 {
                    n.push(at(r + 1, c));
                }
                if c > 1 {
                    n.push(at(r, c - 1));
                }
                if c < 12 {
                    n.push(at(r, c + 1));
                }
                n
            };
            if a.moves
                .iter()
                .any(|&m| around(m).iter().any(u8::is_ascii_uppercase))
            {
                continue;
            }
            // What founding at each cell starts the price at (0: it would be an outpost).
            let worth = |m| {
                let n = around(m);
                let stars = n.iter().filter(|&&x| x == b'*').count() as i64;
                let outposts = n.iter().filter(|&&x| x == b'+').count() as i64;
                if stars + outposts == 0 {
                    0
                } else {
                    100 + 500 * stars + 100 * outposts
                }
            };
            let best = a.moves.iter().map(|&m| worth(m)).max().unwrap();
            if best == 0 {
                continue;
            }
            let taken = filled(a, b)[0];
            assert_eq!(
                worth(taken),
                best,
                "seed {seed}: took {taken:?} of {:?}\n{}",
                a.moves,
                a.rows
                    .iter()
                    .map(|r| String::from_utf8_lossy(r) + "\n")
                    .collect::<String>()
            );
            seen += 1;
        }
    }
    assert!(seen >= 40, "only {seen} such offers");
}
