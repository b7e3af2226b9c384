//! The machine as a frontend sees it: its sound as samples, the picture's changes and the
//! text cells.

use super::Machine;
use crate::machine::screen::TextCell;
use crate::video::palette;

/// A machine typed `line` and ENTER at OK, run `fields` fields; its samples.
fn machine_sound(rate: Option<u32>, line: &[u8], fields: u32) -> (Machine, Vec<f32>) {
    let mut m = Machine::new();
    m.set_sound_rate(rate);
    m.type_text(line);
    m.press(13);
    let mut out = Vec::new();
    for _ in 0..fields {
        m.run_field();
        m.take_sound(&mut out);
    }
    (m, out)
}

#[test]
fn the_machine_makes_a_field_of_samples_a_field_and_a_sound_lasts_its_fields() {
    let (m, out) = machine_sound(Some(22036), b"SOUND 159,2", 40);
    assert_eq!(out.len(), 40 * 441);
    let loud: Vec<bool> = out
        .chunks(441)
        .map(|f| f.iter().any(|&x| x != 0.0))
        .collect();
    let first = loud.iter().position(|&l| l).expect("no sound made");
    assert_eq!(loud[first..].iter().take_while(|&&l| l).count(), 8);
    assert!(loud[first + 8..].iter().all(|&l| !l));
    assert!(!m.sounding());
    assert!(m.pending_events().is_empty(), "the sound took the events");
}

#[test]
fn without_a_rate_no_samples_are_made_and_the_events_stay() {
    let (m, out) = machine_sound(None, b"SOUND 159,2", 40);
    assert!(out.is_empty());
    assert!(!m.sounding());
    assert_eq!(m.pending_events().len(), 1);
}

#[test]
fn fields_run_together_while_heard_make_every_field_and_unheard_make_none() {
    let mut m = Machine::new();
    m.set_sound_rate(Some(44_100));
    m.type_text(b"FOR I=1 TO 3000:NEXT");
    m.press(13);
    for _ in 0..3 {
        m.run_field();
    }
    let per_field = Machine::samples_per_field(44_100);
    assert_eq!(per_field, 883);
    let mut out = Vec::new();
    m.take_sound(&mut out);
    assert_eq!(out.len(), 3 * per_field);
    let (_, n) = m.run_fields(5);
    assert_eq!(n, 5, "the loop runs on");
    m.take_sound(&mut out);
    assert_eq!(out.len(), 8 * per_field);
    m.set_sound_heard(false);
    let (_, n) = m.run_fields(5);
    assert_eq!(n, 5);
    m.take_sound(&mut out);
    assert_eq!(out.len(), 8 * per_field);
}

#[test]
fn text_cells_show_characters_inverse_and_semigraphics_in_their_colours() {
    let mut m = Machine::new();
    // 'A', 'a' (inverse), a yellow full block, an empty semigraphics cell, ↑.
    for (i, b) in [0x41u8, 0x01, 0x9F, 0x80, 0x5E].into_iter().enumerate() {
        m.poke(0x400 + 32 * 15 + i as u16, b);
    }
    let cells = m.text_cells();
    assert_eq!((cells.len(), cells[0].len()), (16, 32));
    let cell = |ch, fg, bg| TextCell { ch, fg, bg };
    assert_eq!(
        cells[15][..5],
        [
            cell('A', palette::DARK_GREEN, palette::GREEN),
            cell('A', palette::GREEN, palette::DARK_GREEN),
            cell('█', palette::YELLOW, palette::BLACK),
            cell(' ', palette::GREEN, palette::BLACK),
            cell('↑', palette::DARK_GREEN, palette::GREEN),
        ]
    );
    // The sign-on message is on the top row.
    let top: String = cells[0].iter().map(|c| c.ch).collect();
    assert_eq!(
        top.trim_end(),
        m.screen_text()
            .lines()
            .next()
            .unwrap()
            .to_ascii_uppercase()
            .trim_end()
    );
}

#[test]
fn the_picture_changes_when_the_screen_does() {
    let mut m = Machine::new();
    assert!(m.picture_changed());
    assert!(!m.picture_changed());
    m.poke(0x400, 0x42);
    assert!(m.picture_changed());
    assert!(!m.picture_changed());
}
