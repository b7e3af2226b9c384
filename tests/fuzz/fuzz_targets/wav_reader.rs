//! A .wav recording: the container (hound, with the reader's checks and mending around it),
//! bit-stream decoding, blocks and files, and appending a block to the recording.
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
});
