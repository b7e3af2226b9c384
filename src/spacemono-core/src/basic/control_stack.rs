//! The FOR/GOSUB frames, with the bytes of the 6809 stack they would take: that count is
//! what moves the stack pointer down, so it decides ?OM and what MEM (FRE) reports. The
//! frames change only through `push` and `truncate`, which keep the count in step.

use crate::basic::ast::VarName;
use crate::basic::float::Packed;
use crate::basic::pc::Pc;

/// Bytes a FOR frame takes on the ROM's stack.
const FOR_BYTES: u16 = 18;
/// Bytes a GOSUB frame takes on the ROM's stack.
const GOSUB_BYTES: u16 = 7;

#[derive(Clone, Debug)]
pub enum Frame {
    For {
        var: VarName,
        var_addr: u16,
        step: Packed,
        direction: u8,
        limit: Packed,
        body: Pc,
        /// The FOR was the last statement of its line: the body starts on the next line.
        body_ends_line: bool,
        /// When the loop's body is nothing but its own NEXT (a delay loop), where that NEXT
        /// is: such a loop can run many passes inside one NEXT, with the same costs.
        empty_body_next: Option<Pc>,
        /// What looking the variable up costs (`NEXT V` pays it every pass): its place in
        /// the table does not change while the loop runs.
        search: u32,
    },
    Gosub {
        ret: Pc,
    },
}

impl Frame {
    /// Bytes this frame takes on the ROM's stack.
    #[inline]
    fn bytes(&self) -> u16 {
        match self {
            Frame::For { .. } => FOR_BYTES,
            Frame::Gosub { .. } => GOSUB_BYTES,
        }
    }
}

/// The frames, innermost last, and the stack bytes they take (always the sum of their sizes).
#[derive(Clone, Debug, Default)]
pub struct ControlStack {
    frames: Vec<Frame>,
    bytes: u16,
}

impl ControlStack {
    /// The frames, outermost first.
    #[inline]
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Bytes of machine stack the frames take.
    #[inline]
    pub fn bytes(&self) -> u16 {
        self.bytes
    }

    #[inline]
    pub fn push(&mut self, f: Frame) {
        self.bytes += f.bytes();
        self.frames.push(f);
    }

    /// Keep the outermost `len` frames, dropping the rest.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        while self.frames.len() > len {
            if let Some(f) = self.frames.pop() {
                self.bytes -= f.bytes();
            }
        }
    }

    /// No frames (RUN, CLEAR, NEW, an error).
    #[inline]
    pub fn clear(&mut self) {
        self.truncate(0);
    }
}

#[cfg(test)]
mod tests {
    use super::{ControlStack, Frame, FOR_BYTES, GOSUB_BYTES};
    use crate::basic::float::Packed;
    use crate::basic::pc::Pc;

    fn for_frame() -> Frame {
        Frame::For {
            var: Default::default(),
            var_addr: 0,
            step: Packed::ONE,
            direction: 1,
            limit: Packed::ONE,
            body: Pc::DIRECT_START,
            body_ends_line: false,
            empty_body_next: None,
            search: 0,
        }
    }

    #[test]
    fn the_byte_count_follows_the_frames() {
        let mut s = ControlStack::default();
        s.push(for_frame());
        s.push(Frame::Gosub {
            ret: Pc::DIRECT_START,
        });
        s.push(for_frame());
        assert_eq!(s.bytes(), 2 * FOR_BYTES + GOSUB_BYTES);
        s.truncate(1);
        assert_eq!((s.len(), s.bytes()), (1, FOR_BYTES));
        s.clear();
        assert_eq!((s.len(), s.bytes()), (0, 0));
    }
}
