//! The tape that is in the deck when spacemono starts: Space Monopoly, as `roms/spacemono.cas`
//! (built into the program, so it plays from any folder).

use crate::computer::Machine;
use crate::formats::tape::TapeKind;

/// `roms/spacemono.cas`: the game as `CSAVE "SPACEMON"` writes it.
pub const SPACE_MONOPOLY_CAS: &[u8] = include_bytes!("../../roms/spacemono.cas");

/// Put the game's tape in the deck.
pub fn insert(machine: &mut Machine) -> Result<(), String> {
    machine
        .insert_tape_image(TapeKind::Cas, "SPACEMON", SPACE_MONOPOLY_CAS)
        .map_err(|e| format!("the built-in Space Monopoly tape: {e}"))
}

/// The Dragon owner's evening: CLOAD (with the ROM's `S` / `F SPACEMON` on screen), then RUN.
pub fn boot_game(machine: &mut Machine) -> Result<(), String> {
    insert(machine)?;
    // Typed as the machine asks for keys, so the poll while CLOAD runs cannot eat them.
    machine.type_script(b"CLOAD\rRUN\r");
    Ok(())
}

/// Skip the show: the program straight into memory, then RUN.
pub fn boot_game_fast(machine: &mut Machine) -> Result<(), String> {
    insert(machine)?;
    machine
        .cload_now()
        .map_err(|e| format!("the built-in Space Monopoly tape: {e}"))?;
    machine.type_text(b"RUN\r");
    Ok(())
}
