//! Space Monopoly's screens after issue 14: the board labels its rows 1-9 and columns A-L (the
//! names every move is reported by), the candidates' frames keep clear of the board's outline,
//! and the move report stays on screen through the buying prompts.

use crate::game_support::*;

/// The glyph `w` pixels wide and 5 high at (x, y) of the board page (PMODE 3 pixels are 2
/// units wide), `#` for buff (the labels' colour), `.` otherwise.
fn glyph(g: &mut Game, x: u32, y: u32, w: u32) -> String {
    let line = format!(
        "FORY={y}TO{}:FORX={x}TO{}STEP2:PRINTCHR$(46+11*(PPOINT(X,Y)=5));:NEXTX:PRINT\"/\";:NEXTY",
        y + 4,
        x + 2 * (w - 1)
    );
    g.direct(&line).trim_end().to_string()
}

/// The board's top left corner on the page: its cells start here (the program's XO, YO).
const BOARD_X: u32 = 12;
const BOARD_Y: u32 = 10;

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
    // Row r's digit at the left edge, level with the middle of the row.
    for (i, want) in digits.iter().enumerate() {
        let y = BOARD_Y + 20 * i as u32 + 8;
        assert_eq!(glyph(&mut g, 0, y, 3), *want, "row {}", i + 1);
    }
    // Four pixels wide (issue 30): in three, A and H, C and L, D and an O differed by a pixel.
    let letters = [
        ".##./#..#/####/#..#/#..#/",
        "###./#..#/###./#..#/###./",
        ".###/#.../#.../#.../.###/",
        "###./#..#/#..#/#..#/###./",
        "####/#.../###./#.../####/",
        "####/#.../###./#.../#.../",
        ".###/#.../#.##/#..#/.###/",
        "#..#/#..#/####/#..#/#..#/",
        "###./.#../.#../.#../###./",
        "...#/...#/...#/#..#/.##./",
        "#..#/#.#./##../#.#./#..#/",
        "#.../#.../#.../#.../####/",
    ];
    // Column c's letter along the top, over the middle of the column.
    for (i, want) in letters.iter().enumerate() {
        let x = BOARD_X + 18 * i as u32 + 4;
        assert_eq!(
            glyph(&mut g, x, 0, 4),
            *want,
            "column {}",
            (b'A' + i as u8) as char
        );
    }
    let differ = |a: &str, b: &str| a.bytes().zip(b.bytes()).filter(|(x, y)| x != y).count();
    // A and H, C and L: four pixels apart; D square on the left where an O is round.
    for (a, b) in [(0, 7), (2, 11)] {
        assert!(
            differ(letters[a], letters[b]) >= 4,
            "{a} and {b} look alike"
        );
    }
    assert!(
        differ(letters[3], ".##./#..#/#..#/#..#/.##./") >= 2,
        "D is no O"
    );
    // The labels keep off the board: the digits a pixel, the letters three lines of
    // background before its outline (one line was too few to see).
    assert_eq!(g.num("PPOINT(6,100)"), 6.0);
    assert_eq!(g.num("PPOINT(8,100)"), 5.0, "the outline");
    let drawn = g.run_num("N=0:FORY=5TO7:FORX=0TO254STEP2:N=N-(PPOINT(X,Y)<>6):NEXTX,Y:PRINTN");
    assert_eq!(drawn, 0.0, "lines 5-7 are background");
    assert_eq!(g.num("PPOINT(100,8)"), 5.0, "the outline");
}

#[test]
fn frames_in_the_corner_cells_keep_clear_of_the_outline() {
    let mut g = Game::at_first_board(2);
    g.keys("P=1:NC=2:CR(1)=1:CC(1)=1:CR(2)=9:CC(2)=12:GOTO 1040\n");
    g.brk();
    g.direct("PMODE 3,5");
    let p = |g: &mut Game, x: u32, y: u32| g.num(&format!("PPOINT({x},{y})"));
    // 1A: frame at x 12 and y 10, outline at x 8 and y 8, background between.
    assert_eq!(
        [p(&mut g, 8, 18), p(&mut g, 10, 18), p(&mut g, 12, 18)],
        [5.0, 6.0, 5.0]
    );
    assert_eq!(
        [p(&mut g, 20, 8), p(&mut g, 20, 9), p(&mut g, 20, 10)],
        [5.0, 6.0, 5.0]
    );
    // 9L: frame at x 227 and y 189, outline at x 231 and y 191 (the page's last line).
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
            p(&mut g, 220, 189),
            p(&mut g, 220, 190),
            p(&mut g, 220, 191)
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

/// The text screen's lines, trailing blanks cut.
fn lines(g: &Game) -> Vec<String> {
    g.m.screen_text()
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// No progress mark (a graphics block) is left on the text screen.
fn no_marks_left(g: &Game) {
    let screen = g.m.screen_text();
    assert!(screen.is_ascii(), "a mark is left:\n{screen}");
}

/// The progress bar of a merger went on the bottom line by PRINT @, so the cursor was left
/// there: "GROWTH" landed beside the bar, " OF DENEBOLA SHIPPERS" wrapped below it, and the
/// move's header scrolled off the top. Now the marks are POKEd and cleared when done.
#[test]
fn a_merger_report_reads_from_the_top_with_each_line_whole() {
    let mut g = Game::at_first_board(3);
    g.empty_board(6000);
    // As rule S8: 5E joins D (4 cells) with C (3) and B (2).
    g.direct("FORI=1TO4:M(I,5)=6:NEXTI:M(6,5)=4:M(7,5)=4:M(5,2)=5:M(5,3)=5:M(5,4)=5");
    g.direct("Q(4)=4:PR(4)=400:Q(2)=2:PR(2)=200:Q(3)=3:PR(3)=300:MX=48");
    let out = g.play(1, "5E", "");
    assert!(out.contains("PRESS ENTER"), "{out}");
    let l = lines(&g);
    assert!(l[0].starts_with("MOVE 1 OF 48"), "{l:#?}");
    assert_eq!(l[1], "YOU TAKE 5E");
    assert!(
        l.contains(&"GROWTH OF DENEBOLA SHIPPERS".to_string()),
        "{l:#?}"
    );
    assert_eq!(
        l.iter().filter(|x| x.starts_with("MERGES INTO")).count(),
        2,
        "{l:#?}"
    );
    no_marks_left(&g);
}

/// A computer's move names the computer, and its buys are whole lines under the move's
/// header: the bar of 7810 left the cursor on the bottom line ("BUYS 60" / " OF ALTAIR
/// STARWAYS"), and the move was announced as "YOU TAKE".
#[test]
fn a_computers_move_and_buys_read_whole_under_its_header() {
    let mut g = Game::at_first_board(2);
    g.empty_board(6000);
    g.direct("SE(2)=2:M(1,1)=3:Q(1)=1:PR(1)=100:MX=48");
    g.direct("P=2:R=5:C=5:GOSUB 4000:GOSUB 5000:GOSUB 5500");
    let l = lines(&g);
    assert!(l[0].starts_with("MOVE 1 OF 48"), "{l:#?}");
    assert_eq!(l[1], "COMPUTER 2 TAKES 5E", "{l:#?}");
    assert!(
        l.contains(&"BUYS 60 OF ALTAIR STARWAYS".to_string()),
        "{l:#?}"
    );
    no_marks_left(&g);
}
