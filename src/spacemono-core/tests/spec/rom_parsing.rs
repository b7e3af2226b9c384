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

/// The Dig Dug line of issue 31, as the Dragon's cruncher stores it: `GTHENON2` is one name
/// (after the unmatched `G` the letters run on as text), so the line reads
/// `IF RND(25)>GT+SGN(…) GOSUB 2` followed by `,18,4`. A GO after the condition works as
/// THEN (DR `CmdIF` $8647); GOSUB's return skips the rest of its statement (`L860D` →
/// `CmdData`) and a false IF skips to the line's end, so the `,18,4` is never read.
#[test]
fn the_dig_dug_line_runs_whether_its_if_is_true_or_false() {
    let listing = "1 GOTO 19\n2 PRINT \"A\";:RETURN\n4 PRINT \"C\";:RETURN\n\
                   6 PRINT \"D\";:RETURN\n8 PRINT \"E\";:RETURN\n18 PRINT \"B\";:RETURN\n\
                   19 DIM X(4),Y(4):GT=30:FOR J=1 TO 2:FOR C=1 TO 1\n\
                   21 NEXT:FORC=2TO4:IFRND(25)>GTHENON2+SGN(X(1)-X(C))GOSUB2,18,4:\
                   ON2+SGN(Y(1)-Y(C))GOSUB6,18,8:NEXT:NEXT:GOTO25\n\
                   22 PRINT \"SKIPPED\";C:GT=0:FOR C=1 TO 1:GOTO 21\n25 PRINT \"DONE\"";
    assert_eq!(output(listing, ""), "SKIPPED 2 \nABABABABABABDONE\n");
}

/// Junk after a statement is seen only when the statement leaves the ROM's text pointer on
/// it (the dispatcher `BasRun` $849F wants a `:` or the line's end): not after a false IF,
/// nor after a jump, even to the same line.
#[test]
fn junk_after_a_statement_is_seen_only_when_execution_reaches_it() {
    assert_eq!(
        output(
            "10 IF 0 GOSUB 30,40:PRINT \"NOT HERE\"\n20 PRINT \"B\":END\n30 PRINT \"A\":RETURN",
            ""
        ),
        "B\n"
    );
    assert_eq!(output("10 I=I+1:IF I<3 THEN 10 X\n20 PRINT I", ""), " 3 \n");
    assert_eq!(
        output("10 I=I+1:IF I<3 THEN GOTO 10 X\n20 PRINT I", ""),
        " 3 \n"
    );
    assert_eq!(
        output("10 GOSUB 10 X\n20 END", ""),
        "?OM ERROR IN 10\n",
        "a GOSUB to its own line never reads its junk"
    );
    // ON with no entry taken goes on to the junk; an ELSE part's junk is its own.
    assert_eq!(
        output("10 ON 3 GOTO 20,30 X\n20 PRINT \"20\"\n30 PRINT \"30\"", ""),
        "?SN ERROR IN 10\n"
    );
    assert_eq!(
        output("10 IF 0 THEN 20 ELSE A=1 X\n20 PRINT A", ""),
        "?SN ERROR IN 10\n"
    );
    assert_eq!(
        output("10 IF 1 THEN 20 ELSE A=1 X\n20 PRINT \"20\"", ""),
        "20\n"
    );
}

/// RETURN, END and STOP with anything after them do nothing but stop with ?SN (each
/// branches to its RTS when CHRGET did not find the statement's end).
#[test]
fn return_end_and_stop_refuse_an_argument() {
    assert_eq!(
        output("10 GOSUB 20:PRINT \"BACK\"\n20 RETURN X", ""),
        "?SN ERROR IN 20\n"
    );
    assert_eq!(output("10 END 5\n20 PRINT \"ON\"", ""), "?SN ERROR IN 10\n");
    assert_eq!(
        output("10 IF 1 THEN STOP X\n20 PRINT \"ON\"", ""),
        "?SN ERROR IN 10\n"
    );
}
