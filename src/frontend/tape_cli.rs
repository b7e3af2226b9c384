//! `spacemono tape list FILE` and `spacemono tape convert IN OUT`: looking at and converting
//! cassette images (.cas, .wav) and listings (.bas), with errors that name the file.

use std::path::{Path, PathBuf};

use crate::basic::program_tape::{first_program, listing_image, ListingError, NoProgramOnTape};
use crate::formats::namefile::{FileType, Namefile};
use crate::formats::tapefile::{file_blocks, TapeFile};
use crate::formats::{ascii, cas, wav, Block, TapeError, TapeKind};
use crate::frontend::tape_file::{read_tape_file, write_atomically};
use crate::machine::cassette::{
    good_blocks, group_tape_blocks, tape_kind_of, tape_name_for, DeckError,
};

/// The `tape` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum TapeCommand {
    /// List the files on a tape (.cas, .wav or .bas): name, type, ASCII or tokenized, length,
    /// checksum status.
    List {
        /// The tape file.
        file: PathBuf,
    },
    /// Convert between .cas, .wav and .bas, by the output's extension. A tokenized program
    /// becomes its listing; a listing becomes a tokenized tape.
    Convert {
        /// The tape or listing to read.
        input: PathBuf,
        /// The file to write (.cas, .wav or .bas); replaced if it exists.
        output: PathBuf,
    },
}

/// Why a `tape` subcommand failed; every message names the file.
#[derive(Debug)]
pub enum TapeCliError {
    /// The tape file's name, reading or writing it (the deck's error names the file).
    Deck(DeckError),
    /// A tape's bytes (or a listing) cannot be read or written in its format.
    Format { path: PathBuf, why: TapeError },
    /// A program cannot be tokenized, or listed from its tokens.
    Program { path: PathBuf, why: ListingError },
    /// A listing is asked of a tape with no BASIC program on it.
    NoProgram { path: PathBuf },
    /// The BASIC program on the tape cannot be read whole.
    Unreadable { path: PathBuf, why: NoProgramOnTape },
    /// A block is damaged, and the output would carry its data as if it were good.
    Damaged {
        path: PathBuf,
        block: usize,
        cut_short: bool,
    },
}

impl std::fmt::Display for TapeCliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TapeCliError::Deck(e) => write!(f, "{e}"),
            TapeCliError::Format { path, why } => write!(f, "{}: {why}", path.display()),
            TapeCliError::Program { path, why } => write!(f, "{}: {why}", path.display()),
            TapeCliError::NoProgram { path } => {
                write!(f, "{}: holds no BASIC program to list", path.display())
            }
            TapeCliError::Unreadable { path, why } => write!(f, "{}: {why}", path.display()),
            TapeCliError::Damaged {
                path,
                block,
                cut_short,
            } => {
                let what = if *cut_short {
                    "the tape ends inside it (it is cut short)"
                } else {
                    "it has a bad checksum"
                };
                write!(
                    f,
                    "{}: block {block}: {what}; not converting a damaged tape (its data would be written as if good)",
                    path.display()
                )
            }
        }
    }
}

impl std::error::Error for TapeCliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TapeCliError::Deck(e) => Some(e),
            TapeCliError::Format { why, .. } => Some(why),
            TapeCliError::Program { why, .. } => Some(why),
            TapeCliError::Unreadable { why, .. } => Some(why),
            TapeCliError::NoProgram { .. } | TapeCliError::Damaged { .. } => None,
        }
    }
}

impl From<DeckError> for TapeCliError {
    fn from(e: DeckError) -> Self {
        TapeCliError::Deck(e)
    }
}

fn format_error(path: &Path) -> impl Fn(TapeError) -> TapeCliError + '_ {
    move |why| TapeCliError::Format {
        path: path.to_path_buf(),
        why,
    }
}

fn program_error(path: &Path) -> impl Fn(ListingError) -> TapeCliError + '_ {
    move |why| TapeCliError::Program {
        path: path.to_path_buf(),
        why,
    }
}

/// Runs a `tape` subcommand: what to print on standard output.
pub fn run(cmd: &TapeCommand) -> Result<String, TapeCliError> {
    match cmd {
        TapeCommand::List { file } => list(file),
        TapeCommand::Convert { input, output } => convert(input, output),
    }
}

fn kind_word(nf: &Namefile) -> String {
    match nf.file_type {
        FileType::Basic => "BASIC".into(),
        FileType::Data => "data".into(),
        FileType::MachineCode => "machine code".into(),
        FileType::Other(b) => format!("type {b}"),
    }
}

/// One line describing a file on a tape.
pub fn describe(index: usize, f: &TapeFile) -> String {
    let payload = f.payload().len();
    let status = if f.all_blocks().any(|b| b.truncated) {
        "CUT SHORT (the tape ends inside a block)".into()
    } else if !f.checksum_ok {
        let bad = f.all_blocks().filter(|b| !b.checksum_ok).count();
        format!("BAD CHECKSUM ({bad} block(s))")
    } else if f.namefile_block.is_none() {
        "no namefile".into()
    } else if f.eof.is_none() {
        "incomplete (no EOF block)".into()
    } else {
        "ok".into()
    };
    let (name, kind, enc, extra) = match f.namefile {
        Some(nf) => {
            let enc = if nf.ascii {
                "ASCII"
            } else if nf.file_type == FileType::Basic {
                "tokenized"
            } else {
                "binary"
            };
            let extra = if nf.file_type == FileType::MachineCode {
                format!("  load ${:04X} exec ${:04X}", nf.load, nf.exec)
            } else {
                String::new()
            };
            (format!("\"{}\"", nf.name_str()), kind_word(&nf), enc, extra)
        }
        None => ("(none)".into(), "?".into(), "?", String::new()),
    };
    format!(
        "{:>3}  {:<10}  {:<12}  {:<9}  {:>6} bytes  {:>3} blocks  {status}{extra}",
        index + 1,
        name,
        kind,
        enc,
        payload,
        f.all_blocks().count(),
    )
}

/// `tape list FILE`.
pub fn list(path: &Path) -> Result<String, TapeCliError> {
    let tape = read_tape_file(path)?;
    let files = group_tape_blocks(&tape.blocks);
    let mut out = String::new();
    for (i, f) in files.iter().enumerate() {
        out.push_str(&describe(i, f));
        out.push('\n');
    }
    Ok(out)
}

/// The listing of the first BASIC program among `files` (the core picks it), and a note when
/// the tape held more.
fn first_program_listing(
    path: &Path,
    files: &[TapeFile],
) -> Result<(Vec<u8>, String), TapeCliError> {
    let program = first_program(files).map_err(|why| match why {
        NoProgramOnTape::NoBasicProgram { .. } => TapeCliError::NoProgram {
            path: path.to_path_buf(),
        },
        why @ NoProgramOnTape::Unreadable { .. } => TapeCliError::Unreadable {
            path: path.to_path_buf(),
            why,
        },
    })?;
    let lines = program.listing().map_err(program_error(path))?;
    let others = files.len() - 1;
    let note = if others > 0 {
        format!(
            "wrote \"{}\"; the {others} other file(s) on the tape are not in the listing\n",
            program.name()
        )
    } else {
        String::new()
    };
    Ok((ascii::write_listing(&lines), note))
}

/// `tape convert IN OUT`. Returns a note for the user (may be empty).
pub fn convert(input: &Path, output: &Path) -> Result<String, TapeCliError> {
    let out_kind = tape_kind_of(output)?;
    let in_kind = tape_kind_of(input)?;
    let tape = read_tape_file(input)?;

    // What goes on the output tape, as blocks (a listing input becomes a tokenized program).
    let (blocks, files): (Vec<Block>, Vec<TapeFile>) = if in_kind == TapeKind::Ascii {
        let lines = ascii::parse_listing(&tape.bytes).map_err(format_error(input))?;
        for w in crate::frontend::program_file::listing_warnings(input, &tape.bytes) {
            eprintln!("spacemono: warning: {w}");
        }
        let image = listing_image(&lines).map_err(program_error(input))?;
        let name = tape_name_for(input);
        let blocks = file_blocks(&Namefile::csave(&name), &image);
        let tb = good_blocks(blocks.clone());
        (blocks, group_tape_blocks(&tb))
    } else {
        if let Some((i, b)) = tape.blocks.iter().enumerate().find(|(_, b)| !b.checksum_ok) {
            if out_kind != TapeKind::Ascii {
                return Err(TapeCliError::Damaged {
                    path: input.to_path_buf(),
                    block: i,
                    cut_short: b.truncated,
                });
            }
        }
        let blocks = tape.blocks.iter().map(|b| b.block.clone()).collect();
        (blocks, group_tape_blocks(&tape.blocks))
    };

    let (bytes, note) = match out_kind {
        TapeKind::Cas => (
            cas::write(&blocks).map_err(format_error(output))?,
            String::new(),
        ),
        TapeKind::Wav => (
            wav::encode(&blocks, &wav::WavOptions::default()).map_err(format_error(output))?,
            String::new(),
        ),
        TapeKind::Ascii => first_program_listing(input, &files)?,
    };
    write_atomically(output, &bytes)?;
    Ok(note)
}
