//! .wav reading and writing (docs/machine.md §3, audio encoding).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spacemono_core::tape::tapefile::{file_blocks, LayoutOptions, Segment};
use spacemono_core::tape::wav::{self, SampleFormat, WavOptions};

// docs/machine.md §3, not the code's constants: "813 CPU cycles for a 0 and 435 for a 1". The ROM
// times the bits with loops, so their length follows the CPU clock: this machine's is the
// 14.218 MHz / 16 of later PAL Dragon 32s and MAME (docs/timing.md §1), 0.7 % slower than the
// 0.894886 MHz of docs/machine.md §7.
const BIT0_CPU_CYCLES: f64 = 813.0;
const BIT1_CPU_CYCLES: f64 = 435.0;
const CPU_HZ: f64 = 14_218_000.0 / 16.0;
use spacemono_core::tape::{cas, group_files, Block, Namefile, ReadBlock, TapeError};

fn payload(n: usize, seed: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n).map(|_| rng.gen()).collect()
}

/// A tokenized save and a data file, so both the back-to-back and the gapped layouts are heard.
fn tape_blocks(n: usize) -> Vec<Block> {
    let mut b = file_blocks(&Namefile::csave("SPACE"), &payload(n, 1));
    b.extend(file_blocks(&Namefile::data_file("SCORES"), b"100\r200\r"));
    b
}

fn opts(rate: u32, format: SampleFormat) -> WavOptions {
    WavOptions {
        sample_rate: rate,
        format,
        ..WavOptions::default()
    }
}

fn blocks_of(read: &[ReadBlock]) -> Vec<Block> {
    read.iter().map(|r| r.block.clone()).collect()
}

fn assert_reads_back(wav_bytes: &[u8], blocks: &[Block], what: &str) {
    let read = wav::read_blocks(wav_bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
    if blocks_of(&read) != blocks {
        let summary = |v: Vec<(String, usize, bool)>| format!("{v:?}");
        let got = read
            .iter()
            .map(|r| {
                (
                    format!("{:?}", r.block.kind),
                    r.block.data.len(),
                    r.checksum_ok,
                )
            })
            .collect();
        let want = blocks
            .iter()
            .map(|b| (format!("{:?}", b.kind), b.data.len(), true))
            .collect();
        panic!("{what}: read {} but wrote {}", summary(got), summary(want));
    }
    assert!(read.iter().all(|r| r.checksum_ok), "{what}");
}

/// Samples of a mono .wav written by `wav::wav_bytes` (44-byte header), in -1..=1.
fn samples_of(w: &[u8]) -> Vec<f64> {
    let bits = u16::from_le_bytes([w[34], w[35]]);
    let data = &w[44..];
    if bits == 8 {
        data.iter().map(|&b| (b as f64 - 128.0) / 127.0).collect()
    } else {
        data.chunks(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]) as f64 / 32767.0)
            .collect()
    }
}

fn rate_of(w: &[u8]) -> u32 {
    u32::from_le_bytes([w[24], w[25], w[26], w[27]])
}

/// Claims a different sample rate: played back `factor` times faster (or slower, < 1).
fn change_speed(w: &[u8], factor: f64) -> Vec<u8> {
    let mut out = w.to_vec();
    let rate = (rate_of(w) as f64 * factor).round() as u32;
    let align = u16::from_le_bytes([w[32], w[33]]) as u32;
    out[24..28].copy_from_slice(&rate.to_le_bytes());
    out[28..32].copy_from_slice(&(rate * align).to_le_bytes());
    out
}

fn stereo_wav(left: &[f64], right: &[f64], rate: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let data_len = left.len() * 4;
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&((36 + data_len) as u32).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&[1, 0, 2, 0]);
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * 4).to_le_bytes());
    out.extend_from_slice(&[4, 0, 16, 0]);
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(data_len as u32).to_le_bytes());
    for (l, r) in left.iter().zip(right) {
        out.extend_from_slice(&((l.clamp(-1.0, 1.0) * 32767.0) as i16).to_le_bytes());
        out.extend_from_slice(&((r.clamp(-1.0, 1.0) * 32767.0) as i16).to_le_bytes());
    }
    out
}

#[test]
fn blocks_round_trip_at_22050_8_bit() {
    let blocks = tape_blocks(700);
    let w = wav::encode(&blocks, &WavOptions::default()).unwrap();
    assert_eq!(&w[0..4], b"RIFF");
    assert_eq!(&w[8..16], b"WAVEfmt ");
    assert_eq!(rate_of(&w), 22050);
    assert_eq!(u16::from_le_bytes([w[34], w[35]]), 8);
    assert_reads_back(&w, &blocks, "22050/8");
    let files = wav::read_files(&w).unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0].payload(), payload(700, 1));
    assert_eq!(files[1].name(), "SCORES");
}

#[test]
fn blocks_round_trip_at_44100_16_bit() {
    let blocks = tape_blocks(400);
    let w = wav::encode(&blocks, &opts(44100, SampleFormat::S16)).unwrap();
    assert_eq!(u16::from_le_bytes([w[34], w[35]]), 16);
    assert_reads_back(&w, &blocks, "44100/16");
}

#[test]
fn blocks_round_trip_at_other_rates() {
    let blocks = file_blocks(&Namefile::csavem("CODE", 0x3000, 0x3000), &payload(300, 2));
    for rate in [8000, 11025, 16000, 32000, 48000, 96000] {
        for format in [SampleFormat::U8, SampleFormat::S16] {
            let w = wav::encode(&blocks, &opts(rate, format)).unwrap();
            assert_reads_back(&w, &blocks, &format!("{rate} {format:?}"));
        }
    }
}

#[test]
fn cycle_lengths_are_the_dragons() {
    // One leader byte $55 is bits 1,0,1,0,1,0,1,0: short, long, short, long ...
    let rate = 96000;
    let o = WavOptions {
        layout: LayoutOptions {
            gap_ms: 0,
            ..LayoutOptions::default()
        },
        ..opts(rate, SampleFormat::S16)
    };
    let w = wav::encode_segments(&[Segment::Leader { bytes: 2 }], &o).unwrap();
    let s = samples_of(&w);
    // Upward zero crossings (interpolated), including the start at t=0.
    let mut ups = vec![0.0];
    for i in 1..s.len() {
        if s[i - 1] < 0.0 && s[i] >= 0.0 {
            ups.push((i - 1) as f64 + -s[i - 1] / (s[i] - s[i - 1]));
        }
    }
    let periods: Vec<f64> = ups
        .windows(2)
        .map(|p| (p[1] - p[0]) / rate as f64)
        .collect();
    assert_eq!(periods.len(), 15, "16 cycles, the last ends the file");
    for (i, p) in periods.iter().enumerate() {
        let expect = if i % 2 == 0 {
            BIT1_CPU_CYCLES
        } else {
            BIT0_CPU_CYCLES
        } / CPU_HZ;
        // Linear interpolation across a change of slope is off by a fraction of a sample.
        assert!(
            (p - expect).abs() < 0.6 / rate as f64,
            "cycle {i}: {p} vs {expect}"
        );
    }
    // Total length: 8 short and 8 long cycles.
    let total = 8.0 * (BIT0_CPU_CYCLES + BIT1_CPU_CYCLES) / CPU_HZ;
    assert!((s.len() as f64 - total * rate as f64).abs() <= 1.0);
}

#[test]
fn file_length_matches_the_layout() {
    // Leaders, blocks and 0.5 s gaps: count the bits and the gaps, and compare with the samples.
    let blocks = tape_blocks(300);
    let rate = 22050;
    let w = wav::encode(&blocks, &opts(rate, SampleFormat::U8)).unwrap();
    let image = cas::write(&blocks).unwrap(); // the same bytes, without the gaps
    let ones: u32 = image.iter().map(|b| b.count_ones()).sum();
    let zeros = image.len() as u32 * 8 - ones;
    let n_gaps = spacemono_core::tape::tapefile::layout(&blocks, LayoutOptions::default())
        .iter()
        .filter(|s| matches!(s, Segment::Silence { .. }))
        .count()
        + 1; // the trailing motor stop
    assert_eq!(n_gaps, 2 + 3 + 1);
    let seconds = (ones as f64 * BIT1_CPU_CYCLES + zeros as f64 * BIT0_CPU_CYCLES) / CPU_HZ
        + 0.5 * n_gaps as f64;
    let samples = samples_of(&w).len() as f64;
    assert!(
        (samples - seconds * rate as f64).abs() <= 1.0,
        "{samples} vs {}",
        seconds * rate as f64
    );
}

#[test]
fn cas_to_wav_and_back() {
    let blocks = tape_blocks(600);
    let image = cas::write(&blocks).unwrap();
    // .cas → blocks → .wav → blocks
    let from_cas = blocks_of(&cas::read_blocks(&image).unwrap());
    let w = wav::encode(&from_cas, &WavOptions::default()).unwrap();
    assert_reads_back(&w, &blocks, "cas→wav");
    // .wav → bit stream, saved as a .cas → blocks
    let (bits, _) = wav::decode(&w).unwrap();
    let again = cas::read_blocks(&bits.bytes).unwrap();
    assert_eq!(blocks_of(&again), blocks);
    assert_eq!(group_files(&again)[0].payload(), payload(600, 1));
}

fn noisy(clean: &[f64], rate: u32, noise: f64, dc: f64, hum: f64, seed: u64) -> Vec<f64> {
    let mut rng = StdRng::seed_from_u64(seed);
    clean
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            // Roughly Gaussian: the sum of four uniforms.
            let n: f64 = (0..4).map(|_| rng.gen_range(-1.0..1.0)).sum::<f64>() / 2.0;
            let t = i as f64 / rate as f64;
            v + noise * n + dc + hum * (std::f64::consts::TAU * 50.0 * t).sin()
        })
        .collect()
}

#[test]
fn noise_dc_offset_and_hum_still_decode() {
    let blocks = tape_blocks(500);
    for (rate, format) in [(22050, SampleFormat::U8), (44100, SampleFormat::S16)] {
        let clean = samples_of(&wav::encode(&blocks, &opts(rate, format)).unwrap());
        // Signal peak 0.7: noise σ≈0.08 (SNR ~16 dB), DC +0.2, 50 Hz hum 0.1.
        for (n, dc, hum) in [
            (0.14, 0.0, 0.0),
            (0.0, 0.2, 0.0),
            (0.0, 0.0, 0.1),
            (0.14, 0.2, 0.1),
        ] {
            let dirty = noisy(&clean, rate, n, dc, hum, rate as u64);
            let w = wav::wav_bytes(&dirty, rate, format).unwrap();
            assert_reads_back(
                &w,
                &blocks,
                &format!("noise {n} dc {dc} hum {hum} at {rate}"),
            );
        }
        // A negative DC offset with a quieter signal.
        let quiet: Vec<f64> = clean.iter().map(|v| v * 0.2 - 0.3).collect();
        assert_reads_back(
            &wav::wav_bytes(&quiet, rate, format).unwrap(),
            &blocks,
            "quiet, DC -0.3",
        );
    }
}

#[test]
fn speed_changes_of_5_and_9_percent_still_decode() {
    let blocks = tape_blocks(500);
    let w = wav::encode(&blocks, &opts(44100, SampleFormat::S16)).unwrap();
    for factor in [1.05, 1.0 / 1.05, 1.09, 1.0 / 1.09] {
        assert_reads_back(
            &change_speed(&w, factor),
            &blocks,
            &format!("speed ×{factor:.3}"),
        );
    }
    // Speed change and noise together.
    let dirty = noisy(&samples_of(&w), 44100, 0.1, 0.1, 0.05, 5);
    let w2 = change_speed(
        &wav::wav_bytes(&dirty, 44100, SampleFormat::S16).unwrap(),
        1.09,
    );
    assert_reads_back(&w2, &blocks, "noisy and 9% fast");
}

#[test]
fn slow_drift_within_a_recording_still_decodes() {
    // Resample so the speed glides from 0.93 to 1.07 across the recording.
    let blocks = tape_blocks(700);
    let s = samples_of(&wav::encode(&blocks, &opts(44100, SampleFormat::S16)).unwrap());
    let mut out = Vec::new();
    let mut pos = 0.0f64;
    while (pos as usize) + 1 < s.len() {
        let i = pos as usize;
        let f = pos - i as f64;
        out.push(s[i] * (1.0 - f) + s[i + 1] * f);
        pos += 0.93 + 0.14 * (pos / s.len() as f64);
    }
    assert_reads_back(
        &wav::wav_bytes(&out, 44100, SampleFormat::S16).unwrap(),
        &blocks,
        "drift",
    );
}

#[test]
fn inverted_recordings_decode() {
    let blocks = tape_blocks(300);
    let s = samples_of(&wav::encode(&blocks, &WavOptions::default()).unwrap());
    let inv: Vec<f64> = s.iter().map(|v| -v).collect();
    assert_reads_back(
        &wav::wav_bytes(&inv, 22050, SampleFormat::U8).unwrap(),
        &blocks,
        "inverted",
    );
}

#[test]
fn stereo_files_decode() {
    let blocks = tape_blocks(200);
    let s = samples_of(&wav::encode(&blocks, &opts(44100, SampleFormat::S16)).unwrap());
    let silent = vec![0.0; s.len()];
    let inv: Vec<f64> = s.iter().map(|v| -v).collect();
    let noise = noisy(&silent, 44100, 0.05, 0.0, 0.0, 3);
    assert_reads_back(&stereo_wav(&s, &s, 44100), &blocks, "both channels");
    assert_reads_back(&stereo_wav(&s, &silent, 44100), &blocks, "left only");
    assert_reads_back(
        &stereo_wav(&noise, &s, 44100),
        &blocks,
        "right only, hiss on left",
    );
    assert_reads_back(&stereo_wav(&s, &inv, 44100), &blocks, "right inverted");
}

#[test]
fn extra_chunks_and_cut_off_data_are_read() {
    let blocks = tape_blocks(100);
    let w = wav::encode(&blocks, &WavOptions::default()).unwrap();
    // A LIST chunk between fmt and data is skipped.
    let mut x = w[..36].to_vec();
    x.extend_from_slice(b"LIST");
    x.extend_from_slice(&4u32.to_le_bytes());
    x.extend_from_slice(&[1, 2, 3, 0]);
    x.extend_from_slice(&w[36..]);
    assert_reads_back(&x, &blocks, "LIST chunk");
    // A data chunk claiming more than the file holds is read as far as it goes.
    let mut y = w.clone();
    y[40..44].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_reads_back(&y, &blocks, "oversized data length");
    // The same in a 16-bit file, where 0xFFFFFFFF is not whole samples (hound refuses it; the
    // reader cuts it to what the file holds).
    let w16 = wav::encode(&blocks, &opts(44100, SampleFormat::S16)).unwrap();
    let mut z = w16.clone();
    z[40..44].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_reads_back(&z, &blocks, "16-bit, data length 0xFFFFFFFF");
    // A 16-bit file cut off in the middle of a sample, its header not brought up to date.
    let mut cut = w16.clone();
    cut.truncate(cut.len() - 1001);
    assert_reads_back(&cut, &blocks, "cut off mid-sample");
    // An odd data length (a stray byte after the last whole sample).
    let mut odd = w16.clone();
    odd.push(0x55);
    let len = (odd.len() - 44) as u32;
    odd[40..44].copy_from_slice(&len.to_le_bytes());
    assert_reads_back(&odd, &blocks, "odd data length");
}

#[test]
fn redundant_header_fields_that_disagree_are_ignored() {
    let blocks = tape_blocks(100);
    let w = wav::encode(&blocks, &opts(22050, SampleFormat::S16)).unwrap();
    // A byte rate that is not rate × block size.
    let mut x = w.clone();
    x[28..32].copy_from_slice(&12345u32.to_le_bytes());
    assert_reads_back(&x, &blocks, "wrong byte rate");
    // A block size of 1 for 16-bit mono (and the byte rate to match it).
    let mut y = w.clone();
    y[32..34].copy_from_slice(&1u16.to_le_bytes());
    y[28..32].copy_from_slice(&22050u32.to_le_bytes());
    assert_reads_back(&y, &blocks, "block size too small");
}

/// A chunk as RIFF lays it out: id, size, body, and a pad byte after an odd-sized body (which
/// the size does not count).
fn chunk(id: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut c = id.to_vec();
    c.extend_from_slice(&(body.len() as u32).to_le_bytes());
    c.extend_from_slice(body);
    if body.len() % 2 == 1 {
        c.push(0);
    }
    c
}

/// A recording written by our encoder (44-byte header: `fmt ` at 12, `data` at 36) rebuilt with
/// other chunks before `fmt `, between it and `data`, and after `data`; the RIFF length counts
/// them all. `data` gets its pad byte when it is odd-sized and something follows it.
fn with_chunks(w: &[u8], before: &[&[u8]], between: &[&[u8]], after: &[&[u8]]) -> Vec<u8> {
    let mut body = b"WAVE".to_vec();
    before.iter().for_each(|c| body.extend_from_slice(c));
    body.extend_from_slice(&w[12..36]);
    between.iter().for_each(|c| body.extend_from_slice(c));
    body.extend_from_slice(&w[36..]);
    if !after.is_empty() && (w.len() - 44) % 2 == 1 {
        body.push(0);
    }
    after.iter().for_each(|c| body.extend_from_slice(c));
    let mut x = b"RIFF".to_vec();
    x.extend_from_slice(&(body.len() as u32).to_le_bytes());
    x.extend_from_slice(&body);
    x
}

/// The chunks real recording tools put around `fmt ` and `data`, odd-sized ones among them.
fn extra_chunks() -> (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>) {
    // LIST/INFO with an odd-sized ISFT (21 bytes in all), as recorders and converters write.
    let mut info = b"INFOISFT".to_vec();
    info.extend_from_slice(&9u32.to_le_bytes());
    info.extend_from_slice(b"spacemono");
    let list = chunk(b"LIST", &info);
    let unknown = chunk(b"abc ", &[1, 2, 3]);
    let junk = chunk(b"JUNK", &[0; 7]);
    let fact = chunk(b"fact", &[0x10, 0x27, 0, 0, 0, 0]);
    (list, unknown, junk, fact)
}

#[test]
fn chunks_around_fmt_and_data_with_their_pad_bytes_are_skipped() {
    let blocks = tape_blocks(100);
    let (list, unknown, junk, fact) = extra_chunks();
    let tail = chunk(b"id3 ", &[9; 5]);
    for (w, what) in [
        (
            wav::encode(&blocks, &WavOptions::default()).unwrap(),
            "8-bit",
        ),
        (
            wav::encode(&blocks, &opts(44100, SampleFormat::S16)).unwrap(),
            "16-bit",
        ),
    ] {
        let plain = wav::parse_wav(&w).unwrap();
        let cases = [
            ("odd LIST before data", with_chunks(&w, &[], &[&list], &[])),
            (
                "odd chunk between fmt and data, and after data",
                with_chunks(&w, &[], &[&unknown], &[&tail]),
            ),
            (
                "odd chunks before fmt",
                with_chunks(&w, &[&junk, &list], &[], &[]),
            ),
            (
                "everywhere, a 6-byte fact among them",
                with_chunks(&w, &[&junk], &[&fact, &list, &unknown], &[&list, &tail]),
            ),
        ];
        for (case, x) in &cases {
            let what = format!("{what}, {case}");
            assert_reads_back(x, &blocks, &what);
            let read = wav::parse_wav(x).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(read.format, plain.format, "{what}");
            assert!(read.samples == plain.samples, "{what}: other samples");
        }
    }
    // An odd-length 8-bit data chunk, its pad byte, then a LIST chunk: the pad is not a sample.
    let w = wav::encode(&blocks, &WavOptions::default()).unwrap();
    let w = if (w.len() - 44) % 2 == 1 {
        w
    } else {
        let mut cut = w[..w.len() - 1].to_vec();
        let len = (cut.len() - 44) as u32;
        cut[40..44].copy_from_slice(&len.to_le_bytes());
        cut
    };
    let x = with_chunks(&w, &[&list], &[&list], &[&list]);
    assert_eq!(x[x.len() - list.len() - 1], 0, "data's pad byte");
    assert_eq!(
        wav::parse_wav(&x).unwrap().samples,
        wav::parse_wav(&w).unwrap().samples
    );
    assert_reads_back(&x, &blocks, "odd data chunk with its pad byte before LIST");
}

#[test]
fn appending_to_a_recording_with_other_chunks_drops_them_and_keeps_the_samples() {
    let blocks = tape_blocks(60);
    let more = file_blocks(&Namefile::data_file("MORE"), b"1\r2\r");
    let segments = spacemono_core::tape::tapefile::layout(&more, LayoutOptions::default());
    let (list, unknown, junk, _) = extra_chunks();
    for format in [SampleFormat::U8, SampleFormat::S16] {
        let w = wav::encode(&blocks, &opts(22050, format)).unwrap();
        let plain = spacemono_core::tape::append_to_wav(&w, &segments).unwrap();
        let mut all = blocks.clone();
        all.extend(more.iter().cloned());
        assert_reads_back(&plain, &all, "appended to the plain file");
        for (case, x) in [
            ("odd LIST before data", with_chunks(&w, &[], &[&list], &[])),
            (
                "odd chunks between and after",
                with_chunks(&w, &[], &[&unknown], &[&list]),
            ),
            (
                "odd chunks before fmt",
                with_chunks(&w, &[&junk, &list], &[], &[]),
            ),
        ] {
            let what = format!("{format:?}, {case}");
            let appended = spacemono_core::tape::append_to_wav(&x, &segments)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            // The other chunks are not kept: the result is what appending to the plain file
            // gives, byte for byte (hound's 44-byte header, the old samples, the new block).
            assert!(appended == plain, "{what}: not the plain file's append");
            assert_reads_back(&appended, &all, &what);
        }
    }
}

#[test]
fn an_odd_chunk_without_its_pad_byte_at_the_end_is_an_error_or_a_recording() {
    let blocks = tape_blocks(20);
    let (list, unknown, ..) = extra_chunks();
    let w = wav::encode(&blocks, &WavOptions::default()).unwrap();
    let no_pad = |c: &[u8]| c[..c.len() - 1].to_vec();
    // The last chunk is odd-sized and the file ends without its pad byte: nothing is missing
    // but the pad, and the recording reads.
    let mut x = with_chunks(&w, &[], &[&list], &[&unknown]);
    x.pop();
    assert_reads_back(&x, &blocks, "odd chunk after data, no pad byte");
    let mut odd_data = w[..w.len() - 1].to_vec();
    if (odd_data.len() - 44).is_multiple_of(2) {
        odd_data.pop();
    }
    let len = (odd_data.len() - 44) as u32;
    odd_data[40..44].copy_from_slice(&len.to_le_bytes());
    let y = with_chunks(&odd_data, &[], &[&list], &[]);
    assert_reads_back(&y, &blocks, "odd data chunk last, no pad byte");
    // No data chunk at all after an odd chunk without its pad: an error.
    let mut z = w[..36].to_vec();
    z.extend_from_slice(&no_pad(&list));
    assert!(wav::parse_wav(&z).is_err());
    // A writer that left out the pad byte before the data chunk; and every file above cut at
    // every length near its chunk boundaries: an error or a recording, never a panic.
    let mut forgot = w[..36].to_vec();
    forgot.extend_from_slice(&no_pad(&list));
    forgot.extend_from_slice(&w[36..]);
    // This one reads: the walk, one byte off after the LIST chunk, finds no data chunk, and
    // hound, which never skips a pad byte, is given the file as it is.
    assert_reads_back(
        &forgot,
        &blocks,
        "no pad byte after an odd LIST before data",
    );
    let segments =
        spacemono_core::tape::tapefile::layout(&[Block::eof()], LayoutOptions::default());
    for f in [&x, &y, &z, &forgot] {
        let ends = (0..f.len().min(160)).chain(f.len().saturating_sub(40)..=f.len());
        for n in ends {
            let read = wav::parse_wav(&f[..n]);
            let appended = spacemono_core::tape::append_to_wav(&f[..n], &segments);
            // (An empty file is appended to as a new recording.)
            if n > 0 {
                assert_eq!(read.is_ok(), appended.is_ok(), "cut at {n}");
            }
            let _ = wav::read_blocks(&f[..n]);
        }
    }
}

#[test]
fn a_dropout_flags_its_block_and_the_rest_still_read() {
    let blocks = tape_blocks(800);
    let w = wav::encode(&blocks, &opts(22050, SampleFormat::U8)).unwrap();
    let clean = wav::read_blocks(&w).unwrap();
    // Silence 4 ms inside the second data block of the CSAVE (back to back with its neighbours).
    let (bits, _) = wav::decode(&w).unwrap();
    assert!(bits.len_bits > 0);
    let mut s = samples_of(&w);
    // Find it by time: the block's sync bit offset is in decoded cycles, so locate by scanning
    // for the n-th long silence instead: gap 1 = before namefile, gap 2 = before data.
    let mut silent_runs = Vec::new();
    let mut run = 0;
    for (i, v) in s.iter().enumerate() {
        if v.abs() < 1e-9 {
            run += 1
        } else {
            if run > 5000 {
                silent_runs.push(i)
            }
            run = 0
        }
    }
    let data_start = silent_runs[1]; // end of the second gap: the data leader starts
    let leader_samples =
        (128.0 * 4.0 * (BIT0_CPU_CYCLES + BIT1_CPU_CYCLES) / CPU_HZ * 22050.0) as usize;
    let per_block = (260.0 * 8.0 * 624.0 / CPU_HZ * 22050.0) as usize; // ~average cycle
    let at = data_start + leader_samples + per_block + per_block / 2;
    for v in &mut s[at..at + 88] {
        *v = 0.0;
    }
    let read = wav::read_blocks(&wav::wav_bytes(&s, 22050, SampleFormat::U8).unwrap()).unwrap();
    let bad: Vec<usize> = read
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.checksum_ok)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(bad, vec![2], "only the second data block is damaged");
    assert_eq!(read.len(), clean.len(), "no block is lost or invented");
    let f = group_files(&read);
    assert!(!f[0].checksum_ok && f[0].eof.is_some());
    assert!(f[1].checksum_ok);
}

#[test]
fn wav_errors() {
    assert_eq!(wav::read_blocks(&[]).unwrap_err(), TapeError::Empty);
    assert_eq!(
        wav::read_blocks(b"RIF").unwrap_err(),
        TapeError::Truncated("RIFF header is incomplete")
    );
    assert_eq!(
        wav::read_blocks(b"hello, this is text").unwrap_err(),
        TapeError::NotRiffWave
    );
    assert_eq!(
        wav::read_blocks(b"RIFF\0\0\0\0AVI LIST").unwrap_err(),
        TapeError::NotRiffWave
    );
    assert!(matches!(
        wav::read_blocks(b"RIFX\0\0\0\0WAVE").unwrap_err(),
        TapeError::UnsupportedWav(_)
    ));

    let good = wav::encode(&[Block::eof()], &WavOptions::default()).unwrap();
    let with = |at: usize, bytes: &[u8]| {
        let mut w = good.clone();
        w[at..at + bytes.len()].copy_from_slice(bytes);
        wav::read_blocks(&w).unwrap_err()
    };
    let unsupported = |e: TapeError, word: &str| match e {
        TapeError::UnsupportedWav(s) => assert!(s.contains(word), "{s:?} lacks {word:?}"),
        other => panic!("expected UnsupportedWav({word}), got {other:?}"),
    };
    // Each field as the only change (hound refuses the disagreeing block size and byte rate
    // first; the reader names the field instead).
    unsupported(with(20, &[3, 0]), "float");
    unsupported(with(20, &[2, 0]), "compressed format 2");
    unsupported(with(20, &[6, 0]), "A-law/mu-law");
    unsupported(with(22, &[3, 0]), "3 channels");
    unsupported(with(22, &[0, 0]), "0 channels");
    unsupported(with(34, &[24, 0]), "24-bit");
    unsupported(with(24, &4000u32.to_le_bytes()), "4000 Hz");
    unsupported(with(24, &192000u32.to_le_bytes()), "192000 Hz");
    // Consistent headers that hound reads, refused by what they hold.
    let header = |tag: u16, channels: u16, rate: u32, bits: u16| {
        let align = channels * bits / 8;
        let mut w = good.clone();
        w[20..22].copy_from_slice(&tag.to_le_bytes());
        w[22..24].copy_from_slice(&channels.to_le_bytes());
        w[24..28].copy_from_slice(&rate.to_le_bytes());
        w[28..32].copy_from_slice(&(rate * align as u32).to_le_bytes());
        w[32..34].copy_from_slice(&align.to_le_bytes());
        w[34..36].copy_from_slice(&bits.to_le_bytes());
        let data = (good.len() - 44) as u32 / align as u32 * align as u32;
        w[40..44].copy_from_slice(&data.to_le_bytes());
        wav::read_blocks(&w).unwrap_err()
    };
    unsupported(header(3, 1, 22050, 32), "float");
    unsupported(header(1, 3, 22050, 8), "3 channels");
    unsupported(header(1, 1, 22050, 24), "24-bit");
    unsupported(header(1, 1, 4000, 8), "4000 Hz");
    // 8-bit samples in 16-bit slots.
    let mut slots = good.clone();
    slots[28..32].copy_from_slice(&44100u32.to_le_bytes());
    slots[32..34].copy_from_slice(&2u16.to_le_bytes());
    slots[40..44].copy_from_slice(&(((good.len() - 44) / 2 * 2) as u32).to_le_bytes());
    unsupported(wav::read_blocks(&slots).unwrap_err(), "wider slots");

    // fmt chunk shorter than 16 bytes; fmt chunk running off the end.
    assert_eq!(
        with(16, &8u32.to_le_bytes()),
        TapeError::Truncated("fmt chunk is shorter than 16 bytes")
    );
    assert!(matches!(
        wav::read_blocks(&good[..30]).unwrap_err(),
        TapeError::Truncated(_)
    ));
    // No data chunk; no fmt chunk.
    let no_data = wav::read_blocks(&good[..36]).unwrap_err();
    assert_eq!(
        no_data,
        TapeError::Truncated("no data chunk before the file ends")
    );
    assert_eq!(
        no_data.to_string(),
        "truncated file (no data chunk before the file ends)"
    );
    assert_eq!(
        with(12, b"junk").to_string(),
        TapeError::MissingChunk("fmt ").to_string()
    );
    // A fmt chunk of a length hound does not read: its reason.
    let mut long_fmt = good[..16].to_vec();
    long_fmt.extend_from_slice(&20u32.to_le_bytes());
    long_fmt.extend_from_slice(&good[20..36]);
    long_fmt.extend_from_slice(&[0; 4]);
    long_fmt.extend_from_slice(&good[36..]);
    let e = wav::read_blocks(&long_fmt).unwrap_err();
    assert!(matches!(e, TapeError::BadWav(_)), "{e:?}");
    assert!(e.to_string().starts_with("malformed WAV header: "), "{e}");
    // Silence and an empty data chunk have no blocks.
    let silence = wav::wav_bytes(&vec![0.0; 22050], 22050, SampleFormat::U8).unwrap();
    assert_eq!(wav::read_blocks(&silence).unwrap_err(), TapeError::NoBlocks);
    assert_eq!(
        wav::read_blocks(&good[..44]).unwrap_err(),
        TapeError::NoBlocks
    );
    // Oversized input.
    let mut big = good.clone();
    big.resize(spacemono_core::tape::error::MAX_INPUT_BYTES + 1, 128);
    assert!(matches!(
        wav::read_blocks(&big).unwrap_err(),
        TapeError::TooLarge { .. }
    ));
    // Writing at an unsupported rate.
    unsupported(
        wav::encode(&[Block::eof()], &opts(1000, SampleFormat::U8)).unwrap_err(),
        "1000 Hz",
    );
}
