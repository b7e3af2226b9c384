//! Play by file (roms/RULES.md P1-P6): `spacemono play` writes a turn file whenever a player is to
//! act, waits for that player's order file, and exits with the winner's number; the example
//! bots in `examples/bots/` play whole games through it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn game_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "spacemono-play-{tag}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn host(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_spacemono"))
        .arg("play")
        .arg(dir)
        .args(args)
        .args(["--poll-ms", "2"])
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spacemono play starts")
}

fn random_bot(dir: &Path, player: u8, seed: u32) -> Child {
    Command::new("sh")
        .arg(root().join("examples/bots/random.sh"))
        .arg(dir)
        .arg(player.to_string())
        .arg(seed.to_string())
        // Nothing of the test's output is handed to a bot: one left behind by a failed test
        // must not hold the test run's output open.
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("sh runs the random bot")
}

/// Waits for a child at most `limit`; kills it and fails past that.
fn finish(mut child: Child, limit: Duration, what: &str) -> std::process::Output {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("{what} did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn wait_for(path: &Path, limit: Duration) {
    let start = Instant::now();
    while !path.exists() {
        assert!(start.elapsed() < limit, "{} never came", path.display());
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn value<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
}

/// Every turn file from 1 on, in order.
fn turn_files(dir: &Path) -> Vec<String> {
    (1..)
        .map(|n| dir.join(format!("Turn_{n}.txt")))
        .take_while(|p| p.exists())
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// Plays one game between two random bots; returns the host's exit code and the folder.
fn bots_game(seed: &str, bot_seeds: (u32, u32)) -> (i32, PathBuf) {
    let dir = game_dir("bots");
    let h = host(
        &dir,
        &["--seat", "1=file", "--seat", "2=file", "--seed", seed],
    );
    let b1 = random_bot(&dir, 1, bot_seeds.0);
    let b2 = random_bot(&dir, 2, bot_seeds.1);
    let out = finish(h, Duration::from_secs(120), "the game");
    finish(b1, Duration::from_secs(10), "bot 1");
    finish(b2, Duration::from_secs(10), "bot 2");
    assert!(
        out.status.code().is_some(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap(), dir)
}

#[test]
fn two_shell_bots_play_a_whole_game_to_the_standings() {
    let (code, dir) = bots_game("1234", (11, 22));
    let standings = read(&dir, "Standings.txt");
    let winner: i32 = value(&standings, "WINNER").unwrap().parse().unwrap();
    assert_eq!(code, winner, "exit status is the winner\n{standings}");
    assert!((1..=2).contains(&winner), "{standings}");
    assert_eq!(
        standings
            .lines()
            .filter(|l| l.starts_with("STANDING:"))
            .count(),
        2
    );
    let turns = turn_files(&dir);
    // 48 moves, each asked as MOVE and BUY, then the standings.
    assert_eq!(turns.len(), 97, "{}", turns.last().unwrap());
    for (i, t) in turns.iter().enumerate() {
        assert_eq!(t.lines().next(), Some("===== spacemono v1.0.0 ====="));
        assert_eq!(value(t, "TURN"), Some((i + 1).to_string().as_str()));
        assert_eq!(t.lines().last(), Some("END"));
    }
    assert_eq!(turns.last().unwrap(), &standings);
    assert!(!std::fs::read_dir(&dir).unwrap().any(|e| e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .ends_with(".error")));
    // A move turn says what a program needs: the board, the holders, the choices.
    let first = &turns[0];
    assert_eq!(value(first, "ASK"), Some("MOVE"));
    assert_eq!(first.lines().filter(|l| l.starts_with("ROW:")).count(), 9);
    assert_eq!(
        first.lines().filter(|l| l.starts_with("HOLDER:")).count(),
        2
    );
    assert_eq!(
        first
            .lines()
            .filter(|l| l.starts_with("CHOICE:MOVE "))
            .count(),
        5
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_greedy_python_bot_plays_a_whole_game() {
    let dir = game_dir("greedy");
    let h = host(
        &dir,
        &["--seat", "1=file", "--seat", "2=file", "--seed", "4321"],
    );
    let greedy = Command::new("python3")
        .arg(root().join("examples/bots/greedy.py"))
        .arg(&dir)
        .arg("1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 runs the greedy bot (.ci/run installs python3)");
    let random = random_bot(&dir, 2, 8);
    let out = finish(h, Duration::from_secs(120), "the game");
    finish(greedy, Duration::from_secs(10), "the greedy bot");
    finish(random, Duration::from_secs(10), "the random bot");
    let standings = read(&dir, "Standings.txt");
    let winner: i32 = value(&standings, "WINNER").unwrap().parse().unwrap();
    assert_eq!(
        out.status.code(),
        Some(winner),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The greedy bot spends: its buying turns carry orders.
    let bought = (1..=97)
        .filter_map(|n| std::fs::read_to_string(dir.join(format!("Player_1_Turn_{n}.txt"))).ok())
        .filter(|o| o.starts_with("BUY "))
        .count();
    assert!(bought > 5, "the greedy bot bought {bought} times");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_same_seed_and_orders_give_the_same_game() {
    let (code_a, a) = bots_game("777", (5, 6));
    let (code_b, b) = bots_game("777", (5, 6));
    assert_eq!(code_a, code_b);
    assert_eq!(turn_files(&a), turn_files(&b));
    let (_, c) = bots_game("778", (5, 6));
    assert_ne!(
        turn_files(&a)[0],
        turn_files(&c)[0],
        "another seed, another galaxy"
    );
    for d in [a, b, c] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_game_killed_in_the_middle_and_resumed_ends_as_an_uninterrupted_one() {
    let (whole_code, whole) = bots_game("2468", (31, 32));
    let dir = game_dir("resume");
    let mut h = host(
        &dir,
        &["--seat", "1=file", "--seat", "2=file", "--seed", "2468"],
    );
    let b1 = random_bot(&dir, 1, 31);
    let b2 = random_bot(&dir, 2, 32);
    wait_for(&dir.join("Turn_40.txt"), Duration::from_secs(60));
    h.kill().unwrap(); // SIGKILL: no chance to tidy up
    h.wait().unwrap();
    assert!(!dir.join("Standings.txt").exists(), "killed before the end");
    // The snapshot written with the turn files is a whole machine.
    let snap = std::fs::read(dir.join("Snapshot.spacemono")).unwrap();
    spacemono_core::Machine::from_snapshot(&snap).expect("the snapshot restores");
    let resumed = Command::new(env!("CARGO_BIN_EXE_spacemono"))
        .args(["play", "--resume", "--poll-ms", "2"])
        .arg(&dir)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = finish(resumed, Duration::from_secs(120), "the resumed game");
    finish(b1, Duration::from_secs(10), "bot 1");
    finish(b2, Duration::from_secs(10), "bot 2");
    assert_eq!(
        out.status.code(),
        Some(whole_code),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(turn_files(&dir), turn_files(&whole));
    assert_eq!(read(&dir, "Standings.txt"), read(&whole, "Standings.txt"));
    for d in [dir, whole] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn resume_needs_a_game_to_go_on_with() {
    let dir = game_dir("nothing");
    std::fs::create_dir_all(&dir).unwrap();
    let out = finish(
        host(&dir, &["--resume"]),
        Duration::from_secs(10),
        "the refusal",
    );
    assert_eq!(out.status.code(), Some(255));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Game.txt"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_refused_order_file_gets_an_error_and_a_corrected_one_is_played() {
    let dir = game_dir("refused");
    let h = host(
        &dir,
        &["--seat", "1=file", "--seat", "2=file", "--seed", "42"],
    );
    let limit = Duration::from_secs(30);
    wait_for(&dir.join("Turn_1.txt"), limit);
    let turn = read(&dir, "Turn_1.txt");
    let p = value(&turn, "PLAYER").unwrap().to_string();
    let order = dir.join(format!("Player_{p}_Turn_1.txt"));
    // Not finished (no END): not read yet.
    std::fs::write(&order, "MOVE 99Z\n").unwrap();
    std::thread::sleep(Duration::from_millis(100));
    assert!(!dir.join("Turn_2.txt").exists());
    assert!(!dir.join(format!("Player_{p}_Turn_1.error")).exists());
    // An illegal move: refused by the host's gate before a key is typed, and why.
    std::fs::write(&order, "MOVE 99Z\nEND\n").unwrap();
    let error = dir.join(format!("Player_{p}_Turn_1.error"));
    wait_for(&error, limit);
    let why = std::fs::read_to_string(&error).unwrap();
    assert!(
        why.contains("REFUSED:MOVE 99Z IS NOT ONE OF THE CHOICES"),
        "{why}"
    );
    assert!(!dir.join("Turn_2.txt").exists(), "nothing was played");
    // Corrected: the first cell offered, in lower case (orders are read in capitals).
    let cell = value(&turn, "CHOICE").unwrap().to_ascii_lowercase();
    std::fs::write(&order, format!("{cell}\nEND\n")).unwrap();
    wait_for(&dir.join("Turn_2.txt"), limit);
    let next = read(&dir, "Turn_2.txt");
    assert_eq!(value(&next, "ASK"), Some("BUY"));
    assert!(!error.exists(), "the error went with the corrected file");
    // One order that is not legal refuses them all.
    let order2 = dir.join(format!("Player_{p}_Turn_2.txt"));
    std::fs::write(&order2, "BUY A 1\nSELL B 2\nEND\n").unwrap();
    let error2 = dir.join(format!("Player_{p}_Turn_2.error"));
    wait_for(&error2, limit);
    let why2 = std::fs::read_to_string(&error2).unwrap();
    assert!(why2.contains("REFUSED:"), "{why2}");
    std::fs::write(&order2, "END\n").unwrap();
    wait_for(&dir.join("Turn_3.txt"), limit);
    let mut h = h;
    let _ = h.kill();
    let _ = h.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_order_file_that_cannot_be_read_gets_an_error_and_the_game_waits() {
    let dir = game_dir("unreadable");
    let h = host(
        &dir,
        &["--seat", "1=file", "--seat", "2=file", "--seed", "43"],
    );
    let limit = Duration::from_secs(30);
    wait_for(&dir.join("Turn_1.txt"), limit);
    let turn = read(&dir, "Turn_1.txt");
    let p = value(&turn, "PLAYER").unwrap().to_string();
    // A folder where the order file belongs: the game says so, and goes on waiting.
    let order = dir.join(format!("Player_{p}_Turn_1.txt"));
    std::fs::create_dir(&order).unwrap();
    let error = dir.join(format!("Player_{p}_Turn_1.error"));
    wait_for(&error, limit);
    let why = std::fs::read_to_string(&error).unwrap();
    assert!(
        why.contains(&format!("REFUSED:PLAYER_{p}_TURN_1.TXT IS A FOLDER")),
        "{why}"
    );
    assert!(why.starts_with("===== spacemono v1."), "{why}");
    assert!(!dir.join("Turn_2.txt").exists(), "nothing was played");
    // The folder replaced by real orders: played, and the error goes.
    std::fs::remove_dir(&order).unwrap();
    let cell = value(&turn, "CHOICE").unwrap().to_string();
    std::fs::write(&order, format!("{cell}\nEND\n")).unwrap();
    wait_for(&dir.join("Turn_2.txt"), limit);
    assert!(!error.exists(), "the error went with the readable file");
    let mut h = h;
    let _ = h.kill();
    let _ = h.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_keyboard_seat_and_a_file_seat_play_one_game() {
    let dir = game_dir("mixed");
    // The keyboard seat takes the diamond's first cell and buys nothing: M, then ENTER at
    // each buying prompt (an ENTER at the board is ignored, an M at a prompt refused).
    let keys = "M\n\n\n\n\n\n".repeat(60);
    let h = host(
        &dir,
        &[
            "--seat",
            "1=keyboard",
            "--seat",
            "2=file",
            "--seed",
            "99",
            "--headless",
            "--keys",
            &keys,
        ],
    );
    let b2 = random_bot(&dir, 2, 3);
    let out = finish(h, Duration::from_secs(120), "the game");
    finish(b2, Duration::from_secs(10), "bot 2");
    let standings = read(&dir, "Standings.txt");
    let winner: i32 = value(&standings, "WINNER").unwrap().parse().unwrap();
    assert_eq!(
        out.status.code(),
        Some(winner),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let turns = turn_files(&dir);
    let seat = |s: &str| turns.iter().filter(|t| value(t, "SEAT") == Some(s)).count();
    assert!(seat("KEYBOARD") > 0 && seat("FILE") > 0);
    // Player 1 never wrote an order file: the keyboard played.
    assert!(!dir.join("Player_1_Turn_1.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_holding_a_game_is_not_played_over() {
    let dir = game_dir("taken");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Turn_1.txt"), "an old game\n").unwrap();
    let out = finish(
        host(&dir, &["--seat", "1=file", "--seat", "2=file"]),
        Duration::from_secs(10),
        "the refusal",
    );
    assert_eq!(out.status.code(), Some(255));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already holds a game"));
    assert_eq!(read(&dir, "Turn_1.txt"), "an old game\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With a person at the keyboard the host rides along a window or terminal session, a field
/// at a time: the turn files are written and a file seat's orders typed while the person
/// plays at the keyboard.
#[test]
fn a_session_carries_the_files_beside_a_person_at_the_keyboard() {
    use spacemono::frontend::audio::SoundOut;
    use spacemono::frontend::default_tape::BuiltInGame;
    use spacemono::frontend::play::{cli::start_machine, PlayHost, Seat};
    use spacemono::frontend::session::Driver;

    let dir = game_dir("session");
    let machine =
        start_machine(BuiltInGame::SpaceMonopoly, &[Seat::Keyboard, Seat::File], 5).unwrap();
    let mut driver = Driver::new(machine, SoundOut::silent());
    driver.hook = Some(Box::new(PlayHost::new(&dir, Vec::new()).unwrap()));
    let mut answered = 0;
    for n in 1..=4u32 {
        let turn = dir.join(format!("Turn_{n}.txt"));
        let mut steps = 0;
        while !turn.exists() {
            driver.step(false);
            steps += 1;
            assert!(steps < 20_000, "Turn_{n}.txt never came");
        }
        let text = read(&dir, &format!("Turn_{n}.txt"));
        let player = value(&text, "PLAYER").unwrap();
        match (value(&text, "SEAT"), value(&text, "ASK")) {
            (Some("FILE"), Some("MOVE")) => {
                let cell = value(&text, "CHOICE").unwrap();
                let order = format!("Player_{player}_Turn_{n}.txt");
                std::fs::write(dir.join(order), format!("{cell}\nEND\n")).unwrap();
                answered += 1;
            }
            (Some("FILE"), Some("BUY")) => {
                let order = format!("Player_{player}_Turn_{n}.txt");
                std::fs::write(dir.join(order), "END\n").unwrap();
                answered += 1;
            }
            // The person: M takes the diamond's cell; ENTER at each buying prompt.
            (Some("KEYBOARD"), Some("MOVE")) => driver.machine.type_key(b'M'),
            (Some("KEYBOARD"), _) => {
                for _ in 0..6 {
                    driver.machine.type_key(b'\r');
                }
            }
            other => panic!("{other:?}\n{text}"),
        }
    }
    assert!(driver.outcome.is_none());
    assert!(answered > 0 || value(&read(&dir, "Turn_1.txt"), "SEAT") == Some("KEYBOARD"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_keyboard_seat_with_no_window_and_no_terminal_says_what_to_do() {
    let dir = game_dir("nokeyboard");
    let out = Command::new(env!("CARGO_BIN_EXE_spacemono"))
        .arg("play")
        .arg(&dir)
        .args([
            "--seat",
            "1=keyboard",
            "--seat",
            "2=file",
            "--seed",
            "1",
            "--mute",
        ])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(255));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("use --headless and --keys"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `spacemono play` to its end with no file seats, and returns its exit code.
fn play_to_the_end(dir: &Path, args: &[&str]) -> i32 {
    let out = finish(host(dir, args), Duration::from_secs(120), "the game");
    out.status.code().expect("an exit status")
}

#[test]
fn starlanes_and_acquire_play_by_file_with_computer_seats_to_the_standings() {
    for (game, seats) in [("starlanes", 2), ("acquire", 3)] {
        let dir = game_dir(game);
        let mut args = vec!["--game", game, "--seed", "11"];
        let specs: Vec<String> = (1..=seats).map(|p| format!("{p}=computer")).collect();
        for s in &specs {
            args.extend(["--seat", s.as_str()]);
        }
        let status = play_to_the_end(&dir, &args);
        let standings = read(&dir, "Standings.txt");
        assert_eq!(
            value(&standings, "GAME"),
            Some(game.to_ascii_uppercase().as_str())
        );
        assert_eq!(value(&standings, "ASK"), Some("NONE"));
        let winner: i32 = value(&standings, "WINNER").unwrap().parse().unwrap();
        assert_eq!(status, winner, "{game}: the exit status is the winner");
        assert!((0..=seats).contains(&winner), "{standings}");
        // Every question was written for the record, each by a computer seat, and no order
        // file was awaited.
        let turns = turn_files(&dir);
        assert!(turns.len() > 20, "{game}: {} turn files", turns.len());
        let first = read(&dir, "Turn_1.txt");
        assert_eq!(value(&first, "SEAT"), Some("COMPUTER"), "{first}");
        assert!(read(&dir, "Game.txt").contains(&format!("GAME:{game}\n")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_starlanes_keyboard_seat_is_asked_its_name_as_a_turn() {
    let dir = game_dir("sl-name");
    let status = play_to_the_end(
        &dir,
        &[
            "--game",
            "starlanes",
            "--seat",
            "1=keyboard",
            "--seat",
            "2=computer",
            "--seed",
            "9",
            "--headless",
            "--keys",
            "ALICE\n",
        ],
    );
    // The keys run out at the first move: the host says so and exits with 255.
    assert_eq!(status, 255);
    let name = read(&dir, "Turn_1.txt");
    assert_eq!(value(&name, "ASK"), Some("NAME"), "{name}");
    assert_eq!(value(&name, "SEAT"), Some("KEYBOARD"), "{name}");
    let next = read(&dir, "Turn_2.txt");
    assert!(
        next.contains("HOLDER:1 CASH:6000 A:0 B:0 C:0 D:0 E:0 NAME:ALICE"),
        "{next}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
