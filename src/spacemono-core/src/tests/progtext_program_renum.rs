//! Program storage (docs/machine.md §2, docs/interpreter.md §1.2, §4) and RENUM
//! (docs/interpreter.md §4, oracle check 16, DR `CmdRenum`). Addresses are worked out by hand:
//! a line takes 5 + text bytes, the program starts at $1E01 after power-on.

use spacemono_core::basic::crunch::{crunch, split_line_number};
use spacemono_core::basic::error::ErrorCode;
use spacemono_core::basic::listing::list_line;
use spacemono_core::basic::program::{
    clear_program, delete_range, find_line, lines, relink, store_line, walk,
};
use spacemono_core::basic::renum::renum;
use spacemono_core::machine::memory::{addr, Memory};

const SP: u16 = addr::POWER_ON_STACK_TOP;

fn fresh() -> Memory {
    let mut m = Memory::new();
    m.write_u16(addr::PROGRAM_START, addr::POWER_ON_PROGRAM);
    m.poke(addr::POWER_ON_PROGRAM - 1, 0);
    clear_program(&mut m);
    m
}

fn enter(m: &mut Memory, line: &str) {
    let (n, rest) = split_line_number(line.as_bytes()).unwrap().unwrap();
    store_line(m, n, &crunch(rest), SP).unwrap();
}

fn program(src: &[&str]) -> Memory {
    let mut m = fresh();
    for l in src {
        enter(&mut m, l);
    }
    m
}

fn listing(m: &Memory) -> Vec<String> {
    lines(m)
        .iter()
        .map(|l| String::from_utf8(list_line(l.number, l.text_bytes(m))).unwrap())
        .collect()
}

fn pointers(m: &Memory) -> [u16; 3] {
    [
        m.read_u16(addr::VARS_START),
        m.read_u16(addr::ARRAYS_START),
        m.read_u16(addr::STORAGE_END),
    ]
}

/// Every link points at the byte after its line's 0, the last link is 0000, and the
/// variable pointers sit right after it.
fn assert_consistent(m: &Memory) {
    let w = walk(m);
    let end_link = w.end_link.expect("program ends with a 0000 link");
    let mut expect = m.read_u16(addr::PROGRAM_START);
    for l in &w.lines {
        assert_eq!(l.addr, expect);
        assert_eq!(l.next, l.end + 1);
        expect = l.next;
    }
    assert_eq!(end_link, expect);
    assert_eq!(pointers(m), [end_link + 2; 3]);
}

fn renum_ok(m: &mut Memory, new: u16, start: Option<u16>, inc: u16) -> Vec<String> {
    let mut reports = Vec::new();
    renum(m, new, start, inc, SP, &mut |s| reports.push(s.to_string())).unwrap();
    assert_consistent(m);
    reports
}

fn renum_err(m: &mut Memory, new: u16, start: Option<u16>, inc: u16, sp: u16) -> ErrorCode {
    let before = m.clone();
    let mut reports = Vec::new();
    let e = renum(m, new, start, inc, sp, &mut |s| reports.push(s.to_string())).unwrap_err();
    assert!(
        reports.is_empty(),
        "no UL report when RENUM fails: {reports:?}"
    );
    assert!(
        m.all() == before.all(),
        "RENUM changed memory before failing with {e:?}"
    );
    e
}

#[test]
fn empty_program_after_power_on() {
    let m = fresh();
    assert_eq!(m.slice(0x1E00, 0x1E03), &[0, 0, 0]);
    assert_eq!(pointers(&m), [7683; 3]);
    assert!(lines(&m).is_empty());
}

#[test]
fn print_mem_line_is_nine_bytes() {
    let m = program(&["10 PRINT MEM"]);
    assert_eq!(
        m.slice(0x1E01, 0x1E0C),
        &[0x1E, 0x0A, 0x00, 0x0A, 0x87, 0x20, 0xFF, 0x9B, 0x00, 0x00, 0x00]
    );
    // 24862 = 32566 - 12 - VarEnd (oracle check 1) gives VarEnd 7692.
    assert_eq!(pointers(&m), [7692; 3]);
}

#[test]
fn gosub_loop_line_is_twenty_three_bytes() {
    let m = program(&["10 N=N+1:PRINT@0,N;:GOSUB 10"]);
    assert_eq!(pointers(&m)[0] - 7683, 23);
}

#[test]
fn lines_entered_out_of_order_are_linked_in_order() {
    let mut m = program(&["30 C", "10 A", "20 BB"]);
    #[rustfmt::skip]
    let want: &[u8] = &[
        0x1E, 0x07, 0x00, 10, b'A', 0,          // $1E01
        0x1E, 0x0E, 0x00, 20, b'B', b'B', 0,    // $1E07
        0x1E, 0x14, 0x00, 30, b'C', 0,          // $1E0E
        0x00, 0x00,                             // $1E14
    ];
    assert_eq!(m.slice(0x1E01, 0x1E16), want);
    assert_eq!(pointers(&m), [0x1E16; 3]);
    assert_eq!(find_line(&m, 20).map(|l| l.addr), Some(0x1E07));
    assert_eq!(find_line(&m, 15), None);
    assert_eq!(find_line(&m, 99), None);

    // Typing just the number deletes the line.
    enter(&mut m, "20");
    #[rustfmt::skip]
    let want: &[u8] = &[
        0x1E, 0x07, 0x00, 10, b'A', 0,
        0x1E, 0x0D, 0x00, 30, b'C', 0,
        0x00, 0x00,
    ];
    assert_eq!(m.slice(0x1E01, 0x1E0F), want);
    assert_eq!(pointers(&m), [0x1E0F; 3]);

    // Deleting a line that is not there changes nothing.
    let before = m.clone();
    enter(&mut m, "99 ");
    assert!(m.all() == before.all());

    // Replacing a line with a longer one moves the rest up.
    enter(&mut m, "10 LONGER");
    assert_eq!(listing(&m), ["10 LONGER", "30 C"]);
    assert_eq!(m.read_u16(0x1E01), 0x1E01 + 5 + 6);
    assert_consistent(&m);
}

#[test]
fn variable_pointers_follow_the_program_end() {
    let mut m = program(&["10 A"]);
    // Pretend variables and arrays exist above the program.
    m.write_u16(addr::ARRAYS_START, 0x2000);
    m.write_u16(addr::STORAGE_END, 0x2100);
    enter(&mut m, "20 B");
    assert_eq!(pointers(&m), [0x1E01 + 6 + 6 + 2; 3]);
}

#[test]
fn out_of_memory_when_the_new_end_comes_within_58_bytes_of_the_stack() {
    let mut m = fresh();
    let text = crunch(b"PRINT MEM");
    let new_end: u16 = 0x1E0C;
    let before = m.clone();
    assert_eq!(
        store_line(&mut m, 10, &text, new_end + 58),
        Err(ErrorCode::OM)
    );
    assert!(m.all() == before.all());
    assert_eq!(store_line(&mut m, 10, &text, new_end + 59), Ok(()));
    assert_eq!(pointers(&m), [new_end; 3]);
}

#[test]
fn replacement_is_checked_against_the_end_after_the_old_line_goes() {
    let mut m = program(&["10 XXXXXXXXXXXXXXXXXXXX"]); // 20 bytes of text
    let end: u16 = 0x1E03 + 25;
    assert_eq!(pointers(&m)[0], end);
    let short = crunch(b"YYYYYYYYYY");
    // New end = end - 25 + 15, well clear even with S only 58 above the current end.
    assert_eq!(store_line(&mut m, 10, &short, end + 58), Ok(()));
    assert_eq!(pointers(&m)[0], end - 10);
    let long = crunch(b"ZZZZZZZZZZZZ"); // 12 bytes: new end = end - 10 - 15 + 17
    let before = m.clone();
    assert_eq!(
        store_line(&mut m, 10, &long, end - 8 + 58),
        Err(ErrorCode::OM)
    );
    assert!(m.all() == before.all(), "nothing changes on ?OM");
    assert_eq!(store_line(&mut m, 10, &long, end - 8 + 59), Ok(()));
    assert_eq!(listing(&m), ["10 ZZZZZZZZZZZZ"]);
}

#[test]
fn deleting_a_line_needs_no_room() {
    let mut m = program(&["10 A", "20 B"]);
    assert_eq!(store_line(&mut m, 10, b"", 0), Ok(()));
    assert_eq!(listing(&m), ["20 B"]);
    assert_consistent(&m);
}

#[test]
fn program_start_is_read_from_19() {
    let mut m = Memory::new();
    m.write_u16(addr::PROGRAM_START, 0x0C01);
    clear_program(&mut m);
    assert_eq!(pointers(&m), [0x0C03; 3]);
    store_line(&mut m, 5, b"X", SP).unwrap();
    assert_eq!(m.slice(0x0C01, 0x0C09), &[0x0C, 0x07, 0, 5, b'X', 0, 0, 0]);
    assert_eq!(lines(&m)[0].addr, 0x0C01);
}

#[test]
fn new_leaves_two_zero_bytes() {
    let mut m = program(&["10 A", "20 B"]);
    m.write_u16(addr::STORAGE_END, 0x3000);
    clear_program(&mut m);
    assert_eq!(m.read_u16(0x1E01), 0);
    assert_eq!(pointers(&m), [0x1E03; 3]);
    assert!(lines(&m).is_empty());
}

#[test]
fn relink_rebuilds_links_from_the_zero_bytes() {
    let mut m = program(&["10 A", "20 BB", "30 C"]);
    let good = m.clone();
    m.write_u16(0x1E01, 0x1234);
    m.write_u16(0x1E07, 0xFFFF);
    m.write_u16(0x1E0E, 0x0001);
    relink(&mut m);
    assert!(m.all() == good.all());
}

#[test]
fn the_walk_stops_at_links_it_cannot_follow() {
    let mut m = program(&["10 A", "20 BB", "30 C"]);
    // Backwards link: the ROM's LIST would loop forever.
    m.write_u16(0x1E07, 0x1E01);
    assert_eq!(
        lines(&m).iter().map(|l| l.number).collect::<Vec<_>>(),
        [10, 20]
    );
    assert_eq!(walk(&m).end_link, None);
    // A link into the last bytes of RAM.
    m.write_u16(0x1E07, 0x7FFF);
    assert_eq!(lines(&m).len(), 2);
    // Program start pointing into ROM space.
    m.write_u16(addr::PROGRAM_START, 0xFFFF);
    assert!(lines(&m).is_empty());
    m.write_u16(addr::PROGRAM_START, 0x1E01);
    // Editing relinks such a program first.
    m.write_u16(0x1E07, 0x1E01);
    enter(&mut m, "25 D");
    assert_eq!(listing(&m), ["10 A", "20 BB", "25 D", "30 C"]);
    assert_consistent(&m);
}

#[test]
fn find_line_searches_as_bas_find_line_no() {
    let mut m = program(&["10 A", "20 B", "30 C"]);
    assert_eq!(find_line(&m, 30).map(|l| l.number), Some(30));
    // POKE line 20's number to 40: the search stops there, before the real 30.
    m.write_u16(0x1E07 + 2, 40);
    assert_eq!(find_line(&m, 30), None);
    assert_eq!(find_line(&m, 40).map(|l| l.addr), Some(0x1E07));
}

#[test]
fn del_removes_a_range() {
    let mut m = program(&["10 A", "20 B", "30 C", "40 D", "50 E"]);
    delete_range(&mut m, 20, 40);
    #[rustfmt::skip]
    let want: &[u8] = &[
        0x1E, 0x07, 0x00, 10, b'A', 0,
        0x1E, 0x0D, 0x00, 50, b'E', 0,
        0x00, 0x00,
    ];
    assert_eq!(m.slice(0x1E01, 0x1E0F), want);
    assert_eq!(pointers(&m), [0x1E0F; 3]);
    let before = m.clone();
    delete_range(&mut m, 25, 25); // DEL 25: not there, no error
    delete_range(&mut m, 50, 10); // first > last
    assert!(m.all() == before.all());
    delete_range(&mut m, 50, 50);
    assert_eq!(listing(&m), ["10 A"]);
    delete_range(&mut m, 0, 0xFFFF);
    assert!(lines(&m).is_empty());
    assert_eq!(pointers(&m), [0x1E03; 3]);
}

// ---------------------------------------------------------------- RENUM

#[test]
fn oracle_16_renum_100_5_reports_the_missing_line() {
    let mut m = program(&[
        "10 GOTO 30",
        "20 GOSUB 10",
        "30 IF A THEN 20 ELSE 99",
        "40 ON X GOTO 10,20, 30",
    ]);
    let reports = renum_ok(&mut m, 100, None, 5);
    assert_eq!(reports, ["UL 99 IN 110"]);
    assert_eq!(
        listing(&m),
        [
            "100 GOTO 110",
            "105 GOSUB 100",
            "110 IF A THEN 105 ELSE 99",
            "115 ON X GOTO 100,105, 110",
        ]
    );
    let l = find_line(&m, 110).unwrap();
    let mut want = vec![0x85, b' ', b'A', b' ', 0xBF];
    want.extend_from_slice(b" 105 :");
    want.extend_from_slice(&[0x84, b' ', b'9', b'9']);
    assert_eq!(l.text_bytes(&m), &want[..]);
}

#[test]
fn renum_200_110_touches_only_lines_from_110() {
    let mut m = program(&["10 GOTO 120", "110 B", "120 GOTO 10"]);
    assert!(renum_ok(&mut m, 200, Some(110), 10).is_empty());
    assert_eq!(listing(&m), ["10 GOTO 210", "200 B", "210 GOTO 10"]);
}

#[test]
fn renum_defaults_and_growing_references() {
    let mut m = program(&["1 GOTO 2", "2 GOTO 1"]);
    assert!(renum_ok(&mut m, 10, None, 10).is_empty());
    assert_eq!(listing(&m), ["10 GOTO 20", "20 GOTO 10"]);
    assert!(renum_ok(&mut m, 1000, None, 1000).is_empty());
    assert_eq!(listing(&m), ["1000 GOTO 2000", "2000 GOTO 1000"]);
    // GOTO 2000 = GO TO space 4 digits = 7 bytes of text, 12 per line.
    assert_eq!(pointers(&m)[0], 0x1E01 + 12 + 12 + 2);
}

#[test]
fn renum_overlap_is_fc_and_changes_nothing() {
    let mut m = program(&["10 A", "20 B", "30 C"]);
    assert_eq!(renum_err(&mut m, 15, Some(30), 10, SP), ErrorCode::FC);
    assert_eq!(renum_err(&mut m, 20, Some(30), 10, SP), ErrorCode::FC);
    // Start past the program and new below its last line.
    assert_eq!(renum_err(&mut m, 5, Some(100), 10, SP), ErrorCode::FC);
    renum_ok(&mut m, 25, Some(30), 10);
    assert_eq!(listing(&m), ["10 A", "20 B", "25 C"]);
}

#[test]
fn renum_range_and_increment_are_fc() {
    let mut m = program(&["10 A", "20 B"]);
    assert_eq!(renum_err(&mut m, 63990, None, 10, SP), ErrorCode::FC);
    assert_eq!(renum_err(&mut m, 10, None, 65535, SP), ErrorCode::FC);
    assert_eq!(renum_err(&mut m, 10, None, 0, SP), ErrorCode::FC);
    renum_ok(&mut m, 63990, None, 9);
    assert_eq!(listing(&m), ["63990 A", "63999 B"]);
    let mut one = program(&["10 A"]);
    renum_ok(&mut one, 63999, None, 60000);
    assert_eq!(listing(&one), ["63999 A"]);
}

#[test]
fn only_then_else_goto_gosub_references_are_renumbered() {
    let mut m = program(&[
        "10 RUN 20",
        "20 LIST 10",
        "30 RESTORE 10:DEL 20",
        "40 GO 10",
        "50 X=RND 5",
        "60 IF A THEN GOTO 20",
        "70 GO SUB 10:GO TO 20",
        "80 IF A GOTO 10",
    ]);
    let reports = renum_ok(&mut m, 100, None, 100);
    assert!(reports.is_empty(), "{reports:?}");
    assert_eq!(
        listing(&m),
        [
            "100 RUN 20",
            "200 LIST 10",
            "300 RESTORE 10:DEL 20",
            "400 GO 10",
            "500 X=RND 5",
            "600 IF A THEN GOTO 200",
            "700 GO SUB 100:GO TO 200",
            "800 IF A GOTO 100",
        ]
    );
}

#[test]
fn references_are_rewritten_as_plain_digits() {
    let mut m = program(&["10 GOTO 0020 :REM", "20 GOTO 2 0", "30 GOTO  10  "]);
    assert!(renum_ok(&mut m, 10, None, 10).is_empty());
    assert_eq!(
        listing(&m),
        ["10 GOTO 20 :REM", "20 GOTO 20", "30 GOTO  10  "]
    );
}

#[test]
fn missing_targets_are_reported_in_program_order() {
    let mut m = program(&["10 GOTO 5", "20 GOSUB 7:GOTO 10", "30 ON X GOSUB 20,9"]);
    let reports = renum_ok(&mut m, 100, None, 100);
    assert_eq!(reports, ["UL 5 IN 100", "UL 7 IN 200", "UL 9 IN 300"]);
    assert_eq!(
        listing(&m),
        ["100 GOTO 5", "200 GOSUB 7:GOTO 100", "300 ON X GOSUB 200,9"]
    );
}

#[test]
fn lines_before_start_have_their_references_updated() {
    let mut m = program(&["10 GOTO 30", "20 REM", "30 THEN"]);
    renum_ok(&mut m, 300, Some(30), 10);
    assert_eq!(listing(&m), ["10 GOTO 300", "20 REM", "300 THEN"]);
    // Nothing to renumber, but references are still rewritten.
    let mut m = program(&["10 GOTO 010"]);
    renum_ok(&mut m, 1000, Some(500), 10);
    assert_eq!(listing(&m), ["10 GOTO 10"]);
}

#[test]
fn renum_reference_above_63999_is_sn() {
    let mut m = program(&["10 GOTO 70000"]);
    assert_eq!(renum_err(&mut m, 100, None, 10, SP), ErrorCode::SN);
}

#[test]
fn renum_needs_room_for_five_byte_references() {
    // 10 GOTO 10: text GO TO space 1 0 = 5 bytes, end $1E01 + 10 + 2. While packed, the
    // 2-digit reference takes 5 bytes: 3 more.
    let mut m = program(&["10 GOTO 10"]);
    let end: u16 = 0x1E0D;
    assert_eq!(pointers(&m)[0], end);
    assert_eq!(
        renum_err(&mut m, 100, None, 10, end + 3 + 58),
        ErrorCode::OM
    );
    let mut reports = Vec::new();
    renum(&mut m, 100, None, 10, end + 3 + 59, &mut |s| {
        reports.push(s.to_string())
    })
    .unwrap();
    assert_eq!(listing(&m), ["100 GOTO 100"]);
    assert_eq!(pointers(&m), [end + 1; 3]);
}

// ---------------------------------------------------------------- a program that POKEs itself

/// A program that POKEs its own text runs what it wrote from the next statement on, as the
/// ROM (which reads the text as it goes) does: a line run again after the POKE, and the rest
/// of the very line that POKEs.
#[test]
fn a_program_runs_the_text_it_pokes() {
    let out = crate::tests::common::output(
        "10 P=PEEK(25)*256+PEEK(26)\r\
         20 FOR I=P TO P+300:IF Q=0 AND PEEK(I)=49 AND PEEK(I-2)=65 THEN Q=I\r\
         25 IF R=0 AND PEEK(I)=49 AND PEEK(I-2)=66 THEN R=I\r\
         30 NEXT\r\
         40 A=1:PRINT A;\r\
         50 N=N+1:IF N<2 THEN POKE Q,55:GOTO 40\r\
         60 POKE R,56:B=1:PRINT B\r",
        "",
    );
    assert_eq!(out, " 1  7  8 \n");
}

/// A GOTO remembers where it found its line, for as long as the program does not change: a
/// program that POKEs a new number into the line it jumps to is not found there again, even
/// by the jumps that went there before.
#[test]
fn a_goto_searches_again_after_the_program_changes() {
    let out = crate::tests::common::output(
        "10 P=PEEK(25)*256+PEEK(26)\r\
         11 IF PEEK(P+2)*256+PEEK(P+3)<>40 THEN P=PEEK(P)*256+PEEK(P+1):GOTO 11\r\
         20 GOTO 40\r\
         30 END\r\
         40 PRINT \"A\";:N=N+1:IF N=2 THEN POKE P+3,42\r\
         44 GOTO 20\r",
        "",
    );
    assert_eq!(out, "AA\n?UL ERROR IN 20\n");
}

/// From the direct line a jump is searched for every time: that line outlives the program's
/// changes (here a GOSUB in a direct FOR loop whose subroutine renumbers itself by POKE).
#[test]
fn a_direct_gosub_searches_every_time() {
    let mut m = crate::tests::common::machine();
    m.load_listing(
        b"10 P=PEEK(25)*256+PEEK(26)\r\
          11 IF PEEK(P+2)*256+PEEK(P+3)<>40 THEN P=PEEK(P)*256+PEEK(P+1):GOTO 11\r\
          20 END\r\
          40 PRINT \"A\";:POKE P+3,42:RETURN\r",
    )
    .unwrap();
    crate::tests::common::typed(&mut m, "RUN");
    let out = crate::tests::common::typed(&mut m, "FOR I=1 TO 2:GOSUB 40:NEXT");
    assert_eq!(out.matches('A').count(), 1, "{out:.200}");
    assert!(out.contains("?UL ERROR\n"), "{out:.200}");
}
