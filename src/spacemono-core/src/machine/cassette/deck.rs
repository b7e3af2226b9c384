//! The deck itself: the transport (position, motor, the block wait) and the file the ROM
//! has open on it.

use std::path::{Path, PathBuf};

#[cfg(test)]
use super::group_tape_blocks;
use super::{
    bad_block, block_duration_fields, check_skip_block, name8, DeckError, FoundFile, LoadedTape,
    Phase, Search, SearchEvent, TapeBlock, QUICK_FIELDS_PER_BLOCK,
};
#[cfg(test)]
use crate::formats::tapefile::TapeFile;
use crate::formats::{block::BlockType, namefile::Namefile, recording::Recording, TapeKind};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Status {
    Closed,
    /// Open for input: the buffer of the block being read, and the read position in it.
    Input {
        buf: Vec<u8>,
        at: usize,
    },
    /// Open for output: the characters not yet written.
    Output {
        buf: Vec<u8>,
    },
}

#[derive(Clone, Debug)]
pub(super) struct Backing {
    pub(super) path: PathBuf,
    pub(super) kind: TapeKind,
    /// The file's current contents (a .cas or .wav grows from these; a .bas is rebuilt from
    /// the blocks on every save).
    pub(super) bytes: Vec<u8>,
    /// How the new tape image reaches the file (the frontend's; see [`SaveTape`]).
    pub(super) save: SaveTape,
}

/// Stores a whole new tape image at `path`, all or nothing: on failure the old file must be
/// left as it was. The deck does no file I/O itself; the frontend that inserted the tape
/// gives it this (`frontend::tape_file` writes through a temporary file and a rename).
pub type SaveTape = fn(&Path, &[u8]) -> Result<(), DeckError>;

/// The cassette deck.
#[derive(Clone, Debug)]
pub struct Deck {
    pub(super) blocks: Vec<TapeBlock>,
    /// Index of the next block under the head.
    pub(super) pos: usize,
    pub(super) loaded: bool,
    pub(super) motor: bool,
    pub(super) audio: bool,
    pub(super) backing: Option<Backing>,
    pub(super) status: Status,
    pub(super) search: Option<Search>,
    /// The last namefile found (the ROM's header buffer).
    pub(super) header: Option<Namefile>,
    /// Tape time and blocks since the last [`Deck::take_activity`].
    pub(super) fields: u64,
    pub(super) blocks_moved: u64,
    pub(super) speed: TapeSpeed,
    /// Saves that failed at the tape file since the frontend last asked: BASIC sees only
    /// ?IO, so the host is told why ([`Deck::next_failure`]).
    pub(super) failures: Vec<DeckError>,
    /// The tape as its recording: the signal the head reads, and where the blocks lie on it
    /// (`signal.rs`).
    pub(super) recording: Recording,
    /// Where the head is on the recording, in CPU cycles from its start.
    pub(super) head: u64,
    /// Bytes machine code wrote, waiting for the motor to stop (`stream.rs`).
    pub(super) written: Vec<u8>,
    /// While the motor runs: the machine's cycle up to which the tape has been moved
    /// (`signal.rs`); `None` until the next look at it fixes where it starts from.
    pub(super) moved_to: Option<u64>,
}

impl Default for Deck {
    fn default() -> Self {
        Deck::new()
    }
}

/// How fast tapes load: quickly (a field a block, the default) or at the cassette's real pace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TapeSpeed {
    #[default]
    Quick,
    Real,
}

impl Activity {
    /// Fields to wait for this activity at `speed`.
    pub(crate) fn wait_fields(&self, speed: TapeSpeed) -> u64 {
        match speed {
            TapeSpeed::Quick => self.blocks * QUICK_FIELDS_PER_BLOCK as u64,
            TapeSpeed::Real => self.fields,
        }
    }
}

/// Tape time used since it was last asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// Fields the blocks take at the real speed.
    pub fields: u64,
    /// Blocks read or written (each inverts the top-left character when read in direct mode).
    pub blocks: u64,
}

impl Deck {
    /// An empty deck: no tape.
    pub(crate) fn new() -> Deck {
        Deck {
            blocks: Vec::new(),
            pos: 0,
            loaded: false,
            motor: false,
            audio: false,
            backing: None,
            status: Status::Closed,
            search: None,
            header: None,
            fields: 0,
            blocks_moved: 0,
            speed: TapeSpeed::Quick,
            failures: Vec::new(),
            recording: Recording::default(),
            head: 0,
            written: Vec::new(),
            moved_to: None,
        }
    }

    /// The first save that failed at the tape file since the last look, taken: it names the
    /// file and says why (a full disk, a .bas that holds one program, a save that would not
    /// read back). The machine showed ?IO ERROR for it; the frontend tells the person why.
    #[inline]
    pub(crate) fn next_failure(&mut self) -> Option<DeckError> {
        if self.failures.is_empty() {
            None
        } else {
            Some(self.failures.remove(0))
        }
    }

    /// `--tape-speed`: kept across inserts and ejects.
    pub(crate) fn set_speed(&mut self, speed: TapeSpeed) {
        self.speed = speed;
    }

    pub(crate) fn speed(&self) -> TapeSpeed {
        self.speed
    }

    /// Fields the interpreter should wait for the block that would be read next, at the
    /// deck's speed (step-by-step loading).
    #[cfg(test)]
    pub(crate) fn next_block_wait(&self) -> u32 {
        match self.speed {
            TapeSpeed::Quick => QUICK_FIELDS_PER_BLOCK,
            TapeSpeed::Real => self.block_fields(self.pos).unwrap_or(0),
        }
    }

    /// A tape held only in memory (nothing is saved anywhere), rewound.
    #[cfg(test)]
    pub(crate) fn with_blocks(blocks: Vec<TapeBlock>) -> Deck {
        Deck {
            recording: Recording::laid_out(&blocks),
            blocks,
            loaded: true,
            ..Deck::new()
        }
    }

    /// Puts a tape the frontend read from `path` (or a blank one: no bytes, no blocks) in the
    /// deck, rewound; saves go back through `save`. The tape speed is kept.
    pub fn insert_tape(&mut self, path: &Path, tape: LoadedTape, save: SaveTape) {
        *self = Deck {
            blocks: tape.blocks,
            recording: tape.recording,
            loaded: true,
            backing: Some(Backing {
                path: path.to_path_buf(),
                kind: tape.kind,
                bytes: tape.bytes,
                save,
            }),
            speed: self.speed,
            ..Deck::new()
        };
    }

    /// Puts a tape image held only in memory (no file behind it: its blocks and its
    /// recording) in the deck, rewound; the tape speed is kept.
    pub(crate) fn insert_recorded(&mut self, blocks: Vec<TapeBlock>, recording: Recording) {
        *self = Deck {
            blocks,
            recording,
            loaded: true,
            speed: self.speed,
            ..Deck::new()
        };
    }

    pub fn has_tape(&self) -> bool {
        self.loaded
    }

    pub fn blocks(&self) -> &[TapeBlock] {
        &self.blocks
    }

    /// The files on the tape.
    #[cfg(test)]
    pub(crate) fn files(&self) -> Vec<TapeFile> {
        group_tape_blocks(&self.blocks)
    }

    /// Index of the next block under the head.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Winds the tape to block `pos` (clamped to the end).
    #[cfg(test)]
    pub(crate) fn set_position(&mut self, pos: usize) {
        self.pos = pos.min(self.blocks.len());
        self.head_to_block(self.pos);
    }

    pub fn rewind(&mut self) {
        self.pos = 0;
        self.head = 0;
        self.forget_motion();
    }

    /// The tape taken out: the deck is empty (a file open on it is lost, as when the cassette
    /// leaves a running deck); the tape speed is kept.
    pub(crate) fn eject(&mut self) {
        *self = Deck {
            speed: self.speed,
            ..Deck::new()
        };
    }

    /// Fast forward: wind on past the block under the head to the start of the next file
    /// (its namefile block), or to the end of the tape. A file open on the tape is closed
    /// (the ROM would read whatever comes next as its data).
    pub(crate) fn wind_to_next_file(&mut self) {
        self.status = Status::Closed;
        let next = self.blocks[self.pos.min(self.blocks.len())..]
            .iter()
            .skip(1)
            .position(|b| b.block.kind == BlockType::Namefile);
        self.pos = match next {
            Some(i) => self.pos + 1 + i,
            None => self.blocks.len(),
        };
        self.head_to_block(self.pos);
    }

    /// Where the tape came from on the host, if it came from a file.
    pub fn path(&self) -> Option<&Path> {
        self.backing.as_ref().map(|b| b.path.as_path())
    }

    #[cfg(test)]
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.blocks.len()
    }

    /// MOTOR ON / OFF. The motor stopping puts what machine code wrote on the tape (a save
    /// that fails is told to the host, [`Deck::next_failure`]).
    pub(crate) fn set_motor(&mut self, on: bool) {
        if on != self.motor {
            self.moved_to = None;
        }
        self.motor = on;
        if !on && self.writing() {
            let _ = self.finish_writing();
        }
    }

    /// AUDIO ON / OFF (the tape's sound through the TV speaker).
    pub(crate) fn set_audio(&mut self, on: bool) {
        self.audio = on;
    }

    pub(crate) fn audio(&self) -> bool {
        self.audio
    }

    /// Tape time and blocks moved since the last call.
    pub(crate) fn take_activity(&mut self) -> Activity {
        let a = Activity {
            fields: self.fields,
            blocks: self.blocks_moved,
        };
        self.fields = 0;
        self.blocks_moved = 0;
        a
    }

    /// The namefile of the last file found.
    pub(crate) fn header(&self) -> Option<Namefile> {
        self.header
    }

    /// Fields block `index` takes at the real speed.
    #[cfg(test)]
    pub(crate) fn block_fields(&self, index: usize) -> Option<u32> {
        self.blocks
            .get(index)
            .map(|b| block_duration_fields(&b.block, b.led))
    }

    pub(super) fn need_tape(&self) -> Result<(), DeckError> {
        if self.loaded {
            Ok(())
        } else {
            Err(DeckError::NoTape)
        }
    }

    /// Reads the next block (CasBlockIn): moves the tape on one block and counts its time.
    /// A bad block is still passed (the caller decides: every caller in the ROM says ?IO).
    pub(crate) fn read_block(&mut self) -> Result<(usize, TapeBlock, u32), DeckError> {
        self.need_tape()?;
        if self.writing() {
            self.finish_writing()?;
        }
        self.forget_motion();
        let index = self.pos;
        let b = self
            .blocks
            .get(index)
            .cloned()
            .ok_or(DeckError::EndOfTape)?;
        self.pos += 1;
        // The head at the end of the block read: the signal goes on from there.
        if let Some(s) = self.recording.span(index) {
            self.head = s.end;
        }
        let f = block_duration_fields(&b.block, b.led);
        self.fields += f as u64;
        self.blocks_moved += 1;
        Ok((index, b, f))
    }

    // ------------------------------------------------------------------------ searching

    /// Starts a search: `None` or an empty name finds the first file (CLOAD, CLOAD "").
    /// Drive it with [`Deck::search_step`].
    pub(crate) fn begin_search(&mut self, name: Option<&[u8]>) {
        let wanted = name.filter(|n| !n.is_empty()).map(name8);
        self.search = Some(Search {
            wanted,
            phase: Phase::Begin,
        });
    }

    /// The next step of the search begun with [`Deck::begin_search`]. After
    /// [`SearchEvent::Found`] the search is over. An error ends it too.
    pub(crate) fn search_step(&mut self) -> Result<SearchEvent, DeckError> {
        let Some(mut s) = self.search.take() else {
            return Err(DeckError::NotOpen);
        };
        let r = self.step(&mut s);
        if r.is_ok() && s.phase != Phase::Done {
            self.search = Some(s);
        }
        r
    }

    pub(super) fn step(&mut self, s: &mut Search) -> Result<SearchEvent, DeckError> {
        match std::mem::replace(&mut s.phase, Phase::Done) {
            Phase::Begin => {
                self.need_tape()?;
                s.phase = Phase::Header;
                Ok(SearchEvent::Begin)
            }
            Phase::Header => {
                let (index, b, fields) = self.read_block()?;
                if !b.checksum_ok {
                    return Err(bad_block(index, &b));
                }
                if b.block.kind != BlockType::Namefile {
                    return Err(DeckError::NotANamefile { index });
                }
                // A short namefile: the ROM would use whatever its buffer held; call it bad.
                let nf = Namefile::decode(&b.block.data)
                    .map_err(|_| DeckError::NotANamefile { index })?;
                s.phase = Phase::Report(nf);
                Ok(SearchEvent::Block { fields })
            }
            Phase::Report(nf) => {
                let matches = s.wanted.is_none_or(|w| w == nf.name);
                s.phase = if matches {
                    Phase::Found(nf)
                } else {
                    Phase::Skip
                };
                self.header = Some(nf);
                Ok(SearchEvent::Name {
                    namefile: nf,
                    matches,
                })
            }
            Phase::Found(nf) => {
                self.header = Some(nf);
                Ok(SearchEvent::Found(nf))
            }
            Phase::Skip => {
                let (index, b, fields) = self.read_block()?;
                check_skip_block(index, &b)?;
                s.phase = if b.block.kind == BlockType::Eof {
                    Phase::Begin
                } else {
                    Phase::Skip
                };
                Ok(SearchEvent::Block { fields })
            }
            Phase::Done => Err(DeckError::NotOpen),
        }
    }

    /// Searches for a file in one go (CasFindFile): the first file when `name` is `None` or
    /// empty. ?AO if a file is open.
    pub(crate) fn find_file(&mut self, name: Option<&[u8]>) -> Result<FoundFile, DeckError> {
        if self.status != Status::Closed {
            return Err(DeckError::AlreadyOpen);
        }
        self.begin_search(name);
        let mut passed = Vec::new();
        loop {
            match self.search_step()? {
                SearchEvent::Name {
                    namefile,
                    matches: false,
                } => passed.push(namefile),
                SearchEvent::Found(namefile) => return Ok(FoundFile { namefile, passed }),
                _ => {}
            }
        }
    }

    /// Reads the rest of the current file to its EOF block (LB903).
    pub(crate) fn skip_rest(&mut self) -> Result<(), DeckError> {
        loop {
            let (index, b, _) = self.read_block()?;
            check_skip_block(index, &b)?;
            if b.block.kind == BlockType::Eof {
                return Ok(());
            }
        }
    }

    /// SKIPF, SKIPF "NAME" in one go: finds the file (as CLOAD does, with the same feedback)
    /// and reads past it. The statement does the same a block per field (`exec_tape`).
    #[cfg(test)]
    pub(crate) fn skip_file(&mut self, name: Option<&[u8]>) -> Result<FoundFile, DeckError> {
        let found = self.find_file(name)?;
        self.skip_rest()?;
        Ok(found)
    }
}
