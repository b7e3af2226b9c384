//! The MC6847 internal character generator: 64 glyphs of 5x7 dots in an 8x12 cell.
//!
//! The shapes live in `assets/vdg-font.txt`, drawn with `#` and `.` so they can be read and
//! checked by eye. The file is parsed by a `const fn` while compiling, so a malformed font is a
//! build error; [`parse`] is the same parser, usable at run time (the tests feed it bad input).
//!
//! Glyph index = screen byte & $3F: $00 `@`, $01-$1A `A`-`Z`, $1B `[`, $1C `\`, $1D `]`,
//! $1E up arrow, $1F left arrow, $20 space, $21-$3F punctuation and digits.

/// Number of glyphs in the chip.
pub const GLYPH_COUNT: usize = 64;
/// Height of a character cell in pixels.
pub const CELL_HEIGHT: usize = 12;
/// First cell row the 7 glyph rows occupy (rows 3-9).
pub const GLYPH_TOP: usize = 3;
/// Number of glyph rows.
pub const GLYPH_ROWS: usize = 7;
/// First cell column the 5 glyph columns occupy (columns 2-6, row-byte mask $3E).
pub const GLYPH_LEFT: usize = 2;
/// Number of glyph columns.
pub const GLYPH_COLS: usize = 5;

/// The font source, as shipped.
pub const SOURCE: &str = include_str!("../../../../assets/vdg-font.txt");

/// A parsed font: for each glyph, 12 row bytes of the 8x12 cell; bit 7 is the leftmost pixel,
/// a set bit is a lit dot (drawn in the foreground colour before any inversion).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Font {
    rows: [[u8; CELL_HEIGHT]; GLYPH_COUNT],
}

impl Font {
    /// The 12 row bytes of glyph `code & $3F`.
    #[cfg(test)]
    pub const fn glyph(&self, code: u8) -> &[u8; CELL_HEIGHT] {
        &self.rows[(code & 0x3F) as usize]
    }

    /// Row `row` (0-11) of glyph `code & $3F`; bit 7 is the leftmost pixel.
    #[inline]
    pub const fn row(&self, code: u8, row: usize) -> u8 {
        self.rows[(code & 0x3F) as usize][row]
    }
}

/// The chip's font, parsed from [`SOURCE`] at compile time.
pub static FONT: Font = match parse(SOURCE) {
    Ok(f) => f,
    Err(_) => panic!("assets/vdg-font.txt is malformed: font::parse on it names the line"),
};

/// What was wrong with a font file, and on which line (1-based; the last line + 1 for errors
/// found at the end of the file).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FontError {
    /// 1-based line number.
    pub line: usize,
    /// The kind of error.
    pub kind: FontErrorKind,
}

/// Kinds of [`FontError`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FontErrorKind {
    /// Outside a glyph, a line that is neither blank, a comment (`#` alone or `# ...`) nor a
    /// `glyph $NN ...` header.
    UnexpectedLine,
    /// A header whose code is not two hex digits 00-3F.
    BadCode,
    /// A second glyph with this code.
    Duplicate(u8),
    /// A glyph row that is not exactly 5 characters of `#` and `.`.
    BadRow,
    /// The file ended inside a glyph.
    Truncated,
    /// No glyph with this code.
    Missing(u8),
}

impl std::fmt::Display for FontError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "vdg font line {}: {:?}", self.line, self.kind)
    }
}

impl std::error::Error for FontError {}

const fn hex_digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Does `s[start..end]` begin with `prefix`?
const fn starts_with(s: &[u8], start: usize, end: usize, prefix: &[u8]) -> bool {
    if end - start < prefix.len() {
        return false;
    }
    let mut i = 0;
    while i < prefix.len() {
        if s[start + i] != prefix[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Parse a font in the `assets/vdg-font.txt` format (see the comment at the top of that file):
/// 64 glyphs, each a `glyph $NN <char> <name>` header followed by 7 rows of 5 `#`/`.`, placed at
/// cell rows 3-9 and columns 2-6.
pub const fn parse(text: &str) -> Result<Font, FontError> {
    let s = text.as_bytes();
    let mut rows = [[0u8; CELL_HEIGHT]; GLYPH_COUNT];
    let mut seen = [false; GLYPH_COUNT];
    let mut pos = 0;
    let mut line = 0;
    // Some(code) while reading the rows of a glyph; `row` counts them.
    let mut current: Option<u8> = None;
    let mut row = 0;
    while pos < s.len() {
        let (end, next) = line_at(s, pos);
        line += 1;
        match current {
            Some(code) => {
                let Some(bits) = glyph_row(s, pos, end) else {
                    return Err(FontError {
                        line,
                        kind: FontErrorKind::BadRow,
                    });
                };
                rows[code as usize][GLYPH_TOP + row] = bits;
                row += 1;
                if row == GLYPH_ROWS {
                    current = None;
                }
            }
            None => match header(s, pos, end) {
                Ok(None) => {}
                Ok(Some(code)) => {
                    if seen[code as usize] {
                        return Err(FontError {
                            line,
                            kind: FontErrorKind::Duplicate(code),
                        });
                    }
                    seen[code as usize] = true;
                    current = Some(code);
                    row = 0;
                }
                Err(kind) => return Err(FontError { line, kind }),
            },
        }
        pos = next;
    }
    if current.is_some() {
        return Err(FontError {
            line: line + 1,
            kind: FontErrorKind::Truncated,
        });
    }
    let mut code = 0;
    while code < GLYPH_COUNT {
        if !seen[code] {
            return Err(FontError {
                line: line + 1,
                kind: FontErrorKind::Missing(code as u8),
            });
        }
        code += 1;
    }
    Ok(Font { rows })
}

/// The line that starts at `pos`: where it ends (a trailing '\r' dropped) and where the next
/// one starts.
const fn line_at(s: &[u8], pos: usize) -> (usize, usize) {
    let mut end = pos;
    while end < s.len() && s[end] != b'\n' {
        end += 1;
    }
    let next = end + 1;
    if end > pos && s[end - 1] == b'\r' {
        end -= 1;
    }
    (end, next)
}

/// A glyph row `s[pos..end]`: exactly 5 of `#` (a dot) and `.`, as the row byte at columns
/// 2-6; None when it is not.
const fn glyph_row(s: &[u8], pos: usize, end: usize) -> Option<u8> {
    if end - pos != GLYPH_COLS {
        return None;
    }
    let mut bits = 0u8;
    let mut c = 0;
    while c < GLYPH_COLS {
        match s[pos + c] {
            b'#' => bits |= 0x80 >> (GLYPH_LEFT + c),
            b'.' => {}
            _ => return None,
        }
        c += 1;
    }
    Some(bits)
}

/// A line outside a glyph, `s[pos..end]`: nothing (blank or a comment), a `glyph $NN`
/// header's code (00-3F), or what is wrong with it.
const fn header(s: &[u8], pos: usize, end: usize) -> Result<Option<u8>, FontErrorKind> {
    let blank = end == pos;
    let comment = (end - pos == 1 && s[pos] == b'#') || starts_with(s, pos, end, b"# ");
    if blank || comment {
        return Ok(None);
    }
    if !starts_with(s, pos, end, b"glyph $") {
        return Err(FontErrorKind::UnexpectedLine);
    }
    let h = pos + 7;
    // two hex digits, then the end of the line or a space
    if end < h + 2 || (end > h + 2 && s[h + 2] != b' ') {
        return Err(FontErrorKind::BadCode);
    }
    let code = match (hex_digit(s[h]), hex_digit(s[h + 1])) {
        (Some(hi), Some(lo)) => hi * 16 + lo,
        _ => return Err(FontErrorKind::BadCode),
    };
    if code as usize >= GLYPH_COUNT {
        return Err(FontErrorKind::BadCode);
    }
    Ok(Some(code))
}
