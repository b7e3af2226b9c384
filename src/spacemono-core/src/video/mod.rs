//! The MC6847 VDG: turning video memory and the mode into a picture.
//!
//! * [`vdg`]: the renderer. The machine hands it the 64K memory image, the display start
//!   address (what the SAM would fetch from) and a [`VdgMode`] (the PIA1-B video bits), and
//!   gets a [`Frame`]: the 256x192 picture inside a border, as 0x00RRGGBB pixels (the
//!   frontends write it to PNG files; the core has no image file format in it).
//! * [`sam_scan`]: which bytes the SAM hands the VDG on each line, from the SAM's own display
//!   mode (which may disagree with the VDG's).
//! * [`font`]: the chip's 64-glyph character generator, read from `assets/vdg-font.txt`.
//! * [`palette`]: the VDG colours as RGB data.
//! * [`text_art`]: a picture as Unicode quadrant characters, for the views without pixels.

pub mod font;
pub mod palette;
pub mod sam_scan;
pub(crate) mod shown;
pub mod text_art;
pub mod vdg;

#[cfg(test)]
pub use vdg::render;
pub use vdg::{render_with_sam, Frame, VdgMode};
