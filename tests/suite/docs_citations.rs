//! The repository stands alone (issue 28): every comment or doc that cites a fact cites a
//! file in the repository, and the section or rule it names is in that file.
//!
//! Two forms of citation are checked, in every .rs, .bas and .md file under src/, tests/,
//! roms/ and bench/ (build output left out):
//! - `docs/NAME.md §N` or `§N.M` (more sections may follow: `§1.2 and §4`): NAME.md must be
//!   in the core crate's docs folder (src/spacemono-core/docs/) with a heading `N. …` or
//!   `N.M …`;
//! - `roms/RULES.md S4` (rule ids S, L, A, P, ranges such as `A1-A14`, or `§N`): each id must
//!   be a row of roms/RULES.md, each section one of its headings.
//!
//! A spec sheet named without `docs/` (`machine.md §3`), or by its old place outside the
//! repository (`shared/spec/…`), is a citation the reader cannot follow, and fails.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The sheets that lived outside the repository: named bare, they point nowhere.
const SPEC_SHEETS: &[&str] = &[
    "machine.md",
    "interpreter.md",
    "games.md",
    "timing.md",
    "float.md",
    "float-vectors.md",
    "graphics.md",
];

/// Where the files cited as `docs/NAME.md` live.
const DOCS_DIR: &str = "src/spacemono-core/docs";
/// The game rules, cited as `roms/RULES.md ID`.
const RULES: &str = "roms/RULES.md";
/// The folders whose files may cite.
const SCANNED: &[&str] = &["src", "tests", "roms", "bench"];
/// This file names the sheets to look for them; it cites nothing.
const THIS_FILE: &str = "tests/suite/docs_citations.rs";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every .rs, .bas and .md file under `dir`, build output (`target/`) left out, sorted.
fn citing_files(dir: &Path) -> Vec<PathBuf> {
    crate::common::files_under(dir, |path| {
        path.extension()
            .is_some_and(|x| x == "rs" || x == "bas" || x == "md")
    })
}

/// The cited files, read once each: `None` when the file is not in the repository.
struct Cited {
    root: PathBuf,
    texts: HashMap<PathBuf, Option<String>>,
}

impl Cited {
    fn new(root: PathBuf) -> Self {
        Cited {
            root,
            texts: HashMap::new(),
        }
    }

    fn text(&mut self, relative: &str) -> Option<&str> {
        let path = self.root.join(relative);
        self.texts
            .entry(path.clone())
            .or_insert_with(|| std::fs::read_to_string(&path).ok())
            .as_deref()
    }
}

/// Whether `text` has a heading for section `section` ("3" → `## 3. …`, "1.2" → `### 1.2 …`).
fn has_section(text: &str, section: &str) -> bool {
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .any(|h| {
            let rest = match h.strip_prefix(section) {
                Some(rest) => rest,
                None => return false,
            };
            let rest = rest.strip_prefix('.').unwrap_or(rest);
            rest.is_empty() || rest.starts_with(' ')
        })
}

/// Whether `text` has a table row for rule `id` (`| S4 | …`).
fn has_rule(text: &str, id: &str) -> bool {
    let row = format!("| {id} |");
    text.lines().any(|l| l.trim_start().starts_with(&row))
}

/// Reads a section number (`3`, `1.2`) at the start of `s`: the number and what follows.
fn section_number(s: &str) -> Option<(&str, &str)> {
    let digits = |t: &str| t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let major = digits(s);
    if major == 0 {
        return None;
    }
    let mut end = major;
    if let Some(after) = s[major..].strip_prefix('.') {
        let minor = digits(after);
        if minor > 0 {
            end = major + 1 + minor;
        }
    }
    Some((&s[..end], &s[end..]))
}

/// Skips what may stand between two cited sections or rules: spaces, `,`, `-`, `–`, "and", "or".
fn skip_separators(mut s: &str) -> &str {
    loop {
        let t = s.trim_start_matches([' ', ',', '-', '–', '`']);
        let t = t
            .strip_prefix("and ")
            .or_else(|| t.strip_prefix("or "))
            .unwrap_or(t);
        if t.len() == s.len() {
            return s;
        }
        s = t;
    }
}

/// The sections (`§N`, `§N.M`) that follow a cited file name, in order.
fn cited_sections(mut s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    loop {
        let t = skip_separators(s);
        let Some(t) = t.strip_prefix('§') else {
            return out;
        };
        let Some((section, rest)) = section_number(t) else {
            return out;
        };
        out.push(section);
        s = rest;
    }
}

/// The rule ids (`S4`, `A1-A14` as A1 and A14) and sections (`§5`) after `roms/RULES.md`.
fn cited_rules(mut s: &str) -> Vec<String> {
    let mut out = Vec::new();
    loop {
        let t = skip_separators(s);
        if let Some(after) = t.strip_prefix('§') {
            let Some((section, rest)) = section_number(after) else {
                return out;
            };
            out.push(format!("§{section}"));
            s = rest;
            continue;
        }
        let mut chars = t.chars();
        let letter = match chars.next() {
            Some(c @ ('S' | 'L' | 'A' | 'P')) => c,
            _ => return out,
        };
        let rest = chars.as_str();
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let after = &rest[digits..];
        if digits == 0 || after.starts_with(|c: char| c.is_alphanumeric()) {
            return out;
        }
        out.push(format!("{letter}{}", &rest[..digits]));
        s = after;
    }
}

/// Whether the file name starting at byte `at` of `line` stands alone (not the tail of a
/// longer name such as `float-vectors.md` for `vectors.md`).
fn starts_a_name(line: &str, at: usize) -> bool {
    !line[..at]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == '.')
}

/// What is wrong with the citations in one line (empty when nothing is).
fn check_line(line: &str, cited: &mut Cited) -> Vec<String> {
    let mut problems = Vec::new();
    // docs/NAME.md §N
    for (at, _) in line.match_indices("docs/") {
        let before = &line[..at];
        if !(starts_a_name(line, at) || before.ends_with("src/spacemono-core/")) {
            continue;
        }
        let after = &line[at + "docs/".len()..];
        let name_len = after
            .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(after.len());
        let Some(rest) = after[name_len..].strip_prefix(".md") else {
            continue;
        };
        let file = format!("{}.md", &after[..name_len]);
        let sections = cited_sections(rest);
        match cited.text(&format!("{DOCS_DIR}/{file}")) {
            None => problems.push(format!("docs/{file} is not in {DOCS_DIR}/")),
            Some(text) => {
                for section in sections {
                    if !has_section(text, section) {
                        problems.push(format!("docs/{file} has no section §{section}"));
                    }
                }
            }
        }
    }
    // roms/RULES.md S4
    for (at, _) in line.match_indices(RULES) {
        let rest = &line[at + RULES.len()..];
        let ids = cited_rules(rest);
        match cited.text(RULES) {
            None => problems.push(format!("{RULES} is not in the repository")),
            Some(text) => {
                for id in ids {
                    let found = match id.strip_prefix('§') {
                        Some(section) => has_section(text, section),
                        None => has_rule(text, &id),
                    };
                    if !found {
                        problems.push(format!("{RULES} has no {id}"));
                    }
                }
            }
        }
    }
    // A sheet named bare, or by its old place outside the repository.
    for sheet in SPEC_SHEETS {
        for (at, _) in line.match_indices(sheet) {
            let before = &line[..at];
            if before.ends_with("docs/") || !starts_a_name(line, at) {
                continue;
            }
            let instead = match *sheet {
                "games.md" => RULES.to_string(),
                _ => format!("docs/{sheet}"),
            };
            if before.ends_with("shared/spec/") {
                problems.push(format!(
                    "shared/spec/{sheet} is outside the repository: cite {instead}"
                ));
            } else {
                problems.push(format!("{sheet} named without its path: cite {instead}"));
            }
        }
    }
    problems
}

#[test]
fn every_citation_points_at_a_section_that_is_there() {
    let root = root();
    let mut cited = Cited::new(root.clone());
    let mut problems = Vec::new();
    let mut citations = 0;
    for dir in SCANNED {
        for file in citing_files(&root.join(dir)) {
            let relative = file
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if relative == THIS_FILE {
                continue;
            }
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            for (n, line) in text.lines().enumerate() {
                citations += line.matches("docs/").count() + line.matches(RULES).count();
                for problem in check_line(line, &mut cited) {
                    problems.push(format!("{relative}:{}: {problem}", n + 1));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "citations that point nowhere:\n{}",
        problems.join("\n")
    );
    // The scan found the citations there are (about a hundred when this was written).
    assert!(
        citations > 50,
        "only {citations} citations found: is the scan looking?"
    );
}

#[test]
fn a_section_or_rule_that_is_not_there_is_reported() {
    let mut cited = Cited::new(root());
    let ok = |line: &str, cited: &mut Cited| check_line(line, cited).is_empty();
    assert!(ok("// (docs/machine.md §3, DR `CasBlockOut`)", &mut cited));
    assert!(ok("//! (docs/interpreter.md §1.2 and §4)", &mut cited));
    assert!(ok(
        "//! Acquire (roms/RULES.md §4, A1-A14): each",
        &mut cited
    ));
    assert!(ok(
        "// see src/spacemono-core/docs/machine.md §9.",
        &mut cited
    ));

    let problems = |line: &str, cited: &mut Cited| check_line(line, cited).join("; ");
    assert!(problems("// (docs/machine.md §99)", &mut cited).contains("no section §99"));
    assert!(problems("// docs/interpreter.md §1.2 and §1.9", &mut cited).contains("§1.9"));
    assert!(problems("// (docs/nowhere.md §1)", &mut cited).contains("docs/nowhere.md is not"));
    assert!(problems("// roms/RULES.md S1-S99", &mut cited).contains("no S99"));
    assert!(problems("// (machine.md §3)", &mut cited).contains("without its path"));
    assert!(problems("// games.md P4", &mut cited).contains("without its path"));
    assert!(problems("// `shared/spec/interpreter.md`", &mut cited).contains("outside"));
}
