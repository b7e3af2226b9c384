//! The MC6809's instruction set as a table a person can check against the data sheet: for each
//! opcode of pages 1 to 3, its mnemonic, what it does, how it finds its operand and its base
//! cycle count. The executor adds only what the data sheet marks as variable: the indexed
//! postbyte's extra cycles, one per byte pushed or pulled, one for a taken conditional long
//! branch and nine for an RTI that pulls the whole machine state.
//!
//! The undocumented opcodes follow in lists of their own, doing what a real chip does with
//! them (docs/machine.md §10): every byte on every page does something, most of them what a
//! neighbouring documented opcode does, a few halt the chip (the CPU stops with a fault).

use Mode::*;
use Op::*;
use Reg16::{D, S, U, X, Y};
use Reg8::{A, B};

/// How an instruction finds its operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Inherent,
    /// One byte after the opcode (a value, or a postbyte for TFR, PSHS, ANDCC...).
    Immediate8,
    Immediate16,
    /// One byte after the opcode, the low half of an address whose high half is DP.
    Direct,
    Extended,
    Indexed,
    Relative8,
    Relative16,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reg8 {
    A,
    B,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reg16 {
    D,
    X,
    Y,
    U,
    S,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stack {
    S,
    U,
}

/// The read-modify-write operations that work on A, B or a memory byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rmw {
    Neg,
    Com,
    Lsr,
    Ror,
    Asr,
    Asl,
    Rol,
    Dec,
    Inc,
    Tst,
    Clr,
    /// Undocumented ($x2): NEG when C is clear, COM when it is set.
    Ngc,
    /// Undocumented ($xB): DEC that also sets C when the operand was 0.
    Xdec,
    /// Undocumented ($4E, $5E): CLR that leaves C alone.
    Xclr,
}

/// The operations of an 8-bit accumulator with a memory or immediate operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Alu8 {
    Sub,
    Cmp,
    Sbc,
    And,
    Bit,
    Ld,
    Eor,
    Adc,
    Or,
    Add,
    /// Undocumented "store immediate" ($87, $C7): reads the byte after the opcode, sets N,
    /// clears Z and V, changes no register.
    Discard,
}

/// The operations of a 16-bit register with a memory or immediate operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Alu16 {
    Sub,
    Add,
    Cmp,
    Ld,
    /// Undocumented ($10C3, $11C3 ...): the flags of an addition, the register unchanged.
    AddDiscard,
}

/// A branch condition, in the order of the opcodes $20-$2F.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cond {
    Always,
    Never,
    Hi,
    Ls,
    Hs,
    Lo,
    Ne,
    Eq,
    Vc,
    Vs,
    Pl,
    Mi,
    Ge,
    Lt,
    Gt,
    Le,
}

/// What an instruction does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    RmwAcc(Rmw, Reg8),
    RmwMem(Rmw),
    Alu8(Alu8, Reg8),
    Store8(Reg8),
    Alu16(Alu16, Reg16),
    Store16(Reg16),
    Lea(Reg16),
    /// A short branch, or LBRA ($16) when its mode is Relative16.
    Branch(Cond),
    /// A page 2 long branch: a cycle more when it branches.
    LongBranch(Cond),
    Bsr,
    Jsr,
    Jmp,
    Rts,
    Rti,
    /// SWI, SWI2 or SWI3.
    Swi(u8),
    Nop,
    Sync,
    Cwai,
    Daa,
    Orcc,
    Andcc,
    Sex,
    Exg,
    Tfr,
    Abx,
    Mul,
    Push(Stack),
    Pull(Stack),
    /// Undocumented ($3E, $103E, $113E): stacks the entire state with E as it is and goes
    /// through `vector` without masking interrupts.
    StackAndVector(u16),
    /// Undocumented "store immediate" ($8F, $CF): writes the register's low byte over the
    /// second byte after the opcode; N set, Z and V clear.
    StoreImmediate(Reg16),
    /// Undocumented ($18): CC = (CC AND the next byte) shifted left, V from the old Z.
    ShiftCc,
    /// Undocumented ANDCC ($38), a cycle slower than $1C.
    AndccSlow,
    /// An opcode after a prefix that does nothing but spend its cycle.
    Nothing,
    /// An opcode that halts the real chip until reset ($14, $15, $CD).
    Halt,
}

/// One opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    pub code: u8,
    pub mnemonic: &'static str,
    pub op: Op,
    pub mode: Mode,
    /// The data sheet's cycle count (the "+" base for indexed forms; prefix included).
    pub cycles: u8,
    /// In the data sheet (false: a real chip's undocumented behaviour).
    pub documented: bool,
}

const fn e(code: u8, mnemonic: &'static str, op: Op, mode: Mode, cycles: u8) -> Entry {
    Entry {
        code,
        mnemonic,
        op,
        mode,
        cycles,
        documented: true,
    }
}

/// An undocumented opcode.
const fn u(code: u8, mnemonic: &'static str, op: Op, mode: Mode, cycles: u8) -> Entry {
    Entry {
        documented: false,
        ..e(code, mnemonic, op, mode, cycles)
    }
}

/// A page's table indexed by opcode byte, built at compile time from the lists.
pub(crate) type Page = [Entry; 256];

/// What a prefixed opcode with no behaviour of its own does: the prefix, the opcode and a
/// dead cycle.
const fn nothing(code: u8) -> Entry {
    u(code, "-", Nothing, Inherent, 3)
}

const fn overlay(mut page: Page, list: &[Entry]) -> Page {
    let mut i = 0;
    while i < list.len() {
        page[list[i].code as usize] = list[i];
        i += 1;
    }
    page
}

/// Page 1: every byte but the prefixes $10 and $11 (which the decoder reads first).
const fn page1() -> Page {
    let page = [nothing(0); 256];
    overlay(overlay(page, &PAGE1), &PAGE1_UNDOCUMENTED)
}

/// A prefixed page: an opcode the page does not define does what it does on page 1, a cycle
/// later (the prefix's), except the `inert` ones, which do nothing; then the page's own.
const fn prefixed(inert: &[u8], own: &[Entry], undocumented: &[Entry]) -> Page {
    let mut page = page1();
    let mut i = 0;
    while i < 256 {
        page[i].cycles += 1;
        page[i].documented = false;
        i += 1;
    }
    let mut i = 0;
    while i < inert.len() {
        page[inert[i] as usize] = nothing(inert[i]);
        i += 1;
    }
    overlay(overlay(page, own), undocumented)
}

/// What the executor needs of an entry, packed small so decoding loads little.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Decoded {
    pub op: Op,
    pub mode: Mode,
    pub cycles: u8,
}

const fn decoded(page: &Page) -> [Decoded; 256] {
    let mut table = [Decoded {
        op: Nothing,
        mode: Inherent,
        cycles: 0,
    }; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = Decoded {
            op: page[i].op,
            mode: page[i].mode,
            cycles: page[i].cycles,
        };
        i += 1;
    }
    table
}

pub(crate) static PAGE1_DECODED: [Decoded; 256] = decoded(&PAGE1_BY_CODE);
pub(crate) static PAGE2_DECODED: [Decoded; 256] = decoded(&PAGE2_BY_CODE);
pub(crate) static PAGE3_DECODED: [Decoded; 256] = decoded(&PAGE3_BY_CODE);

pub(crate) static PAGE1_BY_CODE: Page = page1();
pub(crate) static PAGE2_BY_CODE: Page = prefixed(&PAGE2_INERT, &PAGE2, &PAGE2_UNDOCUMENTED);
pub(crate) static PAGE3_BY_CODE: Page = prefixed(&PAGE3_INERT, &PAGE3, &PAGE3_UNDOCUMENTED);

/// Page 1 (no prefix).
#[rustfmt::skip]
pub(super) const PAGE1: [Entry; 221] = [
    //  opcode mnemonic  operation                      addressing   cycles
    e(0x00, "NEG",    RmwMem(Rmw::Neg),              Direct,       6),
    e(0x03, "COM",    RmwMem(Rmw::Com),              Direct,       6),
    e(0x04, "LSR",    RmwMem(Rmw::Lsr),              Direct,       6),
    e(0x06, "ROR",    RmwMem(Rmw::Ror),              Direct,       6),
    e(0x07, "ASR",    RmwMem(Rmw::Asr),              Direct,       6),
    e(0x08, "ASL",    RmwMem(Rmw::Asl),              Direct,       6),
    e(0x09, "ROL",    RmwMem(Rmw::Rol),              Direct,       6),
    e(0x0A, "DEC",    RmwMem(Rmw::Dec),              Direct,       6),
    e(0x0C, "INC",    RmwMem(Rmw::Inc),              Direct,       6),
    e(0x0D, "TST",    RmwMem(Rmw::Tst),              Direct,       6),
    e(0x0E, "JMP",    Jmp,                           Direct,       3),
    e(0x0F, "CLR",    RmwMem(Rmw::Clr),              Direct,       6),
    e(0x12, "NOP",    Nop,                           Inherent,     2),
    e(0x13, "SYNC",   Sync,                          Inherent,     2),  // then idles; 2 more on waking (4 at least)
    e(0x16, "LBRA",   Branch(Cond::Always),          Relative16,   5),  // two dead cycles
    e(0x17, "LBSR",   Bsr,                           Relative16,   9),
    e(0x19, "DAA",    Daa,                           Inherent,     2),
    e(0x1A, "ORCC",   Orcc,                          Immediate8,   3),
    e(0x1C, "ANDCC",  Andcc,                         Immediate8,   3),
    e(0x1D, "SEX",    Sex,                           Inherent,     2),
    e(0x1E, "EXG",    Exg,                           Immediate8,   8),
    e(0x1F, "TFR",    Tfr,                           Immediate8,   6),
    e(0x20, "BRA",    Branch(Cond::Always),          Relative8,    3),
    e(0x21, "BRN",    Branch(Cond::Never),           Relative8,    3),
    e(0x22, "BHI",    Branch(Cond::Hi),              Relative8,    3),
    e(0x23, "BLS",    Branch(Cond::Ls),              Relative8,    3),
    e(0x24, "BHS",    Branch(Cond::Hs),              Relative8,    3),
    e(0x25, "BLO",    Branch(Cond::Lo),              Relative8,    3),
    e(0x26, "BNE",    Branch(Cond::Ne),              Relative8,    3),
    e(0x27, "BEQ",    Branch(Cond::Eq),              Relative8,    3),
    e(0x28, "BVC",    Branch(Cond::Vc),              Relative8,    3),
    e(0x29, "BVS",    Branch(Cond::Vs),              Relative8,    3),
    e(0x2A, "BPL",    Branch(Cond::Pl),              Relative8,    3),
    e(0x2B, "BMI",    Branch(Cond::Mi),              Relative8,    3),
    e(0x2C, "BGE",    Branch(Cond::Ge),              Relative8,    3),
    e(0x2D, "BLT",    Branch(Cond::Lt),              Relative8,    3),
    e(0x2E, "BGT",    Branch(Cond::Gt),              Relative8,    3),
    e(0x2F, "BLE",    Branch(Cond::Le),              Relative8,    3),
    e(0x30, "LEAX",   Lea(X),                        Indexed,      4),
    e(0x31, "LEAY",   Lea(Y),                        Indexed,      4),
    e(0x32, "LEAS",   Lea(S),                        Indexed,      4),
    e(0x33, "LEAU",   Lea(U),                        Indexed,      4),
    e(0x34, "PSHS",   Push(Stack::S),                Immediate8,   5),  // +1 a byte pushed
    e(0x35, "PULS",   Pull(Stack::S),                Immediate8,   5),  // +1 a byte pulled
    e(0x36, "PSHU",   Push(Stack::U),                Immediate8,   5),  // +1 a byte pushed
    e(0x37, "PULU",   Pull(Stack::U),                Immediate8,   5),  // +1 a byte pulled
    e(0x39, "RTS",    Rts,                           Inherent,     5),
    e(0x3A, "ABX",    Abx,                           Inherent,     3),
    e(0x3B, "RTI",    Rti,                           Inherent,     6),  // 15 when E is set (the entire state)
    e(0x3C, "CWAI",   Cwai,                          Immediate8,  20),  // at least: 16 to stack, 4 on waking
    e(0x3D, "MUL",    Mul,                           Inherent,    11),
    e(0x3F, "SWI",    Swi(1),                        Inherent,    19),
    e(0x40, "NEGA",   RmwAcc(Rmw::Neg, A),           Inherent,     2),
    e(0x43, "COMA",   RmwAcc(Rmw::Com, A),           Inherent,     2),
    e(0x44, "LSRA",   RmwAcc(Rmw::Lsr, A),           Inherent,     2),
    e(0x46, "RORA",   RmwAcc(Rmw::Ror, A),           Inherent,     2),
    e(0x47, "ASRA",   RmwAcc(Rmw::Asr, A),           Inherent,     2),
    e(0x48, "ASLA",   RmwAcc(Rmw::Asl, A),           Inherent,     2),
    e(0x49, "ROLA",   RmwAcc(Rmw::Rol, A),           Inherent,     2),
    e(0x4A, "DECA",   RmwAcc(Rmw::Dec, A),           Inherent,     2),
    e(0x4C, "INCA",   RmwAcc(Rmw::Inc, A),           Inherent,     2),
    e(0x4D, "TSTA",   RmwAcc(Rmw::Tst, A),           Inherent,     2),
    e(0x4F, "CLRA",   RmwAcc(Rmw::Clr, A),           Inherent,     2),
    e(0x50, "NEGB",   RmwAcc(Rmw::Neg, B),           Inherent,     2),
    e(0x53, "COMB",   RmwAcc(Rmw::Com, B),           Inherent,     2),
    e(0x54, "LSRB",   RmwAcc(Rmw::Lsr, B),           Inherent,     2),
    e(0x56, "RORB",   RmwAcc(Rmw::Ror, B),           Inherent,     2),
    e(0x57, "ASRB",   RmwAcc(Rmw::Asr, B),           Inherent,     2),
    e(0x58, "ASLB",   RmwAcc(Rmw::Asl, B),           Inherent,     2),
    e(0x59, "ROLB",   RmwAcc(Rmw::Rol, B),           Inherent,     2),
    e(0x5A, "DECB",   RmwAcc(Rmw::Dec, B),           Inherent,     2),
    e(0x5C, "INCB",   RmwAcc(Rmw::Inc, B),           Inherent,     2),
    e(0x5D, "TSTB",   RmwAcc(Rmw::Tst, B),           Inherent,     2),
    e(0x5F, "CLRB",   RmwAcc(Rmw::Clr, B),           Inherent,     2),
    e(0x60, "NEG",    RmwMem(Rmw::Neg),              Indexed,      6),
    e(0x63, "COM",    RmwMem(Rmw::Com),              Indexed,      6),
    e(0x64, "LSR",    RmwMem(Rmw::Lsr),              Indexed,      6),
    e(0x66, "ROR",    RmwMem(Rmw::Ror),              Indexed,      6),
    e(0x67, "ASR",    RmwMem(Rmw::Asr),              Indexed,      6),
    e(0x68, "ASL",    RmwMem(Rmw::Asl),              Indexed,      6),
    e(0x69, "ROL",    RmwMem(Rmw::Rol),              Indexed,      6),
    e(0x6A, "DEC",    RmwMem(Rmw::Dec),              Indexed,      6),
    e(0x6C, "INC",    RmwMem(Rmw::Inc),              Indexed,      6),
    e(0x6D, "TST",    RmwMem(Rmw::Tst),              Indexed,      6),
    e(0x6E, "JMP",    Jmp,                           Indexed,      3),
    e(0x6F, "CLR",    RmwMem(Rmw::Clr),              Indexed,      6),
    e(0x70, "NEG",    RmwMem(Rmw::Neg),              Extended,     7),
    e(0x73, "COM",    RmwMem(Rmw::Com),              Extended,     7),
    e(0x74, "LSR",    RmwMem(Rmw::Lsr),              Extended,     7),
    e(0x76, "ROR",    RmwMem(Rmw::Ror),              Extended,     7),
    e(0x77, "ASR",    RmwMem(Rmw::Asr),              Extended,     7),
    e(0x78, "ASL",    RmwMem(Rmw::Asl),              Extended,     7),
    e(0x79, "ROL",    RmwMem(Rmw::Rol),              Extended,     7),
    e(0x7A, "DEC",    RmwMem(Rmw::Dec),              Extended,     7),
    e(0x7C, "INC",    RmwMem(Rmw::Inc),              Extended,     7),
    e(0x7D, "TST",    RmwMem(Rmw::Tst),              Extended,     7),
    e(0x7E, "JMP",    Jmp,                           Extended,     4),
    e(0x7F, "CLR",    RmwMem(Rmw::Clr),              Extended,     7),
    e(0x80, "SUBA",   Alu8(Alu8::Sub, A),            Immediate8,   2),
    e(0x81, "CMPA",   Alu8(Alu8::Cmp, A),            Immediate8,   2),
    e(0x82, "SBCA",   Alu8(Alu8::Sbc, A),            Immediate8,   2),
    e(0x83, "SUBD",   Alu16(Alu16::Sub, D),          Immediate16,  4),
    e(0x84, "ANDA",   Alu8(Alu8::And, A),            Immediate8,   2),
    e(0x85, "BITA",   Alu8(Alu8::Bit, A),            Immediate8,   2),
    e(0x86, "LDA",    Alu8(Alu8::Ld, A),             Immediate8,   2),
    e(0x88, "EORA",   Alu8(Alu8::Eor, A),            Immediate8,   2),
    e(0x89, "ADCA",   Alu8(Alu8::Adc, A),            Immediate8,   2),
    e(0x8A, "ORA",    Alu8(Alu8::Or, A),             Immediate8,   2),
    e(0x8B, "ADDA",   Alu8(Alu8::Add, A),            Immediate8,   2),
    e(0x8C, "CMPX",   Alu16(Alu16::Cmp, X),          Immediate16,  4),
    e(0x8D, "BSR",    Bsr,                           Relative8,    7),
    e(0x8E, "LDX",    Alu16(Alu16::Ld, X),           Immediate16,  3),
    e(0x90, "SUBA",   Alu8(Alu8::Sub, A),            Direct,       4),
    e(0x91, "CMPA",   Alu8(Alu8::Cmp, A),            Direct,       4),
    e(0x92, "SBCA",   Alu8(Alu8::Sbc, A),            Direct,       4),
    e(0x93, "SUBD",   Alu16(Alu16::Sub, D),          Direct,       6),
    e(0x94, "ANDA",   Alu8(Alu8::And, A),            Direct,       4),
    e(0x95, "BITA",   Alu8(Alu8::Bit, A),            Direct,       4),
    e(0x96, "LDA",    Alu8(Alu8::Ld, A),             Direct,       4),
    e(0x97, "STA",    Store8(A),                     Direct,       4),
    e(0x98, "EORA",   Alu8(Alu8::Eor, A),            Direct,       4),
    e(0x99, "ADCA",   Alu8(Alu8::Adc, A),            Direct,       4),
    e(0x9A, "ORA",    Alu8(Alu8::Or, A),             Direct,       4),
    e(0x9B, "ADDA",   Alu8(Alu8::Add, A),            Direct,       4),
    e(0x9C, "CMPX",   Alu16(Alu16::Cmp, X),          Direct,       6),
    e(0x9D, "JSR",    Jsr,                           Direct,       7),
    e(0x9E, "LDX",    Alu16(Alu16::Ld, X),           Direct,       5),
    e(0x9F, "STX",    Store16(X),                    Direct,       5),
    e(0xA0, "SUBA",   Alu8(Alu8::Sub, A),            Indexed,      4),
    e(0xA1, "CMPA",   Alu8(Alu8::Cmp, A),            Indexed,      4),
    e(0xA2, "SBCA",   Alu8(Alu8::Sbc, A),            Indexed,      4),
    e(0xA3, "SUBD",   Alu16(Alu16::Sub, D),          Indexed,      6),
    e(0xA4, "ANDA",   Alu8(Alu8::And, A),            Indexed,      4),
    e(0xA5, "BITA",   Alu8(Alu8::Bit, A),            Indexed,      4),
    e(0xA6, "LDA",    Alu8(Alu8::Ld, A),             Indexed,      4),
    e(0xA7, "STA",    Store8(A),                     Indexed,      4),
    e(0xA8, "EORA",   Alu8(Alu8::Eor, A),            Indexed,      4),
    e(0xA9, "ADCA",   Alu8(Alu8::Adc, A),            Indexed,      4),
    e(0xAA, "ORA",    Alu8(Alu8::Or, A),             Indexed,      4),
    e(0xAB, "ADDA",   Alu8(Alu8::Add, A),            Indexed,      4),
    e(0xAC, "CMPX",   Alu16(Alu16::Cmp, X),          Indexed,      6),
    e(0xAD, "JSR",    Jsr,                           Indexed,      7),
    e(0xAE, "LDX",    Alu16(Alu16::Ld, X),           Indexed,      5),
    e(0xAF, "STX",    Store16(X),                    Indexed,      5),
    e(0xB0, "SUBA",   Alu8(Alu8::Sub, A),            Extended,     5),
    e(0xB1, "CMPA",   Alu8(Alu8::Cmp, A),            Extended,     5),
    e(0xB2, "SBCA",   Alu8(Alu8::Sbc, A),            Extended,     5),
    e(0xB3, "SUBD",   Alu16(Alu16::Sub, D),          Extended,     7),
    e(0xB4, "ANDA",   Alu8(Alu8::And, A),            Extended,     5),
    e(0xB5, "BITA",   Alu8(Alu8::Bit, A),            Extended,     5),
    e(0xB6, "LDA",    Alu8(Alu8::Ld, A),             Extended,     5),
    e(0xB7, "STA",    Store8(A),                     Extended,     5),
    e(0xB8, "EORA",   Alu8(Alu8::Eor, A),            Extended,     5),
    e(0xB9, "ADCA",   Alu8(Alu8::Adc, A),            Extended,     5),
    e(0xBA, "ORA",    Alu8(Alu8::Or, A),             Extended,     5),
    e(0xBB, "ADDA",   Alu8(Alu8::Add, A),            Extended,     5),
    e(0xBC, "CMPX",   Alu16(Alu16::Cmp, X),          Extended,     7),
    e(0xBD, "JSR",    Jsr,                           Extended,     8),
    e(0xBE, "LDX",    Alu16(Alu16::Ld, X),           Extended,     6),
    e(0xBF, "STX",    Store16(X),                    Extended,     6),
    e(0xC0, "SUBB",   Alu8(Alu8::Sub, B),            Immediate8,   2),
    e(0xC1, "CMPB",   Alu8(Alu8::Cmp, B),            Immediate8,   2),
    e(0xC2, "SBCB",   Alu8(Alu8::Sbc, B),            Immediate8,   2),
    e(0xC3, "ADDD",   Alu16(Alu16::Add, D),          Immediate16,  4),
    e(0xC4, "ANDB",   Alu8(Alu8::And, B),            Immediate8,   2),
    e(0xC5, "BITB",   Alu8(Alu8::Bit, B),            Immediate8,   2),
    e(0xC6, "LDB",    Alu8(Alu8::Ld, B),             Immediate8,   2),
    e(0xC8, "EORB",   Alu8(Alu8::Eor, B),            Immediate8,   2),
    e(0xC9, "ADCB",   Alu8(Alu8::Adc, B),            Immediate8,   2),
    e(0xCA, "ORB",    Alu8(Alu8::Or, B),             Immediate8,   2),
    e(0xCB, "ADDB",   Alu8(Alu8::Add, B),            Immediate8,   2),
    e(0xCC, "LDD",    Alu16(Alu16::Ld, D),           Immediate16,  3),
    e(0xCE, "LDU",    Alu16(Alu16::Ld, U),           Immediate16,  3),
    e(0xD0, "SUBB",   Alu8(Alu8::Sub, B),            Direct,       4),
    e(0xD1, "CMPB",   Alu8(Alu8::Cmp, B),            Direct,       4),
    e(0xD2, "SBCB",   Alu8(Alu8::Sbc, B),            Direct,       4),
    e(0xD3, "ADDD",   Alu16(Alu16::Add, D),          Direct,       6),
    e(0xD4, "ANDB",   Alu8(Alu8::And, B),            Direct,       4),
    e(0xD5, "BITB",   Alu8(Alu8::Bit, B),            Direct,       4),
    e(0xD6, "LDB",    Alu8(Alu8::Ld, B),             Direct,       4),
    e(0xD7, "STB",    Store8(B),                     Direct,       4),
    e(0xD8, "EORB",   Alu8(Alu8::Eor, B),            Direct,       4),
    e(0xD9, "ADCB",   Alu8(Alu8::Adc, B),            Direct,       4),
    e(0xDA, "ORB",    Alu8(Alu8::Or, B),             Direct,       4),
    e(0xDB, "ADDB",   Alu8(Alu8::Add, B),            Direct,       4),
    e(0xDC, "LDD",    Alu16(Alu16::Ld, D),           Direct,       5),
    e(0xDD, "STD",    Store16(D),                    Direct,       5),
    e(0xDE, "LDU",    Alu16(Alu16::Ld, U),           Direct,       5),
    e(0xDF, "STU",    Store16(U),                    Direct,       5),
    e(0xE0, "SUBB",   Alu8(Alu8::Sub, B),            Indexed,      4),
    e(0xE1, "CMPB",   Alu8(Alu8::Cmp, B),            Indexed,      4),
    e(0xE2, "SBCB",   Alu8(Alu8::Sbc, B),            Indexed,      4),
    e(0xE3, "ADDD",   Alu16(Alu16::Add, D),          Indexed,      6),
    e(0xE4, "ANDB",   Alu8(Alu8::And, B),            Indexed,      4),
    e(0xE5, "BITB",   Alu8(Alu8::Bit, B),            Indexed,      4),
    e(0xE6, "LDB",    Alu8(Alu8::Ld, B),             Indexed,      4),
    e(0xE7, "STB",    Store8(B),                     Indexed,      4),
    e(0xE8, "EORB",   Alu8(Alu8::Eor, B),            Indexed,      4),
    e(0xE9, "ADCB",   Alu8(Alu8::Adc, B),            Indexed,      4),
    e(0xEA, "ORB",    Alu8(Alu8::Or, B),             Indexed,      4),
    e(0xEB, "ADDB",   Alu8(Alu8::Add, B),            Indexed,      4),
    e(0xEC, "LDD",    Alu16(Alu16::Ld, D),           Indexed,      5),
    e(0xED, "STD",    Store16(D),                    Indexed,      5),
    e(0xEE, "LDU",    Alu16(Alu16::Ld, U),           Indexed,      5),
    e(0xEF, "STU",    Store16(U),                    Indexed,      5),
    e(0xF0, "SUBB",   Alu8(Alu8::Sub, B),            Extended,     5),
    e(0xF1, "CMPB",   Alu8(Alu8::Cmp, B),            Extended,     5),
    e(0xF2, "SBCB",   Alu8(Alu8::Sbc, B),            Extended,     5),
    e(0xF3, "ADDD",   Alu16(Alu16::Add, D),          Extended,     7),
    e(0xF4, "ANDB",   Alu8(Alu8::And, B),            Extended,     5),
    e(0xF5, "BITB",   Alu8(Alu8::Bit, B),            Extended,     5),
    e(0xF6, "LDB",    Alu8(Alu8::Ld, B),             Extended,     5),
    e(0xF7, "STB",    Store8(B),                     Extended,     5),
    e(0xF8, "EORB",   Alu8(Alu8::Eor, B),            Extended,     5),
    e(0xF9, "ADCB",   Alu8(Alu8::Adc, B),            Extended,     5),
    e(0xFA, "ORB",    Alu8(Alu8::Or, B),             Extended,     5),
    e(0xFB, "ADDB",   Alu8(Alu8::Add, B),            Extended,     5),
    e(0xFC, "LDD",    Alu16(Alu16::Ld, D),           Extended,     6),
    e(0xFD, "STD",    Store16(D),                    Extended,     6),
    e(0xFE, "LDU",    Alu16(Alu16::Ld, U),           Extended,     6),
    e(0xFF, "STU",    Store16(U),                    Extended,     6),
];

/// Page 2 (after the $10 prefix; the cycles include the prefix).
#[rustfmt::skip]
pub(super) const PAGE2: [Entry; 38] = [
    //  opcode mnemonic  operation                      addressing   cycles
    e(0x21, "LBRN",   LongBranch(Cond::Never),       Relative16,   5),  // never branches
    e(0x22, "LBHI",   LongBranch(Cond::Hi),          Relative16,   5),  // 6 when it branches
    e(0x23, "LBLS",   LongBranch(Cond::Ls),          Relative16,   5),  // 6 when it branches
    e(0x24, "LBHS",   LongBranch(Cond::Hs),          Relative16,   5),  // 6 when it branches
    e(0x25, "LBLO",   LongBranch(Cond::Lo),          Relative16,   5),  // 6 when it branches
    e(0x26, "LBNE",   LongBranch(Cond::Ne),          Relative16,   5),  // 6 when it branches
    e(0x27, "LBEQ",   LongBranch(Cond::Eq),          Relative16,   5),  // 6 when it branches
    e(0x28, "LBVC",   LongBranch(Cond::Vc),          Relative16,   5),  // 6 when it branches
    e(0x29, "LBVS",   LongBranch(Cond::Vs),          Relative16,   5),  // 6 when it branches
    e(0x2A, "LBPL",   LongBranch(Cond::Pl),          Relative16,   5),  // 6 when it branches
    e(0x2B, "LBMI",   LongBranch(Cond::Mi),          Relative16,   5),  // 6 when it branches
    e(0x2C, "LBGE",   LongBranch(Cond::Ge),          Relative16,   5),  // 6 when it branches
    e(0x2D, "LBLT",   LongBranch(Cond::Lt),          Relative16,   5),  // 6 when it branches
    e(0x2E, "LBGT",   LongBranch(Cond::Gt),          Relative16,   5),  // 6 when it branches
    e(0x2F, "LBLE",   LongBranch(Cond::Le),          Relative16,   5),  // 6 when it branches
    e(0x3F, "SWI2",   Swi(2),                        Inherent,    20),
    e(0x83, "CMPD",   Alu16(Alu16::Cmp, D),          Immediate16,  5),
    e(0x8C, "CMPY",   Alu16(Alu16::Cmp, Y),          Immediate16,  5),
    e(0x8E, "LDY",    Alu16(Alu16::Ld, Y),           Immediate16,  4),
    e(0x93, "CMPD",   Alu16(Alu16::Cmp, D),          Direct,       7),
    e(0x9C, "CMPY",   Alu16(Alu16::Cmp, Y),          Direct,       7),
    e(0x9E, "LDY",    Alu16(Alu16::Ld, Y),           Direct,       6),
    e(0x9F, "STY",    Store16(Y),                    Direct,       6),
    e(0xA3, "CMPD",   Alu16(Alu16::Cmp, D),          Indexed,      7),
    e(0xAC, "CMPY",   Alu16(Alu16::Cmp, Y),          Indexed,      7),
    e(0xAE, "LDY",    Alu16(Alu16::Ld, Y),           Indexed,      6),
    e(0xAF, "STY",    Store16(Y),                    Indexed,      6),
    e(0xB3, "CMPD",   Alu16(Alu16::Cmp, D),          Extended,     8),
    e(0xBC, "CMPY",   Alu16(Alu16::Cmp, Y),          Extended,     8),
    e(0xBE, "LDY",    Alu16(Alu16::Ld, Y),           Extended,     7),
    e(0xBF, "STY",    Store16(Y),                    Extended,     7),
    e(0xCE, "LDS",    Alu16(Alu16::Ld, S),           Immediate16,  4),
    e(0xDE, "LDS",    Alu16(Alu16::Ld, S),           Direct,       6),
    e(0xDF, "STS",    Store16(S),                    Direct,       6),
    e(0xEE, "LDS",    Alu16(Alu16::Ld, S),           Indexed,      6),
    e(0xEF, "STS",    Store16(S),                    Indexed,      6),
    e(0xFE, "LDS",    Alu16(Alu16::Ld, S),           Extended,     7),
    e(0xFF, "STS",    Store16(S),                    Extended,     7),
];

/// Page 3 (after the $11 prefix; the cycles include the prefix).
#[rustfmt::skip]
pub(super) const PAGE3: [Entry; 9] = [
    //  opcode mnemonic  operation                      addressing   cycles
    e(0x3F, "SWI3",   Swi(3),                        Inherent,    20),
    e(0x83, "CMPU",   Alu16(Alu16::Cmp, U),          Immediate16,  5),
    e(0x8C, "CMPS",   Alu16(Alu16::Cmp, S),          Immediate16,  5),
    e(0x93, "CMPU",   Alu16(Alu16::Cmp, U),          Direct,       7),
    e(0x9C, "CMPS",   Alu16(Alu16::Cmp, S),          Direct,       7),
    e(0xA3, "CMPU",   Alu16(Alu16::Cmp, U),          Indexed,      7),
    e(0xAC, "CMPS",   Alu16(Alu16::Cmp, S),          Indexed,      7),
    e(0xB3, "CMPU",   Alu16(Alu16::Cmp, U),          Extended,     8),
    e(0xBC, "CMPS",   Alu16(Alu16::Cmp, S),          Extended,     8),
];

/// Page 1's undocumented opcodes (docs/machine.md §10).
#[rustfmt::skip]
pub(super) const PAGE1_UNDOCUMENTED: [Entry; 33] = [
    //  opcode mnemonic  operation                      addressing   cycles
    u(0x01, "NEG*",   RmwMem(Rmw::Neg),              Direct,       6),
    u(0x02, "NGC*",   RmwMem(Rmw::Ngc),              Direct,       6),
    u(0x05, "LSR*",   RmwMem(Rmw::Lsr),              Direct,       6),
    u(0x0B, "XDEC*",  RmwMem(Rmw::Xdec),             Direct,       6),
    u(0x14, "HCF*",   Halt,                          Inherent,     1),
    u(0x15, "HCF*",   Halt,                          Inherent,     1),
    u(0x18, "XCC*",   ShiftCc,                       Inherent,     3),
    u(0x1B, "NOP*",   Nop,                           Inherent,     2),
    u(0x38, "ANDCC*", AndccSlow,                     Immediate8,   4),
    u(0x3E, "XRES*",  StackAndVector(0xFFFE),        Inherent,    19),
    u(0x41, "NEGA*",  RmwAcc(Rmw::Neg, A),           Inherent,     2),
    u(0x42, "NGCA*",  RmwAcc(Rmw::Ngc, A),           Inherent,     2),
    u(0x45, "LSRA*",  RmwAcc(Rmw::Lsr, A),           Inherent,     2),
    u(0x4B, "XDECA*", RmwAcc(Rmw::Xdec, A),          Inherent,     2),
    u(0x4E, "XCLRA*", RmwAcc(Rmw::Xclr, A),          Inherent,     2),
    u(0x51, "NEGB*",  RmwAcc(Rmw::Neg, B),           Inherent,     2),
    u(0x52, "NGCB*",  RmwAcc(Rmw::Ngc, B),           Inherent,     2),
    u(0x55, "LSRB*",  RmwAcc(Rmw::Lsr, B),           Inherent,     2),
    u(0x5B, "XDECB*", RmwAcc(Rmw::Xdec, B),          Inherent,     2),
    u(0x5E, "XCLRB*", RmwAcc(Rmw::Xclr, B),          Inherent,     2),
    u(0x61, "NEG*",   RmwMem(Rmw::Neg),              Indexed,      6),
    u(0x62, "NGC*",   RmwMem(Rmw::Ngc),              Indexed,      6),
    u(0x65, "LSR*",   RmwMem(Rmw::Lsr),              Indexed,      6),
    u(0x6B, "XDEC*",  RmwMem(Rmw::Xdec),             Indexed,      6),
    u(0x71, "NEG*",   RmwMem(Rmw::Neg),              Extended,     7),
    u(0x72, "NGC*",   RmwMem(Rmw::Ngc),              Extended,     7),
    u(0x75, "LSR*",   RmwMem(Rmw::Lsr),              Extended,     7),
    u(0x7B, "XDEC*",  RmwMem(Rmw::Xdec),             Extended,     7),
    u(0x87, "XSTA*",  Alu8(Alu8::Discard, A),        Immediate8,   2),
    u(0x8F, "XSTX*",  StoreImmediate(X),             Inherent,     3),
    u(0xC7, "XSTB*",  Alu8(Alu8::Discard, B),        Immediate8,   2),
    u(0xCD, "HCF*",   Halt,                          Inherent,     1),
    u(0xCF, "XSTU*",  StoreImmediate(U),             Inherent,     3),
];

/// Page 2's opcodes that do nothing rather than their page 1 neighbour's work.
pub(super) const PAGE2_INERT: [u8; 7] = [0xCC, 0xDC, 0xEC, 0xFC, 0xDD, 0xED, 0xFD];

/// Page 2's undocumented opcodes of its own.
#[rustfmt::skip]
pub(super) const PAGE2_UNDOCUMENTED: [Entry; 7] = [
    u(0x20, "LBRA*",  LongBranch(Cond::Always),      Relative16,   5),  // 6: it always branches
    u(0x3E, "XSWI2*", StackAndVector(0xFFF4),        Inherent,    20),
    u(0x8D, "LBRA*",  Branch(Cond::Always),          Relative16,   6),
    u(0xC3, "XADDD*", Alu16(Alu16::AddDiscard, D),   Immediate16,  5),
    u(0xD3, "XADDD*", Alu16(Alu16::AddDiscard, D),   Direct,       7),
    u(0xE3, "XADDD*", Alu16(Alu16::AddDiscard, D),   Indexed,      7),
    u(0xF3, "XADDD*", Alu16(Alu16::AddDiscard, D),   Extended,     8),
];

/// Page 3's opcodes that do nothing rather than their page 1 neighbour's work.
#[rustfmt::skip]
pub(super) const PAGE3_INERT: [u8; 41] = [
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F,
    0x30, 0x31, 0x32, 0x33,
    0x8E, 0x9E, 0xAE, 0xBE, 0xCC, 0xDC, 0xEC, 0xFC, 0xCE, 0xDE, 0xEE, 0xFE,
    0x9F, 0xAF, 0xBF, 0xDD, 0xED, 0xFD, 0xDF, 0xEF, 0xFF,
];

/// Page 3's undocumented opcodes of its own. XADDU adds to U with its high byte forced to
/// $FF (docs/machine.md §10).
#[rustfmt::skip]
pub(super) const PAGE3_UNDOCUMENTED: [Entry; 6] = [
    u(0x3E, "XFIRQ*", StackAndVector(0xFFF6),        Inherent,    20),
    u(0x8D, "LBRA*",  Branch(Cond::Always),          Relative16,   6),
    u(0xC3, "XADDU*", Alu16(Alu16::AddDiscard, U),   Immediate16,  5),
    u(0xD3, "XADDU*", Alu16(Alu16::AddDiscard, U),   Direct,       7),
    u(0xE3, "XADDU*", Alu16(Alu16::AddDiscard, U),   Indexed,      7),
    u(0xF3, "XADDU*", Alu16(Alu16::AddDiscard, U),   Extended,     8),
];
