//! The joysticks as BASIC reads them (docs/machine.md §18): JOYSTK(0) reads all four axes
//! into RAM at $015A-$015D, and JOYSTK(1)-(3) give what the last JOYSTK(0) put there; a key
//! script moves the sticks and presses the fire buttons in order with its keys.

use crate::common::{machine, output, typed};
use spacemono_core::{parse_key_script, Machine, CYCLES_PER_FIELD, FIELD_IRQ_CYCLES};

/// Waits for a key, then prints it and the four axes, until Q.
const SHOW_STICKS: &str = "10 A$=INKEY$:IF A$=\"\" THEN 10\n\
                           20 PRINT A$;JOYSTK(0);JOYSTK(1);JOYSTK(2);JOYSTK(3)\n\
                           30 IF A$<>\"Q\" THEN 10\n";

#[test]
fn joystk_follows_the_sticks_a_key_script_moves_in_order_with_its_keys() {
    let out = output(
        SHOW_STICKS,
        // The steps after a key are done at the first field's end after the program takes
        // it: each wait lets the program print first.
        "{JOY0 32,10}X{WAIT 5}{JOY1 5,60}Y{WAIT 5}{JOY0 63,0}Q",
    );
    assert_eq!(
        out,
        "X 32  10  31  31 \nY 32  10  5  60 \nQ 63  0  5  60 \n"
    );
}

#[test]
fn joystk_1_to_3_give_what_the_last_joystk_0_read() {
    let mut m = machine();
    m.set_joystick(1, 40);
    // RAM is cleared at power-on, and nothing has read the sticks yet.
    assert_eq!(
        typed(&mut m, "PRINT JOYSTK(1)"),
        "PRINT JOYSTK(1)\n 0 \nOK\n"
    );
    assert_eq!(
        typed(&mut m, "PRINT JOYSTK(0);JOYSTK(1)"),
        "PRINT JOYSTK(0);JOYSTK(1)\n 31  40 \nOK\n"
    );
    m.set_joystick(0, 7);
    m.set_joystick(1, 50);
    assert_eq!(
        typed(&mut m, "PRINT JOYSTK(1);PEEK(346);PEEK(347)"),
        "PRINT JOYSTK(1);PEEK(346);PEEK(347)\n 40  31  40 \nOK\n"
    );
    // What JOYSTK(1) gives is the byte in RAM, as the ROM reads it.
    assert_eq!(
        typed(&mut m, "POKE 347,9:PRINT JOYSTK(1);JOYSTK(0);JOYSTK(1)"),
        "POKE 347,9:PRINT JOYSTK(1);JOYSTK(0);JOYSTK(1)\n 9  7  50 \nOK\n"
    );
    assert_eq!(
        typed(&mut m, "PRINT JOYSTK(4)"),
        "PRINT JOYSTK(4)\n?FC ERROR\nOK\n"
    );
}

#[test]
fn a_scripted_click_holds_the_fire_button_down_two_fields() {
    let mut m = machine();
    m.type_script(&parse_key_script("{FIRE1}").unwrap());
    let mut seen = Vec::new();
    for _ in 0..4 {
        m.run_field();
        seen.push(m.joystick().1);
    }
    assert_eq!(
        seen,
        [[false, true], [false, true], [false, false], [false, false]]
    );
    m.type_script(&parse_key_script("{FIRE0 DOWN}{JOY1 1,2}").unwrap());
    m.run_field();
    assert_eq!(m.joystick(), ([31, 31, 1, 2], [true, false]));
}

/// Cycles a loop of `passes` passes of `body` takes, RUN to OK, to within a field.
fn loop_cycles(setup: &str, body: &str, passes: u32) -> f64 {
    let mut m = Machine::with_transcript(true);
    let listing = format!("10 {setup}\n20 FOR I=1 TO {passes}:{body}:NEXT\n");
    m.load_listing(listing.as_bytes()).unwrap();
    m.type_text(b"RUN\r");
    let start = m.fields();
    m.run_until_done(Some(50 * 1000));
    let t = m.transcript().unwrap_or_default();
    assert!(!t.contains("ERROR"), "{listing}: {t}");
    (m.fields() - start) as f64 * (CYCLES_PER_FIELD - FIELD_IRQ_CYCLES) as f64
}

/// JOYSTK(0)'s read costs what the ROM's instructions add up to (docs/machine.md §18): with
/// the sticks at rest, 1,180 cycles more than JOYSTK(1), which reads nothing; an axis that
/// moved since the last read is converted ten times instead of once.
#[test]
fn the_read_costs_what_the_roms_instructions_add_up_to() {
    let n = 3000;
    // V and W cost POKE the same (their exponents are the same); only W is what the read finds.
    let setup = "A=JOYSTK(0):V=30:W=31";
    let per_pass = |with: &str, without: &str| {
        (loop_cycles(setup, with, n) - loop_cycles(setup, without, n)) / n as f64
    };
    let rows = [
        (
            "JOYSTK(0) at rest, not JOYSTK(1)",
            "A=JOYSTK(0)",
            "A=JOYSTK(1)",
            1_180.0,
        ),
        (
            "the right stick's x moved since the last read",
            "POKE 346,V:A=JOYSTK(0)",
            "POKE 346,W:A=JOYSTK(0)",
            // Ten conversions of 31 (198 c) and ten failed tries' DEC and BNE, not one.
            10.0 * (198.0 + 10.0) - 198.0,
        ),
    ];
    let mut report = String::new();
    for (what, with, without, want) in rows {
        let got = per_pass(with, without);
        report += &format!("{what}: {got:.0} c a pass, {want} derived\n");
        assert!((got - want).abs() / want < 0.03, "{report}");
    }
    println!("{report}");
}

/// The fire buttons as BASIC reads them: PEEK(&HFF00) with bit 0 (right) or bit 1 (left) low
/// while the button is down (docs/machine.md §18), moved by a key script.
#[test]
fn the_fire_buttons_pull_their_bits_of_ff00_low() {
    let out = output(
        "10 A$=INKEY$:IF A$=\"\" THEN 10\n\
         20 PRINT A$;PEEK(&HFF00) AND 3\n\
         30 IF A$<>\"Q\" THEN 10\n",
        // Each wait lets the program print before the next step is done.
        "A{WAIT 5}{FIRE0 DOWN}B{WAIT 5}{FIRE1 DOWN}C{WAIT 5}{FIRE0 UP}D{WAIT 5}{FIRE1 UP}Q",
    );
    assert_eq!(out, "A 3 \nB 2 \nC 0 \nD 1 \nQ 3 \n");
}

#[test]
fn joystk_0_leaves_the_mux_on_axis_0_and_the_dac_at_its_last_trial() {
    // Genuine (MAME 0.251's Dragon 32, its sticks at 32): the program selects axis 3 on the
    // mux (CA2 and CB2 high); JOYSTK(0) leaves them low, as its select of axis 0 sets them,
    // and $FF20 at 133: the DAC's last trial for axis 0 (33, the result 32 plus one: the
    // sixth step's answer is never written) over the cassette input bit (1).
    let mut m = machine();
    for axis in 0..4 {
        m.set_joystick(axis, 32);
    }
    m.load_listing(
        b"10 POKE &HFF01,PEEK(&HFF01) OR 8:POKE &HFF03,PEEK(&HFF03) OR 8\n\
         20 A=PEEK(&HFF20):B=PEEK(&HFF01):C=PEEK(&HFF03)\n\
         30 J=JOYSTK(0):D=PEEK(&HFF20):E=PEEK(&HFF01):F=PEEK(&HFF03)\n\
         40 PRINT A;B;C:PRINT D;E;F:PRINT J;JOYSTK(1);JOYSTK(2);JOYSTK(3)\n",
    )
    .unwrap();
    let out = crate::common::between(&typed(&mut m, "RUN"), "RUN\n");
    assert_eq!(out, " 1  188  61 \n 133  180  53 \n 32  32  32  32 \n");
}
