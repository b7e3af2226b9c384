//! The Dragon's clocks, which the machine, the tape formats and the sound all count in.
//!
//! The CPU runs at 14.218 MHz / 16 = 888,625 Hz, the clock of later PAL Dragon 32s and of
//! MAME's `dragon32` (docs/timing.md §1; early machines and XRoar's default use 14.31818 MHz / 16,
//! 0.7 % faster). A field is 312 lines of 57 cycles, so there are 49.97 fields a second.

/// The 6809's E clock, Hz.
pub const CPU_HZ: f64 = 888_625.0;

/// CPU cycles in one PAL field (312 lines × 57 cycles); the field interrupt comes once a field.
pub const CYCLES_PER_FIELD: u32 = 17_784;

/// The field interrupt's own cycles (the ROM's IRQ handler: TIMER, the sound's and the
/// cursor's counts), taken from the program once a field (docs/timing.md §1).
pub const FIELD_IRQ_CYCLES: u32 = 100;

/// Video fields per second (49.968): the machine runs a field at a time, TIMER counts them.
pub const FIELDS_PER_SECOND: f64 = CPU_HZ / CYCLES_PER_FIELD as f64;

/// Nanoseconds in one field (20.013 ms), for pacing the machine against the wall clock.
pub const FIELD_NANOS: u64 = CYCLES_PER_FIELD as u64 * 1_000_000_000 / 888_625;
