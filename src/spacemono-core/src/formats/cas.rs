//! `.cas` images: the bytes the cassette carries, bits least significant first, with no timing.
//! Motor gaps cannot be represented and are dropped; leaders are kept.

use super::bits::find_blocks;
use super::block::{Block, ReadBlock, LEADER};
use super::error::{check_blocks, check_size, TapeError, MAX_CAS_BYTES};
use super::tapefile::{group_files, layout, LayoutOptions, Segment, TapeFile};

/// Every block in a .cas image, at any bit phase, with bad checksums flagged (see
/// [`find_blocks`](super::bits::find_blocks)).
pub fn read_blocks(bytes: &[u8]) -> Result<Vec<ReadBlock>, TapeError> {
    check_size(bytes, MAX_CAS_BYTES)?;
    let blocks = find_blocks(bytes, bytes.len() as u64 * 8);
    check_blocks(&blocks)?;
    if blocks.is_empty() {
        return Err(TapeError::NoBlocks);
    }
    Ok(blocks)
}

/// The files in a .cas image.
pub fn read_files(bytes: &[u8]) -> Result<Vec<TapeFile>, TapeError> {
    Ok(group_files(&read_blocks(bytes)?))
}

/// Writes laid-out segments as a .cas image (silences are dropped).
pub fn write_segments(segments: &[Segment]) -> Result<Vec<u8>, TapeError> {
    let mut out = Vec::new();
    for s in segments {
        match s {
            Segment::Silence { .. } => {}
            Segment::Leader { bytes } => out.resize(out.len() + bytes, LEADER),
            Segment::Block(b) => {
                out.push(LEADER);
                out.extend_from_slice(&b.to_bytes()?);
            }
        }
    }
    Ok(out)
}

/// Writes blocks as a .cas image with Dragon 32 leaders ([`layout`] with default options).
pub fn write(blocks: &[Block]) -> Result<Vec<u8>, TapeError> {
    write_segments(&layout(blocks, LayoutOptions::default()))
}
