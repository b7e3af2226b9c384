//! A .wav recording: the container (hound, with the reader's checks and mending around it),
//! bit-stream decoding, blocks and files, appending a block to the recording, and the
//! recording the deck plays (the comparator's edges, each block's place on it).
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono_core::tape::block::Block;
use spacemono_core::tape::tapefile::{layout, LayoutOptions};
use spacemono_core::tape::{wav, TapeKind};
use spacemono_core::tape as cassette;

fuzz_target!(|data: &[u8]| {
    if let Ok(audio) = wav::parse_wav(data) {
        let _ = wav::decode_bit_streams(&audio);
        // A save appended to the recording reads back with the block at its end.
        let segments = layout(&[Block::eof()], LayoutOptions::default());
        if let Ok(longer) = cassette::append_to_wav(data, &segments) {
            let again = wav::parse_wav(&longer).expect("an appended recording reads");
            assert_eq!(again.format, audio.format);
            assert!(again.samples.starts_with(&audio.samples));
        }
    }
    let _ = wav::decode(data);
    if let Ok(files) = wav::read_files(data) {
        for f in &files {
            let _ = spacemono_core::tape::image_listing(&f.payload());
        }
    }
    let _ = cassette::blocks_from_bytes(data, TapeKind::Wav, "FUZZ");
    if let Ok(mut tape) = cassette::LoadedTape::read(TapeKind::Wav, data.to_vec(), "FUZZ") {
        let r = &mut tape.recording;
        let end = r.end();
        for i in 0..tape.blocks.len() {
            let s = r.span(i).expect("a place for every block");
            assert!(s.lead <= s.sync && s.sync <= s.end);
        }
        // The signal anywhere, forwards and back: a run holds the time looked at.
        for t in [0, end / 3, end / 2, 1, end.saturating_sub(1), end, end + 5] {
            let run = r.run_at(t);
            assert!(run.from <= t && t < run.to);
        }
    }
});
