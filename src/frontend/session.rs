//! What every interactive frontend (window, terminal) does each field: hand the machine the
//! next typed key when it asks, run the field, send its sound out, and tell whether the
//! machine is only waiting.

use std::path::Path;

use super::audio::SoundOut;
use super::host_file::{write_file, HostFileError};
use super::host_joysticks::StickChange;
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
    /// The Dragon key typed last, and the field from which its hold is next told to the
    /// machine (`hold_typed_key`).
    typed: Option<(u8, u64)>,
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
    /// A Dragon key typed: into the machine's queue, and remembered for its hold.
    fn type_key(&mut self, code: u8) {
        self.machine.type_key(code);
        self.typed = Some((code, 0));
    }

    /// The key typed last is still held down (the window sees key-ups): every ten fields the
    /// machine is told, so a program scanning the keyboard matrix sees it held as on a
    /// Dragon, with no more presses queued.
    pub fn hold_typed_key(&mut self) {
        let now = self.machine.fields();
        if let Some((code, next)) = self.typed {
            if now >= next {
                self.machine.hold_key(code);
                self.typed = Some((code, now + 10));
            }
        }
    }

    /// The Dragon keys down on the host's keyboard now (`codes`, the window's): the machine
    /// is told of each that went down or up since it last heard, so a program scanning the
    /// keyboard matrix sees every key held, two or more at once.
    pub fn hold_keys(&mut self, codes: &[u8]) {
        for code in self.machine.held_keys() {
            if !codes.contains(&code) {
                self.machine.release_key(code);
            }
        }
        let held = self.machine.held_keys();
        for &code in codes {
            if !held.contains(&code) {
                self.machine.key_down(code);
            }
        }
    }

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
            typed: None,
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
                    self.type_key(code);
                }
                Outcome::Done
            }
            Action::Dragon(code) => {
                self.type_key(code);
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
            Action::ToggleFullscreen => Outcome::ToggleFullscreen,
            Action::Stick(StickChange::Move(x, y)) => {
                self.machine.set_joystick(0, x);
                self.machine.set_joystick(1, y);
                Outcome::Done
            }
            Action::Stick(StickChange::Fire(pressed)) => {
                self.machine.set_fire(0, pressed);
                Outcome::Done
            }
            Action::JoystickKeys(on) => {
                if !on {
                    // Let go: the stick rests in the middle, the button up.
                    self.machine.set_joystick(0, 31);
                    self.machine.set_joystick(1, 31);
                    self.machine.set_fire(0, false);
                }
                Outcome::Changed(format!("keypad joystick {}", if on { "on" } else { "off" }))
            }
            Action::ToggleHelp => Outcome::ToggleHelp,
            Action::ToggleTv => Outcome::ToggleTv,
            Action::Paste => Outcome::Paste,
            // The deck, the slots, the resets, pause and fast forward.
            control => self.control(control),
        }
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
        self.notices.extend(self.machine.take_code_stops());
        self.fields += n as u64;
    }

    /// F5: the machine to `path`, as a snapshot; returns what to tell the person.
    pub fn save_snapshot(&self, path: &Path) -> Result<String, SnapshotFileError> {
        snapshot_file::save(&self.machine, path)?;
        Ok(format!("snapshot saved to {}", path.display()))
    }

    /// F9: the machine of the snapshot at `path` instead of this one (not while something
    /// rides along, whose files would no longer match the machine), with the tape in the deck
    /// kept (`session_deck`).
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
        let before = std::mem::replace(&mut self.machine, machine);
        self.keep_deck(before.tape());
        self.last = self.machine.status();
        self.meter
            .restart(std::time::Instant::now(), self.machine.fields());
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

#[path = "session_controls.rs"]
mod controls;
#[path = "session_deck.rs"]
mod deck;

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
    fn the_keys_held_on_the_pc_are_held_in_the_machine_and_let_go_with_them() {
        let mut d = driver();
        d.hold_keys(b"AS");
        assert_eq!(d.machine.held_keys(), [b'A', b'S']);
        let journal = d.machine.snapshot().unwrap().len();
        d.hold_keys(b"AS");
        assert_eq!(
            d.machine.snapshot().unwrap().len(),
            journal,
            "no change, nothing recorded"
        );
        d.hold_keys(b"SQ");
        assert_eq!(d.machine.held_keys(), [b'S', b'Q']);
        d.hold_keys(&[]);
        assert_eq!(d.machine.held_keys(), []);
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
