//! The Dragon's cassette comparator over a .wav's samples: the level PIA1 PA0 reads at each
//! moment of the recording (docs/machine.md §12.4.1).
//!
//! As XRoar decides it (`tape_sndfile.c` `sndfile_pulse_in`, `dragon.c`
//! `update_audio_from_tape`): the input reads 1 while the signal is positive and 0 while it
//! is negative, with a hysteresis of 1% of full scale either side of the midpoint (XRoar's
//! default `-tape-hysteresis 1`): the level goes high once a sample reaches +1% and low once
//! one reaches -1%, so noise about the midpoint makes no edges. The level at the start is the
//! first sample's sign. The samples are the channel (or the mix of both) the block reader
//! decodes ([`super::wav::WavAudio`]). A change is placed at the sample that makes it, in CPU
//! cycles (the sample's index × the CPU clock ÷ the sample rate).

use super::recording::EdgeTrack;
use super::wav::{WavAudio, CPU_HZ};

/// The hysteresis, in hundredths of full scale.
const HYSTERESIS_PERCENT: i64 = 1;

/// The CPU cycle at which sample `n` of a recording at `rate` Hz plays.
pub fn sample_cycle(n: u64, rate: u32) -> u64 {
    (n as f64 * CPU_HZ / rate as f64).round() as u64
}

/// The comparator's output over `audio`, and the recording's length in CPU cycles.
pub fn comparator_edges(audio: &WavAudio) -> (EdgeTrack, u64) {
    let rate = audio.format.sample_rate;
    let n = audio.frames();
    let full = audio.full_scale() as i64;
    let above = |s: i64| s * 100 >= HYSTERESIS_PERCENT * full;
    let below = |s: i64| s * 100 <= -HYSTERESIS_PERCENT * full;
    let first = n == 0 || audio.sample(0) >= 0;
    let mut track = EdgeTrack::starting(first);
    let mut level = first;
    for i in 1..n {
        let s = audio.sample(i) as i64;
        if (!level && above(s)) || (level && below(s)) {
            level = !level;
            track.change_at(sample_cycle(i as u64, rate));
        }
    }
    (track, sample_cycle(n as u64, rate))
}
