//! `--wav FILE`: the machine's sound written as a 16-bit mono PCM WAV, one field of samples
//! per emulated field, silence included, so the file's timing is the emulated time.

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::Path;

/// The rate `--wav` records at: 441 samples a field, 49.968 fields a second.
pub const WAV_RATE: u32 = 22036;

/// The 44-byte header of a 16-bit mono PCM WAV holding `samples` samples.
pub fn header(rate: u32, samples: u32) -> [u8; 44] {
    let data_len = samples.saturating_mul(2);
    let mut h = [0u8; 44];
    h[0..4].copy_from_slice(b"RIFF");
    h[4..8].copy_from_slice(&data_len.saturating_add(36).to_le_bytes());
    h[8..12].copy_from_slice(b"WAVE");
    h[12..16].copy_from_slice(b"fmt ");
    h[16..20].copy_from_slice(&16u32.to_le_bytes());
    h[20..22].copy_from_slice(&1u16.to_le_bytes()); // PCM
    h[22..24].copy_from_slice(&1u16.to_le_bytes()); // mono
    h[24..28].copy_from_slice(&rate.to_le_bytes());
    h[28..32].copy_from_slice(&(rate * 2).to_le_bytes()); // bytes a second
    h[32..34].copy_from_slice(&2u16.to_le_bytes()); // bytes a frame
    h[34..36].copy_from_slice(&16u16.to_le_bytes()); // bits a sample
    h[36..40].copy_from_slice(b"data");
    h[40..44].copy_from_slice(&data_len.to_le_bytes());
    h
}

/// A sample in -1.0..1.0 as 16-bit PCM.
pub fn to_i16(s: f32) -> i16 {
    (s.clamp(-1.0, 1.0) * 32767.0).round() as i16
}

/// Writes samples as they come. The header's sizes are brought up to date every second of
/// sound and by `finish`, so a recording cut off by a kill or a crash still plays, to within
/// its last second.
pub struct WavWriter<W: Write + Seek> {
    out: W,
    rate: u32,
    samples: u32,
    /// `samples` when the header was last written.
    in_header: u32,
}

impl WavWriter<BufWriter<File>> {
    pub fn create(path: &Path, rate: u32) -> std::io::Result<Self> {
        WavWriter::new(BufWriter::new(File::create(path)?), rate)
    }
}

impl<W: Write + Seek> WavWriter<W> {
    pub fn new(mut out: W, rate: u32) -> std::io::Result<Self> {
        out.write_all(&header(rate, 0))?;
        Ok(WavWriter {
            out,
            rate,
            samples: 0,
            in_header: 0,
        })
    }

    pub fn rate(&self) -> u32 {
        self.rate
    }

    pub fn samples(&self) -> u32 {
        self.samples
    }

    pub fn write(&mut self, samples: &[f32]) -> std::io::Result<()> {
        let mut buf = Vec::with_capacity(samples.len() * 2);
        for &s in samples {
            buf.extend_from_slice(&to_i16(s).to_le_bytes());
        }
        self.out.write_all(&buf)?;
        self.samples = self.samples.saturating_add(samples.len() as u32);
        if self.samples - self.in_header >= self.rate {
            self.update_header()?;
        }
        Ok(())
    }

    /// Flush what was written and make the header's sizes say so.
    fn update_header(&mut self) -> std::io::Result<()> {
        self.out.flush()?;
        self.out.seek(SeekFrom::Start(0))?;
        self.out.write_all(&header(self.rate, self.samples))?;
        self.out.seek(SeekFrom::End(0))?;
        self.out.flush()?;
        self.in_header = self.samples;
        Ok(())
    }

    /// Write the final sizes into the header and flush; returns the writer.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.update_header()?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::tone::ToneGenerator;
    use crate::machine::hardware::Event;
    use std::io::Cursor;

    #[test]
    fn header_bytes() {
        let h = header(22050, 441);
        let want: Vec<u8> = [
            &b"RIFF"[..],
            &(36u32 + 882).to_le_bytes(),
            b"WAVEfmt ",
            &[16, 0, 0, 0, 1, 0, 1, 0],
            &[0x22, 0x56, 0, 0], // 22050
            &[0x44, 0xAC, 0, 0], // 44100 bytes a second
            &[2, 0, 16, 0],
            b"data",
            &882u32.to_le_bytes(),
        ]
        .concat();
        assert_eq!(h.to_vec(), want);
    }

    #[test]
    fn n_fields_make_441_samples_each_and_the_header_says_so() {
        let mut g = ToneGenerator::new(WAV_RATE);
        let mut w = WavWriter::new(Cursor::new(Vec::new()), WAV_RATE).unwrap();
        g.event(&Event::Sound {
            period_cycles: 20 * 100,
            fields: 4,
        });
        let mut buf = Vec::new();
        for _ in 0..10 {
            buf.clear();
            g.field(&mut buf);
            w.write(&buf).unwrap();
        }
        assert_eq!(w.samples(), 4410);
        let bytes = w.finish().unwrap().into_inner();
        assert_eq!(bytes.len(), 44 + 4410 * 2);
        assert_eq!(&bytes[..44], &header(WAV_RATE, 4410));
        // The first four fields sound, the last six are silent.
        let pcm: Vec<i16> = bytes[44..]
            .chunks(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        assert!(pcm[..4 * 441].iter().any(|&s| s > 8000));
        assert!(pcm[4 * 441..].iter().all(|&s| s == 0));
    }

    #[test]
    fn the_header_is_kept_up_to_date_every_second() {
        let mut w = WavWriter::new(Cursor::new(Vec::new()), WAV_RATE).unwrap();
        for _ in 0..60 {
            w.write(&[0.25; 441]).unwrap();
        }
        // 1.2 s written: the header says the first full second, without `finish`.
        let bytes = w.out.get_ref();
        assert_eq!(bytes.len(), 44 + 60 * 441 * 2);
        assert_eq!(&bytes[..44], &header(WAV_RATE, 50 * 441));
    }

    #[test]
    fn samples_clamp_to_16_bits() {
        assert_eq!(to_i16(1.5), 32767);
        assert_eq!(to_i16(-1.5), -32767);
        assert_eq!(to_i16(0.0), 0);
    }
}
