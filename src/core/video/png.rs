//! A minimal PNG writer and reader for screenshots and golden-image tests.
//!
//! * [`encode`] writes 8-bit RGB, non-interlaced, filter 0 on every line, one IDAT chunk whose
//!   zlib stream is a greedy LZ77 compressor with fixed-Huffman deflate blocks. CRC-32 and
//!   Adler-32 are computed here.
//! * [`decode`] reads what [`encode`] writes, and a little more: 8-bit RGB or RGBA, any of the
//!   five line filters, several IDAT chunks, stored and fixed-Huffman deflate blocks. It checks
//!   every CRC and the Adler-32, never panics on bad input, and refuses pictures over 16M pixels.
//!   Dynamic-Huffman blocks (what most other tools write), palettes, 16-bit and interlaced images
//!   are reported as [`PngError::Unsupported`].

use super::vdg::Frame;

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
const MAX_PIXELS: usize = 1 << 24;

/// Why a PNG could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PngError {
    /// Not a PNG: the 8-byte signature is wrong.
    NotPng,
    /// The data ends inside a chunk or inside the compressed stream.
    Truncated,
    /// A chunk's CRC does not match (names the chunk type).
    BadCrc([u8; 4]),
    /// The IHDR chunk is missing, misplaced or has impossible values.
    BadHeader,
    /// Valid PNG, but a kind this reader does not handle (says which).
    Unsupported(&'static str),
    /// The zlib/deflate stream is malformed (says how).
    BadCompression(&'static str),
    /// The Adler-32 of the decompressed data does not match.
    BadChecksum,
    /// The decompressed data is not the size the header implies, or a line filter is unknown.
    BadImageData,
}

impl std::fmt::Display for PngError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PngError::NotPng => write!(f, "not a PNG file"),
            PngError::Truncated => write!(f, "PNG data is truncated"),
            PngError::BadCrc(t) => write!(f, "bad CRC in {} chunk", String::from_utf8_lossy(t)),
            PngError::BadHeader => write!(f, "bad or missing IHDR"),
            PngError::Unsupported(what) => write!(f, "unsupported PNG: {what}"),
            PngError::BadCompression(what) => write!(f, "bad compressed data: {what}"),
            PngError::BadChecksum => write!(f, "Adler-32 mismatch"),
            PngError::BadImageData => write!(f, "image data has the wrong size or a bad filter"),
        }
    }
}

impl std::error::Error for PngError {}

// ---------------------------------------------------------------- checksums

const fn crc_table() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[n] = c;
        n += 1;
    }
    t
}

static CRC_TABLE: [u32; 256] = crc_table();

/// CRC-32 (ISO 3309 / ITU-T V.42, as PNG uses it) of `data`.
pub fn crc32(data: &[u8]) -> u32 {
    crc32_update(0xFFFF_FFFF, data) ^ 0xFFFF_FFFF
}

fn crc32_update(mut c: u32, data: &[u8]) -> u32 {
    for &b in data {
        c = CRC_TABLE[((c ^ b as u32) & 0xFF) as usize] ^ (c >> 8);
    }
    c
}

/// Adler-32 (RFC 1950) of `data`.
pub fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in data.chunks(5552) {
        for &x in chunk {
            a += x as u32;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    (b << 16) | a
}

// ---------------------------------------------------------------- encoder

struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    /// Append `count` bits of `value`, least significant first.
    fn bits(&mut self, value: u32, count: u32) {
        self.acc |= (value as u64) << self.n;
        self.n += count;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    /// Append a Huffman code of `len` bits (codes go most significant bit first).
    fn code(&mut self, code: u32, len: u32) {
        let rev = code.reverse_bits() >> (32 - len);
        self.bits(rev, len);
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// Write literal/length symbol `sym` (0-287) with the fixed Huffman code (RFC 1951 3.2.6).
fn fixed_litlen(w: &mut BitWriter, sym: u32) {
    match sym {
        0..=143 => w.code(0x30 + sym, 8),
        144..=255 => w.code(0x190 + sym - 144, 9),
        256..=279 => w.code(sym - 256, 7),
        _ => w.code(0xC0 + sym - 280, 8),
    }
}

fn write_match(w: &mut BitWriter, len: usize, dist: usize) {
    let li = LEN_BASE
        .iter()
        .rposition(|&b| b as usize <= len)
        .unwrap_or(0);
    fixed_litlen(w, 257 + li as u32);
    w.bits((len - LEN_BASE[li] as usize) as u32, LEN_EXTRA[li] as u32);
    let di = DIST_BASE
        .iter()
        .rposition(|&b| b as usize <= dist)
        .unwrap_or(0);
    w.code(di as u32, 5);
    w.bits(
        (dist - DIST_BASE[di] as usize) as u32,
        DIST_EXTRA[di] as u32,
    );
}

/// Raw deflate (RFC 1951) of `data`: one final fixed-Huffman block, greedy LZ77 with a
/// 32K window and a one-entry-per-hash table.
fn deflate_fixed(data: &[u8]) -> Vec<u8> {
    const HASH_BITS: u32 = 15;
    const WINDOW: usize = 32768;
    const MAX_LEN: usize = 258;
    let mut w = BitWriter {
        out: Vec::with_capacity(data.len() / 8 + 16),
        acc: 0,
        n: 0,
    };
    w.bits(1, 1); // BFINAL
    w.bits(1, 2); // BTYPE = 01 fixed Huffman
    let mut head = vec![usize::MAX; 1 << HASH_BITS];
    let hash = |i: usize| -> usize {
        let v = (data[i] as u32) | (data[i + 1] as u32) << 8 | (data[i + 2] as u32) << 16;
        (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
    };
    let mut i = 0;
    while i < data.len() {
        let mut best_len = 0;
        let mut best_dist = 0;
        if i + 3 <= data.len() {
            let h = hash(i);
            let cand = head[h];
            head[h] = i;
            if cand != usize::MAX && i - cand <= WINDOW {
                let max = MAX_LEN.min(data.len() - i);
                let mut l = 0;
                while l < max && data[cand + l] == data[i + l] {
                    l += 1;
                }
                if l >= 3 {
                    best_len = l;
                    best_dist = i - cand;
                }
            }
        }
        if best_len >= 3 {
            write_match(&mut w, best_len, best_dist);
            // Index the positions inside the match so later data can refer to them.
            for j in i + 1..i + best_len {
                if j + 3 <= data.len() {
                    head[hash(j)] = j;
                }
            }
            i += best_len;
        } else {
            fixed_litlen(&mut w, data[i] as u32);
            i += 1;
        }
    }
    fixed_litlen(&mut w, 256);
    w.finish()
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32_update(crc32_update(0xFFFF_FFFF, kind), data) ^ 0xFFFF_FFFF;
    out.extend_from_slice(&crc.to_be_bytes());
}

/// Encode `frame` (0x00RRGGBB pixels) as an 8-bit RGB PNG file.
pub fn encode(frame: &Frame) -> Vec<u8> {
    encode_rgb(frame.width, frame.height, &frame.pixels)
}

/// Encode `width * height` 0x00RRGGBB pixels as an 8-bit RGB PNG file. Panics if `pixels` is
/// not exactly `width * height` long or a dimension is 0 or over 2^31-1.
pub fn encode_rgb(width: usize, height: usize, pixels: &[u32]) -> Vec<u8> {
    assert!(width > 0 && height > 0 && width <= 0x7FFF_FFFF && height <= 0x7FFF_FFFF);
    assert_eq!(
        pixels.len(),
        width * height,
        "pixel count does not match {width}x{height}"
    );
    let mut raw = Vec::with_capacity(height * (1 + 3 * width));
    for row in pixels.chunks_exact(width) {
        raw.push(0); // filter: none
        for &p in row {
            raw.extend_from_slice(&[(p >> 16) as u8, (p >> 8) as u8, p as u8]);
        }
    }
    let mut z = vec![0x78, 0x01]; // deflate, 32K window, no dictionary; (0x78*256+1) % 31 == 0
    z.extend_from_slice(&deflate_fixed(&raw));
    z.extend_from_slice(&adler32(&raw).to_be_bytes());

    let mut out = SIGNATURE.to_vec();
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&(width as u32).to_be_bytes());
    ihdr.extend_from_slice(&(height as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit, RGB, deflate, filter method 0, no interlace
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &z);
    chunk(&mut out, b"IEND", &[]);
    out
}

// ---------------------------------------------------------------- decoder

struct BitReader<'a> {
    data: &'a [u8],
    pos: usize,
    bit: u32,
}

impl BitReader<'_> {
    fn bits(&mut self, count: u32) -> Result<u32, PngError> {
        let mut v = 0;
        for i in 0..count {
            let byte = *self.data.get(self.pos).ok_or(PngError::Truncated)?;
            v |= (((byte >> self.bit) & 1) as u32) << i;
            self.bit += 1;
            if self.bit == 8 {
                self.bit = 0;
                self.pos += 1;
            }
        }
        Ok(v)
    }

    /// Read a Huffman code bit by bit (most significant first) into an integer.
    fn code_bits(&mut self, count: u32, mut v: u32) -> Result<u32, PngError> {
        for _ in 0..count {
            v = (v << 1) | self.bits(1)?;
        }
        Ok(v)
    }

    /// Decode one fixed-Huffman literal/length symbol.
    fn fixed_litlen(&mut self) -> Result<u32, PngError> {
        let v = self.code_bits(7, 0)?;
        if v <= 0x17 {
            return Ok(256 + v);
        }
        let v = self.code_bits(1, v)?;
        if (0x30..=0xBF).contains(&v) {
            return Ok(v - 0x30);
        }
        if (0xC0..=0xC7).contains(&v) {
            return Ok(280 + v - 0xC0);
        }
        let v = self.code_bits(1, v)?;
        if (0x190..=0x1FF).contains(&v) {
            return Ok(144 + v - 0x190);
        }
        Err(PngError::BadCompression("invalid fixed Huffman code"))
    }
}

/// Inflate a raw deflate stream with stored and fixed-Huffman blocks; output limited to `limit`.
/// Returns the data and the number of input bytes used.
fn inflate(data: &[u8], limit: usize) -> Result<(Vec<u8>, usize), PngError> {
    let mut r = BitReader {
        data,
        pos: 0,
        bit: 0,
    };
    let mut out: Vec<u8> = Vec::new();
    loop {
        let last = r.bits(1)?;
        match r.bits(2)? {
            0 => {
                if r.bit != 0 {
                    r.bit = 0;
                    r.pos += 1;
                }
                let hdr = data.get(r.pos..r.pos + 4).ok_or(PngError::Truncated)?;
                let len = u16::from_le_bytes([hdr[0], hdr[1]]) as usize;
                let nlen = u16::from_le_bytes([hdr[2], hdr[3]]) as usize;
                if len != (!nlen & 0xFFFF) {
                    return Err(PngError::BadCompression("stored block length check failed"));
                }
                r.pos += 4;
                let body = data.get(r.pos..r.pos + len).ok_or(PngError::Truncated)?;
                if out.len() + len > limit {
                    return Err(PngError::BadImageData);
                }
                out.extend_from_slice(body);
                r.pos += len;
            }
            1 => loop {
                let sym = r.fixed_litlen()?;
                if sym < 256 {
                    if out.len() >= limit {
                        return Err(PngError::BadImageData);
                    }
                    out.push(sym as u8);
                } else if sym == 256 {
                    break;
                } else {
                    let li = (sym - 257) as usize;
                    if li >= LEN_BASE.len() {
                        return Err(PngError::BadCompression("invalid length symbol"));
                    }
                    let len = LEN_BASE[li] as usize + r.bits(LEN_EXTRA[li] as u32)? as usize;
                    let di = r.code_bits(5, 0)? as usize;
                    if di >= DIST_BASE.len() {
                        return Err(PngError::BadCompression("invalid distance symbol"));
                    }
                    let dist = DIST_BASE[di] as usize + r.bits(DIST_EXTRA[di] as u32)? as usize;
                    if dist > out.len() {
                        return Err(PngError::BadCompression("distance before start of data"));
                    }
                    if out.len() + len > limit {
                        return Err(PngError::BadImageData);
                    }
                    let from = out.len() - dist;
                    for k in 0..len {
                        let b = out[from + k];
                        out.push(b);
                    }
                }
            },
            2 => return Err(PngError::Unsupported("dynamic Huffman deflate blocks")),
            _ => return Err(PngError::BadCompression("reserved block type")),
        }
        if last == 1 {
            break;
        }
    }
    let used = r.pos + usize::from(r.bit != 0);
    Ok((out, used))
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = a as i16 + b as i16 - c as i16;
    let (pa, pb, pc) = (
        (p - a as i16).abs(),
        (p - b as i16).abs(),
        (p - c as i16).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// Decode a PNG file into a [`Frame`] of 0x00RRGGBB pixels (alpha, if any, is dropped).
pub fn decode(file: &[u8]) -> Result<Frame, PngError> {
    if file.len() < 8 || file[..8] != SIGNATURE {
        return Err(PngError::NotPng);
    }
    let mut pos = 8;
    let mut header: Option<(usize, usize, usize)> = None; // width, height, bytes per pixel
    let mut idat = Vec::new();
    let mut seen_iend = false;
    while !seen_iend {
        let len_bytes = file.get(pos..pos + 4).ok_or(PngError::Truncated)?;
        let len =
            u32::from_be_bytes([len_bytes[0], len_bytes[1], len_bytes[2], len_bytes[3]]) as usize;
        if len > 0x7FFF_FFFF {
            return Err(PngError::BadHeader);
        }
        let kind: [u8; 4] = file
            .get(pos + 4..pos + 8)
            .ok_or(PngError::Truncated)?
            .try_into()
            .map_err(|_| PngError::Truncated)?;
        let body_end = (pos + 8).checked_add(len).ok_or(PngError::Truncated)?;
        let body = file.get(pos + 8..body_end).ok_or(PngError::Truncated)?;
        let crc_bytes = file
            .get(body_end..body_end + 4)
            .ok_or(PngError::Truncated)?;
        let crc = u32::from_be_bytes([crc_bytes[0], crc_bytes[1], crc_bytes[2], crc_bytes[3]]);
        if crc32_update(crc32_update(0xFFFF_FFFF, &kind), body) ^ 0xFFFF_FFFF != crc {
            return Err(PngError::BadCrc(kind));
        }
        pos = body_end + 4;
        match &kind {
            b"IHDR" => {
                if header.is_some() || pos != 8 + 8 + 13 + 4 || body.len() != 13 {
                    return Err(PngError::BadHeader);
                }
                let w = u32::from_be_bytes([body[0], body[1], body[2], body[3]]) as usize;
                let h = u32::from_be_bytes([body[4], body[5], body[6], body[7]]) as usize;
                if w == 0 || h == 0 || w > 0x7FFF_FFFF || h > 0x7FFF_FFFF {
                    return Err(PngError::BadHeader);
                }
                if body[10] != 0 || body[11] != 0 || body[12] > 1 {
                    return Err(PngError::BadHeader);
                }
                if body[12] == 1 {
                    return Err(PngError::Unsupported("interlaced images"));
                }
                if body[8] != 8 {
                    return Err(PngError::Unsupported("bit depths other than 8"));
                }
                let bpp = match body[9] {
                    2 => 3,
                    6 => 4,
                    _ => {
                        return Err(PngError::Unsupported(
                            "colour types other than RGB and RGBA",
                        ))
                    }
                };
                if w.checked_mul(h).is_none_or(|n| n > MAX_PIXELS) {
                    return Err(PngError::Unsupported("images over 16M pixels"));
                }
                header = Some((w, h, bpp));
            }
            b"IDAT" => {
                if header.is_none() {
                    return Err(PngError::BadHeader);
                }
                idat.extend_from_slice(body);
            }
            b"IEND" => seen_iend = true,
            _ => {
                if header.is_none() {
                    return Err(PngError::BadHeader);
                }
                if kind[0] & 0x20 == 0 {
                    return Err(PngError::Unsupported(
                        "critical chunk other than IHDR/IDAT/IEND",
                    ));
                }
            }
        }
    }
    let (w, h, bpp) = header.ok_or(PngError::BadHeader)?;
    // zlib wrapper
    if idat.len() < 6 {
        return Err(PngError::Truncated);
    }
    let (cmf, flg) = (idat[0], idat[1]);
    if cmf & 0x0F != 8 || cmf >> 4 > 7 || !(cmf as u16 * 256 + flg as u16).is_multiple_of(31) {
        return Err(PngError::BadCompression("bad zlib header"));
    }
    if flg & 0x20 != 0 {
        return Err(PngError::Unsupported("zlib preset dictionary"));
    }
    let stride = w * bpp;
    let expected = h * (stride + 1);
    let (raw, used) = inflate(&idat[2..], expected)?;
    if raw.len() != expected {
        return Err(PngError::BadImageData);
    }
    let tail = idat
        .get(2 + used..2 + used + 4)
        .ok_or(PngError::Truncated)?;
    if u32::from_be_bytes([tail[0], tail[1], tail[2], tail[3]]) != adler32(&raw) {
        return Err(PngError::BadChecksum);
    }
    // Undo the line filters.
    let mut prev = vec![0u8; stride];
    let mut cur = vec![0u8; stride];
    let mut pixels = Vec::with_capacity(w * h);
    for line in raw.chunks_exact(stride + 1) {
        let filter = line[0];
        let data = &line[1..];
        for i in 0..stride {
            let a = if i >= bpp { cur[i - bpp] } else { 0 };
            let b = prev[i];
            let c = if i >= bpp { prev[i - bpp] } else { 0 };
            let pred = match filter {
                0 => 0,
                1 => a,
                2 => b,
                3 => ((a as u16 + b as u16) / 2) as u8,
                4 => paeth(a, b, c),
                _ => return Err(PngError::BadImageData),
            };
            cur[i] = data[i].wrapping_add(pred);
        }
        for p in cur.chunks_exact(bpp) {
            pixels.push((p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    Ok(Frame {
        width: w,
        height: h,
        pixels,
    })
}
