//! The graphics statements' grammar (PCLS to PUT), with the points and optional arguments
//! they share.

use super::{PResult, Parser};
use crate::basic::ast::{Expr, GraphicsStmt, PointExpr, VarName};
use crate::basic::error::ErrorCode;
use crate::basic::graphics::{LineBox, PutAction};
use crate::basic::tokens::stmt as t;

impl Parser<'_> {
    /// The graphics statements (the token is already read).
    pub(super) fn graphics(&mut self, token: u8) -> PResult<GraphicsStmt> {
        self.eat(b'@');
        Ok(match token {
            t::PCLS => GraphicsStmt::Pcls(self.opt_expr()?),
            t::PSET | t::PRESET => {
                let (at, colour) = self.point_or_paren3()?;
                GraphicsStmt::Pset {
                    at,
                    colour,
                    set: token == t::PSET,
                }
            }
            t::LINE => self.line_args()?,
            t::CIRCLE => self.circle_args()?,
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
            t::GET => self.get_args()?,
            t::PUT => self.put_args()?,
            _ => return Err(ErrorCode::SN),
        })
    }

    /// LINE's `[(x1,y1)]-(x2,y2)[,PSET|PRESET[,B[F]]]`: without PSET or PRESET the line is
    /// parsed but not drawn (?SN when it runs).
    fn line_args(&mut self) -> PResult<GraphicsStmt> {
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
        Ok(GraphicsStmt::Line {
            from,
            to,
            action,
            shape,
        })
    }

    /// CIRCLE's `(x,y),r[,c[,ratio[,start[,end]]]]`, any of the optional ones left empty.
    fn circle_args(&mut self) -> PResult<GraphicsStmt> {
        let centre = self.point()?;
        self.expect(b',')?;
        let radius = self.expr()?;
        let colour = self.opt_arg()?;
        let ratio = self.opt_arg()?;
        let start = self.opt_arg()?;
        let end = self.opt_arg()?;
        Ok(GraphicsStmt::Circle {
            centre,
            radius,
            colour,
            ratio,
            start,
            end,
        })
    }

    /// GET's and PUT's common part: `[(x1,y1)]-(x2,y2),array`.
    fn area_and_array(&mut self) -> PResult<(Option<PointExpr>, PointExpr, VarName)> {
        let (from, to) = self.point_pair()?;
        self.expect(b',')?;
        let array = self.var_name()?;
        Ok((from, to, array))
    }

    /// GET's area and array, then `,G` for bits.
    fn get_args(&mut self) -> PResult<GraphicsStmt> {
        let (from, to, array) = self.area_and_array()?;
        let bits = if self.eat(b',') {
            self.expect(b'G')?;
            true
        } else {
            false
        };
        Ok(GraphicsStmt::Get {
            from,
            to,
            array,
            bits,
        })
    }

    /// PUT's area and array, then the action token, if any.
    fn put_args(&mut self) -> PResult<GraphicsStmt> {
        let (from, to, array) = self.area_and_array()?;
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
        Ok(GraphicsStmt::Put {
            from,
            to,
            array,
            action,
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
}
