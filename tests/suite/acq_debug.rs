use crate::acquire_support::*;
#[test]
fn acq_debug() {
    let mut g = Acq::start("1Y");
    g.keys("M");
    println!("{}", g.m.screen_text());
    let mut g = Acq::at_first_prompt(1);
    g.clear(6000);
    g.direct("FORI=2TO6:CA(I)=0:NEXTI");
    g.chain('L', &["3A", "3B", "3C"]);
    g.chain('T', &["3E", "3F"]);
    g.direct("CA(2)=6000");
    g.hold(2, 'T', 4);
    g.hold(1, 'T', 1);
    g.give(2, 1, "9K");
    g.give(2, 2, "3D");
    let out = g.keys("P=2:GOTO 1030\n");
    println!("{out}");
    println!("{}", g.m.screen_text());
}
