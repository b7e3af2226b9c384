//! PLAY's music language (src/spacemono-core/src/basic/play.rs) against the Dragon 32 ROM
//! (prime6809/DragonRom `DragonROM.asm`, CmdPlay LADBD .. LAFF5, tables after `SoundINT`).
//!
//! Expected values are worked out here from the ROM listing, not taken from the code:
//!
//! * Periods. The tone loops are cycle-counted as SOUND's was (its `LBAB3` loop gives
//!   4·(23 + 5·(256−t)) + 8 = 20·(261−t)):
//!   - O1/O2, `LAEE4`: four calls of BSR 7 + (LDA #$7E 2 + NOP 2 | LDA <SndVolume 4) +
//!     STA PIA1DA 5 + LDX ,Y 5 + N × (LEAX -1,X 5 + BNE 3) + RTS 5, then BRA 3:
//!     4·(26 + 8N) + 3 = 107 + 32N, N from `Octave1DelayTab`/`Octave2DelayTab` (FDB).
//!   - O3-O5, `LAF0D`: four calls of BSR 7 + 4 + STA 5 + LDA ,X 4 + N × (DECA 2 + BNE 3)
//!     + RTS 5, then BRA 3: 4·(25 + 5N) + 3 = 103 + 20N, N from `Octave3DelayTab` (FCB).
//! * Durations. `LAEC6`: decrement = SndTempo × SndNoteLen (MUL); `LAF27`: timer = $FF, or
//!   (dots+2)·255/2 with dots; `SoundINT` subtracts each field and stops at ≤ 0 (SUBD, BHI):
//!   fields = ⌈timer / (T·L)⌉. P n: ⌈255 / (T·n)⌉ (`LAE6B` clears the dot scale).

use std::collections::HashMap;

use spacemono_core::basic::error::ErrorCode;
use spacemono_core::basic::graphics::DrawHost;
use spacemono_core::basic::play::{self, dp, PlayState};
use spacemono_core::machine::hardware::Event;
use spacemono_core::machine::memory::{addr, Memory};

/// The ROM's tables, copied from the listing (hex as printed there).
const O1: [u32; 12] = [
    0x01A8, 0x0190, 0x017A, 0x0164, 0x0150, 0x013D, 0x012B, 0x011A, 0x010A, 0x00FB, 0x00ED, 0x00DF,
];
const O2: [u32; 12] = [
    0x00D3, 0x00C7, 0x00BB, 0x00B1, 0x00A6, 0x009D, 0x0094, 0x008B, 0x0083, 0x007C, 0x0075, 0x006E,
];
const O3: [u32; 12] = [
    0xA6, 0x9C, 0x93, 0x8B, 0x83, 0x7B, 0x74, 0x6D, 0x67, 0x61, 0x5B, 0x56,
];
const O5: [u32; 12] = [
    0x26, 0x23, 0x21, 0x1F, 0x1D, 0x1B, 0x19, 0x18, 0x16, 0x14, 0x13, 0x12,
];

const SP: u16 = 0x7E00;

/// Variables as the interpreter would give them: numeric values already converted
/// (FPA0toB), strings by name with `$`.
#[derive(Default)]
struct Vars {
    nums: HashMap<String, Result<u8, ErrorCode>>,
    strs: HashMap<String, Vec<u8>>,
    /// Texts asked for, in order.
    asked: Vec<String>,
}

fn name_of(text: &[u8]) -> String {
    String::from_utf8_lossy(text).replace(' ', "")
}

impl DrawHost for Vars {
    fn numeric_var(&mut self, _mem: &mut Memory, text: &[u8]) -> Result<u8, ErrorCode> {
        let n = name_of(text);
        self.asked.push(n.clone());
        if n.ends_with('$') {
            return Err(ErrorCode::TM);
        }
        self.nums.get(&n).cloned().unwrap_or(Ok(0))
    }
    fn string_var(&mut self, _mem: &mut Memory, text: &[u8]) -> Result<Vec<u8>, ErrorCode> {
        let n = name_of(text);
        self.asked.push(n.clone());
        if !n.ends_with('$') {
            return Err(ErrorCode::TM);
        }
        Ok(self.strs.get(&n).cloned().unwrap_or_default())
    }
}

fn fresh() -> Memory {
    let mut m = Memory::new();
    play::init(&mut m);
    m
}

fn run(mem: &mut Memory, vars: &mut Vars, s: &str) -> (Result<u32, ErrorCode>, Vec<Event>) {
    let mut ev = Vec::new();
    let r = play::play(mem, s.as_bytes(), vars, SP, &mut ev, &mut Vec::new());
    (r, ev)
}

/// Play on a fresh machine; must succeed.
fn ok(s: &str) -> Vec<Event> {
    let mut m = fresh();
    let (r, ev) = run(&mut m, &mut Vars::default(), s);
    let total = r.unwrap_or_else(|e| panic!("PLAY {s:?}: {e:?}"));
    assert_eq!(total, play::event_fields(&ev), "{s:?}");
    ev
}

fn err(s: &str) -> ErrorCode {
    let mut m = fresh();
    run(&mut m, &mut Vars::default(), s).0.expect_err(s)
}

fn tone(e: &Event) -> (u32, u32, u8, u8) {
    match *e {
        Event::Tone {
            period_cycles,
            fields,
            high,
            low,
        } => (period_cycles, fields, high, low),
        ref other => panic!("not a tone: {other:?}"),
    }
}

fn periods(s: &str) -> Vec<u32> {
    ok(s).iter().map(|e| tone(e).0).collect()
}

fn fields(s: &str) -> Vec<u32> {
    ok(s)
        .iter()
        .map(|e| match *e {
            Event::Tone { fields, .. } | Event::Rest { fields } | Event::Sound { fields, .. } => {
                fields
            }
        })
        .collect()
}

#[test]
fn every_note_of_octave_2_has_the_rom_period() {
    // C C# D D# E F F# G G# A A# B, by letter.
    let got = periods("O2CC#DD#EFF#GG#AA#B");
    let want: Vec<u32> = O2.iter().map(|&n| 107 + 32 * n).collect();
    assert_eq!(got, want);
    // Spot values by hand: C = 107 + 32·211 = 6859, A = 107 + 32·124 = 4075 (≈ 219.6 Hz).
    assert_eq!(got[0], 6859);
    assert_eq!(got[9], 4075);
}

#[test]
fn the_extremes_o1_c_and_o5_b() {
    // O1 C: 107 + 32·$1A8 = 107 + 32·424 = 13675. O5 B: 103 + 20·$12 = 463.
    assert_eq!(periods("O1C"), vec![13675]);
    assert_eq!(periods("O5B"), vec![463]);
    assert_eq!(periods("O1CO5B"), vec![107 + 32 * O1[0], 103 + 20 * O5[11]]);
}

#[test]
fn all_sixty_notes_follow_the_tables_and_are_in_tune() {
    let mut s = String::new();
    for o in 1..=5 {
        s.push_str(&format!("O{o};"));
        for n in 1..=12 {
            s.push_str(&format!("{n};"));
        }
    }
    let got = periods(&s);
    assert_eq!(got.len(), 60);
    assert_eq!(&got[..12], &O1.map(|n| 107 + 32 * n)[..]);
    assert_eq!(&got[12..24], &O2.map(|n| 107 + 32 * n)[..]);
    assert_eq!(&got[24..36], &O3.map(|n| 103 + 20 * n)[..]);
    assert_eq!(&got[48..60], &O5.map(|n| 103 + 20 * n)[..]);
    // The derivation checked against music: O1 C is C2 (65.41 Hz), each step a semitone of
    // equal temperament, within 3.3 %: the short high delays are coarse (2.5 %), and at
    // 888,625 Hz every note is 0.7 % flatter than at 894,886 Hz.
    for (i, &p) in got.iter().enumerate() {
        let hz = spacemono_core::timing::CPU_HZ / p as f64;
        let want = 65.406 * 2f64.powf(i as f64 / 12.0);
        assert!(
            (hz / want - 1.0).abs() < 0.033,
            "note {i}: {hz:.1} Hz, want {want:.1}"
        );
    }
}

#[test]
fn default_octave_is_o3_middle_c() {
    // InitSndGraph stores 2 in SndOctave; O n stores n-1 (LADF7), so the default is O3.
    assert_eq!(periods("C"), vec![103 + 20 * 0xA6]);
    assert_eq!(periods("C"), periods("O3C"));
    let m = fresh();
    assert_eq!(
        PlayState::read(&m),
        PlayState {
            octave: 3,
            volume: 15,
            length: 4,
            tempo: 2,
            dots: 0
        }
    );
    assert_eq!(
        (
            m.peek(0xDE),
            m.peek(0xDF),
            m.peek(0xE0),
            m.peek(0xE1),
            m.peek(0xE2)
        ),
        (2, 0xBA, 0x42, 4, 2)
    );
}

#[test]
fn durations_at_t2_and_t4() {
    // T2: L1 ⌈255/2⌉ = 128, L4 ⌈255/8⌉ = 32, L4. ⌈382/8⌉ = 48 (382 = 3·255/2),
    // L8 ⌈255/16⌉ = 16.
    assert_eq!(fields("T2L1CL4CL4.CL8C"), vec![128, 32, 48, 16]);
    // T4: L1 ⌈255/4⌉ = 64, L4 ⌈255/16⌉ = 16, L4. ⌈382/16⌉ = 24, L8 ⌈255/32⌉ = 8.
    assert_eq!(fields("T4L1CL4CL4.CL8C"), vec![64, 16, 24, 8]);
    // Two dots: 4·255/2 = 510, ⌈510/8⌉ = 64 (the ROM's double dot doubles). T3 L3: ⌈255/9⌉.
    assert_eq!(fields("L4..C"), vec![64]);
    assert_eq!(fields("T3L3C"), vec![29]);
    // Defaults are T2 L4: 32 fields = 0.64 s.
    assert_eq!(fields("C"), vec![32]);
    // T255 L255: 65025 > 255, one field.
    assert_eq!(fields("T255L255C"), vec![1]);
}

#[test]
fn dots_stay_with_l_until_the_next_l_and_across_plays() {
    let mut m = fresh();
    let mut v = Vars::default();
    let (r, _) = run(&mut m, &mut v, "L4.");
    assert_eq!(r, Ok(0));
    assert_eq!(m.peek(dp::DOT_SCALE), 1);
    let (r, ev) = run(&mut m, &mut v, "CD");
    assert_eq!(r, Ok(96));
    assert_eq!(ev.len(), 2);
    let (r, _) = run(&mut m, &mut v, "L4C");
    assert_eq!(r, Ok(32));
    assert_eq!(m.peek(dp::DOT_SCALE), 0);
    // Spaces may come between dots.
    assert_eq!(fields("L4 . .C"), vec![64]);
}

#[test]
fn a_dot_after_a_note_is_fc() {
    assert_eq!(err("C."), ErrorCode::FC);
}

#[test]
fn pause_is_silence_of_255_over_t_times_n() {
    let ev = ok("P4");
    assert_eq!(ev, vec![Event::Rest { fields: 32 }]);
    // T2 P1: ⌈255/2⌉ = 128; T4 P8: ⌈255/32⌉ = 8; a dotted L does not lengthen a pause, and
    // the note after it is still dotted (LAE6B saves and restores the scale).
    assert_eq!(fields("P1"), vec![128]);
    assert_eq!(fields("T4P8"), vec![8]);
    assert_eq!(fields("L4.P4C"), vec![32, 48]);
    // P leaves volume and dots as they were.
    let mut m = fresh();
    run(&mut m, &mut Vars::default(), "V20L2.P3").0.unwrap();
    assert_eq!(
        (m.peek(0xDF), m.peek(0xE0), m.peek(0xE5)),
        (0x7E + 80, 0x7E - 80, 1)
    );
    // P takes no +/-/</> modifier.
    assert_eq!(err("P+"), ErrorCode::FC);
}

#[test]
fn v_sets_the_dac_limits_mid_plus_minus_4v() {
    let (_, _, hi, lo) = tone(&ok("C")[0]);
    assert_eq!((hi, lo), (0xBA, 0x42)); // V15
    let (_, _, hi, lo) = tone(&ok("V31C")[0]);
    assert_eq!((hi, lo), (0xFA, 0x02));
    let (_, _, hi, lo) = tone(&ok("V0C")[0]);
    assert_eq!((hi, lo), (0x7E, 0x7E));
    let (_, _, hi, lo) = tone(&ok("V+C")[0]);
    assert_eq!((hi, lo), (0x7E + 64, 0x7E - 64));
    let (_, _, hi, lo) = tone(&ok("V<C")[0]); // 15 >> 1 = 7
    assert_eq!((hi, lo), (0x7E + 28, 0x7E - 28));
    let (_, _, hi, lo) = tone(&ok("V>C")[0]); // 30
    assert_eq!((hi, lo), (0x7E + 120, 0x7E - 120));
    // The volume does not change the pitch.
    assert_eq!(tone(&ok("V3C")[0]).0, tone(&ok("C")[0]).0);
}

#[test]
fn sharps_flats_and_note_numbers() {
    let p = periods("O2C#;D-;2;N2;C+;N C#");
    assert!(p.iter().all(|&x| x == 107 + 32 * O2[1]), "{p:?}");
    // E# is F, F- is E, B- is A#, G# is A- (note numbers 6, 5, 11, 9).
    assert_eq!(
        periods("O3E#F-B-G#A-"),
        vec![
            103 + 20 * O3[5],
            103 + 20 * O3[4],
            103 + 20 * O3[10],
            103 + 20 * O3[8],
            103 + 20 * O3[8]
        ]
    );
    // 12 is B; N12 too; a note number runs to the first non-digit.
    assert_eq!(
        periods("O3N12;12C"),
        vec![103 + 20 * O3[11], 103 + 20 * O3[11], 103 + 20 * O3[0]]
    );
}

#[test]
fn octave_and_modifiers() {
    assert_eq!(periods("O1O+C"), vec![107 + 32 * O2[0]]);
    assert_eq!(periods("O5O-C"), vec![103 + 20 * 0x51]); // O4 C
    assert_eq!(periods("O2O>C"), vec![103 + 20 * 0x51]); // 2·2 = O4
    assert_eq!(periods("O5O<C"), vec![107 + 32 * O2[0]]); // 5 >> 1 = O2
    let mut m = fresh();
    run(&mut m, &mut Vars::default(), "O4L16T5").0.unwrap();
    assert_eq!(
        PlayState::read(&m),
        PlayState {
            octave: 4,
            volume: 15,
            length: 16,
            tempo: 5,
            dots: 0
        }
    );
    assert_eq!((m.peek(0xDE), m.peek(0xE1), m.peek(0xE2)), (3, 16, 5));
    // L+ / T- and friends.
    assert_eq!(fields("L+C"), vec![26]); // L5: ⌈255/10⌉
    assert_eq!(fields("T-C"), vec![64]); // T1 L4: ⌈255/4⌉
}

#[test]
fn state_persists_between_plays_and_init_resets_it() {
    let mut m = fresh();
    let mut v = Vars::default();
    run(&mut m, &mut v, "O5V31L8T4").0.unwrap();
    let (r, ev) = run(&mut m, &mut v, "B");
    assert_eq!(r, Ok(8));
    assert_eq!(tone(&ev[0]), (463, 8, 0xFA, 0x02));
    play::init(&mut m);
    let (r, ev) = run(&mut m, &mut v, "C");
    assert_eq!(r, Ok(32));
    assert_eq!(tone(&ev[0]), (3423, 32, 0xBA, 0x42));
    // The IRQ's decrement is left in EvalD5: T2 × L4.
    assert_eq!(m.read_u16(0xD5), 8);
    assert_eq!(m.read_u16(0xE3), 0);
}

#[test]
fn semicolons_quotes_and_spaces_are_ignored_between_commands() {
    assert_eq!(periods("C;D'E ; F"), periods("CDEF"));
    assert_eq!(periods("L 1 6 C"), periods("L16C"));
    assert_eq!(fields("L 1 6 C"), vec![8]);
    assert!(ok("").is_empty());
    assert!(ok(";';").is_empty());
}

#[test]
fn x_substrings_and_var_arguments() {
    let mut m = fresh();
    let mut v = Vars::default();
    v.strs.insert("A$".into(), b"CD".to_vec());
    v.strs.insert("B$".into(), b"XA$;E".to_vec());
    v.nums.insert("O".into(), Ok(5));
    v.nums.insert("N".into(), Ok(8));
    v.nums.insert("K".into(), Ok(10));
    let (r, ev) = run(&mut m, &mut v, "XB$;F");
    assert_eq!(r, Ok(4 * 32));
    let p: Vec<u32> = ev.iter().map(|e| tone(e).0).collect();
    assert_eq!(
        p,
        vec![
            103 + 20 * O3[0],
            103 + 20 * O3[2],
            103 + 20 * O3[4],
            103 + 20 * O3[5]
        ]
    );
    // =var; for O, L, T, V, P and a note number (N=K; and a bare =K;).
    let (r, ev) = run(&mut m, &mut v, "O=O;L=N;C;N=K;=K;T=N;P=N;V=N;C");
    assert_eq!(r.unwrap(), 16 + 16 + 16 + 4 + 4);
    assert_eq!(tone(&ev[0]).0, 103 + 20 * O5[0]);
    assert_eq!(tone(&ev[1]).0, 103 + 20 * O5[9]);
    assert_eq!(ev[3], Event::Rest { fields: 4 }); // ⌈255/64⌉
    assert_eq!(tone(&ev[4]).2, 0x7E + 32);
    assert_eq!(v.asked, vec!["B$", "A$", "O", "N", "K", "K", "N", "N", "N"]);
    // A missing string plays nothing; X of an empty string too.
    let (r, ev) = run(&mut m, &mut v, "XZ$;");
    assert_eq!((r, ev.len()), (Ok(0), 0));
}

#[test]
fn errors_are_fc_for_bad_values_and_characters() {
    for s in [
        "O0", "O6", "O5O+", "O1O-", "O", "V32", "V0V-", "V31V+", "V0V<", "L0", "L1L-", "L255L+",
        "L128L>", "T0", "T1T<", "L256", "T300", "P0", "P", "PX", "C-", "B#", "B+", "N0", "N13",
        "13", "0", "H", "c", "N", "NH", "NX", "!", "C ", "CD ", "L4 ", "X1;", "XA$", "O=A", "O=1;",
        "=A", "M", "N12 12",
    ] {
        assert_eq!(err(s), ErrorCode::FC, "PLAY {s:?}");
    }
}

#[test]
fn minus_on_a_poked_zero_is_fc_not_a_wrap() {
    // LAF8D tests B before DECB: a POKEd length or tempo of 0 gives ?FC for L- / T-
    // (a wrap would make 255, a legal value).
    for (a, s) in [(dp::NOTE_LEN, "L-"), (dp::TEMPO, "T-")] {
        let mut m = fresh();
        m.poke(a, 0);
        assert_eq!(
            run(&mut m, &mut Vars::default(), s).0,
            Err(ErrorCode::FC),
            "{s}"
        );
    }
}

#[test]
fn errors_from_variables() {
    let mut v = Vars::default();
    v.nums.insert("Q".into(), Err(ErrorCode::FC)); // e.g. Q = 300
    v.strs.insert("S$".into(), b"C".to_vec());
    let mut m = fresh();
    assert_eq!(run(&mut m, &mut v, "XQ;").0, Err(ErrorCode::TM));
    assert_eq!(run(&mut m, &mut v, "O=S$;").0, Err(ErrorCode::TM));
    assert_eq!(run(&mut m, &mut v, "T=Q;").0, Err(ErrorCode::FC));
}

#[test]
fn notes_before_an_error_are_played_and_changes_stay() {
    let mut m = fresh();
    let (r, ev) = run(&mut m, &mut Vars::default(), "O4CDV9O9E");
    assert_eq!(r, Err(ErrorCode::FC));
    assert_eq!(ev.len(), 2);
    assert_eq!(play::event_fields(&ev), 64);
    assert_eq!(PlayState::read(&m).octave, 4);
    assert_eq!(PlayState::read(&m).volume, 9);
}

#[test]
fn deep_x_nesting_is_om() {
    // BasChkB2Free wants $1F + 4 + 58 < S, S = sp − 3 − 3k − 2 with k levels open (CMPD,
    // BCS: equal is ?OM). End of storage 82 under the stack: need = sp − 20, and at k = 5
    // S = sp − 20 too, so the sixth X is ?OM after five levels each played a C. One byte
    // lower (83): need = sp − 21 < sp − 20, so level 6 opens and the seventh X fails.
    let mut v = Vars::default();
    v.strs.insert("A$".into(), b"CXA$;".to_vec());
    for (below, levels) in [(82u16, 5usize), (83, 6)] {
        let mut m = fresh();
        m.write_u16(addr::STORAGE_END, SP - below);
        let (r, ev) = run(&mut m, &mut v, "XA$;");
        assert_eq!(r, Err(ErrorCode::OM));
        assert_eq!(ev.len(), levels, "storage end sp-{below}");
    }
    // With room, the same recursion goes until the stack meets storage.
    let mut m = fresh();
    m.write_u16(addr::STORAGE_END, SP - 82 - 3 * 100);
    let (r, ev) = run(&mut m, &mut v, "XA$;");
    assert_eq!(r, Err(ErrorCode::OM));
    assert_eq!(ev.len(), 105);
    // A string variable that is really a number: ?TM only after the OM check.
    let mut m = fresh();
    m.write_u16(addr::STORAGE_END, SP);
    assert_eq!(run(&mut m, &mut v, "XQ;").0, Err(ErrorCode::OM));
}

/// xorshift64*, fixed seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_music_never_panics_and_keeps_the_state_legal() {
    let alphabet: &[u8] = b"ABCDEFGHNOPLTVXZ0123456789#+-<>=.;' $QKabc\x00\xFF";
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut v = Vars::default();
    v.nums.insert("K".into(), Ok(3));
    v.nums.insert("Q".into(), Err(ErrorCode::FC));
    v.strs.insert("A$".into(), b"CDE".to_vec());
    v.strs.insert("B$".into(), b"XB$;".to_vec());
    let mut oks = 0;
    for _ in 0..20_000 {
        let len = rng.below(24);
        let s: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let mut m = fresh();
        let mut ev = Vec::new();
        let r = play::play(&mut m, &s, &mut v, SP, &mut ev, &mut Vec::new());
        if let Ok(n) = r {
            oks += 1;
            assert_eq!(
                n,
                play::event_fields(&ev),
                "{:?}",
                String::from_utf8_lossy(&s)
            );
        }
        let st = PlayState::read(&m);
        assert!((1..=5).contains(&st.octave), "{st:?}");
        assert!(st.volume <= 31 && st.length >= 1 && st.tempo >= 1, "{st:?}");
        assert_eq!(
            m.peek(0xDF) as u16 + m.peek(0xE0) as u16,
            2 * 0x7E,
            "limits symmetric about mid"
        );
        for e in &ev {
            match *e {
                Event::Tone {
                    period_cycles,
                    fields,
                    ..
                } => {
                    assert!((463..=13675).contains(&period_cycles));
                    assert!((1..=32512).contains(&fields));
                }
                Event::Rest { fields } => assert!((1..=255).contains(&fields)),
                Event::Sound { .. } => panic!("PLAY made a SOUND"),
            }
        }
    }
    assert!(oks > 500, "only {oks} strings played");
}

/// Issue 27: sound that nobody takes (a headless game by file, a snapshot's replay) is not
/// gathered for ever: a program that plays without end keeps at most `MAX_PENDING_EVENTS`
/// waiting, and the newest are kept.
#[test]
fn sound_nobody_takes_is_not_kept_for_ever() {
    use spacemono_core::computer::{Machine, MAX_PENDING_EVENTS};
    let mut m = Machine::new();
    m.load_listing(b"10 PLAY \"T255L255O5CDEFGABP255\":GOTO 10\r")
        .unwrap();
    m.type_text(b"RUN\r");
    let mut most = 0;
    for _ in 0..400_000 {
        m.run_field();
        most = most.max(m.pending_events().len());
    }
    assert!(most > MAX_PENDING_EVENTS / 2, "only {most} events gathered");
    assert!(most <= MAX_PENDING_EVENTS, "{most} events kept");
    assert!(matches!(
        m.pending_events().last(),
        Some(Event::Rest { .. })
    ));
}
