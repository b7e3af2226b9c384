//! Choosing a reader for a tape image: by file extension, or by sniffing the bytes.

use super::ascii;
use super::cas;
use super::error::TapeError;
use super::tapefile::TapeFile;
use super::wav;

/// The kinds of file that can be mounted as a tape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapeKind {
    /// A .cas byte image.
    Cas,
    /// A .wav recording.
    Wav,
    /// A text listing (.bas, .asc, .txt), presented as an ASCII save as XRoar does.
    Ascii,
}

impl TapeKind {
    /// From a file extension (case-insensitive, with or without the dot).
    pub fn from_extension(ext: &str) -> Option<TapeKind> {
        match ext.trim_start_matches('.').to_ascii_lowercase().as_str() {
            "cas" => Some(TapeKind::Cas),
            "wav" => Some(TapeKind::Wav),
            "bas" | "asc" | "txt" => Some(TapeKind::Ascii),
            _ => None,
        }
    }

    /// From the contents: `RIFF` means a .wav; otherwise a .cas. (Text cannot be told from a
    /// .cas reliably, so text is only taken as such by extension.)
    pub fn sniff(bytes: &[u8]) -> TapeKind {
        if bytes.starts_with(b"RIFF") || bytes.starts_with(b"RIFX") {
            TapeKind::Wav
        } else {
            TapeKind::Cas
        }
    }
}

/// Reads the files on a tape image. `ascii_name` names the one file a text listing becomes
/// (XRoar uses the file's base name; it is cut to 8 characters).
pub fn read_files(
    bytes: &[u8],
    kind: TapeKind,
    ascii_name: &str,
) -> Result<Vec<TapeFile>, TapeError> {
    match kind {
        TapeKind::Cas => cas::read_files(bytes),
        TapeKind::Wav => wav::read_files(bytes),
        TapeKind::Ascii => {
            let blocks = ascii::listing_to_blocks(ascii_name, bytes)?;
            cas::read_files(&cas::write(&blocks)?)
        }
    }
}
