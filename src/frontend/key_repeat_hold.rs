//! A key held in a terminal, known only by its repeats: a terminal sends no key-up, but while
//! a key is held it sends it again and again (after a first delay, commonly 250-660 ms, then
//! every 30-40 ms). The key counts as held from its first press until no repeat has come for
//! longer than that first delay. The terminal view's Insert (fast forward, the window's
//! Insert held, MAME's) is held this way.

use std::time::{Duration, Instant};

/// How long after the last press or repeat the key still counts as held: longer than the
/// usual terminals' first repeat delay (X's default is 660 ms), so that holding the key never
/// lets go in that gap.
pub const HOLD_AFTER_REPEAT: Duration = Duration::from_millis(750);

/// Whether the key is held, and since when it last came.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeldByRepeat {
    last: Option<Instant>,
}

impl HeldByRepeat {
    /// The key came (a press or a repeat) at `now`; true if it was not held before.
    pub fn came(&mut self, now: Instant) -> bool {
        self.last.replace(now).is_none()
    }

    /// True once, at the first look after the repeats stopped: the key was let go.
    pub fn let_go(&mut self, now: Instant) -> bool {
        match self.last {
            Some(at) if now.duration_since(at) > HOLD_AFTER_REPEAT => {
                self.last = None;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_through_the_first_repeat_delay_and_let_go_once_after_the_last() {
        let t0 = Instant::now();
        let ms = |n| t0 + Duration::from_millis(n);
        let mut k = HeldByRepeat::default();
        assert!(!k.let_go(ms(5000)), "never pressed");
        assert!(k.came(t0));
        // The terminal's first repeat comes 660 ms later: still held meanwhile.
        assert!(!k.let_go(ms(700)));
        assert!(!k.came(ms(660)));
        for n in 1..10 {
            assert!(!k.came(ms(660 + 40 * n)));
        }
        assert!(!k.let_go(ms(1020 + 700)));
        assert!(k.let_go(ms(1020 + 800)), "let go after the repeats stop");
        assert!(!k.let_go(ms(3000)), "told once");
        assert!(k.came(ms(4000)), "pressed anew");
    }
}
