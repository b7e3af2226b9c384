//! The interpreter's derived form of a line: crunched bytes parsed once into statements and
//! expression trees. The bytes in RAM stay the truth; this form is rebuilt whenever they change.

use crate::basic::error::ErrorCode;
use crate::basic::float::Fac;

/// A variable's two name bytes as the Dragon stores them: first letter, then the second
/// character or 0; bit 7 of the second byte marks a string, bit 7 of the first a DEF FN.
pub type VarName = u16;

pub fn is_string_name(n: VarName) -> bool {
    n & 0x0080 != 0
}

/// A GOTO's or GOSUB's target line, and where a program line's jump found it the first time:
/// the line's index and what the ROM's search spent. Both stay true while the program does
/// not change, and the compiled line holding them goes when it does.
#[derive(Clone, Debug)]
pub struct Jump {
    pub target: u16,
    found: std::cell::Cell<Option<(u32, u32)>>,
}

impl Jump {
    pub fn new(target: u16) -> Self {
        Jump {
            target,
            found: std::cell::Cell::new(None),
        }
    }

    /// The target's index and the search's cycles, if this jump was made before.
    #[inline]
    pub fn found(&self) -> Option<(u32, u32)> {
        self.found.get()
    }

    pub fn remember(&self, index: u32, cycles: u32) {
        self.found.set(Some((index, cycles)));
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    And,
    Or,
}

/// Relational operators as the ROM's mask: bit 0 `>`, bit 1 `=`, bit 2 `<`.
pub type RelMask = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    Sgn,
    Int,
    Abs,
    Pos,
    Rnd,
    Sqr,
    Log,
    Exp,
    Sin,
    Cos,
    Tan,
    Atn,
    Peek,
    Len,
    Str,
    Val,
    Asc,
    Chr,
    Eof,
    Joystk,
    Fix,
    Hex,
    Left,
    Right,
    Mid,
    Point,
    Inkey,
    Mem,
    Instr,
    Timer,
    Ppoint,
    StringOf,
    /// USRn: the routine's number, 0-9.
    Usr(u8),
}

impl Func {
    /// The numeric functions that take FAC in and leave their value in FAC, touching nothing
    /// else (the float package's SGN ... ATN; not RND, which keeps a seed).
    pub fn is_fac_function(self) -> bool {
        matches!(
            self,
            Func::Sgn
                | Func::Int
                | Func::Abs
                | Func::Fix
                | Func::Sqr
                | Func::Log
                | Func::Exp
                | Func::Sin
                | Func::Cos
                | Func::Tan
                | Func::Atn
        )
    }
}

#[derive(Clone, Debug)]
pub enum Expr {
    /// A numeric literal: FAC exactly as FIN left it (value, sign byte and guard byte).
    Num(Fac),
    /// A string literal: its address in RAM (program text or the input buffer) and length.
    Str(u16, u8),
    Var(VarName),
    Elem(VarName, Vec<Expr>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Rel(RelMask, Box<Expr>, Box<Expr>),
    Paren(Box<Expr>),
    Call(Func, Vec<Expr>),
    /// VARPTR's argument is a variable, not a value.
    Varptr(LValue),
    /// FNx(arg)
    UserFn(VarName, Box<Expr>),
    /// Something that raises an error when evaluated (e.g. a literal that overflows).
    Fail(ErrorCode),
    /// A statement's numeric expression also in straight-line form (compile/flat.rs).
    Flat(Box<FlatExpr>),
}

/// Evaluator stack bytes a pending binary operator takes.
pub const OPERATOR_DEPTH: u16 = 12;
/// Evaluator stack bytes a parenthesised subexpression takes.
pub const PAREN_DEPTH: u16 = 5;
/// Evaluator stack bytes unary minus takes.
pub const NEGATE_DEPTH: u16 = 6;
/// Evaluator stack bytes a function argument takes.
pub const FUNCTION_DEPTH: u16 = 8;

/// An operand the flat form reads in place: a literal or a simple numeric variable.
#[derive(Clone, Copy, Debug)]
pub enum Leaf {
    Num(Fac),
    Var(VarName),
}

/// One step of a flat expression, in the order the tree evaluator does the same work.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// FAC = a numeric variable's value.
    LoadVar(VarName),
    /// FAC = a literal.
    LoadNum(Fac),
    /// FAC = FAC (as the left operand) `op` the leaf, for `^`, AND and OR.
    Bin(BinOp, Leaf),
    /// `Bin` for the four arithmetic operators with their right operand, each a step of its
    /// own so that one dispatch finds the operator and the leaf.
    AddVar(VarName),
    AddNum(Fac),
    SubVar(VarName),
    SubNum(Fac),
    MulVar(VarName),
    MulNum(Fac),
    DivVar(VarName),
    DivNum(Fac),
    /// The left operand waits on the stack while a right operand that is not a leaf is
    /// worked out.
    Push,
    /// FAC = the popped left operand `op` FAC.
    BinPop(BinOp),
    /// FAC = FAC (as the left operand) compared with the leaf: -1 or 0.
    Rel(RelMask, Leaf),
    /// FAC = the popped left operand compared with FAC.
    RelPop(RelMask),
    Neg,
    Not,
    /// One of the numeric functions of one argument (not RND), its argument in FAC.
    Math(Func),
}

/// The most left operands a flat expression keeps waiting at once.
pub const FLAT_STACK: usize = 8;

/// A numeric expression of literals, simple variables, operators and the numeric functions,
/// flattened: no recursion and no value checks at run time (it is numeric by construction).
/// The tree is kept for when the evaluator might run out of memory part-way, so that the
/// error comes where the tree evaluator raises it.
#[derive(Clone, Debug)]
pub struct FlatExpr {
    pub tree: Expr,
    pub steps: Box<[Step]>,
    /// The deepest level the tree evaluator checks for room, above the entry level.
    pub depth: u16,
}

#[derive(Clone, Debug)]
pub enum LValue {
    Var(VarName),
    Elem(VarName, Vec<Expr>),
}

impl LValue {
    pub fn name(&self) -> VarName {
        match self {
            LValue::Var(n) | LValue::Elem(n, _) => *n,
        }
    }
}

#[derive(Clone, Debug)]
pub enum PrintItem {
    Expr(Expr),
    Comma,
    Semicolon,
    Tab(Expr),
    /// A syntax error met part-way: what came before it is printed first, as on the Dragon.
    Fail(ErrorCode),
}

#[derive(Clone, Debug)]
pub struct Print {
    pub at: Option<Expr>,
    /// `PRINT #n,` — device number expression.
    pub device: Option<Expr>,
    /// LPRINT (Altair and MBASIC dialects): to the printer, as `PRINT #-2`.
    pub printer: bool,
    pub using: Option<Expr>,
    pub items: Vec<PrintItem>,
}

/// A line-number range as LIST and DEL take it: `n`, `n-`, `-n`, `a-b`, or everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRange {
    pub first: u16,
    pub last: u16,
}

/// (A tag of its own rather than one hidden in a field's spare values: the statement
/// dispatch reads it in one load.)
#[derive(Clone, Debug)]
#[repr(u8)]
pub enum Stmt {
    Empty,
    /// RANDOMIZE [seed] (Altair and MBASIC dialects only): reseed RND from the seed, or
    /// from TIMER.
    Randomize(Option<Expr>),
    Let(LValue, Expr),
    // (The statements the statement loop dispatches itself, with LET: their tags
    // together.)
    Next(Vec<VarName>),
    Gosub(Jump),
    Return,
    Print(Box<Print>),
    If {
        cond: Expr,
        then: Box<Stmt>,
        /// The segment of the matching ELSE, found as the ROM finds it; None = next line.
        else_seg: Option<u16>,
        /// The THEN part's text cost, spent when the condition is true (cost.rs).
        then_cost: u32,
        /// What a false IF spends scanning to the ELSE or the end of the line.
        skip_cost: u32,
    },
    /// `ELSE stmt`: met in sequence it ends the line; reached from a false IF it runs `stmt`.
    Else(Box<Stmt>),
    Goto(Jump),
    On {
        selector: Expr,
        gosub: bool,
        targets: Vec<Jump>,
    },
    For {
        var: VarName,
        from: Expr,
        to: Expr,
        step: Option<Expr>,
    },
    Input {
        prompt: Option<(u16, u8)>,
        device: Option<Expr>,
        vars: Vec<LValue>,
        line: bool,
        /// Print "? " after the prompt. MBASIC's `INPUT "prompt",V` (a comma after the
        /// prompt) suppresses it; everywhere else it is true.
        question: bool,
    },
    Read(Vec<LValue>),
    Restore,
    Dim(Vec<(VarName, Vec<Expr>)>),
    DefFn {
        name: VarName,
        param: VarName,
        body: std::rc::Rc<Expr>,
    },
    End,
    Stop,
    Rem,
    Data,
    Poke(Expr, Expr),
    Cls(Option<Expr>),
    Set(Expr, Expr, Expr),
    Reset(Expr, Expr),
    Sound(Expr, Expr),
    Run(Option<u16>),
    Cont,
    List(LineRange),
    Clear(Option<Expr>, Option<Expr>),
    New,
    Tron,
    Troff,
    Del(LineRange),
    Renum(Option<u16>, Option<u16>, Option<u16>),
    Edit(u16),
    MidAssign {
        target: LValue,
        start: Expr,
        len: Option<Expr>,
        value: Expr,
    },
    TimerSet(Expr),
    Exec(Option<Expr>),
    /// DEF USRn=address: the address into the USR table.
    DefUsr {
        n: u8,
        address: Expr,
    },
    /// An Extended BASIC graphics statement.
    Graphics(Box<GraphicsStmt>),
    /// A cassette statement.
    Tape(Box<TapeStmt>),
    /// PLAY music$
    Play(Expr),
    /// A statement for hardware the machine does not have (DLOAD's serial link): its error.
    NotHere(ErrorCode),
    /// A statement that does not parse: the error is raised when it is reached.
    Fail(ErrorCode),
}

/// One `:`-separated statement of a line.
#[derive(Clone, Debug)]
pub struct Segment {
    pub stmt: Stmt,
    /// The statement parsed but was followed by junk: it runs, then ?SN.
    pub trailing_junk: bool,
    /// Offset in the line's text of the `:` or 0 that ends the statement: where the ROM's
    /// text pointer rests after it.
    pub end: u16,
    /// The cycles the ROM spends dispatching this statement and reading its text each time
    /// it runs (cost.rs): fixed, so counted once here.
    pub cost: u32,
}

#[derive(Clone, Debug, Default)]
pub struct CompiledLine {
    pub segs: Vec<Segment>,
}

/// A point as written in a graphics statement: `(x,y)`.
pub type PointExpr = (Expr, Expr);

#[derive(Clone, Debug)]
pub enum GraphicsStmt {
    Pcls(Option<Expr>),
    Pset {
        at: PointExpr,
        colour: Option<Expr>,
        set: bool,
    },
    Line {
        from: Option<PointExpr>,
        to: PointExpr,
        /// PSET (true) or PRESET (false); None is the ROM's ?SN, raised after the points.
        action: Option<bool>,
        shape: crate::basic::graphics::LineBox,
    },
    Circle {
        centre: PointExpr,
        radius: Expr,
        colour: Option<Expr>,
        ratio: Option<Expr>,
        start: Option<Expr>,
        end: Option<Expr>,
    },
    Paint {
        at: PointExpr,
        colour: Option<Expr>,
        border: Option<Expr>,
    },
    Draw(Expr),
    Pclear(Expr),
    Color(Option<Expr>, Option<Expr>),
    Pmode(Option<Expr>, Option<Expr>),
    Screen(Option<Expr>, Option<Expr>),
    Pcopy(Expr, Expr),
    Get {
        from: Option<PointExpr>,
        to: PointExpr,
        array: VarName,
        bits: bool,
    },
    Put {
        from: Option<PointExpr>,
        to: PointExpr,
        array: VarName,
        action: Option<crate::basic::graphics::PutAction>,
    },
}

#[derive(Clone, Debug)]
pub enum TapeStmt {
    /// CLOAD ["name"] / CLOADM ["name"[,offset]]
    Cload {
        name: Option<Expr>,
        machine_code: bool,
        offset: Option<Expr>,
    },
    /// CSAVE "name"[,A]
    Csave {
        name: Expr,
        ascii: bool,
    },
    /// CSAVEM "name",start,end,exec
    Csavem {
        name: Expr,
        start: Expr,
        end: Expr,
        exec: Expr,
    },
    Skipf(Option<Expr>),
    /// OPEN "I"|"O",#dev,"name"
    Open {
        mode: Expr,
        device: Expr,
        name: Option<Expr>,
    },
    Close(Option<Expr>),
    Motor(bool),
    Audio(bool),
}
