//! The MC6847 character generator as read from assets/vdg-font.txt.

use spacemono_core::video::font::{self, FontErrorKind, CELL_HEIGHT, FONT, GLYPH_COUNT, SOURCE};

/// The glyph each code should show, as the header's second field (space shown as '-').
fn expected_char(code: u8) -> char {
    match code {
        0x00 => '@',
        0x01..=0x1A => (b'A' + code - 1) as char,
        0x1B => '[',
        0x1C => '\\',
        0x1D => ']',
        0x1E => '^',       // up arrow
        0x1F => '_',       // left arrow
        0x20 => '-',       // space
        _ => code as char, // $21-$3F are ASCII
    }
}

#[test]
fn all_64_glyphs_are_present_in_order_with_the_right_headers() {
    let headers: Vec<&str> = SOURCE
        .lines()
        .filter(|l| l.starts_with("glyph $"))
        .collect();
    assert_eq!(headers.len(), GLYPH_COUNT);
    for (code, h) in headers.iter().enumerate() {
        let mut f = h.split(' ');
        assert_eq!(f.next(), Some("glyph"));
        assert_eq!(
            f.next(),
            Some(format!("${code:02X}").as_str()),
            "header {h}"
        );
        let shown = f.next().expect("shown char");
        assert_eq!(
            shown.chars().collect::<Vec<_>>(),
            vec![expected_char(code as u8)],
            "header {h}"
        );
        assert!(f.next().is_some(), "header {h} has a name");
    }
}

#[test]
fn every_glyph_sits_in_rows_3_to_9_and_columns_2_to_6() {
    for code in 0..64u8 {
        let g = FONT.glyph(code);
        for (row, &bits) in g.iter().enumerate() {
            if !(3..=9).contains(&row) {
                assert_eq!(bits, 0, "glyph ${code:02X} row {row} should be blank");
            }
            assert_eq!(
                bits & !0x3E,
                0,
                "glyph ${code:02X} row {row} = {bits:#04X} outside columns 2-6"
            );
        }
        let lit: u32 = g.iter().map(|b| b.count_ones()).sum();
        if code == 0x20 {
            assert_eq!(lit, 0, "space is blank");
        } else {
            assert!(lit >= 2, "glyph ${code:02X} has only {lit} dots");
        }
    }
}

#[test]
fn glyphs_are_distinct() {
    for a in 0..64u8 {
        for b in a + 1..64 {
            assert_ne!(
                FONT.glyph(a),
                FONT.glyph(b),
                "glyphs ${a:02X} and ${b:02X} are identical"
            );
        }
    }
}

/// Spot checks against the shapes as written out by hand from the chip's character set.
#[test]
fn known_shapes() {
    // 'A': ..#.. / .#.#. / #...# / #...# / ##### / #...# / #...#, cell columns 2-6.
    let a = [0x08, 0x14, 0x22, 0x22, 0x3E, 0x22, 0x22];
    assert_eq!(&FONT.glyph(0x01)[3..10], &a);
    // The chip's 'O' is square, its zero narrow.
    assert_eq!(
        &FONT.glyph(0x0F)[3..10],
        &[0x3E, 0x22, 0x22, 0x22, 0x22, 0x22, 0x3E]
    );
    assert_eq!(
        &FONT.glyph(0x30)[3..10],
        &[0x18, 0x24, 0x24, 0x24, 0x24, 0x24, 0x18]
    );
    // Up arrow and left arrow.
    assert_eq!(
        &FONT.glyph(0x1E)[3..10],
        &[0x08, 0x1C, 0x2A, 0x08, 0x08, 0x08, 0x08]
    );
    assert_eq!(
        &FONT.glyph(0x1F)[3..10],
        &[0x00, 0x08, 0x10, 0x3E, 0x10, 0x08, 0x00]
    );
    // Only the low 6 bits of the code matter.
    assert_eq!(FONT.glyph(0x41), FONT.glyph(0x01));
    assert_eq!(FONT.row(0xC1, 7), 0x3E);
    assert_eq!(CELL_HEIGHT, 12);
}

fn minimal_font() -> String {
    let mut s = String::from("# test font\n\n");
    for code in 0..64 {
        s.push_str(&format!(
            "glyph ${code:02X} x test\n#...#\n.....\n.....\n.....\n.....\n.....\n#####\n\n"
        ));
    }
    s
}

#[test]
fn parser_accepts_a_well_formed_font_and_places_it() {
    let f = font::parse(&minimal_font()).expect("well-formed");
    assert_eq!(f.row(5, 3), 0x22);
    assert_eq!(f.row(5, 9), 0x3E);
    assert_eq!(f.row(5, 2), 0);
    // CRLF line ends are accepted too.
    assert_eq!(font::parse(&minimal_font().replace('\n', "\r\n")), Ok(f));
}

#[test]
fn parser_rejects_malformed_fonts() {
    let good = minimal_font();
    let kind = |s: &str| font::parse(s).map(|_| ()).unwrap_err().kind;
    // a glyph missing
    let missing = good.replace(
        "glyph $3F x test\n#...#\n.....\n.....\n.....\n.....\n.....\n#####\n",
        "",
    );
    assert_eq!(kind(&missing), FontErrorKind::Missing(0x3F));
    // a duplicate
    assert_eq!(
        kind(&good.replacen("glyph $01", "glyph $00", 1)),
        FontErrorKind::Duplicate(0)
    );
    // code out of range / not hex / glued to the name
    assert_eq!(
        kind(&good.replacen("glyph $01", "glyph $41", 1)),
        FontErrorKind::BadCode
    );
    assert_eq!(
        kind(&good.replacen("glyph $01", "glyph $G1", 1)),
        FontErrorKind::BadCode
    );
    assert_eq!(
        kind(&good.replacen("glyph $01 x", "glyph $01x", 1)),
        FontErrorKind::BadCode
    );
    // rows: too long, too short, wrong character
    assert_eq!(
        kind(&good.replacen("#...#\n", "#...##\n", 1)),
        FontErrorKind::BadRow
    );
    assert_eq!(
        kind(&good.replacen("#...#\n", "#...\n", 1)),
        FontErrorKind::BadRow
    );
    assert_eq!(
        kind(&good.replacen("#...#\n", "#.o.#\n", 1)),
        FontErrorKind::BadRow
    );
    // a glyph with only 6 rows runs into the next header
    assert_eq!(
        kind(&good.replacen(".....\n#####\n", "#####\n", 1)),
        FontErrorKind::BadRow
    );
    // stray text between glyphs
    assert_eq!(
        kind(&good.replacen("\n\nglyph $05", "\nhello\nglyph $05", 1)),
        FontErrorKind::UnexpectedLine
    );
    // file ends inside a glyph
    let cut = &good[..good.rfind("#####").unwrap()];
    assert_eq!(kind(cut), FontErrorKind::Truncated);
    // the error names the line
    let e = font::parse(&good.replacen("#...#\n", "#.o.#\n", 1)).unwrap_err();
    assert_eq!(e.line, 4);
}
