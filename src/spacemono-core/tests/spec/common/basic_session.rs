//! A BASIC program driven headless as a person would drive it, for the game tests: keys typed
//! as the program asks for them, BREAK to stop it with its variables intact, and direct-mode
//! lines to read or set them (or to GOTO back into the program). Each game's support module
//! (game_support, starlanes_support, acquire_support) wraps one of these.
#![allow(dead_code)]

use spacemono_core::parse_key_script;
use spacemono_core::EndReason;
use spacemono_core::Event;
use spacemono_core::{Machine, Status};

pub struct Session {
    pub m: Machine,
    pub last_end: EndReason,
    /// Fields a single step may take before the test gives up.
    limit: u64,
}

impl Session {
    /// The listing loaded into a machine recording what it prints (with the printer attached
    /// when `printer`), not yet RUN.
    pub fn load(program: &str, printer: bool, limit: u64) -> Session {
        let mut m = Machine::with_transcript(true);
        if printer {
            m.attach_printer();
        }
        m.load_listing(program.as_bytes())
            .expect("the listing loads");
        Session {
            m,
            last_end: EndReason::BackAtPrompt,
            limit,
        }
    }

    /// Everything printed since power-on.
    pub fn transcript(&self) -> String {
        self.m.transcript().unwrap()
    }

    /// Type keys as the program asks for them; run until it waits with none left (or is back
    /// at OK). Returns what was printed meanwhile.
    pub fn keys(&mut self, keys: &str) -> String {
        let start = self.m.transcript_len();
        let codes = parse_key_script(keys).expect("key script");
        self.m.type_script(&codes);
        self.last_end = run(&mut self.m, self.limit);
        assert_ne!(
            self.last_end,
            EndReason::TimeLimit,
            "the game hung; it printed: {}",
            self.transcript()
        );
        self.transcript().chars().skip(start).collect()
    }

    /// Stop the program with BREAK; back at OK.
    pub fn brk(&mut self) -> String {
        let out = self.keys("{BREAK}");
        assert_eq!(self.last_end, EndReason::BackAtPrompt);
        assert!(out.contains("BREAK"), "BREAK stops the program: {out:?}");
        out
    }

    /// Type one direct-mode line (at OK); what it printed, without the echo and final OK.
    pub fn direct(&mut self, line: &str) -> String {
        let out = self.keys(&format!("{line}\n"));
        let body = out.strip_prefix(&format!("{line}\n")).unwrap_or(&out);
        body.strip_suffix("OK\n").unwrap_or(body).to_string()
    }

    /// What `PRINT expr` shows in direct mode, trimmed.
    pub fn print(&mut self, expr: &str) -> String {
        self.direct(&format!("PRINT {expr}")).trim().to_string()
    }

    /// The tones heard since event `from`, as wave periods in CPU cycles (SOUND and PLAY
    /// notes alike; PLAY's rests are silence and left out).
    pub fn tones_since(&self, from: usize) -> Vec<u32> {
        self.m.pending_events()[from..]
            .iter()
            .filter_map(|e| match e {
                Event::Sound { period_cycles, .. } => Some(*period_cycles),
                Event::Tone { period_cycles, .. } => Some(*period_cycles),
                Event::Rest { .. } => None,
            })
            .collect()
    }
}

/// Run until the machine is back at OK with no keys left, or the program has asked for a key
/// in 100 fields (2 s) since the last key was taken and none was left, or `limit` fields pass.
///
/// (Not `headless::run_until_done`: it wants a starved key read in 250 fields *in a row*, and
/// a game's blinking takes a field now and then without reading the keyboard, so a run that
/// ends at a board would only stop at its time limit.)
pub fn run(m: &mut Machine, limit: u64) -> EndReason {
    let start = m.fields();
    let mut starved = 0;
    let mut left = usize::MAX;
    loop {
        let status = m.run_field();
        let now = m.script_keys_left();
        let keys_left = now > 0 || m.live_keys_pending();
        if now != left {
            left = now;
            starved = 0;
        }
        match status {
            Status::Prompt if !keys_left => return EndReason::BackAtPrompt,
            Status::WaitingForKey if !keys_left => {
                starved += 1;
                if starved >= 100 {
                    return EndReason::WaitedForKeys;
                }
            }
            _ => {}
        }
        if m.fields() - start >= limit {
            return EndReason::TimeLimit;
        }
    }
}

/// `pub struct $name(Session)` that reads as the Session it wraps: a game's support module
/// adds that game's own helpers to it. (The games are the frontend crate's, so the core's
/// spec itself has no use for it.)
#[allow(unused_macros)]
macro_rules! session_newtype {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        pub struct $name(crate::common::basic_session::Session);

        impl std::ops::Deref for $name {
            type Target = crate::common::basic_session::Session;
            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }

        impl std::ops::DerefMut for $name {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.0
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use session_newtype;
