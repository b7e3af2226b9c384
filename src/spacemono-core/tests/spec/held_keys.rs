//! Several keys held down at once (issue 29): a program that scans the keyboard matrix itself
//! sees every key held (`Machine::key_down` … `release_key`), the matrix ghosts as a Dragon's
//! does, and BASIC's own key queue is left as it was.

use spacemono_core::Machine;

use crate::common::{between, machine};

/// The rows PIA0 reads (bits 0-6, 0 = down) with the columns `columns_low` driven low.
fn rows(m: &Machine, columns_low: u8) -> u8 {
    let mut m = m.clone();
    m.poke(0xFF02, !columns_low);
    m.peek(0xFF00) & 0x7F
}

/// A game's loop in BASIC: it reads A (row 2, column 1) and S (row 4, column 3) from the
/// matrix, and both columns together, and says which it sees; INKEY$ gets nothing.
const SCAN: &str = "10 POKE &HFF02,&HFD:A=PEEK(&HFF00) AND 4\n\
    20 POKE &HFF02,&HF7:S=PEEK(&HFF00) AND 16\n\
    30 POKE &HFF02,&HF5:B=PEEK(&HFF00) AND 127\n\
    40 IF A=0 THEN PRINT \"A\";\n\
    50 IF S=0 THEN PRINT \"S\";\n\
    60 PRINT B;INKEY$=\"\"\n";

fn run_scan(m: &mut Machine) -> String {
    let from = m.transcript_len();
    m.type_text(b"RUN\r");
    m.run_until_done(Some(50 * 10));
    between(&m.transcript_since(from).unwrap(), "RUN\n")
}

#[test]
fn a_program_scanning_the_matrix_sees_two_held_keys() {
    let mut m = machine();
    m.load_listing(SCAN.as_bytes()).unwrap();
    m.key_down(b'A');
    m.key_down(b'S');
    assert_eq!(run_scan(&mut m), "AS 107 -1 \n", "both held: rows 2 and 4");
    m.release_key(b'A');
    m.run_field();
    m.run_field();
    assert_eq!(run_scan(&mut m), "S 111 -1 \n", "A let go");
    m.release_key(b'S');
    m.run_field();
    m.run_field();
    assert_eq!(run_scan(&mut m), " 127 -1 \n", "none held");
}

#[test]
fn three_keys_at_three_corners_make_the_fourth_read_as_down() {
    let mut m = machine();
    // A (row 2, col 1), Q (row 4, col 1), S (row 4, col 3): column 3 reaches row 2 through
    // S, Q and A, so C (row 2, col 3) reads as down though no one holds it.
    m.key_down(b'S');
    m.key_down(b'A');
    assert_eq!(rows(&m, 1 << 3), 0x7F & !0x10, "two keys: no ghost");
    m.key_down(b'Q');
    assert_eq!(rows(&m, 1 << 3), 0x7F & !0x10 & !0x04, "the ghost C");
    // Column 5 shares no row with them: nothing.
    assert_eq!(rows(&m, 1 << 5), 0x7F);
}

#[test]
fn a_brief_hold_is_seen_for_two_fields_and_a_long_one_goes_up_at_its_release() {
    let mut m = machine();
    m.key_down(b'Z'); // row 5, column 2
    m.release_key(b'Z');
    for field in 0..2 {
        assert_eq!(rows(&m, 1 << 2), 0x5F, "field {field}: still seen");
        m.run_field();
    }
    assert_eq!(rows(&m, 1 << 2), 0x7F, "then up");
    // A key typed and held: let go, it goes up at once, not 30 fields later.
    m.type_key(b'Z');
    m.key_down(b'Z');
    for _ in 0..20 {
        m.run_field();
    }
    assert_eq!(rows(&m, 1 << 2), 0x5F);
    m.release_key(b'Z');
    assert_eq!(rows(&m, 1 << 2), 0x7F);
}

#[test]
fn held_keys_come_back_with_a_snapshot() {
    let mut m = machine();
    m.key_down(b'A');
    m.key_down(b'S');
    m.release_key(b'A');
    m.run_field();
    m.run_field();
    let back = Machine::from_snapshot(&m.snapshot().unwrap()).unwrap();
    assert_eq!(rows(&back, 0xFF), 0x7F & !0x10, "S held, A let go");
}

#[test]
fn a_key_script_holds_two_keys_for_a_program_that_scans_the_matrix() {
    let mut m = machine();
    m.load_listing(SCAN.as_bytes()).unwrap();
    let script = spacemono_core::parse_key_script("{HOLD A}{HOLD S}RUN\n").unwrap();
    m.type_script(&script);
    let from = m.transcript_len();
    m.run_until_done(Some(50 * 10));
    let t = m.transcript_since(from).unwrap();
    assert!(t.contains("RUN\nAS 107 -1 \n"), "{t:?}");
    let script = spacemono_core::parse_key_script("{RELEASE A}{WAIT 2}RUN\n").unwrap();
    m.type_script(&script);
    let from = m.transcript_len();
    m.run_until_done(Some(50 * 10));
    let t = m.transcript_since(from).unwrap();
    assert!(t.contains("RUN\nS 111 -1 \n"), "{t:?}");
}
