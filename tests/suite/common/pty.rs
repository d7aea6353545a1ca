//! A pseudo-terminal harness for end-to-end tests: run a program in a real pty, type at it, and
//! read the screen it draws.
//!
//! A TUI cannot be tested by matching its raw output: ratatui writes only the cells that changed,
//! with cursor moves in between. So everything the program writes is fed to a `vt100` terminal
//! emulator on a background thread, and tests look at the emulated *screen*, polling until the
//! text they expect shows up (or a timeout, with the whole screen in the error).
//!
//! Generic over the program: [`PtyCommand::hotseat`] is the binary under test, but
//! [`PtyCommand::new`] runs anything, which is how the harness tests itself.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};

/// How often the screen is checked while waiting.
const POLL: Duration = Duration::from_millis(20);
/// The default time to wait for something to appear. Generous: CI machines can be slow.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a program may run in the harness unless the test says otherwise
/// ([`PtyCommand::limit`]): then it is killed with SIGKILL and its screen printed, so that a
/// hang anywhere (a blocked write, a wait without a timeout) fails the test in seconds rather
/// than holding the whole run.
pub const LIMIT: Duration = Duration::from_secs(90);
/// How long a program left running when its [`Pty`] is dropped has to end after SIGHUP before
/// it is killed.
const GRACE: Duration = Duration::from_secs(2);

/// A key that is not plain text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Enter,
    Esc,
    Backspace,
    Tab,
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
    /// F1 to F12.
    F(u8),
    /// Ctrl plus a letter: `Ctrl('c')` is Ctrl-C.
    Ctrl(char),
}

impl Key {
    /// The bytes an xterm sends for the key (normal cursor-key mode).
    pub fn bytes(self) -> Vec<u8> {
        let s: &str = match self {
            Key::Enter => "\r",
            Key::Esc => "\x1b",
            Key::Backspace => "\x7f",
            Key::Tab => "\t",
            Key::Up => "\x1b[A",
            Key::Down => "\x1b[B",
            Key::Right => "\x1b[C",
            Key::Left => "\x1b[D",
            Key::Home => "\x1b[H",
            Key::End => "\x1b[F",
            Key::PageUp => "\x1b[5~",
            Key::PageDown => "\x1b[6~",
            Key::F(n) => {
                return match n {
                    1 => b"\x1bOP".to_vec(),
                    2 => b"\x1bOQ".to_vec(),
                    3 => b"\x1bOR".to_vec(),
                    4 => b"\x1bOS".to_vec(),
                    5..=12 => {
                        let code = [15, 17, 18, 19, 20, 21, 23, 24][usize::from(n - 5)];
                        format!("\x1b[{code}~").into_bytes()
                    }
                    _ => panic!("no F{n} key"),
                };
            }
            Key::Ctrl(c) => {
                let c = c.to_ascii_lowercase();
                assert!(c.is_ascii_lowercase(), "Ctrl-{c} is not a letter");
                return vec![c as u8 - b'a' + 1];
            }
        };
        s.as_bytes().to_vec()
    }
}

/// What to run, with which arguments, environment and terminal size.
#[derive(Debug)]
pub struct PtyCommand {
    cmd: CommandBuilder,
    cols: u16,
    rows: u16,
    limit: Duration,
}

impl PtyCommand {
    /// Any program, in an 80x24 terminal with `TERM=xterm-256color` and the test's environment.
    pub fn new(program: impl AsRef<OsStr>) -> PtyCommand {
        let mut cmd = CommandBuilder::new(program);
        cmd.env("TERM", "xterm-256color");
        if let Ok(dir) = std::env::current_dir() {
            cmd.cwd(dir);
        }
        PtyCommand {
            cmd,
            cols: 80,
            rows: 24,
            limit: LIMIT,
        }
    }

    /// The `hotseat` binary built for this test run.
    pub fn hotseat() -> PtyCommand {
        PtyCommand::new(HOTSEAT).own_home()
    }

    /// The `hotseat` binary run by a user whom file permissions stop: the tests' own, or when
    /// they run as root (whom `chmod` does not stop), [`NOBODY`] through `setpriv`.
    #[cfg(unix)]
    pub fn hotseat_unprivileged() -> PtyCommand {
        if !running_as_root() {
            return PtyCommand::hotseat();
        }
        PtyCommand::new("setpriv")
            .arg(format!("--reuid={NOBODY}"))
            .arg(format!("--regid={NOBODY}"))
            .args(["--clear-groups", HOTSEAT])
            .own_home()
    }

    /// Each run saves its games in a folder of its own, never in the user's: the platform's
    /// data directory is found from these variables. Dates and start times are the local
    /// time: UTC unless a test says otherwise.
    fn own_home(self) -> PtyCommand {
        let home = fresh_dir("home");
        self.env("XDG_DATA_HOME", &home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("HOME", &home)
            .env("APPDATA", &home)
            .env("TZ", "UTC")
    }

    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> PtyCommand {
        self.cmd.arg(arg);
        self
    }

    pub fn args<S: AsRef<OsStr>>(mut self, args: impl IntoIterator<Item = S>) -> PtyCommand {
        self.cmd.args(args);
        self
    }

    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> PtyCommand {
        self.cmd.env(key, value);
        self
    }

    pub fn env_remove(mut self, key: impl AsRef<OsStr>) -> PtyCommand {
        self.cmd.env_remove(key);
        self
    }

    /// The program's working directory (the test's own by default).
    pub fn cwd(mut self, dir: impl AsRef<OsStr>) -> PtyCommand {
        self.cmd.cwd(dir);
        self
    }

    /// The terminal size in columns and rows.
    pub fn size(mut self, cols: u16, rows: u16) -> PtyCommand {
        self.cols = cols;
        self.rows = rows;
        self
    }

    /// The longest the program may run before it is killed (see [`LIMIT`]).
    pub fn limit(mut self, limit: Duration) -> PtyCommand {
        self.limit = limit;
        self
    }

    /// Starts the program in a new pseudo-terminal.
    pub fn spawn(self) -> Result<Pty> {
        let size = PtySize {
            rows: self.rows,
            cols: self.cols,
            pixel_width: 0,
            pixel_height: 0,
        };
        let argv = format!("{:?}", self.cmd.get_argv());
        let (cols, rows) = nonzero(self.cols, self.rows)?;
        let pair = native_pty_system()
            .openpty(size)
            .context("could not open a pseudo-terminal")?;
        let child = pair
            .slave
            .spawn_command(self.cmd)
            .with_context(|| format!("could not start {argv}"))?;
        // Only the child may hold the terminal's slave side, or reading never sees the end.
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader()?;
        let writer = pair.master.take_writer()?;
        let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let closed = Arc::new(AtomicBool::new(false));
        let reader_thread = {
            let parser = Arc::clone(&parser);
            let closed = Arc::clone(&closed);
            thread::spawn(move || {
                let mut buf = [0u8; 8192];
                // Linux reports EIO rather than end-of-file once the child has gone.
                while let Ok(n @ 1..) = reader.read(&mut buf) {
                    lock(&parser).process(&buf[..n]);
                }
                closed.store(true, Ordering::SeqCst);
            })
        };
        let watchdog = child
            .process_id()
            .map(|pid| watchdog(pid, self.limit, &argv, &parser, &closed));
        Ok(Pty {
            argv,
            watchdog,
            master: pair.master,
            writer,
            child,
            parser,
            closed,
            reader_thread: Some(reader_thread),
            status: None,
        })
    }
}

/// Kills process `pid` with SIGKILL once it has run for `limit`, printing its screen, unless
/// the program ends first (`closed`) or the returned flag is set.
fn watchdog(
    pid: u32,
    limit: Duration,
    argv: &str,
    parser: &Arc<Mutex<vt100::Parser>>,
    closed: &Arc<AtomicBool>,
) -> Arc<AtomicBool> {
    let done = Arc::new(AtomicBool::new(false));
    let (argv, parser, closed, flag) = (
        argv.to_owned(),
        Arc::clone(parser),
        Arc::clone(closed),
        Arc::clone(&done),
    );
    thread::spawn(move || {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if flag.load(Ordering::SeqCst) || closed.load(Ordering::SeqCst) {
                return;
            }
            thread::sleep(POLL);
        }
        eprintln!(
            "{argv} still running after {limit:?}: killed\n{}",
            dump(&lock(&parser))
        );
        kill(pid, "KILL");
    });
    done
}

/// A screen framed for an error message.
fn dump(parser: &vt100::Parser) -> String {
    let (rows, cols) = parser.screen().size();
    let rule = "─".repeat(usize::from(cols.get()));
    let mut out = format!("screen {}x{}:\n┌{rule}┐\n", cols.get(), rows.get());
    for row in parser.screen().rows(0, cols.get()) {
        let pad = usize::from(cols.get()).saturating_sub(row.chars().count());
        out.push_str(&format!("│{row}{}│\n", " ".repeat(pad)));
    }
    out.push_str(&format!("└{rule}┘"));
    out
}

/// `kill -<signal> <pid>`, best effort.
fn kill(pid: u32, signal: &str) {
    let _ = std::process::Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .status();
}

fn nonzero(cols: u16, rows: u16) -> Result<(NonZeroU16, NonZeroU16)> {
    match (NonZeroU16::new(cols), NonZeroU16::new(rows)) {
        (Some(c), Some(r)) => Ok((c, r)),
        _ => bail!("a terminal of {cols}x{rows} cannot exist"),
    }
}

fn lock(parser: &Mutex<vt100::Parser>) -> MutexGuard<'_, vt100::Parser> {
    // A panic while holding the lock cannot leave the parser half-updated in a way that matters
    // for reading the screen, so a poisoned lock is still used.
    parser
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A running program in a pseudo-terminal. Killed when dropped if still running.
pub struct Pty {
    argv: String,
    /// Set when the program is done with, to stop its watchdog.
    watchdog: Option<Arc<AtomicBool>>,
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    parser: Arc<Mutex<vt100::Parser>>,
    closed: Arc<AtomicBool>,
    reader_thread: Option<JoinHandle<()>>,
    status: Option<ExitStatus>,
}

impl Pty {
    /// The operating system's id of the program, for reading `/proc`.
    pub fn process_id(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// Sends the program a signal by name (`"TERM"`, `"KILL"`), with the system's `kill`
    /// command (`Child::kill` of portable-pty sends SIGHUP, which a program may catch).
    #[cfg(unix)]
    pub fn signal(&self, name: &str) -> Result<()> {
        let pid = self.process_id().context("the program has no process id")?;
        let status = std::process::Command::new("kill")
            .args([format!("-{name}"), pid.to_string()])
            .status()
            .context("could not run kill")?;
        if !status.success() {
            bail!("kill -{name} {pid} failed: {status}");
        }
        Ok(())
    }

    /// Types text, as if pasted key by key (no bracketed paste).
    pub fn send_text(&mut self, text: &str) -> Result<()> {
        self.send_bytes(text.as_bytes())
    }

    /// Presses one key. After Esc the harness pauses briefly, so that the next key is not read
    /// as part of an escape sequence (Alt-key).
    pub fn send_key(&mut self, key: Key) -> Result<()> {
        self.send_bytes(&key.bytes())?;
        if key == Key::Esc {
            thread::sleep(Duration::from_millis(60));
        }
        Ok(())
    }

    pub fn send_keys(&mut self, keys: &[Key]) -> Result<()> {
        keys.iter().try_for_each(|&k| self.send_key(k))
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        self.writer
            .write_all(bytes)
            .and_then(|()| self.writer.flush())
            .with_context(|| format!("could not write to {}", self.argv))
    }

    /// The screen as text, one line per row, trailing spaces removed.
    pub fn screen_text(&self) -> String {
        lock(&self.parser).screen().contents()
    }

    /// Runs `f` on the emulated screen (for colours, attributes, the cursor).
    pub fn with_screen<T>(&self, f: impl FnOnce(&vt100::Screen) -> T) -> T {
        f(lock(&self.parser).screen())
    }

    /// Waits until the screen contains `needle`.
    pub fn wait_for(&self, needle: &str) -> Result<()> {
        self.wait_for_within(needle, TIMEOUT)
    }

    pub fn wait_for_within(&self, needle: &str, timeout: Duration) -> Result<()> {
        self.wait_until_within(&format!("{needle:?} on screen"), timeout, |s| {
            s.contents().contains(needle)
        })
    }

    /// Waits until `ready` holds for the screen; `what` names the condition in the error.
    pub fn wait_until(&self, what: &str, ready: impl Fn(&vt100::Screen) -> bool) -> Result<()> {
        self.wait_until_within(what, TIMEOUT, ready)
    }

    pub fn wait_until_within(
        &self,
        what: &str,
        timeout: Duration,
        ready: impl Fn(&vt100::Screen) -> bool,
    ) -> Result<()> {
        let deadline = Instant::now() + timeout;
        loop {
            if ready(lock(&self.parser).screen()) {
                return Ok(());
            }
            if Instant::now() >= deadline {
                bail!(
                    "timed out after {timeout:?} waiting for {what} ({})\n{}",
                    self.argv,
                    self.dump()
                );
            }
            thread::sleep(POLL);
        }
    }

    /// The screen framed for an error message.
    pub fn dump(&self) -> String {
        dump(&lock(&self.parser))
    }

    /// Resizes the terminal: the program gets SIGWINCH, the emulated screen the new size.
    pub fn resize(&mut self, cols: u16, rows: u16) -> Result<()> {
        let (c, r) = nonzero(cols, rows)?;
        lock(&self.parser).screen_mut().set_size(r, c);
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .context("could not resize the pseudo-terminal")
    }

    /// Waits for the program to exit and for its last output to reach the screen.
    pub fn wait_exit(&mut self) -> Result<ExitStatus> {
        self.wait_exit_within(TIMEOUT)
    }

    pub fn wait_exit_within(&mut self, timeout: Duration) -> Result<ExitStatus> {
        let deadline = Instant::now() + timeout;
        let status = loop {
            if let Some(status) = self.child.try_wait()? {
                break status;
            }
            if Instant::now() >= deadline {
                bail!(
                    "{} did not exit within {timeout:?}\n{}",
                    self.argv,
                    self.dump()
                );
            }
            thread::sleep(POLL);
        };
        // The output may still be in flight; give the reader a moment to drain it.
        while !self.closed.load(Ordering::SeqCst) && Instant::now() < deadline {
            thread::sleep(POLL);
        }
        if self.closed.load(Ordering::SeqCst)
            && let Some(thread) = self.reader_thread.take()
        {
            let _ = thread.join();
        }
        self.status = Some(status.clone());
        Ok(status)
    }
}

impl Drop for Pty {
    /// A program still running gets SIGHUP (as a closed terminal sends), and SIGKILL if it has
    /// not ended within [`GRACE`]: dropping never waits for a program that will not end.
    fn drop(&mut self) {
        if let Some(done) = &self.watchdog {
            done.store(true, Ordering::SeqCst);
        }
        if self.status.is_none() && matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let deadline = Instant::now() + GRACE;
            while matches!(self.child.try_wait(), Ok(None)) {
                if Instant::now() >= deadline {
                    if let Some(pid) = self.child.process_id() {
                        kill(pid, "KILL");
                    }
                    break;
                }
                thread::sleep(POLL);
            }
            let _ = self.child.wait();
        }
    }
}

/// The `hotseat` binary under test. `option_env!`: examples sharing this file are built
/// without the variable (and pass the binary to `PtyCommand::new` themselves).
const HOTSEAT: &str = match option_env!("CARGO_BIN_EXE_hotseat") {
    Some(path) => path,
    None => "hotseat",
};

/// The user [`PtyCommand::hotseat_unprivileged`] runs as when the tests run as root.
pub const NOBODY: u32 = 65534;

/// Whether the tests run as root: a file they create is root's.
#[cfg(unix)]
pub fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let dir = fresh_dir("whoami");
    let root = std::fs::metadata(&dir).is_ok_and(|m| m.uid() == 0);
    let _ = std::fs::remove_dir(dir);
    root
}

/// Gives `path` to the user [`PtyCommand::hotseat_unprivileged`] runs as (nothing to do
/// unless the tests run as root).
#[cfg(unix)]
pub fn give_to_unprivileged(path: &std::path::Path) {
    if running_as_root() {
        std::os::unix::fs::chown(path, Some(NOBODY), Some(NOBODY)).expect("chown");
    }
}

/// A new empty folder under the system's temporary directory, unique to this process and call.
///
/// Every folder of one run of the tests is under one parent, `hotseat-tests-PID`; the first
/// call sweeps away the parents of runs that are over (their process gone), so the tests do
/// not leave a folder for every game they played (a run made a few thousand, one of them
/// holding a 100 MB file) in the temporary directory.
pub fn fresh_dir(label: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(sweep_finished_runs);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir()
        .join(format!("hotseat-tests-{}", std::process::id()))
        .join(format!("{label}-{n}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// Removes the folders of earlier runs of the tests whose process has ended: on Linux, those
/// whose process id is not running; elsewhere, those untouched for a day.
fn sweep_finished_runs() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    let day = std::time::Duration::from_secs(24 * 3600);
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("hotseat-tests-"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let over = if cfg!(target_os = "linux") {
            pid != std::process::id() && !std::path::Path::new(&format!("/proc/{pid}")).exists()
        } else {
            entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|at| at.elapsed().ok())
                .is_some_and(|age| age > day)
        };
        if over {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}
