//! The controls Dragon users reach for in XRoar and MAME, as `Driver` carries them out: the
//! tape deck (the tape folder's tapes, eject, rewind, wind on, the counter), the snapshot
//! slots, RESET and power off and on, pause and fast forward, and paste.

use std::path::Path;

use super::{Driver, Outcome};
use crate::frontend::keymap::Action;
use crate::frontend::pacing::Speed;

/// Why RESET and power off and on are refused while a game is played by file: the game is
/// every seat's, and its record (the orders and the keyboard seats' keys) must replay it.
pub const RESET_REFUSED: &str = "no reset in a game by file: it is every seat's; at OK a seat \
     could change it, and --resume could not replay it";

impl Driver {
    /// The controls' part of [`Driver::perform`].
    pub(super) fn control(&mut self, action: Action) -> Outcome {
        match action {
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
                // A notice, so that the whole of it also reaches stderr (the status line may
                // show only its start).
                self.notices.push(RESET_REFUSED.into());
                Outcome::Done
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
            _ => Outcome::Done,
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
        let pasted = crate::frontend::paste::paste_keys(text, self.caps);
        for &k in &pasted.keys {
            self.machine.type_key(k);
        }
        crate::frontend::paste::paste_notice(&pasted)
    }

    /// F4: the tape after the one in the deck, from the tape folder; what to tell the person.
    fn next_tape(&mut self) -> String {
        let current = self.machine.tape().path().map(Path::to_path_buf);
        let (path, at, of) =
            match crate::frontend::tape_folder::next_tape(&self.tape_folder, current.as_deref()) {
                Ok(found) => found,
                Err(e) => return e.to_string(),
            };
        match crate::frontend::tape_file::insert_into(&mut self.machine, &path) {
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
}

#[cfg(test)]
mod tests {
    use super::super::{FieldHook, SessionOptions};
    use super::*;
    use crate::frontend::audio::SoundOut;
    use crate::frontend::snapshot_slots::SnapshotSlots;
    use spacemono_core::{Machine, Status};

    fn driver() -> Driver {
        Driver::new(Machine::new(), SoundOut::silent())
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
        for reset in [Action::ResetHard, Action::ResetSoft] {
            d.perform(reset, ignore);
            let said = d.notices.pop().unwrap_or_default();
            assert!(
                said.contains("no reset") && said.contains("--resume could not replay"),
                "{said:?}"
            );
        }
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

    /// Issue 30: F9 gives back the machine, and the deck keeps the tape the person has in it,
    /// at its place, as XRoar and MAME do (neither keeps the tape in a snapshot or state):
    /// the snapshot's copy of an older tape, with no file behind it, came back instead, so a
    /// CSAVE after F9 went nowhere.
    #[test]
    fn a_restore_keeps_the_tape_in_the_deck_and_its_file() {
        let dir = temp_dir("restore-deck");
        std::fs::write(dir.join("a.bas"), "10 PRINT \"FROM A\"\n").unwrap();
        std::fs::write(dir.join("b.bas"), "10 PRINT \"FROM B\"\n").unwrap();
        let mut d = driver();
        d.tape_folder = dir.clone();
        d.slots = SnapshotSlots::new(&dir);
        let ignore = |_: u64, _: u64| true;
        d.perform(Action::NextTape, ignore);
        d.perform(Action::SaveSnapshot, ignore);
        // Another tape in, loaded; then F9: b.bas stays in, where the load left it.
        d.perform(Action::NextTape, ignore);
        type_and_settle(&mut d, "CLOAD\n");
        let said = d.perform(Action::RestoreSnapshot, ignore);
        assert!(
            matches!(&said, Outcome::Notice(t) if t.contains("restored")),
            "{said:?}"
        );
        assert_eq!(d.machine.tape().path(), Some(dir.join("b.bas").as_path()));
        assert_eq!(d.tape_counter_text().as_deref(), Some("tape 3/3"));
        d.perform(Action::RewindTape, ignore);
        type_and_settle(&mut d, "CLOAD\n");
        assert!(type_and_settle(&mut d, "RUN\n").contains("FROM B"));
        // A blank tape file put in after the snapshot: a CSAVE after F9 reaches it.
        let blank = dir.join("c.cas");
        crate::frontend::tape_file::insert_into(&mut d.machine, &blank).unwrap();
        d.perform(Action::RestoreSnapshot, ignore);
        assert_eq!(d.machine.tape().path(), Some(blank.as_path()));
        type_and_settle(&mut d, "10 PRINT \"SAVED\"\nCSAVE \"S\"\n");
        assert!(
            std::fs::metadata(&blank).map(|m| m.len()).unwrap_or(0) > 0,
            "the CSAVE did not reach {}",
            blank.display()
        );
        // The machine after F9 can itself be saved and restored, its deck and all.
        d.perform(Action::Slot(2), ignore);
        let said = d.perform(Action::SaveSnapshot, ignore);
        assert!(
            matches!(&said, Outcome::Notice(t) if t.contains("saved")),
            "{said:?}"
        );
        let said = d.perform(Action::RestoreSnapshot, ignore);
        assert!(
            matches!(&said, Outcome::Notice(t) if t.contains("restored")),
            "{said:?}"
        );
        type_and_settle(&mut d, "NEW\n");
        d.perform(Action::RewindTape, ignore);
        type_and_settle(&mut d, "CLOAD\n");
        assert!(type_and_settle(&mut d, "RUN\n").contains("SAVED"));
        // An empty deck stays empty, though the snapshot's had a tape.
        d.perform(Action::EjectTape, ignore);
        d.perform(Action::Slot(1), ignore);
        d.perform(Action::RestoreSnapshot, ignore);
        assert_eq!(d.tape_counter_text(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The built-in tape (no file behind it) stays in the deck too, at its place, with what
    /// was saved on it since.
    #[test]
    fn a_restore_keeps_a_tape_with_no_file_and_its_saves() {
        let dir = temp_dir("restore-memory-tape");
        let mut d = driver();
        d.slots = SnapshotSlots::new(&dir);
        let ignore = |_: u64, _: u64| true;
        d.perform(Action::SaveSnapshot, ignore);
        d.machine
            .insert_tape_image(
                spacemono_core::tape::TapeKind::Ascii,
                "P",
                b"10 PRINT \"FROM P\"\n",
            )
            .unwrap();
        type_and_settle(&mut d, "10 PRINT \"FROM Q\"\nCSAVE \"Q\"\n");
        assert_eq!(d.tape_counter_text().as_deref(), Some("tape 6/6"));
        d.perform(Action::RestoreSnapshot, ignore);
        assert_eq!(d.tape_counter_text().as_deref(), Some("tape 6/6"));
        d.perform(Action::RewindTape, ignore);
        type_and_settle(&mut d, "CLOAD \"Q\"\n");
        assert!(type_and_settle(&mut d, "RUN\n").contains("FROM Q"));
        // The same tape in the snapshot and the deck: only wound, the snapshot no larger.
        d.perform(Action::Slot(2), ignore);
        d.perform(Action::SaveSnapshot, ignore);
        let size = d.machine.snapshot().unwrap().len();
        d.perform(Action::RestoreSnapshot, ignore);
        assert_eq!(d.tape_counter_text().as_deref(), Some("tape 6/6"));
        assert!(d.machine.snapshot().unwrap().len() < size + 100);
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
        use crate::frontend::keymap::{Input, WindowKeys};
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
}
