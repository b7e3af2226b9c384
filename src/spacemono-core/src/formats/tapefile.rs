//! Files on a tape: grouping found blocks into files, building the blocks of a file, and laying
//! blocks out on tape with leaders and motor gaps as the Dragon writes them
//! (docs/machine.md §3, DR `CasWriteBasic` and `CasWriteLeader`).

use super::block::{data_blocks, Block, BlockType, ReadBlock};
use super::namefile::Namefile;

/// The leader the Dragon 32 writes: 128 × `$55` ($0080; the Dragon 64 writes 256).
pub const DRAGON32_LEADER_BYTES: usize = 128;
/// The motor-on delay before each leader (CasMotorDelay: $DA5C loops of 8 cycles, about 0.5 s).
pub const MOTOR_GAP_MS: u32 = 500;

/// One file found on a tape: an optional namefile, its data blocks and its EOF block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapeFile {
    /// The decoded namefile; `None` for blocks found with no namefile before them, or when the
    /// namefile block is too short to decode.
    pub namefile: Option<Namefile>,
    /// The namefile block as read (with its checksum flag).
    pub namefile_block: Option<ReadBlock>,
    /// The blocks between the namefile and the EOF block, in tape order. Usually data blocks;
    /// blocks of other types are kept here too but left out of [`TapeFile::payload`].
    pub blocks: Vec<ReadBlock>,
    /// The EOF block, if the tape has one for this file.
    pub eof: Option<ReadBlock>,
    /// True when every block of the file (namefile, data and EOF) read with a good checksum.
    pub checksum_ok: bool,
}

impl TapeFile {
    /// The file's contents: the data of its data blocks (type $01), concatenated.
    pub fn payload(&self) -> Vec<u8> {
        self.blocks
            .iter()
            .filter(|b| b.block.kind == BlockType::Data)
            .flat_map(|b| b.block.data.iter().copied())
            .collect()
    }

    /// The name without padding, or an empty string if there is no namefile.
    pub fn name(&self) -> String {
        self.namefile.map(|n| n.name_str()).unwrap_or_default()
    }

    /// True when the file has both its namefile and its EOF block.
    pub fn is_complete(&self) -> bool {
        self.namefile.is_some() && self.eof.is_some()
    }

    /// Every block of the file in tape order: namefile, data blocks, EOF.
    pub fn all_blocks(&self) -> impl Iterator<Item = &ReadBlock> {
        self.namefile_block
            .iter()
            .chain(self.blocks.iter())
            .chain(self.eof.iter())
    }

    fn recompute_ok(&mut self) {
        let ok = self.all_blocks().all(|b| b.checksum_ok);
        self.checksum_ok = ok;
    }
}

/// Groups blocks into files. A namefile block starts a new file, an EOF block ends the current
/// one, and blocks that turn up with no file open start a file without a namefile.
pub fn group_files(blocks: &[ReadBlock]) -> Vec<TapeFile> {
    let mut files: Vec<TapeFile> = Vec::new();
    let mut open: Option<TapeFile> = None;
    let empty = || TapeFile {
        namefile: None,
        namefile_block: None,
        blocks: Vec::new(),
        eof: None,
        checksum_ok: true,
    };
    for rb in blocks {
        match rb.block.kind {
            BlockType::Namefile => {
                if let Some(f) = open.take() {
                    files.push(f);
                }
                let mut f = empty();
                f.namefile = Namefile::decode(&rb.block.data).ok();
                f.namefile_block = Some(rb.clone());
                open = Some(f);
            }
            BlockType::Eof => {
                let mut f = open.take().unwrap_or_else(empty);
                f.eof = Some(rb.clone());
                files.push(f);
            }
            _ => open.get_or_insert_with(empty).blocks.push(rb.clone()),
        }
    }
    files.extend(open);
    for f in &mut files {
        f.recompute_ok();
    }
    files
}

/// The blocks of a whole file: namefile, the payload in 255-byte data blocks, EOF.
pub fn file_blocks(namefile: &Namefile, payload: &[u8]) -> Vec<Block> {
    let mut out = vec![namefile.to_block()];
    out.extend(data_blocks(payload));
    out.push(Block::eof());
    out
}

/// A piece of tape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Tape running with nothing written (the motor-on delay).
    Silence { ms: u32 },
    /// A run of `$55` bytes.
    Leader { bytes: usize },
    /// A block: `$55 $3C type len data checksum $55` (the leading `$55` is counted here, not
    /// in the leader, as the ROM's CasBlockOut writes it).
    Block(Block),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutOptions {
    pub leader_bytes: usize,
    pub gap_ms: u32,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            leader_bytes: DRAGON32_LEADER_BYTES,
            gap_ms: MOTOR_GAP_MS,
        }
    }
}

/// Lays blocks out as the Dragon writes them:
/// - a namefile block gets a motor gap and a leader, and the motor stops after it;
/// - if that namefile's gap flag is clear (CSAVE, CSAVEM), the blocks after it get one gap and
///   leader, then run back to back up to and including the EOF block;
/// - if the gap flag is set (ASCII saves, data files), or before any namefile, every block gets
///   its own gap and leader;
/// - after an EOF block the next block starts with a gap and leader again.
pub fn layout(blocks: &[Block], opts: LayoutOptions) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut gaps = true;
    let mut need_leader = true;
    for b in blocks {
        let is_namefile = b.kind == BlockType::Namefile;
        if is_namefile || gaps || need_leader {
            out.push(Segment::Silence { ms: opts.gap_ms });
            out.push(Segment::Leader {
                bytes: opts.leader_bytes,
            });
        }
        out.push(Segment::Block(b.clone()));
        need_leader = false;
        if is_namefile {
            gaps = Namefile::decode(&b.data).map(|n| n.gaps).unwrap_or(true);
            need_leader = true;
        }
        if b.kind == BlockType::Eof {
            need_leader = true;
        }
    }
    out
}
