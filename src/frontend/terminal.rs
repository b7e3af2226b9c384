//! The terminal view, for when there is no display (or `--terminal`): the 32×16 text screen
//! drawn in place with ANSI colours, or a graphics page as quadrant art in the VDG's colours
//! (every pixel when the terminal has 128×98 cells, else at half or quarter size); keys read
//! raw from the terminal.
//!
//! Cells look as on the VDG: normal characters dark on bright green, lower case (inverse)
//! bright green on dark green, semigraphics as Unicode quadrant blocks in their colour on
//! black. Raw mode is set with `stty` and put back on the way out, whether the session ends
//! by Ctrl-C, an error, a panic or a SIGTERM/SIGHUP/SIGINT.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Instant;

use super::key_repeat_hold::HeldByRepeat;
use super::keymap::Action;
use super::pacing::{Pacer, Speed};
use super::session::{Driver, Outcome, SessionOptions};
use super::session_error::TerminalError;
use super::terminal_layout::{fit, Area, Layout};
use super::terminal_size;
use super::window_keys::help_lines;
use spacemono_core::TextCell;
use spacemono_core::{key_code as code, named_code, NamedKey};

fn sgr(fg: u32, bg: u32) -> String {
    format!(
        "\x1b[38;2;{};{};{};48;2;{};{};{}m",
        fg >> 16,
        (fg >> 8) & 0xFF,
        fg & 0xFF,
        bg >> 16,
        (bg >> 8) & 0xFF,
        bg & 0xFF
    )
}

/// One row of text cells (`Machine::text_cells`) as ANSI text: colours set at the start and
/// wherever they change, reset at the end (no line end: rows are placed by the cursor).
pub fn render_row(cells: &[TextCell]) -> String {
    let mut out = String::new();
    push_cells(&mut out, cells.iter().map(|c| (c.ch, c.fg, c.bg)));
    out
}

/// Cells as (character, foreground, background), colours set wherever they change, then reset.
fn push_cells(out: &mut String, cells: impl Iterator<Item = (char, u32, u32)>) {
    let mut colours = None;
    for (c, fg, bg) in cells {
        if colours != Some((fg, bg)) {
            out.push_str(&sgr(fg, bg));
            colours = Some((fg, bg));
        }
        out.push(c);
    }
    out.push_str("\x1b[0m");
}

/// Rows of a picture placed in `area`, each at its own row with the cursor (never a line end,
/// which would scroll the terminal at its bottom), cut to the area's rows and width.
fn place_rows<T>(area: Area, rows: &[Vec<T>], cell: impl Fn(&T) -> (char, u32, u32)) -> String {
    let mut out = String::new();
    for (i, row) in rows.iter().take(area.rows).enumerate() {
        out.push_str(&format!("\x1b[{};{}H", area.row + i, area.col));
        push_cells(&mut out, row.iter().take(area.width).map(&cell));
    }
    out
}

/// The whole 32×16 screen, placed in `area`.
pub fn render_screen(area: Area, rows: &[Vec<TextCell>]) -> String {
    place_rows(area, rows, |c| (c.ch, c.fg, c.bg))
}

/// Quadrant art in its colours, placed in `area`.
pub fn render_art(area: Area, art: &[Vec<spacemono_core::text_art::ArtCell>]) -> String {
    place_rows(area, art, |c| (c.ch, c.fg, c.bg))
}

/// The line of keys under the picture (beside it, and with F1, the keys are listed from the
/// table, `window_keys::KEYS`).
const HELP: &str = "F1 keys  Esc BREAK  F3 caps  F5/F9 save/restore  F8 pause  F10 turbo  ^C quit";

/// The list of keys in place of the picture (F1), from the top-left corner.
pub fn render_help(cols: usize) -> String {
    let mut out = String::from("\x1b[0m\x1b[2J\x1b[H");
    out.push_str("Keys (F1 again: back to the picture)\r\n\r\n");
    for line in super::window_keys::help_lines(true, cols.max(20)) {
        out.push_str(&line);
        out.push_str("\r\n");
    }
    out
}

/// Text lines placed in `area` from its top, each cut to its width and cleared to its end
/// (only the area's own columns: beside the picture, the picture must stay).
fn place_lines(area: Area, lines: &[String]) -> String {
    let mut out = String::new();
    for i in 0..area.rows {
        let text = fit(lines.get(i).map(String::as_str).unwrap_or(""), area.width);
        let pad = area.width - text.chars().count();
        out.push_str(&format!(
            "\x1b[{};{}H\x1b[0m{text}{:pad$}",
            area.row + i,
            area.col,
            ""
        ));
    }
    out
}

/// The picture's size in rows and columns: the text screen, or quadrant art at `scale`.
fn picture_size(graphics: bool, scale: usize) -> (usize, usize) {
    if graphics {
        (96 / scale, 128 / scale)
    } else {
        (16, 32)
    }
}

/// The finest scale of quadrant art whose whole picture fits on a terminal of `size`, with
/// the key and status lines under it or a key panel beside it: 1 (128x96 characters, every
/// pixel), 2 (64x48) or 4 (32x24, cut short on a terminal smaller still).
pub fn art_scale(size: (usize, usize)) -> usize {
    [1, 2, 4]
        .into_iter()
        .find(|&s| Layout::new(size, picture_size(true, s)).fits(picture_size(true, s)))
        .unwrap_or(4)
}

/// The status line: FAST FORWARD while Insert is held or TURBO while flat out, caps lock
/// while it is off, the snapshot slot when not the first (as the window's title bar says
/// them), then the last thing to tell.
fn status_text(driver: &Driver, notice: &str) -> String {
    let mut parts = Vec::new();
    if driver.fast_forward {
        parts.push("FAST FORWARD".to_string());
    } else if driver.speed == Speed::Turbo {
        parts.push("TURBO".to_string());
    }
    if !driver.caps {
        parts.push("caps lock off".to_string());
    }
    if driver.slots.slot() != 1 {
        parts.push(format!("slot {}", driver.slots.slot()));
    }
    if !notice.is_empty() {
        parts.push(notice.to_string());
    }
    parts.join("  ")
}

/// What a key from the terminal asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermKey {
    Act(Action),
    Quit,
}

/// Turns terminal bytes (a chunk as read) into keys.
#[derive(Debug, Default)]
pub struct TermKeys;

impl TermKeys {
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<TermKey> {
        let mut out = Vec::new();
        let text = String::from_utf8_lossy(bytes);
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let dragon = |k: u8| TermKey::Act(Action::Dragon(k));
        while i < chars.len() {
            let c = chars[i];
            i += 1;
            match c {
                '\x03' | '\x04' => out.push(TermKey::Quit),
                '\x12' => out.push(TermKey::Act(Action::ResetSoft)),
                '\r' | '\n' => out.push(dragon(code::ENTER)),
                '\x7f' | '\x08' => out.push(dragon(code::LEFT)),
                '\x1b' => {
                    // A lone ESC is BREAK; ESC [ ... or ESC O x is a key's sequence.
                    let Some(&intro) = chars.get(i) else {
                        out.push(TermKey::Act(Action::Break));
                        continue;
                    };
                    if intro == 'r' || intro == 'R' {
                        // Alt+R: the terminal's Ctrl+Shift+R.
                        i += 1;
                        out.push(TermKey::Act(Action::ResetHard));
                        continue;
                    }
                    if let Some(slot) = intro.to_digit(10).filter(|&d| d > 0) {
                        // Alt+1..9: the terminal's Ctrl+1..9 (a terminal sends no Ctrl+digit).
                        i += 1;
                        out.push(TermKey::Act(Action::Slot(slot as u8)));
                        continue;
                    }
                    if intro != '[' && intro != 'O' {
                        out.push(TermKey::Act(Action::Break));
                        continue;
                    }
                    i += 1;
                    let mut params = String::new();
                    let mut fin = None;
                    while let Some(&ch) = chars.get(i) {
                        i += 1;
                        if ch.is_ascii_digit() || ch == ';' {
                            params.push(ch);
                        } else {
                            fin = Some(ch);
                            break;
                        }
                    }
                    let shift = params.ends_with(";2");
                    let key = match (fin, params.as_str()) {
                        (Some('A'), _) => Some(named_code(NamedKey::Up, shift)),
                        (Some('B'), _) => Some(named_code(NamedKey::Down, shift)),
                        (Some('C'), _) => Some(named_code(NamedKey::Right, shift)),
                        (Some('D'), _) => Some(named_code(NamedKey::Left, shift)),
                        (Some('H'), _) => Some(named_code(NamedKey::Clear, shift)),
                        (Some('~'), "1") | (Some('~'), "7") => Some(code::CLEAR),
                        _ => None,
                    };
                    if let Some(k) = key {
                        out.push(dragon(k));
                        continue;
                    }
                    // The function keys as xterm sends them (F1-F4 as ESC O P..S, with
                    // Shift as ESC [1;2P..S; the others ESC [n~, with Shift ESC [n;2~).
                    let action = match (fin, params.as_str()) {
                        (Some('P'), "") => Some(Action::ToggleHelp),
                        (Some('Q'), "") => Some(Action::Screenshot),
                        (Some('R'), "") => Some(Action::ToggleCaps),
                        (Some('S'), "") => Some(Action::NextTape),
                        (Some('S'), "1;2") => Some(Action::EjectTape),
                        // Insert, pressed or repeated (held: see `key_repeat_hold`).
                        (Some('~'), "2") => Some(Action::FastForward(true)),
                        (Some('~'), "15") => Some(Action::SaveSnapshot),
                        (Some('~'), "17") => Some(Action::RewindTape),
                        (Some('~'), "17;2") => Some(Action::WindTape),
                        (Some('~'), "18") => Some(Action::NextSlot),
                        (Some('~'), "19") => Some(Action::TogglePause),
                        (Some('~'), "20") => Some(Action::RestoreSnapshot),
                        (Some('~'), "21") => Some(Action::ToggleTurbo),
                        (Some('~'), "24") => Some(Action::Screenshot),
                        _ => None, // a key the Dragon does not have
                    };
                    out.extend(action.map(TermKey::Act));
                }
                c => out.push(TermKey::Act(Action::Char(c))),
            }
        }
        out
    }
}

/// The terminal in raw mode until dropped.
pub struct RawMode {
    saved: String,
}

impl RawMode {
    pub fn enter() -> std::io::Result<RawMode> {
        let out = Command::new("stty")
            .arg("-g")
            .stdin(Stdio::inherit())
            .stderr(Stdio::inherit())
            .output()?;
        if !out.status.success() {
            return Err(std::io::Error::other("stty -g failed"));
        }
        let saved = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let ok = Command::new("stty")
            .args(["raw", "-echo"])
            .stdin(Stdio::inherit())
            .status()?
            .success();
        if !ok {
            return Err(std::io::Error::other("stty raw -echo failed"));
        }
        Ok(RawMode { saved })
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = Command::new("stty")
            .arg(&self.saved)
            .stdin(Stdio::inherit())
            .status();
        let mut o = std::io::stdout();
        // The last row (the cursor stops there), so the shell goes on under the picture.
        let _ = o.write_all(b"\x1b[0m\x1b[?25h\x1b[999;1H\r\n");
        let _ = o.flush();
    }
}

/// Run the terminal view until Ctrl-C / Ctrl-D, a signal, or `--exit-after-fields`.
pub fn run(driver: &mut Driver, opts: &SessionOptions) -> Result<(), TerminalError> {
    let raw = RawMode::enter().map_err(TerminalError)?;
    super::signals::catch();
    let result = session(driver, opts);
    drop(raw);
    result
}

fn session(driver: &mut Driver, opts: &SessionOptions) -> Result<(), TerminalError> {
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin();
        let mut buf = [0u8; 64];
        while let Ok(n) = stdin.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    // Notices (why a save failed) go on the status line while the view owns the terminal,
    // and to stderr once it is given back.
    let mut notices = Vec::new();
    let r = view_loop(driver, opts, &rx, &mut notices);
    for text in notices {
        eprintln!("spacemono: {text}");
    }
    r
}

/// F1: the list of keys drawn in place of the picture when `on`; returns `on`.
fn show_help(out: &mut std::io::Stdout, on: bool, cols: usize) -> Result<bool, TerminalError> {
    if on {
        out.write_all(render_help(cols).as_bytes())
            .map_err(TerminalError)?;
        out.flush().map_err(TerminalError)?;
    }
    Ok(on)
}

fn view_loop(
    driver: &mut Driver,
    opts: &SessionOptions,
    rx: &mpsc::Receiver<Vec<u8>>,
    notices: &mut Vec<String>,
) -> Result<(), TerminalError> {
    let mut out = std::io::stdout();
    let io = TerminalError;
    out.write_all(b"\x1b[2J\x1b[?25l").map_err(io)?;
    terminal_size::watch();
    let mut size = terminal_size::size();
    let mut keys = TermKeys;
    driver.speed = opts.speed;
    let mut pacer = Pacer::new(Instant::now());
    // The mode and terminal size the picture was drawn for (a change clears the terminal
    // first), and whether it must be drawn again though it did not change (the status line
    // has news, or the terminal was resized).
    let mut shown = None;
    let mut redraw = true;
    // The last thing to tell, kept on the status line until the next.
    let mut notice = String::new();
    let mut status_area = Layout::new(size, (16, 32)).status;
    let mut frame = spacemono_core::Frame::new();
    // F1: the list of keys is shown instead of the picture.
    let mut help = false;
    // Insert, held while the terminal repeats it; and the status line last drawn.
    let mut insert = HeldByRepeat::default();
    let mut shown_status = String::new();
    loop {
        // Keys typed since the last wake-up.
        while let Ok(bytes) = rx.try_recv() {
            for k in keys.feed(&bytes) {
                let action = match k {
                    TermKey::Quit => return Ok(()),
                    TermKey::Act(action) => action,
                };
                if action == Action::FastForward(true) && !insert.came(Instant::now()) {
                    continue; // a repeat: still held
                }
                let mut quit = false;
                let outcome = driver.perform(action, |done, all| {
                    restoring(&mut out, rx, status_area, done, all, &mut quit)
                });
                if quit {
                    return Ok(());
                }
                match outcome {
                    // Turbo and caps lock are also shown as they are, on every status line.
                    Outcome::Changed(text) | Outcome::Notice(text) => {
                        (notice, redraw) = (text, true)
                    }
                    Outcome::ToggleHelp => {
                        help = show_help(&mut out, !help, size.1)?;
                        // Back to the picture: drawn anew on a cleared screen.
                        (shown, redraw) = (None, true);
                    }
                    // Full screen, the TV look and the clipboard are the window's (the
                    // terminal pastes by typing).
                    _ => {}
                }
            }
        }
        if insert.let_go(Instant::now()) {
            driver.perform(Action::FastForward(false), |_, _| true);
        }
        if super::signals::caught().is_some() {
            return Ok(());
        }
        if terminal_size::resized() {
            (size, redraw) = (terminal_size::size(), true);
        }
        if let Some(text) = driver.notices.last() {
            notice = text.clone();
            redraw = true;
            notices.append(&mut driver.notices);
        }
        let status = status_text(driver, &notice);
        // Insert held or let go, a slot chosen: the status line is drawn anew.
        redraw |= status != shown_status;
        let done = driver.wake_up(&mut pacer, opts, |machine| {
            if help || (!machine.picture_changed() && !redraw) {
                return Ok(false);
            }
            let mode = machine.video_mode().0;
            let clear = shown != Some((mode, size));
            status_area = draw_view(&mut out, machine, &mut frame, size, clear, &status)?;
            (shown, redraw) = (Some((mode, size)), false);
            shown_status.clone_from(&status);
            Ok(true)
        })?;
        if done {
            return Ok(());
        }
    }
}

/// Draws the picture (cleared first when `clear`), the keys and `status` at the terminal's
/// `size`; returns where the status line went.
fn draw_view(
    out: &mut std::io::Stdout,
    machine: &mut spacemono_core::Machine,
    frame: &mut spacemono_core::Frame,
    size: (usize, usize),
    clear: bool,
    status: &str,
) -> Result<Area, TerminalError> {
    let io = TerminalError;
    let mode = machine.video_mode().0;
    let graphics = mode.graphics_mode().is_some();
    // Text is the 32x16 screen; a graphics page is drawn as quadrant art in its
    // colours, as large as the terminal allows.
    let scale = art_scale(size);
    let layout = Layout::new(size, picture_size(graphics, scale));
    let picture = if graphics {
        machine.render(frame);
        let art = spacemono_core::text_art::quadrant_art(frame, scale);
        render_art(layout.picture, &art)
    } else {
        render_screen(layout.picture, &machine.text_cells())
    };
    if clear {
        out.write_all(b"\x1b[0m\x1b[2J").map_err(io)?;
    }
    out.write_all(picture.as_bytes()).map_err(io)?;
    let keys = if layout.beside {
        help_lines(true, layout.keys.width)
    } else {
        vec![HELP.to_string()]
    };
    out.write_all(place_lines(layout.keys, &keys).as_bytes())
        .map_err(io)?;
    out.write_all(place_lines(layout.status, &[status.to_string()]).as_bytes())
        .map_err(io)?;
    out.flush().map_err(io)?;
    Ok(layout.status)
}

/// During F9's replay (see `Driver::perform`), every few milliseconds: how far it has come
/// on the status line, and whether to go on. Esc abandons the restore; Ctrl-C or Ctrl-D (or a signal) abandons it and
/// sets `quit`. Other keys typed meanwhile are dropped (they were meant for the machine that
/// is being replaced).
fn restoring(
    out: &mut std::io::Stdout,
    rx: &mpsc::Receiver<Vec<u8>>,
    status: Area,
    done: u64,
    all: u64,
    quit: &mut bool,
) -> bool {
    let mut cancel = false;
    while let Ok(bytes) = rx.try_recv() {
        *quit |= bytes.iter().any(|&b| b == 3 || b == 4);
        cancel |= bytes == b"\x1b";
    }
    *quit |= super::signals::caught().is_some();
    let percent = done * 100 / all.max(1);
    let said = format!("restoring the snapshot: {percent}% (Esc stops)");
    let _ = out.write_all(place_lines(status, &[said]).as_bytes());
    let _ = out.flush();
    !(cancel || *quit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use spacemono_core::palette;

    #[test]
    fn the_art_is_as_fine_as_the_terminal_allows() {
        assert_eq!(art_scale((98, 128)), 1);
        // Every pixel, with the keys beside it.
        assert_eq!(art_scale((97, 200)), 1);
        assert_eq!(art_scale((97, 140)), 2);
        assert_eq!(art_scale((50, 64)), 2);
        assert_eq!(art_scale((24, 80)), 4);
    }

    #[test]
    fn art_rows_carry_their_colours() {
        use spacemono_core::text_art::ArtCell;
        let row = vec![
            ArtCell {
                ch: '▀',
                fg: palette::RED,
                bg: palette::GREEN,
            },
            ArtCell {
                ch: ' ',
                fg: palette::GREEN,
                bg: palette::GREEN,
            },
        ];
        let area = Area {
            row: 3,
            col: 1,
            rows: 24,
            width: 32,
        };
        let s = render_art(area, &[row]);
        assert!(s.starts_with("\x1b[3;1H"));
        assert!(s.contains(&format!("{}▀", sgr(palette::RED, palette::GREEN))));
        assert!(s.contains(&format!("{} ", sgr(palette::GREEN, palette::GREEN))));
        assert!(s.ends_with("\x1b[0m"));
    }

    /// The bottom row of a machine whose screen starts with `bytes` there.
    fn cells(bytes: &[u8]) -> Vec<TextCell> {
        let mut m = spacemono_core::Machine::new();
        for (i, &b) in bytes.iter().enumerate() {
            m.poke(0x400 + 32 * 15 + i as u16, b);
        }
        m.text_cells()[15][..bytes.len()].to_vec()
    }

    #[test]
    fn cells_in_ansi_colours() {
        // 'A' (normal: dark on green), 'a' (inverse: green on dark green), a yellow SG4 full
        // block, an empty SG4 cell (black), then 'B' as 'A' was.
        let row = render_row(&cells(&[0x41, 0x01, 0x9F, 0x80, 0x42]));
        assert_eq!(
            row,
            "\x1b[38;2;0;65;0;48;2;10;255;10mA\
             \x1b[38;2;10;255;10;48;2;0;65;0mA\
             \x1b[38;2;255;255;67;48;2;9;9;9m█\
             \x1b[38;2;10;255;10;48;2;9;9;9m \
             \x1b[38;2;0;65;0;48;2;10;255;10mB\x1b[0m"
        );
        // Same colours run on without new codes; ↑ and ← are their glyphs.
        assert_eq!(
            render_row(&cells(&[0x60, 0x5E, 0x5F])),
            "\x1b[38;2;0;65;0;48;2;10;255;10m ↑←\x1b[0m"
        );
    }

    /// Each row is placed by the cursor: no line end, which would scroll the terminal when
    /// the picture reaches its bottom (issue 30), and no row past the area.
    #[test]
    fn a_screen_is_16_rows_each_placed_without_a_line_end() {
        let rows = spacemono_core::Machine::new().text_cells();
        let whole = Area {
            row: 1,
            col: 1,
            rows: 16,
            width: 32,
        };
        let s = render_screen(whole, &rows);
        assert!(s.starts_with("\x1b[1;1H"));
        assert!(s.contains("\x1b[16;1H"));
        assert!(!s.contains('\n') && !s.contains('\r'));
        let cut = render_screen(Area { rows: 5, ..whole }, &rows);
        assert!(cut.contains("\x1b[5;1H") && !cut.contains("\x1b[6;1H"));
    }

    #[test]
    fn the_status_line_says_turbo_fast_forward_and_the_slot_while_they_last() {
        let mut d = Driver::new(
            spacemono_core::Machine::new(),
            crate::frontend::audio::SoundOut::silent(),
        );
        assert_eq!(status_text(&d, ""), "");
        d.speed = Speed::Turbo;
        assert_eq!(status_text(&d, ""), "TURBO");
        d.caps = false;
        assert_eq!(
            status_text(&d, "snapshot saved"),
            "TURBO  caps lock off  snapshot saved"
        );
        d.fast_forward = true;
        d.slots.choose(4);
        assert_eq!(status_text(&d, ""), "FAST FORWARD  caps lock off  slot 4");
    }

    /// Lines are cut to their area and padded to its width, so a shorter status clears the
    /// longer one before it without touching the picture beside it.
    #[test]
    fn lines_stay_in_their_area() {
        let area = Area {
            row: 24,
            col: 34,
            rows: 1,
            width: 5,
        };
        assert_eq!(
            place_lines(area, &["TURBO  snapshot".into()]),
            "\x1b[24;34H\x1b[0mTURBO"
        );
        assert_eq!(place_lines(area, &["ab".into()]), "\x1b[24;34H\x1b[0mab   ");
    }

    #[test]
    fn terminal_bytes_to_keys() {
        let mut k = TermKeys;
        let d = |c| TermKey::Act(Action::Dragon(c));
        let ch = |c| TermKey::Act(Action::Char(c));
        assert_eq!(
            k.feed(b"pr\r\x7f\x1b[A\x1b[1;2B\x1b[H\x1bOH\x1b[D"),
            vec![
                ch('p'),
                ch('r'),
                d(13),
                d(8),
                d(0x5E),
                d(b'['),
                d(12),
                d(12),
                d(8)
            ]
        );
        assert_eq!(k.feed(b"\x1b"), vec![TermKey::Act(Action::Break)]);
        assert_eq!(k.feed(b"\x03"), vec![TermKey::Quit]);
        assert_eq!(
            k.feed(b"\x1bOR a"),
            vec![TermKey::Act(Action::ToggleCaps), ch(' '), ch('a')]
        );
        // F5 and F9: save and restore a snapshot; F13 and the like: no Dragon key.
        assert_eq!(
            k.feed(b"\x1b[15~"),
            vec![TermKey::Act(Action::SaveSnapshot)]
        );
        assert_eq!(
            k.feed(b"\x1b[20~"),
            vec![TermKey::Act(Action::RestoreSnapshot)]
        );
        assert_eq!(k.feed(b"\x1b[25~"), vec![]);
    }

    #[test]
    fn the_controls_keys_in_the_terminal() {
        let mut k = TermKeys;
        let acts: Vec<TermKey> = k.feed(
            b"\x1bOP\x1bOS\x1b[1;2S\x1b[17~\x1b[17;2~\x1b[18~\x1b[19~\x1b[21~\x1b[24~\x12\x1br",
        );
        let want = [
            Action::ToggleHelp,
            Action::NextTape,
            Action::EjectTape,
            Action::RewindTape,
            Action::WindTape,
            Action::NextSlot,
            Action::TogglePause,
            Action::ToggleTurbo,
            Action::Screenshot,
            Action::ResetSoft,
            Action::ResetHard,
        ];
        assert_eq!(acts, want.map(TermKey::Act).to_vec());
        // Insert (fast forward while it repeats) and Alt+1..9 (the slots); Alt+0 is no slot.
        assert_eq!(
            k.feed(b"\x1b[2~\x1b7\x1b0"),
            vec![
                TermKey::Act(Action::FastForward(true)),
                TermKey::Act(Action::Slot(7)),
                TermKey::Act(Action::Break),
                TermKey::Act(Action::Char('0')),
            ]
        );
        let help = render_help(80);
        assert!(help.contains("Alt+R") && help.contains("F10"), "{help}");
        assert!(!help.contains("Ctrl+V"), "the terminal pastes by itself");
    }
}
