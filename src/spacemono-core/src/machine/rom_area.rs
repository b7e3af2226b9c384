//! What a program reads where the Dragon's ROM is ($8000-$BFFF, and the vectors at
//! $FFF0-$FFFF, which answer from $BFF0-$BFFF). No ROM image ships: the bytes programs are
//! known to read are the Dragon's (the jump table at $8000, the indirect vectors at $A000,
//! the vectors), the rest read as [`FILLER`] (docs/machine.md §12).
//!
//! Also here: what the ROM writes into low RAM at power-on that machine code relies on (the
//! secondary interrupt vectors, the RAM hooks, the USR table and the EXEC address).

use crate::machine::memory::Memory;

/// What every ROM byte reads as that is not one of the Dragon's known bytes below.
pub const FILLER: u8 = 0x00;

/// The ROM's jump table: a `JMP >addr` ($7E) at $8000, $8003, ... to these routines of the
/// Dragon 32's ROM (DR L8000-L8030).
pub const JUMP_TABLE: [u16; 17] = [
    0xBB40, // $8000 hardware init
    0xBB88, // $8003 software init
    0xBBE5, // $8006 POLCAT: scan the keyboard (TextScanKbd)
    0xBBB5, // $8009 cursor blink (TextUpdateCurs)
    0xBCAB, // $800C CHROUT to the screen (TextVDUOut)
    0xBD1A, // $800F to the printer (PrinterOut)
    0xBD52, // $8012 read the joysticks (SysReadJoystick)
    0xBDCF, // $8015 cassette motor on
    0xBDDC, // $8018 cassette motor off
    0xBE68, // $801B write a leader
    0xBE12, // $801E write a byte
    0xBDE7, // $8021 read the leader
    0xBDAD, // $8024 read a byte
    0xBDA5, // $8027 read a bit
    0xBE7B, // $802A serial in (a Dragon 64's; an RTS on a Dragon 32)
    0xBE7C, // $802D serial out (likewise)
    0xBE7D, // $8030 set the baud rate (likewise)
];

/// Where the jump table starts and ends (exclusive).
pub const JUMP_TABLE_START: u16 = 0x8000;
pub const JUMP_TABLE_END: u16 = JUMP_TABLE_START + 3 * JUMP_TABLE.len() as u16;

/// The 6809's vectors as the Dragon 32's ROM holds them at $BFF2-$BFFF (read at $FFF2-$FFFF):
/// SWI3, SWI2, FIRQ, IRQ, SWI, NMI into low RAM's secondary vectors, RESET to $B3B4.
pub const VECTORS: [u16; 7] = [0x0100, 0x0103, 0x010F, 0x010C, 0x0106, 0x0109, 0xB3B4];
pub const VECTORS_START: u16 = 0xBFF2;

/// The ROM's indirect vectors at $A000-$A00D (DR IndKeyInput..IndCasWriteLead), which
/// programs call as `JSR [$A000]`: POLCAT, TextOutChar, cassette on for read, CasBlockIn,
/// CasBlockOut, the joystick read, the leader write.
pub const INDIRECT_VECTORS: [u16; 7] = [0x8006, 0xB54A, 0x8021, 0xB93E, 0xB999, 0x8012, 0x801B];
pub const INDIRECT_VECTORS_START: u16 = 0xA000;

/// What the ROM's software init (DoSWInit $BB88, which the reset runs) copies into low RAM:
/// 13 bytes to $008F (the cursor's blink count $32, the leader's length $0080, the cassette's
/// period limits $12 $0A $12, the motor's delay $DA5C, the keyboard's debounce $045E, the
/// printer's comma width, last comma field and width $10 $74 $84) and 9 to $0148 (the
/// printer's auto line feed $FF, alpha lock $FF, end of line length 1 and CR LF, then " DNS",
/// D.N. Smeed's initials). DR DBB9F.
pub const SOFTWARE_INIT: [(u16, &[u8]); 2] = [
    (
        0x008F,
        &[
            0x32, 0x00, 0x80, 0x12, 0x0A, 0x12, 0xDA, 0x5C, 0x04, 0x5E, 0x10, 0x74, 0x84,
        ],
    ),
    (
        0x0148,
        &[0xFF, 0xFF, 0x01, 0x0D, 0x0A, 0x20, 0x44, 0x4E, 0x53],
    ),
];

/// The byte at `a` ($8000-$BFFF; the caller folds $FFF0-$FFFF onto $BFF0-$BFFF).
#[inline]
pub fn read(a: u16) -> u8 {
    if (JUMP_TABLE_START..JUMP_TABLE_END).contains(&a) {
        let i = (a - JUMP_TABLE_START) as usize;
        let [hi, lo] = JUMP_TABLE[i / 3].to_be_bytes();
        return [0x7E, hi, lo][i % 3];
    }
    if (INDIRECT_VECTORS_START..INDIRECT_VECTORS_START + 14).contains(&a) {
        let i = (a - INDIRECT_VECTORS_START) as usize;
        return INDIRECT_VECTORS[i / 2].to_be_bytes()[i % 2];
    }
    if (VECTORS_START..=0xBFFF).contains(&a) {
        let i = (a - VECTORS_START) as usize;
        return VECTORS[i / 2].to_be_bytes()[i % 2];
    }
    FILLER
}

/// Low RAM the ROM sets up for machine code at power-on (DR LB3EA-LB425).
pub mod low_ram {
    /// The last EXEC address (CLOADM sets it, EXEC with no argument uses it).
    pub const EXEC_ADDRESS: u16 = 0x009D;
    /// The address of the USR table (10 addresses, USR0-USR9).
    pub const USR_TABLE_POINTER: u16 = 0x00B0;
    /// Where the USR table is on a Dragon 32 without a disk system.
    pub const USR_TABLE: u16 = 0x0134;
    /// The secondary IRQ vector: `JMP` to the ROM's IRQ service.
    pub const IRQ_VECTOR: u16 = 0x010C;
    /// The secondary FIRQ vector: `JMP` to the ROM's FIRQ service (cartridge start).
    pub const FIRQ_VECTOR: u16 = 0x010F;
    /// The RAM hooks: `RTS` each at power-on, from $015E for $4B bytes.
    pub const HOOKS_START: u16 = 0x015E;
    pub const HOOKS_END: u16 = 0x015E + 0x4B;
    /// The console-out hook, called with the character in A before it is printed.
    pub const CONSOLE_OUT_HOOK: u16 = 0x0167;
    /// The console-in hook, called before each key of a line is read.
    pub const CONSOLE_IN_HOOK: u16 = 0x016A;
    /// The error hook (VectUserError), called with the error's number times two in B.
    pub const ERROR_HOOK: u16 = 0x018E;
    /// The ROM's IRQ service (BasIRQVec) and FIRQ service.
    pub const ROM_IRQ: u16 = 0x9D3D;
    pub const ROM_FIRQ: u16 = 0xB469;
    /// BasFCError: what the USR table and the EXEC address hold until set (?FC ERROR).
    pub const FC_ERROR: u16 = 0x8B8D;
    /// WarmStartFlag: $55 while RESET is to keep BASIC (the warm start), set by the cold start.
    pub const WARM_START_FLAG: u16 = 0x0071;
    /// What [`WARM_START_FLAG`] holds for a warm start.
    pub const WARM: u8 = 0x55;
    /// IndVecReset: the warm start's address, whose first instruction must be a NOP.
    pub const WARM_START_VECTOR: u16 = 0x0072;
    /// The ROM's warm start (WarmStart $B44F, a NOP first).
    pub const ROM_WARM_START: u16 = 0xB44F;
    /// NOP: what RESET looks for at the warm start's address.
    pub const NOP: u8 = 0x12;
    /// RTS.
    pub const RTS: u8 = 0x39;
    /// JMP extended.
    pub const JMP: u8 = 0x7E;
}

/// Write what the ROM writes into low RAM at power-on for machine code to find: the EXEC
/// address and the USR table (all ?FC ERROR), the IRQ and FIRQ vectors' JMPs, an RTS in each
/// RAM hook, the software init's bytes ([`SOFTWARE_INIT`]), and the warm start's flag and
/// address (so that RESET keeps BASIC). (The ROM also copies TIMER
/// and the RND seed; BASIC's power-on sets those.)
pub fn power_on(mem: &mut Memory) {
    use low_ram::*;
    for (at, bytes) in SOFTWARE_INIT {
        for (i, b) in bytes.iter().enumerate() {
            mem.poke(at + i as u16, *b);
        }
    }
    mem.write_u16(EXEC_ADDRESS, FC_ERROR);
    mem.write_u16(USR_TABLE_POINTER, USR_TABLE);
    for n in 0..10 {
        mem.write_u16(USR_TABLE + 2 * n, FC_ERROR);
    }
    mem.poke(IRQ_VECTOR, JMP);
    mem.write_u16(IRQ_VECTOR + 1, ROM_IRQ);
    mem.poke(FIRQ_VECTOR, JMP);
    mem.write_u16(FIRQ_VECTOR + 1, ROM_FIRQ);
    for a in HOOKS_START..HOOKS_END {
        mem.poke(a, RTS);
    }
    mem.poke(WARM_START_FLAG, WARM);
    mem.write_u16(WARM_START_VECTOR, ROM_WARM_START);
}

/// Whether the IRQ vector at $010C still holds the ROM's `JMP $9D3D`.
#[inline]
pub fn irq_vector_is_roms(mem: &Memory) -> bool {
    mem.peek(low_ram::IRQ_VECTOR) == low_ram::JMP
        && mem.read_u16(low_ram::IRQ_VECTOR + 1) == low_ram::ROM_IRQ
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jump_table_and_vectors_read_as_the_dragons() {
        assert_eq!(
            [read(0x8006), read(0x8007), read(0x8008)],
            [0x7E, 0xBB, 0xE5]
        );
        assert_eq!(
            [read(0x8030), read(0x8031), read(0x8032)],
            [0x7E, 0xBE, 0x7D]
        );
        assert_eq!(read(0x8033), FILLER);
        assert_eq!([read(0xBFFE), read(0xBFFF)], [0xB3, 0xB4]);
        assert_eq!([read(0xBFF8), read(0xBFF9)], [0x01, 0x0C]);
        assert_eq!([read(0xA000), read(0xA001)], [0x80, 0x06]);
        assert_eq!([read(0xA00C), read(0xA00D)], [0x80, 0x1B]);
        assert_eq!(read(0xA00E), FILLER);
    }
}
