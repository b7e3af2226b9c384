//! Driving Starlanes (roms/starlanes.bas) on the machine, headless, for the Starlanes tests,
//! as tests/game_support does for Space Monopoly.
//!
//! A game is started with scripted keys; the run stops when the program waits for a key and
//! none is left. Then `brk()` stops the program with BREAK (the variables survive), and
//! `direct()` / `num()` type direct-mode lines to read or set the game's variables, or to
//! jump back into the program with GOTO (which keeps the variables):
//!   line 1030: P set -> find the sectors to offer, show the map, let P choose;
//!   line 1050: P, R, C set -> play sector R,C for P, holding bonus, end check, trading.
//! Map codes: 0 empty, 1 star, 2 black hole, 3 infant company, 4-8 companies A-E.
#![allow(dead_code)]

use crate::common::basic_session::{session_newtype, Session};
pub use crate::game_support::{contains_run, note, sound};
use spacemono_core::EndReason;

/// Emulated fields a single step may take before the test gives up (10 minutes).
const LIMIT: u64 = 50 * 600;

pub const PROGRAM: &str = include_str!("../../../roms/starlanes.bas");

pub const EMPTY: u32 = 0;
pub const STAR: u32 = 1;
pub const HOLE: u32 = 2;
pub const INFANT: u32 = 3;
/// The map code of company `k` (1 = A … 5 = E).
pub const fn company(k: u32) -> u32 {
    k + 3
}

session_newtype!(Game);

impl Game {
    /// Load the program, RUN it and type `keys` as it asks for them.
    pub fn start(keys: &str) -> Game {
        Game::start_after(0, keys)
    }

    /// As `start`, with the printer attached: play by file (`PRINT #-2`) can be read with
    /// `printed()`.
    pub fn start_printing(keys: &str) -> Game {
        Game::start_with(true, 0, keys)
    }

    /// As `start`, with `wait` fields at the title before the first key (another seed).
    pub fn start_after(wait: u64, keys: &str) -> Game {
        Game::start_with(false, wait, keys)
    }

    /// As `start_printing`, with another listing (the game's, changed by a test).
    pub fn start_listing(listing: &str, keys: &str) -> Game {
        Game::start_with_listing(listing, true, 0, keys)
    }

    fn start_with(printer: bool, wait: u64, keys: &str) -> Game {
        Game::start_with_listing(PROGRAM, printer, wait, keys)
    }

    fn start_with_listing(listing: &str, printer: bool, wait: u64, keys: &str) -> Game {
        let mut g = Game(Session::load(listing, printer, LIMIT));
        g.m.type_text(b"RUN\r");
        g.keys("");
        for _ in 0..wait {
            g.m.run_field();
        }
        g.keys(keys);
        g
    }

    /// The keys that start a game of `players` keyboard players named ANN, BOB, CID, DOT.
    pub fn setup_keys(players: u32) -> String {
        let names = ["ANN", "BOB", "CID", "DOT"];
        let mut k = format!("{players}{}", "K".repeat(players as usize));
        for n in &names[..players as usize] {
            k.push_str(n);
            k.push('\n');
        }
        k
    }

    /// Start a game of `players` keyboard players and stop (BREAK) at the first move prompt.
    pub fn at_first_move(players: u32) -> Game {
        let mut g = Game::start(&Game::setup_keys(players));
        assert_eq!(g.last_end, EndReason::WaitedForKeys, "the game waits");
        assert!(g.m.screen_text().contains("CHOOSE A SECTOR"));
        g.brk();
        g
    }

    /// What went to the printer since the last call.
    pub fn printed(&mut self) -> String {
        String::from_utf8(self.m.take_printed())
            .expect("printer text")
            .replace('\r', "\n")
    }

    /// The value of a numeric expression, by PRINT in direct mode.
    pub fn num(&mut self, expr: &str) -> f64 {
        let out = self.print(expr);
        out.parse()
            .unwrap_or_else(|_| panic!("PRINT {expr} gave {out:?}"))
    }

    /// Several numeric expressions.
    pub fn nums(&mut self, exprs: &[&str]) -> Vec<f64> {
        exprs.iter().map(|e| self.num(e)).collect()
    }

    /// A string expression, by PRINT in direct mode.
    pub fn text(&mut self, expr: &str) -> String {
        let out = self.direct(&format!("PRINT {expr}"));
        out.strip_suffix('\n').unwrap_or(&out).to_string()
    }

    /// An empty map (no stars, no black holes), no companies, every player's cash `cash` and
    /// no shares; moves made 0; the whole screen to be drawn again (FR=1: the program keeps
    /// the map on screen as it changes it, and these changes are made behind its back).
    pub fn empty_map(&mut self, cash: u32) {
        self.direct("FORI=0TO11:FORJ=0TO13:M(I,J)=0:NEXTJ,I");
        self.direct(&format!(
            "FORK=1TO5:Q(K)=0:PR(K)=0:FORI=1TO4:SH(K,I)=0:CA(I)={cash}:NEXTI,K:MV=0:FR=1"
        ));
    }

    /// Put sector `s` ("5C": row 5, column C; "10L") to map code `code`.
    pub fn set(&mut self, s: &str, code: u32) {
        let (r, c) = rc(s);
        self.direct(&format!("M({r},{c})={code}"));
    }

    pub fn get(&mut self, s: &str) -> u32 {
        let (r, c) = rc(s);
        self.num(&format!("M({r},{c})")) as u32
    }

    /// Company `k` in business: its sectors, size and price.
    pub fn company(&mut self, k: u32, sectors: &[&str], price: u32) {
        for s in sectors {
            self.set(s, company(k));
        }
        self.direct(&format!("Q({k})={}:PR({k})={price}", sectors.len()));
    }

    /// Play sector `s` for player `p` (line 1050), then type `keys`. Returns what was printed
    /// until the game waits again.
    pub fn play(&mut self, p: u32, s: &str, keys: &str) -> String {
        let (r, c) = rc(s);
        self.keys(&format!("P={p}:R={r}:C={c}:FR=1:GOTO 1050\n{keys}"))
    }

    /// The text screen's row `r` (0-15), as the screen text shows it.
    pub fn row(&self, r: usize) -> String {
        self.m
            .screen_text()
            .lines()
            .nth(r)
            .unwrap_or("")
            .to_string()
    }

    /// The byte of video memory at text position `pos` (0-511), read without stopping the
    /// program (BREAK's message would scroll the screen).
    pub fn vram(&self, pos: u32) -> u32 {
        self.m.peek(1024 + pos as u16) as u32
    }
}

/// "5C" -> (5, 3); "10L" -> (10, 12).
pub fn rc(s: &str) -> (u32, u32) {
    let (row, col) = s.split_at(s.len() - 1);
    let r: u32 = row.parse().expect("a row number");
    let c = (col.as_bytes()[0] - b'A' + 1) as u32;
    (r, c)
}

/// The text position of sector `s` on the map (row r on screen row r+1, column c at c+2: a
/// blank column between the row labels and column A).
pub fn map_pos(s: &str) -> u32 {
    let (r, c) = rc(s);
    32 * r + 34 + c
}

/// The tunes of the program's events (PLAY strings at lines 7130-7500).
pub const NEW_COMPANY: [u32; 4] = [note(3, 1), note(3, 5), note(3, 8), note(4, 1)];
pub const MERGER: [u32; 4] = [note(4, 1), note(3, 10), note(3, 6), note(3, 1)];
pub const SPLIT: [u32; 4] = [note(4, 5), note(4, 8), note(4, 5), note(4, 8)];
pub const REFUSED: [u32; 1] = [sound(10)];
pub const KEY: [u32; 1] = [sound(200)];
pub const BLACK_HOLE: [u32; 7] = [
    note(3, 12),
    note(3, 10),
    note(3, 8),
    note(3, 6),
    note(3, 5),
    note(3, 3),
    note(3, 1),
];
