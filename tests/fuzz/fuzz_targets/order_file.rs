//! Order files against a running game (issue 27): any bytes as the order file of a file
//! seat's question, at one of the first questions of each game on the built-in tape. The
//! game must go on: the host refuses the file (and types nothing), or types its orders and
//! the game answers them with its next block, never stopping at OK. Where the effect is
//! easy to state (Space Monopoly's moves and buys), the next turn file must show exactly it.
//!
//! The first byte picks the question (of 16 per game, reached by answering each with its
//! first choice, counts of 0); the rest is the file.
#![no_main]
use std::path::PathBuf;

use libfuzzer_sys::fuzz_target;
use spacemono_core::{Machine, Status};
use spacemono::frontend::default_tape::BuiltInGame;
use spacemono::frontend::play::cli::start_machine;
use spacemono::frontend::play::orders::{read_order_file, OrderFile, Question};
use spacemono::frontend::play::turn_file::Block;
use spacemono::frontend::play::{PlayHost, Seat, Step};

/// Fields a game may take to answer orders (a merger's animation at most a few hundred).
const ANSWER_FIELDS: u32 = 20_000;
const QUESTIONS_PER_GAME: usize = 16;

struct Position {
    machine: Machine,
    host: PlayHost,
    dir: PathBuf,
    player: u8,
    turn: u32,
    block: Block,
}

fn turn_block(dir: &std::path::Path, turn: u32) -> Block {
    let text = std::fs::read_to_string(dir.join(format!("Turn_{turn}.txt"))).unwrap();
    Block {
        lines: text.lines().map(str::to_string).collect(),
    }
}

/// Runs until a file seat is asked; None when the game ended.
fn until_question(m: &mut Machine, host: &mut PlayHost) -> Option<(u8, u32)> {
    for _ in 0..ANSWER_FIELDS {
        m.run_field();
        let step = host.after_field(m).expect("the host carried the files");
        if !m.keys_pending() {
            assert_ne!(m.status(), Status::Prompt, "stopped:\n{}", m.screen_text());
        }
        match step {
            Step::Running => {}
            Step::AwaitingOrders { player, turn } => return Some((player, turn)),
            Step::Over { .. } => return None,
        }
    }
    panic!("no question in {ANSWER_FIELDS} fields:\n{}", m.screen_text());
}

thread_local! {
    /// The questions, prepared once (a machine is not shared between threads; libFuzzer
    /// runs the target on one).
    static POSITIONS: Vec<Position> = positions();
}

fn positions() -> Vec<Position> {
    {
        let root = std::env::temp_dir().join(format!("spacemono-fuzz-orders-{}", std::process::id()));
        let mut all = Vec::new();
        for (n, game) in [BuiltInGame::SpaceMonopoly, BuiltInGame::Starlanes, BuiltInGame::Acquire]
            .into_iter()
            .enumerate()
        {
            let dir = root.join(n.to_string());
            let _ = std::fs::remove_dir_all(&dir);
            let mut m = start_machine(game, &[Seat::File, Seat::File], 4242).unwrap();
            let mut host = PlayHost::new(&dir, Vec::new()).unwrap();
            while all.len() < (n + 1) * QUESTIONS_PER_GAME {
                let Some((player, turn)) = until_question(&mut m, &mut host) else {
                    break;
                };
                let block = turn_block(&dir, turn);
                all.push(Position {
                    machine: m.clone(),
                    host: host.clone(),
                    dir: dir.clone(),
                    player,
                    turn,
                    block: block.clone(),
                });
                let choice = block
                    .lines
                    .iter()
                    .find_map(|l| l.strip_prefix("CHOICE:"))
                    .unwrap_or("");
                let order = match choice.rsplit_once(" 0-") {
                    Some((o, _)) => format!("{o} 0"),
                    None => choice.to_string(),
                };
                write_orders(&dir, player, turn, format!("{order}\nEND\n").as_bytes());
                assert!(host.poll_orders().unwrap(), "{order} was refused");
            }
        }
        all
    }
}

fn write_orders(dir: &std::path::Path, player: u8, turn: u32, bytes: &[u8]) {
    let tmp = dir.join("orders.tmp");
    std::fs::write(&tmp, bytes).unwrap();
    std::fs::rename(&tmp, dir.join(format!("Player_{player}_Turn_{turn}.txt"))).unwrap();
}

/// `HOLDER:P CASH:C A:n B:n …`: the shares by letter.
fn shares(block: &Block, player: u8) -> Vec<(String, u64)> {
    let line = block
        .lines
        .iter()
        .find_map(|l| l.strip_prefix(&format!("HOLDER:{player} ")))
        .unwrap_or_else(|| panic!("no HOLDER:{player} in {block:?}"));
    line.split(' ')
        .filter_map(|w| w.split_once(':'))
        .filter(|(k, _)| k.len() == 1)
        .map(|(k, v)| (k.to_string(), v.parse().unwrap()))
        .collect()
}

/// The cell `ROW:R` column C holds in a block (`4B`: row 4, column B), if it shows the map.
fn cell(block: &Block, name: &str) -> Option<char> {
    let split = name.find(|c: char| c.is_ascii_alphabetic()).unwrap();
    let (row, col) = name.split_at(split);
    let cells = block
        .lines
        .iter()
        .find_map(|l| l.strip_prefix(&format!("ROW:{row} ")))?;
    Some(cells.as_bytes()[(col.as_bytes()[0] - b'A') as usize] as char)
}

/// What the game must show for orders it took, where that is simple to state.
fn check_effect(p: &Position, typed: &[String], next: &Block) {
    if p.block.value("GAME") != Some("SPACE MONOPOLY") {
        return;
    }
    match p.block.value("ASK") {
        Some("MOVE") => {
            let target = typed[0].strip_prefix("MOVE ").unwrap();
            assert_ne!(cell(next, target), Some('.'), "{target} is still empty after the move");
        }
        Some("BUY") if next.value("HOLDER").is_some() => {
            let mut expected = shares(&p.block, p.player);
            for order in typed {
                let mut w = order.split(' ');
                if let (Some("BUY"), Some(k), Some(n)) = (w.next(), w.next(), w.next()) {
                    let n: u64 = n.parse().unwrap();
                    expected.iter_mut().find(|(l, _)| l == k).unwrap().1 += n;
                }
            }
            assert_eq!(shares(next, p.player), expected, "orders {typed:?}");
        }
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, file)) = data.split_first() else {
        return;
    };
    POSITIONS.with(|all| try_orders(&all[pick as usize % all.len()], file));
});

fn try_orders(p: &Position, file: &[u8]) {
    let mut m = p.machine.clone();
    let mut host = p.host.clone();
    let keys_before = m.keys_delivered();
    write_orders(&p.dir, p.player, p.turn, file);
    if !host.poll_orders().unwrap() {
        // Refused or incomplete: not a key went to the machine.
        assert!(!m.keys_pending());
        assert_eq!(m.keys_delivered(), keys_before);
        return;
    }
    let OrderFile::Orders(orders) = read_order_file(file) else {
        panic!("the host took a file that does not read as orders");
    };
    let typed = Question::from_block(&p.block)
        .check(&orders)
        .expect("the host took orders the gate refuses");
    let error = p.dir.join(format!("Player_{}_Turn_{}.error", p.player, p.turn));
    let _ = std::fs::remove_file(&error);
    match until_question(&mut m, &mut host) {
        // Refused by the game (a rule the host leaves to it): same question, an error file.
        Some((player, turn)) if (player, turn) == (p.player, p.turn) => {
            let why = std::fs::read_to_string(&error).expect("a refusal has an error file");
            assert!(!why.contains("STOPPED"), "the program stopped on {typed:?}: {why}");
        }
        Some((_, turn)) => {
            assert!(turn > p.turn);
            let next = turn_block(&p.dir, p.turn + 1);
            check_effect(p, &typed, &next);
        }
        None => {}
    }
}
