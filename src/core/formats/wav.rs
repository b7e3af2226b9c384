//! `.wav` recordings of cassettes: a RIFF/PCM reader that decodes cycles the way the ROM does,
//! and a writer that synthesises the Dragon's exact cycle timing.
//!
//! Reading (machine.md §3; DR `CasBitIn`, TS `libcecbwav.c`):
//! 1. Samples are read as integers. Stereo is mixed when both channels carry the same signal
//!    (correlation above 0.5), otherwise the louder channel is used (so a recording on one
//!    channel, or with one channel inverted, still reads).
//! 2. A zero-phase band-pass: a short centred moving average (about 1/9000 s, against hiss) minus
//!    a centred 5 ms moving average that tracks the midpoint (against DC offset and drift). What
//!    hum is left moves both edges of a cycle alike, so full-cycle timing hardly notices it. (A
//!    window one long cycle wide was tried first: it distorts alternating short/long cycles.)
//! 3. A Schmitt trigger with hysteresis at 20% of a decaying peak envelope decides that the
//!    signal has really changed sign, so noise near zero makes no extra edges; the edge time is
//!    the interpolated zero crossing that preceded the trigger.
//! 4. Like the ROM, each full cycle is timed between matching edges. A cycle shorter than the
//!    threshold is a 1, longer a 0. The threshold sits between the expected short and long cycles
//!    (their geometric mean), which start at the Dragon's 435 and 813 CPU cycles and scale with a
//!    tape-speed estimate that follows the measured cycles of the leader and data (TS takes the
//!    midpoint of the measured leader tones). The estimate is kept within -13%..+15%, where the
//!    threshold still separates ±10% speed, so noise in a gap cannot lock it into misreading.
//! 5. A recording may be inverted, which moves the bit boundaries to the other edge. Both edge
//!    polarities are decoded and the one that gives more good blocks wins (TS instead works the
//!    polarity out from the leader).

use super::bits::{find_blocks, BitStream};
use super::block::{Block, ReadBlock};
use super::error::{check_size, TapeError};
use super::tapefile::{group_files, layout, LayoutOptions, Segment, TapeFile};

pub use crate::timing::CPU_HZ;
/// CPU cycles in one cycle of a 0 bit (about 1100.7 Hz).
pub const BIT0_CPU_CYCLES: f64 = 813.0;
/// CPU cycles in one cycle of a 1 bit (about 2057 Hz).
pub const BIT1_CPU_CYCLES: f64 = 435.0;
/// Sample rates the reader and writer accept.
pub const MIN_SAMPLE_RATE: u32 = 8000;
pub const MAX_SAMPLE_RATE: u32 = 96000;

const T0: f64 = BIT0_CPU_CYCLES / CPU_HZ;
const T1: f64 = BIT1_CPU_CYCLES / CPU_HZ;

/// The layout of a WAV file's samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WavFormat {
    pub channels: u16,
    pub sample_rate: u32,
    pub bits_per_sample: u16,
}

/// Which channel of a stereo file is decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelUse {
    Mono,
    Left,
    Right,
    Mix,
}

/// A parsed WAV file: its format and where its sample data lies.
#[derive(Clone, Debug)]
pub struct WavAudio<'a> {
    pub format: WavFormat,
    /// The sample data (whole frames only).
    pub data: &'a [u8],
    pub channel_use: ChannelUse,
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn parse_fmt(body: &[u8]) -> Result<WavFormat, TapeError> {
    if body.len() < 16 {
        return Err(TapeError::Truncated("fmt chunk is shorter than 16 bytes"));
    }
    let tag = u16_at(body, 0);
    let channels = u16_at(body, 2);
    let sample_rate = u32_at(body, 4);
    let bits = u16_at(body, 14);
    let pcm = match tag {
        1 => true,
        0xFFFE => body.len() >= 26 && u16_at(body, 24) == 1,
        _ => false,
    };
    if !pcm {
        let what = match tag {
            3 => "IEEE float samples (format 3); only integer PCM is read".to_string(),
            6 | 7 => format!("A-law/mu-law samples (format {tag}); only integer PCM is read"),
            0xFFFE => "extensible format with a non-PCM subformat".to_string(),
            _ => format!("compressed format {tag}; only integer PCM (format 1) is read"),
        };
        return Err(TapeError::UnsupportedWav(what));
    }
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
    Ok(WavFormat {
        channels,
        sample_rate,
        bits_per_sample: bits,
    })
}

/// Parses the RIFF structure. A `data` chunk that claims more bytes than the file holds is cut
/// to what is there (recorders that were stopped abruptly leave such files).
pub fn parse_wav(bytes: &[u8]) -> Result<WavAudio<'_>, TapeError> {
    check_size(bytes)?;
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
    let mut fmt = None;
    let mut data: Option<&[u8]> = None;
    let mut pos = 12usize;
    while pos + 8 <= bytes.len() && (fmt.is_none() || data.is_none()) {
        let id = &bytes[pos..pos + 4];
        let size = u32_at(bytes, pos + 4) as usize;
        let body_start = pos + 8;
        let body_end = body_start.saturating_add(size);
        if id == b"fmt " {
            if body_end > bytes.len() {
                return Err(TapeError::Truncated("file ends inside the fmt chunk"));
            }
            fmt = Some(parse_fmt(&bytes[body_start..body_end])?);
        } else if id == b"data" {
            data = Some(&bytes[body_start..body_end.min(bytes.len())]);
        }
        if body_end >= bytes.len() {
            break;
        }
        pos = body_end + (size & 1);
    }
    let format = fmt.ok_or(TapeError::MissingChunk("fmt "))?;
    let data = data.ok_or(TapeError::MissingChunk("data"))?;
    let frame = format.channels as usize * (format.bits_per_sample as usize / 8);
    let data = &data[..data.len() - data.len() % frame];
    let mut audio = WavAudio {
        format,
        data,
        channel_use: ChannelUse::Mono,
    };
    if format.channels == 2 {
        audio.channel_use = choose_channels(&audio);
    }
    Ok(audio)
}

impl WavAudio<'_> {
    fn frames(&self) -> usize {
        let frame = self.format.channels as usize * (self.format.bits_per_sample as usize / 8);
        self.data.len() / frame
    }

    fn channel_sample(&self, frame: usize, ch: usize) -> i32 {
        let bps = self.format.bits_per_sample as usize / 8;
        let at = (frame * self.format.channels as usize + ch) * bps;
        if bps == 1 {
            self.data[at] as i32 - 128
        } else {
            i16::from_le_bytes([self.data[at], self.data[at + 1]]) as i32
        }
    }

    /// The sample used for decoding at `frame`.
    fn sample(&self, frame: usize) -> i32 {
        match self.channel_use {
            ChannelUse::Mono | ChannelUse::Left => self.channel_sample(frame, 0),
            ChannelUse::Right => self.channel_sample(frame, 1),
            ChannelUse::Mix => self.channel_sample(frame, 0) + self.channel_sample(frame, 1),
        }
    }

    /// Full scale of [`Self::sample`].
    fn full_scale(&self) -> f64 {
        let one = if self.format.bits_per_sample == 8 {
            128.0
        } else {
            32768.0
        };
        if self.channel_use == ChannelUse::Mix {
            2.0 * one
        } else {
            one
        }
    }
}

fn choose_channels(a: &WavAudio) -> ChannelUse {
    let n = a.frames();
    if n == 0 {
        return ChannelUse::Left;
    }
    let (mut sl, mut sr, mut sll, mut srr, mut slr) = (0f64, 0f64, 0f64, 0f64, 0f64);
    for i in 0..n {
        let l = a.channel_sample(i, 0) as f64;
        let r = a.channel_sample(i, 1) as f64;
        sl += l;
        sr += r;
        sll += l * l;
        srr += r * r;
        slr += l * r;
    }
    let nf = n as f64;
    let vl = sll / nf - (sl / nf).powi(2);
    let vr = srr / nf - (sr / nf).powi(2);
    let clr = slr / nf - (sl / nf) * (sr / nf);
    if vl > 0.0 && vr > 0.0 && clr > 0.5 * (vl * vr).sqrt() {
        ChannelUse::Mix
    } else if vr > vl {
        ChannelUse::Right
    } else {
        ChannelUse::Left
    }
}

/// Turns cycle lengths into bits with the adaptive threshold described in the module notes.
struct Classifier {
    rate: f64,
    /// Tape speed as a factor of the cycle lengths: a short cycle is `k·T1`, a long one `k·T0`.
    k: f64,
    last_edge: Option<f64>,
    bits: BitStream,
}

/// The speed factor stays in this range. At either end the threshold (`k·√(T0·T1)`) still
/// separates cycles of a tape running 10% fast or slow, so noise that pushes `k` to a limit
/// cannot lock the reader into misreading; the true speed then pulls it back.
const K_MIN: f64 = 0.87;
const K_MAX: f64 = 1.15;

impl Classifier {
    fn new(rate: f64) -> Classifier {
        Classifier {
            rate,
            k: 1.0,
            last_edge: None,
            bits: BitStream::new(),
        }
    }

    fn edge(&mut self, at: f64) {
        let Some(prev) = self.last_edge.replace(at) else {
            return;
        };
        let d = (at - prev) / self.rate;
        if d > 2.5 * T0 {
            // Silence or a dropout: the motor gap between blocks. No bit.
            return;
        }
        // The threshold is the geometric mean of the expected short and long cycles; the speed
        // estimate follows each cycle's ratio to the length of the class it fell in.
        let one = d < self.k * (T0 * T1).sqrt();
        if d > 0.6 * T1 && d < 1.6 * T0 {
            let observed = d / if one { T1 } else { T0 };
            self.k = (self.k * (observed / self.k).powf(0.05)).clamp(K_MIN, K_MAX);
        }
        self.bits.push(one);
    }
}

/// A centred running sum over `2*half+1` samples, with the ends of the recording repeated.
struct RunningSum {
    half: usize,
    sum: i64,
}

impl RunningSum {
    fn new(a: &WavAudio, half: usize) -> RunningSum {
        let last = a.frames().saturating_sub(1);
        let mut sum = 0i64;
        for k in 0..=2 * half {
            let i = k.saturating_sub(half).min(last);
            sum += a.sample(i) as i64;
        }
        RunningSum { half, sum }
    }

    /// Moves the window from centre `n` to `n + 1`.
    fn advance(&mut self, a: &WavAudio, n: usize) {
        let last = a.frames().saturating_sub(1);
        let add = (n + 1 + self.half).min(last);
        let drop = n.saturating_sub(self.half).min(last);
        self.sum += a.sample(add) as i64 - a.sample(drop) as i64;
    }

    fn mean(&self) -> f64 {
        self.sum as f64 / (2 * self.half + 1) as f64
    }
}

/// Decodes the cycles of a parsed recording into two bit streams, one per edge polarity:
/// `[rising, falling]`.
pub fn decode_bit_streams(a: &WavAudio) -> [BitStream; 2] {
    let rate = a.format.sample_rate as f64;
    let n = a.frames();
    let mut rise = Classifier::new(rate);
    let mut fall = Classifier::new(rate);
    if n == 0 {
        return [rise.bits, fall.bits];
    }
    let wide_half = (rate * 0.0025).round() as usize;
    let narrow_half = (rate / 18000.0).round() as usize;
    let mut wide = RunningSum::new(a, wide_half);
    let mut narrow = RunningSum::new(a, narrow_half);
    let floor = 0.004 * a.full_scale();
    let decay = 0.5f64.powf(1.0 / (0.01 * rate));
    let mut env = 0.0f64;
    let mut prev = 0.0f64;
    let mut high: Option<bool> = None;
    let (mut last_up, mut last_down) = (None::<f64>, None::<f64>);
    for i in 0..n {
        let y = narrow.mean() - wide.mean();
        if i > 0 {
            if prev <= 0.0 && y > 0.0 {
                last_up = Some((i - 1) as f64 + (-prev) / (y - prev));
            } else if prev >= 0.0 && y < 0.0 {
                last_down = Some((i - 1) as f64 + prev / (prev - y));
            }
        }
        env = (env * decay).max(y.abs());
        let h = (0.2 * env).max(floor);
        match high {
            Some(false) | None if y > h => {
                if high.is_some() {
                    if let Some(t) = last_up {
                        rise.edge(t);
                    }
                }
                high = Some(true);
            }
            Some(true) | None if y < -h => {
                if high.is_some() {
                    if let Some(t) = last_down {
                        fall.edge(t);
                    }
                }
                high = Some(false);
            }
            _ => {}
        }
        prev = y;
        if i + 1 < n {
            wide.advance(a, i);
            narrow.advance(a, i);
        }
    }
    [rise.bits, fall.bits]
}

/// Scores a decode: good blocks first, then all blocks.
fn score(blocks: &[ReadBlock]) -> (usize, usize) {
    (
        blocks.iter().filter(|b| b.checksum_ok).count(),
        blocks.len(),
    )
}

/// Which zero crossings a recording's cycles are timed between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Polarity {
    /// Cycles start on the way up, as the Dragon writes them and as [`encode`] does.
    Rising,
    /// An inverted recording: cycles start on the way down.
    Falling,
}

/// Decodes a .wav into the bit stream of its better edge polarity, with that stream's blocks.
/// The stream's bytes can be saved as a .cas image (not byte aligned).
pub fn decode(bytes: &[u8]) -> Result<(BitStream, Vec<ReadBlock>), TapeError> {
    let (_, bits, blocks) = decode_with_polarity(bytes)?;
    Ok((bits, blocks))
}

/// As [`decode`], also saying which polarity won (what an addition must be written in).
pub fn decode_with_polarity(
    bytes: &[u8],
) -> Result<(Polarity, BitStream, Vec<ReadBlock>), TapeError> {
    let audio = parse_wav(bytes)?;
    let [rise, fall] = decode_bit_streams(&audio);
    let rb = find_blocks(&rise.bytes, rise.len_bits);
    let fb = find_blocks(&fall.bytes, fall.len_bits);
    let best = if score(&fb) > score(&rb) {
        (Polarity::Falling, fall, fb)
    } else {
        (Polarity::Rising, rise, rb)
    };
    Ok(best)
}

/// Every block in a .wav recording.
pub fn read_blocks(bytes: &[u8]) -> Result<Vec<ReadBlock>, TapeError> {
    let (_, blocks) = decode(bytes)?;
    if blocks.is_empty() {
        return Err(TapeError::NoBlocks);
    }
    Ok(blocks)
}

/// The files in a .wav recording.
pub fn read_files(bytes: &[u8]) -> Result<Vec<TapeFile>, TapeError> {
    Ok(group_files(&read_blocks(bytes)?))
}

/// Sample encoding of a written .wav.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleFormat {
    /// 8-bit unsigned, midpoint 128.
    U8,
    /// 16-bit signed little-endian.
    S16,
}

impl SampleFormat {
    /// Bytes in one sample.
    pub fn bytes(self) -> u16 {
        match self {
            SampleFormat::U8 => 1,
            SampleFormat::S16 => 2,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WavOptions {
    pub sample_rate: u32,
    pub format: SampleFormat,
    /// Peak level as a fraction of full scale (clamped to 0..=1).
    pub amplitude: f64,
    /// `Falling` writes every cycle upside down, to match an inverted recording.
    pub polarity: Polarity,
    pub layout: LayoutOptions,
}

impl Default for WavOptions {
    /// 22050 Hz 8-bit mono at 70% of full scale, Dragon 32 leaders and 0.5 s motor gaps.
    fn default() -> Self {
        WavOptions {
            sample_rate: 22050,
            format: SampleFormat::U8,
            amplitude: 0.7,
            polarity: Polarity::Rising,
            layout: LayoutOptions::default(),
        }
    }
}

/// Writes samples straight into the .wav's data bytes (no intermediate buffer of floats).
struct Synth {
    rate: f64,
    amplitude: f64,
    format: SampleFormat,
    /// Time in seconds at which the next cycle or silence starts.
    t: f64,
    /// Index of the next sample to write.
    n: u64,
    data: Vec<u8>,
}

impl Synth {
    /// One full sine cycle of `cpu_cycles`, starting at the midpoint and rising, as the ROM
    /// steps through its sine table.
    fn cycle(&mut self, cpu_cycles: f64) {
        let period = cpu_cycles / CPU_HZ;
        let end = self.t + period;
        while (self.n as f64) / self.rate < end {
            let phase = ((self.n as f64) / self.rate - self.t) / period;
            let v = self.amplitude * (std::f64::consts::TAU * phase).sin();
            push_sample(&mut self.data, v, self.format);
            self.n += 1;
        }
        self.t = end;
    }

    fn byte(&mut self, b: u8) {
        for i in 0..8 {
            self.cycle(bit_cycles(b >> i & 1 != 0));
        }
    }

    fn silence(&mut self, seconds: f64) {
        let end = self.t + seconds;
        while (self.n as f64) / self.rate < end {
            push_sample(&mut self.data, 0.0, self.format);
            self.n += 1;
        }
        self.t = end;
    }
}

fn bit_cycles(one: bool) -> f64 {
    if one {
        BIT1_CPU_CYCLES
    } else {
        BIT0_CPU_CYCLES
    }
}

/// CPU cycles to play one byte: 435 for each 1 bit, 813 for each 0 bit.
pub fn byte_cycles(b: u8) -> f64 {
    let ones = b.count_ones() as f64;
    ones * BIT1_CPU_CYCLES + (8.0 - ones) * BIT0_CPU_CYCLES
}

/// Seconds of audio `segments` make, with the trailing motor gap: worked out before any
/// sample is made, so an image too large to write is refused without building it.
fn duration_seconds(segments: &[Segment], gap_ms: u32) -> Result<f64, TapeError> {
    let byte_seconds = |b: u8| byte_cycles(b) / CPU_HZ;
    let leader = byte_seconds(0x55);
    let mut seconds = gap_ms as f64 / 1000.0;
    for seg in segments {
        seconds += match seg {
            Segment::Silence { ms } => *ms as f64 / 1000.0,
            Segment::Leader { bytes } => *bytes as f64 * leader,
            Segment::Block(b) => leader + b.to_bytes()?.into_iter().map(byte_seconds).sum::<f64>(),
        };
    }
    Ok(seconds)
}

/// Synthesises laid-out segments as a mono PCM .wav, with a trailing motor gap. A recording
/// larger than the reader accepts ([`MAX_INPUT_BYTES`](super::error::MAX_INPUT_BYTES)) is
/// refused before it is made.
pub fn encode_segments(segments: &[Segment], opts: &WavOptions) -> Result<Vec<u8>, TapeError> {
    if !(MIN_SAMPLE_RATE..=MAX_SAMPLE_RATE).contains(&opts.sample_rate) {
        return Err(TapeError::UnsupportedWav(format!(
            "sample rate {} Hz; {MIN_SAMPLE_RATE}–{MAX_SAMPLE_RATE} Hz are written",
            opts.sample_rate
        )));
    }
    let seconds = duration_seconds(segments, opts.layout.gap_ms)?;
    let size = 44.0 + (seconds * opts.sample_rate as f64 + 1.0) * opts.format.bytes() as f64;
    let limit = super::error::MAX_INPUT_BYTES;
    if size > limit as f64 {
        return Err(TapeError::TooLarge {
            size: size.min(usize::MAX as f64) as usize,
            limit,
        });
    }
    let mut s = Synth {
        rate: opts.sample_rate as f64,
        amplitude: match opts.polarity {
            Polarity::Rising => 1.0,
            Polarity::Falling => -1.0,
        } * opts.amplitude.clamp(0.0, 1.0),
        format: opts.format,
        t: 0.0,
        n: 0,
        data: Vec::with_capacity(size as usize),
    };
    for seg in segments {
        match seg {
            Segment::Silence { ms } => s.silence(*ms as f64 / 1000.0),
            Segment::Leader { bytes } => (0..*bytes).for_each(|_| s.byte(0x55)),
            Segment::Block(b) => {
                s.byte(0x55);
                for byte in b.to_bytes()? {
                    s.byte(byte);
                }
            }
        }
    }
    s.silence(opts.layout.gap_ms as f64 / 1000.0);
    let mut out = wav_header(s.data.len(), opts.sample_rate, opts.format);
    out.extend_from_slice(&s.data);
    Ok(out)
}

/// Synthesises blocks as a .wav laid out as the Dragon writes them.
pub fn encode(blocks: &[Block], opts: &WavOptions) -> Result<Vec<u8>, TapeError> {
    encode_segments(&layout(blocks, opts.layout), opts)
}

/// A mono PCM .wav of `samples` (each in -1..=1).
pub fn wav_bytes(samples: &[f64], sample_rate: u32, format: SampleFormat) -> Vec<u8> {
    let mut out = wav_header(samples.len() * format.bytes() as usize, sample_rate, format);
    for &v in samples {
        push_sample(&mut out, v, format);
    }
    out
}

/// The 44-byte header of a mono PCM .wav whose data is `data_len` bytes.
fn wav_header(data_len: usize, sample_rate: u32, format: SampleFormat) -> Vec<u8> {
    let bytes_per_sample = format.bytes();
    let mut out = Vec::with_capacity(44 + data_len);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&((36 + data_len) as u32).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&sample_rate.to_le_bytes());
    out.extend_from_slice(&(sample_rate * bytes_per_sample as u32).to_le_bytes());
    out.extend_from_slice(&bytes_per_sample.to_le_bytes());
    out.extend_from_slice(&(bytes_per_sample * 8).to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(data_len as u32).to_le_bytes());
    out
}

/// One sample (in -1..=1) in the file's encoding.
fn push_sample(out: &mut Vec<u8>, v: f64, format: SampleFormat) {
    let v = v.clamp(-1.0, 1.0);
    match format {
        SampleFormat::U8 => out.push((128.0 + v * 127.0).round() as u8),
        SampleFormat::S16 => out.extend_from_slice(&((v * 32767.0).round() as i16).to_le_bytes()),
    }
}
