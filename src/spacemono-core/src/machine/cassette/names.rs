//! Tape file names as the ROM compares and writes them.

use crate::formats::namefile::Namefile;

/// The 8 name bytes the ROM compares and writes: the first 8 bytes of the name, padded with
/// spaces (GetCasFnameToBuff). Bytes are kept as they are.
pub fn name8(name: &[u8]) -> [u8; 8] {
    let mut out = [b' '; 8];
    for (slot, &c) in out.iter_mut().zip(name) {
        *slot = c;
    }
    out
}

pub fn with_name(mut nf: Namefile, name: &[u8]) -> Namefile {
    nf.name = name8(name);
    nf
}
