//! DRAW and PLAY command strings, with any byte in them. The strings are put into A$, B$ and
//! C$ with CHR$ (so quotes and control bytes get in), N and M hold numbers for `=N;`, and the
//! program runs `DRAW A$` (after `PMODE 4,1:SCREEN 1,1`) or `PLAY A$`; B$ and C$ are there
//! for `XB$;` substrings (and A$ for `XA$;` recursion). Budget: 3000 fields (a PLAY's sound
//! fields cost next to nothing); then BREAK and the machine must answer `PRINT 7`.
//!
//! Input: byte 0: bit 0 DRAW (0) or PLAY (1); bit 1 raw (0) or grammar (1). Bytes 1, 2: N, M.
//! Raw: bytes 3, 4 are the lengths of B$ and C$, which follow; A$ is the rest.
//! Grammar: each byte picks a command atom; 0xFF ends A$, then B$, then C$.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono::frontend::headless::run_until_done;
use spacemono_core::Machine;
use spacemono_fuzz::Choices;

const DRAW_ATOMS: &[&str] = &[
    "U",
    "D",
    "L",
    "R",
    "E",
    "F",
    "G",
    "H",
    "U10",
    "R255",
    "D1",
    "L0",
    "M",
    "M+10,-10",
    "M128,96",
    "M=N;,=M;",
    "M-255,+255",
    "M256,256",
    "M0,0",
    "N",
    "B",
    "C",
    "C0",
    "C4",
    "C9",
    "A",
    "A0",
    "A3",
    "A4",
    "S",
    "S0",
    "S1",
    "S4",
    "S62",
    "S255",
    "X",
    "XB$;",
    "XC$;",
    "XA$;",
    "=N;",
    "=M;",
    "=A$;",
    "XN;",
    "X1;",
    ";",
    " ",
    "0",
    "255",
    "256",
    "9999",
    ",",
    "+",
    "-",
    "NU20",
    "BM+1,+1",
    "E=N;",
    "Z",
];

const PLAY_ATOMS: &[&str] = &[
    "A", "B", "C", "D", "E", "F", "G", "#", "+", "-", ".", "..", "O", "O1", "O5", "O6", "O0", "L",
    "L1", "L255", "L256", "L0", "L4.", "T", "T1", "T255", "T0", "V", "V0", "V31", "V32", "P", "P1",
    "P255", "P0", "N", "N12", "N0", "N13", "N=N;", "X", "XB$;", "XC$;", "XA$;", "=N;", "=M;", "O>",
    "O<", "T>", "T<", "L+", "L-", "V+", "V-", ";", " ", "0", "255", "H",
];

fn basic_string(var: &str, bytes: &[u8], line: &mut u32, out: &mut Vec<u8>) {
    out.extend_from_slice(format!("{line} {var}=\"\"\n").as_bytes());
    *line += 1;
    for chunk in bytes.chunks(20) {
        let mut s = format!("{line} {var}={var}");
        *line += 1;
        for &b in chunk {
            if (0x20..0x7F).contains(&b) && b != b'"' {
                s.push_str(&format!("+\"{}\"", b as char));
            } else {
                s.push_str(&format!("+CHR$({b})"));
            }
        }
        s.push('\n');
        out.extend_from_slice(s.as_bytes());
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let play = data[0] & 1 == 1;
    let grammar = data[0] & 2 == 2;
    let (n, mv) = (data[1], data[2]);
    let mut strs: [Vec<u8>; 3] = Default::default();
    if grammar {
        let atoms = if play { PLAY_ATOMS } else { DRAW_ATOMS };
        let mut c = Choices::new(&data[3..]);
        for s in strs.iter_mut() {
            loop {
                if c.is_empty() {
                    break;
                }
                let b = c.byte();
                if b == 0xFF {
                    break;
                }
                let a = atoms[b as usize % atoms.len()].as_bytes();
                if s.len() + a.len() > 255 {
                    break;
                }
                s.extend_from_slice(a);
            }
        }
    } else {
        let rest = &data[3..];
        let lb = rest.first().copied().unwrap_or(0) as usize;
        let lc = rest.get(1).copied().unwrap_or(0) as usize;
        let rest = rest.get(2..).unwrap_or(&[]);
        let b_end = lb.min(rest.len());
        let c_end = (b_end + lc).min(rest.len());
        strs[1] = rest[..b_end].to_vec();
        strs[2] = rest[b_end..c_end].to_vec();
        strs[0] = rest[c_end..].iter().copied().take(255).collect();
    }
    let mut prog = b"5 CLEAR 2000\n".to_vec();
    if !play {
        prog.extend_from_slice(b"10 PMODE 4,1:SCREEN 1,1:PCLS\n");
    }
    prog.extend_from_slice(format!("20 N={n}:M={mv}\n").as_bytes());
    let mut line = 100;
    for (var, s) in ["A$", "B$", "C$"].iter().zip(strs.iter()) {
        basic_string(var, s, &mut line, &mut prog);
    }
    prog.extend_from_slice(if play {
        b"900 PLAY A$\n"
    } else {
        b"900 DRAW A$\n"
    });
    spacemono_fuzz::show("program", &prog);
    let mut m = Machine::new();
    m.load_listing(&prog).expect("the generated program loads");
    m.type_text(b"RUN\r");
    run_until_done(&mut m, Some(3000));
    if let Err(screen) = spacemono_fuzz::break_and_check(&mut m) {
        panic!(
            "no answer to PRINT 7 after BREAK; program\n{}\n{screen}",
            String::from_utf8_lossy(&prog)
        );
    }
});
