//! Each game's tape, roms/<game>.cas, is the tape spacemono makes from its listing,
//! roms/<game>.bas: the listing typed into the machine (tokenized by our cruncher, at $1E01
//! with PCLEAR 4 as at power-on), then written as `CSAVE "NAME"` writes it, by our own tape
//! code. These tests fail when the two files disagree. Regenerate the tapes with
//! `UPDATE_TAPE=1 cargo test --release --test suite game_tape`.

use spacemono::frontend::default_tape::{self, BuiltInGame};
use spacemono_core::tape::tapefile::file_blocks;
use spacemono_core::tape::{cas, FileType, Namefile};
use spacemono_core::Machine;
use std::path::PathBuf;

fn rom(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("roms")
        .join(name)
}

/// The program as it sits in RAM after loading the listing: $1E01 up to the start of the
/// variables (VARTAB at $1B/$1C).
pub fn program_image(listing: &str) -> Vec<u8> {
    let mut m = Machine::new();
    m.load_listing(listing.as_bytes()).unwrap();
    let start = m.peek16(0x19);
    let end = m.peek16(0x1B);
    assert_eq!(start, 0x1E01);
    m.memory()[start as usize..end as usize].to_vec()
}

#[test]
fn each_tape_matches_its_listing() {
    for game in BuiltInGame::ALL {
        let stem = game.file_stem();
        let listing = std::fs::read_to_string(rom(&format!("{stem}.bas"))).unwrap();
        let image = program_image(&listing);
        let blocks = file_blocks(&Namefile::csave(game.tape_name()), &image);
        let tape = cas::write(&blocks).unwrap();
        let path = rom(&format!("{stem}.cas"));
        if std::env::var_os("UPDATE_TAPE").is_some_and(|v| v == "1") {
            std::fs::write(&path, &tape).unwrap();
            eprintln!("wrote {}", path.display());
        }
        let stored = std::fs::read(&path).expect("the tape (make it with UPDATE_TAPE=1)");
        assert!(
            stored == tape,
            "roms/{stem}.cas is not the tape of roms/{stem}.bas"
        );
        // Read back: one BASIC file of the game's name, holding exactly the program.
        let files = cas::read_files(&stored).unwrap();
        assert_eq!(files.len(), 1);
        let nf = files[0].namefile.unwrap();
        assert_eq!(nf.name_str().trim_end(), game.tape_name());
        assert_eq!(nf.file_type, FileType::Basic);
        assert!(!nf.ascii);
        assert_eq!(files[0].payload(), image);
        // It loads into a Dragon 32 with room left: PRINT MEM is 24871 at power-on and every
        // game keeps at least 2000 after its setup (each game's tests check that figure).
        assert!(image.len() < 24871 - 2000, "{stem}: {} bytes", image.len());
    }
}

#[test]
fn the_built_in_tape_holds_every_game_in_order() {
    let files = cas::read_files(&default_tape::built_in_tape()).unwrap();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.namefile.unwrap().name_str().trim_end().to_string())
        .collect();
    let expected: Vec<&str> = BuiltInGame::ALL.iter().map(|g| g.tape_name()).collect();
    assert_eq!(names, expected);
    // And each loads by its name into a machine, as CLOAD "NAME" would.
    for game in BuiltInGame::ALL {
        let mut m = Machine::new();
        default_tape::boot_fast(&mut m, game).unwrap();
        let listing = std::fs::read_to_string(rom(&format!("{}.bas", game.file_stem()))).unwrap();
        let start = m.peek16(0x19) as usize;
        let end = m.peek16(0x1B) as usize;
        assert_eq!(m.memory()[start..end], program_image(&listing)[..]);
    }
}

#[test]
fn fits_in_a_dragon_32_with_room_to_spare() {
    // PRINT MEM after setup (4 players, at the first board): 24871 at power-on, less 6K for
    // PCLEAR 8, the program, its arrays and CLEAR 300. 3,040 bytes are left once play by
    // file is in and its orders are bounded (it was 6,800 before); the game itself needs a few
    // hundred for its GOSUB and FOR frames.
    let mut g = crate::game_support::Game::at_first_board(4);
    let mem = g.num("MEM");
    assert!(mem >= 3000.0, "PRINT MEM after setup is {mem}");
    // And after a whole game no ?OM or ?OS came.
    let g = crate::game_support::Game::start(&format!("4{}", "M\n1\n1\n\n\n\n".repeat(60)));
    let t = g.transcript();
    assert!(t.contains("FINAL STANDINGS"));
    assert!(!t.contains("ERROR"), "{t}");
}
