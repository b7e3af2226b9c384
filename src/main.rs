//! The `spacemono` command line: a frontend around the machine core.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use spacemono::frontend::audio::SoundOut;
use spacemono::frontend::default_tape::BuiltInGame;
use spacemono::frontend::host_file::{read_text_limited, write_file};
use spacemono::frontend::host_joysticks::{JoystickSource, JoystickSources};
use spacemono::frontend::keymap::text_to_keys;
use spacemono::frontend::pacing::Speed;
use spacemono::frontend::session::{write_png, Driver, SessionOptions};
use spacemono::frontend::session_error::{SessionError, TerminalError};
use spacemono::frontend::window::{self, Screen, WindowSettings};
use spacemono::frontend::{
    cli_docs, default_tape, headless, line_terminal, program_file, signals, snapshot_file,
    tape_cli, terminal,
};
use spacemono_core::tape as cassette;
use spacemono_core::Dialect;
use spacemono_core::Machine;
use spacemono_core::{parse_key_script, KeyScript};

mod cli_error;
use cli_error::{CliError, PlayFailure};

/// How a command ends: its exit status (success, a winner, 128 plus a signal), or its error.
type Outcome = Result<ExitCode, CliError>;

#[derive(Parser)]
#[command(
    name = "spacemono",
    // The program's version, and the turn files' format (their first line says `v1.0.0`),
    // which is versioned apart from the program.
    version = concat!(env!("CARGO_PKG_VERSION"), " (turn files: format 1.0.0)"),
    about = "A Dragon 32 and its Extended Color BASIC, recreated"
)]
struct Cli {
    #[command(flatten)]
    view: ViewArgs,
    #[command(flatten)]
    deck: DeckArgs,
    #[command(flatten)]
    start: StartArgs,
    #[command(flatten)]
    basic: BasicArgs,
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
    /// Start from a snapshot (saved with F5, or by `play` with every turn) instead of
    /// switching on.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["basic", "fast"])]
    snapshot: Option<PathBuf>,
}

/// Which BASIC, and the trace; accepted before or after `run`.
#[derive(clap::Args)]
struct BasicArgs {
    /// The BASIC the program was written for: dragon (the default, exact), altair (the 1977
    /// Altair BASIC) or mbasic (Microsoft BASIC-80, as on the Osborne).
    #[arg(long, global = true, default_value = "dragon", value_name = "D")]
    dialect: Dialect,
    /// Write the number of every program line executed, one a line, as TRON would show them
    /// (without touching the screen), to FILE, or - for stdout.
    #[arg(long, global = true, value_name = "FILE|-")]
    trace: Option<PathBuf>,
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
fn setup_deck(machine: &mut Machine, deck: &DeckArgs) -> Result<(), CliError> {
    machine.set_tape_speed(match deck.tape_speed {
        TapeSpeedArg::Quick => cassette::TapeSpeed::Quick,
        TapeSpeedArg::Real => cassette::TapeSpeed::Real,
    });
    if let Some(path) = &deck.tape {
        let warnings = spacemono::frontend::tape_file::insert_into(machine, path)?;
        for w in warnings {
            eprintln!("spacemono: warning: {w}");
        }
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
    /// period: 49.97 fields a second, as the real machine; turbo: flat out (F12 toggles).
    #[arg(long, global = true, value_enum, default_value_t = Speed::Period)]
    speed: Speed,
    /// Type a text file into the machine as it asks for keys (how to paste a listing).
    #[arg(long = "type", global = true, value_name = "FILE")]
    type_file: Option<PathBuf>,
    /// No sound device (a --wav recording still works).
    #[arg(long, global = true)]
    mute: bool,
    /// Record the machine's sound to a WAV file (22,036 Hz, 16-bit mono; emulated time).
    #[arg(long, global = true, value_name = "FILE")]
    wav: Option<PathBuf>,
    /// On exit, write the picture to a PNG file (320x240).
    #[arg(long, global = true, value_name = "FILE")]
    png: Option<PathBuf>,
    /// The joysticks in the window, a comma-separated list: mouse (over the picture, the right
    /// stick; its left button fires), keys (the numeric keypad, the right stick: 8 up, 2 down,
    /// 4 left, 6 right, 7 9 1 3 both ways, 0 or 5 fires; F8 switches it on and off at any
    /// time, and while it is on the keypad types no digits), pad (gamepads: the first the
    /// right stick, the second the left; left stick and south button), or off.
    #[arg(
        long,
        global = true,
        value_enum,
        value_delimiter = ',',
        default_value = "mouse,pad"
    )]
    joystick: Vec<JoystickSource>,
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
    /// Print a program (a listing, or the first BASIC program on a tape) as the Dragon's LIST
    /// would, after loading it into memory (crunched for --dialect).
    List(ListArgs),
    /// Run two programs headless on the same keys and show their transcripts side by side,
    /// marking the first difference. Exit status 0: the same; 1: they differ; 2: error.
    Compare(CompareArgs),
    /// Load Starlanes from the built-in tape (CLOAD "STARLANE", as on the machine) and run it.
    Starlanes(GameStartArgs),
    /// Load Acquire from the built-in tape (CLOAD "ACQUIRE", as on the machine) and run it.
    Acquire(GameStartArgs),
    /// Play a game by file: each turn a text file, each answer an order file that
    /// any person, program or `cat` can write (see roms/PLAY-BY-FILE.md). Exits with the
    /// winner's number.
    Play(spacemono::frontend::play::cli::PlayArgs),
    /// Cassette images: list the files on a tape, convert between .cas, .wav and .bas.
    Tape {
        #[command(subcommand)]
        command: tape_cli::TapeCommand,
    },
    /// Print the shell completion script for bash, zsh or fish (the README says where to put
    /// it).
    Completions {
        /// The shell: bash, zsh or fish.
        #[arg(value_enum)]
        shell: cli_docs::Shell,
    },
    /// Print this manual page in roff: `spacemono man > spacemono.1`, then `man ./spacemono.1`.
    Man,
}

/// How a game of the built-in tape starts.
#[derive(clap::Args)]
struct GameStartArgs {
    /// Load the game straight into memory, without the CLOAD on screen.
    #[arg(long)]
    fast: bool,
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
    /// {BREAK} {CLEAR} {UP} {DOWN} {LEFT} {RIGHT} {ENTER} {PAUSE} name the other keys
    /// ({PAUSE} is SHIFT+@). The joysticks move in order with the keys: {JOY0 x,y} puts
    /// the right stick at x,y (JOYSTK(0) and (1), each 0-63), {JOY1 x,y} the left
    /// (JOYSTK(2) and (3)); {FIRE0} clicks the right fire button (down two fields),
    /// {FIRE0 DOWN} and {FIRE0 UP} hold and let it go, {FIRE1} (DOWN, UP) the left;
    /// {WAIT n} holds the rest of the script n fields (50 a second).
    #[arg(long, allow_hyphen_values = true)]
    keys: Option<String>,
    /// As --keys, read from a file.
    #[arg(long, value_name = "FILE")]
    keys_file: Option<PathBuf>,
    /// Write the final screen to FILE, or - for stdout: the text screen (16 lines of 32
    /// characters), or a graphics page as text art (a first line saying so, then 96 lines).
    #[arg(long, value_name = "FILE|-")]
    screen: Option<PathBuf>,
    /// Write every character printed, in order, to FILE, or - for stdout.
    #[arg(long, value_name = "FILE|-")]
    transcript: Option<PathBuf>,
    /// Stop after this many seconds of emulated time.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    max_seconds: Option<f64>,
}

#[derive(clap::Args)]
struct ListArgs {
    /// The program: an ASCII listing, or a tape (.cas, .wav).
    program: PathBuf,
}

#[derive(clap::Args)]
struct CompareArgs {
    /// The first program (listing or tape).
    a: PathBuf,
    /// The second program (listing or tape).
    b: PathBuf,
    /// Keys typed into both, as for `run --keys`.
    #[arg(long, allow_hyphen_values = true)]
    keys: Option<String>,
    /// As --keys, read from a file.
    #[arg(long, value_name = "FILE")]
    keys_file: Option<PathBuf>,
    /// The dialect of the first program (default: --dialect).
    #[arg(long, value_name = "D")]
    dialect_a: Option<Dialect>,
    /// The dialect of the second program (default: --dialect).
    #[arg(long, value_name = "D")]
    dialect_b: Option<Dialect>,
    /// Stop each after this many seconds of emulated time.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    max_seconds: Option<f64>,
    /// Width of each column (characters, 8 to 1000).
    #[arg(long, default_value_t = 40, value_name = "N",
          value_parser = clap::value_parser!(u16).range(8..=1000))]
    width: u16,
    /// Show every line, not only the lines around the first difference.
    #[arg(long)]
    all: bool,
}

/// Write an output: `-` is standard output; a file is replaced all at once, so a failed write
/// (a full disk) leaves no empty or half-written file.
fn write_output(target: &Path, text: &str) -> Result<(), CliError> {
    if target == Path::new("-") {
        write_stdout(text.as_bytes())
    } else {
        Ok(write_file(target, text.as_bytes())?)
    }
}

/// Write `bytes` to standard output, flushed.
fn write_stdout(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = std::io::stdout();
    out.write_all(bytes)
        .and_then(|_| out.flush())
        .map_err(CliError::Stdout)
}

/// The largest `--keys-file` or `--type` file: four million keys is far more than any session
/// types, and the limit keeps an endless file (`/dev/zero`) from filling the host's memory.
const MAX_KEY_FILE_BYTES: usize = 4 * 1024 * 1024;

/// The key script of `--keys` and `--keys-file`, in that order.
fn script_keys(keys: Option<&str>, keys_file: Option<&Path>) -> Result<KeyScript, CliError> {
    let mut out = KeyScript::new();
    if let Some(k) = keys {
        out.append(parse_key_script(k).map_err(CliError::Keys)?);
    }
    if let Some(path) = keys_file {
        let text = read_text_limited(path, MAX_KEY_FILE_BYTES)?;
        out.append(parse_key_script(&text).map_err(|why| CliError::KeysFile {
            path: path.to_path_buf(),
            why,
        })?);
    }
    Ok(out)
}

/// `--max-seconds` as a number of fields.
fn max_fields(max_seconds: Option<f64>) -> Result<Option<u64>, CliError> {
    match max_seconds {
        Some(s) if !(s >= 0.0 && s.is_finite()) => Err(CliError::MaxSeconds),
        Some(s) => Ok(Some((s * spacemono_core::FIELDS_PER_SECOND).round() as u64)),
        None => Ok(None),
    }
}

/// Put a program read from disk into the machine's memory, as `run` and `list` do: a listing
/// through the line editor (crunched for the machine's dialect), a tokenized tape image as
/// CLOAD puts it.
fn load_program(
    machine: &mut Machine,
    path: &Path,
    source: &program_file::ProgramSource,
) -> Result<(), CliError> {
    match source {
        program_file::ProgramSource::Listing(listing) => {
            for w in program_file::listing_warnings(path, listing) {
                eprintln!("spacemono: warning: {w}");
            }
            machine
                .load_listing(listing)
                .map_err(|why| CliError::Listing {
                    path: path.to_path_buf(),
                    why,
                })
        }
        program_file::ProgramSource::Tokenized { name, image } => {
            if machine.load_program_image(image).is_err() {
                return Err(CliError::DoesNotFit {
                    path: path.to_path_buf(),
                    name: name.clone(),
                    bytes: image.len(),
                });
            }
            Ok(())
        }
    }
}

/// A machine of the given dialect, recording its transcript, with the program loaded, RUN
/// typed and the scripted keys queued.
fn machine_running(
    program: &Path,
    dialect: Dialect,
    keys: &KeyScript,
    deck: &DeckArgs,
    trace: bool,
) -> Result<Machine, CliError> {
    let source = program_file::read_program(program)?;
    let mut machine = Machine::with_transcript(true);
    machine.set_dialect(dialect);
    setup_deck(&mut machine, deck)?;
    load_program(&mut machine, program, &source)?;
    if trace {
        machine.record_trace();
    }
    machine.type_text(b"RUN\r");
    machine.type_script(keys);
    Ok(machine)
}

/// `--trace`: the line numbers entered, one a line.
fn write_trace(machine: &Machine, basic: &BasicArgs) -> Result<(), CliError> {
    if let (Some(target), Some(lines)) = (&basic.trace, machine.trace()) {
        if machine.trace_is_full() {
            eprintln!(
                "spacemono: warning: the trace holds only the first {} lines run",
                lines.len()
            );
        }
        let mut text = String::with_capacity(lines.len() * 4);
        for n in lines {
            text.push_str(&n.to_string());
            text.push('\n');
        }
        write_output(target, &text)?;
    }
    Ok(())
}

fn run(args: RunArgs, view: &ViewArgs, deck: &DeckArgs, basic: &BasicArgs) -> Outcome {
    let keys = script_keys(args.keys.as_deref(), args.keys_file.as_deref())?;
    let max_fields = max_fields(args.max_seconds)?;
    let mut machine = machine_running(
        &args.program,
        basic.dialect,
        &keys,
        deck,
        basic.trace.is_some(),
    )?;
    type_file(&mut machine, view)?;

    if !args.headless && args.screen.is_none() && args.transcript.is_none() {
        return interactive(machine, None, view, basic);
    }
    let mut sound = SoundOut::silent();
    if let Some(path) = &view.wav {
        sound = sound.with_wav(path)?;
    }
    // A save that failed at the tape file shows ?IO ERROR on the machine; the host says why,
    // and the run ends with a failure status.
    let mut saves_failed = 0;
    // Ctrl-C or SIGTERM ends the run as its time limit would: outputs are still written.
    signals::catch();
    // The machine makes every field's samples itself (a WAV's included), so the sound output
    // takes them only every few fields.
    let batch = headless::BATCH_FIELDS;
    machine.set_sound_rate(sound.rate());
    headless::run_until_done_with(&mut machine, max_fields, batch, |m| {
        sound.field(m, false);
        for e in m.take_tape_failures() {
            eprintln!("spacemono: the save failed: {e}");
            saves_failed += 1;
        }
    });
    sound.finish()?;
    if let Some(path) = &view.png {
        write_png(&machine, path)?;
    }
    if let Some(target) = &args.screen {
        write_output(target, &machine.display_text())?;
    }
    if let Some(target) = &args.transcript {
        let recorded = machine.transcript_len();
        if machine.transcript_is_full() {
            eprintln!(
                "spacemono: warning: the transcript holds only the first {recorded} characters printed"
            );
        }
        let t = machine.transcript().unwrap_or_default();
        write_output(target, &t)?;
    }
    write_trace(&machine, basic)?;
    if saves_failed > 0 {
        // Each failed save was said as it happened.
        return Ok(ExitCode::from(1));
    }
    Ok(exit_status())
}

/// Success, or 128 plus the signal that ended the session (as a shell reports it).
fn exit_status() -> ExitCode {
    match signals::caught() {
        Some(sig) => ExitCode::from((128 + sig).clamp(0, 255) as u8),
        None => ExitCode::SUCCESS,
    }
}

/// `spacemono list FILE`: the program as the Dragon's LIST prints it, read from RAM after
/// loading it as `run` does.
fn list(args: &ListArgs, basic: &BasicArgs) -> Outcome {
    let source = program_file::read_program(&args.program)?;
    let mut machine = Machine::new();
    machine.set_dialect(basic.dialect);
    load_program(&mut machine, &args.program, &source)?;
    let mut out = Vec::new();
    for line in machine.program_listing() {
        out.extend(line);
        out.push(b'\n');
    }
    write_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// Write `bytes` to standard output (`completions`, `man`).
fn print_bytes(bytes: &[u8]) -> Outcome {
    write_stdout(bytes)?;
    Ok(ExitCode::SUCCESS)
}

/// `spacemono compare A B`: both programs headless on the same keys, their transcripts side
/// by side. 0: the same; 1: they differ; 2: one could not be run.
fn compare(args: &CompareArgs, deck: &DeckArgs, basic: &BasicArgs) -> Outcome {
    compare_programs(args, deck, basic).map_err(|e| CliError::Compare(Box::new(e)))
}

fn compare_programs(args: &CompareArgs, deck: &DeckArgs, basic: &BasicArgs) -> Outcome {
    let keys = script_keys(args.keys.as_deref(), args.keys_file.as_deref())?;
    let max = max_fields(args.max_seconds)?;
    let mut transcripts = Vec::new();
    for (path, dialect) in [
        (&args.a, args.dialect_a.unwrap_or(basic.dialect)),
        (&args.b, args.dialect_b.unwrap_or(basic.dialect)),
    ] {
        let mut m = machine_running(path, dialect, &keys, deck, false)?;
        let why = headless::run_until_done(&mut m, max);
        transcripts.push((
            format!("{} ({dialect}, {})", path.display(), why.describe()),
            m.transcript().unwrap_or_default(),
        ));
    }
    let (a, b) = (&transcripts[0], &transcripts[1]);
    let report = spacemono::frontend::compare::side_by_side(
        (&a.0, &a.1),
        (&b.0, &b.1),
        args.width as usize,
        args.all,
    );
    print!("{}", report.text);
    if report.first_difference.is_some() {
        Ok(ExitCode::from(1))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

/// `--type FILE`: its text goes in as keys typed when the machine asks for them.
fn type_file(machine: &mut Machine, view: &ViewArgs) -> Result<(), CliError> {
    if let Some(path) = &view.type_file {
        let text = read_text_limited(path, MAX_KEY_FILE_BYTES)?;
        let keys = text_to_keys(&text).map_err(|why| CliError::TypeFile {
            path: path.clone(),
            why,
        })?;
        machine.type_script(&keys);
    }
    Ok(())
}

/// A session a person watches: the window when a display is there, else the terminal
/// view, else (no terminal either) the line-by-line session.
fn interactive(
    mut machine: Machine,
    hook: Option<Box<dyn spacemono::frontend::session::FieldHook>>,
    view: &ViewArgs,
    basic: &BasicArgs,
) -> Outcome {
    use std::io::IsTerminal;
    let mut sound = SoundOut::silent();
    if !view.mute {
        sound = sound.with_speaker();
    }
    if let Some(path) = &view.wav {
        sound = sound.with_wav(path)?;
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
        joysticks: JoystickSources::from_list(&view.joystick),
    };

    let mut screen = None;
    if !view.terminal && window::display_available() {
        match Screen::open(&settings) {
            Ok(s) => screen = Some(s),
            Err(e) => eprintln!("spacemono: cannot open a window ({e}); using the terminal"),
        }
    }
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if screen.is_none() && !tty && hook.is_some() {
        return Err(PlayFailure::NoView.into());
    }
    if screen.is_none() && !tty {
        // No display and no terminal to draw on: lines in, printed text out.
        let r = line_terminal::run_session(&mut machine);
        if let Some(p) = &view.png {
            write_png(&machine, p)?;
        }
        write_trace(&machine, basic)?;
        r.map_err(TerminalError)?;
        return Ok(ExitCode::SUCCESS);
    }
    signals::catch();
    let mut driver = Driver::new(machine, sound);
    driver.hook = hook;
    let result = match screen.as_mut() {
        Some(s) => window::run(s, &mut driver, &opts),
        None => terminal::run(&mut driver, &opts).map_err(SessionError::from),
    };
    let finished = driver.finish(&opts);
    let traced = write_trace(&driver.machine, basic);
    result?;
    finished?;
    traced?;
    match driver.outcome {
        // A game by file ended: the winner's number, or why not.
        Some(Ok(status)) => Ok(ExitCode::from(status)),
        Some(Err(e)) => Err(PlayFailure::Host(e).into()),
        None => Ok(exit_status()),
    }
}

/// `spacemono` alone: the machine loads Space Monopoly from its tape and runs it (or `game`,
/// for `spacemono starlanes` and `spacemono acquire`); with `--basic` (or a tape of your own)
/// it stops at `OK`.
fn session(
    view: &ViewArgs,
    deck: &DeckArgs,
    start: &StartArgs,
    basic: &BasicArgs,
    game: BuiltInGame,
) -> Outcome {
    if let Some(path) = &start.snapshot {
        let mut machine = snapshot_file::load(path)?;
        machine.record_transcript();
        return interactive(machine, None, view, basic);
    }
    let mut machine = Machine::with_transcript(true);
    machine.set_dialect(basic.dialect);
    if basic.trace.is_some() {
        machine.record_trace();
    }
    setup_deck(&mut machine, deck)?;
    if deck.tape.is_none() && !start.basic {
        if start.fast {
            default_tape::boot_fast(&mut machine, game)?;
        } else {
            default_tape::boot(&mut machine, game)?;
        }
    }
    type_file(&mut machine, view)?;
    interactive(machine, None, view, basic)
}

/// `spacemono play`: headless when every seat is a file (or with --headless); with a
/// keyboard seat, the window (or terminal) for the person, the files carried meanwhile.
fn play(
    args: &spacemono::frontend::play::cli::PlayArgs,
    view: &ViewArgs,
    basic: &BasicArgs,
) -> Outcome {
    use spacemono::frontend::play::cli;
    let game = cli::prepare(args).map_err(PlayFailure::Start)?;
    if args.headless || !game.has_keyboard_seat() {
        let winner = cli::run_headless(game, args).map_err(PlayFailure::Stopped)?;
        return Ok(ExitCode::from(winner));
    }
    let (machine, host) = game.into_parts();
    interactive(machine, Some(Box::new(host)), view, basic).map_err(CliError::in_play)
}

/// `spacemono starlanes`, `spacemono acquire`: as `spacemono` alone, with that game.
fn game_session(cli: &Cli, args: &GameStartArgs, game: BuiltInGame) -> Outcome {
    if cli.start.basic || cli.start.snapshot.is_some() || cli.deck.tape.is_some() {
        return Err(CliError::GameWithOtherStart { game });
    }
    let start = StartArgs {
        basic: false,
        fast: cli.start.fast || args.fast,
        snapshot: None,
    };
    session(&cli.view, &cli.deck, &start, &cli.basic, game)
}

/// A command line clap refuses: its message and its status, 2, except for `play`, whose
/// statuses 1 to 4 are winners: there a bad option is an error like any other, 255.
fn refused_command_line(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let shown = matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion);
    // Parsed again, errors ignored, only to see which command it was.
    let play = Cli::command()
        .ignore_errors(true)
        .try_get_matches()
        .is_ok_and(|m| m.subcommand_name() == Some("play"));
    if shown || !play {
        e.exit();
    }
    let _ = e.print();
    ExitCode::from(255)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return refused_command_line(e),
    };
    match run_command(cli) {
        Ok(status) => status,
        // The one place a failed command is reported.
        Err(e) => {
            eprintln!("{}: {e}", e.speaker());
            e.exit_code()
        }
    }
}

fn run_command(cli: Cli) -> Outcome {
    match cli.command {
        Some(Command::Run(args)) => run(args, &cli.view, &cli.deck, &cli.basic),
        Some(Command::List(args)) => list(&args, &cli.basic),
        Some(Command::Compare(args)) => compare(&args, &cli.deck, &cli.basic),
        Some(Command::Play(args)) => play(&args, &cli.view, &cli.basic),
        Some(Command::Tape { command }) => {
            print!("{}", tape_cli::run(&command)?);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Completions { shell }) => {
            print_bytes(&cli_docs::completions(Cli::command(), shell))
        }
        Some(Command::Man) => print_bytes(&cli_docs::man_page(Cli::command())),
        Some(Command::Starlanes(ref args)) => game_session(&cli, args, BuiltInGame::Starlanes),
        Some(Command::Acquire(ref args)) => game_session(&cli, args, BuiltInGame::Acquire),
        None => session(
            &cli.view,
            &cli.deck,
            &cli.start,
            &cli.basic,
            BuiltInGame::SpaceMonopoly,
        ),
    }
}
