//! The 15-byte namefile block (docs/machine.md §3; DR `CasWriteHeader`, XR `init_filename_block`).
//!
//! | off | field |
//! |---|---|
//! | 0–7 | name, padded with spaces |
//! | 8 | file type: 0 BASIC, 1 data, 2 machine code |
//! | 9 | ASCII flag: $00 binary/tokenized, $FF ASCII |
//! | 10 | gap flag: $00 continuous, $FF gaps between blocks |
//! | 11–12 | exec address (big-endian) |
//! | 13–14 | load address (big-endian) |

use super::block::{Block, BlockType};
use super::error::TapeError;

/// The namefile's length in bytes.
pub const NAMEFILE_LEN: usize = 15;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileType {
    Basic,
    Data,
    MachineCode,
    Other(u8),
}

impl FileType {
    pub fn from_byte(b: u8) -> FileType {
        match b {
            0 => FileType::Basic,
            1 => FileType::Data,
            2 => FileType::MachineCode,
            other => FileType::Other(other),
        }
    }

    pub fn to_byte(self) -> u8 {
        match self {
            FileType::Basic => 0,
            FileType::Data => 1,
            FileType::MachineCode => 2,
            FileType::Other(b) => b,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Namefile {
    pub name: [u8; 8],
    pub file_type: FileType,
    /// Written as $FF when true, $00 when false; any non-zero byte reads as true.
    pub ascii: bool,
    /// Written as $FF when true, $00 when false; any non-zero byte reads as true.
    pub gaps: bool,
    pub exec: u16,
    pub load: u16,
}

impl Namefile {
    /// `CSAVE "NAME"`: tokenized BASIC, type 0, ASCII $00, gap $00. The ROM leaves stale exec and
    /// load addresses here; we write zeros and readers must ignore them.
    pub fn csave(name: &str) -> Namefile {
        Namefile {
            name: pad_name(name),
            file_type: FileType::Basic,
            ascii: false,
            gaps: false,
            exec: 0,
            load: 0,
        }
    }

    /// `CSAVE "NAME",A`: ASCII BASIC, type 0, ASCII $FF, gap $FF.
    pub fn csave_ascii(name: &str) -> Namefile {
        Namefile {
            name: pad_name(name),
            file_type: FileType::Basic,
            ascii: true,
            gaps: true,
            exec: 0,
            load: 0,
        }
    }

    /// `OPEN "O",#-1,"NAME"`: data file, type 1, ASCII $FF, gap $FF.
    pub fn data_file(name: &str) -> Namefile {
        Namefile {
            name: pad_name(name),
            file_type: FileType::Data,
            ascii: true,
            gaps: true,
            exec: 0,
            load: 0,
        }
    }

    /// `CSAVEM "NAME",start,end,exec`: machine code, type 2, ASCII $00, gap $00.
    pub fn csavem(name: &str, load: u16, exec: u16) -> Namefile {
        Namefile {
            name: pad_name(name),
            file_type: FileType::MachineCode,
            ascii: false,
            gaps: false,
            exec,
            load,
        }
    }

    pub fn encode(&self) -> [u8; NAMEFILE_LEN] {
        let mut b = [0u8; NAMEFILE_LEN];
        b[..8].copy_from_slice(&self.name);
        b[8] = self.file_type.to_byte();
        b[9] = if self.ascii { 0xFF } else { 0x00 };
        b[10] = if self.gaps { 0xFF } else { 0x00 };
        b[11..13].copy_from_slice(&self.exec.to_be_bytes());
        b[13..15].copy_from_slice(&self.load.to_be_bytes());
        b
    }

    /// Decodes the first 15 bytes; extra bytes are ignored, fewer are an error.
    pub fn decode(data: &[u8]) -> Result<Namefile, TapeError> {
        if data.len() < NAMEFILE_LEN {
            return Err(TapeError::BadNamefile { len: data.len() });
        }
        let mut name = [0u8; 8];
        name.copy_from_slice(&data[..8]);
        Ok(Namefile {
            name,
            file_type: FileType::from_byte(data[8]),
            ascii: data[9] != 0,
            gaps: data[10] != 0,
            exec: u16::from_be_bytes([data[11], data[12]]),
            load: u16::from_be_bytes([data[13], data[14]]),
        })
    }

    /// The namefile as a block of type $00.
    pub fn to_block(&self) -> Block {
        Block {
            kind: BlockType::Namefile,
            data: self.encode().to_vec(),
        }
    }

    /// The name with its padding spaces removed, non-ASCII bytes shown as `?`.
    pub fn name_str(&self) -> String {
        let s: String = self
            .name
            .iter()
            .map(|&c| {
                if (0x20..0x7F).contains(&c) {
                    c as char
                } else {
                    '?'
                }
            })
            .collect();
        s.trim_end_matches(' ').to_string()
    }
}

/// The first 8 bytes of `name`, padded with spaces. A byte outside printable ASCII ends the name
/// (as XRoar does), so the result is always 8 printable characters.
pub fn pad_name(name: &str) -> [u8; 8] {
    let mut out = [b' '; 8];
    for (slot, &c) in out.iter_mut().zip(name.as_bytes()) {
        if !(0x20..0x7F).contains(&c) {
            break;
        }
        *slot = c;
    }
    out
}
