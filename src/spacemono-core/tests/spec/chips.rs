//! The chips at their addresses (docs/machine.md §14-§17) as BASIC reaches them with PEEK and
//! POKE: the keyboard matrix, the joystick comparator and fire buttons on PIA0, the field
//! sync's flag, the VDG's mode on PIA1 and the SAM's display and rate bits, the DAC's sound,
//! and what the unmapped addresses do.

use spacemono_core::{Frame, Machine, CYCLES_PER_FIELD};

use crate::common::{between, machine, output};

/// Run `fields` fields whatever the machine does (waiting or running).
fn run_for(m: &mut Machine, fields: u32) {
    for _ in 0..fields {
        m.run_field();
    }
}

/// Run a listing until it ends (at most a minute of emulated time); what it printed between
/// RUN and OK.
fn run(m: &mut Machine, listing: &str) -> String {
    m.load_listing(listing.as_bytes()).expect("listing loads");
    let from = m.transcript_len();
    m.type_text(b"RUN\r");
    m.run_until_done(Some(50 * 60));
    between(&m.transcript_since(from).unwrap(), "RUN\n")
}

#[test]
fn a_program_scans_the_keyboard_matrix_a_column_at_a_time() {
    let mut m = machine();
    // Wait for a key in column 1 (A is there, in row 2), then read every column.
    m.load_listing(
        b"10 POKE &HFF02,&HFD:R=PEEK(&HFF00) AND 127:IF R=127 THEN 10\n\
          20 M=1:FOR C=0 TO 7:POKE &HFF02,255-M:PRINT PEEK(&HFF00) AND 127;:M=M*2:NEXT\n",
    )
    .unwrap();
    m.type_text(b"RUN\r");
    run_for(&mut m, 10);
    assert!(m.transcript().unwrap().ends_with("RUN\n"), "still waiting");
    m.type_key(b'A');
    m.run_until_done(Some(50 * 10));
    let t = m.transcript().unwrap();
    // Only column 1 pulls a row low: row 2 (127 - 4).
    assert!(
        t.contains(" 127  123  127  127  127  127  127  127 \n"),
        "{t:?}"
    );
}

#[test]
fn a_shifted_key_holds_shift_down_and_a_held_key_stays_down() {
    let mut m = machine();
    m.type_key(b'!'); // SHIFT + 1: row 0 column 1, SHIFT row 6 column 7
    let rows = |m: &Machine, col: u8| {
        let mut m = m.clone();
        m.poke(0xFF02, !(1 << col));
        m.peek(0xFF00) & 0x7F
    };
    assert_eq!(rows(&m, 1), 0x7E);
    assert_eq!(rows(&m, 7), 0x3F);
    assert_eq!(rows(&m, 0), 0x7F);
    // The host's key repeat while the key is held keeps it down field after field.
    for _ in 0..100 {
        run_for(&mut m, 1);
        if m.fields().is_multiple_of(2) {
            m.type_key(b'!');
        }
        assert_eq!(rows(&m, 1), 0x7E, "field {}", m.fields());
    }
    // Let go: it goes up.
    run_for(&mut m, 40);
    assert_eq!(rows(&m, 1), 0x7F);
}

/// Issue 30: a window that sees key-ups types a held key once and then says it is still
/// held (`hold_key`): the matrix shows it down for as long as it is held, and INKEY$ gets
/// one press; let go, it goes up.
#[test]
fn a_key_held_in_the_window_reads_as_held_and_is_typed_once() {
    let mut m = machine();
    let rows = |m: &Machine| {
        let mut m = m.clone();
        m.poke(0xFF02, !(1 << 1));
        m.peek(0xFF00) & 0x7F
    };
    let from = m.transcript_len();
    m.type_key(b'A');
    for field in 0..200 {
        run_for(&mut m, 1);
        if field % 10 == 0 {
            m.hold_key(b'A');
        }
        assert_eq!(rows(&m), 0x7B, "field {field}: A (row 2) held");
    }
    assert_eq!(
        m.transcript_since(from).unwrap(),
        "A",
        "one press typed at OK"
    );
    // Without the host's word it goes up by itself: let go.
    run_for(&mut m, 40);
    assert_eq!(rows(&m), 0x7F);
    // Another key's hold does not press it.
    m.hold_key(b'B');
    assert_eq!(rows(&m), 0x7F);
}

#[test]
fn keys_typed_fast_each_read_as_down_in_the_matrix() {
    // A program scanning the matrix once a field (as a game's loop would) sees every key.
    let mut m = machine();
    for &k in b"QWERTY" {
        m.type_key(k);
    }
    let mut seen = Vec::new();
    for _ in 0..40 {
        for (k, col, row) in [(b'Q', 1, 4), (b'W', 7, 4), (b'E', 5, 2), (b'R', 2, 4)] {
            let mut probe = m.clone();
            probe.poke(0xFF02, !(1 << col));
            if probe.peek(0xFF00) & (1 << row) == 0 && seen.last() != Some(&k) {
                seen.push(k);
            }
        }
        run_for(&mut m, 1);
    }
    assert_eq!(seen, b"QWER");
}

#[test]
fn pokes_to_ff22_and_the_sam_change_the_picture() {
    // Fill $0E00-$1BFF with stripes, then show it as PMODE 4 (RG6, colour set 1) at $0E00:
    // the VDG's mode on PIA1 B, the SAM's mode V=6 and its offset F=7 (7 x 512 = $0E00).
    let mut m = machine();
    m.load_listing(
        b"10 FOR A=&HE00 TO &H1BFF STEP 32:FOR B=0 TO 15:POKE A+B,&HF0:POKE A+B+16,&H0F:NEXT:NEXT\n\
          20 POKE &HFF22,&HF8\n\
          30 POKE &HFFC0,0:POKE &HFFC3,0:POKE &HFFC5,0\n\
          40 POKE &HFFC7,0:POKE &HFFC9,0:POKE &HFFCB,0\n\
          50 GOTO 50\n",
    )
    .unwrap();
    m.type_text(b"RUN\r");
    run_for(&mut m, 50 * 60);
    let v = m.video_select();
    assert!(
        v.graphics && v.pmode == 4 && v.css && v.start == 0x0E00,
        "{v:?}"
    );
    let mut f = Frame::new();
    m.render(&mut f);
    // Buff border and stripes of four buff and four black pixels from $0E00 on; the
    // program's text at $1E01 is on row (0x1E01 - 0xE00) / 32 = 128.
    use spacemono_core::palette::{BLACK, BUFF};
    assert_eq!(f.pixel(0, 0), BUFF);
    let row0: Vec<u32> = (0..9).map(|x| f.picture_pixel(x, 0)).collect();
    assert_eq!(
        row0,
        [BUFF, BUFF, BUFF, BUFF, BLACK, BLACK, BLACK, BLACK, BUFF]
    );
    assert_eq!(
        f.picture_pixel(128, 0),
        BLACK,
        "the right half starts with $0F"
    );
    crate::common::golden::check("golden_graphics", "poke_ff22_sam_rg6", &f);
    // Back to text by the registers alone: the text page shows again.
    m.type_break();
    m.run_until_done(Some(50));
    assert!(!m.video_select().graphics);
    assert_eq!(m.peek(0xFF22) & 0xF8, 0);
}

/// Fill $0600-$1DFF with a pattern that differs from row to row (the one the pictures below
/// were compared with on MAME's Dragon 32), set the chips with `modes`, and draw the picture.
fn picture_with(modes: &str) -> (Machine, Frame) {
    let mut m = machine();
    // (The MAME program filled it with
    // `FOR I=0 TO 6143:POKE 1536+I,((I AND 255)*7+INT(I/32)*13) AND 255:NEXT`.)
    for i in 0..6144u16 {
        m.poke(0x0600 + i, (((i & 255) * 7 + i / 32 * 13) & 255) as u8);
    }
    m.load_listing(format!("20 {modes}:POKE &H7000,42\n30 GOTO 30\n").as_bytes())
        .unwrap();
    m.type_text(b"RUN\r");
    for _ in 0..50 * 10 {
        if m.peek(0x7000) == 42 {
            break;
        }
        m.run_field();
    }
    assert_eq!(m.peek(0x7000), 42, "the program set the chips");
    let mut f = Frame::new();
    m.render(&mut f);
    (m, f)
}

/// The picture's line `y` (0-191), 256 pixels.
fn picture_line(f: &Frame, y: usize) -> Vec<u32> {
    (0..256).map(|x| f.picture_pixel(x, y)).collect()
}

#[test]
fn pmode_4_with_the_sam_set_alike_shows_6k_a_line_at_a_time() {
    let (_, f) = picture_with("PMODE 4,1:SCREEN 1,0");
    assert_ne!(picture_line(&f, 0), picture_line(&f, 1));
    crate::common::golden::check("golden_graphics", "sam_matched_pmode4", &f);
}

#[test]
fn pmode_4_with_the_sam_in_text_mode_shows_each_32_bytes_for_12_lines() {
    // V = 0 (clearing V1 and V2 of PMODE 4's 6): the SAM moves on a row every 12 lines, so
    // the VDG's 256x192 shows the first 512 bytes, each row stretched to 12 lines.
    let (m, f) = picture_with("PMODE 4,1:SCREEN 1,0:POKE &HFFC2,0:POKE &HFFC4,0");
    assert!(m.video_mode().0.graphics);
    for y in 1..12 {
        assert_eq!(picture_line(&f, y), picture_line(&f, 0), "line {y}");
    }
    assert_ne!(picture_line(&f, 12), picture_line(&f, 0));
    // Line 12 shows $0620-$063F: the picture's second line when the two agree.
    let (_, matched) = picture_with("PMODE 4,1:SCREEN 1,0");
    assert_eq!(picture_line(&f, 12), picture_line(&matched, 1));
    crate::common::golden::check("golden_graphics", "sam_text_mode_under_pmode4", &f);
}

#[test]
fn text_with_the_sam_in_pmode_4s_mode_shows_a_new_32_bytes_each_line() {
    // The VDG in text (POKE &HFF22,0) with the SAM left at V = 6 from PMODE 4: each line of
    // a character row comes from the next 32 bytes, the glyph line from the VDG's row
    // counter.
    let (_, f) = picture_with("PMODE 4,1:SCREEN 1,0:POKE &HFF22,0");
    crate::common::golden::check("golden_graphics", "text_under_sam_pmode4_mode", &f);
}

#[test]
fn pmode_2_with_the_sam_in_a_32_byte_mode_skips_every_other_16_bytes() {
    // PMODE 2 (RG3, 16 bytes a line) with V = 6: the SAM clears bit 4 at each line's end,
    // which carries, so each line starts 32 bytes after the last.
    let (_, f) = picture_with("PMODE 2,1:SCREEN 1,0:POKE &HFFC3,0:POKE &HFFC0,0");
    let (_, pmode4) = picture_with("PMODE 4,1:SCREEN 1,0");
    // Line 5 shows $06A0-$06AF, the first half of PMODE 4's line 5, each pixel twice.
    let wide: Vec<u32> = picture_line(&pmode4, 5)[..128]
        .iter()
        .flat_map(|&p| [p, p])
        .collect();
    // (PMODE 2's colours are PMODE 4's: both are two-colour modes with colour set 0.)
    assert_eq!(picture_line(&f, 5), wide);
    crate::common::golden::check("golden_graphics", "sam_32_byte_mode_under_pmode2", &f);
}

#[test]
fn a_text_screen_poked_into_sg6_and_another_page() {
    // GM0 in text mode makes the VDG show semigraphics bytes as SG6 (docs/machine.md §4),
    // and the SAM's offset moves the text page: POKE &HFF22,&H10 and F = 3 ($0600).
    let mut m = machine();
    m.load_listing(
        b"10 FOR A=&H600 TO &H7FF:POKE A,(A AND 63)+128:NEXT\n\
          20 POKE &HFF22,&H10:POKE &HFFC7,0\n\
          30 GOTO 30\n",
    )
    .unwrap();
    m.type_text(b"RUN\r");
    run_for(&mut m, 50 * 30);
    let (mode, start) = m.video_mode();
    assert!(
        !mode.graphics && mode.gm == 1 && start == 0x0600,
        "{mode:?} {start:04X}"
    );
    let mut f = Frame::new();
    m.render(&mut f);
    crate::common::golden::check("golden_graphics", "poke_ff22_sg6_page_0600", &f);
}

#[test]
fn screen_leaves_the_registers_as_the_rom_does() {
    // PMODE 4 shown with colour set 1: A/G, GM = 7, CSS in PIA1 B, over PB2 (the RAM type,
    // 1) and PB1-PB0 (0: no single-bit sound, the printer ready); PMODE 1 with colour set 0;
    // text with colour set 1.
    let out = output(
        "10 PMODE 4,1:SCREEN 1,1:A=PEEK(&HFF22):PMODE 1,1:SCREEN 1,0:B=PEEK(&HFF22)\n\
         20 SCREEN 0,1:C=PEEK(&HFF22):PRINT A;B;C\n",
        "",
    );
    assert_eq!(out, " 252  196  12 \n");
}

#[test]
fn the_speed_up_poke_makes_basic_faster_and_the_slow_down_poke_undoes_it() {
    let mut m = machine();
    let out = run(
        &mut m,
        "10 TIMER=0:FOR I=1 TO 2000:NEXT:A=TIMER\n\
         20 POKE 65495,0:TIMER=0:FOR I=1 TO 2000:NEXT:B=TIMER\n\
         30 POKE 65494,0:TIMER=0:FOR I=1 TO 2000:NEXT:C=TIMER\n\
         40 PRINT A;B;C\n",
    );
    let n: Vec<f64> = out.split_whitespace().map(|x| x.parse().unwrap()).collect();
    let (slow, fast, again) = (n[0], n[1], n[2]);
    // docs/machine.md §15: BASIC takes 0.734 of its time at the address-dependent rate.
    assert!((fast / slow - 0.734).abs() < 0.03, "{out}");
    assert!((again - slow).abs() <= 1.0, "{out}");
}

#[test]
fn the_dac_plays_what_a_program_writes_when_the_mux_is_on() {
    let mut m = machine();
    m.set_sound_rate(Some(22_050));
    m.load_listing(
        b"10 POKE &HFF23,PEEK(&HFF23) OR 8\n\
          20 FOR I=1 TO 200:POKE &HFF20,252:POKE &HFF20,0:NEXT\n\
          30 POKE &HFF23,PEEK(&HFF23) AND 247\n",
    )
    .unwrap();
    m.type_text(b"RUN\r");
    m.run_until_done(Some(50 * 30));
    let mut samples = Vec::new();
    m.take_sound(&mut samples);
    let max = samples.iter().cloned().fold(f32::MIN, f32::max);
    let min = samples.iter().cloned().fold(f32::MAX, f32::min);
    // $FC and $00 on the DAC: 128/128 and -124/128 of half the full range.
    assert!(
        (max - 0.5).abs() < 0.01 && (min + 0.484).abs() < 0.01,
        "{min} {max}"
    );
    // A square wave: about as many samples high as low, and it ends silent.
    let high = samples.iter().filter(|&&s| s > 0.25).count();
    let low = samples.iter().filter(|&&s| s < -0.25).count();
    assert!(high > 1000 && low > 1000, "{high} {low}");
    assert_eq!(*samples.last().unwrap(), 0.0);
}

#[test]
fn a_dac_write_is_heard_at_its_cycle_in_the_field() {
    // A write at cycle c of a field lands c / CYCLES_PER_FIELD of the way into the field's
    // samples: a program's samples keep their timing.
    let mut m = machine();
    m.set_sound_rate(Some(22_050));
    m.run_fields(1);
    let mut before = Vec::new();
    m.take_sound(&mut before);
    assert!(before.iter().all(|&s| s == 0.0), "silent with the mux off");
    m.poke(0xFF23, 0x3F);
    m.run_fields(1);
    let mut first = Vec::new();
    m.take_sound(&mut first);
    assert!(
        first.iter().any(|&s| s != 0.0),
        "the DAC at 0 with the mux on is heard"
    );
    let per = Machine::samples_per_field(22_050);
    m.poke(0xFF20, 0x7C); // mid: silence from the start of the next field's samples
    m.run_fields(1);
    let mut next = Vec::new();
    m.take_sound(&mut next);
    assert_eq!(next.len(), per);
    assert!(next.iter().all(|&s| s == 0.0), "{:?}", &next[..4]);
    let _ = CYCLES_PER_FIELD;
}

#[test]
fn a_basic_loop_reads_a_joystick_through_the_comparator() {
    let mut m = machine();
    m.set_joystick(0, 40); // right X
    m.set_joystick(3, 9); // left Y
                          // A successive approximation like the ROM's: try each bit on the DAC, keep it while
                          // the comparator (PA7) says the stick is at or above it. CA2 picks the axis, CB2 the
                          // stick.
    let out = run(
        &mut m,
        "20 GOSUB 100:PRINT V;\n\
         30 POKE &HFF01,PEEK(&HFF01) OR 8:POKE &HFF03,PEEK(&HFF03) OR 8:GOSUB 100:PRINT V;\n\
         40 POKE &HFF01,PEEK(&HFF01) AND 247:POKE &HFF03,PEEK(&HFF03) AND 247\n\
         50 POKE &HFF02,255:PRINT PEEK(&HFF00) AND 3\n\
         60 END\n\
         100 V=0:S=32:FOR B=1 TO 6:T=V+S:POKE &HFF20,T*4:IF PEEK(&HFF00)>=128 THEN V=T\n\
         110 S=S/2:NEXT:RETURN\n",
    );
    assert_eq!(out, " 40  9  3 \n");
    // The fire buttons pull PA0 (right) and PA1 (left) low.
    m.set_fire(0, true);
    m.poke(0xFF02, 0xFF);
    assert_eq!(m.peek(0xFF00) & 3, 2);
    m.set_fire(1, true);
    assert_eq!(m.peek(0xFF00) & 3, 0);
}

#[test]
fn the_field_sync_sets_its_flag_and_a_read_of_ff02_clears_it() {
    // With the interrupt on (as BASIC leaves it) the ROM's handler reads $FF02 at once, so
    // the flag reads clear, as on a Dragon at OK ($FF03 = 53). With it off the flag stays
    // set until a program reads $FF02, and TIMER, which the handler counts, stands still.
    let out = output(
        "10 A=PEEK(&HFF03):POKE &HFF03,52:X=PEEK(&HFF02):B=PEEK(&HFF03) AND 128:T=TIMER\n\
         20 FOR I=1 TO 100:NEXT:C=PEEK(&HFF03) AND 128:X=PEEK(&HFF02):D=PEEK(&HFF03) AND 128\n\
         30 E=TIMER-T:POKE &HFF03,53:PRINT A;B;C;D;E\n",
        "",
    );
    assert_eq!(out, " 53  0  128  0  0 \n");
}

#[test]
fn the_chips_read_at_ok_as_a_dragon_32s_do() {
    // facts29 (MAME's dragon32 with the genuine ROM, at OK): $FF00-$FF03 = 255 180 127 53,
    // $FF20-$FF23 = 1 52 4 55.
    let out = output(
        "10 FOR A=&HFF00 TO &HFF03:PRINT PEEK(A);:NEXT:FOR A=&HFF20 TO &HFF23:PRINT PEEK(A);:NEXT\n",
        "",
    );
    assert_eq!(out, " 255  180  127  53  1  52  4  55 \n");
}

#[test]
fn writes_where_no_chip_answers_are_lost_and_reads_there_give_180() {
    // $FF04-$FF07 would be PIA0 again on a CoCo; a Dragon leaves them unmapped, as it does
    // $FF40-$FFBF. The SAM's pairs are write only. Nothing written there changes anything
    // (docs/machine.md §14).
    let out = output(
        "10 A=PEEK(&HFF01):POKE &HFF05,0:POKE &HFF40,1:POKE &HFFA0,2:POKE &HFFE0,3\n\
         20 PRINT PEEK(&HFF01)=A;PEEK(&HFF05);PEEK(&HFF40);PEEK(&HFFC0);PEEK(&HFF62)\n",
        "",
    );
    assert_eq!(out, "-1  180  180  180  180 \n");
}

#[test]
fn pokes_to_the_chips_survive_a_snapshot() {
    let mut m = machine();
    m.load_listing(
        b"10 POKE &HFF22,&HC8:POKE &HFFC7,0:POKE 65495,0:POKE &HFF20,&H80:POKE &HFF01,&H3C\n20 GOTO 20\n",
    )
    .unwrap();
    m.type_text(b"RUN\r");
    run_for(&mut m, 100);
    m.poke(0xFF23, 0x3C);
    m.type_key(b'K');
    m.run_fields(1);
    let snap = m.snapshot().unwrap();
    let r = Machine::from_snapshot(&snap).unwrap();
    for a in [
        0xFF00, 0xFF01, 0xFF02, 0xFF03, 0xFF20, 0xFF21, 0xFF22, 0xFF23,
    ] {
        assert_eq!(r.peek(a), m.peek(a), "${a:04X}");
    }
    assert_eq!(r.video_mode(), m.video_mode());
    assert_eq!(r.video_select().start, 0x0600);
    // The rate came back too: the same program runs at the same speed after the restore.
    let (mut a, mut b) = (m.clone(), r);
    a.type_break();
    b.type_break();
    for x in [&mut a, &mut b] {
        x.run_until_done(Some(10));
        x.type_text(b"TIMER=0:FOR I=1 TO 500:NEXT:PRINT TIMER\r");
        x.run_until_done(Some(500));
    }
    assert_eq!(a.screen_text(), b.screen_text());
}

#[test]
fn motor_and_audio_set_the_pias_lines_as_the_rom_does() {
    // Genuine (MAME 0.251's Dragon 32): MOTOR ON raises PIA1 CA2 ($FF21 52 -> 60); AUDIO ON
    // selects the cassette on the analogue mux (PIA0 CA2 high: $FF01 188, CB2 low: $FF03
    // 53) and turns the sound mux on (PIA1 CB2 high: $FF23 63); AUDIO OFF turns it off (55).
    let mut m = machine();
    let out = run(
        &mut m,
        "30 MOTOR ON:A=PEEK(&HFF21):MOTOR OFF:B=PEEK(&HFF21):AUDIO ON:C=PEEK(&HFF23):D=PEEK(&HFF01):E=PEEK(&HFF03):AUDIO OFF:F=PEEK(&HFF23)\n\
         40 PRINT A;B;C;D;E;F\n",
    );
    assert_eq!(out, " 60  52  63  188  53  55 \n");
}

#[test]
fn sound_leaves_the_mux_on_the_dac_and_the_sound_mux_off() {
    // SndBeep (DR `LBAA0`) selects the DAC on the analogue mux (`LBAF1` with B = 0: PIA0 CA2
    // and CB2 low), turns the sound mux on for the tone and off after it (`SndDisable`), so
    // after AUDIO ON a SOUND leaves $FF01 180 and $FF23 55, as at power-on (genuine: MAME
    // 0.251's Dragon 32 prints 180 53 55).
    let mut m = machine();
    let out = run(
        &mut m,
        "10 AUDIO ON:SOUND 100,1:PRINT PEEK(&HFF01);PEEK(&HFF03);PEEK(&HFF23)\n",
    );
    assert_eq!(out, " 180  53  55 \n");
}
