//! The sound the machine makes, as samples at the rate a frontend asked for: after every field
//! the field's SOUND and PLAY events go to the tone generator, which makes that field's
//! samples (or, while nobody listens, moves on without them). The frontend takes what was
//! made and only plays or records it.

use super::dac_track::add_field;
use super::hardware::Event;
use super::tone::ToneGenerator;

/// The most samples kept for a frontend to take: past it the older half goes (a frontend
/// takes them every field or every few; this is some 24 s at 44 kHz).
pub const MAX_PENDING_SAMPLES: usize = 1 << 20;

/// The machine's sound output at one sample rate.
#[derive(Debug, Clone)]
pub struct Sound {
    tone: ToneGenerator,
    rate: u32,
    /// Made and not yet taken.
    samples: Vec<f32>,
    /// Whether samples are made (false: the tones move on unheard, as in turbo).
    heard: bool,
}

impl Sound {
    /// Silence at `rate` samples a second (1 or more), heard.
    pub fn new(rate: u32) -> Self {
        Sound {
            tone: ToneGenerator::new(rate),
            rate,
            samples: Vec::new(),
            heard: true,
        }
    }

    pub fn rate(&self) -> u32 {
        self.rate
    }

    pub fn heard(&self) -> bool {
        self.heard
    }

    pub fn set_heard(&mut self, heard: bool) {
        self.heard = heard;
    }

    /// Whether a tone or rest is playing or waiting to.
    pub fn sounding(&self) -> bool {
        self.tone.is_sounding()
    }

    /// After `fields` fields (more than one only while unheard): take their events, then
    /// make their samples, or move the tones on by that many fields unheard. A tone made
    /// during fields run together counts from their start: nobody hears the difference.
    /// `program`: the sound the program made itself in the last field (its level at the
    /// start, and its changes by cycle: `IoPage::field_audio`), mixed into that field.
    pub fn after_fields(
        &mut self,
        events: &mut Vec<Event>,
        program: (f32, &[(u32, f32)]),
        fields: u64,
    ) {
        for e in events.drain(..) {
            self.tone.event(&e);
        }
        for k in 0..fields {
            if self.heard {
                let from = self.samples.len();
                self.tone.field(&mut self.samples);
                if k + 1 == fields {
                    let (start, changes) = program;
                    let cycles_per_sample = crate::timing::CPU_HZ / self.rate as f64;
                    add_field(&mut self.samples[from..], start, changes, cycles_per_sample);
                }
            } else {
                self.tone.skip_field();
            }
        }
        if self.samples.len() > MAX_PENDING_SAMPLES {
            let excess = self.samples.len() - MAX_PENDING_SAMPLES / 2;
            self.samples.drain(..excess);
        }
    }

    /// Move the samples made so far to the end of `out`.
    pub fn take(&mut self, out: &mut Vec<f32>) {
        out.append(&mut self.samples);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heard_fields_make_samples_and_unheard_ones_move_the_tone_on() {
        let mut s = Sound::new(22036);
        let mut events = vec![Event::Sound {
            period_cycles: 2000,
            fields: 3,
        }];
        s.after_fields(&mut events, (0.0, &[]), 1);
        assert!(events.is_empty(), "the events are taken");
        let mut out = Vec::new();
        s.take(&mut out);
        assert_eq!(out.len(), 441);
        assert!(out.iter().any(|&x| x != 0.0));
        s.set_heard(false);
        s.after_fields(&mut Vec::new(), (0.0, &[]), 1);
        assert!(s.sounding(), "one field of the tone is left");
        s.after_fields(&mut Vec::new(), (0.0, &[]), 1);
        assert!(!s.sounding());
        s.take(&mut out);
        assert_eq!(out.len(), 441, "no samples while unheard");
    }

    #[test]
    fn samples_nobody_takes_are_not_kept_for_ever() {
        let mut s = Sound::new(44_100);
        for _ in 0..(MAX_PENDING_SAMPLES / 882 + 10) {
            s.after_fields(&mut Vec::new(), (0.0, &[]), 1);
        }
        let mut out = Vec::new();
        s.take(&mut out);
        assert!(out.len() <= MAX_PENDING_SAMPLES, "{}", out.len());
    }
}
