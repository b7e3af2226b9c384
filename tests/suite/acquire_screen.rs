//! Acquire's screen during a turn (issue 30): the top line's cash follows every sale and
//! purchase (it was drawn once a turn: $3300 above "$3800: BUY 3 MORE?"), and the hand stops
//! showing a tile once it is laid; in the menu the winking star keeps a column from "YOU".

use crate::acquire_support::*;

/// A game against one computer at the person's first question, the board cleared, chain L
/// (1A 1B) on it; the person's number.
fn person_with_chain_l() -> (Acq, u32) {
    let mut g = Acq::at_first_prompt(1);
    let p = (1..=2).find(|&i| g.num(&format!("SE({i})")) == 0).unwrap() as u32;
    g.clear(6000);
    g.chain('L', &["1A", "1B"]);
    (g, p)
}

fn row(g: &Acq, r: usize) -> String {
    g.m.screen_text().lines().nth(r).unwrap_or("").to_string()
}

/// The cash the buying question names, "$3800: BUY ...".
fn asked_cash(g: &Acq) -> String {
    let foot = row(g, 15);
    assert!(foot.contains("MORE?"), "{}", g.m.screen_text());
    foot.split(':').next().unwrap().trim().to_string()
}

#[test]
fn the_top_lines_cash_is_the_questions() {
    let (mut g, p) = person_with_chain_l();
    // Cash changed behind the turn's back, as a sale at a merger changes it.
    g.keys(&format!("P={p}:PN$=\"PLAYER{p}\":CA({p})=3800:GOTO 4500\n"));
    assert_eq!(asked_cash(&g), "$3800");
    assert!(row(&g, 0).contains("$3800"), "{:?}", row(&g, 0));
    // A share bought: the top line follows at the next question.
    g.keys("L");
    let cash = asked_cash(&g);
    assert_ne!(cash, "$3800");
    assert!(row(&g, 0).contains(&cash), "{:?} {cash}", row(&g, 0));
}

#[test]
fn a_tile_laid_leaves_the_hand_at_once() {
    let (mut g, p) = person_with_chain_l();
    g.give(p, 1, "5E");
    g.give(p, 2, "9L");
    g.keys(&format!("P={p}:R=5:C=5:HJ=1:GOTO 1050\n"));
    // The game waits at the buying question of the same turn.
    assert!(row(&g, 15).contains("MORE?"), "{}", g.m.screen_text());
    let hand = row(&g, 11);
    assert!(!hand.contains("5E"), "the laid tile still shows: {hand:?}");
    assert!(hand.contains("1:--") && hand.contains("2:9L"), "{hand:?}");
}

/// The menu's header ended in "YOU" at column 30, against the star winking at 31.
#[test]
fn the_star_keeps_clear_of_the_menus_header() {
    let mut g = Acq::start("1N");
    g.keys("M");
    let top = row(&g, 0);
    assert!(top.starts_with("CHAIN      SIZE PRICE LEFT YOU"), "{top:?}");
    assert_eq!(g.m.peek(0x400 + 30), 96, "a blank before the star: {top:?}");
    let star = g.m.peek(0x400 + 31);
    assert!(star == 42 || star == 191, "the star winks at 31: {star}");
    // The rows keep their columns: the size under SIZE, your shares under YOU.
    let l = row(&g, 1);
    assert!(l.starts_with("LUXOR"), "{l:?}");
    assert_eq!(l.len(), 32, "{l:?}");
    assert_eq!(&l[30..], "  ", "{l:?}");
}

/// A chain read as stripes: each square was its colour block and then its letter. Now both
/// halves of every square of a chain are its colour, so a chain is one block (its letter
/// stands beside its colour in the list at the right).
#[test]
fn a_chain_reads_as_one_block_of_its_colour() {
    let (mut g, _) = person_with_chain_l();
    g.chain('T', &["5E", "5F", "6E"]);
    let chains = [('L', &["1A", "1B"][..]), ('T', &["5E", "5F", "6E"][..])];
    let colours: Vec<u8> = chains
        .iter()
        .map(|&(letter, _)| 143 + 16 * g.num(&format!("CO({})", chain_no(letter))) as u8)
        .collect();
    // The whole screen drawn afresh (direct mode's lines come after it, below the board).
    g.direct("GOSUB 6030");
    for (&(letter, cells), colour) in chains.iter().zip(colours) {
        for cell in cells {
            let (r, c) = rc(cell);
            let at = 0x400 + 32 * (r as u16 + 1) + 2 * c as u16;
            let square = [g.m.peek(at), g.m.peek(at + 1)];
            let screen = g.m.screen_text();
            assert_eq!(square, [colour, colour], "{letter} at {cell}\n{screen}");
        }
        // Its letter beside its colour in the list at the right.
        let list = 0x400 + 59 + 32 * chain_no(letter) as u16;
        assert_eq!([g.m.peek(list), g.m.peek(list + 1)], [colour, letter as u8]);
    }
}

/// While "PLAYER n PLAYS FIRST" is read, the top line names that player (it showed
/// "ACQUIRE  (COMPUTER)": the name was set only when the first turn began).
#[test]
fn the_top_line_names_the_player_who_plays_first() {
    for wait in [0, 10, 20, 30] {
        let mut g = Acq::start_after("", wait);
        g.m.type_script(&spacemono_core::parse_key_script("2N").unwrap());
        let mut seen = false;
        for _ in 0..50 * 30 {
            let screen = g.m.screen_text();
            if let Some(first) = screen.lines().find(|l| l.contains("PLAYS FIRST")) {
                let who = first.trim().trim_end_matches(" PLAYS FIRST").to_string();
                assert!(row(&g, 0).contains(&who), "{:?} / {who:?}", row(&g, 0));
                seen = true;
                break;
            }
            g.m.run_field();
        }
        assert!(seen, "wait {wait}: {}", g.m.screen_text());
    }
}
