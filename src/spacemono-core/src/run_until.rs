//! Running the machine until there is nothing left for it to do: back at `OK` with no keys
//! left, or waiting for a key nobody will type. Headless runs, the play-by-file host and the
//! tests all end a run by these rules, so they live with the machine.

use crate::computer::{Machine, Status};
use crate::timing::FIELDS_PER_SECOND;

/// How long a program may wait for a key once the scripted keys are used up.
pub const IDLE_SECONDS: u64 = 5;

/// Fields a run lets the machine run between looks at the end conditions while the program
/// just runs (an emulated second: a few milliseconds flat out, so a caller's stop check is
/// still seen at once). Leaving the interpreter and looking cost about as much as a statement
/// of BASIC, and a field holds only a few statements of slow work (LOG, SIN): doing it every
/// field cost BM8 a tenth of its time.
pub const BATCH_FIELDS: u32 = 50;

/// Why a run handed control back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// Back at `OK` with no keys left to type.
    BackAtPrompt,
    /// The program waited [`IDLE_SECONDS`] emulated seconds for a key and none was left.
    WaitedForKeys,
    /// The run's limit of emulated time passed.
    TimeLimit,
    /// The caller asked the run to end (a frontend passes Ctrl-C and SIGTERM on this way).
    Interrupted,
}

impl EndReason {
    /// A few words for a person: why the run ended.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::BackAtPrompt => "back at OK",
            EndReason::WaitedForKeys => "waiting for a key, none left",
            EndReason::TimeLimit => "time limit reached",
            EndReason::Interrupted => "interrupted",
        }
    }
}

impl Machine {
    /// Run flat out until one of the end conditions, at most `max_fields` fields if given.
    pub fn run_until_done(&mut self, max_fields: Option<u64>) -> EndReason {
        self.run_until_done_with(max_fields, BATCH_FIELDS, |_| true)
    }

    /// As [`Machine::run_until_done`], calling `after_fields` after every `batch` fields at
    /// most (1 to record each field's sound; it is called after any field that does not end
    /// running). The run ends as [`EndReason::Interrupted`] once `after_fields` returns false.
    pub fn run_until_done_with(
        &mut self,
        max_fields: Option<u64>,
        batch: u32,
        mut after_fields: impl FnMut(&mut Machine) -> bool,
    ) -> EndReason {
        let start = self.fields();
        // Fields in which the program asked for a key and found none, since it last got one. A
        // program that does a little work between looks at the keyboard (a blinking cursor of
        // its own) still counts as waiting.
        let mut waiting = 0u64;
        let mut delivered = self.keys_delivered();
        loop {
            let allowed = match max_fields {
                Some(max) => (max - (self.fields() - start)).min(batch as u64) as u32,
                None => batch,
            };
            let (status, _) = self.run_fields(allowed.max(1));
            let go_on = after_fields(self);
            let now = self.keys_delivered();
            if now != delivered {
                delivered = now;
                waiting = 0;
            }
            // (The keys left matter only to a machine that waits for one.)
            match status {
                Status::Prompt if !self.keys_pending() => return EndReason::BackAtPrompt,
                Status::WaitingForKey if !self.keys_pending() => {
                    waiting += 1;
                    if waiting >= (IDLE_SECONDS as f64 * FIELDS_PER_SECOND) as u64 {
                        return EndReason::WaitedForKeys;
                    }
                }
                _ => {}
            }
            if !go_on {
                return EndReason::Interrupted;
            }
            if let Some(max) = max_fields {
                if self.fields() - start >= max {
                    return EndReason::TimeLimit;
                }
            }
        }
    }
}
