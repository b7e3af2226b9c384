//! The picture a frontend last took, to tell whether the display changed since: the VDG's
//! mode and a copy of the video memory it showed. (Writes to memory are not watched, so a
//! change is found by comparing: 512 bytes in text, 6 KB at most in graphics.)

use super::vdg::{VdgMode, TEXT_BYTES};

/// The mode and the bytes of the picture last taken.
#[derive(Clone, Debug, Default)]
pub struct ShownPicture {
    shown: Option<(VdgMode, Vec<u8>)>,
}

impl ShownPicture {
    /// Whether the picture of `mode` read from `mem` at `start` differs from the one last
    /// taken (true when none was), keeping it as the one taken now.
    pub fn take(&mut self, mode: VdgMode, start: u16, mem: &[u8]) -> bool {
        let len = mode.graphics_mode().map_or(TEXT_BYTES, |g| g.bytes());
        // The VDG's address wraps at the top of the 64K map.
        let byte = |i: usize| mem.get((start as usize + i) & 0xFFFF).copied().unwrap_or(0);
        let same = self.shown.as_ref().is_some_and(|(m, bytes)| {
            *m == mode && bytes.len() == len && bytes.iter().enumerate().all(|(i, &b)| byte(i) == b)
        });
        if !same {
            self.shown = Some((mode, (0..len).map(byte).collect()));
        }
        !same
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
        assert!(shown.take(text, 0x400, &mem), "the first picture is new");
        assert!(!shown.take(text, 0x400, &mem));
        mem[0x400 + 511] = 0x41;
        assert!(shown.take(text, 0x400, &mem));
        mem[0x400 + 512] = 0x41; // past the text screen
        assert!(!shown.take(text, 0x400, &mem));
        let css = VdgMode { css: true, ..text };
        assert!(shown.take(css, 0x400, &mem));
        assert!(shown.take(css, 0x600, &mem), "another page");
        // A page that runs off the top of memory wraps to its bottom.
        assert!(shown.take(text, 0xFF00, &mem));
        mem[0x00FF] = 1;
        assert!(shown.take(text, 0xFF00, &mem));
    }
}
