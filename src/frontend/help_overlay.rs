//! The list of keys (F1) drawn over the picture in the window, in the VDG's own letters:
//! the picture dimmed, the lines in bright green, 6 pixels a character and 9 a line so the
//! whole table fits the 320x240 frame.

use spacemono_core::font::{FONT, GLYPH_COLS, GLYPH_LEFT, GLYPH_ROWS, GLYPH_TOP};
use spacemono_core::{palette, Frame};

/// Pixels from one character to the next, and from one line to the next.
const CHAR_PITCH: usize = GLYPH_COLS + 1;
const LINE_PITCH: usize = GLYPH_ROWS + 2;
/// The margin left and above.
const MARGIN: usize = 4;

/// Characters a line may have across the frame.
pub fn columns(frame_width: usize) -> usize {
    (frame_width - 2 * MARGIN) / CHAR_PITCH
}

/// Lines that fit down the frame.
pub fn rows(frame_height: usize) -> usize {
    (frame_height - MARGIN) / LINE_PITCH
}

/// The glyph for `c` in the VDG's font (its screen code): letters as capitals, and `?` for a
/// character the chip cannot draw.
fn screen_code(c: char) -> u8 {
    match c.to_ascii_uppercase() {
        c @ '@'..='_' => c as u8 - 0x40,
        c @ ' '..='?' => c as u8,
        _ => b'?',
    }
}

/// `lines` over the picture in `frame`: the picture dimmed to a quarter, each line in bright
/// green from the top left; what does not fit is left out.
pub fn draw(frame: &mut Frame, lines: &[String]) {
    for p in frame.pixels.iter_mut() {
        *p = (*p >> 2) & 0x3F3F3F;
    }
    let (w, h) = (frame.width, frame.height);
    for (row, line) in lines.iter().take(rows(h)).enumerate() {
        let y0 = MARGIN + row * LINE_PITCH;
        for (col, c) in line.chars().take(columns(w)).enumerate() {
            let x0 = MARGIN + col * CHAR_PITCH;
            let code = screen_code(c);
            for gy in 0..GLYPH_ROWS {
                let bits = FONT.row(code, GLYPH_TOP + gy);
                for gx in 0..GLYPH_COLS {
                    if bits & (0x80 >> (GLYPH_LEFT + gx)) != 0 {
                        frame.pixels[(y0 + gy) * w + x0 + gx] = palette::GREEN;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::window_keys::{help_lines, KEYS};

    #[test]
    fn the_whole_table_fits_and_is_drawn_in_green_over_a_dimmed_picture() {
        let mut f = Frame::new();
        let lines = help_lines(false, columns(f.width));
        assert!(lines.len() < rows(f.height), "{} lines", lines.len());
        assert_eq!(lines.len(), KEYS.len());
        assert!(
            lines
                .iter()
                .all(|l| !l.ends_with(' ') && l.len() <= columns(f.width)),
            "{lines:?}"
        );
        f.pixels.fill(palette::RED);
        draw(&mut f, &["A".to_string()]);
        // The A's top row (glyph row 3 of the font) is its apex; the frame elsewhere dimmed.
        let lit = (0..GLYPH_ROWS * f.width)
            .filter(|i| f.pixels[MARGIN * f.width + i] == palette::GREEN)
            .count();
        assert!(lit > 8, "{lit} pixels of the A");
        assert_eq!(f.pixels[f.pixels.len() - 1], (palette::RED >> 2) & 0x3F3F3F);
        assert_eq!(screen_code('a'), 1);
        assert_eq!(screen_code('1'), b'1');
        assert_eq!(screen_code('{'), b'?');
    }
}
