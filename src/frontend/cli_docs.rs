//! The command line's own documents, made from its clap definition so that they never drift
//! from it: the manual page (`spacemono man`, by `clap_mangen`) and the shell completion
//! scripts (`spacemono completions bash|zsh|fish`, by `clap_complete`).

/// The shells `spacemono completions` writes a script for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

/// `cmd` without its hidden options and subcommands, for clap_complete, which would offer
/// them too: names, help texts, options and their values are all a completion needs.
fn without_hidden(cmd: &clap::Command) -> clap::Command {
    let mut out = clap::Command::new(cmd.get_name().to_string());
    if let Some(about) = cmd.get_about() {
        out = out.about(about.clone());
    }
    if let Some(version) = cmd.get_version() {
        out = out.version(version.to_string());
    }
    out.args(cmd.get_arguments().filter(|a| !a.is_hide_set()).cloned())
        .subcommands(
            cmd.get_subcommands()
                .filter(|s| !s.is_hide_set())
                .map(without_hidden),
        )
}

/// The completion script for `shell` of the command `cmd` (its name is the program's).
pub fn completions(cmd: clap::Command, shell: Shell) -> Vec<u8> {
    let mut cmd = without_hidden(&cmd);
    let name = cmd.get_name().to_string();
    let shell = match shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, name, &mut out);
    out
}

/// The visible subcommands of `cmd`, depth first (`tape`, then `tape list`...), without
/// clap's own `help`.
fn subcommands(cmd: &clap::Command) -> Vec<clap::Command> {
    let mut out = Vec::new();
    for sub in cmd.get_subcommands() {
        if sub.is_hide_set() || sub.get_name() == "help" {
            continue;
        }
        out.push(sub.clone());
        out.extend(subcommands(sub));
    }
    out
}

/// The lines the roff crate starts each rendering with (an apostrophe that prints as one);
/// the page keeps them once, at its top.
const PREAMBLE: [&str; 2] = [".ie \\n(.g .ds Aq \\(aq", ".el .ds Aq '"];

/// A section clap_mangen renders, without the preamble, and without its `.SH` heading when
/// it is to sit under another heading.
fn section(render: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>, heading: bool) -> String {
    let mut bytes = Vec::new();
    // Rendering into memory cannot fail.
    let _ = render(&mut bytes);
    let mut drop_heading = !heading;
    let mut out = String::new();
    for line in String::from_utf8_lossy(&bytes).lines() {
        if PREAMBLE.contains(&line) || (drop_heading && line.starts_with(".SH ")) {
            drop_heading &= !line.starts_with(".SH ");
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The manual page of `cmd` in roff, as one page: the program's synopsis, description and
/// options, then a COMMANDS section with each subcommand's synopsis, description and options.
pub fn man_page(mut cmd: clap::Command) -> Vec<u8> {
    cmd.build();
    let man = clap_mangen::Man::new(cmd.clone());
    let mut page = String::new();
    for line in PREAMBLE {
        page.push_str(line);
        page.push('\n');
    }
    // Written here, not by clap_mangen, which leaves an empty date out of `.TH` and so moves
    // the source into the date's place.
    page.push_str(&format!(
        ".TH {} 1 \"\" \"{} {}\" \"User Commands\"\n",
        cmd.get_name().to_uppercase(),
        cmd.get_name(),
        cmd.get_version().unwrap_or_default()
    ));
    page += &section(|w| man.render_name_section(w), true);
    page += &section(|w| man.render_synopsis_section(w), true);
    page += &section(|w| man.render_description_section(w), true);
    page += &section(|w| man.render_options_section(w), true);
    let subs = subcommands(&cmd);
    if !subs.is_empty() {
        page.push_str(".SH COMMANDS\n");
        page.push_str(
            "Options follow the command's name. A command's options that spacemono alone \
             takes too (how a session is shown and heard, the tape deck, the BASIC) are \
             described under OPTIONS above, and named after the command's own.\n",
        );
    }
    for sub in subs {
        let name = sub
            .get_bin_name()
            .unwrap_or_else(|| sub.get_name())
            .to_string();
        // Options spacemono alone takes too are described once, above; -h is everywhere.
        let above: Vec<String> = sub
            .get_arguments()
            .filter(|a| !a.is_hide_set() && a.get_id() != "help")
            .filter(|a| cmd.get_arguments().any(|t| t.get_id() == a.get_id()))
            .filter_map(|a| {
                a.get_long()
                    .map(|l| format!("\\-\\-{}", l.replace('-', "\\-")))
            })
            .collect();
        let sub = sub.mut_args(|a| {
            let shown_above = cmd.get_arguments().any(|t| t.get_id() == a.get_id());
            let hide = a.is_hide_set() || shown_above || a.get_id() == "help";
            a.hide(hide)
        });
        page.push_str(&format!(".SS \"{name}\"\n"));
        let m = clap_mangen::Man::new(sub.clone());
        page += &section(|w| m.render_synopsis_section(w), false);
        page.push_str(".PP\n");
        page += &section(|w| m.render_description_section(w), false);
        if sub.get_arguments().any(|a| !a.is_hide_set()) {
            page.push_str(".PP\nOptions:\n");
            page += &section(|w| m.render_options_section(w), false);
        }
        if !above.is_empty() {
            page.push_str(&format!(".PP\nAnd, as above: {}.\n", above.join(", ")));
        }
    }
    page += &keys_section();
    page += &section(|w| man.render_version_section(w), true);
    page.into_bytes()
}

/// `text` as roff prints it literally: backslashes and hyphens escaped, characters beyond
/// ASCII (the arrows) by their Unicode number, and a line that would start with a control
/// character protected.
fn roff_text(text: &str) -> String {
    let mut escaped = String::new();
    for c in text.chars() {
        match c {
            '\\' => escaped.push_str("\\e"),
            '-' => escaped.push_str("\\-"),
            c if c.is_ascii() => escaped.push(c),
            c => escaped.push_str(&format!("\\[u{:04X}]", c as u32)),
        }
    }
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// A key as the man page shows it: the window's key, and the terminal view's when it
/// differs or is missing.
fn key_shown(k: &super::window_keys::KeyHelp) -> String {
    match k.terminal {
        None => format!("{} (window only)", k.window),
        Some(t) if t == k.window => k.window.to_string(),
        Some(t) => format!("{} (terminal view: {t})", k.window),
    }
}

/// The KEYS section: every key of the window and the terminal view, from the one table
/// (`window_keys::KEYS`).
fn keys_section() -> String {
    let mut out = String::from(".SH KEYS\n");
    out.push_str("In the window and in the terminal view, beside typing:\n");
    for k in super::window_keys::KEYS {
        out.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            roff_text(&key_shown(k)),
            roff_text(k.action)
        ));
    }
    out
}
