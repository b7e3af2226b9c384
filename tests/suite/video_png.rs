//! The minimal PNG encoder/decoder.

use spacemono::video::png::{self, adler32, crc32, PngError};
use spacemono::video::vdg::Frame;

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
fn checksums_match_published_check_values() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
    assert_eq!(crc32(b"IEND"), 0xAE42_6082); // the CRC every PNG ends with
    assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
    assert_eq!(adler32(b""), 1);
    // Adler-32 over more than 5552 bytes of 0xFF (the modulo deferral limit)
    let big = vec![0xFFu8; 100_000];
    let (mut a, mut b) = (1u64, 0u64);
    for &x in &big {
        a = (a + x as u64) % 65521;
        b = (b + a) % 65521;
    }
    assert_eq!(adler32(&big), (b << 16 | a) as u32);
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
fn header_fields_are_as_specified() {
    let bytes = png::encode(&random_frame(300, 200, 9, 0));
    assert_eq!(&bytes[8..16], &[0, 0, 0, 13, b'I', b'H', b'D', b'R']);
    assert_eq!(&bytes[16..20], &300u32.to_be_bytes());
    assert_eq!(&bytes[20..24], &200u32.to_be_bytes());
    assert_eq!(&bytes[24..29], &[8, 2, 0, 0, 0]);
    assert_eq!(&bytes[29..33], &crc32(&bytes[12..29]).to_be_bytes());
    assert_eq!(
        &bytes[bytes.len() - 12..],
        &[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]
    );
}

#[test]
fn every_truncation_is_an_error_not_a_panic() {
    let bytes = png::encode(&random_frame(40, 30, 11, 3));
    for n in 0..bytes.len() {
        assert!(
            png::decode(&bytes[..n]).is_err(),
            "truncated to {n} bytes was accepted"
        );
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

#[test]
fn specific_errors() {
    assert_eq!(png::decode(b""), Err(PngError::NotPng));
    assert_eq!(png::decode(b"GIF89a.........."), Err(PngError::NotPng));
    let good = png::encode(&random_frame(4, 4, 13, 0));
    // bad CRC on IHDR
    let mut b = good.clone();
    b[20] ^= 1;
    assert_eq!(png::decode(&b), Err(PngError::BadCrc(*b"IHDR")));
    // Hand-built files: IHDR with a palette colour type, with its CRC fixed up.
    let with_ihdr = |ihdr: [u8; 13]| {
        let mut f = b"\x89PNG\r\n\x1a\n".to_vec();
        f.extend_from_slice(&13u32.to_be_bytes());
        let mut c = b"IHDR".to_vec();
        c.extend_from_slice(&ihdr);
        f.extend_from_slice(&c);
        f.extend_from_slice(&crc32(&c).to_be_bytes());
        f.extend_from_slice(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]);
        f
    };
    assert!(matches!(
        png::decode(&with_ihdr([0, 0, 0, 4, 0, 0, 0, 4, 8, 3, 0, 0, 0])),
        Err(PngError::Unsupported(_))
    ));
    assert!(matches!(
        png::decode(&with_ihdr([0, 0, 0, 4, 0, 0, 0, 4, 16, 2, 0, 0, 0])),
        Err(PngError::Unsupported(_))
    ));
    assert_eq!(
        png::decode(&with_ihdr([0, 0, 0, 0, 0, 0, 0, 4, 8, 2, 0, 0, 0])),
        Err(PngError::BadHeader)
    );
    // huge dimensions are refused before any allocation
    assert!(matches!(
        png::decode(&with_ihdr([0x7F, 0, 0, 0, 0x7F, 0, 0, 0, 8, 2, 0, 0, 0])),
        Err(PngError::Unsupported(_))
    ));
    // header but no image data
    assert!(png::decode(&with_ihdr([0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0])).is_err());
}

// ---- A PNG built by hand: stored deflate blocks, all five filters, RGBA, two IDAT chunks.

fn filter_line(kind: u8, cur: &[u8], prev: &[u8], bpp: usize) -> Vec<u8> {
    let mut out = vec![kind];
    for i in 0..cur.len() {
        let a = if i >= bpp { cur[i - bpp] as i16 } else { 0 };
        let b = prev[i] as i16;
        let c = if i >= bpp { prev[i - bpp] as i16 } else { 0 };
        let pred = match kind {
            0 => 0,
            1 => a,
            2 => b,
            3 => (a + b) / 2,
            _ => {
                let p = a + b - c;
                let (pa, pb, pc) = ((p - a).abs(), (p - b).abs(), (p - c).abs());
                if pa <= pb && pa <= pc {
                    a
                } else if pb <= pc {
                    b
                } else {
                    c
                }
            }
        };
        out.push((cur[i] as i16 - pred).rem_euclid(256) as u8);
    }
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut c = kind.to_vec();
    c.extend_from_slice(data);
    out.extend_from_slice(&c);
    out.extend_from_slice(&crc32(&c).to_be_bytes());
}

#[test]
fn reads_stored_blocks_all_filters_rgba_and_split_idat() {
    let (w, h) = (7usize, 10usize);
    let mut s = 77;
    let rgba: Vec<u8> = (0..w * h * 4).map(|_| lcg(&mut s) as u8).collect();
    let mut raw = Vec::new();
    let mut prev = vec![0u8; w * 4];
    for y in 0..h {
        let line = &rgba[y * w * 4..(y + 1) * w * 4];
        raw.extend(filter_line((y % 5) as u8, line, &prev, 4));
        prev = line.to_vec();
    }
    // zlib: two stored blocks
    let mut z = vec![0x78, 0x01];
    let half = raw.len() / 2;
    for (i, part) in [&raw[..half], &raw[half..]].iter().enumerate() {
        z.push(if i == 1 { 1 } else { 0 });
        let len = part.len() as u16;
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&(!len).to_le_bytes());
        z.extend_from_slice(part);
    }
    z.extend_from_slice(&adler32(&raw).to_be_bytes());
    let mut file = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = (w as u32).to_be_bytes().to_vec();
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(&mut file, b"IHDR", &ihdr);
    chunk(&mut file, b"tEXt", b"Comment\0ancillary chunks are skipped");
    chunk(&mut file, b"IDAT", &z[..10]);
    chunk(&mut file, b"IDAT", &z[10..]);
    chunk(&mut file, b"IEND", &[]);
    let f = png::decode(&file).expect("hand-built PNG decodes");
    assert_eq!((f.width, f.height), (w, h));
    let want: Vec<u32> = rgba
        .chunks(4)
        .map(|p| (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32)
        .collect();
    assert_eq!(f.pixels, want);
    // A wrong Adler-32 is caught.
    let mut bad = z.clone();
    let n = bad.len();
    bad[n - 1] ^= 1;
    let mut file2 = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut file2, b"IHDR", &ihdr);
    chunk(&mut file2, b"IDAT", &bad);
    chunk(&mut file2, b"IEND", &[]);
    assert_eq!(png::decode(&file2), Err(PngError::BadChecksum));
}
