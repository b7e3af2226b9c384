//! The deck: searching with the ROM's feedback, CLOAD/SKIPF/data files and their errors,
//! appending to tape files (atomically, never damaging what was there), names that cannot reach
//! the host file system, and a noisy, 5%-fast recording that still loads.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::basic::error::ErrorCode;
use crate::basic::exec_tape::deck_error;
use crate::basic::program;
use crate::basic::program_tape::{
    self, listing_image, load_program_image, program_image, program_listing, CloadOutcome,
};
use crate::formats::block::{Block, BlockType};
use crate::formats::namefile::{FileType, Namefile};
use crate::formats::tapefile::file_blocks;
use crate::formats::{cas, wav};
use crate::machine::cassette::{
    block_duration_fields, blocks_from_bytes, file_err, show_search_event, tape_kind_of,
    tape_name_for, Deck, DeckError, LoadedTape, SearchEvent, TapeBlock,
};
use crate::machine::hardware::Hardware;
use crate::machine::memory::{addr, Memory};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A tape file put in the deck as the frontend's `tape_file::insert` puts it (a missing or
/// empty file is a blank tape), saving through a write to a temporary file and a rename (the
/// frontend's own atomic writes are held by its tests).
fn insert(deck: &mut Deck, path: &Path) -> Result<(), DeckError> {
    let kind = tape_kind_of(path)?;
    let bytes = std::fs::read(path).unwrap_or_default();
    let tape = if bytes.is_empty() {
        LoadedTape::blank(kind)
    } else {
        LoadedTape::read(kind, bytes, &tape_name_for(path))
            .map_err(|e| file_err(path, e.to_string()))?
    };
    deck.insert_tape(path, tape, save_by_rename);
    Ok(())
}

fn save_by_rename(path: &Path, bytes: &[u8]) -> Result<(), DeckError> {
    let temp = path.with_extension("saving");
    std::fs::write(&temp, bytes)
        .and_then(|()| std::fs::rename(&temp, path))
        .map_err(|e| file_err(path, format!("cannot save the tape: {e}")))
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn tmpdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "spacemono-deck-{tag}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn fresh_memory() -> Memory {
    let mut m = Memory::new();
    m.write_u16(addr::PROGRAM_START, addr::POWER_ON_PROGRAM);
    m.write_u16(addr::STACK_TOP, addr::POWER_ON_STACK_TOP);
    program::clear_program(&mut m);
    m
}

fn memory_with(lines: &[&str]) -> Memory {
    let mut m = fresh_memory();
    load_program_image(
        &mut m,
        &listing_image(lines).unwrap(),
        addr::POWER_ON_STACK_TOP,
    )
    .unwrap();
    m
}

fn good(blocks: Vec<Block>) -> Vec<TapeBlock> {
    blocks
        .into_iter()
        .map(|block| TapeBlock {
            block,
            checksum_ok: true,
            led: true,
            truncated: false,
        })
        .collect()
}

const SP: u16 = addr::POWER_ON_STACK_TOP;

/// Three files: a tokenized program ONE (2 data blocks), a data file TWO, a program THREE.
fn three_files() -> Vec<TapeBlock> {
    let one = listing_image(
        &(1..=30)
            .map(|i| format!("{i} PRINT {i}"))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert!(one.len() > 255 && one.len() <= 510);
    let mut b = file_blocks(&Namefile::csave("ONE"), &one);
    b.extend(file_blocks(&Namefile::data_file("TWO"), b"1\r2\r"));
    b.extend(file_blocks(
        &Namefile::csave("THREE"),
        &listing_image(&["10 END"]).unwrap(),
    ));
    good(b)
}

#[test]
fn search_passes_files_with_the_roms_feedback() {
    let mut deck = Deck::with_blocks(three_files());
    let mut hw = Hardware::default();
    deck.begin_search(Some(b"THREE"));
    let mut events = Vec::new();
    let mut blinks_seen = Vec::new();
    loop {
        let e = deck.search_step().unwrap();
        show_search_event(&mut hw, &e);
        blinks_seen.push(hw.mem.peek(0x400));
        let done = matches!(e, SearchEvent::Found(_));
        events.push(e);
        if done {
            break;
        }
    }
    let short: Vec<String> = events
        .iter()
        .map(|e| match e {
            SearchEvent::Begin => "B".into(),
            SearchEvent::Block { .. } => "k".into(),
            SearchEvent::Name { namefile, matches } => {
                format!("{}{}", namefile.name_str(), if *matches { "!" } else { "" })
            }
            SearchEvent::Found(n) => format!("F:{}", n.name_str()),
        })
        .collect();
    // ONE: namefile, 2 data blocks, EOF; TWO: namefile, 1 data block, EOF.
    assert_eq!(
        short.join(" "),
        "B k ONE k k k B k TWO k k B k THREE! F:THREE"
    );
    // The screen: F at the top left, the name from column 2 (the ROM's CLS before each pass
    // left only the last one).
    assert_eq!(hw.mem.peek(0x400), b'F');
    let row: Vec<u8> = (0..10).map(|i| hw.mem.peek(0x400 + i)).collect();
    assert_eq!(
        &row[2..10],
        &[b'T', b'H', b'R', b'E', b'E', 0x60, 0x60, 0x60]
    );
    assert_eq!(row[1], 0x60);
    // Each block read inverted the S ($53 <-> $13).
    assert_eq!(blinks_seen[0], b'S');
    assert_eq!(blinks_seen[1], b'S' ^ 0x40);
    assert_eq!(blinks_seen[3], b'S');
    // The tape stands after THREE's namefile.
    assert_eq!(deck.position(), 8);
    assert_eq!(deck.header().unwrap().name_str(), "THREE");
}

#[test]
fn find_file_reports_passed_names_and_cload_of_first_file() {
    let mut deck = Deck::with_blocks(three_files());
    let f = deck.find_file(Some(b"THREE")).unwrap();
    let passed: Vec<String> = f.passed.iter().map(|n| n.name_str()).collect();
    assert_eq!(passed, ["ONE", "TWO"]);
    // CLOAD "" loads the first file found.
    deck.rewind();
    let mut mem = fresh_memory();
    let (found, out) = program_tape::cload(&mut deck, Some(b""), &mut mem, SP).unwrap();
    assert_eq!(found.namefile.name_str(), "ONE");
    assert!(matches!(out, CloadOutcome::Tokenized { .. }));
    assert_eq!(program_listing(&mem).len(), 30);
    // The next CLOAD goes on from there: TWO is a data file. CLOAD (LB6E1) looks only at the
    // gap and ASCII flags, never at the type, so a data file is read as an ASCII program.
    let (found, out) = program_tape::cload(&mut deck, None, &mut mem, SP).unwrap();
    assert_eq!(found.namefile.name_str(), "TWO");
    assert_eq!(out, CloadOutcome::Ascii);
}

#[test]
fn skipf_moves_past_a_file() {
    let mut deck = Deck::with_blocks(three_files());
    let f = deck.skip_file(None).unwrap();
    assert_eq!(f.namefile.name_str(), "ONE");
    assert_eq!(deck.position(), 4);
    let f = deck.skip_file(Some(b"THREE")).unwrap();
    assert_eq!(f.namefile.name_str(), "THREE");
    assert!(deck.at_end());
    assert_eq!(deck.skip_file(None), Err(DeckError::EndOfTape));
}

#[test]
fn wrong_types_are_fm_and_bad_blocks_io() {
    let mut mem = fresh_memory();
    // A data file by CLOAD when tokenized flags are set: machine code → ?FM.
    let mut b = file_blocks(&Namefile::csavem("MC", 0x3000, 0x3000), &[1, 2, 3]);
    b.extend(file_blocks(
        &Namefile::csave("PROG"),
        &listing_image(&["10 END"]).unwrap(),
    ));
    let mut deck = Deck::with_blocks(good(b));
    let e = program_tape::cload(&mut deck, Some(b"MC"), &mut mem, SP).unwrap_err();
    assert_eq!(deck_error(e.clone()), ErrorCode::FM);
    assert!(e.to_string().contains("machine-code"), "{e}");
    // OPEN "I" of a tokenized program: ?FM.
    deck.rewind();
    let e = deck.open_input(Some(b"PROG")).unwrap_err();
    assert_eq!(deck_error(e.clone()), ErrorCode::FM);
    // CLOADM of the machine code works and lands at its load address.
    deck.rewind();
    deck.find_file(Some(b"MC")).unwrap();
    assert_eq!(deck.cloadm_found(&mut mem, 0x10).unwrap(), 0x3010);
    assert_eq!(mem.slice(0x3010, 0x3013), &[1, 2, 3]);

    // A bad checksum in the program's data: ?IO, and the program is NEWed.
    let mut blocks = three_files();
    blocks[1].checksum_ok = false;
    let mut deck = Deck::with_blocks(blocks);
    let mut mem = memory_with(&["10 REM OLD"]);
    let e = program_tape::cload(&mut deck, None, &mut mem, SP).unwrap_err();
    assert_eq!(e, DeckError::BadBlock { index: 1 });
    assert_eq!(deck_error(e.clone()), ErrorCode::IO);
    assert_eq!(program_image(&mem), vec![0, 0]);
    // A bad namefile when searching: the Dragon 32 gives up at once (?IO).
    let mut blocks = three_files();
    blocks[0].checksum_ok = false;
    let mut deck = Deck::with_blocks(blocks);
    assert_eq!(
        deck.find_file(Some(b"TWO")),
        Err(DeckError::BadBlock { index: 0 })
    );
    // Starting mid-file: the first block read is not a namefile.
    let mut deck = Deck::with_blocks(three_files());
    deck.set_position(1);
    assert_eq!(
        deck.find_file(None),
        Err(DeckError::NotANamefile { index: 1 })
    );
    // A file not on the tape: the tape runs out.
    let mut deck = Deck::with_blocks(three_files());
    assert_eq!(deck.find_file(Some(b"NONE")), Err(DeckError::EndOfTape));
    // No tape at all.
    assert_eq!(Deck::new().find_file(None), Err(DeckError::NoTape));
}

#[test]
fn data_files_write_and_read_back_with_eof() {
    let mut deck = Deck::with_blocks(Vec::new());
    assert_eq!(deck.write_char(b'X'), Err(DeckError::NotOpen));
    deck.open_output(b"SCORES").unwrap();
    assert_eq!(deck.open_output(b"AGAIN"), Err(DeckError::AlreadyOpen));
    assert_eq!(deck.eof(), Err(DeckError::WrongMode));
    // 600 characters: 255 + 255 + 90.
    let mut text = Vec::new();
    for i in 0..100 {
        text.extend_from_slice(format!("{i:>4}\r").as_bytes());
    }
    text.extend_from_slice(b"LAST");
    assert_eq!(text.len(), 504);
    deck.write_bytes(&text).unwrap();
    deck.close().unwrap();
    let f = &deck.files()[0];
    let nf = f.namefile.unwrap();
    assert_eq!(
        (nf.file_type, nf.ascii, nf.gaps),
        (FileType::Data, true, true)
    );
    let sizes: Vec<usize> = f.blocks.iter().map(|b| b.block.data.len()).collect();
    assert_eq!(sizes, [255, 249]);
    assert!(f.eof.is_some());
    assert_eq!(f.payload(), text);

    deck.rewind();
    assert_eq!(deck.eof(), Err(DeckError::NotOpen));
    deck.open_input(Some(b"SCORES")).unwrap();
    assert_eq!(deck.write_char(b'X'), Err(DeckError::WrongMode));
    let mut lines = Vec::new();
    while !deck.eof().unwrap() {
        lines.push(deck.read_line().unwrap().unwrap());
    }
    assert_eq!(lines.len(), 101);
    assert_eq!(lines[7], b"   7");
    assert_eq!(lines[100], b"LAST");
    // Past the end: no more lines (INPUT #-1 says ?IE).
    assert_eq!(deck.read_line().unwrap(), None);
    deck.close().unwrap();

    // EOF turns true right after the last character of a block, with the EOF block next.
    let mut deck = Deck::with_blocks(good(file_blocks(&Namefile::data_file("D"), b"AB")));
    deck.open_input(None).unwrap();
    assert_eq!(deck.read_char().unwrap(), Some(b'A'));
    assert!(!deck.eof().unwrap());
    assert_eq!(deck.read_char().unwrap(), Some(b'B'));
    assert!(deck.eof().unwrap());
    assert_eq!(deck.read_char().unwrap(), None);

    // Zero-length data blocks are skipped; control characters and characters above 'z' are
    // dropped from a line, as the ROM's line input drops them.
    let mut blocks = vec![Namefile::data_file("Z").to_block()];
    blocks.push(Block::new(BlockType::Data, vec![]).unwrap());
    blocks.push(Block::new(BlockType::Data, b"A\x07B{C\rD".to_vec()).unwrap());
    blocks.push(Block::eof());
    let mut deck = Deck::with_blocks(good(blocks));
    deck.open_input(None).unwrap();
    assert_eq!(deck.read_line().unwrap().unwrap(), b"ABC");
    assert_eq!(deck.read_line().unwrap().unwrap(), b"D");
    assert!(deck.eof().unwrap());
}

#[test]
fn appending_keeps_the_first_file_intact_in_cas_and_wav() {
    let dir = tmpdir("append");
    let mem1 = memory_with(&["10 PRINT \"FIRST\""]);
    let mem2 = memory_with(&["10 PRINT \"SECOND\"", "20 GOTO 10"]);
    for ext in ["cas", "wav"] {
        let path = dir.join(format!("t.{ext}"));
        let mut deck = Deck::new();
        insert(&mut deck, &path).unwrap();
        assert!(!path.exists(), "a blank tape is created on the first save");
        program_tape::csave(&mut deck, &mem1, b"FIRST").unwrap();
        let before = std::fs::read(&path).unwrap();
        // Re-insert (as a new session would) and append.
        let mut deck = Deck::new();
        insert(&mut deck, &path).unwrap();
        program_tape::csave_ascii(&mut deck, &mem2, b"SECOND").unwrap();
        let after = std::fs::read(&path).unwrap();
        if ext == "cas" {
            assert!(
                after.starts_with(&before),
                "the old bytes are kept as they were"
            );
        } else {
            // The old samples are kept byte for byte inside the data chunk.
            assert_eq!(&after[8..36], &before[8..36]);
            assert!(after[44..].starts_with(&before[44..]));
        }
        let mut deck = Deck::new();
        insert(&mut deck, &path).unwrap();
        let files = deck.files();
        assert_eq!(files.len(), 2, "{ext}");
        assert!(files.iter().all(|f| f.checksum_ok));
        let mut m = fresh_memory();
        program_tape::cload(&mut deck, Some(b"FIRST"), &mut m, SP).unwrap();
        assert_eq!(program_image(&m), program_image(&mem1), "{ext}");
        let (_, out) = program_tape::cload(&mut deck, Some(b"SECOND"), &mut m, SP).unwrap();
        assert_eq!(out, CloadOutcome::Ascii);
        assert_eq!(
            deck.read_all_lines().unwrap(),
            vec![b"10 PRINT \"SECOND\"".to_vec(), b"20 GOTO 10".to_vec()]
        );
    }
    // Appending to a stereo 16-bit 44.1 kHz recording keeps its format.
    let blocks = file_blocks(&Namefile::csave("A"), &program_image(&mem1));
    let mono = wav::encode(
        &blocks,
        &wav::WavOptions {
            sample_rate: 44100,
            format: wav::SampleFormat::S16,
            ..Default::default()
        },
    )
    .unwrap();
    let stereo = to_stereo(&mono);
    let path = dir.join("st.wav");
    std::fs::write(&path, &stereo).unwrap();
    let mut deck = Deck::new();
    insert(&mut deck, &path).unwrap();
    program_tape::csave(&mut deck, &mem2, b"B").unwrap();
    let after = std::fs::read(&path).unwrap();
    assert_eq!(&after[22..24], &[2, 0], "still stereo");
    assert_eq!(&after[24..28], &44100u32.to_le_bytes());
    let mut deck = Deck::new();
    insert(&mut deck, &path).unwrap();
    let names: Vec<String> = deck.files().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["A", "B"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A 16-bit mono .wav (44-byte header) as stereo with the same signal on both channels.
fn to_stereo(mono: &[u8]) -> Vec<u8> {
    let samples = &mono[44..];
    let mut data = Vec::new();
    for s in samples.chunks(2) {
        data.extend_from_slice(s);
        data.extend_from_slice(s);
    }
    let mut out = Vec::new();
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&((36 + data.len()) as u32).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&44100u32.to_le_bytes());
    out.extend_from_slice(&(44100u32 * 4).to_le_bytes());
    out.extend_from_slice(&4u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(&data);
    out
}

#[test]
fn a_failed_save_leaves_tape_and_deck_as_they_were() {
    let dir = tmpdir("atomic");
    let path = dir.join("keep.cas");
    let mem = memory_with(&["10 PRINT \"KEEP\""]);
    let mut deck = Deck::new();
    insert(&mut deck, &path).unwrap();
    program_tape::csave(&mut deck, &mem, b"KEEP").unwrap();
    let before = std::fs::read(&path).unwrap();
    // Something in the way of the tape: a folder with a file in it stands where the tape
    // was, so the last step (renaming the temporary file over the tape) fails. (Tests run
    // as root in CI, so permissions cannot be what stops the write.)
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    std::fs::write(path.join("x"), b"x").unwrap();
    let e = program_tape::csave(&mut deck, &mem, b"MORE").unwrap_err();
    assert!(matches!(e, DeckError::File { .. }), "{e:?}");
    assert!(e.to_string().contains("keep.cas"), "{e}");
    assert_eq!(deck_error(e.clone()), ErrorCode::IO);
    assert_eq!(
        std::fs::read(path.join("x")).unwrap(),
        b"x",
        "what stood there is untouched"
    );
    assert_eq!(
        deck.files().len(),
        1,
        "the deck did not take the failed file"
    );
    let e = deck.open_output(b"DATA").unwrap_err();
    assert!(matches!(e, DeckError::File { .. }));
    assert_eq!(
        deck.open_for_input(),
        None,
        "a failed OPEN leaves nothing open"
    );
    std::fs::remove_dir_all(&path).unwrap();
    std::fs::write(&path, &before).unwrap();
    // With the obstacle gone the save works, and no temporary file is left behind.
    program_tape::csave(&mut deck, &mem, b"MORE").unwrap();
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["keep.cas"]);
    assert_eq!(deck.files().len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bas_tape_holds_one_program() {
    let dir = tmpdir("bas");
    let path = dir.join("prog.bas");
    let mem = memory_with(&["10 PRINT \"A\"", "20 END"]);
    let mut deck = Deck::new();
    insert(&mut deck, &path).unwrap();
    program_tape::csave(&mut deck, &mem, b"PROG").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"10 PRINT \"A\"\n20 END\n");
    let before = std::fs::read(&path).unwrap();
    let e = program_tape::csave(&mut deck, &mem, b"TWO").unwrap_err();
    assert!(matches!(e, DeckError::CannotHold { .. }), "{e:?}");
    assert!(e.to_string().contains("prog.bas"));
    assert!(deck.open_output(b"D").is_err());
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // Mounted again it is an ASCII tape named after the file.
    let mut deck = Deck::new();
    insert(&mut deck, &path).unwrap();
    let mut m = fresh_memory();
    let (f, out) = program_tape::cload(&mut deck, Some(b"PROG"), &mut m, SP).unwrap();
    assert_eq!(f.namefile.name_str(), "PROG");
    assert_eq!(out, CloadOutcome::Ascii);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn data_file_names_never_reach_the_host_file_system() {
    let root = tmpdir("names");
    let dir = root.join("tapes");
    std::fs::create_dir(&dir).unwrap();
    let path = dir.join("data.cas");
    let mut deck = Deck::new();
    insert(&mut deck, &path).unwrap();
    let names: [&[u8]; 5] = [b"../../X", b"/etc/pw", b"..", b"A\\B", b"C:\\WIN"];
    for n in names {
        deck.open_output(n).unwrap();
        deck.write_bytes(b"HELLO\r").unwrap();
        deck.close().unwrap();
    }
    // Only the tape file exists, in its own folder; nothing appeared beside or above it.
    let listing = |d: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(listing(&dir), ["data.cas"]);
    assert_eq!(listing(&root), ["tapes"]);
    // The names are on the tape, 8 bytes each, as the Dragon stores them.
    let mut deck = Deck::new();
    insert(&mut deck, &path).unwrap();
    let on_tape: Vec<[u8; 8]> = deck
        .files()
        .iter()
        .map(|f| f.namefile.unwrap().name)
        .collect();
    assert_eq!(
        on_tape,
        [
            *b"../../X ",
            *b"/etc/pw ",
            *b"..      ",
            *b"A\\B     ",
            *b"C:\\WIN  "
        ]
    );
    deck.open_input(Some(b"/etc/pw")).unwrap();
    assert_eq!(deck.read_line().unwrap().unwrap(), b"HELLO");
    let _ = std::fs::remove_dir_all(&root);
}

fn samples_s16(w: &[u8]) -> Vec<f64> {
    w[44..]
        .chunks(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]) as f64 / 32768.0)
        .collect()
}

#[test]
fn a_noisy_recording_five_percent_fast_still_loads() {
    let lines: Vec<String> = (1..=25)
        .map(|i| format!("{i} PRINT \"LINE {i}\";I*{i}"))
        .collect();
    let mem = memory_with(&lines.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    let mut blocks = file_blocks(&Namefile::data_file("JUNK"), b"1,2,3\r");
    blocks.extend(file_blocks(&Namefile::csave("GAME"), &program_image(&mem)));
    let clean = wav::encode(
        &blocks,
        &wav::WavOptions {
            sample_rate: 44100,
            format: wav::SampleFormat::S16,
            ..Default::default()
        },
    )
    .unwrap();
    let s = samples_s16(&clean);
    let mut rng = StdRng::seed_from_u64(7);
    for speed in [1.05, 1.0 / 1.05] {
        // Resample to play `speed` times as fast, then add hiss and 50 Hz hum.
        let mut out = Vec::new();
        let mut pos = 0.0f64;
        while (pos as usize) + 1 < s.len() {
            let i = pos as usize;
            let f = pos - i as f64;
            let t = out.len() as f64 / 44100.0;
            let n: f64 = (0..4).map(|_| rng.gen_range(-1.0..1.0)).sum::<f64>() / 2.0;
            out.push(
                s[i] * (1.0 - f)
                    + s[i + 1] * f
                    + 0.1 * n
                    + 0.05 * (std::f64::consts::TAU * 50.0 * t).sin(),
            );
            pos += speed;
        }
        let dir = tmpdir("noisy");
        let path = dir.join("noisy.wav");
        std::fs::write(
            &path,
            wav::wav_bytes(&out, 44100, wav::SampleFormat::S16).unwrap(),
        )
        .unwrap();
        let mut deck = Deck::new();
        insert(&mut deck, &path).unwrap();
        let mut m = fresh_memory();
        let (f, _) = program_tape::cload(&mut deck, Some(b"GAME"), &mut m, SP).unwrap();
        assert_eq!(f.passed.len(), 1);
        assert_eq!(program_image(&m), program_image(&mem), "speed {speed}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn real_speed_timing_and_activity() {
    // A tokenized save: namefile and first data block with leaders, the rest back to back.
    let image = vec![0x55u8; 600];
    let blocks = file_blocks(&Namefile::csave("T"), &image);
    let mut deck = Deck::with_blocks(Vec::new());
    deck.write_file(&Namefile::csave("T"), &image).unwrap();
    let led: Vec<bool> = deck.blocks().iter().map(|b| b.led).collect();
    assert_eq!(led, [true, true, false, false, false]);
    let written = deck.take_activity();
    assert_eq!(written.blocks, 5);
    // 255 bytes of $55 back to back: (255+6) bytes × 4992 cycles at 888,625 Hz ≈ 1.466 s
    // = 73.3 fields, so 74.
    assert_eq!(block_duration_fields(&blocks[2], false), 74);
    // With a leader: + 0.5 s + 128 × 4992 cycles ≈ 2.685 s → 134.2 fields, so 135.
    assert_eq!(block_duration_fields(&blocks[2], true), 135);
    let total: u64 = deck
        .blocks()
        .iter()
        .map(|b| block_duration_fields(&b.block, b.led) as u64)
        .sum();
    assert_eq!(written.fields, total);
    // Reading the file back costs the same time.
    deck.rewind();
    let mut mem = fresh_memory();
    let _ = program_tape::cload(&mut deck, None, &mut mem, SP); // 600 bytes of $55: loads, whatever it lists as
    let read = deck.take_activity();
    assert_eq!((read.blocks, read.fields), (5, total));
    use crate::machine::cassette::TapeSpeed;
    assert_eq!(read.wait_fields(TapeSpeed::Real), total);
    assert_eq!(read.wait_fields(TapeSpeed::Quick), 5);
    deck.rewind();
    deck.set_speed(TapeSpeed::Real);
    assert_eq!(
        deck.next_block_wait(),
        block_duration_fields(&blocks[0], true)
    );
    deck.set_speed(TapeSpeed::Quick);
    assert_eq!(deck.next_block_wait(), 1);
    // A .cas written and read back keeps the leader pattern.
    let bytes = cas::write(&blocks).unwrap();
    let t = blocks_from_bytes(&bytes, crate::formats::TapeKind::Cas, "T").unwrap();
    assert_eq!(t.iter().map(|b| b.led).collect::<Vec<_>>(), led);
}

#[test]
fn random_tapes_never_panic_the_deck() {
    let mut rng = StdRng::seed_from_u64(11);
    let good_tape = cas::write(
        &three_files()
            .into_iter()
            .map(|b| b.block)
            .collect::<Vec<_>>(),
    )
    .unwrap();
    for round in 0..300 {
        // Random bytes, or a real tape with random damage (bytes flipped, cut, spliced).
        let bytes: Vec<u8> = if round % 2 == 0 {
            (0..rng.gen_range(1..3000)).map(|_| rng.gen()).collect()
        } else {
            let mut b = good_tape.clone();
            for _ in 0..rng.gen_range(1..20) {
                let i = rng.gen_range(0..b.len());
                b[i] = rng.gen();
            }
            b.truncate(rng.gen_range(1..=b.len()));
            b
        };
        let Ok(blocks) = blocks_from_bytes(&bytes, crate::formats::TapeKind::Cas, "X") else {
            continue;
        };
        let mut deck = Deck::with_blocks(blocks);
        let mut mem = fresh_memory();
        for _ in 0..20 {
            let _ = match rng.gen_range(0..5) {
                0 => program_tape::cload(&mut deck, None, &mut mem, SP).map(|_| ()),
                1 => deck.skip_file(None).map(|_| ()),
                2 => deck
                    .open_input(None)
                    .and_then(|_| deck.read_all_lines())
                    .map(|_| ()),
                3 => deck
                    .find_file(None)
                    .and_then(|_| deck.cloadm_found(&mut mem, 0))
                    .map(|_| ()),
                _ => {
                    deck.rewind();
                    deck.close()
                }
            };
            let _ = deck.close();
            // Whatever was loaded, the program area stays walkable.
            let _ = program_listing(&mem);
        }
    }
}
