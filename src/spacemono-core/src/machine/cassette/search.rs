//! The search for a file on the tape, as the ROM reports it.

use crate::formats::namefile::Namefile;

/// One step of a search for a file, in the order the ROM does things. The interpreter shows
/// each with [`show_search_event`] when in direct mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEvent {
    /// A pass begins (at the start, and again after each file skipped): CLS, `S` at the top
    /// left, the cursor at column 2.
    Begin,
    /// A block was read: the top-left character is inverted. `fields` is how long it took at
    /// the real speed.
    Block { fields: u32 },
    /// A namefile was read: its 8 name bytes are printed at the cursor.
    Name { namefile: Namefile, matches: bool },
    /// The file wanted: `F` at the top left. The tape stands just after its namefile.
    Found(Namefile),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    Begin,
    Header,
    Report(Namefile),
    Found(Namefile),
    Skip,
    Done,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Search {
    /// None: the first file found (CLOAD, CLOAD "").
    pub(super) wanted: Option<[u8; 8]>,
    pub(super) phase: Phase,
}

/// A file found by [`Deck::find_file`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundFile {
    pub namefile: Namefile,
    /// The namefiles of the files passed over on the way, in order.
    pub passed: Vec<Namefile>,
}
