//! The `spacemono` command line: a frontend around the machine core.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use spacemono::frontend::audio::SoundOut;
use spacemono::frontend::default_tape::BuiltInGame;
use spacemono::frontend::host_file::{read_text_limited, write_file};
use spacemono::frontend::host_joysticks::JoystickSources;
use spacemono::frontend::keymap::text_to_keys;
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
mod cli_options;
use cli_error::{CliError, PlayFailure};
use cli_options::{
    BasicArgs, DeckArgs, DialectArgs, StartArgs, TapeSpeedArg, TapeSpeedArgs, TraceArgs, ViewArgs,
};

/// How a command ends: its exit status (success, a winner, 128 plus a signal), or its error.
type Outcome = Result<ExitCode, CliError>;

#[derive(Parser)]
#[command(
    name = "spacemono",
    // One number (Cargo.toml's), which the turn files' first line also carries.
    version,
    about = "A Dragon 32 and its Extended Color BASIC, recreated"
)]
struct Cli {
    #[command(flatten)]
    start: StartArgs,
    #[command(flatten)]
    deck: DeckArgs,
    #[command(flatten)]
    basic: BasicArgs,
    #[command(flatten)]
    view: ViewArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Sets the deck's pace, and puts the tape given with --tape (if any) in it.
fn setup_deck(
    machine: &mut Machine,
    speed: &TapeSpeedArgs,
    tape: Option<&Path>,
) -> Result<(), CliError> {
    machine.set_tape_speed(match speed.tape_speed {
        TapeSpeedArg::Quick => cassette::TapeSpeed::Quick,
        TapeSpeedArg::Real => cassette::TapeSpeed::Real,
    });
    if let Some(path) = tape {
        let warnings = spacemono::frontend::tape_file::insert_into(machine, path)?;
        for w in warnings {
            eprintln!("spacemono: warning: {w}");
        }
    }
    Ok(())
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
    Play(PlayCommand),
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
    #[command(flatten)]
    speed: TapeSpeedArgs,
    #[command(flatten)]
    trace: TraceArgs,
    #[command(flatten)]
    view: ViewArgs,
}

/// `spacemono play`: the game's own options, and how a keyboard seat's session is shown.
#[derive(clap::Args)]
struct PlayCommand {
    #[command(flatten)]
    game: spacemono::frontend::play::cli::PlayArgs,
    #[command(flatten)]
    view: ViewArgs,
}

/// `run --keys`'s help: what a key script is, and every `{...}` token it takes.
fn keys_help() -> String {
    format!(
        "Keys typed when the program reads the keyboard: newline or \\r is ENTER; {} name \
         the other keys ({{PAUSE}} is SHIFT+@) and move the joysticks in order with the keys: \
         {{JOY0 x,y}} puts the right stick at x,y (JOYSTK(0) and (1), each 0-63), {{JOY1 x,y}} \
         the left; {{FIRE0}} clicks the right fire button (down two fields), {{FIRE0 DOWN}} \
         and {{FIRE0 UP}} hold and let it go, {{FIRE1}} the left; {{WAIT n}} holds the rest of \
         the script n fields (50 a second); {{HOLD k}} holds the key k (a character, a key name, \
         SPACE or SHIFT) down in the keyboard matrix with any others held, for a program that \
         scans it, until {{RELEASE k}}",
        spacemono_core::key_script_tokens().join(" ")
    )
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
    // The help names every token the core's key scripts take, from the core's own list.
    #[arg(long, allow_hyphen_values = true, help = keys_help())]
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
    #[command(flatten)]
    deck: DeckArgs,
    #[command(flatten)]
    basic: BasicArgs,
    #[command(flatten)]
    view: ViewArgs,
}

#[derive(clap::Args)]
struct ListArgs {
    /// The program: an ASCII listing, or a tape (.cas, .wav).
    program: PathBuf,
    #[command(flatten)]
    dialect: DialectArgs,
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
    #[command(flatten)]
    deck: DeckArgs,
    #[command(flatten)]
    dialect: DialectArgs,
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
    setup_deck(&mut machine, &deck.speed, deck.tape.as_deref())?;
    load_program(&mut machine, program, &source)?;
    if trace {
        machine.record_trace();
    }
    machine.type_text(b"RUN\r");
    machine.type_script(keys);
    Ok(machine)
}

/// `--trace`: the line numbers entered, one a line.
fn write_trace(machine: &Machine, trace: Option<&Path>) -> Result<(), CliError> {
    if let (Some(target), Some(lines)) = (trace, machine.trace()) {
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

fn run(args: RunArgs) -> Outcome {
    let (view, trace) = (&args.view, args.basic.trace.trace.as_deref());
    let keys = script_keys(args.keys.as_deref(), args.keys_file.as_deref())?;
    let max_fields = max_fields(args.max_seconds)?;
    let mut machine = machine_running(
        &args.program,
        args.basic.dialect.dialect,
        &keys,
        &args.deck,
        trace.is_some(),
    )?;
    type_file(&mut machine, view)?;

    if !args.headless && args.screen.is_none() && args.transcript.is_none() {
        return interactive(machine, None, view, trace);
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
        for stop in m.take_code_stops() {
            eprintln!("spacemono: {stop}");
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
    write_trace(&machine, trace)?;
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
fn list(args: &ListArgs) -> Outcome {
    let source = program_file::read_program(&args.program)?;
    let mut machine = Machine::new();
    machine.set_dialect(args.dialect.dialect);
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
fn compare(args: &CompareArgs) -> Outcome {
    compare_programs(args).map_err(|e| CliError::Compare(Box::new(e)))
}

fn compare_programs(args: &CompareArgs) -> Outcome {
    let dialect = args.dialect.dialect;
    let keys = script_keys(args.keys.as_deref(), args.keys_file.as_deref())?;
    let max = max_fields(args.max_seconds)?;
    let mut transcripts = Vec::new();
    for (path, dialect) in [
        (&args.a, args.dialect_a.unwrap_or(dialect)),
        (&args.b, args.dialect_b.unwrap_or(dialect)),
    ] {
        let mut m = machine_running(path, dialect, &keys, &args.deck, false)?;
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
    trace: Option<&Path>,
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
        tv: view.tv,
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
        write_trace(&machine, trace)?;
        r.map_err(TerminalError)?;
        return Ok(ExitCode::SUCCESS);
    }
    signals::catch();
    let tape_folder = view.tape_folder.clone().unwrap_or_else(|| {
        let tape = machine.tape().path().and_then(Path::parent);
        tape.map(Path::to_path_buf).unwrap_or_default()
    });
    let mut driver = Driver::new(machine, sound);
    driver.hook = hook;
    driver.tape_folder = tape_folder;
    if let Some(dir) = &view.snapshot_dir {
        driver.slots = spacemono::frontend::snapshot_slots::SnapshotSlots::new(dir);
    }
    let result = match screen.as_mut() {
        Some(s) => window::run(s, &mut driver, &opts),
        None => terminal::run(&mut driver, &opts).map_err(SessionError::from),
    };
    let finished = driver.finish(&opts);
    let traced = write_trace(&driver.machine, trace);
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
    let trace = basic.trace.trace.as_deref();
    if let Some(path) = &start.snapshot {
        let mut machine = snapshot_file::load(path)?;
        machine.record_transcript();
        return interactive(machine, None, view, trace);
    }
    let mut machine = Machine::with_transcript(true);
    machine.set_dialect(basic.dialect.dialect);
    if trace.is_some() {
        machine.record_trace();
    }
    setup_deck(&mut machine, &deck.speed, deck.tape.as_deref())?;
    if deck.tape.is_none() && !start.basic {
        if start.fast {
            default_tape::boot_fast(&mut machine, game)?;
        } else {
            default_tape::boot(&mut machine, game)?;
        }
    }
    type_file(&mut machine, view)?;
    interactive(machine, None, view, trace)
}

/// `spacemono play`: headless when every seat is a file (or with --headless); with a
/// keyboard seat, the window (or terminal) for the person, the files carried meanwhile.
fn play(command: &PlayCommand) -> Outcome {
    use spacemono::frontend::play::cli;
    let (args, view) = (&command.game, &command.view);
    let game = cli::prepare(args).map_err(PlayFailure::Start)?;
    if args.headless || !game.has_keyboard_seat() {
        let winner = cli::run_headless(game, args).map_err(PlayFailure::Stopped)?;
        return Ok(ExitCode::from(winner));
    }
    let (machine, host) = game.into_parts();
    interactive(machine, Some(Box::new(host)), view, None).map_err(CliError::in_play)
}

/// `spacemono starlanes`, `spacemono acquire`: as `spacemono` alone, with that game (in the
/// Dragon's own BASIC, from the built-in tape).
fn game_session(args: &GameStartArgs, game: BuiltInGame) -> Outcome {
    let start = StartArgs {
        basic: false,
        fast: args.fast,
        snapshot: None,
    };
    let deck = DeckArgs {
        tape: None,
        speed: args.speed.clone(),
    };
    let basic = BasicArgs {
        dialect: DialectArgs {
            dialect: Dialect::Dragon,
        },
        trace: args.trace.clone(),
    };
    session(&args.view, &deck, &start, &basic, game)
}

/// An option of `spacemono` alone given before a command's name, where that command would
/// ignore it: refused with clap's usage error, saying where it goes (after the name, for a
/// command that takes it) or that it does not go with that command.
fn misplaced_option(matches: &clap::ArgMatches) -> Option<clap::Error> {
    use clap::parser::ValueSource;
    let (name, _) = matches.subcommand()?;
    let mut cmd = Cli::command();
    let takes: Vec<_> = cmd
        .find_subcommand(name)?
        .get_arguments()
        .map(|a| a.get_id().clone())
        .collect();
    let given = cmd
        .get_arguments()
        .find(|a| matches.value_source(a.get_id().as_str()) == Some(ValueSource::CommandLine))?;
    let option = format!("--{}", given.get_long().unwrap_or(given.get_id().as_str()));
    let why = if takes.contains(given.get_id()) {
        format!("{option} goes after the command: `spacemono {name} {option} ...`")
    } else {
        format!("{option} does not go with `spacemono {name}`")
    };
    Some(cmd.error(clap::error::ErrorKind::ArgumentConflict, why))
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
    use clap::FromArgMatches;
    let parsed = Cli::command()
        .try_get_matches()
        .and_then(|m| match misplaced_option(&m) {
            Some(e) => Err(e),
            None => Cli::from_arg_matches(&m),
        });
    let cli = match parsed {
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
        Some(Command::Run(args)) => run(args),
        Some(Command::List(args)) => list(&args),
        Some(Command::Compare(args)) => compare(&args),
        Some(Command::Play(command)) => play(&command),
        Some(Command::Tape { command }) => {
            print!("{}", tape_cli::run(&command)?);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Completions { shell }) => {
            print_bytes(&cli_docs::completions(Cli::command(), shell))
        }
        Some(Command::Man) => print_bytes(&cli_docs::man_page(Cli::command())),
        Some(Command::Starlanes(args)) => game_session(&args, BuiltInGame::Starlanes),
        Some(Command::Acquire(args)) => game_session(&args, BuiltInGame::Acquire),
        None => session(
            &cli.view,
            &cli.deck,
            &cli.start,
            &cli.basic,
            BuiltInGame::SpaceMonopoly,
        ),
    }
}
