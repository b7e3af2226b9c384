//! The RAM hooks the ROM calls (docs/machine.md §12.5): a program that puts its own routine
//! in one has it run where the ROM would run it. The console-out hook at $0167 is called by
//! TextOutChar with each character in A before it is printed.

use super::run::run;
use super::{CodeRun, Outcome, Stop};
use crate::machine::hardware::{Hardware, HookOutcome, HookStopped};
use crate::machine::memory::addr;
use crate::machine::rom_area::low_ram;
use crate::timing::CYCLES_PER_FIELD;

/// After TextOutChar's `JSR $0167` (DR LB54D): the routine returned, the ROM prints A.
pub const AFTER_CONSOLE_OUT_HOOK: u16 = 0xB54D;
/// TextOutChar's caller, the string printer's loop (DR $90F3): a routine that dropped the
/// ROM's return address (`LEAS 2,S` then `RTS`) printed the character itself.
pub const TEXT_OUT_CHAR_CALLER: u16 = 0x90F3;

/// The longest a hook's routine may run for one character.
pub const HOOK_LIMIT_CYCLES: u32 = CYCLES_PER_FIELD;

/// Run the console-out hook's routine for `c` on BASIC's stack, as TextOutChar calls it.
/// One that stops, or runs on, is stopped, the hook given back its RTS, and the stop left
/// for BASIC to report; the character is printed as if there were no hook.
pub(crate) fn console_out(hw: &mut Hardware, c: u8) -> HookOutcome {
    // BASIC's stack top: the FOR and GOSUB frames below it are BASIC's own, not in RAM.
    let s = hw.mem.read_u16(addr::STACK_TOP).wrapping_sub(3);
    let s = s.wrapping_sub(2);
    hw.mem.write_u16(s, TEXT_OUT_CHAR_CALLER);
    let mut code = CodeRun::call(hw, low_ram::CONSOLE_OUT_HOOK, s, AFTER_CONSOLE_OUT_HOOK);
    code.return_also = TEXT_OUT_CHAR_CALLER;
    code.cpu.regs.a = c;
    let until = hw.cycles.saturating_add(HOOK_LIMIT_CYCLES);
    let stop = match run(hw, &mut code, until) {
        Outcome::Returned if code.cpu.regs.pc == AFTER_CONSOLE_OUT_HOOK => {
            return HookOutcome::Print(code.cpu.regs.a)
        }
        Outcome::Returned => return HookOutcome::Handled,
        Outcome::OutOfCycles => Stop::TooLong {
            what: "console-out hook's routine",
            entry: low_ram::CONSOLE_OUT_HOOK,
        },
        Outcome::Stopped(stop) => stop,
    };
    hw.mem.poke(low_ram::CONSOLE_OUT_HOOK, low_ram::RTS);
    hw.hook_stopped = Some(HookStopped {
        screen: stop.screen_text(),
        message: stop.to_string(),
    });
    HookOutcome::Print(c)
}
