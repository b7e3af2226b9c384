//! What the interpreter is doing between slices, each mode with what only it needs: the
//! waiting INPUT, the line being edited, the tape search, the fields a SOUND has left. A mode
//! that is left drops its data with it, so no state outlives the mode it belongs to.

use crate::basic::ast::Stmt;
use crate::basic::edit_mode::EditState;
use crate::basic::machine_code::CodeRun;
use crate::basic::pc::Pc;
use crate::basic::tape_job::TapeJob;

/// (`repr(u8)`: a tag byte of its own, so that the statement loop's "still running?" after
/// every statement is one byte compared, not a niche inside a variant's data.)
#[derive(Clone, Debug)]
#[repr(u8)]
pub enum Mode {
    /// At `OK`, reading a line.
    Prompt,
    Running,
    /// INPUT (or MBASIC's RANDOMIZE) is reading a line.
    Input(InputState),
    /// SHIFT+@ pressed: waiting for any key.
    Paused,
    /// SOUND busy-waits for this many more fields.
    Sounding(u32),
    /// PLAY's notes sound, each until the field IRQ's service runs its timer out.
    Playing(PlayWait),
    /// EDIT n: the line editor's edit mode.
    Edit(EditState),
    /// CLOAD, CLOADM or SKIPF searching the tape.
    Tape(TapeJob),
    /// EXEC's machine code running on the 6809 (docs/machine.md §12).
    MachineCode(Box<CodeRun>),
}

impl Mode {
    #[inline(always)]
    pub fn is_running(&self) -> bool {
        matches!(self, Mode::Running)
    }
}

/// The state of an INPUT statement that is waiting for its line.
#[derive(Clone, Debug)]
pub struct InputState {
    /// The waiting statement: an INPUT (perhaps the THEN or ELSE of an IF) or, in MBASIC, a
    /// RANDOMIZE asking for its seed.
    pub stmt: Stmt,
    /// Index of the next variable to fill.
    pub next_var: usize,
    /// The statement's own position (for CONT after BREAK, which re-executes it).
    pub stmt_pc: Pc,
}

/// PLAY waiting for its notes: their timers, and the next to start when the one sounding
/// ends.
#[derive(Clone, Debug)]
pub struct PlayWait {
    pub notes: Vec<crate::basic::play::NoteTimer>,
    pub next: usize,
}
