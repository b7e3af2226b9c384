//! How long each tape block takes to pass the head (the deck's transport).

use crate::{
    formats::{
        block::{Block, LEADER, MAX_BLOCK_DATA},
        tapefile::LayoutOptions,
        wav::{byte_cycles, CPU_HZ},
    },
    timing::FIELDS_PER_SECOND,
};

/// How long a block takes to pass the head at the real speed, in seconds: the motor gap and the
/// 128-byte leader when `led`, then `$55 $3C type len data checksum $55` at the cassette's bit
/// rate (813 or 435 CPU cycles a bit).
pub fn block_duration_seconds(block: &Block, led: bool) -> f64 {
    let len = block.data.len().min(MAX_BLOCK_DATA);
    let mut cycles = byte_cycles(LEADER) * 2.0
        + byte_cycles(0x3C)
        + byte_cycles(block.kind.to_byte())
        + byte_cycles(len as u8)
        + byte_cycles(block.checksum());
    cycles += block.data[..len]
        .iter()
        .map(|&b| byte_cycles(b))
        .sum::<f64>();
    let mut seconds = cycles / CPU_HZ;
    if led {
        let opts = LayoutOptions::default();
        seconds += opts.leader_bytes as f64 * byte_cycles(LEADER) / CPU_HZ;
        seconds += opts.gap_ms as f64 / 1000.0;
    }
    seconds
}

/// [`block_duration_seconds`] in fields (49.97 a second), rounded up: how long the interpreter waits for
/// each block with `--tape-speed real`.
pub fn block_duration_fields(block: &Block, led: bool) -> u32 {
    (block_duration_seconds(block, led) * FIELDS_PER_SECOND).ceil() as u32
}
