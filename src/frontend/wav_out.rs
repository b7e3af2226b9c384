//! `--wav FILE`: the machine's sound written as a 16-bit mono PCM WAV, one field of samples
//! per emulated field, silence included, so the file's timing is the emulated time. The
//! `hound` crate writes the file (the classic 44-byte header).

use std::fs::File;
use std::io::{self, BufWriter, Seek, Write};
use std::path::Path;

/// The rate `--wav` records at: 441 samples a field, 49.968 fields a second.
pub const WAV_RATE: u32 = 22036;

/// The most samples a WAV file holds: its data chunk's length is 32 bits (4 GiB, 27 hours at
/// [`WAV_RATE`]). The recording stops there; the session goes on.
pub const MAX_SAMPLES: u32 = (u32::MAX - 64) / 2;

/// The format of the recording.
pub fn spec(rate: u32) -> hound::WavSpec {
    hound::WavSpec {
        channels: 1,
        sample_rate: rate,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    }
}

/// A sample in -1.0..1.0 as 16-bit PCM.
pub fn to_i16(s: f32) -> i16 {
    (s.clamp(-1.0, 1.0) * 32767.0).round() as i16
}

fn io_error(e: hound::Error) -> io::Error {
    match e {
        hound::Error::IoError(e) => e,
        other => io::Error::other(other),
    }
}

/// Writes samples as they come. The header's sizes are brought up to date every second of
/// sound and by `finish`, so a recording cut off by a kill or a crash still plays, to within
/// its last second.
pub struct WavWriter<W: Write + Seek> {
    out: hound::WavWriter<W>,
    rate: u32,
    samples: u32,
    /// `samples` when the header was last written.
    in_header: u32,
}

impl WavWriter<BufWriter<File>> {
    pub fn create(path: &Path, rate: u32) -> io::Result<Self> {
        WavWriter::new(BufWriter::new(File::create(path)?), rate)
    }
}

impl<W: Write + Seek> WavWriter<W> {
    /// A recording at `rate` (1 Hz or more) into `out`, which is at its start.
    pub fn new(out: W, rate: u32) -> io::Result<Self> {
        if rate == 0 {
            return Err(io::Error::other("a WAV sample rate of 0 Hz"));
        }
        Ok(WavWriter {
            out: hound::WavWriter::new(out, spec(rate)).map_err(io_error)?,
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

    pub fn write(&mut self, samples: &[f32]) -> io::Result<()> {
        let room = (MAX_SAMPLES - self.samples) as usize;
        for &s in &samples[..samples.len().min(room)] {
            self.out.write_sample(to_i16(s)).map_err(io_error)?;
        }
        self.samples += samples.len().min(room) as u32;
        if self.samples - self.in_header >= self.rate {
            // Flush what was written and make the header's sizes say so.
            self.out.flush().map_err(io_error)?;
            self.in_header = self.samples;
        }
        Ok(())
    }

    /// Write the final sizes into the header and flush.
    pub fn finish(self) -> io::Result<()> {
        self.out.finalize().map_err(io_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::io::Cursor;
    use std::rc::Rc;

    /// The 44-byte header of a 16-bit mono PCM WAV of `samples` samples, spelled out.
    fn header(rate: u32, samples: u32) -> Vec<u8> {
        let data_len = samples * 2;
        [
            &b"RIFF"[..],
            &(36 + data_len).to_le_bytes(),
            b"WAVEfmt ",
            &[16, 0, 0, 0, 1, 0, 1, 0], // fmt is 16 bytes; PCM; mono
            &rate.to_le_bytes(),
            &(rate * 2).to_le_bytes(), // bytes a second
            &[2, 0, 16, 0],            // bytes a frame; bits a sample
            b"data",
            &data_len.to_le_bytes(),
        ]
        .concat()
    }

    /// A file in memory that a test reads while the writer still holds it.
    #[derive(Clone, Default)]
    struct Shared(Rc<RefCell<Cursor<Vec<u8>>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().write(b)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Seek for Shared {
        fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
            self.0.borrow_mut().seek(to)
        }
    }

    impl Shared {
        fn bytes(&self) -> Vec<u8> {
            self.0.borrow().get_ref().clone()
        }
    }

    #[test]
    fn header_bytes() {
        let file = Shared::default();
        let mut w = WavWriter::new(file.clone(), 22050).unwrap();
        w.write(&[0.0; 441]).unwrap();
        w.finish().unwrap();
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
        let bytes = file.bytes();
        assert_eq!(bytes[..44].to_vec(), want);
        assert_eq!(want, header(22050, 441));
        assert_eq!(bytes.len(), 44 + 882);
    }

    #[test]
    fn n_fields_make_441_samples_each_and_the_header_says_so() {
        let file = Shared::default();
        let mut w = WavWriter::new(file.clone(), WAV_RATE).unwrap();
        // Four fields of a tone as the machine makes it (a quarter of its period at each of
        // the DAC's outer levels), then six of silence.
        let per_field = spacemono_core::Machine::samples_per_field(WAV_RATE);
        assert_eq!(per_field, 441);
        let tone: Vec<f32> = (0..per_field)
            .map(|i| if i % 20 < 10 { 0.48 } else { -0.48 })
            .collect();
        for field in 0..10 {
            if field < 4 {
                w.write(&tone).unwrap();
            } else {
                w.write(&[0.0; 441]).unwrap();
            }
        }
        assert_eq!(w.samples(), 4410);
        w.finish().unwrap();
        let bytes = file.bytes();
        assert_eq!(bytes.len(), 44 + 4410 * 2);
        assert_eq!(&bytes[..44], &header(WAV_RATE, 4410)[..]);
        // The first four fields sound, the last six are silent.
        let pcm: Vec<i16> = bytes[44..]
            .chunks(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        assert!(pcm[..4 * 441].iter().any(|&s| s > 8000));
        assert!(pcm[4 * 441..].iter().all(|&s| s == 0));
        // hound reads back what hound wrote.
        let r = hound::WavReader::new(Cursor::new(bytes)).unwrap();
        assert_eq!(r.spec(), spec(WAV_RATE));
        assert_eq!(r.len(), 4410);
    }

    #[test]
    fn the_header_is_kept_up_to_date_every_second() {
        let file = Shared::default();
        let mut w = WavWriter::new(file.clone(), WAV_RATE).unwrap();
        for _ in 0..60 {
            w.write(&[0.25; 441]).unwrap();
        }
        // 1.2 s written: the header says the first full second, without `finish`.
        let bytes = file.bytes();
        assert_eq!(bytes.len(), 44 + 60 * 441 * 2);
        assert_eq!(&bytes[..44], &header(WAV_RATE, 50 * 441)[..]);
        drop(w);
    }

    #[test]
    fn samples_clamp_to_16_bits() {
        assert_eq!(to_i16(1.5), 32767);
        assert_eq!(to_i16(-1.5), -32767);
        assert_eq!(to_i16(0.0), 0);
    }

    #[test]
    fn a_rate_of_zero_is_refused() {
        assert!(WavWriter::new(Cursor::new(Vec::new()), 0).is_err());
    }
}
