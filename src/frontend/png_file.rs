//! PNG files of the machine's picture: screenshots (`--png`, F2, the window's `--window-png`)
//! and the golden pictures the tests compare frames with.
//!
//! A PNG file is the host's business, not the Dragon's: the core hands out a [`Frame`] of
//! 0x00RRGGBB pixels, and the `png` crate does the file format. [`encode`] writes 8-bit RGB;
//! [`decode`] reads any PNG the crate reads (greys, palettes, 16-bit and interlaced images are
//! brought to 8-bit colour; alpha is dropped), checks its CRCs and Adler-32, never panics on a
//! bad file, and refuses pictures over 16M pixels before it allocates them.

use std::io::Cursor;

use spacemono_core::Frame;

/// The eight bytes every PNG file starts with.
pub const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
/// The largest picture [`decode`] accepts (a 4096x4096 picture).
pub const MAX_PIXELS: usize = 1 << 24;

/// Why a PNG file could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PngError {
    /// Not a PNG: the 8-byte signature is missing or wrong.
    NotPng,
    /// The file ends before the picture (or its closing IEND chunk) does.
    Truncated,
    /// The file is damaged: the decoder's own words say how (a bad CRC, a bad compressed
    /// stream, a chunk out of place...).
    Corrupt(String),
    /// The picture is larger than [`MAX_PIXELS`].
    TooLarge { width: u32, height: u32 },
    /// A valid PNG of a kind that is not turned into a frame (says which).
    Unsupported(String),
}

impl std::fmt::Display for PngError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PngError::NotPng => write!(f, "not a PNG file"),
            PngError::Truncated => write!(f, "PNG file is truncated"),
            PngError::Corrupt(why) => write!(f, "corrupt PNG file: {why}"),
            PngError::TooLarge { width, height } => write!(
                f,
                "PNG picture of {width}x{height} is too large (the limit is {MAX_PIXELS} pixels)"
            ),
            PngError::Unsupported(what) => write!(f, "unsupported PNG: {what}"),
        }
    }
}

impl std::error::Error for PngError {}

impl From<png::DecodingError> for PngError {
    fn from(e: png::DecodingError) -> Self {
        match e {
            // The file is read from memory: the only I/O error is running out of it.
            png::DecodingError::IoError(_) => PngError::Truncated,
            png::DecodingError::Format(why) => PngError::Corrupt(why.to_string()),
            png::DecodingError::Parameter(why) => PngError::Unsupported(why.to_string()),
            png::DecodingError::LimitsExceeded => {
                PngError::Corrupt("its chunks need more memory than its picture".into())
            }
        }
    }
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
    let mut rgb = Vec::with_capacity(pixels.len() * 3);
    for &p in pixels {
        rgb.extend_from_slice(&[(p >> 16) as u8, (p >> 8) as u8, p as u8]);
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    // Writing into memory cannot fail, and the sizes were checked above.
    let mut writer = encoder
        .write_header()
        .expect("a PNG header of checked sizes");
    writer
        .write_image_data(&rgb)
        .expect("image data of the header's size");
    writer.finish().expect("a PNG written into memory");
    out
}

/// Decode a PNG file into a [`Frame`] of 0x00RRGGBB pixels. Grey pictures become grey pixels;
/// alpha, if any, is dropped.
pub fn decode(file: &[u8]) -> Result<Frame, PngError> {
    if !file.starts_with(&SIGNATURE) {
        return Err(PngError::NotPng);
    }
    // The decoder's own allocations beside the picture (text chunks, the line buffers) stay
    // well under this.
    let limits = png::Limits {
        bytes: MAX_PIXELS * 8,
    };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(file), limits);
    decoder.ignore_checksums(false);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let (width, height) = decoder.read_header_info()?.size();
    let pixels = (width as usize).checked_mul(height as usize);
    if pixels.is_none_or(|n| n > MAX_PIXELS) {
        return Err(PngError::TooLarge { width, height });
    }
    let mut reader = decoder.read_info()?;
    // png 0.18 does not check a palette's length, and panics building its colour table from
    // one that is not whole colours or holds more than 256 (found by fuzzing).
    if let Some(palette) = &reader.info().palette {
        if palette.is_empty() || palette.len() % 3 != 0 || palette.len() > 3 * 256 {
            return Err(PngError::Corrupt(format!(
                "a PLTE chunk of {} bytes (1 to 256 colours of 3 bytes each)",
                palette.len()
            )));
        }
    }
    let size = reader
        .output_buffer_size()
        .ok_or(PngError::TooLarge { width, height })?;
    let mut buf = vec![0; size];
    let out = reader.next_frame(&mut buf)?;
    // Read on to IEND, so that a file cut off after its picture is refused too.
    reader.finish()?;
    if out.bit_depth != png::BitDepth::Eight {
        return Err(PngError::Unsupported(format!(
            "{:?} bit depth after expansion",
            out.bit_depth
        )));
    }
    let channels = match out.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => {
            return Err(PngError::Unsupported("palette not expanded".into()));
        }
    };
    let (w, h) = (out.width as usize, out.height as usize);
    let mut frame = Frame {
        width: w,
        height: h,
        pixels: Vec::with_capacity(w * h),
    };
    for line in buf.chunks_exact(out.line_size).take(h) {
        for p in line[..w * channels].chunks_exact(channels) {
            frame.pixels.push(if channels < 3 {
                p[0] as u32 * 0x01_0101
            } else {
                (p[0] as u32) << 16 | (p[1] as u32) << 8 | p[2] as u32
            });
        }
    }
    if frame.pixels.len() != w * h {
        return Err(PngError::Corrupt(
            "the picture has fewer lines than its header says".into(),
        ));
    }
    Ok(frame)
}
