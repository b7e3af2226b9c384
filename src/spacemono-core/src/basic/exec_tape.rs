//! The cassette statements. CLOAD, CLOADM and SKIPF search the tape a block per field (with
//! the ROM's `S`, names and `F` on the screen in direct mode, and the top-left character
//! blinking); the others act at once on the deck (`machine::cassette`). What CLOAD and CSAVE
//! do with a program is `program_tape`'s.

use crate::basic::ast::{Expr, LValue, TapeStmt};
use crate::basic::error::ErrorCode;
use crate::basic::eval::LET_LEVEL;
use crate::basic::interp::{fill_line_buffer, Interpreter, Res, LINE_BUFFER};
use crate::basic::machine_code::hooks;
use crate::basic::mode::Mode;
use crate::basic::tape_job::{AfterFound, TapeJob};
use crate::machine::cassette::{self, DeckError, SearchEvent};
use crate::machine::hardware::Hardware;
use crate::machine::rom_area::low_ram;

/// The error BASIC reports for what went wrong at the deck.
pub fn deck_error(e: DeckError) -> ErrorCode {
    match e {
        DeckError::WrongFileType { .. } | DeckError::WrongMode => ErrorCode::FM,
        DeckError::AlreadyOpen => ErrorCode::AO,
        DeckError::NotOpen => ErrorCode::NO,
        DeckError::OutOfMemory => ErrorCode::OM,
        _ => ErrorCode::IO,
    }
}

/// The tape as the speaker plays it with AUDIO ON: a tape's signal warbles between the 0
/// bit's 813-cycle and the 1 bit's 435-cycle waves; we sound their average, 624 cycles
/// (about 1430 Hz), for as long as the tape runs.
const TAPE_TONE_CYCLES: u32 = 624;

/// With AUDIO ON the tape is heard while it moves.
fn tape_sound(hw: &mut Hardware, fields: u32) {
    if hw.deck.audio() && fields > 0 {
        hw.events.push(crate::machine::hardware::Event::Tone {
            period_cycles: TAPE_TONE_CYCLES,
            fields,
            high: 0xBE,
            low: 0x3E,
        });
    }
}

impl Interpreter {
    fn tape_name(&mut self, hw: &mut Hardware, e: &Option<Expr>) -> Res<Option<Vec<u8>>> {
        match e {
            None => Ok(None),
            Some(e) => {
                let d = self.eval_str(hw, e, LET_LEVEL)?;
                Ok(Some(self.take_string(hw, d)))
            }
        }
    }

    fn tape_device(&mut self, hw: &mut Hardware, e: &Expr) -> Res<i16> {
        self.eval_num(hw, e, LET_LEVEL)?;
        Ok(self.fu.to_i16()?)
    }

    /// A cassette statement: the searches (CLOAD, CLOADM, SKIPF) start here and go on a
    /// block per field; the others act on the deck at once.
    pub(crate) fn exec_tape(&mut self, hw: &mut Hardware, t: &TapeStmt) -> Res<()> {
        match t {
            TapeStmt::Cload {
                name,
                machine_code,
                offset,
            } => {
                let name = self.tape_name(hw, name)?;
                let after = if *machine_code {
                    let offset = match offset {
                        Some(e) => self.eval_u16(hw, e, LET_LEVEL)?,
                        None => 0,
                    };
                    AfterFound::Cloadm { offset }
                } else {
                    AfterFound::Cload
                };
                self.start_search(hw, name, after)
            }
            TapeStmt::Skipf(name) => {
                let name = self.tape_name(hw, name)?;
                self.start_search(hw, name, AfterFound::Skipf)
            }
            TapeStmt::Csave { name, ascii } => self.csave(hw, name, *ascii),
            TapeStmt::Csavem {
                name,
                start,
                end,
                exec,
            } => self.csavem(hw, name, [start, end, exec]),
            TapeStmt::Open { mode, device, name } => self.open(hw, mode, device, name),
            TapeStmt::Close(dev) => {
                let d = match dev {
                    Some(e) => self.tape_device(hw, e)?,
                    None => -1,
                };
                if d == -1 && hw.deck.open_for_input().is_some() {
                    hw.deck.close().map_err(deck_error)?;
                    self.wait_for_tape(hw);
                }
                Ok(())
            }
            TapeStmt::Motor(on) => {
                hw.set_motor_line(*on);
                Ok(())
            }
            TapeStmt::Audio(on) => {
                hw.deck.set_audio(*on);
                // AUDIO ON selects the cassette on the mux first; OFF only turns it off.
                if *on {
                    hw.select_mux(1);
                }
                hw.enable_sound_mux(*on);
                Ok(())
            }
        }
    }

    /// CSAVE name[,A]: the program written to the tape, tokenized or as text; the program
    /// waits for the deck.
    fn csave(&mut self, hw: &mut Hardware, name: &Expr, ascii: bool) -> Res<()> {
        let name = self.tape_name(hw, &Some(name.clone()))?.unwrap_or_default();
        self.csave_program(hw, &name, ascii)?;
        self.wait_for_tape(hw);
        Ok(())
    }

    /// CSAVEM name,start,end,exec: memory written as a machine-code file (?FC when the end
    /// is below the start).
    fn csavem(
        &mut self,
        hw: &mut Hardware,
        name: &Expr,
        [start, end, exec]: [&Expr; 3],
    ) -> Res<()> {
        let name = self.tape_name(hw, &Some(name.clone()))?.unwrap_or_default();
        let s = self.eval_u16(hw, start, LET_LEVEL)?;
        let e = self.eval_u16(hw, end, LET_LEVEL)?;
        let x = self.eval_u16(hw, exec, LET_LEVEL)?;
        if e < s {
            return Err(ErrorCode::FC);
        }
        hw.deck
            .csavem(&hw.mem, &name, s, e, x)
            .map_err(deck_error)?;
        self.wait_for_tape(hw);
        Ok(())
    }

    /// OPEN "I"|"O",#dev[,name]: a data file on the tape (device -1); the screen (0) and the
    /// printer (-2) need no opening.
    fn open(
        &mut self,
        hw: &mut Hardware,
        mode: &Expr,
        device: &Expr,
        name: &Option<Expr>,
    ) -> Res<()> {
        let m = self.eval_str(hw, mode, LET_LEVEL)?;
        let m = self.take_string(hw, m);
        let dev = self.tape_device(hw, device)?;
        let name = self.tape_name(hw, name)?.unwrap_or_default();
        let input = match m.first() {
            Some(b'I') => true,
            Some(b'O') => false,
            _ => return Err(ErrorCode::FM),
        };
        match dev {
            -1 => {
                if input {
                    let wanted = if name.is_empty() {
                        None
                    } else {
                        Some(&name[..])
                    };
                    hw.deck.open_input(wanted).map_err(deck_error)?;
                } else {
                    hw.deck.open_output(&name).map_err(deck_error)?;
                }
                self.wait_for_tape(hw);
                Ok(())
            }
            // The screen and keyboard, or the printer: nothing to open.
            0 | -2 => Ok(()),
            _ => Err(ErrorCode::DN),
        }
    }

    /// The time the deck spent on a save or an open, as fields the program waits.
    fn wait_for_tape(&mut self, hw: &mut Hardware) {
        let speed = hw.deck.speed();
        let fields = hw.deck.take_activity().wait_fields(speed);
        tape_sound(hw, fields.min(u32::MAX as u64) as u32);
        if fields > 0 {
            self.mode = Mode::Sounding(fields.min(u32::MAX as u64) as u32);
        }
    }

    fn start_search(
        &mut self,
        hw: &mut Hardware,
        name: Option<Vec<u8>>,
        after: AfterFound,
    ) -> Res<()> {
        if !hw.deck.has_tape() {
            return Err(ErrorCode::IO);
        }
        hw.deck.abandon_file();
        // Time from before the search is not this search's (each block passed is waited
        // for as it is passed; the file found is waited for once it is in).
        let _ = hw.deck.take_activity();
        hw.deck.begin_search(name.as_deref());
        self.cursor.hide(hw);
        self.mode = Mode::Tape(TapeJob {
            after,
            direct: self.stmt_pc.is_direct(),
            wait: 0,
            name,
            rewound: false,
            hurry: false,
            loaded: false,
        });
        Ok(())
    }

    /// One step of a tape search per field (all of it at once when hurried by a key).
    pub(crate) fn tape_step(&mut self, hw: &mut Hardware) {
        // Bounded: a tape holds far fewer blocks than this.
        for _ in 0..1_000_000 {
            if !self.tape_step_once(hw) {
                break;
            }
        }
    }

    /// One block's worth; true when the next step should follow at once.
    fn tape_step_once(&mut self, hw: &mut Hardware) -> bool {
        // The job is taken out of the mode while it is stepped, and put back to go on.
        let Mode::Tape(mut job) = std::mem::replace(&mut self.mode, Mode::Running) else {
            return false;
        };
        // A key pressed while the tape loads hurries it along (the key itself is spent; keys
        // typed once it hurries wait for the program).
        if (hw.keyboard.has_live_keys() || !job.hurry) && hw.keyboard.take_hurry_key() {
            job.hurry = true;
        }
        if job.hurry {
            job.wait = 0;
        }
        if job.wait > 0 {
            self.mode = Mode::Tape(job);
            return false;
        }
        if job.loaded {
            // The file's blocks are read: CLOAD ends in command mode, as on the Dragon;
            // CLOADM and SKIPF go on with the statement after them.
            if job.after == AfterFound::Cload {
                self.go_prompt(hw);
            }
            return false;
        }
        match hw.deck.search_step() {
            Err(DeckError::EndOfTape) if !job.rewound && hw.deck.position() > 0 => {
                // A real deck would wait for its owner to rewind the tape: we rewind it for
                // them, once, and search again from the start.
                hw.deck.rewind();
                hw.deck.begin_search(job.name.as_deref());
                job.rewound = true;
                self.mode = Mode::Tape(job);
            }
            Err(e) => self.tape_failed(hw, deck_error(e)),
            Ok(event) => {
                if job.direct {
                    cassette::show_search_event(hw, &event);
                }
                match event {
                    SearchEvent::Found(_) => self.tape_found(hw, job),
                    SearchEvent::Block { fields } => {
                        // This block's time is the wait here, not the found file's.
                        let _ = hw.deck.take_activity();
                        job.wait = match hw.deck.speed() {
                            cassette::TapeSpeed::Real => fields,
                            cassette::TapeSpeed::Quick => cassette::QUICK_FIELDS_PER_BLOCK,
                        };
                        if !job.hurry {
                            tape_sound(hw, job.wait);
                        }
                        let hurry = job.hurry;
                        self.mode = Mode::Tape(job);
                        return hurry;
                    }
                    _ => {
                        let hurry = job.hurry;
                        self.mode = Mode::Tape(job);
                        return hurry;
                    }
                }
            }
        }
        false
    }

    /// Count down the wait of a tape search (called each field).
    pub(crate) fn tape_tick(&mut self) {
        if let Mode::Tape(job) = &mut self.mode {
            job.wait = job.wait.saturating_sub(1);
        }
    }

    fn tape_failed(&mut self, hw: &mut Hardware, e: ErrorCode) {
        self.mode = Mode::Running;
        self.report_error(hw, e);
    }

    fn tape_found(&mut self, hw: &mut Hardware, job: TapeJob) {
        let speed = hw.deck.speed();
        match job.after {
            AfterFound::Skipf => {
                // The search has read the file's namefile: SKIPF reads on to its EOF block
                // (DR LB903), and the next tape statement starts after it.
                let r = hw.deck.skip_rest();
                self.finish_tape(hw, job, r.map_err(deck_error), speed);
            }
            AfterFound::Cloadm { offset } => {
                // The EXEC address (+ the offset) becomes EXEC's default (DR LB74F).
                let r = hw.deck.cloadm_found(&mut hw.mem, offset).map(|exec| {
                    hw.mem
                        .write_u16(crate::machine::rom_area::low_ram::EXEC_ADDRESS, exec)
                });
                // The code loaded may have patched a statement hook.
                hw.statement_hooks = true;
                self.finish_tape(hw, job, r.map_err(deck_error), speed);
            }
            AfterFound::Cload => {
                let r = self.load_found_program(hw);
                self.finish_tape(hw, job, r, speed);
            }
        }
    }

    fn finish_tape(
        &mut self,
        hw: &mut Hardware,
        job: TapeJob,
        r: Res<()>,
        speed: cassette::TapeSpeed,
    ) {
        let fields = hw.deck.take_activity().wait_fields(speed);
        if job.direct {
            cassette::blink(hw);
        }
        match r {
            Err(e) => {
                self.mode = Mode::Running;
                self.report_error(hw, e);
            }
            Ok(()) => {
                if job.after == AfterFound::Skipf && !job.direct {
                    // SKIPF in a program goes on with the program.
                    self.mode = if fields > 0 {
                        Mode::Sounding(fields as u32)
                    } else {
                        Mode::Running
                    };
                } else if fields > 0 && !job.hurry {
                    // The file's own blocks take their time before the prompt comes back
                    // (at the real pace, a 13K program is over a minute of tape).
                    let wait = fields.min(u32::MAX as u64) as u32;
                    tape_sound(hw, wait);
                    self.mode = Mode::Tape(TapeJob {
                        wait,
                        loaded: true,
                        ..job
                    });
                } else if job.after == AfterFound::Cload {
                    // CLOAD ends in command mode, as on the Dragon.
                    self.go_prompt(hw);
                } else {
                    // CLOADM and SKIPF return to the statement loop (DR LA0D1 -> LB663, an
                    // RTS): `CLOADM"GAME":EXEC` runs what it loaded, at OK or in a program.
                    self.mode = Mode::Running;
                }
            }
        }
    }

    /// INPUT #-1: items from the data file's lines.
    pub(crate) fn input_from_tape(&mut self, hw: &mut Hardware, vars: &[LValue]) -> Res<()> {
        let mut pending: Option<(u16, u16)> = None;
        for v in vars {
            let (mut p, end) = match pending {
                Some(x) if x.0 < x.1 => x,
                _ => {
                    let line = if hw.mem.peek(low_ram::CONSOLE_IN_HOOK) == low_ram::RTS {
                        hw.deck.read_line()
                    } else {
                        read_line_through_hook(hw)
                    };
                    let line = line.map_err(deck_error)?.ok_or(ErrorCode::IE)?;
                    let n = fill_line_buffer(hw, &line);
                    (LINE_BUFFER, LINE_BUFFER + n as u16)
                }
            };
            self.input_item_at(hw, v, &mut p, end)
                .map_err(|_| ErrorCode::FD)?;
            if p < end && hw.mem.peek(p) == b',' {
                p += 1;
                pending = Some((p, end));
            } else {
                pending = Some((end, end));
            }
        }
        Ok(())
    }

    /// EOF(-1).
    pub(crate) fn tape_eof(&mut self, hw: &mut Hardware) -> Res<bool> {
        hw.deck.eof().map_err(deck_error)
    }

    /// PRINT #-1 output.
    pub(crate) fn tape_write(&mut self, hw: &mut Hardware, bytes: &[u8]) -> Res<()> {
        hw.deck.write_bytes(bytes).map_err(deck_error)
    }
}

/// A line for INPUT #-1 as the ROM's line input reads it when the console-in hook holds a
/// routine: TextWaitKeyCurs2a calls the routine before each character, with the device
/// number ($6F) -1, and reads the character from the tape only if it returns to the ROM
/// (docs/machine.md §12.5); one that gives a character gives it instead.
fn read_line_through_hook(hw: &mut Hardware) -> Result<Option<Vec<u8>>, DeckError> {
    if hw.deck.eof()? {
        return Ok(None);
    }
    let mut raw = Vec::new();
    loop {
        hw.mem.poke(TEXT_DEVICE, 0xFF);
        let given = hooks::console_in(hw, hooks::LINE_INPUT_CALLER);
        hw.mem.poke(TEXT_DEVICE, 0);
        let c = match given {
            hooks::ConsoleIn::Key(k) => k,
            hooks::ConsoleIn::ReadKeyboard => match hw.deck.read_char()? {
                Some(c) => c,
                None => break,
            },
        };
        if c == b'\r' || raw.len() > MAX_HOOKED_LINE {
            break;
        }
        raw.push(c);
    }
    Ok(Some(crate::formats::ascii::line_input(&raw)))
}

/// The device number the ROM's console routines look at (TextDevN): 0 the screen and
/// keyboard, -1 the tape, -2 the printer.
const TEXT_DEVICE: u16 = 0x6F;
/// A routine that gives characters and never a CR still ends the line (the ROM's line
/// input stops taking characters at its buffer's 249).
const MAX_HOOKED_LINE: usize = 4096;
