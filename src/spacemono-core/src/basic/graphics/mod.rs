//! Extended Color BASIC's high-resolution graphics statements (spec: docs/graphics.md; ROM:
//! prime6809/DragonRom `DragonROM.asm`, graphics package `LA61D`..`LAD7A`, DRAW `LB051`,
//! CIRCLE `LB238`).
//!
//! Every function works on the machine's RAM: the graphics state lives in the direct-page
//! bytes the ROM uses ($B2–$CE, $DB, $E8/$E9, see [`dp`]) so PEEK sees it, and pixels are
//! written to the graphics pages from $0600 up in the ROM's exact bit layout and order.
//! The interpreter parses the statement, converts each numeric argument as the ROM does
//! (the conversion is named on each function) and calls in here; errors come back as
//! [`ErrorCode`](crate::basic::error::ErrorCode), with every side effect the ROM makes before
//! the error already made.
//!
//! Scratch bytes the ROM also uses (EvalCF–EvalDC, $CF–$DA and $DC) are shared with other
//! parts of BASIC; they are kept in Rust locals here, not written to RAM.
//!
//! Coordinates are always given in 256×192 units: `x: u16` (0-65535, VarGet16Bit, ?FC for a
//! negative value: the caller's job) and `y: u8` (VarGet8Bit, ?FC above 255: the caller's
//! job). This module clamps x ≥ 256 to 255 and y ≥ 192 to 191 (LA691) and scales them.

pub mod circle;
pub mod draw;
pub mod getput;
pub mod line;
pub mod paint;
pub mod pmode;
pub mod state;

#[cfg(test)]
pub use crate::machine::video_select::VideoSelect;
pub use circle::circle;
pub use draw::{draw, DrawHost};
pub use getput::{get, get_put_points, put, GetMode, PutAction};
pub use line::{line_draw, line_endpoints, ppoint, preset, pset, LineBox};
pub use paint::paint;
pub use pmode::{color, pclear, pcls, pcopy, pmode, screen};
pub use state::{power_on, run_reset};
// What only the white-box tests (src/tests) name.
#[cfg(test)]
pub use line::line;
#[cfg(test)]
pub use state::colour_code;

/// A point as BASIC gives it: x 0-65535 (VarGet16Bit), y 0-255 (VarGet8Bit).
pub type Point = (u16, u8);
