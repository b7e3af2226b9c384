//! `.wav` recordings of cassettes: a decoder that turns a recording's samples into bits the way
//! the ROM does, and a synthesiser that turns blocks into the Dragon's exact cycle timing.
//!
//! The RIFF/WAVE container is the `hound` crate's ([`super::wav_file`]): it reads the header
//! and the samples (integer PCM, 8-bit unsigned or 16-bit signed, mono or stereo, 8–96 kHz are
//! decoded here) and writes PCM files with the classic 44-byte header.
//!
//! Reading (docs/machine.md §3; DR `CasBitIn`, TS `libcecbwav.c`):
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
use super::comparator::{comparator_edges, sample_cycle};
use super::error::TapeError;
use super::recording::{Recording, Span};
use super::tapefile::{group_files, layout, LayoutOptions, Segment, TapeFile};
use super::wav_file::{self, put, Writer};

pub use crate::timing::CPU_HZ;
/// CPU cycles in one cycle of a 0 bit (about 1100.7 Hz).
pub const BIT0_CPU_CYCLES: f64 = 813.0;
/// CPU cycles in one cycle of a 1 bit (about 2057 Hz).
pub const BIT1_CPU_CYCLES: f64 = 435.0;
/// Sample rates the reader and writer accept.
pub const MIN_SAMPLE_RATE: u32 = 8000;
pub const MAX_SAMPLE_RATE: u32 = 96000;

pub use super::wav_file::WavFormat;

const T0: f64 = BIT0_CPU_CYCLES / CPU_HZ;
const T1: f64 = BIT1_CPU_CYCLES / CPU_HZ;

/// Which channel of a stereo file is decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelUse {
    Mono,
    Left,
    Right,
    Mix,
}

/// A recording as read: its format and its samples.
#[derive(Clone, Debug)]
pub struct WavAudio {
    pub format: WavFormat,
    /// The samples, channels interleaved, whole frames only. 8-bit samples are centred on 0
    /// (-128..=127: the file's unsigned bytes less 128).
    pub samples: Vec<i16>,
    pub channel_use: ChannelUse,
}

/// Reads a .wav recording ([`wav_file::read`]) and, for a stereo one, chooses the channel
/// (or the mix of both) that is decoded.
pub fn parse_wav(bytes: &[u8]) -> Result<WavAudio, TapeError> {
    let (format, samples) = wav_file::read(bytes)?;
    let mut audio = WavAudio {
        format,
        samples,
        channel_use: ChannelUse::Mono,
    };
    if format.channels == 2 {
        audio.channel_use = choose_channels(&audio);
    }
    Ok(audio)
}

impl WavAudio {
    pub(crate) fn frames(&self) -> usize {
        self.samples.len() / self.format.channels as usize
    }

    fn channel_sample(&self, frame: usize, ch: usize) -> i32 {
        self.samples[frame * self.format.channels as usize + ch] as i32
    }

    /// The sample used for decoding at `frame`.
    pub(crate) fn sample(&self, frame: usize) -> i32 {
        match self.channel_use {
            ChannelUse::Mono | ChannelUse::Left => self.channel_sample(frame, 0),
            ChannelUse::Right => self.channel_sample(frame, 1),
            ChannelUse::Mix => self.channel_sample(frame, 0) + self.channel_sample(frame, 1),
        }
    }

    /// Full scale of [`Self::sample`].
    pub(crate) fn full_scale(&self) -> f64 {
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
    /// When kept (`Some`): the sample at which each bit's cycle starts.
    starts: Option<Vec<u32>>,
}

/// The speed factor stays in this range. At either end the threshold (`k·√(T0·T1)`) still
/// separates cycles of a tape running 10% fast or slow, so noise that pushes `k` to a limit
/// cannot lock the reader into misreading; the true speed then pulls it back.
const K_MIN: f64 = 0.87;
const K_MAX: f64 = 1.15;

impl Classifier {
    fn new(rate: f64, timed: bool) -> Classifier {
        Classifier {
            rate,
            k: 1.0,
            last_edge: None,
            bits: BitStream::new(),
            starts: timed.then(Vec::new),
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
        if let Some(starts) = &mut self.starts {
            starts.push(prev.max(0.0).round().min(u32::MAX as f64) as u32);
        }
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
    let [(rise, _), (fall, _)] = decode_timed(a, false);
    [rise, fall]
}

/// As [`decode_bit_streams`], with (when `timed`) the sample at which each bit's cycle
/// starts.
fn decode_timed(a: &WavAudio, timed: bool) -> [(BitStream, Vec<u32>); 2] {
    let rate = a.format.sample_rate as f64;
    let n = a.frames();
    let mut rise = Classifier::new(rate, timed);
    let mut fall = Classifier::new(rate, timed);
    if n == 0 {
        return [rise.finish(), fall.finish()];
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
    [rise.finish(), fall.finish()]
}

impl Classifier {
    fn finish(self) -> (BitStream, Vec<u32>) {
        (self.bits, self.starts.unwrap_or_default())
    }
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
    let decoded = best_polarity(&parse_wav(bytes)?);
    super::error::check_blocks(&decoded.2)?;
    Ok(decoded)
}

/// Decodes a read recording in both polarities and keeps the one with more good blocks.
pub fn best_polarity(audio: &WavAudio) -> (Polarity, BitStream, Vec<ReadBlock>) {
    let [rise, fall] = decode_bit_streams(audio);
    let rb = find_blocks(&rise.bytes, rise.len_bits);
    let fb = find_blocks(&fall.bytes, fall.len_bits);
    if score(&fb) > score(&rb) {
        (Polarity::Falling, fall, fb)
    } else {
        (Polarity::Rising, rise, rb)
    }
}

/// A .wav read as the deck plays it: its blocks (of the better polarity) and its recording
/// (the samples through the comparator, [`super::comparator`]), each block's place on it.
pub fn read_recording(bytes: &[u8]) -> Result<(Vec<ReadBlock>, Recording), TapeError> {
    let audio = parse_wav(bytes)?;
    let [(rise, rise_at), (fall, fall_at)] = decode_timed(&audio, true);
    let rb = find_blocks(&rise.bytes, rise.len_bits);
    let fb = find_blocks(&fall.bytes, fall.len_bits);
    let (blocks, starts) = if score(&fb) > score(&rb) {
        (fb, fall_at)
    } else {
        (rb, rise_at)
    };
    super::error::check_blocks(&blocks)?;
    if blocks.is_empty() {
        return Err(TapeError::NoBlocks);
    }
    let rate = audio.format.sample_rate;
    let (edges, len) = comparator_edges(&audio);
    drop(audio);
    // A bit's place: the sample its cycle starts at; past the last bit, the recording's end.
    let at = |bit: u64| {
        usize::try_from(bit)
            .ok()
            .and_then(|i| starts.get(i))
            .map_or(len, |&s| sample_cycle(s as u64, rate))
    };
    let spans = blocks
        .iter()
        .map(|r| Span {
            lead: at(r.bit_offset.saturating_sub(8 * r.leader_bytes as u64)),
            sync: at(r.bit_offset),
            end: at(r.bit_offset + 8 * (4 + r.block.data.len() as u64)),
        })
        .collect();
    Ok((blocks, Recording::from_edges(edges, len, spans)))
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

/// Synthesises the tape's sound sample by sample into a .wav being written (no intermediate
/// buffer of floats), the same sample in every channel.
struct Synth<'a, 'w> {
    rate: f64,
    amplitude: f64,
    format: SampleFormat,
    channels: u16,
    /// Time in seconds at which the next cycle or silence starts.
    t: f64,
    /// Index of the next sample to write.
    n: u64,
    out: &'a mut Writer<'w>,
}

impl Synth<'_, '_> {
    fn push(&mut self, v: f64) -> Result<(), TapeError> {
        let q = quantize(v, self.format);
        for _ in 0..self.channels {
            put(self.out, q)?;
        }
        self.n += 1;
        Ok(())
    }

    /// One full sine cycle of `cpu_cycles`, starting at the midpoint and rising, as the ROM
    /// steps through its sine table.
    fn cycle(&mut self, cpu_cycles: f64) -> Result<(), TapeError> {
        let period = cpu_cycles / CPU_HZ;
        let end = self.t + period;
        while (self.n as f64) / self.rate < end {
            let phase = ((self.n as f64) / self.rate - self.t) / period;
            self.push(self.amplitude * (std::f64::consts::TAU * phase).sin())?;
        }
        self.t = end;
        Ok(())
    }

    fn byte(&mut self, b: u8) -> Result<(), TapeError> {
        for i in 0..8 {
            self.cycle(bit_cycles(b >> i & 1 != 0))?;
        }
        Ok(())
    }

    fn silence(&mut self, seconds: f64) -> Result<(), TapeError> {
        let end = self.t + seconds;
        while (self.n as f64) / self.rate < end {
            self.push(0.0)?;
        }
        self.t = end;
        Ok(())
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

/// Bytes of sample data that laid-out segments make at these options in `channels`
/// channels, worked out before any sample is made, so that a recording larger than the reader
/// accepts ([`MAX_WAV_BYTES`](super::error::MAX_WAV_BYTES)) is refused without building it.
fn synthesised_bytes(
    segments: &[Segment],
    opts: &WavOptions,
    channels: u16,
) -> Result<f64, TapeError> {
    let seconds = duration_seconds(segments, opts.layout.gap_ms)?;
    Ok((seconds * opts.sample_rate as f64 + 1.0) * opts.format.bytes() as f64 * channels as f64)
}

/// Refuses a recording of `size` bytes that the reader would not read back.
fn check_recording_size(size: f64) -> Result<(), TapeError> {
    let limit = super::error::MAX_WAV_BYTES;
    if size > limit as f64 {
        return Err(TapeError::TooLarge {
            size: size.min(usize::MAX as f64) as usize,
            limit,
        });
    }
    Ok(())
}

/// Synthesises laid-out segments, with a trailing motor gap, into `out` at `opts`'s rate,
/// sample size and polarity, the same sample in each of `channels` channels.
fn synthesise_into(
    out: &mut Writer<'_>,
    segments: &[Segment],
    opts: &WavOptions,
    channels: u16,
) -> Result<(), TapeError> {
    let mut s = Synth {
        rate: opts.sample_rate as f64,
        amplitude: match opts.polarity {
            Polarity::Rising => 1.0,
            Polarity::Falling => -1.0,
        } * opts.amplitude.clamp(0.0, 1.0),
        format: opts.format,
        channels,
        t: 0.0,
        n: 0,
        out,
    };
    for seg in segments {
        match seg {
            Segment::Silence { ms } => s.silence(*ms as f64 / 1000.0)?,
            Segment::Leader { bytes } => (0..*bytes).try_for_each(|_| s.byte(0x55))?,
            Segment::Block(b) => {
                s.byte(0x55)?;
                for byte in b.to_bytes()? {
                    s.byte(byte)?;
                }
            }
        }
    }
    s.silence(opts.layout.gap_ms as f64 / 1000.0)
}

/// Synthesises laid-out segments as a mono PCM .wav, with a trailing motor gap. A recording
/// larger than the reader accepts ([`MAX_WAV_BYTES`](super::error::MAX_WAV_BYTES)) is
/// refused before it is made.
pub fn encode_segments(segments: &[Segment], opts: &WavOptions) -> Result<Vec<u8>, TapeError> {
    wav_file::check_rate(opts.sample_rate)?;
    let size = 44.0 + synthesised_bytes(segments, opts, 1)?;
    check_recording_size(size)?;
    wav_file::write(opts.sample_rate, opts.format, 1, size as usize, |out| {
        synthesise_into(out, segments, opts, 1)
    })
}

/// `audio`'s recording with laid-out segments added to its end, in its own sample rate,
/// sample size and channel count (the same sample in every channel), in `polarity`, with a
/// trailing motor gap. hound writes the whole file anew: the old samples go back value for
/// value (so the old sample bytes are kept), under hound's 44-byte header; chunks other than
/// `fmt ` and `data` are not kept. A result larger than the reader accepts is refused before it
/// is made.
pub fn extend(
    audio: &WavAudio,
    segments: &[Segment],
    polarity: Polarity,
) -> Result<Vec<u8>, TapeError> {
    let fmt = audio.format;
    let opts = WavOptions {
        sample_rate: fmt.sample_rate,
        polarity,
        format: if fmt.bits_per_sample == 8 {
            SampleFormat::U8
        } else {
            SampleFormat::S16
        },
        ..WavOptions::default()
    };
    wav_file::check_rate(opts.sample_rate)?;
    let old = audio.samples.len() * opts.format.bytes() as usize;
    let size = 44.0 + old as f64 + synthesised_bytes(segments, &opts, fmt.channels)?;
    check_recording_size(size)?;
    let (rate, channels) = (fmt.sample_rate, fmt.channels);
    wav_file::write(rate, opts.format, channels, size as usize, |out| {
        for &s in &audio.samples {
            put(out, s)?;
        }
        synthesise_into(out, segments, &opts, channels)
    })
}

/// Synthesises blocks as a .wav laid out as the Dragon writes them.
pub fn encode(blocks: &[Block], opts: &WavOptions) -> Result<Vec<u8>, TapeError> {
    encode_segments(&layout(blocks, opts.layout), opts)
}

/// A mono PCM .wav of `samples` (each in -1..=1).
pub fn wav_bytes(
    samples: &[f64],
    sample_rate: u32,
    format: SampleFormat,
) -> Result<Vec<u8>, TapeError> {
    let size = 44 + samples.len() * format.bytes() as usize;
    check_recording_size(size as f64)?;
    wav_file::write(sample_rate, format, 1, size, |out| {
        samples
            .iter()
            .try_for_each(|&v| put(out, quantize(v, format)))
    })
}

/// One sample (in -1..=1) as hound takes it: 16-bit as it is stored; 8-bit centred on 0
/// (hound stores it plus 128), rounded from the unsigned value as the Dragon's DAC levels are.
pub fn quantize(v: f64, format: SampleFormat) -> i16 {
    let v = v.clamp(-1.0, 1.0);
    match format {
        SampleFormat::U8 => (128.0 + v * 127.0).round() as u8 as i16 - 128,
        SampleFormat::S16 => (v * 32767.0).round() as i16,
    }
}
