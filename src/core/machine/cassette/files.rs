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
/// sample size and channel count. The old sample data is kept byte for byte; chunks after
/// the data chunk are dropped. An empty `existing` gives a new recording.
pub fn append_to_wav(existing: &[u8], segments: &[Segment]) -> Result<Vec<u8>, TapeError> {
    if existing.is_empty() {
        return wav::encode_segments(segments, &WavOptions::default());
    }
    let audio = wav::parse_wav(existing)?;
    let fmt = audio.format;
    // New audio in the polarity the reader found on the tape: in the other one the reader,
    // which picks one polarity for the whole recording, would never see the new blocks.
    let polarity = match wav::decode_with_polarity(existing) {
        Ok((p, _, blocks)) if !blocks.is_empty() => p,
        _ => wav::Polarity::Rising,
    };
    let opts = WavOptions {
        sample_rate: fmt.sample_rate,
        polarity,
        format: if fmt.bits_per_sample == 8 {
            SampleFormat::U8
        } else {
            SampleFormat::S16
        },
        ..WavOptions::default()
    };
    let fresh = wav::encode_segments(segments, &opts)?;
    let fresh_samples = &fresh[44..]; // wav_bytes writes a 44-byte header
    let bps = fmt.bits_per_sample as usize / 8;
    let mut added = Vec::with_capacity(fresh_samples.len() * fmt.channels as usize);
    for s in fresh_samples.chunks(bps) {
        for _ in 0..fmt.channels {
            added.extend_from_slice(s);
        }
    }
    // Find the data chunk's header in the file: everything before it is kept as it is.
    let mut pos = 12usize;
    let mut data_at = None;
    while pos + 8 <= existing.len() {
        let size = u32::from_le_bytes([
            existing[pos + 4],
            existing[pos + 5],
            existing[pos + 6],
            existing[pos + 7],
        ]) as usize;
        if &existing[pos..pos + 4] == b"data" {
            data_at = Some(pos);
            break;
        }
        pos = pos
            .saturating_add(8)
            .saturating_add(size)
            .saturating_add(size & 1);
    }
    let data_at = data_at.ok_or(TapeError::MissingChunk("data"))?;
    let old = audio.data;
    let new_len = old.len() + added.len();
    if new_len > MAX_INPUT_BYTES || new_len > u32::MAX as usize - 64 {
        return Err(TapeError::TooLarge {
            size: new_len,
            limit: MAX_INPUT_BYTES,
        });
    }
    let mut out = Vec::with_capacity(data_at + 8 + new_len + 1);
    out.extend_from_slice(&existing[..data_at]);
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(new_len as u32).to_le_bytes());
    out.extend_from_slice(old);
    out.extend_from_slice(&added);
    if new_len % 2 == 1 {
        out.push(0);
    }
    let riff = (out.len() - 8) as u32;
    out[4..8].copy_from_slice(&riff.to_le_bytes());
    Ok(out)
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
