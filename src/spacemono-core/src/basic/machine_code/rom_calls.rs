//! Calls into the ROM, answered in Rust as the Dragon 32's ROM answers them: registers in,
//! registers and RAM out, and the cycles the routine spends (docs/machine.md §12.4). A call to
//! any address not answered here stops the code ([`Stop::UnknownRom`]).

use super::{dp, hooks, CodeRun, Stop};
use crate::basic::error::ErrorCode;
use crate::basic::float::{Fac, FloatUnit};
use crate::cpu::cc;
use crate::machine::hardware::Hardware;
use crate::machine::memory::addr;
use crate::machine::rom_area::low_ram;
use crate::machine::screen::TextScreen;

/// The routines answered, by address: the jump table's entries and where they lead.
mod at {
    pub const POLCAT: u16 = 0x8006;
    pub const TEXT_SCAN_KBD: u16 = 0xBBE5;
    pub const BLINK: u16 = 0x8009;
    pub const TEXT_UPDATE_CURS: u16 = 0xBBB5;
    pub const CHROUT: u16 = 0x800C;
    pub const TEXT_VDU_OUT: u16 = 0xBCAB;
    pub const PRINTER: u16 = 0x800F;
    pub const PRINTER_OUT: u16 = 0xBD1A;
    pub const JOYIN: u16 = 0x8012;
    pub const READ_JOYSTICK: u16 = 0xBD52;
    /// The Dragon 64's serial routines, each an RTS on a Dragon 32 ($802A-$8030's targets).
    pub const SERIAL: [u16; 6] = [0x802A, 0x802D, 0x8030, 0xBE7B, 0xBE7C, 0xBE7D];
    pub const VAR_GET_USR: u16 = 0x8B29;
    pub const INTCNV: u16 = 0x8B2D;
    pub const GIVABF_B: u16 = 0x8C36;
    pub const GIVABF: u16 = 0x8C37;
    pub const FC_ERROR: u16 = 0x8B8D;
    pub const TEXT_CLS: u16 = 0xBA77;
    pub const TEXT_CLS_CHAR: u16 = 0xBA79;
    pub const TEXT_OUT_CHAR: u16 = 0xB54A;
    pub const TEXT_OUT_STRING: u16 = 0x90E5;
    pub const TEXT_WAIT_KEY: u16 = 0x852B;
    pub const TEXT_WAIT_KEY_CURSOR: u16 = 0xB505;
}

/// Cycles charged for each answered routine: the ROM's own path through it, counted from
/// the disassembly where it is short, estimated where it loops (docs/machine.md §12.4).
mod cost {
    /// TextScanKbd with no key newly down: the column strobe, the row read, the compare.
    pub const POLCAT: u32 = 60;
    /// TextUpdateCurs: its count, and the delay loop of $045E turns of 8 cycles.
    pub const BLINK: u32 = 30 + 0x045E * 8;
    /// TextVDUOut for a printable character (docs/timing.md §2.13 counts the screen's part).
    pub const CALL: u32 = 20;
    /// INTCNV and GIVABF: the type check, the shift into place, the RTS.
    pub const INTCNV: u32 = 80;
    pub const GIVABF: u32 = 60;
    /// The IRQ service: the PIA's flag, TIMER, the sound counts, RTI.
    pub const IRQ: u32 = crate::timing::FIELD_IRQ_CYCLES;
    /// RTS.
    pub const RTS: u32 = 5;
    /// TextClsChar: `STB ,X+` / `CMPX` / `BLS` (13 cycles) for each of the 512 cells.
    pub const CLS: u32 = 20 + 512 * 13;
    /// TextOutString's loop for each character, beside the screen's cost.
    pub const STRING_CHAR: u32 = 40;
}

/// Answer a call to `pc` in the ROM area: the routine's work, then its return (RTS, or RTI
/// for the interrupt services). Returns its cycles.
pub(super) fn answer(hw: &mut Hardware, run: &mut CodeRun, pc: u16) -> Result<u32, Stop> {
    if pc == hooks::AFTER_CONSOLE_IN_HOOK {
        // CLR <CasEOFFlag, then the keyboard (the device being 0).
        hw.mem.poke(0x70, 0);
    }
    let cycles = match pc {
        at::POLCAT | at::TEXT_SCAN_KBD => {
            // A = the key newly pressed (0: none), Z from it; B and X kept.
            let key = hw.keyboard.inkey().unwrap_or(0);
            run.cpu.regs.a = key;
            set_nz(run, key);
            cost::POLCAT
        }
        at::BLINK | at::TEXT_UPDATE_CURS => {
            blink(hw, run);
            cost::BLINK
        }
        at::CHROUT | at::TEXT_VDU_OUT => cost::CALL + to_screen(hw, run.cpu.regs.a),
        at::PRINTER | at::PRINTER_OUT => {
            hw.print_to_printer(&[run.cpu.regs.a]);
            cost::CALL
        }
        // BasJoyVal0-3 ($015A-$015D) get the four axes, and the mux and the DAC are left
        // as the ROM's read leaves them, as JOYSTK(0) does.
        at::JOYIN | at::READ_JOYSTICK => cost::CALL + hw.read_joysticks(),
        a if super::rom_cassette::answers(a) => return super::rom_cassette::answer(hw, run, a),
        a if super::rom_init::HW_INIT.contains(&a) => {
            return Ok(super::rom_init::hardware(hw, run))
        }
        a if super::rom_init::SW_INIT.contains(&a) => super::rom_init::software(hw, run),
        a if at::SERIAL.contains(&a) => 0,
        at::VAR_GET_USR | at::INTCNV => {
            if pc == at::VAR_GET_USR && hw.mem.peek(dp::FPA0 + 5) & 0x80 != 0 {
                return Err(Stop::Basic(ErrorCode::FC));
            }
            let d = intcnv(hw)?;
            run.cpu.regs.set_d(d as u16);
            cost::INTCNV
        }
        at::GIVABF | at::GIVABF_B => {
            let d = if pc == at::GIVABF_B {
                run.cpu.regs.b as i16
            } else {
                run.cpu.regs.d() as i16
            };
            givabf(hw, d);
            cost::GIVABF
        }
        at::FC_ERROR => return Err(Stop::Basic(ErrorCode::FC)),
        at::TEXT_CLS | at::TEXT_CLS_CHAR => cls(hw, run, pc),
        at::TEXT_OUT_CHAR => out_char(hw, run, pc)?,
        at::TEXT_OUT_STRING => out_string(hw, run),
        at::TEXT_WAIT_KEY_CURSOR if hw.mem.peek(low_ram::CONSOLE_IN_HOOK) != low_ram::RTS => {
            // BSR TextWaitKeyCurs2a, whose JSR $016A calls the hook's routine first; it
            // comes back to $B50D (the keyboard read) or, having given the key, to $B507.
            push(hw, run, hooks::CONSOLE_IN_KEY_GIVEN);
            push(hw, run, hooks::AFTER_CONSOLE_IN_HOOK);
            run.cpu.regs.pc = low_ram::CONSOLE_IN_HOOK;
            return Ok(7 + 8);
        }
        hooks::CONSOLE_IN_KEY_GIVEN => {
            // ANDA #$7F.
            let a = run.cpu.regs.a & 0x7F;
            run.cpu.regs.a = a;
            set_nz(run, a);
            2
        }
        at::TEXT_WAIT_KEY | at::TEXT_WAIT_KEY_CURSOR | hooks::AFTER_CONSOLE_IN_HOOK => {
            match hw.keyboard.inkey() {
                Some(key) => {
                    run.cpu.regs.a = key;
                    set_nz(run, key);
                    cost::POLCAT
                }
                // No key yet: the routine goes on waiting (the PC stays, so the run comes back
                // here, field after field, until one comes or BREAK stops it).
                None if pc == at::TEXT_WAIT_KEY => return Ok(cost::POLCAT),
                // (At $B50D: CLR <CasEOFFlag, then the keyboard, the device being 0.)
                None => {
                    blink(hw, run);
                    return Ok(cost::BLINK);
                }
            }
        }
        low_ram::ROM_IRQ => {
            irq_service(hw);
            return Ok(cost::IRQ + rti(hw, run));
        }
        // WarmStart: BASIC's, after the code (`Interpreter::warm_start`).
        low_ram::ROM_WARM_START => return Err(Stop::WarmStart),
        low_ram::ROM_FIRQ => {
            // No cartridge: the FIRQ service returns at once.
            return Ok(10 + rti(hw, run));
        }
        _ => return Err(Stop::UnknownRom(pc)),
    };
    Ok(cycles + rts(hw, run))
}

/// The cursor's address (TextVDUCursAddr).
const CURSOR: u16 = 0x88;

/// TextCls / TextClsChar: the screen filled with B ($60, the VDG's space, from TextCls),
/// the cursor home, X past the screen.
fn cls(hw: &mut Hardware, run: &mut CodeRun, pc: u16) -> u32 {
    let fill = if pc == at::TEXT_CLS {
        0x60
    } else {
        run.cpu.regs.b
    };
    run.cpu.regs.b = fill;
    for a in addr::TEXT_SCREEN..addr::TEXT_SCREEN_END {
        hw.mem.poke(a, fill);
    }
    hw.mem.write_u16(CURSOR, addr::TEXT_SCREEN);
    run.cpu.regs.x = addr::TEXT_SCREEN_END;
    cost::CLS
}

/// TextOutChar: A to the device in $6F, the screen (0) or the printer (-2). (The
/// console-out hook is not called from here: a hook's routine calling this would call
/// itself.)
fn out_char(hw: &mut Hardware, run: &mut CodeRun, pc: u16) -> Result<u32, Stop> {
    match hw.mem.peek(0x6F) {
        0 => Ok(cost::CALL + to_screen(hw, run.cpu.regs.a)),
        0xFE => {
            hw.print_to_printer(&[run.cpu.regs.a]);
            Ok(cost::CALL)
        }
        _ => Err(Stop::UnknownRom(pc)),
    }
}

/// TextOutString: the bytes after X up to a 0 or a '"', to the screen; X left on the end.
fn out_string(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    let mut x = run.cpu.regs.x;
    let mut cycles = cost::CALL;
    for _ in 0..=255 {
        x = x.wrapping_add(1);
        let c = hw.read_bus(x);
        if c == 0 || c == b'"' {
            break;
        }
        cycles += cost::STRING_CHAR + to_screen(hw, c);
    }
    run.cpu.regs.x = x;
    cycles
}

/// TextVDUOut: `c` on the text screen (and in the transcript); its cycles.
fn to_screen(hw: &mut Hardware, c: u8) -> u32 {
    let cycles = TextScreen::put(&mut hw.mem, c);
    if let Some(t) = hw.transcript.as_mut() {
        if t.len() < crate::machine::hardware::TRANSCRIPT_LIMIT {
            t.push(c);
        }
    }
    cycles
}

/// A return address pushed as JSR and BSR push it.
fn push(hw: &mut Hardware, run: &mut CodeRun, pc: u16) {
    let s = run.cpu.regs.s.wrapping_sub(2);
    let [hi, lo] = pc.to_be_bytes();
    hw.write_bus(s, hi);
    hw.write_bus(s.wrapping_add(1), lo);
    run.cpu.regs.s = s;
}

/// RTS: PC from the stack.
pub(super) fn rts(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    let s = run.cpu.regs.s;
    run.cpu.regs.pc = u16::from_be_bytes([hw.read_bus(s), hw.read_bus(s.wrapping_add(1))]);
    run.cpu.regs.s = s.wrapping_add(2);
    cost::RTS
}

/// RTI: CC, then (with E set) A, B, DP, X, Y, U, then PC. Returns its cycles (15 or 6).
fn rti(hw: &mut Hardware, run: &mut CodeRun) -> u32 {
    let mut pull = |n: u16| {
        let s = run.cpu.regs.s;
        let v = (0..n).fold(0u16, |v, i| v << 8 | hw.read_bus(s.wrapping_add(i)) as u16);
        run.cpu.regs.s = s.wrapping_add(n);
        v
    };
    let ccr = pull(1) as u8;
    let entire = ccr & cc::E != 0;
    let (mut a, mut b, mut dpr, mut x, mut y, mut u) = (0, 0, 0, 0, 0, 0);
    if entire {
        a = pull(1) as u8;
        b = pull(1) as u8;
        dpr = pull(1) as u8;
        x = pull(2);
        y = pull(2);
        u = pull(2);
    }
    let pc = pull(2);
    let r = &mut run.cpu.regs;
    r.cc = ccr;
    if entire {
        (r.a, r.b, r.dp, r.x, r.y, r.u) = (a, b, dpr, x, y, u);
    }
    r.pc = pc;
    if entire {
        15
    } else {
        6
    }
}

/// N and Z from `v`, V clear (TSTA).
fn set_nz(run: &mut CodeRun, v: u8) {
    let r = &mut run.cpu.regs;
    r.cc &= !(cc::N | cc::Z | cc::V);
    if v == 0 {
        r.cc |= cc::Z;
    }
    if v & 0x80 != 0 {
        r.cc |= cc::N;
    }
}

/// TextUpdateCurs: count down $8F; at 0, back to 50 and the character at the cursor
/// ($88) inverted (bit 6). Leaves A = that character, X = 0 (its delay loop), Z set.
fn blink(hw: &mut Hardware, run: &mut CodeRun) {
    const COUNT: u16 = 0x8F;
    let n = hw.mem.peek(COUNT).wrapping_sub(1);
    hw.mem.poke(COUNT, n);
    if n == 0 {
        hw.mem.poke(COUNT, 0x32);
        let at = hw.mem.read_u16(CURSOR);
        let c = hw.read_bus(at) ^ 0x40;
        hw.write_bus(at, c);
        run.cpu.regs.a = c;
    }
    run.cpu.regs.x = 0;
    run.cpu.regs.cc = (run.cpu.regs.cc & !(cc::N | cc::V)) | cc::Z;
}

/// The ROM's FPA0 in RAM as the float package's accumulator.
pub(crate) fn read_fpa0(hw: &Hardware) -> Fac {
    let b = hw.mem.read5(dp::FPA0);
    Fac {
        exp: b[0],
        man: u32::from_be_bytes([b[1], b[2], b[3], b[4]]),
        sign: hw.mem.peek(dp::FPA0 + 5),
        ov: 0,
    }
}

/// The float package's accumulator into the ROM's FPA0 in RAM.
pub(crate) fn write_fpa0(hw: &mut Hardware, fac: &Fac) {
    hw.mem.poke(dp::FPA0, fac.exp);
    for (i, b) in fac.man.to_be_bytes().iter().enumerate() {
        hw.mem.poke(dp::FPA0 + 1 + i as u16, *b);
    }
    hw.mem.poke(dp::FPA0 + 5, fac.sign);
}

/// INTCNV ($8B2D): ?TM if VALTYP says string; FPA0 to a signed 16-bit integer (?FC outside
/// -32768..32767), left in D and at $52.
fn intcnv(hw: &mut Hardware) -> Result<i16, Stop> {
    if hw.mem.peek(dp::VALTYP) != 0 {
        return Err(Stop::Basic(ErrorCode::TM));
    }
    let mut fu = FloatUnit::new();
    fu.fac = read_fpa0(hw);
    let d = fu.to_i16().map_err(|_| Stop::Basic(ErrorCode::FC))?;
    write_fpa0(hw, &fu.fac);
    hw.mem.write_u16(dp::FPA0_INT, d as u16);
    Ok(d)
}

/// GIVABF ($8C37): VALTYP numeric, FPA0 = `d`.
fn givabf(hw: &mut Hardware, d: i16) {
    let mut fu = FloatUnit::new();
    fu.load_i16(d);
    hw.mem.poke(dp::VALTYP, 0);
    write_fpa0(hw, &fu.fac);
}

/// The ROM's IRQ service (DR BasIRQVec $9D3D, SoundINT $AFD9, LBB02) for a field
/// interrupt: the PIA's flag cleared by reading $FF02, TIMER counted, PLAY's timer ($E3)
/// counted down while it runs, else SOUND's length ($8D) counted down. (When PLAY's timer
/// runs out the ROM throws PLAY's tone loop back to its parser through the U it saved; that
/// is PLAY's alone here: machine code that set the timer itself sees it cleared, and the RTI
/// returns where the interrupt came from.)
fn irq_service(hw: &mut Hardware) {
    hw.read_bus(0xFF02);
    let t = hw.mem.read_u16(addr::TIMER).wrapping_add(1);
    hw.mem.write_system_u16(addr::TIMER, t);
    if crate::basic::play::sound_int(hw) {
        return;
    }
    let n = hw.mem.read_u16(0x8D);
    if n != 0 {
        hw.mem.write_u16(0x8D, n - 1);
    }
}
