//! Driving Space Monopoly (roms/spacemono.bas) on the machine, headless, for the game tests.
//!
//! A game is started with scripted keys; the run stops when the program waits for a key and
//! none is left. Then `brk()` stops the program with BREAK (the variables survive), and
//! `direct()` / `num()` type direct-mode lines to read or set the game's variables, or to
//! jump back into the program with GOTO (which keeps the variables):
//!   line 1040: P, NC, CR(), CC() set -> show the board and let the player choose;
//!   line 1050: P, R, C set -> play cell R,C for player P, dividends, buying, next turn.
#![allow(dead_code)]

use crate::common::basic_session::{self, session_newtype, Session};
use spacemono_core::EndReason;
use spacemono_core::Machine;

pub const PROGRAM: &str = include_str!("../../../roms/spacemono.bas");

/// Emulated fields a single step may take before the test gives up (10 minutes).
const LIMIT: u64 = 50 * 600;

session_newtype!(Game);

impl Game {
    /// Load the program, RUN it and type `keys` as it asks for them.
    pub fn start(keys: &str) -> Game {
        let mut g = Game(Session::load(PROGRAM, false, LIMIT));
        g.m.type_text(b"RUN\r");
        g.keys(keys);
        g
    }

    /// As `start`, with the printer attached: a game by file (F at the title) prints its
    /// blocks there, read with `printed()`.
    pub fn start_printing(keys: &str) -> Game {
        Game::start_listing(PROGRAM, keys)
    }

    /// As `start_printing`, with another listing (the game's, changed by a test).
    pub fn start_listing(listing: &str, keys: &str) -> Game {
        let mut g = Game(Session::load(listing, true, LIMIT));
        g.m.type_text(b"RUN\r");
        g.keys(keys);
        g
    }

    /// Everything the printer printed since the last call.
    pub fn printed(&mut self) -> String {
        String::from_utf8(self.m.take_printed()).expect("printer text")
    }

    /// Start a game of `players` players and stop (BREAK) at the first board, variables intact.
    pub fn at_first_board(players: u32) -> Game {
        let mut g = Game::start(&players.to_string());
        assert_eq!(
            g.last_end,
            EndReason::WaitedForKeys,
            "the game waits at the board"
        );
        g.brk();
        g
    }

    /// The value of a numeric expression, by PRINT in direct mode.
    pub fn num(&mut self, expr: &str) -> f64 {
        let out = self.print(expr);
        out.parse()
            .unwrap_or_else(|_| panic!("PRINT {expr} gave {out:?}"))
    }

    /// Run a direct-mode line that ends by printing one number; that number.
    pub fn run_num(&mut self, line: &str) -> f64 {
        let out = self.direct(line);
        out.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{line} gave {out:?}"))
    }

    /// Several numbers printed by one PRINT (separated by `;`).
    pub fn nums(&mut self, exprs: &[&str]) -> Vec<f64> {
        exprs.iter().map(|e| self.num(e)).collect()
    }

    /// An empty board (no stars), no companies, every player's cash `cash` and no shares;
    /// moves made 0.
    pub fn empty_board(&mut self, cash: u32) {
        self.direct("FORI=0TO10:FORJ=0TO13:M(I,J)=0:NEXTJ,I");
        self.direct(&format!(
            "FORK=1TO5:Q(K)=0:PR(K)=0:FORI=1TO4:SH(K,I)=0:CA(I)={cash}:NEXTI,K:MV=0"
        ));
        // The board picture too: the program redraws only the cells a move changes.
        self.direct("PMODE3,1:COLOR5,6:FORR=1TO9:FORC=1TO12:GOSUB6200:NEXTC,R");
    }

    /// Put cell `cell` ("5C": row 5, column C) to board code `code`, and draw it.
    pub fn set(&mut self, cell: &str, code: u32) {
        let (r, c) = rc(cell);
        self.direct(&format!(
            "M({r},{c})={code}:R={r}:C={c}:PMODE3,1:COLOR5,6:GOSUB6200"
        ));
    }

    pub fn get(&mut self, cell: &str) -> u32 {
        let (r, c) = rc(cell);
        self.num(&format!("M({r},{c})")) as u32
    }

    /// Play cell `cell` for player `p` (line 1050), then type `keys` (the buying prompts...).
    /// Returns what was printed until the game waits again.
    pub fn play(&mut self, p: u32, cell: &str, keys: &str) -> String {
        let (r, c) = rc(cell);
        let cmd = format!("P={p}:R={r}:C={c}:GOTO 1050\n");
        self.keys(&format!("{cmd}{keys}"))
    }
}

/// Run until the program waits for a key with none left, or is back at OK, or LIMIT fields
/// pass (see `basic_session::run`).
pub fn run(m: &mut Machine) -> EndReason {
    basic_session::run(m, LIMIT)
}

/// "5C" -> (5, 3).
pub fn rc(cell: &str) -> (u32, u32) {
    let b = cell.as_bytes();
    let r = (b[0] - b'0') as u32;
    let c = (b[1] - b'A' + 1) as u32;
    (r, c)
}

/// The game's own sound phrases (S17), by SOUND tone.
/// A SOUND t as the period of its wave in CPU cycles: 20·(261−t).
pub const fn sound(t: u32) -> u32 {
    20 * (261 - t)
}

/// The ROM's delay table for octaves 3–5, C to B, and the period it gives (docs/machine.md §5,
/// which the core's PLAY is held to by its white-box test play_music.rs).
const DELAY_O345: [[u8; 12]; 3] = [
    [
        0xA6, 0x9C, 0x93, 0x8B, 0x83, 0x7B, 0x74, 0x6D, 0x67, 0x61, 0x5B, 0x56,
    ],
    [
        0x51, 0x4C, 0x47, 0x43, 0x3F, 0x3B, 0x37, 0x34, 0x31, 0x2E, 0x2B, 0x28,
    ],
    [
        0x26, 0x23, 0x21, 0x1F, 0x1D, 0x1B, 0x19, 0x18, 0x16, 0x14, 0x13, 0x12,
    ],
];

/// A PLAY note of octave 3–5 (n: 1 = C … 12 = B) as its period in CPU cycles.
pub const fn note(octave: usize, n: usize) -> u32 {
    103 + 20 * DELAY_O345[octave - 3][n - 1] as u32
}

/// The tunes of rule S17, as the program plays them (PLAY strings at lines 7110–7500).
pub const NEW_COMPANY: [u32; 4] = [note(3, 1), note(3, 5), note(3, 8), note(4, 1)];
pub const MERGER: [u32; 4] = [note(4, 1), note(3, 10), note(3, 6), note(3, 1)];
pub const SPLIT: [u32; 4] = [note(4, 5), note(4, 8), note(4, 5), note(4, 8)];
pub const REFUSED: [u32; 1] = [sound(10)];
pub const KEY: [u32; 1] = [sound(200)];
pub const END: [u32; 6] = [
    note(3, 1),
    note(3, 5),
    note(3, 8),
    note(4, 1),
    note(3, 8),
    note(4, 1),
];

/// Whether `needle` occurs as a contiguous run in `hay`.
pub fn contains_run(hay: &[u32], needle: &[u32]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Render what the machine shows now to a PNG file.
pub fn write_png(m: &Machine, path: &str) {
    let mut f = spacemono_core::Frame::new();
    m.render(&mut f);
    std::fs::write(path, spacemono::frontend::png_file::encode(&f)).unwrap();
}
