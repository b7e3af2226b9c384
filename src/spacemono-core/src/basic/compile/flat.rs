//! The flat form of a statement's numeric expression (ast::FlatExpr): literals, simple
//! variables, operators and the numeric functions of one argument become a list of steps in
//! the tree evaluator's own order, so that the same work is done (the same float operations
//! on the same FAC, the same cycles) without its recursion. Anything else keeps the tree.

use crate::basic::ast::{
    is_string_name, BinOp, Expr, FlatExpr, Leaf, Step, Stmt, FLAT_STACK, FUNCTION_DEPTH,
    NEGATE_DEPTH, OPERATOR_DEPTH, PAREN_DEPTH,
};

/// Give the hot statements (LET, IF, and a LET or IF after THEN or ELSE) the flat form of
/// their expression where it has one.
pub(super) fn flatten_stmt(stmt: &mut Stmt) {
    match stmt {
        Stmt::Let(_, value) => flatten_top(value),
        Stmt::If { cond, then, .. } => {
            flatten_top(cond);
            flatten_stmt(then);
        }
        Stmt::Else(inner) => flatten_stmt(inner),
        _ => {}
    }
}

/// Replace `e` by its flat form, when it has one and is more than a single leaf.
fn flatten_top(e: &mut Expr) {
    if matches!(e, Expr::Num(_) | Expr::Var(_)) {
        return;
    }
    let mut f = Flattener::default();
    if f.emit(e, 0).is_none() {
        return;
    }
    let tree = std::mem::replace(e, Expr::Fail(crate::basic::error::ErrorCode::SN));
    *e = Expr::Flat(Box::new(FlatExpr {
        tree,
        steps: f.steps.into_boxed_slice(),
        depth: f.depth,
    }));
}

#[derive(Default)]
struct Flattener {
    steps: Vec<Step>,
    /// The deepest room check so far, above the entry level.
    depth: u16,
    /// Left operands waiting now.
    pending: usize,
}

/// A leaf the flat form reads in place: a literal or a numeric variable.
fn leaf(e: &Expr) -> Option<Leaf> {
    match e {
        Expr::Num(f) => Some(Leaf::Num(*f)),
        Expr::Var(n) if !is_string_name(*n) => Some(Leaf::Var(*n)),
        _ => None,
    }
}

/// The step for `op` with a leaf as its right operand.
fn bin_step(op: BinOp, l: Leaf) -> Step {
    match (op, l) {
        (BinOp::Add, Leaf::Var(n)) => Step::AddVar(n),
        (BinOp::Add, Leaf::Num(f)) => Step::AddNum(f),
        (BinOp::Sub, Leaf::Var(n)) => Step::SubVar(n),
        (BinOp::Sub, Leaf::Num(f)) => Step::SubNum(f),
        (BinOp::Mul, Leaf::Var(n)) => Step::MulVar(n),
        (BinOp::Mul, Leaf::Num(f)) => Step::MulNum(f),
        (BinOp::Div, Leaf::Var(n)) => Step::DivVar(n),
        (BinOp::Div, Leaf::Num(f)) => Step::DivNum(f),
        _ => Step::Bin(op, l),
    }
}

impl Flattener {
    /// A room check at `level`, as the tree evaluator makes one.
    fn check(&mut self, level: u16) {
        self.depth = self.depth.max(level);
    }

    /// The steps of `e` evaluated at `level` (None: it has no flat form).
    fn emit(&mut self, e: &Expr, level: u16) -> Option<()> {
        if let Some(l) = leaf(e) {
            self.steps.push(match l {
                Leaf::Var(n) => Step::LoadVar(n),
                Leaf::Num(f) => Step::LoadNum(f),
            });
            return Some(());
        }
        match e {
            Expr::Paren(inner) => {
                self.check(level + PAREN_DEPTH);
                self.emit(inner, level + PAREN_DEPTH)
            }
            Expr::Neg(inner) | Expr::Not(inner) => {
                self.check(level + NEGATE_DEPTH);
                self.emit(inner, level + NEGATE_DEPTH)?;
                self.steps.push(if matches!(e, Expr::Neg(_)) {
                    Step::Neg
                } else {
                    Step::Not
                });
                Some(())
            }
            Expr::Bin(op, l, r) => self.operator(l, r, level, bin_step, Step::BinPop, *op),
            Expr::Rel(mask, l, r) => self.operator(l, r, level, Step::Rel, Step::RelPop, *mask),
            Expr::Call(f, args) if args.len() == 1 && f.is_fac_function() => {
                // arg_num: the argument is a statement-level expression of its own.
                let inner = level + FUNCTION_DEPTH;
                self.check(inner);
                self.emit(&args[0], inner)?;
                self.steps.push(Step::Math(*f));
                Some(())
            }
            _ => None,
        }
    }

    /// A binary operator: the left operand, the room check, then the right operand, in
    /// place when it is a leaf, else with the left one waiting on the stack.
    fn operator<T: Copy>(
        &mut self,
        l: &Expr,
        r: &Expr,
        level: u16,
        with_leaf: fn(T, Leaf) -> Step,
        with_popped: fn(T) -> Step,
        op: T,
    ) -> Option<()> {
        self.emit(l, level)?;
        let inner = level + OPERATOR_DEPTH;
        self.check(inner);
        if let Some(x) = leaf(r) {
            self.steps.push(with_leaf(op, x));
            return Some(());
        }
        if self.pending == FLAT_STACK {
            return None;
        }
        self.steps.push(Step::Push);
        self.pending += 1;
        self.emit(r, inner)?;
        self.pending -= 1;
        self.steps.push(with_popped(op));
        Some(())
    }
}
