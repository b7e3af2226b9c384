//! The terminal view as a person sees it: the binary on a pseudo-terminal (libc's
//! posix_openpt, no display, no sound), its output played into a small VT100 screen below.
//! Issue 30: at 80x24 the quarter-size board and its status line were 25 rows, so the
//! terminal scrolled at every frame and the status line smeared down the right; a resize
//! was never repainted; turbo was not on the status line.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::temp_dir;
use spacemono_core::{text_art, Frame, Machine};

/// A board on a graphics page (its frame, the screen's outline) and a bar moving across it
/// for ever, so that every field has a new picture to draw.
const BOARD: &str = "10 PMODE 4,1:PCLS:SCREEN 1,1\n\
                     20 LINE(0,0)-(255,191),PSET,B:LINE(0,40)-(255,40),PSET\n\
                     30 FOR X=8 TO 240 STEP 4:LINE(X,96)-(X+3,100),PSET,BF\n\
                     40 LINE(X,96)-(X+3,100),PRESET,BF:NEXT:GOTO 30\n";

/// The board's first row of quadrant art at `scale`, as the machine draws it.
fn board_top(scale: usize) -> String {
    let mut m = Machine::new();
    m.load_listing(BOARD.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    for _ in 0..100 {
        m.run_field();
    }
    let mut frame = Frame::new();
    m.render(&mut frame);
    text_art::quadrant_art(&frame, scale)[0]
        .iter()
        .map(|c| c.ch)
        .collect()
}

/// A VT100 screen, enough of one for the view: cursor moves, clears, colours (ignored), and
/// the scroll a line end or a wrap on the last row makes, which it counts.
struct Screen {
    rows: usize,
    cols: usize,
    cells: Vec<Vec<char>>,
    row: usize,
    col: usize,
    wrap_next: bool,
    scrolled: usize,
    /// Bytes of a character or a sequence not all here yet.
    pending: Vec<u8>,
}

impl Screen {
    fn new(rows: usize, cols: usize) -> Screen {
        Screen {
            rows,
            cols,
            cells: vec![vec![' '; cols]; rows],
            row: 0,
            col: 0,
            wrap_next: false,
            scrolled: 0,
            pending: Vec::new(),
        }
    }

    /// The terminal's new size: what was on it stays where it was, cut or padded.
    fn resize(&mut self, rows: usize, cols: usize) {
        self.cells.resize(rows, vec![' '; cols]);
        for line in &mut self.cells {
            line.resize(cols, ' ');
        }
        (self.rows, self.cols) = (rows, cols);
        self.row = self.row.min(rows - 1);
        self.col = self.col.min(cols - 1);
    }

    fn line(&self, row: usize) -> String {
        self.cells[row].iter().collect()
    }

    fn line_feed(&mut self) {
        if self.row + 1 == self.rows {
            self.cells.remove(0);
            self.cells.push(vec![' '; self.cols]);
            self.scrolled += 1;
        } else {
            self.row += 1;
        }
    }

    fn put(&mut self, c: char) {
        if self.wrap_next {
            self.col = 0;
            self.line_feed();
            self.wrap_next = false;
        }
        self.cells[self.row][self.col] = c;
        if self.col + 1 == self.cols {
            self.wrap_next = true;
        } else {
            self.col += 1;
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
        let valid = match std::str::from_utf8(&self.pending) {
            Ok(s) => s.len(),
            Err(e) => e.valid_up_to(),
        };
        let text = String::from_utf8(self.pending[..valid].to_vec()).unwrap();
        let used = self.play(&text);
        self.pending.drain(..used);
    }

    /// Plays `text` as far as it is whole; returns the bytes played.
    fn play(&mut self, text: &str) -> usize {
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            match c {
                '\x1b' => {
                    let Some((_, intro)) = chars.next() else {
                        return at;
                    };
                    if intro != '[' {
                        continue;
                    }
                    let mut params = String::new();
                    let end = loop {
                        match chars.next() {
                            None => return at,
                            Some((_, ch)) if ('\x40'..='\x7e').contains(&ch) => break ch,
                            Some((_, ch)) => params.push(ch),
                        }
                    };
                    self.control(&params, end);
                }
                '\r' => (self.col, self.wrap_next) = (0, false),
                '\n' => {
                    self.wrap_next = false;
                    self.line_feed();
                }
                c if c >= ' ' => self.put(c),
                _ => {}
            }
        }
        text.len()
    }

    fn control(&mut self, params: &str, end: char) {
        let n: Vec<usize> = params.split(';').map(|p| p.parse().unwrap_or(0)).collect();
        match end {
            'H' | 'f' => {
                let row = n.first().copied().unwrap_or(1).max(1);
                let col = n.get(1).copied().unwrap_or(1).max(1);
                self.row = (row - 1).min(self.rows - 1);
                self.col = (col - 1).min(self.cols - 1);
                self.wrap_next = false;
            }
            'J' if params == "2" => {
                for line in &mut self.cells {
                    line.fill(' ');
                }
            }
            'K' => {
                let from = if params == "2" { 0 } else { self.col };
                self.cells[self.row][from..].fill(' ');
            }
            _ => {} // colours, the cursor shown or hidden
        }
    }
}

/// spacemono on a pseudo-terminal: its output is gathered by a thread as it comes.
struct OnTerminal {
    master: File,
    child: Child,
    output: Arc<Mutex<Vec<u8>>>,
    screen: Screen,
}

fn set_size(fd: &File, rows: usize, cols: usize) {
    let ws = libc::winsize {
        ws_row: rows as u16,
        ws_col: cols as u16,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCSWINSZ reads one winsize.
    let r = unsafe { libc::ioctl(fd.as_raw_fd(), libc::TIOCSWINSZ, &ws) };
    assert_eq!(r, 0, "TIOCSWINSZ");
}

impl OnTerminal {
    fn start(dir: &std::path::Path, args: &[&str], rows: usize, cols: usize) -> OnTerminal {
        // SAFETY: plain calls on the descriptor posix_openpt returns, checked.
        let master = unsafe {
            let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
            assert!(fd >= 0, "posix_openpt");
            // Not inherited: a child holding the master would keep its own terminal open,
            // and block writing to it once nobody reads.
            assert_eq!(
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC),
                0,
                "FD_CLOEXEC"
            );
            assert_eq!(libc::grantpt(fd), 0, "grantpt");
            assert_eq!(libc::unlockpt(fd), 0, "unlockpt");
            File::from_raw_fd(fd)
        };
        let mut name = [0 as libc::c_char; 128];
        // SAFETY: ptsname_r writes a NUL-terminated name of at most the length given.
        let r = unsafe { libc::ptsname_r(master.as_raw_fd(), name.as_mut_ptr(), name.len()) };
        assert_eq!(r, 0, "ptsname_r");
        let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) };
        let slave_path = std::path::PathBuf::from(name.to_str().unwrap());
        set_size(&master, rows, cols);
        let open_slave = || {
            use std::os::unix::fs::OpenOptionsExt;
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .custom_flags(libc::O_NOCTTY)
                .open(&slave_path)
                .unwrap()
        };
        let child = Command::new(env!("CARGO_BIN_EXE_spacemono"))
            .current_dir(dir)
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("TERM", "xterm")
            .stdin(Stdio::from(open_slave()))
            .stdout(Stdio::from(open_slave()))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let (mut reader, gathered) = (master.try_clone().unwrap(), output.clone());
        std::thread::spawn(move || {
            let mut buf = [0u8; 65536];
            // Ends with EIO once the child has closed the terminal.
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                gathered.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        OnTerminal {
            master,
            child,
            output,
            screen: Screen::new(rows, cols),
        }
    }

    /// Plays what came since the last look into the screen.
    fn look(&mut self) {
        let bytes = std::mem::take(&mut *self.output.lock().unwrap());
        self.screen.feed(&bytes);
    }

    /// Waits up to 30 s for `ready` to hold of the screen.
    fn wait_for(&mut self, what: &str, ready: impl Fn(&Screen) -> bool) {
        let start = Instant::now();
        loop {
            self.look();
            if ready(&self.screen) {
                return;
            }
            if start.elapsed() > Duration::from_secs(30) || self.child.try_wait().unwrap().is_some()
            {
                let shown: Vec<String> =
                    (0..self.screen.rows).map(|r| self.screen.line(r)).collect();
                panic!("{what}: not seen; the screen:\n{}", shown.join("\n"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Lets the view draw for `time`, playing its output.
    fn watch(&mut self, time: Duration) {
        let start = Instant::now();
        while start.elapsed() < time {
            self.look();
            std::thread::sleep(Duration::from_millis(20));
        }
        self.look();
    }

    fn type_keys(&mut self, bytes: &[u8]) {
        self.master.write_all(bytes).unwrap();
    }

    /// The terminal takes a new size, and the program is told as a terminal tells it.
    fn resize(&mut self, rows: usize, cols: usize) {
        self.look();
        set_size(&self.master, rows, cols);
        self.screen.resize(rows, cols);
        // SAFETY: a signal to our own child.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGWINCH) };
    }

    /// Ctrl-C, and the exit status (the child is killed if it does not go in 10 s).
    fn quit(&mut self) -> Option<i32> {
        self.type_keys(b"\x03");
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        None
    }
}

impl Drop for OnTerminal {
    /// A test that failed half way leaves no view running.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn the_board_on_80x24_never_scrolls_says_turbo_and_is_redrawn_on_a_resize() {
    let dir = temp_dir("terminal-view");
    std::fs::write(dir.join("board.bas"), BOARD).unwrap();
    let args = ["run", "board.bas", "--terminal", "--mute"];
    let mut t = OnTerminal::start(&dir, &args, 24, 80);
    let quarter = board_top(4);
    t.wait_for("the quarter-size board at the top", |s| {
        s.line(0).starts_with(&quarter)
    });
    // Many frames of the moving bar: the board's top stays on the first row.
    t.watch(Duration::from_secs(2));
    assert_eq!(t.screen.scrolled, 0, "the terminal scrolled");
    assert!(
        t.screen.line(0).starts_with(&quarter),
        "{}",
        t.screen.line(0)
    );
    // The keys are beside the board, the status line on the last row under them.
    let beside = |row: usize| t.screen.cells[row][33..].iter().collect::<String>();
    let panel = spacemono::frontend::window_keys::help_lines(true, 80 - 33);
    for (row, line) in panel.iter().enumerate() {
        assert_eq!(beside(row).trim_end(), line.trim_end(), "row {}", row + 1);
    }
    t.type_keys(b"\x1b[21~"); // F10
    t.wait_for("TURBO on the status line", |s| s.line(23).contains("TURBO"));
    t.watch(Duration::from_millis(500));
    assert!(t.screen.line(23).contains("TURBO"), "turbo was not kept on");
    assert_eq!(t.screen.scrolled, 0, "the terminal scrolled in turbo");

    // A larger terminal: the board is drawn afresh at half size, the key line under it.
    t.resize(50, 100);
    let half = board_top(2);
    t.wait_for("the half-size board after the resize", |s| {
        s.line(0).starts_with(&half) && s.line(48).starts_with("F1 keys")
    });
    assert!(t.screen.line(49).contains("TURBO"), "{}", t.screen.line(49));
    // Back to 80x24: the quarter-size board again, and still no scrolling.
    t.resize(24, 80);
    t.wait_for("the quarter-size board after the second resize", |s| {
        s.line(0).starts_with(&quarter) && s.line(23).contains("TURBO")
    });
    // (Frames drawn for the larger size before the view heard of the change may have
    // scrolled, as on any terminal; from its repaint on, nothing does.)
    t.screen.scrolled = 0;
    t.watch(Duration::from_secs(1));
    assert_eq!(t.screen.scrolled, 0, "the terminal scrolled");
    assert!(
        t.screen.line(0).starts_with(&quarter),
        "{}",
        t.screen.line(0)
    );
    assert_eq!(t.quit(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 30: the terminal view had no fast forward (a terminal sends no key-ups, so Insert
/// is held as long as the terminal repeats it) and no way to choose a snapshot slot but F7
/// (Alt+1..9 now, the window's Ctrl+1..9).
#[test]
fn insert_held_runs_flat_out_while_it_repeats_and_alt_digits_choose_the_slot() {
    let dir = temp_dir("terminal-controls");
    std::fs::write(dir.join("board.bas"), BOARD).unwrap();
    let args = ["run", "board.bas", "--terminal", "--mute"];
    let mut t = OnTerminal::start(&dir, &args, 24, 80);
    let quarter = board_top(4);
    t.wait_for("the board", |s| s.line(0).starts_with(&quarter));
    // Alt+3 then F5: slot 3's file.
    t.type_keys(b"\x1b3");
    t.wait_for("slot 3 on the status line", |s| {
        s.line(23).contains("slot 3")
    });
    t.type_keys(b"\x1b[15~");
    t.wait_for("the save said", |s| {
        s.line(23).contains("saved to spacemono-3.snapshot")
    });
    assert!(dir.join("spacemono-3.snapshot").is_file());
    assert!(!dir.join("spacemono.snapshot").exists());
    // Insert as a terminal repeats a held key (every 40 ms): flat out while it comes.
    let start = Instant::now();
    let mut seen = false;
    while start.elapsed() < Duration::from_millis(1500) {
        t.type_keys(b"\x1b[2~");
        t.watch(Duration::from_millis(40));
        seen |= t.screen.line(23).contains("FAST FORWARD");
    }
    assert!(seen, "never fast forward: {}", t.screen.line(23));
    assert!(t.screen.line(23).contains("FAST FORWARD"), "not kept on");
    // Let go: it stops by itself.
    t.wait_for("fast forward over once Insert stops", |s| {
        !s.line(23).contains("FAST FORWARD")
    });
    assert!(!t.screen.line(23).contains("TURBO"));
    assert_eq!(t.quit(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 30: RESET and power off and on are refused in a game played by file (a seat could
/// change the game at OK, and `--resume` replays only the orders and the keys), and the
/// person is told why on the status line; the game goes on.
#[test]
fn a_reset_in_a_game_by_file_is_refused_and_the_status_line_says_why() {
    let dir = temp_dir("terminal-play-reset");
    let game = dir.join("game");
    let game_arg = game.to_str().unwrap();
    let args = [
        "play",
        game_arg,
        "--seat",
        "1=keyboard",
        "--seat",
        "2=computer",
        "--seed",
        "1",
        "--terminal",
        "--mute",
    ];
    let mut t = OnTerminal::start(&dir, &args, 24, 80);
    t.wait_for("the first turn file", |_| game.join("Turn_1.txt").is_file());
    let status_row = |s: &Screen| {
        (0..s.rows)
            .map(|r| s.line(r))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for keys in [&b"\x12"[..], b"\x1br"] {
        // F6 first, so that the status line says something else before each reset.
        t.type_keys(b"\x1b[17~");
        t.wait_for("the tape rewound", |s| status_row(s).contains("tape"));
        t.type_keys(keys);
        t.wait_for("why the reset was refused", |s| {
            status_row(s).contains("no reset in a game by file: it is every seat's")
        });
    }
    assert!(t.child.try_wait().unwrap().is_none(), "the game ended");
    t.quit();
    // The whole reason on stderr once the terminal is given back.
    let mut stderr = String::new();
    t.child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(stderr.contains("--resume could not replay it"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
