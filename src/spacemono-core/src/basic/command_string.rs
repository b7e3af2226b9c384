//! The command-string scanner DRAW and PLAY share in the ROM (LAF33 get a character, LAF59
//! number, LAF7D back up, LAFB6 variable, LAF47 modify): one character at a time, spaces
//! skipped, `=var;` for a numeric variable's value and `Xvar;` for a string's text.

use crate::basic::error::ErrorCode;
use crate::basic::program::STACK_BUF;
use crate::machine::memory::{addr, Memory};

/// What DRAW and PLAY need from the interpreter: variables named inside the command string.
///
/// `text` is the command-string text from the variable's first character up to, not
/// including, the `;` that ends it (spaces before the first character dropped; it starts
/// with a letter 'A'-'Z'). The ROM points BASIC's text pointer at it and evaluates a
/// variable (L89C1) as in program text: spaces skipped, two significant characters, `$`
/// for strings, `(` for a subscript; a missing variable is created. Anything after the
/// variable and before the `;` is ignored.
pub trait DrawHost {
    /// `=var;`: the value converted as FPA0toB: 0-255, else ?FC; a string variable → ?TM.
    fn numeric_var(&mut self, mem: &mut Memory, text: &[u8]) -> Result<u8, ErrorCode>;
    /// `Xvar;`: the bytes of a string variable; a numeric variable → ?TM.
    fn string_var(&mut self, mem: &mut Memory, text: &[u8]) -> Result<Vec<u8>, ErrorCode>;
    /// CPU cycles the command string's work took (the cost model's; ignored by default).
    fn spend(&mut self, _cycles: u32) {}
}

pub(crate) struct Scanner<'h> {
    pub(crate) cur: Vec<u8>,
    pub(crate) pos: usize,
    pub(crate) stack: Vec<(Vec<u8>, usize)>,
    pub(crate) host: &'h mut dyn DrawHost,
    /// Spaces LAF33 has passed over (DRAW charges each, `cost::draw::SPACE`).
    pub(crate) spaces: u32,
}

impl Scanner<'_> {
    /// A scanner over `text`, looking variables up through `host`.
    pub(crate) fn new<'h>(text: &[u8], host: &'h mut dyn DrawHost) -> Scanner<'h> {
        Scanner {
            cur: text.to_vec(),
            pos: 0,
            stack: Vec::new(),
            host,
            spaces: 0,
        }
    }

    /// At the end of the current text: back to the string an `X` left (true, go on) or,
    /// at the end of the whole command, false.
    pub(crate) fn resume(&mut self) -> bool {
        match self.stack.pop() {
            Some((s, p)) => {
                self.cur = s;
                self.pos = p;
                true
            }
            None => false,
        }
    }

    pub(crate) fn left(&self) -> bool {
        self.pos < self.cur.len()
    }

    /// LAF33: the next non-space character; ?FC when the string runs out.
    pub(crate) fn getc(&mut self) -> Result<u8, ErrorCode> {
        loop {
            let Some(&c) = self.cur.get(self.pos) else {
                return Err(ErrorCode::FC);
            };
            self.pos += 1;
            if c != b' ' {
                return Ok(c);
            }
            self.spaces += 1;
        }
    }

    /// LAF7D: back up one character.
    pub(crate) fn back(&mut self) {
        self.pos -= 1;
    }

    /// The next character LAF33 would fetch (spaces passed over), or None at the end.
    pub(crate) fn next_char(&self) -> Option<u8> {
        self.cur[self.pos.min(self.cur.len())..]
            .iter()
            .copied()
            .find(|&c| c != b' ')
    }

    /// LAFB6: the variable text up to ';' (first character must be A-Z).
    pub(crate) fn var_text(&mut self) -> Result<Vec<u8>, ErrorCode> {
        let c = self.getc()?;
        if !c.is_ascii_uppercase() {
            return Err(ErrorCode::FC);
        }
        let from = self.pos - 1;
        while self.getc()? != b';' {}
        Ok(self.cur[from..self.pos - 1].to_vec())
    }

    /// LB066: a number (`=var;` or decimal digits, 0-255).
    pub(crate) fn number(&mut self, mem: &mut Memory) -> Result<u8, ErrorCode> {
        let c = self.getc()?;
        self.number_from(mem, c)
    }

    /// LAF59 with the first character already read.
    pub(crate) fn number_from(&mut self, mem: &mut Memory, mut c: u8) -> Result<u8, ErrorCode> {
        if c == b'=' {
            let text = self.var_text()?;
            return self.host.numeric_var(mem, &text);
        }
        if !c.is_ascii_digit() {
            return Err(ErrorCode::FC);
        }
        let mut b: u8 = 0;
        loop {
            b = b
                .checked_mul(10)
                .and_then(|v| v.checked_add(c - b'0'))
                .ok_or(ErrorCode::FC)?;
            if !self.left() {
                return Ok(b);
            }
            c = self.getc()?;
            if !c.is_ascii_digit() {
                self.back();
                return Ok(b);
            }
        }
    }

    /// LAF47: change `b` by `+`, `-`, `>`, `<`, or replace it by a number.
    pub(crate) fn modify(&mut self, mem: &mut Memory, b: u8) -> Result<u8, ErrorCode> {
        let c = self.getc()?;
        match c {
            b'+' => b.checked_add(1).ok_or(ErrorCode::FC),
            b'-' => b.checked_sub(1).ok_or(ErrorCode::FC),
            b'>' if b >= 0x80 => Err(ErrorCode::FC),
            b'>' => Ok(b << 1),
            b'<' if b == 0 => Err(ErrorCode::FC),
            b'<' => Ok(b >> 1),
            _ => self.number_from(mem, c),
        }
    }

    /// `Xvar;` (after the X): run the string variable's text as a substring. LAFB6 evaluates
    /// the variable, BasChkB2Free follows (3 bytes of stack per open level after the
    /// statement's own end marker and return address: ?OM), and only then does
    /// BasGetStrLenAddr find a number where a string should be (?TM).
    pub(crate) fn enter_substring(&mut self, mem: &mut Memory, sp: u16) -> Result<(), ErrorCode> {
        let text = self.var_text()?;
        let sub = match self.host.string_var(mem, &text) {
            Err(e) if e != ErrorCode::TM => return Err(e),
            r => r,
        };
        let s_now = (sp as u32).saturating_sub(3 + 3 * self.stack.len() as u32 + 2);
        let need = mem.read_u16(addr::STORAGE_END) as u32 + 4 + STACK_BUF as u32;
        if need > 0xFFFF || need >= s_now {
            return Err(ErrorCode::OM);
        }
        let sub = sub?;
        let old = std::mem::replace(&mut self.cur, sub);
        self.stack.push((old, self.pos));
        self.pos = 0;
        Ok(())
    }
}
