//! A picture as text: Unicode quadrant characters (▘▝▖▗ and their sums), each standing for a
//! 2×2 block of cells, each cell `scale`×`scale` pixels of the 256×192 picture. A character
//! has two colours, as a terminal cell has: the views that cannot show pixels (the terminal
//! view, `--screen`) show a graphics page this way.
//!
//! PMODE 4 and the other two-colour modes come out exact at scale 1 (128×96 characters). At
//! larger scales a cell takes a colour other than the picture's background if any of its
//! pixels has one, so thin lines and the strokes of letters stay visible.

use super::vdg::{Frame, PICTURE_HEIGHT, PICTURE_WIDTH};

/// The quadrant characters by bit: 8 top-left, 4 top-right, 2 bottom-left, 1 bottom-right.
pub const QUADRANTS: [char; 16] = [
    ' ', '▗', '▖', '▄', '▝', '▐', '▞', '▟', '▘', '▚', '▌', '▙', '▀', '▜', '▛', '█',
];

/// One character of text art: `ch` in colour `fg` on `bg` (0x00RRGGBB).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArtCell {
    pub ch: char,
    pub fg: u32,
    pub bg: u32,
}

/// The colour most of the picture has.
pub fn background(frame: &Frame) -> u32 {
    let mut counts: Vec<(u32, usize)> = Vec::new();
    for y in 0..PICTURE_HEIGHT {
        for x in 0..PICTURE_WIDTH {
            let p = frame.picture_pixel(x, y);
            match counts.iter_mut().find(|(c, _)| *c == p) {
                Some((_, n)) => *n += 1,
                None => counts.push((p, 1)),
            }
        }
    }
    counts
        .iter()
        .max_by_key(|&&(_, n)| n)
        .map_or(0, |&(c, _)| c)
}

/// The picture as rows of text art, each cell `scale`×`scale` pixels (1, 2 or 4): 128×96,
/// 64×48 or 32×24 characters.
pub fn quadrant_art(frame: &Frame, scale: usize) -> Vec<Vec<ArtCell>> {
    let scale = scale.clamp(1, 4);
    let bg = background(frame);
    // A cell's colour: the first colour other than the background among its pixels.
    let cell = |cx: usize, cy: usize| -> u32 {
        for y in cy * scale..(cy + 1) * scale {
            for x in cx * scale..(cx + 1) * scale {
                let p = frame.picture_pixel(x.min(PICTURE_WIDTH - 1), y.min(PICTURE_HEIGHT - 1));
                if p != bg {
                    return p;
                }
            }
        }
        bg
    };
    let (cols, rows) = (PICTURE_WIDTH / (2 * scale), PICTURE_HEIGHT / (2 * scale));
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let quads = [
                        cell(2 * c, 2 * r),
                        cell(2 * c + 1, 2 * r),
                        cell(2 * c, 2 * r + 1),
                        cell(2 * c + 1, 2 * r + 1),
                    ];
                    // Two colours a character: the background (or, in a block with none, the
                    // most frequent) and the first other colour; the rest are taken as it.
                    let back = if quads.contains(&bg) { bg } else { quads[0] };
                    let fore = quads.iter().copied().find(|&q| q != back).unwrap_or(back);
                    let bits = quads
                        .iter()
                        .zip([8, 4, 2, 1])
                        .filter(|(&q, _)| q != back)
                        .fold(0, |acc, (_, b)| acc | b);
                    ArtCell {
                        ch: QUADRANTS[bits],
                        fg: fore,
                        bg: back,
                    }
                })
                .collect()
        })
        .collect()
}

/// Text art as plain text (no colours), a line a row.
pub fn plain(art: &[Vec<ArtCell>]) -> String {
    let mut out = String::new();
    for row in art {
        out.extend(row.iter().map(|c| c.ch));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::video::{render, VdgMode};

    #[test]
    fn a_pmode_4_picture_is_exact_at_scale_1() {
        let mut mem = vec![0u8; 0x10000];
        // PMODE 4 at $0600: 32 bytes a row. Row 0: the first two pixels; row 1: pixel 1.
        mem[0x0600] = 0b1100_0000;
        mem[0x0620] = 0b0100_0000;
        let frame = render(&mem, 0x0600, VdgMode::pmode(4, true).unwrap());
        let art = quadrant_art(&frame, 1);
        assert_eq!((art.len(), art[0].len()), (96, 128));
        // TL, TR and BR lit: ▜.
        assert_eq!(art[0][0].ch, '▜');
        assert_eq!(art[0][1].ch, ' ');
        assert_ne!(art[0][0].fg, art[0][0].bg);
        assert_eq!(plain(&art).lines().count(), 96);
    }

    #[test]
    fn thin_lines_survive_a_larger_scale() {
        let mut mem = vec![0u8; 0x10000];
        for row in 0..192 {
            mem[0x0600 + row * 32 + 5] = 0b0000_0001; // one pixel column at x = 47
        }
        let frame = render(&mem, 0x0600, VdgMode::pmode(4, true).unwrap());
        let art = quadrant_art(&frame, 4);
        assert_eq!((art.len(), art[0].len()), (24, 32));
        // x = 47 is in cell 11 (pixels 44-47): the right half of character 5.
        assert!(art.iter().all(|row| row[5].ch == '▐'), "{}", plain(&art));
    }
}
