//! PNG files of frames (`frontend::png_file`, the `png` crate underneath): frames round-trip,
//! bad files are refused with an error that says what is wrong, never a panic, and the golden
//! pictures decode to the pixels they were written with.

use spacemono::frontend::png_file::{self as png, PngError};
use spacemono_core::Frame;

fn lcg(seed: &mut u32) -> u32 {
    *seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
    *seed >> 8
}

fn random_frame(w: usize, h: usize, seed: u32, palette_size: u32) -> Frame {
    let mut s = seed;
    let pixels = (0..w * h)
        .map(|_| {
            if palette_size == 0 {
                lcg(&mut s) & 0xFF_FFFF
            } else {
                ((lcg(&mut s) % palette_size) * 0x10_2030) & 0xFF_FFFF
            }
        })
        .collect();
    Frame {
        width: w,
        height: h,
        pixels,
    }
}

#[test]
fn round_trips_pictures_of_many_shapes() {
    for (w, h, seed, pal) in [
        (1, 1, 1, 0),
        (3, 2, 2, 0),
        (320, 240, 3, 4),
        (17, 300, 4, 0),
        (500, 3, 5, 2),
        (64, 64, 6, 1),
    ] {
        let f = random_frame(w, h, seed, pal);
        let bytes = png::encode(&f);
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let back = png::decode(&bytes).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
        assert_eq!(back, f, "{w}x{h}");
    }
}

#[test]
fn the_window_buffer_round_trips() {
    let f = random_frame(640, 480, 8, 16);
    let bytes = png::encode_rgb(640, 480, &f.pixels);
    assert_eq!(png::decode(&bytes).unwrap(), f);
}

#[test]
fn flat_pictures_compress_well() {
    let f = Frame {
        width: 320,
        height: 240,
        pixels: vec![0x0AFF0A; 320 * 240],
    };
    let bytes = png::encode(&f);
    assert!(
        bytes.len() < 4000,
        "flat 320x240 picture took {} bytes",
        bytes.len()
    );
    assert_eq!(png::decode(&bytes).unwrap(), f);
}

#[test]
fn the_header_says_8_bit_rgb_of_the_frames_size() {
    let bytes = png::encode(&random_frame(300, 200, 9, 0));
    assert_eq!(&bytes[8..16], &[0, 0, 0, 13, b'I', b'H', b'D', b'R']);
    assert_eq!(&bytes[16..20], &300u32.to_be_bytes());
    assert_eq!(&bytes[20..24], &200u32.to_be_bytes());
    assert_eq!(&bytes[24..29], &[8, 2, 0, 0, 0]);
    assert_eq!(
        &bytes[bytes.len() - 12..],
        &[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]
    );
}

#[test]
fn every_truncation_is_an_error_not_a_panic() {
    let bytes = png::encode(&random_frame(40, 30, 11, 3));
    for n in 0..bytes.len() {
        let e = png::decode(&bytes[..n]).expect_err(&format!("truncated to {n} bytes"));
        if n < 8 {
            assert_eq!(e, PngError::NotPng);
        }
    }
}

#[test]
fn every_corrupted_byte_is_an_error_not_a_panic() {
    let bytes = png::encode(&random_frame(24, 20, 12, 0));
    for i in 0..bytes.len() {
        for flip in [0x01u8, 0x80, 0xFF] {
            let mut b = bytes.clone();
            b[i] ^= flip;
            // Every byte is covered by the signature check or a chunk CRC (or is a length).
            assert!(
                png::decode(&b).is_err(),
                "flipping {flip:#04X} at byte {i} was accepted"
            );
        }
    }
}

/// A PNG of one IHDR (its CRC right) and IEND, as hand-made hostile files are.
fn with_ihdr(ihdr: [u8; 13]) -> Vec<u8> {
    let mut f = b"\x89PNG\r\n\x1a\n".to_vec();
    f.extend_from_slice(&13u32.to_be_bytes());
    let mut c = b"IHDR".to_vec();
    c.extend_from_slice(&ihdr);
    f.extend_from_slice(&c);
    f.extend_from_slice(&crc32(&c).to_be_bytes());
    f.extend_from_slice(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]);
    f
}

/// CRC-32 as PNG chunks use it, bit by bit (only to build test files).
fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in data {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[test]
fn errors_name_what_is_wrong() {
    assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    assert_eq!(png::decode(b""), Err(PngError::NotPng));
    assert_eq!(png::decode(b"GIF89a.........."), Err(PngError::NotPng));
    assert_eq!(png::decode(b"\x89PNG\r\n\x1a\n"), Err(PngError::Truncated));
    assert_eq!(PngError::NotPng.to_string(), "not a PNG file");
    assert_eq!(PngError::Truncated.to_string(), "PNG file is truncated");
    let good = png::encode(&random_frame(4, 4, 13, 0));
    // A bad CRC on IHDR: the message says CRC.
    let mut b = good.clone();
    b[20] ^= 1;
    match png::decode(&b) {
        Err(PngError::Corrupt(why)) => assert!(why.contains("CRC"), "{why}"),
        other => panic!("{other:?}"),
    }
    // A bad Adler-32 at the end of the zlib stream, with the IDAT's CRC made right again.
    let idat = good.windows(4).position(|w| w == b"IDAT").unwrap();
    let len = u32::from_be_bytes(good[idat - 4..idat].try_into().unwrap()) as usize;
    let mut b = good.clone();
    b[idat + 4 + len - 1] ^= 1;
    let crc = crc32(&b[idat..idat + 4 + len]);
    b[idat + 4 + len..idat + 8 + len].copy_from_slice(&crc.to_be_bytes());
    assert!(matches!(png::decode(&b), Err(PngError::Corrupt(_))));
    // A zero width; a bit depth RGB does not have.
    assert!(matches!(
        png::decode(&with_ihdr([0, 0, 0, 0, 0, 0, 0, 4, 8, 2, 0, 0, 0])),
        Err(PngError::Corrupt(_))
    ));
    assert!(matches!(
        png::decode(&with_ihdr([0, 0, 0, 4, 0, 0, 0, 4, 4, 2, 0, 0, 0])),
        Err(PngError::Corrupt(_))
    ));
    // Huge dimensions are refused before any allocation.
    let huge = png::decode(&with_ihdr([0x7F, 0, 0, 0, 0x7F, 0, 0, 0, 8, 2, 0, 0, 0]));
    assert_eq!(
        huge,
        Err(PngError::TooLarge {
            width: 0x7F00_0000,
            height: 0x7F00_0000
        })
    );
    assert!(huge.unwrap_err().to_string().contains("too large"));
    assert!(png::decode(&with_ihdr([0, 0x10, 0, 0, 0, 0x10, 0, 1, 8, 2, 0, 0, 0])).is_err());
    // A header but no image data.
    assert!(png::decode(&with_ihdr([0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0])).is_err());
}

/// Pictures other encoders write (greys, palettes, 16-bit, alpha, interlaced) read as the
/// colours they show, alpha dropped.
#[test]
fn other_kinds_of_png_read_as_their_colours() {
    let (w, h) = (7u32, 5u32);
    let encode = |color, depth, data: &[u8], palette: Option<&[u8]>| {
        let mut out = Vec::new();
        let mut e = ::png::Encoder::new(&mut out, w, h);
        e.set_color(color);
        e.set_depth(depth);
        if let Some(p) = palette {
            e.set_palette(p.to_vec());
        }
        let mut wr = e.write_header().unwrap();
        wr.write_image_data(data).unwrap();
        wr.finish().unwrap();
        out
    };
    let n = (w * h) as usize;
    let mut s = 5;
    let rgba: Vec<u8> = (0..n * 4).map(|_| lcg(&mut s) as u8).collect();
    let want_rgb: Vec<u32> = rgba
        .chunks(4)
        .map(|p| (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32)
        .collect();
    let frame = |bytes: Vec<u8>| png::decode(&bytes).unwrap();
    use ::png::{BitDepth, ColorType};
    // RGBA.
    let f = frame(encode(ColorType::Rgba, BitDepth::Eight, &rgba, None));
    assert_eq!((f.width, f.height), (w as usize, h as usize));
    assert_eq!(f.pixels, want_rgb);
    // 16-bit RGB: the high byte of each sample.
    let rgb16: Vec<u8> = rgba
        .chunks(4)
        .flat_map(|p| [p[0], 0x77, p[1], 0x11, p[2], 0xFF])
        .collect();
    assert_eq!(
        frame(encode(ColorType::Rgb, BitDepth::Sixteen, &rgb16, None)).pixels,
        want_rgb
    );
    // Grey: each level on all three channels.
    let grey: Vec<u8> = rgba.iter().step_by(4).copied().collect();
    let want_grey: Vec<u32> = grey.iter().map(|&g| g as u32 * 0x01_0101).collect();
    assert_eq!(
        frame(encode(ColorType::Grayscale, BitDepth::Eight, &grey, None)).pixels,
        want_grey
    );
    // A palette of four colours, 2 bits a pixel.
    let palette = [0u8, 0, 0, 0xFF, 0x80, 0, 0x12, 0x34, 0x56, 0xFF, 0xFF, 0xFF];
    let idx: Vec<u8> = (0..n).map(|i| (i % 4) as u8).collect();
    let packed: Vec<u8> = idx
        .chunks(w as usize)
        .flat_map(|row| {
            row.chunks(4)
                .map(|q| {
                    q.iter()
                        .enumerate()
                        .fold(0u8, |b, (k, &v)| b | v << (6 - 2 * k))
                })
                .collect::<Vec<u8>>()
        })
        .collect();
    let want_pal: Vec<u32> = idx
        .iter()
        .map(|&i| {
            let p = &palette[i as usize * 3..i as usize * 3 + 3];
            (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32
        })
        .collect();
    assert_eq!(
        frame(encode(
            ColorType::Indexed,
            BitDepth::Two,
            &packed,
            Some(&palette)
        ))
        .pixels,
        want_pal
    );
}

/// Adler-32 (RFC 1950), only to build test files.
fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + x as u32) % 65521;
        b = (b + a) % 65521;
    }
    b << 16 | a
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut c = kind.to_vec();
    c.extend_from_slice(data);
    out.extend_from_slice(&c);
    out.extend_from_slice(&crc32(&c).to_be_bytes());
}

/// An 8-bit RGB PNG of `rgb` built by hand as the `png` crate cannot write it: Adam7
/// interlaced, its zlib stream in stored (uncompressed) blocks, over two IDAT chunks, with a
/// text chunk before them.
fn interlaced_png(w: usize, h: usize, rgb: &[u8]) -> Vec<u8> {
    // Each pass: first column, first row, column step, row step.
    const PASSES: [(usize, usize, usize, usize); 7] = [
        (0, 0, 8, 8),
        (4, 0, 8, 8),
        (0, 4, 4, 8),
        (2, 0, 4, 4),
        (0, 2, 2, 4),
        (1, 0, 2, 2),
        (0, 1, 1, 2),
    ];
    let mut raw = Vec::new();
    for (x0, y0, dx, dy) in PASSES {
        if x0 >= w || y0 >= h {
            continue; // an empty pass has no lines at all
        }
        for y in (y0..h).step_by(dy) {
            raw.push(0); // filter: none
            for x in (x0..w).step_by(dx) {
                raw.extend_from_slice(&rgb[(y * w + x) * 3..][..3]);
            }
        }
    }
    let mut z = vec![0x78, 0x01];
    let half = raw.len() / 2;
    for (i, part) in [&raw[..half], &raw[half..]].iter().enumerate() {
        z.push(u8::from(i == 1)); // BFINAL on the second; BTYPE 00, stored
        let len = part.len() as u16;
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&(!len).to_le_bytes());
        z.extend_from_slice(part);
    }
    z.extend_from_slice(&adler32(&raw).to_be_bytes());
    let mut file = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = (w as u32).to_be_bytes().to_vec();
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 1]);
    chunk(&mut file, b"IHDR", &ihdr);
    chunk(&mut file, b"tEXt", b"Comment\0ancillary chunks are skipped");
    chunk(&mut file, b"IDAT", &z[..10]);
    chunk(&mut file, b"IDAT", &z[10..]);
    chunk(&mut file, b"IEND", &[]);
    file
}

#[test]
fn interlaced_pictures_in_stored_blocks_read() {
    let (w, h) = (13, 11);
    let mut s = 77;
    let rgb: Vec<u8> = (0..w * h * 3).map(|_| lcg(&mut s) as u8).collect();
    let f = png::decode(&interlaced_png(w, h, &rgb)).expect("hand-built PNG decodes");
    assert_eq!((f.width, f.height), (w, h));
    let want: Vec<u32> = rgb
        .chunks(3)
        .map(|p| (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32)
        .collect();
    assert_eq!(f.pixels, want);
}

/// A palette that is not whole colours, or more than 256 of them, is an error: png 0.18 does
/// not check it and panicked building its colour table (found by fuzzing; the fuzzer's file
/// is `tests/fuzz/crashers/png_reader-palette-not-whole-colours`).
#[test]
fn a_palette_of_odd_length_is_an_error_not_a_panic() {
    let ihdr = [0, 0, 0, 2, 0, 0, 0, 1, 8, 3, 0, 0, 0]; // 2x1, 8-bit palette indices
    for plte_len in [0usize, 1, 2, 4, 5, 767, 769, 771] {
        let mut file = b"\x89PNG\r\n\x1a\n".to_vec();
        chunk(&mut file, b"IHDR", &ihdr);
        let plte: Vec<u8> = (0..plte_len).map(|i| i as u8).collect();
        chunk(&mut file, b"PLTE", &plte);
        // Stored zlib: one line, filter 0, indices 0 and 1.
        let raw = [0u8, 0, 1];
        let mut z = vec![0x78, 0x01, 1, 3, 0, !3, !0];
        z.extend_from_slice(&raw);
        z.extend_from_slice(&adler32(&raw).to_be_bytes());
        chunk(&mut file, b"IDAT", &z);
        chunk(&mut file, b"IEND", &[]);
        let e = png::decode(&file).expect_err(&format!("a PLTE of {plte_len} bytes"));
        assert!(matches!(e, PngError::Corrupt(_)), "{plte_len}: {e:?}");
    }
    // Whole colours read.
    let mut file = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut file, b"IHDR", &ihdr);
    chunk(&mut file, b"PLTE", &[1, 2, 3, 4, 5, 6]);
    let raw = [0u8, 0, 1];
    let mut z = vec![0x78, 0x01, 1, 3, 0, !3, !0];
    z.extend_from_slice(&raw);
    z.extend_from_slice(&adler32(&raw).to_be_bytes());
    chunk(&mut file, b"IDAT", &z);
    chunk(&mut file, b"IEND", &[]);
    assert_eq!(png::decode(&file).unwrap().pixels, [0x010203, 0x040506]);
}

/// FNV-1a of the pixels, as little-endian u32s.
fn pixel_hash(f: &Frame) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for px in &f.pixels {
        for b in px.to_le_bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

/// Every golden picture (and the README's screenshots) decodes to the pixels it was written
/// with: the hashes were taken with the hand-written decoder these files were made by, before
/// the `png` crate replaced it. A golden picture regenerated on purpose (UPDATE_GOLDEN=1, looked
/// at) gets its new hash here too: board and standings did when play by file changed the
/// galaxy the game's scripted keys give, and board again when issue 14 labelled the board, title when issue 15 offered the computer, standings when
/// their columns widened for the computers' fortunes.
#[test]
fn the_golden_pictures_decode_to_the_same_pixels() {
    let want: [(&str, usize, usize, u64); 28] = [
        (
            "src/spacemono-core/tests/golden/cg1_css0.png",
            320,
            240,
            0xFBA35743C750E7E5,
        ),
        (
            "src/spacemono-core/tests/golden/cg1_css1.png",
            320,
            240,
            0xA947C7A096856D25,
        ),
        (
            "src/spacemono-core/tests/golden/cg2_css0.png",
            320,
            240,
            0x9885EEBB8808ED85,
        ),
        (
            "src/spacemono-core/tests/golden/cg2_css1.png",
            320,
            240,
            0xDEB455E8712CD225,
        ),
        (
            "src/spacemono-core/tests/golden/pmode0_css0.png",
            320,
            240,
            0x9CE2344EF5D95D45,
        ),
        (
            "src/spacemono-core/tests/golden/pmode0_css1.png",
            320,
            240,
            0xB11B2D8268630BE5,
        ),
        (
            "src/spacemono-core/tests/golden/pmode1_css0.png",
            320,
            240,
            0x3415BA5F401C8245,
        ),
        (
            "src/spacemono-core/tests/golden/pmode1_css1.png",
            320,
            240,
            0xC3759EF5652B5B25,
        ),
        (
            "src/spacemono-core/tests/golden/pmode2_css0.png",
            320,
            240,
            0x6D52CD8290AA5335,
        ),
        (
            "src/spacemono-core/tests/golden/pmode2_css1.png",
            320,
            240,
            0x34DFFD2B38C20F85,
        ),
        (
            "src/spacemono-core/tests/golden/pmode3_css0.png",
            320,
            240,
            0x008CD5E3D97A18B5,
        ),
        (
            "src/spacemono-core/tests/golden/pmode3_css1.png",
            320,
            240,
            0xEB9C314B540FAA25,
        ),
        (
            "src/spacemono-core/tests/golden/pmode4_css0.png",
            320,
            240,
            0x661106DA3C164CBB,
        ),
        (
            "src/spacemono-core/tests/golden/pmode4_css1.png",
            320,
            240,
            0x05C768C9421E5373,
        ),
        (
            "src/spacemono-core/tests/golden/rg1_css0.png",
            320,
            240,
            0xB45D29A87F8D4285,
        ),
        (
            "src/spacemono-core/tests/golden/rg1_css1.png",
            320,
            240,
            0xBAF4B07174B4E965,
        ),
        (
            "src/spacemono-core/tests/golden/sg4_colours.png",
            320,
            240,
            0xECB2F11749759225,
        ),
        (
            "src/spacemono-core/tests/golden/text_css1.png",
            320,
            240,
            0x8DF35BA67585F4C1,
        ),
        (
            "src/spacemono-core/tests/golden/text_normal_inverse.png",
            320,
            240,
            0xAB7BA2777DC5BB2D,
        ),
        (
            "src/spacemono-core/tests/golden/text_power_on.png",
            320,
            240,
            0x257543DA80D713EF,
        ),
        ("tests/golden_game/board.png", 320, 240, 0x827A58AD45BC5335),
        (
            "tests/golden_game/standings.png",
            320,
            240,
            0x7908A06A8B187E97,
        ),
        ("tests/golden_game/title.png", 320, 240, 0xA88ADEF89AED987F),
        (
            "src/spacemono-core/tests/golden_graphics/basic_circle_pmode3.png",
            320,
            240,
            0xE5A7168D95D54239,
        ),
        (
            "src/spacemono-core/tests/golden_graphics/basic_draw_paint_pmode3.png",
            320,
            240,
            0xEA8A14352F0726E9,
        ),
        (
            "src/spacemono-core/tests/golden_graphics/basic_line_pmode4.png",
            320,
            240,
            0x16E88BCD06BF51C5,
        ),
        ("assets/screenshot-board.png", 320, 240, 0x827A58AD45BC5335),
        ("assets/screenshot-title.png", 320, 240, 0xA88ADEF89AED987F),
    ];
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (file, w, h, hash) in want {
        let bytes = std::fs::read(root.join(file)).unwrap();
        let f = png::decode(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!((f.width, f.height), (w, h), "{file}");
        assert_eq!(pixel_hash(&f), hash, "{file}");
    }
}
