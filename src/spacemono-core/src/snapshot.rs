//! Machine snapshots: how the machine started and everything done to it since, each with the
//! field it came in, so that replaying them on a machine just switched on (flat out, as
//! `computer::Machine::from_snapshot` does) rebuilds the very same machine: RAM, the
//! interpreter's state (its stacks, the statement it is in, what it has compiled), the
//! keyboard, the tape and its position, TIMER.
//!
//! Why a record of inputs rather than a dump of every structure: the machine is
//! deterministic, so replaying its inputs gives back all of its state exactly, including the
//! parts a dump would have to convert (the interpreter keeps compiled forms of statements that
//! point into each other), and a snapshot made by one build is checked when it is restored:
//! the replayed RAM must hash to the value stored, or the snapshot is refused. Restoring
//! costs the time to replay, flat out (a 48-move game of Space Monopoly replays in about two
//! seconds).
//!
//! The format (all numbers little-endian):
//!
//! ```text
//! "SPACEMONO SNAPSHOT" 0x00   magic
//! u16                        format version (1)
//! u64                        the field the snapshot was taken at
//! u64                        FNV-1a hash of the 64K address space at that field
//! u32                        number of entries, then each entry:
//!   u64 field, u8 kind, u32 length, length bytes of payload
//! ```

use crate::machine::key_script::{KeyScript, ScriptStep};

/// The first bytes of every snapshot.
pub const MAGIC: &[u8] = b"SPACEMONO SNAPSHOT\0";
/// The format written; others are refused.
pub const VERSION: u16 = 2;
/// The most bytes a snapshot file may hold (tapes and listings are inside it).
pub const MAX_SNAPSHOT_BYTES: usize = 64 << 20;
/// The most fields a snapshot may replay: 2^27, 31 days of the machine's time (about half a
/// minute of replay for a machine busy the whole time). A machine that has run longer cannot
/// be snapshotted; a file claiming more is refused before any of it is replayed.
pub const MAX_FIELDS: u64 = 1 << 27;
/// Bytes before the first entry: magic, version, checksum, field, RAM hash, entry count.
const HEADER_BYTES: usize = MAGIC.len() + 2 + 8 + 8 + 8 + 4;
/// Bytes of an entry with an empty payload: its field, kind and length.
const ENTRY_BYTES: usize = 8 + 1 + 4;
/// Where the checksum is, and where the bytes it covers start.
const CHECKSUM_AT: usize = MAGIC.len() + 2;
const CHECKED_FROM: usize = CHECKSUM_AT + 8;

/// Something done to the machine from outside, as the journal records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A key pressed down now.
    Press(u8),
    /// A key typed by a person, handed over as the machine asks.
    TypeKey(u8),
    /// BREAK from a person (cancelling keys typed ahead).
    TypeBreak,
    /// A key script: its keys, and its joystick steps in order with them.
    Script(KeyScript),
    /// The keys pressed and not yet taken, forgotten.
    DropLiveKeys,
    /// A byte written into memory by the host.
    Poke(u16, u8),
    /// The BASIC dialect (0 Dragon, 1 Altair, 2 MBASIC).
    Dialect(u8),
    /// A printer attached.
    AttachPrinter,
    /// A listing loaded as an ASCII tape loads.
    LoadListing(Vec<u8>),
    /// A tokenized program image put in memory.
    LoadImage(Vec<u8>),
    /// CLOAD straight into memory: of the program of this name on the tape, or of the first
    /// program when the name is empty.
    CloadNow(Vec<u8>),
    /// A tape put in the deck: its kind (0 .cas, 1 .wav, 2 .bas), name and bytes.
    InsertTape {
        kind: u8,
        name: String,
        bytes: Vec<u8>,
    },
    /// The tape speed (0 quick, 1 real).
    TapeSpeed(u8),
    /// A joystick axis moved: the axis (0-3) and its position (0-63).
    Joystick { axis: u8, value: u8 },
    /// The key pressed last still held down (the matrix keeps showing it).
    Hold(u8),
    /// A key held down until released (the matrix shows it with any others held).
    KeyDown(u8),
    /// A key let go.
    ReleaseKey(u8),
    /// A fire button (0 right, 1 left) pressed or let go.
    Fire { button: u8, pressed: bool },
    /// The tape rewound to its start.
    TapeRewind,
    /// The tape wound on to the next file.
    TapeWind,
    /// The tape taken out of the deck.
    TapeEject,
    /// The RESET button (the ROM's warm start; the program is kept).
    SoftReset,
}

impl Input {
    fn kind(&self) -> u8 {
        match self {
            Input::Press(_) => 1,
            Input::TypeKey(_) => 2,
            Input::TypeBreak => 3,
            // A script of keys alone keeps the kind older snapshots have.
            Input::Script(s) if s.keys_only().is_some() => 4,
            Input::Script(_) => 20,
            Input::DropLiveKeys => 5,
            Input::Poke(..) => 6,
            Input::Dialect(_) => 7,
            Input::AttachPrinter => 8,
            Input::LoadListing(_) => 9,
            Input::LoadImage(_) => 10,
            Input::CloadNow(_) => 11,
            Input::InsertTape { .. } => 12,
            Input::TapeSpeed(_) => 13,
            Input::Joystick { .. } => 14,
            Input::Fire { .. } => 15,
            Input::TapeRewind => 16,
            Input::TapeWind => 17,
            Input::TapeEject => 18,
            Input::SoftReset => 19,
            Input::Hold(_) => 21,
            Input::KeyDown(_) => 22,
            Input::ReleaseKey(_) => 23,
        }
    }

    fn payload(&self) -> Vec<u8> {
        match self {
            Input::Press(k)
            | Input::TypeKey(k)
            | Input::Dialect(k)
            | Input::TapeSpeed(k)
            | Input::Hold(k)
            | Input::KeyDown(k)
            | Input::ReleaseKey(k) => {
                vec![*k]
            }
            Input::TypeBreak
            | Input::DropLiveKeys
            | Input::AttachPrinter
            | Input::TapeRewind
            | Input::TapeWind
            | Input::TapeEject
            | Input::SoftReset => Vec::new(),
            Input::Script(s) => match s.keys_only() {
                Some(keys) => keys,
                None => encode_steps(s),
            },
            Input::LoadListing(b) | Input::LoadImage(b) | Input::CloadNow(b) => b.clone(),
            Input::Poke(a, v) => vec![*a as u8, (*a >> 8) as u8, *v],
            Input::Joystick { axis, value } => vec![*axis, *value],
            Input::Fire { button, pressed } => vec![*button, *pressed as u8],
            Input::InsertTape { kind, name, bytes } => {
                let mut p = vec![*kind, name.len().min(255) as u8];
                p.extend_from_slice(&name.as_bytes()[..name.len().min(255)]);
                p.extend_from_slice(bytes);
                p
            }
        }
    }

    fn decode(kind: u8, p: &[u8]) -> Result<Input, SnapshotError> {
        let byte = |i: usize| p.get(i).copied().ok_or(SnapshotError::CutShort);
        Ok(match kind {
            1 => Input::Press(byte(0)?),
            2 => Input::TypeKey(byte(0)?),
            3 => Input::TypeBreak,
            4 => Input::Script(KeyScript::from(p)),
            5 => Input::DropLiveKeys,
            6 => Input::Poke(u16::from_le_bytes([byte(0)?, byte(1)?]), byte(2)?),
            7 => Input::Dialect(byte(0)?),
            8 => Input::AttachPrinter,
            9 => Input::LoadListing(p.to_vec()),
            10 => Input::LoadImage(p.to_vec()),
            11 => Input::CloadNow(p.to_vec()),
            12 => {
                let n = byte(1)? as usize;
                let name = p.get(2..2 + n).ok_or(SnapshotError::CutShort)?;
                Input::InsertTape {
                    kind: byte(0)?,
                    name: String::from_utf8_lossy(name).into_owned(),
                    bytes: p[2 + n..].to_vec(),
                }
            }
            13 => Input::TapeSpeed(byte(0)?),
            14 => Input::Joystick {
                axis: byte(0)?,
                value: byte(1)?,
            },
            15 => Input::Fire {
                button: byte(0)?,
                pressed: byte(1)? != 0,
            },
            16 => Input::TapeRewind,
            17 => Input::TapeWind,
            18 => Input::TapeEject,
            19 => Input::SoftReset,
            20 => Input::Script(decode_steps(p)?),
            21 => Input::Hold(byte(0)?),
            22 => Input::KeyDown(byte(0)?),
            23 => Input::ReleaseKey(byte(0)?),
            k => {
                return Err(SnapshotError::Damaged(format!(
                    "an entry of unknown kind {k}"
                )))
            }
        })
    }
}

/// A key script with joystick steps, as an entry's payload: each step a tag (0 key, 1 axis,
/// 2 fire button, 3 wait, 4 key held) and its bytes (the key; axis and position; button and
/// 1 for pressed; the fields, u16; the key and 1 for down).
fn encode_steps(script: &KeyScript) -> Vec<u8> {
    let mut p = Vec::with_capacity(script.len() * 3);
    for step in script.steps() {
        match *step {
            ScriptStep::Key(k) => p.extend_from_slice(&[0, k]),
            ScriptStep::Axis { axis, value } => p.extend_from_slice(&[1, axis, value]),
            ScriptStep::Fire { button, pressed } => {
                p.extend_from_slice(&[2, button, pressed as u8])
            }
            ScriptStep::Wait(n) => {
                p.push(3);
                p.extend_from_slice(&n.to_le_bytes());
            }
            ScriptStep::Hold { code, down } => p.extend_from_slice(&[4, code, down as u8]),
        }
    }
    p
}

fn decode_steps(mut p: &[u8]) -> Result<KeyScript, SnapshotError> {
    let mut script = KeyScript::new();
    while let Some((&tag, rest)) = p.split_first() {
        let (step, len) = match (tag, rest) {
            (0, [k, ..]) => (ScriptStep::Key(*k), 1),
            (1, [axis, value, ..]) => (
                ScriptStep::Axis {
                    axis: *axis,
                    value: *value,
                },
                2,
            ),
            (2, [button, pressed, ..]) => (
                ScriptStep::Fire {
                    button: *button,
                    pressed: *pressed != 0,
                },
                2,
            ),
            (3, [lo, hi, ..]) => (ScriptStep::Wait(u16::from_le_bytes([*lo, *hi])), 2),
            (4, [code, down, ..]) => (
                ScriptStep::Hold {
                    code: *code,
                    down: *down != 0,
                },
                2,
            ),
            (0..=4, _) => return Err(SnapshotError::CutShort),
            _ => {
                return Err(SnapshotError::Damaged(format!(
                    "a key script step of unknown kind {tag}"
                )))
            }
        };
        script.push(step);
        p = &rest[len..];
    }
    Ok(script)
}

/// Why a snapshot cannot be taken or restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotError {
    /// Not a spacemono snapshot at all.
    NotASnapshot,
    /// A snapshot of another format version.
    Version(u16),
    /// Larger than [`MAX_SNAPSHOT_BYTES`].
    TooLarge(usize),
    /// The checksum does not match the bytes: the file was changed or damaged.
    Checksum,
    /// It claims more fields than a snapshot may replay ([`MAX_FIELDS`]).
    TooManyFields(u64),
    /// It claims more entries than its bytes can hold.
    TooManyEntries { count: u32, room: usize },
    /// The file ends before the snapshot does.
    CutShort,
    /// The file is a snapshot but does not make sense.
    Damaged(String),
    /// Replayed, it does not give the machine it was taken of (made by another build?).
    Diverged,
    /// The machine was changed in a way the journal cannot record.
    NotRecorded(&'static str),
    /// The replay was stopped before its end (the person asked to).
    Cancelled,
}

impl std::fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SnapshotError::NotASnapshot => write!(f, "not a spacemono snapshot"),
            SnapshotError::Version(v) if *v < VERSION => write!(
                f,
                "a snapshot of an old format (version {v}, with no checksum); this spacemono reads only version {VERSION}: take the snapshot again (F5, or the next turn of `play`)"
            ),
            SnapshotError::Version(v) => write!(
                f,
                "a snapshot of format version {v}; this spacemono reads version {VERSION}"
            ),
            SnapshotError::TooLarge(n) => write!(
                f,
                "the file is too large for a snapshot ({n} bytes; the limit is {MAX_SNAPSHOT_BYTES})"
            ),
            SnapshotError::Checksum => write!(
                f,
                "the snapshot is damaged: its checksum does not match its contents"
            ),
            SnapshotError::TooManyFields(n) => write!(
                f,
                "the snapshot is damaged: it claims {n} fields, more than the {MAX_FIELDS} a snapshot may replay"
            ),
            SnapshotError::TooManyEntries { count, room } => write!(
                f,
                "the snapshot is damaged: it claims {count} entries, and its bytes hold at most {room}"
            ),
            SnapshotError::CutShort => write!(f, "the snapshot is cut short"),
            SnapshotError::Damaged(why) => write!(f, "the snapshot is damaged: {why}"),
            SnapshotError::Diverged => write!(
                f,
                "replayed, the snapshot does not give the machine it was taken of (was it made by another version of spacemono?)"
            ),
            SnapshotError::NotRecorded(what) => {
                write!(f, "no snapshot can be taken: {what}")
            }
            SnapshotError::Cancelled => write!(f, "the restore was cancelled"),
        }
    }
}

impl std::error::Error for SnapshotError {}

/// A snapshot: the journal up to `field`, and the hash the machine had there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub field: u64,
    pub ram_hash: u64,
    pub entries: Vec<(u64, Input)>,
}

/// FNV-1a, 64 bits: enough to tell that a replay went astray.
pub fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], SnapshotError> {
        let end = self.at.checked_add(n).ok_or(SnapshotError::CutShort)?;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or(SnapshotError::CutShort)?;
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], SnapshotError> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
}

impl Snapshot {
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&[0; 8]);
        out.extend_from_slice(&self.field.to_le_bytes());
        out.extend_from_slice(&self.ram_hash.to_le_bytes());
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for (field, input) in &self.entries {
            let p = input.payload();
            out.extend_from_slice(&field.to_le_bytes());
            out.push(input.kind());
            out.extend_from_slice(&(p.len() as u32).to_le_bytes());
            out.extend_from_slice(&p);
        }
        seal(&mut out);
        out
    }

    /// The snapshot in `bytes`, checked in order of cost: what it is, its size, its checksum,
    /// then every count against the bytes that follow it; nothing is replayed here.
    pub fn decode(bytes: &[u8]) -> Result<Snapshot, SnapshotError> {
        if !bytes.starts_with(MAGIC) {
            return Err(SnapshotError::NotASnapshot);
        }
        let mut r = Reader {
            bytes,
            at: MAGIC.len(),
        };
        let version = u16::from_le_bytes(r.array()?);
        if version != VERSION {
            return Err(SnapshotError::Version(version));
        }
        if bytes.len() > MAX_SNAPSHOT_BYTES {
            return Err(SnapshotError::TooLarge(bytes.len()));
        }
        let checksum = u64::from_le_bytes(r.array()?);
        if checksum != hash(&bytes[CHECKED_FROM..]) {
            return Err(SnapshotError::Checksum);
        }
        let field = u64::from_le_bytes(r.array()?);
        if field > MAX_FIELDS {
            return Err(SnapshotError::TooManyFields(field));
        }
        let ram_hash = u64::from_le_bytes(r.array()?);
        let count = u32::from_le_bytes(r.array()?);
        let room = (bytes.len() - HEADER_BYTES) / ENTRY_BYTES;
        if count as usize > room {
            return Err(SnapshotError::TooManyEntries { count, room });
        }
        let mut entries = Vec::with_capacity(count as usize);
        let mut last = 0;
        for _ in 0..count {
            let at = u64::from_le_bytes(r.array()?);
            let kind = r.array::<1>()?[0];
            let len = u32::from_le_bytes(r.array()?) as usize;
            let input = Input::decode(kind, r.take(len)?)?;
            if at < last || at > field {
                return Err(SnapshotError::Damaged(
                    "its entries are out of order".into(),
                ));
            }
            last = at;
            entries.push((at, input));
        }
        if r.at != bytes.len() {
            return Err(SnapshotError::Damaged("bytes follow its last entry".into()));
        }
        Ok(Snapshot {
            field,
            ram_hash,
            entries,
        })
    }
}

/// Writes the checksum of an encoded snapshot into its place (for [`Snapshot::encode`], and
/// for tools that change a snapshot on purpose, such as the fuzzer).
pub fn seal(encoded: &mut [u8]) {
    if encoded.len() >= CHECKED_FROM {
        let sum = hash(&encoded[CHECKED_FROM..]);
        encoded[CHECKSUM_AT..CHECKED_FROM].copy_from_slice(&sum.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Snapshot {
        Snapshot {
            field: 500,
            ram_hash: 0x1234_5678_9abc_def0,
            entries: vec![
                (0, Input::Dialect(1)),
                (3, Input::Script(KeyScript::from(&b"RUN\r"[..]))),
                (3, Input::Poke(0x0112, 7)),
                (
                    4,
                    Input::Script(
                        crate::machine::key_script::parse_key_script(
                            "{JOY1 3,60}A{FIRE0}{WAIT 300}{FIRE1 DOWN}",
                        )
                        .expect("a key script"),
                    ),
                ),
                (
                    9,
                    Input::InsertTape {
                        kind: 0,
                        name: "GAME".into(),
                        bytes: vec![0x55; 10],
                    },
                ),
                (9, Input::CloadNow(b"STARLANE".to_vec())),
                (10, Input::CloadNow(Vec::new())),
                (499, Input::TypeBreak),
            ],
        }
    }

    #[test]
    fn a_snapshot_reads_back_as_written() {
        let s = sample();
        assert_eq!(Snapshot::decode(&s.encode()), Ok(s));
    }

    #[test]
    fn what_is_not_a_snapshot_of_this_version_is_refused_with_a_reason() {
        let bytes = sample().encode();
        assert_eq!(
            Snapshot::decode(b"PNG..."),
            Err(SnapshotError::NotASnapshot)
        );
        let mut v3 = bytes.clone();
        v3[MAGIC.len()] = 3;
        assert_eq!(Snapshot::decode(&v3), Err(SnapshotError::Version(3)));
        assert!(SnapshotError::Version(3).to_string().contains("version 3"));
        let mut v1 = bytes.clone();
        v1[MAGIC.len()] = 1;
        assert_eq!(Snapshot::decode(&v1), Err(SnapshotError::Version(1)));
        let old = SnapshotError::Version(1).to_string();
        assert!(old.contains("old format (version 1"), "{old}");
        for n in MAGIC.len()..bytes.len() {
            assert!(Snapshot::decode(&bytes[..n]).is_err(), "cut at {n}");
        }
        let mut extra = bytes.clone();
        extra.push(0);
        assert_eq!(Snapshot::decode(&extra), Err(SnapshotError::Checksum));
        seal(&mut extra);
        assert!(matches!(
            Snapshot::decode(&extra),
            Err(SnapshotError::Damaged(_))
        ));
    }

    /// Any one bit flipped after the version, the tape image's included, is seen by the
    /// checksum before anything else is read.
    #[test]
    fn every_flipped_bit_is_refused_by_the_checksum() {
        let bytes = sample().encode();
        for i in CHECKSUM_AT..bytes.len() {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                assert_eq!(
                    Snapshot::decode(&bad),
                    Err(SnapshotError::Checksum),
                    "byte {i} bit {bit}"
                );
            }
        }
    }

    /// A file made to pass the checksum still cannot claim more fields than a snapshot may
    /// replay, or more entries than its bytes hold.
    #[test]
    fn counts_beyond_the_bounds_are_refused_before_any_replay() {
        let mut s = sample();
        s.field = MAX_FIELDS + 1;
        assert_eq!(
            Snapshot::decode(&s.encode()),
            Err(SnapshotError::TooManyFields(MAX_FIELDS + 1))
        );
        s.field = MAX_FIELDS;
        assert!(Snapshot::decode(&s.encode()).is_ok());
        let mut bytes = sample().encode();
        bytes[HEADER_BYTES - 4..HEADER_BYTES].copy_from_slice(&u32::MAX.to_le_bytes());
        seal(&mut bytes);
        let room = (bytes.len() - HEADER_BYTES) / ENTRY_BYTES;
        assert_eq!(
            Snapshot::decode(&bytes),
            Err(SnapshotError::TooManyEntries {
                count: u32::MAX,
                room
            })
        );
    }
}
