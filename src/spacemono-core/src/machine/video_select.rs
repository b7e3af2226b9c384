//! What the video hardware is set to show: the VDG's mode bits (PIA1-B) and the SAM's
//! display mode and start, as PMODE, SCREEN and every character printed set them. The
//! renderer turns this into a picture (`video::vdg`).

/// What the VDG and SAM are set to show; the machine hands it to the renderer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VideoSelect {
    /// false: the text page (alphanumeric/semigraphics mode, SAM at $0400).
    pub graphics: bool,
    /// PMODE 0-4 shown (meaningful when `graphics`).
    pub pmode: u8,
    /// The PIA's CSS bit.
    pub css: bool,
    /// First byte shown. The SAM counts in 512-byte units, so this is GrDisplayStartAddr
    /// rounded down to 512.
    pub start: u16,
}

impl VideoSelect {
    /// TextResetVDU (LA93A): text at $0400 with every VDG bit cleared, CSS included. This is
    /// what every character sent to the screen selects first.
    pub const TEXT: VideoSelect = VideoSelect {
        graphics: false,
        pmode: 0,
        css: false,
        start: 0x0400,
    };

    /// The PIA1-B video bits ($F8 mask): GM2..0 = pmode+3, A/G ($80), CSS ($08).
    pub fn vdg_bits(&self) -> u8 {
        let css = if self.css { 0x08 } else { 0 };
        if self.graphics {
            ((self.pmode + 3) << 4) | 0x80 | css
        } else {
            css
        }
    }

    /// The SAM's V2..V0: 0 for text, pmode+3 except PMODE 4, which uses 6.
    pub fn sam_mode(&self) -> u8 {
        if !self.graphics {
            0
        } else if self.pmode == 4 {
            6
        } else {
            self.pmode + 3
        }
    }
}
