//! Cruncher and LIST against the Dragon's rules (docs/machine.md §1, docs/interpreter.md §1.2 and §4,
//! DR `L8F67`, `L8F08`, `L869A`). Every expected byte is written out from the token table:
//! FOR $80, GO $81, REM $82, ' $83, ELSE $84, IF $85, DATA $86, PRINT $87, ON $88, DEF $98,
//! PCLEAR $AF, LINE $AA, PSET $AC, TAB( $BB, TO $BC, SUB $BD, FN $BE, THEN $BF, `+` $C3,
//! `-` $C4, * $C5, / $C6, ^ $C7, > $CA, = $CB, < $CC; functions $FF then RND $84,
//! LEFT$ $96, INKEY$ $9A, MEM $9B, STRING$ $A0.

use spacemono_core::basic::crunch::{crunch, split_line_number};
use spacemono_core::basic::error::ErrorCode;
use spacemono_core::basic::listing::list_line;

fn c(s: &str) -> Vec<u8> {
    crunch(s.as_bytes())
}

/// Bytes from a mix of text and raw token bytes.
fn b(parts: &[&dyn AsBytes]) -> Vec<u8> {
    parts.iter().flat_map(|p| p.bytes_of()).collect()
}
trait AsBytes {
    fn bytes_of(&self) -> Vec<u8>;
}
impl AsBytes for &str {
    fn bytes_of(&self) -> Vec<u8> {
        self.as_bytes().to_vec()
    }
}
impl AsBytes for u8 {
    fn bytes_of(&self) -> Vec<u8> {
        vec![*self]
    }
}

#[test]
fn print_mem_is_four_bytes_of_text() {
    // 10 PRINT MEM = 9 bytes stored: link 2 + number 2 + these 4 + the 0.
    assert_eq!(c("PRINT MEM"), vec![0x87, 0x20, 0xFF, 0x9B]);
}

#[test]
fn gosub_loop_line_is_eighteen_bytes_of_text() {
    // 10 N=N+1:PRINT@0,N;:GOSUB 10 = 23 bytes stored.
    let want = b(&[
        &"N", &0xCBu8, &"N", &0xC3u8, &"1:", &0x87u8, &"@0,N;:", &0x81u8, &0xBDu8, &" 10",
    ]);
    assert_eq!(c("N=N+1:PRINT@0,N;:GOSUB 10"), want);
    assert_eq!(want.len() + 5, 23);
}

#[test]
fn question_mark_is_print_and_data_is_verbatim() {
    let got = c("?\"Q\";:DATA 1,\"A B\", C");
    let want = b(&[&0x87u8, &"\"Q\";:", &0x86u8, &" 1,\"A B\", C"]);
    assert_eq!(got, want);
    assert_eq!(
        list_line(50, &got),
        b"50 PRINT\"Q\";:DATA 1,\"A B\", C".to_vec()
    );
}

#[test]
fn apostrophe_is_colon_rem_quote_and_lists_unchanged() {
    let got = c("A=1 ' HI");
    assert_eq!(got, b(&[&"A", &0xCBu8, &"1 :", &0x83u8, &" HI"]));
    assert_eq!(list_line(20, &got), b"20 A=1 ' HI".to_vec());
    // Rest of the line is not crunched.
    assert_eq!(c("'PRINT:GOTO"), b(&[&":", &0x83u8, &"PRINT:GOTO"]));
    // A typed colon is kept and a second one inserted.
    assert_eq!(c("A:'X"), b(&[&"A::", &0x83u8, &"X"]));
    assert_eq!(list_line(1, &c("A:'X")), b"1 A:'X".to_vec());
}

#[test]
fn else_always_gets_an_inserted_colon() {
    assert_eq!(
        c("IF A THEN 10 ELSE 20"),
        b(&[&0x85u8, &" A ", &0xBFu8, &" 10 :", &0x84u8, &" 20"])
    );
    // L9002 does not look at what came before: a typed colon gives two.
    assert_eq!(
        c("IFA THEN10:ELSE20"),
        b(&[&0x85u8, &"A ", &0xBFu8, &"10::", &0x84u8, &"20"])
    );
    assert_eq!(
        list_line(5, &c("IFA THEN10:ELSE20")),
        b"5 IFA THEN10:ELSE20".to_vec()
    );
    assert_eq!(c("ELSE"), vec![b':', 0x84]);
}

#[test]
fn no_word_boundaries_and_the_illegal_token_rule() {
    assert_eq!(
        c("FORI=1TO9"),
        b(&[&0x80u8, &"I", &0xCBu8, &"1", &0xBCu8, &"9"])
    );
    // IF, then X starts a run that is text: XTHEN50.
    assert_eq!(c("IFXTHEN50"), b(&[&0x85u8, &"XTHEN50"]));
    assert_eq!(c("TOTAL=3"), b(&[&0xBCu8, &"TAL", &0xCBu8, &"3"]));
    assert_eq!(
        c("SCORE=5:PRINT SCORE"),
        b(&[&"SCORE", &0xCBu8, &"5:", &0x87u8, &" SCORE"])
    );
    assert_eq!(c("FORM=1"), b(&[&0x80u8, &"M", &0xCBu8, &"1"]));
    assert_eq!(c("ATO"), b"ATO".to_vec());
    // A space ends the run.
    assert_eq!(c("X TO"), b(&[&"X ", &0xBCu8]));
    // ON X GOTO needs the space: after X the run swallows GOTO10.
    assert_eq!(c("ONXGOTO10"), b(&[&0x88u8, &"XGOTO10"]));
    assert_eq!(
        c("ON X GOTO 10,20"),
        b(&[&0x88u8, &" X ", &0x81u8, &0xBCu8, &" 10,20"])
    );
    // A digit does not start a run: 1TO9 above; 1E5 does (E is a letter that is no keyword).
    assert_eq!(c("1E+5"), b(&[&"1E", &0xC3u8, &"5"]));
}

#[test]
fn go_to_and_go_sub() {
    assert_eq!(c("GOTO10"), vec![0x81, 0xBC, b'1', b'0']);
    assert_eq!(c("GO TO 10"), b(&[&0x81u8, &" ", &0xBCu8, &" 10"]));
    assert_eq!(c("GOSUB20"), vec![0x81, 0xBD, b'2', b'0']);
    assert_eq!(c("GO SUB 20"), b(&[&0x81u8, &" ", &0xBDu8, &" 20"]));
    assert_eq!(list_line(7, &c("GO TO 10")), b"7 GO TO 10".to_vec());
}

#[test]
fn rem_quotes_and_data_are_verbatim() {
    assert_eq!(c("REM PRINT \"X"), b(&[&0x82u8, &" PRINT \"X"]));
    assert_eq!(c("REMARK"), b(&[&0x82u8, &"ARK"]));
    assert_eq!(
        c("PRINT\"TO ELSE\"TO"),
        b(&[&0x87u8, &"\"TO ELSE\"", &0xBCu8])
    );
    assert_eq!(c("PRINT\"OPEN TO"), b(&[&0x87u8, &"\"OPEN TO"]));
    assert_eq!(c("DATA PRINT,TO,?"), b(&[&0x86u8, &" PRINT,TO,?"]));
    // DATA ends at a colon outside quotes, not inside.
    assert_eq!(
        c("DATA \"A:B\",C:PRINT"),
        b(&[&0x86u8, &" \"A:B\",C:", &0x87u8])
    );
    assert_eq!(c("DATA 1:DATA 2"), b(&[&0x86u8, &" 1:", &0x86u8, &" 2"]));
    // ' inside DATA or quotes is just a character.
    assert_eq!(c("DATA 'X"), b(&[&0x86u8, &" 'X"]));
    assert_eq!(c("PRINT\"'\""), b(&[&0x87u8, &"\"'\""]));
}

#[test]
fn only_upper_case_keywords() {
    assert_eq!(c("print x"), b"print x".to_vec());
    assert_eq!(c("Print"), b"Print".to_vec());
    // A lower-case letter does not start a run, so a keyword right after it is found.
    assert_eq!(c("aTO"), b(&[&"a", &0xBCu8]));
}

#[test]
fn functions_operators_and_others() {
    assert_eq!(
        c("A=LEFT$(B$,2)"),
        b(&[&"A", &0xCBu8, &0xFFu8, &0x96u8, &"(B$,2)"])
    );
    assert_eq!(c("A$=INKEY$"), b(&[&"A$", &0xCBu8, &0xFFu8, &0x9Au8]));
    assert_eq!(
        c("S$=STRING$(3,65)"),
        b(&[&"S$", &0xCBu8, &0xFFu8, &0xA0u8, &"(3,65)"])
    );
    assert_eq!(c("A<>B"), b(&[&"A", &0xCCu8, &0xCAu8, &"B"]));
    assert_eq!(
        c("2*3/4^5-1"),
        b(&[&"2", &0xC5u8, &"3", &0xC6u8, &"4", &0xC7u8, &"5", &0xC4u8, &"1"])
    );
    assert_eq!(
        c("DEFFNA(X)=X*2"),
        b(&[&0x98u8, &0xBEu8, &"A(X)", &0xCBu8, &"X", &0xC5u8, &"2"])
    );
    assert_eq!(c("PRINT TAB(5)"), b(&[&0x87u8, &" ", &0xBBu8, &"5)"]));
    assert_eq!(c("PCLEAR1"), b(&[&0xAFu8, &"1"]));
    assert_eq!(
        c("LINE(0,0)-(5,5),PSET"),
        b(&[&0xAAu8, &"(0,0)", &0xC4u8, &"(5,5),", &0xACu8])
    );
    assert_eq!(c(""), Vec::<u8>::new());
    assert_eq!(c("  "), b"  ".to_vec());
    // A 0 byte ends the text, as it ends the input buffer.
    assert_eq!(crunch(b"PRINT\0GOTO"), vec![0x87]);
}

#[test]
fn line_numbers_as_bas_get_line_no_reads_them() {
    assert_eq!(
        split_line_number(b"10 PRINT"),
        Ok(Some((10, &b"PRINT"[..])))
    );
    assert_eq!(split_line_number(b"10"), Ok(Some((10, &b""[..]))));
    assert_eq!(split_line_number(b"10   "), Ok(Some((10, &b""[..]))));
    // BasChrGet skips spaces before and inside the number.
    assert_eq!(split_line_number(b" 1 0  X"), Ok(Some((10, &b"X"[..]))));
    assert_eq!(split_line_number(b"10A=1"), Ok(Some((10, &b"A=1"[..]))));
    assert_eq!(split_line_number(b"10.5"), Ok(Some((10, &b".5"[..]))));
    assert_eq!(split_line_number(b"007 X"), Ok(Some((7, &b"X"[..]))));
    assert_eq!(split_line_number(b"63999 A"), Ok(Some((63999, &b"A"[..]))));
    assert_eq!(split_line_number(b"64000"), Err(ErrorCode::SN));
    assert_eq!(split_line_number(b"99999 PRINT"), Err(ErrorCode::SN));
    assert_eq!(split_line_number(b"PRINT 10"), Ok(None));
    assert_eq!(split_line_number(b""), Ok(None));
    assert_eq!(split_line_number(b"   "), Ok(None));
}

#[test]
fn list_format_and_unknown_tokens() {
    assert_eq!(
        list_line(10, &[0x87, 0x20, 0xFF, 0x9B]),
        b"10 PRINT MEM".to_vec()
    );
    assert_eq!(list_line(0, b"X"), b"0 X".to_vec());
    assert_eq!(list_line(65535, b""), b"65535 ".to_vec());
    // Statement tokens beyond USING ($CD) and function numbers beyond USR ($A1) list as '!'.
    assert_eq!(list_line(1, &[0xCD, 0xCE, 0xFE]), b"1 USING!!".to_vec());
    assert_eq!(list_line(1, &[0xFF, 0xA1, 0xFF, 0xA2]), b"1 USR!".to_vec());
    // The byte after $FF has bit 7 masked off before the lookup.
    assert_eq!(list_line(1, &[0xFF, 0x01]), b"1 INT".to_vec());
    assert_eq!(list_line(1, &[0xFF, b':']), b"1 !".to_vec());
    // $FF as the last byte: the terminator is taken as function 0, SGN.
    assert_eq!(list_line(1, &[b'A', 0xFF]), b"1 ASGN".to_vec());
    // Colons hidden only before ELSE and '.
    assert_eq!(
        list_line(1, &[b':', 0x84, b':', 0x83, b':']),
        b"1 ELSE':".to_vec()
    );
    assert_eq!(list_line(1, &[0x84, 0x83]), b"1 ELSE'".to_vec());
    assert_eq!(list_line(1, &[b':', b':', 0x84]), b"1 :ELSE".to_vec());
}

#[test]
fn list_keeps_at_most_249_characters_of_text() {
    let text = vec![b'A'; 300];
    let mut want = b"7 ".to_vec();
    want.extend(std::iter::repeat_n(b'A', 249));
    assert_eq!(list_line(7, &text), want);
    // Keywords count by their expanded length: 50 PRINTs = 250 characters.
    let text = vec![0x87u8; 50];
    assert_eq!(list_line(7, &text).len(), 2 + 249);
}
