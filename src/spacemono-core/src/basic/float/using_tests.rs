//! PRINT USING's tests: each a format, a value and what the Dragon prints.

use super::{ErrorCode, FloatUnit, Using};
use crate::basic::float::tests::eval_in;

enum Item<'a> {
    N(&'a str),
    S(&'a str),
}
use Item::*;

/// PRINT USING fmt; items — the text printed (without the final CR).
fn using(fmt: &str, items: &[Item]) -> Result<String, ErrorCode> {
    let mut fu = FloatUnit::new();
    let mut u = Using::new(fmt.as_bytes())?;
    let mut out = Vec::new();
    for it in items {
        match it {
            N(e) => {
                eval_in(&mut fu, e, &[]).unwrap();
                u.number(&mut fu, &mut out)?;
            }
            S(s) => u.string(s.as_bytes(), &mut out)?,
        }
    }
    u.finish(&mut out);
    Ok(String::from_utf8(out).unwrap())
}

#[test]
fn interpreter_md_section5_table() {
    let rows: Vec<(&str, Vec<Item>, &str)> = vec![
        ("###", vec![N("-12")], "-12"),
        ("###", vec![N("0")], "  0"),
        ("###", vec![N(".5")], "  1"),
        ("##.##", vec![N("3.14159")], " 3.14"),
        ("#.#", vec![N(".05")], "0.1"),
        ("#.#", vec![N("-.04")], "-.0"),
        ("+##.#", vec![N("5")], " +5.0"),
        ("##.#-", vec![N("-5")], " 5.0-"),
        ("##.#-", vec![N("5")], " 5.0 "),
        ("-##", vec![N("-5")], "--5"),
        ("**##.#", vec![N("5.2")], "***5.2"),
        ("$$##.##", vec![N("5.2")], "  $5.20"),
        ("**$##.##", vec![N("5.2")], "***$5.20"),
        ("**#,###", vec![N("1234")], "**1,234"),
        ("##.##^^^^", vec![N("12345")], " 1.23E+04"),
        ("+.##^^^^", vec![N("-123")], "-.12E+03"),
        ("+.##^^^^", vec![N("0")], "+.00E+00"),
        ("!!", vec![S("AB"), S("CD")], "AC"),
        ("%%", vec![S("ABC")], "AB"),
        ("%   %", vec![S("AB")], "AB   "),
        ("##", vec![N("999")], "%999"),
        ("###", vec![N("-123")], "%-123"),
        ("#,###.##", vec![N("12345.6")], "%12,345.60"),
        ("[##]", vec![N("1")], "[ 1]"),
        ("AB#", vec![N("1"), N("2")], "AB1AB2"),
        (
            "X=## Y=##",
            vec![N("1"), N("2"), N("3")],
            "X= 1 Y= 2X= 3 Y=",
        ),
    ];
    let mut bad = Vec::new();
    for (fmt, items, want) in rows {
        match using(fmt, &items) {
            Ok(got) if got == want => {}
            other => bad.push(format!("{fmt:?}: got {other:?}, want {want:?}")),
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn type_mismatch_both_ways() {
    assert_eq!(using("###", &[S("A")]), Err(ErrorCode::TM));
    assert_eq!(using("!", &[N("1")]), Err(ErrorCode::TM));
}

#[test]
fn empty_or_fieldless_format() {
    assert!(Using::new(b"").is_err());
    // No field: literals, then ?FC at the first item; alone, the literals are printed.
    let mut out = Vec::new();
    let mut u = Using::new(b"ABC").unwrap();
    let mut fu = FloatUnit::new();
    fu.load_i8(1);
    assert_eq!(u.number(&mut fu, &mut out), Err(ErrorCode::FC));
    assert_eq!(out, b"ABC");
    assert_eq!(using("ABC", &[]), Ok("ABC".to_string()));
}

#[test]
fn too_many_places_is_fc() {
    assert_eq!(using("##########.########", &[N("1")]), Err(ErrorCode::FC));
}

#[test]
fn random_formats_never_panic() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(0xA225);
    let alphabet = b"#.,+-*$^!% AX";
    for _ in 0..20_000 {
        let len = rng.gen_range(1..12);
        let f: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
            .collect();
        let mut u = Using::new(&f).unwrap();
        let mut fu = FloatUnit::new();
        let mut out = Vec::new();
        for _ in 0..3 {
            if rng.gen_bool(0.7) {
                fu.fac = crate::basic::float::Fac {
                    exp: rng.gen(),
                    man: rng.gen::<u32>() | 0x8000_0000,
                    sign: rng.gen(),
                    ov: rng.gen(),
                };
                if u.number(&mut fu, &mut out).is_err() {
                    break;
                }
            } else if u.string(b"HELLO", &mut out).is_err() {
                break;
            }
        }
        u.finish(&mut out);
    }
}

/// The cycles of one numeric item through the whole layout (docs/timing.md §2.13.1).
fn item_cycles(fmt: &str, value: &str) -> u32 {
    let mut fu = FloatUnit::new();
    let mut u = Using::new(fmt.as_bytes()).unwrap();
    let mut out = Vec::new();
    eval_in(&mut fu, value, &[]).unwrap();
    u.number(&mut fu, &mut out).unwrap();
    u.take_cycles()
}

/// Issue 31: a flat 24,000 c an item could not follow the ROM, whose layout falls steeply as
/// the value grows (fewer MUL10s to nine digits, fewer DIV10s down to the decimals): for
/// `"####.##"`, 0 skips both (≈ 5,400), 1.5 takes 8 MUL10s and 6 DIV10s (≈ 24,100), 1,500
/// 5 and 3 (≈ 15,900); the output's 27 c a character are PRINT's, charged by its sink.
#[test]
fn a_fields_cost_falls_as_its_value_grows() {
    let costs: Vec<u32> = ["1.5", "15", "150", "1500", "15000"]
        .iter()
        .map(|v| item_cycles("####.##", v))
        .collect();
    assert!(costs.windows(2).all(|w| w[0] > w[1]), "{costs:?}");
    assert!((23_000..25_000).contains(&costs[0]), "{costs:?}");
    assert!((15_000..17_000).contains(&costs[3]), "{costs:?}");
    assert!(item_cycles("####.##", "0") < 6_000);
}
