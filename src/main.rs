//! The `spacemono` command line: a frontend around the machine core.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use spacemono::frontend::audio::SoundOut;
use spacemono::frontend::keymap::text_to_keys;
use spacemono::frontend::pacing::Speed;
use spacemono::frontend::session::{write_png, Driver, SessionOptions};
use spacemono::frontend::window::{self, Screen, WindowSettings};
use spacemono::frontend::{
    default_tape, headless, line_terminal, program_file, tape_cli, terminal,
};
use spacemono::machine::keyboard::parse_key_script;
use spacemono::machine::{cassette, Machine};

#[derive(Parser)]
#[command(
    name = "spacemono",
    version,
    about = "A Dragon 32 and its Extended Color BASIC, recreated"
)]
struct Cli {
    #[command(flatten)]
    view: ViewArgs,
    #[command(flatten)]
    deck: DeckArgs,
    #[command(flatten)]
    start: StartArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// What `spacemono` alone starts with.
#[derive(clap::Args)]
struct StartArgs {
    /// Start at OK with no program, instead of loading Space Monopoly.
    #[arg(long)]
    basic: bool,
    /// Load Space Monopoly straight into memory, without the CLOAD on screen.
    #[arg(long)]
    fast: bool,
}

/// The cassette deck; accepted before or after `run`.
#[derive(clap::Args)]
struct DeckArgs {
    /// Put this tape (.cas, .wav or .bas) in the cassette deck; a file that does not exist yet
    /// is a blank tape, created on the first CSAVE.
    #[arg(long, value_name = "FILE", global = true)]
    tape: Option<PathBuf>,
    /// How fast tapes load: quick (the default) or real (the cassette's own pace).
    #[arg(long, value_enum, default_value = "quick", global = true)]
    tape_speed: TapeSpeedArg,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum TapeSpeedArg {
    Quick,
    Real,
}

/// Puts the tape given with --tape (if any) in the machine's deck.
fn setup_deck(machine: &mut Machine, deck: &DeckArgs) -> Result<(), String> {
    machine.hw.deck.set_speed(match deck.tape_speed {
        TapeSpeedArg::Quick => cassette::TapeSpeed::Quick,
        TapeSpeedArg::Real => cassette::TapeSpeed::Real,
    });
    if let Some(path) = &deck.tape {
        machine.hw.deck.insert(path).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// How a session is shown and heard; accepted before or after `run`.
#[derive(clap::Args)]
struct ViewArgs {
    /// Use the terminal view even when a display is available.
    #[arg(long, global = true)]
    terminal: bool,
    /// Window scale: N screen pixels for each Dragon pixel (default: the largest that fits).
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=16))]
    scale: Option<u16>,
    /// The scan-line look: darken the bottom of each scaled line (scale 2 or more).
    #[arg(long, global = true)]
    scanlines: bool,
    /// Start full screen (F11 or Alt+Enter toggles).
    #[arg(long, global = true)]
    fullscreen: bool,
    /// period: 50 fields a second, as the real machine; turbo: flat out (F12 toggles).
    #[arg(long, global = true, value_enum, default_value_t = Speed::Period)]
    speed: Speed,
    /// Type a text file into the machine as it asks for keys (how to paste a listing).
    #[arg(long = "type", global = true, value_name = "FILE")]
    type_file: Option<PathBuf>,
    /// No sound device (a --wav recording still works).
    #[arg(long, global = true)]
    mute: bool,
    /// Record the machine's sound to a WAV file (22050 Hz, 16-bit mono; emulated time).
    #[arg(long, global = true, value_name = "FILE")]
    wav: Option<PathBuf>,
    /// On exit, write the picture to a PNG file (320x240).
    #[arg(long, global = true, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Quit after N fields (for tests).
    #[arg(long, global = true, hide = true, value_name = "N")]
    exit_after_fields: Option<u64>,
    /// On exit, write what the window showed (scaled) to a PNG file (for tests).
    #[arg(long, global = true, hide = true, value_name = "FILE")]
    window_png: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Load a BASIC program as the Dragon loads an ASCII tape, then type RUN.
    Run(RunArgs),
    /// Cassette images: list the files on a tape, convert between .cas, .wav and .bas.
    Tape {
        #[command(subcommand)]
        command: tape_cli::TapeCommand,
    },
}

#[derive(clap::Args)]
struct RunArgs {
    /// The program: an ASCII listing (.bas), or a tape (.cas, .wav) whose first BASIC program
    /// is loaded.
    program: PathBuf,
    /// No window and no audio device: run flat out and deterministically
    /// (--png and --wav still record the picture and the sound).
    #[arg(long)]
    headless: bool,
    /// Keys typed when the program reads the keyboard: newline or \r is ENTER;
    /// {BREAK} {CLEAR} {UP} {DOWN} {LEFT} {RIGHT} name the other keys.
    #[arg(long)]
    keys: Option<String>,
    /// As --keys, read from a file.
    #[arg(long, value_name = "FILE")]
    keys_file: Option<PathBuf>,
    /// Write the final text screen (16 lines of 32 characters) to FILE, or - for stdout.
    #[arg(long, value_name = "FILE|-")]
    screen: Option<String>,
    /// Write every character printed, in order, to FILE, or - for stdout.
    #[arg(long, value_name = "FILE|-")]
    transcript: Option<String>,
    /// Stop after this many seconds of emulated time.
    #[arg(long, value_name = "S")]
    max_seconds: Option<f64>,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("spacemono: {msg}");
    ExitCode::from(1)
}

fn write_output(target: &str, text: &str) -> Result<(), String> {
    if target == "-" {
        let mut out = std::io::stdout();
        out.write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| format!("cannot write to standard output: {e}"))
    } else {
        std::fs::write(Path::new(target), text)
            .map_err(|e| format!("{target}: cannot write it: {e}"))
    }
}

fn run(args: RunArgs, view: &ViewArgs, deck: &DeckArgs) -> ExitCode {
    let source = match program_file::read_program(&args.program) {
        Ok(b) => b,
        Err(e) => return fail(e),
    };
    let mut keys = Vec::new();
    if let Some(k) = &args.keys {
        match parse_key_script(k) {
            Ok(codes) => keys.extend(codes),
            Err(e) => return fail(format!("--keys: {e}")),
        }
    }
    if let Some(path) = &args.keys_file {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return fail(format!("{}: cannot read it: {e}", path.display())),
        };
        match parse_key_script(&text) {
            Ok(codes) => keys.extend(codes),
            Err(e) => return fail(format!("{}: {e}", path.display())),
        }
    }
    let max_fields = match args.max_seconds {
        Some(s) if !(s >= 0.0 && s.is_finite()) => {
            return fail("--max-seconds must be a number of seconds, 0 or more")
        }
        Some(s) => Some((s * headless::FIELDS_PER_SECOND as f64).round() as u64),
        None => None,
    };

    let mut machine = Machine::with_transcript(true);
    if let Err(e) = setup_deck(&mut machine, deck) {
        return fail(e);
    }
    match &source {
        program_file::ProgramSource::Listing(listing) => {
            if let Err(e) = machine.load_listing(listing) {
                return fail(format!("{}: {e}", args.program.display()));
            }
        }
        program_file::ProgramSource::Tokenized { name, image } => {
            let mem = &mut machine.hw.mem;
            let stack = mem.read_u16(spacemono::machine::memory::addr::STACK_TOP);
            if cassette::load_program_image(mem, image, stack).is_err() {
                return fail(format!(
                    "{}: the program \"{name}\" ({} bytes) does not fit in a Dragon 32 (?OM ERROR)",
                    args.program.display(),
                    image.len()
                ));
            }
            machine.basic.program_changed();
        }
    }
    machine.type_text(b"RUN\r");
    machine.hw.keyboard.type_script(&keys);

    if let Err(e) = type_file(&mut machine, view) {
        return fail(e);
    }

    if !args.headless && args.screen.is_none() && args.transcript.is_none() {
        return interactive(machine, view);
    }
    let mut sound = SoundOut::silent();
    if let Some(path) = &view.wav {
        sound = match sound.with_wav(path) {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
    }
    headless::run_until_done_with(&mut machine, max_fields, |m| {
        sound.field(&mut m.hw.events, false)
    });
    if let Err(e) = sound.finish() {
        return fail(e);
    }
    if let Some(path) = &view.png {
        if let Err(e) = write_png(&machine, path) {
            return fail(e);
        }
    }
    if let Some(target) = &args.screen {
        if let Err(e) = write_output(target, &machine.screen_text()) {
            return fail(e);
        }
    }
    if let Some(target) = &args.transcript {
        let t = machine.transcript().unwrap_or_default();
        if let Err(e) = write_output(target, &t) {
            return fail(e);
        }
    }
    ExitCode::SUCCESS
}

/// `--type FILE`: its text goes in as keys typed when the machine asks for them.
fn type_file(machine: &mut Machine, view: &ViewArgs) -> Result<(), String> {
    if let Some(path) = &view.type_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read it: {e}", path.display()))?;
        let keys = text_to_keys(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        machine.hw.keyboard.type_script(&keys);
    }
    Ok(())
}

/// A session a person watches: the window when a display is there, else the terminal
/// view, else (no terminal either) the line-by-line session.
fn interactive(mut machine: Machine, view: &ViewArgs) -> ExitCode {
    use std::io::IsTerminal;
    let mut sound = SoundOut::silent();
    if !view.mute {
        sound = sound.with_speaker();
    }
    if let Some(path) = &view.wav {
        sound = match sound.with_wav(path) {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
    }
    let opts = SessionOptions {
        speed: view.speed,
        exit_after_fields: view.exit_after_fields,
        png: view.png.clone(),
        window_png: view.window_png.clone(),
    };
    let settings = WindowSettings {
        scale: view.scale.map(usize::from),
        scanlines: view.scanlines,
        fullscreen: view.fullscreen,
    };

    let mut screen = None;
    if !view.terminal && window::display_available() {
        match Screen::open(&settings) {
            Ok(s) => screen = Some(s),
            Err(e) => eprintln!("spacemono: cannot open a window ({e}); using the terminal"),
        }
    }
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if screen.is_none() && !tty {
        // No display and no terminal to draw on: lines in, printed text out.
        let r = line_terminal::run_session(&mut machine);
        if let Some(p) = &view.png {
            if let Err(e) = write_png(&machine, p) {
                return fail(e);
            }
        }
        return match r {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => fail(format!("terminal: {e}")),
        };
    }
    let mut driver = Driver::new(machine, sound);
    let result = match screen.as_mut() {
        Some(s) => window::run(s, &mut driver, &opts),
        None => terminal::run(&mut driver, &opts),
    };
    let finished = driver.finish(&opts);
    match result.and(finished) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// `spacemono` alone: the machine loads Space Monopoly from its tape and runs it; with
/// `--basic` (or a tape of your own) it stops at `OK`.
fn session(view: &ViewArgs, deck: &DeckArgs, start: &StartArgs) -> ExitCode {
    let mut machine = Machine::with_transcript(true);
    if let Err(e) = setup_deck(&mut machine, deck) {
        return fail(e);
    }
    if deck.tape.is_none() && !start.basic {
        let r = if start.fast {
            default_tape::boot_game_fast(&mut machine)
        } else {
            default_tape::boot_game(&mut machine)
        };
        if let Err(e) = r {
            return fail(e);
        }
    }
    if let Err(e) = type_file(&mut machine, view) {
        return fail(e);
    }
    interactive(machine, view)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Run(args)) => run(args, &cli.view, &cli.deck),
        Some(Command::Tape { command }) => match tape_cli::run(&command) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        },
        None => session(&cli.view, &cli.deck, &cli.start),
    }
}
