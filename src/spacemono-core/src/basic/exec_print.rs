//! PRINT (to the screen, the printer or a tape file), PRINT USING and LIST.

use crate::basic::ast::{Print, PrintItem};
use crate::basic::cost::{self, fp};
use crate::basic::error::ErrorCode;
use crate::basic::eval::{Val, PRINT_LEVEL};
use crate::basic::interp::{Halt, Interpreter};
use crate::basic::{listing, program};
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;
use crate::machine::screen::TextScreen;

type ExecResult = Result<(), Halt>;

impl Interpreter {
    #[inline(never)]
    pub(crate) fn print_stmt(&mut self, hw: &mut Hardware, p: &Print) -> ExecResult {
        let mut sink = Sink::new(SinkKind::Screen);
        if p.printer {
            sink = Sink::new(SinkKind::Printer);
        }
        if let Some(d) = &p.device {
            self.eval_num(hw, d, PRINT_LEVEL)?;
            match self.fu.to_i16()? {
                0 => {}
                // The printer: to the host's printer if one is attached, and the transcript.
                -2 => sink = Sink::new(SinkKind::Printer),
                -1 => sink = Sink::new(SinkKind::Tape),
                _ => return Err(ErrorCode::DN.into()),
            }
        }
        if let Some(at) = &p.at {
            let n = self.eval_u16(hw, at, PRINT_LEVEL)?;
            if n > 511 {
                return Err(ErrorCode::FC.into());
            }
            self.cursor.hide(hw);
            TextScreen::set_cursor(&mut hw.mem, addr::TEXT_SCREEN + n);
        }
        if let Some(fmt) = &p.using {
            self.print_using(hw, fmt, &p.items, &mut sink)?;
            return self.flush_sink(hw, sink);
        }
        let mut ends_open = false;
        for (i, item) in p.items.iter().enumerate() {
            ends_open = false;
            match item {
                PrintItem::Expr(e) => match self.eval_top(hw, e, PRINT_LEVEL)? {
                    Val::Num => {
                        hw.cycles += cost::PRINT_NUMBER + fp::fout(self.fu.fac.exp);
                        self.print_buf.clear();
                        self.fu.fout(&mut self.print_buf);
                        sink.write(hw, &self.print_buf);
                        if !matches!(p.items.get(i + 1), Some(PrintItem::Comma)) {
                            sink.write(hw, b" ");
                        }
                    }
                    Val::Str(d) => {
                        let (len, at) = self.free_str(hw, d);
                        self.print_buf.clear();
                        self.print_buf
                            .extend_from_slice(hw.mem.slice(at, at.wrapping_add(len as u16)));
                        sink.write(hw, &self.print_buf);
                    }
                },
                PrintItem::Comma => {
                    let col = sink.column(hw);
                    if col >= 16 {
                        sink.write(hw, b"\r");
                    } else {
                        sink.spaces(hw, 16 - col);
                    }
                    ends_open = true;
                }
                PrintItem::Semicolon => ends_open = true,
                PrintItem::Tab(e) => {
                    let mut n = self.eval_u8(hw, e, PRINT_LEVEL)?;
                    let col = sink.column(hw);
                    if self.dialect.tab_from_one() {
                        // MBASIC numbers the columns from 1.
                        n = n.saturating_sub(1);
                    }
                    if n > col {
                        sink.spaces(hw, n - col);
                    } else if n < col && self.dialect.tab_wraps() {
                        // MBASIC: a column already passed is reached on the next line.
                        sink.write(hw, b"\r");
                        sink.spaces(hw, n);
                    }
                    ends_open = true;
                }
                PrintItem::Fail(e) => return Err((*e).into()),
            }
        }
        if !ends_open {
            sink.write(hw, b"\r");
        }
        self.flush_sink(hw, sink)
    }

    fn flush_sink(&mut self, hw: &mut Hardware, sink: Sink) -> ExecResult {
        if let SinkKind::Tape = sink.kind {
            self.tape_write(hw, &sink.tape)?;
        }
        Ok(())
    }

    fn print_using(
        &mut self,
        hw: &mut Hardware,
        fmt: &crate::basic::ast::Expr,
        items: &[PrintItem],
        sink: &mut Sink,
    ) -> ExecResult {
        use crate::basic::float::using::Using;
        let d = self.eval_str(hw, fmt, PRINT_LEVEL)?;
        let fmt_bytes = self.take_string(hw, d);
        let mut using = Using::new(&fmt_bytes)?;
        let mut buf = Vec::new();
        let mut ends_open = false;
        for item in items {
            ends_open = false;
            match item {
                PrintItem::Expr(e) => {
                    buf.clear();
                    match self.eval_top(hw, e, PRINT_LEVEL)? {
                        Val::Num => {
                            // LA373's layout, counted as the ROM's routines run
                            // (docs/timing.md §2.13.1).
                            let r = using.number(&mut self.fu, &mut buf);
                            hw.cycles += using.take_cycles();
                            r?
                        }
                        Val::Str(d) => {
                            let s = self.take_string(hw, d);
                            using.string(&s, &mut buf)?
                        }
                    }
                    sink.write(hw, &buf);
                }
                PrintItem::Comma | PrintItem::Semicolon => ends_open = true,
                PrintItem::Tab(_) => return Err(ErrorCode::SN.into()),
                PrintItem::Fail(e) => return Err((*e).into()),
            }
        }
        buf.clear();
        using.finish(&mut buf);
        hw.cycles += using.take_cycles();
        sink.write(hw, &buf);
        if !ends_open {
            sink.write(hw, b"\r");
        }
        Ok(())
    }

    pub(crate) fn list(&mut self, hw: &mut Hardware, first: u16, last: u16) {
        self.cursor.hide(hw);
        for l in program::lines(&hw.mem) {
            if l.number < first || l.number > last {
                continue;
            }
            let text = listing::list_line(l.number, hw.mem.slice(l.text, l.end));
            if hw.column() != 0 {
                hw.print(b'\r');
            }
            hw.cycles += cost::PRINT_CHAR * text.len() as u32;
            hw.print_bytes(&text);
            // CmdList starts each line on a fresh row only when the cursor is not already at
            // one: a line of exactly 32 characters has wrapped there, and no blank row
            // follows it (PRINT, which always sends its CR, does leave one).
            if hw.column() != 0 {
                hw.print(b'\r');
            }
        }
    }
}

/// Where PRINT's characters go: the screen, the printer (`PRINT #-2`) or a data file
/// on tape. The printer and tape keep their own column for `,` and TAB.
enum SinkKind {
    Screen,
    Printer,
    Tape,
}

struct Sink {
    kind: SinkKind,
    col: u8,
    tape: Vec<u8>,
}

impl Sink {
    fn new(kind: SinkKind) -> Sink {
        Sink {
            kind,
            col: 0,
            tape: Vec::new(),
        }
    }

    fn write(&mut self, hw: &mut Hardware, bytes: &[u8]) {
        hw.cycles += cost::PRINT_CHAR * bytes.len() as u32;
        match self.kind {
            SinkKind::Screen => hw.print_bytes(bytes),
            SinkKind::Printer => hw.print_to_printer(bytes),
            SinkKind::Tape => self.tape.extend_from_slice(bytes),
        }
        for &b in bytes {
            self.col = if b == b'\r' {
                0
            } else {
                self.col.wrapping_add(1)
            };
        }
    }

    /// `n` spaces (TAB, the comma's zones).
    fn spaces(&mut self, hw: &mut Hardware, n: u8) {
        const SPACES: [u8; 32] = [b' '; 32];
        let mut left = n as usize;
        while left > 0 {
            let k = left.min(SPACES.len());
            self.write(hw, &SPACES[..k]);
            left -= k;
        }
    }

    fn column(&self, hw: &Hardware) -> u8 {
        match self.kind {
            SinkKind::Screen => hw.column(),
            _ => self.col,
        }
    }
}
