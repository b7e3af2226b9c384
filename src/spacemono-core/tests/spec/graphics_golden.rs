//! Golden pictures of the drawing statements: a BASIC program draws, and the machine's own
//! picture (its framebuffer, not a window) is compared pixel for pixel with a reference in
//! tests/golden_graphics/ that was checked by eye (its README.md).
//!
//! Regenerate with `UPDATE_GOLDEN=1 cargo test --test graphics_golden`, then look at every
//! changed image before committing it.

use spacemono_core::computer::Machine;
use spacemono_core::video::Frame;

/// Run a program that ends in an endless loop (so the picture stays up) for a while and
/// return what the VDG shows.
fn picture_of(program: &str) -> Frame {
    let mut m = Machine::new();
    m.load_listing(program.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    m.run_until_done(Some(50 * 60));
    let mut f = Frame::new();
    m.render(&mut f);
    assert!(
        m.video_select().graphics,
        "the program should leave a graphics screen up"
    );
    f
}

fn check(name: &str, frame: &Frame) {
    crate::common::golden::check("golden_graphics", name, frame);
}

#[test]
fn lines_boxes_and_filled_boxes_in_pmode_4() {
    let f = picture_of(
        "10 PMODE 4,1:PCLS:SCREEN 1,1\n20 LINE(0,0)-(255,191),PSET\n30 LINE(0,191)-(255,0),PSET\n40 LINE(20,20)-(100,80),PSET,B\n50 LINE(150,110)-(230,170),PSET,BF\n60 LINE(150,130)-(230,150),PRESET,BF\n70 GOTO 70",
    );
    check("basic_line_pmode4", &f);
}

#[test]
fn circles_and_arcs_in_pmode_3() {
    let f = picture_of(
        "10 PMODE 3,1:PCLS:SCREEN 1,0\n20 CIRCLE(128,96),80,2\n30 CIRCLE(128,96),60,3,.5\n40 CIRCLE(128,96),40,4,1,.25,.75\n50 GOTO 50",
    );
    check("basic_circle_pmode3", &f);
}

#[test]
fn draw_and_paint_in_pmode_3() {
    let f = picture_of(
        "10 PMODE 3,1:PCLS:SCREEN 1,0\n20 DRAW \"BM60,40;C4;R60D60L60U60\"\n30 PAINT(90,70),3,4\n40 DRAW \"BM170,60;C2;E20F20G20H20\"\n50 PAINT(190,60),4,2\n60 DRAW \"BM40,150;C4;S8;R10U10R10D10R10U10\"\n70 GOTO 70",
    );
    check("basic_draw_paint_pmode3", &f);
}
