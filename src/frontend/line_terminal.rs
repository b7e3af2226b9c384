//! A plain line-by-line terminal session: what the machine prints goes to standard output,
//! and whenever it waits for a key a line is read from standard input and typed, ENTER
//! included. It needs no display and blocks (using no CPU) while it waits.

use std::io::{BufRead, Write};

use spacemono_core::{Machine, Status};

/// Run an interactive session until standard input ends. Returns the number of fields run.
pub fn run_session(machine: &mut Machine) -> std::io::Result<u64> {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    let mut shown = 0usize;
    let mut lines = stdin.lock().lines();
    machine.record_transcript();
    loop {
        let status = machine.run_field();
        for e in machine.take_tape_failures() {
            eprintln!("spacemono: the save failed: {e}");
        }
        for stop in machine.take_code_stops() {
            eprintln!("spacemono: {stop}");
        }
        let len = machine.transcript_len();
        if len > shown {
            let text = machine.transcript_since(shown).unwrap_or_default();
            shown = len;
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
        }
        let waiting = matches!(status, Status::Prompt | Status::WaitingForKey);
        if waiting && !machine.keys_pending() {
            match lines.next() {
                Some(line) => {
                    let line = line?;
                    // What was typed is echoed by the machine itself.
                    let codes = line
                        .bytes()
                        .filter(|b| (0x20..0x7F).contains(b))
                        .chain(std::iter::once(13))
                        .collect::<Vec<u8>>();
                    machine.type_script(&codes);
                }
                None => return Ok(machine.fields()),
            }
        }
    }
}
