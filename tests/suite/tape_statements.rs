//! CLOAD, CSAVE, SKIPF and data files from BASIC, on a tape in the deck.

use crate::common::*;
use spacemono::frontend::tape_file::insert;

fn temp_tape(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("spacemono-tape-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn csave_then_cload_brings_the_program_back() {
    let tape = temp_tape("prog.cas");
    let mut m = machine();
    insert(m.deck(), &tape).unwrap();
    let t = typed(
        &mut m,
        "10 PRINT \"HI\"\n20 A=5\nCSAVE \"PROG\"\nNEW\nLIST\nCLOAD \"PROG\"\nLIST\nRUN",
    );
    assert!(
        t.ends_with("LIST\n10 PRINT \"HI\"\n20 A=5\nOK\nRUN\nHI\nOK\n"),
        "{t}"
    );
    // The tape on disk holds one tokenized BASIC file called PROG.
    let bytes = std::fs::read(&tape).unwrap();
    let files = spacemono_core::tape::cas::read_files(&bytes).unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].name().trim_end(), "PROG");
}

#[test]
fn cload_shows_s_then_f_and_the_names_passed() {
    let tape = temp_tape("two.cas");
    let mut m = machine();
    insert(m.deck(), &tape).unwrap();
    typed(
        &mut m,
        "10 REM ONE\nCSAVE \"FIRST\"\nNEW\n10 REM TWO\nCSAVE \"SECOND\"\nNEW",
    );
    // Rewind by inserting the tape again, then look for the second file.
    insert(m.deck(), &tape).unwrap();
    let t = typed(&mut m, "CLOAD \"SECOND\"");
    assert!(t.contains("FIRST"), "{t}");
    assert!(t.contains("SECOND"), "{t}");
    let screen = m.screen_text();
    let top = screen.lines().next().unwrap();
    // F (possibly inverted by the last block's blink: shown in lower case) at the top left.
    assert!(top.starts_with('F') || top.starts_with('f'), "{screen}");
    let t = typed(&mut m, "LIST");
    assert!(t.contains("10 REM TWO"), "{t}");
}

#[test]
fn ascii_save_and_load() {
    let tape = temp_tape("ascii.cas");
    let mut m = machine();
    insert(m.deck(), &tape).unwrap();
    let t = typed(&mut m, "10 PRINT 1+1\nCSAVE \"A\",A\nNEW\nCLOAD\nRUN");
    assert!(t.ends_with("RUN\n 2 \nOK\n"), "{t}");
}

#[test]
fn data_files_round_trip() {
    let tape = temp_tape("data.cas");
    let prog = "10 OPEN \"O\",#-1,\"DATA\"\n20 PRINT #-1,\"APPLE\";\",\";42\n30 PRINT #-1,\"PEAR\";\",\";7\n40 CLOSE #-1\n50 END";
    let mut m = machine();
    insert(m.deck(), &tape).unwrap();
    m.load_listing(prog.as_bytes()).unwrap();
    typed(&mut m, "RUN");
    insert(m.deck(), &tape).unwrap();
    let reader = "10 OPEN \"I\",#-1,\"DATA\"\n20 IF EOF(-1) THEN 50\n30 INPUT #-1,A$,N:PRINT A$;N\n40 GOTO 20\n50 CLOSE #-1:PRINT \"DONE\"";
    m.load_listing(reader.as_bytes()).unwrap();
    let t = typed(&mut m, "RUN");
    assert!(t.ends_with("APPLE 42 \nPEAR 7 \nDONE\nOK\n"), "{t}");
}

#[test]
fn cload_without_a_tape_of_machine_code_and_of_a_data_file() {
    assert_eq!(direct("CLOAD"), "?IO ERROR\n");
    let tape = temp_tape("kinds.cas");
    let mut m = machine();
    insert(m.deck(), &tape).unwrap();
    typed(&mut m, "CSAVEM \"CODE\",&H3000,&H3001,&H3000");
    typed(
        &mut m,
        "OPEN \"O\",#-1,\"D\":PRINT #-1,\"10 PRINT 42\":CLOSE #-1",
    );
    typed(&mut m, "OPEN \"O\",#-1,\"W\":PRINT #-1,\"HELLO\":CLOSE #-1");
    insert(m.deck(), &tape).unwrap();
    // Machine code: ?FM.
    let t = typed(&mut m, "CLOAD \"CODE\"");
    assert!(t.contains("?FM ERROR"), "{t}");
    // A data file: CLOAD (LB6E1) checks only the gap and ASCII flags, so its records go
    // through the line editor as an ASCII program's lines would...
    insert(m.deck(), &tape).unwrap();
    let t = typed(&mut m, "CLOAD \"D\"");
    let r = typed(&mut m, "RUN");
    assert!(r.ends_with(" 42 \nOK\n"), "{t}{r}");
    // ...and a record that is not a numbered line is ?DS, as in an ASCII program.
    let t = typed(&mut m, "CLOAD \"W\"");
    assert!(t.contains("?DS ERROR"), "{t}");
}

#[test]
fn audio_on_lets_the_tape_be_heard_while_it_loads() {
    use spacemono_core::Event;
    let tape = temp_tape("audio.cas");
    let mut m = machine();
    insert(m.deck(), &tape).unwrap();
    typed(&mut m, "10 REM A LITTLE PROGRAM\nCSAVE \"P\"");
    insert(m.deck(), &tape).unwrap();
    m.events().clear();
    typed(&mut m, "CLOAD");
    assert!(
        !m.pending_events()
            .iter()
            .any(|e| matches!(e, Event::Tone { .. })),
        "AUDIO OFF: silent"
    );
    insert(m.deck(), &tape).unwrap();
    m.events().clear();
    typed(&mut m, "AUDIO ON:CLOAD");
    let heard: u32 = m
        .pending_events()
        .iter()
        .map(|e| match e {
            Event::Tone { fields, .. } => *fields,
            _ => 0,
        })
        .sum();
    assert!(heard >= 1, "AUDIO ON: the tape is heard for {heard} fields");
}
