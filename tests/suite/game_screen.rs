//! Space Monopoly's screens after issue 14: the board labels its rows 1-9 and columns A-L (the
//! names every move is reported by), the candidates' frames keep clear of the board's outline,
//! and the move report stays on screen through the buying prompts.

use crate::game_support::*;

/// The 3x5 glyph at (x, y) of the board page: 5 rows of 3 pixels (PMODE 3 pixels are 2
/// units wide), `#` for buff (the labels' colour), `.` otherwise.
fn glyph(g: &mut Game, x: u32, y: u32) -> String {
    let line = format!(
        "FORY={y}TO{}:FORX={x}TO{}STEP2:PRINTCHR$(46+11*(PPOINT(X,Y)=5));:NEXTX:PRINT\"/\";:NEXTY",
        y + 4,
        x + 4
    );
    g.direct(&line).trim_end().to_string()
}

#[test]
fn the_board_labels_its_rows_and_columns() {
    let mut g = Game::at_first_board(2);
    g.direct("PMODE 3,1");
    let digits = [
        "##./.#./.#./.#./###/",
        "###/..#/###/#../###/",
        "###/..#/.##/..#/###/",
        "#.#/#.#/###/..#/..#/",
        "###/#../###/..#/###/",
        "###/#../###/#.#/###/",
        "###/..#/..#/..#/..#/",
        "###/#.#/###/#.#/###/",
        "###/#.#/###/..#/###/",
    ];
    // Row r's digit at the left edge, level with the middle of the row (y 8+20(r-1)+10).
    for (i, want) in digits.iter().enumerate() {
        let y = 8 + 20 * i as u32 + 8;
        assert_eq!(glyph(&mut g, 0, y), *want, "row {}", i + 1);
    }
    let letters = [
        "###/#.#/###/#.#/#.#/",
        "##./#.#/###/#.#/###/",
        "###/#../#../#../###/",
        "##./#.#/#.#/#.#/##./",
        "###/#../##./#../###/",
        "###/#../##./#../#../",
        "###/#../#.#/#.#/###/",
        "#.#/#.#/###/#.#/#.#/",
        "###/.#./.#./.#./###/",
        "..#/..#/..#/#.#/###/",
        "#.#/#.#/##./#.#/#.#/",
        "#../#../#../#../###/",
    ];
    // Column c's letter along the top, over the middle of the column (x 12+18(c-1)+6).
    for (i, want) in letters.iter().enumerate() {
        let x = 12 + 18 * i as u32 + 6;
        assert_eq!(
            glyph(&mut g, x, 0),
            *want,
            "column {}",
            (b'A' + i as u8) as char
        );
    }
    // The labels keep off the board: a background gap before its outline.
    assert_eq!(g.num("PPOINT(6,100)"), 6.0);
    assert_eq!(g.num("PPOINT(8,100)"), 5.0, "the outline");
    assert_eq!(g.num("PPOINT(100,5)"), 6.0);
    assert_eq!(g.num("PPOINT(100,6)"), 5.0, "the outline");
}

#[test]
fn frames_in_the_corner_cells_keep_clear_of_the_outline() {
    let mut g = Game::at_first_board(2);
    g.keys("P=1:NC=2:CR(1)=1:CC(1)=1:CR(2)=9:CC(2)=12:GOTO 1040\n");
    g.brk();
    g.direct("PMODE 3,5");
    let p = |g: &mut Game, x: u32, y: u32| g.num(&format!("PPOINT({x},{y})"));
    // 1A: frame at x 12 and y 8, outline at x 8 and y 6, background between.
    assert_eq!(
        [p(&mut g, 8, 18), p(&mut g, 10, 18), p(&mut g, 12, 18)],
        [5.0, 6.0, 5.0]
    );
    assert_eq!(
        [p(&mut g, 20, 6), p(&mut g, 20, 7), p(&mut g, 20, 8)],
        [5.0, 6.0, 5.0]
    );
    // 9L: frame at x 227 and y 187, outline at x 231 and y 189.
    assert_eq!(
        [
            p(&mut g, 227, 178),
            p(&mut g, 229, 178),
            p(&mut g, 231, 178)
        ],
        [5.0, 6.0, 5.0]
    );
    assert_eq!(
        [
            p(&mut g, 220, 187),
            p(&mut g, 220, 188),
            p(&mut g, 220, 189)
        ],
        [5.0, 6.0, 5.0]
    );
}

#[test]
fn the_move_report_stays_on_screen_while_buying_from_five_companies() {
    let mut g = Game::at_first_board(2);
    g.empty_board(6000);
    g.direct("M(1,1)=3:M(1,3)=4:M(1,5)=5:M(1,7)=6:M(1,9)=7");
    g.direct("FORK=1TO5:Q(K)=1:PR(K)=100:NEXTK:SH(1,1)=20");
    // Player 1 takes 5E (an outpost), gets $100 dividends, and is asked about A to E: four
    // ENTERs, and the game waits at E's prompt.
    let out = g.play(1, "5E", "\n\n\n\n");
    assert_eq!(out.matches("BUY HOW MANY?").count(), 5, "{out}");
    let screen = g.m.screen_text();
    for want in [
        "MOVE 1 OF 48",
        "YOU TAKE 5E",
        "AN OUTPOST",
        "DIVIDENDS $ 100",
        "ERIDANI EXPEDITERS AT $ 100",
        "YOU OWN 0  CASH $ 6100",
        "BUY HOW MANY?",
    ] {
        assert!(screen.contains(want), "{want:?} on screen:\n{screen}");
    }
    // A refusal is said on its own line, and the prompt comes again on the same screen.
    g.keys("9999\n");
    let screen = g.m.screen_text();
    assert!(screen.contains("YOU ONLY HAVE $ 6100"), "{screen}");
    assert!(screen.contains("YOU TAKE 5E"), "{screen}");
}
