//! Keeping time: 49.97 fields a second at period speed, flat out in turbo, and a low wake-up
//! rate while the machine only waits for a key and the picture does not change.
//!
//! The pacer only counts: it says how many fields are due at a given instant and when to
//! wake up next. The frontends sleep until then (no spinning), so a machine sitting at `OK`
//! costs almost no CPU.

use std::time::{Duration, Instant};

/// One PAL field.
pub const FIELD: Duration = Duration::from_nanos(spacemono_core::FIELD_NANOS);
/// Fields the machine must have been idle before the wake-up rate drops.
pub const IDLE_AFTER_FIELDS: u32 = 50;
/// While idle, wake every this many fields (and run them together): 10 times a second.
pub const IDLE_STEP_FIELDS: u32 = 5;
/// At most this many fields are run to catch up; beyond that (a suspended process, a slow
/// machine) the lost time is let go rather than run in a burst.
pub const MAX_CATCH_UP: u32 = 10;
/// Wall time a turbo burst runs before the picture is shown and input read.
pub const TURBO_BURST: Duration = Duration::from_millis(20);

/// How fast the machine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Speed {
    /// 49.97 fields a second, as the real machine.
    #[default]
    Period,
    /// As fast as the host can go (still 49.97 a second while the machine only waits).
    Turbo,
}

impl Speed {
    pub fn toggled(self) -> Speed {
        match self {
            Speed::Period => Speed::Turbo,
            Speed::Turbo => Speed::Period,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Pacer {
    /// Deadline of the next field.
    next: Instant,
    /// How long the machine has only waited, in fields, less 10 for each wake-up that
    /// changed the picture: the cursor blink (twice a second) lets it become idle, a program
    /// animating while it polls INKEY$ does not.
    idle_fields: u32,
}

impl Pacer {
    pub fn new(now: Instant) -> Self {
        Pacer {
            next: now,
            idle_fields: 0,
        }
    }

    /// Fields due at `now` (0 if it is not yet time), and the deadline moves past them.
    pub fn due(&mut self, now: Instant) -> u32 {
        if now < self.next {
            return 0;
        }
        let behind = (now - self.next).as_micros() / FIELD.as_micros();
        let n = behind as u32 + 1;
        if n > MAX_CATCH_UP {
            self.next = now + FIELD;
            return MAX_CATCH_UP;
        }
        self.next += FIELD * n;
        n
    }

    /// Start timing afresh from `now` (after turbo, or a pause).
    pub fn restart(&mut self, now: Instant) {
        self.next = now;
    }

    /// After a wake-up that ran `fields` fields: whether the machine is only waiting (for a
    /// key, nothing queued, no sound) and whether the picture changed.
    pub fn note(&mut self, waiting: bool, changed: bool, fields: u32) {
        self.idle_fields = if !waiting {
            0
        } else if changed {
            self.idle_fields.saturating_sub(10)
        } else {
            (self.idle_fields + fields).min(2 * IDLE_AFTER_FIELDS)
        };
    }

    pub fn is_idle(&self) -> bool {
        self.idle_fields >= IDLE_AFTER_FIELDS
    }

    /// When to wake up: the next field's deadline, or a few fields later while idle.
    pub fn wake_at(&self) -> Instant {
        if self.is_idle() {
            self.next + FIELD * (IDLE_STEP_FIELDS - 1)
        } else {
            self.next
        }
    }

    /// Sleep until [`Pacer::wake_at`].
    pub fn sleep(&self) {
        let at = self.wake_at();
        let now = Instant::now();
        if at > now {
            std::thread::sleep(at - now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_field_every_20_ms() {
        // A field is 17,784 cycles at 888,625 Hz: 20.013 ms.
        assert_eq!(FIELD, Duration::from_nanos(20_012_941));
        let t0 = Instant::now();
        let mut p = Pacer::new(t0);
        assert_eq!(p.due(t0), 1);
        assert_eq!(p.due(t0 + Duration::from_millis(5)), 0);
        assert_eq!(p.wake_at(), t0 + FIELD);
        assert_eq!(p.due(t0 + Duration::from_millis(20)), 0);
        assert_eq!(p.due(t0 + FIELD), 1);
        // Late: at 2.5 fields only the second field is due; at 5.25 those of 3, 4 and 5.
        assert_eq!(p.due(t0 + FIELD * 5 / 2), 1);
        assert_eq!(p.wake_at(), t0 + FIELD * 3);
        assert_eq!(p.due(t0 + FIELD * 21 / 4), 3);
        assert_eq!(p.wake_at(), t0 + FIELD * 6);
    }

    #[test]
    fn a_long_stall_is_let_go() {
        let t0 = Instant::now();
        let mut p = Pacer::new(t0);
        assert_eq!(p.due(t0 + Duration::from_secs(5)), MAX_CATCH_UP);
        assert_eq!(p.wake_at(), t0 + Duration::from_secs(5) + FIELD);
    }

    #[test]
    fn idle_drops_to_ten_wakeups_a_second_and_catches_up_the_fields() {
        let t0 = Instant::now();
        let mut p = Pacer::new(t0);
        let mut t = t0;
        for i in 0..IDLE_AFTER_FIELDS {
            assert_eq!(p.due(t), 1);
            // The cursor blinks every 25 fields: still idle.
            p.note(true, i % 25 == 24, 1);
            t += FIELD;
        }
        assert!(!p.is_idle());
        for _ in 0..60 {
            assert_eq!(p.due(t), 1);
            p.note(true, false, 1);
            t += FIELD;
        }
        assert!(p.is_idle());
        // It sleeps 5 fields and then runs all 5: emulated time keeps up with the clock.
        let wake = p.wake_at();
        assert_eq!(wake - (t - FIELD), FIELD * IDLE_STEP_FIELDS);
        assert_eq!(p.due(wake), IDLE_STEP_FIELDS);
        // A blink now and then keeps it idle.
        p.note(true, true, IDLE_STEP_FIELDS);
        assert!(p.is_idle());
        // A picture that changes at every wake-up wakes it up.
        for _ in 0..6 {
            p.note(true, true, IDLE_STEP_FIELDS);
        }
        assert!(!p.is_idle());
        // So does a key, or a running program, at once.
        for _ in 0..30 {
            p.note(true, false, IDLE_STEP_FIELDS);
        }
        assert!(p.is_idle());
        p.note(false, false, 1);
        assert!(!p.is_idle());
    }
}
