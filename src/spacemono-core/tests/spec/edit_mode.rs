//! EDIT n, with the Color BASIC manual's edit commands.

use crate::common::*;

#[test]
fn extend_appends_to_the_end_of_the_line() {
    let t = session("10 PRINT \"HELLO\"\nEDIT 10\nX;\nLIST");
    assert!(t.ends_with("LIST\n10 PRINT \"HELLO\";\nOK\n"), "{t}");
}

#[test]
fn search_then_change_replaces_characters() {
    // Search for the 1st H, change 5 characters to WORLD.
    let t = session("10 PRINT \"HELLO\"\nEDIT 10\nSH5CWORLD\nLIST");
    assert!(t.ends_with("LIST\n10 PRINT \"WORLD\"\nOK\n"), "{t}");
}

#[test]
fn delete_and_insert() {
    // Move 5 right, delete 1 (the space, shown between ! marks), insert "X=1:", store.
    let t = session("10 PRINT 5\nEDIT 10\n5 DIX=1:\nLIST");
    assert!(t.contains("10 PRINT! !X=1:5\n"), "{t}");
    assert!(t.ends_with("LIST\n10 PRINTX=1:5\nOK\n"), "{t}");
}

#[test]
fn hack_deletes_the_rest_and_break_abandons() {
    let t = session("10 PRINT 123\nEDIT 10\n6 H4\nLIST");
    assert!(t.ends_with("LIST\n10 PRINT 4\nOK\n"), "{t}");
    let t = session("10 PRINT 1\nEDIT 10\nH{BREAK}LIST");
    assert!(t.ends_with("LIST\n10 PRINT 1\nOK\n"), "{t}");
}

#[test]
fn edit_of_a_missing_line_is_undefined() {
    assert_eq!(direct("EDIT 50"), "?UL ERROR\n");
}
