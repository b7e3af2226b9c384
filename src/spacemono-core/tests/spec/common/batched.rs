//! One program run two ways: a field at a time (`Machine::run_field`, as the window's loop
//! runs it) and in batches (`Machine::run_fields`, the headless loop, where the interpreter
//! crosses the field ends itself). The two must be the same run.

use spacemono_core::{Machine, Status};

/// What the batched run did.
pub struct BatchedRun {
    pub transcript: String,
    pub batches: u32,
    pub longest: u32,
    /// Batches that ended before the fields allowed them (the program waiting for a key).
    pub stopped_short: u32,
}

/// Runs `listing` for `fields` fields on two machines, one a field at a time and one in
/// batches of up to 37 fields, calling `input(machine, key)` on both at each `(field, key)` of
/// `inputs` (the batches stop there), and checks after every batch that both ran the same
/// fields to the same status and hold the same RAM, and at the end the same transcript.
pub fn same_run_batched(
    listing: &[u8],
    fields: u64,
    inputs: &[(u64, u8)],
    input: fn(&mut Machine, u8),
) -> BatchedRun {
    let start = |m: &mut Machine| {
        m.load_listing(listing).unwrap();
        m.type_text(b"RUN\r");
    };
    let mut one = Machine::with_transcript(true);
    let mut batched = Machine::with_transcript(true);
    start(&mut one);
    start(&mut batched);
    let first = one.fields();
    assert_eq!(first, batched.fields());
    let (mut batches, mut longest, mut stopped_short) = (0, 0, 0);
    while batched.fields() - first < fields {
        let done = batched.fields() - first;
        for &(at, key) in inputs {
            if at == done {
                input(&mut one, key);
                input(&mut batched, key);
            }
        }
        // Up to the next input or the end, at most 37 fields.
        let next = inputs
            .iter()
            .map(|&(at, _)| at)
            .filter(|&at| at > done)
            .min()
            .unwrap_or(fields)
            .min(fields);
        let allowed = (next - done).min(37) as u32;
        let (status, n) = batched.run_fields(allowed);
        assert!(n >= 1 && n <= allowed, "{n} fields run of {allowed}");
        // The same fields one at a time: all but the last of them end running.
        for k in 1..=n {
            let s = one.run_field();
            if k < n {
                assert_eq!(s, Status::Running, "field {k} of a batch of {n}");
            } else {
                assert_eq!(s, status, "the batch's last field");
            }
        }
        assert_eq!(one.fields(), batched.fields());
        assert!(
            one.memory() == batched.memory(),
            "RAM differs after field {}",
            one.fields() - first
        );
        batches += 1;
        longest = longest.max(n);
        stopped_short += (n < allowed) as u32;
    }
    assert_eq!(one.transcript(), batched.transcript());
    assert_eq!(one.status(), batched.status());
    BatchedRun {
        transcript: one.transcript().unwrap_or_default(),
        batches,
        longest,
        stopped_short,
    }
}
