//! INPUT and READ: taking items from a typed line or from DATA statements (DR `CmdInput`
//! $872B, `CmdRead`; docs/interpreter.md §6).

use crate::basic::ast::{is_string_name, LValue, Stmt};
use crate::basic::compile::split_segments;
use crate::basic::cost::{self, fin};
use crate::basic::error::ErrorCode;
use crate::basic::eval::write_packed;
use crate::basic::interp::{fill_line_buffer, Halt, Interpreter, Res, LINE_BUFFER};
use crate::basic::mode::{InputState, Mode};
use crate::basic::pc::Pc;
use crate::basic::program;
use crate::machine::hardware::Hardware;
use crate::machine::memory::{addr, Memory};

/// One item of a line or a DATA statement, as found.
enum Item {
    Number,
    /// Start address and length of a string in RAM.
    Text(u16, u8),
}

impl Interpreter {
    /// The line typed for a waiting INPUT.
    pub(crate) fn input_line(&mut self, hw: &mut Hardware, text: &[u8]) {
        // The line is taken: whatever happens now, the INPUT no longer waits.
        let Mode::Input(mut st) = std::mem::replace(&mut self.mode, Mode::Running) else {
            return;
        };
        let (vars, line_input) = match &st.stmt {
            Stmt::Input { vars, line, .. } => (vars.clone(), *line),
            _ => (Vec::new(), false),
        };
        self.stmt_pc = st.stmt_pc;
        // The typed line sits in the input buffer, so strings taken from it get copied.
        let n = fill_line_buffer(hw, text);
        self.temp_count = 0;
        if let Stmt::Randomize(_) = st.stmt {
            self.randomize_seed_typed(hw, st, LINE_BUFFER + n as u16);
            return;
        }
        if line_input {
            let r = self.assign_text(hw, &vars[0], LINE_BUFFER, n as u8);
            if let Err(e) = r {
                self.finish(hw, Halt::Error(e));
            }
            return;
        }
        let end = LINE_BUFFER + n as u16;
        let mut p = LINE_BUFFER;
        let mut i = st.next_var;
        while i < vars.len() {
            if i > st.next_var && p >= end {
                // More variables than items: ask again with `??`.
                hw.print_bytes(b"?? ");
                st.next_var = i;
                self.mode = Mode::Input(st);
                return;
            }
            let string = is_string_name(vars[i].name());
            match self.scan_item(hw, &mut p, end, string, false) {
                Ok(item) => {
                    if let Err(e) = self.store_item(hw, &vars[i], item) {
                        self.finish(hw, Halt::Error(e));
                        return;
                    }
                }
                Err(e) if e != ErrorCode::SN => {
                    // FIN's own errors (?OV for 1E39) are errors, not a reason to ask again.
                    self.finish(hw, Halt::Error(e));
                    return;
                }
                Err(_) => {
                    hw.print_bytes(b"?REDO\r");
                    st.next_var = 0;
                    self.print_input_prompt(hw, &st.stmt);
                    self.mode = Mode::Input(st);
                    return;
                }
            }
            // Past the separator.
            if p < end && hw.mem.peek(p) == b',' {
                p += 1;
                if i + 1 == vars.len() {
                    hw.print_bytes(b"?EXTRA IGNORED\r");
                }
            }
            i += 1;
        }
    }

    /// MBASIC's RANDOMIZE got its answer: a number from −32768 to 32767 seeds RND as
    /// `RANDOMIZE n` would with its integer part; anything but one number is asked again with
    /// ?REDO, and a number out of that range is ?OV (BASIC-80 says "Overflow").
    fn randomize_seed_typed(&mut self, hw: &mut Hardware, st: InputState, end: u16) {
        let mut p = LINE_BUFFER;
        let item = self.scan_item(hw, &mut p, end, false, false);
        let extra = hw.mem.slice(p, end).iter().any(|&b| b != b' ');
        if item.is_err() || extra || p == LINE_BUFFER {
            hw.print_bytes(b"?REDO\r");
            self.print_input_prompt(hw, &st.stmt);
            self.mode = Mode::Input(st);
            return;
        }
        let seeded = self.fu.to_i16().map_err(|_| ErrorCode::OV).and_then(|v| {
            self.fu.load_i16(v);
            self.reseed_from_fac(hw)
        });
        if let Err(e) = seeded {
            self.finish(hw, Halt::Error(e));
        }
    }

    /// Find the next item from `*p` (which stops at `end`, or for DATA at `:`/0). A number is
    /// left in FAC. Err(SN) means a number was malformed (?REDO for INPUT, ?SN in the DATA
    /// line for READ); any other error is FIN's own (?OV), reported as it is.
    fn scan_item(
        &mut self,
        hw: &mut Hardware,
        p: &mut u16,
        end: u16,
        string: bool,
        data: bool,
    ) -> Res<Item> {
        let stop = |c: u8| c == b',' || c == 0 || (data && c == b':');
        while *p < end && hw.mem.peek(*p) == b' ' {
            *p += 1;
        }
        if string {
            if *p < end && hw.mem.peek(*p) == b'"' {
                *p += 1;
                let s = *p;
                while *p < end && hw.mem.peek(*p) != b'"' && hw.mem.peek(*p) != 0 {
                    *p += 1;
                }
                let len = (*p - s).min(255) as u8;
                if *p < end && hw.mem.peek(*p) == b'"' {
                    *p += 1;
                }
                while *p < end && hw.mem.peek(*p) == b' ' {
                    *p += 1;
                }
                if *p < end && !stop(hw.mem.peek(*p)) {
                    return Err(ErrorCode::SN);
                }
                return Ok(Item::Text(s, len));
            }
            let s = *p;
            while *p < end && !stop(hw.mem.peek(*p)) {
                *p += 1;
            }
            return Ok(Item::Text(s, (*p - s).min(255) as u8));
        }
        let s = *p;
        let mut q = s;
        while q < end && !stop(hw.mem.peek(q)) {
            q += 1;
        }
        let text = hw.mem.slice(s, q);
        if text.is_empty() {
            self.fu.load(crate::basic::float::Packed::ZERO);
        } else {
            let used = self.fu.parse(text)?;
            if text[used..].iter().any(|&c| c != b' ') {
                return Err(ErrorCode::SN);
            }
        }
        *p = q;
        Ok(Item::Number)
    }

    /// One INPUT-style item from RAM at `*p` (up to `end`) into `lv` (INPUT #-1).
    pub(crate) fn input_item_at(
        &mut self,
        hw: &mut Hardware,
        lv: &LValue,
        p: &mut u16,
        end: u16,
    ) -> Res<()> {
        let string = is_string_name(lv.name());
        let item = self.scan_item(hw, p, end, string, false)?;
        self.store_item(hw, lv, item)
    }

    fn store_item(&mut self, hw: &mut Hardware, lv: &LValue, item: Item) -> Res<()> {
        match item {
            Item::Number => {
                let v = self.fu.pack();
                let a = self.lvalue_addr(hw, lv)?;
                write_packed(hw, a, v);
                Ok(())
            }
            Item::Text(at, len) => self.assign_text(hw, lv, at, len),
        }
    }

    /// Assign text in RAM to a string variable (copied when it is in the input buffer).
    fn assign_text(&mut self, hw: &mut Hardware, lv: &LValue, at: u16, len: u8) -> Res<()> {
        let target = self.lvalue_addr(hw, lv)?;
        let d = self.literal_string(hw, at, len)?;
        self.assign_string(hw, target, d)
    }

    /// READ one variable from the DATA statements (DR `CmdRead` $8777). The data pointer rests
    /// on the byte before the next item: the DATA token, or the `,` or `:` that ended the last
    /// item. Only a line's 0 sends READ looking for the next DATA statement (`L87EA`); an item
    /// is read after a `,` even when nothing is there (`DATA,,` holds three empty items, read
    /// as 0 or ""), and after a `:` too, where the next statement's text is read as an item
    /// (`DATA 1:PRINT` gives ?SN in its line on the second READ).
    pub(crate) fn read_item(&mut self, hw: &mut Hardware, lv: &LValue) -> Result<(), Halt> {
        let restored = self.data.is_restored();
        if restored {
            self.data.start_before_program(&hw.mem);
        }
        if hw.mem.peek(self.data.at()) == 0 {
            let from = if restored { 0 } else { self.data.at() };
            let found = self.data.find_next(&hw.mem);
            hw.cycles += search_cycles(&hw.mem, from, found.as_ref().ok().map(|_| self.data.at()));
            found?;
        }
        let string = is_string_name(lv.name());
        // `L879A`: CHRGET, so the item starts after the pointer's byte, spaces skipped.
        let mut p = self.data.at().wrapping_add(1);
        let item = match self.scan_item(hw, &mut p, 0xFFFF, string, true) {
            Ok(item) => item,
            // A malformed number in DATA is a syntax error in the DATA line.
            Err(ErrorCode::SN) => return Err(self.error_in_data_line(hw)),
            // FIN's own errors (?OV for 1E39) stop it before READ's check: the READ line's.
            Err(e) => return Err(Halt::Error(e)),
        };
        // The item's text is read again every time: FIN for a number (docs/timing.md §2.12).
        let from = self.data.at().wrapping_add(1);
        let text = hw.mem.slice(from, p.max(from));
        hw.cycles += if string {
            cost::STRING_CHAR * text.len() as u32
        } else {
            fin::literal(text, None)
        };
        self.store_item(hw, lv, item)?;
        // `L87D9`: the pointer stays on the `,`, `:` or 0 that ended the item.
        self.data.item_ended_at(p);
        Ok(())
    }

    fn error_in_data_line(&mut self, hw: &mut Hardware) -> Halt {
        hw.mem
            .write_system_u16(addr::CURRENT_LINE, self.data.line());
        if let Ok(i) = self.index.find(hw, self.data.line()) {
            self.stmt_pc = Pc::line_start(i);
        }
        Halt::Error(ErrorCode::SN)
    }
}

/// The cycles of a search for DATA from `from` (the 0 the pointer rested on; 0 after RESTORE)
/// to the DATA token at `found` (None: ?OD), as docs/timing.md §2.12 fitted them: 26 per line
/// and 80 + 42 per byte per statement passed, over the lines and statements as the
/// statement loop splits them (from the line holding `from`).
fn search_cycles(mem: &Memory, from: u16, found: Option<u16>) -> u32 {
    let mut cycles = 0u32;
    for l in program::lines(mem) {
        if from != 0 && l.end < from {
            continue;
        }
        cycles = cycles.saturating_add(cost::DATA_SEARCH_LINE);
        for (s, e) in split_segments(l.text_bytes(mem)) {
            let (start, end) = (l.text + s as u16, l.text + e as u16);
            if found.is_some_and(|f| (start..=end).contains(&f)) {
                return cycles;
            }
            cycles = cycles
                .saturating_add(cost::DATA_SEARCH_STATEMENT + cost::SCAN_BYTE * (e - s) as u32);
        }
    }
    cycles
}
