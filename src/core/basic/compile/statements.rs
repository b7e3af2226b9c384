//! The statements of a line: each keyword's grammar, as the ROM's command routines read it,
//! with the text costs the ROM spends on them (cost.rs).

use super::{find_else, PResult, Parser};
use crate::basic::ast::*;
use crate::basic::cost;
use crate::basic::error::ErrorCode;
use crate::basic::graphics::LineBox;
use crate::basic::tokens::{func as f, stmt as t, FUNCTION_PREFIX};

impl Parser<'_> {
    // ---------------------------------------------------------------- statements

    pub(super) fn statement(&mut self) -> PResult<Stmt> {
        let Some(c) = self.peek() else {
            self.cost += cost::EMPTY;
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
                self.cost += cost::REM + cost::SCAN_BYTE * rest as u32;
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

    /// `(x,y)`
    pub(super) fn point(&mut self) -> PResult<PointExpr> {
        self.expect(b'(')?;
        let p = self.point_inside()?;
        self.expect(b')')?;
        Ok(p)
    }

    /// `x,y` inside a point's brackets.
    pub(super) fn point_inside(&mut self) -> PResult<PointExpr> {
        let x = self.expr()?;
        self.expect(b',')?;
        Ok((x, self.expr()?))
    }

    /// An optional argument after a comma: `,expr`, or `,` followed by another comma or the
    /// end (an omitted argument).
    pub(super) fn opt_arg(&mut self) -> PResult<Option<Expr>> {
        if !self.eat(b',') {
            return Ok(None);
        }
        match self.peek() {
            None | Some(b',') => Ok(None),
            _ => Ok(Some(self.expr()?)),
        }
    }

    pub(super) fn opt_expr(&mut self) -> PResult<Option<Expr>> {
        match self.peek() {
            None | Some(b',') => Ok(None),
            _ => Ok(Some(self.expr()?)),
        }
    }

    /// `[(x1,y1)]-(x2,y2)`
    pub(super) fn point_pair(&mut self) -> PResult<(Option<PointExpr>, PointExpr)> {
        let from = if self.peek() == Some(b'(') {
            Some(self.point()?)
        } else {
            None
        };
        self.expect(t::MINUS)?;
        Ok((from, self.point()?))
    }

    /// The graphics statements (the token is already read).
    pub(super) fn graphics(&mut self, token: u8) -> PResult<GraphicsStmt> {
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
    pub(super) fn point_or_paren3(&mut self) -> PResult<(PointExpr, Option<Expr>)> {
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

    pub(super) fn go_stmt(&mut self) -> PResult<Stmt> {
        if self.eat(t::TO) {
            Ok(Stmt::Goto(self.jump_target()?))
        } else if self.eat(t::SUB) {
            self.cost += cost::GOSUB;
            Ok(Stmt::Gosub(self.jump_target()?))
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
            Ok(Stmt::Goto(n))
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
        let mut targets = vec![self.line_number()?];
        while self.eat(b',') {
            targets.push(self.line_number()?);
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
