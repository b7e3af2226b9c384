//! Issue 27: a hostile seat's file tricks. A player can put anything in the game folder under
//! any name (links, named pipes, hard links, folders) and can race the host; files named on
//! the command line may be pipes. Each test here failed before the fix it pins (a hang, a
//! secret echoed into an error file, a name too long, a folder of another user used).
#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, temp_dir};

/// A `spacemono play` that is killed when the test ends, even by a failed assertion (a host
/// stuck in `open()` on a pipe would otherwise outlive the test run).
struct Host(Child);

impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn play(args: &[&OsStr]) -> Host {
    Host(
        Command::new(bin())
            .arg("play")
            .args(args)
            .args(["--poll-ms", "2"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spacemono play starts"),
    )
}

/// A new game with two file seats in `dir`.
fn file_game(dir: &Path, seed: &str) -> Host {
    play(&[
        dir.as_os_str(),
        "--seat".as_ref(),
        "1=file".as_ref(),
        "--seat".as_ref(),
        "2=file".as_ref(),
        "--seed".as_ref(),
        seed.as_ref(),
    ])
}

/// `spacemono ARGS` run to its end, in `dir`, within 20 seconds.
fn spacemono(args: &[&OsStr], dir: &Path) -> Output {
    let out = Command::new("timeout")
        .current_dir(dir)
        .args(["-k", "2", "20"])
        .arg(bin())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        !matches!(out.status.code(), Some(124) | Some(137) | None),
        "{args:?} did not end within 20 s ({:?})",
        out.status
    );
    out
}

fn words<'a>(args: &[&'a str]) -> Vec<&'a OsStr> {
    args.iter().map(|a| OsStr::new(*a)).collect()
}

fn stderr_of(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const LIMIT: Duration = Duration::from_secs(30);

/// Waits until `ready` holds, failing the test after [`LIMIT`].
fn wait_until(what: &str, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < LIMIT, "{what}: not within {LIMIT:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A regular file (not a link, not a pipe) of that name.
fn is_plain_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn value<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(':')))
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(ok.success(), "mkfifo {}", path.display());
}

/// Turn 1 of a new game in `dir`: the player asked, and a legal answer.
fn first_turn(dir: &Path) -> (String, String) {
    let turn = dir.join("Turn_1.txt");
    wait_until("Turn_1.txt", || is_plain_file(&turn));
    let text = read(&turn);
    let player = value(&text, "PLAYER").unwrap().to_string();
    let cell = value(&text, "CHOICE").unwrap().to_string();
    (player, format!("{cell}\nEND\n"))
}

/// Waits for the error file to say `reason`, and returns its text.
fn error_saying(error: &Path, reason: &str) -> String {
    wait_until(&format!("an error file saying {reason}"), || {
        is_plain_file(error) && read(error).contains(reason)
    });
    read(error)
}

// ---- order files: never through a link, never blocking, only regular files --------------

#[test]
fn a_named_pipe_as_an_order_file_gets_an_error_and_the_game_goes_on() {
    let dir = temp_dir("fifo-orders");
    let outside = temp_dir("fifo-orders-outside");
    let game = dir.join("game");
    let _host = file_game(&game, "43");
    let (p, orders) = first_turn(&game);
    let order = game.join(format!("Player_{p}_Turn_1.txt"));
    let error = game.join(format!("Player_{p}_Turn_1.error"));
    // A named pipe nobody writes to: opening it for reading would wait for ever.
    mkfifo(&order);
    let why = error_saying(&error, "NAMED PIPE");
    assert!(why.contains(&format!("REFUSED:PLAYER_{p}_TURN_1.TXT IS A NAMED PIPE")));
    // A link to one: refused as a link, without looking where it leads.
    std::fs::remove_file(&order).unwrap();
    mkfifo(&outside.join("pipe"));
    symlink(outside.join("pipe"), &order).unwrap();
    error_saying(&error, "SYMBOLIC LINK");
    assert!(!game.join("Turn_2.txt").exists(), "nothing was played");
    // Real orders in its place are played, and the error goes.
    std::fs::remove_file(&order).unwrap();
    std::fs::write(&order, orders).unwrap();
    wait_until("Turn_2.txt", || is_plain_file(&game.join("Turn_2.txt")));
    wait_until("the error goes", || !error.exists());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&outside);
}

/// Every file of the folder, as bytes.
fn everything_in(dir: &Path) -> Vec<u8> {
    let mut all = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if is_plain_file(&path) {
            all.extend(std::fs::read(&path).unwrap());
        }
    }
    all
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn a_link_or_a_hard_link_to_a_private_file_is_never_read_as_orders() {
    let dir = temp_dir("private-link");
    let game = dir.join("game");
    let secret = dir.join("secret.txt");
    // What an order file's first line would be echoed as, if it were read.
    std::fs::write(&secret, "MOVE TOPSECRET42\nEND\n").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    let _host = file_game(&game, "43");
    let (p, orders) = first_turn(&game);
    let order = game.join(format!("Player_{p}_Turn_1.txt"));
    let error = game.join(format!("Player_{p}_Turn_1.error"));
    symlink(&secret, &order).unwrap();
    error_saying(&error, "SYMBOLIC LINK");
    // A hard link is the same file under a second name: refused too.
    std::fs::remove_file(&order).unwrap();
    std::fs::hard_link(&secret, &order).unwrap();
    error_saying(&error, "HARD LINK");
    std::thread::sleep(Duration::from_millis(200));
    std::fs::remove_file(&order).unwrap();
    assert!(
        !contains(&everything_in(&game), b"TOPSECRET42"),
        "the private file's text reached the game folder"
    );
    std::fs::write(&order, orders).unwrap();
    wait_until("Turn_2.txt", || is_plain_file(&game.join("Turn_2.txt")));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- the host's own files: a name is replaced, never opened --------------------------------

#[test]
fn links_to_named_pipes_planted_as_the_hosts_files_do_not_stop_the_game() {
    let dir = temp_dir("planted-pipes");
    let outside = temp_dir("planted-pipes-outside");
    let game = dir.join("game");
    let _host = file_game(&game, "42");
    let (p, orders) = first_turn(&game);
    let pipe = outside.join("pipe");
    mkfifo(&pipe);
    let error = game.join(format!("Player_{p}_Turn_1.error"));
    for name in [
        "Turn_2.txt".to_string(),
        format!("Player_{p}_Turn_1.error"),
        "Snapshot.spacemono".to_string(),
    ] {
        let _ = std::fs::remove_file(game.join(&name));
        symlink(&pipe, game.join(name)).unwrap();
    }
    let order = game.join(format!("Player_{p}_Turn_1.txt"));
    std::fs::write(&order, "MOVE 99Z\nEND\n").unwrap();
    error_saying(&error, "99Z");
    std::fs::write(&order, orders).unwrap();
    wait_until("Turn_2.txt as a file of its own", || {
        is_plain_file(&game.join("Turn_2.txt"))
    });
    // The snapshot is written just after the turn file: on a busy machine, a moment later.
    wait_until("Snapshot.spacemono as a file of its own", || {
        is_plain_file(&game.join("Snapshot.spacemono"))
    });
    let pipe_kind = std::fs::symlink_metadata(&pipe).unwrap().file_type();
    assert!(
        std::os::unix::fs::FileTypeExt::is_fifo(&pipe_kind),
        "the pipe is as it was"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&outside);
}

// ---- files named on the command line: a pipe is read, and never waited on -----------------

#[test]
fn named_pipes_with_no_writer_on_the_command_line_do_not_hang() {
    let dir = temp_dir("cli-pipes");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"FINE\"\n").unwrap();
    for name in ["pipe", "pipe.cas", "pipe.bas"] {
        mkfifo(&dir.join(name));
    }
    for args in [
        &["--snapshot", "pipe"][..],
        &["run", "pipe.bas", "--headless"],
        &["run", "p.bas", "--headless", "--tape", "pipe.cas"],
        &["run", "p.bas", "--headless", "--keys-file", "pipe"],
        &["run", "p.bas", "--headless", "--type", "pipe"],
    ] {
        let o = spacemono(&words(args), &dir);
        // A pipe with no writer reads as empty: an empty snapshot or listing is refused, and
        // no keys, or a blank tape, are no keys and a blank tape.
        let e = stderr_of(&o);
        assert!(!e.contains("panicked"), "{args:?}: {e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pipe with a writer is read as a file: bash's `<(...)`.
#[test]
fn a_pipe_with_a_writer_is_read_whole() {
    let dir = temp_dir("cli-pipe-writer");
    std::fs::write(dir.join("p.bas"), "10 INPUT A\n20 PRINT A*2\n").unwrap();
    let o = Command::new("bash")
        .current_dir(&dir)
        .arg("-c")
        .arg("exec \"$0\" run p.bas --headless --screen - --keys-file <(sleep 0.3; echo 21)")
        .arg(bin())
        .output()
        .unwrap();
    let screen = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", stderr_of(&o));
    assert!(screen.contains(" 42"), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An output named on the command line that is a pipe with no reader fails at once and says
/// so, instead of waiting for a reader.
#[test]
fn an_output_pipe_with_no_reader_fails_at_once() {
    let dir = temp_dir("cli-output-pipe");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"FINE\"\n").unwrap();
    mkfifo(&dir.join("screen"));
    let o = spacemono(
        &words(&["run", "p.bas", "--headless", "--screen", "screen"]),
        &dir,
    );
    let e = stderr_of(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(
        e.contains("screen") && e.contains("no program is reading"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--screen /dev/stdout` with standard output sent to a file: the screen goes to that file.
/// Before, the write replaced the link `/dev/stdout` itself (for root: the system's own,
/// until the next boot; for others: a refusal to write in /dev).
#[cfg(target_os = "linux")]
#[test]
fn an_output_named_through_a_link_replaces_the_file_it_names() {
    let dir = temp_dir("cli-stdout-file");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"FINE\"\n").unwrap();
    let out = dir.join("out.txt");
    let o = Command::new(bin())
        .current_dir(&dir)
        .args(["run", "p.bas", "--headless", "--screen", "/dev/stdout"])
        .stdout(std::fs::File::create(&out).unwrap())
        .output()
        .unwrap();
    let stdout_is_a_link =
        std::fs::symlink_metadata("/dev/stdout").is_ok_and(|m| m.file_type().is_symlink());
    if !stdout_is_a_link && running_as_root() {
        // Put the system's /dev/stdout back before failing.
        let _ = std::fs::remove_file("/dev/stdout");
        let _ = symlink("/proc/self/fd/1", "/dev/stdout");
    }
    assert!(stdout_is_a_link, "/dev/stdout was replaced");
    assert!(o.status.success(), "{}", stderr_of(&o));
    assert!(read(&out).contains("FINE"), "{}", read(&out));
    // A link of our own to a file: the file is written, the link stays.
    std::fs::write(dir.join("real.txt"), "old").unwrap();
    symlink("real.txt", dir.join("link.txt")).unwrap();
    let o = spacemono(
        &words(&["run", "p.bas", "--headless", "--screen", "link.txt"]),
        &dir,
    );
    assert!(o.status.success(), "{}", stderr_of(&o));
    assert!(read(&dir.join("real.txt")).contains("FINE"));
    assert!(std::fs::symlink_metadata(dir.join("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- names as long as the file system allows --------------------------------------------

#[test]
fn outputs_may_have_names_of_255_bytes() {
    let dir = temp_dir("long-names");
    std::fs::write(dir.join("p.bas"), "10 PRINT \"LONG\"\n20 CSAVE \"A\"\n").unwrap();
    let name = |tail: &str| format!("{}{tail}", "n".repeat(255 - tail.len()));
    let (screen, transcript, trace, png, tape, converted) = (
        name(".txt"),
        name(".tr"),
        name(".trace"),
        name(".png"),
        name(".cas"),
        name(".wav"),
    );
    let o = spacemono(
        &words(&[
            "run",
            "p.bas",
            "--headless",
            "--screen",
            &screen,
            "--transcript",
            &transcript,
            "--trace",
            &trace,
            "--png",
            &png,
            "--tape",
            &tape,
        ]),
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    for n in [&screen, &transcript, &trace, &png, &tape] {
        assert!(
            is_plain_file(&dir.join(n)),
            "{} bytes: not written",
            n.len()
        );
    }
    assert!(read(&dir.join(&screen)).contains("LONG"));
    let o = spacemono(&words(&["tape", "convert", &tape, &converted]), &dir);
    assert_eq!(o.status.code(), Some(0), "{}", stderr_of(&o));
    assert!(is_plain_file(&dir.join(&converted)));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- --resume tidies up after kill -9 ----------------------------------------------------

#[test]
fn resume_removes_the_temporary_files_a_kill_left_and_nothing_else() {
    let dir = temp_dir("resume-tidy");
    let game = dir.join("game");
    {
        let _host = file_game(&game, "42");
        first_turn(&game);
    } // killed (SIGKILL)
    let leftovers = [
        ".Snapshot.spacemono.0123456789ab.tmp",
        ".Turn_1.txt.00ff00ff00ff.tmp",
        ".Player_2_Turn_17.error.abcdefabcdef.tmp",
        ".Game.txt.a1b2c3d4e5f6.tmp",
        ".spacemono-0123456789abcdef.tmp",
    ];
    let others = [
        ".Turn_1.txt.tmp",
        ".notes.txt.0123456789ab.tmp",
        ".Turn_1.txt.0123456789AB.tmp",
        ".Turn_x.txt.0123456789ab.tmp",
        ".spacemono-0123456789abcdef.tmp.keep",
        ".spacemono-0123.tmp",
        "mine.tmp",
    ];
    for name in leftovers.iter().chain(&others) {
        std::fs::write(game.join(name), "x").unwrap();
    }
    let _host = play(&["--resume".as_ref(), game.as_os_str()]);
    wait_until("the leftovers go", || {
        leftovers.iter().all(|n| !game.join(n).exists())
    });
    for name in others {
        assert!(game.join(name).exists(), "{name} was removed");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resume_does_not_read_a_game_record_through_a_link() {
    let dir = temp_dir("resume-link");
    let game = dir.join("game");
    {
        let _host = file_game(&game, "42");
        first_turn(&game);
    }
    let record = dir.join("record.txt");
    std::fs::rename(game.join("Game.txt"), &record).unwrap();
    symlink(&record, game.join("Game.txt")).unwrap();
    let o = spacemono(
        &[OsStr::new("play"), "--resume".as_ref(), game.as_os_str()],
        &dir,
    );
    let e = stderr_of(&o);
    assert_eq!(o.status.code(), Some(255), "{e}");
    assert!(e.contains("Game.txt") && e.contains("symbolic link"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- the game folder itself ----------------------------------------------------------------

fn play_refused(args: &[&OsStr], env: Option<&Path>, cwd: &Path) -> String {
    let mut c = Command::new(bin());
    c.arg("play")
        .args(args)
        .args(["--seat", "1=file", "--seat", "2=file", "--seed", "1"])
        .current_dir(cwd)
        .stdin(Stdio::null());
    if let Some(games) = env {
        c.env("SPACEMONO_GAMES", games);
    }
    let mut child = Host(
        c.stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let start = Instant::now();
    while child.0.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{args:?}: the game was played"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut e = String::new();
    std::io::Read::read_to_string(child.0.stderr.as_mut().unwrap(), &mut e).unwrap();
    assert_eq!(child.0.wait().unwrap().code(), Some(255), "{e}");
    e
}

#[test]
fn a_game_folder_others_may_write_in_is_refused() {
    let dir = temp_dir("open-folder");
    for (mode, why) in [(0o777, "others"), (0o1777, "others"), (0o775, "group")] {
        let game = dir.join(format!("game-{mode:o}"));
        std::fs::create_dir(&game).unwrap();
        std::fs::set_permissions(&game, std::fs::Permissions::from_mode(mode)).unwrap();
        let e = play_refused(&[game.as_os_str()], None, &dir);
        assert!(e.contains(&*game.to_string_lossy()), "{e}");
        assert!(e.contains(&format!("writable by {why}")), "{mode:o}: {e}");
        assert_eq!(
            std::fs::read_dir(&game).unwrap().count(),
            0,
            "nothing written"
        );
    }
    // A folder of ours in a folder others may write in (not sticky): it could be swapped.
    let open = dir.join("open");
    std::fs::create_dir_all(open.join("game")).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    let e = play_refused(&[open.join("game").as_os_str()], None, &dir);
    assert!(e.contains("not sticky"), "{e}");
    // Sticky, as /tmp: fine (the game starts and is stopped).
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o1777)).unwrap();
    let host = file_game(&open.join("game"), "1");
    wait_until("Turn_1.txt", || {
        is_plain_file(&open.join("game/Turn_1.txt"))
    });
    drop(host);
    // The default folder, $SPACEMONO_GAMES/GAME, alike.
    let games = dir.join("games");
    std::fs::create_dir_all(games.join("space-monopoly")).unwrap();
    std::fs::set_permissions(
        games.join("space-monopoly"),
        std::fs::Permissions::from_mode(0o777),
    )
    .unwrap();
    let e = play_refused(&[], Some(&games), &dir);
    assert!(
        e.contains("space-monopoly") && e.contains("writable by others"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Folders and links of another user: only root can make them, so the test needs root.
#[test]
fn a_game_folder_of_another_user_is_refused() {
    if running_as_root() {
        let dir = temp_dir("others-folder");
        let theirs = dir.join("theirs");
        std::fs::create_dir(&theirs).unwrap();
        chown(&theirs, 65534, false);
        let e = play_refused(&[theirs.as_os_str()], None, &dir);
        assert!(
            e.contains("theirs") && e.contains("owned by another user"),
            "{e}"
        );
        // Our own folder, behind a link another user planted.
        let ours = dir.join("ours");
        std::fs::create_dir(&ours).unwrap();
        let link = dir.join("link");
        symlink(&ours, &link).unwrap();
        chown(&link, 65534, true);
        let e = play_refused(&[link.as_os_str()], None, &dir);
        assert!(e.contains("link") && e.contains("another user"), "{e}");
        assert_eq!(
            std::fs::read_dir(&ours).unwrap().count(),
            0,
            "nothing written"
        );
        // Our own folder inside another user's, who could swap it for another.
        std::fs::create_dir(theirs.join("game")).unwrap();
        let e = play_refused(&[theirs.join("game").as_os_str()], None, &dir);
        assert!(e.contains("the folder it is in"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        eprintln!("skipped: needs root to make another user's folder");
    }
}

fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

fn chown(path: &Path, uid: u32, link: bool) {
    let r = if link {
        std::os::unix::fs::lchown(path, Some(uid), None)
    } else {
        std::os::unix::fs::chown(path, Some(uid), None)
    };
    r.unwrap();
}

/// The default folder is made private to us whatever the umask.
#[test]
fn the_default_game_folder_is_made_writable_only_by_us() {
    let dir = temp_dir("default-folder");
    let games = dir.join("games");
    let mut h = Host(
        Command::new("sh")
            .arg("-c")
            .arg("umask 000; exec \"$0\" play --seat 1=file --seat 2=file --seed 1")
            .arg(bin())
            .env("SPACEMONO_GAMES", &games)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let game = games.join("space-monopoly");
    wait_until("Turn_1.txt", || is_plain_file(&game.join("Turn_1.txt")));
    let _ = h.0.kill();
    let mode = std::fs::metadata(&game).unwrap().mode() & 0o7777;
    assert_eq!(mode & 0o022, 0, "the game folder is {mode:o}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- play's exit status is the winner or 255 -------------------------------------------------

#[test]
fn a_bad_play_option_exits_255_not_2() {
    let dir = temp_dir("play-usage");
    for args in [
        &[
            "play", "g", "--seat", "1=file", "--seat", "2=file", "--seed", "65536",
        ][..],
        &[
            "play", "g", "--seat", "1=file", "--seat", "2=file", "--seed", "x",
        ],
        &["play", "g", "--seat", "1=file", "--poll-ms", "0"],
    ] {
        let o = spacemono(&words(args), &dir);
        let e = stderr_of(&o);
        assert_eq!(o.status.code(), Some(255), "{args:?}: {e}");
        assert!(e.contains(args[args.len() - 2]), "{args:?}: {e}");
    }
    assert!(!dir.join("g").exists());
    // Help is not an error; other commands keep clap's 2.
    let o = spacemono(&words(&["play", "--help"]), &dir);
    assert_eq!(o.status.code(), Some(0));
    let o = spacemono(&words(&["run", "--max-seconds"]), &dir);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
