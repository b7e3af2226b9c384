//! The TV look (Ctrl+T, `--tv`): the scaled picture as a composite monitor shows it, beside
//! the clean palette. Each line's colours bleed sideways (a box blur about half a Dragon
//! pixel wide, as the composite signal's narrow bandwidth smears them) and the scan lines
//! are dark between (`window::scale_into` darkens them; this only softens).
//!
//! No artefact colours in PMODE 4: they are the NTSC CoCo's. The Dragon 32 is PAL, and XRoar
//! (`dragon.c`, `vo_render.c`) shows a PAL Dragon by default through S-video, not composite;
//! its composite model of a PAL Dragon has a 4.43 MHz subcarrier with no whole ratio to the
//! 14.218 MHz pixel clock (61 cycles in 197 samples) and averages the chroma of line pairs,
//! so black-and-white stripes give at most a faint fringe that crawls, not the steady red and
//! blue a CoCo shows. Drawing those colours would not be faithful to a Dragon.

/// Blur each row of `buf` (`w` pixels wide) sideways over `radius` pixels either side.
pub fn bleed(buf: &mut [u32], w: usize, radius: usize) {
    if radius == 0 || w == 0 {
        return;
    }
    let mut row_copy = vec![0u32; w];
    for row in buf.chunks_exact_mut(w) {
        row_copy.copy_from_slice(row);
        // A running sum of each channel over the window [x - radius, x + radius], clamped.
        let mut sums = [0u32; 3];
        let channel = |p: u32, c: usize| (p >> (16 - 8 * c)) & 0xFF;
        let mut count = 0u32;
        for &p in row_copy.iter().take(radius.min(w - 1) + 1) {
            for (c, s) in sums.iter_mut().enumerate() {
                *s += channel(p, c);
            }
            count += 1;
        }
        for x in 0..w {
            row[x] = ((sums[0] / count) << 16) | ((sums[1] / count) << 8) | (sums[2] / count);
            // Slide: the pixel entering on the right, the one leaving on the left.
            if x + radius + 1 < w {
                let p = row_copy[x + radius + 1];
                for (c, s) in sums.iter_mut().enumerate() {
                    *s += channel(p, c);
                }
                count += 1;
            }
            if x >= radius {
                let p = row_copy[x - radius];
                for (c, s) in sums.iter_mut().enumerate() {
                    *s -= channel(p, c);
                }
                count -= 1;
            }
        }
    }
}

/// The blur's radius at a scale: half a Dragon pixel (none at scale 1, where the picture has
/// no room to soften).
pub fn radius_for(scale: usize) -> usize {
    scale / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_bleeds_into_its_neighbours_and_a_flat_row_stays_as_it_is() {
        let mut row = vec![0x00FF_0000, 0x00FF_0000, 0x00FF_0000, 0, 0, 0];
        bleed(&mut row, 6, 1);
        assert_eq!(row[0], 0x00FF_0000);
        assert_eq!(row[2], 0x00AA_0000, "two red of three");
        assert_eq!(row[3], 0x0055_0000, "one red of three");
        assert_eq!(row[5], 0);
        let mut flat = vec![0x0012_3456; 10];
        bleed(&mut flat, 5, 2);
        assert!(flat.iter().all(|&p| p == 0x0012_3456));
        assert_eq!(radius_for(1), 0);
        assert_eq!(radius_for(4), 2);
    }
}
