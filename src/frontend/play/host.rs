//! The host of a game played by file: it carries text between the printer, the game folder
//! and the keyboard, a field at a time, so a window, a terminal or a headless run can drive it.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::game_folder::{prepare_folder, read_in_folder, write_in_folder, FolderError};
use super::orders::{read_order_file, OrderFile, Question};
use super::turn_file::{
    error_file_name, order_file_name, turn_file_name, Answerer, Block, BlockError, BlockKind,
    BlockReader, MAX_ORDER_FILE,
};
use crate::frontend::headless::{FIELDS_PER_SECOND, IDLE_SECONDS};
use crate::frontend::host_file::ReadError;
use spacemono_core::{Machine, Status};

/// The file the final standings are copied to, beside the last turn file.
pub const STANDINGS_FILE: &str = "Standings.txt";
/// The machine's snapshot, replaced with every turn file (`spacemono --snapshot FILE`
/// starts a machine from it, to look at that moment of the game).
pub const SNAPSHOT_FILE: &str = "Snapshot.spacemono";

/// Why a game by file stopped before its end.
#[derive(Debug)]
pub enum PlayError {
    /// A file in the game folder could not be written or read.
    File { path: PathBuf, problem: String },
    /// The game folder will not do (another user's, or others may write in it).
    Folder(FolderError),
    /// The game printed something the host cannot route.
    Block(BlockError),
    /// The program stopped (an error, or BREAK) instead of finishing the game.
    GameStopped { screen: String },
    /// A keyboard seat waited for keys and the key script had none left.
    OutOfKeys { player: u8 },
    /// A signal asked the run to end.
    Interrupted,
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::File { path, problem } => write!(f, "{}: {problem}", path.display()),
            PlayError::Folder(e) => write!(f, "{e}"),
            PlayError::Block(e) => write!(f, "the game's turn text: {e}"),
            PlayError::GameStopped { screen } => {
                write!(
                    f,
                    "the program stopped before the game ended; its screen:\n{screen}"
                )
            }
            PlayError::OutOfKeys { player } => write!(
                f,
                "player {player} plays at the keyboard, and the keys given with --keys ran out"
            ),
            PlayError::Interrupted => write!(f, "interrupted"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<BlockError> for PlayError {
    fn from(e: BlockError) -> Self {
        PlayError::Block(e)
    }
}

/// What the host needs after a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Carry on running.
    Running,
    /// A file seat is to act: [`PlayHost::poll_orders`] until its orders are taken (they are
    /// then typed as the program asks for keys).
    AwaitingOrders { player: u8, turn: u32 },
    /// The game is over; 0 is a shared win.
    Over { winner: u8 },
}

/// Orders awaited from a file seat.
#[derive(Clone, Debug)]
struct Awaited {
    player: u8,
    turn: u32,
    /// What the turn asks, to check the orders against before they are typed.
    question: Question,
    /// The contents of the order file that was refused: a file is read again only once it
    /// has changed.
    refused: Option<Vec<u8>>,
    /// Why the order file could not be read and which file that was, when that was said in
    /// an error file: the same reason is said again only for another file.
    unreadable: Option<(String, Option<FileIdentity>)>,
    /// The header line of the game's turn file (its format's version), for the error file.
    header: String,
}

/// What tells one file in the game folder from another of the same name (a replaced file
/// is another file, even with the same fault).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileIdentity {
    inode: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl FileIdentity {
    fn of(path: &Path) -> Option<FileIdentity> {
        let meta = std::fs::symlink_metadata(path).ok()?;
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(&meta);
        #[cfg(not(unix))]
        let inode = 0;
        Some(FileIdentity {
            inode,
            len: meta.len(),
            modified: meta.modified().ok(),
        })
    }
}

/// The host's side of a game by file.
#[derive(Clone, Debug)]
pub struct PlayHost {
    dir: PathBuf,
    reader: BlockReader,
    awaited: Option<Awaited>,
    /// The question answered last and the order file's contents (kept in case the game
    /// refuses them).
    last_orders: Option<(Awaited, Vec<u8>)>,
    /// The keys of the last orders not yet typed, while they are in flight: from the time they
    /// pass the gate until the game's next block answers them. They are typed a key at a time,
    /// only while the program waits for a key: if it stops, not one more byte reaches the
    /// keyboard (and so never `OK`).
    in_flight: Option<VecDeque<u8>>,
    /// The machine when the last block was printed: if the program stops on a player's
    /// orders, the game goes back to it and waits for other orders.
    resume_point: Vec<u8>,
    /// Keys for keyboard seats when nobody is at a keyboard (headless): typed one at a time,
    /// only while a keyboard seat is asked and the program waits for a key.
    keyboard_keys: VecDeque<u8>,
    /// The player a keyboard seat's turn belongs to, while one is asked.
    keyboard_turn: Option<u8>,
    /// Blocks routed so far: the game moving on.
    blocks_routed: u64,
}

impl PlayHost {
    /// A host writing its files into `dir` (created if missing; refused if it is another
    /// user's or others may write in it). `keyboard_keys` are typed for the keyboard seats
    /// when no person is at a keyboard.
    pub fn new(dir: &Path, keyboard_keys: Vec<u8>) -> Result<Self, PlayError> {
        prepare_folder(dir, true).map_err(PlayError::Folder)?;
        Ok(PlayHost {
            dir: dir.to_path_buf(),
            reader: BlockReader::default(),
            awaited: None,
            last_orders: None,
            in_flight: None,
            resume_point: Vec::new(),
            keyboard_keys: keyboard_keys.into(),
            keyboard_turn: None,
            blocks_routed: 0,
        })
    }

    fn write(&self, name: &str, text: &str) -> Result<(), PlayError> {
        self.write_bytes(name, text.as_bytes())
    }

    fn write_bytes(&self, name: &str, bytes: &[u8]) -> Result<(), PlayError> {
        let path = self.dir.join(name);
        write_in_folder(&path, bytes).map_err(|e| PlayError::File {
            path,
            problem: format!("cannot write it: {e}"),
        })
    }

    /// After each field: route what the printer printed, type the next key of orders in
    /// flight, and type a keyboard seat's next key if it is waiting for one.
    pub fn after_field(&mut self, m: &mut Machine) -> Result<Step, PlayError> {
        for block in self.reader.push(&m.take_printed()) {
            // The game answered the orders (or asked anew): nothing more of them is typed.
            self.in_flight = None;
            self.blocks_routed += 1;
            // The snapshot is on disk before the turn file that announces it: whoever sees a
            // new turn (a player, a bot, a test) finds the state it was asked in.
            let snapshot = m.snapshot().map_err(|e| PlayError::File {
                path: self.dir.join(SNAPSHOT_FILE),
                problem: e.to_string(),
            })?;
            self.write_bytes(SNAPSHOT_FILE, &snapshot)?;
            self.resume_point = snapshot;
            if let Some(over) = self.route(&block)? {
                return Ok(over);
            }
        }
        if self.in_flight.is_some() {
            self.type_orders(m)?;
        }
        if let Some(a) = &self.awaited {
            return Ok(Step::AwaitingOrders {
                player: a.player,
                turn: a.turn,
            });
        }
        if self.keyboard_turn.is_some() && m.starved() && m.script_keys_left() == 0 {
            if let Some(k) = self.keyboard_keys.pop_front() {
                m.type_script(&[k]);
            }
        }
        Ok(Step::Running)
    }

    /// Types the next key of the orders in flight when the program waits for one. If the
    /// program stopped instead (a listing's bug met by legal orders), the machine goes back
    /// to where the question was asked and the orders are refused: the game goes on.
    fn type_orders(&mut self, m: &mut Machine) -> Result<(), PlayError> {
        if m.status() == Status::Prompt {
            if self.in_flight.take().is_none() {
                return Ok(());
            }
            let Some((mut awaited, bytes)) = self.last_orders.clone() else {
                return Ok(());
            };
            *m = Machine::from_snapshot(&self.resume_point).map_err(|e| PlayError::File {
                path: self.dir.join(SNAPSHOT_FILE),
                problem: format!("cannot go back to the turn after the game stopped: {e}"),
            })?;
            self.reader = BlockReader::default();
            awaited.refused = Some(bytes);
            self.awaited = Some(awaited);
            return self.refuse("THE GAME STOPPED ON THESE ORDERS; NOTHING OF THEM WAS PLAYED");
        }
        let Some(keys) = &mut self.in_flight else {
            return Ok(());
        };
        if m.status() == Status::WaitingForKey && m.script_keys_left() == 0 {
            if let Some(k) = keys.pop_front() {
                m.type_script(&[k]);
            }
        }
        Ok(())
    }

    /// One block: a turn file, an error file, or the standings.
    fn route(&mut self, block: &Block) -> Result<Option<Step>, PlayError> {
        match block.kind()? {
            BlockKind::Ask { turn, player, seat } => {
                self.write(&turn_file_name(turn), &block.text())?;
                self.keyboard_turn = (seat == Answerer::Keyboard).then_some(player);
                if seat == Answerer::File {
                    self.awaited = Some(Awaited {
                        player,
                        turn,
                        question: Question::from_block(block),
                        refused: None,
                        unreadable: None,
                        header: block.lines[0].clone(),
                    });
                }
                Ok(None)
            }
            // The error file is the game's own block: its header, turn, player and reason.
            BlockKind::Refused { turn, player, .. } => {
                self.write(&error_file_name(player, turn), &block.text())?;
                // The same question is asked again, and the refused file is not read again
                // until it changes. (A refusal of a keyboard seat's typing is only recorded.)
                if let Some((answered, bytes)) = self.last_orders.take() {
                    if answered.player == player && answered.turn == turn {
                        self.awaited = Some(Awaited {
                            refused: Some(bytes),
                            unreadable: None,
                            header: block.lines[0].clone(),
                            ..answered
                        });
                    }
                }
                Ok(None)
            }
            BlockKind::Over { turn, winner } => {
                self.write(&turn_file_name(turn), &block.text())?;
                self.write(STANDINGS_FILE, &block.text())?;
                Ok(Some(Step::Over { winner }))
            }
        }
    }

    /// Looks for the awaited order file once. When it is complete (has its `END` line) and
    /// is not the one just refused, checks it against the question (see `orders`): orders
    /// that pass go in flight, to be typed as the program asks for keys, and true is
    /// returned; anything else gets an error file, and the game goes on waiting.
    pub fn poll_orders(&mut self) -> Result<bool, PlayError> {
        let Some(a) = &self.awaited else {
            return Ok(true);
        };
        let path = self.dir.join(order_file_name(a.player, a.turn));
        let bytes = match read_in_folder(&path, MAX_ORDER_FILE) {
            Ok(b) => b,
            // Not written yet (a bot that writes and renames is never seen half-way).
            Err(ReadError::Missing) => return Ok(false),
            // A file that is there but cannot be read is answered as refused orders are
            // (roms/RULES.md P4): an error file saying why, and the game waits for a better one.
            Err(e) => {
                let why = format!("{} {e}", order_file_name(a.player, a.turn));
                self.report_unreadable(&why, FileIdentity::of(&path))?;
                return Ok(false);
            }
        };
        if a.refused.as_ref() == Some(&bytes) {
            return Ok(false);
        }
        let orders = match read_order_file(&bytes) {
            OrderFile::Incomplete => return Ok(false),
            OrderFile::Unusable(why) => return self.refuse_file(bytes, &why).map(|_| false),
            OrderFile::Orders(orders) => orders,
        };
        let typed = match a.question.check(&orders) {
            Ok(typed) => typed,
            Err(why) => return self.refuse_file(bytes, &why.to_string()).map(|_| false),
        };
        let mut keys = VecDeque::new();
        for order in typed.iter().map(String::as_str).chain(["END"]) {
            keys.extend(order.bytes());
            keys.push_back(b'\r');
        }
        let Some(awaited) = self.awaited.take() else {
            return Ok(true);
        };
        // A corrected file answers the error: the error file goes.
        let _ = std::fs::remove_file(self.dir.join(error_file_name(awaited.player, awaited.turn)));
        self.last_orders = Some((awaited, bytes));
        self.in_flight = Some(keys);
        Ok(true)
    }

    /// Refuses the order file holding `bytes` (it is not read again until it changes).
    fn refuse_file(&mut self, bytes: Vec<u8>, why: &str) -> Result<(), PlayError> {
        if let Some(a) = &mut self.awaited {
            a.refused = Some(bytes);
        }
        self.refuse(why)
    }

    /// Writes the error file for an order file that cannot be read: once for each reason
    /// and file (a file that replaces it with the same fault gets its own error file).
    fn report_unreadable(
        &mut self,
        why: &str,
        file: Option<FileIdentity>,
    ) -> Result<(), PlayError> {
        let Some(a) = &mut self.awaited else {
            return Ok(());
        };
        let seen = (why.to_string(), file);
        if a.unreadable.as_ref() == Some(&seen) {
            return Ok(());
        }
        a.unreadable = Some(seen);
        self.refuse(why)
    }

    /// Writes the awaited question's error file (roms/RULES.md P4): the turn's header, whose
    /// turn it is, and why, as the game itself words a refusal.
    fn refuse(&mut self, why: &str) -> Result<(), PlayError> {
        let Some(a) = &self.awaited else {
            return Ok(());
        };
        let (player, turn) = (a.player, a.turn);
        let text = format!(
            "{}\nTURN:{turn}\nPLAYER:{player}\nREFUSED:{}\nEND\n",
            a.header,
            why.to_ascii_uppercase()
        );
        self.write(&error_file_name(player, turn), &text)
    }

    /// Whether keys remain for the keyboard seats.
    pub fn keyboard_keys_left(&self) -> usize {
        self.keyboard_keys.len()
    }

    /// The keyboard seat being asked, if any.
    pub fn keyboard_turn(&self) -> Option<u8> {
        self.keyboard_turn
    }

    /// How many blocks the game has printed (turns, refusals, the standings).
    pub fn blocks_routed(&self) -> u64 {
        self.blocks_routed
    }
}

/// In a window or terminal session the host rides along: after each field it carries the
/// files, and looks for awaited orders once a field (the machine goes on waiting meanwhile).
impl crate::frontend::session::FieldHook for PlayHost {
    fn after_field(&mut self, m: &mut Machine) -> Result<Option<u8>, Box<dyn std::error::Error>> {
        match PlayHost::after_field(self, m)? {
            Step::Over { winner } => Ok(Some(winner)),
            Step::AwaitingOrders { .. } => {
                self.poll_orders()?;
                Ok(None)
            }
            Step::Running => Ok(None),
        }
    }
}

/// Runs a game by file with no window: flat out while the program works, paused (no field
/// runs) while a file seat's orders are awaited, polling for them every `poll`. Returns the
/// winner (0: a shared win).
pub fn play_headless(
    m: &mut Machine,
    host: &mut PlayHost,
    poll: Duration,
) -> Result<u8, PlayError> {
    let idle_limit = (IDLE_SECONDS as f64 * FIELDS_PER_SECOND) as u64;
    // Fields in which a keyboard seat's question waited for a key that no script will type,
    // since the game last moved on (a key taken, a block printed). A field in which the
    // program did something else (a blink, a tune) neither counts nor clears them.
    let mut idle = 0u64;
    let mut progress = (m.keys_delivered(), host.blocks_routed());
    loop {
        m.run_field();
        match host.after_field(m)? {
            Step::Over { winner } => return Ok(winner),
            Step::AwaitingOrders { .. } => {
                while !host.poll_orders()? {
                    if super::super::signals::caught().is_some() {
                        return Err(PlayError::Interrupted);
                    }
                    std::thread::sleep(poll);
                }
            }
            Step::Running => {}
        }
        if m.status() == Status::Prompt && !m.keys_pending() {
            return Err(PlayError::GameStopped {
                screen: m.screen_text(),
            });
        }
        let now = (m.keys_delivered(), host.blocks_routed());
        if now != progress {
            progress = now;
            idle = 0;
        } else if host.keyboard_turn().is_some()
            && m.starved()
            && !m.keys_pending()
            && host.keyboard_keys_left() == 0
        {
            idle += 1;
        }
        if idle >= idle_limit {
            return Err(PlayError::OutOfKeys {
                player: host.keyboard_turn().unwrap_or(0),
            });
        }
        if super::super::signals::caught().is_some() {
            return Err(PlayError::Interrupted);
        }
    }
}
