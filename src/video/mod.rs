//! The MC6847 VDG: turning video memory and the mode into a picture.
