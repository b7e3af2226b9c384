//! A PNG file, as golden pictures and screenshots are read: decoded into a frame or refused
//! with an error, never a panic; a frame decoded encodes and decodes back to itself.
#![no_main]
use libfuzzer_sys::fuzz_target;
use spacemono::frontend::png_file;

fuzz_target!(|data: &[u8]| {
    if let Ok(frame) = png_file::decode(data) {
        assert_eq!(frame.pixels.len(), frame.width * frame.height);
        if frame.pixels.len() <= 1 << 16 {
            let again = png_file::decode(&png_file::encode(&frame)).expect("our own PNG reads");
            assert_eq!(again, frame);
        }
    }
});
