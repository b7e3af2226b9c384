//! Byte-level checks worked by hand from the ROM's algorithms (DragonROM.asm) and
//! graphics.md; none of the expected values was taken from this implementation's output.

use crate::graphics_common::*;

use spacemono_core::basic::error::ErrorCode;
use spacemono_core::basic::graphics::{self as g, GetMode, LineBox, PutAction, VideoSelect};
use spacemono_core::machine::memory::{addr, Memory};

fn pm(m: &mut Memory, mode: u8) {
    g::pmode(m, Some(mode), Some(1)).unwrap();
    g::pcls(m, Some(0)).unwrap();
    if mode & 1 == 1 {
        g::pcls(m, Some(1)).unwrap(); // code 0 everywhere
    }
}

fn row(m: &Memory, bpl: u16, r: u16, cols: std::ops::Range<u16>) -> Vec<u8> {
    cols.map(|c| byte(m, bpl, r, c)).collect()
}

#[test]
fn colour_numbers_to_codes() {
    let mut m = fresh();
    g::pmode(&mut m, Some(3), None).unwrap();
    let four: Vec<u8> = (0..=8).map(|c| g::colour_code(&m, c).unwrap()).collect();
    assert_eq!(four, vec![3, 0, 1, 2, 3, 0, 1, 2, 3]);
    g::pmode(&mut m, Some(4), None).unwrap();
    let two: Vec<u8> = (0..=8).map(|c| g::colour_code(&m, c).unwrap()).collect();
    assert_eq!(two, vec![0, 3, 0, 3, 0, 3, 0, 3, 0]);
    assert_eq!(g::colour_code(&m, 9), Err(ErrorCode::FC));
    assert_eq!(g::color(&mut m, Some(9), None), Err(ErrorCode::FC));
}

#[test]
fn circle_r10_hand_worked() {
    // Vertices from CircleSineTab with floor((T-1)*10/65536): top (128,86), then (128,87),
    // (129,87), (130,87), (131,87), (132,88) and the mirror image; 3 o'clock (138,96) and
    // (137,96); 9 o'clock (118,96) and (119,96).
    let mut m = fresh();
    pm(&mut m, 4);
    g::circle(&mut m, (128, 96), 10, None, None, None, None).unwrap();
    assert_eq!(row(&m, 32, 86, 14..18), vec![0x00, 0x00, 0x80, 0x00]);
    assert_eq!(row(&m, 32, 87, 14..18), vec![0x00, 0x07, 0xF0, 0x00]);
    assert_eq!(row(&m, 32, 96, 14..18), vec![0x03, 0x00, 0x00, 0x60]);
    assert_eq!(row(&m, 32, 85, 0..32), vec![0; 32]);
    assert_eq!(row(&m, 32, 107, 0..32), vec![0; 32]);
    // The centre is kept in GrCircleXCo/YCo.
    assert_eq!((m.read_u16(0xCB), m.read_u16(0xCD)), (128, 96));
}

#[test]
fn circle_arc_and_ratio_errors() {
    let mut m = fresh();
    pm(&mut m, 4);
    // Start = end = 16 (6 o'clock): still a full circle (64 sides).
    g::circle(&mut m, (128, 96), 10, None, None, Some(16), Some(16)).unwrap();
    assert_eq!(byte(&m, 32, 86, 16), 0x80);
    // A quarter from 3 o'clock (0) to 6 o'clock (16): nothing above the centre row.
    let mut m = fresh();
    pm(&mut m, 4);
    g::circle(&mut m, (128, 96), 10, None, None, Some(0), Some(16)).unwrap();
    assert!((0..96).all(|r| row(&m, 32, r, 0..32).iter().all(|&b| b == 0)));
    assert_eq!(byte(&m, 32, 106, 16), 0x80); // 6 o'clock (128,106)
    assert_eq!(byte(&m, 32, 96, 17), 0x60); // (137,96),(138,96)
                                            // Vertical 10 x ratio 65535 = 655350 < 2^24 is fine, but radius 300 x 65535 is not.
    assert_eq!(
        g::circle(&mut m, (128, 96), 300, None, Some(0xFFFF), None, None),
        Err(ErrorCode::FC)
    );
}

#[test]
fn draw_bm_r5_bytes() {
    let mut m = fresh();
    pm(&mut m, 4);
    draw(&mut m, "BM10,10;R5").unwrap();
    // x 10..15 on row 10: byte 1 (x 8-15) bits for 10..15.
    assert_eq!(row(&m, 32, 10, 0..3), vec![0x00, 0x3F, 0x00]);
    assert_eq!(last_point(&m), (15, 10));
    assert_eq!(row(&m, 32, 9, 0..32), vec![0; 32]);
}

#[test]
fn draw_flags_angle_scale() {
    let mut m = fresh();
    pm(&mut m, 4);
    // N: drawn, position kept.
    draw(&mut m, "BM16,16NR7").unwrap();
    assert_eq!(last_point(&m), (16, 16));
    assert_eq!(byte(&m, 32, 16, 2), 0xFF);
    // A1 turns R into down; E/F/G/H with N from (40,40).
    draw(&mut m, "BM40,40A1R2A0NE1NF1NG1NH1").unwrap();
    assert_eq!(last_point(&m), (40, 42));
    let px = |m: &mut Memory, x, y| g::ppoint(m, (x, y));
    assert_eq!((px(&mut m, 40, 41), px(&mut m, 40, 42)), (1, 1));
    assert_eq!(
        (
            px(&mut m, 41, 41),
            px(&mut m, 41, 43),
            px(&mut m, 39, 43),
            px(&mut m, 39, 41)
        ),
        (1, 1, 1, 1)
    );
    // Relative M is scaled: S8 doubles.
    draw(&mut m, "BM100,100S8BM+3,-2S0").unwrap();
    assert_eq!(last_point(&m), (106, 96));
    // S62 is accepted, S63 is not (CMPB #63 / BCC).
    draw(&mut m, "S62").unwrap();
    assert_eq!(m.peek(0xE9), 62);
    assert_eq!(draw(&mut m, "S63"), Err(ErrorCode::FC));
    assert_eq!(draw(&mut m, "A4"), Err(ErrorCode::FC));
    assert_eq!(draw(&mut m, "C9"), Err(ErrorCode::FC));
    assert_eq!(draw(&mut m, "Z"), Err(ErrorCode::FC));
    assert_eq!(draw(&mut m, "R256"), Err(ErrorCode::FC));
    assert_eq!(draw(&mut m, "BM1"), Err(ErrorCode::FC));
    assert_eq!(draw(&mut m, "BM1;2"), Err(ErrorCode::FC));
}

#[test]
fn draw_scanner_edges() {
    let mut m = fresh();
    pm(&mut m, 4);
    g::run_reset(&mut m);
    // A trailing space after a number or a command asks LAF33 for a character that is not
    // there: ?FC.
    assert_eq!(draw(&mut m, "BR5 "), Err(ErrorCode::FC));
    draw(&mut m, "BM10,10").unwrap();
    assert_eq!(draw(&mut m, "BR "), Err(ErrorCode::FC));
    // but spaces before the next command are fine.
    draw(&mut m, "BM10,10 BR 5").unwrap();
    assert_eq!(last_point(&m), (15, 10));
    // ';' and '\'' are separators; empty string draws nothing.
    draw(&mut m, ";';BD3;;").unwrap();
    assert_eq!(last_point(&m), (15, 13));
    draw(&mut m, "").unwrap();
    assert_eq!(last_point(&m), (15, 13));
}

struct Recursive;
impl g::DrawHost for Recursive {
    fn numeric_var(&mut self, _: &mut Memory, _: &[u8]) -> Result<u8, ErrorCode> {
        Ok(0)
    }
    fn string_var(&mut self, _: &mut Memory, _: &[u8]) -> Result<Vec<u8>, ErrorCode> {
        Ok(b"BR1XA$;".to_vec())
    }
}

#[test]
fn draw_x_recursion_runs_out_of_memory() {
    let mut m = fresh();
    pm(&mut m, 4);
    draw(&mut m, "BM0,0").unwrap();
    // The X check at nesting n needs $1F + 62 = $1E41 < S - 5 - 3n; with S = $2000:
    // 3n < $2000 - 5 - $1E41 = 442, so n = 0..147 pass and 148 strings each did BR1
    // before the 149th X fails.
    let r = g::draw(&mut m, b"XA$;", &mut Recursive, 0x2000);
    assert_eq!(r, Err(ErrorCode::OM));
    assert_eq!(last_point(&m).0, 148);
}

#[test]
fn line_box_filled_preset() {
    let mut m = fresh();
    pm(&mut m, 4);
    g::line(&mut m, Some((0, 0)), (9, 3), true, LineBox::Box);
    assert_eq!(row(&m, 32, 0, 0..2), vec![0xFF, 0xC0]);
    assert_eq!(row(&m, 32, 1, 0..2), vec![0x80, 0x40]);
    assert_eq!(row(&m, 32, 2, 0..2), vec![0x80, 0x40]);
    assert_eq!(row(&m, 32, 3, 0..2), vec![0xFF, 0xC0]);
    g::line(&mut m, Some((9, 3)), (0, 0), true, LineBox::Filled);
    for r in 0..4 {
        assert_eq!(row(&m, 32, r, 0..2), vec![0xFF, 0xC0]);
    }
    // LINE -(x,y) from the last point (0,0), PRESET erases with the background.
    g::line(&mut m, None, (3, 0), false, LineBox::None);
    assert_eq!(byte(&m, 32, 0, 0), 0x0F);
    assert_eq!(last_point(&m), (3, 0));
}

#[test]
fn line_four_colour_hline() {
    let mut m = fresh();
    pm(&mut m, 3);
    // PMODE 3: x 0..20 -> 0..10: bytes 0,1 full, byte 2 pixels 8,9,10 in code 3.
    g::line(&mut m, Some((0, 0)), (20, 0), true, LineBox::None);
    assert_eq!(row(&m, 32, 0, 0..4), vec![0xFF, 0xFF, 0xFC, 0x00]);
}

#[test]
fn dirty_flag_ors_differences() {
    let mut m = fresh();
    pm(&mut m, 4);
    m.poke(0xDB, 0);
    g::pset(&mut m, (0, 0), None).unwrap();
    assert_eq!(m.peek(0xDB), 0x80);
    m.poke(0xDB, 0);
    g::pset(&mut m, (0, 0), None).unwrap();
    assert_eq!(m.peek(0xDB), 0);
    g::preset(&mut m, (0, 0), None).unwrap(); // $00 - $80 = $80
    assert_eq!(m.peek(0xDB), 0x80);
}

#[test]
fn paint_box_and_u_shape() {
    let mut m = fresh();
    pm(&mut m, 4);
    g::line(&mut m, Some((0, 0)), (31, 9), true, LineBox::Box);
    g::line(&mut m, Some((16, 0)), (16, 6), true, LineBox::None);
    g::paint(&mut m, (4, 4), None, None, SP).unwrap();
    for r in 0..10 {
        assert_eq!(
            row(&m, 32, r, 0..5),
            vec![0xFF, 0xFF, 0xFF, 0xFF, 0x00],
            "row {r}"
        );
    }
    assert_eq!(row(&m, 32, 10, 0..32), vec![0; 32]);
}

#[test]
fn paint_start_on_border_does_nothing() {
    let mut m = fresh();
    pm(&mut m, 4);
    g::line(&mut m, Some((0, 0)), (31, 9), true, LineBox::Box);
    let before = m.slice(0x0600, 0x1E00).to_vec();
    g::paint(&mut m, (0, 4), None, None, SP).unwrap();
    assert_eq!(m.slice(0x0600, 0x1E00), &before[..]);
}

#[test]
fn paint_out_of_memory_keeps_first_line() {
    let mut m = fresh();
    pm(&mut m, 4);
    g::line(&mut m, Some((0, 0)), (31, 9), true, LineBox::Box);
    // The first push needs $1F + 4 + 58 < S - 6*2 - 4.
    m.write_u16(addr::STORAGE_END, 0x7000);
    assert_eq!(
        g::paint(&mut m, (4, 4), None, None, 0x7000 + 62 + 12 + 4),
        Err(ErrorCode::OM)
    );
    assert_eq!(row(&m, 32, 4, 0..5), vec![0xFF, 0xFF, 0xFF, 0xFF, 0x00]);
    assert_eq!(row(&m, 32, 5, 0..4), vec![0x80, 0x00, 0x00, 0x01]);
}

#[test]
fn put_actions_bit_mode() {
    for (action, want) in [
        (PutAction::Pset, 0xA5),
        (PutAction::Preset, 0x5A),
        (PutAction::Or, 0xAF),
        (PutAction::And, 0x05),
        (PutAction::Not, 0xF0),
    ] {
        let mut m = fresh();
        pm(&mut m, 4);
        m.poke(0x0600, 0xA5);
        let arr = dim_array(&mut m, b'A', 1);
        g::get(&mut m, Some((0, 0)), (7, 0), arr, GetMode::Bits).unwrap();
        assert_eq!(m.peek(arr + 7), 0xA5);
        m.poke(0x0600 + 32 * 5 + 3, 0x0F);
        g::put(&mut m, Some((24, 5)), (31, 5), arr, Some(action)).unwrap();
        assert_eq!(byte(&m, 32, 5, 3), want, "{action:?}");
    }
}

#[test]
fn get_bits_are_packed_across_rows() {
    let mut m = fresh();
    pm(&mut m, 4);
    m.poke(0x0600, 0xA0);
    m.poke(0x0620, 0x50);
    let arr = dim_array(&mut m, b'A', 1);
    g::get(&mut m, Some((0, 0)), (3, 1), arr, GetMode::Bits).unwrap();
    assert_eq!(m.peek(arr + 7), 0xA5);
    // PMODE 3: GET(0,0)-(7,0),G takes 8 bits = the first screen byte as it is.
    let mut m = fresh();
    pm(&mut m, 3);
    m.poke(0x0600, 0x1B);
    let arr = dim_array(&mut m, b'A', 1);
    g::get(&mut m, Some((0, 0)), (7, 0), arr, GetMode::Bits).unwrap();
    assert_eq!(m.peek(arr + 7), 0x1B);
}

#[test]
fn get_bytes_runs_off_the_array() {
    let mut m = fresh();
    pm(&mut m, 4);
    for i in 0..6u16 {
        m.poke(0x0600 + (i / 2) * 32 + i % 2, 0x11 * (i as u8 + 1));
    }
    let arr = dim_array(&mut m, b'A', 1); // 5 data bytes
    assert_eq!(
        g::get(&mut m, Some((0, 0)), (15, 2), arr, GetMode::Bytes),
        Err(ErrorCode::FC)
    );
    assert_eq!(m.slice(arr + 7, arr + 12), &[0x11, 0x22, 0x33, 0x44, 0x55]);
    // The start may be omitted: the last point is used and not updated.
    m.write_u16(0xC7, 8);
    m.write_u16(0xC9, 0);
    let arr2 = dim_array(&mut m, b'B', 4);
    g::get(&mut m, None, (15, 0), arr2, GetMode::Bytes).unwrap();
    assert_eq!(m.peek(arr2 + 7), 0x22);
    assert_eq!(last_point(&m), (8, 0));
}

#[test]
fn pclear_down_up_and_no_room() {
    let mut m = fresh();
    let prog: &[u8] = &[0x1E, 0x07, 0x00, 0x0A, 0x81, 0x00, 0, 0];
    for (i, b) in prog.iter().enumerate() {
        m.poke(0x1E01 + i as u16, *b);
    }
    m.write_u16(addr::VARS_START, 0x1E09);
    g::pclear(&mut m, 1).unwrap();
    assert_eq!(m.read_u16(addr::PROGRAM_START), 0x0C01);
    assert_eq!(m.read_u16(addr::VARS_START), 0x0C09);
    assert_eq!(m.read_u16(0x0C01), 0x0C07);
    assert_eq!(m.slice(0x0C03, 0x0C09), &prog[2..]);
    g::pclear(&mut m, 8).unwrap();
    assert_eq!(m.read_u16(addr::PROGRAM_START), 0x3601);
    assert_eq!(m.read_u16(0x3601), 0x3607);
    assert_eq!(m.peek(0x3600), 0);
    assert_eq!(m.read_u16(addr::STORAGE_END), 0x3609);
    // No room: new end + 200 >= stack top.
    m.write_u16(addr::STACK_TOP, 0x3609 - 0x3601 + 0x0C01 + 200);
    assert_eq!(g::pclear(&mut m, 1), Err(ErrorCode::FC));
    m.write_u16(addr::STACK_TOP, 0x3609 - 0x3601 + 0x0C01 + 201);
    g::pclear(&mut m, 1).unwrap();
    assert_eq!(g::pclear(&mut m, 0), Err(ErrorCode::FC));
    assert_eq!(g::pclear(&mut m, 9), Err(ErrorCode::FC));
}

#[test]
fn pmode_quirks() {
    let mut m = fresh();
    // 8-bit page arithmetic: page 44 = $06 + (43*6 mod 256) = $08.
    g::pmode(&mut m, Some(0), Some(44)).unwrap();
    assert_eq!((m.peek(0xBA), m.peek(0xB7)), (0x08, 0x0E));
    assert_eq!(g::pmode(&mut m, None, Some(0)), Err(ErrorCode::FC));
    assert_eq!(g::pmode(&mut m, Some(5), None), Err(ErrorCode::FC));
    // A failing PMODE m has already put the start back on page 1.
    let mut m = fresh();
    g::pclear(&mut m, 2).unwrap();
    g::pmode(&mut m, Some(0), Some(2)).unwrap();
    assert_eq!((m.peek(0xBA), m.peek(0xB7)), (0x0C, 0x12));
    assert_eq!(g::pmode(&mut m, Some(3), None), Err(ErrorCode::FC));
    assert_eq!((m.peek(0xB6), m.peek(0xBA), m.peek(0xB7)), (0, 0x06, 0x12));
    // PMODE resets the colours, PMODE ,p does not.
    g::color(&mut m, Some(0), Some(1)).unwrap();
    g::pmode(&mut m, None, Some(1)).unwrap();
    assert_eq!((m.peek(0xB2), m.peek(0xB3)), (0, 3));
    g::pmode(&mut m, Some(0), None).unwrap();
    assert_eq!((m.peek(0xB2), m.peek(0xB3)), (3, 0));
}

#[test]
fn pcopy_checks_and_overwrite() {
    let mut m = fresh();
    pm(&mut m, 4);
    g::pset(&mut m, (0, 0), None).unwrap();
    assert_eq!(g::pcopy(&mut m, 0, 2), Err(ErrorCode::FC));
    assert_eq!(g::pcopy(&mut m, 1, 31), Err(ErrorCode::FC)); // > $1E
    g::pcopy(&mut m, 1, 5).unwrap(); // page 5 = $1E00: over the program
    assert_eq!(m.peek(0x1E00), 0x80);
    assert_eq!(m.peek(0x1E00 + 0x5FF), m.peek(0x0600 + 0x5FF));
}

#[test]
fn screen_video_select() {
    let mut m = fresh();
    g::pmode(&mut m, Some(4), Some(1)).unwrap();
    let v = g::screen(&mut m, VideoSelect::TEXT, Some(1), Some(1));
    assert_eq!(
        v,
        VideoSelect {
            graphics: true,
            pmode: 4,
            css: true,
            start: 0x0600
        }
    );
    assert_eq!((v.vdg_bits(), v.sam_mode()), (0xF8, 6));
    let t = g::screen(&mut m, v, Some(0), None);
    assert_eq!(t, VideoSelect::TEXT);
    assert_eq!(m.peek(0xC1), 8); // GrColourSet survives
    let t1 = g::screen(&mut m, t, None, Some(1));
    assert!(!t1.graphics && t1.css);
    g::pmode(&mut m, Some(1), Some(2)).unwrap();
    let v = g::screen(&mut m, t1, Some(1), Some(0));
    assert_eq!(
        v,
        VideoSelect {
            graphics: true,
            pmode: 1,
            css: false,
            start: 0x0C00
        }
    );
    assert_eq!((v.vdg_bits(), v.sam_mode()), (0xC0, 4));
}

#[test]
fn pcls_uses_current_page_only() {
    let mut m = fresh();
    g::pmode(&mut m, Some(0), Some(2)).unwrap();
    g::pcls(&mut m, Some(1)).unwrap();
    assert_eq!(
        (
            m.peek(0x0BFF),
            m.peek(0x0C00),
            m.peek(0x11FF),
            m.peek(0x1200)
        ),
        (0, 0xFF, 0xFF, 0)
    );
}
