//! `spacemono tape list FILE` and `spacemono tape convert IN OUT`: looking at and converting
//! cassette images (.cas, .wav) and listings (.bas), with errors that name the file.

use std::path::{Path, PathBuf};

use crate::basic::program_tape::{first_program, listing_image};
use crate::formats::namefile::{FileType, Namefile};
use crate::formats::tapefile::{file_blocks, TapeFile};
use crate::formats::{ascii, cas, wav, Block, TapeKind};
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

/// Runs a `tape` subcommand: what to print on standard output, or the error message.
pub fn run(cmd: &TapeCommand) -> Result<String, String> {
    match cmd {
        TapeCommand::List { file } => list(file),
        TapeCommand::Convert { input, output } => convert(input, output),
    }
}

fn msg(e: DeckError) -> String {
    e.to_string()
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
pub fn list(path: &Path) -> Result<String, String> {
    let tape = read_tape_file(path).map_err(msg)?;
    let files = group_tape_blocks(&tape.blocks);
    let mut out = String::new();
    for (i, f) in files.iter().enumerate() {
        out.push_str(&describe(i, f));
        out.push('\n');
    }
    Ok(out)
}

fn at(path: &Path, problem: impl std::fmt::Display) -> String {
    format!("{}: {problem}", path.display())
}

/// The listing of the first BASIC program among `files` (the core picks it), and a note when
/// the tape held more.
fn first_program_listing(path: &Path, files: &[TapeFile]) -> Result<(Vec<u8>, String), String> {
    let program = first_program(files).map_err(|e| at(path, e))?;
    let lines = program.listing().map_err(|e| at(path, e))?;
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
pub fn convert(input: &Path, output: &Path) -> Result<String, String> {
    let out_kind = tape_kind_of(output).map_err(msg)?;
    let in_kind = tape_kind_of(input).map_err(msg)?;
    let tape = read_tape_file(input).map_err(msg)?;

    // What goes on the output tape, as blocks (a listing input becomes a tokenized program).
    let (blocks, files): (Vec<Block>, Vec<TapeFile>) = if in_kind == TapeKind::Ascii {
        let lines = ascii::parse_listing(&tape.bytes).map_err(|e| at(input, e))?;
        for w in crate::frontend::program_file::listing_warnings(input, &tape.bytes) {
            eprintln!("spacemono: warning: {w}");
        }
        let image = listing_image(&lines).map_err(|e| at(input, e))?;
        let name = tape_name_for(input);
        let blocks = file_blocks(&Namefile::csave(&name), &image);
        let tb = good_blocks(blocks.clone());
        (blocks, group_tape_blocks(&tb))
    } else {
        if let Some((i, b)) = tape.blocks.iter().enumerate().find(|(_, b)| !b.checksum_ok) {
            if out_kind != TapeKind::Ascii {
                let what = if b.truncated {
                    "the tape ends inside it (it is cut short)"
                } else {
                    "it has a bad checksum"
                };
                return Err(at(
                    input,
                    format!(
                        "block {i}: {what}; not converting a damaged tape (its data would be written as if good)"
                    ),
                ));
            }
        }
        let blocks = tape.blocks.iter().map(|b| b.block.clone()).collect();
        (blocks, group_tape_blocks(&tape.blocks))
    };

    let (bytes, note) = match out_kind {
        TapeKind::Cas => (
            cas::write(&blocks).map_err(|e| at(output, e))?,
            String::new(),
        ),
        TapeKind::Wav => (
            wav::encode(&blocks, &wav::WavOptions::default()).map_err(|e| at(output, e))?,
            String::new(),
        ),
        TapeKind::Ascii => first_program_listing(input, &files)?,
    };
    write_atomically(output, &bytes).map_err(msg)?;
    Ok(note)
}
