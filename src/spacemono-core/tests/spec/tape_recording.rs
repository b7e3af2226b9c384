//! A tape is played as its recording (docs/machine.md §12.4.1): a .wav's samples through the
//! comparator, a .cas's bytes as they are, so a loader that reads its own format after a
//! standard CLOADM part hears it; BASIC's block reads and the signal keep one position.
//! The loaders are `tests/mc6809/tape_turbo.asm` and `tape_raw.asm` (lwasm, committed with
//! their bytes); the .wav is synthesised here.

use crate::common::{machine, typed};
use spacemono_core::tape::{
    block::LEADER,
    cas,
    tapefile::{self, layout, LayoutOptions, Segment},
    wav::{self, SampleFormat},
    Block, Namefile, TapeKind,
};
use spacemono_core::{EndReason, Machine};

const TAPE_TURBO: &[u8] = include_bytes!("../mc6809/tape_turbo.bin");
const TAPE_RAW: &[u8] = include_bytes!("../mc6809/tape_raw.bin");
const TAPE_BITS: &[u8] = include_bytes!("../mc6809/tape_bits.bin");

/// A sound made of whole wave cycles (CPU cycles each, a sine starting up from the midpoint,
/// as the Dragon writes them) and silences.
#[derive(Default)]
struct Sound {
    /// (CPU cycles, silent)
    parts: Vec<(f64, bool)>,
}

impl Sound {
    fn bits(&mut self, bytes: &[u8], one: f64, zero: f64) {
        for b in bytes {
            for i in 0..8 {
                self.parts
                    .push((if b >> i & 1 != 0 { one } else { zero }, false));
            }
        }
    }

    /// Bytes at the Dragon's timing: 435 CPU cycles a 1, 813 a 0.
    fn standard(&mut self, bytes: &[u8]) {
        self.bits(bytes, 435.0, 813.0);
    }

    fn silence(&mut self, seconds: f64) {
        self.parts.push((seconds * 888_625.0, true));
    }

    /// Blocks laid out as the Dragon writes them (motor gaps, leaders).
    fn blocks(&mut self, blocks: &[Block]) {
        for s in layout(blocks, LayoutOptions::default()) {
            match s {
                Segment::Silence { ms } => self.silence(ms as f64 / 1000.0),
                Segment::Leader { bytes } => self.standard(&vec![LEADER; bytes]),
                Segment::Block(b) => {
                    self.standard(&[LEADER]);
                    self.standard(&b.to_bytes().unwrap());
                }
            }
        }
    }

    /// A 16-bit mono .wav at `rate`, at 70% of full scale.
    fn wav(&self, rate: u32) -> Vec<u8> {
        let mut samples = Vec::new();
        let mut t = 0.0f64;
        let mut n = 0u64;
        for &(cycles, silent) in &self.parts {
            let len = cycles / 888_625.0;
            while (n as f64) / (rate as f64) < t + len {
                let phase = ((n as f64) / (rate as f64) - t) / len;
                samples.push(if silent {
                    0.0
                } else {
                    0.7 * (std::f64::consts::TAU * phase).sin()
                });
                n += 1;
            }
            t += len;
        }
        wav::wav_bytes(&samples, rate, SampleFormat::S16).unwrap()
    }
}

/// A machine-code file `name` holding `code`, loaded and run at $3000.
fn code_file(name: &str, code: &[u8]) -> Vec<Block> {
    tapefile::file_blocks(&Namefile::csavem(name, 0x3000, 0x3000), code)
}

/// What the loader stored at $3200 on: to the end it left at $3100.
fn loaded(m: &mut Machine) -> Vec<u8> {
    let end = m.peek16(0x3100);
    (0x3200..end).map(|a| m.peek(a)).collect()
}

/// Types `text` and runs at most `fields`: what was printed, and whether it got back to OK
/// (a loader waiting for a signal that never comes does not).
fn run(m: &mut Machine, text: &str, fields: u64) -> (String, bool) {
    let start = m.transcript_len();
    m.type_text(format!("{text}\r").as_bytes());
    let done = m.run_until_done(Some(fields)) == EndReason::BackAtPrompt;
    let t: String = m.transcript().unwrap().chars().skip(start).collect();
    (t, done)
}

/// The payload of the loaders' own formats.
fn payload() -> Vec<u8> {
    (0..200u32).map(|i| (i * 37 + 11) as u8).collect()
}

#[test]
fn a_turbo_loader_reads_its_own_faster_format_from_a_wav_after_cloadm() {
    let mut s = Sound::default();
    s.blocks(&code_file("TURBO", TAPE_TURBO));
    // Its own format, right after the file: half-length cycles, a leader, $3C, length, data.
    s.silence(0.2);
    let mut own = vec![LEADER; 80];
    own.push(0x3C);
    own.push(payload().len() as u8);
    own.extend(payload());
    // A byte after, as the Dragon's blocks end with a $55: the last bit's cycle ends with an
    // edge the loader can time.
    own.push(LEADER);
    s.bits(&own, 218.0, 406.0);
    s.silence(0.5);
    let mut m = machine();
    m.insert_tape_image(TapeKind::Wav, "turbo.wav", &s.wav(44_100))
        .unwrap();
    let out = typed(&mut m, "CLOADM\"TURBO\"");
    assert!(!out.contains("ERROR"), "{out}");
    let (out, done) = run(&mut m, "EXEC", 3000);
    assert!(done && !out.contains("ERROR"), "{out}");
    assert_eq!(loaded(&mut m), payload(), "{out}");
    assert_eq!(m.peek(0xFF21) & 0x08, 0, "the loader turned the motor off");
}

#[test]
fn a_loader_reads_a_cas_files_bytes_after_its_standard_blocks() {
    let mut tape = cas::write(&code_file("RAW", TAPE_RAW)).unwrap();
    // Bytes in no block layout: a leader, a marker, a length, the bytes, no checksum.
    tape.extend([LEADER; 128]);
    tape.push(0xA5);
    tape.push(payload().len() as u8);
    tape.extend(payload());
    tape.extend([0x12, 0x34]);
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "raw.cas", &tape)
        .unwrap();
    let out = typed(&mut m, "CLOADM\"RAW\"");
    assert!(!out.contains("ERROR"), "{out}");
    let (out, done) = run(&mut m, "EXEC", 3000);
    assert!(done && !out.contains("ERROR"), "{out}");
    assert_eq!(loaded(&mut m), payload(), "{out}");
}

/// Two BASIC programs on a tape, as CSAVE writes them.
fn two_programs() -> Vec<Block> {
    let mut blocks = Vec::new();
    for (name, line) in [
        ("ONE", "10 PRINT\"FIRST\"\n"),
        ("TWO", "10 PRINT\"SECOND\"\n"),
    ] {
        let nf = Namefile::csave_ascii(name);
        blocks.extend(tapefile::file_blocks(&nf, line.as_bytes()));
    }
    blocks
}

/// [`two_programs`] as a tape image of `kind`: a 22 kHz recording with half a second of
/// silence after it, or a .cas.
fn two_programs_tape(kind: TapeKind) -> Vec<u8> {
    match kind {
        TapeKind::Wav => {
            let mut s = Sound::default();
            s.blocks(&two_programs());
            s.silence(0.5);
            s.wav(22_050)
        }
        _ => cas::write(&two_programs()).unwrap(),
    }
}

/// The bit-timing loader (`tests/mc6809/tape_bits.asm`) at $3000.
fn load_tape_bits(m: &mut Machine) {
    for (i, b) in TAPE_BITS.iter().enumerate() {
        m.poke(0x3000 + i as u16, *b);
    }
}

#[test]
fn after_code_reads_a_wavs_blocks_cload_goes_on_from_the_next_one() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Wav, "two.wav", &two_programs_tape(TapeKind::Wav))
        .unwrap();
    load_tape_bits(&mut m);
    // The loader reads the first program's three blocks from the signal.
    for _ in 0..3 {
        let (out, done) = run(&mut m, "EXEC &H3000", 3000);
        assert!(done && !out.contains("ERROR"), "{out}");
    }
    assert_eq!(m.tape_counter().map(|(at, _)| at), Some(3));
    let out = typed(&mut m, "CLOAD\nRUN");
    assert!(out.ends_with("SECOND\nOK\n"), "{out}");
}

#[test]
fn cload_of_a_wav_and_a_cas_is_unchanged_and_after_it_the_signal_goes_on() {
    for kind in [TapeKind::Wav, TapeKind::Cas] {
        let image = two_programs_tape(kind);
        let mut m = machine();
        m.insert_tape_image(kind, "two", &image).unwrap();
        let out = typed(&mut m, "CLOAD\nRUN");
        assert!(out.ends_with("FIRST\nOK\n"), "{kind:?}: {out}");
        // The head is where CLOAD left it: a loader timing the signal reads the next file's
        // namefile.
        load_tape_bits(&mut m);
        let (out, done) = run(&mut m, "EXEC &H3000", 3000);
        assert!(done && !out.contains("ERROR"), "{out}");
        let got = loaded(&mut m);
        assert_eq!(&got[..2], [0, 15], "{kind:?}");
        assert_eq!(&got[2..10], b"TWO     ", "{kind:?}");
        let out = typed(&mut m, "CLOAD\nRUN");
        assert!(
            out.contains("?IO ERROR"),
            "{kind:?}: its data block is no namefile: {out}"
        );
    }
}

#[test]
fn a_motor_run_into_a_files_leader_leaves_cload_that_file() {
    for (kind, iterations) in [(TapeKind::Wav, 770), (TapeKind::Cas, 320)] {
        let image = two_programs_tape(kind);
        let mut m = machine();
        m.insert_tape_image(kind, "two", &image).unwrap();
        let out = typed(&mut m, "CLOAD");
        assert!(out.ends_with("OK\n"), "{out}");
        // The motor on for a while from BASIC: the tape runs on past the first file's end
        // into the middle of the second's leader (after its motor gap on the .wav), not past
        // its namefile's sync.
        let out = typed(
            &mut m,
            &format!("POKE 65313,PEEK(65313) OR 8:FOR I=1 TO {iterations}:NEXT:POKE 65313,PEEK(65313) AND 247"),
        );
        assert!(out.ends_with("OK\n"), "{out}");
        assert_eq!(m.tape_counter().map(|(at, _)| at), Some(3), "{kind:?}");
        // Where the second file's namefile sync is: its leader (and gap) laid out after the
        // first file.
        let mut first = Sound::default();
        first.blocks(&two_programs()[..3]);
        let before_leader: f64 = first
            .parts
            .iter()
            .filter(|(_, silent)| kind == TapeKind::Wav || !silent)
            .map(|(c, _)| c)
            .sum::<f64>()
            + if kind == TapeKind::Wav {
                0.5 * 888_625.0
            } else {
                0.0
            };
        let leader = 129.0 * 4992.0;
        let head = m.tape().head() as f64;
        assert!(
            head > before_leader + 0.1 * leader && head < before_leader + 0.9 * leader,
            "{kind:?}: the head at {head}, the leader from {before_leader}"
        );
        let out = typed(&mut m, "CLOAD\nRUN");
        assert!(out.ends_with("SECOND\nOK\n"), "{kind:?}: {out}");
    }
}

#[test]
fn a_snapshot_after_a_loader_moved_the_tape_comes_back_with_the_head_where_it_was() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Wav, "two.wav", &two_programs_tape(TapeKind::Wav))
        .unwrap();
    load_tape_bits(&mut m);
    let (out, done) = run(&mut m, "EXEC &H3000", 3000);
    assert!(done && !out.contains("ERROR"), "{out}");
    let head = m.tape().head();
    assert!(head > 0);
    // The snapshot replays the tape's insertion and what was done since: the same recording,
    // the head moved by the same cycles.
    let mut again = Machine::from_snapshot(&m.snapshot().unwrap()).unwrap();
    assert_eq!(again.tape().head(), head);
    assert_eq!(again.tape_counter(), m.tape_counter());
    again.restart_transcript();
    let out = typed(&mut again, "EXEC &H3000");
    assert!(!out.contains("ERROR"), "{out}");
    assert_eq!(
        loaded(&mut again)[..2],
        [1, 16],
        "the first file's data block"
    );
}
