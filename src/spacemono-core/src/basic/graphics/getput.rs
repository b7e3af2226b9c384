//! GET and PUT (CmdGet/CmdPut LAAF0): screen bytes or bits to and from the raw bytes of a
//! numeric array's 5-byte elements.

use super::state::{dp, four_colour, normalize_both, pixel_addr, step_right_bit, store_point};
use super::Point;
use crate::basic::error::ErrorCode;
use crate::machine::memory::Memory;

/// GET's option: none (whole bytes) or `,G` (bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GetMode {
    Bytes,
    Bits,
}

/// PUT's action token (DABD4). Any action selects bit mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PutAction {
    Pset,
    Preset,
    And,
    Or,
    Not,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum BitOp {
    Set,
    Clear,
    Invert,
    Keep,
}

impl PutAction {
    /// (action for a 1 bit, action for a 0 bit).
    fn ops(self) -> (BitOp, BitOp) {
        match self {
            PutAction::Pset => (BitOp::Set, BitOp::Clear),
            PutAction::Preset => (BitOp::Clear, BitOp::Set),
            PutAction::Or => (BitOp::Set, BitOp::Keep),
            PutAction::And => (BitOp::Keep, BitOp::Clear),
            PutAction::Not => (BitOp::Invert, BitOp::Invert),
        }
    }
}

/// LA71D as GET/PUT use it: the start (or, when omitted, the last point GrCurrXCo/YCo, which
/// GET/PUT do **not** update) into GrCurrX/Y and the end into GrPixelNoX/Y, clamped. The
/// ROM does this before it looks the array up, so when the array is missing (?FC) the
/// interpreter should call this first to leave the same state.
pub fn get_put_points(mem: &mut Memory, start: Option<Point>, end: Point) {
    let lx = mem.read_u16(dp::LAST_X);
    let ly = mem.read_u16(dp::LAST_Y);
    mem.write_u16(dp::CURR_X, lx);
    mem.write_u16(dp::CURR_Y, ly);
    if let Some(s) = start {
        store_point(mem, dp::CURR_X, s);
    }
    store_point(mem, dp::PIXEL_X, end);
}

/// The array's data pointer (the byte before element 0: header + 4 + 2·dims, dims taken
/// from RAM as 8-bit ×2) and its end (header + the offset word at header+2).
fn array_bounds(mem: &Memory, hdr: u16) -> (u16, u16) {
    let end = hdr.wrapping_add(mem.read_u16(hdr.wrapping_add(2)));
    let dims2 = mem.peek(hdr.wrapping_add(4)).wrapping_mul(2);
    (hdr.wrapping_add(4).wrapping_add(dims2 as u16), end)
}

/// The array's bytes as GET and PUT walk them: the data pointer, stepped before each use,
/// and the array's end, where the walk stops with ?FC.
struct Cursor {
    p: u16,
    end: u16,
}

impl Cursor {
    /// The next byte's address (?FC at the array's end).
    #[inline]
    fn next(&mut self) -> Result<u16, ErrorCode> {
        self.p = self.p.wrapping_add(1);
        if self.p == self.end {
            Err(ErrorCode::FC)
        } else {
            Ok(self.p)
        }
    }
}

/// The rectangle GET or PUT covers: the extent dx (pixels, scaled), the row count and the
/// bytes per screen line.
struct Area {
    dx: u16,
    rows: u32,
    bpl: u16,
}

/// GET or PUT: `put` is the direction (array → screen), `bits` the bit mode (`,G`, or any
/// PUT action), `action` PUT's action.
fn transfer(
    mem: &mut Memory,
    start: Option<Point>,
    end: Point,
    hdr: u16,
    put: bool,
    bits: bool,
    action: Option<PutAction>,
) -> Result<(), ErrorCode> {
    get_put_points(mem, start, end);
    let (p, end) = array_bounds(mem, hdr);
    let mut array = Cursor { p, end };
    let four = four_colour(mem);
    let area = area(mem, bits, four);
    if bits {
        transfer_bits(mem, &mut array, &area, put, four, action)
    } else {
        transfer_bytes(mem, &mut array, &area, put)
    }
}

/// The ROM's set-up of the rectangle after LA71D: (in byte mode) x1 and x2 to a byte
/// boundary (LAB52), the smaller corner to GrCurrX/Y and the extents to GrPixelNoX/Y (dx
/// doubled in 4-colour modes, then both scaled), and the row count, 8-bit (0 means 256).
fn area(mem: &mut Memory, bits: bool, four: bool) -> Area {
    if !bits {
        // LAB52: x1, x2 to a byte boundary in 256-units.
        let mask = if four { 0xFC } else { 0xF8 };
        let a = mem.peek(dp::CURR_X + 1) & mask;
        mem.poke(dp::CURR_X + 1, a);
        let b = mem.peek(dp::PIXEL_X + 1) & mask;
        mem.poke(dp::PIXEL_X + 1, b);
    }
    for (c, e) in [(dp::CURR_X, dp::PIXEL_X), (dp::CURR_Y, dp::PIXEL_Y)] {
        let s = mem.read_u16(c);
        let t = mem.read_u16(e);
        let d = if t < s {
            mem.write_u16(c, t);
            s.wrapping_sub(t)
        } else {
            t.wrapping_sub(s)
        };
        mem.write_u16(e, d);
    }
    if four {
        let dx = mem.read_u16(dp::PIXEL_X);
        mem.write_u16(dp::PIXEL_X, dx.wrapping_add(dx));
    }
    normalize_both(mem);
    let dx = mem.read_u16(dp::PIXEL_X);
    let rows_w = mem.read_u16(dp::PIXEL_Y).wrapping_add(1);
    mem.write_u16(dp::PIXEL_Y, rows_w);
    let bpl = mem.peek(dp::BYTES_PER_LINE) as u16;
    // DEC GrPixelNoY+1 / BNE: an 8-bit row count (0 means 256).
    let rows: u32 = match rows_w as u8 {
        0 => 256,
        r => r as u32,
    };
    Area { dx, rows, bpl }
}

/// Byte mode: (dx>>3)+1 whole bytes a row (8-bit, 0 means 256), copied raw between the
/// screen and the array.
fn transfer_bytes(
    mem: &mut Memory,
    array: &mut Cursor,
    area: &Area,
    put: bool,
) -> Result<(), ErrorCode> {
    let per_row_w = (area.dx >> 3).wrapping_add(1);
    mem.write_u16(dp::PIXEL_X, per_row_w);
    let per_row: u32 = match per_row_w as u8 {
        0 => 256,
        n => n as u32,
    };
    let (mut row, _) = pixel_addr(mem);
    for _ in 0..area.rows {
        let mut a = row;
        for _ in 0..per_row {
            if put {
                let q = array.next()?;
                let v = mem.peek(q);
                mem.poke(a, v);
            } else {
                let v = mem.peek(a);
                let q = array.next()?;
                mem.poke(q, v);
            }
            a = a.wrapping_add(1);
        }
        row = row.wrapping_add(area.bpl);
    }
    Ok(())
}

/// LABED, bit mode: dx+1 screen bits a row, one array bit each, MSB first and not
/// realigned at row ends. GET zeroes the array first and sets the bits of lit pixels; PUT
/// sets, clears, inverts or keeps each pixel by its action.
fn transfer_bits(
    mem: &mut Memory,
    array: &mut Cursor,
    area: &Area,
    put: bool,
    four: bool,
    action: Option<PutAction>,
) -> Result<(), ErrorCode> {
    let count_w = area.dx.wrapping_add(1);
    mem.write_u16(dp::PIXEL_X, count_w);
    let count: u32 = if count_w == 0 {
        0x10000
    } else {
        count_w as u32
    };
    if !put {
        let mut u = array.end;
        loop {
            u = u.wrapping_sub(1);
            mem.poke(u, 0);
            if u <= array.p {
                break;
            }
        }
    }
    let (mut row, mut m0) = pixel_addr(mem);
    if four {
        m0 &= 0xAA;
    }
    let ops = action.map(PutAction::ops);
    let mut bit: u8 = 1;
    for _ in 0..area.rows {
        let (mut a, mut m) = (row, m0);
        for _ in 0..count {
            if bit == 1 {
                bit = 0x80;
                array.next()?;
            } else {
                bit >>= 1;
            }
            match ops {
                None => get_bit(mem, (a, m), array.p, bit),
                Some(ops) => put_bit(mem, (a, m), array.p, bit, ops),
            }
            (a, m) = step_right_bit(a, m);
        }
        row = row.wrapping_add(area.bpl);
    }
    Ok(())
}

/// GET in bit mode: the array bit is set when the screen pixel (address, mask) is lit.
#[inline]
fn get_bit(mem: &mut Memory, (a, m): (u16, u8), p: u16, bit: u8) {
    if mem.peek(a) & m != 0 {
        let v = mem.peek(p) | bit;
        mem.poke(p, v);
    }
}

/// PUT with an action: the screen pixel (address, mask) set, cleared, inverted or kept as
/// the action says for the array bit's value (`on` for 1, `off` for 0).
#[inline]
fn put_bit(mem: &mut Memory, (a, m): (u16, u8), p: u16, bit: u8, (on, off): (BitOp, BitOp)) {
    let op = if mem.peek(p) & bit != 0 { on } else { off };
    let s = mem.peek(a);
    let v = match op {
        BitOp::Set => s | m,
        BitOp::Clear => s & !m,
        BitOp::Invert => s ^ m,
        BitOp::Keep => s,
    };
    if op != BitOp::Keep {
        mem.poke(a, v);
    }
}

/// GET[@][(x1,y1)]-(x2,y2),array[,G]. Points: x VarGet16Bit, y VarGet8Bit. `array_hdr`:
/// the address of the array's header (its first name byte) in the array area; the caller
/// gives ?FC when there is no such array or it is a string array (after creating a simple
/// variable of that name, as the ROM's lookup does).
///
/// Bytes: x1/x2 ANDed to a byte boundary, |dx|/|dy| from the smaller corner (dx doubled
/// in 4-colour modes, then scaled), (dx>>3)+1 bytes × (dy+1) rows copied raw, screen →
/// array. Bits (`,G`): the array is zeroed from its end − 1 down to the byte before
/// element 0 (the last dimension's low byte: a later subscript gives ?BS), then one bit per
/// screen bit, MSB first, not realigned at row ends. ?FC when the data pointer reaches the
/// array's end.
pub fn get(
    mem: &mut Memory,
    start: Option<Point>,
    end: Point,
    array_hdr: u16,
    mode: GetMode,
) -> Result<(), ErrorCode> {
    transfer(
        mem,
        start,
        end,
        array_hdr,
        false,
        mode == GetMode::Bits,
        None,
    )
}

/// PUT[@][(x1,y1)]-(x2,y2),array[,PSET|PRESET|AND|OR|NOT]: the reverse of [`get`]. No
/// action: raw bytes, array → screen. An action: bit mode, each screen bit set, cleared,
/// inverted or kept by the array bit (PSET: 1 set/0 clear; PRESET: 1 clear/0 set; OR: 1 set;
/// AND: 0 clear; NOT: invert, data ignored), colours ignored.
pub fn put(
    mem: &mut Memory,
    start: Option<Point>,
    end: Point,
    array_hdr: u16,
    action: Option<PutAction>,
) -> Result<(), ErrorCode> {
    transfer(mem, start, end, array_hdr, true, action.is_some(), action)
}
