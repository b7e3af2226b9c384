//! The RESET button: the ROM's warm start. The Dragon keeps BASIC's program (and its
//! variables) through a reset; what stops is whatever the machine was doing: the program, a
//! tape file open, the motor, a graphics page on show. The screen is cleared and `OK` comes
//! back at the top, as BasWarmStart does (a CLS, then the command loop).

use crate::basic::interp::Interpreter;
use crate::machine::hardware::Hardware;
use crate::machine::screen::{TextScreen, BLANK};
use crate::machine::video_select::VideoSelect;

impl Interpreter {
    /// RESET pressed: back to `OK` on a clear text screen with the program kept. CONT is no
    /// longer possible and the FOR/GOSUB frames go (the stack is reset), as on the Dragon.
    pub(crate) fn warm_start(&mut self, hw: &mut Hardware) {
        self.cursor.hide(hw);
        hw.deck.abandon_file();
        // RESET runs the ROM's hardware init, which leaves PIA1 CA2 (the relay) low: the
        // deck's motor stops with it.
        hw.set_motor_line(false);
        hw.keyboard.drop_live_keys();
        hw.set_video(VideoSelect::TEXT);
        self.stack.clear();
        self.cont = None;
        self.temp_count = 0;
        TextScreen::fill(&mut hw.mem, BLANK);
        self.go_prompt(hw);
    }
}
