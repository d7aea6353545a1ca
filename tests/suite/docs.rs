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
        lines <= 150,
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

/// The rows of docs/07's key table: the keys as the keymap writes them (`arrows` are the four,
/// a note in brackets dropped) and the words of its last column.
fn key_table() -> Vec<(usize, Vec<String>, Vec<String>)> {
    let text = read(&root().join("docs/07-settings-and-keys.md"));
    let (_, prose) = split_blocks(&text);
    let mut rows = Vec::new();
    for (number, line) in prose {
        let Some(inner) = line.strip_prefix('|').and_then(|l| l.strip_suffix('|')) else {
            continue;
        };
        let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
        if cells.len() != 3 || cells[0] == "key" || cells[0].starts_with("---") {
            continue;
        }
        let keys_cell = cells[0].split(" (").next().unwrap_or_default();
        let mut keys = Vec::new();
        for key in keys_cell.split(" or ").flat_map(|k| k.split(", ")) {
            for key in key.split(" / ") {
                match key.trim() {
                    "arrows" => keys.extend(["↑", "↓", "←", "→"].map(String::from)),
                    key => keys.push(key.to_owned()),
                }
            }
        }
        let words = cells[2]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect();
        rows.push((number, keys, words));
    }
    rows
}

#[test]
fn the_key_table_of_the_guide_is_the_keymap() {
    use hotseat::app::keymap::{Action, BINDINGS, KeyContext, action_for_word};
    use std::mem::discriminant;
    let rows = key_table();
    assert!(
        rows.len() >= 30,
        "only {} rows read in docs/07's key table",
        rows.len()
    );
    let at_the_board = |contexts: &[KeyContext]| contexts.contains(&KeyContext::Playing);
    let mut wrong = Vec::new();
    // From the guide to the keymap: each key is bound, each word does what its row's keys do.
    for (number, keys, words) in &rows {
        let mut actions: Vec<Action> = Vec::new();
        for key in keys {
            let bound: Vec<&hotseat::app::keymap::Binding> = BINDINGS
                .iter()
                .filter(|b| b.keys.iter().any(|k| k.to_string() == *key))
                .collect();
            if bound.is_empty() {
                wrong.push(format!("docs/07:{number}: {key} is bound to nothing"));
            }
            // The board's binding where there is one (Esc closes a popup elsewhere).
            let board: Vec<_> = bound.iter().filter(|b| at_the_board(b.contexts)).collect();
            actions.extend(if board.is_empty() {
                bound.iter().map(|b| b.action).collect::<Vec<_>>()
            } else {
                board.iter().map(|b| b.action).collect()
            });
        }
        for word in words {
            match action_for_word(word) {
                Some(action)
                    if actions
                        .iter()
                        .any(|a| discriminant(a) == discriminant(&action)) => {}
                Some(action) => wrong.push(format!(
                    "docs/07:{number}: `{word}` is {action:?}, not what {keys:?} do"
                )),
                None => wrong.push(format!("docs/07:{number}: `{word}` is no command")),
            }
        }
    }
    // From the keymap to the guide: every key and word of the board is in the table.
    let keys: Vec<&String> = rows.iter().flat_map(|(_, keys, _)| keys).collect();
    let words: Vec<&String> = rows.iter().flat_map(|(_, _, words)| words).collect();
    for binding in BINDINGS.iter().filter(|b| at_the_board(b.contexts)) {
        for key in binding.keys {
            if !keys.iter().any(|k| **k == key.to_string()) {
                wrong.push(format!(
                    "{key} ({:?}) is missing from docs/07",
                    binding.action
                ));
            }
        }
        for word in binding.words {
            if !words.iter().any(|w| w == word) {
                wrong.push(format!(
                    "`{word}` ({:?}) is missing from docs/07",
                    binding.action
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Runs hotseat with its settings and data in a fresh folder, `input` on its standard input.
fn run(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = crate::common::pty::fresh_dir("docs");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .current_dir(root())
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", &dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hotseat binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Whether `text` holds `quote`, read as the docs wrap it: any run of spaces and line breaks
/// is one space.
fn says(text: &str, quote: &str) -> bool {
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    flat(text).contains(&flat(quote))
}

#[test]
fn the_examples_that_need_no_network_engine_or_terminal_do_what_the_docs_say() {
    let text = |out: &std::process::Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    // A shipped puzzle by its id, as the README and docs/08 give it, announced as docs/08 says.
    let readme = read(&root().join("README.md"));
    let guide = read(&root().join("docs/08-command-line.md"));
    for doc in [&readme, &guide] {
        assert!(doc.contains("hotseat puzzles --plain --id 0HVYz"));
    }
    let out = run(&["puzzles", "--plain", "--id", "0HVYz"], "quit\n");
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    let quoted = guide
        .split("(`Puzzle ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("docs/08 quotes a puzzle's announcement");
    assert!(
        says(&said, &format!("Puzzle {quoted}")),
        "docs/08 quotes `Puzzle {quoted}`; the program said:\n{said}"
    );
    // Every id the help and the errors give as an example is a shipped one.
    let out = run(&["puzzles", "--plain", "--id", "zzzzz"], "");
    assert!(!out.status.success());
    assert!(text(&out).contains("like 0HVYz"), "{}", text(&out));
    // perft, as docs/08 gives it (depth 4, not 6, keeps a debug build quick).
    let out = run(&["perft", "4"], "");
    assert!(
        text(&out).contains("Nodes searched: 197281"),
        "{}",
        text(&out)
    );
    assert!(guide.contains("Nodes searched: 119060324"));
    // pgn on the shipped famous games: a line a game, as docs/08 says.
    let out = run(&["pgn", "assets/famous-games.pgn"], "");
    assert!(out.status.success(), "{}", text(&out));
    let lines = String::from_utf8_lossy(&out.stdout).lines().count();
    assert_eq!(lines, 2, "{}", text(&out));
    assert!(text(&out).contains("checkmate"), "{}", text(&out));
    // games on an empty library, and the words docs/08 gives it.
    for args in [
        &["games"][..],
        &["games", "ann", "0-1"],
        &["games", "C70", "--json"],
    ] {
        let out = run(args, "");
        assert!(out.status.success(), "{args:?}: {}", text(&out));
    }
    // -h is as long as docs/08 says.
    let out = run(&["-h"], "");
    let lines = String::from_utf8_lossy(&out.stdout).lines().count();
    let claimed: usize = guide
        .split(" lines, without the manual's examples")
        .next()
        .and_then(|before| before.rsplit("about ").next())
        .and_then(|n| n.trim().parse().ok())
        .expect("docs/08 says how long -h is: `about N lines, without the manual's examples`");
    assert!(
        lines.abs_diff(claimed) * 10 <= claimed,
        "docs/08 says -h is about {claimed} lines; it is {lines}"
    );
}

#[test]
fn the_packages_carry_both_programs() {
    // `hotseat serve` runs hotseat-serve, found beside hotseat: a package without it says
    // "not beside … nor on PATH".
    let manifest = read(&root().join("Cargo.toml"));
    for program in ["hotseat", "hotseat-serve"] {
        assert!(
            manifest.contains(&format!(
                r#"["target/release/{program}", "usr/bin/", "755"]"#
            )),
            "the Debian package installs {program} in /usr/bin"
        );
    }
    let release = read(&root().join(".github/workflows/release.yml"));
    for program in [
        "hotseat",
        "hotseat.exe",
        "hotseat-serve",
        "hotseat-serve.exe",
    ] {
        assert!(
            release.contains(&format!(r#"release/{program}" "$name/""#)),
            "the release archives hold {program}"
        );
    }
}
