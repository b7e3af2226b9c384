//! The `spacemono` command's frontends end to end: headless --png and --wav, and the real
//! window under a virtual X display (Xvfb).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use spacemono::frontend::png_file as png;
use spacemono_core::palette;
use spacemono_core::{FRAME_HEIGHT, FRAME_WIDTH, PICTURE_X, PICTURE_Y};

use crate::common::{bin, temp_dir};

/// Wait for a child with a time limit; kill it past that.
fn wait_with_timeout(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "spacemono did not finish within {limit:?}; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The picture shows the power-on text screen: black border, bright green paper, and
/// dark-green characters on the first row (the sign-on message).
fn assert_green_text_screen(frame: &spacemono_core::Frame) {
    assert_eq!((frame.width, frame.height), (FRAME_WIDTH, FRAME_HEIGHT));
    assert_eq!(frame.pixel(0, 0), palette::BLACK, "border");
    assert_eq!(frame.picture_pixel(200, 180), palette::GREEN, "paper");
    let ink = (0..256)
        .flat_map(|x| (0..12).map(move |y| (x, y)))
        .filter(|&(x, y)| frame.picture_pixel(x, y) == palette::DARK_GREEN)
        .count();
    assert!(
        ink > 200,
        "only {ink} dark-green pixels on the first text row"
    );
}

#[test]
fn headless_png_is_the_final_picture() {
    let dir = temp_dir("png");
    let prog = dir.join("p.bas");
    std::fs::write(&prog, "10 CLS 4\n20 PRINT @0, \"HELLO\";\n").unwrap();
    let out_png = dir.join("out.png");
    let out = Command::new(bin())
        .args(["run", "--headless", "--png"])
        .arg(&out_png)
        .arg(&prog)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let frame = png::decode(&std::fs::read(&out_png).unwrap()).expect("a valid PNG");
    assert_eq!((frame.width, frame.height), (320, 240));
    // CLS 4 fills with red blocks; HELLO is dark on green at the top left.
    assert_eq!(frame.picture_pixel(250, 150), palette::RED);
    assert_eq!(frame.picture_pixel(0, 0), palette::GREEN);
    assert!((0..40).any(|x| (0..12).any(|y| frame.picture_pixel(x, y) == palette::DARK_GREEN)));
    // And it is what the renderer makes of that screen, pixel for pixel: the first 5 cells
    // of row 0 match the glyphs of HELLO (checked through the VDG renderer directly).
    let mut m = spacemono_core::Machine::new();
    for a in 0x400..0x600u16 {
        m.poke(a, 0xBF);
    }
    for (i, &c) in b"HELLO".iter().enumerate() {
        m.poke(0x400 + i as u16, c);
    }
    let mut want = spacemono_core::Frame::new();
    m.render(&mut want);
    for y in 0..12 {
        for x in 0..5 * 8 {
            assert_eq!(
                frame.picture_pixel(x, y),
                want.picture_pixel(x, y),
                "({x},{y})"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `listing` headless in `dir` with `--wav`; the WAV file's bytes.
fn headless_wav(dir: &Path, listing: &str) -> Vec<u8> {
    let prog = dir.join("p.bas");
    std::fs::write(&prog, listing).unwrap();
    let wav = dir.join("p.wav");
    let out = Command::new(bin())
        .args(["run", "--headless", "--wav"])
        .arg(&wav)
        .arg(&prog)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(&wav).unwrap()
}

#[test]
fn headless_wav_records_sound_and_silence_in_emulated_time() {
    let dir = temp_dir("wav");
    // A4 for 5 units (0.4 s), then 25 fields of silence, then a higher note for 1 unit.
    let bytes = headless_wav(
        &dir,
        "10 SOUND 159,5\n20 T=TIMER\n30 IF TIMER-T<25 THEN 30\n40 SOUND 200,1\n",
    );
    assert_eq!(&bytes[0..4], b"RIFF");
    assert_eq!(&bytes[8..16], b"WAVEfmt ");
    assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), 22036);
    let data_len = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
    assert_eq!(data_len, bytes.len() - 44);
    let pcm: Vec<i16> = bytes[44..]
        .chunks(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    // Whole fields: every field of the run is 441 samples.
    assert_eq!(pcm.len() % 441, 0);
    let fields: Vec<bool> = pcm.chunks(441).map(|f| f.iter().any(|&s| s != 0)).collect();
    let first = fields.iter().position(|&s| s).expect("no sound recorded");
    let run1 = fields[first..].iter().take_while(|&&s| s).count();
    assert_eq!(run1, 20, "SOUND 159,5 lasts 20 fields");
    let gap = fields[first + run1..].iter().take_while(|&&s| !s).count();
    assert!(
        (24..=27).contains(&gap),
        "silence between the notes: {gap} fields"
    );
    let run2 = fields[first + run1 + gap..]
        .iter()
        .take_while(|&&s| s)
        .count();
    assert_eq!(run2, 4, "SOUND 200,1 lasts 4 fields");
    // The first note's pitch, from its rising crossings of the mid level.
    let note = &pcm[first * 441..(first + run1) * 441];
    let ups: Vec<usize> = (1..note.len())
        .filter(|&i| note[i - 1] < 0 && note[i] >= 0)
        .collect();
    // 441 samples a field, 49.968 fields a second: 22,036 samples a second.
    let hz = (ups.len() - 1) as f64 / ((ups[ups.len() - 1] - ups[0]) as f64 / 22036.0);
    let want = 888_625.0 / (20.0 * (261.0 - 159.0));
    assert!((hz - want).abs() / want < 0.01, "{hz} Hz, want {want}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn find_xvfb() -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join("Xvfb"))
            .find(|p| p.is_file())
    })
}

/// An Xvfb server on a free display number, killed when dropped.
struct VirtualDisplay {
    child: Child,
    number: u32,
}

impl Drop for VirtualDisplay {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server process named in a display's lock file, if there is a readable one.
fn lock_owner(number: u32) -> Option<u32> {
    let text = std::fs::read_to_string(format!("/tmp/.X{number}-lock")).ok()?;
    text.trim().parse().ok()
}

/// A display number is taken while the server named in its lock file is alive. A lock (and
/// socket) left by a server that was killed is stale: Xvfb replaces them itself.
fn display_in_use(number: u32) -> bool {
    let lock_exists = Path::new(&format!("/tmp/.X{number}-lock")).exists();
    match lock_owner(number) {
        Some(pid) => Path::new(&format!("/proc/{pid}")).exists(),
        None => lock_exists,
    }
}

/// A virtual display for a window test. Not skipped when Xvfb is missing: a pass would claim a
/// window that was never opened.
fn virtual_display() -> VirtualDisplay {
    let Some(xvfb) = find_xvfb() else {
        panic!("Xvfb is not installed, so the window cannot be tested: apt-get install -y xvfb");
    };
    start_xvfb(&xvfb)
}

fn start_xvfb(xvfb: &Path) -> VirtualDisplay {
    for number in (90..190).map(|n| n + std::process::id() % 100) {
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{number}"));
        if display_in_use(number) {
            continue;
        }
        let mut child = Command::new(xvfb)
            .arg(format!(":{number}"))
            .args(["-screen", "0", "1024x768x24", "-nolisten", "tcp"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb");
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if child.try_wait().unwrap().is_some() {
                break; // lost a race for the number: try the next
            }
            // Ready once its own lock and socket are there (an old socket may linger).
            if lock_owner(number) == Some(child.id()) && socket.exists() {
                return VirtualDisplay { child, number };
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    panic!("could not start Xvfb on any display number");
}

#[test]
fn the_window_opens_on_a_virtual_display_and_shows_the_text_screen() {
    let display = virtual_display();
    let dir = temp_dir("window");
    let typed = dir.join("typed.txt");
    std::fs::write(&typed, "CLS 3\n").unwrap();
    let (frame_png, window_png) = (dir.join("frame.png"), dir.join("window.png"));
    let child = Command::new(bin())
        .env("DISPLAY", format!(":{}", display.number))
        .env_remove("WAYLAND_DISPLAY")
        .args([
            "--basic",
            "--mute",
            "--scale",
            "2",
            "--scanlines",
            "--exit-after-fields",
            "100",
        ])
        .arg("--png")
        .arg(&frame_png)
        .arg("--window-png")
        .arg(&window_png)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_with_timeout(child, Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}: {stderr}", out.status);
    assert!(
        !stderr.contains("terminal"),
        "fell back to the terminal: {stderr}"
    );
    let frame = png::decode(&std::fs::read(&frame_png).unwrap()).expect("frame PNG");
    assert_green_text_screen(&frame);

    // What the window showed: the same picture at 2x, every second row a darker scan line.
    let shown = png::decode(&std::fs::read(&window_png).unwrap()).expect("window PNG");
    assert_eq!((shown.width, shown.height), (640, 480));
    let (x, y) = (PICTURE_X + 200, PICTURE_Y + 180);
    assert_eq!(shown.pixel(2 * x, 2 * y), palette::GREEN);
    assert_eq!(shown.pixel(2 * x + 1, 2 * y), palette::GREEN);
    assert_eq!(
        shown.pixel(2 * x, 2 * y + 1),
        (palette::GREEN >> 1) & 0x7F7F7F
    );
    for yy in 0..FRAME_HEIGHT {
        for xx in 0..FRAME_WIDTH {
            assert_eq!(
                shown.pixel(2 * xx, 2 * yy),
                frame.pixel(xx, yy),
                "({xx},{yy})"
            );
        }
    }
    drop(display);

    // --type goes in through the window session's keyboard: CLS 3 fills with blue blocks.
    let display = virtual_display();
    let child = Command::new(bin())
        .env("DISPLAY", format!(":{}", display.number))
        .args([
            "--basic",
            "--mute",
            "--scale",
            "1",
            "--exit-after-fields",
            "150",
            "--type",
        ])
        .arg(&typed)
        .arg("--png")
        .arg(&frame_png)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_with_timeout(child, Duration::from_secs(60));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let frame = png::decode(&std::fs::read(&frame_png).unwrap()).expect("frame PNG");
    assert_eq!(frame.picture_pixel(200, 100), palette::BLUE);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 30: a window resized by hand takes the largest scale that fits it (the picture
/// centred, 4:3 kept), F1 lays the list of keys over the picture, and Ctrl+V with nothing on
/// the clipboard says so rather than failing.
#[test]
fn the_window_rescales_when_resized_and_f1_lays_the_keys_over_the_picture() {
    use crate::common::x_input::XPerson;
    use x11_dl::keysym::{XK_Control_L, XK_v, XK_F1};
    let display = virtual_display();
    let dir = temp_dir("window-controls");
    let window_png = dir.join("window.png");
    let child = Command::new(bin())
        .env("DISPLAY", format!(":{}", display.number))
        .env_remove("WAYLAND_DISPLAY")
        .args([
            "--basic",
            "--mute",
            "--scale",
            "2",
            "--exit-after-fields",
            "400",
        ])
        .arg("--window-png")
        .arg(&window_png)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let person = XPerson::connect(display.number);
    let window = person.window_titled("spacemono - Dragon 32", Duration::from_secs(30));
    person.focus(window);
    person.resize(window, 1000, 760);
    person.tap(XK_F1, &[]);
    person.tap(XK_v, &[XK_Control_L]);
    let out = wait_with_timeout(child, Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "exit {:?}: {stderr}", out.status);
    assert!(
        stderr.contains("paste: the clipboard"),
        "Ctrl+V said nothing: {stderr}"
    );
    let shown = png::decode(&std::fs::read(&window_png).unwrap()).expect("window PNG");
    assert_eq!(
        (shown.width, shown.height),
        (1000, 760),
        "the window's new size"
    );
    // Scale 3 (960x720) fits 1000x760, centred: 20 pixels of black either side.
    let at = |x: usize, y: usize| shown.pixel(20 + 3 * x, 20 + 3 * y);
    assert_eq!(shown.pixel(5, 380), 0, "black beside the picture");
    // Under the list the picture is dimmed (the green paper at a quarter) ...
    let dim = (palette::GREEN >> 2) & 0x3F3F3F;
    let dimmed = (0..192)
        .flat_map(|y| (0..256).map(move |x| (x, y)))
        .filter(|&(x, y)| at(PICTURE_X + x, PICTURE_Y + y) == dim)
        .count();
    assert!(
        dimmed > 256 * 192 / 2,
        "{dimmed} pixels of the picture dimmed"
    );
    // ... and the keys are written over it in bright green, every line down the frame.
    let lit_rows = (0..FRAME_HEIGHT)
        .filter(|&y| (0..FRAME_WIDTH).any(|x| at(x, y) == palette::GREEN))
        .count();
    assert!(lit_rows > 150, "{lit_rows} rows with lettering");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `spacemono ARGS` and returns its standard output, which must be a success.
fn stdout_of(args: &[&str]) -> String {
    let out = Command::new(bin()).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The options under `run --help`'s heading "Window, terminal and sound", as `--name`.
fn window_options() -> Vec<String> {
    let help = stdout_of(&["run", "--help"]);
    let section = help
        .split("Window, terminal and sound:")
        .nth(1)
        .expect("run --help has the window options under their heading");
    let options: Vec<String> = section
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("--"))
        .map(|l| format!("--{}", l.split([' ', '<']).next().unwrap()))
        .collect();
    assert!(options.len() >= 9, "{options:?}");
    options
}

/// Issue 30: every command's `--help` listed the window and sound options (and the tape deck,
/// the dialect and the trace), and took them without a word: `spacemono man --wav x.wav`
/// wrote nothing. Now a command lists, and takes, only the options it uses.
#[test]
fn only_the_commands_that_show_a_session_take_the_window_options() {
    let options = window_options();
    for command in [
        &["list"][..],
        &["compare"],
        &["tape"],
        &["tape", "list"],
        &["tape", "convert"],
        &["completions"],
        &["man"],
    ] {
        let help = stdout_of(&[command, &["--help"]].concat());
        for option in options
            .iter()
            .map(String::as_str)
            .chain(["--trace", "--tape-speed"])
        {
            let takes =
                help.contains(&format!("{option} ")) || help.contains(&format!("{option}\n"));
            let uses = option == "--tape-speed" && command == ["compare"];
            assert_eq!(takes, uses, "spacemono {command:?} --help and {option}");
        }
    }
    for command in [&[][..], &["run"], &["starlanes"], &["acquire"], &["play"]] {
        let help = stdout_of(&[command, &["--help"]].concat());
        for option in &options {
            assert!(
                help.contains(option.as_str()),
                "spacemono {command:?} --help has no {option}"
            );
        }
    }
    // Refused with clap's usage error, and nothing written.
    let dir = temp_dir("window-options");
    for (args, said) in [
        (
            &["man", "--wav", "x.wav"][..],
            "error: unexpected argument '--wav' found",
        ),
        (
            &["--wav", "x.wav", "man"],
            "error: --wav does not go with `spacemono man`",
        ),
        (
            &["--wav", "x.wav", "list", "p.bas"],
            "error: --wav does not go with `spacemono list`",
        ),
        (
            &["--mute", "starlanes"],
            "error: --mute goes after the command: `spacemono starlanes --mute ...`",
        ),
        (
            &["--basic", "starlanes"],
            "error: --basic does not go with `spacemono starlanes`",
        ),
        (
            &["acquire", "--tape", "x.cas"],
            "error: unexpected argument '--tape' found",
        ),
    ] {
        let out = Command::new(bin())
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with(said), "{args:?}: {err}");
        assert!(err.contains("Usage: spacemono"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(!dir.join("x.wav").exists(), "a recording was made");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `run --help` names every key a key script can name (issue 30: it left out two).
#[test]
fn run_help_names_every_key_of_a_key_script() {
    let help = stdout_of(&["run", "--help"]);
    for token in spacemono_core::key_script_tokens() {
        assert!(help.contains(&token), "run --help has no {token}");
    }
}

/// One version, Cargo.toml's: `--version` says it, and the games on the built-in tape print
/// it as their turn files' format (issue 30: `--version` said 0.1.0 beside turn files saying
/// v1.0.0).
#[test]
fn the_version_is_the_one_the_turn_files_carry() {
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(stdout_of(&["--version"]), format!("spacemono {version}\n"));
    for game in ["spacemono", "starlanes", "acquire"] {
        let listing = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("roms/{game}.bas")),
        )
        .unwrap();
        assert!(
            listing.contains(&format!("\"===== spacemono v{version} =====\"")),
            "{game}.bas does not print v{version} in its turn files"
        );
    }
}

/// The man page's KEYS section lists every key of the window and the terminal view, from the
/// table both views are held to (issue 30: the page had no keys at all).
#[test]
fn the_man_page_lists_every_key() {
    let page = stdout_of(&["man"]);
    let keys = page
        .split(".SH KEYS\n")
        .nth(1)
        .expect("a KEYS section")
        .split("\n.SH ")
        .next()
        .unwrap();
    let roff = |text: &str| {
        text.chars()
            .map(|c| match c {
                '-' => "\\-".to_string(),
                '\\' => "\\e".to_string(),
                c if c.is_ascii() => c.to_string(),
                c => format!("\\[u{:04X}]", c as u32),
            })
            .collect::<String>()
    };
    for k in spacemono::frontend::window_keys::KEYS {
        let shown = format!(".TP\n\\fB{}", roff(k.window));
        let at = keys
            .find(&shown)
            .unwrap_or_else(|| panic!("no {} in:\n{keys}", k.window));
        let entry: Vec<&str> = keys[at..].lines().take(3).collect();
        if let Some(t) = k.terminal.filter(|&t| t != k.window) {
            assert!(
                entry[1].contains(&roff(t)),
                "{} in the terminal: {entry:?}",
                k.window
            );
        }
        assert_eq!(entry[2], roff(k.action), "what {} does", k.window);
    }
}

/// `spacemono completions SHELL`: a script for each shell that knows every command, the
/// options and their values, and not the hidden test options.
#[test]
fn completions_know_the_commands_and_options() {
    for (shell, marker) in [
        ("bash", "complete -F _spacemono"),
        ("zsh", "#compdef spacemono"),
        ("fish", "complete -c spacemono"),
    ] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: no {marker:?}");
        for word in [
            "run",
            "list",
            "compare",
            "tape",
            "convert",
            "completions",
            "man",
            "tape-speed",
            "headless",
            "keys-file",
            "max-seconds",
            "dialect",
            "scale",
            "png",
            "wav",
            "turbo",
            "quick",
        ] {
            assert!(script.contains(word), "{shell}: no {word:?}");
        }
        for hidden in ["exit-after-fields", "window-png"] {
            assert!(!script.contains(hidden), "{shell} offers {hidden}");
        }
    }
    let out = Command::new(bin())
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bash, zsh, fish"), "{err}");
}

/// The bash script, loaded into bash, completes a subcommand, an option and its values.
#[test]
fn bash_completes_with_the_script() {
    if Command::new("bash").arg("-c").arg("true").output().is_err() {
        eprintln!("no bash here: skipped");
        return;
    }
    let dir = temp_dir("completions");
    let script = dir.join("spacemono.bash");
    std::fs::write(&script, stdout_of(&["completions", "bash"])).unwrap();
    let complete = |words: &str| {
        let probe = format!(
            "source '{}'; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
             _spacemono spacemono \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; \
             echo \"${{COMPREPLY[*]}}\"",
            script.display()
        );
        let out = Command::new("bash").arg("-c").arg(probe).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert_eq!(complete("spacemono tape co"), "convert");
    assert_eq!(complete("spacemono --tape-s"), "--tape-speed");
    assert_eq!(complete("spacemono run --speed ''"), "period turbo");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `spacemono man`: a roff page with a title, the sections, every visible option and every
/// command, and nothing that groff warns about.
#[test]
fn the_man_page_has_a_title_and_the_options() {
    let page = stdout_of(&["man"]);
    let th = page
        .lines()
        .find(|l| l.starts_with(".TH "))
        .expect("a .TH line");
    assert!(th.starts_with(".TH SPACEMONO 1 "), "{th}");
    let version = env!("CARGO_PKG_VERSION");
    assert!(th.contains(&format!("\"spacemono {version}\"")), "{th}");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH COMMANDS"] {
        assert!(page.contains(section), "no {section}");
    }
    // Options are written \-\-name in roff.
    for option in [
        "terminal",
        "scale",
        "scanlines",
        "fullscreen",
        "speed",
        "type",
        "mute",
        "wav",
        "png",
        "tape",
        "tape\\-speed",
        "basic",
        "fast",
        "dialect",
        "trace",
        "headless",
        "keys",
        "keys\\-file",
        "screen",
        "transcript",
        "max\\-seconds",
        "width",
        "all",
    ] {
        assert!(page.contains(&format!("\\-\\-{option}")), "no --{option}");
    }
    for command in [
        "spacemono run",
        "spacemono list",
        "spacemono compare",
        "spacemono tape list",
        "spacemono tape convert",
        "spacemono completions",
        "spacemono man",
    ] {
        assert!(page.contains(&format!(".SS \"{command}\"")), "no {command}");
    }
    for hidden in ["exit\\-after\\-fields", "window\\-png"] {
        assert!(!page.contains(hidden), "the page shows {hidden}");
    }
    // groff, where it is installed, reads it without a warning.
    let dir = temp_dir("manpage");
    let file = dir.join("spacemono.1");
    std::fs::write(&file, &page).unwrap();
    if let Ok(out) = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z"])
        .arg(&file)
        .output()
    {
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "groff warns");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn headless_wav_records_what_a_program_plays_on_the_dac() {
    // The sound mux on (PIA1 CB2) with the DAC selected, a square wave POKEd into $FF20 for a
    // while, the mux off again (docs/machine.md §17).
    let dir = temp_dir("wav_dac");
    let bytes = headless_wav(
        &dir,
        "10 POKE &HFF23,PEEK(&HFF23) OR 8\n20 FOR I=1 TO 300:POKE &HFF20,252:POKE &HFF20,0:NEXT\n30 POKE &HFF23,PEEK(&HFF23) AND 247\n",
    );
    let pcm: Vec<i16> = bytes[44..]
        .chunks(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    let high = pcm.iter().filter(|&&s| s > 8000).count();
    let low = pcm.iter().filter(|&&s| s < -8000).count();
    assert!(high > 2000 && low > 2000, "{high} high, {low} low");
    // The wave's edges: one up and one down for each pass of the loop (none lost).
    let ups = (1..pcm.len())
        .filter(|&i| pcm[i - 1] < 0 && pcm[i] >= 0)
        .count();
    assert!((295..=305).contains(&ups), "{ups} rising edges");
    assert_eq!(*pcm.last().unwrap(), 0, "silent once the mux is off");
    let _ = std::fs::remove_dir_all(&dir);
}
