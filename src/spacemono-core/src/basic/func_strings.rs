//! The string functions: LEN, ASC, VAL, STR$, CHR$, HEX$, LEFT$, RIGHT$, MID$, INSTR,
//! STRING$ and INKEY$, on descriptors and string space as the ROM keeps them.

use crate::basic::ast::{Expr, Func};
use crate::basic::cost::{self, fin, fp};
use crate::basic::error::ErrorCode;
use crate::basic::eval::{str_bytes, Val, FUNCTION_DEPTH};
use crate::basic::float::Packed;
use crate::basic::interp::{Interpreter, Res, INKEY_LATCH};
use crate::basic::strings::read_desc;
use crate::machine::hardware::Hardware;

impl Interpreter {
    /// One of the string functions (`eval.rs` sends each kind to its file). The longer ones
    /// are functions of their own, inlined back here: this is on the expression hot path.
    pub(crate) fn call_strings(
        &mut self,
        hw: &mut Hardware,
        f: Func,
        args: &[Expr],
        level: u16,
    ) -> Res<Val> {
        match f {
            Func::Len => {
                let d = self.arg_str(hw, &args[0], level)?;
                let (len, _) = self.free_str(hw, d);
                self.fu.load_i16(len as i16);
            }
            Func::Asc => {
                let d = self.arg_str(hw, &args[0], level)?;
                let (len, at) = self.free_str(hw, d);
                if len == 0 {
                    return Err(ErrorCode::FC);
                }
                let c = hw.mem.peek(at);
                self.fu.load_i16(c as i16);
            }
            Func::Val => {
                let d = self.arg_str(hw, &args[0], level)?;
                let text = self.take_string(hw, d);
                hw.cycles += fin::literal(&text, None);
                if text.is_empty() {
                    self.fu.load(Packed::ZERO);
                } else {
                    self.fu.parse(&text)?;
                }
            }
            Func::Str => {
                self.arg_num(hw, &args[0], level)?;
                hw.cycles += fp::fout(self.fu.fac.exp);
                let s = self.fu.format();
                return Ok(Val::Str(self.new_temp_string(hw, s.as_bytes())?));
            }
            Func::Chr => {
                let c = {
                    self.arg_num(hw, &args[0], level)?;
                    self.fu.to_u8()?
                };
                return Ok(Val::Str(self.new_temp_string(hw, &[c])?));
            }
            Func::Hex => {
                self.arg_num(hw, &args[0], level)?;
                let v = self.fu.to_u16()?;
                let s = format!("{v:X}");
                return Ok(Val::Str(self.new_temp_string(hw, s.as_bytes())?));
            }
            Func::Left | Func::Right => return self.left_right(hw, f == Func::Left, args, level),
            Func::Mid => return self.mid(hw, args, level),
            Func::Instr => self.instr(hw, args, level)?,
            Func::StringOf => return self.string_of(hw, args, level),
            Func::Inkey => return self.inkey(hw),
            // Not one of the string functions: `call` sends only these here.
            _ => return Err(ErrorCode::SN),
        }
        Ok(Val::Num)
    }

    /// LEFT$(s,n) and RIGHT$(s,n): the first or last n characters, copied into string space.
    #[inline]
    fn left_right(&mut self, hw: &mut Hardware, left: bool, args: &[Expr], level: u16) -> Res<Val> {
        let d = self.arg_str(hw, &args[0], level)?;
        self.arg_num(hw, &args[1], level)?;
        hw.cycles += fp::int_conv(self.fu.fac.exp);
        let n = self.fu.to_u8()?;
        let (len, _) = read_desc(hw, d);
        let take = n.min(len);
        hw.cycles += cost::STRING_BYTE * take as u32;
        let at = self.alloc_str(hw, take)?;
        let (len, src) = self.free_str(hw, d);
        let from = if left { src } else { src + (len - take) as u16 };
        hw.mem.copy_within(from, at, take as usize);
        Ok(Val::Str(self.push_temp(hw, take, at)?))
    }

    /// MID$(s,p[,n]): n characters (the rest when n is left out) from position p (?FC for 0).
    #[inline]
    fn mid(&mut self, hw: &mut Hardware, args: &[Expr], level: u16) -> Res<Val> {
        let d = self.arg_str(hw, &args[0], level)?;
        self.arg_num(hw, &args[1], level)?;
        hw.cycles += fp::int_conv(self.fu.fac.exp);
        let p = self.fu.to_u8()?;
        if p == 0 {
            return Err(ErrorCode::FC);
        }
        let n = if let Some(e) = args.get(2) {
            self.arg_num(hw, e, level)?;
            hw.cycles += fp::int_conv(self.fu.fac.exp);
            self.fu.to_u8()?
        } else {
            255
        };
        let (len, _) = read_desc(hw, d);
        let start = (p - 1) as usize;
        let take = if start >= len as usize {
            0
        } else {
            (n as usize).min(len as usize - start)
        } as u8;
        hw.cycles += cost::STRING_BYTE * take as u32;
        let at = self.alloc_str(hw, take)?;
        let (_, src) = self.free_str(hw, d);
        hw.mem.copy_within(src + start as u16, at, take as usize);
        Ok(Val::Str(self.push_temp(hw, take, at)?))
    }

    /// INSTR([start,]s,t): where t is first found in s from start, 0 if nowhere; the result
    /// is left in FAC.
    #[inline]
    fn instr(&mut self, hw: &mut Hardware, args: &[Expr], level: u16) -> Res<()> {
        let (start, si) = if args.len() == 3 {
            self.arg_num(hw, &args[0], level)?;
            let s = self.fu.to_u8()?;
            if s == 0 {
                return Err(ErrorCode::FC);
            }
            (s, 1)
        } else {
            (1, 0)
        };
        let hd = self.arg_str(hw, &args[si], level)?;
        let nd = self.arg_str(hw, &args[si + 1], level)?;
        let needle = self.free_str(hw, nd);
        let hay = self.free_str(hw, hd);
        let (needle, hay) = (str_bytes(hw, needle), str_bytes(hw, hay));
        // A start past the end finds nothing; an empty target is found at the start.
        let s0 = start as usize - 1;
        let pos = if start as usize > hay.len() {
            0
        } else if needle.is_empty() {
            start as usize
        } else {
            hay[s0..]
                .windows(needle.len())
                .position(|w| w == needle)
                .map(|p| p + s0 + 1)
                .unwrap_or(0)
        };
        self.fu.load_i16(pos as i16);
        Ok(())
    }

    /// STRING$(n,c): n copies of a character given by its code or as a string's first.
    #[inline]
    fn string_of(&mut self, hw: &mut Hardware, args: &[Expr], level: u16) -> Res<Val> {
        self.arg_num(hw, &args[0], level)?;
        let n = self.fu.to_u8()?;
        let c = match self.eval_top(hw, &args[1], level + FUNCTION_DEPTH)? {
            Val::Num => self.fu.to_u8()?,
            Val::Str(d) => {
                let (len, at) = self.free_str(hw, d);
                if len == 0 {
                    return Err(ErrorCode::FC);
                }
                hw.mem.peek(at)
            }
        };
        let bytes = vec![c; n as usize];
        Ok(Val::Str(self.new_temp_string(hw, &bytes)?))
    }

    /// INKEY$: the key the poll between statements latched, else the next key typed, else "".
    #[inline]
    fn inkey(&mut self, hw: &mut Hardware) -> Res<Val> {
        let latched = hw.mem.peek(INKEY_LATCH);
        let k = if latched != 0 {
            hw.mem.poke(INKEY_LATCH, 0);
            Some(latched)
        } else {
            hw.keyboard.inkey()
        };
        Ok(Val::Str(self.new_temp_string(hw, k.as_slice())?))
    }
}
