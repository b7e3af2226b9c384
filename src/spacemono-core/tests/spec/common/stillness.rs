//! The longest stretch of fields in which the picture stood still: the game tests' measure of
//! a screen that looks hung (issue 14's waits, issue 15's computers that think).

use spacemono_core::Frame;
use spacemono_core::{Machine, Status};

pub struct Stillness {
    frame: Frame,
    last: Vec<u32>,
    fields: u64,
    run: u64,
    /// The longest still stretch so far, in fields.
    pub worst: u64,
    /// The field it began at (counted from the first [`Stillness::field`]).
    pub at: u64,
}

impl Stillness {
    /// Watching `m` from its picture now.
    pub fn new(m: &Machine) -> Stillness {
        let mut frame = Frame::new();
        m.render(&mut frame);
        let last = frame.pixels.clone();
        Stillness {
            frame,
            last,
            fields: 0,
            run: 0,
            worst: 0,
            at: 0,
        }
    }

    /// Run one field of `m` and look at its picture. A changed picture or a sound ends a still
    /// stretch, and so does a field `counts` says is not watched (it is given the machine).
    pub fn field(&mut self, m: &mut Machine, counts: impl Fn(&Machine) -> bool) {
        let sounding = m.run_field() == Status::Sounding;
        m.render(&mut self.frame);
        self.fields += 1;
        if self.frame.pixels != self.last || sounding || !counts(m) {
            self.last.clone_from(&self.frame.pixels);
            self.run = 0;
        } else {
            self.run += 1;
            if self.run > self.worst {
                (self.worst, self.at) = (self.run, self.fields - self.run);
            }
        }
    }
}
