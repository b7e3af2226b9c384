//! Sound out: the samples the machine makes (`Machine::take_sound`), played on the audio
//! device through rodio and/or recorded to a WAV file.
//!
//! The emulation pushes each field's samples into a shared queue; rodio's audio
//! thread pulls from it through [`FieldQueueSource`]. The queue holds at most a few fields,
//! so the sound stays in step with the picture: when the device runs dry it plays silence
//! until a little is buffered again, and if the emulation gets ahead the oldest samples go.
//! With no audio device the output is a null sink: one warning, then silence.

use std::collections::VecDeque;
use std::num::NonZero;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::host_file::HostFileError;
use super::wav_out::{WavWriter, WAV_RATE};
use spacemono_core::Machine;

/// The rate samples are made at for the device alone (rodio converts if the device differs);
/// while a WAV is recorded the device plays the WAV's samples, at its rate.
pub const DEVICE_RATE: u32 = 44072;
/// Fields buffered before playing starts again after running dry.
const PREFILL_FIELDS: usize = 3;
/// Fields the queue may hold before the oldest are dropped.
const MAX_FIELDS: usize = 8;

#[derive(Debug, Default)]
struct Shared {
    samples: VecDeque<f32>,
    /// Playing (true) or waiting for the prefill after running dry.
    primed: bool,
}

/// The rodio source: an endless stream from the shared queue.
pub struct FieldQueueSource {
    shared: Arc<Mutex<Shared>>,
    prefill: usize,
    rate: u32,
}

impl Iterator for FieldQueueSource {
    type Item = f32;
    fn next(&mut self) -> Option<f32> {
        let mut s = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        if !s.primed {
            if s.samples.len() < self.prefill {
                return Some(0.0);
            }
            s.primed = true;
        }
        match s.samples.pop_front() {
            Some(x) => Some(x),
            None => {
                s.primed = false;
                Some(0.0)
            }
        }
    }
}

impl rodio::Source for FieldQueueSource {
    fn current_span_len(&self) -> Option<usize> {
        None
    }
    fn channels(&self) -> rodio::ChannelCount {
        NonZero::new(1).unwrap()
    }
    fn sample_rate(&self) -> rodio::SampleRate {
        NonZero::new(self.rate).unwrap_or(NonZero::<u32>::MIN)
    }
    fn total_duration(&self) -> Option<Duration> {
        None
    }
}

/// The audio device, or nothing.
pub struct Speaker {
    // Kept alive while playing; dropping it ends the stream.
    _sink: rodio::MixerDeviceSink,
    shared: Arc<Mutex<Shared>>,
    rate: u32,
    max_samples: usize,
}

impl Speaker {
    /// Open the default output device to play `rate` samples a second. Errors say why there
    /// is no sound.
    pub fn open(rate: u32) -> Result<Speaker, rodio::DeviceSinkError> {
        quiet_alsa();
        let mut sink = rodio::DeviceSinkBuilder::open_default_sink()?;
        sink.log_on_drop(false);
        let shared = Arc::new(Mutex::new(Shared::default()));
        let per_field = Machine::samples_per_field(rate);
        sink.mixer().add(FieldQueueSource {
            shared: shared.clone(),
            prefill: PREFILL_FIELDS * per_field,
            rate,
        });
        Ok(Speaker {
            _sink: sink,
            shared,
            rate,
            max_samples: MAX_FIELDS * per_field,
        })
    }

    fn push(&mut self, samples: &[f32]) {
        let mut s = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        s.samples.extend(samples.iter().copied());
        let excess = s.samples.len().saturating_sub(self.max_samples);
        s.samples.drain(..excess);
    }
}

/// ALSA prints its own complaints to stderr (a dozen lines when there is no sound card);
/// we say it once ourselves instead.
#[cfg(target_os = "linux")]
fn quiet_alsa() {
    use std::ffi::{c_char, c_int};
    type Handler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
    #[link(name = "asound")]
    extern "C" {
        fn snd_lib_error_set_handler(handler: Option<Handler>) -> c_int;
    }
    // ALSA calls it with a printf format and more arguments, which this ignores.
    unsafe extern "C" fn ignore(
        _file: *const c_char,
        _line: c_int,
        _func: *const c_char,
        _err: c_int,
        _fmt: *const c_char,
    ) {
    }
    // SAFETY: sets a process-wide callback that does nothing.
    unsafe {
        snd_lib_error_set_handler(Some(ignore));
    }
}

#[cfg(not(target_os = "linux"))]
fn quiet_alsa() {}

/// Why the `--wav` recording is not whole; the message names the file.
#[derive(Debug)]
pub enum RecordingError {
    /// A write failed partway (a full disk): what was written before is kept.
    Stopped { name: String, why: std::io::Error },
    /// The header could not be given its final sizes.
    Unfinished { name: String, why: std::io::Error },
}

impl std::fmt::Display for RecordingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordingError::Stopped { name, why } => {
                write!(f, "{name}: the recording stopped: {why}")
            }
            RecordingError::Unfinished { name, why } => {
                write!(f, "{name}: cannot finish the recording: {why}")
            }
        }
    }
}

impl std::error::Error for RecordingError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordingError::Stopped { why, .. } | RecordingError::Unfinished { why, .. } => {
                Some(why)
            }
        }
    }
}

/// Where the machine's sound goes: the speaker (at period speed), a WAV file (always).
#[derive(Default)]
pub struct SoundOut {
    speaker: Option<Speaker>,
    wav: Option<WavWriter<std::io::BufWriter<std::fs::File>>>,
    /// The `--wav` file's name, and why recording it failed (a full disk), for `finish`.
    wav_path: Option<std::path::PathBuf>,
    wav_failed: Option<RecordingError>,
    buf: Vec<f32>,
}

impl SoundOut {
    /// Nothing: the machine makes no sound.
    pub fn silent() -> Self {
        Self::default()
    }

    /// Open the audio device; without one, warn once on stderr and carry on silent.
    pub fn with_speaker(mut self) -> Self {
        match Speaker::open(self.rate().unwrap_or(DEVICE_RATE)) {
            Ok(s) => self.speaker = Some(s),
            Err(e) => eprintln!("spacemono: no sound ({e}); carrying on without it"),
        }
        self
    }

    /// Record to a WAV file as well (a speaker already open is opened again at the WAV's
    /// rate: it plays the samples the WAV records).
    pub fn with_wav(mut self, path: &Path) -> Result<Self, HostFileError> {
        let w = WavWriter::create(path, WAV_RATE).map_err(|why| HostFileError::write(path, why))?;
        self.wav = Some(w);
        self.wav_path = Some(path.to_path_buf());
        if self.speaker.as_ref().is_some_and(|s| s.rate != WAV_RATE) {
            self.speaker = None;
            self = self.with_speaker();
        }
        Ok(self)
    }

    /// The rate the machine is to make its sound at (`Machine::set_sound_rate`): the WAV's
    /// while one is recorded, else the speaker's; none when silent.
    pub fn rate(&self) -> Option<u32> {
        if self.wav.is_some() || self.wav_failed.is_some() {
            Some(WAV_RATE)
        } else {
            self.speaker.as_ref().map(|s| s.rate)
        }
    }

    pub fn has_speaker(&self) -> bool {
        self.speaker.is_some()
    }

    /// Neither a speaker nor a WAV: the machine makes no sound.
    pub fn is_silent(&self) -> bool {
        self.speaker.is_none() && self.wav.is_none()
    }

    /// Whether the machine's samples are wanted now: they are recorded, or `play`ed.
    pub fn wants_samples(&self, play: bool) -> bool {
        self.wav.is_some() || (play && self.speaker.is_some())
    }

    /// After each field, or a few: take the machine's samples, play them (`play` is false in
    /// turbo, when the speaker would only fall behind) and record them.
    #[inline]
    pub fn field(&mut self, machine: &mut Machine, play: bool) {
        // Silent (a headless run without a WAV): nothing was made.
        if self.is_silent() {
            return;
        }
        self.buf.clear();
        machine.take_sound(&mut self.buf);
        self.out(play);
    }

    #[inline(never)]
    fn out(&mut self, play: bool) {
        if let Some(sp) = self.speaker.as_mut().filter(|_| play) {
            sp.push(&self.buf);
        }
        if let Some(w) = self.wav.as_mut() {
            if let Err(why) = w.write(&self.buf) {
                let failed = RecordingError::Stopped {
                    name: self.wav_name(),
                    why,
                };
                eprintln!("spacemono: {failed}");
                self.wav_failed = Some(failed);
                // What was written is kept, with a header that says how much (if it can be).
                if let Some(w) = self.wav.take() {
                    let _ = w.finish();
                }
            }
        }
    }

    /// Whether a WAV is being recorded (it takes every field's sound as it comes).
    pub fn records(&self) -> bool {
        self.wav.is_some()
    }

    /// Finish the WAV file (its header gets its sizes). An error if recording it failed at
    /// any point, naming the file.
    pub fn finish(&mut self) -> Result<(), RecordingError> {
        if let Some(w) = self.wav.take() {
            w.finish().map_err(|why| RecordingError::Unfinished {
                name: self.wav_name(),
                why,
            })?;
        }
        match self.wav_failed.take() {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    fn wav_name(&self) -> String {
        self.wav_path
            .as_ref()
            .map_or_else(|| "the WAV file".into(), |p| p.display().to_string())
    }
}
