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

use super::keymap::Action;
use super::pacing::Pacer;
use super::session::{Driver, Outcome, SessionOptions};
use super::session_error::TerminalError;
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
/// wherever they change, reset at the end, then CR LF (the terminal is in raw mode).
pub fn render_row(cells: &[TextCell]) -> String {
    let mut out = String::new();
    push_cells(&mut out, cells.iter().map(|c| (c.ch, c.fg, c.bg)));
    out
}

/// Cells as (character, foreground, background), colours set wherever they change, then reset
/// and CR LF.
fn push_cells(out: &mut String, cells: impl Iterator<Item = (char, u32, u32)>) {
    let mut colours = None;
    for (c, fg, bg) in cells {
        if colours != Some((fg, bg)) {
            out.push_str(&sgr(fg, bg));
            colours = Some((fg, bg));
        }
        out.push(c);
    }
    out.push_str("\x1b[0m\r\n");
}

/// The whole 32×16 screen, drawn from the top-left corner.
pub fn render_screen(rows: &[Vec<TextCell>]) -> String {
    let mut out = String::from("\x1b[H");
    for row in rows {
        out.push_str(&render_row(row));
    }
    out
}

/// Quadrant art in its colours, from the top-left corner, a row a line.
pub fn render_art(art: &[Vec<spacemono_core::text_art::ArtCell>]) -> String {
    let mut out = String::from("\x1b[H");
    for row in art {
        push_cells(&mut out, row.iter().map(|c| (c.ch, c.fg, c.bg)));
    }
    out
}

/// The line of keys under the picture (F1 shows them all: `window_keys::KEYS`).
const HELP: &str =
    "\x1b[0mF1 keys  Esc BREAK  F3 caps  F5/F9 save/restore  F8 pause  F10 turbo  ^C quit\x1b[K";

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

/// The terminal's size as (rows, columns), from `stty size`; 24x80 when it cannot be read.
fn terminal_size() -> (usize, usize) {
    let out = Command::new("stty")
        .arg("size")
        .stdin(Stdio::inherit())
        .output();
    let text = out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let mut it = text.as_deref().unwrap_or("").split_whitespace();
    match (
        it.next().and_then(|r| r.parse().ok()),
        it.next().and_then(|c| c.parse().ok()),
    ) {
        (Some(r), Some(c)) if r > 0 && c > 0 => (r, c),
        _ => (24, 80),
    }
}

/// The finest scale of quadrant art that fits with the help and status lines under it:
/// 1 (128x96 characters, every pixel), 2 (64x48) or 4 (32x24).
pub fn art_scale((rows, cols): (usize, usize)) -> usize {
    [1, 2, 4]
        .into_iter()
        .find(|&s| cols >= 128 / s && rows >= 96 / s + 2)
        .unwrap_or(4)
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
        let _ = o.write_all(b"\x1b[0m\x1b[?25h\x1b[18;1H\r\n");
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
fn show_help(out: &mut std::io::Stdout, on: bool) -> Result<bool, TerminalError> {
    if on {
        let cols = terminal_size().1;
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
    let art_scale = art_scale(terminal_size());
    let mut keys = TermKeys;
    driver.speed = opts.speed;
    let mut pacer = Pacer::new(Instant::now());
    // The mode of the picture drawn (a new one clears the terminal first), and whether it
    // must be drawn again though it did not change (the status line has news).
    let mut shown_mode = None;
    let mut redraw = true;
    let mut status_line = String::new();
    let mut status_row = 18; // below the help line, set as the picture is drawn
    let mut frame = spacemono_core::Frame::new();
    // F1: the list of keys is shown instead of the picture.
    let mut help = false;
    loop {
        // Keys typed since the last wake-up.
        while let Ok(bytes) = rx.try_recv() {
            for k in keys.feed(&bytes) {
                let action = match k {
                    TermKey::Quit => return Ok(()),
                    TermKey::Act(action) => action,
                };
                let mut quit = false;
                let outcome = driver.perform(action, |done, all| {
                    restoring(&mut out, rx, status_row, done, all, &mut quit)
                });
                if quit {
                    return Ok(());
                }
                match outcome {
                    Outcome::Changed(text) | Outcome::Notice(text) => {
                        (status_line, redraw) = (text, true);
                    }
                    Outcome::ToggleHelp => {
                        help = show_help(&mut out, !help)?;
                        // Back to the picture: drawn anew on a cleared screen.
                        (shown_mode, redraw) = (None, true);
                    }
                    // Full screen, the TV look and the clipboard are the window's (the
                    // terminal pastes by typing).
                    _ => {}
                }
            }
        }
        if super::signals::caught().is_some() {
            return Ok(());
        }
        if let Some(text) = driver.notices.last() {
            status_line = text.clone();
            redraw = true;
            notices.append(&mut driver.notices);
        }
        let done = driver.wake_up(&mut pacer, opts, |machine| {
            if help || (!machine.picture_changed() && !redraw) {
                return Ok(false);
            }
            let mode = machine.video_mode().0;
            let graphics = mode.graphics_mode().is_some();
            // Text is the 32x16 screen; a graphics page is drawn as quadrant art in its
            // colours, as large as the terminal allows.
            let (picture, rows) = if graphics {
                machine.render(&mut frame);
                let art = spacemono_core::text_art::quadrant_art(&frame, art_scale);
                (render_art(&art), art.len())
            } else {
                (render_screen(&machine.text_cells()), 16)
            };
            if shown_mode != Some(mode) {
                out.write_all(b"\x1b[0m\x1b[2J").map_err(io)?;
            }
            out.write_all(picture.as_bytes()).map_err(io)?;
            out.write_all(format!("\x1b[{};1H{HELP}", rows + 1).as_bytes())
                .map_err(io)?;
            status_row = rows + 2;
            if !status_line.is_empty() {
                out.write_all(
                    format!("\x1b[{};1H\x1b[0m\x1b[2K{status_line}", rows + 2).as_bytes(),
                )
                .map_err(io)?;
                status_line.clear();
            }
            out.flush().map_err(io)?;
            (shown_mode, redraw) = (Some(mode), false);
            Ok(true)
        })?;
        if done {
            return Ok(());
        }
    }
}

/// During F9's replay (see `Driver::perform`), every few milliseconds: how far it has come
/// on the status line, and whether to go on. Esc abandons the restore; Ctrl-C or Ctrl-D (or a signal) abandons it and
/// sets `quit`. Other keys typed meanwhile are dropped (they were meant for the machine that
/// is being replaced).
fn restoring(
    out: &mut std::io::Stdout,
    rx: &mpsc::Receiver<Vec<u8>>,
    status_row: usize,
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
    let _ = write!(
        out,
        "\x1b[{status_row};1H\x1b[0m\x1b[2Krestoring the snapshot: {percent}% (Esc stops)"
    );
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
        assert_eq!(art_scale((97, 200)), 2);
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
        let s = render_art(&[row]);
        assert!(s.starts_with("\x1b[H"));
        assert!(s.contains(&format!("{}▀", sgr(palette::RED, palette::GREEN))));
        assert!(s.contains(&format!("{} ", sgr(palette::GREEN, palette::GREEN))));
        assert!(s.ends_with("\x1b[0m\r\n"));
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
             \x1b[38;2;0;65;0;48;2;10;255;10mB\x1b[0m\r\n"
        );
        // Same colours run on without new codes; ↑ and ← are their glyphs.
        assert_eq!(
            render_row(&cells(&[0x60, 0x5E, 0x5F])),
            "\x1b[38;2;0;65;0;48;2;10;255;10m ↑←\x1b[0m\r\n"
        );
    }

    #[test]
    fn a_screen_is_16_rows_from_home() {
        let s = render_screen(&spacemono_core::Machine::new().text_cells());
        assert!(s.starts_with("\x1b[H"));
        assert_eq!(s.matches("\r\n").count(), 16);
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
        let help = render_help(80);
        assert!(help.contains("Alt+R") && help.contains("F10"), "{help}");
        assert!(!help.contains("Ctrl+V"), "the terminal pastes by itself");
    }
}
