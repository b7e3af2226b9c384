//! A tape search in progress: CLOAD, CLOADM and SKIPF search the tape a block per field, and
//! the interpreter holds the search between fields as it holds an EDIT. `exec_tape` starts
//! and steps it; the state is here, below both, so that the interpreter does not import the
//! statements that use it.

/// What a tape search does once it has found its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterFound {
    Cload,
    Cloadm { offset: u16 },
    Skipf,
}

/// A search in progress, stepped a block per field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapeJob {
    pub after: AfterFound,
    /// Started at the prompt: the ROM shows its progress on the screen.
    pub direct: bool,
    /// Fields left before the next step (a block takes time to read).
    pub wait: u32,
    /// The name searched for, to search again after rewinding.
    pub name: Option<Vec<u8>>,
    /// The search ran off the end once and the tape was rewound.
    pub rewound: bool,
    /// A key was pressed during the search: the rest goes at once.
    pub hurry: bool,
    /// The file is found and in memory: `wait` is what its blocks take to read, and then
    /// CLOAD ends at OK, CLOADM and SKIPF go on (the file's own blocks take tape time, not
    /// only those passed by).
    pub loaded: bool,
}
