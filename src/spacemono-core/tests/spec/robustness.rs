//! No input may panic or hang the host: random typing, random programs, random POKEs.
//! Seeded, so a failure repeats; each case runs for a bounded number of fields.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spacemono_core::basic::dialect::Dialect;
use spacemono_core::computer::Machine;

const WORDS: &[&str] = &[
    "PRINT",
    "FOR",
    "TO",
    "STEP",
    "NEXT",
    "GOTO",
    "GOSUB",
    "RETURN",
    "IF",
    "THEN",
    "ELSE",
    "INPUT",
    "READ",
    "DATA",
    "RESTORE",
    "DIM",
    "LET",
    "REM",
    "'",
    "END",
    "STOP",
    "CONT",
    "ON",
    "POKE",
    "PEEK(",
    "CLS",
    "SET(",
    "RESET(",
    "POINT(",
    "SOUND",
    "LIST",
    "RUN",
    "NEW",
    "CLEAR",
    "DEF FN",
    "FN",
    "TRON",
    "TROFF",
    "DEL",
    "RENUM",
    "MID$(",
    "LEFT$(",
    "RIGHT$(",
    "CHR$(",
    "ASC(",
    "LEN(",
    "STR$(",
    "VAL(",
    "INSTR(",
    "STRING$(",
    "INKEY$",
    "MEM",
    "TIMER",
    "VARPTR(",
    "RND(",
    "SIN(",
    "LOG(",
    "EXP(",
    "SQR(",
    "INT(",
    "ABS(",
    "SGN(",
    "FIX(",
    "HEX$(",
    "AND",
    "OR",
    "NOT",
    "USING",
    "TAB(",
    "@",
    "EXEC",
    "USR(",
    "JOYSTK(",
    "EOF(",
    "CLOAD",
    "PMODE",
    "A",
    "B$",
    "C(",
    "I",
    "X1",
    "Z$(",
    "0",
    "1",
    "255",
    "-1",
    "3.5E3",
    "&HFF",
    "\"",
    "\"HELLO\"",
    ",",
    ";",
    ":",
    "(",
    ")",
    "+",
    "-",
    "*",
    "/",
    "^",
    "=",
    "<",
    ">",
    " ",
    "10",
    "20",
    "100",
    "32767",
    "65535",
    "1E38",
];

fn random_text(rng: &mut StdRng, words: usize) -> String {
    let mut s = String::new();
    for _ in 0..words {
        if rng.gen_bool(0.15) {
            s.push(rng.gen_range(0x20u8..0x7B) as char);
        } else {
            s.push_str(WORDS[rng.gen_range(0..WORDS.len())]);
        }
    }
    s
}

fn random_program(rng: &mut StdRng) -> String {
    let mut p = String::new();
    for _ in 0..rng.gen_range(1..12) {
        let n = rng.gen_range(1..8) * 10;
        let w: usize = rng.gen_range(1..10);
        p.push_str(&format!("{n} {}\n", random_text(rng, w)));
    }
    p
}

#[test]
fn random_direct_commands_never_panic() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0001);
    for _ in 0..2000 {
        let mut m = Machine::new();
        let n = rng.gen_range(1..14);
        let line = random_text(&mut rng, n);
        let mut keys: Vec<u8> = line.bytes().collect();
        keys.push(13);
        m.type_script(&keys);
        m.run_until_done(Some(300));
    }
}

#[test]
fn random_programs_never_panic_or_hang() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0002);
    for _ in 0..1500 {
        let mut m = Machine::new();
        let prog = random_program(&mut rng);
        let keys = random_text(&mut rng, 3);
        run_then_break(&mut m, &prog, &keys, "\r1,2\r\r");
    }
}

/// RUN `prog` with these keys for a while; whatever happened, BREAK brings the machine back
/// and it still answers at its prompt.
fn run_then_break(m: &mut Machine, prog: &str, keys: &str, then: &str) {
    let _ = m.load_listing(prog.as_bytes());
    m.type_text(b"RUN\r");
    m.type_script(keys.as_bytes());
    m.type_script(then.as_bytes());
    m.run_until_done(Some(400));
    m.press(3);
    m.type_script(b"PRINT 1+1\r");
    m.run_until_done(Some(400));
    let d = m.dialect();
    // The typed line, then its answer on the next row.
    let screen = m.screen_text();
    let rows: Vec<&str> = screen.lines().map(str::trim_end).collect();
    assert!(
        rows.windows(2)
            .any(|w| w[0].ends_with("PRINT 1+1") && w[1] == " 2"),
        "{d}: {prog}\n{screen}"
    );
}

/// The same in the other dialects, two ways: random text with their own words mixed in
/// (glued keywords, long and dotted names, RANDOMIZE, LPRINT, INPUT "p",V), which mostly
/// stops at a syntax error, and well-formed statements over random names and expressions,
/// which run: long names in LET/FOR/DIM/DEF FN, RANDOMIZE asking for seeds, INPUT with a
/// comma, TAB and LPRINT, jumps between lines.
#[test]
fn random_programs_in_the_other_dialects_never_panic_or_hang() {
    const EXTRA: &[&str] = &[
        "RANDOMIZE",
        "LPRINT",
        "SUMMARY",
        "GRAND.TOTAL",
        "A.",
        ".5",
        "NAME$",
        "COUNTER",
        "INPUT \"P\",",
        "TAB(",
        "CHR$(26)",
        "CHR$(7)",
        "RND(1)",
        "IFA1>3ANDA2>3THEN",
    ];
    const NAMES: &[&str] = &[
        "A",
        "B1",
        "SUM",
        "SU",
        "SUMMARY",
        "GRAND.TOTAL",
        "X.Y",
        "COUNTER",
        "COUNTERS",
        "ALPHABETAGAMMADELTAEPSILONZETAETATHETAIOTAKAPPA",
        "Q9Z",
        "BIG.NAME.HERE",
    ];
    fn expr(rng: &mut StdRng, names: &[&str], depth: u32) -> String {
        match rng.gen_range(0..if depth > 2 { 3 } else { 7 }) {
            0 => rng.gen_range(-5..40).to_string(),
            1 => names[rng.gen_range(0..names.len())].to_string(),
            2 => "RND(1)".to_string(),
            3 => format!(
                "({}+{})",
                expr(rng, names, depth + 1),
                expr(rng, names, depth + 1)
            ),
            4 => format!(
                "{}*{}",
                expr(rng, names, depth + 1),
                expr(rng, names, depth + 1)
            ),
            5 => format!("INT({}/3)", expr(rng, names, depth + 1)),
            _ => format!(
                "{}>{}",
                expr(rng, names, depth + 1),
                expr(rng, names, depth + 1)
            ),
        }
    }
    fn statement(rng: &mut StdRng, names: &[&str]) -> String {
        let v = names[rng.gen_range(0..names.len())];
        let e = expr(rng, names, 0);
        let line = rng.gen_range(1..9) * 10;
        match rng.gen_range(0..13) {
            0 => format!("{v}={e}"),
            1 => format!("PRINT {e};{v};TAB({});\"*\"", rng.gen_range(0..70)),
            2 => format!("LPRINT TAB({}){v}", rng.gen_range(0..70)),
            3 => "RANDOMIZE".to_string(),
            4 => format!("RANDOMIZE {e}"),
            5 => format!("INPUT \"P\",{v}"),
            6 => format!("INPUT \"Q\";{v}$"),
            7 => format!("FOR {v}=1 TO 3:{v}$=STR$({v}):NEXT {v}"),
            8 => format!("IF {e} THEN {line} ELSE PRINT {v}"),
            9 => format!("DIM {v}({})", rng.gen_range(0..12)),
            10 => format!("{v}(1)={e}"),
            11 => format!("DEF FN{v}(X)=X*{e}:PRINT FN{v}(2)"),
            _ => format!("GOSUB {line}"),
        }
    }
    let mut rng = StdRng::seed_from_u64(0x5EED_0006);
    for i in 0..1200 {
        let dialect = if i % 2 == 0 {
            Dialect::Altair
        } else {
            Dialect::Mbasic
        };
        let mut m = Machine::new();
        m.set_dialect(dialect);
        let mut prog = String::new();
        for _ in 0..rng.gen_range(1..10) {
            let n = rng.gen_range(1..9) * 10;
            prog.push_str(&format!("{n} "));
            for k in 0..rng.gen_range(1..4) {
                if k > 0 {
                    prog.push(':');
                }
                if i % 4 < 2 {
                    prog.push_str(EXTRA[rng.gen_range(0..EXTRA.len())]);
                    prog.push_str(&random_text(&mut rng, 1));
                } else {
                    prog.push_str(&statement(&mut rng, NAMES));
                }
            }
            prog.push('\n');
        }
        let keys = random_text(&mut rng, 2);
        run_then_break(&mut m, &prog, &keys, "\r7\r1,2\r\r-3\rX\r99999\r\r5\r");
    }
}

#[test]
fn random_keys_including_control_keys_never_panic() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0003);
    for _ in 0..1000 {
        let mut m = Machine::new();
        let keys: Vec<u8> = (0..rng.gen_range(1..300))
            .map(|_| match rng.gen_range(0..10) {
                0 => 13,
                1 => 3,
                2 => 8,
                3 => 0x0C,
                4 => 0x15,
                5 => 0x13,
                _ => rng.gen_range(0u8..0x80),
            })
            .collect();
        m.type_script(&keys);
        m.run_until_done(Some(300));
    }
}

#[test]
fn random_pokes_into_the_system_areas_never_panic() {
    let mut rng = StdRng::seed_from_u64(0x5EED_0004);
    for _ in 0..300 {
        let mut m = Machine::new();
        let prog = "10 A$=\"HI\":B=2:DIM C(3),D$(2):D$(1)=A$+A$\n20 FOR I=1 TO 3:GOSUB 40:NEXT\n30 PRINT A$;B;C(1);D$(1):GOTO 10\n40 C(I)=I:RETURN\n";
        m.load_listing(prog.as_bytes()).unwrap();
        m.type_text(b"RUN\r");
        m.run_until_done(Some(5));
        // Scribble on the pointers, the program, variables or string space, then go on.
        for _ in 0..rng.gen_range(1..6) {
            let a: u16 = match rng.gen_range(0..4) {
                0 => rng.gen_range(0x19..0x29),
                1 => rng.gen_range(0x1E00..0x1F00),
                2 => rng.gen_range(0x7E00..0x8000),
                _ => rng.gen_range(0..0x8000),
            };
            m.poke(a, rng.gen());
        }
        m.run_until_done(Some(50));
        m.type_script(b"\x03LIST\rPRINT MEM\r");
        m.run_until_done(Some(200));
    }
}

#[test]
fn a_program_that_blinks_while_it_waits_still_counts_as_waiting() {
    let mut m = Machine::new();
    let prog = "10 T=TIMER\n20 A$=INKEY$:IF A$<>\"\" THEN END\n30 IF TIMER-T>=50 THEN FOR I=1 TO 60:NEXT I:T=TIMER\n40 GOTO 20\n";
    m.load_listing(prog.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    let end = m.run_until_done(Some(6000));
    assert_eq!(end, spacemono_core::EndReason::WaitedForKeys);
    assert!(m.fields() < 1000, "ended after {} fields", m.fields());
}
