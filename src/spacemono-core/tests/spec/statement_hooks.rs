//! The RAM hooks the ROM calls before each statement, $019A (VectGetNextCmd, from BasRun)
//! and $0179 (VectCmdInterp, from the dispatcher, with the statement's first character in
//! A), and the console-in hook $016A where INPUT #-1 and machine code's own call of $B505
//! come through it (docs/machine.md §12.5).

use crate::common::{machine, output, typed};
use spacemono_core::tape::{cas, tapefile, Namefile, TapeKind};

/// Counts each call of $019A at $3100 (INC $3100 / RTS at $3010) and records A at each call of
/// $0179 from $3200 on (LDX $3102 / STA ,X+ / STX $3102 / RTS at $3014).
const COUNTING: &str = "10 FOR I=0 TO 14:READ B:POKE &H3010+I,B:NEXT
20 DATA 124,49,0,57,190,49,2,167,128,191,49,2,57,57,57
30 POKE &H3100,0:POKE &H3102,&H32:POKE &H3103,0
40 POKE &H19B,&H30:POKE &H19C,&H10:POKE &H19A,&H7E:POKE &H17A,&H30:POKE &H17B,&H14:POKE &H179,&H7E
50 A=1:PRINT \"X\";:GOTO 60
60 REM
70 POKE &H179,&H39:POKE &H19A,&H39:PRINT:PRINT PEEK(&H3100)
80 E=PEEK(&H3102)*256+PEEK(&H3103):FOR I=&H3200 TO E-1:PRINT PEEK(I);:NEXT:PRINT
";

#[test]
fn the_statement_hooks_are_called_before_each_statement_as_on_a_genuine_dragon() {
    // MAME 0.251's dragon32 with the genuine ROM, the same program: 9 statements ran after
    // $019A was patched; $0179 saw A, then the tokens of PRINT, GOTO, REM and POKE.
    assert_eq!(output(COUNTING, ""), "X\n 9 \n 65  135  129  130  147 \n");
}

/// At $3020: a PRINT is taken by the routine, which moves the text pointer ($A6) to the
/// statement's end and returns past the ROM's dispatch (LEAS 2,S / RTS).
const TAKE_PRINT: &str = "10 FOR I=0 TO 22:READ B:POKE &H3020+I,B:NEXT
20 DATA 129,135,38,18,158,166,166,132,39,8,129,58,39,4,48,1,32,244,159,166,50,98,57
30 POKE &H17A,&H30:POKE &H17B,&H20:POKE &H179,&H7E
40 PRINT \"A\";:A=5:PRINT \"B\";:A=A+1:PRINT A
50 POKE &H179,&H39:PRINT A
";

#[test]
fn a_command_hook_routine_may_take_a_statement() {
    // The genuine ROM on MAME: no PRINT of line 40 printed, the LETs ran.
    assert_eq!(output(TAKE_PRINT, ""), " 6 \n");
}

#[test]
fn a_routine_that_takes_a_statement_but_leaves_the_text_pointer_is_sn() {
    // The same routine without its STX <$A6: BasRun finds the PRINT token, not a `:` (DR $84B2).
    let program = TAKE_PRINT.replace("32,244,159,166,50", "32,244,18,18,50");
    assert_eq!(output(&program, ""), "?SN ERROR IN 40\n");
}

#[test]
fn a_statement_hook_routine_that_stops_is_reported_and_the_hook_given_back() {
    // $3010 holds $14, an opcode that stops the 6809 (it halts a real one).
    let program = "10 POKE &H3010,&H14:POKE &H19B,&H30:POKE &H19C,&H10:POKE &H19A,&H7E
20 PRINT \"NOT HERE\"
";
    let mut m = machine();
    m.load_listing(program.as_bytes()).unwrap();
    let out = typed(&mut m, "RUN\nPRINT PEEK(&H19A)");
    assert!(out.contains("BAD 6809 CODE AT $3010 IN 20\n"), "{out}");
    assert!(!out.contains("NOT HERE"), "{out}");
    assert!(out.ends_with(" 57 \nOK\n"), "{out}");
}

#[test]
fn the_console_in_hook_is_called_for_each_character_input_reads_from_tape() {
    // INC $3100 / LDB $006F / STB $3101 / RTS at $3040: the calls, and the device number.
    let program = "10 FOR I=0 TO 9:READ B:POKE &H3040+I,B:NEXT
20 DATA 124,49,0,246,0,111,247,49,1,57
30 POKE &H3100,0:OPEN \"I\",#-1,\"DATA\"
40 POKE &H16B,&H30:POKE &H16C,&H40:POKE &H16A,&H7E
50 INPUT #-1,A$,B
60 POKE &H16A,&H39
70 PRINT A$;B;PEEK(&H3100);PEEK(&H3101):CLOSE #-1
";
    let tape = cas::write(&tapefile::file_blocks(
        &Namefile::data_file("DATA"),
        b"HELLO,42\r",
    ))
    .unwrap();
    let mut m = machine();
    m.insert_tape_image(TapeKind::Cas, "data.cas", &tape)
        .unwrap();
    m.load_listing(program.as_bytes()).unwrap();
    let out = typed(&mut m, "RUN");
    // The ROM's line input calls $B505 for each character, the CR too; the device is -1.
    assert!(out.ends_with("HELLO 42  9  255 \nOK\n"), "{out}");
}

#[test]
fn code_calling_b505_itself_goes_through_the_console_in_hook() {
    // The hook's routine at $3040 gives a key (LDA #'Q' / LEAS 2,S / RTS); the code at
    // $3000 calls $B505 and keeps what it returns (JSR $B505 / STA $3100 / RTS).
    let program = "10 FOR I=0 TO 5:READ B:POKE &H3000+I,B:NEXT
20 DATA 189,181,5,183,49,0
30 POKE &H3006,57:FOR I=0 TO 4:READ B:POKE &H3040+I,B:NEXT
40 DATA 134,81,50,98,57
50 POKE &H16B,&H30:POKE &H16C,&H40:POKE &H16A,&H7E
60 EXEC &H3000:POKE &H16A,&H39:PRINT PEEK(&H3100)
";
    assert_eq!(output(program, ""), " 81 \n");
}
