//! Parse a crunched line into statements (ast.rs), following the ROM's grammar: CHRGET
//! skips spaces everywhere outside quotes, operators bind by the ROM's precedence table, and
//! anything that does not parse becomes an error raised when execution reaches it.

use crate::basic::ast::*;
use crate::basic::cost::{self, fin};
use crate::basic::dialect::Dialect;
use crate::basic::error::ErrorCode;
use crate::basic::float::FloatUnit;
use crate::basic::graphics::LineBox;
use crate::basic::long_names::{self, LongNames};
use crate::basic::tokens::{func as f, stmt as t, FUNCTION_PREFIX};

type PResult<T> = Result<T, ErrorCode>;

/// Operator precedences from the ROM's table (`BasOperatorTable`).
mod prec {
    pub const OR: u8 = 0x46;
    pub const AND: u8 = 0x50;
    pub const NOT: u8 = 0x5A;
    pub const REL: u8 = 0x64;
    pub const ADD: u8 = 0x79;
    pub const MUL: u8 = 0x7B;
    pub const NEG: u8 = 0x7D;
    pub const POW: u8 = 0x7F;
}

/// Compile one line's crunched text, which sits in RAM at `base`.
pub fn compile_line(text: &[u8], base: u16) -> CompiledLine {
    compile_line_for(text, base, Dialect::Dragon, &mut LongNames::default())
}

/// As [`compile_line`], for a program written in `dialect`: outside the Dragon, the words
/// `RANDOMIZE` and `LPRINT` (stored as text by `crunch_for`) start statements; in MBASIC a
/// name of three or more characters is a variable of its own, coded by `names`.
pub fn compile_line_for(
    text: &[u8],
    base: u16,
    dialect: Dialect,
    names: &mut LongNames,
) -> CompiledLine {
    let bounds = split_segments(text);
    let mut segs = Vec::with_capacity(bounds.len());
    for (i, &(s, e)) in bounds.iter().enumerate() {
        let mut p = Parser {
            t: &text[..e],
            p: s,
            base,
            full: text,
            bounds: &bounds,
            seg: i,
            dialect,
            names: &mut *names,
            cost: 0,
            first_operator: true,
        };
        let (stmt, junk) = match p.statement() {
            Ok(stmt) => {
                let junk = p.peek().is_some();
                (stmt, junk)
            }
            Err(err) => (Stmt::Fail(err), false),
        };
        let cost = p.cost;
        segs.push(Segment {
            stmt,
            trailing_junk: junk,
            cost,
        });
    }
    CompiledLine { segs }
}

/// Statement boundaries as the ROM's skip routine finds them: `:` outside quotes; REM and
/// `'` run to the end of the line. Returns (start, end) byte ranges without the colons.
pub fn split_segments(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    let mut quoted = false;
    // Is the statement that starts at `start` a REM?
    let starts_rem = |s: usize| -> bool {
        let mut j = s;
        while j < text.len() && text[j] == b' ' {
            j += 1;
        }
        j < text.len() && (text[j] == t::REM || text[j] == t::REM_QUOTE)
    };
    let mut in_rem = starts_rem(0);
    while i < text.len() {
        let c = text[i];
        if in_rem {
            i += 1;
            continue;
        }
        if c == b'"' {
            quoted = !quoted;
        } else if !quoted {
            if c == b':' {
                out.push((start, i));
                start = i + 1;
                in_rem = starts_rem(start);
            } else if c == FUNCTION_PREFIX {
                i += 1;
            } else if c == t::REM || c == t::REM_QUOTE {
                // A REM after THEN (or ELSE) also runs to the end of the line.
                in_rem = true;
            }
        }
        i += 1;
    }
    out.push((start, text.len()));
    out
}

/// The segment a false IF in segment `seg` continues at (a matching ELSE), per the ROM:
/// skip from `from` to each statement end, counting IF tokens met on the way; at each
/// statement that starts with ELSE, count down; below zero, that ELSE is taken.
fn find_else(text: &[u8], bounds: &[(usize, usize)], seg: usize, from: usize) -> Option<u16> {
    let mut count: i32 = 0;
    let mut i = from;
    let mut quoted = false;
    let mut current = seg;
    loop {
        // Scan to the end of the current statement, counting IFs.
        let end = bounds[current].1;
        while i < end {
            let c = text[i];
            if c == b'"' {
                quoted = !quoted;
            } else if !quoted {
                if c == FUNCTION_PREFIX {
                    i += 1;
                } else if c == t::IF {
                    count += 1;
                }
            }
            i += 1;
        }
        current += 1;
        if current >= bounds.len() {
            return None;
        }
        i = bounds[current].0;
        quoted = false;
        let mut j = i;
        while j < text.len() && text[j] == b' ' {
            j += 1;
        }
        if j < text.len() && text[j] == t::ELSE {
            count -= 1;
            if count < 0 {
                return Some(current as u16);
            }
        }
    }
}

struct Parser<'a> {
    t: &'a [u8],
    p: usize,
    base: u16,
    /// The whole line and its statement boundaries, for finding where a false IF lands.
    full: &'a [u8],
    bounds: &'a [(usize, usize)],
    seg: usize,
    dialect: Dialect,
    names: &'a mut LongNames,
    /// The text costs of what has been parsed so far (cost.rs): what the ROM spends reading
    /// these bytes every time it executes them.
    cost: u32,
    /// No binary operator met yet in the expression being parsed (the first costs more).
    first_operator: bool,
}

thread_local! {
    static FIN: std::cell::RefCell<Option<FloatUnit>> = const { std::cell::RefCell::new(None) };
}

impl<'a> Parser<'a> {
    /// The next non-space byte, without consuming it.
    fn peek(&mut self) -> Option<u8> {
        while self.p < self.t.len() && self.t[self.p] == b' ' {
            self.p += 1;
            self.cost += cost::SPACE;
        }
        self.t.get(self.p).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.p += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> PResult<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(ErrorCode::SN)
        }
    }

    fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    // ---------------------------------------------------------------- statements

    fn statement(&mut self) -> PResult<Stmt> {
        let Some(c) = self.peek() else {
            return Ok(Stmt::Empty);
        };
        if c.is_ascii_uppercase() {
            if self.dialect.extra_words() {
                let rest = &self.t[self.p..];
                if rest.starts_with(b"RANDOMIZE") {
                    self.p += b"RANDOMIZE".len();
                    let seed = if self.at_end() {
                        None
                    } else {
                        Some(self.expr()?)
                    };
                    return Ok(Stmt::Randomize(seed));
                }
                if rest.starts_with(b"LPRINT") {
                    self.p += b"LPRINT".len();
                    let mut stmt = self.print_stmt()?;
                    if let Stmt::Print(p) = &mut stmt {
                        if p.device.is_some() {
                            return Err(ErrorCode::SN);
                        }
                        p.printer = true;
                    }
                    return Ok(stmt);
                }
            }
            self.cost += cost::IMPLICIT_LET;
            return self.let_body();
        }
        if c == FUNCTION_PREFIX {
            self.p += 1;
            let fc = self.t.get(self.p).copied();
            self.p += 1;
            self.keyword_dispatch();
            return match fc {
                Some(f::MID) => self.mid_assign(),
                Some(f::TIMER) => {
                    self.expect(t::EQUAL)?;
                    Ok(Stmt::TimerSet(self.expr()?))
                }
                _ => Err(ErrorCode::SN),
            };
        }
        if c < 0x80 {
            return Err(ErrorCode::SN);
        }
        self.p += 1;
        self.keyword_dispatch();
        match c {
            t::FOR => self.for_stmt(),
            t::GO => self.go_stmt(),
            t::REM | t::REM_QUOTE => {
                // The dispatcher read the first comment byte; the rest is scanned.
                let rest = self.t.len().saturating_sub(self.p + 1);
                self.cost += cost::SCAN_BYTE * rest as u32;
                self.p = self.t.len();
                Ok(Stmt::Rem)
            }
            t::ELSE => {
                let inner = self.then_part()?;
                Ok(Stmt::Else(Box::new(inner)))
            }
            t::IF => self.if_stmt(),
            t::DATA => {
                let rest = self.t.len().saturating_sub(self.p + 1);
                self.cost += cost::SCAN_BYTE * rest as u32;
                self.p = self.t.len();
                Ok(Stmt::Data)
            }
            t::PRINT => self.print_stmt(),
            t::ON => self.on_stmt(),
            t::INPUT => self.input_stmt(false),
            t::END => Ok(Stmt::End),
            t::NEXT => self.next_stmt(),
            t::DIM => self.dim_stmt(),
            t::READ => {
                let vars = self.lvalue_list()?;
                self.cost += cost::READ + cost::READ_ITEM * (vars.len() as u32 - 1);
                Ok(Stmt::Read(vars))
            }
            t::LET => self.let_body(),
            t::RUN => {
                if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    Ok(Stmt::Run(Some(self.line_number()?)))
                } else {
                    Ok(Stmt::Run(None))
                }
            }
            t::RESTORE => {
                self.cost += cost::RESTORE;
                Ok(Stmt::Restore)
            }
            t::RETURN => {
                self.cost += cost::RETURN;
                Ok(Stmt::Return)
            }
            t::STOP => Ok(Stmt::Stop),
            t::POKE => {
                self.cost += cost::POKE;
                let a = self.expr()?;
                self.expect(b',')?;
                Ok(Stmt::Poke(a, self.expr()?))
            }
            t::CONT => Ok(Stmt::Cont),
            t::LIST | t::LLIST => Ok(Stmt::List(self.line_range()?)),
            t::CLEAR => {
                if self.at_end() {
                    return Ok(Stmt::Clear(None, None));
                }
                let n = self.expr()?;
                let top = if self.eat(b',') {
                    Some(self.expr()?)
                } else {
                    None
                };
                Ok(Stmt::Clear(Some(n), top))
            }
            t::NEW => Ok(Stmt::New),
            t::DEF => self.def_stmt(),
            t::SET => {
                self.expect(b'(')?;
                let x = self.expr()?;
                self.expect(b',')?;
                let y = self.expr()?;
                self.expect(b',')?;
                let c = self.expr()?;
                self.expect(b')')?;
                Ok(Stmt::Set(x, y, c))
            }
            t::RESET => {
                self.expect(b'(')?;
                let x = self.expr()?;
                self.expect(b',')?;
                let y = self.expr()?;
                self.expect(b')')?;
                Ok(Stmt::Reset(x, y))
            }
            t::CLS => {
                self.cost += cost::CLS;
                if self.at_end() {
                    Ok(Stmt::Cls(None))
                } else {
                    Ok(Stmt::Cls(Some(self.expr()?)))
                }
            }
            t::SOUND => {
                let a = self.expr()?;
                self.expect(b',')?;
                Ok(Stmt::Sound(a, self.expr()?))
            }
            t::EXEC => {
                if self.at_end() {
                    Ok(Stmt::Exec(None))
                } else {
                    Ok(Stmt::Exec(Some(self.expr()?)))
                }
            }
            t::DEL => Ok(Stmt::Del(self.line_range()?)),
            t::EDIT => Ok(Stmt::Edit(self.line_number()?)),
            t::TRON => Ok(Stmt::Tron),
            t::TROFF => Ok(Stmt::Troff),
            t::LINE => {
                if self.eat(t::INPUT) {
                    self.input_stmt(true)
                } else {
                    Ok(Stmt::Graphics(Box::new(self.graphics(t::LINE)?)))
                }
            }
            t::RENUM => {
                let a = self.opt_line_number()?;
                let (b, c) = if self.eat(b',') {
                    let b = self.opt_line_number()?;
                    let c = if self.eat(b',') {
                        self.opt_line_number()?
                    } else {
                        None
                    };
                    (b, c)
                } else {
                    (None, None)
                };
                Ok(Stmt::Renum(a, b, c))
            }
            t::CLOAD | t::CSAVE | t::OPEN | t::CLOSE | t::MOTOR | t::AUDIO | t::SKIPF => {
                Ok(Stmt::Tape(Box::new(self.tape(c)?)))
            }
            t::PCLS..=t::PMODE => Ok(Stmt::Graphics(Box::new(self.graphics(c)?))),
            t::PLAY => Ok(Stmt::Play(self.expr()?)),
            // DLOAD needs a serial link the machine does not have.
            t::DLOAD => {
                self.skip_rest();
                Ok(Stmt::NotHere(ErrorCode::IO))
            }
            _ => Err(ErrorCode::SN),
        }
    }

    /// The cassette statements (the token is already read).
    fn tape(&mut self, token: u8) -> PResult<TapeStmt> {
        Ok(match token {
            t::CLOAD => {
                let machine_code = self.eat(b'M');
                let name = self.opt_expr()?;
                let offset = if machine_code && self.eat(b',') {
                    Some(self.expr()?)
                } else {
                    None
                };
                TapeStmt::Cload {
                    name,
                    machine_code,
                    offset,
                }
            }
            t::CSAVE => {
                if self.eat(b'M') {
                    let name = self.expr()?;
                    self.expect(b',')?;
                    let start = self.expr()?;
                    self.expect(b',')?;
                    let end = self.expr()?;
                    self.expect(b',')?;
                    let exec = self.expr()?;
                    TapeStmt::Csavem {
                        name,
                        start,
                        end,
                        exec,
                    }
                } else {
                    let name = self.expr()?;
                    let ascii = if self.eat(b',') {
                        self.expect(b'A')?;
                        true
                    } else {
                        false
                    };
                    TapeStmt::Csave { name, ascii }
                }
            }
            t::SKIPF => TapeStmt::Skipf(self.opt_expr()?),
            t::OPEN => {
                let mode = self.expr()?;
                self.expect(b',')?;
                self.eat(b'#');
                let device = self.expr()?;
                let name = if self.eat(b',') {
                    Some(self.expr()?)
                } else {
                    None
                };
                TapeStmt::Open { mode, device, name }
            }
            t::CLOSE => {
                if self.eat(b'#') || self.peek().is_some() {
                    TapeStmt::Close(Some(self.expr()?))
                } else {
                    TapeStmt::Close(None)
                }
            }
            t::MOTOR | t::AUDIO => {
                let on = if self.eat(t::ON) {
                    true
                } else if self.eat(t::OFF) {
                    false
                } else {
                    return Err(ErrorCode::SN);
                };
                if token == t::MOTOR {
                    TapeStmt::Motor(on)
                } else {
                    TapeStmt::Audio(on)
                }
            }
            _ => return Err(ErrorCode::SN),
        })
    }

    /// `(x,y)`
    fn point(&mut self) -> PResult<PointExpr> {
        self.expect(b'(')?;
        let p = self.point_inside()?;
        self.expect(b')')?;
        Ok(p)
    }

    /// `x,y` inside a point's brackets.
    fn point_inside(&mut self) -> PResult<PointExpr> {
        let x = self.expr()?;
        self.expect(b',')?;
        Ok((x, self.expr()?))
    }

    /// An optional argument after a comma: `,expr`, or `,` followed by another comma or the
    /// end (an omitted argument).
    fn opt_arg(&mut self) -> PResult<Option<Expr>> {
        if !self.eat(b',') {
            return Ok(None);
        }
        match self.peek() {
            None | Some(b',') => Ok(None),
            _ => Ok(Some(self.expr()?)),
        }
    }

    fn opt_expr(&mut self) -> PResult<Option<Expr>> {
        match self.peek() {
            None | Some(b',') => Ok(None),
            _ => Ok(Some(self.expr()?)),
        }
    }

    /// `[(x1,y1)]-(x2,y2)`
    fn point_pair(&mut self) -> PResult<(Option<PointExpr>, PointExpr)> {
        let from = if self.peek() == Some(b'(') {
            Some(self.point()?)
        } else {
            None
        };
        self.expect(t::MINUS)?;
        Ok((from, self.point()?))
    }

    /// The graphics statements (the token is already read).
    fn graphics(&mut self, token: u8) -> PResult<GraphicsStmt> {
        self.eat(b'@');
        Ok(match token {
            t::PCLS => GraphicsStmt::Pcls(self.opt_expr()?),
            t::PSET | t::PRESET => {
                let at = self.point_or_paren3()?;
                let (at, colour) = at;
                GraphicsStmt::Pset {
                    at,
                    colour,
                    set: token == t::PSET,
                }
            }
            t::LINE => {
                let (from, to) = self.point_pair()?;
                let mut action = None;
                let mut shape = LineBox::None;
                if self.eat(b',') {
                    if self.eat(t::PSET) {
                        action = Some(true);
                    } else if self.eat(t::PRESET) {
                        action = Some(false);
                    }
                    if action.is_some() && self.eat(b',') {
                        if self.eat(b'B') {
                            shape = if self.eat(b'F') {
                                LineBox::Filled
                            } else {
                                LineBox::Box
                            };
                        } else {
                            return Err(ErrorCode::SN);
                        }
                    }
                }
                GraphicsStmt::Line {
                    from,
                    to,
                    action,
                    shape,
                }
            }
            t::CIRCLE => {
                let centre = self.point()?;
                self.expect(b',')?;
                let radius = self.expr()?;
                let colour = self.opt_arg()?;
                let ratio = self.opt_arg()?;
                let start = self.opt_arg()?;
                let end = self.opt_arg()?;
                GraphicsStmt::Circle {
                    centre,
                    radius,
                    colour,
                    ratio,
                    start,
                    end,
                }
            }
            t::PAINT => {
                let at = self.point()?;
                let colour = self.opt_arg()?;
                let border = self.opt_arg()?;
                GraphicsStmt::Paint { at, colour, border }
            }
            t::DRAW => GraphicsStmt::Draw(self.expr()?),
            t::PCLEAR => GraphicsStmt::Pclear(self.expr()?),
            t::COLOR => {
                let f = self.opt_expr()?;
                GraphicsStmt::Color(f, self.opt_arg()?)
            }
            t::PMODE => {
                let m = self.opt_expr()?;
                GraphicsStmt::Pmode(m, self.opt_arg()?)
            }
            t::SCREEN => {
                let a = self.opt_expr()?;
                GraphicsStmt::Screen(a, self.opt_arg()?)
            }
            t::PCOPY => {
                let s = self.expr()?;
                self.expect(t::TO)?;
                GraphicsStmt::Pcopy(s, self.expr()?)
            }
            t::GET | t::PUT => {
                let (from, to) = self.point_pair()?;
                self.expect(b',')?;
                let array = self.var_name()?;
                if token == t::GET {
                    let bits = if self.eat(b',') {
                        self.expect(b'G')?;
                        true
                    } else {
                        false
                    };
                    GraphicsStmt::Get {
                        from,
                        to,
                        array,
                        bits,
                    }
                } else {
                    use crate::basic::graphics::PutAction;
                    let action = if self.eat(b',') {
                        Some(match self.next_byte().ok_or(ErrorCode::SN)? {
                            t::PSET => PutAction::Pset,
                            t::PRESET => PutAction::Preset,
                            t::AND => PutAction::And,
                            t::OR => PutAction::Or,
                            t::NOT => PutAction::Not,
                            _ => return Err(ErrorCode::SN),
                        })
                    } else {
                        None
                    };
                    GraphicsStmt::Put {
                        from,
                        to,
                        array,
                        action,
                    }
                }
            }
            _ => return Err(ErrorCode::SN),
        })
    }

    /// PSET/PRESET's `(x,y[,c])`.
    fn point_or_paren3(&mut self) -> PResult<(PointExpr, Option<Expr>)> {
        self.expect(b'(')?;
        let (x, y) = self.point_inside()?;
        let c = if self.eat(b',') {
            Some(self.expr()?)
        } else {
            None
        };
        self.expect(b')')?;
        Ok(((x, y), c))
    }

    fn next_byte(&mut self) -> Option<u8> {
        let c = self.peek();
        if c.is_some() {
            self.p += 1;
        }
        c
    }

    fn skip_rest(&mut self) {
        self.p = self.t.len();
    }

    /// GETLINENO: decimal digits (spaces skipped); above 63999 is ?SN.
    fn line_number(&mut self) -> PResult<u16> {
        let (n, end) = crate::basic::crunch::parse_line_number(self.t, self.p)?;
        self.p = end;
        Ok(n)
    }

    /// The dispatcher's part of a keyword statement: the table jump and the CHRGET of the
    /// byte after the keyword.
    fn keyword_dispatch(&mut self) {
        // CHRGET returns the first byte that is not a space (the spaces: `peek`).
        let next = self.t[self.p.min(self.t.len())..]
            .iter()
            .copied()
            .find(|&b| b != b' ');
        self.cost += cost::KEYWORD + fin::chrget(next);
    }

    /// The target of a GOTO, GOSUB or THEN: BasGetLineNo reads its digits, then the ROM
    /// scans to the end of the line before it searches (timing.md §2.11).
    fn jump_target(&mut self) -> PResult<u16> {
        self.peek();
        let start = self.p;
        let n = self.line_number()?;
        let digits = self.t[start..self.p]
            .iter()
            .filter(|c| c.is_ascii_digit())
            .count() as u32;
        self.cost += (cost::GOTO + cost::LINE_NUMBER_DIGIT * digits)
            .saturating_sub(2 * cost::LINE_NUMBER_DIGIT);
        let rest = self.full.len().saturating_sub(self.p) as u32;
        self.cost += cost::SCAN_BYTE * rest;
        if self.full.get(self.p) == Some(&b':') {
            self.cost = self.cost.saturating_sub(9);
        }
        Ok(n)
    }

    fn opt_line_number(&mut self) -> PResult<Option<u16>> {
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            Ok(Some(self.line_number()?))
        } else {
            Ok(None)
        }
    }

    fn line_range(&mut self) -> PResult<LineRange> {
        let first = self.opt_line_number()?;
        if self.eat(t::MINUS) {
            let last = self.opt_line_number()?;
            Ok(LineRange {
                first: first.unwrap_or(0),
                last: last.unwrap_or(u16::MAX),
            })
        } else {
            match first {
                Some(n) => Ok(LineRange { first: n, last: n }),
                None => Ok(LineRange {
                    first: 0,
                    last: u16::MAX,
                }),
            }
        }
    }

    fn go_stmt(&mut self) -> PResult<Stmt> {
        if self.eat(t::TO) {
            Ok(Stmt::Goto(self.jump_target()?))
        } else if self.eat(t::SUB) {
            self.cost += cost::GOSUB;
            Ok(Stmt::Gosub(self.jump_target()?))
        } else {
            Err(ErrorCode::SN)
        }
    }

    fn if_stmt(&mut self) -> PResult<Stmt> {
        let cond = self.expr()?;
        self.cost += cost::IF;
        let before_then = self.cost;
        let then_at;
        let then = if self.peek() == Some(t::GO) {
            then_at = self.p;
            self.p += 1;
            self.go_stmt()?
        } else {
            self.expect(t::THEN)?;
            then_at = self.p;
            self.then_part()?
        };
        // The THEN part's text costs are spent only when it runs.
        let then_cost = self.cost.saturating_sub(before_then);
        self.cost = before_then;
        // Where a false IF lands: the ROM skips statement by statement from the THEN part,
        // counting IF tokens, until an ELSE takes the count below zero.
        let else_seg = find_else(self.full, self.bounds, self.seg, then_at);
        let skip_end = match else_seg {
            Some(k) => self.bounds[k as usize].0,
            None => self.full.len(),
        };
        let skip_cost = cost::IF_FALSE + cost::SCAN_BYTE * skip_end.saturating_sub(then_at) as u32;
        Ok(Stmt::If {
            cond,
            then: Box::new(then),
            else_seg,
            then_cost,
            skip_cost,
        })
    }

    /// After THEN or ELSE: a line number is a GOTO, anything else a statement.
    fn then_part(&mut self) -> PResult<Stmt> {
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let n = self.jump_target()?;
            self.cost = self.cost.saturating_sub(cost::THEN_GOTO_SAVING);
            Ok(Stmt::Goto(n))
        } else {
            self.statement()
        }
    }

    fn for_stmt(&mut self) -> PResult<Stmt> {
        self.cost += cost::FOR;
        let var = self.var_name()?;
        if is_string_name(var) || self.peek() == Some(b'(') {
            return Err(ErrorCode::SN);
        }
        self.expect(t::EQUAL)?;
        let from = self.expr()?;
        self.expect(t::TO)?;
        let to = self.expr()?;
        let step = if self.eat(t::STEP) {
            self.cost += cost::FOR_STEP;
            Some(self.expr()?)
        } else {
            None
        };
        Ok(Stmt::For {
            var,
            from,
            to,
            step,
        })
    }

    fn next_stmt(&mut self) -> PResult<Stmt> {
        let mut vars = Vec::new();
        if self.peek().is_some_and(|c| c.is_ascii_uppercase()) {
            // Only the first name is read on every pass; the others when a loop ends (the
            // hand-over, counted by NEXT itself).
            let mut first_name = 0;
            loop {
                vars.push(self.var_name()?);
                if vars.len() == 1 {
                    first_name = self.cost.saturating_sub(9);
                }
                if !self.eat(b',') {
                    break;
                }
            }
            self.cost = first_name;
        }
        Ok(Stmt::Next(vars))
    }

    fn on_stmt(&mut self) -> PResult<Stmt> {
        let selector = self.expr()?;
        self.expect(t::GO)?;
        let gosub = if self.eat(t::TO) {
            false
        } else if self.eat(t::SUB) {
            true
        } else {
            return Err(ErrorCode::SN);
        };
        self.cost += cost::ON;
        let mut targets = vec![self.jump_target()?];
        while self.eat(b',') {
            targets.push(self.line_number()?);
        }
        Ok(Stmt::On {
            selector,
            gosub,
            targets,
        })
    }

    fn input_stmt(&mut self, line: bool) -> PResult<Stmt> {
        let mut device = None;
        if self.eat(b'#') {
            device = Some(self.expr()?);
            self.expect(b',')?;
        }
        let mut prompt = None;
        let mut question = true;
        if device.is_none() && self.peek() == Some(b'"') {
            self.p += 1;
            let start = self.p;
            while self.p < self.t.len() && self.t[self.p] != b'"' {
                self.p += 1;
            }
            let len = (self.p - start).min(255);
            if self.p < self.t.len() {
                self.p += 1;
            }
            prompt = Some((self.base.wrapping_add(start as u16), len as u8));
            if self.dialect.input_prompt_comma() && self.eat(b',') {
                question = false;
            } else {
                self.expect(b';')?;
            }
        }
        let vars = if line {
            let v = self.lvalue()?;
            if !is_string_name(v.name()) {
                return Err(ErrorCode::TM);
            }
            vec![v]
        } else {
            self.lvalue_list()?
        };
        Ok(Stmt::Input {
            prompt,
            device,
            vars,
            line,
            question,
        })
    }

    fn dim_stmt(&mut self) -> PResult<Stmt> {
        let mut out = Vec::new();
        loop {
            let name = self.var_name()?;
            let dims = if self.eat(b'(') {
                self.subscripts()?
            } else {
                Vec::new()
            };
            out.push((name, dims));
            if !self.eat(b',') {
                break;
            }
        }
        Ok(Stmt::Dim(out))
    }

    fn def_stmt(&mut self) -> PResult<Stmt> {
        self.expect(t::FN)?;
        let name = self.var_name()?;
        self.expect(b'(')?;
        let param = self.var_name()?;
        if is_string_name(param) {
            return Err(ErrorCode::SN);
        }
        self.expect(b')')?;
        self.expect(t::EQUAL)?;
        let body = self.expr()?;
        Ok(Stmt::DefFn {
            name: name | 0x8000,
            param,
            body: std::rc::Rc::new(body),
        })
    }

    fn let_body(&mut self) -> PResult<Stmt> {
        self.cost += cost::LET;
        let target = self.lvalue()?;
        self.expect(t::EQUAL)?;
        let value = self.expr()?;
        Ok(Stmt::Let(target, value))
    }

    fn mid_assign(&mut self) -> PResult<Stmt> {
        self.expect(b'(')?;
        let target = self.lvalue()?;
        if !is_string_name(target.name()) {
            return Err(ErrorCode::TM);
        }
        self.expect(b',')?;
        let start = self.expr()?;
        let len = if self.eat(b',') {
            Some(self.expr()?)
        } else {
            None
        };
        self.expect(b')')?;
        self.expect(t::EQUAL)?;
        let value = self.expr()?;
        Ok(Stmt::MidAssign {
            target,
            start,
            len,
            value,
        })
    }

    fn print_stmt(&mut self) -> PResult<Stmt> {
        let mut pr = Print {
            at: None,
            device: None,
            printer: false,
            using: None,
            items: Vec::new(),
        };
        if self.eat(b'#') {
            pr.device = Some(self.expr()?);
            if !self.at_end() {
                self.expect(b',')?;
            }
        }
        if self.eat(b'@') {
            self.cost += cost::PRINT_AT;
            pr.at = Some(self.expr()?);
            if !self.at_end() {
                self.expect(b',')?;
            }
        }
        if self.eat(t::USING) {
            pr.using = Some(self.expr()?);
            self.expect(b';')?;
        }
        while let Some(c) = self.peek() {
            let start = self.p;
            if !matches!(c, b',' | b';') {
                self.cost += cost::PRINT_ITEM;
            }
            let item = match c {
                b',' => {
                    self.p += 1;
                    PrintItem::Comma
                }
                b';' => {
                    self.p += 1;
                    PrintItem::Semicolon
                }

                t::TAB => {
                    self.p += 1;
                    match self.expr().and_then(|e| self.expect(b')').map(|_| e)) {
                        Ok(e) => PrintItem::Tab(e),
                        Err(e) => {
                            pr.items.push(PrintItem::Fail(e));
                            self.skip_rest();
                            break;
                        }
                    }
                }
                _ => match self.expr() {
                    // An item that read nothing would be found again for ever.
                    Ok(_) if self.p == start => {
                        pr.items.push(PrintItem::Fail(ErrorCode::SN));
                        self.skip_rest();
                        break;
                    }
                    Ok(e) => PrintItem::Expr(e),
                    Err(e) => {
                        pr.items.push(PrintItem::Fail(e));
                        self.skip_rest();
                        break;
                    }
                },
            };
            pr.items.push(item);
        }
        Ok(Stmt::Print(Box::new(pr)))
    }

    fn lvalue_list(&mut self) -> PResult<Vec<LValue>> {
        let mut v = vec![self.lvalue()?];
        while self.eat(b',') {
            v.push(self.lvalue()?);
        }
        Ok(v)
    }

    fn lvalue(&mut self) -> PResult<LValue> {
        let before = self.cost;
        let name = self.var_name()?;
        if self.eat(b'(') {
            self.cost = before;
            let subs = self.subscripts()?;
            self.cost += cost::ELEMENT * subs.len() as u32;
            Ok(LValue::Elem(name, subs))
        } else {
            Ok(LValue::Var(name))
        }
    }

    fn subscripts(&mut self) -> PResult<Vec<Expr>> {
        let mut subs = Vec::new();
        loop {
            subs.push(self.expr()?);
            if !self.eat(b',') {
                break;
            }
        }
        self.expect(b')')?;
        Ok(subs)
    }

    /// A variable name: a letter, then letters and digits of which only the first counts,
    /// then `$` for a string (VarGetVar). In MBASIC dots belong to names too, and a name of
    /// three or more characters gets its own code (`long_names`).
    fn var_name(&mut self) -> PResult<VarName> {
        let c = self.peek().ok_or(ErrorCode::SN)?;
        if !c.is_ascii_uppercase() {
            return Err(ErrorCode::SN);
        }
        self.p += 1;
        let long = self.dialect.long_names();
        let is_name_char =
            |b: u8| b.is_ascii_uppercase() || b.is_ascii_digit() || (long && b == b'.');
        // The whole name as BASIC reads it: spaces between its characters are skipped.
        let mut name = [0u8; long_names::SIGNIFICANT];
        name[0] = c;
        let mut len = 1;
        while let Some(c2) = self.peek() {
            if !is_name_char(c2) {
                break;
            }
            if len < name.len() {
                name[len] = c2;
            }
            len += 1;
            self.p += 1;
        }
        // VarGetVar reads every character of the name (timing.md §2.3).
        self.cost += cost::VAR;
        for (i, &ch) in name[..len.min(name.len())].iter().enumerate().skip(1) {
            self.cost += match (i, ch.is_ascii_digit()) {
                (1, false) => cost::NAME_LETTER,
                (1, true) => cost::NAME_DIGIT,
                (_, false) => cost::NAME_MORE,
                (_, true) => cost::NAME_MORE - 15,
            };
        }
        let mut code = ((c as u16) << 8) | if len > 1 { name[1] as u16 } else { 0 };
        if long && len > 2 {
            let significant = &name[..len.min(name.len())];
            code = self.names.code(significant).ok_or(ErrorCode::OM)?;
        }
        if self.eat(b'$') {
            code |= 0x80;
            self.cost += cost::NAME_STRING;
        }
        // The byte after the name: a token is the base case.
        match self.peek() {
            Some(b':' | b';') => self.cost -= 4,
            Some(b',' | b')') | None => self.cost += 5,
            _ => {}
        }
        Ok(code)
    }

    // ---------------------------------------------------------------- expressions

    /// A whole expression: the evaluator's entry and exit, then its operands and operators.
    fn expr(&mut self) -> PResult<Expr> {
        self.cost += cost::EXPR;
        let outer = std::mem::replace(&mut self.first_operator, true);
        let e = self.expr_prec(0);
        self.first_operator = outer;
        e
    }

    /// A binary operator's own cost: the first of an expression costs more.
    fn operator_cost(&mut self) -> u32 {
        if std::mem::replace(&mut self.first_operator, false) {
            cost::OPERATOR_FIRST
        } else {
            cost::OPERATOR
        }
    }

    fn expr_prec(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        while let Some(c) = self.peek() {
            let (p, op) = match c {
                t::PLUS => (prec::ADD, Some(BinOp::Add)),
                t::MINUS => (prec::ADD, Some(BinOp::Sub)),
                t::TIMES => (prec::MUL, Some(BinOp::Mul)),
                t::DIVIDE => (prec::MUL, Some(BinOp::Div)),
                t::POWER => (prec::POW, Some(BinOp::Pow)),
                t::AND => (prec::AND, Some(BinOp::And)),
                t::OR => (prec::OR, Some(BinOp::Or)),
                t::GREATER | t::EQUAL | t::LESS => (prec::REL, None),
                _ => break,
            };
            if p <= min {
                break;
            }
            match op {
                Some(op) => {
                    self.p += 1;
                    self.cost += match op {
                        BinOp::And | BinOp::Or => cost::LOGIC,
                        BinOp::Sub => self.operator_cost() + cost::SUBTRACT,
                        _ => self.operator_cost(),
                    };
                    let rhs = self.expr_prec(p)?;
                    lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
                }
                None => {
                    let mut mask = 0u8;
                    while let Some(c) = self.peek() {
                        let bit = match c {
                            t::GREATER => 1,
                            t::EQUAL => 2,
                            t::LESS => 4,
                            _ => break,
                        };
                        if mask & bit != 0 {
                            return Err(ErrorCode::SN);
                        }
                        mask |= bit;
                        self.p += 1;
                    }
                    self.cost += cost::RELATION
                        + if mask.count_ones() > 1 {
                            cost::RELATION_TWO_CHARS
                        } else {
                            0
                        };
                    let rhs = self.expr_prec(prec::REL)?;
                    lhs = Expr::Rel(mask, Box::new(lhs), Box::new(rhs));
                }
            }
        }
        Ok(lhs)
    }

    /// The ROM's quirk after a unary minus: its operand is evaluated at a precedence above the
    /// comparisons, and that evaluation reads a whole run of comparison characters, then backs
    /// the text pointer up by one; the level that continues clears the comparison flags and
    /// reads from there. So only the run's last character counts: `-A<=B` is `-A=B`, `-A<>B`
    /// is `-A>B`, and `A*-1<=B` is `A*-1=B`, while `(-A)<=B` is as written. (A run that
    /// repeats a character is left whole, for the ?SN the ROM gives it.)
    fn skip_to_last_relational(&mut self) {
        let is_rel = |c: u8| matches!(c, t::GREATER | t::EQUAL | t::LESS);
        let mut run = Vec::new();
        let mut q = self.p;
        while q < self.t.len() {
            match self.t[q] {
                b' ' => {}
                c if is_rel(c) => run.push(q),
                _ => break,
            }
            q += 1;
        }
        let repeats = run
            .iter()
            .enumerate()
            .any(|(i, &a)| run[..i].iter().any(|&b| self.t[b] == self.t[a]));
        if let (Some(&last), false) = (run.last(), repeats) {
            self.p = last;
        }
    }

    fn unary(&mut self) -> PResult<Expr> {
        let c = self.peek().ok_or(ErrorCode::SN)?;
        match c {
            t::MINUS => {
                self.p += 1;
                self.cost += cost::NEGATE;
                let operand = self.expr_prec(prec::NEG)?;
                self.skip_to_last_relational();
                Ok(Expr::Neg(Box::new(operand)))
            }
            t::PLUS => {
                self.p += 1;
                self.unary()
            }
            t::NOT => {
                self.p += 1;
                self.cost += cost::NOT;
                Ok(Expr::Not(Box::new(self.expr_prec(prec::NOT)?)))
            }
            b'(' => {
                self.p += 1;
                self.cost += cost::PARENS;
                let e = self.expr_prec(0)?;
                self.expect(b')')?;
                Ok(Expr::Paren(Box::new(e)))
            }
            b'"' => {
                self.p += 1;
                let start = self.p;
                while self.p < self.t.len() && self.t[self.p] != b'"' {
                    self.p += 1;
                }
                let len = self.p - start;
                if self.p < self.t.len() {
                    self.p += 1;
                }
                if len > 255 {
                    return Ok(Expr::Fail(ErrorCode::LS));
                }
                self.cost += cost::OPERAND_STRING + cost::STRING_CHAR * len as u32;
                Ok(Expr::Str(self.base.wrapping_add(start as u16), len as u8))
            }
            b'0'..=b'9' | b'.' | b'&' => Ok(self.number()),
            b'A'..=b'Z' => {
                let before = self.cost;
                let name = self.var_name()?;
                if self.eat(b'(') {
                    // An element's name is read by the array code, counted in ELEMENT.
                    self.cost = before;
                    let subs = self.subscripts()?;
                    self.cost += cost::ELEMENT * subs.len() as u32;
                    Ok(Expr::Elem(name, subs))
                } else {
                    self.cost += cost::OPERAND_VAR;
                    Ok(Expr::Var(name))
                }
            }
            t::FN => {
                self.p += 1;
                let name = self.var_name()? | 0x8000;
                self.expect(b'(')?;
                let arg = self.expr()?;
                self.expect(b')')?;
                Ok(Expr::UserFn(name, Box::new(arg)))
            }
            FUNCTION_PREFIX => self.function(),
            _ => Err(ErrorCode::SN),
        }
    }

    fn number(&mut self) -> Expr {
        let start = self.p;
        let text = &self.t[start..];
        FIN.with(|cell| {
            let mut slot = cell.borrow_mut();
            let fu = slot.get_or_insert_with(FloatUnit::new);
            match fu.parse(text) {
                Ok(n) => {
                    self.p += n.max(1);
                    let end = self.p.min(self.t.len());
                    self.cost += cost::OPERAND_NUMBER
                        + fin::literal(&self.t[start..end], self.t.get(end).copied());
                    Expr::Num(fu.fac)
                }
                Err(e) => {
                    // Skip the rest of the number so parsing can go on; the error is raised
                    // when the literal is evaluated, as on the Dragon. An `&H`/`&O` literal
                    // starts with `&`, which must be stepped over too, or the caller would
                    // find the same literal again and again.
                    if self.t.get(self.p) == Some(&b'&') {
                        self.p += 1;
                    }
                    while self.p < self.t.len()
                        && (self.t[self.p].is_ascii_alphanumeric()
                            || matches!(self.t[self.p], b'.' | b' ' | t::PLUS | t::MINUS))
                    {
                        self.p += 1;
                    }
                    Expr::Fail(e.into())
                }
            }
        })
    }

    fn paren_args(&mut self) -> PResult<Vec<Expr>> {
        self.expect(b'(')?;
        let mut v = vec![self.expr()?];
        while self.eat(b',') {
            v.push(self.expr()?);
        }
        self.expect(b')')?;
        Ok(v)
    }

    fn function(&mut self) -> PResult<Expr> {
        self.p += 1;
        let code = self.t.get(self.p).copied().ok_or(ErrorCode::SN)?;
        self.p += 1;
        let fun = match code {
            f::SGN => Func::Sgn,
            f::INT => Func::Int,
            f::ABS => Func::Abs,
            f::POS => Func::Pos,
            f::RND => Func::Rnd,
            f::SQR => Func::Sqr,
            f::LOG => Func::Log,
            f::EXP => Func::Exp,
            f::SIN => Func::Sin,
            f::COS => Func::Cos,
            f::TAN => Func::Tan,
            f::ATN => Func::Atn,
            f::PEEK => Func::Peek,
            f::LEN => Func::Len,
            f::STR => Func::Str,
            f::VAL => Func::Val,
            f::ASC => Func::Asc,
            f::CHR => Func::Chr,
            f::EOF => Func::Eof,
            f::JOYSTK => Func::Joystk,
            f::FIX => Func::Fix,
            f::HEX => Func::Hex,
            f::LEFT => Func::Left,
            f::RIGHT => Func::Right,
            f::MID => Func::Mid,
            f::POINT => Func::Point,
            f::INKEY => {
                self.cost += cost::INKEY;
                return Ok(Expr::Call(Func::Inkey, Vec::new()));
            }
            f::MEM => {
                self.cost += cost::TIMER;
                return Ok(Expr::Call(Func::Mem, Vec::new()));
            }
            f::TIMER => {
                self.cost += cost::TIMER;
                return Ok(Expr::Call(Func::Timer, Vec::new()));
            }
            f::VARPTR => {
                self.expect(b'(')?;
                let lv = self.lvalue()?;
                self.expect(b')')?;
                return Ok(Expr::Varptr(lv));
            }
            f::INSTR => Func::Instr,
            f::PPOINT => Func::Ppoint,
            f::STRING => Func::StringOf,
            f::USR => {
                // USR0–USR9: an optional digit names the routine.
                if self.t.get(self.p).is_some_and(|c| c.is_ascii_digit()) {
                    self.p += 1;
                }
                Func::Usr
            }
            _ => return Err(ErrorCode::SN),
        };
        let args = self.paren_args()?;
        let (min, max) = match fun {
            Func::Left | Func::Right | Func::Point | Func::Ppoint | Func::StringOf => (2, 2),
            Func::Mid => (2, 3),
            Func::Instr => (2, 3),
            _ => (1, 1),
        };
        if args.len() < min || args.len() > max {
            return Err(ErrorCode::SN);
        }
        // The routines whose cost does not depend on the value (the others: eval.rs).
        self.cost += cost::FUNCTION
            + match fun {
                Func::Sgn => cost::SGN,
                Func::Abs => cost::ABS,
                Func::Sqr => cost::SQR,
                Func::Log => cost::LOG,
                Func::Exp => cost::EXP,
                Func::Sin => cost::SIN,
                Func::Cos => cost::COS,
                Func::Tan => cost::TAN,
                Func::Atn => cost::ATN,
                Func::Len | Func::Asc => cost::LEN,
                Func::Str | Func::Chr | Func::Left | Func::Right | Func::StringOf | Func::Hex => {
                    cost::STRING_FUNCTION
                }
                Func::Mid => cost::MID,
                Func::Instr => cost::INSTR,
                Func::Peek => cost::PEEK,
                Func::Joystk => cost::JOYSTK,
                Func::Int | Func::Rnd => 0,
                _ => cost::SMALL_FUNCTION,
            };
        Ok(Expr::Call(fun, args))
    }
}
