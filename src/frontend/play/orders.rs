//! The host's gate for order files (roms/RULES.md P3-P4). Play by file is where strangers' programs
//! meet the machine, so the host, not the BASIC program, decides what may be typed: every
//! order is checked against the turn's legal answers (its `CHOICE:` lines) and the game's
//! order grammar before a byte of it goes to the keyboard. What passes is typed in one
//! canonical spelling (`MOVE 4B`, `BUY A 2`), so the program only ever reads orders it offered;
//! anything else is refused with a reason for the error file and the game waits. A bug in a
//! listing's own order parser cannot then be reached from an order file.

use super::turn_file::Block;

/// The most characters of one order, after spaces are folded (legal orders have at most a
/// dozen: `MOVE 5 10L`, `BUY A 99999`).
pub const MAX_ORDER_LEN: usize = 24;
/// The most digits a number in an order may have: more than any legal count needs, and far
/// below what the listings' VAL could overflow on.
const MAX_DIGITS: usize = 5;

/// A legal answer, as a `CHOICE:` line offers it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Choice {
    /// An order typed as it stands: `MOVE 4B`, `KEEP`, `YES`.
    Literal(String),
    /// An order and a count from 0 to `most`: `BUY A 0-2` is `BUY A n`.
    Count { order: String, most: u32 },
}

impl Choice {
    fn parse(text: &str) -> Choice {
        let text = fold(text);
        if let Some((order, range)) = text.rsplit_once(' ') {
            if let Some(most) = range.strip_prefix("0-").and_then(|m| m.parse::<u32>().ok()) {
                return Choice::Count {
                    order: order.to_string(),
                    most,
                };
            }
        }
        Choice::Literal(text)
    }
}

/// The game a question comes from, by its `GAME:` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Game {
    SpaceMonopoly,
    Starlanes,
    Acquire,
    /// A game this host does not know: exactly one order, one of the choices.
    Other,
}

/// What a turn asks of a file seat: what the host needs to check an order file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    game: Game,
    ask: String,
    choices: Vec<Choice>,
    /// The asked player's cash (`HOLDER:P CASH:C`), for a buy after sales in Starlanes.
    cash: Option<u64>,
    /// Share prices by company letter (`COMPANY:L PRICE:P`).
    prices: Vec<(String, u64)>,
}

/// How many orders an answer takes, and which words it may use beyond the choices.
struct Grammar {
    /// At least this many orders (1 for a choice of one, 0 where `END` alone answers).
    least: usize,
    /// At most this many (the program's own limit).
    most: usize,
    /// Starlanes' trades: `BUY L MAX`, `SELL L ALL`, and buys paid by the sales before them.
    trading: bool,
    /// An order that answers without doing anything, when no `CHOICE:` line names it
    /// (Space Monopoly's `DONE`).
    nothing: Option<&'static str>,
}

impl Question {
    /// The question of a turn block (one that asks a file seat).
    pub fn from_block(block: &Block) -> Question {
        let game = match block.value("GAME") {
            Some("SPACE MONOPOLY") => Game::SpaceMonopoly,
            Some("STARLANES") => Game::Starlanes,
            Some("ACQUIRE") => Game::Acquire,
            _ => Game::Other,
        };
        let player = block.value("PLAYER").unwrap_or("");
        let mut question = Question {
            game,
            ask: block.value("ASK").unwrap_or("").to_string(),
            choices: Vec::new(),
            cash: None,
            prices: Vec::new(),
        };
        for line in &block.lines {
            if let Some(c) = line.strip_prefix("CHOICE:") {
                question.choices.push(Choice::parse(c));
            } else if let Some(rest) = line.strip_prefix("COMPANY:") {
                let mut words = rest.split(' ');
                let letter = words.next().unwrap_or("");
                let price = words.find_map(|w| w.strip_prefix("PRICE:"));
                if let Some(p) = price.and_then(|p| p.parse().ok()) {
                    question.prices.push((letter.to_string(), p));
                }
            } else if let Some(rest) = line.strip_prefix("HOLDER:") {
                let mut words = rest.split(' ');
                if words.next() == Some(player) {
                    question.cash = words
                        .find_map(|w| w.strip_prefix("CASH:"))
                        .and_then(|c| c.parse().ok());
                }
            }
        }
        question
    }

    fn grammar(&self) -> Grammar {
        let one = Grammar {
            least: 1,
            most: 1,
            trading: false,
            nothing: None,
        };
        let up_to = |most, nothing| Grammar {
            least: 0,
            most,
            trading: false,
            nothing,
        };
        match (self.game, self.ask.as_str()) {
            (Game::SpaceMonopoly, "BUY") => up_to(8, Some("DONE")),
            (Game::Starlanes, "TRADE") => Grammar {
                trading: true,
                ..up_to(10, None)
            },
            (Game::Acquire, "DISPOSE") => up_to(3, None),
            (Game::Acquire, "BUY") => up_to(3, None),
            _ => one,
        }
    }

    /// Checks a complete order file (its lines up to `END`, comments and blank lines already
    /// left out): the orders to type, each in its canonical spelling, or why they are refused.
    pub fn check(&self, orders: &[String]) -> Result<Vec<String>, Refusal> {
        let grammar = self.grammar();
        if orders.len() > grammar.most {
            return Err(Refusal::TooMany {
                given: orders.len(),
                most: grammar.most,
            });
        }
        if orders.len() < grammar.least {
            return Err(Refusal::OrderNeeded {
                choices: self.ask.clone(),
            });
        }
        let mut typed = Vec::with_capacity(orders.len());
        // Starlanes plays trades in turn, so a sale may pay for a later buy: a buy may take
        // what the cash and every sale before it could pay (the program checks the exact sum).
        let mut proceeds = 0u64;
        for order in orders {
            let canonical =
                self.match_order(order, &grammar, proceeds)
                    .ok_or_else(|| Refusal::NotAChoice {
                        shown: shown(order),
                    })?;
            if grammar.trading {
                proceeds = proceeds.saturating_add(self.sale_value(&canonical));
            }
            typed.push(canonical);
        }
        Ok(typed)
    }

    /// The canonical spelling of an order the question allows, if it does.
    fn match_order(&self, order: &str, grammar: &Grammar, proceeds: u64) -> Option<String> {
        if grammar.nothing == Some(order) {
            return Some(order.to_string());
        }
        for choice in &self.choices {
            match choice {
                Choice::Literal(l) if l == order => return Some(l.clone()),
                Choice::Literal(l) if self.game == Game::Starlanes => {
                    // `MOVE 3 5D` is offered; `MOVE 3` and `MOVE 5D` name it too.
                    let mut words = l.split(' ');
                    if let (Some("MOVE"), Some(n), Some(s), None) =
                        (words.next(), words.next(), words.next(), words.next())
                    {
                        if order == format!("MOVE {n}") || order == format!("MOVE {s}") {
                            return Some(l.clone());
                        }
                    }
                }
                Choice::Literal(_) => {}
                Choice::Count { order: o, most } => {
                    let Some(rest) = order.strip_prefix(o.as_str()) else {
                        continue;
                    };
                    let Some(count) = rest.strip_prefix(' ') else {
                        continue;
                    };
                    if grammar.trading && (count == "MAX" || count == "ALL") {
                        let word = if o.starts_with("BUY ") { "MAX" } else { "ALL" };
                        if count == word {
                            return Some(order.to_string());
                        }
                        continue;
                    }
                    let n = number(count)?;
                    let limit = if grammar.trading && o.starts_with("BUY ") {
                        (*most as u64).max(self.affordable(&o[4..], proceeds))
                    } else {
                        *most as u64
                    };
                    if n <= limit {
                        return Some(format!("{o} {n}"));
                    }
                    return None;
                }
            }
        }
        None
    }

    fn price(&self, company: &str) -> Option<u64> {
        self.prices
            .iter()
            .find(|(c, _)| c == company)
            .map(|&(_, p)| p)
            .filter(|&p| p > 0)
    }

    /// The shares of `company` that the cash and `proceeds` of sales could buy.
    fn affordable(&self, company: &str, proceeds: u64) -> u64 {
        match (self.cash, self.price(company)) {
            (Some(cash), Some(price)) => cash.saturating_add(proceeds) / price,
            _ => 0,
        }
    }

    /// The most a Starlanes sale can bring: the shares sold (all that are held for `ALL`)
    /// at the company's price.
    fn sale_value(&self, order: &str) -> u64 {
        let mut words = order.split(' ');
        let (Some("SELL"), Some(company), Some(count)) = (words.next(), words.next(), words.next())
        else {
            return 0;
        };
        let held = self.choices.iter().find_map(|c| match c {
            Choice::Count { order, most } if *order == format!("SELL {company}") => Some(*most),
            _ => None,
        });
        let shares = match count {
            "ALL" => held.unwrap_or(0) as u64,
            n => n.parse().unwrap_or(0),
        };
        shares.saturating_mul(self.price(company).unwrap_or(0))
    }
}

/// A count: decimal digits only (no sign, no exponent, no fraction), at most five.
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > MAX_DIGITS || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Upper case, with every run of spaces and tabs folded to one space and none at the ends.
fn fold(text: &str) -> String {
    text.split([' ', '\t'])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_uppercase()
}

/// An order as an error file may quote it: printable ASCII, and not too long.
fn shown(order: &str) -> String {
    let mut s: String = order
        .chars()
        .take(MAX_ORDER_LEN)
        .map(|c| if (' '..='~').contains(&c) { c } else { '?' })
        .collect();
    if order.chars().count() > MAX_ORDER_LEN {
        s.push_str("...");
    }
    s
}

/// Why the orders of a complete order file are refused, in the words of the error file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    TooMany {
        given: usize,
        most: usize,
    },
    /// None given, and the question needs one; `choices` are the question's own words.
    OrderNeeded {
        choices: String,
    },
    /// An order the question does not offer, as it can be shown (see `shown`).
    NotAChoice {
        shown: String,
    },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::TooMany { given, most } => {
                write!(f, "TOO MANY ORDERS: {given} (AT MOST {most})")
            }
            Refusal::OrderNeeded { choices } => {
                write!(f, "AN ORDER IS NEEDED: ONE OF THE CHOICES ({choices})")
            }
            Refusal::NotAChoice { shown } => write!(f, "{shown} IS NOT ONE OF THE CHOICES"),
        }
    }
}

impl std::error::Error for Refusal {}

/// What an order file holds, read as the host reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderFile {
    /// No `END` line yet: the file is still being written.
    Incomplete,
    /// The orders before `END`, folded (upper case, single spaces).
    Orders(Vec<String>),
    /// The file cannot be orders at all, and why.
    Unusable(String),
}

/// The most order lines read before `END` (more than any game takes).
const MAX_LINES: usize = 16;

/// Reads an order file (P3): one order a line up to `END`; blank lines and lines starting
/// with `#` are skipped; a UTF-8 byte-order mark at the start and line ends of any kind are
/// taken in stride. An order holds printable ASCII only. A file is read only once it has its
/// `END` line, so one still being written is never judged half-way.
pub fn read_order_file(bytes: &[u8]) -> OrderFile {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let lines = || bytes.split(|&b| b == b'\n' || b == b'\r');
    let is_end = |line: &[u8]| fold(&String::from_utf8_lossy(line)) == "END";
    let Some(count) = lines().position(is_end) else {
        return OrderFile::Incomplete;
    };
    let mut orders = Vec::new();
    for line in lines().take(count) {
        let Ok(line) = std::str::from_utf8(line) else {
            return OrderFile::Unusable("AN ORDER HOLDS A BYTE THAT IS NOT TEXT".into());
        };
        let order = fold(line);
        if order.is_empty() || order.starts_with('#') {
            continue;
        }
        if let Some(c) = order.chars().find(|c| !(' '..='~').contains(c)) {
            return OrderFile::Unusable(format!(
                "AN ORDER HOLDS A CHARACTER THE GAME DOES NOT READ (U+{:04X})",
                c as u32
            ));
        }
        if order.len() > MAX_ORDER_LEN {
            return OrderFile::Unusable(format!(
                "AN ORDER IS TOO LONG (AT MOST {MAX_ORDER_LEN} CHARACTERS): {}",
                shown(&order)
            ));
        }
        if orders.len() == MAX_LINES {
            return OrderFile::Unusable(format!("TOO MANY ORDERS (AT MOST {MAX_LINES} LINES)"));
        }
        orders.push(order);
    }
    OrderFile::Orders(orders)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(lines: &[&str]) -> Question {
        let mut all = vec!["===== spacemono v1.0.0 =====", "TURN:5", "PLAYER:2"];
        all.extend_from_slice(lines);
        all.push("END");
        Question::from_block(&Block {
            lines: all.iter().map(|s| s.to_string()).collect(),
        })
    }

    /// The orders of a file holding `text` and then an `END` line.
    fn orders(text: &str) -> Vec<String> {
        match read_order_file(format!("{text}\nEND\n").as_bytes()) {
            OrderFile::Orders(o) => o,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    fn sm_move() -> Question {
        question(&[
            "GAME:SPACE MONOPOLY",
            "ASK:MOVE",
            "CHOICE:MOVE 4B",
            "CHOICE:MOVE 9A",
        ])
    }

    #[test]
    fn an_order_file_is_read_up_to_its_end_line() {
        assert_eq!(read_order_file(b"MOVE 4B\n"), OrderFile::Incomplete);
        assert_eq!(
            orders("\u{feff}# mine\r\nmove   4b \r\n\n\tEND\nignored"),
            vec!["MOVE 4B"]
        );
        assert!(matches!(
            read_order_file("BUY A 3\u{20ac}\nEND\n".as_bytes()),
            OrderFile::Unusable(why) if why.contains("U+20AC")
        ));
        assert!(matches!(
            read_order_file(b"BUY A 3\xff\nEND\n"),
            OrderFile::Unusable(_)
        ));
        let long = format!("BUY A {}\nEND\n", "1".repeat(40));
        assert!(
            matches!(read_order_file(long.as_bytes()), OrderFile::Unusable(why) if why.contains("TOO LONG"))
        );
        let many = "DONE\n".repeat(40) + "END\n";
        assert!(
            matches!(read_order_file(many.as_bytes()), OrderFile::Unusable(why) if why.contains("TOO MANY"))
        );
    }

    #[test]
    fn a_move_must_be_one_of_the_cells_offered() {
        let q = sm_move();
        assert_eq!(
            q.check(&orders("MOVE  9A\nEND")),
            Ok(vec!["MOVE 9A".into()])
        );
        assert!(q.check(&orders("MOVE 9Z\nEND")).is_err());
        assert!(q.check(&orders("END")).is_err());
        assert!(q.check(&orders("MOVE 4B\nMOVE 9A\nEND")).is_err());
        assert!(q.check(&orders("RUN\nEND")).is_err());
    }

    #[test]
    fn a_refusal_says_why_in_the_error_files_words() {
        let q = sm_move();
        let said = |text: &str| q.check(&orders(text)).unwrap_err().to_string();
        assert_eq!(said("END"), "AN ORDER IS NEEDED: ONE OF THE CHOICES (MOVE)");
        assert_eq!(
            q.check(&orders("MOVE 4B\nMOVE 9A\nEND")),
            Err(Refusal::TooMany { given: 2, most: 1 })
        );
        assert_eq!(
            said("MOVE 4B\nMOVE 9A\nEND"),
            "TOO MANY ORDERS: 2 (AT MOST 1)"
        );
        assert_eq!(said("RUN\nEND"), "RUN IS NOT ONE OF THE CHOICES");
    }

    #[test]
    fn counts_are_whole_numbers_within_the_choice() {
        let q = question(&[
            "GAME:SPACE MONOPOLY",
            "ASK:BUY",
            "CHOICE:BUY A 0-2",
            "CHOICE:BUY C 0-12",
        ]);
        assert_eq!(
            q.check(&orders("BUY A 2\nbuy c 007\nEND")),
            Ok(vec!["BUY A 2".into(), "BUY C 7".into()])
        );
        assert_eq!(q.check(&orders("END")), Ok(vec![]));
        assert_eq!(q.check(&orders("DONE\nEND")), Ok(vec!["DONE".into()]));
        for bad in [
            "BUY A 3",
            "BUY A 1E39",
            "BUY A -1",
            "BUY A 1.5",
            "BUY A",
            "BUY B 1",
            "BUY A 99999",
            "BUY A 000001",
        ] {
            assert!(q.check(&orders(&format!("{bad}\nEND"))).is_err(), "{bad}");
        }
        assert!(q.check(&orders(&"BUY A 1\n".repeat(9))).is_err());
    }

    #[test]
    fn starlanes_moves_take_the_number_the_sector_or_both() {
        let q = question(&[
            "GAME:STARLANES",
            "ASK:MOVE",
            "CHOICE:MOVE 1 2B",
            "CHOICE:MOVE 2 10L",
        ]);
        for ok in ["MOVE 1", "MOVE 2B", "MOVE 1 2B"] {
            assert_eq!(q.check(&orders(ok)), Ok(vec!["MOVE 1 2B".into()]), "{ok}");
        }
        for bad in ["MOVE 3", "MOVE 1 10L", "MOVE 10L 2"] {
            assert!(q.check(&orders(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_starlanes_sale_can_pay_for_a_later_buy() {
        let q = question(&[
            "GAME:STARLANES",
            "ASK:TRADE",
            "COMPANY:A PRICE:500 SIZE:2 NAME:ALTAIR STARWAYS",
            "COMPANY:B PRICE:1000 SIZE:2 NAME:BETELGEUSE LTD.",
            "HOLDER:1 CASH:99999 A:0 B:0 C:0 D:0 E:0 NAME:PLAYER 1",
            "HOLDER:2 CASH:1000 A:10 B:0 C:0 D:0 E:0 NAME:PLAYER 2",
            "CHOICE:BUY A 0-2",
            "CHOICE:BUY B 0-1",
            "CHOICE:SELL A 0-10",
            "CHOICE:DONE",
        ]);
        assert!(q.check(&orders("BUY B 6")).is_err());
        assert!(q.check(&orders("SELL A 4\nBUY B 4")).is_err());
        assert_eq!(
            q.check(&orders("SELL A 4\nBUY B 3\nBUY A MAX\nDONE")),
            Ok(vec![
                "SELL A 4".into(),
                "BUY B 3".into(),
                "BUY A MAX".into(),
                "DONE".into()
            ])
        );
        assert!(q.check(&orders("SELL A ALL\nBUY B 6")).is_ok());
        assert!(q.check(&orders("SELL A 11")).is_err());
        assert!(q.check(&orders("SELL B 1")).is_err());
        assert!(q.check(&orders("BUY A ALL")).is_err());
    }

    #[test]
    fn acquire_disposals_and_the_end_question() {
        let q = question(&[
            "GAME:ACQUIRE",
            "ASK:DISPOSE",
            "CHOICE:SELL 0-5",
            "CHOICE:TRADE 0-4",
            "CHOICE:KEEP",
        ]);
        assert_eq!(
            q.check(&orders("SELL 1\nTRADE 4\nKEEP")),
            Ok(vec!["SELL 1".into(), "TRADE 4".into(), "KEEP".into()])
        );
        assert!(q.check(&orders("TRADE 1E39")).is_err());
        assert!(q.check(&orders("SELL 6")).is_err());
        let end = question(&["GAME:ACQUIRE", "ASK:END", "CHOICE:YES", "CHOICE:NO"]);
        assert_eq!(end.check(&orders("no")), Ok(vec!["NO".into()]));
        assert!(end.check(&orders("MAYBE")).is_err());
    }
}
