//! The layers of `src/lib.rs`, checked: no module imports one above it. The compiler keeps the
//! chess crate below the program (it cannot name `hotseat`); these keep the layers inside the
//! program, where any module could name any other.

use std::fs;
use std::path::{Path, PathBuf};

/// Each layer, with the modules it must never name. Tests are left out: they may drive the
/// drawing to check what the app holds.
const RULES: &[(&str, &[&str])] = &[
    (
        "text",
        &[
            "app", "ui", "tui", "plain", "runtime", "cli", "settings", "store", "layout", "look",
        ],
    ),
    (
        "look",
        &[
            "app", "ui", "tui", "plain", "runtime", "cli", "settings", "store",
        ],
    ),
    (
        "layout",
        &[
            "app", "ui", "tui", "plain", "runtime", "cli", "settings", "store",
        ],
    ),
    (
        "store",
        &[
            "app", "ui", "tui", "plain", "runtime", "cli", "settings", "text", "layout", "look",
        ],
    ),
    (
        "app",
        &[
            "ui", "tui", "plain", "runtime", "cli", "settings", "net", "engine",
        ],
    ),
    (
        "remote",
        &[
            "app", "ui", "tui", "plain", "runtime", "cli", "settings", "store", "net", "engine",
        ],
    ),
    (
        "net",
        &[
            "app", "ui", "tui", "plain", "runtime", "cli", "settings", "store",
        ],
    ),
    (
        "ui",
        &["tui", "plain", "runtime", "cli", "settings", "store"],
    ),
    // The session runtime is below every front end: it draws nothing and reads no keys.
    ("runtime", &["ui", "tui", "plain", "cli"]),
    // The front ends stand side by side on the runtime: neither names the other.
    ("tui", &["plain", "cli"]),
    // The plain mode speaks instead of drawing.
    ("plain", &["ui", "tui", "cli", "settings"]),
    ("settings", &["ui", "tui", "plain", "runtime", "cli"]),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module's own file and every file under its directory, but test files.
fn files_of(module: &str) -> Vec<PathBuf> {
    let mut files = vec![src().join(format!("{module}.rs"))];
    let mut dirs = vec![src().join(module)];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.map(Result::unwrap) {
            let path = entry.path();
            if path
                .file_name()
                .is_some_and(|n| n == "tests" || n == "tests.rs")
            {
                continue;
            }
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.retain(|f| f.exists());
    files
}

/// The code of a file: comments and everything from the first `#[cfg(test)]` on left out.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    text.lines()
        .take_while(|line| line.trim() != "#[cfg(test)]")
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `module` names a module of `above`, as `file: crate::x` lines.
fn upward_imports(module: &str, above: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files_of(module) {
        let code = code(&file);
        for name in above {
            let needle = format!("crate::{name}");
            let mut rest = code.as_str();
            while let Some(at) = rest.find(&needle) {
                let after = &rest[at + needle.len()..];
                if !after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                    found.push(format!("{}: {needle}", file.display()));
                }
                rest = after;
            }
        }
    }
    found
}

#[test]
fn no_module_imports_a_layer_above_it() {
    let mut found = Vec::new();
    for (module, above) in RULES {
        assert!(!files_of(module).is_empty(), "no source for {module}");
        found.extend(upward_imports(module, above));
    }
    assert!(
        found.is_empty(),
        "imports up the layers:\n{}",
        found.join("\n")
    );
}

/// The drawing reads the app and never changes it: no `update` call in `ui` (the README's
/// screenshot, which plays a game up to its picture, is staged by the front end).
#[test]
fn the_drawing_never_drives_the_app() {
    let found: Vec<String> = files_of("ui")
        .into_iter()
        .filter(|file| code(file).contains(".update("))
        .map(|file| file.display().to_string())
        .collect();
    assert!(
        found.is_empty(),
        "the drawing changes the app in:\n{}",
        found.join("\n")
    );
}

/// The app's parts with one job each, below the state machine: none of them names `App`, so
/// each reads (and is tested) without it; the app borrows them (`Desk`, `Study`) or owns them.
const APP_PARTS: &[&str] = &[
    "config",
    "desk",
    "effect",
    "event",
    "help",
    "keymap",
    "launch",
    "library",
    "live",
    "move_entry",
    "newgame",
    "notation",
    "parts",
    "requests",
    "shown",
    "sound",
    "table",
];

/// Whether `code` uses the identifier `name` (not as part of a longer one).
fn names(code: &str, name: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(name)
        .any(|(at, _)| !code[..at].ends_with(ident) && !code[at + name.len()..].starts_with(ident))
}

#[test]
fn the_apps_parts_never_reach_up_to_the_app() {
    let found: Vec<String> = APP_PARTS
        .iter()
        .map(|part| src().join("app").join(format!("{part}.rs")))
        .inspect(|file| assert!(file.exists(), "no part {}", file.display()))
        .filter(|file| names(&code(file), "App"))
        .map(|file| file.display().to_string())
        .collect();
    assert!(
        found.is_empty(),
        "parts of the app that name App:\n{}",
        found.join("\n")
    );
    // The check itself: the file where the app plays names it.
    assert!(names(&code(&src().join("app").join("play.rs")), "App"));
    assert!(!names("struct AppLike; let app = 1;", "App"));
}

#[test]
fn the_layer_check_sees_an_upward_import() {
    // The checker itself: `cli` names `settings` (as it may), and the checker finds it.
    assert!(!upward_imports("cli", &["settings"]).is_empty());
    assert!(upward_imports("cli", &["nothing_of_that_name"]).is_empty());
}

#[test]
fn the_chess_crate_depends_on_no_terminal_crate() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/chess/Cargo.toml");
    let text = fs::read_to_string(manifest).unwrap();
    let mut section = "";
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if section.contains("dependencies") {
            for terminal in ["ratatui", "crossterm", "clap"] {
                assert!(
                    !line.starts_with(terminal),
                    "{section} names {terminal}: {line}"
                );
            }
        }
    }
}

/// The release build is what a Rust user expects (issue 38): symbols stripped, one profile for
/// the workspace's packages, and no build script of the program's own passing the linker options
/// that only work on the machine that builds (a symbol order list, packed relocations). A
/// `[profile.release.package.hotseat]` override would also make cargo (1.95) drop `strip` for
/// the binary it links (550 KB of symbols came back that way). Two overrides, each an
/// `opt-level` and nothing else: SQLite's C code at -O2, which the binary's link does not
/// see, and every dependency at "s" (`"*"`, which leaves the workspace's crates at the
/// profile's own level: 251 KB less binary and code resident in a game, benches/README.md).
#[test]
fn the_release_build_is_plain() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let text = fs::read_to_string(manifest).unwrap();
    let mut section = "";
    let mut stripped = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            assert!(
                !section.starts_with("[profile.release.")
                    || section == "[profile.release.package.libsqlite3-sys]"
                    || section == "[profile.release.package.\"*\"]",
                "{section}: the release profile is one profile for every package of the workspace"
            );
        } else if section == "[profile.release.package.libsqlite3-sys]" && !line.is_empty() {
            assert!(
                line.starts_with('#') || line.replace(' ', "") == "opt-level=2",
                "SQLite's C code has its optimisation level and nothing else: {line}"
            );
        } else if section == "[profile.release.package.\"*\"]" && !line.is_empty() {
            assert!(
                line.starts_with('#') || line.replace(' ', "") == "opt-level=\"s\"",
                "the dependencies have their optimisation level and nothing else: {line}"
            );
        } else if section == "[package]" {
            assert!(
                !line.replace(' ', "").starts_with("build="),
                "the program has no build script: {line}"
            );
        } else if section == "[profile.release]" && line.replace(' ', "") == "strip=true" {
            stripped = true;
        }
        assert!(!line.contains("link-arg"), "a linker option: {line}");
    }
    assert!(stripped, "[profile.release] has no `strip = true`");
}
