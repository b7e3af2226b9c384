//! Issue 27: every tape the code accepts keeps within the host's budget (256 MB of address
//! space, `ulimit -v`), and a larger one is refused with a message naming the file and the
//! limit. A 40 MB .cas of back-to-back blocks used to take 230-360 MB and abort under the
//! budget in `tape list`, `list`, `run` and `tape convert`.

use crate::common::*;
use crate::hostile_input::{os, spacemono_within_budget, stderr_of};
use spacemono_core::tape::error::{MAX_CAS_BYTES, MAX_TAPE_BLOCKS, MAX_WAV_BYTES};

/// A block as the Dragon writes it: `$55 $3C`, type, length, data, checksum, `$55`.
fn block(kind: u8, data: &[u8]) -> Vec<u8> {
    let sum = data
        .iter()
        .fold(kind.wrapping_add(data.len() as u8), |s, &b| {
            s.wrapping_add(b)
        });
    let mut b = vec![0x55, 0x3C, kind, data.len() as u8];
    b.extend_from_slice(data);
    b.extend([sum, 0x55]);
    b
}

/// A tape of one BASIC file "BIG" whose data blocks are `data` repeated until the image
/// would pass `size` bytes, then its end block.
fn tape_of(data: &[u8], size: usize) -> Vec<u8> {
    let mut t = vec![0x55; 128];
    t.extend(block(0, b"BIG     \x00\x00\x00\x00\x00\x00\x00"));
    let d = block(1, data);
    let end = block(0xFF, &[]);
    while t.len() + d.len() + end.len() <= size {
        t.extend(&d);
    }
    t.extend(end);
    t
}

/// What each command does with a tape, in the budget: the status and what it said.
fn every_command_on(dir: &std::path::Path, tape: &str) -> Vec<(String, Option<i32>, String)> {
    std::fs::write(dir.join("end.bas"), "10 END\n").unwrap();
    let commands: [&[&str]; 7] = [
        &["tape", "list", tape],
        &["list", tape],
        &["run", tape, "--headless", "--max-seconds", "1"],
        &["run", "end.bas", "--tape", tape, "--headless"],
        &["tape", "convert", tape, "out.bas"],
        &["tape", "convert", tape, "out.cas"],
        &["tape", "convert", tape, "out.wav"],
    ];
    commands
        .iter()
        .map(|args| {
            let o = spacemono_within_budget(&args.iter().map(|a| os(a)).collect::<Vec<_>>(), dir);
            (args.join(" "), o.status.code(), stderr_of(&o))
        })
        .collect()
}

#[test]
fn a_tape_larger_than_the_limit_is_refused_naming_the_file_and_the_limit() {
    let dir = temp_dir("tape-budget-large");
    std::fs::write(dir.join("big.cas"), tape_of(&[0x41; 255], 40 << 20)).unwrap();
    for (cmd, code, e) in every_command_on(&dir, "big.cas") {
        assert_eq!(code, Some(1), "{cmd}: {e}");
        assert!(
            e.contains("big.cas") && e.contains(&MAX_CAS_BYTES.to_string()),
            "{cmd}: {e}"
        );
    }
    // Under the size limit but over the blocks one: the smallest blocks, back to back.
    let tiny = [0x3C, 0x01, 0x00, 0x01].repeat(MAX_TAPE_BLOCKS + 1);
    std::fs::write(dir.join("tiny.cas"), tiny).unwrap();
    for (cmd, code, e) in every_command_on(&dir, "tiny.cas") {
        assert_eq!(code, Some(1), "{cmd}: {e}");
        assert!(
            e.contains("tiny.cas") && e.contains("too many blocks"),
            "{cmd}: {e}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The largest .cas accepted (of full blocks; and of as many blocks as a tape may hold) and
/// the largest .wav (made from a .cas by `tape convert`) go through every command within the
/// budget: each ends with 0 or with its message (the program is too large for the Dragon).
#[test]
fn the_largest_tapes_accepted_keep_within_the_budget() {
    let dir = temp_dir("tape-budget-largest");
    std::fs::write(dir.join("full.cas"), tape_of(&[0x41; 255], MAX_CAS_BYTES)).unwrap();
    // Blocks of 33 bytes: as many as a tape may hold, less the name and end blocks.
    let per_block = MAX_CAS_BYTES.div_ceil(MAX_TAPE_BLOCKS - 2) - 6;
    let many = tape_of(&vec![0x41; per_block], MAX_CAS_BYTES);
    assert!(many.len() > MAX_CAS_BYTES - 64, "{}", many.len());
    std::fs::write(dir.join("many.cas"), many).unwrap();
    // 226,000 bytes of full blocks make a recording just under the .wav limit.
    std::fs::write(dir.join("w.cas"), tape_of(&[0x41; 255], 226_000)).unwrap();
    let o = spacemono_within_budget(&[os("tape"), os("convert"), os("w.cas"), os("w.wav")], &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    let wav = std::fs::metadata(dir.join("w.wav")).unwrap().len() as usize;
    assert!(
        wav > MAX_WAV_BYTES * 15 / 16 && wav <= MAX_WAV_BYTES,
        "{wav}"
    );
    for tape in ["full.cas", "many.cas", "w.wav"] {
        for (cmd, code, e) in every_command_on(&dir, tape) {
            assert!(matches!(code, Some(0) | Some(1)), "{cmd}: {code:?} {e}");
            assert!(!e.contains("memory allocation"), "{cmd}: {e}");
            if code == Some(1) {
                assert!(e.contains(tape) || e.contains("out.wav"), "{cmd}: {e}");
            }
        }
        // Listed whole: the tape is read, not refused.
        let o = spacemono_within_budget(&[os("tape"), os("list"), os(tape)], &dir);
        assert_eq!(o.status.code(), Some(0), "{tape}: {}", stderr_of(&o));
        assert!(String::from_utf8_lossy(&o.stdout).contains("BIG"), "{tape}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tape held only in memory (the built-in one, a snapshot's) has no file whose limit stops
/// a program that saves without end: it grew a block a field. It is full at
/// `MAX_TAPE_BLOCKS`, and the next save is ?IO.
#[test]
fn a_tape_in_memory_fills_up_and_the_next_save_is_an_io_error() {
    use spacemono_core::tape::TapeKind;
    use spacemono_core::Machine;
    let mut m = Machine::new();
    let tape = tape_of(&[0x41; 10], 200);
    m.insert_tape_image(TapeKind::Cas, "T", &tape).unwrap();
    m.load_listing(b"10 CSAVE\"A\":GOTO 10\r").unwrap();
    m.type_text(b"RUN\r");
    for _ in 0..2 * MAX_TAPE_BLOCKS {
        m.run_field();
    }
    assert!(m.tape().blocks().len() <= MAX_TAPE_BLOCKS);
    assert!(
        m.screen_text().contains("?IO ERROR IN 10"),
        "{}",
        m.screen_text()
    );
}
