//! Machine code: the type-in loader's POKE and EXEC / USR, DEF USR and the USR table, the
//! ROM area's bytes and low RAM's vectors, CLOADM and EXEC, calls into the ROM, the IRQ
//! routine at $010C, and every way bad machine code is stopped with BASIC carrying on
//! (docs/machine.md §12). The code is written in DATA as hex bytes, each line after a REM
//! with its assembler source.

use crate::common::{direct, machine, output, typed};
use spacemono_core::tape::{cas, tapefile, Namefile};
use spacemono_core::{Machine, Status};

/// A BASIC loader as magazines printed them: the bytes from DATA POKEd from `at` on (a `*`
/// ends them), then `rest` (lines from 100 on). Each code line is its bytes in hex and its
/// source.
fn loader(at: u16, code: &[(&str, &str)], rest: &str) -> String {
    let mut s =
        format!("10 A={at}\n20 READ B$:IF B$<>\"*\" THEN POKE A,VAL(\"&H\"+B$):A=A+1:GOTO 20\n");
    for (i, (bytes, source)) in code.iter().enumerate() {
        s += &format!(
            "{} REM {}\n{} DATA {}\n",
            30 + 2 * i,
            source,
            31 + 2 * i,
            bytes
        );
    }
    s += &format!("{} DATA *\n", 30 + 2 * code.len());
    s + rest
}

/// ORG $3000: store $42 at $3100, return.
const STORE_42: &[(&str, &str)] = &[
    ("86,42", "LDA #$42"),
    ("B7,31,00", "STA $3100"),
    ("39", "RTS"),
];

/// USR: the argument times two (INTCNV to D, doubled, GIVABF back).
const DOUBLE: &[(&str, &str)] = &[
    ("BD,8B,2D", "JSR $8B2D  INTCNV: FPA0 to D"),
    ("58", "ASLB"),
    ("49", "ROLA"),
    ("7E,8C,37", "JMP $8C37  GIVABF: D to FPA0, its RTS returns"),
];

#[test]
fn a_type_in_loader_pokes_code_and_execs_it() {
    let out = output(
        &loader(0x3000, STORE_42, "100 EXEC &H3000:PRINT PEEK(&H3100)\n"),
        "",
    );
    assert_eq!(out, " 66 \n");
}

#[test]
fn usr_passes_its_argument_in_fpa0_and_returns_fpa0() {
    let rest = "100 DEF USR0=&H3000:PRINT USR0(21);USR(-300)\n";
    assert_eq!(output(&loader(0x3000, DOUBLE, rest), ""), " 42 -600 \n");
}

#[test]
fn def_usr_writes_the_usr_table_at_00b0() {
    let out = direct("DEF USR3=&H3456:T=PEEK(176)*256+PEEK(177):PRINT T;PEEK(T+6);PEEK(T+7)");
    // The table is at $0134 on a Dragon 32 without a disk: USR3 is its fourth entry.
    assert_eq!(out, " 308  52  86 \n");
}

#[test]
fn usr_and_exec_before_they_are_set_are_fc_errors() {
    // At power-on the USR table and the EXEC address all hold the ROM's ?FC routine ($8B8D).
    assert_eq!(direct("PRINT USR5(1)"), "?FC ERROR\n");
    assert_eq!(direct("EXEC"), "?FC ERROR\n");
    assert_eq!(direct("PRINT PEEK(157);PEEK(158)"), " 139  141 \n");
}

#[test]
fn a_usr_routine_sees_a_string_argument_as_the_rom_passes_it() {
    // A = $FF (string) and X = the descriptor: its length byte doubled, as a number.
    let code = &[
        ("E6,84", "LDB ,X      the string's length"),
        ("4F", "CLRA"),
        ("58", "ASLB"),
        ("7E,8C,37", "JMP $8C37  GIVABF"),
    ];
    let rest = "100 DEF USR1=&H3000:PRINT USR1(\"HELLO\")\n";
    assert_eq!(output(&loader(0x3000, code, rest), ""), " 10 \n");
    // A routine that leaves VALTYP saying string is ?TM, as the ROM's check after it says.
    let rts = &[("39", "RTS")];
    let rest = "100 DEF USR=&H3000:PRINT USR(\"A\")\n";
    assert_eq!(output(&loader(0x3000, rts, rest), ""), "?TM ERROR IN 100\n");
}

#[test]
fn the_rom_area_reads_as_the_dragons_vectors_and_jump_table() {
    // The reset vector $B3B4 at $FFFE (and $BFFE): the test programs use to tell a Dragon.
    assert_eq!(
        direct("PRINT PEEK(65535);PEEK(65534);PEEK(&HBFFF)"),
        " 180  179  180 \n"
    );
    // The IRQ vector's JMP at $010C to the ROM's service at $9D3D.
    assert_eq!(
        direct("PRINT PEEK(268);PEEK(269);PEEK(270)"),
        " 126  157  61 \n"
    );
    // POLCAT's entry in the jump table: JMP $BBE5; the console-out hook: RTS.
    assert_eq!(
        direct("PRINT PEEK(&H8006);PEEK(&H8007);PEEK(&H8008);PEEK(&H167)"),
        " 126  187  229  57 \n"
    );
    // The indirect vectors at $A000 (`JSR [$A000]` is POLCAT), then the documented constant 0.
    assert_eq!(
        direct("PRINT PEEK(&HA000);PEEK(&HA001);PEEK(&HA00E)"),
        " 128  6  0 \n"
    );
}

/// The ROM's jump table ($8000-$8032), the vectors ($FFF0-$FFFF) and low RAM's secondary
/// vectors ($0100-$0111) byte for byte as a genuine Dragon 32 reads them at OK (MAME 0.251's
/// `dragon32` with the ROM assembled from the commented disassembly, CRC e3879310).
#[test]
fn the_rom_area_and_low_vectors_read_byte_for_byte_as_a_genuine_dragon_32s() {
    const JUMP_TABLE: &str = "7E BB 40 7E BB 88 7E BB E5 7E BB B5 7E BC AB 7E \
        BD 1A 7E BD 52 7E BD CF 7E BD DC 7E BE 68 7E BE 12 7E BD E7 7E BD AD 7E BD A5 \
        7E BE 7B 7E BE 7C 7E BE 7D";
    const VECTORS: &str = "00 00 01 00 01 03 01 0F 01 0C 01 06 01 09 B3 B4";
    const LOW_VECTORS: &str = "00 00 00 00 00 00 00 00 00 00 00 00 7E 9D 3D 7E B4 69";
    // The software init's bytes: the leader's length .. the printer's width, and from $0148.
    const CASSETTE_PRINTER: &str = "00 80 12 0A 12 DA 5C 04 5E 10 74 84";
    const PRINTER_EOL: &str = "FF FF 01 0D 0A 20 44 4E 53";
    const INDIRECT: &str = "80 06 B5 4A 80 21 B9 3E B9 99 80 12 80 1B";
    let m = machine();
    for (start, genuine) in [
        (0x8000u16, JUMP_TABLE),
        (0xFFF0, VECTORS),
        (0x0100, LOW_VECTORS),
        (0x0090, CASSETTE_PRINTER),
        (0x0148, PRINTER_EOL),
        (0xA000, INDIRECT),
    ] {
        let ours: Vec<String> = (0..genuine.split_whitespace().count() as u16)
            .map(|i| format!("{:02X}", m.peek(start + i)))
            .collect();
        assert_eq!(
            ours.join(" "),
            genuine.split_whitespace().collect::<Vec<_>>().join(" "),
            "from ${start:04X}"
        );
    }
    // The 25 RAM hooks: an RTS each.
    assert!((0x015E..0x01A9).all(|a| m.peek(a) == 0x39));
}

#[test]
fn power_on_low_ram_leaves_basics_memory_as_it_was() {
    assert_eq!(direct("PRINT MEM"), " 24871 \n");
}

#[test]
fn code_calls_chrout_and_textvduout_and_polcat() {
    let code = &[
        ("86,48", "LDA #'H'"),
        ("BD,80,0C", "JSR $800C   CHROUT"),
        ("86,49", "LDA #'I'"),
        ("BD,BC,AB", "JSR $BCAB   TextVDUOut"),
        ("BD,80,06", "JSR $8006   POLCAT"),
        ("27,FB", "BEQ *-3     until a key"),
        ("B7,31,00", "STA $3100"),
        ("39", "RTS"),
    ];
    let rest = "100 EXEC &H3000:PRINT \":\";PEEK(&H3100)\n";
    assert_eq!(output(&loader(0x3000, code, rest), "X"), "HI: 88 \n");
}

#[test]
fn exec_without_an_address_runs_the_last_one() {
    let mut m = machine();
    m.load_listing(loader(0x3000, STORE_42, "").as_bytes())
        .unwrap();
    let out = typed(
        &mut m,
        "RUN\nEXEC &H3000\nPOKE &H3100,0\nEXEC\nPRINT PEEK(&H3100)",
    );
    assert!(out.ends_with(" 66 \nOK\n"), "{out}");
}

/// A machine-code tape: `code` as a CSAVEM file named `name` loading at `load`.
fn machine_code_tape(name: &str, load: u16, exec: u16, code: &[u8]) -> Vec<u8> {
    let namefile = Namefile::csavem(name, load, exec);
    cas::write(&tapefile::file_blocks(&namefile, code)).expect("a tape")
}

#[test]
fn cloadm_of_a_machine_code_tape_then_exec_runs_it() {
    let mut m = machine();
    // LDA #$42 / STA $3100 / RTS, loading at $2F00, run from $2F00.
    let code = [0x86, 0x42, 0xB7, 0x31, 0x00, 0x39];
    let tape = machine_code_tape("MC", 0x2F00, 0x2F00, &code);
    m.insert_tape_image(spacemono_core::tape::TapeKind::Cas, "mc.cas", &tape)
        .unwrap();
    let out = typed(
        &mut m,
        "CLOADM\"MC\",&H100\nEXEC\nPRINT PEEK(&H3100);PEEK(157);PEEK(158)",
    );
    // With the offset the code lands at $3000 and EXEC's address is $3000.
    assert!(out.ends_with(" 66  48  0 \nOK\n"), "{out}");
}

#[test]
fn csavem_then_cloadm_brings_the_code_back() {
    let mut m = machine();
    m.load_listing(loader(0x3000, STORE_42, "").as_bytes())
        .unwrap();
    // A tape in the deck to save onto (an earlier file on it, which the load passes over).
    let tape = machine_code_tape("OTHER", 0x2000, 0x2000, &[0x39]);
    m.insert_tape_image(spacemono_core::tape::TapeKind::Cas, "t.cas", &tape)
        .unwrap();
    let saved = typed(&mut m, "RUN\nCSAVEM\"STORE\",&H3000,&H3005,&H3000");
    assert!(!saved.contains("ERROR"), "{saved}");
    m.deck().rewind();
    let out = typed(
        &mut m,
        "FOR I=0 TO 5:POKE &H3000+I,0:NEXT\nCLOADM\"STORE\"\nEXEC\nPRINT PEEK(&H3100)",
    );
    assert!(out.ends_with(" 66 \nOK\n"), "{out}");
}

/// Install the IRQ routine at $3010 with one STX (no half-written vector between two POKEs).
const INSTALL_IRQ: &[(&str, &str)] = &[
    ("8E,30,10", "LDX #$3010"),
    ("BF,01,0D", "STX $010D   the JMP at $010C now goes to $3010"),
    ("39", "RTS"),
];

#[test]
fn a_patched_irq_vector_runs_every_field_and_may_chain_to_the_roms() {
    let mut code = INSTALL_IRQ.to_vec();
    code.extend_from_slice(&[
        ("00,00,00,00,00,00,00,00,00", "(padding to $3010)"),
        ("7C,31,00", "$3010: INC $3100   count the field"),
        ("7E,9D,3D", "JMP $9D3D   on to the ROM's service (TIMER)"),
    ]);
    let rest = "100 POKE &H3100,0:EXEC &H3000:T=TIMER-PEEK(&H3100)\n\
                110 FOR I=1 TO 200:NEXT\n\
                120 PRINT TIMER-PEEK(&H3100)-T;PEEK(&H3100)>5\n";
    assert_eq!(output(&loader(0x3000, &code, rest), ""), " 0 -1 \n");
}

#[test]
fn an_irq_routine_that_does_not_chain_stops_timer() {
    let mut code = INSTALL_IRQ.to_vec();
    code.extend_from_slice(&[
        ("00,00,00,00,00,00,00,00,00", "(padding to $3010)"),
        ("7C,31,00", "$3010: INC $3100"),
        ("B6,FF,02", "LDA $FF02   the PIA's flag cleared"),
        ("3B", "RTI"),
    ]);
    let rest = "100 POKE &H3100,0:EXEC &H3000:T=TIMER\n\
                110 FOR I=1 TO 200:NEXT\n\
                120 PRINT TIMER-T;PEEK(&H3100)>5\n";
    assert_eq!(output(&loader(0x3000, &code, rest), ""), " 0 -1 \n");
}

#[test]
fn the_irq_reaches_machine_code_running_with_interrupts_enabled() {
    // A loop that waits for TIMER to move: only the field interrupt (the ROM's service,
    // through $010C) moves it.
    let code = &[
        ("FC,01,12", "LDD $0112   TIMER"),
        ("10,B3,01,12", "CMPD $0112"),
        ("27,FA", "BEQ *-4"),
        ("39", "RTS"),
    ];
    let rest = "100 EXEC &H3000:PRINT \"MOVED\"\n";
    assert_eq!(output(&loader(0x3000, code, rest), ""), "MOVED\n");
}

/// Run until the machine is back at OK or `fields` have passed; the status then.
fn run_fields(m: &mut Machine, fields: u32) -> Status {
    for _ in 0..fields {
        if m.run_field() == Status::Prompt && !m.keys_pending() {
            return Status::Prompt;
        }
    }
    m.status()
}

const RUNAWAY: &[(&str, &str)] = &[("20,FE", "BRA *")];

#[test]
fn a_runaway_loop_returns_to_the_host_each_field_and_break_stops_it() {
    let mut m = machine();
    m.load_listing(loader(0x3000, RUNAWAY, "100 A=7:EXEC &H3000:PRINT \"AFTER\"\n").as_bytes())
        .unwrap();
    m.type_text(b"RUN\r");
    let before = m.fields();
    assert_eq!(run_fields(&mut m, 200), Status::Running);
    assert_eq!(m.fields() - before, 200, "each field came back to the host");
    m.type_break();
    assert_eq!(run_fields(&mut m, 5), Status::Prompt);
    let t = m.transcript().unwrap();
    assert!(t.ends_with("BREAK IN 100\nOK\n"), "{t}");
    // The program and its variables are intact; CONT goes on after the EXEC.
    let out = typed(&mut m, "PRINT A\nCONT");
    assert!(out.ends_with(" 7 \nOK\nCONT\nAFTER\nOK\n"), "{out}");
}

#[test]
fn a_runaway_loop_is_stopped_by_the_field_limit() {
    let mut m = machine();
    m.load_listing(loader(0x3000, RUNAWAY, "100 EXEC &H3000\n").as_bytes())
        .unwrap();
    m.type_text(b"RUN\r");
    let end = m.run_until_done(Some(300));
    assert_eq!(end, spacemono_core::EndReason::TimeLimit);
    // And it is still the machine's to stop: BREAK brings OK.
    m.type_break();
    assert_eq!(run_fields(&mut m, 5), Status::Prompt);
}

#[test]
fn an_undocumented_opcode_stops_the_code_and_basic_carries_on() {
    let mut m = machine();
    let code = &[("86,01", "LDA #1"), ("14", "$14: halts a real 6809")];
    m.load_listing(loader(0x3000, code, "100 B=5:EXEC &H3000\n").as_bytes())
        .unwrap();
    let out = typed(&mut m, "RUN\nPRINT B");
    assert!(
        out.contains("BAD 6809 CODE AT $3002 IN 100\nOK\nPRINT B\n 5 \nOK\n"),
        "{out}"
    );
    let stops = m.take_code_stops();
    assert_eq!(stops.len(), 1);
    assert!(stops[0].contains("$3002"), "{stops:?}");
}

#[test]
fn a_call_to_a_rom_routine_not_answered_stops_naming_it() {
    let mut m = machine();
    let code = &[("BD,A9,28", "JSR $A928  (a routine not answered)")];
    m.load_listing(loader(0x3000, code, "100 EXEC &H3000\n").as_bytes())
        .unwrap();
    let out = typed(&mut m, "RUN\nLIST 100");
    assert!(
        out.contains("NO ROM ROUTINE AT $A928 IN 100\nOK\n"),
        "{out}"
    );
    assert!(out.ends_with("100 EXEC &H3000\nOK\n"), "{out}");
    let stops = m.take_code_stops();
    assert!(stops[0].contains("$A928"), "{stops:?}");
}

#[test]
fn a_usr_routine_that_never_returns_is_stopped() {
    let rest = "100 DEF USR0=&H3000:PRINT \"X\";USR0(1)\n";
    let out = output(&loader(0x3000, RUNAWAY, rest), "");
    assert_eq!(out, "X\nCODE AT $3000 RAN ON IN 100\n");
}

#[test]
fn intcnv_out_of_range_is_an_fc_error_in_basic() {
    let rest = "100 DEF USR0=&H3000:PRINT USR0(40000)\n";
    assert_eq!(
        output(&loader(0x3000, DOUBLE, rest), ""),
        "?FC ERROR IN 100\n"
    );
}

#[test]
fn a_patched_console_out_hook_sees_each_character_printed() {
    let code = &[
        ("81,41", "$3000: CMPA #'A'"),
        ("26,02", "BNE $3006"),
        ("86,42", "LDA #'B'    the ROM prints what A holds on return"),
        ("39", "$3006: RTS"),
        ("00,00,00,00,00,00,00,00,00", "(padding to $3010)"),
        ("7C,31,00", "$3010: INC $3100"),
        (
            "32,62",
            "LEAS 2,S    drop TextOutChar's return: nothing printed",
        ),
        ("39", "RTS"),
    ];
    // The JMP's address first, its opcode last: the hook is never half written.
    let rest = "100 POKE &H168,&H30:POKE &H169,0:POKE &H167,&H7E\n\
                110 PRINT \"ABBA\"\n\
                120 POKE &H3100,0:POKE &H169,&H10:PRINT \"XYZ\";\n\
                130 POKE &H167,&H39:PRINT PEEK(&H3100)\n";
    assert_eq!(output(&loader(0x3000, code, rest), ""), "BBBB\n 3 \n");
}

#[test]
fn a_hook_routine_that_stops_is_reported_and_the_hook_given_back() {
    let code = &[("BD,A9,28", "$3000: JSR $A928  (a routine not answered)")];
    let rest = "100 POKE &H168,&H30:POKE &H169,0:POKE &H167,&H7E\n110 PRINT \"A\"\n";
    let mut m = machine();
    m.load_listing(loader(0x3000, code, rest).as_bytes())
        .unwrap();
    let out = typed(&mut m, "RUN\nPRINT PEEK(&H167)");
    assert!(
        out.ends_with("A\nNO ROM ROUTINE AT $A928 IN 110\nOK\nPRINT PEEK(&H167)\n 57 \nOK\n"),
        "{out}"
    );
    assert!(m.take_code_stops()[0].contains("$A928"));
}

/// The console-in hook at $016A pointed at $3000 (the JMP's address first, its opcode last).
const PATCH_CONSOLE_IN: &str = "POKE &H16B,&H30:POKE &H16C,0:POKE &H16A,&H7E";

#[test]
fn a_patched_console_in_hook_is_called_once_for_each_key_of_a_line() {
    let code = &[
        ("7C,31,00", "$3000: INC $3100"),
        ("39", "RTS  the ROM reads the key"),
    ];
    let rest = format!(
        "100 POKE &H3100,0:{PATCH_CONSOLE_IN}\n\
         110 INPUT A$\n\
         120 POKE &H16A,&H39:PRINT A$;PEEK(&H3100)\n"
    );
    let mut m = machine();
    m.load_listing(loader(0x3000, code, &rest).as_bytes())
        .unwrap();
    // Typed a field apart, so the INPUT waits for each key: the routine still runs once a key.
    let out = typed(&mut m, "RUN\r{WAIT 5}H{WAIT 5}E{WAIT 5}L{WAIT 5}L{WAIT 5}O");
    assert!(out.ends_with("? HELLO\nHELLO 6 \nOK\n"), "{out:?}");
}

#[test]
fn a_console_in_hook_routine_types_a_command_for_the_user() {
    // A loader's auto-typer: each call gives the next byte of a table as the key (dropping
    // the ROM's return), and at its 0 puts the RTS back and lets the keyboard in.
    let code = &[
        ("BE,31,00", "$3000: LDX $3100  the next byte"),
        ("A6,80", "LDA ,X+"),
        ("27,06", "BEQ $300D"),
        ("BF,31,00", "STX $3100"),
        (
            "32,62",
            "LEAS 2,S    drop TextWaitKeyCurs2a's return: A is the key",
        ),
        ("39", "RTS"),
        ("86,39", "$300D: LDA #$39"),
        ("B7,01,6A", "STA $016A  the hook unpatched"),
        ("39", "RTS         the ROM reads the keyboard"),
    ];
    // The first byte has bit 7 set: the ROM masks the key given to 7 bits.
    let rest = format!(
        "100 T$=\"PRINT 6*7\"+CHR$(13):FOR I=1 TO LEN(T$):POKE &H310F+I,ASC(MID$(T$,I,1)):NEXT\n\
         110 POKE &H3110,ASC(\"P\")+128:POKE &H3110+LEN(T$),0\n\
         120 POKE &H3100,&H31:POKE &H3101,&H10:{PATCH_CONSOLE_IN}\n"
    );
    let mut m = machine();
    m.load_listing(loader(0x3000, code, &rest).as_bytes())
        .unwrap();
    let out = typed(&mut m, "RUN");
    assert_eq!(out, "RUN\nOK\nPRINT 6*7\n 42 \nOK\n");
    assert_eq!(
        typed(&mut m, "PRINT PEEK(&H16A)"),
        "PRINT PEEK(&H16A)\n 57 \nOK\n"
    );
}

#[test]
fn a_console_in_hook_routine_that_stops_is_reported_and_the_hook_given_back() {
    let code = &[("BD,A9,28", "$3000: JSR $A928  (a routine not answered)")];
    let rest = format!("100 {PATCH_CONSOLE_IN}\n110 INPUT A\n");
    let mut m = machine();
    m.load_listing(loader(0x3000, code, &rest).as_bytes())
        .unwrap();
    let out = typed(&mut m, "RUN\r{WAIT 5}PRINT PEEK(&H16A)");
    assert!(
        out.ends_with("? \nNO ROM ROUTINE AT $A928 IN 110\nOK\nPRINT PEEK(&H16A)\n 57 \nOK\n"),
        "{out:?}"
    );
    assert!(m.take_code_stops()[0].contains("$A928"));
}

#[test]
fn a_patched_error_hook_is_called_with_the_errors_offset_in_b() {
    let code = &[
        ("7C,31,00", "$3000: INC $3100"),
        ("F7,31,01", "STB $3101   the error's number times two"),
        ("39", "RTS         the ROM prints the error"),
    ];
    let rest = "100 POKE &H3100,0:POKE &H18F,&H30:POKE &H190,0:POKE &H18E,&H7E\n110 X=1/0\n";
    let mut m = machine();
    m.load_listing(loader(0x3000, code, rest).as_bytes())
        .unwrap();
    let out = typed(&mut m, "RUN\rPRINT PEEK(&H3100);PEEK(&H3101)");
    // ?/0 is the ROM's eleventh error: offset 20.
    assert!(
        out.ends_with("?/0 ERROR IN 110\nOK\nPRINT PEEK(&H3100);PEEK(&H3101)\n 1  20 \nOK\n"),
        "{out:?}"
    );
}

#[test]
fn code_reads_the_joysticks_through_the_roms_routine() {
    let code = &[
        (
            "BD,80,12",
            "JSR $8012   read the joysticks into $015A-$015D",
        ),
        ("B6,01,5B", "LDA $015B   JOYSTK(1)"),
        ("B7,31,00", "STA $3100"),
        ("39", "RTS"),
    ];
    let mut m = machine();
    m.load_listing(loader(0x3000, code, "100 EXEC &H3000:PRINT PEEK(&H3100)\n").as_bytes())
        .unwrap();
    m.set_joystick(1, 50);
    let out = typed(&mut m, "RUN");
    assert!(out.ends_with(" 50 \nOK\n"), "{out}");
}

#[test]
fn code_polling_for_a_key_that_never_comes_waits_for_keys() {
    let code = &[("BD,80,06", "JSR $8006   POLCAT"), ("27,FB", "BEQ *-3")];
    let mut m = machine();
    m.load_listing(loader(0x3000, code, "100 EXEC &H3000\n").as_bytes())
        .unwrap();
    m.type_text(b"RUN\r");
    let end = m.run_until_done(Some(50 * 600));
    assert_eq!(end, spacemono_core::EndReason::WaitedForKeys);
}

#[test]
fn code_clears_the_screen_prints_a_string_and_waits_for_a_key() {
    let code = &[
        ("BD,BA,77", "JSR $BA77   TextCls"),
        ("8E,30,10", "LDX #$3010  the byte before the string"),
        ("BD,90,E5", "JSR $90E5   TextOutString"),
        ("BD,85,2B", "JSR $852B   TextWaitKey"),
        ("B7,31,00", "STA $3100"),
        ("39", "RTS"),
        ("00", "$3010: (before the string)"),
        ("50,52,45,53,53,00", "$3011: FCC 'PRESS' and a 0"),
    ];
    let mut m = machine();
    m.load_listing(loader(0x3000, code, "100 EXEC &H3000:PRINT PEEK(&H3100)\n").as_bytes())
        .unwrap();
    m.type_text(b"RUN\r");
    run_fields(&mut m, 100);
    assert_eq!(m.status(), Status::WaitingForKey, "TextWaitKey waits");
    assert!(m.screen_text().starts_with("PRESS"), "{}", m.screen_text());
    m.type_script(b"Q");
    assert_eq!(run_fields(&mut m, 100), Status::Prompt);
    assert!(
        m.screen_text().starts_with("PRESS 81"),
        "{}",
        m.screen_text()
    );
}
