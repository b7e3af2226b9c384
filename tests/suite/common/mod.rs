//! Helpers for the suite: the core's own (typing at a machine, golden pictures, sessions
//! with a game), shared from its spec rather than copied, and what only the frontend crate has
//! (its binary).
#![allow(dead_code)]

#[path = "../../../src/spacemono-core/tests/spec/common/mod.rs"]
mod machine_helpers;
pub use machine_helpers::*;

/// The `spacemono` binary cargo built for these tests.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_spacemono")
}
