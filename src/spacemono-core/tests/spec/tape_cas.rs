//! Blocks, namefiles and .cas images (docs/machine.md §3).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spacemono_core::tape::bits::{find_blocks, BitStream};
use spacemono_core::tape::block::{checksum, data_blocks};
use spacemono_core::tape::namefile::pad_name;
use spacemono_core::tape::tapefile::{file_blocks, layout, LayoutOptions, Segment};
use spacemono_core::tape::{cas, group_files, Block, BlockType, FileType, Namefile, TapeError};

/// A tokenized program image as CSAVE writes it: lines `[link][number][tokens]00`, then `00 00`.
fn program(lines: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut addr = 0x1E01u16;
    for i in 0..lines {
        // 10 PRINT "LINE i"   (PRINT is token $87)
        let mut body = vec![0x87, b' ', b'"'];
        body.extend_from_slice(format!("LINE {i}").as_bytes());
        body.push(b'"');
        let next = addr + 4 + body.len() as u16 + 1;
        out.extend_from_slice(&next.to_be_bytes());
        out.extend_from_slice(&((i as u16 + 1) * 10).to_be_bytes());
        out.extend_from_slice(&body);
        out.push(0);
        addr = next;
    }
    out.extend_from_slice(&[0, 0]);
    out
}

fn sync_positions(blocks: &[spacemono_core::tape::ReadBlock]) -> Vec<u64> {
    blocks.iter().map(|b| b.bit_offset).collect()
}

#[test]
fn checksum_is_type_plus_len_plus_data_mod_256() {
    assert_eq!(
        Block {
            kind: BlockType::Data,
            data: vec![1, 2, 3]
        }
        .checksum(),
        1 + 3 + 6
    );
    assert_eq!(
        checksum(0xFF, &[0x80, 0x81]),
        ((0xFFu32 + 2 + 0x80 + 0x81) % 256) as u8
    );
    assert_eq!(Block::eof().checksum(), 0xFF);
    let data: Vec<u8> = (0..255).map(|i| i as u8).collect();
    let expect = ((1u32 + 255 + (0..255u32).sum::<u32>()) % 256) as u8;
    assert_eq!(checksum(1, &data), expect);
}

#[test]
fn block_bytes_are_sync_type_len_data_checksum_leader() {
    let b = Block::new(BlockType::Data, vec![0xAA, 0x01]).unwrap();
    assert_eq!(
        b.to_bytes().unwrap(),
        vec![0x3C, 0x01, 0x02, 0xAA, 0x01, 0xAE, 0x55]
    );
    assert_eq!(
        Block::eof().to_bytes().unwrap(),
        vec![0x3C, 0xFF, 0x00, 0xFF, 0x55]
    );
}

#[test]
fn block_type_bytes() {
    for (b, t) in [
        (0u8, BlockType::Namefile),
        (1, BlockType::Data),
        (0xFF, BlockType::Eof),
        (7, BlockType::Other(7)),
    ] {
        assert_eq!(BlockType::from_byte(b), t);
        assert_eq!(t.to_byte(), b);
    }
}

#[test]
fn over_long_blocks_are_refused() {
    assert_eq!(
        Block::new(BlockType::Data, vec![0; 256]),
        Err(TapeError::BlockTooLong(256))
    );
    let b = Block {
        kind: BlockType::Data,
        data: vec![0; 300],
    };
    assert_eq!(b.to_bytes(), Err(TapeError::BlockTooLong(300)));
    assert_eq!(cas::write(&[b]), Err(TapeError::BlockTooLong(300)));
}

#[test]
fn data_blocks_are_255_bytes() {
    let p: Vec<u8> = (0..600).map(|i| i as u8).collect();
    let lens: Vec<usize> = data_blocks(&p).iter().map(|b| b.data.len()).collect();
    assert_eq!(lens, vec![255, 255, 90]);
    assert!(data_blocks(&[]).is_empty());
}

#[test]
fn namefile_flags_per_command_match_the_spec_table() {
    // | command | type | ASCII | gap |
    let cases = [
        (Namefile::csave("PROG"), 0u8, 0x00u8, 0x00u8),
        (Namefile::csave_ascii("PROG"), 0, 0xFF, 0xFF),
        (Namefile::data_file("PROG"), 1, 0xFF, 0xFF),
        (Namefile::csavem("PROG", 0x3000, 0x3010), 2, 0x00, 0x00),
    ];
    for (nf, t, a, g) in cases {
        let e = nf.encode();
        assert_eq!(&e[..8], b"PROG    ");
        assert_eq!((e[8], e[9], e[10]), (t, a, g), "{nf:?}");
        assert_eq!(Namefile::decode(&e).unwrap(), nf);
    }
    let m = Namefile::csavem("GAME", 0x1234, 0xABCD).encode();
    assert_eq!(
        &m[11..15],
        &[0xAB, 0xCD, 0x12, 0x34],
        "exec then load, big-endian"
    );
    assert_eq!(
        Namefile::csavem("GAME", 0x1234, 0xABCD).file_type,
        FileType::MachineCode
    );
}

#[test]
fn namefile_decode_details() {
    let mut raw = *b"HELLO   \x02\x01\x80\x12\x34\x56\x78";
    let nf = Namefile::decode(&raw).unwrap();
    assert_eq!(nf.name_str(), "HELLO");
    assert!(nf.ascii && nf.gaps, "any non-zero flag byte reads as set");
    assert_eq!((nf.exec, nf.load), (0x1234, 0x5678));
    raw[8] = 9;
    assert_eq!(
        Namefile::decode(&raw).unwrap().file_type,
        FileType::Other(9)
    );
    assert_eq!(
        Namefile::decode(&raw[..14]),
        Err(TapeError::BadNamefile { len: 14 })
    );
    let mut long = raw.to_vec();
    long.extend_from_slice(b"extra");
    assert!(Namefile::decode(&long).is_ok());
    assert_eq!(Namefile::csave("X").to_block().kind, BlockType::Namefile);
}

#[test]
fn names_are_padded_and_cut_to_eight() {
    assert_eq!(&pad_name("A"), b"A       ");
    assert_eq!(&pad_name("TOOLONGNAME"), b"TOOLONGN");
    assert_eq!(&pad_name("AB\u{7}CD"), b"AB      ");
    assert_eq!(&pad_name(""), b"        ");
}

/// The exact bytes of a CSAVE, built by hand from the spec rather than by the writer.
#[test]
fn tokenized_save_layout_is_leader_namefile_leader_then_blocks_back_to_back() {
    let prog = program(60);
    assert!(prog.len() > 510);
    let nf = Namefile::csave("SPACE");
    let image = cas::write(&file_blocks(&nf, &prog)).unwrap();

    let mut expect = vec![0x55; 128];
    let nfb = nf.encode();
    expect.extend_from_slice(&[0x55, 0x3C, 0x00, 15]);
    expect.extend_from_slice(&nfb);
    expect.push(checksum(0, &nfb));
    expect.push(0x55);
    expect.extend([0x55; 128]);
    for chunk in prog.chunks(255) {
        expect.extend_from_slice(&[0x55, 0x3C, 0x01, chunk.len() as u8]);
        expect.extend_from_slice(chunk);
        expect.push(checksum(1, chunk));
        expect.push(0x55);
    }
    expect.extend_from_slice(&[0x55, 0x3C, 0xFF, 0x00, 0xFF, 0x55]);
    assert_eq!(image, expect);
}

#[test]
fn gapped_files_give_every_block_its_own_leader() {
    let payload = vec![b'X'; 600];
    let blocks = file_blocks(&Namefile::data_file("DATA"), &payload);
    let segs = layout(&blocks, LayoutOptions::default());
    let leaders = segs
        .iter()
        .filter(|s| matches!(s, Segment::Leader { bytes: 128 }))
        .count();
    let gaps = segs
        .iter()
        .filter(|s| matches!(s, Segment::Silence { ms: 500 }))
        .count();
    assert_eq!(blocks.len(), 5);
    assert_eq!((leaders, gaps), (5, 5));
    // Tokenized: leader before the namefile and before the first data block only.
    let tok = layout(
        &file_blocks(&Namefile::csave("P"), &payload),
        LayoutOptions::default(),
    );
    assert_eq!(
        tok.iter()
            .filter(|s| matches!(s, Segment::Leader { .. }))
            .count(),
        2
    );
    // In the .cas of the gapped file each sync has ≥129 $55 before it.
    let image = cas::write(&blocks).unwrap();
    // 129 before the first; later ones also follow the previous block's trailing $55.
    let leaders: Vec<usize> = cas::read_blocks(&image)
        .unwrap()
        .iter()
        .map(|r| r.leader_bytes)
        .collect();
    assert_eq!(leaders, vec![129, 130, 130, 130, 130]);
}

#[test]
fn blocks_round_trip_through_cas() {
    let prog = program(80);
    let mut blocks = file_blocks(&Namefile::csave("SPACE"), &prog);
    blocks.extend(file_blocks(
        &Namefile::csavem("CODE", 0x3000, 0x3003),
        &[0x86, 0x41, 0x39],
    ));
    blocks.extend(file_blocks(&Namefile::data_file("SCORES"), b"10\r20\r"));
    let image = cas::write(&blocks).unwrap();
    let read = cas::read_blocks(&image).unwrap();
    let got: Vec<Block> = read.iter().map(|r| r.block.clone()).collect();
    assert_eq!(got, blocks);
    assert!(read.iter().all(|r| r.checksum_ok && !r.truncated));

    let files = cas::read_files(&image).unwrap();
    assert_eq!(files.len(), 3);
    assert_eq!(files[0].name(), "SPACE");
    assert_eq!(files[0].payload(), prog);
    assert!(files[0].checksum_ok && files[0].is_complete());
    assert_eq!(files[1].namefile.unwrap().file_type, FileType::MachineCode);
    assert_eq!(files[1].namefile.unwrap().load, 0x3000);
    assert_eq!(files[1].payload(), vec![0x86, 0x41, 0x39]);
    assert_eq!(files[2].payload(), b"10\r20\r".to_vec());
    assert_eq!(files[2].namefile.unwrap().file_type, FileType::Data);
}

#[test]
fn random_blocks_round_trip() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..50 {
        let n = rng.gen_range(1..8);
        let blocks: Vec<Block> = (0..n)
            .map(|_| {
                let len = rng.gen_range(0..=255);
                Block {
                    kind: BlockType::from_byte(rng.gen()),
                    data: (0..len).map(|_| rng.gen()).collect(),
                }
            })
            .collect();
        let image = cas::write(&blocks).unwrap();
        let got: Vec<Block> = cas::read_blocks(&image)
            .unwrap()
            .into_iter()
            .map(|r| r.block)
            .collect();
        assert_eq!(got, blocks);
    }
}

fn shifted(image: &[u8], junk_bits: &[bool]) -> BitStream {
    let mut s = BitStream::new();
    for &b in junk_bits {
        s.push(b);
    }
    for &byte in image {
        s.push_byte(byte);
    }
    s
}

#[test]
fn cas_shifted_by_any_number_of_bits_still_parses() {
    let prog = program(30);
    let blocks = file_blocks(&Namefile::csave("SHIFT"), &prog);
    let image = cas::write(&blocks).unwrap();
    let base = cas::read_blocks(&image).unwrap();
    for shift in 1..8usize {
        let junk: Vec<bool> = (0..shift).map(|i| i % 2 == 0).collect();
        let s = shifted(&image, &junk);
        assert_eq!(s.len_bits % 8, shift as u64);
        // As a byte image (last partial byte padded with zeros), read by the .cas reader.
        let read = cas::read_blocks(&s.bytes).unwrap();
        let got: Vec<Block> = read.iter().map(|r| r.block.clone()).collect();
        assert_eq!(got, blocks, "shift {shift}");
        let expect_pos: Vec<u64> = sync_positions(&base)
            .iter()
            .map(|p| p + shift as u64)
            .collect();
        assert_eq!(sync_positions(&read), expect_pos);
        assert_eq!(group_files(&read)[0].payload(), prog);
    }
    // The 3-bit case the brief names, explicitly.
    let s = shifted(&image, &[true, true, false]);
    assert_eq!(cas::read_files(&s.bytes).unwrap()[0].payload(), prog);
}

#[test]
fn junk_before_and_between_files_is_skipped() {
    let mut rng = StdRng::seed_from_u64(99);
    let a = cas::write(&file_blocks(&Namefile::csave("ONE"), &program(5))).unwrap();
    let b = cas::write(&file_blocks(&Namefile::csave_ascii("TWO"), b"10 CLS\r")).unwrap();
    let mut image: Vec<u8> = (0..300).map(|_| rng.gen::<u8>() & 0xC3).collect(); // no $3C bytes
    image.extend_from_slice(&a);
    image.extend((0..300).map(|_| rng.gen::<u8>()));
    image.extend_from_slice(&b);
    let files = cas::read_files(&image).unwrap();
    let one = files.iter().find(|f| f.name() == "ONE").unwrap();
    let two = files.iter().find(|f| f.name() == "TWO").unwrap();
    assert_eq!(one.payload(), program(5));
    assert!(one.checksum_ok);
    assert_eq!(two.payload(), b"10 CLS\r".to_vec());
    assert!(two.checksum_ok);
}

fn first_sync_of_kind(image: &[u8], kind: BlockType, nth: usize) -> usize {
    let read = cas::read_blocks(image).unwrap();
    let rb = read
        .iter()
        .filter(|r| r.block.kind == kind)
        .nth(nth)
        .unwrap();
    assert_eq!(rb.bit_offset % 8, 0);
    (rb.bit_offset / 8) as usize
}

#[test]
fn a_bad_data_byte_flags_only_its_block() {
    let prog = program(60);
    let image = cas::write(&file_blocks(&Namefile::csave("BAD"), &prog)).unwrap();
    let mut bad = image.clone();
    let sync = first_sync_of_kind(&image, BlockType::Data, 1);
    bad[sync + 3 + 10] ^= 0x04; // a data byte of the second data block
    let read = cas::read_blocks(&bad).unwrap();
    let n_data = prog.len().div_ceil(255);
    assert!(n_data >= 3);
    assert_eq!(read.len(), n_data + 2);
    let flags: Vec<bool> = read.iter().map(|r| r.checksum_ok).collect();
    let mut expect = vec![true; n_data + 2];
    expect[2] = false;
    assert_eq!(flags, expect);
    let f = &group_files(&read)[0];
    assert!(!f.checksum_ok);
    assert!(f.eof.is_some());
    assert_eq!(f.blocks.len(), n_data);
    assert_eq!(read[2].stored_checksum, checksum(1, &prog[255..510]));
}

#[test]
fn a_bad_checksum_byte_is_flagged() {
    let image = cas::write(&file_blocks(&Namefile::csave("BAD"), &program(3))).unwrap();
    let sync = first_sync_of_kind(&image, BlockType::Data, 0);
    let len = image[sync + 2] as usize;
    let mut bad = image.clone();
    bad[sync + 3 + len] = bad[sync + 3 + len].wrapping_add(1);
    let read = cas::read_blocks(&bad).unwrap();
    assert_eq!(
        read.iter().map(|r| r.checksum_ok).collect::<Vec<_>>(),
        vec![true, false, true]
    );
}

#[test]
fn a_damaged_length_byte_does_not_swallow_the_next_block() {
    let prog = program(60);
    let image = cas::write(&file_blocks(&Namefile::csave("LEN"), &prog)).unwrap();
    let n_data = prog.len().div_ceil(255);
    let tail = prog.len() % 255;
    assert!(n_data >= 3 && tail > 0 && tail < 200);
    let mut bad = image.clone();
    // The second block really holds 255 bytes; make it claim 20, so it ends early and its
    // "checksum" is a data byte: the rest of its data must not be taken for blocks.
    let second = first_sync_of_kind(&image, BlockType::Data, 1);
    bad[second + 2] = 20;
    // The last block claims 200 bytes, so it overlaps the EOF block.
    let last = first_sync_of_kind(&image, BlockType::Data, n_data - 1);
    bad[last + 2] = 200;
    let read = cas::read_blocks(&bad).unwrap();
    let kinds: Vec<(BlockType, bool)> =
        read.iter().map(|r| (r.block.kind, r.checksum_ok)).collect();
    let mut expect = vec![(BlockType::Namefile, true)];
    expect.extend((0..n_data).map(|i| (BlockType::Data, i != 1 && i != n_data - 1)));
    expect.push((BlockType::Eof, true));
    assert_eq!(kinds, expect);
    assert!(
        read[n_data].truncated,
        "200 bytes are claimed but the image ends first"
    );
    assert_eq!(read[2].block.data.len(), 20);
}

#[test]
fn a_truncated_image_flags_the_cut_block() {
    let image = cas::write(&file_blocks(&Namefile::csave("CUT"), &program(40))).unwrap();
    let sync = first_sync_of_kind(&image, BlockType::Data, 1);
    let cut = &image[..sync + 100];
    let read = cas::read_blocks(cut).unwrap();
    let last = read.last().unwrap();
    assert!(last.truncated && !last.checksum_ok);
    assert_eq!(last.block.data.len(), 97);
    let f = &group_files(&read)[0];
    assert!(!f.checksum_ok && !f.is_complete());
}

#[test]
fn headerless_blocks_form_a_file_without_a_namefile() {
    let blocks = vec![data_blocks(b"ABC")[0].clone(), Block::eof()];
    let files = cas::read_files(&cas::write(&blocks).unwrap()).unwrap();
    assert_eq!(files.len(), 1);
    assert!(files[0].namefile.is_none());
    assert_eq!(files[0].payload(), b"ABC".to_vec());
    assert_eq!(files[0].name(), "");
}

#[test]
fn a_junk_sync_without_leader_or_checksum_is_ignored() {
    let image = cas::write(&file_blocks(&Namefile::csave("J"), &program(2))).unwrap();
    let mut junk = vec![0x00, 0x3C, 0x01, 0x05, 1, 2, 3, 4, 5, 0x99]; // wrong checksum, no $55
    junk.extend_from_slice(&image);
    let read = cas::read_blocks(&junk).unwrap();
    assert_eq!(read.len(), 3);
    assert!(read.iter().all(|r| r.checksum_ok));
}

#[test]
fn find_blocks_respects_the_bit_length() {
    let image = cas::write(&[Block::eof()]).unwrap();
    let all = find_blocks(&image, image.len() as u64 * 8);
    assert_eq!(all.len(), 1);
    // Cut inside the checksum byte: the block is truncated.
    let sync = all[0].bit_offset;
    let cut = find_blocks(&image, sync + 8 * 3 + 4);
    assert!(cut[0].truncated);
}

#[test]
fn cas_errors() {
    assert_eq!(cas::read_blocks(&[]), Err(TapeError::Empty));
    assert_eq!(cas::read_blocks(&[0x55; 1000]), Err(TapeError::NoBlocks));
    assert_eq!(cas::read_blocks(&[0u8; 5]), Err(TapeError::NoBlocks));
    // A sync with nothing after it is not a block.
    assert_eq!(
        cas::read_blocks(&[0x55, 0x55, 0x3C]),
        Err(TapeError::NoBlocks)
    );
    let big = vec![0u8; spacemono_core::tape::error::MAX_INPUT_BYTES + 1];
    assert!(matches!(
        cas::read_blocks(&big),
        Err(TapeError::TooLarge { .. })
    ));
}

#[test]
fn error_messages_say_what_is_wrong() {
    let msgs = [
        (TapeError::Empty, "empty"),
        (
            TapeError::TooLarge {
                size: 70_000_000,
                limit: 67_108_864,
            },
            "too large",
        ),
        (TapeError::Truncated("fmt chunk"), "truncated"),
        (TapeError::NotRiffWave, "RIFF/WAVE"),
        (TapeError::UnsupportedWav("24-bit samples".into()), "24-bit"),
        (TapeError::MissingChunk("data"), "data"),
        (TapeError::NoBlocks, "no cassette blocks"),
        (TapeError::BlockTooLong(300), "300"),
        (TapeError::BadNamefile { len: 3 }, "namefile"),
        (TapeError::NotAscii, "ASCII"),
        (TapeError::NotText { offset: 5, byte: 0 }, "tokenized"),
        (TapeError::NoLines, "no lines"),
    ];
    for (e, word) in msgs {
        let s = e.to_string();
        assert!(s.contains(word), "{s:?} should mention {word:?}");
        let _: &dyn std::error::Error = &e;
    }
}
