//! The graphics statements from BASIC: the bytes they leave in video memory (graphics.md's
//! checks on the genuine ROM) and the mode the VDG is left showing.

use crate::common::*;

#[test]
fn pset_in_pmode_0_2_and_1_sets_the_roms_bytes() {
    // graphics.md §1.1 [O C3]
    assert_eq!(direct("PMODE 0:PCLS:PSET(3,3):PRINT PEEK(&H610)"), " 64 \n");
    assert_eq!(direct("PMODE 2:PCLS:PSET(5,5):PRINT PEEK(&H650)"), " 32 \n");
    assert_eq!(direct("PMODE 1:PCLS:PSET(7,7):PRINT PEEK(&H660)"), " 3 \n");
}

#[test]
fn ppoint_reads_back_what_pset_wrote() {
    assert_eq!(
        direct("PMODE 1:PCLS:PSET(10,10,2):PRINT PPOINT(10,10);PPOINT(20,20)"),
        " 2  1 \n"
    );
}

#[test]
fn pcls_fills_with_the_colour_code() {
    assert_eq!(
        direct("PMODE 3:PCLS 4:PRINT PEEK(&H600);PEEK(&H1DFF)"),
        " 255  255 \n"
    );
}

#[test]
fn line_without_an_action_is_a_syntax_error() {
    assert_eq!(direct("PMODE 4:LINE(0,0)-(10,10)"), "?SN ERROR\n");
}

#[test]
fn a_pset_outside_the_picture_is_an_illegal_function_call() {
    assert_eq!(direct("PSET(-1,0)"), "?FC ERROR\n");
    assert_eq!(direct("PSET(0,256)"), "?FC ERROR\n");
}

#[test]
fn screen_1_shows_graphics_until_something_is_printed() {
    let mut m = machine();
    typed(
        &mut m,
        "10 PMODE 4,1:PCLS:SCREEN 1,1:LINE(0,0)-(255,191),PSET\n20 GOTO 20",
    );
    m.type_text(b"RUN\r");
    for _ in 0..20 {
        m.run_field();
    }
    let v = m.video_select();
    assert!(v.graphics, "{v:?}");
    assert_eq!((v.pmode, v.css, v.start), (4, true, 0x0600));
    // The diagonal's first byte is the top-left pixel.
    assert_eq!(m.peek(0x0600) & 0x80, 0x80);
    m.press(3);
    for _ in 0..5 {
        m.run_field();
    }
    assert!(
        !m.video_select().graphics,
        "BREAK prints, which shows the text screen again"
    );
}

#[test]
fn pclear_moves_the_program_and_it_still_runs() {
    let t = run_program(
        "10 PCLEAR 1:PRINT PEEK(25);PEEK(26)\n20 PRINT \"STILL HERE\"",
        "",
    );
    assert!(t.contains(" 12  1 \nSTILL HERE\n"), "{t}");
}

#[test]
fn draw_moves_and_draws() {
    assert_eq!(
        direct("PMODE 4:PCLS:DRAW \"BM8,0;R7\":PRINT PEEK(&H601)"),
        " 255 \n"
    );
}

#[test]
fn circle_and_paint_run() {
    let t = direct(
        "PMODE 3:PCLS:CIRCLE(128,96),40,2:PAINT(128,96),3,2:PRINT PPOINT(128,96);PPOINT(10,10)",
    );
    assert_eq!(t, " 3  1 \n");
}

#[test]
fn get_and_put_copy_a_block() {
    let t = direct("PMODE 4:PCLS:DIM A(10):LINE(0,0)-(15,7),PSET,BF:GET(0,0)-(15,7),A:PUT(100,100)-(115,107),A:PRINT PPOINT(104,104);PPOINT(120,104)");
    assert_eq!(t, " 1  0 \n");
}

#[test]
fn play_waits_for_its_notes_and_timer_counts_them() {
    // At the default T2, an L4 note lasts 32 fields and L8 16: ROM timer 255 / (T·L).
    assert_eq!(direct("T=TIMER:PLAY \"CDE\":PRINT TIMER-T"), " 96 \n");
    assert_eq!(direct("T=TIMER:PLAY \"L8CP8\":PRINT TIMER-T"), " 32 \n");
    assert_eq!(direct("PLAY \"H\""), "?FC ERROR\n");
    assert_eq!(
        direct("A$=\"CD\":T=TIMER:PLAY \"XA$;\":PRINT TIMER-T"),
        " 64 \n"
    );
}
