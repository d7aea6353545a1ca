//! A game across the network in lines of text: `hotseat host --plain`, `join --plain` and
//! `watch --plain`, three real programs on loopback (127.0.0.1 only), their standard input a
//! pipe a screen reader's user would type into, their standard output what it would read.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::pty::fresh_dir;

const SLOW: Duration = Duration::from_secs(30);

/// One program in plain mode: what it says on each output, gathered as it comes.
pub(crate) struct Plain {
    child: Child,
    input: Option<ChildStdin>,
    said: Arc<Mutex<String>>,
    errors: Arc<Mutex<String>>,
}

/// Gathers everything `from` says into `into`, on a thread of its own.
fn gather(from: impl Read + Send + 'static, into: &Arc<Mutex<String>>) {
    let into = into.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { return };
            let mut text = into.lock().unwrap();
            text.push_str(&line);
            text.push('\n');
        }
    });
}

impl Plain {
    /// `hotseat args…` with its own home and data folders, as on a machine of its own.
    pub(crate) fn start(home: &Path, args: &[&str]) -> Plain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(args)
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("TZ", "UTC")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the hotseat binary runs");
        let said = Arc::new(Mutex::new(String::new()));
        let errors = Arc::new(Mutex::new(String::new()));
        gather(child.stdout.take().unwrap(), &said);
        gather(child.stderr.take().unwrap(), &errors);
        Plain {
            input: child.stdin.take(),
            child,
            said,
            errors,
        }
    }

    pub(crate) fn type_line(&mut self, line: &str) {
        let input = self.input.as_mut().expect("the input is open");
        input.write_all(format!("{line}\n").as_bytes()).unwrap();
        input.flush().unwrap();
    }

    pub(crate) fn said(&self) -> String {
        self.said.lock().unwrap().clone()
    }

    fn errors(&self) -> String {
        self.errors.lock().unwrap().clone()
    }

    /// Waits until `holds` holds of what it said on standard output (or error: `on_errors`),
    /// within [`SLOW`]; what it said then.
    fn wait_for(&self, what: &str, on_errors: bool, holds: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + SLOW;
        loop {
            let text = if on_errors {
                self.errors()
            } else {
                self.said()
            };
            if holds(&text) {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "never said {what}:\n--- said ---\n{}\n--- errors ---\n{}",
                self.said(),
                self.errors()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until it has said `text` on standard output.
    pub(crate) fn hears(&self, text: &str) -> String {
        self.wait_for(text, false, |said| said.contains(text))
    }

    /// Waits until it has said `text` on standard error (a refusal).
    pub(crate) fn hears_error(&self, text: &str) -> String {
        self.wait_for(text, true, |said| said.contains(text))
    }

    /// Waits until it has said a line holding `text` on standard output: that line.
    pub(crate) fn hears_line(&self, text: &str) -> String {
        let said = self.hears(text);
        said.lines()
            .find(|l| l.contains(text))
            .unwrap_or_default()
            .to_owned()
    }

    /// The invitation to play it said on standard error (a host's).
    pub(crate) fn invitation(&self) -> String {
        invitations(self).0
    }

    /// Ends its input and waits for it to leave; its exit code (what it said stays).
    pub(crate) fn end(&mut self) -> Option<i32> {
        drop(self.input.take());
        let deadline = Instant::now() + SLOW;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(Instant::now() < deadline, "it did not leave");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Plain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The invitations the host said on standard error: to play, and to watch.
fn invitations(host: &Plain) -> (String, String) {
    let said = host.wait_for("two invitations", true, |err| {
        err.lines().filter(|l| l.trim().starts_with("hs1")).count() >= 2
    });
    let mut found = said
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("hs1"))
        .map(str::to_owned);
    (found.next().unwrap(), found.next().unwrap())
}

/// `hotseat host --plain` playing White on loopback, and `hotseat join --plain` given its
/// invitation as the first line of its input (the moves follow), each with a home of its own
/// named after `label`; both told that the game is on. The invitation to watch, too.
fn host_and_joiner(label: &str) -> (Plain, Plain, String) {
    let host_args = [
        "host",
        "--plain",
        "--listen",
        "127.0.0.1:0",
        "--play",
        "white",
    ];
    let white = Plain::start(&fresh_dir(&format!("{label}-host")), &host_args);
    let (play, watch) = invitations(&white);
    let mut black = Plain::start(&fresh_dir(&format!("{label}-join")), &["join", "--plain"]);
    black.type_line(&play);
    black.hears("You play Black");
    white.hears("Black has joined the game");
    (white, black, watch)
}

#[test]
fn a_plain_host_and_a_plain_joiner_play_fools_mate_and_a_plain_watcher_hears_it() {
    let (mut white, mut black, watch) = host_and_joiner("net-plain");
    let mut watcher = Plain::start(&fresh_dir("net-plain-watch"), &["watch", "--plain"]);
    watcher.type_line(&watch);
    watcher.hears("You are watching");
    // The first words wait for the host's game: then the players and whose move it is.
    let greeted = black.said();
    assert!(
        greeted.starts_with("hotseat, plain mode, a game across the network: the game follows.\n"),
        "{greeted}"
    );
    assert!(greeted.contains("White to move"), "{greeted}");

    // The host's invitations, again on asking; a joiner has none to give.
    white.type_line("invite");
    white.hears(&format!("hotseat watch, then paste {watch}"));
    black.type_line("invite");
    black.wait_for("no invitations", true, |e| {
        e.contains("Only the host has invitations to give.")
    });
    white.type_line("f3");
    black.hears("White: pawn to f3.");
    watcher.hears("White: pawn to f3.");
    black.type_line("e5");
    white.hears("Black: pawn to e5.");
    white.type_line("g4");
    black.hears("White: pawn to g4.");
    black.type_line("Qh4#");
    for side in [&white, &black, &watcher] {
        side.hears("Black: queen to h4, checkmate.");
        side.hears("Black wins");
    }
    // The watcher heard every move, in order, and nothing it could not do.
    let heard = watcher.said();
    let moves: Vec<usize> = ["pawn to f3", "pawn to e5", "pawn to g4", "queen to h4"]
        .iter()
        .map(|m| heard.find(m).unwrap_or_else(|| panic!("no {m}: {heard}")))
        .collect();
    assert!(moves.is_sorted(), "{heard}");
    for mut side in [white, black, watcher] {
        // The game is over: exit code 0.
        assert_eq!(side.end(), Some(0));
    }
}

#[test]
fn a_plain_joiner_hears_the_hosts_draw_offer_as_a_question_and_answers_it() {
    let (mut white, mut black, _) = host_and_joiner("net-plain-offer");
    white.type_line("e4");
    black.hears("White: pawn to e4.");
    black.type_line("e5");
    white.hears("Black: pawn to e5.");
    white.type_line("draw");
    let asked = black.hears("offers a draw");
    assert!(
        asked.contains("accept, decline, or play a move"),
        "the offer is a question with its answers: {asked}"
    );
    black.type_line("accept");
    for side in [&white, &black] {
        side.hears("Draw");
    }
    assert_eq!(white.end(), Some(0));
    assert_eq!(black.end(), Some(0));
}

#[test]
fn a_take_back_asked_across_the_network_is_a_question_and_the_move_goes() {
    let (mut white, mut black, _) = host_and_joiner("net-plain-takeback");
    white.type_line("e4");
    black.hears("White: pawn to e4.");
    black.type_line("e5");
    white.hears("Black: pawn to e5.");
    black.type_line("takeback");
    let asked = white.hears("asks to take back");
    assert!(
        asked.contains("accept, decline, or play a move"),
        "the request is a question with its answers: {asked}"
    );
    white.type_line("accept");
    for side in [&white, &black] {
        side.hears("taken back, with consent");
    }
    // The game goes on from 1. e4: Black plays another move.
    black.type_line("c5");
    white.hears("Black: pawn to c5.");
    assert_eq!(white.end(), Some(3));
    assert_eq!(black.end(), Some(3));
}

#[test]
fn a_plain_joiner_hears_when_the_host_is_gone() {
    let (mut white, mut black, _) = host_and_joiner("net-plain-gone");
    white.type_line("d4");
    black.hears("White: pawn to d4.");
    // The host leaves (its input ends): the joiner is told, in words, where errors go.
    assert_eq!(white.end(), Some(3), "a game in progress is left saved");
    assert!(
        white.said().ends_with(
            "Input ended. The game is saved: the next hotseat host --plain resumes it, under \
             a new invitation.\n"
        ),
        "{}",
        white.said()
    );
    let said = black.wait_for("the host gone", true, |err| {
        err.contains("The connection to the host is lost")
    });
    assert!(
        said.contains("`hotseat join` with the same invitation"),
        "{said}"
    );
    assert_eq!(black.end(), Some(3));
    assert!(
        black.said().ends_with(
            "Input ended. The game is saved here. While the host keeps it open, hotseat join \
             --plain with the same invitation takes your seat back.\n"
        ),
        "{}",
        black.said()
    );
}

#[test]
fn joining_in_plain_mode_a_closed_port_is_said_and_exits_2() {
    // A port nothing listens on: taken and let go at once.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let home = fresh_dir("net-plain-closed");
    let mut host = Plain::start(
        &fresh_dir("net-plain-closed-host"),
        &["host", "--plain", "--listen", &format!("127.0.0.1:{port}")],
    );
    let (play, _) = invitations(&host);
    drop(host.input.take());
    host.child.kill().unwrap();
    host.child.wait().unwrap();
    let mut joiner = Plain::start(&home, &["join", "--plain"]);
    joiner.type_line(&play);
    let said = joiner.wait_for("why it cannot join", true, |err| {
        err.contains("cannot join")
    });
    assert!(
        said.starts_with("error: cannot join the game at 127.0.0.1"),
        "{said}"
    );
    assert_eq!(joiner.end(), Some(2));
}
