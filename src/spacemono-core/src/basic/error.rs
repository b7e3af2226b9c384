//! The Dragon's error codes, in ROM order (docs/machine.md §9). `?SN ERROR IN 20` prints the code.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// NEXT without FOR
    NF,
    /// Syntax error
    SN,
    /// RETURN without GOSUB
    RG,
    /// Out of DATA
    OD,
    /// Illegal function call
    FC,
    /// Overflow
    OV,
    /// Out of memory
    OM,
    /// Undefined line
    UL,
    /// Bad subscript
    BS,
    /// Redimensioned array
    DD,
    /// Division by zero
    DivZero,
    /// Illegal direct
    ID,
    /// Type mismatch
    TM,
    /// Out of string space
    OS,
    /// String too long
    LS,
    /// String formula too complex
    ST,
    /// Can't continue
    CN,
    /// Undefined user function
    UF,
    /// Bad file data
    FD,
    /// File already open
    AO,
    /// Bad device number
    DN,
    /// Input/output error
    IO,
    /// Bad file mode
    FM,
    /// File not open
    NO,
    /// Input past end of file
    IE,
    /// Direct statement in file
    DS,
    /// Non-existent file
    NE,
}

impl ErrorCode {
    /// The two characters the Dragon prints between `?` and ` ERROR`.
    pub fn code(self) -> &'static str {
        use ErrorCode::*;
        match self {
            NF => "NF",
            SN => "SN",
            RG => "RG",
            OD => "OD",
            FC => "FC",
            OV => "OV",
            OM => "OM",
            UL => "UL",
            BS => "BS",
            DD => "DD",
            DivZero => "/0",
            ID => "ID",
            TM => "TM",
            OS => "OS",
            LS => "LS",
            ST => "ST",
            CN => "CN",
            UF => "UF",
            FD => "FD",
            AO => "AO",
            DN => "DN",
            IO => "IO",
            FM => "FM",
            NO => "NO",
            IE => "IE",
            DS => "DS",
            NE => "NE",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "?{} ERROR", self.code())
    }
}
