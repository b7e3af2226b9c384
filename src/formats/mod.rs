//! Tape and program file formats: .cas byte images, .wav recordings, ASCII listings.
