//! Programs on tape: the tokenized bytes CSAVE writes (worked out by hand from the token table
//! and the crunch rules, links for a program at $1E01), CLOAD's ?OM rule, and listing → tape →
//! listing round trips through .cas and .wav.

use spacemono_core::basic::program;
use spacemono_core::basic::program_tape::{
    self, image_listing, listing_image, load_program_image, program_image, program_listing,
};
use spacemono_core::formats::namefile::{FileType, Namefile};
use spacemono_core::formats::TapeKind;
use spacemono_core::formats::{cas, wav};
use spacemono_core::machine::cassette::{blocks_from_bytes, group_tape_blocks, Deck};
use spacemono_core::machine::memory::{addr, Memory};

const LISTING: [&str; 5] = [
    "10 PRINT \"HI\"",
    "20 FOR I=1 TO 10:A=A+I:NEXT I",
    "30 IF A>50 THEN GOTO 10 ELSE PRINT LEFT$(A$,2)",
    "40 REM DATA ?",
    "50 DATA 1,\"A:B\",X:PRINT",
];

/// The lines' stored form, by hand: PRINT $87, FOR $80, = $CB, TO $BC, + $C3, NEXT $8B,
/// IF $85, > $CA, THEN $BF, GO $81, ELSE stored as `:` $84, LEFT$ $FF $96, REM $82 (rest
/// verbatim), DATA $86 (verbatim up to a `:` outside quotes).
fn expected_image() -> Vec<u8> {
    let texts: [(u16, Vec<u8>); 5] = [
        (10, vec![0x87, b' ', b'"', b'H', b'I', b'"']),
        (
            20,
            vec![
                0x80, b' ', b'I', 0xCB, b'1', b' ', 0xBC, b' ', b'1', b'0', b':', b'A', 0xCB, b'A',
                0xC3, b'I', b':', 0x8B, b' ', b'I',
            ],
        ),
        (
            30,
            vec![
                0x85, b' ', b'A', 0xCA, b'5', b'0', b' ', 0xBF, b' ', 0x81, 0xBC, b' ', b'1', b'0',
                b' ', b':', 0x84, b' ', 0x87, b' ', 0xFF, 0x96, b'(', b'A', b'$', b',', b'2', b')',
            ],
        ),
        (40, vec![0x82, b' ', b'D', b'A', b'T', b'A', b' ', b'?']),
        (
            50,
            vec![
                0x86, b' ', b'1', b',', b'"', b'A', b':', b'B', b'"', b',', b'X', b':', 0x87,
            ],
        ),
    ];
    let mut out = Vec::new();
    let mut at: u16 = 0x1E01;
    for (n, t) in texts.iter() {
        let next = at + 4 + t.len() as u16 + 1;
        out.extend_from_slice(&next.to_be_bytes());
        out.extend_from_slice(&n.to_be_bytes());
        out.extend_from_slice(t);
        out.push(0);
        at = next;
    }
    out.extend_from_slice(&[0, 0]);
    out
}

fn fresh_memory() -> Memory {
    let mut m = Memory::new();
    m.write_u16(addr::PROGRAM_START, addr::POWER_ON_PROGRAM);
    m.write_u16(addr::STACK_TOP, addr::POWER_ON_STACK_TOP);
    program::clear_program(&mut m);
    m
}

#[test]
fn tokenized_image_is_the_bytes_the_dragon_stores() {
    let image = listing_image(&LISTING).unwrap();
    let want = expected_image();
    assert_eq!(want.len(), 102, "hand count");
    assert_eq!(&want[..2], &[0x1E, 0x0C]);
    assert_eq!(image, want);
}

#[test]
fn csave_writes_namefile_then_the_image_then_eof() {
    let mut mem = fresh_memory();
    load_program_image(&mut mem, &expected_image(), addr::POWER_ON_STACK_TOP).unwrap();
    assert_eq!(program_image(&mem), expected_image());
    let mut deck = Deck::with_blocks(Vec::new());
    program_tape::csave(&mut deck, &mem, b"SPACE").unwrap();
    let files = deck.files();
    assert_eq!(files.len(), 1);
    let nf = files[0].namefile.unwrap();
    assert_eq!(&nf.encode()[..11], b"SPACE   \x00\x00\x00");
    assert_eq!(files[0].payload(), expected_image());
    assert!(files[0].eof.is_some() && files[0].checksum_ok);
    // A program longer than 255 bytes goes in 255-byte blocks.
    let long: Vec<String> = (1..=40)
        .map(|i| format!("{i} PRINT \"LINE {i}\""))
        .collect();
    let image = listing_image(&long).unwrap();
    load_program_image(&mut mem, &image, addr::POWER_ON_STACK_TOP).unwrap();
    let mut deck = Deck::with_blocks(Vec::new());
    program_tape::csave(&mut deck, &mem, b"LONG").unwrap();
    let sizes: Vec<usize> = deck.blocks().iter().map(|b| b.block.data.len()).collect();
    let n = image.len();
    assert!(n > 510);
    let mut want = vec![15];
    want.extend(std::iter::repeat_n(255, n / 255));
    if !n.is_multiple_of(255) {
        want.push(n % 255);
    }
    want.push(0);
    assert_eq!(sizes, want);
}

#[test]
fn cload_relinks_and_sets_the_end_of_the_program() {
    // An image saved on a machine whose program started elsewhere: links are stale.
    let mut image = expected_image();
    image[0] = 0x26; // first link now points into nowhere (non-zero is all that matters)
    image[11] = 0x77;
    let mut mem = fresh_memory();
    load_program_image(&mut mem, &image, addr::POWER_ON_STACK_TOP).unwrap();
    assert_eq!(program_image(&mem), expected_image());
    assert_eq!(mem.read_u16(addr::VARS_START), 0x1E01 + 102);
    assert_eq!(mem.read_u16(addr::ARRAYS_START), 0x1E01 + 102);
    assert_eq!(mem.read_u16(addr::STORAGE_END), 0x1E01 + 102);
    let listed: Vec<String> = program_listing(&mem)
        .iter()
        .map(|l| String::from_utf8(l.clone()).unwrap())
        .collect();
    assert_eq!(listed, LISTING);
}

#[test]
fn cload_out_of_memory_follows_the_rom_rule() {
    // LB716: before each block, load address + 256 + 58 must be below S. The last check is
    // at the end of the image, before the EOF block.
    let image = expected_image();
    let end = 0x1E01u16 + image.len() as u16;
    let mut mem = fresh_memory();
    assert_eq!(
        load_program_image(&mut mem, &image, end + 256 + 58),
        Err(spacemono_core::basic::error::ErrorCode::OM)
    );
    // Nothing of it kept: an empty program.
    assert_eq!(program_image(&mem), vec![0, 0]);
    assert!(load_program_image(&mut mem, &image, end + 256 + 59).is_ok());
    assert_eq!(program_image(&mem), image);
    // Through the deck: ?OM from CLOAD.
    let mut deck = Deck::with_blocks(Vec::new());
    program_tape::csave(&mut deck, &mem, b"P").unwrap();
    deck.rewind();
    let e = program_tape::cload(&mut deck, None, &mut mem, end + 200).unwrap_err();
    assert_eq!(
        spacemono_core::basic::exec_tape::deck_error(e.clone()),
        spacemono_core::basic::error::ErrorCode::OM
    );
}

fn lines_of(v: &[Vec<u8>]) -> Vec<String> {
    v.iter()
        .map(|l| String::from_utf8(l.clone()).unwrap())
        .collect()
}

#[test]
fn listing_to_tape_to_listing_through_cas_and_wav() {
    let image = listing_image(&LISTING).unwrap();
    let mut mem = fresh_memory();
    load_program_image(&mut mem, &image, addr::POWER_ON_STACK_TOP).unwrap();
    for ascii in [false, true] {
        let mut deck = Deck::with_blocks(Vec::new());
        if ascii {
            program_tape::csave_ascii(&mut deck, &mem, b"PROG").unwrap();
        } else {
            program_tape::csave(&mut deck, &mem, b"PROG").unwrap();
        }
        let blocks: Vec<_> = deck.blocks().iter().map(|b| b.block.clone()).collect();
        let cas_bytes = cas::write(&blocks).unwrap();
        let wav_bytes = wav::encode(&blocks, &wav::WavOptions::default()).unwrap();
        for (kind, bytes) in [(TapeKind::Cas, cas_bytes), (TapeKind::Wav, wav_bytes)] {
            let tape = blocks_from_bytes(&bytes, kind, "X").unwrap();
            let mut deck = Deck::with_blocks(tape);
            let mut m2 = fresh_memory();
            let (found, outcome) =
                program_tape::cload(&mut deck, Some(b"PROG"), &mut m2, addr::POWER_ON_STACK_TOP)
                    .unwrap();
            assert_eq!(found.namefile.name_str(), "PROG");
            let lines = match outcome {
                program_tape::CloadOutcome::Tokenized { bytes } => {
                    assert!(!ascii);
                    assert_eq!(bytes, image.len());
                    program_listing(&m2)
                }
                program_tape::CloadOutcome::Ascii => {
                    assert!(ascii);
                    deck.read_all_lines().unwrap()
                }
            };
            assert_eq!(lines_of(&lines), LISTING, "{kind:?} ascii={ascii}");
        }
    }
}

#[test]
fn ascii_save_is_list_output_with_cr() {
    let mut mem = fresh_memory();
    load_program_image(
        &mut mem,
        &listing_image(&LISTING).unwrap(),
        addr::POWER_ON_STACK_TOP,
    )
    .unwrap();
    let mut deck = Deck::with_blocks(Vec::new());
    program_tape::csave_ascii(&mut deck, &mem, b"TXT").unwrap();
    let f = &deck.files()[0];
    let nf = f.namefile.unwrap();
    assert_eq!(
        (nf.file_type, nf.ascii, nf.gaps),
        (FileType::Basic, true, true)
    );
    let mut want = LISTING.join("\r").into_bytes();
    want.push(b'\r');
    assert_eq!(f.payload(), want);
}

#[test]
fn image_listing_and_listing_image_are_inverse() {
    let image = listing_image(&LISTING).unwrap();
    assert_eq!(lines_of(&image_listing(&image).unwrap()), LISTING);
    // Lines out of order and a replaced line, as typed into the editor.
    let typed = ["20 B=2", "10 A=1", "20 B=3", "5 REM"];
    let img = listing_image(&typed).unwrap();
    assert_eq!(
        lines_of(&image_listing(&img).unwrap()),
        ["5 REM", "10 A=1", "20 B=3"]
    );
    // A line without a number is ?DS.
    let e = listing_image(&["10 A=1", "PRINT"]).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("?DS"), "{e}");
    // Far too big for a Dragon 32.
    let big: Vec<String> = (1..=2000)
        .map(|i| format!("{i} REM {}", "X".repeat(40)))
        .collect();
    assert!(listing_image(&big).unwrap_err().message.contains("?OM"));
}

#[test]
fn namefile_of_ascii_tape_from_listing() {
    let t = blocks_from_bytes(b"10 PRINT\n", TapeKind::Ascii, "HELLO").unwrap();
    let files = group_tape_blocks(&t);
    assert_eq!(files[0].namefile, Some(Namefile::csave_ascii("HELLO")));
}
