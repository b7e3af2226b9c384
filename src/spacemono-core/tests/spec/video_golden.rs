//! Golden pictures: rendered frames compared pixel for pixel with reference PNGs in
//! tests/golden/. See tests/golden/README.md for what each shows.
//!
//! To (re)generate the references: `UPDATE_GOLDEN=1 cargo test --test video_golden`, then look
//! at every changed image before committing it. Without UPDATE_GOLDEN a missing or different
//! reference fails the test.

use spacemono_core::video::vdg::{render, Frame, GraphicsMode, VdgMode};
use std::path::PathBuf;

const TEXT: usize = 0x0400;
const GRAPHICS: usize = 0x0600;

fn check_golden(name: &str, frame: &Frame) {
    crate::common::golden::check("golden", name, frame);
}

/// Store a character as BASIC's screen output does (DR TextVDUOut): $20-$3F XOR $40, $40-$5F
/// as they are, lower case $60-$7F as (c & $DF) ^ $40 (inverse capitals).
fn screen_code(c: u8) -> u8 {
    match c {
        0x20..=0x3F => c ^ 0x40,
        0x40..=0x5F => c,
        0x60..=0x7F => (c & 0xDF) ^ 0x40,
        _ => c,
    }
}

fn cls() -> Vec<u8> {
    let mut m = vec![0u8; 65536];
    m[TEXT..TEXT + 512].fill(0x60);
    m
}

fn print_at(m: &mut [u8], pos: usize, s: &str) {
    for (i, c) in s.bytes().enumerate() {
        m[TEXT + pos + i] = screen_code(c);
    }
}

/// The Dragon 32's sign-on screen with the cursor after OK.
fn power_on_screen() -> Vec<u8> {
    let mut m = cls();
    print_at(&mut m, 0, "(C) 1982 DRAGON DATA LTD");
    print_at(&mut m, 32, "16K BASIC INTERPRETER 1.0");
    print_at(&mut m, 64, "(C) 1982 BY MICROSOFT");
    print_at(&mut m, 128, "OK");
    m[TEXT + 160] = 0x60 ^ 0x40; // cursor: the cell XORed with $40 (dark block)
    m
}

#[test]
fn golden_text_power_on() {
    check_golden(
        "text_power_on",
        &render(&power_on_screen(), TEXT as u16, VdgMode::text()),
    );
}

#[test]
fn golden_text_css1() {
    // SCREEN 0,1 over the same screen: orange text.
    let mode = VdgMode {
        css: true,
        ..VdgMode::text()
    };
    check_golden("text_css1", &render(&power_on_screen(), TEXT as u16, mode));
}

#[test]
fn golden_text_normal_and_inverse() {
    let mut m = cls();
    print_at(&mut m, 0, "NORMAL:");
    print_at(&mut m, 32 + 8, "Inverse lower case:");
    // All 64 glyphs normal (INV=1, $40-$7F) on rows 3-4, inverse (INV=0, $00-$3F) on rows 6-7.
    for code in 0..64u8 {
        m[TEXT + 3 * 32 + code as usize] = 0x40 | code;
        m[TEXT + 6 * 32 + code as usize] = code;
    }
    print_at(&mut m, 9 * 32, "10 PRINT \"hello, world\"");
    print_at(&mut m, 10 * 32, "20 GOTO 10");
    print_at(&mut m, 12 * 32, "THE QUICK BROWN FOX JUMPS OVER");
    print_at(&mut m, 13 * 32, "the lazy dog 0123456789 <=>?!");
    check_golden(
        "text_normal_inverse",
        &render(&m, TEXT as u16, VdgMode::text()),
    );
}

#[test]
fn golden_sg4_colours() {
    // Row pairs per colour c (0 green .. 7 orange): the even row shows the 16 quadrant patterns
    // $80|c<<4|0..F in every other cell (black $80 between), the odd row a solid bar of $8F|c<<4.
    let mut m = cls();
    for c in 0..8u8 {
        for p in 0..16u8 {
            m[TEXT + (2 * c as usize) * 32 + 2 * p as usize] = 0x80 | c << 4 | p;
            m[TEXT + (2 * c as usize) * 32 + 2 * p as usize + 1] = 0x80;
        }
        for col in 0..32 {
            m[TEXT + (2 * c as usize + 1) * 32 + col] = 0x8F | c << 4;
        }
    }
    check_golden("sg4_colours", &render(&m, TEXT as u16, VdgMode::text()));
}

/// Fill a graphics page with a known pattern for `g`:
/// * top third: vertical bands; 4-colour modes show codes 0,1,2,3 left to right ($00,$55,$AA,$FF
///   bytes), 2-colour modes alternate $FF/$00 bytes;
/// * middle third: each byte $1B (codes 0,1,2,3 in every byte) or $AA/$55 alternating per row
///   (a checkerboard of single pixels);
/// * bottom third: black/code-0 background with a one-pixel diagonal;
/// * a frame line around the whole picture (first and last rows, first and last pixels).
fn pattern(g: GraphicsMode) -> Vec<u8> {
    let mut m = cls();
    let (bpr, rows, cols) = (g.bytes_per_row(), g.rows(), g.columns());
    let colour = g.is_colour();
    let ppb = if colour { 4 } else { 8 }; // pixels per byte
    let set = |m: &mut Vec<u8>, x: usize, y: usize, code: u8| {
        let a = GRAPHICS + y * bpr + x / ppb;
        if colour {
            let shift = 6 - 2 * (x % 4);
            m[a] = (m[a] & !(3 << shift)) | (code << shift);
        } else {
            let bit = 0x80 >> (x % 8);
            m[a] = if code != 0 { m[a] | bit } else { m[a] & !bit };
        }
    };
    for y in 0..rows {
        for b in 0..bpr {
            let v = match y * 3 / rows {
                0 if colour => [0x00, 0x55, 0xAA, 0xFF][b * 4 / bpr],
                0 if b % 2 == 0 => 0xFF,
                1 if colour => 0x1B,
                1 => {
                    if y % 2 == 0 {
                        0xAA
                    } else {
                        0x55
                    }
                }
                _ => 0x00,
            };
            m[GRAPHICS + y * bpr + b] = v;
        }
    }
    let on = if colour { 3 } else { 1 };
    for y in rows * 2 / 3..rows {
        let x = (y - rows * 2 / 3) * cols / (rows - rows * 2 / 3);
        set(&mut m, x, y, on);
    }
    for x in 0..cols {
        set(&mut m, x, 0, on);
        set(&mut m, x, rows - 1, on);
    }
    for y in 0..rows {
        set(&mut m, 0, y, on);
        set(&mut m, cols - 1, y, on);
    }
    m
}

fn golden_graphics(name: &str, mode: VdgMode) {
    let g = mode.graphics_mode().unwrap();
    check_golden(name, &render(&pattern(g), GRAPHICS as u16, mode));
}

#[test]
fn golden_pmodes() {
    for p in 0..=4u8 {
        for css in [false, true] {
            golden_graphics(
                &format!("pmode{p}_css{}", css as u8),
                VdgMode::pmode(p, css).unwrap(),
            );
        }
    }
}

#[test]
fn golden_other_graphics_modes() {
    for (name, g) in [
        ("cg1", GraphicsMode::Cg1),
        ("rg1", GraphicsMode::Rg1),
        ("cg2", GraphicsMode::Cg2),
    ] {
        for css in [false, true] {
            golden_graphics(
                &format!("{name}_css{}", css as u8),
                VdgMode::with_graphics(g, css),
            );
        }
    }
}

/// The references must cover every picture above and nothing else.
#[test]
fn golden_directory_has_exactly_the_expected_files() {
    if crate::common::golden::updating() {
        return;
    }
    let mut want: Vec<String> = [
        "text_power_on",
        "text_css1",
        "text_normal_inverse",
        "sg4_colours",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for p in 0..=4 {
        for c in 0..2 {
            want.push(format!("pmode{p}_css{c}"));
        }
    }
    for n in ["cg1", "rg1", "cg2"] {
        for c in 0..2 {
            want.push(format!("{n}_css{c}"));
        }
    }
    want.sort();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut have: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/golden exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".png").map(str::to_string))
        .collect();
    have.sort();
    assert_eq!(have, want);
}
