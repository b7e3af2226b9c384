//! The statements of a line: each keyword's grammar, as the ROM's command routines read it,
//! with the text costs the ROM spends on them (cost.rs).

use super::{find_else, PResult, Parser};
use crate::basic::ast::{is_string_name, Expr, Jump, LValue, Print, PrintItem, Stmt, TapeStmt};
use crate::basic::cost;
use crate::basic::error::ErrorCode;
use crate::basic::tokens::{func as f, stmt as t, FUNCTION_PREFIX};

impl Parser<'_> {
    // ---------------------------------------------------------------- statements

    /// One statement: a keyword's grammar, an assignment without LET, or MID$= and TIMER=
    /// (functions on the left of an assignment).
    pub(super) fn statement(&mut self) -> PResult<Stmt> {
        let Some(c) = self.peek() else {
            self.cost += cost::EMPTY;
            return Ok(Stmt::Empty);
        };
        if c.is_ascii_uppercase() {
            return self.word_statement();
        }
        if c == FUNCTION_PREFIX {
            return self.function_statement();
        }
        if c < 0x80 {
            return Err(ErrorCode::SN);
        }
        self.p += 1;
        self.keyword_dispatch();
        self.keyword_statement(c)
    }

    /// A statement that starts with a letter: another dialect's RANDOMIZE or LPRINT (stored
    /// as letters, see `crunch::EXTRA_WORDS`), else an assignment without LET.
    fn word_statement(&mut self) -> PResult<Stmt> {
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
        self.let_body()
    }

    /// MID$(...)= and TIMER=: the function prefix and token, then the assignment.
    fn function_statement(&mut self) -> PResult<Stmt> {
        self.p += 1;
        let fc = self.t.get(self.p).copied();
        self.p += 1;
        self.keyword_dispatch();
        match fc {
            Some(f::MID) => self.mid_assign(),
            Some(f::TIMER) => {
                self.expect(t::EQUAL)?;
                Ok(Stmt::TimerSet(self.expr()?))
            }
            _ => Err(ErrorCode::SN),
        }
    }

    /// A statement token's grammar (the token is already read): a table, each statement
    /// with more than a line or two to read in a function of its own.
    fn keyword_statement(&mut self, c: u8) -> PResult<Stmt> {
        match c {
            t::FOR => self.for_stmt(),
            t::GO => self.go_stmt(),
            t::REM | t::REM_QUOTE => {
                self.cost += cost::REM;
                self.scan_to_end();
                Ok(Stmt::Rem)
            }
            t::ELSE => Ok(Stmt::Else(Box::new(self.then_part()?))),
            t::IF => self.if_stmt(),
            t::DATA => {
                self.cost += cost::DATA;
                if self.full.get(self.t.len()) == Some(&b':') {
                    self.cost += cost::SCAN_TERMINATOR;
                }
                self.scan_to_end();
                Ok(Stmt::Data)
            }
            t::PRINT => self.print_stmt(),
            t::ON => self.on_stmt(),
            t::INPUT => self.input_stmt(false),
            t::END => Ok(Stmt::End),
            t::NEXT => self.next_stmt(),
            t::DIM => self.dim_stmt(),
            t::READ => self.read_stmt(),
            t::LET => self.let_body(),
            t::RUN => self.run_stmt(),
            t::RESTORE => {
                self.cost += cost::RESTORE;
                Ok(Stmt::Restore)
            }
            t::RETURN => {
                self.cost += cost::RETURN;
                Ok(Stmt::Return)
            }
            t::STOP => Ok(Stmt::Stop),
            t::POKE => self.poke_stmt(),
            t::CONT => Ok(Stmt::Cont),
            t::LIST | t::LLIST => Ok(Stmt::List(self.line_range()?)),
            t::CLEAR => self.clear_stmt(),
            t::NEW => Ok(Stmt::New),
            t::DEF => self.def_stmt(),
            t::SET | t::RESET => self.set_reset_stmt(c),
            t::CLS => {
                self.cost += cost::CLS;
                Ok(Stmt::Cls(self.expr_unless_end()?))
            }
            t::SOUND => {
                let a = self.expr()?;
                self.expect(b',')?;
                Ok(Stmt::Sound(a, self.expr()?))
            }
            t::EXEC => Ok(Stmt::Exec(self.expr_unless_end()?)),
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
            t::RENUM => self.renum_stmt(),
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

    /// REM and DATA: the dispatcher's CHRGET passed the spaces after the keyword (31 c each)
    /// and read the first other byte; the handler's scan (L862A) then starts again at that
    /// byte, which CHRGET left the pointer on, and passes every byte to the statement's end
    /// (`cost::scan_cycles`; docs/timing.md §2.12).
    fn scan_to_end(&mut self) {
        let rest = &self.t[self.p.min(self.t.len())..];
        let spaces = rest.iter().take_while(|&&b| b == b' ').count();
        self.cost += cost::SPACE * spaces as u32 + cost::scan_cycles(&rest[spaces..]);
        self.p = self.t.len();
    }

    /// An optional argument that only the end of the statement leaves out (CLS, EXEC).
    fn expr_unless_end(&mut self) -> PResult<Option<Expr>> {
        if self.at_end() {
            Ok(None)
        } else {
            Ok(Some(self.expr()?))
        }
    }

    /// READ v[,v...]: each item after the first costs the ROM less than the first.
    fn read_stmt(&mut self) -> PResult<Stmt> {
        let vars = self.lvalue_list()?;
        self.cost += cost::READ + cost::READ_ITEM * (vars.len() as u32 - 1);
        Ok(Stmt::Read(vars))
    }

    /// RUN [n]: a line number only if a digit follows.
    fn run_stmt(&mut self) -> PResult<Stmt> {
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            Ok(Stmt::Run(Some(self.line_number()?)))
        } else {
            Ok(Stmt::Run(None))
        }
    }

    /// POKE a,v.
    fn poke_stmt(&mut self) -> PResult<Stmt> {
        self.cost += cost::POKE;
        let a = self.expr()?;
        self.expect(b',')?;
        Ok(Stmt::Poke(a, self.expr()?))
    }

    /// CLEAR [n[,top]].
    fn clear_stmt(&mut self) -> PResult<Stmt> {
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

    /// SET(x,y,c) and RESET(x,y): the text screen's blocks.
    fn set_reset_stmt(&mut self, token: u8) -> PResult<Stmt> {
        self.expect(b'(')?;
        let x = self.expr()?;
        self.expect(b',')?;
        let y = self.expr()?;
        if token == t::RESET {
            self.expect(b')')?;
            return Ok(Stmt::Reset(x, y));
        }
        self.expect(b',')?;
        let c = self.expr()?;
        self.expect(b')')?;
        Ok(Stmt::Set(x, y, c))
    }

    /// RENUM [new][,[start][,inc]]: each part may be left out.
    fn renum_stmt(&mut self) -> PResult<Stmt> {
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

    /// The cassette statements (the token is already read).
    pub(super) fn tape(&mut self, token: u8) -> PResult<TapeStmt> {
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

    /// An optional argument where a comma or the end means none (`PCLS`, `CLOAD`).
    pub(super) fn opt_expr(&mut self) -> PResult<Option<Expr>> {
        match self.peek() {
            None | Some(b',') => Ok(None),
            _ => Ok(Some(self.expr()?)),
        }
    }

    pub(super) fn go_stmt(&mut self) -> PResult<Stmt> {
        if self.eat(t::TO) {
            Ok(Stmt::Goto(Jump::new(self.jump_target()?)))
        } else if self.eat(t::SUB) {
            self.cost += cost::GOSUB;
            Ok(Stmt::Gosub(Jump::new(self.jump_target()?)))
        } else {
            Err(ErrorCode::SN)
        }
    }

    pub(super) fn if_stmt(&mut self) -> PResult<Stmt> {
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
    pub(super) fn then_part(&mut self) -> PResult<Stmt> {
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let n = self.jump_target()?;
            self.cost = self.cost.saturating_sub(cost::THEN_GOTO_SAVING);
            Ok(Stmt::Goto(Jump::new(n)))
        } else {
            self.statement()
        }
    }

    pub(super) fn for_stmt(&mut self) -> PResult<Stmt> {
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

    pub(super) fn next_stmt(&mut self) -> PResult<Stmt> {
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

    pub(super) fn on_stmt(&mut self) -> PResult<Stmt> {
        let selector = self.expr()?;
        self.expect(t::GO)?;
        let gosub = if self.eat(t::TO) {
            false
        } else if self.eat(t::SUB) {
            true
        } else {
            return Err(ErrorCode::SN);
        };
        // The handler, and the GOTO part for the entry taken (the entries passed over before it
        // are counted when the selector is known).
        self.cost += cost::ON + cost::GOTO - cost::THEN_GOTO_SAVING;
        let mut targets = vec![Jump::new(self.line_number()?)];
        while self.eat(b',') {
            targets.push(Jump::new(self.line_number()?));
        }
        Ok(Stmt::On {
            selector,
            gosub,
            targets,
        })
    }

    pub(super) fn input_stmt(&mut self, line: bool) -> PResult<Stmt> {
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

    pub(super) fn dim_stmt(&mut self) -> PResult<Stmt> {
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

    pub(super) fn def_stmt(&mut self) -> PResult<Stmt> {
        // DEF USRn=address (DR L9D00): the function token $FF $A1, an optional digit.
        if self.peek() == Some(0xFF)
            && self.t.get(self.p + 1) == Some(&crate::basic::tokens::func::USR)
        {
            self.p += 2;
            let n = self.usr_digit();
            self.expect(t::EQUAL)?;
            let address = self.expr()?;
            return Ok(Stmt::DefUsr { n, address });
        }
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

    pub(super) fn let_body(&mut self) -> PResult<Stmt> {
        self.cost += cost::LET;
        let target = self.lvalue()?;
        self.expect(t::EQUAL)?;
        let value = self.expr()?;
        Ok(Stmt::Let(target, value))
    }

    pub(super) fn mid_assign(&mut self) -> PResult<Stmt> {
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

    pub(super) fn print_stmt(&mut self) -> PResult<Stmt> {
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

    pub(super) fn lvalue_list(&mut self) -> PResult<Vec<LValue>> {
        let mut v = vec![self.lvalue()?];
        while self.eat(b',') {
            v.push(self.lvalue()?);
        }
        Ok(v)
    }
}
