//! The host's sockets: a listener, a handshake per connection within a deadline, a seat for
//! the player and room for watchers up to a cap, heartbeats that measure each terminal's lag,
//! and one thread (the hub) that owns what is served (a game's [`Referee`], or a puzzle duel's
//! [`DuelReferee`], behind [`Served`]) and tells every terminal what
//! happened.
//!
//! Threads: the listener (blocked in `accept`), a short-lived one per handshake, and per
//! connected terminal a reader (blocked in `recv`, with the silence deadline) and a writer
//! (blocked on its queue). The hub waits on its inbox until the next heartbeat or the flag of
//! the side to move: no polling.
//!
//! What a stranger can cost the host: a thread for at most [`Timeouts::handshake`] (for the
//! whole handshake, however slowly its bytes come), a few hundred bytes, and one line in the
//! refusal count; never more than [`Limits::connections`] at once (the rest are told
//! [`BUSY`](transport::BUSY), closed at once, and counted). Strangers cannot lock the invited
//! player out: at most [`Limits::handshakes`] handshakes run at once, [`Limits::per_address`]
//! from one address, and a new connection over either cap pushes out the *oldest* handshake
//! (its own address's first), so a flood of slow half-open sockets makes room for the friend
//! rather than keeping it out. A seat changes hands only once the handshake is confirmed
//! ([`transport::accept`]); until then the old connection keeps it. A terminal in the game has a queue of at
//! most [`QUEUE`] messages; one that falls further behind (a slow watcher) is dropped rather
//! than slowing the game.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::Sink;
use super::duel::DuelReferee;
use super::invite::{Access, Invitation, Place, new_secret};
use super::referee::Referee;
use super::served::Served;
use super::transport::{self, HostKeys, LinkError, LinkReader, LinkWriter};
use crate::game::Game;
use crate::game::pgn::Tags;
use crate::remote::{Msg, NetEvent, Seat};
use crate::rules::Color;

/// The most messages waiting to be sent to one terminal.
pub const QUEUE: usize = 256;

/// Deadlines.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// For a new connection to prove it holds the key.
    pub handshake: Duration,
    /// Between two heartbeats (a ping to every terminal, and the clocks).
    pub heartbeat: Duration,
    /// Silence after which a terminal is taken for gone.
    pub silence: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(5),
            // Every few seconds, no more: each beat wakes both terminals (idle CPU).
            heartbeat: Duration::from_secs(5),
            // Three beats' answers missed.
            silence: Duration::from_secs(15),
        }
    }
}

/// Caps.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub watchers: usize,
    /// Connections at once, in the handshake or in the game: the ceiling on threads.
    pub connections: usize,
    /// Handshakes at once; a connection over it pushes out the oldest handshake.
    pub handshakes: usize,
    /// Handshakes at once from one address; over it, that address's oldest is pushed out.
    pub per_address: usize,
}

impl Limits {
    /// Room for `watchers`, the player (twice, while a rejoin replaces its old connection),
    /// a few handshakes at once, and as many again whose threads are ending (pushed out).
    pub fn for_watchers(watchers: usize) -> Limits {
        let handshakes = 16;
        Limits {
            watchers,
            connections: watchers.saturating_add(2 + 2 * handshakes),
            handshakes,
            per_address: 4,
        }
    }
}

/// How to host.
#[derive(Clone, Debug)]
pub struct HostConfig {
    pub listen: SocketAddr,
    /// The address to put in the invitation, if not the one listened on (a forwarded port, a
    /// tunnel's end): a host name or an IP, and a port.
    pub public: Option<(Place, u16)>,
    pub limits: Limits,
    pub timeouts: Timeouts,
    /// The invitation's secret; `None` for a new one from the OS's random source.
    pub secret: Option<[u8; super::invite::SECRET_LEN]>,
    /// Watchers see the players' chat too (else only the board, moves, clocks and result).
    pub watchers_see_chat: bool,
    /// Told the game after everything the host does (see [`Keep`]).
    pub keep: Option<Keep>,
    /// The game comes back with its clocks stopped, and they run again only once both players
    /// are here (the host's own seat welcomed again, the other terminal connected): a game
    /// resumed by `hotseat serve` after a restart, whose players must first come back. Until
    /// then no move is taken.
    pub hold_clocks: bool,
}

/// What the host calls with the game, its tags and the host's time after each thing it
/// handles (a move, a terminal come or gone, a heartbeat, a pulse of a running clock): for a
/// server that keeps the game on disk as it goes (`hotseat serve`'s rooms). It runs on the
/// host's own thread, so it should be quick (write only on a change).
#[derive(Clone)]
pub struct Keep(pub Arc<KeepFn>);

/// What a [`Keep`] calls.
pub type KeepFn = dyn Fn(&Game, &Tags, Duration) + Send + Sync;

impl std::fmt::Debug for Keep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keep")
    }
}

impl HostConfig {
    pub fn new(listen: SocketAddr) -> HostConfig {
        HostConfig {
            listen,
            public: None,
            limits: Limits::for_watchers(20),
            timeouts: Timeouts::default(),
            secret: None,
            watchers_see_chat: false,
            keep: None,
            hold_clocks: false,
        }
    }
}

enum Input {
    /// The host's own player acts (a [`Msg::Act`]), or asks for the game again.
    Local(Msg),
    Arrived {
        access: Access,
        writer: LinkWriter,
        reader: LinkReader,
        slot: Slot,
    },
    FromPeer {
        id: u64,
        msg: Msg,
    },
    Gone {
        id: u64,
        why: String,
    },
    /// The host's own seat is taken again by another screen (a room of `hotseat serve` whose
    /// player came back): it is welcomed as at the start, with the game as it stands.
    Rewelcome,
    /// A player's name, known once they come (a room of `hotseat serve`).
    Rename(Color, String),
    /// The screen holding the host's own seat has gone (a room's first player whose
    /// connection ended): the others are told, as of a terminal that went.
    HostLeft,
    /// Stands the hub still for a while, as a stopped host process would (tests).
    Freeze(Duration),
    Stop,
}

/// One connection counted against the cap; given back when dropped.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The host's own seat, held apart from the [`Host`] (see [`Host::seat`]).
#[derive(Clone, Debug)]
pub struct SeatHandle {
    inbox: SyncSender<Input>,
}

impl SeatHandle {
    /// As [`Host::send`].
    pub fn send(&self, msg: Msg) {
        let _ = self.inbox.send(Input::Local(msg));
    }

    /// Welcomes the seat again ([`Msg::Welcome`] with the game as it stands, to the sink), for
    /// a screen that takes it over from one that left.
    pub fn welcome_again(&self) {
        let _ = self.inbox.send(Input::Rewelcome);
    }

    /// Names `color`'s player in the game (its PGN's White or Black tag); every terminal is
    /// told.
    pub fn rename(&self, color: Color, name: String) {
        let _ = self.inbox.send(Input::Rename(color, name));
    }

    /// The screen holding the seat has gone: the other terminals are told the seat's player
    /// left, as they are of a terminal that went (until [`SeatHandle::welcome_again`]).
    pub fn left(&self) {
        let _ = self.inbox.send(Input::HostLeft);
    }
}

/// A game hosted: the listener and the hub run until [`Host::stop`] (or the drop).
#[derive(Debug)]
pub struct Host {
    inbox: SyncSender<Input>,
    invitation: Invitation,
    local: SocketAddr,
    stopping: Arc<AtomicBool>,
    refused: Arc<AtomicU64>,
    hub: Option<JoinHandle<Option<Game>>>,
    listener: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Input")
    }
}

impl Host {
    /// Listens as `config` says and hosts `game` (with `tags` for its PGN), the host playing
    /// `host_color`. Events go to `sink`, starting with the host's own [`Msg::Welcome`].
    pub fn start(
        config: HostConfig,
        game: Game,
        tags: Tags,
        host_color: Color,
        sink: Sink,
    ) -> std::io::Result<Host> {
        let game = if config.hold_clocks {
            game
        } else {
            running(game)
        };
        let referee = Referee::new(game, tags, host_color, Duration::ZERO);
        Host::serve(config, Box::new(referee), sink)
    }

    /// Listens as `config` says and hosts a puzzle duel, the host's screen being its first
    /// player. Events go to `sink`, starting with the host's own [`Msg::DuelWelcome`]; the
    /// first puzzle's clock starts when the second player comes.
    pub fn start_duel(
        config: HostConfig,
        referee: DuelReferee,
        sink: Sink,
    ) -> std::io::Result<Host> {
        Host::serve(config, Box::new(referee), sink)
    }

    fn serve(config: HostConfig, referee: Box<dyn Served>, sink: Sink) -> std::io::Result<Host> {
        let listener = TcpListener::bind(config.listen)?;
        let local = listener.local_addr()?;
        let secret = match config.secret {
            Some(s) => s,
            None => new_secret().map_err(std::io::Error::other)?,
        };
        let (place, port) = config
            .public
            .clone()
            .unwrap_or((Place::Ip(local.ip()), local.port()));
        let invitation = Invitation::new(place, port, secret);
        let keys = HostKeys::of(&invitation).expect("a play invitation has both keys");
        let (inbox, rx) = sync_channel(1024);
        let stopping = Arc::new(AtomicBool::new(false));
        let refused = Arc::new(AtomicU64::new(0));
        let watchers = Arc::new(AtomicUsize::new(0));
        let clock = Instant::now();
        let hub = Hub {
            referee,
            peers: HashMap::new(),
            next_id: 0,
            sink: Arc::clone(&sink),
            inbox: inbox.clone(),
            timeouts: config.timeouts,
            clock,
            stopped: Duration::ZERO,
            watchers: Arc::clone(&watchers),
            watchers_see_chat: config.watchers_see_chat,
            keep: config.keep.clone(),
            held: config.hold_clocks,
            host_back: false,
        };
        let hub = thread::Builder::new()
            .name("net-hub".into())
            .spawn(move || hub.run(&rx))?;
        let accept = Acceptor {
            keys,
            limits: config.limits,
            timeouts: config.timeouts,
            inbox: inbox.clone(),
            stopping: Arc::clone(&stopping),
            refused: Arc::clone(&refused),
            connections: Arc::new(AtomicUsize::new(0)),
            watchers,
            sink,
            pending: Mutex::new(Vec::new()),
            next_pending: AtomicU64::new(0),
        };
        let listener = thread::Builder::new()
            .name("net-listen".into())
            .spawn(move || accept.run(&listener))?;
        Ok(Host {
            inbox,
            invitation,
            local,
            stopping,
            refused,
            hub: Some(hub),
            listener: Some(listener),
        })
    }

    /// The play invitation.
    pub fn invitation(&self) -> &Invitation {
        &self.invitation
    }

    /// The address listened on.
    pub fn local_addr(&self) -> SocketAddr {
        self.local
    }

    /// Connections refused so far.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::SeqCst)
    }

    /// The host's own player acts ([`Msg::Act`]) or asks for the game again
    /// ([`Msg::WantSync`]); the answer comes to the sink like any terminal's.
    pub fn send(&self, msg: Msg) {
        let _ = self.inbox.send(Input::Local(msg));
    }

    /// The host's own seat, for another thread to act from: a screen that may leave and be
    /// replaced by another (`hotseat serve`'s rooms, where the host's seat is a player who may
    /// drop and come back).
    pub fn seat(&self) -> SeatHandle {
        SeatHandle {
            inbox: self.inbox.clone(),
        }
    }

    /// Stands the host's game still for `pause`, as a host process stopped (`kill -STOP`, a
    /// laptop's lid) would: for the tests of what a stall costs the players (nothing).
    #[doc(hidden)]
    pub fn freeze(&self, pause: Duration) {
        let _ = self.inbox.send(Input::Freeze(pause));
    }

    /// Says goodbye to every terminal, stops listening, and gives back the game as it stands.
    pub fn stop(mut self) -> Option<Game> {
        self.shutdown()
    }

    fn shutdown(&mut self) -> Option<Game> {
        self.stopping.store(true, Ordering::SeqCst);
        let _ = self.inbox.send(Input::Stop);
        // Wake the listener from its accept.
        let wake = match self.local.ip() {
            ip if ip.is_unspecified() && self.local.is_ipv4() => {
                SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), self.local.port())
            }
            ip if ip.is_unspecified() => {
                SocketAddr::new(IpAddr::V6(std::net::Ipv6Addr::LOCALHOST), self.local.port())
            }
            _ => self.local,
        };
        let _ = TcpStream::connect_timeout(&wake, Duration::from_secs(1));
        if let Some(listener) = self.listener.take() {
            let _ = listener.join();
        }
        self.hub.take().and_then(|hub| hub.join().ok().flatten())
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        if self.hub.is_some() {
            self.shutdown();
        }
    }
}

/// A game resumed from its autosave, its clock going again: the side to move's runs from the
/// reading saved, as it ran when the host stopped (a game in progress is never on hold for
/// nobody; the host's time starts at zero).
fn running(mut game: Game) -> Game {
    super::referee::run_clocks(&mut game, Duration::ZERO);
    game
}

struct Acceptor {
    keys: HostKeys,
    limits: Limits,
    timeouts: Timeouts,
    inbox: SyncSender<Input>,
    stopping: Arc<AtomicBool>,
    refused: Arc<AtomicU64>,
    connections: Arc<AtomicUsize>,
    watchers: Arc<AtomicUsize>,
    sink: Sink,
    /// The handshakes running, oldest first.
    pending: Mutex<Vec<Pending>>,
    next_pending: AtomicU64,
}

/// How long a new handshake is safe from being pushed out: time to show the key.
const GRACE: Duration = Duration::from_millis(50);

/// A connection in its handshake, which a newer one may push out.
struct Pending {
    id: u64,
    ip: IpAddr,
    since: Instant,
    stream: TcpStream,
    flags: Flags,
}

/// What is known of a handshake in progress.
#[derive(Clone, Default)]
struct Flags {
    /// Pushed out for a newer connection.
    evicted: Arc<AtomicBool>,
    /// Its first message was made with the key (a friend's, or a replay).
    keyed: Arc<AtomicBool>,
}

/// Tells a connection the host is busy, and closes it.
fn say_busy(stream: &TcpStream) {
    use std::io::Write;
    let mut s = stream;
    let _ = s.set_write_timeout(Some(Duration::from_millis(100)));
    let _ = s.write_all(&[transport::BUSY]);
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

impl Acceptor {
    fn refuse(&self, why: String) {
        let total = self.refused.fetch_add(1, Ordering::SeqCst) + 1;
        (self.sink)(NetEvent::Refused { total, why });
    }

    fn run(self, listener: &TcpListener) {
        let me = Arc::new(self);
        for stream in listener.incoming() {
            if me.stopping.load(Ordering::SeqCst) {
                break;
            }
            let Ok(stream) = stream else {
                // Out of file descriptors, or a connection reset before it was taken: try
                // again in a moment rather than at once, over and over.
                thread::sleep(Duration::from_millis(50));
                continue;
            };
            if me.connections.fetch_add(1, Ordering::SeqCst) >= me.limits.connections {
                me.connections.fetch_sub(1, Ordering::SeqCst);
                say_busy(&stream);
                me.refuse("a connection over the cap (told the host is busy)".into());
                continue;
            }
            let slot = Slot(Arc::clone(&me.connections));
            let Some((id, flags)) = me.make_room(&stream) else {
                continue;
            };
            let me = Arc::clone(&me);
            let spawned = thread::Builder::new()
                .name("net-handshake".into())
                .spawn(move || me.handshake(stream, slot, id, &flags));
            if spawned.is_err() {
                // No thread for it: the connection was dropped with the closure.
                continue;
            }
        }
    }

    /// Counts `stream` among the handshakes, pushing out the oldest one of its address (if
    /// that address is at its cap) or of all (if the host is): the newest connection always
    /// gets its chance. Only a handshake that has not shown the key yet is pushed out; when
    /// every one in the way has (a friend's, or a replay's), the newcomer is told the host is
    /// busy instead. Its number and its flags (pushed out, key shown).
    fn make_room(&self, stream: &TcpStream) -> Option<(u64, Flags)> {
        let ip = stream.peer_addr().ok()?.ip();
        let closer = stream.try_clone().ok()?;
        let id = self.next_pending.fetch_add(1, Ordering::SeqCst);
        let flags = Flags::default();
        let mut pending = self.pending.lock().ok()?;
        let same = pending.iter().filter(|p| p.ip == ip).count();
        // A handshake is pushed out only once it had time to show the key (an honest terminal
        // sends it at once), so that newer strangers cannot push out a friend mid-way.
        let now = Instant::now();
        let unkeyed = |p: &Pending| {
            !p.flags.keyed.load(Ordering::SeqCst) && now.duration_since(p.since) >= GRACE
        };
        let full = if same >= self.limits.per_address {
            Some(pending.iter().position(|p| p.ip == ip && unkeyed(p)))
        } else if pending.len() >= self.limits.handshakes {
            Some(pending.iter().position(unkeyed))
        } else {
            None
        };
        match full {
            Some(Some(at)) => {
                let old = pending.remove(at);
                old.flags.evicted.store(true, Ordering::SeqCst);
                say_busy(&old.stream);
            }
            Some(None) => {
                drop(pending);
                say_busy(stream);
                self.refuse(transport::Refusal::Busy.to_string());
                return None;
            }
            None => {}
        }
        pending.push(Pending {
            id,
            ip,
            since: now,
            stream: closer,
            flags: flags.clone(),
        });
        Some((id, flags))
    }

    fn handshake(&self, stream: TcpStream, slot: Slot, id: u64, flags: &Flags) {
        let room = |access| {
            flags.keyed.store(true, Ordering::SeqCst);
            access == Access::Play || self.watchers.load(Ordering::SeqCst) < self.limits.watchers
        };
        let evicted = &flags.evicted;
        let result = transport::accept(stream, &self.keys, self.timeouts.handshake, room);
        if let Ok(mut pending) = self.pending.lock() {
            pending.retain(|p| p.id != id);
        }
        let result = match result {
            Ok(_) if evicted.load(Ordering::SeqCst) => Err(transport::Refusal::Evicted),
            Err(_) if evicted.load(Ordering::SeqCst) => Err(transport::Refusal::Evicted),
            other => other,
        };
        match result {
            Ok((access, writer, reader)) => {
                let _ = self.inbox.send(Input::Arrived {
                    access,
                    writer,
                    reader,
                    slot,
                });
            }
            Err(refusal) => self.refuse(refusal.to_string()),
        }
    }
}

/// How long a stopping host waits for its goodbye to be written to every terminal.
const BYE_GRACE: Duration = Duration::from_millis(500);

struct Peer {
    seat: Seat,
    queue: SyncSender<Arc<Msg>>,
    /// Ends (disconnects) when the writer thread has ended: the goodbye is on the wire.
    written: Receiver<()>,
    /// To close the connection from the hub.
    closer: Closer,
    /// The ping in flight: its number and when it left.
    ping: Option<(u64, Instant)>,
}

/// Closes a connection's socket (both halves), from any thread.
#[derive(Clone)]
struct Closer(Arc<Mutex<Option<TcpStream>>>);

impl Closer {
    fn close(&self) {
        if let Ok(mut s) = self.0.lock()
            && let Some(s) = s.take()
        {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }
}

struct Hub {
    referee: Box<dyn Served>,
    peers: HashMap<u64, Peer>,
    next_id: u64,
    sink: Sink,
    inbox: SyncSender<Input>,
    timeouts: Timeouts,
    clock: Instant,
    /// The time the host was seen not to run (stopped, suspended): no clock is charged for it.
    stopped: Duration,
    watchers: Arc<AtomicUsize>,
    watchers_see_chat: bool,
    keep: Option<Keep>,
    /// The clocks are stopped until both players are here ([`HostConfig::hold_clocks`]).
    held: bool,
    /// The host's own seat was welcomed again (its player is back), for `held`.
    host_back: bool,
}

/// What a player is told of a move made while the game waits for the other player.
pub const HELD: &str = "the game waits for your opponent to come back: the clocks run again, and moves are taken, once both players are here";

/// While a clock runs, the hub looks at the time at least this often, so that a stop of the
/// host is seen (and not charged) to within this much.
const PULSE: Duration = Duration::from_millis(250);
/// A wake this much later than planned is a stop of the host, not the scheduler's delay.
const STALL_SLACK: Duration = Duration::from_millis(150);

impl Hub {
    /// The host's time: what its clock says, less the stops it noticed. Every clock is
    /// charged from these readings only, so a host that stops charges nobody for it.
    fn now(&self) -> Duration {
        self.clock.elapsed().saturating_sub(self.stopped)
    }

    /// Waits on the inbox until `wake` (host time) at the latest; a wake later than planned
    /// by more than [`STALL_SLACK`] was a stop of the host, and is not counted.
    fn wait(&mut self, rx: &Receiver<Input>, wake: Duration) -> Result<Option<Input>, ()> {
        let wait = wake.saturating_sub(self.now());
        let planned = self.clock.elapsed() + wait;
        let input = match rx.recv_timeout(wait) {
            Ok(input) => Some(input),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => return Err(()),
        };
        self.notice_stall(planned);
        Ok(input)
    }

    /// Counts as stopped whatever time passed beyond `planned` (real time), if it is more
    /// than the scheduler's delay.
    fn notice_stall(&mut self, planned: Duration) {
        let late = self.clock.elapsed().saturating_sub(planned);
        if late > STALL_SLACK {
            self.stopped += late;
        }
    }

    /// Tells the host's own seat the game, as a welcome.
    fn welcome_host(&mut self) {
        let now = self.now();
        let welcome = self.referee.welcome(self.referee.host_seat(), now);
        (self.sink)(NetEvent::Msg(welcome));
    }

    fn run(mut self, rx: &Receiver<Input>) -> Option<Game> {
        self.welcome_host();
        let now = self.now();
        let mut next_beat = now + self.timeouts.heartbeat;
        loop {
            let now = self.now();
            let mut wake = self
                .referee
                .flag_due(now)
                .map_or(next_beat, |flag| flag.min(next_beat));
            if self.referee.clock_running() {
                wake = wake.min(now + PULSE);
            }
            let Ok(input) = self.wait(rx, wake) else {
                break;
            };
            match input {
                Some(Input::Stop) => break,
                Some(Input::Freeze(pause)) => {
                    let planned = self.clock.elapsed();
                    thread::sleep(pause);
                    self.notice_stall(planned);
                }
                Some(input) => self.handle(input),
                None => {}
            }
            let now = self.now();
            if let Some(msg) = self.referee.tick(now) {
                self.broadcast(msg);
            }
            if now >= next_beat {
                self.heartbeat();
                next_beat = now + self.timeouts.heartbeat;
            }
            self.keep();
        }
        // The game as it stands is kept (a clock's last reading, a seat taken since the last
        // change): a server that ends a room finds it again as it was left.
        self.keep();
        // Goodbye to every terminal, and a moment for it to be written: a host that leaves
        // on purpose is heard to leave (a joiner that heard no goodbye would take the closed
        // connection for a drop and try to come back), even when its process ends next.
        let mut written = Vec::new();
        for (_, peer) in self.peers.drain() {
            let _ = peer.queue.try_send(Arc::new(Msg::Bye));
            written.push(peer.written);
        }
        let deadline = Instant::now() + BYE_GRACE;
        for done in written {
            let _ = done.recv_timeout(deadline.saturating_duration_since(Instant::now()));
        }
        self.referee.into_game()
    }

    /// Tells the [`Keep`] the game as it stands (a duel keeps nothing).
    fn keep(&self) {
        if let (Some(keep), Some((game, tags))) = (&self.keep, self.referee.kept()) {
            (keep.0)(game, tags, self.now());
        }
    }

    fn handle(&mut self, input: Input) {
        let now = self.now();
        match input {
            Input::Local(Msg::Act { action, .. }) if self.held && is_move(&action) => {
                (self.sink)(NetEvent::Msg(Msg::Refused {
                    reason: HELD.into(),
                }));
            }
            Input::Local(Msg::Act { ply, action }) => {
                let host = self.referee.host_seat();
                match self.referee.act(host, ply, &action, now) {
                    Ok(msg) => self.broadcast(msg),
                    Err(reason) => (self.sink)(NetEvent::Msg(Msg::Refused { reason })),
                }
            }
            Input::Local(_) => {
                let msg = self.referee.resync(now);
                (self.sink)(NetEvent::Msg(msg));
            }
            Input::Arrived {
                access,
                writer,
                reader,
                slot,
            } => self.arrived(access, writer, reader, slot),
            Input::FromPeer { id, msg } => self.peer_says(id, msg, now),
            Input::Gone { id, why } => self.gone(id, &why),
            Input::Rewelcome => {
                self.host_back = true;
                self.host_connected(true);
                self.welcome_host();
                self.release();
            }
            Input::Rename(color, name) => {
                if let Some(msg) = self.referee.rename(Seat::of(color), name, now) {
                    self.broadcast(msg);
                }
            }
            Input::HostLeft => self.host_connected(false),
            Input::Stop | Input::Freeze(_) => {}
        }
    }

    /// The host's own seat came or went (a room's first player): everyone is told, once.
    fn host_connected(&mut self, connected: bool) {
        let host = self.referee.host_seat();
        if self.referee.is_connected(host) != connected {
            let now = self.now();
            let msg = self.referee.set_connected(host, connected, now);
            self.broadcast(msg);
        }
    }

    fn arrived(&mut self, access: Access, writer: LinkWriter, reader: LinkReader, slot: Slot) {
        let seat = match access {
            Access::Play => self.referee.guest_seat(),
            Access::Watch => Seat::Watcher,
        };
        // The same invitation takes the seat back: an older connection to it is closed.
        let mut rejoined = false;
        if seat != Seat::Watcher {
            let old: Vec<u64> = self
                .peers
                .iter()
                .filter(|(_, p)| p.seat == seat)
                .map(|(&id, _)| id)
                .collect();
            for id in old {
                if let Some(peer) = self.peers.remove(&id) {
                    peer.closer.close();
                }
            }
            rejoined = self.referee.started();
        }
        let id = self.next_id;
        self.next_id += 1;
        let (queue, out) = sync_channel::<Arc<Msg>>(QUEUE);
        let (written_tx, written) = sync_channel::<()>(0);
        let closer = Closer(Arc::new(Mutex::new(writer.stream_clone())));
        if spawn_peer(
            id,
            (writer, written_tx),
            reader,
            out,
            self.inbox.clone(),
            self.timeouts,
            slot,
        )
        .is_err()
        {
            return;
        }
        let now = self.now();
        let welcome = self.referee.welcome(seat, now);
        let _ = queue.try_send(Arc::new(welcome));
        self.peers.insert(
            id,
            Peer {
                seat,
                queue,
                written,
                closer,
                ping: None,
            },
        );
        if seat.color().is_some() {
            let msg = self.referee.set_connected(seat, true, now);
            self.broadcast(msg);
            (self.sink)(NetEvent::PeerJoined { seat, rejoined });
            self.release();
        } else {
            self.watchers.fetch_add(1, Ordering::SeqCst);
            (self.sink)(NetEvent::PeerJoined {
                seat,
                rejoined: false,
            });
        }
    }

    fn peer_says(&mut self, id: u64, msg: Msg, now: Duration) {
        let Some(peer) = self.peers.get_mut(&id) else {
            return;
        };
        let seat = peer.seat;
        match msg {
            Msg::Act { action, .. } if self.held && seat.color().is_some() && is_move(&action) => {
                self.send_to(
                    id,
                    Msg::Refused {
                        reason: HELD.into(),
                    },
                );
            }
            Msg::Act { ply, action } => match self.referee.act(seat, ply, &action, now) {
                Ok(msg) => self.broadcast(msg),
                Err(reason) => self.send_to(id, Msg::Refused { reason }),
            },
            Msg::Pong { nonce } => {
                if let Some((sent, at)) = peer.ping
                    && sent == nonce
                {
                    peer.ping = None;
                    self.referee.set_lag(seat, at.elapsed());
                }
            }
            Msg::WantSync => {
                let msg = self.referee.resync(now);
                self.send_to(id, msg);
            }
            Msg::Bye => self.gone(id, "left the game"),
            // Host-to-terminal messages from a terminal mean nothing; ignored.
            _ => {}
        }
    }

    /// Both players are here: the held clocks run again, and every terminal is told.
    fn release(&mut self) {
        let guest = self.referee.guest_seat();
        if self.held && self.host_back && self.referee.is_connected(guest) {
            self.held = false;
            let now = self.now();
            if let Some(msg) = self.referee.resume_clocks(now) {
                self.broadcast(msg);
            }
        }
    }

    fn gone(&mut self, id: u64, why: &str) {
        let Some(peer) = self.peers.remove(&id) else {
            return;
        };
        peer.closer.close();
        let seat = peer.seat;
        (self.sink)(NetEvent::PeerLeft {
            seat,
            why: why.to_owned(),
        });
        match seat.color() {
            Some(_) => {
                let now = self.now();
                let msg = self.referee.set_connected(seat, false, now);
                self.broadcast(msg);
            }
            None => {
                self.watchers.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }

    fn send_to(&mut self, id: u64, msg: Msg) {
        self.deliver(id, &Arc::new(msg));
    }

    /// Queues `msg` for one terminal; one whose queue is full is dropped.
    fn deliver(&mut self, id: u64, msg: &Arc<Msg>) {
        let Some(peer) = self.peers.get(&id) else {
            return;
        };
        match peer.queue.try_send(Arc::clone(msg)) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                self.gone(id, &format!("too slow: {QUEUE} messages behind, dropped"));
            }
            Err(TrySendError::Disconnected(_)) => self.gone(id, "the connection broke"),
        }
    }

    /// Tells every terminal and the host's own screen (the players' chat goes to watchers only
    /// if the host allows it).
    fn broadcast(&mut self, msg: Msg) {
        let msg = Arc::new(msg);
        let private = matches!(*msg, Msg::Chat { .. }) && !self.watchers_see_chat;
        let ids: Vec<u64> = self
            .peers
            .iter()
            .filter(|(_, p)| !(private && p.seat == Seat::Watcher))
            .map(|(&id, _)| id)
            .collect();
        for id in ids {
            self.deliver(id, &msg);
        }
        (self.sink)(NetEvent::Msg(Arc::unwrap_or_clone(msg)));
    }

    fn heartbeat(&mut self) {
        let now = self.now();
        let ids: Vec<u64> = self.peers.keys().copied().collect();
        for id in ids {
            let nonce = self.next_id;
            self.next_id += 1;
            if let Some(peer) = self.peers.get_mut(&id) {
                peer.ping = Some((nonce, Instant::now()));
            }
            self.deliver(id, &Arc::new(Msg::Ping { nonce }));
        }
        if let Some(msg) = self.referee.beat(now) {
            self.broadcast(msg);
        }
    }
}

/// Whether `action` plays a move: what waits while the clocks are held (chat, an offer or a
/// resignation does not).
fn is_move(action: &crate::remote::Action) -> bool {
    use crate::remote::Action;
    matches!(action, Action::Move { .. } | Action::MoveAndClaim { .. })
}

/// The reader and writer threads of one terminal.
fn spawn_peer(
    id: u64,
    (mut writer, written): (LinkWriter, SyncSender<()>),
    mut reader: LinkReader,
    out: Receiver<Arc<Msg>>,
    inbox: SyncSender<Input>,
    timeouts: Timeouts,
    slot: Slot,
) -> std::io::Result<()> {
    reader
        .set_timeout(timeouts.silence)
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let gone = inbox.clone();
    thread::Builder::new()
        .name("net-write".into())
        .spawn(move || {
            // Dropped as the thread ends: the hub, waiting for the goodbye, hears it.
            let _written = written;
            while let Ok(msg) = out.recv() {
                if let Err(e) = writer.send(&msg) {
                    let _ = gone.send(Input::Gone {
                        id,
                        why: e.to_string(),
                    });
                    break;
                }
                if *msg == Msg::Bye {
                    break;
                }
            }
            writer.shutdown();
        })?;
    thread::Builder::new()
        .name("net-read".into())
        .spawn(move || {
            let _slot = slot;
            loop {
                match reader.recv() {
                    Ok(msg) => {
                        if inbox.send(Input::FromPeer { id, msg }).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let why = match e {
                            LinkError::TimedOut => "silent for too long".to_owned(),
                            LinkError::Closed => "the connection closed".to_owned(),
                            e => e.to_string(),
                        };
                        let _ = inbox.send(Input::Gone { id, why });
                        break;
                    }
                }
            }
        })?;
    Ok(())
}
