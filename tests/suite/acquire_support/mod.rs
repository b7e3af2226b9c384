//! Driving Acquire (roms/acquire.bas) on the machine, headless, for the Acquire tests.
//!
//! As in game_support: a game is started with scripted keys and runs until the program waits
//! for a key with none left. `brk()` stops it with BREAK (the variables survive); `direct()`
//! and `num()` type direct-mode lines to read or set them, and a position is played by jumping
//! back into the program:
//!   line 1050: P, R, C (and HJ, the tile's place in P's hand, or 0) set -> lay the tile,
//!   buy, maybe end, then the next players' turns;
//!   line 1030: P set -> P's whole turn from the start (unplayable tiles changed first);
//! or by calling one of its subroutines from direct mode (GOSUB returns to the direct line):
//!   2000 what tile R,C would do (TY), 3700 the bonuses BO() of chain X at price PX,
//!   6900 the price PR of chain K.
//! The person is player 1 (the keyboard); players 2.. are computers.
#![allow(dead_code)]

use crate::common::basic_session::{self, session_newtype, Session};
use spacemono_core::EndReason;
use spacemono_core::Machine;

pub const PROGRAM: &str = include_str!("../../../roms/acquire.bas");

/// The chains' letters, K = 1 to 7.
pub const LETTERS: &str = "LTAFWCI";

session_newtype!(Acq);

impl Acq {
    /// Load the program, RUN it and type `keys` as it asks for them.
    pub fn start(keys: &str) -> Acq {
        Acq::start_after(keys, 0)
    }

    /// As `start`, but `fields` fields pass at the title before the keys are typed (the first
    /// key seeds RND from TIMER, so each wait gives another shuffle of the tiles).
    pub fn start_after(keys: &str, fields: u32) -> Acq {
        Acq::start_listing(PROGRAM, keys, fields)
    }

    /// As `start_after`, with another listing (the game's, changed by a test).
    pub fn start_listing(listing: &str, keys: &str, fields: u32) -> Acq {
        let mut g = Acq(Session::load(listing, true, LIMIT));
        g.m.type_text(b"RUN\r");
        g.keys("");
        for _ in 0..fields {
            g.m.run_field();
        }
        g.keys(keys);
        g
    }

    /// A game of the person against `computers` computer players, their holdings hidden,
    /// stopped (BREAK) at the person's first question.
    pub fn at_first_prompt(computers: u32) -> Acq {
        let mut g = Acq::start(&format!("{computers}N"));
        assert_eq!(g.last_end, EndReason::WaitedForKeys, "the game waits");
        g.brk();
        g
    }

    /// The value of a numeric expression, by PRINT in direct mode.
    pub fn num(&mut self, expr: &str) -> i64 {
        let out = self.print(expr);
        out.parse()
            .unwrap_or_else(|_| panic!("PRINT {expr} gave {out:?}"))
    }

    pub fn nums(&mut self, exprs: &[&str]) -> Vec<i64> {
        exprs.iter().map(|e| self.num(e)).collect()
    }

    /// An empty board, no chain, 25 shares of each left, nobody holding any, every player's
    /// cash `cash` and no tiles in any hand.
    pub fn clear(&mut self, cash: u32) {
        self.direct("FORI=0TO153:B(I)=0:NEXTI");
        self.direct("FORK=1TO7:SZ(K)=0:AV(K)=25:FORI=1TO6:SH(K,I)=0:NEXTI,K");
        self.direct(&format!(
            "FORI=1TO6:CA(I)={cash}:FORJ=1TO6:H(I,J)=0:NEXTJ,I:NL=0"
        ));
    }

    /// Chain `letter` on the board at `cells` ("5C": row 5, column C), its size their number.
    pub fn chain(&mut self, letter: char, cells: &[&str]) {
        let k = chain_no(letter);
        for c in cells {
            let (r, col) = rc(c);
            self.direct(&format!("B({r}*14+{col})={k}"));
        }
        // MX, the largest size the program has shown, bounds every chain's size (the hand
        // check and the end's test skip their work below 11).
        let n = cells.len();
        self.direct(&format!("SZ({k})={n}:IF {n}>MX THEN MX={n}"));
    }

    /// A chain of `n` hotels filling rows from `first_row` on, column A to L.
    pub fn block_chain(&mut self, letter: char, first_row: u32, n: u32) {
        let cells: Vec<String> = (0..n)
            .map(|i| format!("{}{}", first_row + i / 12, (b'A' + (i % 12) as u8) as char))
            .collect();
        let refs: Vec<&str> = cells.iter().map(|s| s.as_str()).collect();
        self.chain(letter, &refs);
    }

    /// A hotel in no chain at `cell`.
    pub fn lone(&mut self, cell: &str) {
        let (r, c) = rc(cell);
        self.direct(&format!("B({r}*14+{c})=8"));
    }

    /// Player `p` holds `n` shares of `letter` (taken from those left).
    pub fn hold(&mut self, p: u32, letter: char, n: u32) {
        let k = chain_no(letter);
        self.direct(&format!("SH({k},{p})={n}:AV({k})=AV({k})-{n}"));
    }

    /// Put tile `cell` in player `p`'s hand at place `j` (1-6).
    pub fn give(&mut self, p: u32, j: u32, cell: &str) {
        self.direct(&format!("H({p},{j})={}", tile(cell)));
    }

    /// The board's code at `cell`: 0 empty, 1-7 chain, 8 a hotel in no chain.
    pub fn at(&mut self, cell: &str) -> i64 {
        let (r, c) = rc(cell);
        self.num(&format!("B({r}*14+{c})"))
    }

    /// Player `p` lays `cell` (line 1050), then `keys` answer what follows. What was printed.
    pub fn lay(&mut self, p: u32, cell: &str, keys: &str) -> String {
        let (r, c) = rc(cell);
        self.keys(&format!("P={p}:R={r}:C={c}:HJ=0:GOTO 1050\n{keys}"))
    }

    /// What tile `cell` would do (TY of line 2000): 0 lone, 1 grow, 2 found, 3 merge,
    /// -1 dead for now, -2 never playable.
    pub fn what(&mut self, cell: &str) -> i64 {
        let (r, c) = rc(cell);
        let out = self.direct(&format!("R={r}:C={c}:GOSUB 2000:PRINT TY"));
        out.trim().parse().unwrap()
    }

    /// Everything the printer printed since the last call.
    pub fn printed(&mut self) -> String {
        String::from_utf8(self.m.take_printed()).unwrap()
    }
}

/// Emulated fields a step may take before the test gives up: a whole game of six computers
/// takes about an hour of the Dragon's time.
const LIMIT: u64 = 50 * 3600 * 4;

/// Run until the program waits for a key with none left, or is back at OK, or LIMIT fields
/// pass (see `basic_session::run`).
pub fn run(m: &mut Machine) -> EndReason {
    basic_session::run(m, LIMIT)
}

/// "5C" -> (5, 3).
pub fn rc(cell: &str) -> (u32, u32) {
    let b = cell.as_bytes();
    ((b[0] - b'0') as u32, (b[1] - b'A' + 1) as u32)
}

/// The tile number of a square: row-major from 1A = 1 to 9L = 108.
pub fn tile(cell: &str) -> u32 {
    let (r, c) = rc(cell);
    (r - 1) * 12 + c
}

/// A chain's number K (1-7) from its letter.
pub fn chain_no(letter: char) -> usize {
    LETTERS.find(letter).expect("a chain letter") + 1
}

/// The price chart of roms/RULES.md A7, row by row as printed there: the price, then the
/// lowest size that fetches it in each category (3, 4 and 5 stars; 0 = not in that column).
pub const CHART: [(i64, [i64; 3]); 11] = [
    (200, [2, 0, 0]),
    (300, [3, 2, 0]),
    (400, [4, 3, 2]),
    (500, [5, 4, 3]),
    (600, [6, 5, 4]),
    (700, [11, 6, 5]),
    (800, [21, 11, 6]),
    (900, [31, 21, 11]),
    (1000, [41, 31, 21]),
    (1100, [0, 41, 31]),
    (1200, [0, 0, 41]),
];

/// The chart's price for a chain of `size` hotels in category `cat` (0-2).
pub fn chart_price(cat: usize, size: i64) -> i64 {
    CHART
        .iter()
        .filter(|(_, from)| from[cat] > 0 && size >= from[cat])
        .map(|&(p, _)| p)
        .max()
        .expect("a size on the chart")
}

/// One block the program printed for play by file: its `KEY:VALUE` lines in order.
#[derive(Debug, Clone)]
pub struct Block {
    pub lines: Vec<(String, String)>,
}

impl Block {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.lines
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub fn all(&self, key: &str) -> Vec<&str> {
        self.lines
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    pub fn num(&self, key: &str) -> i64 {
        self.get(key).unwrap().parse().unwrap()
    }
}

/// The printed text as blocks, from each header line to its END (the printer's lines end
/// with a carriage return).
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut cur: Option<Block> = None;
    for line in text.split(['\r', '\n']).filter(|l| !l.is_empty()) {
        if line == "===== spacemono v1.0.0 =====" {
            cur = Some(Block { lines: Vec::new() });
        } else if line == "END" {
            out.extend(cur.take());
        } else if let Some(b) = cur.as_mut() {
            let (k, v) = line.split_once(':').unwrap_or((line, ""));
            b.lines.push((k.to_string(), v.to_string()));
        }
    }
    out
}

/// `word:value` out of a line of `word:value` pairs such as a HOLDER or CHAIN line.
pub fn field(line: &str, word: &str) -> i64 {
    line.split(' ')
        .find_map(|w| w.strip_prefix(word).and_then(|r| r.strip_prefix(':')))
        .unwrap_or_else(|| panic!("{word} in {line}"))
        .parse()
        .unwrap()
}
