//! Helpers for the suite: the core's own (typing at a machine, golden pictures, sessions
//! with a game), shared from its spec rather than copied, and what only the frontend crate has
//! (its binary).
#![allow(dead_code)]

#[path = "../../../src/spacemono-core/tests/spec/common/mod.rs"]
mod machine_helpers;
pub use machine_helpers::*;
pub mod x_input;

/// The `spacemono` binary cargo built for these tests.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_spacemono")
}

/// Every file under `dir` whose path `keep` accepts, sorted; build output (folders named
/// `target`) left out.
pub fn files_under(
    dir: &std::path::Path,
    keep: impl Fn(&std::path::Path) -> bool,
) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "target") {
                    stack.push(path);
                }
            } else if keep(&path) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
