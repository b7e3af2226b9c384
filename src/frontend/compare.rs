//! `spacemono compare`: two transcripts side by side, the first difference marked.
//!
//! The transcripts are compared line by line, in order (two runs of the same game on the same
//! keys stay aligned until they diverge, and what matters is where that first happens). Each
//! row shows the line number, then a marker — a space when the two lines are equal, `!` when
//! they differ, `<` or `>` when only A or B has a line there — then the two lines in columns.
//! The first difference is flagged with `>>>` and shown again in full below the columns, with
//! a caret under its first differing character.

/// What [`side_by_side`] produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub text: String,
    /// 1-based line and column of the first difference (None: the transcripts are identical).
    pub first_difference: Option<(usize, usize)>,
}

/// Lines shown before the first difference, and after it, unless `all`.
pub const CONTEXT_BEFORE: usize = 5;
pub const CONTEXT_AFTER: usize = 10;

/// A line as shown: control characters as `^L`-style pairs.
fn visible(line: &str) -> String {
    let mut s = String::with_capacity(line.len());
    for c in line.chars() {
        if (c as u32) < 0x20 {
            s.push('^');
            s.push(char::from(b'@' + c as u8));
        } else {
            s.push(c);
        }
    }
    s
}

/// `s` cut or padded to exactly `width` characters (a cut line ends in `~`).
fn fit(s: &str, width: usize) -> String {
    let n = s.chars().count();
    if n <= width {
        let mut out = s.to_string();
        out.extend(std::iter::repeat_n(' ', width - n));
        out
    } else {
        let mut out: String = s.chars().take(width.saturating_sub(1)).collect();
        out.push('~');
        out
    }
}

fn lines(t: &str) -> Vec<&str> {
    let mut v: Vec<&str> = t.split('\n').collect();
    if v.last() == Some(&"") {
        v.pop();
    }
    v
}

/// Compare two transcripts (each with a title) and lay them out side by side, each column
/// `width` characters wide; only the lines around the first difference unless `all`.
pub fn side_by_side(a: (&str, &str), b: (&str, &str), width: usize, all: bool) -> Report {
    let width = width.max(8);
    let la = lines(a.1);
    let lb = lines(b.1);
    let rows = la.len().max(lb.len());
    let first = (0..rows).find(|&i| la.get(i) != lb.get(i));
    let first_difference = first.map(|i| {
        let x: Vec<char> = la.get(i).map(|l| l.chars().collect()).unwrap_or_default();
        let y: Vec<char> = lb.get(i).map(|l| l.chars().collect()).unwrap_or_default();
        let col = x.iter().zip(&y).take_while(|(p, q)| p == q).count();
        (i + 1, col + 1)
    });

    let mut out = String::new();
    let num_w = rows.max(1).to_string().len();
    let pad = " ".repeat(num_w + 5);
    out.push_str(&format!("{pad}A: {}\n{pad}B: {}\n", a.0, b.0));
    out.push_str(&format!("{pad}{} | B\n", fit("A", width)));
    let (from, to) = match (all, first) {
        (true, _) => (0, rows),
        (false, Some(i)) => (
            i.saturating_sub(CONTEXT_BEFORE),
            (i + CONTEXT_AFTER + 1).min(rows),
        ),
        (false, None) => (rows.saturating_sub(CONTEXT_BEFORE), rows),
    };
    if from > 0 {
        out.push_str(&format!("{pad}... {from} equal line(s) before\n"));
    }
    for i in from..to {
        let (x, y) = (la.get(i), lb.get(i));
        let mark = match (x, y) {
            (Some(p), Some(q)) if p == q => ' ',
            (Some(_), Some(_)) => '!',
            (Some(_), None) => '<',
            _ => '>',
        };
        let flag = if Some(i) == first { ">>>" } else { "   " };
        let row = format!(
            "{flag}{:>num_w$}{mark} {} | {}",
            i + 1,
            fit(&visible(x.copied().unwrap_or("")), width),
            fit(&visible(y.copied().unwrap_or("")), width)
        );
        out.push_str(row.trim_end());
        out.push('\n');
    }
    if to < rows {
        out.push_str(&format!("{pad}... {} more line(s)\n", rows - to));
    }
    match first_difference {
        None => out.push_str(&format!(
            "The transcripts are identical ({} line(s)).\n",
            la.len()
        )),
        Some((line, col)) => {
            let i = line - 1;
            out.push_str(&format!("First difference: line {line}, column {col}.\n"));
            let show = |l: Option<&&str>| match l {
                Some(l) => visible(l),
                None => "(no line: the transcript ends here)".to_string(),
            };
            out.push_str(&format!("  A: {}\n", show(la.get(i))));
            out.push_str(&format!("  B: {}\n", show(lb.get(i))));
            // The caret sits under the first differing character, counting the two-character
            // form of control characters.
            let prefix: String = la
                .get(i)
                .map(|l| l.chars().take(col - 1).collect())
                .unwrap_or_default();
            let offset = visible(&prefix).chars().count();
            out.push_str(&format!("     {}^\n", " ".repeat(offset)));
        }
    }
    Report {
        text: out,
        first_difference,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_transcripts_have_no_difference() {
        let r = side_by_side(("a", "HELLO\nOK\n"), ("b", "HELLO\nOK\n"), 20, false);
        assert_eq!(r.first_difference, None);
        assert!(r.text.contains("identical (2 line(s))"), "{}", r.text);
    }

    #[test]
    fn first_difference_is_marked_with_line_and_column() {
        let r = side_by_side(("a", "X\n 1 2 3\nY\n"), ("b", "X\n 1 2 4\nZ\n"), 20, false);
        assert_eq!(r.first_difference, Some((2, 6)));
        assert!(r.text.contains(">>>2!  1 2 3"), "{}", r.text);
        assert!(
            r.text.contains("First difference: line 2, column 6."),
            "{}",
            r.text
        );
        assert!(r.text.contains("\n          ^\n"), "{}", r.text);
    }

    #[test]
    fn a_shorter_transcript_differs_where_it_ends() {
        let r = side_by_side(("a", "X\n"), ("b", "X\nY\n"), 10, true);
        assert_eq!(r.first_difference, Some((2, 1)));
        assert!(r.text.contains(">>>2>"), "{}", r.text);
        assert!(
            r.text.contains("(no line: the transcript ends here)"),
            "{}",
            r.text
        );
    }

    #[test]
    fn control_characters_are_shown() {
        assert_eq!(visible("\u{c}A"), "^LA");
    }
}
