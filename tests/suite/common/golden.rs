//! Golden pictures: a frame compared pixel for pixel with a PNG under `tests/`, which
//! `UPDATE_GOLDEN=1` (re)writes instead, to be looked at before it is committed.

use spacemono::frontend::png_file as png;
use spacemono::video::Frame;
use std::path::PathBuf;

/// Whether this run rewrites the references instead of checking them.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1")
}

/// Check `frame` against `tests/{dir}/{name}.png` (or write it when [`updating`]). On a
/// difference the actual frame is written to the temp folder and named in the failure.
pub fn check(dir: &str, name: &str, frame: &Frame) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir)
        .join(format!("{name}.png"));
    if updating() {
        std::fs::write(&path, png::encode(frame)).expect("write golden");
        eprintln!("wrote {}", path.display());
        return;
    }
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (generate with UPDATE_GOLDEN=1 and check it by eye)",
            path.display()
        )
    });
    let want = png::decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
        let _ = std::fs::write(&out, png::encode(frame));
        panic!(
            "{name}: {} pixels differ, first at ({x},{y}): got {:06X}, want {:06X}; actual frame written to {}",
            diffs.len(),
            frame.pixel(x, y),
            want.pixel(x, y),
            out.display()
        );
    }
}
