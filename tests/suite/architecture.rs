//! The house's shape: layers that point one way, a core with no frontend in it, and files
//! short enough to read. The crate boundary already keeps the core (`src/core/`, the
//! `spacemono-core` crate) from naming a frontend; these checks hold the layers inside it.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The lines of `file` that name `crate::<layer>` in code (comments left out).
fn uses_of(file: &Path, layer: &str) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let needle = format!("crate::{layer}");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .filter(|l| l.contains(&needle))
        .map(|l| format!("{}: {}", file.display(), l.trim()))
        .collect()
}

/// Lower layers never name higher ones: `computer` holds `basic`, which uses `machine`,
/// which uses `formats`, `video` and `timing`.
#[test]
fn layers_point_one_way() {
    let core = root().join("src/core");
    let rules: [(&str, &[&str]); 5] = [
        ("basic", &["computer"]),
        ("machine", &["basic", "computer"]),
        ("formats", &["basic", "computer", "machine", "video"]),
        ("video", &["basic", "computer", "machine", "formats"]),
        (
            "timing.rs",
            &["basic", "computer", "machine", "formats", "video"],
        ),
    ];
    let mut wrong = Vec::new();
    for (layer, higher) in rules {
        let path = core.join(layer);
        let files = if path.is_dir() {
            rust_files(&path)
        } else {
            vec![path]
        };
        assert!(!files.is_empty(), "{layer}: no files");
        for f in &files {
            for h in higher {
                wrong.extend(uses_of(f, h));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// The core crate depends on no window, audio or command-line library, and has no unsafe code.
#[test]
fn the_core_has_no_frontend_in_it() {
    let manifest = std::fs::read_to_string(root().join("src/core/Cargo.toml")).unwrap();
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .map(|s| s.split("\n[").next().unwrap_or(""))
        .unwrap_or("");
    for lib in ["minifb", "rodio", "clap", "spacemono ="] {
        assert!(!deps.contains(lib), "the core depends on {lib}");
    }
    let lib = std::fs::read_to_string(root().join("src/core/lib.rs")).unwrap();
    assert!(lib.contains("#![forbid(unsafe_code)]"));
}

/// No source file is over 800 lines, except test files (`tests.rs`, `*_tests.rs`).
#[test]
fn no_source_file_is_over_800_lines() {
    let long: Vec<String> = rust_files(&root().join("src"))
        .into_iter()
        .filter(|f| {
            let name = f.file_name().unwrap().to_string_lossy();
            name != "tests.rs" && !name.ends_with("_tests.rs")
        })
        .filter_map(|f| {
            let n = std::fs::read_to_string(&f).unwrap().lines().count();
            (n > 800).then(|| format!("{}: {n} lines", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}
