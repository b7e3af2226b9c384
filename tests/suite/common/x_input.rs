//! A person at a virtual X display, for the window tests: find the window by its title,
//! press keys (through the XTest extension) and resize the window.

use std::ffi::CStr;
use std::time::{Duration, Instant};

use x11_dl::xlib::{self, Display, Xlib};
use x11_dl::xtest::Xf86vmode as XTest;

pub struct XPerson {
    xlib: Xlib,
    xtest: XTest,
    display: *mut Display,
}

impl Drop for XPerson {
    fn drop(&mut self) {
        // SAFETY: the display was opened by `connect` and is closed once.
        unsafe { (self.xlib.XCloseDisplay)(self.display) };
    }
}

impl XPerson {
    /// Connect to display `:number`.
    pub fn connect(number: u32) -> XPerson {
        let xlib = Xlib::open().expect("libX11");
        let xtest = XTest::open().expect("libXtst");
        let name = std::ffi::CString::new(format!(":{number}")).unwrap();
        // SAFETY: a C string for the display's name; null is checked.
        let display = unsafe { (xlib.XOpenDisplay)(name.as_ptr()) };
        assert!(!display.is_null(), "cannot open display :{number}");
        XPerson {
            xlib,
            xtest,
            display,
        }
    }

    /// The top-level window whose title starts with `prefix`, waited for up to `limit`.
    pub fn window_titled(&self, prefix: &str, limit: Duration) -> xlib::Window {
        let start = Instant::now();
        loop {
            if let Some(w) = self.find(prefix) {
                return w;
            }
            assert!(start.elapsed() < limit, "no window titled {prefix:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn find(&self, prefix: &str) -> Option<xlib::Window> {
        // SAFETY: Xlib calls on an open display; the lists it returns are freed with XFree.
        unsafe {
            let root = (self.xlib.XDefaultRootWindow)(self.display);
            let (mut r, mut p) = (0, 0);
            let mut children: *mut xlib::Window = std::ptr::null_mut();
            let mut n = 0;
            if (self.xlib.XQueryTree)(self.display, root, &mut r, &mut p, &mut children, &mut n)
                == 0
            {
                return None;
            }
            let mut found = None;
            for i in 0..n as usize {
                let w = *children.add(i);
                let mut name: *mut std::ffi::c_char = std::ptr::null_mut();
                if (self.xlib.XFetchName)(self.display, w, &mut name) != 0 && !name.is_null() {
                    let title = CStr::from_ptr(name).to_string_lossy().into_owned();
                    (self.xlib.XFree)(name.cast());
                    if title.starts_with(prefix) {
                        found = Some(w);
                    }
                }
            }
            if !children.is_null() {
                (self.xlib.XFree)(children.cast());
            }
            found
        }
    }

    /// Give `w` the keyboard (there is no window manager to do it).
    pub fn focus(&self, w: xlib::Window) {
        // SAFETY: Xlib calls on an open display.
        unsafe {
            (self.xlib.XSetInputFocus)(self.display, w, xlib::RevertToParent, xlib::CurrentTime);
            (self.xlib.XSync)(self.display, 0);
        }
    }

    /// Make `w` `width`×`height` pixels, as a person dragging its corner would.
    pub fn resize(&self, w: xlib::Window, width: u32, height: u32) {
        // SAFETY: Xlib calls on an open display.
        unsafe {
            (self.xlib.XResizeWindow)(self.display, w, width, height);
            (self.xlib.XSync)(self.display, 0);
        }
    }

    /// Press (`down`) or let go the key of X keysym `keysym`.
    pub fn key(&self, keysym: u32, down: bool) {
        // SAFETY: Xlib and XTest calls on an open display.
        unsafe {
            let code = (self.xlib.XKeysymToKeycode)(self.display, keysym as xlib::KeySym);
            (self.xtest.XTestFakeKeyEvent)(self.display, code as u32, down as i32, 0);
            (self.xlib.XSync)(self.display, 0);
        }
    }

    /// Press and let go a key, with these modifier keysyms held.
    pub fn tap(&self, keysym: u32, modifiers: &[u32]) {
        for &m in modifiers {
            self.key(m, true);
        }
        self.key(keysym, true);
        std::thread::sleep(Duration::from_millis(30));
        self.key(keysym, false);
        for &m in modifiers.iter().rev() {
            self.key(m, false);
        }
        std::thread::sleep(Duration::from_millis(30));
    }
}
