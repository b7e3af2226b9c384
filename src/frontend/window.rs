//! The window (minifb, X11): the 320×240 picture at a sharp integer scale, optional scan
//! lines or the TV look, a borderless full-screen mode, the list of keys over the picture
//! (F1), and the keyboard.
//!
//! The picture is scaled here, not by minifb, so every Dragon pixel is exactly `scale`
//! screen pixels square (the 4:3 look kept, centred on black) and the scan-line look can
//! darken whole screen rows; a window resized by hand takes the largest scale that fits it.
//! The window is redrawn only when video memory changed (or the window did); otherwise
//! `update()` just pumps the events.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Instant;

use minifb::{InputCallback, Key, MouseButton, MouseMode, Scale, ScaleMode, Window, WindowOptions};

use super::host_file::HostFileError;
use super::host_joysticks::{Gamepads, JoystickSources, MouseStick};
use super::keymap::{Action, Input, WindowKeys};
use super::pacing::{Pacer, Speed};
use super::session::{Driver, Outcome, SessionOptions};
use super::session_error::SessionError;
use spacemono_core::Frame;
use spacemono_core::{FRAME_HEIGHT, FRAME_WIDTH};

/// Window options from the command line.
#[derive(Debug, Clone, Default)]
pub struct WindowSettings {
    /// Pixels per Dragon pixel; `None` picks the largest that fits the screen.
    pub scale: Option<usize>,
    pub scanlines: bool,
    pub fullscreen: bool,
    /// Start with the TV look (Ctrl+T toggles).
    pub tv: bool,
    /// Which host devices are the joysticks.
    pub joysticks: JoystickSources,
}

/// Whether a display server seems to be there (the window may still fail to open).
pub fn display_available() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

/// The X screen's size in pixels, asked of Xlib (loaded at run time, as minifb loads it)
/// once per process.
pub fn screen_size() -> Option<(usize, usize)> {
    static SIZE: std::sync::OnceLock<Option<(usize, usize)>> = std::sync::OnceLock::new();
    *SIZE.get_or_init(ask_x_screen_size)
}

fn ask_x_screen_size() -> Option<(usize, usize)> {
    use std::ffi::{c_char, c_int, c_void};
    extern "C" {
        fn dlopen(name: *const c_char, flags: c_int) -> *mut c_void;
        fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    }
    const RTLD_NOW: c_int = 2;
    type OpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut c_void;
    type DefaultScreen = unsafe extern "C" fn(*mut c_void) -> c_int;
    type DisplaySize = unsafe extern "C" fn(*mut c_void, c_int) -> c_int;
    // SAFETY: the symbols are looked up by name in libX11 and called with the signatures
    // Xlib documents. The connection is left open: closing it just before minifb opens its
    // own made that fail now and then (XOpenDisplay failed, seen under Xvfb).
    unsafe {
        let lib = dlopen(c"libX11.so.6".as_ptr(), RTLD_NOW);
        if lib.is_null() {
            return None;
        }
        let sym = |name: &std::ffi::CStr| dlsym(lib, name.as_ptr());
        let (open, default, width, height) = (
            sym(c"XOpenDisplay"),
            sym(c"XDefaultScreen"),
            sym(c"XDisplayWidth"),
            sym(c"XDisplayHeight"),
        );
        if [open, default, width, height].iter().any(|p| p.is_null()) {
            return None;
        }
        let open: OpenDisplay = std::mem::transmute(open);
        let default: DefaultScreen = std::mem::transmute(default);
        let width: DisplaySize = std::mem::transmute(width);
        let height: DisplaySize = std::mem::transmute(height);
        let d = open(std::ptr::null());
        if d.is_null() {
            return None;
        }
        let s = default(d);
        let size = (width(d, s), height(d, s));
        (size.0 > 0 && size.1 > 0).then_some((size.0 as usize, size.1 as usize))
    }
}

/// The largest integer scale whose window fits the screen, leaving room for a title bar and
/// panels (at least 1; 3 when the screen size is unknown).
pub fn fit_scale(screen: Option<(usize, usize)>) -> usize {
    match screen {
        Some((w, h)) => (w / FRAME_WIDTH)
            .min(h.saturating_sub(96) / FRAME_HEIGHT)
            .max(1),
        None => 3,
    }
}

/// Copy `frame` into a `dst_w`×`dst_h` buffer at `scale`, centred on black, darkening the
/// bottom third of each scaled row (at least one screen row) when `scanlines` is on and the
/// scale is 2 or more.
pub fn scale_into(
    frame: &Frame,
    scale: usize,
    scanlines: bool,
    dst: &mut [u32],
    dst_w: usize,
    dst_h: usize,
) {
    let (pw, ph) = (frame.width * scale, frame.height * scale);
    let x0 = dst_w.saturating_sub(pw) / 2;
    let y0 = dst_h.saturating_sub(ph) / 2;
    let dark_rows = if scanlines && scale >= 2 {
        (scale / 3).max(1)
    } else {
        0
    };
    dst.fill(0);
    for sy in 0..frame.height {
        let src = &frame.pixels[sy * frame.width..(sy + 1) * frame.width];
        for ry in 0..scale {
            let y = y0 + sy * scale + ry;
            if y >= dst_h {
                break;
            }
            let dark = ry >= scale - dark_rows;
            let row = &mut dst[y * dst_w..(y + 1) * dst_w];
            for (sx, &p) in src.iter().enumerate() {
                let p = if dark { (p >> 1) & 0x7F7F7F } else { p };
                let x = x0 + sx * scale;
                if x >= dst_w {
                    break;
                }
                let end = (x + scale).min(dst_w);
                row[x..end].fill(p);
            }
        }
    }
}

struct Collector(Rc<RefCell<VecDeque<Input>>>);

impl InputCallback for Collector {
    fn add_char(&mut self, uni_char: u32) {
        if let Some(c) = char::from_u32(uni_char) {
            self.0.borrow_mut().push_back(Input::Char(c));
        }
    }
    fn set_key_state(&mut self, key: Key, state: bool) {
        self.0.borrow_mut().push_back(Input::Key(key, state));
    }
}

/// The open window and its scaled buffer.
pub struct Screen {
    window: Window,
    inputs: Rc<RefCell<VecDeque<Input>>>,
    buf: Vec<u32>,
    width: usize,
    height: usize,
    scale: usize,
    windowed_scale: usize,
    scanlines: bool,
    fullscreen: bool,
    /// The TV look (Ctrl+T): scan lines and colours that bleed sideways.
    pub tv: bool,
    /// The list of keys over the picture (F1).
    pub help: bool,
    /// The picture with the list over it, drawn from the machine's.
    overlaid: Frame,
    joysticks: JoystickSources,
}

/// The largest integer scale at which the 320×240 picture fits a window of `w`×`h` pixels
/// (at least 1: a smaller window shows the middle of the picture).
pub fn scale_for_window(w: usize, h: usize) -> usize {
    (w / FRAME_WIDTH).min(h / FRAME_HEIGHT).max(1)
}

const TITLE: &str = "spacemono - Dragon 32";

/// Why the window could not be opened, changed or drawn in.
#[derive(Debug)]
pub enum WindowError {
    /// The display refused (no display server, or it said no).
    Display(minifb::Error),
    /// Full screen needs the screen's size, and the display did not say it.
    ScreenSizeUnknown,
}

impl std::fmt::Display for WindowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WindowError::Display(e) => write!(f, "{e}"),
            WindowError::ScreenSizeUnknown => write!(f, "full screen: the screen size is unknown"),
        }
    }
}

impl std::error::Error for WindowError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WindowError::Display(e) => Some(e),
            WindowError::ScreenSizeUnknown => None,
        }
    }
}

fn open_window(
    width: usize,
    height: usize,
    fullscreen: bool,
    inputs: &Rc<RefCell<VecDeque<Input>>>,
) -> Result<Window, WindowError> {
    let opts = WindowOptions {
        borderless: fullscreen,
        title: !fullscreen,
        resize: !fullscreen,
        scale: Scale::X1,
        scale_mode: ScaleMode::UpperLeft,
        topmost: fullscreen,
        ..WindowOptions::default()
    };
    let mut w = Window::new(TITLE, width, height, opts).map_err(WindowError::Display)?;
    // We pace ourselves; minifb must not sleep in update().
    w.set_target_fps(0);
    w.set_input_callback(Box::new(Collector(inputs.clone())));
    if fullscreen {
        w.set_position(0, 0);
        w.set_cursor_visibility(false);
    }
    Ok(w)
}

impl Screen {
    /// Open the window. Fails when there is no display to open it on.
    pub fn open(settings: &WindowSettings) -> Result<Screen, WindowError> {
        let windowed_scale = settings.scale.unwrap_or_else(|| fit_scale(screen_size()));
        let inputs = Rc::new(RefCell::new(VecDeque::new()));
        let (w, h) = (FRAME_WIDTH * windowed_scale, FRAME_HEIGHT * windowed_scale);
        // One retry: a display server that has just been busy may refuse once.
        let window = open_window(w, h, false, &inputs).or_else(|_| {
            std::thread::sleep(std::time::Duration::from_millis(200));
            open_window(w, h, false, &inputs)
        })?;
        let mut s = Screen {
            window,
            inputs,
            buf: vec![0; w * h],
            width: w,
            height: h,
            scale: windowed_scale,
            windowed_scale,
            scanlines: settings.scanlines,
            fullscreen: false,
            tv: settings.tv,
            help: false,
            overlaid: Frame::new(),
            joysticks: settings.joysticks,
        };
        if settings.fullscreen {
            s.toggle_fullscreen()?;
        }
        Ok(s)
    }

    /// Switch between the window and a borderless window covering the screen.
    pub fn toggle_fullscreen(&mut self) -> Result<(), WindowError> {
        let (w, h, scale) = if self.fullscreen {
            let s = self.windowed_scale;
            (FRAME_WIDTH * s, FRAME_HEIGHT * s, s)
        } else {
            let Some((sw, sh)) = screen_size() else {
                return Err(WindowError::ScreenSizeUnknown);
            };
            let s = (sw / FRAME_WIDTH).min(sh / FRAME_HEIGHT).max(1);
            (sw, sh, s)
        };
        let window = open_window(w, h, !self.fullscreen, &self.inputs)?;
        self.window = window;
        self.fullscreen = !self.fullscreen;
        self.width = w;
        self.height = h;
        self.scale = scale;
        self.buf = vec![0; w * h];
        Ok(())
    }

    pub fn is_open(&self) -> bool {
        self.window.is_open()
    }

    pub fn set_title(&mut self, title: &str) {
        self.window.set_title(title);
    }

    /// Events since the last call, in order.
    pub fn take_inputs(&mut self) -> Vec<Input> {
        self.inputs.borrow_mut().drain(..).collect()
    }

    /// Whether the window was resized by hand since the last look: if so the picture takes
    /// the largest scale that fits it, and must be drawn again.
    pub fn follow_resize(&mut self) -> bool {
        let (w, h) = self.window.get_size();
        if self.fullscreen || (w, h) == (self.width, self.height) || w == 0 || h == 0 {
            return false;
        }
        self.width = w;
        self.height = h;
        self.scale = scale_for_window(w, h);
        self.windowed_scale = self.scale;
        self.buf = vec![0; w * h];
        true
    }

    /// The window's size and the scale the picture is drawn at.
    pub fn size_and_scale(&self) -> (usize, usize, usize) {
        (self.width, self.height, self.scale)
    }

    /// Show a new picture (and pump events), with the list of keys over it when F1 asked.
    pub fn present(&mut self, frame: &Frame) -> Result<(), WindowError> {
        let frame = if self.help {
            self.overlaid.pixels.copy_from_slice(&frame.pixels);
            let lines = super::window_keys::help_lines(
                false,
                super::help_overlay::columns(self.overlaid.width),
            );
            super::help_overlay::draw(&mut self.overlaid, &lines);
            &self.overlaid
        } else {
            frame
        };
        scale_into(
            frame,
            self.scale,
            self.scanlines || self.tv,
            &mut self.buf,
            self.width,
            self.height,
        );
        if self.tv {
            super::tv_look::bleed(
                &mut self.buf,
                self.width,
                super::tv_look::radius_for(self.scale),
            );
        }
        self.window
            .update_with_buffer(&self.buf, self.width, self.height)
            .map_err(WindowError::Display)
    }

    /// Where the mouse is over the window (window pixels; `None` off it), and whether its
    /// left button is down.
    pub fn mouse(&self) -> (Option<(f32, f32)>, bool) {
        (
            self.window.get_mouse_pos(MouseMode::Discard),
            self.window.get_mouse_down(MouseButton::Left),
        )
    }

    /// Pump events only.
    pub fn pump(&mut self) {
        self.window.update();
    }

    /// A PNG of what the window shows now.
    pub fn png(&self) -> Vec<u8> {
        super::png_file::encode_rgb(self.width, self.height, &self.buf)
    }
}

/// During F9's replay, every few milliseconds: the title says how far it has come, and the
/// replay goes on unless Esc was pressed, the window was closed or a signal came.
fn restoring(screen: &mut Screen, keys: &mut WindowKeys, done: u64, all: u64) -> bool {
    screen.set_title(&format!(
        "{TITLE} \u{2014} restoring the snapshot: {}% (Esc stops)",
        done * 100 / all.max(1)
    ));
    screen.pump();
    let esc = screen
        .take_inputs()
        .into_iter()
        .any(|i| keys.event(i) == Some(Action::Break));
    !esc && screen.is_open() && super::signals::caught().is_none()
}

/// Run the machine in the window until it is closed or `--exit-after-fields` is reached.
pub fn run(
    screen: &mut Screen,
    driver: &mut Driver,
    opts: &SessionOptions,
) -> Result<(), SessionError> {
    let r = run_loop(screen, driver, opts);
    if let Some(p) = &opts.window_png {
        std::fs::write(p, screen.png()).map_err(|e| HostFileError::write(p, e))?;
    }
    Ok(r?)
}

/// How long a notice stays in the title bar.
const NOTICE_TIME: std::time::Duration = std::time::Duration::from_secs(15);

/// The title bar: the machine's speed against the real Dragon's, then whatever is not as
/// usual (paused, flat out, caps lock off), the tape counter and the snapshot slot.
pub fn window_title(driver: &Driver) -> String {
    let mut t = String::from(TITLE);
    if driver.paused {
        t.push_str(" [paused]");
    } else if let Some(p) = driver.meter.percent() {
        t.push_str(&format!(" [{p}%]"));
    }
    if driver.fast_forward {
        t.push_str(" [fast forward]");
    } else if driver.speed == Speed::Turbo {
        t.push_str(" [turbo]");
    }
    if !driver.caps {
        t.push_str(" [caps off]");
    }
    if let Some(tape) = driver.tape_counter_text() {
        t.push_str(&format!(" [{tape}]"));
    }
    if driver.slots.slot() != 1 {
        t.push_str(&format!(" [slot {}]", driver.slots.slot()));
    }
    t.push_str(" \u{2014} F1 keys");
    t
}

/// What the window does after [`Driver::perform`]: its own settings (full screen, the list
/// of keys, the TV look), the clipboard read for a paste. Returns a notice to show.
fn window_outcome(
    screen: &mut Screen,
    driver: &mut Driver,
    outcome: Outcome,
    redraw: &mut bool,
    title: &mut String,
) -> Option<String> {
    match outcome {
        // The title bar shows turbo, pause and caps lock as they are.
        Outcome::Done | Outcome::Changed(_) => None,
        Outcome::Notice(text) => Some(text),
        Outcome::ToggleFullscreen => {
            if let Err(e) = screen.toggle_fullscreen() {
                eprintln!("spacemono: {e}");
            }
            *redraw = true;
            title.clear();
            None
        }
        Outcome::ToggleHelp => {
            screen.help = !screen.help;
            *redraw = true;
            None
        }
        Outcome::ToggleTv => {
            screen.tv = !screen.tv;
            *redraw = true;
            None
        }
        Outcome::Paste => Some(match super::clipboard::text() {
            Ok(text) => driver.paste(&text),
            Err(e) => e.to_string(),
        }),
    }
}

fn run_loop(
    screen: &mut Screen,
    driver: &mut Driver,
    opts: &SessionOptions,
) -> Result<(), WindowError> {
    let mut keys = WindowKeys::with_keypad_stick(screen.joysticks.keys);
    let mut pads = Gamepads::new(screen.joysticks.pad);
    let mut mouse = MouseStick::default();
    driver.speed = opts.speed;
    let mut pacer = Pacer::new(Instant::now());
    let mut frame = Frame::new();
    // The picture is drawn when it changed, or when the window needs it again anyway.
    let mut redraw = true;
    let mut title = String::new();
    // The last notice (a file written, why a save failed), shown in the title bar a while.
    let mut notice: Option<(String, Instant)> = None;
    // Whether the window had the keyboard at the last look.
    let mut was_active = false;
    loop {
        let active = screen.window.is_active();
        if was_active && !active {
            // Keys let go while another window has the keyboard send no key-up here.
            keys.release_all();
            if driver.fast_forward {
                driver.perform(Action::FastForward(false), |_, _| true);
            }
        }
        was_active = active;
        // A key held down reads as held in the matrix for as long as it is (issue 30).
        if keys.typing_held() {
            driver.hold_typed_key();
        }
        for input in screen.take_inputs() {
            let Some(action) = keys.event(input) else {
                continue;
            };
            let restore = action == Action::RestoreSnapshot;
            let outcome =
                driver.perform(action, |done, all| restoring(screen, &mut keys, done, all));
            if let Some(text) = window_outcome(screen, driver, outcome, &mut redraw, &mut title) {
                eprintln!("spacemono: {text}");
                notice = Some((text, Instant::now()));
            }
            if restore {
                // Its progress was in the title; a machine restored is drawn anew anyway.
                title.clear();
            }
        }
        if !screen.is_open() || super::signals::caught().is_some() {
            return Ok(());
        }
        if screen.joysticks.mouse {
            let (at, button) = screen.mouse();
            let window = (screen.width, screen.height);
            mouse.update(&mut driver.machine, at, button, window, screen.scale);
        }
        pads.poll(&mut driver.machine);
        // Every Dragon key down on the PC's keyboard is down in the matrix, two or more at
        // once (issue 29).
        driver.hold_keys(&keys.matrix_keys_held());
        if screen.follow_resize() {
            redraw = true;
        }
        let mut want_title = window_title(driver);
        if keys.keypad_stick() {
            want_title.push_str(" [keypad joystick]");
        }
        let want_title = match &notice {
            Some((text, since)) if since.elapsed() < NOTICE_TIME => {
                format!("{want_title} \u{2014} {text}")
            }
            _ => want_title,
        };
        if want_title != title {
            screen.set_title(&want_title);
            title = want_title;
        }

        let done = driver.wake_up(&mut pacer, opts, |machine| {
            if !machine.picture_changed() && !redraw {
                screen.pump();
                return Ok(false);
            }
            machine.render(&mut frame);
            screen.present(&frame)?;
            redraw = false;
            Ok(true)
        })?;
        for text in driver.notices.drain(..) {
            eprintln!("spacemono: {text}");
            notice = Some((text, Instant::now()));
        }
        if done {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resized_window_takes_the_largest_scale_that_fits() {
        assert_eq!(scale_for_window(1000, 760), 3);
        assert_eq!(scale_for_window(1280, 700), 2, "the height decides");
        assert_eq!(scale_for_window(200, 100), 1);
    }

    #[test]
    fn the_title_says_the_speed_and_what_is_not_as_usual() {
        use crate::frontend::audio::SoundOut;
        use crate::frontend::keymap::Action;
        let mut d = Driver::new(spacemono_core::Machine::new(), SoundOut::silent());
        let t0 = Instant::now();
        assert_eq!(window_title(&d), format!("{TITLE} \u{2014} F1 keys"));
        d.meter = crate::frontend::speed_meter::SpeedMeter::new(t0, 0);
        d.meter.update(t0 + std::time::Duration::from_secs(1), 100);
        d.perform(Action::ToggleTurbo, |_, _| true);
        d.perform(Action::Slot(4), |_, _| true);
        d.perform(Action::ToggleCaps, |_, _| true);
        d.machine
            .insert_tape_image(spacemono_core::tape::TapeKind::Ascii, "P", b"10 END\n")
            .unwrap();
        assert_eq!(
            window_title(&d),
            format!("{TITLE} [200%] [turbo] [caps off] [tape 0/3] [slot 4] \u{2014} F1 keys")
        );
        d.perform(Action::TogglePause, |_, _| true);
        d.perform(Action::FastForward(true), |_, _| true);
        assert!(window_title(&d).starts_with(&format!("{TITLE} [paused] [fast forward]")));
    }

    #[test]
    fn scale_fits_the_screen() {
        assert_eq!(fit_scale(Some((1920, 1080))), 4);
        assert_eq!(fit_scale(Some((1280, 800))), 2);
        assert_eq!(fit_scale(Some((640, 480))), 1);
        assert_eq!(fit_scale(Some((100, 100))), 1);
        assert_eq!(fit_scale(None), 3);
    }

    #[test]
    fn integer_scaling_with_scanlines_and_centring() {
        let mut f = Frame::new();
        f.pixels[0] = 0xFF_80_40;
        f.pixels[1] = 0x00_FF_00;
        let (w, h) = (FRAME_WIDTH * 3 + 2, FRAME_HEIGHT * 3 + 4);
        let mut dst = vec![0u32; w * h];
        scale_into(&f, 3, true, &mut dst, w, h);
        // One pixel of border left and two rows above (centred), black.
        assert_eq!(dst[0], 0);
        assert_eq!(dst[2 * w], 0);
        let at = |x: usize, y: usize| dst[(y + 2) * w + x + 1];
        for y in 0..2 {
            for x in 0..3 {
                assert_eq!(at(x, y), 0xFF_80_40);
                assert_eq!(at(3 + x, y), 0x00_FF_00);
            }
        }
        // The third row of each Dragon line is the scan line: half as bright.
        assert_eq!(at(0, 2), 0x7F_40_20);
        assert_eq!(at(3, 2), 0x00_7F_00);
        // Without scanlines it is the pixel itself.
        scale_into(&f, 3, false, &mut dst, w, h);
        assert_eq!(dst[(2 + 2) * w + 1], 0xFF_80_40);
    }
}
