//! The two joysticks (right: port 0, left: port 1) as the host sets them: each axis a
//! position 0-63 as JOYSTK reads it, and a fire button each.

/// Which axis: JOYSTK's argument (0 right X, 1 right Y, 2 left X, 3 left Y).
pub const AXES: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Joysticks {
    /// Each axis's position, 0-63.
    pub axes: [u8; AXES],
    /// The fire buttons: right, left.
    pub fire: [bool; 2],
}

impl Default for Joysticks {
    /// Both sticks centred, as a self-centring stick at rest (JOYSTK reads 31 on each axis).
    fn default() -> Self {
        Joysticks {
            axes: [31; AXES],
            fire: [false; 2],
        }
    }
}
