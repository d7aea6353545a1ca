//! A terminal at the other end of an SSH channel: its bytes out, its keys in, its size.
//!
//! The game's screen loop (`hotseat::tui::run_loop`) draws on any ratatui `Terminal` and rings
//! the bell through a [`Console`]; here the terminal is a client's, so:
//!
//! * [`Output`] gathers what a frame writes and hands it, at each flush, to the connection's
//!   writer task, which sends it on the channel. Its queue is bounded: a burst of frames (a
//!   pasted line of moves redraws the screen for each key) waits for room on the session's own
//!   thread, as a write to a slow local terminal waits; only a client that reads nothing for
//!   the stall time ends its session, rather than piling up bytes.
//! * [`SshBackend`] is crossterm's backend on that output, but its size is the client's (from
//!   `pty-req` and `window-change`), not the server process's terminal, which it has none of.
//! * [`Keys`] reads the client's bytes with terminput's parser (the same escape sequences
//!   crossterm reads at a local terminal, mouse reports and bracketed paste included) and
//!   feeds the session's channel with the game's own events.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use hotseat::app::Event as AppEvent;
use hotseat::app::keymap::Action;
use hotseat::runtime::EventSender;
use hotseat::tui::Console;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use tokio::runtime::Handle;
use tokio::sync::mpsc::Sender;
use tokio::sync::mpsc::error::TrySendError;

pub use crate::rate::Rate;

/// The most frames (flushes) waiting to be sent to one client.
pub const QUEUE: usize = 64;

/// The largest terminal a client may say it has; a bigger one is taken as this (each cell of
/// the screen is memory on the server).
pub const MAX_SIZE: Size = Size {
    width: 500,
    height: 200,
};

/// What a session sends to its client: bytes of its screen, or its end with an exit status.
#[derive(Debug)]
pub enum Out {
    Data(Vec<u8>),
    /// A message for the client's standard error.
    Error(Vec<u8>),
    Exit(u32),
}

/// The bytes a session writes, sent to the client's channel at each flush.
#[derive(Debug)]
pub struct Output {
    queue: Sender<Out>,
    /// The I/O runtime (whose one thread sends the queue's frames), for a session's thread to
    /// wait on for room in the queue; `None` outside one (then a full queue fails at once).
    io: Option<Handle>,
    /// The longest a frame waits for room: the client's stall time.
    stall: Duration,
    buffer: Vec<u8>,
    /// To the client's standard error rather than its output.
    errors: bool,
    /// Each line feed written as CR LF: lines of text to a client whose terminal is raw (a
    /// `pty-req` with no line discipline on this side).
    crlf: bool,
}

impl Output {
    /// A writer to `queue`, whose frames wait at most `stall` for room in it. Made on the I/O
    /// runtime's thread (a channel's request), whose handle it keeps.
    pub fn new(queue: Sender<Out>, stall: Duration) -> Output {
        Output {
            queue,
            io: Handle::try_current().ok(),
            stall,
            buffer: Vec::new(),
            errors: false,
            crlf: false,
        }
    }

    /// Another writer on the same channel (the bell's, beside the screen's), writing lines as
    /// this one does.
    pub fn another(&self) -> Output {
        Output {
            queue: self.queue.clone(),
            io: self.io.clone(),
            stall: self.stall,
            buffer: Vec::new(),
            errors: false,
            crlf: self.crlf,
        }
    }

    /// Another writer on the same channel, to the client's standard error.
    pub fn to_errors(&self) -> Output {
        Output {
            errors: true,
            ..self.another()
        }
    }

    /// This writer with each line feed as CR LF.
    pub fn crlf(self) -> Output {
        Output { crlf: true, ..self }
    }

    /// Says `message` on the client's standard error (after what was written before).
    pub fn error(&mut self, message: &str) {
        let _ = self.flush();
        let _ = self.send(Out::Error(message.as_bytes().to_vec()));
    }

    /// Ends the session's output with its exit status.
    pub fn exit(mut self, status: u32) {
        let _ = self.flush();
        let _ = self.send(Out::Exit(status));
    }

    /// Puts `out` in the queue. A session's thread waits for room, at most the stall time (by
    /// then the writer has given up on a client that reads nothing, and the queue is closed);
    /// the I/O thread itself never waits (it is the one that empties the queue): a full queue
    /// fails at once there.
    fn send(&self, out: Out) -> io::Result<()> {
        let full = || {
            io::Error::new(
                io::ErrorKind::WouldBlock,
                "the client has stopped reading its screen",
            )
        };
        let gone = || io::Error::new(io::ErrorKind::BrokenPipe, "the client's connection is gone");
        let out = match self.queue.try_send(out) {
            Ok(()) => return Ok(()),
            Err(TrySendError::Closed(_)) => return Err(gone()),
            Err(TrySendError::Full(out)) => out,
        };
        let Some(io) = self.io.as_ref().filter(|_| Handle::try_current().is_err()) else {
            return Err(full());
        };
        // The deadline made within the runtime, whose timer it needs.
        let waited =
            io.block_on(async { tokio::time::timeout(self.stall, self.queue.send(out)).await });
        match waited {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(gone()),
            Err(_) => Err(full()),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.crlf {
            for &b in buf {
                if b == b'\n' {
                    self.buffer.push(b'\r');
                }
                self.buffer.push(b);
            }
        } else {
            self.buffer.extend_from_slice(buf);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.buffer);
        self.send(if self.errors {
            Out::Error(bytes)
        } else {
            Out::Data(bytes)
        })
    }
}

/// The client's terminal size, as its last `pty-req` or `window-change` said.
pub type SharedSize = Arc<Mutex<Size>>;

/// A size a client sent, within [`MAX_SIZE`] (and at least one cell).
pub fn clamp_size(columns: u32, rows: u32) -> Size {
    let clamp = |n: u32, max: u16| u16::try_from(n).unwrap_or(max).clamp(1, max);
    Size {
        width: clamp(columns, MAX_SIZE.width),
        height: clamp(rows, MAX_SIZE.height),
    }
}

/// Crossterm's escape sequences, written to the client; the size is the client's.
#[derive(Debug)]
pub struct SshBackend {
    inner: CrosstermBackend<Output>,
    size: SharedSize,
    cursor: Position,
}

impl SshBackend {
    pub fn new(output: Output, size: SharedSize) -> SshBackend {
        SshBackend {
            inner: CrosstermBackend::new(output),
            size,
            cursor: Position::ORIGIN,
        }
    }
}

impl Backend for SshBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    /// Where the cursor was last put: a client is never asked (its answer would come in
    /// with its keys).
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let position = position.into();
        self.cursor = position;
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(*self.size.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size()?,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// A client's terminal beyond drawing: the bell on its channel, no suspend (Ctrl-Z stops
/// nothing on a server), and the drawing lock.
#[derive(Debug)]
pub struct SshConsole {
    bell: Mutex<Output>,
    drawing: Mutex<()>,
}

impl SshConsole {
    pub fn new(bell: Output) -> SshConsole {
        SshConsole {
            bell: Mutex::new(bell),
            drawing: Mutex::new(()),
        }
    }
}

impl Console for SshConsole {
    fn ring_bell(&self) -> io::Result<()> {
        let mut out = self.bell.lock().unwrap_or_else(|e| e.into_inner());
        out.write_all(b"\x07")?;
        out.flush()
    }

    fn suspend(&self) {}

    fn drawing(&self) -> MutexGuard<'_, ()> {
        self.drawing.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The longest escape sequence kept while it is incomplete; past it the bytes are dropped.
const MAX_SEQUENCE: usize = 64;
/// The marks around a bracketed paste (a terminal sends them when asked to, and a client may
/// anyway).
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// Turns a client's bytes into the game's events, and hands them to its session once it has
/// one (keys typed before are kept, up to a bound), no faster than [`Rate`] allows: the
/// session's queue of events is not bounded, so what a client may put in it is.
#[derive(Debug)]
pub struct Keys {
    /// Bytes of an event not yet complete.
    partial: Vec<u8>,
    sender: Option<EventSender>,
    early: Vec<AppEvent>,
    /// The client is gone: a loop attached later hears it at once.
    closed: bool,
    rate: Rate,
    /// Window changes have a budget of their own ([`Rate::resizes`]).
    resizes: Rate,
    /// A size whose redraw waits for that budget: only the last one is drawn.
    pending: Option<Size>,
}

/// Keys typed before the session started that are kept.
const EARLY: usize = 256;

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            partial: Vec::new(),
            sender: None,
            early: Vec::new(),
            closed: false,
            rate: Rate::keys(),
            resizes: Rate::resizes(),
            pending: None,
        }
    }
}

impl Keys {
    /// From now on events go to `sender`, the ones read before first.
    pub fn attach(&mut self, sender: EventSender) {
        for event in self.early.drain(..) {
            sender.send(event);
        }
        self.sender = Some(sender);
        if self.closed {
            self.hang_up();
        }
    }

    /// The loop that read the keys has ended, and the client's next screen (the lobby after
    /// a game) attaches its own: the keys typed meanwhile are kept for it.
    pub fn detach(&mut self) {
        self.sender = None;
    }

    /// The client is gone (or its game ended): the game's loop, if it still runs, hears it as
    /// the end of its terminal, and nothing more is sent.
    pub fn hang_up(&mut self) {
        self.hang_up_with("the connection closed");
    }

    /// [`Keys::hang_up`], the game's screen ending with `why` said to the client.
    pub fn hang_up_with(&mut self, why: &str) {
        self.closed = true;
        if let Some(sender) = self.sender.take() {
            sender.terminal_failed(io::Error::new(io::ErrorKind::ConnectionAborted, why));
        }
    }

    /// Reads `bytes` (one packet of the channel's data). An escape byte alone at the end of
    /// a packet is the Escape key; within a packet it starts a sequence. A bracketed paste
    /// is its text typed.
    pub fn feed(&mut self, bytes: &[u8]) {
        for (i, &byte) in bytes.iter().enumerate() {
            self.partial.push(byte);
            let more = i + 1 < bytes.len();
            if self.partial == [0x1b] && more {
                continue;
            }
            // A bracketed paste's marks: its text is read as typed (terminput would hold it
            // whole until its end, past what a sequence may be, and the game reads no paste).
            if self.partial == PASTE_START || self.partial == PASTE_END {
                self.partial.clear();
                continue;
            }
            match terminput::Event::parse_from(&self.partial) {
                Ok(Some(event)) => {
                    self.partial.clear();
                    self.event(event);
                }
                Ok(None) if self.partial.len() < MAX_SEQUENCE => {}
                // Not an event (or far too long for one): dropped, as crossterm drops it.
                Ok(None) | Err(_) => self.partial.clear(),
            }
        }
    }

    /// A new size of the client's terminal, at `now`: delivered at once, or kept while window
    /// changes come faster than [`Rate::resizes`] allows (the size itself is already the
    /// shared one: only the redraw waits). `Some(wait)`: the first size kept; after `wait`,
    /// [`Keys::resize_due`] delivers the last one kept, so the last size is always drawn.
    pub fn resize(&mut self, size: Size, now: Instant) -> Option<Duration> {
        if self.pending.is_none() && self.resizes.take(now) {
            self.deliver(resize_event(size));
            return None;
        }
        let first = self.pending.replace(size).is_none();
        first.then(|| self.resizes.wait(now))
    }

    /// The wait of a kept size is over (at `now`): the last size kept is delivered.
    pub fn resize_due(&mut self, now: Instant) {
        if let Some(size) = self.pending.take() {
            let _ = self.resizes.take(now);
            self.deliver(resize_event(size));
        }
    }

    fn event(&mut self, event: terminput::Event) {
        let Ok(event) = terminput_crossterm::to_crossterm(event) else {
            return;
        };
        let Some(event) = hotseat::tui::translate(event).and_then(hotseat::tui::app_event) else {
            return;
        };
        if self.rate.take(Instant::now()) {
            self.deliver(event);
        }
    }

    fn deliver(&mut self, event: AppEvent) {
        match &self.sender {
            Some(sender) => {
                sender.send(event);
            }
            None if self.early.len() < EARLY => self.early.push(event),
            None => {}
        }
    }
}

/// The game's event for a new size.
fn resize_event(size: Size) -> AppEvent {
    AppEvent::Action(Action::Resize {
        width: size.width,
        height: size.height,
    })
}

/// Lines a client sends for the plain mode, read as standard input is: a reader of the
/// channel's bytes that ends when the client sends its end (or goes).
#[derive(Debug)]
pub struct LinesIn {
    rx: std::sync::mpsc::Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    at: usize,
}

/// Chunks of a client's lines waiting to be read (each an SSH packet, at most 32 KiB).
pub const LINES_QUEUE: usize = 16;

impl LinesIn {
    pub fn new() -> (std::sync::mpsc::SyncSender<Vec<u8>>, LinesIn) {
        let (tx, rx) = std::sync::mpsc::sync_channel(LINES_QUEUE);
        (
            tx,
            LinesIn {
                rx,
                chunk: Vec::new(),
                at: 0,
            },
        )
    }
}

impl io::Read for LinesIn {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at >= self.chunk.len() {
            match self.rx.recv() {
                Ok(chunk) => {
                    self.chunk = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.chunk.len() - self.at);
        buf[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The line editing a terminal's own line discipline does, for a client whose terminal is raw
/// (`ssh -t HOST plain`): typed characters echoed, Backspace, Enter ends a line, Ctrl-D on an
/// empty line ends the input, Ctrl-C and Ctrl-U clear the line.
#[derive(Debug, Default)]
pub struct LineEditor {
    line: Vec<u8>,
}

/// What a client's bytes come to through the [`LineEditor`].
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Edited {
    /// To send back to the client: the echo.
    pub echo: Vec<u8>,
    /// Lines completed, each with its line feed.
    pub lines: Vec<u8>,
    /// The client ended its input (Ctrl-D on an empty line).
    pub ended: bool,
}

impl LineEditor {
    pub fn feed(&mut self, bytes: &[u8]) -> Edited {
        let mut edited = Edited::default();
        for &b in bytes {
            match b {
                b'\r' | b'\n' => {
                    edited.echo.extend_from_slice(b"\r\n");
                    edited.lines.append(&mut self.line);
                    edited.lines.push(b'\n');
                }
                0x7f | 0x08 => {
                    // A whole character goes: its continuation bytes first.
                    while let Some(last) = self.line.pop() {
                        if last & 0xc0 != 0x80 {
                            break;
                        }
                    }
                    edited.echo.extend_from_slice(b"\x08 \x08");
                }
                0x04 if self.line.is_empty() => {
                    edited.ended = true;
                    return edited;
                }
                0x03 | 0x15 => {
                    self.line.clear();
                    edited.echo.extend_from_slice(b"^C\r\n");
                }
                b if b < 0x20 => {}
                b if self.line.len() < hotseat::plain::MAX_LINE => {
                    self.line.push(b);
                    edited.echo.push(b);
                }
                _ => {}
            }
        }
        edited
    }
}

#[cfg(test)]
mod tests;
