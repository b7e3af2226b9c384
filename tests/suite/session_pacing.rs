//! The window's session driver keeps the machine's time: in turbo it runs fields several at
//! a time, and the run is still the one a field at a time gives (the machine's own batching
//! is checked in the core's spec, `timing.rs`).

use spacemono_core::Machine;

/// Turbo in a window (the session driver) runs fields several at a time too: it stops at
/// `--exit-after-fields` exactly, and the machine is the one run a field at a time.
#[test]
fn a_turbo_session_runs_the_same_fields_and_stops_where_asked() {
    use spacemono::frontend::audio::SoundOut;
    use spacemono::frontend::pacing::{Pacer, Speed};
    use spacemono::frontend::session::{Driver, SessionOptions};

    let listing = b"10 FOR I=1 TO 30:A=SIN(I)*LOG(I):NEXT\r20 PRINT TIMER;\r30 GOTO 10\r";
    let start = |m: &mut Machine| {
        m.load_listing(listing).unwrap();
        m.type_text(b"RUN\r");
    };
    let limit = 1003;
    let opts = SessionOptions {
        speed: Speed::Turbo,
        exit_after_fields: Some(limit),
        png: None,
        window_png: None,
    };
    let mut one = Machine::with_transcript(true);
    start(&mut one);
    let mut machine = Machine::with_transcript(true);
    start(&mut machine);
    let mut d = Driver::new(machine, SoundOut::silent());
    let mut pacer = Pacer::new(std::time::Instant::now());
    let mut wake_ups = 0;
    while !d.done(&opts) {
        d.run_due(&mut pacer, Speed::Turbo, &opts);
        wake_ups += 1;
        assert!(wake_ups < 10_000, "the session never ended");
    }
    assert_eq!(d.fields, limit);
    for _ in 0..limit {
        one.run_field();
    }
    assert_eq!(d.machine.fields(), one.fields());
    assert_eq!(d.machine.transcript(), one.transcript());
    assert!(d.machine.memory() == one.memory(), "RAM differs");
    assert!(one.transcript().unwrap().matches(' ').count() > 10);
}
