//! The SOUND tone as the Dragon makes it (docs/machine.md §5): a 4-step wave on the 6-bit DAC,
//! $7E (mid), $FC (max), $7E, $00, each step held a quarter of the period of
//! 20·(261−t) CPU cycles, for d·4 fields. PLAY's notes are the same wave with $7E ± 4·V for
//! the outer steps, and its rests hold the DAC at mid. Samples are generated here, one field
//! at a time, so that a sound output and a WAV file get exactly the emulated timing: every
//! field is 1/49.968 s of samples, silent or not. [`Machine`](crate::computer::Machine)
//! runs one when a frontend asks for the sound (see `sound`).

use std::collections::VecDeque;

use crate::machine::hardware::Event;

use crate::timing::{CPU_HZ, FIELDS_PER_SECOND};

/// How loud a full-scale DAC swing is (1.0 would be the whole sample range).
pub const VOLUME: f32 = 0.5;

/// The DAC bytes of SOUND's four steps.
const STEPS: [u8; 4] = [0x7E, 0xFC, 0x7E, 0x00];
/// The DAC's mid byte (a rest holds it).
const MID: u8 = 0x7E;

/// A DAC byte as a sample: level (PA & $FC)/252, relative to the mid level $7C so that
/// silence (the DAC at mid) is 0.
pub(crate) fn level(dac: u8) -> f32 {
    ((dac & 0xFC) as f32 - 124.0) / 128.0 * VOLUME
}

/// Samples in one field at `rate` samples a second: the rate over 49.968 fields a second,
/// rounded (at least one).
pub fn samples_per_field(rate: u32) -> usize {
    ((rate as f64 / FIELDS_PER_SECOND).round() as usize).max(1)
}

/// One tone (or rest) waiting or playing.
#[derive(Debug, Clone)]
struct Segment {
    /// CPU cycles per wave cycle.
    period: f64,
    /// The DAC byte of each quarter.
    steps: [u8; 4],
    /// Fields of it left.
    fields: u32,
}

/// Makes samples for one field at a time at a fixed sample rate: a whole number of samples
/// a field (441 at 22,036 Hz), so the sound keeps the emulated time exactly.
#[derive(Debug, Clone)]
pub struct ToneGenerator {
    rate: u32,
    /// Samples in one field: the rate over 49.968 fields a second, rounded.
    per_field: usize,
    /// What plays now (front) and what follows it, in order.
    queue: VecDeque<Segment>,
    /// Position in the wave, in CPU cycles from the start of a period.
    phase: f64,
    /// Events came since the last field: a PLAY's further notes queue behind the first.
    fresh: bool,
}

impl ToneGenerator {
    /// A generator at `rate` samples a second; a field is that over 49.968, rounded (at
    /// least one sample).
    pub fn new(rate: u32) -> Self {
        ToneGenerator {
            rate,
            per_field: samples_per_field(rate),
            queue: VecDeque::new(),
            phase: 0.0,
            fresh: false,
        }
    }

    /// Samples in one field.
    pub fn samples_per_field(&self) -> usize {
        self.per_field
    }

    /// Whether a tone or rest is playing or waiting to.
    pub fn is_sounding(&self) -> bool {
        !self.queue.is_empty()
    }

    /// Take a machine event. A SOUND starts with the field it was made in and lasts its
    /// `fields` fields; a new one replaces what was playing. The first PLAY tone or rest of a
    /// field replaces what was playing too; the ones after it in the same field follow it.
    pub fn event(&mut self, event: &Event) {
        let (seg, queue) = match *event {
            Event::Sound {
                period_cycles,
                fields,
            } => (
                Segment {
                    period: period_cycles.max(4) as f64,
                    steps: STEPS,
                    fields,
                },
                false,
            ),
            Event::Tone {
                period_cycles,
                fields,
                high,
                low,
            } => (
                Segment {
                    period: period_cycles.max(4) as f64,
                    steps: [MID, high, MID, low],
                    fields,
                },
                true,
            ),
            Event::Rest { fields } => (
                Segment {
                    period: 4.0,
                    steps: [MID; 4],
                    fields,
                },
                true,
            ),
        };
        if !(queue && self.fresh) {
            self.queue.clear();
            self.phase = 0.0;
        }
        self.fresh = true;
        if seg.fields > 0 {
            self.queue.push_back(seg);
        }
    }

    /// One field passes unheard (turbo, where the speaker is not fed): what plays moves on
    /// as [`field`](Self::field) moves it, without making the samples. (The wave's phase
    /// is carried over approximately: nobody hears it.)
    pub fn skip_field(&mut self) {
        self.fresh = false;
        let Some(seg) = self.queue.front_mut() else {
            return;
        };
        let cycles = self.per_field as f64 * (CPU_HZ / self.rate as f64);
        self.phase = (self.phase + cycles) % seg.period;
        seg.fields -= 1;
        if seg.fields == 0 {
            self.queue.pop_front();
            self.phase = 0.0;
        }
    }

    /// Append one field of samples to `out`.
    pub fn field(&mut self, out: &mut Vec<f32>) {
        self.fresh = false;
        let n = self.samples_per_field();
        let Some(seg) = self.queue.front_mut() else {
            out.extend(std::iter::repeat_n(0.0, n));
            return;
        };
        if seg.steps == [MID; 4] {
            out.extend(std::iter::repeat_n(level(MID), n));
        } else {
            let dt = CPU_HZ / self.rate as f64; // cycles per sample
            let period = seg.period;
            let step = period / 4.0;
            for _ in 0..n {
                // Each sample is the wave's average over its interval, so high notes keep
                // their pitch instead of aliasing into something else.
                let mut t = self.phase;
                let end = t + dt;
                let mut acc = 0.0f64;
                while t < end {
                    let in_period = t % period;
                    let k = (in_period / step) as usize % 4;
                    let step_end = t - in_period + (k as f64 + 1.0) * step;
                    let upto = step_end.min(end);
                    acc += level(seg.steps[k]) as f64 * (upto - t);
                    t = if upto > t { upto } else { end };
                }
                out.push((acc / dt) as f32);
                self.phase = end % period;
            }
        }
        seg.fields -= 1;
        if seg.fields == 0 {
            self.queue.pop_front();
            // Each note starts its wave afresh (the ROM's loop begins at mid).
            self.phase = 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(t: u32, d: u32) -> Event {
        Event::Sound {
            period_cycles: 20 * (261 - t),
            fields: d * 4,
        }
    }

    /// Render a SOUND and the silence after it; returns the samples.
    fn render(rate: u32, ev: &Event, extra_fields: u32) -> Vec<f32> {
        let mut g = ToneGenerator::new(rate);
        g.event(ev);
        let mut out = Vec::new();
        let fields = match *ev {
            Event::Sound { fields, .. } | Event::Tone { fields, .. } | Event::Rest { fields } => {
                fields
            }
        };
        for _ in 0..fields + extra_fields {
            g.field(&mut out);
        }
        out
    }

    /// Frequency from the rising crossings through the mid level (one per period: the wave
    /// goes mid, max, mid, min), timed between the first and the last.
    fn measured_hz(s: &[f32], rate: u32) -> f64 {
        let ups: Vec<usize> = (1..s.len())
            .filter(|&i| s[i - 1] < 0.0 && s[i] >= 0.0)
            .collect();
        assert!(ups.len() > 10, "only {} crossings", ups.len());
        (ups.len() - 1) as f64 / ((ups[ups.len() - 1] - ups[0]) as f64 / rate as f64)
    }

    #[test]
    fn pitch_is_the_clock_over_20_times_261_minus_t() {
        for &rate in &[22036, 44072] {
            for &t in &[1u32, 89, 159, 200, 230] {
                let s = render(rate, &tone(t, 10), 0);
                let want = CPU_HZ / (20.0 * (261 - t) as f64);
                let got = measured_hz(&s, rate);
                assert!(
                    (got - want).abs() / want < 0.01,
                    "t={t} at {rate} Hz: {got:.2} Hz, want {want:.2}"
                );
            }
        }
        // docs/machine.md §5's table gives 439 Hz for SOUND 159 at 894,886 Hz; at this machine's
        // 888,625 Hz it is 0.7 % lower: 888625 / (20 × 102) = 435.6 Hz.
        let a4 = measured_hz(&render(44072, &tone(159, 10), 0), 44072);
        assert!((a4 - 435.6).abs() < 2.0, "{a4}");
    }

    #[test]
    fn duration_is_whole_80_ms_units_then_silence() {
        for d in [1u32, 3, 7] {
            let rate = 22036;
            let s = render(rate, &tone(100, d), 5);
            assert_eq!(s.len(), (d * 4 + 5) as usize * 441);
            let last_sound = s.iter().rposition(|&x| x != 0.0).unwrap();
            let tone_samples = (d as usize) * 4 * 441;
            // Sound up to the end of the d·80 ms, none after.
            assert!(last_sound < tone_samples, "d={d}: sound at {last_sound}");
            assert!(
                last_sound > tone_samples - 441 / 4,
                "d={d}: ended at {last_sound}"
            );
            // d·4 fields of 1/49.968 s: 0.08·d s at 50 Hz, 0.07 % longer here.
            let secs = tone_samples as f64 / rate as f64;
            assert!(
                (secs - 4.0 * d as f64 / FIELDS_PER_SECOND).abs() < 1e-4,
                "{secs}"
            );
        }
    }

    #[test]
    fn wave_has_four_dac_steps() {
        // A low note sampled fast: the four levels appear, max above and min below mid.
        let s = render(44100, &tone(1, 1), 0);
        let max = s.iter().cloned().fold(f32::MIN, f32::max);
        let min = s.iter().cloned().fold(f32::MAX, f32::min);
        assert!((max - level(0xFC)).abs() < 1e-6 && (min - level(0x00)).abs() < 1e-6);
        assert!(s.contains(&0.0), "mid level missing");
        assert_eq!(level(0x7E), 0.0);
    }

    #[test]
    fn silence_is_one_field_of_zeros_per_field() {
        let mut g = ToneGenerator::new(22036);
        let mut out = Vec::new();
        g.field(&mut out);
        g.field(&mut out);
        assert_eq!(out, vec![0.0; 882]);
    }

    /// PLAY's events of one field play in order: a V15 note, a rest, a V31 note.
    #[test]
    fn play_tones_and_rests_follow_one_another() {
        let rate = 22036;
        let mut g = ToneGenerator::new(rate);
        let (hi15, lo15) = (0x7E + 60, 0x7E - 60);
        g.event(&Event::Tone {
            period_cycles: 3423,
            fields: 3,
            high: hi15,
            low: lo15,
        });
        g.event(&Event::Rest { fields: 2 });
        g.event(&Event::Tone {
            period_cycles: 3423,
            fields: 1,
            high: 0xFA,
            low: 0x02,
        });
        let mut out = Vec::new();
        for _ in 0..8 {
            g.field(&mut out);
        }
        let per = 441;
        let peak = |s: &[f32]| s.iter().fold(0.0f32, |m, &x| m.max(x.abs()));
        // V15: ±60 DAC steps (low byte $42 & $FC = $40, 60 below $7C); V31: ±124.
        let v15 = peak(&out[..3 * per]);
        assert!((v15 - 60.0 / 128.0 * VOLUME).abs() < 1e-6, "{v15}");
        assert!(out[3 * per..5 * per].iter().all(|&x| x == 0.0));
        let v31 = peak(&out[5 * per..6 * per]);
        assert!((v31 - 124.0 / 128.0 * VOLUME).abs() < 1e-6, "{v31}");
        assert!(out[6 * per..].iter().all(|&x| x == 0.0));
        // The pitch of the first note: 888625/3423 Hz.
        let hz = measured_hz(&out[..3 * per], rate);
        assert!((hz - CPU_HZ / 3423.0).abs() < 3.0, "{hz}");
        assert!(!g.is_sounding());
    }

    /// Fields skipped in turbo move the queue on as played fields do: after a tone of 3
    /// fields, a rest of 2 and a tone of 1, the same fields skipped or played leave the same
    /// sound to come, and an event in between lands the same way.
    #[test]
    fn skipped_fields_move_the_tones_on_as_played_ones() {
        let start = |g: &mut ToneGenerator| {
            g.event(&tone(100, 1));
            g.event(&Event::Rest { fields: 2 });
        };
        let (mut played, mut skipped) = (ToneGenerator::new(22036), ToneGenerator::new(22036));
        start(&mut played);
        start(&mut skipped);
        let mut out = Vec::new();
        for k in 0..7 {
            assert_eq!(played.is_sounding(), skipped.is_sounding(), "field {k}");
            if k == 2 {
                let t = Event::Tone {
                    period_cycles: 3423,
                    fields: 3,
                    high: 0xFA,
                    low: 0x02,
                };
                played.event(&t);
                skipped.event(&t);
            }
            played.field(&mut out);
            skipped.skip_field();
        }
        assert!(!played.is_sounding() && !skipped.is_sounding());
        // The SOUND (4 fields) was replaced at field 2; the PLAY tone lasted 3 fields.
        assert!(out[2 * 441..5 * 441].iter().any(|&x| x != 0.0));
        assert!(out[5 * 441..].iter().all(|&x| x == 0.0));
    }

    /// A PLAY made in a later field replaces what is left of the last one.
    #[test]
    fn a_later_play_replaces_what_is_left() {
        let mut g = ToneGenerator::new(22050);
        g.event(&Event::Tone {
            period_cycles: 3423,
            fields: 10,
            high: 0xFA,
            low: 0x02,
        });
        let mut out = Vec::new();
        g.field(&mut out);
        g.event(&Event::Rest { fields: 1 });
        out.clear();
        g.field(&mut out);
        assert!(out.iter().all(|&x| x == 0.0));
        assert!(!g.is_sounding());
    }
}
