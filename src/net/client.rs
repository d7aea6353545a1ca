//! A terminal that joins or watches: connects with the invitation, waits for the host's
//! welcome, then a reader thread turns every message into a [`NetEvent`] (answering the
//! host's pings itself) and a writer thread sends what the player does.
//!
//! A connection that drops (the network, or a host that stood still past the silence deadline)
//! is made again by itself ([`Client::connect_with`]): at once, then with a backoff doubling
//! up to [`MAX_BACKOFF`], for as long as the caller allows; the app hears
//! [`NetEvent::Dropped`], then the host's new [`Msg::Welcome`] (the game as it stands), or
//! [`NetEvent::Lost`] when it gives up. A goodbye from the host, or this terminal leaving,
//! ends it for good.

use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::Sink;
use super::invite::{Access, Invitation};
use super::transport::{self, LinkError, LinkReader, LinkWriter};
use crate::remote::{DuelState, Msg, NetEvent, Seat, Snapshot};

/// What a host welcomed this terminal with: a game, or a puzzle duel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Welcomed {
    Game {
        seat: Seat,
        snapshot: Snapshot,
    },
    /// `player`: 0 the host's, 1 the other; `None` for a watcher.
    Duel {
        player: Option<u8>,
        state: Box<DuelState>,
    },
}

impl Welcomed {
    /// The welcome as a message, as the sink is told it.
    fn msg(&self) -> Msg {
        match self.clone() {
            Welcomed::Game { seat, snapshot } => Msg::Welcome { seat, snapshot },
            Welcomed::Duel { player, state } => Msg::DuelWelcome { player, state },
        }
    }

    /// The seat this terminal takes (a duel's player 0 in White's, 1 in Black's).
    fn seat(&self) -> Seat {
        match self {
            Welcomed::Game { seat, .. } => *seat,
            Welcomed::Duel { player: None, .. } => Seat::Watcher,
            Welcomed::Duel {
                player: Some(0), ..
            } => Seat::White,
            Welcomed::Duel { .. } => Seat::Black,
        }
    }
}

/// The most messages waiting to go to the host.
const QUEUE: usize = 64;

/// The longest wait between two attempts to connect again.
pub const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// The first wait.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);

/// How to connect, and to connect again.
#[derive(Clone, Debug)]
pub struct Dial {
    /// The host, and the key that proves it.
    pub invitation: Invitation,
    /// To play or to watch.
    pub access: Access,
    /// The longest each step of a connection may take.
    pub timeout: Duration,
    /// How long the host may say nothing (it sends a heartbeat every few seconds) before the
    /// connection is taken for lost.
    pub silence: Duration,
    /// How long a dropped connection is tried again, by itself (zero: not at all).
    pub reconnect_for: Duration,
}

/// The live connection's ends, replaced on each reconnection.
#[derive(Debug)]
struct Line {
    out: SyncSender<Msg>,
    closer: Option<TcpStream>,
    /// Ends (disconnects) when the writer thread has ended: the goodbye is on the wire.
    written: Option<Receiver<()>>,
}

/// How long leaving waits for the goodbye to be written: a terminal that leaves on purpose is
/// heard to leave, even when its process ends next.
const BYE_GRACE: Duration = Duration::from_millis(500);

/// A connection to a host.
#[derive(Debug)]
pub struct Client {
    line: Arc<Mutex<Line>>,
    leaving: Arc<AtomicBool>,
    seat: Seat,
}

impl Client {
    /// Connects to the host of `invitation` to play or watch. `timeout` bounds each step of
    /// the connection; `silence` is how long the host may say nothing (it sends a heartbeat
    /// every few seconds) before the connection is taken for lost. Returns the seat and the
    /// game the host welcomed this terminal with (also the first event to `sink`, before any
    /// other, so that a screen never sees a message before its welcome); what follows goes
    /// to `sink`. A dropped connection is not made again.
    pub fn connect(
        invitation: &Invitation,
        access: Access,
        timeout: Duration,
        silence: Duration,
        sink: Sink,
    ) -> Result<(Client, Seat, Snapshot), LinkError> {
        let dial = Dial {
            invitation: invitation.clone(),
            access,
            timeout,
            silence,
            reconnect_for: Duration::ZERO,
        };
        Client::connect_with(dial, sink)
    }

    /// [`Client::connect`] as `dial` says: a dropped connection is made again by itself for
    /// up to its `reconnect_for` (see the module docs).
    pub fn connect_with(dial: Dial, sink: Sink) -> Result<(Client, Seat, Snapshot), LinkError> {
        let (client, welcomed) = Client::connect_any(dial, sink)?;
        match welcomed {
            Welcomed::Game { seat, snapshot } => Ok((client, seat, snapshot)),
            Welcomed::Duel { .. } => Err(LinkError::Io(
                "the host serves a puzzle duel, not a game".into(),
            )),
        }
    }

    /// [`Client::connect_with`], whatever the host serves: a game or a puzzle duel.
    pub fn connect_any(dial: Dial, sink: Sink) -> Result<(Client, Welcomed), LinkError> {
        let leaving = Arc::new(AtomicBool::new(false));
        let (welcomed, reader, line) = dial.open(&sink)?;
        let seat = welcomed.seat();
        let line = Arc::new(Mutex::new(line));
        let keep = Arc::clone(&line);
        let gone = Arc::clone(&leaving);
        thread::Builder::new()
            .name("net-client-read".into())
            .spawn(move || dial.follow(reader, &keep, &sink, &gone))
            .map_err(|e| LinkError::Io(e.to_string()))?;
        Ok((
            Client {
                line,
                leaving,
                seat,
            },
            welcomed,
        ))
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Sends a message to the host. False if the connection is gone (or being made again) or
    /// hopelessly behind.
    pub fn send(&self, msg: Msg) -> bool {
        let Ok(line) = self.line.lock() else {
            return false;
        };
        match line.out.try_send(msg) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
        }
    }

    /// Leaves: says goodbye and closes the connection.
    pub fn leave(mut self) {
        self.close();
    }

    fn close(&mut self) {
        self.leaving.store(true, Ordering::SeqCst);
        let Ok(mut line) = self.line.lock() else {
            return;
        };
        // The writer sends the goodbye and closes the socket; if it cannot take the goodbye
        // (gone, or hopelessly behind), the socket is closed here.
        let queued = line.out.try_send(Msg::Bye).is_ok();
        if let Some(stream) = line.closer.take()
            && !queued
        {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
        if let Some(written) = line.written.take().filter(|_| queued) {
            let _ = written.recv_timeout(BYE_GRACE);
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.close();
    }
}

impl Dial {
    /// One connection: the handshake, the welcome (told to `sink` first), the writer thread.
    fn open(&self, sink: &Sink) -> Result<(Welcomed, LinkReader, Line), LinkError> {
        let (writer, mut reader) = transport::connect(&self.invitation, self.access, self.timeout)?;
        let welcomed = match reader.recv()? {
            Msg::Welcome { seat, snapshot } => Welcomed::Game { seat, snapshot },
            Msg::DuelWelcome { player, state } => Welcomed::Duel { player, state },
            _ => return Err(LinkError::Forged),
        };
        reader.set_timeout(self.silence)?;
        let closer = writer.stream_clone();
        let (out, rx) = sync_channel::<Msg>(QUEUE);
        let written = spawn_writer(writer, rx)?;
        sink(NetEvent::Msg(welcomed.msg()));
        Ok((
            welcomed,
            reader,
            Line {
                out,
                closer,
                written: Some(written),
            },
        ))
    }

    /// Reads the host's messages until the end, connecting again after a drop.
    fn follow(
        &self,
        mut reader: LinkReader,
        line: &Mutex<Line>,
        sink: &Sink,
        leaving: &Arc<AtomicBool>,
    ) {
        loop {
            let why = read_until_lost(&mut reader, line, sink);
            if leaving.load(Ordering::SeqCst) {
                return;
            }
            let Some(why) = why else {
                return;
            };
            if self.reconnect_for.is_zero() {
                sink(NetEvent::Lost { why });
                return;
            }
            if let Ok(line) = line.lock()
                && let Some(stream) = &line.closer
            {
                let _ = stream.shutdown(std::net::Shutdown::Both);
            }
            sink(NetEvent::Dropped { why: why.clone() });
            match self.again(sink, leaving) {
                Some((next, new_line)) => {
                    reader = next;
                    if let Ok(mut line) = line.lock() {
                        *line = new_line;
                    }
                }
                None if leaving.load(Ordering::SeqCst) => return,
                None => {
                    let secs = self.reconnect_for.as_secs();
                    sink(NetEvent::Lost {
                        why: format!("{why}, and the host could not be reached again in {secs} s"),
                    });
                    return;
                }
            }
        }
    }

    /// Connects again, with a backoff, until `reconnect_for` has passed.
    fn again(&self, sink: &Sink, leaving: &Arc<AtomicBool>) -> Option<(LinkReader, Line)> {
        let until = Instant::now() + self.reconnect_for;
        let mut backoff = FIRST_BACKOFF;
        while Instant::now() < until && !leaving.load(Ordering::SeqCst) {
            if let Ok((_, reader, line)) = self.open(sink) {
                return Some((reader, line));
            }
            thread::sleep(backoff.min(until.saturating_duration_since(Instant::now())));
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
        None
    }
}

/// Passes the host's messages to `sink` (answering pings) until the connection ends: `None`
/// for a goodbye from the host (told to `sink`), else why it broke.
fn read_until_lost(reader: &mut LinkReader, line: &Mutex<Line>, sink: &Sink) -> Option<String> {
    loop {
        match reader.recv() {
            Ok(Msg::Ping { nonce }) => {
                if let Ok(line) = line.lock() {
                    let _ = line.out.try_send(Msg::Pong { nonce });
                }
            }
            Ok(Msg::Bye) => {
                sink(NetEvent::Lost {
                    why: "the host ended the game session".into(),
                });
                return None;
            }
            Ok(msg) => sink(NetEvent::Msg(msg)),
            Err(e) => {
                return Some(match e {
                    LinkError::TimedOut => "the host has been silent for too long".into(),
                    LinkError::Closed => "the host closed the connection".into(),
                    e => e.to_string(),
                });
            }
        }
    }
}

/// Sends the player's messages; a send that fails closes the socket, so that the reader
/// sees the break and says it (or connects again).
fn spawn_writer(mut writer: LinkWriter, rx: Receiver<Msg>) -> Result<Receiver<()>, LinkError> {
    let (done, written) = sync_channel::<()>(0);
    thread::Builder::new()
        .name("net-client-write".into())
        .spawn(move || {
            // Dropped as the thread ends: leaving, waiting for the goodbye, hears it.
            let _done = done;
            while let Ok(msg) = rx.recv() {
                if writer.send(&msg).is_err() {
                    break;
                }
                if msg == Msg::Bye {
                    break;
                }
            }
            writer.shutdown();
        })
        .map(|_| written)
        .map_err(|e| LinkError::Io(e.to_string()))
}
