//! The Dragon 32 as a whole: the hardware (`machine`) with the BASIC interpreter (`basic`)
//! running on it, driven a field (1/49.97 s) at a time. This is the one place that holds
//! both; frontends and tests use only its methods.

use crate::basic::error::ErrorCode;
use crate::basic::interp::Interpreter;
use crate::basic::mode::Mode;
use crate::basic::program_tape;
use crate::machine::hardware::Hardware;
use crate::machine::key_script::{KeyScript, ScriptSource};
use crate::machine::sound::Sound;
use crate::machine::{cassette, screen, video_select};
use crate::snapshot::{Input, Snapshot, SnapshotError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// At `OK`, waiting for a line.
    Prompt,
    /// Running a program (or a direct command).
    Running,
    /// A program waits for the keyboard (INPUT, or INKEY$ found nothing).
    WaitingForKey,
    /// A SOUND is playing; the program continues when it ends.
    Sounding,
}

/// A line of a listing that could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// 1-based line of the file.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}
impl std::error::Error for LoadError {}

/// A clone is the same machine, to try something on without touching this one (the order
/// fuzzer tries each file on a clone of a game at its question). Compiled lines are shared
/// between clones; what they cache depends only on the program text, which a clone that
/// changes it compiles anew.
#[derive(Clone, Debug)]
pub struct Machine {
    pub(crate) hw: Hardware,
    pub(crate) basic: Interpreter,
    starved: bool,
    /// Everything done to the machine from outside, with its field: a snapshot replays it.
    journal: Vec<(u64, Input)>,
    /// Set when the machine was changed in a way the journal cannot record.
    unrecorded: Option<&'static str>,
    /// The sound as samples, when a frontend asked for it (`set_sound_rate`).
    sound: Option<Sound>,
    /// The picture last taken by `picture_changed`.
    shown: crate::video::shown::ShownPicture,
}

impl Default for Machine {
    fn default() -> Self {
        Self::new()
    }
}

impl Machine {
    /// A Dragon 32 just switched on: sign-on message and `OK`.
    pub fn new() -> Self {
        Self::with_transcript(false)
    }

    /// As `new`, recording every character printed from power-on when `record` is set.
    pub fn with_transcript(record: bool) -> Self {
        let mut hw = Hardware::default();
        if record {
            hw.transcript = Some(Vec::new());
        }
        let mut basic = Interpreter::new();
        basic.power_on(&mut hw);
        Machine {
            hw,
            basic,
            starved: false,
            journal: Vec::new(),
            unrecorded: None,
            sound: None,
            shown: Default::default(),
        }
    }

    /// Run programs written for another BASIC (see `basic::dialect`). Set it before loading
    /// a listing: lines are crunched as they are typed or loaded.
    pub fn set_dialect(&mut self, dialect: crate::basic::dialect::Dialect) {
        use crate::basic::dialect::Dialect;
        let code = match dialect {
            Dialect::Dragon => 0,
            Dialect::Altair => 1,
            Dialect::Mbasic => 2,
        };
        self.record(Input::Dialect(code));
        self.basic.set_dialect(dialect);
        self.hw.control_codes = dialect.control_codes();
        self.basic.program_changed();
    }

    /// The BASIC the machine crunches and runs programs as.
    pub fn dialect(&self) -> crate::basic::dialect::Dialect {
        self.basic.dialect()
    }

    /// A byte of the address space, as a read would return it but without a read's side
    /// effects on the I/O registers.
    pub fn peek(&self, a: u16) -> u8 {
        self.hw.view_bus(a)
    }

    /// A 16-bit value as the 6809 stores it (high byte first).
    pub fn peek16(&self, a: u16) -> u16 {
        self.hw.mem.read_u16(a)
    }

    /// Write a byte from outside, as a POKE would (anything in the program area or the
    /// pointers is noticed, as after any POKE, however wild).
    pub fn poke(&mut self, a: u16, v: u8) {
        self.record(Input::Poke(a, v));
        self.hw.write_bus(a, v);
        crate::basic::machine_code::hooks::note_write(&mut self.hw, a);
        self.basic.program_changed();
    }

    /// What the VDG is set to show: text, or a graphics mode and page (SCREEN, PMODE).
    pub fn video_select(&self) -> video_select::VideoSelect {
        self.hw.video()
    }

    /// Run fields one after another while the program keeps running, at most `max` (at
    /// least one): a frontend with nothing to do between fields (no picture to show) spares
    /// its own work on each. Stops after the first field that ends in anything but
    /// [`Status::Running`]; returns that status and the fields run. While the sound is heard
    /// (see [`set_sound_heard`](Self::set_sound_heard)) every field makes its samples, as
    /// [`run_field`](Self::run_field) does.
    pub fn run_fields(&mut self, max: u32) -> (Status, u32) {
        let first = self.hw.field;
        if self.sound.as_ref().is_some_and(Sound::heard) {
            let mut status = self.run_field();
            while status == Status::Running && self.hw.field - first < max as u64 {
                status = self.run_field();
            }
            return (status, (self.hw.field - first) as u32);
        }
        // The interpreter crosses the field ends it can by itself (see `fields_ahead`); the
        // last one, or the first it cannot, is run_field's.
        self.basic.set_fields_ahead(max.saturating_sub(1));
        let status = self.run_field();
        self.basic.set_fields_ahead(0);
        (status, (self.hw.field - first) as u32)
    }

    /// Run one field: a field's worth of work, then the field interrupt (TIMER, the
    /// SOUND countdown, the cursor blink); then, with a sound rate set, the field's samples.
    #[inline]
    pub fn run_field(&mut self) -> Status {
        let first = self.hw.field;
        // The SAM's rate decides how much of BASIC's work a field holds.
        let budget = self.hw.field_budget();
        self.basic.run_slice(&mut self.hw, budget);
        let budget = self.basic.budget();
        self.starved = self.basic.end_field(&mut self.hw, budget);
        if let Some(sound) = self.sound.as_mut() {
            // (Several fields only when run_fields ran them unheard.)
            sound.after_fields(
                &mut self.hw.events,
                self.hw.io.field_audio(),
                self.hw.field - first,
            );
        } else if self.hw.events.len() > MAX_PENDING_EVENTS {
            // Sound nobody takes (a headless run, a snapshot's replay) is not kept for ever:
            // past the limit the older half goes, at once, so the cost stays one comparison
            // a field.
            let excess = self.hw.events.len() - MAX_PENDING_EVENTS / 2;
            self.hw.events.drain(..excess);
        }
        self.status()
    }

    pub fn status(&self) -> Status {
        match self.basic.mode() {
            _ if self.basic.console_in_due(&self.hw) => Status::Running,
            Mode::Prompt | Mode::Edit(_) => Status::Prompt,
            Mode::Input(_) | Mode::Paused => Status::WaitingForKey,
            Mode::Sounding(_) | Mode::Playing(_) => Status::Sounding,
            Mode::Tape(_) => Status::Running,
            // Machine code polling POLCAT for a key that is not there waits as INKEY$ does.
            Mode::Running | Mode::MachineCode(_) => {
                if self.starved {
                    Status::WaitingForKey
                } else {
                    Status::Running
                }
            }
        }
    }

    /// Why machine code was stopped since the last call (a ROM routine this machine does not
    /// answer, an undocumented opcode, a routine that ran on), one message each, for the
    /// host to print on stderr; the screen has shown it too, and BASIC is back at OK.
    pub fn take_code_stops(&mut self) -> Vec<String> {
        self.basic.take_code_stops()
    }

    /// Whether the program asked for a key during the last field and found none.
    pub fn starved(&self) -> bool {
        self.starved
    }

    /// A key a person typed at a window or a terminal: it waits, in order, until the machine
    /// asks for a key (INKEY$, the line editor), which takes it once (see `Keyboard`).
    pub fn type_key(&mut self, code: u8) {
        self.record(Input::TypeKey(code));
        self.hw.keyboard.type_key(code);
    }

    /// BREAK pressed by a person: straight down, cancelling the keys typed ahead.
    pub fn type_break(&mut self) {
        self.record(Input::TypeBreak);
        self.hw.keyboard.type_break();
    }

    /// Keys a person typed that the machine has not taken yet.
    pub fn typed_keys_waiting(&self) -> usize {
        self.hw.keyboard.typed_waiting()
    }

    /// A key pressed down now (the machine's own typing, such as RUN, or a test's).
    pub fn press(&mut self, code: u8) {
        self.record(Input::Press(code));
        self.hw.keyboard.press(code);
    }

    /// Type a whole text as live key presses.
    pub fn type_text(&mut self, text: &[u8]) {
        for &c in text {
            self.press(if c == b'\n' { 13 } else { c });
        }
    }

    /// Type keys as the program asks for them, and move the joysticks in order with them: a
    /// key script (see `key_script::parse_key_script`), or plain key codes.
    pub fn type_script<S: ScriptSource + ?Sized>(&mut self, script: &S) {
        let steps = script.script_steps();
        self.hw.keyboard.type_steps(&steps);
        self.record(Input::Script(KeyScript::from_steps(steps.into_owned())));
    }

    /// Forget the keys a person pressed that the machine has not taken.
    pub fn drop_live_keys(&mut self) {
        self.record(Input::DropLiveKeys);
        self.hw.keyboard.drop_live_keys();
    }

    /// Keys typed or scripted and not yet taken by the machine.
    pub fn keys_pending(&self) -> bool {
        self.hw.keyboard.has_keys() || self.hw.keyboard.typed_waiting() > 0
    }

    /// Keys pressed live (not from a script) and not yet taken.
    pub fn live_keys_pending(&self) -> bool {
        self.hw.keyboard.has_live_keys()
    }

    /// Keys of the key script not yet taken.
    pub fn script_keys_left(&self) -> usize {
        self.hw.keyboard.script_left()
    }

    /// How many keys the machine has taken since power-on.
    pub fn keys_delivered(&self) -> u64 {
        self.hw.keyboard.delivered()
    }

    /// Fields run since power-on (emulated time: 49.97 a second).
    pub fn fields(&self) -> u64 {
        self.hw.field
    }

    /// Make the machine's sound as samples, `rate` a second, from the next field on (every
    /// field is a whole number of samples, [`samples_per_field`](Self::samples_per_field),
    /// so the sound keeps the emulated time exactly), for [`take_sound`](Self::take_sound).
    /// It starts silent. `None` (or 0) makes no sound: the SOUND and PLAY events are then
    /// kept for [`events`](Self::events) instead, and a run costs nothing more.
    pub fn set_sound_rate(&mut self, rate: Option<u32>) {
        self.sound = rate.filter(|&r| r > 0).map(Sound::new);
    }

    /// The rate the sound is made at, if any (see [`set_sound_rate`](Self::set_sound_rate)).
    pub fn sound_rate(&self) -> Option<u32> {
        self.sound.as_ref().map(Sound::rate)
    }

    /// Samples the sound has in one field at `rate` samples a second: the rate over 49.968
    /// fields a second, rounded (441 at 22,036 Hz).
    pub fn samples_per_field(rate: u32) -> usize {
        crate::machine::tone::samples_per_field(rate)
    }

    /// Whether the sound's samples are made (the default). A frontend that would not play
    /// them (turbo, with nothing recorded) turns this off: the tones then move on field by
    /// field as if heard, and [`run_fields`](Self::run_fields) may run many fields at once.
    pub fn set_sound_heard(&mut self, heard: bool) {
        if let Some(sound) = self.sound.as_mut() {
            sound.set_heard(heard);
        }
    }

    /// Move the samples made since the last call (one field's worth for each field run
    /// while heard; -1.0..1.0, silence 0.0) to the end of `out`. Samples not taken are kept
    /// up to about 24 s at 44 kHz, then the older ones go.
    pub fn take_sound(&mut self, out: &mut Vec<f32>) {
        if let Some(sound) = self.sound.as_mut() {
            sound.take(out);
        }
    }

    /// Whether a SOUND or PLAY tone (or a PLAY rest) is still playing in the sound made (false
    /// with no sound rate set).
    pub fn sounding(&self) -> bool {
        self.sound.as_ref().is_some_and(Sound::sounding)
    }

    /// The sound and other events of the fields run since the last call (it leaves the list
    /// empty). With a sound rate set the machine's own sound takes them after every field.
    pub fn events(&mut self) -> &mut Vec<crate::machine::hardware::Event> {
        &mut self.hw.events
    }

    /// The events not yet taken, to look at.
    pub fn pending_events(&self) -> &[crate::machine::hardware::Event] {
        &self.hw.events
    }

    /// The cassette deck itself, for tools and tests that work on it directly. A machine
    /// whose deck was reached this way can no longer be snapshotted (the journal cannot see
    /// what was done to it): frontends use [`insert_tape`](Self::insert_tape),
    /// [`insert_tape_image`](Self::insert_tape_image) and
    /// [`set_tape_speed`](Self::set_tape_speed).
    pub fn deck(&mut self) -> &mut cassette::Deck {
        self.unrecorded = Some("the tape deck was changed directly");
        &mut self.hw.deck
    }

    /// The tape in the deck, to look at.
    pub fn tape(&self) -> &cassette::Deck {
        &self.hw.deck
    }

    /// Puts a tape read from the host's `path` in the deck, rewound; saves go back through
    /// `save`. A snapshot keeps the tape as it was read.
    pub fn insert_tape(
        &mut self,
        path: &std::path::Path,
        tape: cassette::LoadedTape,
        save: cassette::SaveTape,
    ) {
        self.record(Input::InsertTape {
            kind: tape_kind_code(tape.kind),
            name: cassette::tape_name_for(path),
            bytes: tape.bytes.clone(),
        });
        self.hw.deck.insert_tape(path, tape, save);
    }

    /// Puts a tape image held in memory (a .cas, .wav or .bas file's bytes; `name` for a
    /// listing's namefile) in the deck, rewound, with no file behind it. No bytes are a blank
    /// tape, as an empty or missing file is to [`insert_tape`](Self::insert_tape) (whose
    /// journal entry replays through here).
    pub fn insert_tape_image(
        &mut self,
        kind: crate::formats::TapeKind,
        name: &str,
        bytes: &[u8],
    ) -> Result<(), crate::formats::TapeError> {
        let tape = if bytes.is_empty() {
            cassette::LoadedTape::blank(kind)
        } else {
            cassette::LoadedTape::read(kind, bytes.to_vec(), name)?
        };
        self.record(Input::InsertTape {
            kind: tape_kind_code(kind),
            name: name.to_string(),
            bytes: tape.bytes,
        });
        self.hw.deck.insert_recorded(tape.blocks, tape.recording);
        Ok(())
    }

    /// The tape wound back to its start (the deck's rewind, while the machine runs).
    pub fn rewind_tape(&mut self) {
        self.record(Input::TapeRewind);
        self.hw.deck.rewind();
    }

    /// Fast forward: the tape wound on to the start of the next file on it, or its end.
    pub fn wind_tape_to_next_file(&mut self) {
        self.record(Input::TapeWind);
        self.hw.deck.wind_to_next_file();
    }

    /// The tape taken out of the deck (CLOAD then finds no tape, as on the Dragon).
    pub fn eject_tape(&mut self) {
        self.record(Input::TapeEject);
        self.hw.deck.eject();
    }

    /// The tape counter: the block under the head and the blocks on the tape (`None` with
    /// no tape in the deck).
    pub fn tape_counter(&self) -> Option<(usize, usize)> {
        let deck = &self.hw.deck;
        deck.has_tape()
            .then(|| (deck.position(), deck.blocks().len()))
    }

    /// The RESET button: the ROM's hardware init sets the PIAs and the SAM up again (the slow
    /// rate, the text screen, the motor off), the running program stops and BASIC comes back
    /// to `OK` on a clear screen, with the program (and its variables) kept, as the Dragon's
    /// warm start does; or, when a program has cleared the warm start's flag ($71) or
    /// address ($72), the cold start, as at power-on (see `basic::warm_start`).
    pub fn reset_soft(&mut self) {
        self.record(Input::SoftReset);
        self.basic.reset(&mut self.hw);
    }

    /// How fast tapes load.
    pub fn set_tape_speed(&mut self, speed: cassette::TapeSpeed) {
        self.record(Input::TapeSpeed(match speed {
            cassette::TapeSpeed::Quick => 0,
            cassette::TapeSpeed::Real => 1,
        }));
        self.hw.deck.set_speed(speed);
    }

    /// Saves to the tape that failed since the last call (the host file could not be
    /// written): each to be reported.
    /// (An iterator that holds only the machine: looked at after every field, it has nothing
    /// to drop when no save failed.)
    #[inline]
    pub fn take_tape_failures(&mut self) -> impl Iterator<Item = cassette::DeckError> + '_ {
        std::iter::from_fn(move || self.hw.deck.next_failure())
    }

    /// CLOAD the first program on the tape straight into memory (no search shown).
    pub fn cload_now(&mut self) -> Result<(), program_tape::CloadError> {
        self.cload_named_now(b"")
    }

    /// As `CLOAD "NAME"`, straight into memory: the program of that name on the tape (the
    /// first file when `name` is empty), tokenized or ASCII, loaded as CLOAD loads it.
    pub fn cload_named_now(&mut self, name: &[u8]) -> Result<(), program_tape::CloadError> {
        self.record(Input::CloadNow(name.to_vec()));
        self.basic.cload_at_once(&mut self.hw, name)
    }

    /// Attach a printer to the printer port: from now on what a program prints with
    /// `PRINT #-2` is kept for [`take_printed`](Self::take_printed) (play by file reads a
    /// game's state this way).
    pub fn attach_printer(&mut self) {
        self.record(Input::AttachPrinter);
        self.hw.printer.get_or_insert_with(Vec::new);
    }

    /// What the printer printed since the last call (nothing without a printer attached).
    pub fn take_printed(&mut self) -> Vec<u8> {
        self.hw
            .printer
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// How many characters the printer dropped because they were not taken in time (it
    /// holds at most `hardware::PRINTER_LIMIT`): nonzero means `take_printed` missed some
    /// text, which a frontend should report.
    pub fn printer_dropped(&self) -> u64 {
        self.hw.printer_dropped
    }

    /// Start recording everything printed (if not already).
    pub fn record_transcript(&mut self) {
        self.hw.transcript.get_or_insert_with(Vec::new);
    }

    /// Start the record of what is printed afresh, empty.
    pub fn restart_transcript(&mut self) {
        self.hw.transcript = Some(Vec::new());
    }

    /// Bytes printed since power-on (while recording).
    pub fn transcript_len(&self) -> usize {
        self.hw.transcript.as_ref().map_or(0, Vec::len)
    }

    /// Record the number of every line run, in order (`--trace`).
    pub fn record_trace(&mut self) {
        self.basic.record_trace();
    }

    /// The line numbers run since [`record_trace`](Self::record_trace).
    pub fn trace(&self) -> Option<&[u16]> {
        self.basic.traced_lines()
    }

    /// Whether the trace reached its cap and holds only the first lines run.
    pub fn trace_is_full(&self) -> bool {
        self.trace()
            .is_some_and(|l| l.len() >= crate::basic::trace::TRACE_LIMIT)
    }

    /// Whether the transcript reached its cap and holds only the first characters printed.
    pub fn transcript_is_full(&self) -> bool {
        self.transcript_len() >= crate::machine::hardware::TRANSCRIPT_LIMIT
    }

    /// The 64K address space as the CPU sees it.
    pub fn memory(&self) -> &[u8] {
        self.hw.mem.all()
    }

    /// The program in memory as LIST shows it: a line of text for each program line.
    pub fn program_listing(&self) -> Vec<Vec<u8>> {
        program_tape::program_listing(&self.hw.mem)
    }

    /// The stack pointer CLOAD checks room against (the interpreter's own, so a program that
    /// loads from a file fits exactly when CLOAD would let it).
    pub fn stack_pointer(&self) -> u16 {
        self.basic.s_h(&self.hw) as u16
    }

    /// Put a tokenized program image (a tape's payload) in memory as CLOAD does; ?OM leaves an
    /// empty program.
    pub fn load_program_image(&mut self, image: &[u8]) -> Result<(), ErrorCode> {
        self.record(Input::LoadImage(image.to_vec()));
        let sp = self.stack_pointer();
        let r = program_tape::load_program_image(&mut self.hw.mem, image, sp);
        self.basic.program_changed();
        r
    }

    /// Load an ASCII listing as the Dragon loads it from an ASCII tape (the one loader,
    /// `basic::program_tape`): NEW, then every line as the line input keeps it (a space to
    /// `z`, 249 at most) through the line editor (a bare number deletes that line; any
    /// order). The first line that fails (no number: ?DS; a number over 63999: ?SN; ?OM)
    /// ends the load, with the lines before it in memory, as an error naming its line. The
    /// screen is left as it was, and the machine where it was (at OK, usually).
    pub fn load_listing(&mut self, text: &[u8]) -> Result<(), LoadError> {
        self.record(Input::LoadListing(text.to_vec()));
        self.basic
            .load_listing_text(&mut self.hw, text)
            .map_err(|e| LoadError {
                line: e.line,
                message: e.why(),
            })
    }

    /// What the VDG shows now, as the renderer takes it: the mode and the first byte.
    pub fn video_mode(&self) -> (crate::video::VdgMode, u16) {
        self.hw.vdg_mode()
    }

    /// Draw the picture the VDG shows into `frame` (320×240 with the border): the VDG's mode
    /// showing the bytes the SAM fetches in its own display mode (docs/machine.md §15).
    pub fn render(&self, frame: &mut crate::video::Frame) {
        let (mode, start) = self.video_mode();
        let scan =
            crate::video::sam_scan::SamScan::new(self.hw.sam_display_mode(), mode.bytes_per_line());
        crate::video::render_with_sam(frame, self.hw.mem.all(), start, &scan, mode);
    }

    /// Whether the picture changed since the last call (true the first time): the VDG's
    /// mode, the page it shows or a byte of it. A frontend draws the picture again only
    /// then ([`render`](Self::render), [`text_cells`](Self::text_cells)).
    pub fn picture_changed(&mut self) -> bool {
        let (mode, start) = self.video_mode();
        let sam_mode = self.hw.sam_display_mode();
        self.shown.take(mode, sam_mode, start, self.hw.mem.all())
    }

    /// The text the VDG shows, as 16 rows of 32 cells: each character with its colours as
    /// the VDG draws it (a view that draws characters, not pixels, shows these; while a
    /// graphics page is shown, [`render`](Self::render) it instead).
    pub fn text_cells(&self) -> Vec<Vec<screen::TextCell>> {
        let start = self.hw.video().start as usize;
        let mem = self.hw.mem.all();
        let (rows, columns) = (screen::ROWS as usize, screen::COLUMNS as usize);
        (0..rows)
            .map(|row| {
                (0..columns)
                    .map(|col| {
                        let a = (start + row * columns + col) & 0xFFFF;
                        screen::TextScreen::cell(mem.get(a).copied().unwrap_or(0))
                    })
                    .collect()
            })
            .collect()
    }

    /// The text screen as 16 lines of 32 characters (see `TextScreen::to_text`).
    pub fn screen_text(&self) -> String {
        screen::TextScreen::to_text(&self.hw.mem)
    }

    /// What the VDG shows, as text: the text screen as [`Machine::screen_text`] gives it, or,
    /// while a graphics page is shown, a first line that says so and the picture as quadrant
    /// text art, 128 columns by 96 lines (exact for PMODE 4; colours are not kept).
    pub fn display_text(&self) -> String {
        let v = self.hw.video();
        if !v.graphics {
            return self.screen_text();
        }
        let mut frame = crate::video::Frame::new();
        self.render(&mut frame);
        let art = crate::video::text_art::quadrant_art(&frame, 1);
        format!(
            "[graphics: PMODE {} at ${:04X}, colour set {}; the picture as 128x96 text art]\n{}",
            v.pmode,
            v.start,
            u8::from(v.css),
            crate::video::text_art::plain(&art)
        )
    }

    /// Everything printed since power-on, CR as newline (when recording).
    pub fn transcript(&self) -> Option<String> {
        self.transcript_since(0)
    }

    /// The transcript from byte `from` on, as text (CR as a newline, semigraphics as blocks).
    pub fn transcript_since(&self, from: usize) -> Option<String> {
        self.hw.transcript.as_ref().map(|t| {
            t.get(from..)
                .unwrap_or_default()
                .iter()
                .map(|&c| match c {
                    b'\r' => '\n',
                    c if c >= 0x80 => screen::TextScreen::cell_char(c),
                    c => c as char,
                })
                .collect()
        })
    }

    pub(crate) fn record(&mut self, input: Input) {
        self.journal.push((self.hw.field, input));
    }

    /// A snapshot of the machine as it is now (see `snapshot`): restored with
    /// [`from_snapshot`](Self::from_snapshot), it is this machine again.
    pub fn snapshot(&self) -> Result<Vec<u8>, SnapshotError> {
        if let Some(what) = self.unrecorded {
            return Err(SnapshotError::NotRecorded(what));
        }
        if self.hw.field > crate::snapshot::MAX_FIELDS {
            return Err(SnapshotError::NotRecorded(
                "the machine has run longer since it was switched on than a snapshot may replay (31 days)",
            ));
        }
        Ok(Snapshot {
            field: self.hw.field,
            ram_hash: crate::snapshot::hash(self.hw.mem.all()),
            entries: self.journal.clone(),
        }
        .encode())
    }

    /// The machine a snapshot was taken of, rebuilt by replaying it from power-on, flat
    /// out. Its sound, printer output and transcript from before the snapshot are not kept.
    /// Refused with a reason when the bytes are not a snapshot of this version, or do not
    /// replay to the machine they were taken of.
    pub fn from_snapshot(bytes: &[u8]) -> Result<Machine, SnapshotError> {
        Self::from_snapshot_watched(bytes, |_, _| true)
    }

    /// As [`from_snapshot`](Self::from_snapshot), calling `go_on(fields replayed, fields in
    /// all)` every [`REPLAY_FIELDS_A_LOOK`] fields, so that a frontend can show how far it has
    /// come and stay responsive: when `go_on` returns false the replay stops, refused as
    /// [`SnapshotError::Cancelled`].
    pub fn from_snapshot_watched(
        bytes: &[u8],
        mut go_on: impl FnMut(u64, u64) -> bool,
    ) -> Result<Machine, SnapshotError> {
        let snap = Snapshot::decode(bytes)?;
        let mut m = Machine::new();
        let mut entries = snap.entries.into_iter().peekable();
        loop {
            while let Some((_, input)) = entries.next_if(|(f, _)| *f == m.hw.field) {
                m.apply(input)?;
            }
            if m.hw.field >= snap.field {
                break;
            }
            if m.hw.field.is_multiple_of(REPLAY_FIELDS_A_LOOK) && !go_on(m.hw.field, snap.field) {
                return Err(SnapshotError::Cancelled);
            }
            m.run_field();
        }
        if entries.next().is_some() {
            return Err(SnapshotError::Damaged(
                "an entry comes after its end".into(),
            ));
        }
        if crate::snapshot::hash(m.hw.mem.all()) != snap.ram_hash {
            return Err(SnapshotError::Diverged);
        }
        m.hw.events.clear();
        if let Some(p) = m.hw.printer.as_mut() {
            p.clear();
        }
        Ok(m)
    }

    /// One journal entry, done again (and so recorded again).
    fn apply(&mut self, input: Input) -> Result<(), SnapshotError> {
        use crate::basic::dialect::Dialect;
        let damaged = |what: &str| SnapshotError::Damaged(what.to_string());
        match input {
            Input::Press(k) => self.press(k),
            Input::TypeKey(k) => self.type_key(k),
            Input::TypeBreak => self.type_break(),
            Input::Script(script) => self.type_script(&script),
            Input::DropLiveKeys => self.drop_live_keys(),
            Input::Poke(a, v) => self.poke(a, v),
            Input::Hold(code) => self.hold_key(code),
            Input::KeyDown(code) => self.key_down(code),
            Input::ReleaseKey(code) => self.release_key(code),
            Input::Joystick { axis, value } => self.set_joystick(axis, value),
            Input::Fire { button, pressed } => self.set_fire(button, pressed),
            Input::Dialect(d) => self.set_dialect(match d {
                0 => Dialect::Dragon,
                1 => Dialect::Altair,
                2 => Dialect::Mbasic,
                _ => return Err(damaged("an unknown dialect")),
            }),
            Input::AttachPrinter => self.attach_printer(),
            // A load that failed when recorded fails the same way when replayed.
            Input::LoadListing(text) => {
                let _ = self.load_listing(&text);
            }
            Input::LoadImage(image) => {
                let _ = self.load_program_image(&image);
            }
            Input::CloadNow(name) => {
                let _ = self.cload_named_now(&name);
            }
            Input::InsertTape { kind, name, bytes } => {
                let kind = match kind {
                    0 => crate::formats::TapeKind::Cas,
                    1 => crate::formats::TapeKind::Wav,
                    2 => crate::formats::TapeKind::Ascii,
                    _ => return Err(damaged("a tape of unknown kind")),
                };
                self.insert_tape_image(kind, &name, &bytes)
                    .map_err(|e| SnapshotError::Damaged(format!("its tape: {e}")))?;
            }
            Input::TapeRewind => self.rewind_tape(),
            Input::TapeWind => self.wind_tape_to_next_file(),
            Input::TapeEject => self.eject_tape(),
            Input::SoftReset => self.reset_soft(),
            Input::TapeSpeed(s) => self.set_tape_speed(match s {
                0 => cassette::TapeSpeed::Quick,
                _ => cassette::TapeSpeed::Real,
            }),
        }
        Ok(())
    }
}

/// The most sound events kept for a frontend to take ([`Machine::events`]); a frontend
/// that takes them every field never meets it (a field of PLAY makes a few hundred at most).
pub const MAX_PENDING_EVENTS: usize = 1 << 16;

/// Fields a snapshot's replay runs between calls to its watcher (a few milliseconds' work).
pub const REPLAY_FIELDS_A_LOOK: u64 = 1 << 14;

fn tape_kind_code(kind: crate::formats::TapeKind) -> u8 {
    match kind {
        crate::formats::TapeKind::Cas => 0,
        crate::formats::TapeKind::Wav => 1,
        crate::formats::TapeKind::Ascii => 2,
    }
}

#[cfg(test)]
#[path = "computer_tests.rs"]
mod tests;
