//! The sound a program makes itself, by writing the DAC or the single-bit sound
//! (docs/machine.md §17): the output's level at the start of a field and its changes, each at
//! the cycle of the field it was written in, turned into that field's samples. Each sample is the level's
//! average over its interval, so samples played at any rate keep their timing.

/// Add the field's program-made sound to its samples `out` (one field's worth), the level
/// `start` at the field's start and `changes` (cycle, level) in order, `cycles_per_sample`
/// apart.
pub fn add_field(out: &mut [f32], start: f32, changes: &[(u32, f32)], cycles_per_sample: f64) {
    if start == 0.0 && changes.is_empty() {
        return;
    }
    let mut level = start;
    let mut next = changes.iter().peekable();
    for (i, sample) in out.iter_mut().enumerate() {
        let (from, to) = (
            i as f64 * cycles_per_sample,
            (i + 1) as f64 * cycles_per_sample,
        );
        let mut t = from;
        let mut acc = 0.0f64;
        while let Some(&&(at, l)) = next.peek() {
            let at = at as f64;
            if at >= to {
                break;
            }
            let at = at.max(t);
            acc += level as f64 * (at - t);
            t = at;
            level = l;
            next.next();
        }
        acc += level as f64 * (to - t);
        *sample += (acc / cycles_per_sample) as f32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_land_at_their_cycles_and_average_over_a_sample() {
        let mut out = vec![0.0; 4];
        // Samples 10 cycles apart: 0.5 from cycle 15, 0 from 30.
        add_field(&mut out, 0.0, &[(15, 0.5), (30, 0.0)], 10.0);
        assert_eq!(out, vec![0.0, 0.25, 0.5, 0.0]);
        let mut out = vec![0.0; 2];
        add_field(&mut out, 1.0, &[], 10.0);
        assert_eq!(out, vec![1.0, 1.0], "a level held from before the field");
    }
}
