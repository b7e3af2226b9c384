//! Issue 31: listings the genuine ROM runs, where its DATA scan and statement parser accept
//! what a stricter reading would refuse. Each test is a snippet and what the Dragon prints.

use crate::common::*;

/// DR `CmdRead` $8777: the data pointer rests on the `,` that ended an item, so an empty item
/// (between commas, after DATA, before the line's end) is read as 0.
#[test]
fn empty_data_items_read_as_zero() {
    assert_eq!(
        output(
            "10 DATA,,\n20 DATA 1,,\n30 DATA ,5\n40 FOR I=1 TO 8:READ A:PRINT A;:NEXT",
            ""
        ),
        " 0  0  0  1  0  0  0  5 \n"
    );
}

#[test]
fn empty_data_items_read_as_empty_strings() {
    assert_eq!(
        output(
            "10 DATA,\"\",  ,X\n20 FOR I=1 TO 4:READ A$:PRINT \"<\";A$;\">\";:NEXT",
            ""
        ),
        "<><><><X>\n"
    );
}

/// A DATA with nothing (or only spaces) after it still holds one item.
#[test]
fn a_bare_data_statement_holds_one_item() {
    assert_eq!(
        output(
            "10 DATA\n20 DATA   \n30 DATA 7\n40 READ A,B,C:PRINT A;B;C",
            ""
        ),
        " 0  0  7 \n"
    );
}

/// An unquoted string keeps its inner and trailing spaces (only leading ones are skipped).
#[test]
fn an_unquoted_data_string_keeps_its_trailing_spaces() {
    assert_eq!(
        output("10 DATA  A B ,C\n20 READ A$,B$:PRINT \"<\";A$;\">\";B$", ""),
        "<A B >C\n"
    );
}

/// READ goes looking for the next DATA only from a line's 0: after an item ended by `:` it
/// reads on into the next statement, so a statement after DATA is read as an item (?SN in the
/// DATA line), and a `:` at the line's end leaves one more empty item.
#[test]
fn read_past_a_colon_reads_the_next_statement() {
    assert_eq!(
        output("10 DATA 1,2:PRINT \"X\";\n20 READ A,B:PRINT A;B:READ C", ""),
        "X 1  2 \n?SN ERROR IN 10\n"
    );
    assert_eq!(
        output("10 DATA 1:\n20 READ A,B,C:PRINT A;B;C\n30 DATA 3", ""),
        " 1  0  3 \n"
    );
}

/// The search for the next DATA (DR `L87EA`) looks at the first byte of each statement,
/// spaces included: a DATA after `: ` is not found.
#[test]
fn the_data_search_looks_only_at_a_statements_first_byte() {
    assert_eq!(
        output("10 PRINT \"X\";: DATA 1\n20 READ A", ""),
        "X\n?OD ERROR IN 20\n"
    );
    assert_eq!(
        output("10 PRINT \"X\";:DATA 5,6\n20 READ A,B:PRINT A;B", ""),
        "X 5  6 \n"
    );
}
