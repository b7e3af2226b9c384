//! A .wav file's container, which the `hound` crate reads and writes: a recording's format
//! and samples, and the writer that tape synthesis fills. What the samples mean on a Dragon's
//! tape (bits, blocks, the cycles of the tones) is [`super::wav`]'s.
//!
//! What is done around hound: the 12-byte magic is sniffed first, for messages of its own;
//! the chunks are walked as RIFF lays them out (pad bytes and all), and when there are others
//! than `fmt ` and `data` hound is given those two alone (see [`canonical`]); when hound
//! refuses a header, the `fmt ` fields where it stopped say in the reader's words what is not
//! decoded, and two things hound is stricter about than a tape deck needs are mended for it
//! (see [`read`]). Every refusal is a [`TapeError`]; nothing here panics on a
//! malformed file, and nothing is allocated from a length the file claims but does not hold.

use std::borrow::Cow;
use std::io::Cursor;

use super::error::{check_size, TapeError, MAX_WAV_BYTES};
use super::wav::{SampleFormat, MAX_SAMPLE_RATE, MIN_SAMPLE_RATE};

/// The layout of a WAV file's samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WavFormat {
    pub channels: u16,
    pub sample_rate: u32,
    pub bits_per_sample: u16,
}

/// The sniffing done before the container is handed to hound: an empty or oversized file, a
/// cut-off or foreign header, and the big-endian RIFX variant each get their own message.
fn check_magic(bytes: &[u8]) -> Result<(), TapeError> {
    check_size(bytes, MAX_WAV_BYTES)?;
    if bytes.len() < 12 {
        if b"RIFF".starts_with(&bytes[..bytes.len().min(4)]) {
            return Err(TapeError::Truncated("RIFF header is incomplete"));
        }
        return Err(TapeError::NotRiffWave);
    }
    if &bytes[0..4] == b"RIFX" {
        return Err(TapeError::UnsupportedWav("big-endian RIFX file".into()));
    }
    if &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(TapeError::NotRiffWave);
    }
    Ok(())
}

/// What a hound error means for a tape, where the header's own fields (see [`refusal`]) did
/// not say more.
fn from_hound(e: hound::Error) -> TapeError {
    use hound::Error as H;
    match e {
        // The file is read from memory: the only I/O error is running out of it.
        H::IoError(_) => TapeError::Truncated("no data chunk before the file ends"),
        H::FormatError("missing fmt chunk") => TapeError::MissingChunk("fmt "),
        H::FormatError("invalid fmt chunk size") => {
            TapeError::Truncated("fmt chunk is shorter than 16 bytes")
        }
        H::FormatError("no RIFF tag found" | "no WAVE tag found") => TapeError::NotRiffWave,
        H::FormatError(why) => TapeError::BadWav(why),
        H::Unsupported => TapeError::UnsupportedWav(
            "a compressed or non-PCM encoding; only integer PCM is read".into(),
        ),
        H::TooWide | H::InvalidSampleFormat | H::UnfinishedSample => {
            TapeError::UnsupportedWav(format!("samples hound cannot read as 16-bit: {e}"))
        }
    }
}

/// Refuses channel counts, sample sizes and rates the decoder does not take.
fn check_format(channels: u16, bits: u16, sample_rate: u32) -> Result<(), TapeError> {
    if channels == 0 || channels > 2 {
        return Err(TapeError::UnsupportedWav(format!(
            "{channels} channels; only mono and stereo are read"
        )));
    }
    if bits != 8 && bits != 16 {
        return Err(TapeError::UnsupportedWav(format!(
            "{bits}-bit samples; only 8-bit unsigned and 16-bit signed are read"
        )));
    }
    if !(MIN_SAMPLE_RATE..=MAX_SAMPLE_RATE).contains(&sample_rate) {
        return Err(TapeError::UnsupportedWav(format!(
            "sample rate {sample_rate} Hz; {MIN_SAMPLE_RATE}–{MAX_SAMPLE_RATE} Hz are read"
        )));
    }
    Ok(())
}

/// The format hound read, if the decoder takes it.
fn check_spec(spec: hound::WavSpec) -> Result<WavFormat, TapeError> {
    if spec.sample_format == hound::SampleFormat::Float {
        return Err(TapeError::UnsupportedWav(
            "IEEE float samples; only integer PCM is read".into(),
        ));
    }
    check_format(spec.channels, spec.bits_per_sample, spec.sample_rate)?;
    Ok(WavFormat {
        channels: spec.channels,
        sample_rate: spec.sample_rate,
        bits_per_sample: spec.bits_per_sample,
    })
}

/// Reads the samples of an opened recording. A data chunk that claims more bytes than the file
/// holds is read as far as it goes; a last frame with a channel missing is dropped.
fn read_samples<R: std::io::Read>(
    mut reader: hound::WavReader<R>,
    file_len: usize,
) -> Result<(WavFormat, Vec<i16>), TapeError> {
    let format = check_spec(reader.spec())?;
    // hound knows only the length the header claims; the file bounds what is really there.
    let mut samples = Vec::with_capacity((reader.len() as usize).min(file_len));
    for s in reader.samples::<i16>() {
        match s {
            Ok(v) => samples.push(v),
            Err(hound::Error::IoError(_)) => break,
            // hound reads 8 and 16-bit samples only from slots of their own size.
            Err(_) => {
                return Err(TapeError::UnsupportedWav(format!(
                    "{}-bit samples in wider slots (a block size over channels × sample size); \
                     only samples that fill their slots are read",
                    format.bits_per_sample
                )))
            }
        }
    }
    let channels = format.channels as usize;
    samples.truncate(samples.len() - samples.len() % channels);
    Ok((format, samples))
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Where the first 16 bytes of a `fmt ` chunk's body start (format tag, channels, rate, byte
/// rate, block size, sample size), if they end at `end`: hound stops there when it refuses
/// them. Only a position right after a `fmt ` chunk header counts.
fn fmt_body_ending_at(bytes: &[u8], end: usize) -> Option<usize> {
    let body = end
        .checked_sub(16)
        .filter(|&b| b >= 20 && end <= bytes.len())?;
    (&bytes[body - 8..body - 4] == b"fmt ").then_some(body)
}

/// When hound refused a `fmt ` chunk and stopped reading at `at`: the refusal in the
/// decoder's own words, if the chunk's fields say what the decoder does not take (the
/// encoding, the channels, the sample size, the rate).
fn refusal(bytes: &[u8], at: usize, error: &hound::Error) -> Option<TapeError> {
    // A WAVE_FORMAT_EXTENSIBLE chunk whose subformat hound does not know: it stopped after the
    // 24 bytes that follow the first 16.
    if let hound::Error::Unsupported = error {
        let body = at
            .checked_sub(24)
            .and_then(|e| fmt_body_ending_at(bytes, e));
        if body.is_some_and(|b| u16_at(bytes, b) == 0xFFFE) {
            let what = "extensible format with a non-PCM subformat";
            return Some(TapeError::UnsupportedWav(what.into()));
        }
    }
    let body = fmt_body_ending_at(bytes, at)?;
    let tag = u16_at(bytes, body);
    let what = match tag {
        1 | 0xFFFE => None,
        3 => Some("IEEE float samples (format 3); only integer PCM is read".to_string()),
        6 | 7 => Some(format!(
            "A-law/mu-law samples (format {tag}); only integer PCM is read"
        )),
        _ => Some(format!(
            "compressed format {tag}; only integer PCM (format 1) is read"
        )),
    };
    if let Some(what) = what {
        return Some(TapeError::UnsupportedWav(what));
    }
    let (channels, rate, bits) = (
        u16_at(bytes, body + 2),
        u32_at(bytes, body + 4),
        u16_at(bytes, body + 14),
    );
    check_format(channels, bits, rate).err()
}

/// A file hound refused, mended where what it refused is redundant or plainly cut off, for
/// hound to read again; `None` when it is not. `at` is where hound stopped reading.
///
/// * A `fmt ` chunk whose block size or byte rate disagrees with its channels, sample size and
///   rate (both fields follow from those; hound checks them, a tape deck never needed them)
///   gets the values they imply.
/// * A data chunk whose length is not whole frames (a recorder stopped abruptly, or a stream
///   of unknown length that wrote `0xFFFFFFFF`) is cut to what the file holds, rounded down to
///   24 bytes (whole frames of every layout: 1, 2, 3, 4, 6 or 8 bytes). hound stops right
///   after the data chunk's 8-byte header.
fn mend(bytes: &[u8], at: usize, error: &hound::Error) -> Option<Vec<u8>> {
    match error {
        hound::Error::FormatError(
            "inconsistent fmt chunk" | "sample bits exceeds size of sample",
        ) => {
            let body = fmt_body_ending_at(bytes, at)?;
            let (channels, rate, bits) = (
                u16_at(bytes, body + 2),
                u32_at(bytes, body + 4),
                u16_at(bytes, body + 14),
            );
            check_format(channels, bits, rate).ok()?;
            let align = channels * bits / 8;
            let byte_rate = rate * align as u32;
            if (u32_at(bytes, body + 8), u16_at(bytes, body + 12)) == (byte_rate, align) {
                return None;
            }
            let mut fixed = bytes.to_vec();
            fixed[body + 8..body + 12].copy_from_slice(&byte_rate.to_le_bytes());
            fixed[body + 12..body + 14].copy_from_slice(&align.to_le_bytes());
            Some(fixed)
        }
        hound::Error::FormatError(
            "data chunk length is not a multiple of sample size" | "invalid data chunk length",
        ) => {
            if at < 20 || at > bytes.len() || &bytes[at - 8..at - 4] != b"data" {
                return None;
            }
            let len = (u32_at(bytes, at - 4) as usize).min(bytes.len() - at) / 24 * 24;
            let mut fixed = bytes[..at + len].to_vec();
            fixed[at - 4..at].copy_from_slice(&(len as u32).to_le_bytes());
            Some(fixed)
        }
        _ => None,
    }
}

/// A chunk that [`walk`] found: where its 8-byte header starts, the size the header claims,
/// and where its body ends in the file (the claimed end, or the file's end if that comes first).
#[derive(Clone, Copy)]
struct Chunk {
    at: usize,
    size: u32,
    end: usize,
}

/// What [`walk`] found before the first `data` chunk.
struct Walk {
    /// The last `fmt ` chunk before the data chunk (hound's choice too), whole in the file.
    fmt: Option<Chunk>,
    /// The first `data` chunk; its body may claim more than the file holds.
    data: Option<Chunk>,
    /// Whether the `fmt ` chunk is the first chunk, of even size, and the data chunk comes
    /// right after it: the layout hound reads as it is.
    plain: bool,
}

/// Walks the chunks after the 12-byte magic as RIFF lays them out: an 8-byte header (id,
/// size), `size` bytes, and one pad byte after an odd size, which the size does not count. The
/// walk stops at the first `data` chunk, at a `fmt ` chunk that runs past the end of the file,
/// at a chunk that runs to or past the end, and where no whole header is left. It reads only
/// the bytes present and allocates nothing.
fn walk(bytes: &[u8]) -> Walk {
    let mut found = Walk {
        fmt: None,
        data: None,
        plain: false,
    };
    let mut before_data = 0usize;
    let mut pos = 12usize;
    while let Some(header) = bytes.get(pos..).and_then(|rest| rest.get(..8)) {
        let size = u32_at(header, 4);
        let claimed_end = (pos + 8).saturating_add(size as usize);
        let chunk = Chunk {
            at: pos,
            size,
            end: claimed_end.min(bytes.len()),
        };
        match &header[..4] {
            b"data" => {
                found.plain =
                    before_data == 1 && found.fmt.is_some_and(|f| f.at == 12 && f.size % 2 == 0);
                found.data = Some(chunk);
                break;
            }
            b"fmt " if claimed_end > bytes.len() => break,
            b"fmt " => found.fmt = Some(chunk),
            _ => {}
        }
        if claimed_end >= bytes.len() {
            break;
        }
        before_data += 1;
        pos = claimed_end.saturating_add(size as usize % 2);
    }
    found
}

/// The file as hound should be given it: `None` when it is to be read as it is, else a copy
/// made of the RIFF/WAVE header, the `fmt ` chunk and the `data` chunk alone, so that chunks
/// of any id and size (`LIST`/`INFO`, `fact`, `bext`, `JUNK`, odd-sized ones with their pad
/// bytes, which hound does not skip) before, between or after them read as if they were not
/// there. The data chunk keeps the length its header claims but is copied only as far as the
/// file holds it, so the mending in [`read`] (a length that is not whole frames, or
/// `0xFFFFFFFF`) works as on a plain file; the `fmt ` chunk is copied whole, so hound's
/// refusals of it and [`refusal`]'s reading of its fields are as they would be.
///
/// The file is read as it is when the walk does not find a whole `fmt ` chunk and a `data`
/// chunk (hound's own error then says what is wrong, and a writer that left out pad bytes,
/// which the walk would misread, is read as hound reads it), or when they are already the
/// first two chunks. A `data` chunk with no `fmt ` chunk before it is [`TapeError::MissingChunk`].
fn canonical(bytes: &[u8]) -> Result<Option<Vec<u8>>, TapeError> {
    let found = walk(bytes);
    let Some(data) = found.data else {
        return Ok(None);
    };
    let Some(fmt) = found.fmt else {
        return Err(TapeError::MissingChunk("fmt "));
    };
    if found.plain {
        return Ok(None);
    }
    let fmt_chunk = &bytes[fmt.at..fmt.end];
    let pad = usize::from(fmt.size % 2 == 1);
    let data_chunk = &bytes[data.at..data.end];
    let len = 12 + fmt_chunk.len() + pad + data_chunk.len();
    let mut file = Vec::with_capacity(len);
    file.extend_from_slice(b"RIFF");
    file.extend_from_slice(&u32::try_from(len - 8).unwrap_or(u32::MAX).to_le_bytes());
    file.extend_from_slice(b"WAVE");
    file.extend_from_slice(fmt_chunk);
    file.resize(file.len() + pad, 0);
    file.extend_from_slice(data_chunk);
    Ok(Some(file))
}

/// Reads a .wav recording's format and samples (channels interleaved, whole frames only;
/// 8-bit samples centred on 0). The 12-byte magic is sniffed here first (for messages of its
/// own); hound reads the chunks and the samples; then the format is checked against what the
/// decoder takes. A data chunk that claims more bytes than the file holds (a recorder stopped
/// abruptly) is read as far as it goes. When hound refuses a file, the `fmt ` fields it
/// stopped at name what the decoder does not take ([`refusal`]), or two things it refuses are
/// mended for it ([`mend`]): a block size or byte rate that disagrees with the format, and a
/// data length that is not whole frames.
///
/// Chunks other than `fmt ` and `data`, of any id and size, before, between or after them,
/// are left out before hound reads the file ([`canonical`]): hound does not skip the pad byte
/// after an odd-sized chunk, and reads only 4 bytes of a `fact` chunk.
///
/// hound is stricter than a tape deck needs in one more way: a PCM `fmt ` chunk must be 16,
/// 18 or 40 bytes long (others are refused with its reason, [`TapeError::BadWav`]).
pub fn read(bytes: &[u8]) -> Result<(WavFormat, Vec<i16>), TapeError> {
    check_magic(bytes)?;
    let mut file = match canonical(bytes)? {
        Some(copy) => Cow::Owned(copy),
        None => Cow::Borrowed(bytes),
    };
    // At most one mending of each kind is needed; a third refusal is final.
    for _ in 0..3 {
        let mut cursor = Cursor::new(&file[..]);
        let error = match hound::WavReader::new(&mut cursor) {
            Ok(reader) => return read_samples(reader, file.len()),
            Err(e) => e,
        };
        let at = cursor.position() as usize;
        if let Some(e) = refusal(&file, at, &error) {
            return Err(e);
        }
        match mend(&file, at, &error) {
            Some(fixed) => file = Cow::Owned(fixed),
            None => return Err(from_hound(error)),
        }
    }
    Err(TapeError::BadWav("the header could not be mended"))
}

/// The hound description of a PCM .wav of this rate, sample size and channel count.
pub fn wav_spec(sample_rate: u32, format: SampleFormat, channels: u16) -> hound::WavSpec {
    hound::WavSpec {
        channels,
        sample_rate,
        bits_per_sample: format.bytes() * 8,
        sample_format: hound::SampleFormat::Int,
    }
}

/// Refuses a rate outside what the reader reads (hound would divide by a rate of 0).
pub fn check_rate(sample_rate: u32) -> Result<(), TapeError> {
    if !(MIN_SAMPLE_RATE..=MAX_SAMPLE_RATE).contains(&sample_rate) {
        return Err(TapeError::UnsupportedWav(format!(
            "sample rate {sample_rate} Hz; {MIN_SAMPLE_RATE}–{MAX_SAMPLE_RATE} Hz are written"
        )));
    }
    Ok(())
}

/// What a .wav in memory is written through.
pub type Writer<'w> = hound::WavWriter<&'w mut Cursor<Vec<u8>>>;

/// Writes one sample (8-bit ones centred on 0, as [`read`] gives them) to every channel's
/// turn in order: the caller writes each frame's channels one after another.
pub fn put(out: &mut Writer<'_>, sample: i16) -> Result<(), TapeError> {
    out.write_sample(sample).map_err(from_hound)
}

/// A PCM .wav in memory of this rate, sample size and channel count: hound writes the
/// 44-byte header and the samples that `write` puts. `capacity` is the expected size.
pub fn write(
    sample_rate: u32,
    format: SampleFormat,
    channels: u16,
    capacity: usize,
    write: impl FnOnce(&mut Writer<'_>) -> Result<(), TapeError>,
) -> Result<Vec<u8>, TapeError> {
    check_rate(sample_rate)?;
    let mut file = Cursor::new(Vec::with_capacity(capacity));
    let mut out = hound::WavWriter::new(&mut file, wav_spec(sample_rate, format, channels))
        .map_err(from_hound)?;
    write(&mut out)?;
    out.finalize().map_err(from_hound)?;
    Ok(file.into_inner())
}
