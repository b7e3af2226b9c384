//! Orders no player should send, typed straight at the three games' listings (issue 27), with
//! no host in between: what a person at a real Dragon's keyboard could type for a file seat.
//! `spacemono play` checks orders before it types them; these tests are the second wall. Each
//! bad set of orders gets a REFUSED block for the same turn and player, the next good orders
//! are played, and the program never stops: no ?OS, ?OV or ?FC, and never back at OK.

use crate::acquire_support::{self, blocks, Acq, Block};
use crate::common::basic_session::Session;
use crate::game_support::{self, Game as SpaceMonopoly};
use crate::starlanes_support::{self, Game as Starlanes};
use spacemono_core::EndReason;

/// Types `keys` and returns the blocks printed meanwhile. The program must still be running,
/// waiting for keys, with no error on the screen.
fn typed(s: &mut Session, keys: &str) -> Vec<Block> {
    let screen = s.keys(keys);
    assert!(
        s.last_end == EndReason::WaitedForKeys && !screen.contains("ERROR"),
        "the program stopped on {keys:?}: {screen}"
    );
    blocks(&String::from_utf8_lossy(&s.m.take_printed()))
}

/// An order file's lines as typed: each line and ENTER, then END.
fn order_keys<S: AsRef<str>>(lines: &[S]) -> String {
    let mut keys: String = lines.iter().map(|l| format!("{}\r", l.as_ref())).collect();
    keys.push_str("END\r");
    keys
}

/// Types `lines` for the file seat `asked` asks: refused, in one REFUSED block of the same
/// turn and player. Returns why.
fn refused<S: AsRef<str> + std::fmt::Debug>(s: &mut Session, asked: &Block, lines: &[S]) -> String {
    let b = typed(s, &order_keys(lines));
    assert_eq!(b.len(), 1, "{lines:?} gave {b:?}");
    assert_eq!(b[0].get("TURN"), asked.get("TURN"), "{lines:?}");
    assert_eq!(b[0].get("PLAYER"), asked.get("PLAYER"), "{lines:?}");
    b[0].get("REFUSED")
        .unwrap_or_else(|| panic!("{lines:?} was not refused: {b:?}"))
        .to_string()
}

/// Types good `lines` for the file seat `asked` asks: played, and the game goes on to a later
/// turn. Returns the blocks printed.
fn played(s: &mut Session, asked: &Block, lines: &[&str]) -> Vec<Block> {
    let b = typed(s, &order_keys(lines));
    let last = b
        .last()
        .unwrap_or_else(|| panic!("{lines:?}: nothing printed"));
    assert!(last.get("REFUSED").is_none(), "{lines:?} refused: {b:?}");
    assert!(last.num("TURN") > asked.num("TURN"), "{lines:?}: {b:?}");
    b
}

/// Lines that are no order in any game: more and longer lines than any turn takes, a line
/// longer than the Dragon's line buffer, spaces, numbers no variable holds.
fn garbage() -> Vec<Vec<String>> {
    let n = |s: &str, times: usize| vec![s.to_string(); times];
    vec![
        // Eight lines of 40 filled Space Monopoly's string space (?OS ERROR IN 9480).
        n(&"X".repeat(40), 8),
        n(&"Y".repeat(60), 12),
        n(&"Z".repeat(300), 1),
        n("   ", 1),
        vec![String::new(), "  ".into(), String::new()],
        n("1E39", 1),
        n("-1", 1),
        n(":PRINT MEM", 1),
        n("@[]^_", 1),
    ]
}

/// The question a file seat is asked now: the last block printed, which must want orders.
fn asked(b: &[Block]) -> Block {
    let last = b.last().expect("a question").clone();
    assert_eq!(last.get("SEAT"), Some("FILE"), "{b:?}");
    last
}

// ---------------------------------------------------------------- Space Monopoly

#[test]
fn space_monopoly_refuses_every_bad_order_and_plays_on() {
    space_monopoly_file_seats(game_support::PROGRAM);
}

fn space_monopoly_file_seats(listing: &str) {
    let mut g = SpaceMonopoly::start_listing(listing, "F2FF");
    let move_ask = asked(&blocks(&g.printed()));
    assert_eq!(move_ask.get("ASK"), Some("MOVE"));
    for line in [
        "MOVE 1E39",
        "MOVE -1",
        "MOVE 0A",
        "MOVE 99Z",
        "MOVE ",
        "MOVE",
    ] {
        refused(&mut g, &move_ask, &[line]);
    }
    for lines in garbage() {
        refused(&mut g, &move_ask, &lines);
    }
    // Eight lines of 40 (?OS ERROR IN 9480 before): each is cut to 16 characters.
    let long = vec!["X".repeat(40); 8];
    let why = refused(&mut g, &move_ask, &long);
    assert_eq!(why, "ONE ORDER, MOVE AND A CELL, IS NEEDED");
    let why = refused(&mut g, &move_ask, &long[..1]);
    assert_eq!(why, format!("NOT A MOVE: {}", "X".repeat(16)));
    let cell = move_ask.all("CHOICE")[0].to_string();
    let buy_ask = asked(&played(&mut g, &move_ask, &[&cell]));
    assert_eq!(buy_ask.get("ASK"), Some("BUY"));
    let nines = format!("BUY A {}", "9".repeat(34));
    let why = refused(&mut g, &buy_ask, &["Y".repeat(40)]);
    assert_eq!(why, format!("NOT AN ORDER TO BUY: {}", "Y".repeat(16)));
    for lines in [
        vec!["BUY A 1E39"],
        vec!["BUY A -1"],
        vec!["BUY A 1.5"],
        vec!["BUY A 99999999999999999999999999999999999999"],
        vec!["BUY A "],
        vec!["BUY "],
        vec!["BUY @ 1"],
        vec!["BUY Z 1"],
        vec!["BUY A 1"; 9],
        vec![nines.as_str(); 8],
    ] {
        refused(&mut g, &buy_ask, &lines);
    }
    for lines in garbage() {
        refused(&mut g, &buy_ask, &lines);
    }
    let next = asked(&played(&mut g, &buy_ask, &[]));
    assert_eq!(next.get("ASK"), Some("MOVE"));
}

/// A person at the keyboard may answer BUY HOW MANY with a whole line (the INPUT takes 249
/// characters) after a file seat's long orders: both fit the string space.
#[test]
fn space_monopoly_a_keyboard_seat_answers_a_whole_line_beside_a_file_seat() {
    space_monopoly_keyboard_beside_file(game_support::PROGRAM);
}

fn space_monopoly_keyboard_beside_file(listing: &str) {
    let mut g = SpaceMonopoly::start_listing(listing, "F2KF");
    let long = vec!["X".repeat(40); 8];
    let whole_line = "9".repeat(260);
    let mut answered = 0;
    let mut b = blocks(&g.printed());
    for _ in 0..40 {
        let ask = b.last().expect("a question").clone();
        b = match (ask.get("SEAT"), ask.get("ASK")) {
            (Some("FILE"), Some("MOVE")) => {
                refused(&mut g, &ask, &long);
                let cell = ask.all("CHOICE")[0].to_string();
                played(&mut g, &ask, &[&cell])
            }
            (Some("FILE"), Some("BUY")) => {
                refused(&mut g, &ask, &long);
                played(&mut g, &ask, &[])
            }
            (Some("KEYBOARD"), Some("MOVE")) => typed(&mut g, "M"),
            (Some("KEYBOARD"), Some("BUY")) => {
                // Each company's prompt: the whole line (refused on the screen), then none.
                let prompts = ask.all("CHOICE").len();
                answered += prompts;
                typed(&mut g, &format!("{whole_line}\r\r").repeat(prompts))
            }
            other => panic!("{other:?}: {ask:?}"),
        };
        if answered >= 3 {
            return;
        }
    }
    panic!("the keyboard seat was asked to buy only {answered} times");
}

// ---------------------------------------------------------------- Starlanes

#[test]
fn starlanes_refuses_every_bad_order_and_plays_on() {
    starlanes_file_seats(starlanes_support::PROGRAM);
}

fn starlanes_file_seats(listing: &str) {
    let mut g = Starlanes::start_listing(listing, "F2FF");
    let move_ask = asked(&blocks(&g.printed()));
    for line in [
        "MOVE 1E39",
        "MOVE 0",
        "MOVE -1",
        "MOVE 6",
        "MOVE 1 1E39",
        "MOVE 99999999999999999999",
        "MOVE ",
        "MOVE",
    ] {
        refused(&mut g, &move_ask, &[line]);
    }
    for lines in garbage() {
        refused(&mut g, &move_ask, &lines);
    }
    // Player 1 to trade, A at 1A ($500, 2 held), as in starlanes_play_by_file.
    g.brk();
    g.empty_map(6000);
    g.company(1, &["1A"], 500);
    g.direct("SH(1,1)=2");
    g.printed();
    let trade_ask = asked(&typed(&mut g, "P=1:R=10:C=12:FR=1:GOTO 1050\n"));
    assert_eq!(trade_ask.get("ASK"), Some("TRADE"));
    let nines = format!("BUY A {}", "9".repeat(34));
    for lines in [
        vec!["BUY A 1E39"],
        vec!["SELL A 1E39"],
        vec!["BUY A 99999999"],
        vec!["BUY A -1"],
        vec!["BUY A 1.5"],
        vec!["SELL A -0"],
        vec!["BUY A"],
        vec!["SELL"],
        vec!["BUY Z MAX"],
        vec!["BUY A 1"; 11],
        vec![nines.as_str(); 10],
    ] {
        refused(&mut g, &trade_ask, &lines);
    }
    for lines in garbage() {
        refused(&mut g, &trade_ask, &lines);
    }
    let next = asked(&played(&mut g, &trade_ask, &["SELL A ALL"]));
    assert_eq!(next.get("ASK"), Some("MOVE"));
}

/// A person at a keyboard seat may type a whole line (249 characters) as a name: it is cut to
/// ten, and the file seat beside it plays on.
#[test]
fn starlanes_a_name_of_a_whole_line_is_cut_to_ten() {
    let mut g = Starlanes::start_printing(&format!("F2KF{}\n", "N".repeat(260)));
    let b = blocks(&g.printed());
    let last = b.last().expect("a question");
    assert!(
        last.all("HOLDER")[0].ends_with(&format!("NAME:{}", "N".repeat(10))),
        "{last:?}"
    );
    assert!(!g.transcript().contains("ERROR"));
    assert_eq!(g.last_end, EndReason::WaitedForKeys);
}

// ---------------------------------------------------------------- Acquire

/// Player 1 (a file seat) lays 3D between Luxor (3A-3C) and Tower (3E-3F), holding 5 Tower
/// shares: Tower is absorbed and player 1 is asked what becomes of them.
fn acquire_dispose(listing: &str) -> Acq {
    let mut g = Acq::start_listing(listing, "F2FC", 0);
    g.brk();
    g.clear(6000);
    g.chain('L', &["3A", "3B", "3C"]);
    g.chain('T', &["3E", "3F"]);
    g.hold(1, 'T', 5);
    g.printed();
    g
}

#[test]
fn acquire_refuses_every_bad_order_and_plays_on() {
    acquire_file_seat(acquire_support::PROGRAM);
}

fn acquire_file_seat(listing: &str) {
    let mut g = Acq::start_listing(listing, "F2FC", 0);
    let first = asked(&blocks(&g.printed()));
    assert_eq!(first.get("ASK"), Some("LAY"));
    for line in ["LAY 1E39", "LAY 0A", "LAY ", "LAY"] {
        refused(&mut g, &first, &[line]);
    }
    for lines in garbage() {
        refused(&mut g, &first, &lines);
    }
    let tile = first.all("CHOICE")[0].to_string();
    played(&mut g, &first, &[&tile]);
    let mut g = acquire_dispose(listing);
    let dispose = asked(&typed(&mut g, "P=1:R=3:C=4:HJ=0:GOTO 1050\n"));
    assert_eq!(dispose.get("ASK"), Some("DISPOSE"));
    // ?OV ERROR IN 9360 before.
    let why = refused(&mut g, &dispose, &["TRADE 1E39"]);
    assert_eq!(why, "NOT A NUMBER OF SHARES: TRADE 1E39");
    for lines in [
        vec!["SELL 1E39"],
        vec!["SELL 1E38"; 3],
        vec!["SELL -1"],
        vec!["TRADE 1.5"],
        vec!["SELL 2X"],
        vec!["SELL"],
        vec!["SELL "],
        vec!["KEEP"; 4],
    ] {
        refused(&mut g, &dispose, &lines);
    }
    for lines in garbage() {
        refused(&mut g, &dispose, &lines);
    }
    let buy = asked(&played(&mut g, &dispose, &["SELL 1", "TRADE 2"]));
    assert_eq!(buy.get("ASK"), Some("BUY"));
    // ?OV ERROR IN 9420 before.
    let why = refused(&mut g, &buy, &["BUY L 1E39"]);
    assert_eq!(why, "CANNOT BUY: BUY L 1E39");
    for lines in [
        vec!["BUY L 1E38"; 3],
        vec!["BUY L -1"],
        vec!["BUY L 1.5"],
        vec!["BUY L 9999"],
        vec!["BUY L"],
        vec!["BUY Q 1"],
        vec!["BUY L 1"; 5],
    ] {
        refused(&mut g, &buy, &lines);
    }
    for lines in garbage() {
        refused(&mut g, &buy, &lines);
    }
    played(&mut g, &buy, &["BUY L 1"]);
    // Of 5 Tower shares 1 sold, 2 traded for a Luxor share, 2 kept; a Luxor share bought:
    // what was played, and nothing of what was refused.
    g.brk();
    assert_eq!(g.nums(&["SH(2,1)", "SH(1,1)"]), vec![2, 2]);
}

// ---------------------------------------------------------------- room to spare

/// `listing` with its `CLEAR n` (the string space) made `n - n / 10`.
fn a_tenth_less_string_space(listing: &str) -> String {
    let at = listing.find(":CLEAR ").expect("the listing asks for CLEAR") + 7;
    let digits = listing[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let n: u32 = listing[at..at + digits].parse().unwrap();
    format!(
        "{}{}{}",
        &listing[..at],
        n - n / 10,
        &listing[at + digits..]
    )
}

/// The worst each game meets above still fits with a tenth of its CLEAR taken away: the string
/// space asked for is enough, with room to spare (roms/README.md gives the least each needs).
#[test]
fn every_game_meets_the_worst_with_a_tenth_of_its_string_space_to_spare() {
    let less = a_tenth_less_string_space(game_support::PROGRAM);
    assert!(
        less.contains("CLEAR 270"),
        "Space Monopoly asks for CLEAR 300"
    );
    space_monopoly_file_seats(&less);
    space_monopoly_keyboard_beside_file(&less);
    starlanes_file_seats(&a_tenth_less_string_space(starlanes_support::PROGRAM));
    acquire_file_seat(&a_tenth_less_string_space(acquire_support::PROGRAM));
}
