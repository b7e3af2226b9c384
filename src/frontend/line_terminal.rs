//! A plain line-by-line terminal session: what the machine prints goes to standard output,
//! and whenever it waits for a key a line is read from standard input and typed, ENTER
//! included. It needs no display and blocks (using no CPU) while it waits.

use std::io::{BufRead, Write};

use crate::machine::{Machine, Status};

/// Run an interactive session until standard input ends. Returns the number of fields run.
pub fn run_session(machine: &mut Machine) -> std::io::Result<u64> {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    let mut shown = 0usize;
    let mut lines = stdin.lock().lines();
    machine.hw.transcript.get_or_insert_with(Vec::new);
    loop {
        let status = machine.run_field();
        if machine.hw.deck.has_failures() {
            for e in machine.hw.deck.take_failures() {
                eprintln!("spacemono: the save failed: {e}");
            }
        }
        let len = machine.hw.transcript.as_ref().map_or(0, Vec::len);
        if len > shown {
            let text = machine.transcript_since(shown).unwrap_or_default();
            shown = len;
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
        }
        let waiting = matches!(status, Status::Prompt | Status::WaitingForKey);
        if waiting && !machine.hw.keyboard.has_keys() {
            match lines.next() {
                Some(line) => {
                    let line = line?;
                    // What was typed is echoed by the machine itself.
                    let codes = line
                        .bytes()
                        .filter(|b| (0x20..0x7F).contains(b))
                        .chain(std::iter::once(13))
                        .collect::<Vec<u8>>();
                    machine.hw.keyboard.type_script(&codes);
                }
                None => return Ok(machine.hw.field),
            }
        }
    }
}
