//! Where the terminal view puts things on a terminal of a given size: the picture at the top
//! left, the key line and the status line under it when there is room, else a key panel and
//! the status line beside it (a quarter-size board is 24 rows: on an 80x24 terminal the 48
//! columns to its right are free), else the picture cut short above the status line. Nothing
//! is ever placed below the last row or past the last column, so the terminal never scrolls.

/// A run of rows: its first row and column (from 1, as ANSI counts them), how many rows and
/// how wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub row: usize,
    pub col: usize,
    pub rows: usize,
    pub width: usize,
}

/// What goes where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The picture's rows and columns as drawn (cut to the terminal).
    pub picture: Area,
    /// The keys: one line under the picture, or a panel of lines beside it (no rows when
    /// there is no room).
    pub keys: Area,
    /// The status line (turbo, and what was last done).
    pub status: Area,
    /// The keys are beside the picture, one a line.
    pub beside: bool,
}

/// The narrowest key panel worth drawing beside the picture.
pub const MIN_PANEL: usize = 24;

impl Layout {
    /// The layout of a picture of `picture` (rows, columns) on a terminal of `size` (rows,
    /// columns).
    pub fn new(size: (usize, usize), picture: (usize, usize)) -> Layout {
        let (rows, cols) = (size.0.max(1), size.1.max(1));
        let (pic_rows, pic_cols) = picture;
        let drawn = |r: usize| Area {
            row: 1,
            col: 1,
            rows: pic_rows.min(r),
            width: pic_cols.min(cols),
        };
        if rows >= pic_rows + 2 {
            let line = |row| Area {
                row,
                col: 1,
                rows: 1,
                width: cols,
            };
            return Layout {
                picture: drawn(rows),
                keys: line(pic_rows + 1),
                status: line(pic_rows + 2),
                beside: false,
            };
        }
        if cols > pic_cols + MIN_PANEL && rows >= 2 {
            let col = pic_cols + 2;
            let width = cols - pic_cols - 1;
            return Layout {
                picture: drawn(rows),
                keys: Area {
                    row: 1,
                    col,
                    rows: rows - 2,
                    width,
                },
                status: Area {
                    row: rows,
                    col,
                    rows: 1,
                    width,
                },
                beside: true,
            };
        }
        // Too small for either: the picture's top, and the status line on the last row.
        Layout {
            picture: drawn(rows - 1),
            keys: Area {
                row: rows,
                col: 1,
                rows: 0,
                width: cols,
            },
            status: Area {
                row: rows,
                col: 1,
                rows: usize::from(rows > 1),
                width: cols,
            },
            beside: false,
        }
    }

    /// Whether the whole picture is shown, and the keys with it.
    pub fn fits(&self, picture: (usize, usize)) -> bool {
        self.picture.rows == picture.0 && self.picture.width == picture.1 && self.keys.rows > 0
    }
}

/// `text` cut to `width` characters (no ANSI codes in it).
pub fn fit(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_screen_has_its_lines_under_it() {
        let l = Layout::new((24, 80), (16, 32));
        assert!(!l.beside && l.fits((16, 32)));
        assert_eq!((l.keys.row, l.status.row), (17, 18));
    }

    #[test]
    fn a_quarter_board_on_80x24_has_its_keys_beside_it() {
        let l = Layout::new((24, 80), (24, 32));
        assert!(l.beside && l.fits((24, 32)));
        assert_eq!((l.keys.row, l.keys.col, l.keys.width), (1, 34, 47));
        assert_eq!((l.status.row, l.status.col), (24, 34));
        assert!(l.keys.row + l.keys.rows <= l.status.row);
    }

    #[test]
    fn nothing_is_placed_past_a_small_terminal() {
        for size in [(1, 1), (5, 20), (24, 40), (10, 80), (200, 300)] {
            for picture in [(16, 32), (24, 32), (48, 64), (96, 128)] {
                let l = Layout::new(size, picture);
                for a in [l.picture, l.keys, l.status] {
                    if a.rows > 0 {
                        assert!(a.row + a.rows - 1 <= size.0, "{size:?} {picture:?} {a:?}");
                        assert!(a.col + a.width - 1 <= size.1, "{size:?} {picture:?} {a:?}");
                    }
                }
            }
        }
    }
}
