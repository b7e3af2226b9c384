//! SET, RESET and POINT on the 64×32 semigraphics grid of the text screen (DR `CmdSET`,
//! `GrResetLRGPixel`, `CmdPoint`; docs/machine.md §4).

use crate::basic::error::ErrorCode;
use crate::machine::memory::{addr, Memory};

/// The screen cell and quadrant bit of a point; ?FC outside 0–63 × 0–31.
fn locate(x: u8, y: u8) -> Result<(u16, u8), ErrorCode> {
    if x > 63 || y > 31 {
        return Err(ErrorCode::FC);
    }
    let cell = addr::TEXT_SCREEN + (y as u16 >> 1) * 32 + (x as u16 >> 1);
    let bit = match (y & 1, x & 1) {
        (0, 0) => 8,
        (0, _) => 4,
        (_, 0) => 2,
        _ => 1,
    };
    Ok((cell, bit))
}

/// SET(x,y,c): light a quadrant; the whole cell takes colour c (0 keeps the cell's colour);
/// a text cell first becomes an empty black block.
pub fn set(mem: &mut Memory, x: u8, y: u8, c: u8) -> Result<(), ErrorCode> {
    if c > 8 {
        return Err(ErrorCode::FC);
    }
    let (cell, bit) = locate(x, y)?;
    let mut b = mem.peek(cell);
    if b & 0x80 == 0 {
        b = 0x80;
    }
    let colour = if c == 0 { (b >> 4) & 7 } else { c - 1 };
    mem.poke(cell, 0x80 | (colour << 4) | (b & 0x0F) | bit);
    Ok(())
}

/// RESET(x,y): a text cell becomes an empty block; a graphics cell loses one quadrant.
pub fn reset(mem: &mut Memory, x: u8, y: u8) -> Result<(), ErrorCode> {
    let (cell, bit) = locate(x, y)?;
    let b = mem.peek(cell);
    mem.poke(cell, if b & 0x80 == 0 { 0x80 } else { b & !bit });
    Ok(())
}

/// POINT(x,y): −1 for a text cell, 0 for an unlit quadrant, else the colour 1–8.
pub fn point(mem: &Memory, x: u8, y: u8) -> Result<i8, ErrorCode> {
    let (cell, bit) = locate(x, y)?;
    let b = mem.peek(cell);
    Ok(if b & 0x80 == 0 {
        -1
    } else if b & bit == 0 {
        0
    } else {
        ((b >> 4) & 7) as i8 + 1
    })
}

#[cfg(test)]
mod tests {
    use super::{point, reset, set, ErrorCode, Memory};

    #[test]
    fn set_on_a_text_cell_clears_the_other_quadrants() {
        let mut m = Memory::new();
        m.poke(0x400, 0x60);
        set(&mut m, 1, 0, 3).unwrap();
        assert_eq!(m.peek(0x400), 0x80 | (2 << 4) | 4);
        assert_eq!(point(&m, 1, 0), Ok(3));
        assert_eq!(point(&m, 0, 0), Ok(0));
        set(&mut m, 0, 1, 0).unwrap();
        assert_eq!(m.peek(0x400), 0x80 | (2 << 4) | 4 | 2);
        reset(&mut m, 1, 0).unwrap();
        assert_eq!(m.peek(0x400), 0x80 | (2 << 4) | 2);
        m.poke(0x401, b'A');
        assert_eq!(point(&m, 2, 0), Ok(-1));
        assert_eq!(set(&mut m, 64, 0, 1), Err(ErrorCode::FC));
        assert_eq!(set(&mut m, 0, 0, 9), Err(ErrorCode::FC));
    }
}
