//! What every interactive frontend (window, terminal) does each field: hand the machine the
//! next typed key when it asks, run the field, send its sound out, and tell whether the
//! machine is only waiting.

use std::path::Path;

use super::audio::SoundOut;
use super::host_file::{write_file, HostFileError};
use super::keymap::Action;
use super::pacing::Speed;
use super::png_file;
use super::session_error::SessionError;
use super::snapshot_file::{self, SnapshotFileError};
use super::snapshot_slots::SnapshotSlots;
use super::speed_meter::SpeedMeter;
use spacemono_core::Frame;
use spacemono_core::{Machine, Status};

/// The file F5 saves the machine to and F9 restores it from in slot 1 (the only file there
/// was before slots), in the snapshot folder.
pub const SNAPSHOT_NAME: &str = "spacemono.snapshot";

/// Something that rides along with a session, looking at the machine after every field (play
/// by file carries its files this way). `Ok(Some(n))` ends the session with exit status n;
/// an error ends it too, and is the hook's own (the session only reports it).
pub trait FieldHook {
    fn after_field(
        &mut self,
        machine: &mut Machine,
    ) -> Result<Option<u8>, Box<dyn std::error::Error>>;
}

/// Options shared by the window and the terminal.
#[derive(Debug, Clone, Default)]
pub struct SessionOptions {
    pub speed: super::pacing::Speed,
    /// Stop after this many fields (for tests and scripted runs).
    pub exit_after_fields: Option<u64>,
    /// Write the final picture here on exit.
    pub png: Option<std::path::PathBuf>,
    /// Write what the window last showed (scaled, scan lines and all) here on exit.
    pub window_png: Option<std::path::PathBuf>,
}

/// Write the machine's picture as a 320x240 PNG.
pub fn write_png(machine: &Machine, path: &Path) -> Result<(), HostFileError> {
    let mut frame = Frame::new();
    machine.render(&mut frame);
    write_file(path, &png_file::encode(&frame))
}

/// A PNG name for a screenshot taken now: `spacemono-YYYYMMDD-HHMMSS.png` (UTC).
pub fn screenshot_name(unix_secs: u64) -> String {
    let days = (unix_secs / 86400) as i64;
    let secs = unix_secs % 86400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!(
        "spacemono-{y:04}{m:02}{d:02}-{:02}{:02}{:02}.png",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// F2: write a screenshot to the current folder; returns its name.
pub fn screenshot(machine: &Machine) -> Result<String, HostFileError> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut name = screenshot_name(now);
    let mut n = 1;
    while Path::new(&name).exists() {
        n += 1;
        name = screenshot_name(now).replace(".png", &format!("-{n}.png"));
    }
    write_png(machine, Path::new(&name))?;
    Ok(name)
}

/// The machine and what surrounds it in an interactive session.
pub struct Driver {
    pub machine: Machine,
    pub sound: SoundOut,
    pub last: Status,
    pub fields: u64,
    /// What the person must be told and the Dragon's screen cannot say (why a save failed),
    /// for the frontend to show and take.
    pub notices: Vec<String>,
    /// What rides along (play by file), if anything.
    pub hook: Option<Box<dyn FieldHook>>,
    /// How the hook ended the session: an exit status, or why it failed.
    pub outcome: Option<Result<u8, Box<dyn std::error::Error>>>,
    /// Period speed or flat out (F12 toggles it).
    pub speed: Speed,
    /// The Dragon's caps lock (F3): on at power-on, as on the Dragon.
    pub caps: bool,
    /// The speed changed since the last wake-up: the pacing starts afresh.
    speed_changed: bool,
    /// F8: the machine stands still (no fields run) until F8 again.
    pub paused: bool,
    /// Insert held: flat out whatever `speed` says.
    pub fast_forward: bool,
    /// Where F5 saves and F9 restores (`--snapshot-dir`, the slot F7 chooses).
    pub slots: SnapshotSlots,
    /// Where F4 finds tapes (`--tape-folder`; empty: the current folder).
    pub tape_folder: std::path::PathBuf,
    /// The machine as the session started, for Ctrl+Shift+R (power off and on).
    boot: Machine,
    /// How fast the machine has run lately.
    pub meter: SpeedMeter,
}

/// What a frontend shows after [`Driver::perform`], each its own way (the window's title
/// bar, the terminal's status line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to tell (a key went to the machine).
    Done,
    /// A setting the frontend shows changed (turbo, caps lock): what it is now.
    Changed(String),
    /// Something done outside the machine, to tell the person: a file written, or why not.
    Notice(String),
    /// Full screen: the frontend's own to switch (a view that has none ignores it).
    ToggleFullscreen,
    /// The list of keys (F1): the frontend's own to show or hide.
    ToggleHelp,
    /// The TV look (Ctrl+T): the window's own.
    ToggleTv,
    /// Paste (Ctrl+V): the frontend reads its clipboard and hands the text to
    /// [`Driver::paste`].
    Paste,
}

/// Steps a turbo burst takes between looks at the clock (a look costs about as much as a
/// field of quick statements).
const TURBO_FIELDS_A_LOOK: u32 = 8;
/// Fields a turbo step may run at once (see `Driver::turbo_step`).
const TURBO_FIELDS_AT_ONCE: u32 = 8;

impl Driver {
    /// One wake-up of a frontend's loop, after it has handled its input: run the fields that
    /// are due, let `show` present the picture if it changed (`Machine::picture_changed`;
    /// it returns whether it did), then
    /// tell the pacer and sleep until the next wake-up (not in turbo while the machine works).
    /// Returns true when the session is over (`--exit-after-fields`).
    pub fn wake_up<E>(
        &mut self,
        pacer: &mut super::pacing::Pacer,
        opts: &SessionOptions,
        show: impl FnOnce(&mut Machine) -> Result<bool, E>,
    ) -> Result<bool, E> {
        if std::mem::take(&mut self.speed_changed) {
            pacer.restart(std::time::Instant::now());
        }
        let speed = self.effective_speed();
        let turbo = speed == Speed::Turbo && !self.waiting() && !self.paused;
        let ran = if self.paused {
            0
        } else {
            self.run_due(pacer, speed, opts)
        };
        self.meter
            .update(std::time::Instant::now(), self.machine.fields());
        let changed = show(&mut self.machine)?;
        if self.done(opts) {
            return Ok(true);
        }
        pacer.note(self.waiting() || self.paused, changed, ran);
        if !turbo {
            pacer.sleep();
        }
        Ok(false)
    }

    /// Run the fields that are due: at period speed as many as the pacer says; in turbo
    /// (unless the machine only waits) as many as fit in one burst. Returns how many ran.
    pub fn run_due(
        &mut self,
        pacer: &mut super::pacing::Pacer,
        speed: super::pacing::Speed,
        opts: &SessionOptions,
    ) -> u32 {
        use std::time::Instant;
        let mut ran = 0;
        if speed == super::pacing::Speed::Turbo && !self.waiting() {
            let start = Instant::now();
            // The clock is read every few steps.
            'burst: while start.elapsed() < super::pacing::TURBO_BURST {
                for _ in 0..TURBO_FIELDS_A_LOOK {
                    if self.done(opts) {
                        break 'burst;
                    }
                    ran += self.turbo_step(opts);
                    if self.waiting() {
                        break 'burst;
                    }
                }
            }
            pacer.restart(Instant::now());
        } else {
            for _ in 0..pacer.due(Instant::now()) {
                if self.done(opts) {
                    break;
                }
                self.step(true);
                ran += 1;
            }
        }
        ran
    }

    /// A session of `machine`, its sound going to `sound` (the machine is set to make it at
    /// the rate `sound` takes).
    pub fn new(mut machine: Machine, sound: SoundOut) -> Self {
        let boot = machine.clone();
        machine.set_sound_rate(sound.rate());
        let last = machine.status();
        let meter = SpeedMeter::new(std::time::Instant::now(), machine.fields());
        Driver {
            paused: false,
            fast_forward: false,
            slots: SnapshotSlots::default(),
            tape_folder: std::path::PathBuf::new(),
            boot,
            meter,
            machine,
            sound,
            last,
            fields: 0,
            notices: Vec::new(),
            hook: None,
            outcome: None,
            speed: Speed::default(),
            caps: true,
            speed_changed: false,
        }
    }

    /// Do what a key asked (the same for every frontend): type it into the machine, BREAK,
    /// turbo, pause, caps lock, a screenshot, the tape deck, a reset, F5's snapshot or F9's
    /// restore of the current slot (whose replay calls `restoring(fields replayed, fields in
    /// all)` now and then, which returns false to stop it). Returns what the frontend should
    /// show.
    pub fn perform(&mut self, action: Action, restoring: impl FnMut(u64, u64) -> bool) -> Outcome {
        let path = self.slots.path();
        match action {
            Action::Char(c) => {
                if let Some(code) = spacemono_core::char_code(c, self.caps) {
                    self.machine.type_key(code);
                }
                Outcome::Done
            }
            Action::Dragon(code) => {
                self.machine.type_key(code);
                Outcome::Done
            }
            Action::Break => {
                self.machine.type_break();
                Outcome::Done
            }
            Action::ToggleTurbo => {
                self.speed = self.speed.toggled();
                self.speed_changed = true;
                Outcome::Changed(match self.speed {
                    Speed::Turbo => "turbo".into(),
                    Speed::Period => "period speed".into(),
                })
            }
            Action::FastForward(held) => {
                if held != self.fast_forward {
                    self.fast_forward = held;
                    self.speed_changed = true;
                }
                Outcome::Done
            }
            Action::TogglePause => {
                self.paused = !self.paused;
                self.speed_changed = true;
                self.meter
                    .restart(std::time::Instant::now(), self.machine.fields());
                Outcome::Changed(if self.paused { "paused" } else { "going on" }.into())
            }
            Action::ToggleCaps => {
                self.caps = !self.caps;
                Outcome::Changed(format!(
                    "caps lock {}",
                    if self.caps { "on" } else { "off" }
                ))
            }
            Action::Screenshot => Outcome::Notice(match screenshot(&self.machine) {
                Ok(name) => format!("screenshot saved to {name}"),
                Err(e) => format!("screenshot: {e}"),
            }),
            Action::SaveSnapshot => Outcome::Notice(match self.save_snapshot(&path) {
                Ok(said) => said,
                Err(e) => e.to_string(),
            }),
            Action::RestoreSnapshot => Outcome::Notice(
                self.restore_snapshot_watched(&path, restoring)
                    .unwrap_or_else(|e| e.to_string()),
            ),
            Action::NextSlot | Action::Slot(_) => {
                match action {
                    Action::Slot(n) => self.slots.choose(n),
                    _ => self.slots.next(),
                }
                Outcome::Changed(format!(
                    "snapshot slot {} ({})",
                    self.slots.slot(),
                    self.slots.path().display()
                ))
            }
            Action::NextTape => Outcome::Notice(self.next_tape()),
            Action::EjectTape => {
                self.machine.eject_tape();
                Outcome::Notice("the tape is out".into())
            }
            Action::RewindTape => {
                self.machine.rewind_tape();
                Outcome::Notice(self.tape_said("rewound"))
            }
            Action::WindTape => {
                self.machine.wind_tape_to_next_file();
                Outcome::Notice(self.tape_said("wound on"))
            }
            Action::ResetSoft | Action::ResetHard if self.hook.is_some() => {
                Outcome::Notice("no reset during a game played by file".into())
            }
            Action::ResetSoft => {
                self.machine.reset_soft();
                self.last = self.machine.status();
                Outcome::Notice("reset: the program is kept".into())
            }
            Action::ResetHard => {
                let mut machine = self.boot.clone();
                machine.set_sound_rate(self.sound.rate());
                self.machine = machine;
                self.last = self.machine.status();
                self.meter
                    .restart(std::time::Instant::now(), self.machine.fields());
                Outcome::Notice("switched off and on".into())
            }
            Action::ToggleFullscreen => Outcome::ToggleFullscreen,
            Action::ToggleHelp => Outcome::ToggleHelp,
            Action::ToggleTv => Outcome::ToggleTv,
            Action::Paste => Outcome::Paste,
        }
    }

    /// Period speed, or flat out (turbo, or Insert held).
    pub fn effective_speed(&self) -> Speed {
        if self.fast_forward {
            Speed::Turbo
        } else {
            self.speed
        }
    }

    /// Ctrl+V: `text` typed into the machine as keys, in order (see `paste`); what to tell
    /// the person.
    pub fn paste(&mut self, text: &str) -> String {
        let pasted = super::paste::paste_keys(text, self.caps);
        for &k in &pasted.keys {
            self.machine.type_key(k);
        }
        super::paste::paste_notice(&pasted)
    }

    /// F4: the tape after the one in the deck, from the tape folder; what to tell the person.
    fn next_tape(&mut self) -> String {
        let current = self.machine.tape().path().map(Path::to_path_buf);
        let (path, at, of) =
            match super::tape_folder::next_tape(&self.tape_folder, current.as_deref()) {
                Ok(found) => found,
                Err(e) => return e.to_string(),
            };
        match super::tape_file::insert_into(&mut self.machine, &path) {
            Ok(warnings) => {
                self.notices.extend(warnings);
                format!("tape {} in ({at} of {of})", path.display())
            }
            Err(e) => e.to_string(),
        }
    }

    /// The tape counter after `done`, to tell the person.
    fn tape_said(&self, done: &str) -> String {
        match self.machine.tape_counter() {
            Some((at, blocks)) => format!("tape {done}: block {at} of {blocks}"),
            None => "no tape in the deck".into(),
        }
    }

    /// The tape counter for a status display: `tape 3/12`, or nothing with no tape.
    pub fn tape_counter_text(&self) -> Option<String> {
        self.machine
            .tape_counter()
            .map(|(at, blocks)| format!("tape {at}/{blocks}"))
    }

    /// Run one field; `play` sends its sound to the speaker.
    pub fn step(&mut self, play: bool) -> Status {
        self.machine.set_sound_heard(self.sound.wants_samples(play));
        let status = self.machine.run_field();
        self.sound.field(&mut self.machine, play);
        self.fields_ran(status, 1);
        if let Some(hook) = self.hook.as_mut() {
            match hook.after_field(&mut self.machine) {
                Ok(None) => {}
                Ok(Some(status)) => self.outcome = Some(Ok(status)),
                Err(e) => self.outcome = Some(Err(e)),
            }
        }
        self.last
    }

    /// Turbo: a few fields at once (`Machine::run_fields`) when nothing rides along, else
    /// one. Returns how many ran. (A WAV still gets every field's samples.)
    fn turbo_step(&mut self, opts: &SessionOptions) -> u32 {
        if self.hook.is_some() {
            self.step(false);
            return 1;
        }
        let left = opts
            .exit_after_fields
            .map_or(u64::MAX, |n| n.saturating_sub(self.fields));
        self.machine
            .set_sound_heard(self.sound.wants_samples(false));
        let (status, n) = self
            .machine
            .run_fields(left.clamp(1, TURBO_FIELDS_AT_ONCE as u64) as u32);
        self.sound.field(&mut self.machine, false);
        self.fields_ran(status, n);
        n
    }

    /// After `n` fields that ended in `status`: a failed save becomes a notice, and the
    /// fields are counted.
    fn fields_ran(&mut self, status: Status, n: u32) {
        self.last = status;
        for e in self.machine.take_tape_failures() {
            self.notices.push(format!("the save failed: {e}"));
        }
        self.fields += n as u64;
    }

    /// F5: the machine to `path`, as a snapshot; returns what to tell the person.
    pub fn save_snapshot(&self, path: &Path) -> Result<String, SnapshotFileError> {
        snapshot_file::save(&self.machine, path)?;
        Ok(format!("snapshot saved to {}", path.display()))
    }

    /// F9: the machine of the snapshot at `path` instead of this one (not while something
    /// rides along, whose files would no longer match the machine).
    pub fn restore_snapshot(&mut self, path: &Path) -> Result<String, SnapshotFileError> {
        self.restore_snapshot_watched(path, |_, _| true)
    }

    /// As [`restore_snapshot`](Self::restore_snapshot), calling `go_on(fields replayed,
    /// fields in all)` now and then during the replay (see
    /// `Machine::from_snapshot_watched`): false abandons the restore, and this machine is
    /// kept, as it is when the file is refused.
    pub fn restore_snapshot_watched(
        &mut self,
        path: &Path,
        go_on: impl FnMut(u64, u64) -> bool,
    ) -> Result<String, SnapshotFileError> {
        if self.hook.is_some() {
            return Err(SnapshotFileError::DuringPlay);
        }
        let mut machine = snapshot_file::load_watched(path, go_on)?;
        machine.record_transcript();
        machine.set_sound_rate(self.sound.rate());
        self.machine = machine;
        self.last = self.machine.status();
        Ok(format!("snapshot restored from {}", path.display()))
    }

    /// Waiting for a key with nothing to type and nothing sounding.
    pub fn waiting(&self) -> bool {
        matches!(self.last, Status::Prompt | Status::WaitingForKey)
            && !self.machine.keys_pending()
            && !self.machine.sounding()
    }

    /// Whether `--exit-after-fields` has been reached.
    pub fn done(&self, opts: &SessionOptions) -> bool {
        opts.exit_after_fields.is_some_and(|n| self.fields >= n) || self.outcome.is_some()
    }

    /// At the end of a session: the PNG and the WAV file.
    pub fn finish(&mut self, opts: &SessionOptions) -> Result<(), SessionError> {
        if let Some(p) = &opts.png {
            write_png(&self.machine, p)?;
        }
        Ok(self.sound.finish()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn driver() -> Driver {
        Driver::new(Machine::new(), SoundOut::silent())
    }

    /// Run fields until the typed keys are all in and the machine is back at its prompt.
    fn settle(d: &mut Driver) {
        for _ in 0..50 {
            d.step(false);
        }
    }

    #[test]
    fn characters_go_in_as_the_dragon_keys_for_them_with_caps_lock() {
        let mut d = driver();
        let ignore = |_: u64, _: u64| true;
        for c in "pa{".chars() {
            assert_eq!(d.perform(Action::Char(c), ignore), Outcome::Done);
        }
        assert_eq!(d.machine.typed_keys_waiting(), 2, "no Dragon key for {{");
        assert_eq!(
            d.perform(Action::ToggleCaps, ignore),
            Outcome::Changed("caps lock off".into())
        );
        assert!(!d.caps);
        d.perform(Action::Char('a'), ignore);
        d.perform(Action::Dragon(0x5E), ignore);
        settle(&mut d);
        // Caps lock off: 'a' is $61, an inverse A on the screen (lower case in screen_text).
        assert!(
            d.machine.screen_text().contains("PAa↑"),
            "{}",
            d.machine.screen_text()
        );
        assert_eq!(
            d.perform(Action::ToggleCaps, ignore),
            Outcome::Changed("caps lock on".into())
        );
    }

    #[test]
    fn turbo_toggles_the_speed_and_break_goes_to_the_machine() {
        let mut d = driver();
        let ignore = |_: u64, _: u64| true;
        assert_eq!(d.speed, Speed::Period);
        assert_eq!(
            d.perform(Action::ToggleTurbo, ignore),
            Outcome::Changed("turbo".into())
        );
        assert_eq!(d.speed, Speed::Turbo);
        d.perform(Action::ToggleTurbo, ignore);
        assert_eq!(d.speed, Speed::Period);
        d.perform(Action::Char('x'), ignore);
        d.perform(Action::Break, ignore);
        assert_eq!(
            d.machine.typed_keys_waiting(),
            0,
            "BREAK drops the keys typed ahead"
        );
        assert_eq!(
            d.perform(Action::ToggleFullscreen, ignore),
            Outcome::ToggleFullscreen
        );
    }

    /// Type `text` as a person would (each character a key press), then run until the
    /// machine has taken every key and is back at OK; the screen.
    fn type_and_settle(d: &mut Driver, text: &str) -> String {
        let ignore = |_: u64, _: u64| true;
        for c in text.chars() {
            let action = if c == '\n' {
                Action::Dragon(spacemono_core::key_code::ENTER)
            } else {
                Action::Char(c)
            };
            d.perform(action, ignore);
        }
        for _ in 0..3000 {
            d.step(false);
            if d.machine.status() == Status::Prompt && !d.machine.keys_pending() {
                break;
            }
        }
        d.machine.screen_text()
    }

    /// Whether a line of the screen reads `text` (the rest of the line blank).
    fn has_line(screen: &str, text: &str) -> bool {
        screen.lines().any(|l| l.trim_end() == text)
    }

    fn temp_dir(tag: &str) -> std::path::PathBuf {
        let d =
            std::env::temp_dir().join(format!("spacemono-session-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn f4_puts_the_next_tape_of_the_folder_in_and_cload_finds_its_program() {
        let dir = temp_dir("tapes");
        std::fs::write(dir.join("a.bas"), "10 PRINT \"FROM A\"\n").unwrap();
        std::fs::write(dir.join("b.bas"), "10 PRINT \"FROM B\"\n").unwrap();
        let mut d = driver();
        d.tape_folder = dir.clone();
        let ignore = |_: u64, _: u64| true;
        let said = d.perform(Action::NextTape, ignore);
        assert!(
            matches!(&said, Outcome::Notice(t) if t.contains("a.bas") && t.contains("1 of 2")),
            "{said:?}"
        );
        // (A key typed while the tape loads hurries the load and is spent: RUN comes after.)
        type_and_settle(&mut d, "CLOAD\n");
        let screen = type_and_settle(&mut d, "RUN\n");
        assert!(screen.contains("FROM A"), "{screen}");
        assert_eq!(d.tape_counter_text().as_deref(), Some("tape 3/3"));
        d.perform(Action::NextTape, ignore);
        type_and_settle(&mut d, "CLS\nCLOAD\n");
        let screen = type_and_settle(&mut d, "RUN\n");
        assert!(
            screen.contains("FROM B") && !screen.contains("FROM A"),
            "{screen}"
        );
        // Rewound, the same tape loads again; ejected, there is none.
        d.perform(Action::RewindTape, ignore);
        assert_eq!(d.tape_counter_text().as_deref(), Some("tape 0/3"));
        d.perform(Action::EjectTape, ignore);
        assert_eq!(d.tape_counter_text(), None);
        let screen = type_and_settle(&mut d, "CLOAD\n");
        assert!(screen.contains("?IO ERROR"), "{screen}");
        // With no tape, F4 starts from the first; after the last comes the first again.
        let mut names = Vec::new();
        for _ in 0..3 {
            d.perform(Action::NextTape, ignore);
            names.push(
                d.machine
                    .tape()
                    .path()
                    .unwrap()
                    .file_name()
                    .unwrap()
                    .to_owned(),
            );
        }
        assert_eq!(names, ["a.bas", "b.bas", "a.bas"]);
        assert!(d.machine.snapshot().is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_empty_tape_folder_is_said_and_nothing_changes() {
        let dir = temp_dir("notapes");
        let mut d = driver();
        d.tape_folder = dir.clone();
        let said = d.perform(Action::NextTape, |_, _| true);
        assert!(
            matches!(&said, Outcome::Notice(t) if t.contains("holds no tape")),
            "{said:?}"
        );
        assert_eq!(d.tape_counter_text(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn reset_keeps_the_program_and_power_off_and_on_gives_the_machine_as_it_started() {
        let mut d = driver();
        let ignore = |_: u64, _: u64| true;
        type_and_settle(&mut d, "10 GOTO 10\nRUN\n");
        assert_eq!(d.machine.status(), Status::Running);
        d.perform(Action::ResetSoft, ignore);
        let screen = type_and_settle(&mut d, "LIST\n");
        assert!(screen.contains("10 GOTO 10"), "{screen}");
        assert_eq!(d.machine.status(), Status::Prompt);
        d.perform(Action::ResetHard, ignore);
        assert_eq!(d.machine.fields(), 0, "a machine just switched on");
        let screen = type_and_settle(&mut d, "LIST\n");
        assert!(!screen.contains("GOTO"), "{screen}");
        assert!(screen.contains("(C) 1982 DRAGON DATA LTD"), "{screen}");
        // Not during a game played by file.
        struct Idle;
        impl FieldHook for Idle {
            fn after_field(
                &mut self,
                _: &mut Machine,
            ) -> Result<Option<u8>, Box<dyn std::error::Error>> {
                Ok(None)
            }
        }
        d.hook = Some(Box::new(Idle));
        let fields = d.machine.fields();
        let said = d.perform(Action::ResetHard, ignore);
        assert!(matches!(said, Outcome::Notice(t) if t.contains("no reset")));
        assert_eq!(d.machine.fields(), fields);
    }

    #[test]
    fn snapshot_slots_are_files_of_their_own_and_restore_their_machine() {
        let dir = temp_dir("slots");
        let mut d = driver();
        d.slots = SnapshotSlots::new(&dir);
        let ignore = |_: u64, _: u64| true;
        type_and_settle(&mut d, "A=1\n");
        d.perform(Action::SaveSnapshot, ignore);
        assert!(
            dir.join("spacemono.snapshot").is_file(),
            "slot 1 keeps the old name"
        );
        d.perform(Action::Slot(3), ignore);
        type_and_settle(&mut d, "A=3\n");
        let said = d.perform(Action::SaveSnapshot, ignore);
        assert!(
            matches!(&said, Outcome::Notice(t) if t.contains("spacemono-3.snapshot")),
            "{said:?}"
        );
        assert!(dir.join("spacemono-3.snapshot").is_file());
        type_and_settle(&mut d, "A=9\n");
        d.perform(Action::Slot(1), ignore);
        d.perform(Action::RestoreSnapshot, ignore);
        assert!(has_line(&type_and_settle(&mut d, "PRINT A\n"), " 1"));
        for _ in 0..2 {
            d.perform(Action::NextSlot, ignore);
        }
        d.perform(Action::RestoreSnapshot, ignore);
        assert!(has_line(&type_and_settle(&mut d, "PRINT A\n"), " 3"));
        // An empty slot: said, and the machine kept.
        d.perform(Action::Slot(5), ignore);
        let said = d.perform(Action::RestoreSnapshot, ignore);
        assert!(
            matches!(&said, Outcome::Notice(t) if t.contains("spacemono-5.snapshot")),
            "{said:?}"
        );
        assert!(has_line(&type_and_settle(&mut d, "PRINT A\n"), " 3"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_paste_reaches_the_program_key_by_key_in_order() {
        let mut d = driver();
        // A program that reads the keyboard slowly: every key still arrives, in order.
        type_and_settle(
            &mut d,
            "10 A$=INKEY$:IF A$=\"\" THEN 10\n20 PRINT A$;:FOR I=1 TO 300:NEXT:GOTO 10\nRUN\n",
        );
        let said = d.paste("abcdefghij\u{e9}");
        assert_eq!(
            said,
            "pasted 10 keys; 1 characters the Dragon has no key for were left out"
        );
        for _ in 0..2000 {
            d.step(false);
        }
        assert!(
            d.machine.screen_text().contains("ABCDEFGHIJ"),
            "{}",
            d.machine.screen_text()
        );
    }

    #[test]
    fn a_key_held_for_many_fields_is_one_press() {
        use super::super::keymap::{Input, WindowKeys};
        use minifb::Key as K;
        let mut d = driver();
        let mut keys = WindowKeys::new();
        // The host repeats the held key each field for 50 fields, then it is let go.
        for field in 0..50 {
            let events = [Input::Key(K::X, true), Input::Char('x')];
            for e in events {
                if let Some(a) = keys.event(e) {
                    d.perform(a, |_, _| true);
                }
            }
            if field == 0 {
                assert_eq!(d.machine.typed_keys_waiting(), 1);
            }
            d.step(false);
        }
        keys.event(Input::Key(K::X, false));
        for _ in 0..20 {
            d.step(false);
        }
        assert_eq!(d.machine.typed_keys_waiting(), 0);
        let screen = d.machine.screen_text();
        assert!(has_line(&screen, "X"), "{screen}");
        assert!(!screen.contains("XX"), "{screen}");
    }

    #[test]
    fn pause_stops_the_machine_and_f10_and_insert_set_the_speed() {
        let mut d = driver();
        let ignore = |_: u64, _: u64| true;
        let opts = SessionOptions::default();
        let mut pacer = crate::frontend::pacing::Pacer::new(std::time::Instant::now());
        assert_eq!(
            d.perform(Action::TogglePause, ignore),
            Outcome::Changed("paused".into())
        );
        let fields = d.machine.fields();
        for _ in 0..3 {
            d.wake_up(&mut pacer, &opts, |_| Ok::<bool, ()>(false))
                .unwrap();
        }
        assert_eq!(d.machine.fields(), fields, "no field runs while paused");
        d.perform(Action::TogglePause, ignore);
        std::thread::sleep(std::time::Duration::from_millis(60));
        d.wake_up(&mut pacer, &opts, |_| Ok::<bool, ()>(false))
            .unwrap();
        d.wake_up(&mut pacer, &opts, |_| Ok::<bool, ()>(false))
            .unwrap();
        assert!(d.machine.fields() > fields, "going on");
        d.perform(Action::FastForward(true), ignore);
        assert_eq!(d.effective_speed(), Speed::Turbo);
        d.perform(Action::FastForward(false), ignore);
        assert_eq!(d.effective_speed(), Speed::Period);
    }

    #[test]
    fn screenshot_names_carry_the_utc_time() {
        assert_eq!(screenshot_name(0), "spacemono-19700101-000000.png");
        // 2024-02-29 13:05:09 UTC
        assert_eq!(
            screenshot_name(1_709_211_909),
            "spacemono-20240229-130509.png"
        );
    }
}
