//! The RAM hooks the ROM calls (docs/machine.md §12.5): a program that puts its own routine
//! in one has it run where the ROM would run it. The console-out hook at $0167 is called by
//! TextOutChar with each character in A before it is printed; the console-in hook at $016A
//! by the console-in routine before it reads each key of a line (and each key of EDIT, and
//! each character INPUT #-1 reads from tape); the error hook at $018E by the error routine
//! before it prints the error; the next-command hook at $019A and the command-interpreter
//! hook at $0179 before each statement.

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

/// After TextWaitKeyCurs2a's `JSR $016A` (DR $B50D): the routine returned, the ROM reads a
/// key from the keyboard (the device in $6F being 0), blinking the cursor until one comes.
pub const AFTER_CONSOLE_IN_HOOK: u16 = 0xB50D;
/// TextWaitKeyCurs2 after its `BSR` to TextWaitKeyCurs2a (DR $B507): a routine that dropped
/// the ROM's return (`LEAS 2,S` then `RTS`) gives the key in A, which the ROM masks to 7 bits.
pub const CONSOLE_IN_KEY_GIVEN: u16 = 0xB507;
/// The line input routine after its `JSR $B505` (DR $B5D3): the prompt's and INPUT's caller.
pub const LINE_INPUT_CALLER: u16 = 0xB5D3;
/// EDIT's key read after its `JSR $B505` (DR $9ABC).
pub const EDIT_KEY_CALLER: u16 = 0x9ABC;

/// What the console-in hook's routine decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ConsoleIn {
    /// It gave this key (the ROM reads none).
    Key(u8),
    /// It returned to the ROM, which reads the key from the keyboard; or it was stopped
    /// (`hw.hook_stopped` says why, the hook holds its RTS again).
    ReadKeyboard,
}

/// Run the console-in hook's routine on BASIC's stack, as TextWaitKeyCurs2 ($B505) calls it
/// for the line input routine or EDIT (`caller`: where $B505 returns). One that stops, or
/// runs on, is stopped, the hook given back its RTS, and the stop left for BASIC to report.
pub(crate) fn console_in(hw: &mut Hardware, caller: u16) -> ConsoleIn {
    let s = hw.mem.read_u16(addr::STACK_TOP).wrapping_sub(3);
    let s = s.wrapping_sub(4);
    hw.mem.write_u16(s.wrapping_add(2), caller);
    hw.mem.write_u16(s, CONSOLE_IN_KEY_GIVEN);
    let mut code = CodeRun::call(hw, low_ram::CONSOLE_IN_HOOK, s, AFTER_CONSOLE_IN_HOOK);
    code.return_also = CONSOLE_IN_KEY_GIVEN;
    let until = hw.cycles.saturating_add(HOOK_LIMIT_CYCLES);
    let stop = match run(hw, &mut code, until) {
        Outcome::Returned if code.cpu.regs.pc == CONSOLE_IN_KEY_GIVEN => {
            // ANDA #$7F (DR LB507).
            return ConsoleIn::Key(code.cpu.regs.a & 0x7F);
        }
        Outcome::Returned => return ConsoleIn::ReadKeyboard,
        Outcome::OutOfCycles => Stop::TooLong {
            what: "console-in hook's routine",
            entry: low_ram::CONSOLE_IN_HOOK,
        },
        Outcome::Stopped(stop) => stop,
    };
    hw.mem.poke(low_ram::CONSOLE_IN_HOOK, low_ram::RTS);
    hw.hook_stopped = Some(HookStopped {
        screen: stop.screen_text(),
        message: stop.to_string(),
    });
    ConsoleIn::ReadKeyboard
}

/// After SysErr's `JSR $018E` (DR $8347): the routine returned, the ROM prints the error.
pub const AFTER_ERROR_HOOK: u16 = 0x8347;

/// Run the error hook's routine as SysErr ($8344) calls it, B = the error's number times two
/// (its offset in the ROM's table of codes). A routine that returns has the error printed as
/// the ROM prints it; one that stops, or runs on, is stopped, the hook given back its RTS,
/// and the stop left for BASIC to report.
pub(crate) fn error(hw: &mut Hardware, offset: u8) {
    let s = hw.mem.read_u16(addr::STACK_TOP).wrapping_sub(3);
    let mut code = CodeRun::call(hw, low_ram::ERROR_HOOK, s, AFTER_ERROR_HOOK);
    code.cpu.regs.b = offset;
    let until = hw.cycles.saturating_add(HOOK_LIMIT_CYCLES);
    let stop = match run(hw, &mut code, until) {
        Outcome::Returned => return,
        Outcome::OutOfCycles => Stop::TooLong {
            what: "error hook's routine",
            entry: low_ram::ERROR_HOOK,
        },
        Outcome::Stopped(stop) => stop,
    };
    hw.mem.poke(low_ram::ERROR_HOOK, low_ram::RTS);
    hw.hook_stopped = Some(HookStopped {
        screen: stop.screen_text(),
        message: stop.to_string(),
    });
}

/// BasRun's call of the next-command hook (VectGetNextCmd, DR $849F `JSR $019A`), before
/// each statement; the routine returns to $84A2.
pub const NEXT_COMMAND_HOOK: u16 = 0x019A;
pub const AFTER_NEXT_COMMAND_HOOK: u16 = 0x84A2;
/// The dispatcher's call of the command-interpreter hook (VectCmdInterp, DR $84DE
/// `JSR $0179`) with the statement's first character in A; the routine returns to $84E1.
/// Under that return is the statement loop's `BSR` return, $84DA: a routine that drops the
/// first (`LEAS 2,S` then `RTS`) has done the statement itself.
pub const COMMAND_HOOK: u16 = 0x0179;
pub const AFTER_COMMAND_HOOK: u16 = 0x84E1;
/// The last byte a POKE may change and patch a statement hook (the $019A hook's JMP).
const STATEMENT_HOOKS_END: u16 = NEXT_COMMAND_HOOK + 2;

/// A write at `a` may have patched a statement hook: the statement loop looks again.
#[inline]
pub(crate) fn note_write(hw: &mut Hardware, a: u16) {
    if (COMMAND_HOOK..=STATEMENT_HOOKS_END).contains(&a) {
        hw.statement_hooks = true;
    }
}

/// Run a hook's routine from BASIC's stack with `returns` pushed (the last one on top, the
/// address it returns to first); what it returned to, or `None` when it was stopped (the
/// hook given back its RTS, the stop left for BASIC to report).
pub(crate) fn call_hook(
    hw: &mut Hardware,
    hook: u16,
    returns: &[u16],
    set: impl FnOnce(&mut CodeRun),
) -> Option<u16> {
    let mut s = hw.mem.read_u16(addr::STACK_TOP).wrapping_sub(3);
    let (last, under) = returns.split_last().expect("a return address");
    for r in under {
        s = s.wrapping_sub(2);
        hw.mem.write_u16(s, *r);
    }
    let mut code = CodeRun::call(hw, hook, s, *last);
    code.return_also = under.last().copied().unwrap_or(*last);
    set(&mut code);
    let until = hw.cycles.saturating_add(HOOK_LIMIT_CYCLES);
    let stop = match run(hw, &mut code, until) {
        Outcome::Returned => return Some(code.cpu.regs.pc),
        Outcome::OutOfCycles => Stop::TooLong {
            what: "statement hook's routine",
            entry: hook,
        },
        Outcome::Stopped(stop) => stop,
    };
    hw.mem.poke(hook, low_ram::RTS);
    hw.hook_stopped = Some(HookStopped {
        screen: stop.screen_text(),
        message: stop.to_string(),
    });
    None
}
