//! The README and the guide (`docs/*.md`) against the program, so that they cannot drift from
//! it: every command in their code blocks that starts with `hotseat` (or `cargo run --release
//! --`) parses with today's command line (clap's `try_get_matches_from`), every relative link
//! leads to a file and, with a `#heading`, to a heading of it; the README stays a screen or two
//! and its test command is CI's; the packages' man pages are every page `hotseat man` has.

use std::fs;
use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use clap::{CommandFactory, ValueEnum};
use hotseat::cli::{Cli, Page};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every chapter of the guide.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .expect("a docs/ folder")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root().join("README.md"));
    // The maps for contributors, beside the README.
    docs.extend(["ARCHITECTURE.md", "CONTRIBUTING.md"].map(|name| root().join(name)));
    docs
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn name(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A fenced code block: its info string (`sh`, `toml`, ...), and its lines with their numbers.
struct Block {
    info: String,
    lines: Vec<(usize, String)>,
}

/// The fenced code blocks of a Markdown text (fences may be indented, as in a list item), and
/// the lines outside them with their numbers.
fn split_blocks(text: &str) -> (Vec<Block>, Vec<(usize, &str)>) {
    let mut blocks = Vec::new();
    let mut prose = Vec::new();
    let mut open: Option<Block> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            match open.take() {
                Some(block) => blocks.push(block),
                None => {
                    open = Some(Block {
                        info: info.trim().to_owned(),
                        lines: Vec::new(),
                    })
                }
            }
        } else if let Some(block) = &mut open {
            block.lines.push((number, trimmed.to_owned()));
        } else {
            prose.push((number, line));
        }
    }
    assert!(open.is_none(), "a code block is never closed");
    (blocks, prose)
}

/// A line of shell split into words as `sh` would for these simple commands: quotes ('...' and
/// "...") and backslashes, and a `#` starting a word begins a comment. Operators (`|`, `&&`,
/// `>`, ...) are words of their own only where spaces surround them, as the docs write them.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '#' if !in_word => break,
            '\'' => {
                in_word = true;
                word.extend(chars.by_ref().take_while(|&c| c != '\''));
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The hotseat command lines of a shell line, each as the arguments after the program's name:
/// the line is cut at `|`, `&&`, `||`, `;` and `&`, redirections are dropped, and a command
/// counts when it starts (after `VAR=value` assignments) with `hotseat` or `cargo run
/// --release` (with `--` before hotseat's own arguments).
fn hotseat_commands(line: &str) -> Vec<Vec<String>> {
    let line = line.strip_prefix("$ ").unwrap_or(line);
    let mut commands = Vec::new();
    let words = shell_words(line);
    for segment in words.split(|w| ["|", "||", "&&", ";", "&"].contains(&w.as_str())) {
        let mut args = Vec::new();
        let mut skip_next = false;
        for word in segment {
            if skip_next {
                skip_next = false;
            } else if [">", ">>", "<", "2>", "2>&1"].contains(&word.as_str()) {
                skip_next = word != "2>&1";
            } else {
                args.push(word.clone());
            }
        }
        let start = args
            .iter()
            .position(|w| !(w.contains('=') && w.chars().next().is_some_and(char::is_uppercase)))
            .unwrap_or(args.len());
        let args = &args[start..];
        match args {
            [program, rest @ ..] if program == "hotseat" => commands.push(rest.to_vec()),
            [cargo, run, release, rest @ ..]
                if cargo == "cargo" && run == "run" && release == "--release" =>
            {
                match rest {
                    [] => commands.push(Vec::new()),
                    [dashes, rest @ ..] if dashes == "--" => commands.push(rest.to_vec()),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    commands
}

/// Whether clap accepts these arguments (asking for help or the version counts).
fn parse(args: &[String]) -> Result<(), String> {
    let argv = std::iter::once("hotseat".to_owned()).chain(args.iter().cloned());
    match Cli::command().try_get_matches_from(argv) {
        Ok(_) => Ok(()),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => Ok(()),
        Err(e) => Err(e.to_string().lines().next().unwrap_or_default().to_owned()),
    }
}

/// The code blocks that hold commands to type: shell ones, or with no language named.
fn is_shell(info: &str) -> bool {
    ["", "sh", "bash", "shell", "console", "zsh", "fish"].contains(&info)
}

#[test]
fn every_hotseat_command_in_the_docs_parses() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for doc in documents() {
        let (blocks, _) = split_blocks(&read(&doc));
        for block in blocks.iter().filter(|b| is_shell(&b.info)) {
            for (number, line) in &block.lines {
                for args in hotseat_commands(line) {
                    checked += 1;
                    if let Err(e) = parse(&args) {
                        wrong.push(format!("{}:{number}: `{line}`: {e}", name(&doc)));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "commands the program refuses:\n{}",
        wrong.join("\n")
    );
    // The guide is full of examples: finding few means the reading above went wrong.
    assert!(
        checked >= 50,
        "only {checked} hotseat commands found in the docs"
    );
}

#[test]
fn the_command_reader_finds_what_a_shell_would_run() {
    let found = |line: &str| hotseat_commands(line);
    assert_eq!(
        found("hotseat --time 5+3 --white Ann   # five minutes"),
        [["--time", "5+3", "--white", "Ann"]]
    );
    assert_eq!(
        found(r#"cargo run --release -- --fen "4k3/8/8/8/8/8/8/4K3 w - - 0 1""#),
        [["--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]]
    );
    assert_eq!(found("cargo run --release"), [Vec::<String>::new()]);
    assert_eq!(found("cargo test"), Vec::<Vec<String>>::new());
    assert_eq!(
        found("echo analyse | hotseat --plain --load game.pgn"),
        [["--plain", "--load", "game.pgn"]]
    );
    assert_eq!(
        found("hotseat man > hotseat.1 && man ./hotseat.1"),
        [["man"]]
    );
    assert_eq!(found("NO_COLOR=1 hotseat --ascii"), [["--ascii"]]);
    assert_eq!(
        found("hotseat analyse 'my game.pgn'"),
        [["analyse", "my game.pgn"]]
    );
    // And the parse refuses what the program refuses.
    assert!(parse(&["--time".into(), "5+3".into()]).is_ok());
    assert!(parse(&["--help".into()]).is_ok());
    assert!(parse(&["--colour".into(), "never".into()]).is_err());
    assert!(parse(&["perft".into()]).is_err());
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let (_, prose) = split_blocks(text);
    prose
        .iter()
        .filter_map(|(_, line)| line.strip_prefix('#'))
        .map(|heading| slug(heading.trim_start_matches('#')))
        .collect()
}

/// The targets of the Markdown links and images of a line: `[text](target)`.
fn link_targets(line: &str) -> Vec<&str> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) => {
                targets.push(&after[..end]);
                rest = &after[end..];
            }
            None => break,
        }
    }
    targets
}

#[test]
fn every_relative_link_in_the_docs_leads_somewhere() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for doc in documents() {
        let text = read(&doc);
        let (_, prose) = split_blocks(&text);
        // A link may be broken over two lines: join each paragraph's lines.
        let joined: Vec<(usize, String)> = prose
            .windows(2)
            .map(|pair| (pair[0].0, format!("{} {}", pair[0].1, pair[1].1)))
            .chain(prose.last().map(|(n, l)| (*n, (*l).to_owned())))
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        for (number, line) in &joined {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                if !seen.insert(target.to_owned()) {
                    continue;
                }
                checked += 1;
                let (path, anchor) = match target.split_once('#') {
                    Some((path, anchor)) => (path, Some(anchor)),
                    None => (target, None),
                };
                let file = if path.is_empty() {
                    doc.clone()
                } else {
                    doc.parent().unwrap().join(path)
                };
                let place = format!("{}:{number}: ({target})", name(&doc));
                if !file.exists() {
                    broken.push(format!("{place}: no file {}", file.display()));
                } else if let Some(anchor) = anchor
                    && !anchors(&read(&file)).iter().any(|a| a == anchor)
                {
                    broken.push(format!("{place}: no heading #{anchor} in {}", name(&file)));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(
        checked >= 30,
        "only {checked} relative links found in the docs"
    );
}

#[test]
fn the_readme_fits_two_screens_and_its_test_command_is_ci_s() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= 157,
        "README.md has {lines} lines: move the detail to docs/"
    );
    let (blocks, _) = split_blocks(&readme);
    let commands: Vec<&str> = blocks
        .iter()
        .filter(|b| b.lines.len() == 1)
        .map(|b| b.lines[0].1.as_str())
        .collect();
    assert!(commands.contains(&"cargo run --release"), "{commands:?}");
    assert!(commands.contains(&"cargo test"), "{commands:?}");
    let ci = read(&root().join(".ci/run"));
    assert_eq!(
        ci.lines().rfind(|l| !l.trim().is_empty()),
        Some("cargo test"),
        ".ci/run ends with the README's test command"
    );
}

#[test]
fn help_and_man_page_point_to_the_guide_where_the_packages_put_it() {
    let manifest = read(&root().join("Cargo.toml"));
    assert!(
        manifest.contains(r#"["docs/*.md", "usr/share/doc/hotseat/docs/", "644"]"#),
        "the Debian package installs the guide in /usr/share/doc/hotseat/docs/"
    );
    let release = read(&root().join(".github/workflows/release.yml"));
    assert!(release.contains(r#"cp -r docs "stage/$name/docs""#));
    for args in [&["-h"][..], &["--help"], &["man"]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout).replace("\\-", "-");
        for place in ["docs/", "/usr/share/doc/hotseat/docs/"] {
            assert!(
                text.contains(place),
                "{args:?} does not name {place}:\n{text}"
            );
        }
    }
}

#[test]
fn the_packages_carry_every_man_page() {
    let script = read(&root().join("dist/assets.sh"));
    let listed: Vec<&str> = script
        .lines()
        .find_map(|l| l.trim().strip_prefix("for page in "))
        .and_then(|l| l.strip_suffix("; do"))
        .expect("dist/assets.sh lists the subcommands' pages")
        .split_whitespace()
        .collect();
    let pages: Vec<String> = Page::value_variants()
        .iter()
        .map(|p| p.to_possible_value().unwrap().get_name().to_owned())
        .collect();
    assert_eq!(listed, pages, "dist/assets.sh: the pages of `hotseat man`");
}
