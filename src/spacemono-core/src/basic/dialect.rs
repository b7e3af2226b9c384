//! Which BASIC a listing was written for (issue 6, roms/RULES.md §3). The machine stays a Dragon 32
//! — its screen, its keyboard, its tape deck, its number format — and the dialect changes only
//! what the other Microsoft interpreters did differently, so that their listings run unmodified:
//!
//! | | Dragon (default) | Altair BASIC (1977) | MBASIC (Osborne) |
//! |---|---|---|---|
//! | keywords glued to a name (`IFA=BTHEN`) | kept as text after a non-keyword letter | crunched anywhere | as the Dragon (MBASIC needs spaces) |
//! | `RND(x)`, x>0 | integer 1..x | fraction in [0,1) | fraction in [0,1) |
//! | `RANDOMIZE [n]` | (not a word: ?SN) | reseed from n, or TIMER | reseed from n, or ask for a seed |
//! | `CHR$(12)`, `CHR$(26)` | ignored | clear the screen | clear the screen |
//! | `CHR$(7)` | ignored | a short beep | a short beep |
//! | `TAB(n)` | to column n (from 0) | as the Dragon (from 0) | to column n−1 (counted from 1); past it, on the next line |
//! | `LPRINT` | (not a word: ?SN) | to the transcript, as `PRINT #-2` | to the transcript, as `PRINT #-2` |
//! | names | two characters count | two characters count | 40 count, dots too (`long_names`) |
//!
//! `RANDOMIZE` and `LPRINT` are not in the Dragon's token table, so they are stored as plain
//! text (the letters `RANDOMIZE` and `LPRINT`), which LIST shows as typed; the compiler
//! recognises them at the start of a statement when the dialect is not the Dragon.

/// A BASIC dialect (`--dialect`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// Dragon 32 Extended Color BASIC, exactly.
    #[default]
    Dragon,
    /// Altair BASIC (MITS, 1977), as the original Star Lanes listing needs.
    Altair,
    /// Microsoft BASIC-80 (MBASIC) as on the Osborne 1.
    Mbasic,
}

impl Dialect {
    /// The names `--dialect` takes.
    pub const NAMES: [&'static str; 3] = ["dragon", "altair", "mbasic"];

    pub fn name(self) -> &'static str {
        match self {
            Dialect::Dragon => "dragon",
            Dialect::Altair => "altair",
            Dialect::Mbasic => "mbasic",
        }
    }

    pub fn from_name(s: &str) -> Option<Dialect> {
        match s.to_ascii_lowercase().as_str() {
            "dragon" => Some(Dialect::Dragon),
            "altair" => Some(Dialect::Altair),
            "mbasic" => Some(Dialect::Mbasic),
            _ => None,
        }
    }

    pub fn is_dragon(self) -> bool {
        self == Dialect::Dragon
    }

    /// Keywords are crunched wherever they appear, even inside a variable name.
    pub fn crunch_anywhere(self) -> bool {
        self == Dialect::Altair
    }

    /// `RND(x)` for x>0 returns a fraction in [0,1) instead of an integer 1..x.
    pub fn rnd_fraction(self) -> bool {
        !self.is_dragon()
    }

    /// `CHR$(12)`/`CHR$(26)` clear the screen and `CHR$(7)` beeps.
    pub fn control_codes(self) -> bool {
        !self.is_dragon()
    }

    /// `TAB(n)` counts columns from 1 (BASIC-80: "Space 1 is the leftmost position").
    /// Altair BASIC counted from 0 as the Dragon does: its TAB prints n−TTYPOS spaces and
    /// its CRLF sets TTYPOS to 0 (Altair BASIC 3.0 source, PRINT code; the 6502 BASICs
    /// built from it do the same).
    pub fn tab_from_one(self) -> bool {
        self == Dialect::Mbasic
    }

    /// Names keep 40 significant characters and may hold dots (`long_names`).
    pub fn long_names(self) -> bool {
        self == Dialect::Mbasic
    }

    /// A bare `RANDOMIZE` asks for its seed instead of taking TIMER.
    pub fn randomize_asks_for_seed(self) -> bool {
        self == Dialect::Mbasic
    }

    /// `INPUT "prompt",V`: a comma after the prompt string leaves out the `? `.
    pub fn input_prompt_comma(self) -> bool {
        self == Dialect::Mbasic
    }

    /// `TAB(n)` to a column already passed moves to that column on the next line.
    pub fn tab_wraps(self) -> bool {
        self == Dialect::Mbasic
    }

    /// `RANDOMIZE` and `LPRINT` are statements (stored as text, see the module notes).
    pub fn extra_words(self) -> bool {
        !self.is_dragon()
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Dialect {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Dialect::from_name(s).ok_or_else(|| {
            format!(
                "unknown dialect \"{s}\" (known: {})",
                Dialect::NAMES.join(", ")
            )
        })
    }
}
