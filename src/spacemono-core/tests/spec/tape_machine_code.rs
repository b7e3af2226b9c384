//! Machine code that reads and writes a tape through the ROM's cassette routines, byte by
//! byte and bit by bit (docs/machine.md §12.4): `tests/mc6809/tape_read.asm` and
//! `tape_write.asm`, assembled by lwasm and committed with their bytes.

use crate::common::{machine, typed};
use spacemono_core::tape::{cas, tapefile, Namefile, TapeKind};
use spacemono_core::{Machine, Status};

const TAPE_READ: &[u8] = include_bytes!("../mc6809/tape_read.bin");
const TAPE_WRITE: &[u8] = include_bytes!("../mc6809/tape_write.bin");

fn load_code(m: &mut Machine, code: &[u8]) {
    for (i, b) in code.iter().enumerate() {
        m.poke(0x3000 + i as u16, *b);
    }
}

/// A machine-code file "HELLO" (load and exec $3100) holding the bytes 1 to 40, as the
/// Dragon writes it: the namefile with its leader, the data block with one, the EOF block
/// straight after.
fn hello_tape() -> Vec<u8> {
    let payload: Vec<u8> = (1..=40).collect();
    let namefile = Namefile::csavem("HELLO", 0x3100, 0x3100);
    cas::write(&tapefile::file_blocks(&namefile, &payload)).expect("a tape")
}

/// What `tape_read` stored at $3200 on: from $3200 to the end address it left at $3100.
fn block_read(m: &mut Machine) -> Vec<u8> {
    let out = typed(m, "EXEC &H3000");
    assert!(!out.contains("ERROR") && !out.contains("NO ROM"), "{out}");
    let end = m.peek16(0x3100);
    (0x3200..end).map(|a| m.peek(a)).collect()
}

#[test]
fn a_loader_reading_byte_by_byte_gets_the_bytes_a_genuine_dragon_reads() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "hello.cas", &hello_tape())
        .unwrap();
    load_code(&mut m, TAPE_READ);
    // The genuine ROM on MAME's dragon32, the same program and .cas (ends $3212, $322B).
    let mut namefile = vec![0, 15];
    namefile.extend(b"HELLO   ");
    namefile.extend([2, 0, 0, 0x31, 0x00, 0x31, 0x00, 71]);
    assert_eq!(block_read(&mut m), namefile);
    let mut data = vec![1, 40];
    data.extend(1..=40);
    data.push(93);
    assert_eq!(block_read(&mut m), data);
    // The last bit read was a 0 (93's bit 7): the turns of the ROM's poll loop it took, then
    // the bit count and the phase. The turns are the ROM's own count of the tape's timing:
    // the genuine ROM on XRoar, which plays a .cas at 812 cycles a 0, counts 26 (we play it
    // at 813; MAME plays a .cas at 1200 Hz, 740 cycles, and counts 24).
    assert!((25..=27).contains(&m.peek(0x82)), "{}", m.peek(0x82));
    assert_eq!([m.peek(0x83), m.peek(0x84)], [0, 0]);
    // Each block read counts as passed: BASIC's next tape statement starts at the EOF block.
    assert_eq!(m.tape_counter().map(|(at, _)| at), Some(2));
}

#[test]
fn a_leader_sync_with_no_leader_left_waits_until_break() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "hello.cas", &hello_tape())
        .unwrap();
    load_code(&mut m, TAPE_READ);
    block_read(&mut m);
    block_read(&mut m);
    // The EOF block follows the data block with no leader between (the ROM reads it with
    // CasBlockIn alone), so the leader sync passes over it and waits at the tape's end for
    // a signal that never comes, as the genuine ROM does (MAME: no DONE in 8000 fields).
    m.type_text(b"EXEC &H3000\r");
    assert_eq!(m.run_fields(200).0, Status::Running);
    m.type_break();
    assert_eq!(m.run_fields(5).0, Status::Prompt);
    let t = m.transcript().unwrap();
    assert!(t.ends_with("BREAK\nOK\n"), "{t}");
    assert_eq!(m.tape_counter().map(|(at, _)| at), Some(3));
}

#[test]
fn code_writing_byte_by_byte_makes_a_file_cloadm_reads() {
    let mut m = machine();
    // A tape with a file on it already: the new one goes after it.
    let other = Namefile::csavem("OTHER", 0x2000, 0x2000);
    let tape = cas::write(&tapefile::file_blocks(&other, &[0x39])).unwrap();
    m.insert_tape_image(TapeKind::Cas, "t.cas", &tape).unwrap();
    load_code(&mut m, TAPE_WRITE);
    let out = typed(&mut m, "EXEC &H3000");
    assert!(!out.contains("ERROR") && !out.contains("NO ROM"), "{out}");
    assert_eq!(m.tape().blocks().len(), 6);
    m.rewind_tape();
    let out = typed(&mut m, "CLOADM\"WRITTEN\"\nEXEC\nPRINT PEEK(&H3180)");
    assert!(out.ends_with(" 66 \nOK\n"), "{out}");
}

const TAPE_BLOCKS: &[u8] = include_bytes!("../mc6809/tape_blocks.bin");

#[test]
fn the_roms_block_routines_read_and_write_whole_blocks() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "hello.cas", &hello_tape())
        .unwrap();
    load_code(&mut m, TAPE_BLOCKS);
    // CasReadBlock1: the namefile into the buffer at [$7E], its type and length at $7C/$7D,
    // B = 0 (no error).
    let out = typed(&mut m, "EXEC &H3000");
    assert!(!out.contains("ERROR") && !out.contains("NO ROM"), "{out}");
    assert_eq!([m.peek(0x3100), m.peek(0x7C), m.peek(0x7D)], [0, 0, 15]);
    assert_eq!(
        (0..8).map(|i| m.peek(0x3200 + i)).collect::<Vec<_>>(),
        b"HELLO   "
    );
    typed(&mut m, "EXEC &H3000");
    assert_eq!([m.peek(0x3100), m.peek(0x7C), m.peek(0x7D)], [0, 1, 40]);
    assert_eq!(m.peek(0x3200 + 39), 40);
    // CasWriteBlock1: three bytes as a data block, after the last block on the tape.
    for (i, b) in [1u8, 3, 9, 8, 7].iter().enumerate() {
        m.poke(0x3101 + i as u16, *b);
    }
    m.poke(0x3200, 9);
    m.poke(0x3201, 8);
    m.poke(0x3202, 7);
    let out = typed(&mut m, "EXEC &H300C");
    assert!(!out.contains("ERROR") && !out.contains("NO ROM"), "{out}");
    let last = m.tape().blocks().last().unwrap().block.clone();
    assert_eq!((last.kind.to_byte(), last.data), (1, vec![9, 8, 7]));
}

#[test]
fn a_block_read_into_the_rom_is_error_2() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "hello.cas", &hello_tape())
        .unwrap();
    // LDX #$C000 / STX $7E / JSR $B933 / STB $3100 / RTS: the buffer where nothing stays.
    let code = [
        0x8E, 0xC0, 0x00, 0x9F, 0x7E, 0xBD, 0xB9, 0x33, 0xF7, 0x31, 0x00, 0x39,
    ];
    load_code(&mut m, &code);
    typed(&mut m, "EXEC &H3000");
    assert_eq!(m.peek(0x3100), 2);
}

#[test]
fn software_init_puts_back_what_the_rom_copies_into_low_ram() {
    // JSR $8003 / RTS, after the leader's length and the printer's width were changed.
    let mut m = machine();
    load_code(&mut m, &[0xBD, 0x80, 0x03, 0x39]);
    let out = typed(
        &mut m,
        "POKE &H91,5:POKE &H9B,40:EXEC &H3000:PRINT PEEK(&H90);PEEK(&H91);PEEK(&H9B);PEEK(&H150)",
    );
    // $0080 leader bytes, width 132, and the last of " DNS" at $0150, as the genuine ROM's.
    assert!(out.ends_with(" 0  128  132  83 \nOK\n"), "{out}");
}

#[test]
fn hardware_init_sets_the_pias_and_sam_as_at_reset_and_returns_to_y() {
    // LDY #$3007 / JMP $8000 / RTS ($3007): DoHWInit ends TFR Y,PC.
    let mut m = machine();
    load_code(&mut m, &[0x10, 0x8E, 0x30, 0x07, 0x7E, 0x80, 0x00, 0x39]);
    let out = typed(
        &mut m,
        "POKE &HFF22,248:EXEC &H3000:PRINT PEEK(&HFF22);PEEK(&HFF03) AND 127:T=TIMER:FOR I=1 TO 300:NEXT:PRINT TIMER-T",
    );
    // The VDG bits cleared, the field sync's IRQ off ($34): TIMER stands still.
    assert!(out.ends_with(" 4  52 \n 0 \nOK\n"), "{out}");
}

const TAPE_BITS: &[u8] = include_bytes!("../mc6809/tape_bits.bin");

/// The namefile block of `hello_tape` as CLOAD reads it: type, length, data, checksum.
fn hello_namefile_block(m: &Machine) -> Vec<u8> {
    let b = &m.tape().blocks()[0];
    assert!(b.checksum_ok);
    let mut out = vec![b.block.kind.to_byte(), b.block.data.len() as u8];
    out.extend(&b.block.data);
    out.push(b.block.checksum());
    out
}

#[test]
fn a_loader_timing_the_cassette_bit_itself_reads_what_cload_reads() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "hello.cas", &hello_tape())
        .unwrap();
    let want = hello_namefile_block(&m);
    load_code(&mut m, TAPE_BITS);
    // The motor on through $FF21, the leader and the block read from $FF20 alone.
    assert_eq!(block_read(&mut m), want);
    assert_eq!(m.peek(0xFF21) & 0x08, 0, "the loader turned the motor off");
    // The tape is where the loader left it: the ROM's routines read the next block.
    assert_eq!(m.tape_counter().map(|(at, _)| at), Some(1));
    load_code(&mut m, TAPE_READ);
    let mut data = vec![1, 40];
    data.extend(1..=40);
    data.push(93);
    assert_eq!(block_read(&mut m), data);
}

#[test]
fn after_the_roms_routines_read_a_block_the_cassette_bit_goes_on_from_there() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "hello.cas", &hello_tape())
        .unwrap();
    let namefile = hello_namefile_block(&m);
    load_code(&mut m, TAPE_READ);
    assert_eq!(block_read(&mut m), namefile);
    load_code(&mut m, TAPE_BITS);
    let mut data = vec![1, 40];
    data.extend(1..=40);
    data.push(93);
    assert_eq!(block_read(&mut m), data);
    assert_eq!(m.tape_counter().map(|(at, _)| at), Some(2));
}

#[test]
fn after_cloadm_the_cassette_bit_reads_the_next_file() {
    let mut m = machine();
    let mut tape = hello_tape();
    let second = Namefile::csavem("SECOND", 0x3400, 0x3400);
    tape.extend(cas::write(&tapefile::file_blocks(&second, &[0x39])).unwrap());
    m.insert_tape_image(TapeKind::Cas, "two.cas", &tape)
        .unwrap();
    let out = typed(&mut m, "CLOADM\"HELLO\"");
    assert!(!out.contains("ERROR"), "{out}");
    load_code(&mut m, TAPE_BITS);
    let got = block_read(&mut m);
    assert_eq!(&got[..2], [0, 15]);
    assert_eq!(&got[2..10], b"SECOND  ");
    assert_eq!(m.tape_counter().map(|(at, _)| at), Some(4));
}

#[test]
fn a_loader_timing_the_cassette_bit_reads_a_wav_tapes_blocks() {
    use spacemono_core::tape::wav::{self, WavOptions};
    let mut m = machine();
    let payload: Vec<u8> = (1..=40).collect();
    let blocks = tapefile::file_blocks(&Namefile::csavem("HELLO", 0x3100, 0x3100), &payload);
    let w = wav::encode(&blocks, &WavOptions::default()).unwrap();
    m.insert_tape_image(TapeKind::Wav, "hello.wav", &w).unwrap();
    let want = hello_namefile_block(&m);
    load_code(&mut m, TAPE_BITS);
    assert_eq!(block_read(&mut m), want);
}

#[test]
fn a_poke_to_the_motor_and_a_peek_of_the_cassette_bit_reach_the_tape() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "hello.cas", &hello_tape())
        .unwrap();
    // The motor off: no signal, PA0 high. On by a POKE: the tape's first motor gap, silence,
    // reads low; off again: high, and the tape has not reached its first block.
    let out = typed(
        &mut m,
        "PRINT PEEK(65312) AND 1\nPOKE 65313,PEEK(65313) OR 8:PRINT PEEK(65312) AND 1\nPOKE 65313,PEEK(65313) AND 247:PRINT PEEK(65312) AND 1",
    );
    assert!(out.contains(" 1 \nOK\n"), "{out}");
    assert!(
        out.ends_with(" 0 \nOK\nPOKE 65313,PEEK(65313) AND 247:PRINT PEEK(65312) AND 1\n 1 \nOK\n"),
        "{out}"
    );
    assert_eq!(m.tape_counter().map(|(at, _)| at), Some(0));
}

/// A tape holding "RUNME", code at $3100 that puts `A` at $3300 and returns.
fn runme_tape() -> Vec<u8> {
    // LDA #$41 / STA $3300 / RTS
    let code = [0x86, 0x41, 0xB7, 0x33, 0x00, 0x39];
    let namefile = Namefile::csavem("RUNME", 0x3100, 0x3100);
    cas::write(&tapefile::file_blocks(&namefile, &code)).expect("a tape")
}

/// CLOADM returns to the statement loop (the ROM's CmdCloadM ends in an RTS, DR LA0D1 ->
/// LB663), so the classic `CLOADM"GAME":EXEC` runs what it loaded, typed at OK or in a
/// program, and the statements after it run too (MAME's genuine Dragon 32 prints `DONE`
/// after both; CLOAD, by contrast, ends at OK).
#[test]
fn cloadm_goes_on_with_the_statements_after_it() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "runme.cas", &runme_tape())
        .unwrap();
    let out = typed(&mut m, "CLOADM\"RUNME\":EXEC:PRINT \"DO\";\"NE\"");
    assert!(out.contains("DONE"), "{out}");
    assert_eq!(m.peek(0x3300), 0x41);

    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "runme.cas", &runme_tape())
        .unwrap();
    let out = typed(
        &mut m,
        "10 CLOADM\"RUNME\":EXEC:PRINT \"DO\";\"NE\"\n20 PRINT \"LINE\";20\nRUN",
    );
    assert!(out.contains("DONE\nLINE 20 \nOK\n"), "{out}");
    assert_eq!(m.peek(0x3300), 0x41);
}

/// SKIPF finds a file and reads on to its EOF block (DR LB903), no further: on a tape of one
/// file it ends without an error (MAME's genuine Dragon prints `DONE` after
/// `SKIPF"MC":PRINT "DONE"`), and on a tape of two the next CLOADM takes the second.
#[test]
fn skipf_passes_one_file_and_the_next_statement_reads_the_one_after() {
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "runme.cas", &runme_tape())
        .unwrap();
    let out = typed(&mut m, "SKIPF\"RUNME\":PRINT \"DO\";\"NE\"");
    assert!(out.contains("DONE") && !out.contains("ERROR"), "{out}");

    let mut m = machine();
    let mut tape = runme_tape();
    // LDA #$42 / STA $3301 / RTS
    let other = Namefile::csavem("OTHER", 0x3200, 0x3200);
    let code = [0x86, 0x42, 0xB7, 0x33, 0x01, 0x39];
    tape.extend(cas::write(&tapefile::file_blocks(&other, &code)).unwrap());
    m.insert_tape_image(TapeKind::Cas, "two.cas", &tape)
        .unwrap();
    let out = typed(&mut m, "SKIPF\nCLOADM:EXEC");
    assert!(!out.contains("ERROR"), "{out}");
    assert_eq!([m.peek(0x3300), m.peek(0x3301)], [0, 0x42], "{out}");
}
