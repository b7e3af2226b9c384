//! The house's shape: layers that point one way (and modules inside the core that import
//! one another without a cycle), a core with no frontend in it, and files and functions short
//! enough to read. The crate boundary already keeps the core (`src/spacemono-core/`, the
//! `spacemono-core` crate) from naming a frontend; these checks hold the layers inside it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    crate::common::files_under(dir, |path| path.extension().is_some_and(|x| x == "rs"))
}

/// The crates' source files under `src/`: their `tests/` folders (the core's spec) are tests,
/// held to the same rules as the suite rather than the sources'.
fn source_files() -> Vec<PathBuf> {
    rust_files(&root().join("src"))
        .into_iter()
        .filter(|f| !f.components().any(|c| c.as_os_str() == "tests"))
        .collect()
}

/// The lines of `file` that name `crate::<layer>` in code (comments left out).
fn uses_of(file: &Path, layer: &str) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let needle = format!("crate::{layer}");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .filter(|l| l.contains(&needle))
        .map(|l| format!("{}: {}", file.display(), l.trim()))
        .collect()
}

/// Lower layers never name higher ones: `computer` holds `basic`, which uses `machine`,
/// which uses `formats`, `video` and `timing`; `cpu` (the MC6809) stands alone, reaching the
/// machine only through its `Bus` trait.
#[test]
fn layers_point_one_way() {
    let core = root().join("src/spacemono-core/src");
    let rules: [(&str, &[&str]); 6] = [
        ("basic", &["computer"]),
        ("machine", &["basic", "computer"]),
        ("formats", &["basic", "computer", "machine", "video"]),
        ("video", &["basic", "computer", "machine", "formats"]),
        ("cpu", &["basic", "computer", "machine", "formats", "video"]),
        (
            "timing.rs",
            &["basic", "computer", "machine", "formats", "video"],
        ),
    ];
    let mut wrong = Vec::new();
    for (layer, higher) in rules {
        let path = core.join(layer);
        let files = if path.is_dir() {
            rust_files(&path)
        } else {
            vec![path]
        };
        assert!(!files.is_empty(), "{layer}: no files");
        for f in &files {
            for h in higher {
                wrong.extend(uses_of(f, h));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// The core crate depends on no window, audio or command-line library, and has no unsafe code.
#[test]
fn the_core_has_no_frontend_in_it() {
    let manifest = std::fs::read_to_string(root().join("src/spacemono-core/Cargo.toml")).unwrap();
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .map(|s| s.split("\n[").next().unwrap_or(""))
        .unwrap_or("");
    for lib in ["minifb", "rodio", "clap", "spacemono ="] {
        assert!(!deps.contains(lib), "the core depends on {lib}");
    }
    let lib = std::fs::read_to_string(root().join("src/spacemono-core/src/lib.rs")).unwrap();
    assert!(lib.contains("#![forbid(unsafe_code)]"));
}

/// No source file is over 800 lines, except test files (`tests.rs`, `*_tests.rs`).
#[test]
fn no_source_file_is_over_800_lines() {
    let long: Vec<String> = source_files()
        .into_iter()
        .filter(|f| {
            let name = f.file_name().unwrap().to_string_lossy();
            name != "tests.rs" && !name.ends_with("_tests.rs")
        })
        .filter_map(|f| {
            let n = std::fs::read_to_string(&f).unwrap().lines().count();
            (n > 800).then(|| format!("{}: {n} lines", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The module a file under `src/spacemono-core/src` is, as the import graph counts it: its path with
/// `/mod.rs` and `.rs` dropped and `/` as `::` (`basic/float/using.rs` is `basic::float::using`).
fn module_of(core: &Path, file: &Path) -> String {
    let rel = file
        .strip_prefix(core)
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    let rel = rel.strip_suffix(".rs").unwrap_or(&rel);
    let rel = rel.strip_suffix("/mod").unwrap_or(rel);
    if rel == "lib" {
        String::new()
    } else {
        rel.replace('/', "::")
    }
}

/// The graph's node for a module: `basic::X` inside `basic` (a directory such as
/// `basic/float/` is one node), the top-level module elsewhere.
fn node_of(module: &str) -> String {
    let parts: Vec<&str> = module.split("::").collect();
    let keep = if parts[0] == "basic" { 2 } else { 1 };
    parts[..keep.min(parts.len())].join("::")
}

/// The paths one `crate::` use tree names, braces expanded (`a::{b, c::d}` is `a::b` and
/// `a::c::d`), read from `s[i..]`; returns where the tree ends.
fn use_tree(s: &[u8], mut i: usize, mut path: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    loop {
        let start = i;
        while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
            i += 1;
        }
        if i > start {
            path.push(String::from_utf8_lossy(&s[start..i]).into_owned());
            if s[i..].starts_with(b"::") {
                i += 2;
                continue;
            }
            out.push(path);
            return i;
        }
        if s.get(i) != Some(&b'{') {
            out.push(path);
            return i;
        }
        i += 1;
        loop {
            while i < s.len() && (s[i].is_ascii_whitespace() || s[i] == b',') {
                i += 1;
            }
            if i >= s.len() {
                return i;
            }
            if s[i] == b'}' {
                return i + 1;
            }
            let before = i;
            i = use_tree(s, i, path.clone(), out);
            if i == before {
                i += 1; // `*`
            }
        }
    }
}

/// Every path after `crate::` in the code of `text` (comment lines left out).
fn crate_paths(text: &str) -> Vec<Vec<String>> {
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let s = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = code[from..].find("crate::") {
        let at = from + k;
        let glued = at > 0 && (s[at - 1].is_ascii_alphanumeric() || s[at - 1] == b'_');
        from = at + "crate::".len();
        if !glued {
            use_tree(s, from, Vec::new(), &mut out);
        }
    }
    out
}

/// The core's import graph: node → (node it names → a file and path that name it).
type Graph = BTreeMap<String, BTreeMap<String, String>>;

fn core_import_graph() -> Graph {
    let core = root().join("src/spacemono-core/src");
    let files = rust_files(&core);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(&core, f)).collect();
    let mut graph = Graph::new();
    for f in &files {
        let from = node_of(&module_of(&core, f));
        graph.entry(from.clone()).or_default();
        for path in crate_paths(&std::fs::read_to_string(f).unwrap()) {
            // The longest prefix of the path that is a module is what it imports from.
            let Some(module) = (1..=path.len())
                .rev()
                .map(|n| path[..n].join("::"))
                .find(|m| modules.contains(m))
            else {
                continue;
            };
            let to = node_of(&module);
            if to != from {
                let rel = f.strip_prefix(&core).unwrap().display();
                let why = format!("{rel}: crate::{}", path.join("::"));
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_insert(why);
            }
        }
    }
    graph
}

/// A cycle of `graph` if it has one, as the list of nodes around it (depth-first search:
/// an edge back to a node still on the path closes a cycle).
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit<'a>(
        graph: &'a Graph,
        node: &'a str,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(k) = path.iter().position(|n| *n == node) {
            let mut cycle: Vec<String> = path[k..].iter().map(|n| n.to_string()).collect();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flat_map(|e| e.keys()) {
            if let Some(c) = visit(graph, next, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node);
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(graph, n, &mut Vec::new(), &mut done))
}

/// The core's modules import one another one way: grouping each file under its module
/// (`basic::X` inside `basic`, the top-level module elsewhere), the `crate::` paths in code
/// form no cycle, so each module can be read (and tested) on top of the ones it uses.
#[test]
fn no_import_cycles_in_the_core() {
    let graph = core_import_graph();
    assert!(graph.contains_key("basic::interp") && graph.contains_key("machine"));
    if let Some(cycle) = find_cycle(&graph) {
        let steps: Vec<String> = cycle
            .windows(2)
            .map(|w| format!("{} -> {}   ({})", w[0], w[1], graph[&w[0]][&w[1]]))
            .collect();
        panic!("an import cycle in the core:\n{}", steps.join("\n"));
    }
}

/// The name of the function a line (trimmed) declares, if it declares one: `fn name` after
/// any of `pub`, `pub(crate)`, `const`, `async`, `unsafe`, `extern "C"`.
fn fn_name(line: &str) -> Option<&str> {
    let mut rest = line;
    loop {
        if let Some(after) = rest.strip_prefix("fn ") {
            let end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            return (end > 0).then(|| &after[..end]);
        }
        let (word, tail) = rest.split_once(' ')?;
        let qualifier = word.starts_with("pub")
            || matches!(word, "const" | "async" | "unsafe" | "extern" | "\"C\"");
        if !qualifier {
            return None;
        }
        rest = tail.trim_start();
    }
}

/// The functions in `text` longer than `limit` lines, as (line, name, length): each measured
/// from its `fn` line to the closing brace at the same indentation. Modules marked
/// `#[cfg(test)]` are skipped.
fn long_functions(text: &str, limit: usize) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    // The line of the brace that closes a block opened at indentation `ind`, from `from` on.
    let close = |from: usize, ind: usize| {
        (from..lines.len())
            .find(|&k| indent(lines[k]) == ind && lines[k].trim_start().starts_with('}'))
            .unwrap_or(lines.len() - 1)
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        if line == "#[cfg(test)]" {
            let mut j = i + 1;
            while j < lines.len() && lines[j].trim_start().starts_with("#[") {
                j += 1;
            }
            let item = lines.get(j).map_or("", |l| l.trim());
            let item = item.strip_prefix("pub ").unwrap_or(item);
            if item.starts_with("mod ") && item.ends_with('{') {
                i = close(j + 1, indent(lines[j])) + 1;
                continue;
            }
        }
        if let Some(name) = fn_name(line) {
            // The body opens on the first line that ends with `{` (a `;` first: no body; a
            // `}` first: a one-line function).
            let opens = (i..lines.len()).find(|&k| {
                let t = lines[k].trim_end();
                t.ends_with('{') || t.ends_with(';') || t.ends_with('}')
            });
            if let Some(k) = opens.filter(|&k| lines[k].trim_end().ends_with('{')) {
                let n = close(k + 1, indent(lines[i])) - i + 1;
                if n > limit {
                    out.push((i + 1, name.to_string(), n));
                }
            }
        }
        i += 1;
    }
    out
}

/// No function is over 100 lines (test files, `*_tests.rs` and `#[cfg(test)]` modules
/// aside): a longer one does several things, each of which deserves a name and a comment.
#[test]
fn no_function_is_over_100_lines() {
    let mut long = Vec::new();
    for f in source_files() {
        let name = f.file_name().unwrap().to_string_lossy();
        if name == "tests.rs" || name.ends_with("_tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        for (line, name, n) in long_functions(&text, 100) {
            long.push(format!("{}:{line}: {name}: {n} lines", f.display()));
        }
    }
    assert!(
        long.is_empty(),
        "functions over 100 lines:\n{}",
        long.join("\n")
    );
}

/// The names the core exports: every `pub use` in its lib.rs (the last segment, or what it is
/// renamed to), and its one public module, `tape`.
fn facade_names() -> BTreeSet<String> {
    let lib = std::fs::read_to_string(root().join("src/spacemono-core/src/lib.rs")).unwrap();
    let mut names = BTreeSet::new();
    // Only the crate root's own `pub use`s: the `tape` module's list is reached through it.
    let top = lib.split("pub mod tape").next().unwrap();
    for stmt in top.split(';') {
        let Some(at) = stmt.find("pub use ") else {
            continue;
        };
        let path = &stmt[at + "pub use ".len()..];
        let items = match (path.find('{'), path.rfind('}')) {
            (Some(open), Some(close)) => path[open + 1..close].to_string(),
            _ => path.rsplit("::").next().unwrap_or("").to_string(),
        };
        for item in items.split(',') {
            let item = item.trim();
            let name = item.rsplit(" as ").next().unwrap_or(item).trim();
            if !name.is_empty() {
                names.insert(name.to_string());
            }
        }
    }
    names.insert("tape".to_string());
    names
}

/// The core is one narrow door: its modules are private, and its lib.rs exports a short list
/// of names (the machine and what its methods take and return) and the documented `tape`
/// module. A CPU, PIAs and a SAM join behind `Machine` without adding to it.
#[test]
fn the_core_exports_only_its_facade() {
    let lib = std::fs::read_to_string(root().join("src/spacemono-core/src/lib.rs")).unwrap();
    let public_modules: Vec<&str> = lib
        .lines()
        .filter(|l| l.trim_start().starts_with("pub mod"))
        .collect();
    assert_eq!(
        public_modules,
        ["pub mod tape {"],
        "public modules of the core"
    );
    let names = facade_names();
    assert!(
        names.len() <= 50,
        "the facade has grown to {} names: {names:?}",
        names.len()
    );
    // The frontend crate re-exports nothing of the core.
    let top = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    assert!(
        !top.lines().any(|l| l.trim_start().starts_with("pub use")),
        "src/lib.rs re-exports the core"
    );
}

/// Frontends, the suite, the core's spec and the fuzz targets name the core only by its
/// facade (`spacemono_core::Machine`, `spacemono_core::tape::…`), never by a path into it.
#[test]
fn frontends_and_tests_name_only_the_facade() {
    let names = facade_names();
    let mut files = rust_files(&root().join("src/frontend"));
    files.extend(rust_files(&root().join("tests/suite")));
    files.extend(rust_files(&root().join("src/spacemono-core/tests")));
    files.extend(rust_files(&root().join("tests/fuzz/src")));
    files.extend(rust_files(&root().join("tests/fuzz/fuzz_targets")));
    files.push(root().join("src/main.rs"));
    files.push(root().join("src/cli_error.rs"));
    let mut wrong = Vec::new();
    // (This file names the paths it looks for.)
    files.retain(|f| !f.ends_with("tests/suite/architecture.rs"));
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for (at, _) in line.match_indices("spacemono_core::") {
                let rest = &line[at + "spacemono_core::".len()..];
                let first: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '{')
                    .collect();
                // `spacemono_core::{a, b}` names each of a, b.
                let named: Vec<String> = if first.starts_with('{') {
                    let list = rest[1..].split('}').next().unwrap_or("");
                    list.split(',')
                        .map(|s| s.split("::").next().unwrap_or("").trim())
                        .map(|s| s.split(" as ").next().unwrap_or("").trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect()
                } else {
                    vec![first]
                };
                for name in named {
                    if !names.contains(&name) {
                        wrong.push(format!("{}:{}: {name}", f.display(), n + 1));
                    }
                }
            }
            for inner in [
                "basic", "computer", "machine", "snapshot", "video", "formats",
            ] {
                if line.contains(&format!("spacemono::{inner}")) {
                    wrong.push(format!("{}:{}: spacemono::{inner}", f.display(), n + 1));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "names past the facade:\n{}",
        wrong.join("\n")
    );
}
