//! The ROM's hardware and software init ($8000 → DoHWInit $BB40, $8003 → DoSWInit $BB88),
//! answered as DR's listing does them (docs/machine.md §12.4).

use super::CodeRun;
use crate::cpu::cc;
use crate::machine::hardware::Hardware;
use crate::machine::rom_area::SOFTWARE_INIT;

pub(super) const HW_INIT: [u16; 2] = [0x8000, 0xBB40];
pub(super) const SW_INIT: [u16; 2] = [0x8003, 0xBB88];

/// DoHWInit: the PIAs set up as at reset (PIA0: A inputs, B outputs, both sides $34, so the
/// field-sync IRQ is off; PIA1: DDR A $FE, DDR B $F8, both sides $34, outputs 0), then every
/// SAM bit cleared (the slow rate, the display at 0) but F1 (the display at $0400) and M0
/// (PIA1 PB2 reads 1: 16K chips). It ends `TFR Y,PC`: it returns to Y, not by RTS, with
/// A = $FF22 as read, B = 0, DP = 0, X = $FFE0. Its 322 cycles are returned.
pub(super) fn hardware(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    let a = init_chips(hw);
    let r = &mut run.cpu.regs;
    r.a = a;
    r.b = 0;
    r.dp = 0;
    r.x = 0xFFE0;
    r.cc &= !(cc::N | cc::Z | cc::V);
    if a & 0x04 == 0 {
        r.cc |= cc::Z;
    }
    r.pc = r.y;
    322
}

/// DoHWInit's writes to the chips, through the bus as its instructions make them (so the
/// deck's motor follows CA2 and the DAC's level is heard): the PIAs' directions and
/// controls, their outputs 0, then the SAM's sixteen bits cleared and F1 and M0 (or M1 when
/// PIA1 PB2 reads 0) set. Returns A, $FF22 as read. RESET runs it too (`warm_start.rs`).
pub(crate) fn init_chips(hw: &mut Hardware) -> u8 {
    for (a, v) in [
        (0xFF01, 0x00),
        (0xFF03, 0x00),
        (0xFF00, 0x00),
        (0xFF02, 0xFF),
        (0xFF01, 0x34),
        (0xFF03, 0x34),
        (0xFF21, 0x00),
        (0xFF23, 0x00),
        (0xFF20, 0xFE),
        (0xFF22, 0xF8),
        (0xFF21, 0x34),
        (0xFF23, 0x34),
    ] {
        hw.write_bus(a, v);
    }
    // CLR ,X and CLR 2,X: the 6809's CLR reads before it writes (which clears the flags).
    for a in [0xFF20, 0xFF22] {
        hw.read_bus(a);
        hw.write_bus(a, 0);
    }
    let a = hw.read_bus(0xFF22);
    for n in 0..16 {
        hw.write_bus(0xFFC0 + 2 * n, a);
    }
    hw.write_bus(0xFFC9, 0);
    hw.write_bus(if a & 0x04 != 0 { 0xFFDB } else { 0xFFDD }, 0);
    a
}

/// DoSWInit: [`SOFTWARE_INIT`]'s bytes into $008F-$009B and $0148-$0150; A = $53 (the last
/// byte copied), B = 0, X = $BBB5, U = $0151, Z set. Its cycles, less the RTS.
pub(super) fn software(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    for (at, bytes) in SOFTWARE_INIT {
        for (i, b) in bytes.iter().enumerate() {
            hw.write_bus(at + i as u16, *b);
        }
    }
    let r = &mut run.cpu.regs;
    r.a = 0x53;
    r.b = 0;
    r.x = 0xBBB5;
    r.u = 0x0151;
    r.cc = (r.cc & !(cc::N | cc::V)) | cc::Z;
    399
}
