//! TRON's `[n]` and `--trace`'s record of the lines run: both act when a program line is
//! entered, so the statement loop looks at one flag, `is_active`, which is kept true exactly
//! while either is on.

use crate::machine::hardware::Hardware;

/// The most lines `--trace` records: a program that never stops must not take all the host's
/// memory (4M lines are 8 MB here and about 24 MB written out).
pub const TRACE_LIMIT: usize = 4 << 20;

#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// TRON: each line's number is printed in brackets as it is entered.
    tron: bool,
    /// `--trace`: the number of every program line entered, as TRON would show it, without
    /// printing anything (None: not recording), up to [`TRACE_LIMIT`] lines.
    recorded: Option<Vec<u16>>,
    /// `tron || recorded.is_some()`.
    active: bool,
}

impl Trace {
    /// TRON.
    pub fn tron(&mut self) {
        self.tron = true;
        self.active = true;
    }

    /// TROFF (the record, if any, goes on).
    pub fn troff(&mut self) {
        self.tron = false;
        self.active = self.recorded.is_some();
    }

    /// Start recording the lines run (from none).
    pub fn start_recording(&mut self) {
        self.recorded = Some(Vec::new());
        self.active = true;
    }

    /// The lines recorded since `start_recording`.
    pub fn recorded(&self) -> Option<&[u16]> {
        self.recorded.as_deref()
    }

    /// Whether entering a line must be traced (TRON or a record).
    #[inline(always)]
    pub fn is_active(&self) -> bool {
        self.active
    }

    /// Program line `number` was entered: recorded, and printed under TRON.
    #[cold]
    #[inline(never)]
    pub fn line_entered(&mut self, hw: &mut Hardware, number: u16) {
        if let Some(t) = self.recorded.as_mut() {
            if t.len() < TRACE_LIMIT {
                t.push(number);
            }
        }
        if self.tron {
            hw.print(b'[');
            hw.print_bytes(number.to_string().as_bytes());
            hw.print(b']');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Trace;

    #[test]
    fn active_while_tron_or_recording() {
        let mut t = Trace::default();
        assert!(!t.is_active());
        t.tron();
        t.start_recording();
        t.troff();
        assert!(t.is_active(), "the record goes on after TROFF");
        let mut t = Trace::default();
        t.tron();
        t.troff();
        assert!(!t.is_active());
        assert_eq!(t.recorded(), None);
    }
}
