//! The terminal's size, and whether it changed: SIGWINCH only notes that it did (the handler
//! stores to an atomic); the terminal view asks between fields and draws afresh.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by SIGWINCH, taken by [`resized`].
static RESIZED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_resize(_sig: libc::c_int) {
    RESIZED.store(true, Ordering::SeqCst);
}

/// Note every SIGWINCH from now on.
pub fn watch() {
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe; SA_RESTART
    // keeps the key reader's read() going through the signal.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_resize as extern "C" fn(libc::c_int) as libc::sighandler_t;
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGWINCH, &action, std::ptr::null_mut());
    }
}

/// Whether the terminal was resized since the last call.
pub fn resized() -> bool {
    RESIZED.swap(false, Ordering::SeqCst)
}

/// The terminal's size as (rows, columns), asked of standard output, else standard input;
/// 24x80 when neither says.
pub fn size() -> (usize, usize) {
    for fd in [libc::STDOUT_FILENO, libc::STDIN_FILENO] {
        // SAFETY: TIOCGWINSZ writes one winsize into the struct given.
        let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
        let ok = unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut ws) } == 0;
        if ok && ws.ws_row > 0 && ws.ws_col > 0 {
            return (ws.ws_row as usize, ws.ws_col as usize);
        }
    }
    (24, 80)
}
