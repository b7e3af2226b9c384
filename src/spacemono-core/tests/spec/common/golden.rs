//! Golden pictures: a frame compared pixel for pixel with a PNG in this crate's `tests/`,
//! which `UPDATE_GOLDEN=1` (re)writes instead, to be looked at before it is committed.

use spacemono_core::Frame;
use std::path::PathBuf;

/// Whether this run rewrites the references instead of checking them.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1")
}

/// The frame as an 8-bit RGB PNG.
fn encode(frame: &Frame) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, frame.width as u32, frame.height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let rgb: Vec<u8> = frame
        .pixels
        .iter()
        .flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, *p as u8])
        .collect();
    let mut w = enc.write_header().expect("PNG header");
    w.write_image_data(&rgb).expect("PNG data");
    w.finish().expect("PNG end");
    out
}

/// An 8-bit RGB PNG (as [`encode`] writes them) as a frame.
fn decode(bytes: &[u8]) -> Result<Frame, String> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .map_err(|e| e.to_string())?;
    let mut buf = vec![0; reader.output_buffer_size().ok_or("too large")?];
    let info = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    if info.color_type != png::ColorType::Rgb || info.bit_depth != png::BitDepth::Eight {
        return Err(format!(
            "{:?} {:?}, not 8-bit RGB",
            info.color_type, info.bit_depth
        ));
    }
    let pixels = buf[..info.buffer_size()]
        .chunks(3)
        .map(|c| (c[0] as u32) << 16 | (c[1] as u32) << 8 | c[2] as u32)
        .collect();
    Ok(Frame {
        width: info.width as usize,
        height: info.height as usize,
        pixels,
    })
}

/// Check `frame` against `tests/{dir}/{name}.png` (or write it when [`updating`]). On a
/// difference the actual frame is written to the temp folder and named in the failure.
pub fn check(dir: &str, name: &str, frame: &Frame) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir)
        .join(format!("{name}.png"));
    if updating() {
        std::fs::write(&path, encode(frame)).expect("write golden");
        eprintln!("wrote {}", path.display());
        return;
    }
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (generate with UPDATE_GOLDEN=1 and check it by eye)",
            path.display()
        )
    });
    let want = decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(
        (frame.width, frame.height),
        (want.width, want.height),
        "{name}: size"
    );
    let diffs: Vec<(usize, usize)> = (0..frame.pixels.len())
        .filter(|&i| frame.pixels[i] != want.pixels[i])
        .map(|i| (i % frame.width, i / frame.width))
        .collect();
    if let Some(&(x, y)) = diffs.first() {
        let out = std::env::temp_dir().join(format!("{name}.actual.png"));
        let _ = std::fs::write(&out, encode(frame));
        panic!(
            "{name}: {} pixels differ, first at ({x},{y}): got {:06X}, want {:06X}; actual frame written to {}",
            diffs.len(),
            frame.pixel(x, y),
            want.pixel(x, y),
            out.display()
        );
    }
}
