//! The printer port: `PRINT #-2` sends text to a printer the host attached (play by file
//! reads a game's state this way), with its own column for `,` and TAB; the screen is left
//! alone.

use spacemono::frontend::headless::run_until_done;
use spacemono_core::Machine;

fn run_with_printer(listing: &[u8]) -> (Machine, Vec<u8>) {
    let mut m = Machine::new();
    m.attach_printer();
    m.load_listing(listing).unwrap();
    m.type_text(b"RUN\r");
    run_until_done(&mut m, Some(500));
    let printed = m.take_printed();
    (m, printed)
}

#[test]
fn print_to_the_printer_reaches_the_host_and_not_the_screen() {
    let (m, printed) = run_with_printer(b"10 PRINT #-2,\"TURN:\";7\r20 PRINT #-2,\"END\"\r");
    assert_eq!(printed, b"TURN: 7 \rEND\r");
    assert!(!m.screen_text().contains("TURN"), "{}", m.screen_text());
}

#[test]
fn what_was_taken_is_not_taken_again() {
    let (mut m, printed) = run_with_printer(b"10 PRINT #-2,\"A\"\r");
    assert_eq!(printed, b"A\r");
    assert_eq!(m.take_printed(), b"");
}

#[test]
fn without_a_printer_nothing_is_kept() {
    let mut m = Machine::new();
    m.load_listing(b"10 PRINT #-2,\"A\"\r").unwrap();
    m.type_text(b"RUN\r");
    run_until_done(&mut m, Some(500));
    assert_eq!(m.take_printed(), b"");
}

/// Issue 27: a program printing to the printer with no line end, for ever. The printer holds
/// at most `PRINTER_LIMIT` characters between takes and counts what it drops; a host that
/// takes them every field (play by file) drops the over-long line in its block reader, which
/// stays bounded, and still reads a good block afterwards.
#[test]
fn a_printer_that_prints_for_ever_keeps_the_host_bounded() {
    use spacemono::frontend::play::turn_file::{BlockReader, MAX_LINE_BYTES};
    use spacemono_core::PRINTER_LIMIT;

    let listing = format!("10 PRINT#-2,\"{}\";:GOTO 10\r", "X".repeat(24));
    // Nobody takes it: the printer stops at its limit and counts the rest.
    let mut m = Machine::new();
    m.attach_printer();
    m.load_listing(listing.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    let mut fields = 0;
    while m.printer_dropped() == 0 && fields < 200_000 {
        m.run_field();
        fields += 1;
    }
    assert!(
        m.printer_dropped() > 0,
        "nothing dropped in {fields} fields"
    );
    assert_eq!(m.take_printed().len(), PRINTER_LIMIT);
    // Taken every field: nothing is dropped by the printer, and the reader drops the line.
    let mut reader = BlockReader::default();
    let mut m = Machine::new();
    m.attach_printer();
    m.load_listing(listing.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    let mut taken = 0;
    while taken < 4 * PRINTER_LIMIT {
        m.run_field();
        let printed = m.take_printed();
        taken += printed.len();
        assert!(reader.push(&printed).is_empty());
    }
    assert_eq!(m.printer_dropped(), 0);
    let blocks = reader.push(b"\r===== spacemono v1.0.0 =====\rTURN:1\rEND\r");
    assert_eq!(reader.dropped(), 1, "the line of {taken} characters");
    assert_eq!(blocks.len(), 1);
    assert!(blocks[0].lines.iter().all(|l| l.len() <= MAX_LINE_BYTES));
}
