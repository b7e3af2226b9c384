//! SIGINT, SIGTERM and SIGHUP end a session cleanly: the handler only notes the signal, and
//! each frontend's loop sees it and returns, so outputs (the `--wav` header, `--png`,
//! `--screen`) are finished as on a normal exit. A second signal ends the process at once,
//! as an uncaught one would: the loop looks only between fields, and a session stuck inside
//! one (a bug, a statement that never ends) must still be stoppable without SIGKILL.

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal that asked the session to end (0: none).
static CAUGHT: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_signal(sig: std::ffi::c_int) {
    if CAUGHT.swap(sig, Ordering::SeqCst) != 0 {
        // SAFETY: _exit is async-signal-safe; the status is the shell's for a fatal signal.
        #[cfg(unix)]
        unsafe {
            _exit(128 + sig)
        }
    }
}

#[cfg(unix)]
extern "C" {
    fn signal(signum: std::ffi::c_int, handler: usize) -> usize;
    fn _exit(status: std::ffi::c_int) -> !;
}

/// Catch SIGHUP, SIGINT and SIGTERM from now on.
pub fn catch() {
    #[cfg(unix)]
    for s in [1, 2, 15] {
        // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
        unsafe {
            signal(s, on_signal as extern "C" fn(std::ffi::c_int) as usize);
        }
    }
}

/// The signal caught, if one asked the session to end (cheap: asked every field).
#[inline]
pub fn caught() -> Option<i32> {
    match CAUGHT.load(Ordering::Relaxed) {
        0 => None,
        s => Some(s),
    }
}
