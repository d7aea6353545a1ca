//! The settings file and the new-game form's memory, end to end: the real binary, its command
//! line, and its first screen in a pseudo-terminal.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use common::play::quit;
use common::pty::{Key, Pty, PtyCommand};

/// The binary without a terminal, with its settings folder in `dir`.
fn hotseat(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", dir)
        .args(args)
        .output()
        .expect("the hotseat binary runs")
}

/// The game in an 80x24 monochrome terminal, its settings folder and data in `dir`.
fn screen(dir: &Path, args: &[&str]) -> Pty {
    let mut pty = PtyCommand::hotseat()
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", dir)
        .env("NO_COLOR", "1")
        .arg("--data-dir")
        .arg(dir.join("data"))
        .args(args)
        .size(80, 24)
        .spawn()
        .unwrap();
    pty.wait_for("F1 help").unwrap();
    let _ = &mut pty;
    pty
}

fn write_settings(dir: &Path, text: &str) {
    let folder = dir.join("config").join("hotseat");
    fs::create_dir_all(&folder).unwrap();
    fs::write(folder.join("config.toml"), text).unwrap();
}

#[test]
fn help_names_the_settings_file_of_this_system() {
    let dir = common::pty::fresh_dir("settings-help");
    for flag in ["-h", "--help"] {
        let out = hotseat(&dir, &[flag]);
        let text = String::from_utf8(out.stdout).unwrap().replace('\n', " ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            text.contains("~/config/hotseat/config.toml"),
            "{flag} does not name the file:\n{text}"
        );
    }
}

#[test]
fn a_missing_config_file_given_by_name_is_a_usage_error() {
    let dir = common::pty::fresh_dir("settings-missing");
    let out = hotseat(&dir, &["--config", "no-such.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--config \"no-such.toml\""), "{err}");
    assert!(err.contains("no such file or folder"), "{err}");
    let out = hotseat(&dir, &["--config", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("it is a folder")
    );
}

#[test]
fn a_bad_settings_file_does_not_stop_the_game() {
    let dir = common::pty::fresh_dir("settings-bad");
    write_settings(&dir, "time = 5+3\n");
    // Without a terminal the game stops for that reason alone, not for the settings.
    let out = hotseat(&dir, &[]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("needs a terminal"), "{err}");
}

#[test]
fn the_settings_file_sets_up_the_first_game() {
    let dir = common::pty::fresh_dir("settings-good");
    write_settings(
        &dir,
        "# players\nwhite = \"Ann\"\nblack = \"Bob\"\ntime = \"5+3\"\nascii = true\n",
    );
    let pty = screen(&dir, &[]);
    pty.wait_for("Ann").unwrap();
    pty.wait_for("Bob").unwrap();
    pty.wait_for("5:00").unwrap();
    let text = pty.screen_text();
    assert!(
        !text.contains('♔') && !text.contains('♚'),
        "ascii = true:\n{text}"
    );
    quit(pty);
}

#[test]
fn the_first_screen_names_the_wrong_line_at_80x24_and_keeps_the_good_values() {
    let dir = common::pty::fresh_dir("settings-line");
    write_settings(
        &dir,
        "white = \"Ann\"\ntheme = \"pink\"\ncolour = \"never\"\n",
    );
    let pty = screen(&dir, &[]);
    pty.wait_for("also line 3").unwrap();
    let text = pty.screen_text();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "Settings file ~/config/hotseat/config.toml, line 2: theme = \"pink\": no such \
             theme (write wood, blue, green or contrast) · also line 3"
        ),
        "{text}"
    );
    assert!(flat.contains("Ann"), "the good value is kept:\n{text}");
    quit(pty);
}

#[test]
fn the_form_remembers_the_last_choices_in_the_next_session() {
    let dir = common::pty::fresh_dir("settings-form");
    let mut pty = screen(&dir, &[]);
    pty.send_key(Key::Ctrl('n')).unwrap();
    pty.wait_for("Clock").unwrap();
    pty.send_text("Zoe").unwrap();
    pty.send_key(Key::Down).unwrap();
    pty.send_text("Yann").unwrap();
    pty.send_key(Key::Down).unwrap();
    pty.send_text("7+2").unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("New game: Zoe vs Yann").unwrap();
    quit(pty);
    let remembered = fs::read_to_string(dir.join("data").join("last-game.toml")).unwrap();
    assert!(remembered.contains("white = \"Zoe\""), "{remembered}");

    let mut pty = screen(&dir, &["--new"]);
    let first = pty.screen_text();
    assert!(
        !first.contains("Zoe"),
        "the first game is the settings':\n{first}"
    );
    pty.send_key(Key::Ctrl('n')).unwrap();
    pty.wait_for("Clock").unwrap();
    pty.wait_for("Zoe").unwrap();
    pty.wait_for("Yann").unwrap();
    pty.wait_for("7+2").unwrap();
    pty.send_key(Key::Esc).unwrap();
    quit(pty);
}
