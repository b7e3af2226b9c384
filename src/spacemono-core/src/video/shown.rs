//! The picture a frontend last took, to tell whether the display changed since: the VDG's
//! mode, the SAM's display mode and a copy of the video memory the two show. (Writes to
//! memory are not watched, so a change is found by comparing: 512 bytes in text, 6 KB in
//! the largest graphics modes, at most 8 KB when the two chips' modes disagree.)

use super::sam_scan::SamScan;
use super::vdg::VdgMode;

/// The modes and the bytes of the picture last taken.
#[derive(Clone, Debug, Default)]
pub struct ShownPicture {
    shown: Option<(VdgMode, u8, Vec<u8>)>,
    /// How far the picture reads for a SAM mode and VDG width: (V, bytes a line, span).
    span: Option<(u8, usize, usize)>,
}

impl ShownPicture {
    /// Whether the picture of the VDG's `mode` with the SAM in display mode `sam_mode`,
    /// read from `mem` at `start`, differs from the one last taken (true when none was),
    /// keeping it as the one taken now.
    pub fn take(&mut self, mode: VdgMode, sam_mode: u8, start: u16, mem: &[u8]) -> bool {
        let len = self.span(sam_mode, mode.bytes_per_line());
        // The SAM's address wraps at the top of the 64K map.
        let byte = |i: usize| mem.get((start as usize + i) & 0xFFFF).copied().unwrap_or(0);
        let same = self.shown.as_ref().is_some_and(|(m, v, bytes)| {
            *m == mode
                && *v == sam_mode
                && bytes.len() == len
                && bytes.iter().enumerate().all(|(i, &b)| byte(i) == b)
        });
        if !same {
            self.shown = Some((mode, sam_mode, (0..len).map(byte).collect()));
        }
        !same
    }

    /// The scan's span, made again only when the modes change.
    fn span(&mut self, sam_mode: u8, bytes_per_line: usize) -> usize {
        match self.span {
            Some((v, w, span)) if v == sam_mode && w == bytes_per_line => span,
            _ => {
                let span = SamScan::new(sam_mode, bytes_per_line).span();
                self.span = Some((sam_mode, bytes_per_line, span));
                span
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_of_bytes_or_of_mode_is_a_change_and_nothing_else_is() {
        let mut mem = vec![0x60u8; 0x10000];
        let mut shown = ShownPicture::default();
        let text = VdgMode::text();
        assert!(shown.take(text, 0, 0x400, &mem), "the first picture is new");
        assert!(!shown.take(text, 0, 0x400, &mem));
        mem[0x400 + 511] = 0x41;
        assert!(shown.take(text, 0, 0x400, &mem));
        mem[0x400 + 512] = 0x41; // past the text screen
        assert!(!shown.take(text, 0, 0x400, &mem));
        let css = VdgMode { css: true, ..text };
        assert!(shown.take(css, 0, 0x400, &mem));
        assert!(shown.take(css, 0, 0x600, &mem), "another page");
        // A page that runs off the top of memory wraps to its bottom.
        assert!(shown.take(text, 0, 0xFF00, &mem));
        mem[0x00FF] = 1;
        assert!(shown.take(text, 0, 0xFF00, &mem));
        // The SAM's mode alone: another picture, which reads further (V = 6: 6 KB of text).
        assert!(shown.take(text, 6, 0x400, &mem));
        mem[0x400 + 6143] = 0x42;
        assert!(shown.take(text, 6, 0x400, &mem));
        mem[0x400 + 6144] = 0x42;
        assert!(!shown.take(text, 6, 0x400, &mem));
    }
}
