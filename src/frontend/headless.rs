//! Running the machine with no window and no sound device: flat out, deterministic, ending
//! by the rules of the command line (issue 2 §9).

use crate::computer::{Machine, Status};

/// Fields in one emulated second (PAL).
pub use crate::timing::FIELDS_PER_SECOND;
/// How long a program may wait for a key once the scripted keys are used up.
pub const IDLE_SECONDS: u64 = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// Back at `OK` with no keys left to type.
    BackAtPrompt,
    /// The program waited 5 emulated seconds for a key and none was left.
    WaitedForKeys,
    /// `--max-seconds` of emulated time passed.
    TimeLimit,
    /// A signal (Ctrl-C, SIGTERM) asked the run to end, once [`super::signals::catch`] was
    /// called.
    Interrupted,
}

impl EndReason {
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::BackAtPrompt => "back at OK",
            EndReason::WaitedForKeys => "waiting for a key, none left",
            EndReason::TimeLimit => "time limit reached",
            EndReason::Interrupted => "interrupted",
        }
    }
}

/// Run until one of the end conditions; returns why it stopped.
pub fn run_until_done(machine: &mut Machine, max_fields: Option<u64>) -> EndReason {
    run_until_done_with(machine, max_fields, BATCH_FIELDS, |_| {})
}

/// Fields a silent run lets the machine run between looks at the end conditions while the
/// program just runs (an emulated second: a few milliseconds flat out, so Ctrl-C is still
/// noticed at once). Leaving the interpreter and looking cost about as much as a statement
/// of BASIC, and a field holds only a few statements of slow work (LOG, SIN): doing it every
/// field cost BM8 a tenth of its time.
pub const BATCH_FIELDS: u32 = 50;

/// As [`run_until_done`], calling `after_fields` after every `batch` fields at most (it is
/// called after any field that does not end running too).
pub fn run_until_done_with(
    machine: &mut Machine,
    max_fields: Option<u64>,
    batch: u32,
    mut after_fields: impl FnMut(&mut Machine),
) -> EndReason {
    let start = machine.fields();
    // Fields in which the program asked for a key and found none, since it last got one. A
    // program that does a little work between looks at the keyboard (a blinking cursor of
    // its own) still counts as waiting.
    let mut waiting = 0u64;
    let mut delivered = machine.keys_delivered();
    loop {
        let allowed = match max_fields {
            Some(max) => (max - (machine.fields() - start)).min(batch as u64) as u32,
            None => batch,
        };
        let (status, _) = machine.run_fields(allowed.max(1));
        after_fields(machine);
        let now = machine.keys_delivered();
        if now != delivered {
            delivered = now;
            waiting = 0;
        }
        // (The keys left matter only to a machine that waits for one.)
        match status {
            Status::Prompt if !machine.keys_pending() => return EndReason::BackAtPrompt,
            Status::WaitingForKey if !machine.keys_pending() => {
                waiting += 1;
                if waiting >= (IDLE_SECONDS as f64 * FIELDS_PER_SECOND) as u64 {
                    return EndReason::WaitedForKeys;
                }
            }
            _ => {}
        }
        if super::signals::caught().is_some() {
            return EndReason::Interrupted;
        }
        if let Some(max) = max_fields {
            if machine.fields() - start >= max {
                return EndReason::TimeLimit;
            }
        }
    }
}
