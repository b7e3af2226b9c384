//! How fast the machine runs, as a percentage of the real Dragon's speed (49.97 fields a
//! second), measured over about a second of the host's time, for the title bar and the
//! terminal's status line.

use std::time::{Duration, Instant};

/// How long a measurement runs before the figure is renewed.
const WINDOW: Duration = Duration::from_secs(1);

#[derive(Clone, Debug)]
pub struct SpeedMeter {
    since: Instant,
    fields_then: u64,
    percent: Option<u32>,
}

impl SpeedMeter {
    pub fn new(now: Instant, fields: u64) -> Self {
        SpeedMeter {
            since: now,
            fields_then: fields,
            percent: None,
        }
    }

    /// The machine has run `fields` fields in all by `now`: the figure is renewed once a
    /// second has passed since the last.
    pub fn update(&mut self, now: Instant, fields: u64) {
        let elapsed = now.saturating_duration_since(self.since);
        if elapsed < WINDOW {
            return;
        }
        let rate = fields.saturating_sub(self.fields_then) as f64 / elapsed.as_secs_f64();
        self.percent = Some((rate / spacemono_core::FIELDS_PER_SECOND * 100.0).round() as u32);
        self.since = now;
        self.fields_then = fields;
    }

    /// Start afresh (after a pause, or a new machine whose fields count from 0).
    pub fn restart(&mut self, now: Instant, fields: u64) {
        *self = SpeedMeter::new(now, fields);
    }

    /// The last figure: percent of the real machine's speed (none in the first second).
    pub fn percent(&self) -> Option<u32> {
        self.percent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_speed_is_fields_a_second_against_the_dragons() {
        let t0 = Instant::now();
        let mut m = SpeedMeter::new(t0, 100);
        m.update(t0 + Duration::from_millis(500), 125);
        assert_eq!(m.percent(), None, "not a second yet");
        m.update(t0 + Duration::from_secs(2), 200);
        assert_eq!(m.percent(), Some(100), "50 fields a second");
        m.update(t0 + Duration::from_secs(3), 700);
        assert_eq!(m.percent(), Some(1001));
        m.restart(t0, 0);
        assert_eq!(m.percent(), None);
    }
}
