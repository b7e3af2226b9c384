//! `spacemono` with no arguments: the Dragon owner's evening, CLOAD then RUN.

use spacemono::frontend::default_tape;
use spacemono_core::Machine;

fn fields(m: &mut Machine, n: usize) {
    for _ in 0..n {
        m.run_field();
    }
}

#[test]
fn the_game_loads_from_its_tape_with_the_roms_feedback_then_runs() {
    let mut m = Machine::with_transcript(true);
    default_tape::boot_game(&mut m).unwrap();
    // While searching: S at the top left, then the name found, then F.
    let mut saw_s = false;
    let mut saw_f = false;
    for _ in 0..400 {
        m.run_field();
        let top: String = m.screen_text().lines().next().unwrap().to_string();
        saw_s |= top.starts_with('S') || top.starts_with('s');
        saw_f |= (top.starts_with('F') || top.starts_with('f')) && top.contains("SPACEMON");
        if m.transcript().unwrap().contains("S P A C E") {
            break;
        }
    }
    assert!(saw_s && saw_f, "S {saw_s} F {saw_f}\n{}", m.screen_text());
    let t = m.transcript().unwrap();
    assert!(t.contains("CLOAD\nSPACEMON\nOK\nRUN\n"), "{t}");
    assert!(t.contains("S P A C E  M O N O P O L Y"), "{t}");
    // Loading is quick: the title is up within a few seconds of power-on.
    assert!(m.fields() < 250, "{} fields", m.fields());
}

#[test]
fn the_other_games_load_by_name_past_the_ones_before_them() {
    use spacemono::frontend::default_tape::BuiltInGame;
    for game in [BuiltInGame::Starlanes, BuiltInGame::Acquire] {
        let mut m = Machine::with_transcript(true);
        default_tape::boot(&mut m, game).unwrap();
        // The ROM shows each file it passes by its name beside the S of the search, and the
        // one asked for beside F (lower case on alternate fields: the blink).
        let mut shown = Vec::new();
        for _ in 0..600 {
            m.run_field();
            let top = m
                .screen_text()
                .lines()
                .next()
                .unwrap()
                .trim_end()
                .to_string();
            let top = top.to_ascii_uppercase();
            if top.len() > 2 && shown.last() != Some(&top) {
                shown.push(top);
            }
            if m.transcript().unwrap().contains("\nRUN\n") {
                break;
            }
        }
        let name = game.tape_name();
        let t = m.transcript().unwrap();
        assert!(
            t.contains(&format!("CLOAD\"{name}\"\n")) && t.contains("OK\nRUN\n"),
            "{t}"
        );
        assert!(shown.contains(&"S SPACEMON".to_string()), "{shown:?}");
        assert_eq!(shown.last(), Some(&format!("F {name}")), "{shown:?}");
        // The program in memory is the game's own listing, and it is running.
        let listing = std::fs::read_to_string(format!(
            "{}/roms/{}.bas",
            env!("CARGO_MANIFEST_DIR"),
            game.file_stem()
        ))
        .unwrap();
        let mut fresh = Machine::new();
        fresh.load_listing(listing.as_bytes()).unwrap();
        let (a, b) = (fresh.peek16(0x19) as usize, fresh.peek16(0x1B) as usize);
        assert_eq!(m.memory()[a..b], fresh.memory()[a..b], "{name}");
        fields(&mut m, 50);
        assert_ne!(
            m.run_field(),
            spacemono_core::Status::Prompt,
            "{name} stopped"
        );
    }
}

#[test]
fn a_key_hurries_the_tape_and_fast_skips_it() {
    let mut m = Machine::with_transcript(true);
    default_tape::boot_game(&mut m).unwrap();
    fields(&mut m, 3);
    m.press(b' ');
    fields(&mut m, 5);
    assert!(
        m.transcript().unwrap().contains("SPACEMON\nOK\nRUN"),
        "{}",
        m.transcript().unwrap()
    );

    let mut m = Machine::with_transcript(true);
    default_tape::boot_game_fast(&mut m).unwrap();
    fields(&mut m, 5);
    let t = m.transcript().unwrap();
    assert!(!t.contains("CLOAD") && t.contains("RUN\n"), "{t}");
}

/// `--tape-speed real`: the tape's own time, the file found included. Space Monopoly, first on
/// the tape, was in memory as soon as its name block was read, and its title came in 1.5 s.
#[test]
fn at_the_real_pace_each_game_takes_its_tapes_time() {
    use spacemono::frontend::default_tape::BuiltInGame;
    use spacemono_core::tape::{block_duration_fields, blocks_from_bytes, TapeKind, TapeSpeed};
    let tape_fields = |game: BuiltInGame| -> u64 {
        blocks_from_bytes(game.cas(), TapeKind::Cas, "T")
            .unwrap()
            .iter()
            .map(|b| block_duration_fields(&b.block, b.led) as u64)
            .sum()
    };
    let mut before = 0;
    for game in [BuiltInGame::SpaceMonopoly, BuiltInGame::Starlanes] {
        let mut m = Machine::with_transcript(true);
        m.set_tape_speed(TapeSpeed::Real);
        default_tape::boot(&mut m, game).unwrap();
        let own = tape_fields(game);
        while !m.transcript().unwrap().contains("\nRUN\n") {
            m.run_field();
            assert!(m.fields() < 3 * (before + own), "{:?} never loaded", game);
        }
        // Every block up to the end of the game's own file, and little more.
        let took = m.fields();
        assert!(
            took >= before + own && took < before + own + 50,
            "{game:?}: {took} fields, its tape {own} after {before}"
        );
        before += own;
    }
}

/// Keys a person types fast reach the prompt in order, one a field, as on the Dragon.
#[test]
fn keys_typed_ahead_reach_the_prompt_in_order() {
    let mut m = Machine::new();
    fields(&mut m, 5);
    for &c in b"PRINT 6*7\r" {
        m.type_key(c);
    }
    fields(&mut m, 20);
    assert_eq!(m.typed_keys_waiting(), 0);
    assert!(m.screen_text().contains("PRINT 6*7"), "{}", m.screen_text());
    assert!(m.screen_text().contains(" 42"), "{}", m.screen_text());
}
