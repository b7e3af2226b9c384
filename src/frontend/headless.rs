//! Running the machine with no window and no sound device: flat out, deterministic, ending
//! by the rules of the command line (issue 2 §9). The rules themselves are the machine's
//! ([`Machine::run_until_done_with`]); what the command line adds is Ctrl-C and SIGTERM.

use spacemono_core::Machine;
pub use spacemono_core::{EndReason, BATCH_FIELDS, FIELDS_PER_SECOND, IDLE_SECONDS};

/// Run until one of the end conditions or a caught signal; returns why it stopped.
pub fn run_until_done(machine: &mut Machine, max_fields: Option<u64>) -> EndReason {
    run_until_done_with(machine, max_fields, BATCH_FIELDS, |_| {})
}

/// As [`run_until_done`], calling `after_fields` after every `batch` fields at most (it is
/// called after any field that does not end running too). A signal caught once
/// [`super::signals::catch`] was called ends the run as [`EndReason::Interrupted`].
pub fn run_until_done_with(
    machine: &mut Machine,
    max_fields: Option<u64>,
    batch: u32,
    mut after_fields: impl FnMut(&mut Machine),
) -> EndReason {
    machine.run_until_done_with(max_fields, batch, |m| {
        after_fields(m);
        super::signals::caught().is_none()
    })
}
