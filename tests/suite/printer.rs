//! The printer port: `PRINT #-2` sends text to a printer the host attached (play by file
//! reads a game's state this way), with its own column for `,` and TAB; the screen is left
//! alone.

use spacemono::computer::Machine;
use spacemono::frontend::headless::run_until_done;

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
