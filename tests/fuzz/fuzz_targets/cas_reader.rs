//! A .cas image: blocks, files, and the deck's view of it (as `--tape x.cas` would load it);
//! a file that reads as a program is listed as `spacemono list` would.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono_core::tape::{ascii, cas, TapeKind};
use spacemono_core::tape as cassette;

fuzz_target!(|data: &[u8]| {
    let _ = cas::read_blocks(data);
    if let Ok(files) = cas::read_files(data) {
        for f in &files {
            let _ = f.name();
            let _ = f.is_complete();
            let payload = f.payload();
            let _ = ascii::lines_from_tape_file(f);
            let _ = spacemono_core::tape::image_listing(&payload);
        }
    }
    if let Ok(blocks) = cassette::blocks_from_bytes(data, TapeKind::Cas, "FUZZ") {
        let _ = cassette::group_tape_blocks(&blocks);
    }
    // The bytes as the deck plays them: every block has its place, the signal a run anywhere.
    if let Ok(mut tape) = cassette::LoadedTape::read(TapeKind::Cas, data.to_vec(), "FUZZ") {
        let r = &mut tape.recording;
        let end = r.end();
        for i in 0..tape.blocks.len() {
            let s = r.span(i).expect("a place for every block");
            assert!(s.lead <= s.sync && s.sync <= s.end && s.end <= end);
        }
        for t in [0, end / 2, 1, end.saturating_sub(1), end, end + 5] {
            let run = r.run_at(t);
            assert!(run.from <= t && t < run.to);
        }
    }
});
