//! The SAM's video address counter over one field (docs/machine.md §15): for each of the
//! picture's 192 lines, which bytes the VDG is handed, as offsets from the display start.
//!
//! Two chips share the work. The VDG decides how many bytes it clocks out of the SAM on each
//! line (32-byte modes and text: 42, 16-byte modes: 22, the ones past the picture's width
//! clocked in the border and never shown) and how it shows them. The SAM's display mode V
//! decides how its counter divides: address bits 0-3 count the bytes, then an X divider (1, 2
//! or 3) before bit 4, then a Y divider (1, 2, 3 or 12) before bits 5-15, and at each line's
//! end (the VDG's HS) it clears bits 0-3 (V odd) or 0-4 (V even, not 7), which can carry
//! into the bits above just as counting does. When the two are set alike the picture is the
//! documented one; when they differ it is stretched, repeated or garbled as on a real Dragon,
//! and text with V = 2, 4 or 6 gives the semigraphics modes SG8, SG12 and SG24.
//!
//! (XR `mc6883.c` `mc6883_vdg_bytes`/`mc6883_vdg_hsync` and `mc6847.c` `render_scanline` for
//! the counts and the clearing; MAME `6883sam.cpp` `horizontal_sync` clears the same bits with
//! the same carries.)

/// Lines of the active picture.
pub const LINES: usize = 192;
/// The most bytes a line shows (32-byte modes; 16-byte modes show the first 16).
pub const MAX_SHOWN: usize = 32;

/// One stage of the SAM's counter: it counts the falling edges of the stage before it (the
/// bytes, for the first), and its own output is high while its count is at least `high_from`.
#[derive(Clone, Copy, Debug)]
struct Stage {
    count: u16,
    modulus: u16,
    high_from: u16,
    /// The level last seen from the stage before.
    input: bool,
}

impl Stage {
    const fn new(modulus: u16, high_from: u16) -> Stage {
        Stage {
            count: 0,
            modulus,
            high_from,
            input: false,
        }
    }

    fn high(&self) -> bool {
        self.count >= self.high_from
    }
}

/// Address bits 0-3: their output is bit 3.
const BYTES: Stage = Stage::new(16, 8);
/// Divide by 2 (high on the second count) and by 3 (high on the third).
const DIVIDE_2: Stage = Stage::new(2, 1);
const DIVIDE_3: Stage = Stage::new(3, 2);
/// The second stage of the divide-by-12 (after a divide by 3): high on its third and fourth.
const DIVIDE_4: Stage = Stage::new(4, 2);
/// Address bit 4.
const BIT_4: Stage = Stage::new(2, 1);
/// Address bits 5-15: nothing counts after them.
const TOP: Stage = Stage::new(2048, u16::MAX);

/// The counter as one display mode V connects it: the stages from bits 0-3 to bits 5-15.
struct Counter {
    stages: Vec<Stage>,
    /// Where bit 4 is in `stages`.
    bit_4: usize,
}

impl Counter {
    /// The chain for V (0-7), every stage at 0, as the field sync leaves it.
    fn new(v: u8) -> Counter {
        // (X divider, Y divider) for V = 0..7 (the MC6883 data sheet's mode table).
        const DIVIDERS: [(u8, u8); 8] = [
            (1, 12),
            (3, 1),
            (1, 3),
            (2, 1),
            (1, 2),
            (1, 1),
            (1, 1),
            (1, 1),
        ];
        let (x, y) = DIVIDERS[usize::from(v & 7)];
        let mut stages = vec![BYTES];
        match x {
            2 => stages.push(DIVIDE_2),
            3 => stages.push(DIVIDE_3),
            _ => {}
        }
        let bit_4 = stages.len();
        stages.push(BIT_4);
        match y {
            2 => stages.push(DIVIDE_2),
            3 => stages.push(DIVIDE_3),
            12 => stages.extend([DIVIDE_3, DIVIDE_4]),
            _ => {}
        }
        stages.push(TOP);
        Counter { stages, bit_4 }
    }

    /// The address the counter gives now, relative to the display start.
    fn offset(&self) -> u16 {
        let top = self.stages[self.stages.len() - 1].count;
        (top << 5) | (self.stages[self.bit_4].count << 4) | self.stages[0].count
    }

    /// Stage `i` counts one.
    fn count(&mut self, i: usize) {
        let s = &mut self.stages[i];
        s.count = (s.count + 1) % s.modulus;
        self.pass_on(i);
    }

    /// The stage after `i` sees `i`'s output; a falling edge makes it count.
    fn pass_on(&mut self, i: usize) {
        if i + 1 >= self.stages.len() {
            return;
        }
        let high = self.stages[i].high();
        if high != self.stages[i + 1].input {
            self.stages[i + 1].input = high;
            if !high {
                self.count(i + 1);
            }
        }
    }

    /// The line's end (the VDG's HS falling): V odd clears bits 0-3 and the stages after
    /// see the change; V 0, 2, 4, 6 clears bits 0-4 without bit 4 seeing bit 3 fall, and
    /// the stages after bit 4 see it; V = 7 clears nothing.
    fn line_end(&mut self, v: u8) {
        match v & 7 {
            7 => {}
            v if v & 1 == 1 => {
                self.stages[0].count = 0;
                self.pass_on(0);
            }
            _ => {
                // In these modes bit 4 follows bit 3 directly.
                self.stages[0].count = 0;
                let b4 = &mut self.stages[self.bit_4];
                b4.input = false;
                b4.count = 0;
                self.pass_on(self.bit_4);
            }
        }
    }
}

/// Which bytes each line of a field shows, for one SAM mode and one VDG width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamScan {
    /// `LINES * MAX_SHOWN` offsets from the display start, line by line (16-byte modes use
    /// the first 16 of each line).
    offsets: Vec<u16>,
    shown: usize,
    span: usize,
}

impl SamScan {
    /// The field's scan with the SAM in display mode `v` (V2-V0) and the VDG showing
    /// `vdg_bytes` (16 or 32) bytes a line.
    pub fn new(v: u8, vdg_bytes: usize) -> SamScan {
        let (shown, clocked) = if vdg_bytes == 16 { (16, 22) } else { (32, 42) };
        let mut counter = Counter::new(v);
        let mut offsets = vec![0u16; LINES * MAX_SHOWN];
        let mut span = 0;
        for line in offsets.chunks_mut(MAX_SHOWN) {
            for slot in line.iter_mut().take(shown) {
                *slot = counter.offset();
                span = span.max(usize::from(*slot) + 1);
                counter.count(0);
            }
            // The rest are clocked in the border.
            for _ in shown..clocked {
                counter.count(0);
            }
            counter.line_end(v);
        }
        SamScan {
            offsets,
            shown,
            span,
        }
    }

    /// The offsets of the bytes line `line` (0-191) shows, left to right.
    pub fn line(&self, line: usize) -> &[u16] {
        &self.offsets[line * MAX_SHOWN..line * MAX_SHOWN + self.shown]
    }

    /// How far from the start the picture reads: every byte shown is within this many.
    pub fn span(&self) -> usize {
        self.span
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line `l`'s first offset, and whether its bytes run on one from the next.
    fn rows(scan: &SamScan) -> Vec<u16> {
        (0..LINES)
            .map(|l| {
                let line = scan.line(l);
                for (i, &o) in line.iter().enumerate() {
                    assert_eq!(o, line[0] + i as u16, "line {l} runs on");
                }
                line[0]
            })
            .collect()
    }

    #[test]
    fn each_mode_with_its_own_vdg_width_repeats_its_rows_as_the_data_sheet_says() {
        // (V, VDG bytes a line, bytes a row, lines a row): text, CG1/RG1, CG2, RG2, CG3,
        // RG3, CG6/RG6.
        for (v, width, per_row, lines) in [
            (0, 32, 32, 12),
            (1, 16, 16, 3),
            (2, 32, 32, 3),
            (3, 16, 16, 2),
            (4, 32, 32, 2),
            (5, 16, 16, 1),
            (6, 32, 32, 1),
        ] {
            let scan = SamScan::new(v, width);
            let firsts = rows(&scan);
            for (l, &o) in firsts.iter().enumerate() {
                assert_eq!(o as usize, l / lines * per_row, "V={v} line {l}");
            }
            assert_eq!(scan.span(), LINES / lines * per_row, "V={v}");
        }
    }

    /// FNV-1a of the offsets (each as two bytes, low first), line by line.
    fn fingerprint(scan: &SamScan) -> u32 {
        let mut h: u32 = 0x811C_9DC5;
        for l in 0..LINES {
            for &o in scan.line(l) {
                for b in o.to_le_bytes() {
                    h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
                }
            }
        }
        h
    }

    #[test]
    fn every_mode_and_width_fetches_what_xroars_sam_does() {
        // XRoar's MC6883 (its `mc6883.o`, driven outside the repo by a harness that sets V,
        // clocks 42 or 22 bytes a line and signals HS 192 times after FS) gave these scans,
        // offset for offset; here their fingerprints: (V, 32-byte VDG, 16-byte VDG).
        for (v, wide, narrow) in [
            (0, 0x12BC27C5, 0x8F830DC5),
            (1, 0x24B535C5, 0x00317AC5),
            (2, 0x75E129C5, 0x39A610C5),
            (3, 0x534EAF25, 0x060E75C5),
            (4, 0xF6D0BDC5, 0x86FB66C5),
            (5, 0xA6406AA5, 0x7D2CC2C5),
            (6, 0x68BECDC5, 0xEC0909C5),
            (7, 0x36AC71A5, 0xD1A49961),
        ] {
            assert_eq!(fingerprint(&SamScan::new(v, 32)), wide, "V={v}, 32 bytes");
            assert_eq!(fingerprint(&SamScan::new(v, 16)), narrow, "V={v}, 16 bytes");
        }
    }

    #[test]
    fn a_32_byte_picture_with_the_sam_in_text_mode_shows_each_row_for_12_lines() {
        let scan = SamScan::new(0, 32);
        assert_eq!(rows(&scan)[11], 0);
        assert_eq!(rows(&scan)[12], 32);
        assert_eq!(scan.span(), 512);
    }

    #[test]
    fn a_16_byte_picture_with_the_sam_clearing_bit_4_skips_every_other_16_bytes() {
        // RG3 (16 bytes a line) with V = 6: bit 4 is cleared at each line's end, which
        // carries into bit 5: each line starts 32 bytes on.
        let firsts = rows(&SamScan::new(6, 16));
        assert_eq!(&firsts[..3], &[0, 32, 64]);
    }

    #[test]
    fn a_32_byte_picture_with_the_sam_in_a_16_byte_mode_runs_on_past_the_bytes_shown() {
        // RG6 with V = 5: 42 bytes clocked a line; clearing bits 0-3 at the end (they stand
        // at 10) is a falling bit 3, which counts bit 4: each line starts 48 bytes on.
        let scan = SamScan::new(5, 32);
        assert_eq!(&rows(&scan)[..3], &[0, 48, 96]);
        // With X divided by 3 (V = 1) the second 16 bytes repeat the first.
        let scan = SamScan::new(1, 32);
        assert_eq!(scan.line(0)[16], 0);
    }
}
