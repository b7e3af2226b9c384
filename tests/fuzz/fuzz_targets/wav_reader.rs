//! A .wav recording: RIFF parsing, bit-stream decoding, blocks and files.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono::formats::{wav, TapeKind};
use spacemono::machine::cassette;

fuzz_target!(|data: &[u8]| {
    if let Ok(audio) = wav::parse_wav(data) {
        let _ = wav::decode_bit_streams(&audio);
    }
    let _ = wav::decode(data);
    if let Ok(files) = wav::read_files(data) {
        for f in &files {
            let _ = spacemono::basic::program_image::image_listing(&f.payload());
        }
    }
    let _ = cassette::blocks_from_bytes(data, TapeKind::Wav, "FUZZ");
});
