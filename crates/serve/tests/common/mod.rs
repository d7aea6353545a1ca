//! What the tests against a real `hotseat serve` share: the server on 127.0.0.1 with its
//! folder, keys made with `ssh-keygen`, the OpenSSH client in a pseudo-terminal or without one,
//! and waiting by polling with a deadline.

#![allow(dead_code)]

#[path = "../../../../tests/suite/common/pty.rs"]
pub mod pty;
#[path = "../../../../tests/suite/common/skip.rs"]
pub mod skip;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use pty::fresh_dir;
use pty::{Key, Pty, PtyCommand};

pub const SERVER: &str = env!("CARGO_BIN_EXE_hotseat-serve");

/// The server under test: this build's, or the program `HOTSEAT_SERVE_BIN` names (to measure
/// another build, an older one, with the same tests).
pub fn server_program() -> String {
    std::env::var("HOTSEAT_SERVE_BIN").unwrap_or_else(|_| SERVER.to_owned())
}

/// Whether `ssh` and `ssh-keygen` are here. Where they are not, the test cannot run: under CI
/// it fails ([`skip::cannot_run`]), elsewhere it says so loudly and returns.
pub fn have_ssh() -> bool {
    let found = ["ssh", "ssh-keygen"].iter().all(|p| {
        Command::new(p)
            .arg("-V")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    });
    if !found {
        skip::cannot_run(
            "no OpenSSH client (ssh, ssh-keygen) on this machine; .ci/run installs openssh-client",
        );
    }
    found
}

/// A server on 127.0.0.1 with its folder in `dir`; killed when dropped, and what it said on
/// its error output printed if the test failed.
pub struct Server {
    child: Child,
    pub port: u16,
    pub dir: PathBuf,
    said: Arc<Mutex<String>>,
    /// What it wrote on its standard output after it listened: the host's commands' answers.
    answered: Arc<Mutex<String>>,
    /// Its standard input: the host's commands.
    commands: Option<std::process::ChildStdin>,
}

impl Server {
    pub fn start(dir: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(server_program())
            .args(["--listen", "127.0.0.1:0", "--data-dir"])
            .arg(dir.join("server"))
            .args(extra)
            .env("HOME", dir)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hotseat-serve starts");
        let commands = child.stdin.take();
        let said = Arc::new(Mutex::new(String::new()));
        let errors = BufReader::new(child.stderr.take().unwrap());
        let into = said.clone();
        std::thread::spawn(move || {
            for line in errors.lines().map_while(Result::ok) {
                let mut said = into.lock().unwrap_or_else(|e| e.into_inner());
                said.push_str(&line);
                said.push('\n');
            }
        });
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let port = loop {
            let line = lines
                .next()
                .expect("the server says where it listens")
                .unwrap();
            if let Some(rest) = line.strip_prefix("Listening on 127.0.0.1:") {
                break rest.split(':').next().unwrap().parse().unwrap();
            }
        };
        // The rest of its output is read (and kept) so that it never blocks on a full pipe.
        let answered = Arc::new(Mutex::new(String::new()));
        let into = answered.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let mut answered = into.lock().unwrap_or_else(|e| e.into_inner());
                answered.push_str(&line);
                answered.push('\n');
            }
        });
        Server {
            child,
            port,
            dir: dir.to_path_buf(),
            said,
            answered,
            commands,
        }
    }

    /// Types `line` at the server's own terminal (a host's command), and waits until its
    /// standard output has said something that contains `answer`: all it said after the
    /// command.
    pub fn command(&mut self, line: &str, answer: &str) -> String {
        use std::io::Write;
        let before = self
            .answered
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len();
        let stdin = self.commands.as_mut().expect("the server's input");
        writeln!(stdin, "{line}").expect("the server reads its input");
        stdin.flush().unwrap();
        let answered = self.answered.clone();
        let after = move || answered.lock().unwrap_or_else(|e| e.into_inner())[before..].to_owned();
        let check = after.clone();
        eventually(&format!("{answer:?} answered to {line:?}"), move || {
            check().contains(answer)
        });
        after()
    }

    /// What the server said on its error output so far.
    pub fn said(&self) -> String {
        self.said.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The options of an `ssh` to this server with `key`.
    pub fn ssh_args(&self, key: &Path) -> Vec<String> {
        vec![
            "-F".into(),
            "/dev/null".into(),
            "-p".into(),
            self.port.to_string(),
            "-o".into(),
            format!(
                "UserKnownHostsFile={}",
                self.dir.join("known_hosts").display()
            ),
            "-o".into(),
            "StrictHostKeyChecking=accept-new".into(),
            "-o".into(),
            "IdentitiesOnly=yes".into(),
            "-o".into(),
            "BatchMode=yes".into(),
            "-o".into(),
            "LogLevel=ERROR".into(),
            "-i".into(),
            key.display().to_string(),
        ]
    }

    /// `ssh -tt` to the server in a pty of `cols`x`rows`, with `command` (a room code...).
    pub fn screen(&self, key: &Path, command: &[&str], cols: u16, rows: u16) -> Pty {
        PtyCommand::new("ssh")
            .args(self.ssh_args(key))
            .arg("-tt")
            .arg("player@127.0.0.1")
            .args(command)
            .size(cols, rows)
            .spawn()
            .expect("ssh starts")
    }

    /// `ssh` without a terminal: its exit status, standard output and error.
    pub fn run(&self, key: &Path, extra: &[&str], command: &[&str]) -> (bool, String, String) {
        let out = Command::new("ssh")
            .args(self.ssh_args(key))
            .args(extra)
            .arg("player@127.0.0.1")
            .args(command)
            .stdin(Stdio::null())
            .output()
            .expect("ssh runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!(
                "--- the server's error output (port {}) ---\n{}--- end ---",
                self.port,
                self.said()
            );
        }
    }
}

/// A new Ed25519 key pair in `dir`, named `name` (the public half beside it, `.pub`).
pub fn key(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&path)
        .status()
        .expect("ssh-keygen runs");
    assert!(status.success());
    path
}

pub fn type_move(pty: &mut Pty, mv: &str) {
    pty.send_text(mv).unwrap();
    pty.send_key(Key::Enter).unwrap();
}

/// Waits until `done` holds, for at most 10 s.
pub fn eventually(what: &str, done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(10), "never: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `ssh` without a terminal running `command`, its input piped; what it says, gathered.
pub fn lines_client(
    server: &Server,
    key: &Path,
    command: &[&str],
) -> (Child, std::sync::Arc<std::sync::Mutex<String>>) {
    use std::io::Read;
    use std::sync::{Arc, Mutex};
    let mut child = Command::new("ssh")
        .args(server.ssh_args(key))
        .arg("player@127.0.0.1")
        .args(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let said = Arc::new(Mutex::new(String::new()));
    let mut stdout = child.stdout.take().unwrap();
    let into = said.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            into.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    (child, said)
}
