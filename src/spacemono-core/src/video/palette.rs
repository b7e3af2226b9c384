//! The MC6847's colours as 0x00RRGGBB values.
//!
//! Values are the "XR32 ideal/PAL" column of `docs/machine.md §4`: XRoar 0.32's YPbPr-to-RGB formula
//! applied to the ideal VDG voltages, PAL (derived, not measured on hardware).

/// Colour 0 of the VDG's eight: green (text foreground, CSS=0 graphics colour 0, graphics border).
pub const GREEN: u32 = 0x0A_FF_0A;
/// Yellow.
pub const YELLOW: u32 = 0xFF_FF_43;
/// Blue.
pub const BLUE: u32 = 0x22_13_B5;
/// Red.
pub const RED: u32 = 0xB5_05_22;
/// Buff (a white); CSS=1 graphics colour 0 and border.
pub const BUFF: u32 = 0xFF_FF_FF;
/// Cyan.
pub const CYAN: u32 = 0x0A_D4_70;
/// Magenta.
pub const MAGENTA: u32 = 0xFF_1C_FF;
/// Orange.
pub const ORANGE: u32 = 0xFF_43_0A;
/// Black: unlit semigraphics quadrants, text-mode border, unlit pixels of 2-colour graphics.
pub const BLACK: u32 = 0x09_09_09;
/// Dark green: text background with CSS=0.
pub const DARK_GREEN: u32 = 0x00_41_00;
/// Dark orange: text background with CSS=1.
pub const DARK_ORANGE: u32 = 0x6B_00_00;
/// Bright orange: text foreground with CSS=1.
pub const BRIGHT_ORANGE: u32 = 0xFF_B5_43;

/// The eight VDG colours in the order of the 3-bit colour field of a semigraphics byte
/// (`1 c c c ....`) and of the colour sets: 0 green, 1 yellow, 2 blue, 3 red, 4 buff, 5 cyan,
/// 6 magenta, 7 orange.
pub const COLOURS: [u32; 8] = [GREEN, YELLOW, BLUE, RED, BUFF, CYAN, MAGENTA, ORANGE];

/// The four colours of a 4-colour graphics mode (pixel codes 0-3):
/// green/yellow/blue/red for CSS=0, buff/cyan/magenta/orange for CSS=1.
pub const fn colour_set(css: bool) -> [u32; 4] {
    if css {
        [BUFF, CYAN, MAGENTA, ORANGE]
    } else {
        [GREEN, YELLOW, BLUE, RED]
    }
}

/// (background, foreground) of a 2-colour graphics mode: black/green for CSS=0, black/buff for
/// CSS=1 (docs/graphics.md §1.2, MAME). XRoar instead shows the CSS=0 background as dark green.
pub const fn two_colour(css: bool) -> (u32, u32) {
    if css {
        (BLACK, BUFF)
    } else {
        (BLACK, GREEN)
    }
}

/// (background, foreground) of the text characters: dark green/green for CSS=0, dark
/// orange/bright orange for CSS=1.
pub const fn text_colours(css: bool) -> (u32, u32) {
    if css {
        (DARK_ORANGE, BRIGHT_ORANGE)
    } else {
        (DARK_GREEN, GREEN)
    }
}

/// Border colour: black in text/semigraphics modes, green (CSS=0) or buff (CSS=1) in graphics.
pub const fn border(graphics: bool, css: bool) -> u32 {
    match (graphics, css) {
        (false, _) => BLACK,
        (true, false) => GREEN,
        (true, true) => BUFF,
    }
}
