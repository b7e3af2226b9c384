//! A tape as its recording: the level the Dragon's cassette comparator gives (PIA1 PA0) at
//! each moment of the tape, in CPU cycles from its start, and where on it each block found in
//! it lies (docs/machine.md §12.4.1).
//!
//! A recording is a row of pieces, each one of:
//! - **bytes** played as the Dragon writes them, each bit one cycle of a wave (435 CPU cycles
//!   for a 1, 813 for a 0), high for its first half and low for its second, least
//!   significant bit first: a .cas file's bytes as they are (XRoar plays a .cas so), or blocks
//!   laid out as the Dragon writes them (a listing's, blocks added by a save);
//! - **silence** (a motor gap between blocks laid out), which reads low;
//! - **edges**: a .wav's samples through the comparator ([`super::comparator`]), kept as the
//!   cycles between its changes of level (two bytes a change), not as samples.
//!
//! Past its end a recording reads low, for ever. Nothing is computed ahead: a look at the
//! level finds the piece and the place in it, from where the last look was (the tape mostly
//! moves on), or from the marks kept every so many bytes or edges.

use super::block::{checksum, ReadBlock, LEADER, MAX_BLOCK_DATA, SYNC};
use super::tape_image::TapeBlock;
use super::wav::{BIT0_CPU_CYCLES, BIT1_CPU_CYCLES, CPU_HZ};

/// A bit's cycle on tape, in CPU cycles.
pub fn bit_cycles(one: bool) -> u64 {
    if one {
        BIT1_CPU_CYCLES as u64
    } else {
        BIT0_CPU_CYCLES as u64
    }
}

fn byte_cycles(b: u8) -> u64 {
    let ones = b.count_ones() as u64;
    ones * bit_cycles(true) + (8 - ones) * bit_cycles(false)
}

/// The cycles `bytes` take, eight bytes to a count of their ones (a tape's marks are made
/// when it is put in the deck: this keeps that cheap).
fn bytes_cycles(bytes: &[u8]) -> u64 {
    let mut words = bytes.chunks_exact(8);
    let mut ones: u64 = (&mut words)
        .map(|w| u64::from_le_bytes(w.try_into().unwrap_or([0; 8])).count_ones() as u64)
        .sum();
    ones += words
        .remainder()
        .iter()
        .map(|b| b.count_ones() as u64)
        .sum::<u64>();
    let bits = 8 * bytes.len() as u64;
    ones * bit_cycles(true) + (bits - ones) * bit_cycles(false)
}

/// Where a block lies on the recording, in CPU cycles from its start: its leader (or its
/// sync, with none found before it), the first bit of its `$3C` sync byte, and the end of
/// its checksum (what the ROM has read when its block routine returns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub lead: u64,
    pub sync: u64,
    pub end: u64,
}

/// A stretch of the signal at one level, `from..to` (`to` is `u64::MAX` past the end). Two
/// runs in a row may have the same level (where pieces meet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub level: bool,
    pub from: u64,
    pub to: u64,
}

/// Bytes between the marks of a byte track.
const BYTE_MARK: usize = 64;
/// Steps between the marks of an edge track.
const EDGE_MARK: usize = 1024;
/// An edge-track step of this value holds the level for `u16::MAX` cycles, no change after.
const HOLD: u16 = 0;

/// Bytes played at the standard bit timing.
#[derive(Clone, Debug)]
struct ByteTrack {
    bytes: Vec<u8>,
    /// The cycle at which byte `i * BYTE_MARK` starts.
    marks: Vec<u64>,
}

impl ByteTrack {
    fn new(bytes: Vec<u8>) -> ByteTrack {
        let mut marks = Vec::with_capacity(bytes.len() / BYTE_MARK + 1);
        let mut t = 0u64;
        for chunk in bytes.chunks(BYTE_MARK) {
            marks.push(t);
            t += bytes_cycles(chunk);
        }
        ByteTrack { bytes, marks }
    }

    fn len(&self) -> u64 {
        let last = (self.bytes.len().saturating_sub(1)) / BYTE_MARK;
        match self.marks.get(last) {
            Some(&t) => t + bytes_cycles(&self.bytes[last * BYTE_MARK..]),
            None => 0,
        }
    }

    /// The cycle at which bit `bit` starts (the end, past the last).
    fn time_of_bit(&self, bit: u64) -> u64 {
        let byte = usize::try_from(bit / 8).unwrap_or(usize::MAX);
        if byte >= self.bytes.len() {
            return self.len();
        }
        let m = byte / BYTE_MARK;
        let t = self.marks[m] + bytes_cycles(&self.bytes[m * BYTE_MARK..byte]);
        let v = self.bytes[byte];
        t + (0..bit % 8)
            .map(|i| bit_cycles(v >> i & 1 != 0))
            .sum::<u64>()
    }

    /// The run at offset `t` (within the track), from the byte the last look was in
    /// (`hint`: its index and start).
    fn run_at(&self, t: u64, hint: &mut (usize, u64)) -> Run {
        let (mut i, mut start) = *hint;
        if t < start || i >= self.bytes.len() || t - start > (2 * BYTE_MARK as u64) * 813 * 8 {
            let m = self.marks.partition_point(|&s| s <= t).max(1) - 1;
            i = m * BYTE_MARK;
            start = self.marks[m];
        }
        while i < self.bytes.len() {
            let len = byte_cycles(self.bytes[i]);
            if t < start + len {
                break;
            }
            start += len;
            i += 1;
        }
        *hint = (i, start);
        let Some(&v) = self.bytes.get(i) else {
            return Run {
                level: false,
                from: start,
                to: u64::MAX,
            };
        };
        let mut at = start;
        for k in 0..8 {
            let len = bit_cycles(v >> k & 1 != 0);
            let half = at + len / 2;
            if t < half {
                return Run {
                    level: true,
                    from: at,
                    to: half,
                };
            }
            if t < at + len {
                return Run {
                    level: false,
                    from: half,
                    to: at + len,
                };
            }
            at += len;
        }
        // Not reached: `t` lies within byte `i`.
        Run {
            level: false,
            from: at,
            to: at,
        }
    }
}

/// A comparator's output as the cycles between its changes of level.
#[derive(Clone, Debug, Default)]
pub struct EdgeTrack {
    /// The level at the start.
    first: bool,
    /// The cycles from each change (or the start) to the next; [`HOLD`] holds the level for
    /// `u16::MAX` cycles with no change after.
    steps: Vec<u16>,
    /// Before step `i * EDGE_MARK`: its time and the level then.
    marks: Vec<(u64, bool)>,
    /// The time of the last change (or 0), and the level after it.
    last: u64,
    now: bool,
    /// The track's length (at least its last change).
    len: u64,
}

/// Where a look into an edge track was: the step, the time it starts and the level then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct EdgeHint {
    step: usize,
    at: u64,
    level: bool,
    /// False until a look has set it (the default is no place).
    set: bool,
}

impl EdgeTrack {
    /// A track starting at `level`, of no length yet.
    pub fn starting(level: bool) -> EdgeTrack {
        EdgeTrack {
            first: level,
            now: level,
            ..EdgeTrack::default()
        }
    }

    fn push_step(&mut self, v: u16, time_before: u64) {
        if self.steps.len().is_multiple_of(EDGE_MARK) {
            self.marks.push((time_before, self.now));
        }
        self.steps.push(v);
    }

    /// The level changes at cycle `at` (ignored unless after the last change).
    pub fn change_at(&mut self, at: u64) {
        if at <= self.last {
            return;
        }
        let mut t = self.last;
        while at - t > u16::MAX as u64 {
            self.push_step(HOLD, t);
            t += u16::MAX as u64;
        }
        self.push_step((at - t) as u16, t);
        self.last = at;
        self.now = !self.now;
        self.len = self.len.max(at);
    }

    /// The track lasts until `len` (the recording's end); nothing more is added.
    pub fn end_at(&mut self, len: u64) {
        self.len = self.len.max(len);
        self.steps.shrink_to_fit();
        self.marks.shrink_to_fit();
    }

    /// Bytes the track holds (what a recording costs the host).
    pub fn heap_bytes(&self) -> usize {
        self.steps.capacity() * 2 + self.marks.capacity() * 16
    }

    fn run_at(&self, t: u64, hint: &mut EdgeHint) -> Run {
        let far = (EDGE_MARK as u64) * 1000;
        if !hint.set || t < hint.at || t - hint.at > far || hint.step > self.steps.len() {
            let m = self.marks.partition_point(|&(s, _)| s <= t);
            *hint = match m.checked_sub(1) {
                Some(m) => EdgeHint {
                    step: m * EDGE_MARK,
                    at: self.marks[m].0,
                    level: self.marks[m].1,
                    set: true,
                },
                None => EdgeHint {
                    step: 0,
                    at: 0,
                    level: self.first,
                    set: true,
                },
            };
        }
        // Walk on to the run holding `t`: from `hint.at`, steps up to the next change.
        loop {
            let mut end = hint.at;
            let mut k = hint.step;
            while let Some(&s) = self.steps.get(k) {
                k += 1;
                if s == HOLD {
                    end += u16::MAX as u64;
                } else {
                    end += s as u64;
                    break;
                }
            }
            let changes = k > hint.step && self.steps[k - 1] != HOLD;
            if !changes {
                // The last run: to the end of the track.
                return Run {
                    level: hint.level,
                    from: hint.at,
                    to: self.len.max(end),
                };
            }
            if t < end {
                return Run {
                    level: hint.level,
                    from: hint.at,
                    to: end,
                };
            }
            *hint = EdgeHint {
                step: k,
                at: end,
                level: !hint.level,
                set: true,
            };
        }
    }
}

#[derive(Clone, Debug)]
enum Track {
    Silence,
    Bytes(ByteTrack),
    Edges(EdgeTrack),
}

#[derive(Clone, Debug)]
struct Piece {
    start: u64,
    len: u64,
    track: Track,
}

/// Where the last look was: the piece, and the place in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Look {
    piece: usize,
    byte: (usize, u64),
    edge: EdgeHint,
}

/// A tape as its recording, with where its blocks lie.
#[derive(Clone, Debug, Default)]
pub struct Recording {
    pieces: Vec<Piece>,
    end: u64,
    /// A .cas file's: it holds bytes and no silence, so what is added to it is bytes with no
    /// motor gap, as the .cas file gets them.
    gapless: bool,
    /// Where each block of the tape lies, in the deck's order.
    spans: Vec<Span>,
    look: Look,
}

impl PartialEq for Recording {
    /// Two recordings are alike when they hold the same places for their blocks and end
    /// together (the samples behind them are the tape files').
    fn eq(&self, other: &Self) -> bool {
        self.spans == other.spans && self.end == other.end && self.gapless == other.gapless
    }
}

impl Recording {
    /// A blank tape: a .cas's (`gapless`) or another's.
    pub fn blank(gapless: bool) -> Recording {
        Recording {
            gapless,
            ..Recording::default()
        }
    }

    /// A .cas file's bytes, played as they are, with the places of the blocks `read` found in
    /// them.
    pub fn from_cas(bytes: &[u8], read: &[ReadBlock]) -> Recording {
        let mut r = Recording::blank(true);
        r.append_bytes(bytes, read);
        r
    }

    /// Blocks laid out as the Dragon writes them (a listing's, or blocks held in memory).
    pub fn laid_out(blocks: &[TapeBlock]) -> Recording {
        let mut r = Recording::default();
        r.append_blocks(blocks);
        r
    }

    /// A .wav's comparator output, with its blocks' places.
    pub fn from_edges(mut edges: EdgeTrack, len: u64, spans: Vec<Span>) -> Recording {
        edges.end_at(len);
        let len = edges.len;
        let mut r = Recording::blank(false);
        r.push(len, Track::Edges(edges));
        r.spans = spans;
        r
    }

    fn push(&mut self, len: u64, track: Track) {
        if len == 0 {
            return;
        }
        self.pieces.push(Piece {
            start: self.end,
            len,
            track,
        });
        self.end += len;
    }

    /// Where the recording ends.
    pub fn end(&self) -> u64 {
        self.end
    }

    /// Whether it is a .cas file's (bytes only).
    pub fn gapless(&self) -> bool {
        self.gapless
    }

    /// Where block `index` lies.
    pub fn span(&self, index: usize) -> Option<Span> {
        self.spans.get(index).copied()
    }

    /// The first block whose sync is at or after `t`: the next one the ROM can read from there.
    pub fn block_at_or_after(&self, t: u64) -> usize {
        self.spans.partition_point(|s| s.sync < t)
    }

    /// What the recording costs the host, in bytes (its tracks and marks).
    pub fn heap_bytes(&self) -> usize {
        self.pieces
            .iter()
            .map(|p| match &p.track {
                Track::Silence => 0,
                Track::Bytes(b) => b.bytes.capacity() + b.marks.capacity() * 8,
                Track::Edges(e) => e.heap_bytes(),
            })
            .sum::<usize>()
            + self.spans.capacity() * std::mem::size_of::<Span>()
    }

    /// Raw bytes added at the end (a .cas's, or what machine code wrote to one), with the
    /// blocks `read` found in them.
    pub fn append_bytes(&mut self, bytes: &[u8], read: &[ReadBlock]) {
        let track = ByteTrack::new(bytes.to_vec());
        let base = self.end;
        for r in read {
            let lead = r.bit_offset.saturating_sub(8 * r.leader_bytes as u64);
            let end = r.bit_offset + 8 * (4 + r.block.data.len() as u64);
            self.spans.push(Span {
                lead: base + track.time_of_bit(lead),
                sync: base + track.time_of_bit(r.bit_offset),
                end: base + track.time_of_bit(end),
            });
        }
        let len = track.len();
        self.push(len, Track::Bytes(track));
    }

    /// Blocks added at the end, laid out as the Dragon writes them: a block with a leader
    /// gets a motor gap of silence (none on a .cas) and 128 bytes of `$55`; then
    /// `$55 $3C type len data checksum $55` (a wrong checksum for a bad block, none for one
    /// cut short).
    pub fn append_blocks(&mut self, blocks: &[TapeBlock]) {
        let opts = super::tapefile::LayoutOptions::default();
        for b in blocks {
            if b.led && !self.gapless {
                let gap = (opts.gap_ms as f64 * CPU_HZ / 1000.0) as u64;
                self.push(gap, Track::Silence);
            }
            let mut out = Vec::new();
            if b.led {
                out.resize(opts.leader_bytes, LEADER);
            }
            let data = &b.block.data[..b.block.data.len().min(MAX_BLOCK_DATA)];
            out.extend([LEADER, SYNC, b.block.kind.to_byte(), data.len() as u8]);
            out.extend_from_slice(data);
            let sync_at = out.len() - data.len() - 3;
            let mut end_at = out.len();
            if !b.truncated {
                let sum = checksum(b.block.kind.to_byte(), data);
                out.push(if b.checksum_ok {
                    sum
                } else {
                    sum.wrapping_add(1)
                });
                end_at = out.len();
                out.push(LEADER);
            }
            let track = ByteTrack::new(out);
            let base = self.end;
            self.spans.push(Span {
                lead: base,
                sync: base + track.time_of_bit(8 * sync_at as u64),
                end: base + track.time_of_bit(8 * end_at as u64),
            });
            let len = track.len();
            self.push(len, Track::Bytes(track));
        }
    }

    /// The run of the signal at cycle `t`.
    pub fn run_at(&mut self, t: u64) -> Run {
        if t >= self.end {
            return Run {
                level: false,
                from: self.end,
                to: u64::MAX,
            };
        }
        let mut look = self.look;
        let here = self
            .pieces
            .get(look.piece)
            .is_some_and(|p| p.start <= t && t < p.start + p.len);
        if !here {
            let i = self.pieces.partition_point(|p| p.start <= t).max(1) - 1;
            look = Look {
                piece: i,
                ..Look::default()
            };
        }
        let p = &self.pieces[look.piece];
        let off = t - p.start;
        let run = match &p.track {
            Track::Silence => Run {
                level: false,
                from: 0,
                to: p.len,
            },
            Track::Bytes(b) => b.run_at(off, &mut look.byte),
            Track::Edges(e) => e.run_at(off, &mut look.edge),
        };
        self.look = look;
        Run {
            level: run.level,
            from: p.start + run.from,
            to: p.start + run.to.min(p.len),
        }
    }

    /// The level at cycle `t`.
    pub fn level_at(&mut self, t: u64) -> bool {
        self.run_at(t).level
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::block::Block;
    use crate::formats::tape_image::good_blocks;

    #[test]
    fn bytes_play_bit_zero_first_high_then_low() {
        // $01: a 1 (435) then seven 0s (813).
        let mut r = Recording::from_cas(&[0x01, 0x00], &[]);
        assert_eq!(r.end(), 435 + 7 * 813 + 8 * 813);
        assert!(r.level_at(0));
        assert!(r.level_at(216));
        assert!(!r.level_at(217));
        assert!(!r.level_at(434));
        assert!(r.level_at(435));
        assert!(!r.level_at(435 + 406));
        // Looking back works as well as looking on.
        assert!(r.level_at(10));
        assert!(!r.level_at(r.end()));
        assert!(!r.level_at(u64::MAX));
    }

    #[test]
    fn bytes_are_timed_eight_at_a_time_as_one_at_a_time() {
        let bytes: Vec<u8> = (0..203u32).map(|i| (i * 91 + 7) as u8).collect();
        for n in [0, 1, 7, 8, 9, 64, 203] {
            let one_by_one: u64 = bytes[..n].iter().map(|&b| byte_cycles(b)).sum();
            assert_eq!(bytes_cycles(&bytes[..n]), one_by_one, "{n}");
        }
    }

    #[test]
    fn edges_hold_long_levels_and_find_any_time() {
        let mut e = EdgeTrack::starting(true);
        let mut at = 0u64;
        let mut changes = Vec::new();
        for i in 0..5000u64 {
            at += if i == 100 { 200_000 } else { 100 + i % 7 };
            e.change_at(at);
            changes.push(at);
        }
        let mut r = Recording::from_edges(e, at + 1000, Vec::new());
        for &t in [5u64, 600_000, 20, 400_000, at - 1, at + 10].iter() {
            let flips = changes.iter().filter(|&&c| c <= t).count();
            assert_eq!(r.level_at(t), flips % 2 == 0, "at {t}");
        }
        let run = r.run_at(changes[100] + 5);
        assert_eq!((run.from, run.to), (changes[100], changes[101]));
        assert!(!r.level_at(at + 2000), "past the end: low");
    }

    #[test]
    fn laid_out_blocks_know_their_places() {
        let blocks = good_blocks(vec![Block::eof(), Block::eof()]);
        let mut r = Recording::laid_out(&blocks);
        let s = r.span(0).unwrap();
        let gap = (500.0 * CPU_HZ / 1000.0) as u64;
        assert_eq!(s.lead, gap, "after the motor gap");
        assert_eq!(s.sync, gap + 129 * byte_cycles(LEADER));
        // $3C's bit 0 is a 0: high for 406 cycles, then low.
        assert!(r.level_at(s.sync) && !r.level_at(s.sync + 406));
        assert_eq!(r.block_at_or_after(s.sync), 0);
        assert_eq!(r.block_at_or_after(s.sync + 1), 1);
        assert_eq!(r.block_at_or_after(r.end()), 2);
    }

    #[test]
    fn thirty_minutes_of_the_densest_signal_take_a_few_tens_of_mb() {
        // A 1 bit after another for 30 minutes: a change every 217 or 218 cycles.
        let minutes = 30.0;
        let len = (minutes * 60.0 * CPU_HZ) as u64;
        let mut e = EdgeTrack::starting(true);
        let mut at = 0u64;
        while at < len {
            at += 217 + at % 2;
            e.change_at(at);
        }
        let r = Recording::from_edges(e, len, Vec::new());
        let mb = r.heap_bytes() as f64 / 1e6;
        assert!(mb < 20.0, "{mb} MB");
    }

    /// `cargo test --release -p spacemono-core --lib five_minute_wav -- --ignored --nocapture`:
    /// a 5-minute .wav (22,050 Hz 8-bit mono, machine-code files back to back) read as the
    /// deck reads it: the time, and what its recording holds.
    #[test]
    #[ignore]
    fn five_minute_wav_load_time_and_memory() {
        use crate::formats::{namefile::Namefile, tapefile::file_blocks, wav};
        let payload: Vec<u8> = (0..4_096u32).map(|i| (i * 7 + i / 255) as u8).collect();
        let mut blocks = Vec::new();
        let mut seconds = 0.0;
        while seconds < 300.0 {
            let file = file_blocks(&Namefile::csavem("DATA", 0x1000, 0x1000), &payload);
            // Its bytes, and a motor gap before the namefile and the data.
            let bytes = crate::formats::cas::write(&file).unwrap();
            seconds += bytes.iter().map(|&b| byte_cycles(b)).sum::<u64>() as f64 / CPU_HZ + 1.0;
            blocks.extend(file);
        }
        let bytes = wav::encode(&blocks, &wav::WavOptions::default()).unwrap();
        let t = std::time::Instant::now();
        let (found, r) = wav::read_recording(&bytes).unwrap();
        let took = t.elapsed();
        let t = std::time::Instant::now();
        let only_blocks = wav::read_blocks(&bytes).unwrap().len();
        let blocks_took = t.elapsed();
        println!(
            "{:.0} s of tape, {:.1} MB .wav: the blocks alone {:.2} s; blocks and recording {:.2} s, {} blocks, recording {:.2} MB",
            r.end() as f64 / CPU_HZ,
            bytes.len() as f64 / 1e6,
            blocks_took.as_secs_f64(),
            took.as_secs_f64(),
            found.len(),
            r.heap_bytes() as f64 / 1e6
        );
        assert_eq!(found.len(), blocks.len());
        assert_eq!(only_blocks, blocks.len());
    }
}
