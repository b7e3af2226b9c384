//! BASIC's doors into machine code: EXEC, DEF USRn, USRn(), the IRQ routine at $010C each
//! field, and machine code running as a mode of the interpreter, a field's cycles at a time,
//! until it returns into BASIC or is stopped (docs/machine.md §12).

use crate::basic::ast::Expr;
use crate::basic::error::ErrorCode;
use crate::basic::eval::Val;
use crate::basic::interp::{Interpreter, Res, DIRECT_LINE};
use crate::basic::machine_code::run::run;
use crate::basic::machine_code::{
    dp, CodeRun, Outcome, Stop, RETURN_FROM_USR, RETURN_TO_STATEMENTS,
};
use crate::basic::mode::Mode;
use crate::basic::play;
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;
use crate::machine::rom_area::{self, low_ram};
use crate::timing::CYCLES_PER_FIELD;

/// The longest a USR routine may run without returning: 500 fields (10 s of the Dragon's
/// time). It runs inside the expression that calls it, so the host waits for it; past this it
/// is stopped.
pub const USR_LIMIT_CYCLES: u32 = 500 * CYCLES_PER_FIELD;

/// The longest the IRQ routine may run in one field before it is stopped (and the vector at
/// $010C given back to the ROM's service).
pub const IRQ_LIMIT_CYCLES: u32 = CYCLES_PER_FIELD;

/// Stop messages kept for the host at most (`Machine::take_code_stops`).
const MAX_KEPT_STOPS: usize = 64;

impl Interpreter {
    /// EXEC [address] (DR CmdExec $B770): the address, if given, becomes the EXEC address at
    /// $009D; the code there runs with the return into the statement loop on the stack.
    pub(crate) fn exec_stmt(&mut self, hw: &mut Hardware, arg: Option<&Expr>) -> Res<()> {
        let entry = match arg {
            Some(e) => {
                let a = self.eval_u16(hw, e, crate::basic::eval::LET_LEVEL)?;
                hw.mem.write_u16(low_ram::EXEC_ADDRESS, a);
                a
            }
            None => hw.mem.read_u16(low_ram::EXEC_ADDRESS),
        };
        let s = self.s_h(hw) as u16;
        let run = CodeRun::call(hw, entry, s, RETURN_TO_STATEMENTS);
        self.mode = Mode::MachineCode(Box::new(run));
        Ok(())
    }

    /// DEF USRn=address (DR L9D00): into entry n of the table $00B0 points at.
    pub(crate) fn def_usr(&mut self, hw: &mut Hardware, n: u8, address: &Expr) -> Res<()> {
        let a = self.eval_u16(hw, address, crate::basic::eval::LET_LEVEL)?;
        let table = hw.mem.read_u16(low_ram::USR_TABLE_POINTER);
        hw.mem.write_u16(table.wrapping_add(2 * n as u16), a);
        Ok(())
    }

    /// USRn(arg) (DR CmdUSR $9D1D): a number goes in FPA0 ($4F) with A = 0 and X = $004F; a
    /// string's descriptor address goes in X (and at $52) with A = $FF. The routine returns
    /// with an RTS; its result is FPA0, which must be a number (VALTYP 0, else ?TM).
    pub(crate) fn usr(&mut self, hw: &mut Hardware, n: u8, arg: &Expr, level: u16) -> Res<Val> {
        let table = hw.mem.read_u16(low_ram::USR_TABLE_POINTER);
        let entry = hw.mem.read_u16(table.wrapping_add(2 * n as u16));
        let (a, x) = match self.eval(hw, arg, level)? {
            Val::Num => {
                crate::basic::machine_code::write_fpa0(hw, &self.fu.fac);
                hw.mem.poke(dp::VALTYP, 0);
                (0, dp::FPA0)
            }
            Val::Str(desc) => {
                hw.mem.poke(dp::VALTYP, 0xFF);
                hw.mem.write_u16(dp::FPA0_INT, desc);
                (0xFF, desc)
            }
        };
        let s = (self.s_h(hw) - level as i32) as u16;
        let mut code = CodeRun::call(hw, entry, s, RETURN_FROM_USR);
        code.cpu.regs.a = a;
        code.cpu.regs.x = x;
        let until = hw.cycles.saturating_add(USR_LIMIT_CYCLES);
        let stop = match run(hw, &mut code, until) {
            Outcome::Returned => {
                if hw.mem.peek(dp::VALTYP) != 0 {
                    return Err(ErrorCode::TM);
                }
                self.fu.fac = crate::basic::machine_code::read_fpa0(hw);
                return Ok(Val::Num);
            }
            Outcome::OutOfCycles => Stop::TooLong {
                what: "USR routine",
                entry,
            },
            Outcome::Stopped(Stop::Basic(e)) => return Err(e),
            Outcome::Stopped(stop) => stop,
        };
        // The error path carries the stop to the report (`report_error`).
        self.code_stop = Some(stop);
        Err(ErrorCode::FC)
    }

    /// The machine-code mode's slice: BREAK stops the code; otherwise it runs to the end
    /// of the field's budget (across the field ends the frontend allows, `fields_ahead`).
    /// True when the mode changed (the code returned or stopped), false when the slice ends.
    pub(crate) fn run_machine_code(&mut self, hw: &mut Hardware, budget: u32) -> bool {
        if hw.keyboard.take_break() {
            self.stop_code(hw, Stop::Break);
            return true;
        }
        loop {
            let Mode::MachineCode(code) = &mut self.mode else {
                return true;
            };
            match run(hw, code, budget) {
                Outcome::OutOfCycles => {
                    if self.fields_ahead == 0 || hw.keyboard.poll_pending() {
                        return false;
                    }
                    self.fields_ahead -= 1;
                    hw.cycles -= budget;
                    self.field_interrupt(hw);
                }
                Outcome::Returned => {
                    self.mode = Mode::Running;
                    if hw.mem.take_watched_write() {
                        // The code wrote into the program text: compiled anew from it.
                        self.program_changed();
                    }
                    return true;
                }
                Outcome::Stopped(stop) => {
                    self.stop_code(hw, stop);
                    return true;
                }
            }
        }
    }

    /// Machine code stopped: BREAK as BASIC reports it (CONT goes on after the EXEC); any
    /// other stop named on the screen (and kept for the host's stderr), then OK, with the
    /// program and its variables as they were.
    pub(crate) fn stop_code(&mut self, hw: &mut Hardware, stop: Stop) {
        if matches!(self.mode, Mode::MachineCode(_)) {
            self.mode = Mode::Running;
        }
        match stop {
            Stop::Basic(e) => self.report_error(hw, e),
            Stop::Break => {
                let resume = self.pc;
                self.report_break(hw, resume);
            }
            stop => self.report_code_stop(hw, stop),
        }
    }

    /// The report of a stop other than BREAK or a BASIC error: the message, ` IN n` in a
    /// program, OK; no CONT. A jump to the ROM's warm start is the warm start.
    pub(crate) fn report_code_stop(&mut self, hw: &mut Hardware, stop: Stop) {
        if stop == Stop::WarmStart {
            // (Not a failure: the code went back to BASIC the Dragon's way.)
            return self.warm_start(hw);
        }
        self.report_stopped(hw, &stop.screen_text(), stop.to_string());
    }

    /// A stop's report: `screen` on the screen (with ` IN n` in a program), `message` kept
    /// for the host's stderr, OK; no CONT.
    fn report_stopped(&mut self, hw: &mut Hardware, screen: &str, message: String) {
        if matches!(self.mode, Mode::MachineCode(_)) {
            self.mode = Mode::Running;
        }
        self.cursor.hide(hw);
        let line = self.current_line_number();
        if hw.column() != 0 {
            hw.print(b'\r');
        }
        hw.print_bytes(screen.as_bytes());
        if line != DIRECT_LINE {
            hw.print_bytes(b" IN ");
            hw.print_bytes(line.to_string().as_bytes());
        }
        // (Kept for a host that takes them; one that does not keeps only the first few.)
        if self.code_stops.len() < MAX_KEPT_STOPS {
            self.code_stops.push(message);
        }
        self.cont = None;
        self.stack.clear();
        self.go_prompt(hw);
    }

    /// The field interrupt's service while BASIC runs (or waits): the ROM's, counting TIMER,
    /// while $010C holds its JMP; a program's routine there runs on the CPU, charged to the
    /// field, and returns by RTI (or by jumping on to the ROM's service). While machine code
    /// runs, its CPU takes the interrupt itself.
    #[inline(always)]
    pub(crate) fn field_irq(&mut self, hw: &mut Hardware) {
        if !hw.io.field_irq_enabled() {
            return;
        }
        match &mut self.mode {
            // The 6809 takes the IRQ from PIA0's line (`machine_code::run`).
            Mode::MachineCode(_) => {}
            // The ROM reads the tape with the interrupts masked.
            Mode::Tape(_) => count_timer(hw),
            _ if rom_area::irq_vector_is_roms(&hw.mem) => count_timer(hw),
            _ => self.irq_routine(hw),
        }
    }

    /// Whether a running program's field interrupt needs no routine of its own: the field
    /// sync does not reach the CPU (PIA0's enable bit clear), or $010C still holds the ROM's
    /// JMP, whose service is `count_timer`.
    #[inline(always)]
    pub(crate) fn field_irq_is_roms(hw: &Hardware) -> bool {
        !hw.io.field_irq_enabled() || rom_area::irq_vector_is_roms(&hw.mem)
    }

    /// Run the program's IRQ routine at $010C to its RTI. One that does not come back within
    /// a field, or stops, is reported at the next slice (`report_deferred_stops`), and $010C is given
    /// back to the ROM's service so that it does not stop again every field.
    #[cold]
    #[inline(never)]
    fn irq_routine(&mut self, hw: &mut Hardware) {
        let s = self.s_h(hw) as u16;
        let mut code = CodeRun::interrupt(hw, s);
        let until = hw.cycles.saturating_add(IRQ_LIMIT_CYCLES);
        let stop = match run(hw, &mut code, until) {
            Outcome::Returned => return,
            Outcome::OutOfCycles => Stop::TooLong {
                what: "IRQ routine",
                entry: low_ram::IRQ_VECTOR,
            },
            Outcome::Stopped(stop) => stop,
        };
        hw.mem.poke(low_ram::IRQ_VECTOR, low_ram::JMP);
        hw.mem.write_u16(low_ram::IRQ_VECTOR + 1, low_ram::ROM_IRQ);
        self.irq_stop = Some(stop);
    }

    /// A stop of the IRQ routine, reported at the start of the slice after it.
    pub(crate) fn report_deferred_stops(&mut self, hw: &mut Hardware) {
        if let Some(stop) = self.irq_stop.take() {
            self.stop_code(hw, stop);
        }
        if let Some(stopped) = hw.hook_stopped.take() {
            self.report_stopped(hw, &stopped.screen, stopped.message);
        }
    }

    /// The messages of the machine-code stops since the last call, for the host's stderr.
    pub(crate) fn take_code_stops(&mut self) -> Vec<String> {
        std::mem::take(&mut self.code_stops)
    }
}

/// The ROM's IRQ service's part that BASIC sees: TIMER counted, PLAY's timer counted down.
#[inline(always)]
fn count_timer(hw: &mut Hardware) {
    count_timer_fields(hw, 1);
}

/// The ROM's IRQ service run `fields` times with nothing between: the flag acknowledged,
/// TIMER counted on by `fields`, PLAY's timer ($E3) counted down when it runs (SoundINT).
#[inline(always)]
pub(crate) fn count_timer_fields(hw: &mut Hardware, fields: u16) {
    hw.io.acknowledge_field_sync();
    let t = hw.mem.read_u16(addr::TIMER).wrapping_add(fields);
    hw.mem.write_system_u16(addr::TIMER, t);
    if hw.mem.read_u16(play::dp::TIMER) != 0 {
        count_play_timer(hw, fields);
    }
}

/// SoundINT `fields` times: PLAY's timer runs only during PLAY, or when a program set it.
#[cold]
#[inline(never)]
fn count_play_timer(hw: &mut Hardware, fields: u16) {
    for _ in 0..fields {
        if !play::sound_int(hw) {
            break;
        }
    }
}
