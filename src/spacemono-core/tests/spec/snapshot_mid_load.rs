//! A snapshot taken while machine code times the cassette bit itself (a custom loader, the
//! motor on through $FF21): the snapshot is the journal of what was done to the machine, so
//! its replay moves the tape under the head to the very cycle it had reached (the deck's
//! "moved to" cycle, `cassette/signal.rs`), and the restored machine reads on from there.

use crate::common::machine;
use spacemono_core::tape::{cas, tapefile, Namefile, TapeKind};
use spacemono_core::{Machine, Status};

/// `tests/mc6809/tape_bits.asm`: reads a block by timing PIA1 PA0 alone.
const TAPE_BITS: &[u8] = include_bytes!("../mc6809/tape_bits.bin");

fn load_code(m: &mut Machine, code: &[u8]) {
    for (i, b) in code.iter().enumerate() {
        m.poke(0x3000 + i as u16, *b);
    }
}

/// A machine-code file "HELLO" holding the bytes 1 to 40; its namefile block as the loader
/// stores it (type, length, data, checksum).
fn hello_tape() -> (Vec<u8>, Vec<u8>) {
    let payload: Vec<u8> = (1..=40).collect();
    let namefile = Namefile::csavem("HELLO", 0x3100, 0x3100);
    let blocks = tapefile::file_blocks(&namefile, &payload);
    let b = &blocks[0];
    let mut want = vec![b.kind.to_byte(), b.data.len() as u8];
    want.extend(&b.data);
    want.push(b.checksum());
    (cas::write(&blocks).expect("a tape"), want)
}

/// A snapshot taken while a custom loader times the cassette bit goes on where the tape was:
/// the restored machine reads the same block, and the tape stands where the original's does.
/// The loader started: EXEC typed and running.
fn loading() -> (Machine, Vec<u8>) {
    let mut m = machine();
    let (tape, want) = hello_tape();
    m.insert_tape_image(TapeKind::Cas, "hello.cas", &tape)
        .unwrap();
    load_code(&mut m, TAPE_BITS);
    m.type_text(b"EXEC &H3000\r");
    let mut typing = 0;
    while m.status() != Status::Running && typing < 200 {
        m.run_fields(1);
        typing += 1;
    }
    (m, want)
}

/// What the loader stored at $3200 on, up to the end address it left at $3100.
fn read(m: &Machine) -> Vec<u8> {
    (0x3200..m.peek16(0x3100)).map(|a| m.peek(a)).collect()
}

#[test]
fn a_snapshot_taken_mid_custom_load_goes_on_reading_the_same_bits() {
    // How long the load takes, undisturbed: the block's bits come in its last fields.
    let (mut m, want) = loading();
    let start = m.fields();
    m.run_until_done(Some(50 * 60));
    assert_eq!(read(&m), want);
    let took = (m.fields() - start) as u32;
    for fields in [took / 2, took - 4, took - 3, took - 2] {
        let (mut m, _) = loading();
        m.run_fields(fields);
        assert_eq!(
            m.status(),
            Status::Running,
            "still loading after {fields} fields"
        );
        let bytes = m.snapshot().expect("a snapshot");
        let mut back = Machine::from_snapshot(&bytes).expect("it replays");
        for x in [&mut m, &mut back] {
            x.run_until_done(Some(50 * 60));
        }
        assert_eq!(read(&m), want);
        assert_eq!(
            read(&back),
            want,
            "restored after {fields} of {took} fields"
        );
        assert_eq!(back.tape_counter(), m.tape_counter());
        assert_eq!(back.fields(), m.fields(), "done in the same field");
    }
}
