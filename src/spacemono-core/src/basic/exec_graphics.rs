//! The graphics statements: arguments converted as the ROM converts them, then the
//! algorithms of `basic::graphics` on RAM.

use crate::basic::ast::{Expr, GraphicsStmt, PointExpr, VarName};
use crate::basic::cost::{fp, graphics as cost};
use crate::basic::error::ErrorCode;
use crate::basic::eval::LET_LEVEL;
use crate::basic::float::FloatUnit;
use crate::basic::graphics::{self, DrawHost, GetMode, Point};
use crate::basic::interp::{Interpreter, Res};
use crate::basic::mode::Mode;
use crate::basic::vars::VarIndex;
use crate::machine::hardware::Hardware;
use crate::machine::memory::Memory;

/// DRAW's `=var;` and `Xvar;`: simple variables, looked up (or created) by name.
pub(crate) struct DrawVars<'a> {
    pub(crate) vars: &'a mut VarIndex,
    pub(crate) fu: &'a mut FloatUnit,
    pub(crate) stack: u16,
    /// The cycles DRAW's commands and lines took.
    pub(crate) cycles: u32,
}

/// The variable name at the start of DRAW's variable text: two significant characters,
/// `$` for a string; arrays are not supported inside DRAW strings here (?FC).
fn draw_var_name(text: &[u8]) -> Res<VarName> {
    let t: Vec<u8> = text.iter().copied().filter(|&c| c != b' ').collect();
    let first = *t.first().ok_or(ErrorCode::FC)?;
    if !first.is_ascii_uppercase() {
        return Err(ErrorCode::FC);
    }
    let mut i = 1;
    let mut second = 0u8;
    while i < t.len() && (t[i].is_ascii_uppercase() || t[i].is_ascii_digit()) {
        if i == 1 {
            second = t[i];
        }
        i += 1;
    }
    if t.get(i) == Some(&b'(') {
        return Err(ErrorCode::FC);
    }
    if t.get(i) == Some(&b'$') {
        second |= 0x80;
    }
    Ok(((first as u16) << 8) | second as u16)
}

impl DrawHost for DrawVars<'_> {
    fn numeric_var(&mut self, mem: &mut Memory, text: &[u8]) -> Result<u8, ErrorCode> {
        let name = draw_var_name(text)?;
        if name & 0x80 != 0 {
            return Err(ErrorCode::TM);
        }
        let a = self.vars.find_or_create(mem, name, self.stack)?;
        self.fu.load(crate::basic::float::Packed(mem.read5(a)));
        Ok(self.fu.to_u8()?)
    }

    fn string_var(&mut self, mem: &mut Memory, text: &[u8]) -> Result<Vec<u8>, ErrorCode> {
        let name = draw_var_name(text)?;
        if name & 0x80 == 0 {
            return Err(ErrorCode::TM);
        }
        let d = self.vars.find_or_create(mem, name, self.stack)?;
        let len = mem.peek(d) as u16;
        let at = mem.read_u16(d + 2);
        Ok(mem.slice(at, at.wrapping_add(len)).to_vec())
    }

    fn spend(&mut self, cycles: u32) {
        self.cycles = self.cycles.saturating_add(cycles);
    }
}

/// The pixels of GET's or PUT's rectangle (from the last point when no start is given).
fn rectangle(from: Option<Point>, to: Point) -> u32 {
    let (x0, y0) = from.unwrap_or(to);
    let w = (to.0 as i32 - x0 as i32).unsigned_abs() + 1;
    let h = (to.1 as i32 - y0 as i32).unsigned_abs() + 1;
    (w * h).min(256 * 192)
}

impl Interpreter {
    fn gpoint(&mut self, hw: &mut Hardware, p: &PointExpr) -> Res<Point> {
        self.eval_num(hw, &p.0, LET_LEVEL)?;
        hw.cycles += fp::int_conv(self.fu.fac.exp);
        let x = self.fu.to_u16()?;
        self.eval_num(hw, &p.1, LET_LEVEL)?;
        hw.cycles += fp::int_conv(self.fu.fac.exp);
        let y = self.fu.to_u8()?;
        Ok((x, y))
    }

    fn opt_u8(&mut self, hw: &mut Hardware, e: Option<&Expr>) -> Res<Option<u8>> {
        match e {
            Some(e) => Ok(Some(self.eval_u8(hw, e, LET_LEVEL)?)),
            None => Ok(None),
        }
    }

    /// INT(v·2^k) as the ROM forms it: the exponent raised by k, then converted.
    fn scaled(&mut self, hw: &mut Hardware, e: &Expr, k: u8) -> Res<()> {
        self.eval_num(hw, e, LET_LEVEL)?;
        if self.fu.fac.exp != 0 {
            self.fu.fac.exp = self.fu.fac.exp.checked_add(k).ok_or(ErrorCode::OV)?;
        }
        Ok(())
    }

    /// PLAY music$: the notes go out as sound events and the program waits for them, each
    /// note until the field IRQ's service has counted its timer ($E3) out, as on the Dragon
    /// (the field interrupt keeps TIMER counting).
    pub(crate) fn exec_play(&mut self, hw: &mut Hardware, music: &Expr) -> Res<()> {
        let d = self.eval_str(hw, music, LET_LEVEL)?;
        let bytes = self.take_string(hw, d);
        let sp = self.s_h(hw) as u16;
        let mut host = DrawVars {
            vars: &mut self.vars,
            fu: &mut self.fu,
            stack: sp,
            cycles: 0,
        };
        let mut notes = Vec::new();
        crate::basic::play::play(
            &mut hw.mem,
            &bytes,
            &mut host,
            sp,
            &mut hw.events,
            &mut notes,
        )?;
        if let Some(first) = notes.first() {
            first.start(hw);
            self.mode = Mode::Playing(crate::basic::mode::PlayWait { notes, next: 1 });
        }
        Ok(())
    }

    /// GET/PUT's corners and array: a missing array is ?FC, with the points already stored as
    /// the ROM stores them before it looks the array up.
    fn get_put_args(
        &mut self,
        hw: &mut Hardware,
        from: Option<&PointExpr>,
        to: &PointExpr,
        array: VarName,
    ) -> Res<(Option<Point>, Point, u16)> {
        let from = match from {
            Some(p) => Some(self.gpoint(hw, p)?),
            None => None,
        };
        let to = self.gpoint(hw, to)?;
        match self.vars.find_array(&hw.mem, array) {
            Some(hdr) => Ok((from, to, hdr)),
            None => {
                graphics::get_put_points(&mut hw.mem, from, to);
                Err(ErrorCode::FC)
            }
        }
    }

    /// A graphics statement: its arguments converted, its cost charged, then the ROM's
    /// algorithm from `basic::graphics`; the longer ones are functions of their own.
    pub(crate) fn exec_graphics(&mut self, hw: &mut Hardware, g: &GraphicsStmt) -> Res<()> {
        match g {
            GraphicsStmt::Pcls(c) => {
                let c = self.opt_u8(hw, c.as_ref())?;
                hw.cycles += cost::PCLS;
                graphics::pcls(&mut hw.mem, c)
            }
            GraphicsStmt::Pset { at, colour, set } => self.pset_stmt(hw, at, colour.as_ref(), *set),
            GraphicsStmt::Line {
                from,
                to,
                action,
                shape,
            } => self.line_stmt(hw, from.as_ref(), to, *action, *shape),
            GraphicsStmt::Circle {
                centre,
                radius,
                colour,
                ratio,
                start,
                end,
            } => {
                let ends = [ratio.as_ref(), start.as_ref(), end.as_ref()];
                self.circle_stmt(hw, centre, radius, colour.as_ref(), ends)
            }
            GraphicsStmt::Paint { at, colour, border } => {
                self.paint_stmt(hw, at, colour.as_ref(), border.as_ref())
            }
            GraphicsStmt::Draw(e) => self.draw_stmt(hw, e),
            GraphicsStmt::Pclear(e) => self.pclear_stmt(hw, e),
            GraphicsStmt::Color(f, b) => {
                let (f, b) = self.setting_args(hw, f, b)?;
                graphics::color(&mut hw.mem, f, b)
            }
            GraphicsStmt::Pmode(m, p) => {
                let (m, p) = self.setting_args(hw, m, p)?;
                graphics::pmode(&mut hw.mem, m, p)
            }
            GraphicsStmt::Screen(a, b) => {
                let (a, b) = self.setting_args(hw, a, b)?;
                let shown = hw.video();
                let v = graphics::screen(&mut hw.mem, shown, a, b);
                if a.is_some() {
                    hw.set_video(v);
                } else {
                    // SCREEN ,b touches only the CSS bit (GrSelectVDGColSet).
                    hw.io.set_css(v.css);
                }
                Ok(())
            }
            GraphicsStmt::Pcopy(s, d) => {
                let s = self.eval_u8(hw, s, LET_LEVEL)?;
                let d = self.eval_u8(hw, d, LET_LEVEL)?;
                hw.cycles += cost::PCOPY;
                graphics::pcopy(&mut hw.mem, s, d)
            }
            GraphicsStmt::Get {
                from,
                to,
                array,
                bits,
            } => {
                let (from, to, hdr) = self.get_put_args(hw, from.as_ref(), to, *array)?;
                let mode = if *bits { GetMode::Bits } else { GetMode::Bytes };
                hw.cycles += cost::GET + cost::GET_PIXEL * rectangle(from, to);
                graphics::get(&mut hw.mem, from, to, hdr, mode)
            }
            GraphicsStmt::Put {
                from,
                to,
                array,
                action,
            } => {
                let (from, to, hdr) = self.get_put_args(hw, from.as_ref(), to, *array)?;
                hw.cycles += cost::PUT + cost::PUT_PIXEL * rectangle(from, to);
                graphics::put(&mut hw.mem, from, to, hdr, *action)
            }
        }
    }

    /// PSET or PRESET (x,y)[,c].
    fn pset_stmt(
        &mut self,
        hw: &mut Hardware,
        at: &PointExpr,
        colour: Option<&Expr>,
        set: bool,
    ) -> Res<()> {
        let p = self.gpoint(hw, at)?;
        let c = self.opt_u8(hw, colour)?;
        hw.cycles += cost::PSET;
        if set {
            graphics::pset(&mut hw.mem, p, c)
        } else {
            graphics::preset(&mut hw.mem, p, c)
        }
    }

    /// PAINT (x,y)[,c[,b]]: the fill charges its own pixels and rows; its span records are
    /// checked against the stack as the interpreter accounts it.
    fn paint_stmt(
        &mut self,
        hw: &mut Hardware,
        at: &PointExpr,
        colour: Option<&Expr>,
        border: Option<&Expr>,
    ) -> Res<()> {
        let p = self.gpoint(hw, at)?;
        let c = self.opt_u8(hw, colour)?;
        let b = self.opt_u8(hw, border)?;
        let sp = self.s_h(hw) as u16;
        hw.cycles += graphics::paint(&mut hw.mem, p, c, b, sp)?;
        Ok(())
    }

    /// COLOR, PMODE and SCREEN's two optional bytes, and the cost of a setting.
    fn setting_args(
        &mut self,
        hw: &mut Hardware,
        a: &Option<Expr>,
        b: &Option<Expr>,
    ) -> Res<(Option<u8>, Option<u8>)> {
        let a = self.opt_u8(hw, a.as_ref())?;
        let b = self.opt_u8(hw, b.as_ref())?;
        hw.cycles += cost::SETTING;
        Ok((a, b))
    }

    /// LINE: the end points are stored even when there is no PSET/PRESET (then ?SN); the
    /// cost is the line's, the box's or the filled box's from their extents.
    fn line_stmt(
        &mut self,
        hw: &mut Hardware,
        from: Option<&PointExpr>,
        to: &PointExpr,
        action: Option<bool>,
        shape: graphics::LineBox,
    ) -> Res<()> {
        let from = match from {
            Some(p) => Some(self.gpoint(hw, p)?),
            None => None,
        };
        let to = self.gpoint(hw, to)?;
        graphics::line_endpoints(&mut hw.mem, from, to);
        let Some(set) = action else {
            return Err(ErrorCode::SN);
        };
        let (dx, dy) = graphics::line::extents(&hw.mem);
        hw.cycles += cost::LINE
            + match shape {
                graphics::LineBox::None => cost::line(dx, dy),
                graphics::LineBox::Box => cost::outline(dx, dy),
                graphics::LineBox::Filled => cost::filled(dx, dy),
            };
        graphics::line_draw(&mut hw.mem, set, shape);
        Ok(())
    }

    /// CIRCLE: `ends` are the optional ratio, start and end, each scaled as the ROM scales it
    /// (ratio ×256, start and end ×64) before the conversion.
    fn circle_stmt(
        &mut self,
        hw: &mut Hardware,
        centre: &PointExpr,
        radius: &Expr,
        colour: Option<&Expr>,
        [ratio, start, end]: [Option<&Expr>; 3],
    ) -> Res<()> {
        let c = self.gpoint(hw, centre)?;
        let r = self.eval_u16(hw, radius, LET_LEVEL)?;
        let colour = self.opt_u8(hw, colour)?;
        let ratio = match ratio {
            Some(e) => {
                self.scaled(hw, e, 8)?;
                Some(self.fu.to_u16()?)
            }
            None => None,
        };
        let start = self.opt_scaled_u8(hw, start)?;
        let end = self.opt_scaled_u8(hw, end)?;
        hw.cycles += graphics::circle(&mut hw.mem, c, r, colour, ratio, start, end)?;
        Ok(())
    }

    /// CIRCLE's start or end: a fraction of the turn, ×64 and converted to a byte.
    fn opt_scaled_u8(&mut self, hw: &mut Hardware, e: Option<&Expr>) -> Res<Option<u8>> {
        match e {
            Some(e) => {
                self.scaled(hw, e, 6)?;
                Ok(Some(self.fu.to_u8()?))
            }
            None => Ok(None),
        }
    }

    /// DRAW: the string's commands, with the variables it names looked up as DRAW runs; the
    /// cycles DRAW took are charged even when it stops with an error.
    fn draw_stmt(&mut self, hw: &mut Hardware, e: &Expr) -> Res<()> {
        let d = self.eval_str(hw, e, LET_LEVEL)?;
        let cmd = self.take_string(hw, d);
        let sp = self.s_h(hw) as u16;
        let mut host = DrawVars {
            vars: &mut self.vars,
            fu: &mut self.fu,
            stack: sp,
            cycles: crate::basic::cost::draw::STATEMENT,
        };
        let result = graphics::draw(&mut hw.mem, &cmd, &mut host, sp);
        hw.cycles += host.cycles;
        result
    }

    /// PCLEAR n: the program moves above the reserved pages.
    fn pclear_stmt(&mut self, hw: &mut Hardware, e: &Expr) -> Res<()> {
        let n = self.eval_u8(hw, e, LET_LEVEL)?;
        hw.cycles += cost::SETTING;
        graphics::pclear(&mut hw.mem, n)?;
        // The program moved: everything derived from its addresses is rebuilt,
        // and PCLEAR erases variables as CLEAR does.
        self.program_changed();
        self.reset_run_state(hw);
        Ok(())
    }
}
