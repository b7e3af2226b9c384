//! `--dialect altair` and `--dialect mbasic` (issue 6): each thing those interpreters did
//! differently, with small listings of our own in the 1977 style, and the Dragon default
//! unchanged beside them.

use spacemono_core::basic::crunch::{crunch, crunch_for};
use spacemono_core::basic::dialect::Dialect;
use spacemono_core::basic::listing::list_line;
use spacemono_core::basic::tokens::stmt;
use spacemono_core::computer::Machine;
use spacemono_core::machine::hardware::{Event, BEEP};
use spacemono_core::machine::keyboard::parse_key_script;

/// Load `listing` in `dialect`, RUN it; what RUN printed (from the RUN echo on).
fn run_in(dialect: Dialect, listing: &str) -> (Machine, String) {
    let mut m = Machine::new();
    m.set_dialect(dialect);
    m.load_listing(listing.as_bytes()).expect("listing loads");
    m.restart_transcript();
    m.type_text(b"RUN\r");
    m.run_until_done(Some(50 * 60));
    let t = m.transcript().unwrap();
    (m, t)
}

fn output(dialect: Dialect, listing: &str) -> String {
    let (_, t) = run_in(dialect, listing);
    let body = t.strip_prefix("RUN\n").unwrap_or(&t).to_string();
    body.strip_suffix("OK\n").unwrap_or(&body).to_string()
}

#[test]
fn dialect_names_parse() {
    assert_eq!("altair".parse::<Dialect>(), Ok(Dialect::Altair));
    assert_eq!("MBASIC".parse::<Dialect>(), Ok(Dialect::Mbasic));
    assert_eq!(Dialect::default(), Dialect::Dragon);
    assert!("gwbasic".parse::<Dialect>().is_err());
}

// ------------------------------------------------------------------ (a) crunching

#[test]
fn altair_crunches_keywords_glued_to_names() {
    // After the name B the Dragon copies THEN as letters; Altair BASIC crunches it.
    let dragon = crunch(b"IFA=BTHEN60");
    assert!(!dragon.contains(&stmt::THEN), "{dragon:02X?}");
    let altair = crunch_for(b"IFA=BTHEN60", Dialect::Altair);
    assert!(altair.contains(&stmt::THEN), "{altair:02X?}");
    // Both list as typed.
    assert_eq!(list_line(40, &altair), b"40 IFA=BTHEN60");
    // MBASIC needed spaces, as the Dragon does.
    assert_eq!(crunch_for(b"IFA=BTHEN60", Dialect::Mbasic), dragon);
}

#[test]
fn dragon_crunch_is_unchanged_by_the_dialect_code() {
    for text in [
        &b"FORI=1TO9:PRINTI:NEXT"[..],
        b"ATO=TOTAL",
        b"X=RND(-TIMER)'HI",
    ] {
        assert_eq!(crunch_for(text, Dialect::Dragon), crunch(text));
    }
}

#[test]
fn glued_keywords_run_in_altair_and_not_on_the_dragon() {
    let listing = "10 A1=4:A2=5:B=2\n20 IFA1>3ANDA2>3THENPRINT\"BOTH\"\n\
                   30 IFA1=BTHEN50\n40 PRINT\"DIFFERENT\"\n50 END\n";
    assert_eq!(output(Dialect::Altair, listing), "BOTH\nDIFFERENT\n");
    assert_eq!(output(Dialect::Dragon, listing), "BOTH\n?SN ERROR IN 30\n");
}

// ------------------------------------------------------------------ (b) RND

#[test]
fn rnd_of_one_is_a_fraction_outside_the_dragon() {
    let listing = "10 FORI=1TO200:X=RND(1)\n20 IFX<0ORX>=1THENPRINT\"OUT\";X:END\n\
                   30 IFX<>INT(X)THENF=F+1\n40 NEXTI:PRINTF\n";
    assert_eq!(output(Dialect::Altair, listing), " 200 \n");
    assert_eq!(output(Dialect::Mbasic, listing), " 200 \n");
    // The Dragon: RND(1) is always 1.
    assert_eq!(output(Dialect::Dragon, listing), "OUT 1 \n");
}

#[test]
fn rnd_fraction_follows_the_dragons_sequence_and_rnd0_repeats() {
    // The first fraction is the Dragon's first RND(0) (docs/machine.md §6: about 0.498278379).
    let out = output(Dialect::Altair, "10 X=RND(5):Y=RND(0):PRINTX;Y;X=Y\n");
    assert_eq!(out, " .498278379  .498278379 -1 \n");
    let dragon = output(Dialect::Dragon, "10 PRINTRND(0)\n");
    assert_eq!(dragon, " .498278379 \n");
}

// ------------------------------------------------------------------ (c) RANDOMIZE

#[test]
fn randomize_reseeds_lists_as_typed_and_is_a_syntax_error_on_the_dragon() {
    let listing = "10 RANDOMIZE 17\n20 A=RND(1)\n30 RANDOMIZE 17\n40 B=RND(1)\n\
                   50 RANDOMIZE 18\n60 C=RND(1)\n70 PRINTA=B;A=C\n";
    assert_eq!(output(Dialect::Altair, listing), "-1  0 \n");
    assert_eq!(output(Dialect::Dragon, listing), "?SN ERROR IN 10\n");
    let text = crunch_for(b"RANDOMIZE:PRINT", Dialect::Mbasic);
    assert_eq!(&text[..10], b"RANDOMIZE:");
    assert_eq!(list_line(10, &text), b"10 RANDOMIZE:PRINT");
    // Without a seed: Altair BASIC reseeds from TIMER (deterministic headless, so it just
    // must run); MBASIC asks (see `mbasic_randomize_asks_for_the_seed`).
    assert_eq!(
        output(Dialect::Altair, "10 RANDOMIZE\n20 PRINT RND(1)<1\n"),
        "-1 \n"
    );
}

// ------------------------------------------------------------------ (d) control codes

#[test]
fn chr12_and_chr26_clear_the_screen_and_chr7_beeps() {
    for code in [12, 26] {
        let listing = format!("10 PRINT\"OLD\":PRINT CHR$({code});\"NEW\"\n");
        let (m, _) = run_in(Dialect::Altair, &listing);
        let screen = m.screen_text();
        assert!(screen.starts_with("NEW"), "{screen}");
        assert!(!screen.contains("OLD"), "{screen}");
        let (m, _) = run_in(Dialect::Dragon, &listing);
        assert!(m.screen_text().contains("OLD"));
    }
    let (m, _) = run_in(Dialect::Mbasic, "10 PRINT CHR$(7);\"DING\"\n");
    assert!(
        m.pending_events().contains(&BEEP),
        "{:?}",
        m.pending_events()
    );
    let (m, _) = run_in(Dialect::Dragon, "10 PRINT CHR$(7);\"DING\"\n");
    assert!(!m
        .pending_events()
        .iter()
        .any(|e| matches!(e, Event::Sound { .. })));
}

// ------------------------------------------------------------------ (e) TAB

/// MBASIC counts TAB's columns from 1 (BASIC-80 manual: "Space 1 is the leftmost position")
/// and reaches a column already passed on the next line. Altair BASIC counts from 0 as the
/// Dragon does: its TAB prints n−TTYPOS spaces and CRLF sets TTYPOS to 0 (the Altair BASIC
/// 3.0 source), so a passed column prints nothing (roms/RULES.md §3).
#[test]
fn tab_counts_from_one_in_mbasic_and_from_zero_in_altair() {
    let listing = "10 PRINT TAB(5);\"*\"\n20 PRINT\"ABCDEFGH\";TAB(3);\"*\"\n";
    assert_eq!(output(Dialect::Dragon, listing), "     *\nABCDEFGH*\n");
    assert_eq!(output(Dialect::Altair, listing), "     *\nABCDEFGH*\n");
    assert_eq!(output(Dialect::Mbasic, listing), "    *\nABCDEFGH\n  *\n");
}

// ------------------------------------------------------------------ (f) LPRINT

#[test]
fn lprint_goes_to_the_transcript_not_the_screen() {
    let listing = "10 LPRINT\"PAPER\";42\n20 PRINT\"SCREEN\"\n";
    let (m, t) = run_in(Dialect::Altair, listing);
    assert_eq!(t, "RUN\nPAPER 42 \nSCREEN\nOK\n");
    assert!(!m.screen_text().contains("PAPER"));
    assert!(m.screen_text().contains("SCREEN"));
    assert_eq!(output(Dialect::Dragon, listing), "?SN ERROR IN 10\n");
    assert_eq!(
        list_line(10, &crunch_for(b"LPRINT\"PAPER\"", Dialect::Altair)),
        b"10 LPRINT\"PAPER\""
    );
}

#[test]
fn a_game_turn_in_the_1977_style_runs_unmodified() {
    // Our own listing, written the way 1977 listings were: no spaces, keywords glued to names,
    // RND(1) fractions, TAB, a clear-screen code.
    let listing = "\
10 PRINTCHR$(12):RANDOMIZE5
20 DIMM(5)
30 FORI=1TO5:M(I)=INT(RND(1)*3)
40 IFM(I)=0THENPRINTTAB(I);\".\";:GOTO60
50 PRINTTAB(I);\"*\";
60 NEXTI:PRINT
70 FORI=1TO5:S=S+M(I):NEXTI
80 IFS>=0ANDS<=10THENPRINT\"SCORE\";S:END
90 PRINT\"BAD\"
";
    let out = output(Dialect::Altair, listing);
    assert!(out.contains("SCORE"), "{out:?}");
    assert!(!out.contains("BAD"), "{out:?}");
    assert!(!out.contains("ERROR"), "{out:?}");
}

// ------------------------------------------------------------------ INPUT "prompt",V

/// MBASIC: a comma after INPUT's prompt string leaves out the "? " (the Osborne listings
/// use it for "HIT 'RETURN' TO CONTINUE"); a semicolon keeps it. The Dragon and Altair
/// BASIC accept only the semicolon.
#[test]
fn mbasic_input_prompt_comma_drops_the_question_mark() {
    let listing = "10 INPUT \"PRESS RETURN \",Z$\n20 INPUT \"NUMBER\";N\n30 PRINT Z$;N\n";
    let run = |d: Dialect| {
        let mut m = Machine::new();
        m.set_dialect(d);
        m.load_listing(listing.as_bytes()).expect("listing loads");
        m.restart_transcript();
        for keys in [&b"RUN\r"[..], b"GO\r", b"7\r"] {
            m.type_text(keys);
            m.run_until_done(Some(50 * 5));
        }
        m.transcript().unwrap()
    };
    assert_eq!(
        run(Dialect::Mbasic),
        "RUN\nPRESS RETURN GO\nNUMBER? 7\nGO 7 \nOK\n"
    );
    assert!(run(Dialect::Dragon).contains("?SN ERROR IN 10"));
    assert!(run(Dialect::Altair).contains("?SN ERROR IN 10"));
}

// ------------------------------------------------------------------ MBASIC long names

/// BASIC-80 keeps 40 significant characters of a name, dots included; the Dragon and Altair
/// BASIC keep two, so there SUM, SU and SUMMARY are one variable.
#[test]
fn mbasic_names_longer_than_two_characters_are_variables_of_their_own() {
    let listing = "\
10 SUM=1:SU=2:SUMMARY=3:GRAND.COST=4:NAME$=\"LONG\":NA$=\"SHORT\"
20 PRINT SUM;SU;SUMMARY;GRAND.COST;NAME$;NA$
30 DIM SCORES(3):SCORES(2)=7:SC=9:PRINT SCORES(2);SC
40 DEF FNSQUARE(XVALUE)=XVALUE*XVALUE:XV=5:PRINT FNSQUARE(3);XV
50 FOR COUNTER=1 TO 2:PRINT COUNTER;:NEXT COUNTER:PRINT CO
";
    assert_eq!(
        output(Dialect::Mbasic, listing),
        " 1  2  3  4 LONGSHORT\n 7  9 \n 9  5 \n 1  2  0 \n"
    );
    // The Dragon reads the dot as the end of GRAND, and COST as COS + T.
    let dragon =
        "10 SUM=1:SU=2:SUMMARY=3:NAME$=\"LONG\":NA$=\"SHORT\"\n20 PRINT SUM;SU;SUMMARY;NAME$;NA$\n";
    assert_eq!(output(Dialect::Dragon, dragon), " 3  3  3 SHORTSHORT\n");
    assert_eq!(
        output(Dialect::Altair, "10 SUM=1:SU=2:PRINT SUM;SU\n"),
        " 2  2 \n"
    );
}

#[test]
fn mbasic_keeps_forty_characters_of_a_name() {
    // Forty A's then X or Y: the same variable. Thirty-nine A's then X or Y: two.
    let a40 = "A".repeat(40);
    let a39 = "A".repeat(39);
    let listing =
        format!("10 {a40}X=1:{a40}Y=2:{a39}X=3:{a39}Y=4\n20 PRINT {a40}X;{a40};{a39}X;{a39}Y\n");
    assert_eq!(output(Dialect::Mbasic, &listing), " 2  2  3  4 \n");
}

/// A short name followed by a space and a keyword stays short (`F4=T1 OR A4<4`): the space is
/// not part of the name. (The Osborne Star Lanes merges went wrong on exactly this.)
#[test]
fn mbasic_short_names_before_a_keyword_stay_short() {
    let listing = "10 F4=1:T1=1:A4=4\n20 IF F4=T1 OR A4<4 THEN PRINT \"YES\" ELSE PRINT \"NO\"\n30 PRINT T1 ;A4\n";
    assert_eq!(output(Dialect::Mbasic, listing), "YES\n 1  4 \n");
}

/// Long names cost what short ones do: one 7-byte entry each, so MEM is the Dragon's.
#[test]
fn mbasic_long_names_take_the_dragons_seven_bytes() {
    let mem = |d: Dialect, l: &str| output(d, l);
    let long = mem(Dialect::Mbasic, "10 ALPHA=1:BETA=2:GAMMA=3:PRINT MEM\n");
    let short = mem(Dialect::Mbasic, "10 AL=1:BE=2:GA=3:PRINT MEM\n");
    // On the Dragon the same listing has three variables too (AL, BE, GA): the same MEM.
    let dragon = mem(Dialect::Dragon, "10 ALPHA=1:BETA=2:GAMMA=3:PRINT MEM\n");
    assert_eq!(long, dragon);
    // The program text is 8 bytes longer; the variables take the same room.
    let n = |s: &str| s.trim().parse::<i32>().unwrap();
    assert_eq!(n(&short) - n(&long), 8, "{short} {long}");
}

// ------------------------------------------------------------------ RANDOMIZE's seed prompt

/// MBASIC's RANDOMIZE without a number asks for the seed, and the same seed gives the same
/// numbers (the Osborne listing tells its players so). A bad answer is asked again (?REDO), a
/// seed out of range is ?OV. Altair's bare RANDOMIZE reseeds from TIMER without asking.
#[test]
fn mbasic_randomize_asks_for_the_seed() {
    let listing = "10 RANDOMIZE\n20 PRINT RND(1);RND(1)\n30 GOTO 10\n";
    let run = |keys: &str| {
        let mut m = Machine::new();
        m.set_dialect(Dialect::Mbasic);
        m.load_listing(listing.as_bytes()).expect("listing loads");
        m.restart_transcript();
        m.type_text(b"RUN\r");
        m.type_script(&parse_key_script(keys).expect("key script"));
        m.run_until_done(Some(50 * 60));
        m.transcript().unwrap()
    };
    let t = run("3\nX\n3\n-4\n99999\n");
    let lines: Vec<&str> = t.lines().collect();
    const ASK: &str = "Random Number Seed (-32768 to 32767)? ";
    assert_eq!(lines[1], format!("{ASK}3"));
    assert_eq!(lines[3], format!("{ASK}X"));
    assert_eq!(lines[4], "?REDO");
    assert_eq!(lines[5], format!("{ASK}3"));
    assert_eq!(lines[2], lines[6], "the same seed, the same numbers: {t}");
    assert_eq!(lines[7], format!("{ASK}-4"));
    assert_ne!(lines[8], lines[2]);
    assert_eq!(lines[9], format!("{ASK}99999"));
    assert_eq!(lines[10], "?OV ERROR IN 10");
    // Typed at the prompt it is an INPUT, which the Dragon refuses in direct mode.
    let mut m = Machine::new();
    m.set_dialect(Dialect::Mbasic);
    m.restart_transcript();
    m.type_text(b"RANDOMIZE\r");
    m.run_until_done(Some(50));
    assert!(m
        .transcript()
        .unwrap()
        .ends_with("RANDOMIZE\n?ID ERROR\nOK\n"));
    // Altair BASIC: no question.
    let out = output(Dialect::Altair, "10 RANDOMIZE\n20 PRINT \"SEEDED\"\n");
    assert_eq!(out, "SEEDED\n");
}

/// A turn in the style of the Osborne listings, written by us: a seed asked for, long names,
/// "HIT RETURN" with a comma, CHR$(26), LPRINT beside PRINT, TAB counted from 1.
#[test]
fn an_osborne_style_turn_runs_unmodified() {
    let listing = "\
10 PRINT CHR$(26)
20 RANDOMIZE
30 START.CASH=6000:CASH=100:DIM PRICE(3)
40 FOR COMPANY=1 TO 3:PRICE(COMPANY)=INT(RND(1)*900)+100:NEXT COMPANY
50 FOR COMPANY=1 TO 3:PRINT TAB(3);COMPANY;PRICE(COMPANY)
60 LPRINT TAB(3);COMPANY;PRICE(COMPANY):NEXT COMPANY
70 INPUT \"HIT 'RETURN' TO CONTINUE \",Z$
80 PRINT \"CASH\";START.CASH;CASH
";
    let mut m = Machine::new();
    m.set_dialect(Dialect::Mbasic);
    m.load_listing(listing.as_bytes()).expect("listing loads");
    m.restart_transcript();
    for keys in [&b"RUN\r"[..], b"1977\r", b"\r"] {
        m.type_text(keys);
        m.run_until_done(Some(50 * 5));
    }
    let t = m.transcript().unwrap();
    assert!(
        t.contains("Random Number Seed (-32768 to 32767)? 1977\n"),
        "{t}"
    );
    assert!(t.contains("HIT 'RETURN' TO CONTINUE \n"), "{t}");
    assert!(t.ends_with("CASH 6000  100 \nOK\n"), "{t}");
    assert!(!t.contains("ERROR"), "{t}");
    // Each price line twice (screen, then printer), TAB(3) leaving two spaces.
    let priced: Vec<&str> = t.lines().filter(|l| l.starts_with("   1 ")).collect();
    assert_eq!(priced.len(), 2, "{t}");
    assert_eq!(priced[0], priced[1]);
}
