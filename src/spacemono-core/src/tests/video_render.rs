//! Direct checks of the VDG renderer: colours at known positions for known bytes, borders,
//! glyph placement, mode constructors. Independent of the golden images.

use spacemono_core::video::font::FONT;
use spacemono_core::video::palette::*;
use spacemono_core::video::vdg::{
    render, render_into, Frame, GraphicsMode, VdgMode, FRAME_HEIGHT, FRAME_WIDTH, PICTURE_HEIGHT,
    PICTURE_WIDTH, PICTURE_X, PICTURE_Y,
};

const TEXT: usize = 0x0400;
const GRAPHICS: usize = 0x0600;

fn memory() -> Vec<u8> {
    let mut m = vec![0u8; 65536];
    m[TEXT..TEXT + 512].fill(0x60); // CLS
    m
}

fn text_frame(m: &[u8], css: bool) -> Frame {
    render(
        m,
        TEXT as u16,
        VdgMode {
            css,
            ..VdgMode::text()
        },
    )
}

/// Every frame pixel outside the 256x192 picture.
fn border_pixels(f: &Frame) -> Vec<u32> {
    let mut v = Vec::new();
    for y in 0..f.height {
        for x in 0..f.width {
            let inside = (PICTURE_X..PICTURE_X + PICTURE_WIDTH).contains(&x)
                && (PICTURE_Y..PICTURE_Y + PICTURE_HEIGHT).contains(&y);
            if !inside {
                v.push(f.pixel(x, y));
            }
        }
    }
    v
}

#[test]
fn frame_geometry_is_320x240_with_the_picture_centred() {
    let f = text_frame(&memory(), false);
    assert_eq!((f.width, f.height, f.pixels.len()), (320, 240, 320 * 240));
    assert_eq!((FRAME_WIDTH, FRAME_HEIGHT), (320, 240));
    assert_eq!((PICTURE_X, PICTURE_Y), (32, 24));
    // The cleared text screen is all green; the pixel just outside each edge is border black.
    assert_eq!(f.pixel(32, 24), GREEN);
    assert_eq!(f.pixel(31, 24), BLACK);
    assert_eq!(f.pixel(32, 23), BLACK);
    assert_eq!(f.pixel(287, 215), GREEN);
    assert_eq!(f.pixel(288, 215), BLACK);
    assert_eq!(f.pixel(287, 216), BLACK);
}

#[test]
fn cleared_text_screen_is_green_inside_a_black_border() {
    let f = text_frame(&memory(), false);
    for y in 0..192 {
        for x in 0..256 {
            assert_eq!(f.picture_pixel(x, y), GREEN, "({x},{y})");
        }
    }
    assert!(border_pixels(&f).iter().all(|&p| p == BLACK));
    assert_eq!(border_pixels(&f).len(), 320 * 240 - 256 * 192);
}

#[test]
fn normal_character_is_dark_on_green_and_inverse_is_green_on_dark() {
    let mut m = memory();
    m[TEXT] = 0x41; // 'A', INV=1: normal
    m[TEXT + 1] = 0x01; // 'A', INV=0: inverse
    let f = text_frame(&m, false);
    // 'A' row 3 is ..#.. in cell columns 2-6: the dot is at cell column 4.
    assert_eq!(f.picture_pixel(4, 3), DARK_GREEN);
    assert_eq!(f.picture_pixel(3, 3), GREEN);
    assert_eq!(f.picture_pixel(0, 0), GREEN);
    // Row 7 of 'A' is ##### (columns 2-6).
    for x in 2..=6 {
        assert_eq!(f.picture_pixel(x, 7), DARK_GREEN);
    }
    assert_eq!(f.picture_pixel(1, 7), GREEN);
    assert_eq!(f.picture_pixel(7, 7), GREEN);
    // The inverse cell is the exact complement, one cell (8 pixels) to the right.
    for y in 0..12 {
        for x in 0..8 {
            let normal = f.picture_pixel(x, y);
            let inverse = f.picture_pixel(8 + x, y);
            assert_eq!(
                inverse,
                if normal == GREEN { DARK_GREEN } else { GREEN },
                "({x},{y})"
            );
        }
    }
}

#[test]
fn every_glyph_dot_lands_in_rows_3_to_9_columns_2_to_6_of_its_cell() {
    let mut m = memory();
    for code in 0..64u8 {
        m[TEXT + code as usize] = code; // inverse: dots green on dark green
    }
    let f = text_frame(&m, false);
    for code in 0..64usize {
        let (cx, cy) = ((code % 32) * 8, (code / 32) * 12);
        for y in 0..12 {
            for x in 0..8 {
                let lit = f.picture_pixel(cx + x, cy + y) == GREEN;
                let in_box = (3..=9).contains(&y) && (2..=6).contains(&x);
                if !in_box {
                    assert!(!lit, "glyph ${code:02X} lit outside its box at ({x},{y})");
                }
                let font_bit = FONT.row(code as u8, y) & (0x80 >> x) != 0;
                assert_eq!(lit, font_bit, "glyph ${code:02X} at ({x},{y})");
            }
        }
    }
}

#[test]
fn text_with_css_1_is_orange() {
    let mut m = memory();
    m[TEXT] = 0x41;
    m[TEXT + 1] = 0x01;
    let f = text_frame(&m, true);
    assert_eq!(f.picture_pixel(0, 0), BRIGHT_ORANGE);
    assert_eq!(f.picture_pixel(4, 3), DARK_ORANGE);
    assert_eq!(f.picture_pixel(8, 0), DARK_ORANGE);
    assert_eq!(f.picture_pixel(12, 3), BRIGHT_ORANGE);
    assert!(
        border_pixels(&f).iter().all(|&p| p == BLACK),
        "text border stays black with CSS=1"
    );
}

#[test]
fn sg4_quadrants_in_all_eight_colours() {
    // SG colours 0-7 in VDG order, as docs/machine.md §4's XR32 column gives them.
    let colours = [
        0x0AFF0A, 0xFFFF43, 0x2213B5, 0xB50522, 0xFFFFFF, 0x0AD470, 0xFF1CFF, 0xFF430A,
    ];
    for css in [false, true] {
        let mut m = memory();
        for c in 0..8u8 {
            m[TEXT + c as usize * 2] = 0x80 | c << 4 | 0b1001; // TL and BR lit
            m[TEXT + c as usize * 2 + 1] = 0x80 | c << 4 | 0b0100; // TR only
        }
        let f = text_frame(&m, css);
        for (c, &col) in colours.iter().enumerate().take(8) {
            let x0 = c * 16;
            // TL: x 0-3, y 0-5; TR: x 4-7, y 0-5; BL: x 0-3, y 6-11; BR: x 4-7, y 6-11.
            assert_eq!(f.picture_pixel(x0, 0), col, "colour {c} TL");
            assert_eq!(f.picture_pixel(x0 + 3, 5), col, "colour {c} TL corner");
            assert_eq!(f.picture_pixel(x0 + 4, 0), BLACK, "colour {c} TR unlit");
            assert_eq!(f.picture_pixel(x0, 6), BLACK, "colour {c} BL unlit");
            assert_eq!(f.picture_pixel(x0 + 4, 6), col, "colour {c} BR");
            assert_eq!(f.picture_pixel(x0 + 7, 11), col, "colour {c} BR corner");
            // second byte: only TR
            assert_eq!(f.picture_pixel(x0 + 8 + 4, 0), col);
            assert_eq!(f.picture_pixel(x0 + 8 + 3, 0), BLACK);
            assert_eq!(f.picture_pixel(x0 + 8 + 4, 6), BLACK);
        }
    }
}

#[test]
fn the_other_colours_are_machine_md_s4() {
    use spacemono_core::video::palette::*;
    // black, dark green and dark orange (text backgrounds), bright orange (text foreground).
    assert_eq!(BLACK, 0x090909);
    assert_eq!(DARK_GREEN, 0x004100);
    assert_eq!(DARK_ORANGE, 0x6B0000);
    assert_eq!(BRIGHT_ORANGE, 0xFFB543);
}

#[test]
fn cls_n_blocks_fill_their_cell() {
    // CLS 4 (red) writes $BF everywhere: the whole picture is red.
    let mut m = memory();
    m[TEXT..TEXT + 512].fill(0xBF);
    let f = text_frame(&m, false);
    assert!(f
        .pixels
        .chunks(320)
        .skip(24)
        .take(192)
        .all(|l| l[32..288].iter().all(|&p| p == 0xB50522)));
    // CLS 0 writes $80: all black, indistinguishable from the border.
    m[TEXT..TEXT + 512].fill(0x80);
    let f = text_frame(&m, false);
    assert!(f.pixels.iter().all(|&p| p == BLACK));
}

#[test]
fn sg6_when_gm0_is_set_in_text_mode() {
    let mut m = memory();
    m[TEXT] = 0x80 | 0b10_0000; // colour bits 10 (blue with CSS 0), top-left element
    m[TEXT + 1] = 0xC0 | 0b00_0001; // colour 11 (red), bottom-right element
    let f = render(
        &m,
        TEXT as u16,
        VdgMode {
            gm: 1,
            ..VdgMode::text()
        },
    );
    assert_eq!(f.picture_pixel(0, 0), BLUE);
    assert_eq!(f.picture_pixel(3, 3), BLUE);
    assert_eq!(f.picture_pixel(0, 4), BLACK);
    assert_eq!(f.picture_pixel(4, 0), BLACK);
    assert_eq!(f.picture_pixel(8 + 4, 8), RED);
    assert_eq!(f.picture_pixel(8 + 4, 7), BLACK);
    let f = render(
        &m,
        TEXT as u16,
        VdgMode {
            gm: 1,
            css: true,
            ..VdgMode::text()
        },
    );
    assert_eq!(f.picture_pixel(0, 0), MAGENTA);
    assert_eq!(f.picture_pixel(8 + 7, 11), ORANGE);
}

#[test]
fn pmode_constructor_matches_extended_basic() {
    let expect = [
        (0, 0xB0, GraphicsMode::Rg2),
        (1, 0xC0, GraphicsMode::Cg3),
        (2, 0xD0, GraphicsMode::Rg3),
        (3, 0xE0, GraphicsMode::Cg6),
        (4, 0xF0, GraphicsMode::Rg6),
    ];
    for (p, bits, g) in expect {
        let m = VdgMode::pmode(p, false).unwrap();
        assert_eq!(m.pia1b(), bits);
        assert_eq!(m.graphics_mode(), Some(g));
        let m1 = VdgMode::pmode(p, true).unwrap();
        assert_eq!(m1.pia1b(), bits | 0x08);
        assert!(m1.css);
        assert_eq!(VdgMode::from_pia1b(bits | 0x08 | 0x07), m1, "PB2-0 ignored");
    }
    assert_eq!(VdgMode::pmode(5, false), None);
    assert_eq!(VdgMode::text(), VdgMode::from_pia1b(0));
    assert_eq!(VdgMode::default(), VdgMode::text());
    assert_eq!(VdgMode::text().graphics_mode(), None);
    // bytes per screen match the PMODE table of docs/graphics.md §1.1
    let sizes: Vec<usize> = (0..5)
        .map(|p| {
            VdgMode::pmode(p, false)
                .unwrap()
                .graphics_mode()
                .unwrap()
                .bytes()
        })
        .collect();
    assert_eq!(sizes, vec![1536, 3072, 3072, 6144, 6144]);
}

#[test]
fn graphics_border_is_green_or_buff() {
    let m = memory();
    for gm in 0..8u8 {
        for css in [false, true] {
            let f = render(
                &m,
                GRAPHICS as u16,
                VdgMode {
                    graphics: true,
                    gm,
                    css,
                },
            );
            let want = if css { BUFF } else { GREEN };
            assert!(
                border_pixels(&f).iter().all(|&p| p == want),
                "gm {gm} css {css}"
            );
        }
    }
}

/// Oracle facts from docs/graphics.md §1.1 (checked on the genuine ROM): the byte BASIC writes for
/// a PSET, and where the VDG must show it.
#[test]
fn pset_bytes_from_the_rom_show_at_the_right_place() {
    // PMODE 0 PSET(3,3) -> $0610 = $40: 128x96 pixel (1,1) = picture x 2-3, y 2-3.
    let mut m = memory();
    m[0x0610] = 0x40;
    let f = render(&m, GRAPHICS as u16, VdgMode::pmode(0, false).unwrap());
    for (x, y) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
        assert_eq!(f.picture_pixel(x, y), GREEN, "({x},{y})");
    }
    for (x, y) in [(1, 2), (4, 2), (2, 1), (2, 4), (0, 0)] {
        assert_eq!(f.picture_pixel(x, y), BLACK, "({x},{y})");
    }
    // PMODE 2 PSET(5,5) -> $0650 = $20: 128x192 pixel (2,5) = picture x 4-5, y 5.
    let mut m = memory();
    m[0x0650] = 0x20;
    let f = render(&m, GRAPHICS as u16, VdgMode::pmode(2, true).unwrap());
    assert_eq!(f.picture_pixel(4, 5), BUFF);
    assert_eq!(f.picture_pixel(5, 5), BUFF);
    assert_eq!(f.picture_pixel(3, 5), BLACK);
    assert_eq!(f.picture_pixel(6, 5), BLACK);
    assert_eq!(f.picture_pixel(4, 4), BLACK);
    assert_eq!(f.picture_pixel(4, 6), BLACK);
    // PMODE 1 PSET(7,7) (colour code 3) -> $0660 = $03: 128x96 pixel (3,3) = x 6-7, y 6-7, red.
    let mut m = memory();
    m[0x0660] = 0x03;
    let f = render(&m, GRAPHICS as u16, VdgMode::pmode(1, false).unwrap());
    assert_eq!(f.picture_pixel(6, 6), RED);
    assert_eq!(f.picture_pixel(7, 7), RED);
    assert_eq!(f.picture_pixel(5, 6), GREEN, "code 0 is green");
    assert_eq!(f.picture_pixel(6, 5), GREEN);
    assert_eq!(f.picture_pixel(6, 8), GREEN);
}

#[test]
fn four_colour_pixel_codes_in_both_colour_sets() {
    let mut m = memory();
    m[GRAPHICS] = 0b00_01_10_11;
    for (css, set) in [
        (false, [GREEN, YELLOW, BLUE, RED]),
        (true, [BUFF, CYAN, MAGENTA, ORANGE]),
    ] {
        let f = render(&m, GRAPHICS as u16, VdgMode::pmode(3, css).unwrap()); // CG6: 2x1 pixels
        for (code, &colour) in set.iter().enumerate() {
            assert_eq!(f.picture_pixel(code * 2, 0), colour);
            assert_eq!(f.picture_pixel(code * 2 + 1, 0), colour);
        }
        assert_eq!(
            f.picture_pixel(0, 1),
            set[0],
            "next line reads $0620, which is 0"
        );
    }
}

#[test]
fn rg6_is_one_pixel_per_bit_msb_first() {
    let mut m = memory();
    m[GRAPHICS] = 0b1010_0001;
    m[GRAPHICS + 32 * 191 + 31] = 0x01; // bottom-right pixel
    let f = render(&m, GRAPHICS as u16, VdgMode::pmode(4, false).unwrap());
    let row: Vec<u32> = (0..8).map(|x| f.picture_pixel(x, 0)).collect();
    assert_eq!(
        row,
        vec![GREEN, BLACK, GREEN, BLACK, BLACK, BLACK, BLACK, GREEN]
    );
    assert_eq!(f.picture_pixel(255, 191), GREEN);
    assert_eq!(f.picture_pixel(254, 191), BLACK);
    assert_eq!(f.picture_pixel(0, 1), BLACK);
}

#[test]
fn low_resolution_modes_scale_to_256x192() {
    // CG1: 64x64, 16 bytes a row: a pixel is 4 wide and 3 high.
    let mut m = memory();
    m[GRAPHICS] = 0b11_00_00_00;
    m[GRAPHICS + 16] = 0b01_00_00_00; // second pixel row
    let f = render(
        &m,
        GRAPHICS as u16,
        VdgMode::with_graphics(GraphicsMode::Cg1, false),
    );
    assert_eq!(f.picture_pixel(0, 0), RED);
    assert_eq!(f.picture_pixel(3, 2), RED);
    assert_eq!(f.picture_pixel(4, 0), GREEN);
    assert_eq!(f.picture_pixel(0, 3), YELLOW);
    assert_eq!(f.picture_pixel(3, 5), YELLOW);
    assert_eq!(f.picture_pixel(0, 6), GREEN);
    // RG1: 128x64, 16 bytes a row: 2 wide, 3 high.
    let mut m = memory();
    m[GRAPHICS] = 0x80;
    let f = render(
        &m,
        GRAPHICS as u16,
        VdgMode::with_graphics(GraphicsMode::Rg1, true),
    );
    assert_eq!(f.picture_pixel(1, 2), BUFF);
    assert_eq!(f.picture_pixel(2, 0), BLACK);
    assert_eq!(f.picture_pixel(0, 3), BLACK);
    // CG2: 128x64, 32 bytes a row: 2 wide, 3 high; row 1 starts at byte 32.
    let mut m = memory();
    m[GRAPHICS + 32] = 0b10_00_00_00;
    let f = render(
        &m,
        GRAPHICS as u16,
        VdgMode::with_graphics(GraphicsMode::Cg2, true),
    );
    assert_eq!(f.picture_pixel(0, 2), BUFF);
    assert_eq!(f.picture_pixel(0, 3), MAGENTA);
    assert_eq!(f.picture_pixel(1, 5), MAGENTA);
    assert_eq!(f.picture_pixel(2, 3), BUFF);
    assert_eq!(f.picture_pixel(0, 6), BUFF);
    // Geometry table
    let geo: Vec<(usize, usize, usize)> = (0..8)
        .map(|gm| {
            let g = GraphicsMode::from_gm(gm);
            (g.columns(), g.rows(), g.bytes_per_row())
        })
        .collect();
    assert_eq!(
        geo,
        vec![
            (64, 64, 16),
            (128, 64, 16),
            (128, 64, 32),
            (128, 96, 16),
            (128, 96, 32),
            (128, 192, 16),
            (128, 192, 32),
            (256, 192, 32)
        ]
    );
}

#[test]
fn display_start_selects_the_page_and_wraps_at_64k() {
    let mut m = memory();
    m[0x0C00] = 0x80; // page 2 of PMODE 4? (page p starts at $0600 + (p-1)*$600)
    let mode = VdgMode::pmode(4, false).unwrap();
    assert_eq!(render(&m, 0x0600, mode).picture_pixel(0, 0), BLACK);
    assert_eq!(render(&m, 0x0C00, mode).picture_pixel(0, 0), GREEN);
    // Text from $FFF0: the 17th byte of the first row is $0000.
    let mut m = vec![0x60u8; 65536];
    m[0x0000] = 0x41;
    let f = render(&m, 0xFFF0, VdgMode::text());
    assert_eq!(f.picture_pixel(16 * 8 + 4, 3), DARK_GREEN);
    // A short memory slice reads as zero (inverse '@') instead of panicking.
    let f = render(&[0x60; 16], 0, VdgMode::text());
    assert_eq!(f.picture_pixel(0, 0), GREEN);
    assert_eq!(f.picture_pixel(16 * 8, 0), DARK_GREEN);
}

#[test]
fn render_into_reuses_the_buffer() {
    let m = memory();
    let mut f = Frame::new();
    let ptr = f.pixels.as_ptr();
    render_into(&mut f, &m, TEXT as u16, VdgMode::text());
    render_into(
        &mut f,
        &m,
        GRAPHICS as u16,
        VdgMode::pmode(3, true).unwrap(),
    );
    assert_eq!(f.pixels.as_ptr(), ptr);
    assert_eq!(f.pixel(0, 0), BUFF);
    // A wrongly sized frame is fixed up.
    let mut g = Frame {
        width: 1,
        height: 1,
        pixels: vec![0],
    };
    render_into(&mut g, &m, TEXT as u16, VdgMode::text());
    assert_eq!(g, render(&m, TEXT as u16, VdgMode::text()));
}

/// Timing, for information: `cargo test --release --test video_render -- --ignored --nocapture`.
#[test]
#[ignore]
fn timing() {
    let mut m = memory();
    for (i, b) in m.iter_mut().enumerate() {
        *b = (i * 37 % 251) as u8;
    }
    let mut f = Frame::new();
    for (name, start, mode) in [
        ("text", TEXT as u16, VdgMode::text()),
        (
            "pmode 4",
            GRAPHICS as u16,
            VdgMode::pmode(4, false).unwrap(),
        ),
        (
            "pmode 3",
            GRAPHICS as u16,
            VdgMode::pmode(3, false).unwrap(),
        ),
        (
            "cg1",
            GRAPHICS as u16,
            VdgMode::with_graphics(GraphicsMode::Cg1, false),
        ),
    ] {
        let n = 2000;
        let t = std::time::Instant::now();
        for _ in 0..n {
            render_into(&mut f, std::hint::black_box(&m), start, mode);
        }
        println!("{name}: {:?} per frame", t.elapsed() / n);
    }
}
