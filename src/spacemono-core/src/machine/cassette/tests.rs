//! The deck's own tests.

use super::*;
use crate::formats::block::Block;
use crate::formats::namefile::Namefile;
use crate::formats::tapefile::file_blocks;
use crate::formats::wav::CPU_HZ;

#[test]
fn leader_flags_follow_the_gap_flag() {
    let mut blocks = file_blocks(&Namefile::csave("A"), &[1; 600]);
    blocks.extend(file_blocks(&Namefile::data_file("D"), &[2; 300]));
    // csave: namefile led, first data led, 2 more data and EOF back to back;
    // data file: every block led.
    assert_eq!(
        leader_flags(&blocks),
        vec![true, true, false, false, false, true, true, true, true]
    );
}

#[test]
fn block_time_counts_bits() {
    // An EOF block without leader: $55 $3C $FF $00 $FF $55.
    let b = Block::eof();
    let cycles: f64 = [0x55u8, 0x3C, 0xFF, 0x00, 0xFF, 0x55]
        .iter()
        .map(|&x| {
            let ones = x.count_ones() as f64;
            ones * 435.0 + (8.0 - ones) * 813.0
        })
        .sum();
    assert!((block_duration_seconds(&b, false) - cycles / CPU_HZ).abs() < 1e-12);
    // 128 leader bytes of 4992 cycles and half a second more with a leader.
    let extra = block_duration_seconds(&b, true) - block_duration_seconds(&b, false);
    assert!((extra - (0.5 + 128.0 * 4992.0 / CPU_HZ)).abs() < 1e-9);
}
