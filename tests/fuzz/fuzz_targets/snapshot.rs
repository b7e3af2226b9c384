//! Snapshot files (`--snapshot`, F9, `play`'s Snapshot.spacemono). The first byte picks how the
//! rest is given: below 0x80 as it is, so the checks before any replay (magic, version, size,
//! checksum) meet arbitrary bytes; from 0x80 with its checksum made good first
//! (`seal_snapshot`), so that mutations of a valid snapshot (the seeds are four, each with
//! this byte in front) get past the checksum to the counts, the entries and the replay.
//!
//! A restore must end with a machine or a reason, never a panic. The replay is stopped after
//! `FIELDS` fields, as a frontend's watcher can stop it: a snapshot may claim up to
//! `MAX_SNAPSHOT_FIELDS` fields, replayed at several million a second, which is bounded but
//! longer than a fuzzer's timeout. A machine that is restored must snapshot again and restore
//! from that to the same memory.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono_core::Machine;
use spacemono_core::seal_snapshot;

/// Fields a replay may run here before it is stopped.
const FIELDS: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = rest.to_vec();
    if mode >= 0x80 {
        seal_snapshot(&mut bytes);
    }
    let Ok(mut m) = Machine::from_snapshot_watched(&bytes, |done, _| done < FIELDS) else {
        return;
    };
    for _ in 0..10 {
        m.run_field();
    }
    let again = m.snapshot().expect("a restored machine can be snapshotted");
    let back = Machine::from_snapshot(&again).expect("its snapshot restores");
    assert_eq!(back.memory(), m.memory(), "the restored snapshot's memory");
});
