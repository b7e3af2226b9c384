//! roms/spacemono.cas is the tape spacemono makes from roms/spacemono.bas: the listing typed
//! into the machine (tokenized by our cruncher, at $1E01 with PCLEAR 4 as at power-on), then
//! written as `CSAVE "SPACEMON"` writes it, by our own tape code. This test fails when the two
//! files disagree. Regenerate the tape with `UPDATE_TAPE=1 cargo test --test game_tape`.

use spacemono::computer::Machine;
use spacemono::formats::tapefile::file_blocks;
use spacemono::formats::{cas, FileType, Namefile};
use std::path::PathBuf;

/// The program as it sits in RAM after loading the listing: $1E01 up to the start of the
/// variables (VARTAB at $1B/$1C).
fn program_image() -> Vec<u8> {
    let mut m = Machine::new();
    m.load_listing(crate::game_support::PROGRAM.as_bytes())
        .unwrap();
    let start = m.peek16(0x19);
    let end = m.peek16(0x1B);
    assert_eq!(start, 0x1E01);
    m.memory()[start as usize..end as usize].to_vec()
}

#[test]
fn tape_matches_the_listing() {
    let image = program_image();
    let blocks = file_blocks(&Namefile::csave("SPACEMON"), &image);
    let tape = cas::write(&blocks).unwrap();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("roms/spacemono.cas");
    if std::env::var_os("UPDATE_TAPE").is_some_and(|v| v == "1") {
        std::fs::write(&path, &tape).unwrap();
        eprintln!("wrote {}", path.display());
    }
    let stored = std::fs::read(&path).expect("roms/spacemono.cas (make it with UPDATE_TAPE=1)");
    assert!(
        stored == tape,
        "roms/spacemono.cas is not the tape of roms/spacemono.bas"
    );
    // Read back: one BASIC file, SPACEMON, holding exactly the program.
    let files = cas::read_files(&stored).unwrap();
    assert_eq!(files.len(), 1);
    let nf = files[0].namefile.unwrap();
    assert_eq!(nf.name_str().trim_end(), "SPACEMON");
    assert_eq!(nf.file_type, FileType::Basic);
    assert!(!nf.ascii);
    assert_eq!(files[0].payload(), image);
    // It fits: the program leaves room for the game (the listing asks for PCLEAR 8 and
    // CLEAR 300 itself; see game_rules / the README for PRINT MEM after setup).
    assert!(image.len() < 14 * 1024, "{} bytes", image.len());
}

#[test]
fn fits_in_a_dragon_32_with_room_to_spare() {
    // PRINT MEM after setup (4 players, at the first board): 24871 at power-on, less 6K for
    // PCLEAR 8, the program, its arrays and CLEAR 300. About 3,100 bytes are left once play
    // by file is in (it was 6,800 before); the game itself needs a few hundred for its
    // GOSUB and FOR frames.
    let mut g = crate::game_support::Game::at_first_board(4);
    let mem = g.num("MEM");
    assert!(mem >= 3000.0, "PRINT MEM after setup is {mem}");
    // And after a whole game no ?OM or ?OS came.
    let g = crate::game_support::Game::start(&format!("4{}", "M\n1\n1\n\n\n\n".repeat(60)));
    let t = g.transcript();
    assert!(t.contains("FINAL STANDINGS"));
    assert!(!t.contains("ERROR"), "{t}");
}
