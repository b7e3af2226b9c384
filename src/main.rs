//! The `spacemono` command line: a frontend around the machine core.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use spacemono::frontend::{headless, line_terminal, program_file, tape_cli};
use spacemono::machine::keyboard::parse_key_script;
use spacemono::machine::{cassette, Machine};

#[derive(Parser)]
#[command(
    name = "spacemono",
    version,
    about = "A Dragon 32 and its Extended Color BASIC, recreated"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
fn setup_deck(
    machine: &mut Machine,
    tape: Option<&Path>,
    speed: TapeSpeedArg,
) -> Result<(), String> {
    machine.hw.deck.set_speed(match speed {
        TapeSpeedArg::Quick => cassette::TapeSpeed::Quick,
        TapeSpeedArg::Real => cassette::TapeSpeed::Real,
    });
    if let Some(path) = tape {
        machine.hw.deck.insert(path).map_err(|e| e.to_string())?;
    }
    Ok(())
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
    /// No window and no audio device: run flat out and deterministically.
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

fn run(args: RunArgs, tape: Option<&Path>, speed: TapeSpeedArg) -> ExitCode {
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
    if let Err(e) = setup_deck(&mut machine, tape, speed) {
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

    if !args.headless && args.screen.is_none() && args.transcript.is_none() {
        // Until the window arrives: an interactive session in the terminal.
        return match line_terminal::run_session(&mut machine) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => fail(format!("terminal: {e}")),
        };
    }
    headless::run_until_done(&mut machine, max_fields);
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Run(args)) => run(args, cli.tape.as_deref(), cli.tape_speed),
        Some(Command::Tape { command }) => match tape_cli::run(&command) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(e),
        },
        None => {
            let mut machine = Machine::with_transcript(true);
            if let Err(e) = setup_deck(&mut machine, cli.tape.as_deref(), cli.tape_speed) {
                return fail(e);
            }
            match line_terminal::run_session(&mut machine) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => fail(format!("terminal: {e}")),
            }
        }
    }
}
