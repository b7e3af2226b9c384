//! A hostile seat (issue 27, roms/RULES.md P3-P4): whatever an order file holds, the game goes on.
//! The host checks every order against the turn's `CHOICE:` lines and the order grammar
//! before typing a byte of it, types what passes a key at a time only while the program
//! waits for one, and if the program stops all the same, goes back to the question. These
//! tests drive the host in-process, a field at a time, and check after every field that the
//! machine never stands at `OK`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use spacemono::frontend::default_tape::BuiltInGame;
use spacemono::frontend::play::cli::start_machine;
use spacemono::frontend::play::{PlayHost, Seat, Step};
use spacemono_core::{Machine, Status};

/// The most fields a question may take to come (the computers think at period pace).
const FIELD_LIMIT: u32 = 200_000;

struct Table {
    m: Machine,
    host: PlayHost,
    dir: PathBuf,
}

impl Table {
    fn new(tag: &str, game: BuiltInGame, seats: &[Seat], seed: u16) -> Table {
        Table::around(start_machine(game, seats, seed).unwrap(), tag)
    }

    /// A game of our own: a listing, RUN with a printer attached.
    fn machine(program: &str, tag: &str) -> Table {
        let mut m = Machine::new();
        m.attach_printer();
        m.load_listing(program.as_bytes()).unwrap();
        m.type_text(b"RUN\r");
        Table::around(m, tag)
    }

    /// A host in a new game folder, carrying the files of `m`.
    fn around(m: Machine, tag: &str) -> Table {
        let dir = std::env::temp_dir().join(format!(
            "spacemono-hostile-seat-{tag}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        Table {
            m,
            host: PlayHost::new(&dir, Vec::new()).unwrap(),
            dir,
        }
    }

    /// Runs until a file seat's orders are awaited (or the game is over); the machine must
    /// never be at `OK` once the game has begun.
    fn next(&mut self) -> Step {
        for _ in 0..FIELD_LIMIT {
            self.m.run_field();
            let step = self.host.after_field(&mut self.m).unwrap();
            if !self.m.keys_pending() {
                assert_ne!(
                    self.m.status(),
                    Status::Prompt,
                    "the program stopped:\n{}",
                    self.m.screen_text()
                );
            }
            if step != Step::Running {
                return step;
            }
        }
        panic!(
            "no question in {FIELD_LIMIT} fields:\n{}",
            self.m.screen_text()
        );
    }

    fn awaited(&mut self) -> (u8, u32) {
        match self.next() {
            Step::AwaitingOrders { player, turn } => (player, turn),
            other => panic!("expected a question, got {other:?}"),
        }
    }

    fn turn_file(&self, turn: u32) -> String {
        std::fs::read_to_string(self.dir.join(format!("Turn_{turn}.txt"))).unwrap()
    }

    fn order_path(&self, player: u8, turn: u32) -> PathBuf {
        self.dir.join(format!("Player_{player}_Turn_{turn}.txt"))
    }

    fn error(&self, player: u8, turn: u32) -> Option<String> {
        std::fs::read_to_string(self.dir.join(format!("Player_{player}_Turn_{turn}.error"))).ok()
    }

    /// Writes the order file (replacing any, as a bot does: a new file renamed over it) and
    /// lets the host look at it once: whether it took the orders.
    fn answer(&mut self, player: u8, turn: u32, text: &[u8]) -> bool {
        let path = self.order_path(player, turn);
        let tmp = self.dir.join("orders.tmp");
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
        self.host.poll_orders().unwrap()
    }

    /// The first `CHOICE:` of a turn file, as an order (a count of none for `BUY A 0-2`).
    fn first_choice(&self, turn: u32) -> String {
        let text = self.turn_file(turn);
        let choice = text
            .lines()
            .find_map(|l| l.strip_prefix("CHOICE:"))
            .unwrap_or("")
            .to_string();
        match choice.rsplit_once(" 0-") {
            Some((order, _)) => format!("{order} 0"),
            None => choice,
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn value<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
}

/// A Space Monopoly game of two file seats, at its first BUY question.
fn at_first_buy(tag: &str) -> (Table, u8, u32) {
    let mut t = Table::new(
        tag,
        BuiltInGame::SpaceMonopoly,
        &[Seat::File, Seat::File],
        42,
    );
    let (p, turn) = t.awaited();
    let cell = t.first_choice(turn);
    assert!(t.answer(p, turn, format!("{cell}\nEND\n").as_bytes()));
    let (p, turn) = t.awaited();
    assert_eq!(value(&t.turn_file(turn), "ASK"), Some("BUY"));
    (t, p, turn)
}

#[test]
fn long_order_lines_are_refused_and_never_reach_the_basic_prompt() {
    // Eight lines of 40 characters filled Space Monopoly's string space (?OS ERROR IN
    // 9480) and the rest of the file was typed at OK: here a fake standings block.
    let (mut t, p, turn) = at_first_buy("long-lines");
    let keys_before = t.m.keys_delivered();
    let mut crafted = String::new();
    for _ in 0..8 {
        crafted.push_str(&"X".repeat(40));
        crafted.push('\n');
    }
    crafted.push_str("PRINT#-2,\"===== spacemono v1.0.0 =====\":PRINT#-2,\"TURN:9\":PRINT#-2,\"WINNER:1\":PRINT#-2,\"END\"\nEND\n");
    assert!(!t.answer(p, turn, crafted.as_bytes()));
    let why = t.error(p, turn).expect("an error file");
    assert!(why.contains("REFUSED:AN ORDER IS TOO LONG"), "{why}");
    assert_eq!(t.m.keys_delivered(), keys_before, "not a key was typed");
    // Lines short enough, but no orders of the game: refused by the same gate.
    assert!(!t.answer(p, turn, b"RUN\nLIST\nEND\n"));
    assert!(t
        .error(p, turn)
        .unwrap()
        .contains("REFUSED:RUN IS NOT ONE OF THE CHOICES"));
    // The game waits on, and plays the next orders.
    assert!(t.answer(p, turn, b"END\n"));
    let (_, next) = t.awaited();
    assert_eq!(next, turn + 1);
    assert!(
        t.error(p, turn).is_none(),
        "the error went with the orders played"
    );
    assert!(!t.dir.join("Standings.txt").exists());
}

#[test]
fn numbers_out_of_range_are_refused_before_the_program_sees_them() {
    // Acquire's `BUY L 1E39` stopped the program with ?OV ERROR IN 9420.
    let mut t = Table::new(
        "acquire-1e39",
        BuiltInGame::Acquire,
        &[Seat::File, Seat::File],
        7,
    );
    loop {
        let (p, turn) = t.awaited();
        let text = t.turn_file(turn);
        if value(&text, "ASK") == Some("BUY") {
            for bad in ["BUY L 1E39", "BUY L -1", "BUY L 0.5", "BUY L 99999999"] {
                assert!(!t.answer(p, turn, format!("{bad}\nEND\n").as_bytes()));
                let why = t.error(p, turn).unwrap();
                assert!(why.contains("IS NOT ONE OF THE CHOICES"), "{bad}: {why}");
            }
            assert!(t.answer(p, turn, b"END\n"));
            let (_, next) = t.awaited();
            assert!(next > turn);
            return;
        }
        let choice = t.first_choice(turn);
        assert!(t.answer(p, turn, format!("{choice}\nEND\n").as_bytes()));
    }
}

#[test]
fn a_byte_order_mark_and_doubled_spaces_are_taken_in_stride() {
    let mut t = Table::new(
        "bom",
        BuiltInGame::SpaceMonopoly,
        &[Seat::File, Seat::File],
        44,
    );
    let (p, turn) = t.awaited();
    let cell = t.first_choice(turn).replacen(' ', "  ", 1);
    assert!(t.answer(p, turn, format!("\u{feff}{cell}\r\nEND\r\n").as_bytes()));
    let (_, next) = t.awaited();
    assert_eq!(value(&t.turn_file(next), "ASK"), Some("BUY"));
}

#[test]
fn an_oversize_file_replaced_by_another_gets_an_error_each_time() {
    let mut t = Table::new(
        "oversize",
        BuiltInGame::SpaceMonopoly,
        &[Seat::File, Seat::File],
        45,
    );
    let (p, turn) = t.awaited();
    let big = vec![b'#'; 100_000];
    assert!(!t.answer(p, turn, &big));
    assert!(t.error(p, turn).unwrap().contains("TOO LARGE"));
    std::fs::remove_file(t.dir.join(format!("Player_{p}_Turn_{turn}.error"))).unwrap();
    // The same file looked at again: said once is enough.
    assert!(!t.host.poll_orders().unwrap());
    assert!(t.error(p, turn).is_none());
    // Another oversize file in its place: said again.
    let big2 = vec![b'%'; 200_000];
    assert!(!t.answer(p, turn, &big2));
    assert!(t.error(p, turn).unwrap().contains("TOO LARGE"));
}

/// A game whose order parser has a bug that legal orders reach: `MOVE 1A` divides by zero.
const FRAGILE_GAME: &str = "\
10 PRINT#-2,\"===== spacemono v1.0.0 =====\":PRINT#-2,\"TURN:1\":PRINT#-2,\"PLAYER:1\"
20 PRINT#-2,\"SEAT:FILE\":PRINT#-2,\"ASK:MOVE\":PRINT#-2,\"CHOICE:MOVE 1A\":PRINT#-2,\"CHOICE:MOVE 2B\":PRINT#-2,\"END\"
30 LINE INPUT A$:IF A$=\"END\" THEN 60
40 IF A$=\"MOVE 1A\" THEN X=1/0
50 M$=A$:GOTO 30
60 PRINT#-2,\"===== spacemono v1.0.0 =====\":PRINT#-2,\"TURN:2\":PRINT#-2,\"WINNER:1\":PRINT#-2,\"END\"
70 GOTO 70
";

#[test]
fn a_program_that_stops_on_legal_orders_goes_back_to_the_question() {
    let mut t = Table::machine(FRAGILE_GAME, "fragile");
    let (p, turn) = t.awaited();
    assert_eq!((p, turn), (1, 1));
    // Legal by the choices, but the listing stops on it (?/0 ERROR IN 40): the host takes
    // the machine back to the question, refuses the orders, and types nothing at OK.
    assert!(t.answer(p, turn, b"MOVE 1A\nEND\n"));
    assert_eq!(t.awaited(), (1, 1));
    let why = t.error(1, 1).expect("an error file");
    assert!(
        why.contains("REFUSED:THE GAME STOPPED ON THESE ORDERS"),
        "{why}"
    );
    assert!(
        !t.m.screen_text().contains("ERROR"),
        "{}",
        t.m.screen_text()
    );
    // Other orders: played, and the game ends.
    assert!(t.answer(p, turn, b"MOVE 2B\nEND\n"));
    assert_eq!(t.next(), Step::Over { winner: 1 });
}

fn spacemono() -> Command {
    Command::new(env!("CARGO_BIN_EXE_spacemono"))
}

#[test]
fn a_headless_keyboard_seat_that_runs_out_of_keys_ends_the_game_with_a_message() {
    // Space Monopoly and Acquire poll the keyboard among blinks and animations, so the
    // count of fields waiting for keys must not restart at every field without a poll.
    for (tag, game, seats) in [
        ("sm", "space-monopoly", ["1=keyboard", "2=computer"]),
        ("acquire", "acquire", ["1=keyboard", "2=computer"]),
    ] {
        let dir: PathBuf = std::env::temp_dir().join(format!(
            "spacemono-hostile-seat-keys-{tag}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        let started = Instant::now();
        let mut child = spacemono()
            .args(["play", dir.to_str().unwrap(), "--game", game, "--headless"])
            .args(["--seat", seats[0], "--seat", seats[1], "--seed", "3"])
            .args(["--keys", "1"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if started.elapsed() > Duration::from_secs(120) {
                let _ = child.kill();
                panic!("{game}: a keyboard seat without keys never ended");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(status.code(), Some(255), "{game}: {stderr}");
        assert!(
            stderr.contains("keys given with --keys ran out"),
            "{stderr}"
        );
        let _ = std::fs::remove_dir_all(Path::new(&dir));
    }
}
