//! Tape images in host files: their kinds, reading them into blocks, appending to them, and
//! reading a save back before it is trusted.

use super::*;

/// A tape file as the frontend read it: its kind, its bytes and its blocks.
#[derive(Clone, Debug)]
pub struct LoadedTape {
    pub kind: TapeKind,
    pub bytes: Vec<u8>,
    pub blocks: Vec<TapeBlock>,
}

pub fn file_err(path: &Path, problem: impl Into<String>) -> DeckError {
    DeckError::File {
        path: path.display().to_string(),
        problem: problem.into(),
    }
}

/// The kind of tape a file name stands for: `.cas`, `.wav`, or a listing (`.bas`, `.asc`,
/// `.txt`); anything else is an error naming the file.
pub fn tape_kind_of(path: &Path) -> Result<TapeKind, DeckError> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    TapeKind::from_extension(ext).ok_or_else(|| {
        file_err(
            path,
            if ext.is_empty() {
                "has no extension: a tape file is .cas, .wav or .bas".to_string()
            } else {
                format!("unknown extension '.{ext}': a tape file is .cas, .wav or .bas")
            },
        )
    })
}

/// The name a listing mounted as a tape gets: its base name, upper case, cut to 8.
pub fn tape_name_for(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("PROGRAM")
        .chars()
        .filter(|c| (' '..='~').contains(c))
        .take(8)
        .collect::<String>()
        .to_ascii_uppercase()
}

/// Blocks of a tape image held in memory.
pub fn blocks_from_bytes(
    bytes: &[u8],
    kind: TapeKind,
    ascii_name: &str,
) -> Result<Vec<TapeBlock>, TapeError> {
    let read = match kind {
        TapeKind::Cas => cas::read_blocks(bytes)?,
        TapeKind::Wav => wav::read_blocks(bytes)?,
        TapeKind::Ascii => {
            return Ok(good_blocks(ascii::listing_to_blocks(ascii_name, bytes)?));
        }
    };
    Ok(tape_blocks_from(&read))
}

/// Adds laid-out segments to the end of a .wav recording, in the recording's own sample rate,
/// sample size and channel count ([`wav::extend`]: the old samples are kept value for value,
/// chunks other than `fmt ` and `data` are dropped). An empty `existing` gives a new recording.
pub fn append_to_wav(existing: &[u8], segments: &[Segment]) -> Result<Vec<u8>, TapeError> {
    if existing.is_empty() {
        return wav::encode_segments(segments, &WavOptions::default());
    }
    // The recording is read as the deck reads it: chunks other than `fmt ` and `data` (a
    // LIST/INFO with the recorder's name, fact, bext, JUNK..., before, between or after them,
    // odd-sized ones with their pad bytes) are skipped. They are not written back: the new file
    // is hound's 44-byte header, the old samples and the new ones, byte for byte what appending
    // to the same recording without those chunks gives (tape_wav's appending test holds it to
    // that). Tags and notes a recorder put there are lost with the save; the deck has no use
    // for them.
    let audio = wav::parse_wav(existing)?;
    // New audio in the polarity the reader found on the tape: in the other one the reader,
    // which picks one polarity for the whole recording, would never see the new blocks.
    let polarity = match wav::best_polarity(&audio) {
        (p, _, blocks) if !blocks.is_empty() => p,
        _ => wav::Polarity::Rising,
    };
    wav::extend(&audio, segments, polarity)
}

/// Checks that a new tape image, read as the deck would read it, ends with the blocks just
/// added (a .bas listing: that it reads back to the same listing). A save is reported done
/// only after this.
pub(super) fn read_back(
    kind: TapeKind,
    image: &[u8],
    added: &[TapeBlock],
    list_program: ProgramLister,
) -> Result<(), String> {
    let read = blocks_from_bytes(image, kind, "").map_err(|e| e.to_string())?;
    if kind == TapeKind::Ascii {
        let again = bas_image(&read, list_program)?;
        return if again == image {
            Ok(())
        } else {
            Err("the listing reads back differently".into())
        };
    }
    let tail = read.len().checked_sub(added.len()).map(|at| &read[at..]);
    let same = tail.is_some_and(|tail| {
        tail.iter()
            .zip(added)
            .all(|(r, a)| r.checksum_ok && r.block == a.block)
    });
    if same {
        Ok(())
    } else {
        Err(format!(
            "the last {} blocks read are not the ones written",
            added.len()
        ))
    }
}

/// The listing a tape holding one BASIC program is written as (a .bas tape file).
pub(super) fn bas_image(
    blocks: &[TapeBlock],
    list_program: ProgramLister,
) -> Result<Vec<u8>, String> {
    let files = group_tape_blocks(blocks);
    if files.len() != 1 {
        return Err(format!(
            "a .bas tape holds a single BASIC program, and this one would hold {} files; use .cas or .wav",
            files.len()
        ));
    }
    let f = &files[0];
    let nf = f
        .namefile
        .ok_or_else(|| "a .bas tape holds a single BASIC program".to_string())?;
    if nf.file_type != FileType::Basic {
        return Err(format!(
            "a .bas tape holds a single BASIC program, not a {}; use .cas or .wav",
            type_name(nf.file_type, nf.ascii)
        ));
    }
    let lines = if nf.ascii {
        ascii::lines_from_payload(&f.payload())
    } else {
        list_program(&f.payload())?
    };
    Ok(ascii::write_listing(&lines))
}
