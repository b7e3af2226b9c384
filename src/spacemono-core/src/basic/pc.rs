//! Where execution is: a line of the program (by its index in the program index) or the
//! direct-mode line, and which of its `:`-separated statements.

/// The line index of the direct-mode line (the one typed at the prompt).
const DIRECT: u32 = u32::MAX;

/// A statement's position: its line and its statement within the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pc {
    pub line: u32,
    pub seg: u16,
}

/// The statement index a false IF or an ELSE leaves: past the line's end, as `segs.len()`
/// would be, but never equal to "the next statement", so the junk check after a statement
/// (which the ROM makes only when the text pointer is left on the junk) does not fire for
/// text that was skipped rather than run.
pub const SKIPPED_TO_LINE_END: u16 = u16::MAX;

impl Pc {
    /// The first statement of the direct-mode line.
    pub const DIRECT_START: Pc = Pc {
        line: DIRECT,
        seg: 0,
    };

    /// The first statement of program line `index`.
    #[inline]
    pub fn line_start(index: u32) -> Pc {
        Pc {
            line: index,
            seg: 0,
        }
    }

    /// Where execution goes when this statement falls through to the next one.
    #[inline]
    pub fn next_statement(&self) -> Pc {
        Pc {
            line: self.line,
            seg: self.seg.wrapping_add(1),
        }
    }

    #[inline]
    pub fn is_direct(&self) -> bool {
        self.line == DIRECT
    }
}
