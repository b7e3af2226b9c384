//! The RESET button: the reset vector's path (SysReset $B3B4). The ROM's hardware init runs
//! first (DoHWInit: the PIAs and the SAM set up again, so the rate is slow, the VDG shows text,
//! the motor stops), then `LB39B` enables the cartridge's FIRQ and looks at the warm start's
//! flag: with $71 = $55 and a NOP at the address in $72, the warm start, which keeps BASIC's
//! program (and its variables); otherwise the cold start, as at power-on. What stops is
//! whatever the machine was doing: the program, a tape file open, a PLAY. The screen is
//! cleared and `OK` comes back at the top, as WarmStart does (a CLS, then the command loop).

use crate::basic::interp::Interpreter;
use crate::basic::machine_code::rom_init::init_chips;
use crate::basic::machine_code::CodeRun;
use crate::basic::mode::Mode;
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;
use crate::machine::pia::Pia;
use crate::machine::rom_area::low_ram;
use crate::machine::screen::{TextScreen, BLANK};

/// PIA1's control register B.
const PIA1_CRB: u16 = 0xFF23;
/// PIA0's data register B: the keyboard's columns.
const PIA0_DB: u16 = 0xFF02;
/// PlayTimer (DR `SndTimerPlay`), which the warm start clears.
const PLAY_TIMER: u16 = crate::basic::play::dp::TIMER;

/// Which start RESET leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ResetStart {
    /// The warm start at this address: the ROM's ($B44F), or a program's routine in RAM.
    Warm(u16),
    /// The cold start: BASIC as at power-on, the program gone.
    Cold,
}

/// The reset vector's first steps, on the chips: the PIAs reset, DoHWInit, then `LB39B`'s `LDA #$37:STA
/// PIA1CRB`. Then which start the flag at $71 and the address at $72 choose.
fn reset_chips(hw: &mut Hardware) -> ResetStart {
    // The reset line reaches the PIAs too: an MC6821 reset clears every register (and the
    // interrupt flags) before the ROM's init sets them up.
    hw.io.pia0 = Pia::default();
    hw.io.pia1 = Pia::default();
    init_chips(hw);
    hw.write_bus(PIA1_CRB, 0x37);
    if hw.mem.peek(low_ram::WARM_START_FLAG) != low_ram::WARM {
        return ResetStart::Cold;
    }
    let at = hw.mem.read_u16(low_ram::WARM_START_VECTOR);
    if at == low_ram::ROM_WARM_START || hw.view_bus(at) == low_ram::NOP {
        ResetStart::Warm(at)
    } else {
        ResetStart::Cold
    }
}

/// What the warm start and the cold start both end with on the chips: the field sync's IRQ
/// enabled again (`ORA #CRIRQ` into PIA0 CRB) and the keyboard's columns as the key scan at
/// `OK` leaves them.
fn chips_at_ok(hw: &mut Hardware) {
    hw.io.enable_field_irq();
    hw.write_bus(PIA0_DB, 0x7F);
}

impl Interpreter {
    /// RESET: [`reset_chips`], then the start the warm start's flag and address choose: the
    /// ROM's warm start, a program's own routine (run as machine code), or the cold start on
    /// a fresh interpreter that keeps only the dialect.
    pub(crate) fn reset(&mut self, hw: &mut Hardware) {
        match reset_chips(hw) {
            ResetStart::Warm(low_ram::ROM_WARM_START) => self.warm_start(hw),
            ResetStart::Warm(at) => {
                // A program's own warm-start routine runs on the 6809; its JMP $B44F is the
                // ROM's warm start (`Stop::WarmStart`).
                self.cursor.hide(hw);
                self.mode = Mode::MachineCode(Box::new(CodeRun::at_reset(hw, at)));
            }
            ResetStart::Cold => {
                let dialect = self.dialect();
                *self = Interpreter::new();
                self.set_dialect(dialect);
                self.cold_start(hw);
            }
        }
    }

    /// The warm start (WarmStart $B44F), after [`reset_chips`]: back to `OK` on a clear text
    /// screen with the program kept. PLAY's timer is cleared, CONT is no longer possible and
    /// the FOR/GOSUB frames go (the stack is reset), as on the Dragon.
    pub(crate) fn warm_start(&mut self, hw: &mut Hardware) {
        self.cursor.hide(hw);
        hw.deck.abandon_file();
        hw.keyboard.drop_live_keys();
        hw.mem.write_u16(PLAY_TIMER, 0);
        chips_at_ok(hw);
        self.stack.clear();
        self.cont = None;
        self.temp_count = 0;
        TextScreen::fill(&mut hw.mem, BLANK);
        self.go_prompt(hw);
    }

    /// The cold start (DoColdStart $B3BA), after [`reset_chips`]: the direct page and low RAM
    /// ($0000-$03FF) cleared and BASIC started as at power-on; the program is gone, though
    /// its bytes stay in RAM above the new empty program, as on the Dragon.
    pub(crate) fn cold_start(&mut self, hw: &mut Hardware) {
        hw.deck.abandon_file();
        hw.keyboard.drop_live_keys();
        for a in 0..addr::TEXT_SCREEN {
            hw.mem.poke(a, 0);
        }
        self.power_on(hw);
        chips_at_ok(hw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::io_page::IoPage;

    /// After RESET the chips hold, register for register, what a machine just switched on
    /// holds (the hard reset: `IoPage::default`), whatever a program had set.
    #[test]
    fn reset_leaves_every_chip_register_as_at_power_on() {
        let mut hw = Hardware::default();
        for (a, v) in [
            (0xFFD7, 0),    // the SAM's R0: the address-dependent rate
            (0xFFC1, 0),    // V0
            (0xFFCB, 0),    // F2
            (0xFF22, 0xF8), // PMODE 4's VDG bits
            (0xFF03, 0x34), // the field sync's IRQ off
            (0xFF01, 0x30), // DDR A selected
            (0xFF00, 0xFF), // ... all outputs
            (0xFF21, 0x3C), // the motor on
            (0xFF20, 0xFC), // the DAC high
            (0xFF23, 0x3F), // the sound mux on
        ] {
            hw.write_bus(a, v);
        }
        hw.field_sync();
        assert_eq!(
            reset_chips(&mut hw),
            ResetStart::Cold,
            "no flag in bare RAM"
        );
        chips_at_ok(&mut hw);
        let fresh = IoPage::default();
        assert_eq!(hw.io.pia0, fresh.pia0);
        assert_eq!(hw.io.pia1, fresh.pia1);
        assert_eq!(hw.io.sam, fresh.sam);
    }
}
