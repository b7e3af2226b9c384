//! The field ends a running program crosses by itself (`Machine::run_fields`) take a short
//! way when nothing but the ROM's IRQ service is due, and cross the several field ends of a
//! long statement at once. Each must leave the machine exactly as the full field end does
//! (`Machine::run_field` ends every field in full): through a statement longer than a field,
//! the SAM's rate changed by a POKE (the budget), the field-sync IRQ turned off and on in
//! PIA0 (TIMER stops), the DAC written with the sound mux on (sound to hand over), and keys
//! in the matrix.

use crate::common::batched::same_run_batched;
use spacemono_core::Machine;

#[test]
fn quiet_and_long_field_ends_are_the_field_ends_in_full() {
    // Line 30's LINE BF takes many fields; line 40's POKE speeds the SAM up (another
    // budget) and line 60 slows it again; line 70 turns the field sync's IRQ off, so TIMER
    // stands still through line 80's LINE BF (U-V is 0), and line 100 turns it on again;
    // line 110 plays a ramp through the DAC with the sound mux on; line 200 looks for a key
    // in the matrix (P, pressed at field 300: column 0, row 4). A LINE BF of the whole screen takes 289
    // fields.
    let listing = b"10 T=TIMER:PMODE 4,1:PCLS:SCREEN 1,1\r\
        20 POKE &HFF23,63\r\
        30 LINE(0,0)-(255,191),PSET,BF\r\
        40 POKE 65495,0\r\
        50 POKE &HFF02,&HFE:FOR I=1 TO 20:A=SIN(I)*LOG(I):GOSUB 200:NEXT\r\
        60 POKE 65494,0\r\
        70 POKE &HFF03,PEEK(&HFF03) AND 254:V=TIMER\r\
        80 LINE(0,0)-(255,191),PRESET,BF:U=TIMER\r\
        90 POKE &HFF03,PEEK(&HFF03) OR 1\r\
        100 PRINT U-V;\r\
        110 FOR I=0 TO 63:POKE &HFF20,I*4:NEXT\r\
        120 REM\r\
        130 N=N+1:IF N<2 THEN 30\r\
        140 PRINT \"END\":END\r\
        200 IF (PEEK(&HFF00) AND 16)=0 THEN PRINT \"P\";\r\
        210 RETURN\r";
    // P pressed in the matrix at field 300.
    let run = same_run_batched(listing, 1500, &[(300, b'P')], Machine::press);
    let (t, longest) = (run.transcript, run.longest);
    assert!(t.contains("END"), "{t}");
    assert!(t.contains(" 0 "), "TIMER stood still with the IRQ off: {t}");
    assert!(t.contains('P'), "the key was seen in the matrix: {t}");
    assert!(longest > 1, "the batches crossed field ends themselves");
}
