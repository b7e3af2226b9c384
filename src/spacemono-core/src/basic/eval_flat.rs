//! Running a flat expression (ast::FlatExpr, made by compile/flat.rs): the steps in order,
//! each the same work as the tree evaluator's, with the left operands that wait on a small
//! stack of their own instead of in the recursion.

use crate::basic::ast::{BinOp, FlatExpr, Leaf, Step, VarName};
use crate::basic::cost;
use crate::basic::eval::Val;
use crate::basic::float::Fac;
use crate::basic::interp::{Interpreter, Res};
use crate::machine::hardware::Hardware;

impl Interpreter {
    /// Evaluate a flat expression entered at `level`. The tree evaluator checks for room at
    /// each level it goes down to, and nothing in a flat expression changes the room; when
    /// the deepest check passes, every one does, and the steps run without them. Otherwise
    /// the tree runs, to raise ?OM where it does.
    #[inline(never)]
    pub(crate) fn eval_flat(&mut self, hw: &mut Hardware, f: &FlatExpr, level: u16) -> Res<Val> {
        if self.check_eval_room(hw, level + f.depth).is_err() {
            self.check_eval_room(hw, level)?;
            return self.eval(hw, &f.tree, level);
        }
        let mut sp = 0;
        for step in f.steps.iter() {
            match *step {
                Step::LoadVar(n) => self.load_var(hw, n),
                Step::LoadNum(fac) => self.fu.fac = fac,
                Step::AddVar(n) => self.var_operand(hw, BinOp::Add, n)?,
                Step::AddNum(fac) => self.num_operand(hw, BinOp::Add, fac)?,
                Step::SubVar(n) => self.var_operand(hw, BinOp::Sub, n)?,
                Step::SubNum(fac) => self.num_operand(hw, BinOp::Sub, fac)?,
                Step::MulVar(n) => self.var_operand(hw, BinOp::Mul, n)?,
                Step::MulNum(fac) => self.num_operand(hw, BinOp::Mul, fac)?,
                Step::DivVar(n) => self.var_operand(hw, BinOp::Div, n)?,
                Step::DivNum(fac) => self.num_operand(hw, BinOp::Div, fac)?,
                Step::Bin(op, l) => {
                    let left = self.fu.unpacked();
                    self.load_leaf(hw, l);
                    self.arith(hw, op, left)?;
                }
                Step::Push => {
                    self.flat_stack[sp] = self.fu.unpacked();
                    sp += 1;
                }
                Step::BinPop(op) => {
                    sp -= 1;
                    let left = self.flat_stack[sp];
                    self.arith(hw, op, left)?;
                }
                Step::Rel(mask, l) => {
                    let left = self.fu.unpacked();
                    self.load_leaf(hw, l);
                    let ord = self.fu.compare(left);
                    self.relation_value(hw, mask, ord);
                }
                Step::RelPop(mask) => {
                    sp -= 1;
                    let ord = self.fu.compare(self.flat_stack[sp]);
                    self.relation_value(hw, mask, ord);
                }
                Step::Neg => self.fu.neg(),
                Step::Not => {
                    let v = self.fu.to_i16()?;
                    self.fu.load_i16(!v);
                    hw.cycles += cost::LOGIC;
                }
                Step::Math(func) => self.math_fn(hw, func)?,
            }
        }
        Ok(Val::Num)
    }

    /// FAC = a literal or a numeric variable's value, the variable's search paid for.
    #[inline(always)]
    fn load_leaf(&mut self, hw: &mut Hardware, l: Leaf) {
        match l {
            Leaf::Num(fac) => self.fu.fac = fac,
            Leaf::Var(n) => self.load_var(hw, n),
        }
    }

    /// FAC = a numeric variable's value, the variable's search paid for.
    #[inline(always)]
    fn load_var(&mut self, hw: &mut Hardware, n: VarName) {
        let (a, searched) = self.vars.find_searched(&hw.mem, n);
        hw.cycles += searched;
        match a {
            Some(a) => {
                let (first, rest) = hw.mem.read5_split(a);
                self.fu.load_split(first, rest);
            }
            None => self.fu.load(crate::basic::float::Packed::ZERO),
        }
    }

    /// FAC = FAC `op` a variable.
    #[inline(always)]
    fn var_operand(&mut self, hw: &mut Hardware, op: BinOp, n: VarName) -> Res<()> {
        let left = self.fu.unpacked();
        self.load_var(hw, n);
        self.arith(hw, op, left)
    }

    /// FAC = FAC `op` a literal.
    #[inline(always)]
    fn num_operand(&mut self, hw: &mut Hardware, op: BinOp, fac: Fac) -> Res<()> {
        let left = self.fu.unpacked();
        self.fu.fac = fac;
        self.arith(hw, op, left)
    }
}

#[cfg(test)]
mod tests {
    use crate::basic::ast::{Expr, Stmt};
    use crate::basic::compile::compile_line;
    use crate::basic::crunch::crunch;
    use crate::basic::eval::LET_LEVEL;
    use crate::basic::interp::Interpreter;
    use crate::machine::hardware::Hardware;
    use crate::machine::memory::addr;

    /// A machine with A, B, C, K and N set (and the room cut to `room` bytes if given).
    fn machine(room: Option<i32>) -> (Interpreter, Hardware) {
        let mut hw = Hardware::default();
        let mut b = Interpreter::new();
        b.power_on(&mut hw);
        b.direct_line(&mut hw, b"A=3.7:B=-2.25:C=0:K=1000:N=-0.5");
        while b.mode.is_running() {
            hw.cycles = 0;
            b.run_slice(&mut hw, u32::MAX);
        }
        if let Some(room) = room {
            let end = b.s_h(&hw) - 62 - room;
            hw.mem.write_u16(addr::STORAGE_END, end as u16);
        }
        (b, hw)
    }

    /// What `X=<expr>` does with the flat form and with the tree: result, FAC, cycles.
    fn both(expr: &str, room: Option<i32>) -> [String; 2] {
        both_with(expr, room, &[], 0)
    }

    /// [`both`] with variables given packed values first (name, exponent, the other four bytes)
    /// and FAC's guard byte set to `ov` before the expression (it carries over).
    fn both_with(expr: &str, room: Option<i32>, values: &[(u8, u8, u32)], ov: u8) -> [String; 2] {
        let text = crunch(format!("X={expr}").as_bytes());
        let line = compile_line(&text, 0x4000);
        let Stmt::Let(_, Expr::Flat(f)) = &line.segs[0].stmt else {
            panic!("{expr}: no flat form");
        };
        let mut out = [String::new(), String::new()];
        for (i, o) in out.iter_mut().enumerate() {
            let (mut b, mut hw) = machine(room);
            for &(name, first, rest) in values {
                let (a, _) = b.vars.find_searched(&hw.mem, (name as u16) << 8);
                hw.mem
                    .write5_split(a.expect("set by machine()"), first, rest);
            }
            b.fu.fac.ov = ov;
            hw.cycles = 0;
            let r = if i == 0 {
                b.eval_flat(&mut hw, f, LET_LEVEL)
            } else {
                b.eval_top(&mut hw, &f.tree, LET_LEVEL)
            };
            *o = format!("{r:?} {:?} {}", b.fu, hw.cycles);
        }
        out
    }

    #[test]
    fn the_flat_form_does_what_the_tree_does() {
        let exprs = [
            "K/K*K+K-K",
            "K/2*3+4-5",
            "A<B",
            "K<1000",
            "-A<=B",
            "A^2",
            "-A^2+B^-1",
            "NOT A",
            "A AND B",
            "N OR K",
            "1/C",
            "K*K*K*K*K*K*K*K*K*K*K*K*K*K",
            "LOG(N)",
            "LOG(K)+SIN(K)+COS(A)*TAN(B)-ATN(N)",
            "SQR(A)+EXP(B)+INT(N)-FIX(N)+ABS(B)*SGN(B)",
            "(A+(B*(C-(A/(B+1)))))",
            "A-(B-(C-(A-(B-(C-(A-(B-1)))))))",
            "1-(.2+.8)",
            "(A>B)*2+(A=A)",
            "Q+1",
        ];
        for e in exprs {
            let [flat, tree] = both(e, None);
            assert_eq!(flat, tree, "{e}");
            // Short of room: the tree's ?OM where it comes, or the value if it never does.
            for room in [0, 8, 16, 20, 30, 60] {
                let [flat, tree] = both(e, Some(room));
                assert_eq!(flat, tree, "{e} with {room} bytes of room");
            }
        }
    }

    /// A random numeric expression over A, B, C, K and N: every operator and function the
    /// flat form has a step for, literals and brackets, `depth` levels at most.
    fn random_expr(rng: &mut impl rand::Rng, depth: u32) -> String {
        const VARS: [&str; 5] = ["A", "B", "C", "K", "N"];
        const LITS: [&str; 8] = ["1", "2", "0", ".5", "1000", "3.7", "1E-20", "1E30"];
        const OPS: [&str; 15] = [
            "+", "-", "*", "/", "^", "<", "=", ">", "<=", ">=", "<>", " AND ", " OR ", "+", "*",
        ];
        const FUNCS: [&str; 11] = [
            "SIN", "COS", "TAN", "ATN", "LOG", "EXP", "SQR", "INT", "ABS", "SGN", "FIX",
        ];
        if depth == 0 || rng.gen_range(0..4) == 0 {
            return if rng.gen_bool(0.7) {
                VARS[rng.gen_range(0..VARS.len())].to_string()
            } else {
                LITS[rng.gen_range(0..LITS.len())].to_string()
            };
        }
        match rng.gen_range(0..10) {
            0 => format!("-{}", random_expr(rng, depth - 1)),
            1 => format!("NOT {}", random_expr(rng, depth - 1)),
            2 | 3 => format!(
                "{}({})",
                FUNCS[rng.gen_range(0..FUNCS.len())],
                random_expr(rng, depth - 1)
            ),
            4 => format!("({})", random_expr(rng, depth - 1)),
            _ => format!(
                "{}{}{}",
                random_expr(rng, depth - 1),
                OPS[rng.gen_range(0..OPS.len())],
                random_expr(rng, depth - 1)
            ),
        }
    }

    /// A random packed value: zero, near 1, small, huge, or anything, either sign, and now
    /// and then a mantissa whose low bytes are zero.
    fn random_value(rng: &mut impl rand::Rng) -> (u8, u32) {
        let first = match rng.gen_range(0..6) {
            0 => 0,
            1 => rng.gen_range(0x7E..=0x84),
            2 => rng.gen_range(0x01..=0x10),
            3 => rng.gen_range(0xF0..=0xFF),
            _ => rng.gen(),
        };
        let mut rest: u32 = rng.gen();
        if rng.gen_bool(0.3) {
            rest &= 0xFFFF_0000;
        }
        (first, rest)
    }

    /// The flat form against the tree on 20,000 random expressions and variable values, with
    /// a random guard byte left in FAC: the same result or error, the same float unit after
    /// (FAC with its guard byte, ARG, the temporaries) and the same cycles.
    #[test]
    fn the_flat_form_does_what_the_tree_does_on_random_expressions() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x5EED_F1A7);
        let mut flat_forms = 0;
        for case in 0..20_000 {
            let expr = random_expr(&mut rng, 4);
            let text = crunch(format!("X={expr}").as_bytes());
            let line = compile_line(&text, 0x4000);
            if !matches!(&line.segs[0].stmt, Stmt::Let(_, Expr::Flat(_))) {
                continue;
            }
            flat_forms += 1;
            let values: Vec<(u8, u8, u32)> = b"ABCKN"
                .iter()
                .map(|&n| {
                    let (first, rest) = random_value(&mut rng);
                    (n, first, rest)
                })
                .collect();
            let ov: u8 = rng.gen();
            let room = if case % 10 == 0 {
                Some(rng.gen_range(0..40))
            } else {
                None
            };
            let [flat, tree] = both_with(&expr, room, &values, ov);
            assert_eq!(
                flat, tree,
                "case {case}: {expr} with {values:x?}, FACOV {ov:#x}"
            );
        }
        assert!(flat_forms > 12_000, "only {flat_forms} had a flat form");
    }
}
