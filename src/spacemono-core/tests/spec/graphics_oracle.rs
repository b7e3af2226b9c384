//! Every check of graphics.md that the genuine ROM confirmed ([O]), through the module API.

use crate::graphics_common::*;

use spacemono_core::basic::error::ErrorCode;
use spacemono_core::basic::graphics::{self as g, GetMode, LineBox, PutAction, VideoSelect};
use spacemono_core::basic::semigraphics;
use spacemono_core::machine::memory::Memory;

fn pmode(m: &mut Memory, mode: u8, page: u8) {
    g::pmode(m, Some(mode), Some(page)).unwrap();
}

#[test]
fn c1_pcls_colour_numbers() {
    let mut m = fresh();
    pmode(&mut m, 3, 1);
    for (c, want) in [
        (2, 0x55),
        (0, 0xFF),
        (5, 0x00),
        (1, 0x00),
        (7, 0xAA),
        (8, 0xFF),
    ] {
        g::pcls(&mut m, Some(c)).unwrap();
        assert_eq!(m.peek(0x0600), want, "PMODE 3 PCLS {c}");
        assert_eq!(m.peek(0x0600 + 6143), want);
    }
    pmode(&mut m, 4, 1);
    for (c, want) in [(2, 0x00), (3, 0xFF), (0, 0x00)] {
        g::pcls(&mut m, Some(c)).unwrap();
        assert_eq!(m.peek(0x0600), want, "PMODE 4 PCLS {c}");
    }
    pmode(&mut m, 1, 1);
    g::color(&mut m, Some(4), Some(2)).unwrap();
    g::pcls(&mut m, None).unwrap();
    assert_eq!(m.peek(0x0600), 0x55);
    g::pset(&mut m, (0, 0), None).unwrap();
    assert_eq!(m.peek(0x0600), 0xD5);
}

#[test]
fn c1_color_stores_code() {
    let mut m = fresh();
    pmode(&mut m, 3, 1);
    g::color(&mut m, Some(0), None).unwrap();
    assert_eq!(m.peek(0xB2), 3);
}

#[test]
fn c1_ppoint() {
    let mut m = fresh();
    pmode(&mut m, 3, 1);
    g::pcls(&mut m, Some(1)).unwrap(); // code 0
    g::pset(&mut m, (0, 0), Some(2)).unwrap();
    assert_eq!(g::ppoint(&mut m, (0, 0)), 2);
    let v = g::screen(&mut m, VideoSelect::TEXT, Some(1), Some(1));
    assert!(v.graphics && v.css);
    assert_eq!(g::ppoint(&mut m, (0, 0)), 6);
    assert_eq!(g::ppoint(&mut m, (40, 40)), 5);
    g::screen(&mut m, v, None, Some(0));
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, Some(0)).unwrap();
    g::pset(&mut m, (0, 0), None).unwrap();
    assert_eq!(g::ppoint(&mut m, (0, 0)), 1);
    assert_eq!(g::ppoint(&mut m, (1, 0)), 0);
    g::screen(&mut m, v, None, Some(1));
    assert_eq!(g::ppoint(&mut m, (0, 0)), 5);
}

fn rows(m: &Memory, bpl: u16, r: std::ops::Range<u16>, cols: std::ops::Range<u16>) -> Vec<u8> {
    let mut v = vec![];
    for row in r {
        for c in cols.clone() {
            v.push(byte(m, bpl, row, c));
        }
    }
    v
}

fn line_bytes(a: (u16, u8), b: (u16, u8), nrows: u16) -> Vec<u8> {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, None).unwrap();
    g::line(&mut m, Some(a), b, true, LineBox::None);
    rows(&m, 32, 0..nrows, 0..2)
}

#[test]
fn c2_line_bytes_and_reverse() {
    let want = vec![0xC0, 0x00, 0x38, 0x00, 0x07, 0x80, 0x00, 0x60];
    assert_eq!(line_bytes((0, 0), (10, 3), 4), want);
    assert_eq!(line_bytes((10, 3), (0, 0), 4), want);
    let want = vec![0x60, 0, 0x18, 0, 0x06, 0];
    assert_eq!(line_bytes((1, 0), (6, 2), 3), want);
    assert_eq!(line_bytes((6, 2), (1, 0), 3), want);
    let want = vec![0x0C, 0, 0x30, 0, 0xC0, 0];
    assert_eq!(line_bytes((5, 0), (0, 2), 3), want);
    assert_eq!(line_bytes((0, 2), (5, 0), 3), want);
}

#[test]
fn c2_steep_line_column() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, None).unwrap();
    g::line(&mut m, Some((0, 0)), (3, 10), true, LineBox::None);
    let col: Vec<u8> = (0..11).map(|r| byte(&m, 32, r, 0)).collect();
    assert_eq!(col, vec![128, 128, 64, 64, 64, 32, 32, 32, 32, 16, 16]);
}

#[test]
fn c2_line_from_last_point_sets_last_point() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    g::line(&mut m, None, (20, 9), true, LineBox::None);
    assert_eq!((m.peek(0xC8), m.peek(0xCA)), (20, 9));
    assert_eq!(last_point(&m), (20, 9));
}

#[test]
fn c3_scaling_and_clamping() {
    let mut m = fresh();
    pmode(&mut m, 0, 1);
    g::pset(&mut m, (3, 3), None).unwrap();
    assert_eq!(m.peek(0x0610), 0x40);
    pmode(&mut m, 2, 1);
    g::pcls(&mut m, None).unwrap();
    g::pset(&mut m, (5, 5), None).unwrap();
    assert_eq!(m.peek(0x0650), 0x20);
    pmode(&mut m, 1, 1);
    g::pcls(&mut m, None).unwrap();
    g::pset(&mut m, (7, 7), None).unwrap();
    assert_eq!(m.peek(0x0660), 0x03);
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, None).unwrap();
    g::pset(&mut m, (300, 200), None).unwrap();
    assert_eq!(byte(&m, 32, 191, 31), 0x01);
    g::pset(&mut m, (0, 250), None).unwrap();
    assert_eq!(byte(&m, 32, 191, 0), 0x80);
}

#[test]
fn c3d_pmode_page_beyond_program_fails_after_mode() {
    let mut m = fresh();
    assert_eq!(g::pmode(&mut m, Some(4), Some(2)), Err(ErrorCode::FC));
    // The mode step stays done: PMODE 4 on page 1.
    assert_eq!(m.peek(0xB6), 4);
    assert_eq!(m.peek(0xBA), 0x06);
    assert_eq!(m.peek(0xB7), 0x1E);
}

#[test]
fn c3f_pclear_below_current_page_end() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    assert_eq!(g::pclear(&mut m, 1), Err(ErrorCode::FC));
    assert_eq!(m.read_u16(0x19), 0x1E01);
}

/// The two rows graphics.md quotes from C4, as corrected (read back with PEEK on the genuine
/// ROM, 2026-12-01): row 86 is the top of the circle, one pixel at x = 128; row 91 has the
/// pixels at x = 120 and 136.
#[test]
fn c4_circle_rows() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, None).unwrap();
    g::circle(&mut m, (128, 96), 10, None, None, None, None).unwrap();
    assert_eq!(rows(&m, 32, 86..87, 14..18), vec![0x00, 0x00, 0x80, 0x00]);
    assert_eq!(rows(&m, 32, 91..92, 14..18), vec![0x00, 0x80, 0x00, 0x80]);
}

#[test]
fn c6_draw_positions() {
    let mut m = fresh();
    g::run_reset(&mut m);
    assert_eq!(last_point(&m), (128, 96));
    pmode(&mut m, 4, 1);
    let cases: &[(&str, (u16, u16))] = &[
        ("BM100,100;S8;BR10", (120, 100)),
        ("BM100,100;S4;A1;BU10", (110, 100)),
        ("BM100,100;A0;S2;BR3", (101, 100)),
        ("BM100,100;S2;BL3", (99, 100)),
        ("S0BM10,10BM+5,-3", (15, 7)),
        ("BM20,-5", (20, 191)),
        ("BM5,5;BL10", (0, 5)),
        ("BM250,5;BR10;NBD3", (255, 5)),
        ("BM 1 0 , 2 0 BE", (11, 19)),
    ];
    for (s, want) in cases {
        draw(&mut m, s).unwrap();
        assert_eq!(last_point(&m), *want, "{s}");
    }
    let mut vars = Vars::default();
    vars.strs.push((b'A', b"BR5".to_vec()));
    vars.nums.push((b'V', 7));
    vars.nums.push((b'W', 3));
    g::draw(&mut m, b"BM10,10XA$;BD4", &mut vars, SP).unwrap();
    assert_eq!(last_point(&m), (15, 14));
    g::draw(&mut m, b"BM10,10BR=V;", &mut vars, SP).unwrap();
    assert_eq!(last_point(&m), (17, 10));
    g::draw(&mut m, b"BM=V;,=W;", &mut vars, SP).unwrap();
    assert_eq!(last_point(&m), (7, 3));
    assert_eq!(draw(&mut m, "U;R2"), Err(ErrorCode::FC));
}

#[test]
fn c6b_draw_pixels_and_colour_persists() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, None).unwrap();
    draw(&mut m, "BM0,0F3").unwrap();
    draw(&mut m, "BM8,0R3D2L3U2").unwrap();
    assert_eq!(
        rows(&m, 32, 0..4, 0..2),
        vec![0x80, 0xF0, 0x40, 0x90, 0x20, 0xF0, 0x10, 0x00]
    );
    pmode(&mut m, 3, 1);
    g::pcls(&mut m, None).unwrap();
    draw(&mut m, "BM0,8C2R4").unwrap();
    assert_eq!(m.peek(0xB2), 1);
    assert_eq!(byte(&m, 32, 8, 0), 0x54);
}

#[test]
fn c7_paint_box_pmode4() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, None).unwrap();
    g::line(&mut m, Some((8, 8)), (40, 20), true, LineBox::Box);
    g::paint(&mut m, (20, 12), Some(1), Some(1), SP).unwrap();
    assert_eq!(byte(&m, 32, 12, 1), 0xFF);
    assert_eq!(byte(&m, 32, 12, 5), 0x80);
    assert!((0..32).all(|c| byte(&m, 32, 7, c) == 0));
    assert!((0..32).all(|c| byte(&m, 32, 21, c) == 0));
}

#[test]
fn c7_paint_pmode3_same_colour_is_not_a_border() {
    let mut m = fresh();
    pmode(&mut m, 3, 1);
    g::pcls(&mut m, None).unwrap();
    g::color(&mut m, Some(4), None).unwrap();
    g::line(&mut m, Some((8, 8)), (40, 20), true, LineBox::Box);
    g::pset(&mut m, (20, 12), Some(2)).unwrap();
    g::paint(&mut m, (24, 14), Some(2), Some(4), SP).unwrap();
    for row in [12, 14] {
        for col in 2..5 {
            assert_eq!(byte(&m, 32, row, col), 0x55, "row {row} byte {col}");
        }
    }
}

#[test]
fn c8_pclear_moves_program() {
    let mut m = fresh();
    // 10 A=5 : two lines, linked, at $1E01.
    let prog: &[u8] = &[
        0x1E, 0x09, 0x00, 0x0A, b'A', 0xCB, b'5', 0x00, 0x1E, 0x0F, 0x00, 0x14, 0x81, 0x00, 0, 0,
    ];
    for (i, b) in prog.iter().enumerate() {
        m.poke(0x1E01 + i as u16, *b);
    }
    let end = 0x1E01 + prog.len() as u16;
    for a in [0x1B, 0x1D, 0x1F] {
        m.write_u16(a, end + 7); // one simple variable after the program
    }
    m.write_u16(0x1B, end);
    let r = g::pclear(&mut m, 2).unwrap();
    assert_eq!((m.peek(25), m.peek(26)), (18, 1));
    assert_eq!((r.old_start, r.new_start), (0x1E01, 0x1201));
    assert_eq!(m.peek(0x1200), 0);
    let new_end = 0x1201 + prog.len() as u16;
    assert_eq!(m.read_u16(0x1B), new_end);
    assert_eq!(m.read_u16(0x1D), new_end);
    assert_eq!(m.read_u16(0x1F), new_end);
    // Relinked: the links now point into the new place.
    assert_eq!(m.read_u16(0x1201), 0x1209);
    assert_eq!(m.read_u16(0x1209), 0x120F);
    assert_eq!(&m.slice(0x1205, 0x1209), &[b'A', 0xCB, b'5', 0]);
}

#[test]
fn c8b_pmode_page_state() {
    let mut m = fresh();
    pmode(&mut m, 2, 3);
    assert_eq!(
        (m.peek(0xB6), m.peek(0xBA), m.peek(0xB7), m.peek(0xB9)),
        (2, 0x12, 0x1E, 16)
    );
    pmode(&mut m, 1, 2);
    assert_eq!(m.peek(0xBA), 0x0C);
    g::pmode(&mut m, None, Some(1)).unwrap();
    assert_eq!((m.peek(0xBA), m.peek(0xB7)), (6, 18));
}

#[test]
fn c9_get_put_bytes() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, None).unwrap();
    for (r, [a, b]) in [[0xFF, 0xC0], [0xFF, 0xC0], [0x10, 0x00]]
        .iter()
        .enumerate()
    {
        m.poke(0x0600 + 32 * r as u16, *a);
        m.poke(0x0601 + 32 * r as u16, *b);
    }
    let arr = dim_array(&mut m, b'A', 2);
    g::get(&mut m, Some((0, 0)), (15, 2), arr, GetMode::Bytes).unwrap();
    assert_eq!(
        m.slice(arr + 7, arr + 13),
        &[0xFF, 0xC0, 0xFF, 0xC0, 0x10, 0x00]
    );
    g::put(&mut m, Some((16, 8)), (31, 10), arr, None).unwrap();
    assert_eq!(
        rows(&m, 32, 8..11, 2..4),
        vec![0xFF, 0xC0, 0xFF, 0xC0, 0x10, 0x00]
    );
    g::put(&mut m, Some((40, 8)), (47, 9), arr, None).unwrap();
    assert_eq!((byte(&m, 32, 8, 5), byte(&m, 32, 9, 5)), (0xFF, 0xC0));
    g::put(&mut m, Some((40, 8)), (47, 8), arr, Some(PutAction::Not)).unwrap();
    assert_eq!(byte(&m, 32, 8, 5), 0x00);
}

#[test]
fn c9_get_g_zeroes_last_dimension() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    let arr = dim_array(&mut m, b'Z', 11);
    g::get(&mut m, Some((0, 0)), (7, 0), arr, GetMode::Bits).unwrap();
    assert_eq!(m.peek(arr + 4), 1);
    assert_eq!(m.read_u16(arr + 5), 0x0000);
    assert_eq!(m.read_u16(arr + 2), 5 + 2 + 55);
}

#[test]
fn c10_pcopy() {
    let mut m = fresh();
    pmode(&mut m, 4, 1);
    g::pcls(&mut m, None).unwrap();
    g::pset(&mut m, (0, 0), None).unwrap();
    g::pcopy(&mut m, 1, 4).unwrap();
    assert_eq!(m.peek(6144), 128);
}

#[test]
fn c11_run_keeps_graphics_state() {
    let mut m = fresh();
    pmode(&mut m, 1, 2);
    g::color(&mut m, Some(2), Some(3)).unwrap();
    g::screen(&mut m, VideoSelect::TEXT, None, Some(1));
    draw(&mut m, "A2S9BM3,4").unwrap();
    g::run_reset(&mut m);
    assert_eq!((m.peek(0xE8), m.peek(0xE9)), (0, 0));
    assert_eq!(last_point(&m), (128, 96));
    assert_eq!(
        (
            m.peek(0xB6),
            m.peek(0xBA),
            m.peek(0xB2),
            m.peek(0xB3),
            m.peek(0xC1)
        ),
        (1, 0x0C, 1, 2, 8)
    );
}

#[test]
fn c11_semigraphics() {
    let mut m = fresh();
    // CLS 3 fills the text page with $80 | 2<<4 | $0F = $AF (175).
    for a in 0x0400..0x0600 {
        m.poke(a, 0xAF);
    }
    semigraphics::set(&mut m, 0, 0, 4).unwrap();
    assert_eq!(m.peek(0x0400), 191);
    semigraphics::set(&mut m, 1, 1, 0).unwrap();
    assert_eq!(m.peek(0x0400), 191);
    semigraphics::reset(&mut m, 0, 0).unwrap();
    assert_eq!(m.peek(0x0400), 183);
    m.poke(0x0402, b'A');
    semigraphics::reset(&mut m, 4, 0).unwrap();
    assert_eq!(m.peek(0x0402), 128);
    assert_eq!(semigraphics::point(&m, 1, 1), Ok(4));
    assert_eq!(semigraphics::point(&m, 0, 0), Ok(0));
    m.poke(0x0404, b'A');
    assert_eq!(semigraphics::point(&m, 8, 0), Ok(-1));
}

#[test]
fn cold_start_state() {
    let m = fresh();
    let dp: Vec<u8> = (0xB2..=0xBC).map(|a| m.peek(a)).collect();
    assert_eq!(dp, vec![3, 0, 0, 0, 0, 0x0C, 0x00, 16, 0x06, 0x00, 0x06]);
    assert_eq!(m.peek(0xC1), 0);
    assert_eq!(last_point(&m), (128, 96));
}
