// Shared set-up for the graphics tests (included with `#[path]`/`mod`).
#![allow(dead_code)]

use spacemono_core::basic::error::ErrorCode;
use spacemono_core::basic::graphics::{self, DrawHost};
use spacemono_core::machine::memory::{addr, Memory};

/// A machine just after cold start with an empty program (PCLEAR 4: program at $1E01).
pub fn fresh() -> Memory {
    let mut m = Memory::new();
    m.write_u16(addr::PROGRAM_START, 0x1E01);
    m.poke(0x1E00, 0);
    m.write_u16(0x1E01, 0);
    for a in [addr::VARS_START, addr::ARRAYS_START, addr::STORAGE_END] {
        m.write_u16(a, 0x1E03);
    }
    m.write_u16(addr::STACK_TOP, addr::POWER_ON_STACK_TOP);
    m.write_u16(addr::STRING_TOP, addr::POWER_ON_RAM_TOP);
    m.write_u16(addr::RAM_TOP, addr::POWER_ON_RAM_TOP);
    graphics::power_on(&mut m);
    m
}

pub const SP: u16 = 0x7F00;

/// Variables for DRAW: single-letter names, numeric values and strings.
#[derive(Default)]
pub struct Vars {
    pub nums: Vec<(u8, u8)>,
    pub strs: Vec<(u8, Vec<u8>)>,
}

impl DrawHost for Vars {
    fn numeric_var(&mut self, _mem: &mut Memory, text: &[u8]) -> Result<u8, ErrorCode> {
        let n = text[0];
        Ok(self
            .nums
            .iter()
            .find(|v| v.0 == n)
            .map(|v| v.1)
            .unwrap_or(0))
    }
    fn string_var(&mut self, _mem: &mut Memory, text: &[u8]) -> Result<Vec<u8>, ErrorCode> {
        let n = text[0];
        Ok(self
            .strs
            .iter()
            .find(|v| v.0 == n)
            .map(|v| v.1.clone())
            .unwrap_or_default())
    }
}

pub fn draw(m: &mut Memory, s: &str) -> Result<(), ErrorCode> {
    graphics::draw(m, s.as_bytes(), &mut Vars::default(), SP)
}

pub fn last_point(m: &Memory) -> (u16, u16) {
    (m.read_u16(0xC7), m.read_u16(0xC9))
}

/// Byte `col` of row `row` in the page at $0600 with `bpl` bytes per row.
pub fn byte(m: &Memory, bpl: u16, row: u16, col: u16) -> u8 {
    m.peek(0x0600 + row * bpl + col)
}

/// Make an array in the array area at $1E03: name `name`, one dimension of `n` elements
/// (DIM A(n-1)); returns its header address.
pub fn dim_array(m: &mut Memory, name: u8, n: u16) -> u16 {
    let hdr = m.read_u16(addr::ARRAYS_START);
    let size = 5 + 2 + 5 * n;
    m.poke(hdr, name);
    m.poke(hdr + 1, 0);
    m.write_u16(hdr + 2, size);
    m.poke(hdr + 4, 1);
    m.write_u16(hdr + 5, n);
    for a in hdr + 7..hdr + size {
        m.poke(a, 0);
    }
    m.write_u16(addr::STORAGE_END, hdr + size);
    hdr
}
