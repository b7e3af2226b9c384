//! roms/README.md's figures for each game (its size tokenized, `PRINT MEM` after setup and
//! at the end of a game) are measured here on the machine and must be in the README exactly
//! as measured: issue 30 found "about 9.0K tokenized" for 13,228 bytes and a PRINT MEM of
//! 6775 where the machine said 3095.

use crate::acquire_support::Acq;
use crate::game_support::Game;
use crate::starlanes_support::Game as Starlanes;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/roms/README.md")).unwrap()
}

/// 13228 -> "13,228".
fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The README, its lines joined (a phrase may be wrapped), holds `phrase`.
fn says(phrase: &str) {
    let text = readme().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains(phrase),
        "roms/README.md should say {phrase:?} (measured)"
    );
}

#[test]
fn space_monopolys_figures_are_the_machines() {
    let size = crate::game_tape::program_image(crate::game_support::PROGRAM).len();
    let mems: Vec<f64> = (2..=4)
        .map(|n| Game::at_first_board(n).num("MEM"))
        .collect();
    println!("Space Monopoly: {size} bytes, PRINT MEM at the first board {mems:?}");
    assert!(mems.iter().all(|&m| m == mems[2]), "{mems:?}");
    let mut end = Game::start(&format!("4{}", "M\n1\n1\n\n\n\n".repeat(60)));
    assert!(end.m.screen_text().contains("ANOTHER GAME"));
    end.brk();
    let last = end.num("MEM");
    println!("Space Monopoly: PRINT MEM at the end of a game of four {last}");
    says(&format!(
        "the program is {} bytes tokenized",
        thousands(size)
    ));
    says(&format!(
        "`PRINT MEM` after setup (at the first board) is {}, and {} at the end of a game of four",
        mems[2], last
    ));
}

#[test]
fn starlanes_figures_are_the_machines() {
    let size = crate::game_tape::program_image(crate::starlanes_support::PROGRAM).len();
    let mems: Vec<f64> = (1..=4)
        .map(|n| Starlanes::at_first_move(n).num("MEM"))
        .collect();
    println!("Starlanes: {size} bytes, PRINT MEM at the first move {mems:?}");
    says(&format!("Starlanes is {} bytes tokenized", thousands(size)));
    assert!(mems.iter().all(|&m| m == mems[0]), "{mems:?}");
    says(&format!("`PRINT MEM` at the first move is {}", mems[0]));
}

#[test]
fn acquires_figures_are_the_machines() {
    let size = crate::game_tape::program_image(crate::acquire_support::PROGRAM).len();
    let mems: Vec<i64> = (1..=5)
        .map(|n| Acq::at_first_prompt(n).num("MEM"))
        .collect();
    let mut end = Acq::start(&format!("5N{}", "1234560LTAFWCI\r\r".repeat(400)));
    assert!(end.m.screen_text().contains("THE GAME IS OVER"));
    end.brk();
    let last = end.num("MEM");
    println!("Acquire: {size} bytes, PRINT MEM after setup {mems:?}, at the end of six {last}");
    assert!(mems[1..].iter().all(|&m| m == mems[1]), "{mems:?}");
    says(&format!("Acquire is {} bytes tokenized", thousands(size)));
    let after_setup = if mems[0] == mems[1] {
        format!("{} with one to five computers", mems[0])
    } else {
        format!(
            "{} with one computer, {} with two to five",
            mems[0], mems[1]
        )
    };
    says(&format!(
        "`PRINT MEM` after setup is {after_setup} ({last} at the end of a game of six)"
    ));
}
