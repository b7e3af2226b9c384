//! W. Schwotzer's *MC6809 CPU Emulation Validation* (flexemu's `src/tools/cputest.txt`,
//! checked by its author on a real EF6809P), run when a copy assembled for $8100 is at hand.
//! Its licence (GPL-2) keeps it out of this MIT repository, so the test is ignored and reads
//! the binary from `SPACEMONO_6809_CPUTEST` (a raw image for $8100, e.g. from lwasm after
//! rewriting its `FCC 'text',EOT` lines as FCC and FCB and dropping its `IF`/`ERR` guard).
//! It calls FLEX's console routines, answered here by RTS, and ends by jumping to FLEX's
//! warm start ($CD03); what it printed says which tests failed.

use super::super::*;

const LOAD: u16 = 0x8100;
const WARM_START: u16 = 0xCD03;
const PRINT_STRING: u16 = 0xCD1E;
const FLEX_ROUTINES: [u16; 4] = [0xCD18, PRINT_STRING, 0xCD24, 0xCD39];

#[test]
#[ignore = "needs SPACEMONO_6809_CPUTEST: the suite's licence keeps it out of the repository"]
fn schwotzers_cpu_validation_suite_passes() {
    let path = std::env::var("SPACEMONO_6809_CPUTEST")
        .expect("SPACEMONO_6809_CPUTEST: the path of the suite assembled for $8100");
    let code = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut ram = FlatRam::new();
    ram.load(LOAD, &code);
    for routine in FLEX_ROUTINES {
        ram.bytes[routine as usize] = 0x39; // RTS
    }
    let mut cpu = Mc6809::new();
    cpu.regs.pc = LOAD;
    cpu.regs.s = 0x7F00;
    let mut printed = String::new();
    for _ in 0..10_000_000 {
        match cpu.regs.pc {
            WARM_START => {
                println!("{printed}");
                assert!(
                    printed.contains("All Tests succeded") && !printed.contains("Failed"),
                    "the suite printed: {printed}"
                );
                return;
            }
            PRINT_STRING => {
                let mut at = cpu.regs.x;
                while ram.bytes[at as usize] != 0x04 {
                    printed.push(ram.bytes[at as usize] as char);
                    at = at.wrapping_add(1);
                }
                printed.push('\n');
            }
            _ => {}
        }
        cpu.step(&mut ram).unwrap_or_else(|f| panic!("{f}"));
    }
    panic!("the suite never finished; it printed: {printed}");
}
