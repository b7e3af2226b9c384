//! The views without pixels show what the VDG shows (issue 12): the text screen while text is
//! displayed, and a graphics page as quadrant text art, saying so on its first line.

use crate::common::*;
use spacemono::frontend::headless::run_until_done;

#[test]
fn a_graphics_page_is_shown_as_text_art() {
    let mut m = machine();
    m.load_listing(b"10 PMODE 4,1:PCLS:SCREEN 1,1\n20 LINE(0,0)-(255,191),PSET\n30 GOTO 30\n")
        .unwrap();
    m.type_text(b"RUN\r");
    run_until_done(&mut m, Some(100));
    let shown = m.display_text();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        lines[0],
        "[graphics: PMODE 4 at $0600, colour set 1; the picture as 128x96 text art]"
    );
    assert_eq!(lines.len(), 97);
    assert!(lines[1..].iter().all(|l| l.chars().count() == 128));
    // The diagonal from (0,0) to (255,191) steps 4 across for every 3 down: of the first
    // character's 2x2 pixels, (0,0) and (1,1) are lit, which is ▚.
    assert!(lines[1].starts_with('▚'), "{}", lines[1]);
    // The last character row ends at the bottom-right corner.
    assert!(
        lines[96]
            .trim_end()
            .ends_with(['▘', '▚', '▞', '▖', '▗', '▝']),
        "{}",
        lines[96]
    );
}

#[test]
fn the_text_screen_is_shown_as_it_is() {
    let mut m = machine();
    typed(&mut m, "PRINT \"HELLO\"");
    assert_eq!(m.display_text(), m.screen_text());
    assert_eq!(m.display_text().lines().count(), 16);
}

#[test]
fn screen_option_prints_what_is_displayed() {
    let dir = temp_dir("screen-graphics");
    std::fs::write(dir.join("g.bas"), "10 PMODE 4,1:SCREEN 1,1\n20 GOTO 20\n").unwrap();
    let out = std::process::Command::new(bin())
        .current_dir(&dir)
        .args([
            "run",
            "g.bas",
            "--headless",
            "--max-seconds",
            "1",
            "--screen",
            "-",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("[graphics: PMODE 4"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
