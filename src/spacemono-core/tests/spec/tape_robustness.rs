//! Random and mutated inputs: the readers return blocks or an error, never panic, and finish
//! quickly. (A cargo-fuzz-free fuzz test: seeded, so a failure reproduces.)

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spacemono_core::tape::tapefile::file_blocks;
use spacemono_core::tape::wav::{self, SampleFormat, WavOptions};
use spacemono_core::tape::{ascii, cas, group_files, Namefile, TapeError};

/// Runs every reader on `bytes`, checks the answers hang together, and returns the time taken.
fn feed(bytes: &[u8]) -> Duration {
    let t = Instant::now();
    match cas::read_blocks(bytes) {
        Ok(blocks) => {
            assert!(!blocks.is_empty());
            for b in &blocks {
                assert!(b.block.data.len() <= 255);
                if b.checksum_ok {
                    assert_eq!(b.block.checksum(), b.stored_checksum);
                    assert!(!b.truncated);
                }
            }
            let files = group_files(&blocks);
            for f in &files {
                let _ = f.payload();
                let _ = ascii::lines_from_tape_file(f);
                assert_eq!(f.checksum_ok, f.all_blocks().all(|b| b.checksum_ok));
            }
        }
        Err(e) => assert!(
            matches!(
                e,
                TapeError::Empty | TapeError::NoBlocks | TapeError::TooLarge { .. }
            ),
            "{e}"
        ),
    }
    if let Ok(files) = wav::read_files(bytes) {
        for f in &files {
            let _ = f.payload();
        }
    }
    let _ = ascii::parse_listing(bytes);
    let _ = Namefile::decode(bytes);
    t.elapsed()
}

fn sample_tape() -> Vec<spacemono_core::tape::Block> {
    let mut rng = StdRng::seed_from_u64(3);
    let prog: Vec<u8> = (0..600).map(|_| rng.gen()).collect();
    let mut b = file_blocks(&Namefile::csave("ROBUST"), &prog);
    b.extend(ascii::lines_to_blocks("TEXT", &[b"10 PRINT 1".to_vec()]));
    b
}

const SLOW: Duration = Duration::from_secs(3);

#[test]
fn random_bytes_never_panic() {
    let mut rng = StdRng::seed_from_u64(0xDA6);
    for i in 0..400 {
        let len = if i % 10 == 0 {
            rng.gen_range(0..200_000)
        } else {
            rng.gen_range(0..2000)
        };
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
        if i % 3 == 0 && bytes.len() >= 12 {
            // Make it look like a WAV so the RIFF parser gets exercised past the magic.
            bytes[..4].copy_from_slice(b"RIFF");
            bytes[8..12].copy_from_slice(b"WAVE");
            if i % 2 == 0 && bytes.len() >= 36 {
                bytes[12..16].copy_from_slice(b"fmt ");
            }
        }
        assert!(feed(&bytes) < SLOW, "input {i} too slow");
    }
}

#[test]
fn pathological_streams_finish_quickly() {
    for bytes in [
        vec![0x3C; 300_000],
        vec![0x55; 300_000],
        [0x55, 0x3C].repeat(150_000),
        [0x55, 0x55, 0x3C, 0xFF].repeat(100_000),
        [0x55, 0x55, 0x3C, 0x01, 0xFF].repeat(60_000),
        vec![0xFF; 300_000],
    ] {
        assert!(feed(&bytes) < SLOW * 2);
    }
}

fn mutate(rng: &mut StdRng, good: &[u8], header_bias: bool) -> Vec<u8> {
    let mut b = good.to_vec();
    for _ in 0..rng.gen_range(1..8) {
        if b.is_empty() {
            break;
        }
        let at = if header_bias && rng.gen_bool(0.7) {
            rng.gen_range(0..b.len().min(48))
        } else {
            rng.gen_range(0..b.len())
        };
        match rng.gen_range(0..6) {
            0 => b[at] ^= 1 << rng.gen_range(0..8),
            1 => b[at] = rng.gen(),
            2 => b.truncate(at),
            3 => {
                let n = rng.gen_range(1..64);
                b.splice(at..at, (0..n).map(|_| rng.gen::<u8>()));
            }
            4 => {
                let end = (at + rng.gen_range(1..64)).min(b.len());
                b.drain(at..end);
            }
            _ => {
                let v = [0u8, 0xFF, 1, 2, 0x80][rng.gen_range(0..5)];
                let end = (at + 4).min(b.len());
                b[at..end].iter_mut().for_each(|x| *x = v);
            }
        }
    }
    b
}

#[test]
fn mutated_cas_images_never_panic() {
    let good = cas::write(&sample_tape()).unwrap();
    let mut rng = StdRng::seed_from_u64(11);
    for i in 0..400 {
        let b = mutate(&mut rng, &good, false);
        assert!(feed(&b) < SLOW, "mutation {i} too slow");
    }
}

#[test]
fn mutated_wav_files_never_panic() {
    let mut rng = StdRng::seed_from_u64(12);
    let blocks = sample_tape();
    let goods = [
        wav::encode(
            &blocks[..3],
            &WavOptions {
                sample_rate: 8000,
                ..WavOptions::default()
            },
        )
        .unwrap(),
        wav::encode(
            &blocks[..3],
            &WavOptions {
                sample_rate: 11025,
                format: SampleFormat::S16,
                ..WavOptions::default()
            },
        )
        .unwrap(),
    ];
    for i in 0..120 {
        let good = &goods[i % 2];
        let b = mutate(&mut rng, good, true);
        assert!(feed(&b) < SLOW, "mutation {i} too slow");
    }
}

#[test]
fn random_wav_headers_never_panic() {
    let mut rng = StdRng::seed_from_u64(13);
    for _ in 0..300 {
        let mut w = Vec::new();
        w.extend_from_slice(b"RIFF");
        w.extend_from_slice(&rng.gen::<u32>().to_le_bytes());
        w.extend_from_slice(b"WAVEfmt ");
        let fmt_len: u32 = [16, 18, 40, rng.gen_range(0..64), u32::MAX][rng.gen_range(0..5)];
        w.extend_from_slice(&fmt_len.to_le_bytes());
        w.extend_from_slice(&[1u16, 0xFFFE, rng.gen()][rng.gen_range(0..3)].to_le_bytes());
        w.extend_from_slice(&[1u16, 2, 0, rng.gen()][rng.gen_range(0..4)].to_le_bytes());
        w.extend_from_slice(
            &[8000u32, 44100, 96000, 0, rng.gen()][rng.gen_range(0..5)].to_le_bytes(),
        );
        w.extend_from_slice(&rng.gen::<u32>().to_le_bytes());
        w.extend_from_slice(&rng.gen::<u16>().to_le_bytes());
        w.extend_from_slice(&[8u16, 16, 0, rng.gen()][rng.gen_range(0..4)].to_le_bytes());
        let extra = rng.gen_range(0..40);
        w.extend((0..extra).map(|_| rng.gen::<u8>()));
        w.extend_from_slice(b"data");
        w.extend_from_slice(&[rng.gen::<u32>(), 0, 1, 3][rng.gen_range(0..4)].to_le_bytes());
        let n = rng.gen_range(0..5000);
        w.extend((0..n).map(|_| rng.gen::<u8>()));
        assert!(feed(&w) < SLOW);
    }
}

/// Headers aimed at hound, the .wav container reader: lengths of 4 GiB, fields of 0 and
/// 0xFFFF, extensible formats with odd sample sizes and subformats, chunks out of order. Each
/// is read (and appended to) without a panic or a large allocation, quickly.
#[test]
fn hostile_headers_for_hound_are_errors_not_panics() {
    fn riff(chunks: &[(&[u8; 4], u32, Vec<u8>)]) -> Vec<u8> {
        let mut body = b"WAVE".to_vec();
        for (id, len, data) in chunks {
            body.extend_from_slice(*id);
            body.extend_from_slice(&len.to_le_bytes());
            body.extend_from_slice(data);
        }
        let mut w = b"RIFF".to_vec();
        w.extend_from_slice(&(body.len() as u32).to_le_bytes());
        w.extend_from_slice(&body);
        w
    }
    let fmt = |tag: u16, channels: u16, rate: u32, byte_rate: u32, align: u16, bits: u16| {
        let mut f = Vec::new();
        for v in [tag, channels] {
            f.extend_from_slice(&v.to_le_bytes());
        }
        f.extend_from_slice(&rate.to_le_bytes());
        f.extend_from_slice(&byte_rate.to_le_bytes());
        f.extend_from_slice(&align.to_le_bytes());
        f.extend_from_slice(&bits.to_le_bytes());
        f
    };
    let extensible = |valid_bits: u16, guid: [u8; 16]| {
        let mut f = fmt(0xFFFE, 1, 22050, 44100, 2, 16);
        f.extend_from_slice(&22u16.to_le_bytes());
        f.extend_from_slice(&valid_bits.to_le_bytes());
        f.extend_from_slice(&4u32.to_le_bytes());
        f.extend_from_slice(&guid);
        f
    };
    let pcm_guid = [
        1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71,
    ];
    let float_guid = {
        let mut g = pcm_guid;
        g[0] = 3;
        g
    };
    let pcm16 = fmt(1, 1, 22050, 44100, 2, 16);
    let noise: Vec<u8> = (0..4000u32).map(|i| (i * 37 % 251) as u8).collect();
    let cases: Vec<Vec<u8>> = vec![
        riff(&[
            (b"JUNK", u32::MAX, vec![0; 8]),
            (b"fmt ", 16, pcm16.clone()),
        ]),
        riff(&[(b"fmt ", u32::MAX, pcm16.clone()), (b"data", 4, vec![0; 4])]),
        riff(&[
            (b"fmt ", 16, pcm16.clone()),
            (b"data", u32::MAX, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 16, fmt(1, 2, 44100, 176400, 4, 16)),
            (b"data", u32::MAX - 1, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 16, fmt(1, 2, 22050, 0, 0, 16)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 16, fmt(1, 1, 22050, 0, 1, 0)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 16, fmt(1, 0xFFFF, 22050, u32::MAX, 0xFFFF, 16)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 16, fmt(1, 1, 0, 0, 2, 16)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 16, fmt(1, 1, u32::MAX, u32::MAX, 1, 8)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 40, extensible(0, pcm_guid)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 40, extensible(7, pcm_guid)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 40, extensible(100, pcm_guid)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 40, extensible(16, float_guid)),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 40, extensible(16, [0xEE; 16])),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 16, pcm16.clone()),
            (b"fact", u32::MAX, vec![0; 4]),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[
            (b"fmt ", 16, fmt(3, 1, 22050, 88200, 4, 32)),
            (b"fmt ", 16, pcm16.clone()),
            (b"data", 4000, noise.clone()),
        ]),
        riff(&[(b"data", 4000, noise.clone()), (b"fmt ", 16, pcm16.clone())]),
        riff(&[(b"fmt ", 16, pcm16.clone()), (b"data", 0, vec![])]),
    ];
    let segments = spacemono_core::tape::tapefile::layout(
        &[spacemono_core::tape::Block::eof()],
        Default::default(),
    );
    for (i, w) in cases.iter().enumerate() {
        let t = Instant::now();
        let read = wav::parse_wav(w);
        let appended = spacemono_core::tape::append_to_wav(w, &segments);
        assert_eq!(read.is_ok(), appended.is_ok(), "case {i}: {read:?}");
        if let Err(e) = &read {
            assert!(!e.to_string().is_empty());
        }
        assert!(t.elapsed() < SLOW, "case {i} too slow");
    }
}
