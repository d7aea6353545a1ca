//! The pseudo-terminal harness tested on plain shell commands, so that end-to-end tests of the
//! real binary can trust it.

use crate::common;

use std::time::{Duration, Instant};

use common::pty::{Key, PtyCommand};

fn sh(script: &str) -> PtyCommand {
    PtyCommand::new("/bin/sh").arg("-c").arg(script)
}

#[test]
fn reads_output_and_exit_status() {
    let mut pty = sh("printf hello; sleep 0.2").spawn().unwrap();
    pty.wait_for("hello").unwrap();
    let status = pty.wait_exit().unwrap();
    assert!(status.success(), "{status}");
    assert_eq!(pty.screen_text().trim(), "hello");
}

#[test]
fn reports_a_failing_exit_code() {
    let mut pty = sh("printf bye; exit 3").spawn().unwrap();
    let status = pty.wait_exit().unwrap();
    assert_eq!(status.exit_code(), 3);
    assert!(
        pty.screen_text().contains("bye"),
        "output after exit is kept"
    );
}

#[test]
fn types_text_and_keys() {
    let mut pty = sh("read line; printf '\\ngot:%s\\n' \"$line\"")
        .spawn()
        .unwrap();
    pty.send_text("e2e4").unwrap();
    pty.send_key(Key::Backspace).unwrap();
    pty.send_text("5").unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("got:e2e5").unwrap();
    assert!(pty.wait_exit().unwrap().success());
}

#[test]
fn sends_escape_sequences_for_special_keys() {
    let script = "stty raw -echo; printf 'ready\\r\\n'; dd bs=1 count=7 2>/dev/null | od -An -c";
    let mut pty = sh(script).spawn().unwrap();
    pty.wait_for("ready").unwrap();
    pty.send_keys(&[Key::Up, Key::Esc, Key::PageUp]).unwrap();
    pty.wait_for("033").unwrap();
    let status = pty.wait_exit().unwrap();
    assert!(status.success(), "{status}");
    let words: Vec<String> = pty
        .screen_text()
        .split_whitespace()
        .skip(1)
        .map(str::to_string)
        .collect();
    assert_eq!(words, ["033", "[", "A", "033", "033", "[", "5"]);
}

#[test]
fn ctrl_c_interrupts() {
    let mut pty = sh("printf ready; sleep 30").spawn().unwrap();
    pty.wait_for("ready").unwrap();
    pty.send_key(Key::Ctrl('c')).unwrap();
    let status = pty.wait_exit().unwrap();
    assert!(!status.success(), "{status}");
}

#[test]
fn passes_arguments_environment_and_size() {
    let mut pty = sh("printf '%s|%s|' \"$GREETING\" \"$1\"; stty size")
        .args(["sh", "argument"])
        .env("GREETING", "salut")
        .size(100, 30)
        .spawn()
        .unwrap();
    pty.wait_for("salut|argument|30 100").unwrap();
    pty.with_screen(|s| assert_eq!(s.size().1.get(), 100));
    pty.wait_exit().unwrap();
}

#[test]
fn resize_reaches_the_program_and_the_screen() {
    let mut pty = sh("printf 'size? '; read line; stty size").spawn().unwrap();
    pty.wait_for("size?").unwrap();
    pty.resize(120, 40).unwrap();
    pty.send_key(Key::Enter).unwrap();
    pty.wait_for("40 120").unwrap();
    pty.with_screen(|s| {
        assert_eq!((s.size().0.get(), s.size().1.get()), (40, 120));
    });
    pty.wait_exit().unwrap();
}

#[test]
fn timeout_error_shows_the_screen() {
    let pty = sh("printf 'only this'; sleep 5").spawn().unwrap();
    pty.wait_for("only this").unwrap();
    let started = Instant::now();
    let err = pty
        .wait_for_within("something else", Duration::from_millis(200))
        .unwrap_err()
        .to_string();
    assert!(started.elapsed() < Duration::from_secs(3));
    assert!(err.contains("\"something else\""), "{err}");
    assert!(err.contains("│only this"), "{err}");
    assert!(err.contains("screen 80x24"), "{err}");
}

#[test]
fn dropping_kills_a_running_program() {
    let pty = sh("sleep 30").spawn().unwrap();
    let started = Instant::now();
    drop(pty);
    assert!(started.elapsed() < Duration::from_secs(5));
}

/// A program that never ends, and ignores SIGHUP as a closed terminal sends it.
const STUCK: &str = "trap '' HUP; printf stuck; while :; do sleep 1; done";

/// A hang fails in seconds: past its limit the program is killed (its screen printed), so
/// that a wait without a timeout of its own still ends.
#[test]
fn a_program_past_its_limit_is_killed() {
    let start = Instant::now();
    let mut pty = sh(STUCK).limit(Duration::from_secs(2)).spawn().unwrap();
    pty.wait_for("stuck").unwrap();
    let status = pty.wait_exit_within(Duration::from_secs(60)).unwrap();
    assert!(!status.success(), "{status}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

/// Dropping the harness never waits for a program that ignores SIGHUP: it is killed.
#[test]
fn dropping_a_program_that_ignores_sighup_ends_it() {
    let pty = sh(STUCK).spawn().unwrap();
    pty.wait_for("stuck").unwrap();
    let (sent, dropped) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        drop(pty);
        let _ = sent.send(());
    });
    assert!(
        dropped.recv_timeout(Duration::from_secs(20)).is_ok(),
        "the drop still waits after 20 s"
    );
}
