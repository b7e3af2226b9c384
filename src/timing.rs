//! The Dragon's two clocks, which the machine, the tape formats and the sound all count in.

/// The 6809's E clock, Hz: 14.31818 MHz / 16, the 0.894886 MHz of machine.md §3 (tape bit
/// lengths in cycles) and §5 (SOUND's period of 20·(261−t) cycles).
pub const CPU_HZ: f64 = 894_886.25;

/// Video fields per second (PAL): the machine runs a field at a time, TIMER counts them.
pub const FIELDS_PER_SECOND: u32 = 50;
