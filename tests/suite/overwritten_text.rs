//! Issue 31: a program whose text is written while it runs. The ROM runs a program from its
//! text, so after a statement that wrote over it (POKE, PCOPY onto the program's page, a tape
//! load) it goes on with whatever bytes are now where its pointer rests: the `:` or 0 that
//! ended the statement.

use crate::common::*;
use spacemono::frontend::tape_file::insert;

/// With PCLEAR 4, page 5 is at $1E00, where the program starts, and the Dragon 32's PCOPY
/// lets it through (docs/graphics.md §1.8). Page 1 filled with $FF first: after the PCOPY the
/// byte where the pointer rests is $FF, so the rest of line 20 is a syntax error.
#[test]
fn pcopy_over_the_running_line_stops_it_with_a_syntax_error() {
    assert_eq!(
        output(
            "5 PMODE 4,1:PCLS 3\n10 PRINT \"X\"\n20 PCOPY 1 TO 5:PRINT \"A\"\n30 PMODE 4,5",
            ""
        ),
        "X\n?SN ERROR IN 20\n"
    );
}

/// The same listing with page 1 as it is after power-on here (zeros; a real Dragon's RAM
/// holds noise there, which is what made the machine stop with ?SN): the pointer
/// rests on a 0 followed by a 0000 link, which ends the program as END does.
#[test]
fn pcopy_of_a_blank_page_over_the_program_ends_it() {
    assert_eq!(
        output(
            "10 PRINT \"X\"\n20 PCOPY 1 TO 5:PRINT \"A\"\n30 PMODE 4,5",
            ""
        ),
        "X\n"
    );
}

/// A POKE of the `:` that ends the POKE itself: the ROM's dispatcher finds an `X` there.
#[test]
fn a_poke_over_the_end_of_its_own_statement_is_a_syntax_error() {
    let listing = "10 P=PEEK(25)*256+PEEK(26)\n\
                   11 IF PEEK(P)<>58 OR PEEK(P+1)<>135 THEN P=P+1:GOTO 11\n\
                   20 POKE P,88:PRINT \"A\"\n30 PRINT \"B\"";
    assert_eq!(output(listing, ""), "?SN ERROR IN 20\n");
}

/// A POKE into a later statement of the running line, and into a later line: both run as
/// they now read.
#[test]
fn a_poke_into_text_not_yet_run_is_what_runs() {
    let listing = "10 P=PEEK(25)*256+PEEK(26)\n\
                   11 IF PEEK(P)<>34 OR PEEK(P+1)<>65 THEN P=P+1:GOTO 11\n\
                   20 POKE P+1,66:PRINT \"A\";:POKE P+22,67\n30 PRINT \"A\"";
    // P is the quote before line 20's A; line 30's A is 22 bytes on (the rest of line 20,
    // its 0, line 30's link and number, PRINT, a space and a quote).
    assert_eq!(output(listing, ""), "BC\n");
}

/// CLOADM of bytes over a line already run: GOTO (which, unlike RUN, keeps everything)
/// runs the new text, not the line as it was compiled before.
#[test]
fn cloadm_over_the_program_text_is_seen_by_a_direct_goto() {
    let dir = temp_dir("cloadm-over-text");
    std::fs::create_dir_all(&dir).unwrap();
    let tape = dir.join("code.cas");
    let _ = std::fs::remove_file(&tape);
    let mut m = machine();
    insert(m.deck(), &tape).unwrap();
    // One byte, "B", saved from $3000; loaded with an offset that puts it on the A of
    // `10 PRINT "A"` ($1E01 + link 2 + number 2 + PRINT, space, quote = $1E08).
    typed(
        &mut m,
        "POKE &H3000,66:CSAVEM \"CODE\",&H3000,&H3000,&H3000",
    );
    insert(m.deck(), &tape).unwrap();
    let t = typed(
        &mut m,
        "10 PRINT \"A\"\nRUN\nCLOADM \"CODE\",&HEE08\nGOTO 10",
    );
    assert!(t.ends_with("GOTO 10\nB\nOK\n"), "{t}");
    assert!(t.contains("RUN\nA\nOK\n"), "{t}");
}
