//! The text a game prints on the printer, cut into turn files (roms/RULES.md P2), and the order
//! files players answer with (P3). The host carries text: it reads only the few keys it needs
//! to route a block (TURN, PLAYER, SEAT, REFUSED, WINNER); the game's rules stay in BASIC.

/// The first line of every block, whatever its version: `===== spacemono v… =====`.
pub const HEADER_START: &str = "===== spacemono v";
/// The version of the turn-file format this host understands (major version must match):
/// the program's own major version, the one number in Cargo.toml.
pub const FORMAT_MAJOR: &str = env!("CARGO_PKG_VERSION_MAJOR");

/// One block the game printed: from its header line to its `END` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's lines, header and `END` included, without line ends.
    pub lines: Vec<String>,
}

/// Who answers a question, as its `SEAT` line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answerer {
    /// `SEAT:FILE`: an order file is awaited.
    File,
    /// `SEAT:KEYBOARD`: a person (or, headless, the keyboard seats' keys).
    Keyboard,
    /// `SEAT:COMPUTER` (or no seat line): the program answers itself; the host only writes
    /// the file, for the record.
    Program,
}

/// What a block asks of the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// A player is to act: write the turn file; a file seat's orders are awaited.
    Ask {
        turn: u32,
        player: u8,
        seat: Answerer,
    },
    /// The orders just typed were refused, and why: write the `.error` file.
    Refused { turn: u32, player: u8, why: String },
    /// The game is over: the standings, and the winner (0: a shared win).
    Over { turn: u32, winner: u8 },
}

/// Why a block cannot be routed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockError(pub String);

impl std::fmt::Display for BlockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for BlockError {}

impl Block {
    /// The value of the first `KEY:VALUE` line with this key.
    pub fn value(&self, key: &str) -> Option<&str> {
        self.lines.iter().find_map(|l| {
            l.strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(':'))
                .map(str::trim)
        })
    }

    fn number<T: std::str::FromStr>(&self, key: &str) -> Result<T, BlockError> {
        let v = self
            .value(key)
            .ok_or_else(|| BlockError(format!("the game's block has no {key} line")))?;
        v.parse()
            .map_err(|_| BlockError(format!("the game's {key} line is not a number: {v:?}")))
    }

    /// What the block is, from its keys.
    pub fn kind(&self) -> Result<BlockKind, BlockError> {
        let header = self.lines.first().map(String::as_str).unwrap_or("");
        let version = header
            .strip_prefix(HEADER_START)
            .and_then(|v| v.strip_suffix(" ====="))
            .ok_or_else(|| BlockError(format!("not a turn header: {header:?}")))?;
        if version.split('.').next() != Some(FORMAT_MAJOR) {
            return Err(BlockError(format!(
                "the game writes turn files in format {version}; this spacemono reads {FORMAT_MAJOR}.x"
            )));
        }
        let turn = self.number("TURN")?;
        if let Some(w) = self.value("WINNER") {
            let winner = w
                .parse()
                .map_err(|_| BlockError(format!("the WINNER line is not a number: {w:?}")))?;
            return Ok(BlockKind::Over { turn, winner });
        }
        let player = self.number("PLAYER")?;
        if let Some(why) = self.value("REFUSED") {
            return Ok(BlockKind::Refused {
                turn,
                player,
                why: why.to_string(),
            });
        }
        Ok(BlockKind::Ask {
            turn,
            player,
            seat: match self.value("SEAT") {
                Some("FILE") => Answerer::File,
                Some("KEYBOARD") => Answerer::Keyboard,
                _ => Answerer::Program,
            },
        })
    }

    /// The block as a file: a line each, `\n` after each.
    pub fn text(&self) -> String {
        let mut s = self.lines.join("\n");
        s.push('\n');
        s
    }
}

/// The longest line a block may have: a BASIC string and then some (the games' longest
/// line is 75 characters). A longer one is dropped, so a program printing without line ends
/// cannot grow the host's memory.
pub const MAX_LINE_BYTES: usize = 256;
/// The most lines a block may have (the games print at most about 40): a block that grows
/// past it is dropped whole, and the reader waits for the next header.
pub const MAX_BLOCK_LINES: usize = 400;

/// The printer's output, cut into blocks as their `END` lines arrive.
#[derive(Clone, Debug, Default)]
pub struct BlockReader {
    /// Bytes of a line not yet ended (at most [`MAX_LINE_BYTES`]).
    partial: Vec<u8>,
    /// The line being read is longer than [`MAX_LINE_BYTES`]: it is dropped at its end.
    overlong: bool,
    /// Lines of a block not yet ended (at most [`MAX_BLOCK_LINES`]).
    lines: Vec<String>,
    /// Lines dropped for their length, and blocks for their number of lines.
    dropped: u64,
}

impl BlockReader {
    /// Take printed bytes; return the blocks they complete. Lines before a header (the game
    /// printing something else) are dropped; a new header starts a new block.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Block> {
        let mut out = Vec::new();
        for &b in bytes {
            if b != b'\r' && b != b'\n' {
                if self.partial.len() < MAX_LINE_BYTES {
                    self.partial.push(b);
                } else {
                    self.overlong = true;
                }
                continue;
            }
            let line = String::from_utf8_lossy(&std::mem::take(&mut self.partial))
                .trim_end()
                .to_string();
            if std::mem::take(&mut self.overlong) {
                self.dropped += 1;
                continue;
            }
            if line.starts_with(HEADER_START) {
                self.lines.clear();
            } else if self.lines.is_empty() {
                continue;
            } else if self.lines.len() >= MAX_BLOCK_LINES {
                self.lines.clear();
                self.dropped += 1;
                continue;
            }
            let end = line == "END";
            self.lines.push(line);
            if end {
                out.push(Block {
                    lines: std::mem::take(&mut self.lines),
                });
            }
        }
        out
    }

    /// How many over-long lines and over-long blocks were dropped.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
}

/// `Turn_{N}.txt`.
pub fn turn_file_name(turn: u32) -> String {
    format!("Turn_{turn}.txt")
}

/// `Player_{P}_Turn_{N}.txt`.
pub fn order_file_name(player: u8, turn: u32) -> String {
    format!("Player_{player}_Turn_{turn}.txt")
}

/// `Player_{P}_Turn_{N}.error`.
pub fn error_file_name(player: u8, turn: u32) -> String {
    format!("Player_{player}_Turn_{turn}.error")
}

/// The most bytes of an order file that are read (a few orders of a few words).
pub const MAX_ORDER_FILE: usize = 64 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    fn block(lines: &[&str]) -> Block {
        Block {
            lines: lines.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn blocks_are_cut_at_their_end_lines() {
        let mut r = BlockReader::default();
        let printed = b"NOISE\r===== spacemono v1.0.0 =====\rTURN:1\rPLAYER:2\rEN";
        assert!(r.push(printed).is_empty());
        let blocks = r.push(b"D\r");
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].lines[1], "TURN:1");
        assert_eq!(blocks[0].text().lines().last(), Some("END"));
    }

    /// Issue 27: a program printing without line ends grew the partial line for ever, and
    /// one printing lines without `END` the block. Both stay bounded; what is dropped is
    /// counted, and a good block after them is read.
    #[test]
    fn over_long_lines_and_blocks_are_dropped() {
        let mut r = BlockReader::default();
        for _ in 0..10_000 {
            assert!(r.push(&[b'X'; 1000]).is_empty());
        }
        assert!(r.partial.len() <= MAX_LINE_BYTES);
        assert!(r.push(b"\r").is_empty());
        assert_eq!(r.dropped(), 1);
        assert!(r.push(b"===== spacemono v1.0.0 =====\r").is_empty());
        for _ in 0..100_000 {
            assert!(r.push(b"TURN:1\r").is_empty());
        }
        assert!(r.lines.len() <= MAX_BLOCK_LINES);
        assert_eq!(r.dropped(), 2);
        let long = format!("{}\r", "Y".repeat(MAX_LINE_BYTES + 1));
        let blocks = r.push(
            format!("===== spacemono v1.0.0 =====\rTURN:2\r{long}PLAYER:1\rEND\r").as_bytes(),
        );
        assert_eq!(blocks.len(), 1);
        assert_eq!(blocks[0].lines[1..], ["TURN:2", "PLAYER:1", "END"]);
        assert_eq!(r.dropped(), 3);
        let longest = format!("{}\r", "Z".repeat(MAX_LINE_BYTES));
        let blocks = r.push(format!("===== spacemono v1.0.0 =====\r{longest}END\r").as_bytes());
        assert_eq!(blocks[0].lines[1].len(), MAX_LINE_BYTES);
    }

    #[test]
    fn a_block_says_what_it_asks() {
        let ask = block(&[
            "===== spacemono v1.0.0 =====",
            "TURN:3",
            "PLAYER:2",
            "SEAT:FILE",
            "END",
        ]);
        assert_eq!(
            ask.kind(),
            Ok(BlockKind::Ask {
                turn: 3,
                player: 2,
                seat: Answerer::File
            })
        );
        let computer = block(&[
            "===== spacemono v1.0.0 =====",
            "TURN:4",
            "PLAYER:1",
            "SEAT:COMPUTER",
            "END",
        ]);
        assert_eq!(
            computer.kind(),
            Ok(BlockKind::Ask {
                turn: 4,
                player: 1,
                seat: Answerer::Program
            })
        );
        let refused = block(&[
            "===== spacemono v1.0.0 =====",
            "TURN:3",
            "PLAYER:2",
            "REFUSED:9Z IS NOT ONE OF THE CELLS OFFERED",
            "END",
        ]);
        assert!(
            matches!(refused.kind(), Ok(BlockKind::Refused { why, .. }) if why.starts_with("9Z"))
        );
        let over = block(&["===== spacemono v1.0.0 =====", "TURN:99", "WINNER:0", "END"]);
        assert_eq!(
            over.kind(),
            Ok(BlockKind::Over {
                turn: 99,
                winner: 0
            })
        );
        let future = block(&["===== spacemono v2.0.0 =====", "TURN:1", "END"]);
        assert!(future.kind().unwrap_err().0.contains("format 2.0.0"));
    }
}
