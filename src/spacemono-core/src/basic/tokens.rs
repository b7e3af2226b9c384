//! The Dragon 32 token tables (docs/machine.md §1; DR `BasicTokens.asm`), kept as data.
//!
//! Statement tokens are one byte, $80 upwards, in [`STATEMENTS`] order. Function tokens are
//! two bytes, $FF then $80 upwards, in [`FUNCTIONS`] order. Bytes below $80 are ASCII.

/// Keywords of the statement table; token = $80 + index.
pub const STATEMENTS: [&str; 78] = [
    "FOR", "GO", "REM", "'", "ELSE", "IF", "DATA", "PRINT", "ON", "INPUT", // $80-$89
    "END", "NEXT", "DIM", "READ", "LET", "RUN", "RESTORE", "RETURN", "STOP",
    "POKE", // $8A-$93
    "CONT", "LIST", "CLEAR", "NEW", "DEF", "CLOAD", "CSAVE", "OPEN", "CLOSE",
    "LLIST", // $94-$9D
    "SET", "RESET", "CLS", "MOTOR", "SOUND", "AUDIO", "EXEC", "SKIPF", "DEL",
    "EDIT", // $9E-$A7
    "TRON", "TROFF", "LINE", "PCLS", "PSET", "PRESET", "SCREEN", "PCLEAR", "COLOR",
    "CIRCLE", // $A8-$B1
    "PAINT", "GET", "PUT", "DRAW", "PCOPY", "PMODE", "PLAY", "DLOAD", "RENUM",
    "TAB(", // $B2-$BB
    "TO", "SUB", "FN", "THEN", "NOT", "STEP", "OFF", "+", "-", "*", // $BC-$C5
    "/", "^", "AND", "OR", ">", "=", "<", "USING", // $C6-$CD
];

/// Keywords of the function table; token = $FF, $80 + index.
pub const FUNCTIONS: [&str; 34] = [
    "SGN", "INT", "ABS", "POS", "RND", "SQR", "LOG", "EXP", "SIN", "COS", // $80-$89
    "TAN", "ATN", "PEEK", "LEN", "STR$", "VAL", "ASC", "CHR$", "EOF", "JOYSTK", // $8A-$93
    "FIX", "HEX$", "LEFT$", "RIGHT$", "MID$", "POINT", "INKEY$", "MEM", "VARPTR",
    "INSTR", // $94-$9D
    "TIMER", "PPOINT", "STRING$", "USR", // $9E-$A1
];

/// The byte that introduces a function token.
pub const FUNCTION_PREFIX: u8 = 0xFF;

/// The keyword a statement token stands for, if it is one.
pub fn statement_name(token: u8) -> Option<&'static str> {
    token
        .checked_sub(0x80)
        .and_then(|i| STATEMENTS.get(i as usize).copied())
}

/// The keyword a function token (the byte after $FF) stands for, if it is one.
pub fn function_name(token: u8) -> Option<&'static str> {
    token
        .checked_sub(0x80)
        .and_then(|i| FUNCTIONS.get(i as usize).copied())
}

/// Statement token values, named.
pub mod stmt {
    pub const FOR: u8 = 0x80;
    pub const GO: u8 = 0x81;
    pub const REM: u8 = 0x82;
    pub const REM_QUOTE: u8 = 0x83;
    pub const ELSE: u8 = 0x84;
    pub const IF: u8 = 0x85;
    pub const DATA: u8 = 0x86;
    pub const PRINT: u8 = 0x87;
    pub const ON: u8 = 0x88;
    pub const INPUT: u8 = 0x89;
    pub const END: u8 = 0x8A;
    pub const NEXT: u8 = 0x8B;
    pub const DIM: u8 = 0x8C;
    pub const READ: u8 = 0x8D;
    pub const LET: u8 = 0x8E;
    pub const RUN: u8 = 0x8F;
    pub const RESTORE: u8 = 0x90;
    pub const RETURN: u8 = 0x91;
    pub const STOP: u8 = 0x92;
    pub const POKE: u8 = 0x93;
    pub const CONT: u8 = 0x94;
    pub const LIST: u8 = 0x95;
    pub const CLEAR: u8 = 0x96;
    pub const NEW: u8 = 0x97;
    pub const DEF: u8 = 0x98;
    pub const CLOAD: u8 = 0x99;
    pub const CSAVE: u8 = 0x9A;
    pub const OPEN: u8 = 0x9B;
    pub const CLOSE: u8 = 0x9C;
    pub const LLIST: u8 = 0x9D;
    pub const SET: u8 = 0x9E;
    pub const RESET: u8 = 0x9F;
    pub const CLS: u8 = 0xA0;
    pub const MOTOR: u8 = 0xA1;
    pub const SOUND: u8 = 0xA2;
    pub const AUDIO: u8 = 0xA3;
    pub const EXEC: u8 = 0xA4;
    pub const SKIPF: u8 = 0xA5;
    pub const DEL: u8 = 0xA6;
    pub const EDIT: u8 = 0xA7;
    pub const TRON: u8 = 0xA8;
    pub const TROFF: u8 = 0xA9;
    pub const LINE: u8 = 0xAA;
    pub const PCLS: u8 = 0xAB;
    pub const PSET: u8 = 0xAC;
    pub const PRESET: u8 = 0xAD;
    pub const SCREEN: u8 = 0xAE;
    pub const PCLEAR: u8 = 0xAF;
    pub const COLOR: u8 = 0xB0;
    pub const CIRCLE: u8 = 0xB1;
    pub const PAINT: u8 = 0xB2;
    pub const GET: u8 = 0xB3;
    pub const PUT: u8 = 0xB4;
    pub const DRAW: u8 = 0xB5;
    pub const PCOPY: u8 = 0xB6;
    pub const PMODE: u8 = 0xB7;
    pub const PLAY: u8 = 0xB8;
    pub const DLOAD: u8 = 0xB9;
    pub const RENUM: u8 = 0xBA;
    pub const TAB: u8 = 0xBB;
    pub const TO: u8 = 0xBC;
    pub const SUB: u8 = 0xBD;
    pub const FN: u8 = 0xBE;
    pub const THEN: u8 = 0xBF;
    pub const NOT: u8 = 0xC0;
    pub const STEP: u8 = 0xC1;
    pub const OFF: u8 = 0xC2;
    pub const PLUS: u8 = 0xC3;
    pub const MINUS: u8 = 0xC4;
    pub const TIMES: u8 = 0xC5;
    pub const DIVIDE: u8 = 0xC6;
    pub const POWER: u8 = 0xC7;
    pub const AND: u8 = 0xC8;
    pub const OR: u8 = 0xC9;
    pub const GREATER: u8 = 0xCA;
    pub const EQUAL: u8 = 0xCB;
    pub const LESS: u8 = 0xCC;
    pub const USING: u8 = 0xCD;
    /// The last token of the Dragon 32's table.
    #[cfg(test)]
    pub const LAST: u8 = USING;
}

/// Function token values (the byte after $FF), named.
pub mod func {
    pub const SGN: u8 = 0x80;
    pub const INT: u8 = 0x81;
    pub const ABS: u8 = 0x82;
    pub const POS: u8 = 0x83;
    pub const RND: u8 = 0x84;
    pub const SQR: u8 = 0x85;
    pub const LOG: u8 = 0x86;
    pub const EXP: u8 = 0x87;
    pub const SIN: u8 = 0x88;
    pub const COS: u8 = 0x89;
    pub const TAN: u8 = 0x8A;
    pub const ATN: u8 = 0x8B;
    pub const PEEK: u8 = 0x8C;
    pub const LEN: u8 = 0x8D;
    pub const STR: u8 = 0x8E;
    pub const VAL: u8 = 0x8F;
    pub const ASC: u8 = 0x90;
    pub const CHR: u8 = 0x91;
    pub const EOF: u8 = 0x92;
    pub const JOYSTK: u8 = 0x93;
    pub const FIX: u8 = 0x94;
    pub const HEX: u8 = 0x95;
    pub const LEFT: u8 = 0x96;
    pub const RIGHT: u8 = 0x97;
    pub const MID: u8 = 0x98;
    pub const POINT: u8 = 0x99;
    pub const INKEY: u8 = 0x9A;
    pub const MEM: u8 = 0x9B;
    pub const VARPTR: u8 = 0x9C;
    pub const INSTR: u8 = 0x9D;
    pub const TIMER: u8 = 0x9E;
    pub const PPOINT: u8 = 0x9F;
    pub const STRING: u8 = 0xA0;
    pub const USR: u8 = 0xA1;
    /// The last function token of the Dragon 32's table.
    #[cfg(test)]
    pub const LAST: u8 = USR;
}

#[cfg(test)]
mod tests {
    use super::{func, function_name, statement_name, stmt};

    #[test]
    fn tables_end_where_the_dragon_ends_them() {
        assert_eq!(statement_name(stmt::LAST), Some("USING"));
        assert_eq!(statement_name(stmt::LAST + 1), None);
        assert_eq!(function_name(func::LAST), Some("USR"));
        assert_eq!(function_name(func::LAST + 1), None);
        assert_eq!(statement_name(stmt::LET), Some("LET"));
        assert_eq!(statement_name(stmt::DEF), Some("DEF"));
        assert_eq!(function_name(func::MEM), Some("MEM"));
    }
}
