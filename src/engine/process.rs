//! The engine's process: started with piped standard input and output (standard error
//! discarded), its output read line by line on a thread of its own into a bounded channel.
//!
//! Nothing here can block for ever: each line is capped at [`MAX_LINE`] bytes, each wait has a
//! deadline, and on the way out the engine gets `quit`, a short grace, then a kill; the child
//! is always waited for, so none is left as a zombie.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use super::EngineError;

/// The longest line read from an engine. Stockfish's longest (an `info` with a long pv) is a
/// few hundred bytes.
pub const MAX_LINE: usize = 16 * 1024;

/// How long the engine has to go after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(500);

/// How often a wait looks at the cancel flag.
const SLICE: Duration = Duration::from_millis(50);

/// What the reader thread passes on.
#[derive(Debug)]
enum Chunk {
    Line(String),
    Garbage(String),
    End,
}

/// A running engine.
#[derive(Debug)]
pub struct Process {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Chunk>,
    ended: bool,
}

/// The outcome of waiting for a line.
#[derive(Debug)]
pub enum Wait {
    Line(String),
    Cancelled,
}

impl Process {
    /// Starts the engine at `path`.
    pub fn spawn(path: &Path) -> Result<Process, EngineError> {
        let name = path.display().to_string();
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| match e.kind() {
                ErrorKind::NotFound => EngineError::Missing {
                    engine: name.clone(),
                },
                ErrorKind::PermissionDenied => EngineError::NotExecutable {
                    engine: name.clone(),
                },
                _ => EngineError::Start {
                    engine: name.clone(),
                    reason: e.to_string(),
                },
            })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        // Room for a search's worth of lines; a full channel makes the reader (and so the
        // engine) wait rather than use memory.
        let (tx, lines) = sync_channel(1024);
        if let Some(stdout) = stdout {
            thread::Builder::new()
                .name("engine-reader".into())
                .spawn(move || read_lines(stdout, &tx))
                .map_err(|e| EngineError::Start {
                    engine: name.clone(),
                    reason: e.to_string(),
                })?;
        }
        Ok(Process {
            name,
            child,
            stdin,
            lines,
            ended: false,
        })
    }

    /// The engine as messages name it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let result = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(ErrorKind::BrokenPipe.into()),
        };
        result.map_err(|_| self.crashed())
    }

    /// The next line, waiting until `deadline` at most (then `Timeout`, naming what it waited
    /// for), or until `cancel` is set.
    pub fn next_line(
        &mut self,
        deadline: Instant,
        waiting_for: &'static str,
        cancel: &AtomicBool,
    ) -> Result<Wait, EngineError> {
        let started = Instant::now();
        loop {
            if cancel.load(Ordering::Relaxed) {
                return Ok(Wait::Cancelled);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(EngineError::Timeout {
                    engine: self.name.clone(),
                    waiting_for,
                    after: now - started,
                });
            }
            match self.lines.recv_timeout(SLICE.min(deadline - now)) {
                Ok(Chunk::Line(line)) => return Ok(Wait::Line(line)),
                Ok(Chunk::Garbage(what)) => {
                    return Err(EngineError::Garbage {
                        engine: self.name.clone(),
                        what,
                    });
                }
                Ok(Chunk::End) | Err(RecvTimeoutError::Disconnected) => {
                    self.ended = true;
                    return Err(self.crashed());
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The error for an engine that went away: with its exit status if it has one by now.
    fn crashed(&mut self) -> EngineError {
        let deadline = Instant::now() + QUIT_GRACE;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status.to_string(),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                Ok(None) => break "its output closed".to_owned(),
                Err(e) => break e.to_string(),
            }
        };
        EngineError::Crashed {
            engine: self.name.clone(),
            status,
        }
    }
}

impl Drop for Process {
    /// `quit`, a short grace, then a kill; always reaped.
    fn drop(&mut self) {
        if !self.ended {
            let _ = self.send("quit");
        }
        self.stdin = None;
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => thread::sleep(Duration::from_millis(5)),
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The reader thread: lines of at most [`MAX_LINE`] bytes of UTF-8 until the end of the
/// output or the first thing that is not a line of text.
fn read_lines(stdout: impl Read, tx: &SyncSender<Chunk>) {
    let mut reader = BufReader::with_capacity(8192, stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = reader
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line);
        let chunk = match read {
            Ok(0) | Err(_) => Chunk::End,
            Ok(_) if line.last() != Some(&b'\n') && line.len() > MAX_LINE => {
                Chunk::Garbage(format!("a line longer than {MAX_LINE} bytes"))
            }
            Ok(_) => match std::str::from_utf8(&line) {
                Ok(text) => Chunk::Line(text.trim_end_matches(['\n', '\r']).to_owned()),
                Err(_) => Chunk::Garbage("a line that is not text (not UTF-8)".to_owned()),
            },
        };
        let last = !matches!(chunk, Chunk::Line(_));
        if tx.send(chunk).is_err() || last {
            return;
        }
    }
}
