//! ASCII listings and ASCII saves (docs/machine.md §3; XR `cue_read_ascii`).

use spacemono_core::tape::ascii;
use spacemono_core::tape::tapefile::{file_blocks, layout, LayoutOptions, Segment};
use spacemono_core::tape::wav::{self, WavOptions};
use spacemono_core::tape::{cas, BlockType, FileType, Namefile, TapeError};

fn lines(v: &[&str]) -> Vec<Vec<u8>> {
    v.iter().map(|s| s.as_bytes().to_vec()).collect()
}

#[test]
fn every_line_end_is_accepted() {
    let want = lines(&["10 CLS", "20 PRINT \"HI\"", "30 GOTO 20"]);
    for text in [
        "10 CLS\n20 PRINT \"HI\"\n30 GOTO 20\n",
        "10 CLS\r\n20 PRINT \"HI\"\r\n30 GOTO 20\r\n",
        "10 CLS\r20 PRINT \"HI\"\r30 GOTO 20\r",
        "10 CLS\r\n20 PRINT \"HI\"\n30 GOTO 20",
        "\n\n10 CLS\n   \n\t\n20 PRINT \"HI\"\r\n\r\n30 GOTO 20\n\n",
        "10 CLS\n20 PRINT \"HI\"\n30 GOTO 20\n\x1a",
        "10 CLS\n20 PRINT \"HI\"\n30 GOTO 20\n\x1a\x1a\x1agarbage after ctrl-z\0",
    ] {
        assert_eq!(
            ascii::parse_listing(text.as_bytes()).unwrap(),
            want,
            "{text:?}"
        );
    }
}

#[test]
fn printable_text_passes_through_and_tabs_become_spaces() {
    let got = ascii::parse_listing(b"10 PRINT \"~{|}\"\tA  \n").unwrap();
    assert_eq!(
        got,
        vec![b"10 PRINT \"~{|}\" A  ".to_vec()],
        "printable characters and trailing spaces kept, a tab is a space"
    );
    // Bytes of $80 and over are not text: refused (see listing_errors), not passed through
    // to be read as tokens.
    assert!(ascii::parse_listing(b"10 PRINT \"\xC8\x80\"\n").is_err());
}

#[test]
fn listing_errors() {
    assert_eq!(ascii::parse_listing(b""), Err(TapeError::Empty));
    assert_eq!(
        ascii::parse_listing(b"\r\n  \n\t\n"),
        Err(TapeError::NoLines)
    );
    assert_eq!(
        ascii::parse_listing(b"\x1a10 CLS\n"),
        Err(TapeError::NoLines)
    );
    // A tokenized program: link, line number, tokens, NUL.
    assert_eq!(
        ascii::parse_listing(b"\x1e\x0b\x00\x0a\x87\x00\x00\x00"),
        Err(TapeError::NotText {
            offset: 0,
            byte: 0x1e
        })
    );
    // A byte of $80 or more (a token, or another machine's character set) and a control
    // character other than a line end or tab are refused too (issue 10: `tape convert` once
    // stored such a byte as a token).
    assert_eq!(
        ascii::parse_listing(b"10 PRINT\xb4\n"),
        Err(TapeError::NotText {
            offset: 8,
            byte: 0xb4
        })
    );
    assert_eq!(
        ascii::parse_listing(b"10 PRINT\x07\n"),
        Err(TapeError::NotText {
            offset: 8,
            byte: 0x07
        })
    );
    let big = vec![b'A'; spacemono_core::tape::error::MAX_INPUT_BYTES + 1];
    assert!(matches!(
        ascii::parse_listing(&big),
        Err(TapeError::TooLarge { .. })
    ));
}

#[test]
fn lines_round_trip_through_a_listing_file() {
    let l = lines(&["10 REM SPACE MONOPOLY", "20 A$=\"X\":PRINT A$", "30 END"]);
    let file = ascii::write_listing(&l);
    assert_eq!(
        file,
        b"10 REM SPACE MONOPOLY\n20 A$=\"X\":PRINT A$\n30 END\n".to_vec()
    );
    assert_eq!(ascii::parse_listing(&file).unwrap(), l);
    assert_eq!(ascii::write_listing::<Vec<u8>>(&[]), Vec::<u8>::new());
}

/// 100 lines of text: more than one 255-byte block.
fn long_listing() -> String {
    (1..=100)
        .map(|i| format!("{} PRINT \"LINE NUMBER {}\"\r\n", i * 10, i))
        .collect()
}

#[test]
fn an_ascii_save_is_laid_out_as_the_spec_says() {
    let text = long_listing();
    let blocks = ascii::listing_to_blocks("MONO", text.as_bytes()).unwrap();
    // Namefile: type 0, ASCII $FF, gap $FF.
    assert_eq!(blocks[0].kind, BlockType::Namefile);
    assert_eq!(&blocks[0].data[..11], b"MONO    \x00\xFF\xFF");
    // Data blocks of 255 bytes (the last shorter), holding the text with CR line ends.
    let payload: Vec<u8> = text.replace("\r\n", "\r").into_bytes();
    let data: Vec<&spacemono_core::tape::Block> = blocks[1..blocks.len() - 1].iter().collect();
    assert_eq!(data.len(), payload.len().div_ceil(255));
    assert!(data.iter().all(|b| b.kind == BlockType::Data));
    assert!(data[..data.len() - 1].iter().all(|b| b.data.len() == 255));
    let joined: Vec<u8> = data.iter().flat_map(|b| b.data.iter().copied()).collect();
    assert_eq!(joined, payload);
    assert!(!joined.contains(&b'\n'));
    // EOF last; every block gets its own motor gap and leader.
    assert_eq!(*blocks.last().unwrap(), spacemono_core::tape::Block::eof());
    let segs = layout(&blocks, LayoutOptions::default());
    let leaders = segs
        .iter()
        .filter(|s| matches!(s, Segment::Leader { .. }))
        .count();
    assert_eq!(leaders, blocks.len());
}

#[test]
fn ascii_text_round_trips_through_a_cas_tape() {
    let text = long_listing();
    let want = ascii::parse_listing(text.as_bytes()).unwrap();
    let image = cas::write(&ascii::listing_to_blocks("MONO", text.as_bytes()).unwrap()).unwrap();
    let files = cas::read_files(&image).unwrap();
    assert_eq!(files.len(), 1);
    let nf = files[0].namefile.unwrap();
    assert_eq!(
        (nf.file_type, nf.ascii, nf.gaps),
        (FileType::Basic, true, true)
    );
    assert_eq!(ascii::lines_from_tape_file(&files[0]).unwrap(), want);
    let listing = ascii::listing_from_tape_file(&files[0]).unwrap();
    assert_eq!(listing, ascii::write_listing(&want));
    assert_eq!(
        String::from_utf8(listing).unwrap(),
        text.replace("\r\n", "\n")
    );
}

#[test]
fn ascii_text_round_trips_through_a_wav_tape() {
    let text = "10 CLS\n20 FOR I=1 TO 10:PRINT I:NEXT\n30 END\n";
    let w = wav::encode(
        &ascii::listing_to_blocks("LOOP", text.as_bytes()).unwrap(),
        &WavOptions::default(),
    )
    .unwrap();
    let files = wav::read_files(&w).unwrap();
    assert_eq!(files[0].name(), "LOOP");
    assert_eq!(
        ascii::listing_from_tape_file(&files[0]).unwrap(),
        text.as_bytes().to_vec()
    );
}

#[test]
fn a_data_file_reads_as_text_lines() {
    let blocks = file_blocks(&Namefile::data_file("SCORES"), b"100\r\"ANN\"\r");
    let files = cas::read_files(&cas::write(&blocks).unwrap()).unwrap();
    assert_eq!(
        ascii::lines_from_tape_file(&files[0]).unwrap(),
        lines(&["100", "\"ANN\""])
    );
}

#[test]
fn a_tokenized_save_is_not_ascii() {
    let blocks = file_blocks(
        &Namefile::csave("TOK"),
        &[0x1E, 0x0B, 0x00, 0x0A, 0x87, 0x00, 0x00, 0x00],
    );
    let files = cas::read_files(&cas::write(&blocks).unwrap()).unwrap();
    assert_eq!(
        ascii::lines_from_tape_file(&files[0]),
        Err(TapeError::NotAscii)
    );
    assert_eq!(
        ascii::listing_from_tape_file(&files[0]),
        Err(TapeError::NotAscii)
    );
}

#[test]
fn empty_program_ascii_save() {
    let blocks = ascii::lines_to_blocks::<Vec<u8>>("EMPTY", &[]);
    assert_eq!(blocks.len(), 2, "namefile and EOF only");
    let files = cas::read_files(&cas::write(&blocks).unwrap()).unwrap();
    assert_eq!(
        ascii::lines_from_tape_file(&files[0]).unwrap(),
        Vec::<Vec<u8>>::new()
    );
}

#[test]
fn tape_kind_by_extension_and_contents() {
    use spacemono_core::tape::{read_files, TapeKind};
    assert_eq!(TapeKind::from_extension("CAS"), Some(TapeKind::Cas));
    assert_eq!(TapeKind::from_extension(".wav"), Some(TapeKind::Wav));
    for e in ["bas", "ASC", "txt"] {
        assert_eq!(TapeKind::from_extension(e), Some(TapeKind::Ascii));
    }
    assert_eq!(TapeKind::from_extension("dsk"), None);
    let blocks = ascii::lines_to_blocks("X", &[b"10 END".to_vec()]);
    let w = wav::encode(&blocks, &WavOptions::default()).unwrap();
    let c = cas::write(&blocks).unwrap();
    assert_eq!(TapeKind::sniff(&w), TapeKind::Wav);
    assert_eq!(TapeKind::sniff(&c), TapeKind::Cas);
    let from_text = read_files(b"10 END\r\n", TapeKind::Ascii, "PROG.BAS").unwrap();
    assert_eq!(from_text[0].name(), "PROG.BAS");
    assert!(from_text[0].checksum_ok && from_text[0].is_complete());
    assert_eq!(
        ascii::lines_from_tape_file(&from_text[0]).unwrap(),
        lines(&["10 END"])
    );
    // The same tape as .wav and .cas gives the same files (bit positions aside).
    let summary = |files: Vec<spacemono_core::tape::TapeFile>| -> Vec<_> {
        files
            .iter()
            .map(|f| (f.namefile, f.payload(), f.checksum_ok, f.is_complete()))
            .collect()
    };
    let from_wav = summary(read_files(&w, TapeKind::Wav, "").unwrap());
    assert_eq!(
        from_wav,
        summary(read_files(&c, TapeKind::Cas, "").unwrap())
    );
    assert_eq!(from_wav[0].1, b"10 END\r".to_vec());
    assert_eq!(read_files(b"", TapeKind::Ascii, "E"), Err(TapeError::Empty));
}

// ------------------------------------------------------------------ the one ASCII loader

/// A listing loaded from a file (`Machine::load_listing`, as `spacemono run` does) and the same
/// listing CLOADed from a tape: the program each leaves in memory, and the error each stops
/// with (the file's 1-based line and its text, or what CLOAD printed).
fn load_both_ways(listing: &str) -> [(Vec<Vec<u8>>, String); 2] {
    let mut from_file = crate::common::machine();
    let file_error = match from_file.load_listing(listing.as_bytes()) {
        Ok(()) => String::new(),
        Err(e) => e.to_string(),
    };
    let mut from_tape = crate::common::machine();
    from_tape
        .insert_tape_image(
            spacemono_core::tape::TapeKind::Ascii,
            "PROG",
            listing.as_bytes(),
        )
        .unwrap();
    let printed = crate::common::typed(&mut from_tape, "CLOAD");
    [
        (from_file.program_listing(), file_error),
        (from_tape.program_listing(), printed),
    ]
}

/// The Dragon enters an ASCII file's lines as if typed, and the first error ends the load
/// (SysErr sets the device back to the screen: DR `BasCmdMode2`, `SysErr`). A line number over
/// 63999 is ?SN there; the file loader once reported it on the screen and went on loading the
/// lines after it, so `run` ran a program CLOAD would never have built.
#[test]
fn a_bad_line_number_ends_the_load_from_a_file_as_it_does_from_the_tape() {
    let [(file_program, file_error), (tape_program, printed)] =
        load_both_ways("10 PRINT 1\n70000 PRINT 2\n20 PRINT 3\n");
    assert_eq!(tape_program, lines(&["10 PRINT 1"]), "{printed}");
    assert!(printed.contains("?SN ERROR"), "{printed}");
    assert_eq!(file_program, tape_program, "{file_error}");
    assert!(
        file_error.starts_with("line 2:") && file_error.contains("?SN"),
        "{file_error}"
    );
}

/// The line input (DR `LB5C6`) keeps only the characters from a space to `z`: `{|}~` and
/// control characters never reach the line editor, from a tape or from a file.
#[test]
fn characters_past_z_are_dropped_from_a_file_as_from_the_tape() {
    let [(file_program, file_error), (tape_program, printed)] =
        load_both_ways("10 PRINT \"A~B{C}D|\"\n");
    assert_eq!(tape_program, lines(&["10 PRINT \"ABCD\""]), "{printed}");
    assert_eq!(file_program, tape_program, "{file_error}");
}

/// What both loaders already agreed on stays: blank lines are skipped, a bare number deletes
/// its line, lines come in any order, and a line without a number is ?DS with the lines before
/// it kept.
#[test]
fn the_file_and_the_tape_agree_on_the_line_editor_rules() {
    let [(file_program, file_error), (tape_program, printed)] =
        load_both_ways("30 END\n\n   \n 10 A=1\n20 B=2\n20\nPRINT\n40 C=3\n");
    assert_eq!(tape_program, lines(&["10 A=1", "30 END"]), "{printed}");
    assert!(printed.contains("?DS ERROR"), "{printed}");
    assert_eq!(file_program, tape_program);
    assert!(
        file_error.starts_with("line 7:") && file_error.contains("?DS"),
        "{file_error}"
    );
}

/// `Machine::cload_named_now` (CLOAD without the show, as `--fast` boots a game) loads an ASCII
/// program through the same loader: it once opened the file and left the program empty.
#[test]
fn cload_at_once_loads_an_ascii_program_through_the_same_loader() {
    use spacemono_core::tape::TapeKind;
    let mut m = crate::common::machine();
    m.insert_tape_image(TapeKind::Ascii, "PROG", b"20 PRINT 2\n10 PRINT 1\n")
        .unwrap();
    m.cload_named_now(b"PROG").unwrap();
    assert_eq!(m.program_listing(), lines(&["10 PRINT 1", "20 PRINT 2"]));
    m.insert_tape_image(TapeKind::Ascii, "BAD", b"10 PRINT 1\nPRINT 2\n")
        .unwrap();
    let e = m.cload_named_now(b"").unwrap_err().to_string();
    assert!(e.contains("line 2") && e.contains("?DS"), "{e}");
    assert_eq!(m.program_listing(), lines(&["10 PRINT 1"]));
}

/// The characters the load drops are found, line by line, to be named in a warning.
#[test]
fn a_listing_with_characters_the_dragon_drops_is_warned_about() {
    let text = b"10 PRINT \"~{~\"\n20 END\n30 REM |\x7f\n\x1a40 REM }";
    let found = ascii::dropped_characters(text);
    assert_eq!(
        found.iter().map(|d| d.file_line).collect::<Vec<_>>(),
        [1, 3]
    );
    // (The warnings `run` prints from these: tests/suite/deck_cli.rs.)
}

/// A failed ASCII CLOAD leaves the file open, as `SysErr` leaves the ROM's CasStatus: an OPEN
/// is ?AO until a CLOSE (or the next CLOAD) forgets it. The tape's loader once closed the
/// file after ?DS but not after ?SN.
#[test]
fn a_failed_ascii_cload_leaves_its_file_open_whatever_the_error() {
    for listing in ["10 PRINT 1\nPRINT 2\n", "10 PRINT 1\n70000 PRINT 2\n"] {
        let mut m = crate::common::machine();
        m.insert_tape_image(
            spacemono_core::tape::TapeKind::Ascii,
            "PROG",
            listing.as_bytes(),
        )
        .unwrap();
        let t = crate::common::typed(&mut m, "CLOAD\nOPEN \"O\",#-1,\"X\"\nCLOSE\nCLOAD");
        let errors: Vec<&str> = t.lines().filter(|l| l.contains("ERROR")).collect();
        assert_eq!(errors.len(), 3, "{listing:?}: {t}");
        assert_eq!(errors[1], "?AO ERROR", "{listing:?}: {t}");
    }
}
