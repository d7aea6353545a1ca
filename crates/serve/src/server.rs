//! The SSH side: who may come in, what each channel may ask for, and the game it gets.
//!
//! Only chess: a session channel with a terminal gets a game (`shell`: the lobby; `exec CODE`:
//! the room CODE; `exec here`: two players at that terminal); `exec games` and `exec pgn ID`
//! answer scripts.
//! Everything else a client may ask is refused: other commands, subsystems (SFTP), port,
//! agent and X11 forwarding, more than [`CHANNELS`] channels on one connection.
//!
//! Limits, each refused with a sentence: who is let in and how many games, members first
//! ([`crate::admission`]: counted from the accept, before any byte is read; a refusal before
//! the login said as SSH's disconnect, [`crate::refuse`]), the time to log in, the idle time
//! (no byte from the client: our own output, a clock's redraw, never counts as activity); a
//! client's screen size is kept within [`MAX_SIZE`](crate::terminal::MAX_SIZE), its typing
//! within a bounded parser and a rate, its window changes within a rate.
//!
//! What goes to a client is sent within its SSH window: a client that stops reading (its
//! window full) holds up its writer, not the server's memory; one that stays so for
//! [`STALLED`] is disconnected with a note.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::keys::ssh_key::{Algorithm, HashAlg, PublicKey};
use russh::server::{Auth, Handle, Msg, Session};
use russh::{Channel, ChannelId, ChannelWriteHalf, CryptoVec, MethodKind, MethodSet};
use tokio::sync::mpsc;

use crate::admission::{Address, Admission, Limits, Refusals, Standing, Ticket};
use crate::games;
use crate::rooms::{self, Rooms};
use crate::terminal::{self, Keys, LineEditor, LinesIn, Out, Output, Rate, SharedSize};

/// The folder of the players' folders, in the server's own.
pub const PLAYERS: &str = "players";

/// Session channels one connection may open.
pub const CHANNELS: usize = 2;
/// How long a client may keep its window shut or its socket full (reading nothing of its
/// screen) before it is disconnected (at most: never longer than the idle time).
pub const STALLED: Duration = Duration::from_secs(30);
/// What a client with an RSA key only is told (RSA keys are not taken: see the crate's
/// Cargo.toml).
pub const RSA_NOTE: &str = "hotseat serve takes Ed25519 or ECDSA keys, not RSA: make one with  \
     ssh-keygen -t ed25519  and connect again.";

/// What a client whose keys are not among `--allow-keys` is told.
pub const UNLISTED_NOTE: &str = "hotseat serve here lets in only its members' keys, and yours \
     is not among them: send your public key (the .pub file beside it; ssh-keygen -t ed25519 \
     makes a pair) to the server's host, and connect again once it is added.";

/// What the server was told to allow.
#[derive(Debug)]
pub struct Policy {
    /// The keys allowed in (their fingerprints); `None`: any key is an identity.
    pub allow: Option<HashSet<String>>,
    /// Clients with no key get in, each as a guest of its own.
    pub guests: bool,
    /// Who is let in, and how many games: see [`crate::admission`].
    pub limits: Limits,
    /// No byte from a client for this long closes its connection, with a goodbye.
    pub idle: Duration,
    /// A client that reads nothing (its window or its socket full) for this long is
    /// disconnected: [`STALLED`], or the idle time if shorter.
    pub stalled: Duration,
    /// The options of every game (the time control...), as `hotseat` takes them.
    pub game_args: Vec<String>,
    /// The server's own folder: the host key, and a folder per player.
    pub data: PathBuf,
    /// Engine searches running at once for all the guests (`--engines`).
    pub engines: usize,
}

/// What every connection shares.
#[derive(Debug)]
pub struct Shared {
    pub policy: Policy,
    pub rooms: Rooms,
    /// The engines every guest's analysis shares (see `hotseat::runtime::engines`).
    pub engines: Arc<hotseat::runtime::EnginePool>,
    /// The host's view of the connections, and the bans ([`crate::control`]).
    pub control: crate::control::Control,
    admission: Mutex<Admission>,
    refusals: Mutex<Refusals>,
    /// How to close each connection not logged in yet, by its number: a slow stranger is closed
    /// for a newcomer ([`Admission::evicted`]).
    closers: Mutex<HashMap<u64, tokio::task::AbortHandle>>,
}

impl Shared {
    pub fn new(policy: Policy, rooms: Rooms, control: crate::control::Control) -> Shared {
        let mut seed = [0u8; 8];
        // Without the system's randomness, a fixed seed: the drops are as many, only foreseeable.
        let _ = getrandom::fill(&mut seed);
        Shared {
            engines: hotseat::runtime::EnginePool::new(policy.engines),
            control,
            admission: Mutex::new(Admission::new(
                policy.limits.clone(),
                u64::from_le_bytes(seed),
            )),
            refusals: Mutex::new(Refusals::new(Instant::now())),
            closers: Mutex::new(HashMap::new()),
            policy,
            rooms,
        }
    }

    /// Counts a new connection from `ip`, or says why it is refused (and writes it on the
    /// server's output, once an address a minute).
    pub fn admit(self: &Arc<Shared>, ip: IpAddr) -> Result<Admitted, String> {
        if self.control.address_banned(ip) {
            let why = "this address is banned from this server by its host".to_owned();
            self.refused(Address::of(ip), &why);
            return Err(why);
        }
        let (admitted, evicted) = {
            let mut admission = lock(&self.admission);
            let admitted = admission.connect(ip, Instant::now());
            (admitted, admission.evicted())
        };
        for (id, from) in evicted {
            // The lock let go first: the task's end takes it again.
            let closer = lock(&self.closers).remove(&id);
            if let Some(closer) = closer {
                closer.abort();
            }
            self.refused(
                from,
                &format!(
                    "closed, not logged in after {} s while the server was busy, for a newer \
                     connection",
                    crate::admission::PROMPT.as_secs()
                ),
            );
        }
        match admitted {
            Ok(ticket) => Ok(Admitted {
                shared: self.clone(),
                ticket,
                logging_in: true,
                player: None,
            }),
            Err(why) => {
                self.refused(Address::of(ip), &why);
                Err(why)
            }
        }
    }

    /// `closer` closes the connection numbered `id` while it is not logged in (given before
    /// its task first runs).
    pub fn closes(&self, id: u64, closer: tokio::task::AbortHandle) {
        lock(&self.closers).insert(id, closer);
    }

    /// Writes a refusal of `address`'s on the server's output, or counts it.
    fn refused(&self, address: Address, why: &str) {
        for line in lock(&self.refusals).refused(address, why, Instant::now()) {
            eprintln!("{line}");
        }
    }

    /// Writes the count of the refusals of the minute past, once it is over.
    pub fn tick(&self) {
        for line in lock(&self.refusals).tick(Instant::now()) {
            eprintln!("{line}");
        }
    }

    /// The folder of the player of `key`, from the server's own folder, where the server works
    /// (so that the path names nothing above it: see `serve`).
    fn player_folder(&self, key: &str) -> PathBuf {
        PathBuf::from(PLAYERS).join(key)
    }

    /// Whether the player of `key` has a folder here with a name or a game in it.
    fn known(&self, key: &str) -> bool {
        let folder = self.player_folder(key);
        let store = hotseat::store::Store::new(hotseat::store::DataDir::new(&folder));
        folder.join(crate::names::FILE).is_file()
            || store.current_path().is_file()
            || std::fs::read_dir(store.games_dir()).is_ok_and(|mut games| games.next().is_some())
    }
}

/// One connection counted; given back when dropped.
#[derive(Debug)]
pub struct Admitted {
    shared: Arc<Shared>,
    ticket: Ticket,
    /// Still counted among the connections logging in.
    logging_in: bool,
    /// Logged in, and counted, as this key of this standing.
    player: Option<(String, Standing)>,
}

impl Admitted {
    /// The time the connection has to log in.
    pub fn login(&self) -> Duration {
        self.ticket.login
    }

    /// The connection's number.
    pub fn id(&self) -> u64 {
        self.ticket.id
    }

    /// The connection has logged in as `key` (`known`: with a folder here): it no longer
    /// counts against its address. Its standing, or why it may not play.
    fn logged_in(&mut self, key: &str, known: bool) -> Result<Standing, String> {
        if self.logging_in {
            lock(&self.shared.closers).remove(&self.ticket.id);
        }
        let mut admission = lock(&self.shared.admission);
        if std::mem::take(&mut self.logging_in) {
            admission.stop_logging_in(&self.ticket);
        }
        let standing = admission.logged_in(self.ticket.address, key, known, Instant::now());
        if let Ok(standing) = standing {
            self.player = Some((key.to_owned(), standing));
        }
        standing
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.shared.control.gone(self.ticket.id);
        if self.logging_in {
            lock(&self.shared.closers).remove(&self.ticket.id);
        }
        let mut admission = lock(&self.shared.admission);
        admission.disconnect(&self.ticket, !self.logging_in);
        if let Some((key, standing)) = self.player.take() {
            admission.logged_out(&key, standing);
        }
    }
}

/// A game counted; given back when dropped.
struct Counted {
    shared: Arc<Shared>,
    key: String,
    standing: Standing,
}

impl Drop for Counted {
    fn drop(&mut self) {
        lock(&self.shared.admission).end_session(&self.key, self.standing);
    }
}

/// Who is connected: the SSH user name they gave and their key's fingerprint (hex), the
/// name of their folder.
#[derive(Clone, Debug)]
struct Who {
    key: String,
    /// A member, or new; or why this key may not play here (said on its channel).
    standing: Result<Standing, String>,
}

/// A session channel and what its client said of its terminal.
#[derive(Debug)]
struct ChannelState {
    size: SharedSize,
    /// The client asked for a terminal (`pty-req`), of this type.
    term: Option<String>,
    no_color: bool,
    /// The client said its terminal shows 24-bit colour (`COLORTERM=truecolor`, sent by an
    /// ssh with `SendEnv COLORTERM`).
    truecolor: bool,
    keys: Arc<Mutex<Keys>>,
    /// For the plain mode: where the client's lines go, and, when its terminal is raw, the
    /// line editing its own terminal would do.
    lines: Lines,
    editor: Option<LineEditor>,
    /// Where what goes to the client is written, within its window: taken by the game.
    writer: Option<ChannelWriteHalf<Msg>>,
    /// The plain game's lines, no faster than this.
    rate: Rate,
    /// Notes that lines were dropped, no more often than this.
    dropped_notes: Rate,
    started: bool,
}

/// Where a plain game's lines go until their end (the client's, or the idle timeout's).
type Lines = Arc<Mutex<Option<std::sync::mpsc::SyncSender<Vec<u8>>>>>;

/// Whether a connection is alive: when its client last sent a byte of its own (a key, a line,
/// a new window size), and how to end its games with a goodbye when it has been idle too long.
#[derive(Debug)]
pub struct Liveness {
    last: Mutex<Instant>,
    games: Mutex<Vec<Goodbye>>,
}

/// How a game of the connection is ended with a goodbye on the client's screen.
#[derive(Debug)]
enum Goodbye {
    /// The screen's loop hears its terminal ended with the goodbye, restores the client's
    /// screen and says it.
    Screen(Arc<Mutex<Keys>>),
    /// The goodbye is said on the client's standard error, then its lines end (the game kept,
    /// as at the end of input).
    Lines(Output, Lines),
}

impl Default for Liveness {
    fn default() -> Liveness {
        Liveness {
            last: Mutex::new(Instant::now()),
            games: Mutex::new(Vec::new()),
        }
    }
}

impl Liveness {
    /// The client sent something.
    fn heard(&self) {
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    /// How long since the client last sent something.
    pub fn silent_for(&self) -> Duration {
        self.last
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .elapsed()
    }

    fn add(&self, game: Goodbye) {
        self.games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(game);
    }

    /// Ends every game of the connection, each saying `goodbye` on its client's screen.
    pub fn say_goodbye(&self, goodbye: &str) {
        for game in self
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
        {
            match game {
                Goodbye::Screen(keys) => keys
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .hang_up_with(goodbye),
                Goodbye::Lines(mut said, lines) => {
                    said.error(&format!("hotseat: {goodbye}\n"));
                    lines.lock().unwrap_or_else(|e| e.into_inner()).take();
                }
            }
        }
    }
}

impl Drop for ChannelState {
    /// The client is gone: its game's loop hears it as the end of its terminal.
    fn drop(&mut self) {
        let mut keys = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        keys.hang_up();
    }
}

/// One connection's handler.
#[derive(Debug)]
pub struct Connection {
    shared: Arc<Shared>,
    admitted: Admitted,
    authenticated: Arc<std::sync::atomic::AtomicBool>,
    liveness: Arc<Liveness>,
    who: Option<Who>,
    channels: HashMap<ChannelId, ChannelState>,
    /// The client offered an RSA key (said once on the server's output, and to the client).
    offered_rsa: bool,
    /// The client offered a key that `--allow-keys` does not list (said to the client).
    offered_unlisted: bool,
}

impl Connection {
    pub fn new(
        shared: Arc<Shared>,
        admitted: Admitted,
        authenticated: Arc<std::sync::atomic::AtomicBool>,
        liveness: Arc<Liveness>,
    ) -> Connection {
        Connection {
            shared,
            admitted,
            authenticated,
            liveness,
            who: None,
            channels: HashMap::new(),
            offered_rsa: false,
            offered_unlisted: false,
        }
    }

    /// The client is in, as the player of `key` (`known`: with a folder here).
    fn logged_in(&mut self, key: String, known: bool) {
        self.shared.control.logged_in(self.admitted.id(), &key);
        let standing = if self.shared.control.key_banned(&key) {
            Err("the server's host banned this key".to_owned())
        } else {
            self.admitted.logged_in(&key, known)
        };
        match &standing {
            // In: the login deadline no longer holds.
            Ok(_) => self.authenticated.store(true, Ordering::SeqCst),
            // Told why on its first channel; closed at its login time all the same, so that a
            // refused client cannot hold its connection by opening none.
            Err(why) => self.shared.refused(self.admitted.ticket.address, why),
        }
        self.who = Some(Who { key, standing });
    }

    /// The methods a client may go on with.
    fn methods(&self) -> MethodSet {
        let mut methods = vec![MethodKind::PublicKey];
        if self.shared.policy.guests {
            methods.push(MethodKind::None);
        }
        MethodSet::from(methods.as_slice())
    }

    fn allowed(&self, key: &PublicKey) -> bool {
        match &self.shared.policy.allow {
            None => true,
            Some(allow) => allow.contains(&hex_fingerprint(key)),
        }
    }

    /// Starts what the channel asked for: `command` (`None`: a shell).
    fn start(&mut self, channel: ChannelId, command: Option<&str>, session: &mut Session) {
        let Some(state) = self.channels.get_mut(&channel) else {
            return;
        };
        // A second request on a channel that has its game: its writer is the game's.
        let Some(writer) = state.writer.take() else {
            return;
        };
        let (queue, rx) = mpsc::channel(terminal::QUEUE);
        spawn_writer(session.handle(), writer, rx, self.shared.policy.stalled);
        let mut out = Output::new(queue, self.shared.policy.stalled);
        let Some(who) = self.who.clone() else {
            return say(out, 1, "not logged in");
        };
        // Refused at its login (said there on the server's output): said here to the client.
        let standing = match &who.standing {
            Ok(standing) => *standing,
            Err(why) => return say(out, 1, why),
        };
        state.started = true;
        let words: Vec<&str> = command.unwrap_or("").split_whitespace().collect();
        let folder = self.shared.player_folder(&who.key);
        // Off the connections' thread: a large library is read, or its index made, meanwhile.
        match words.as_slice() {
            ["games"] => {
                std::thread::spawn(move || games::list(out, &folder));
                return;
            }
            ["pgn", id] => {
                let id = (*id).to_owned();
                std::thread::spawn(move || games::pgn(out, &folder, &id));
                return;
            }
            _ => {}
        }
        let (mut plain, place) = match words.as_slice() {
            ["plain", rest @ ..] => (true, rest),
            rest => (false, rest),
        };
        let kind = match place {
            [] if !plain => Kind::Lobby,
            [] | [HERE] => Kind::Here,
            [code] if rooms::valid_code(code) => {
                // A room opened for a screen reader is served in lines to whoever comes by code.
                plain |= self.shared.rooms.is_plain(code);
                Kind::Room((*code).to_owned())
            }
            _ => {
                return say(
                    out,
                    2,
                    "hotseat serve plays chess and nothing else. Connect with no command for the \
                     lobby (ssh -t HOST), with a room's code for a game with others (ssh -t HOST \
                     CODE: letters, digits, - and _, at most 32), with `here` for a game for two \
                     at your own terminal, or run `games` or `pgn ID`.",
                );
            }
        };
        let term = match state.term.clone() {
            Some(term) => term,
            // Lines need no terminal: the client's own edits them.
            None if plain => "dumb".to_owned(),
            None => {
                return say(
                    out,
                    2,
                    "a game needs a terminal: connect with ssh -t (the room code after the \
                     host), or play in lines with the command plain",
                );
            }
        };
        let started = lock(&self.shared.admission).start_session(&who.key, standing);
        if let Err(why) = started {
            self.shared.refused(self.admitted.ticket.address, &why);
            return say(out, 1, &why);
        }
        let counted = Counted {
            shared: self.shared.clone(),
            key: who.key.clone(),
            standing,
        };
        // A key banned after it logged in opens no new game on its connection.
        if self.shared.control.key_banned(&who.key) {
            return say(out, 1, "the server's host banned this key");
        }
        let mut args = vec![
            "hotseat".to_owned(),
            "--data-dir".to_owned(),
            folder.to_string_lossy().into_owned(),
            // The server's settings for its guests, never its user's own config.toml.
            "--config".to_owned(),
            crate::GUESTS_SETTINGS.to_owned(),
        ];
        let dumb = term == "dumb";
        args.extend([
            "--color".to_owned(),
            // The client's terminal's colours, as its TERM and COLORTERM say (not the server
            // process's own environment).
            if state.no_color || dumb {
                "never"
            } else {
                let colorterm = state.truecolor.then_some(std::ffi::OsStr::new("truecolor"));
                hotseat::look::Depth::detect(colorterm, Some(std::ffi::OsStr::new(&term))).name()
            }
            .to_owned(),
        ]);
        if dumb {
            args.push("--ascii".to_owned());
        }
        args.extend(self.shared.policy.game_args.iter().cloned());
        let lines = if plain {
            args.push("--plain".to_owned());
            let (tx, input) = LinesIn::new();
            *state.lines.lock().unwrap_or_else(|e| e.into_inner()) = Some(tx);
            if state.term.is_some() {
                state.editor = Some(LineEditor::default());
                out = out.crlf();
            }
            self.liveness
                .add(Goodbye::Lines(out.to_errors(), state.lines.clone()));
            Some(input)
        } else {
            self.liveness.add(Goodbye::Screen(state.keys.clone()));
            None
        };
        let start = crate::session::Start {
            args,
            kind,
            key: who.key.clone(),
            connection: self.admitted.id(),
            shared: self.shared.clone(),
            size: state.size.clone(),
            keys: state.keys.clone(),
            lines,
        };
        crate::session::spawn(start, counted, &mut out);
        drop(out);
    }
}

/// The command of a game for two at the client's own terminal (`ssh -t HOST here`).
pub const HERE: &str = "here";

/// What a channel plays.
#[derive(Clone, Debug)]
pub enum Kind {
    /// The lobby: the rooms to join, watch and resume, and new ones ([`crate::lobby`]).
    Lobby,
    /// Two players at the one terminal.
    Here,
    /// The room of this code.
    Room(String),
}

/// Says `message` on the channel and ends it with `status`.
fn say(mut out: Output, status: u32, message: &str) {
    out.error(&format!("hotseat: {}\r\n", message.replace('\n', "\r\n")));
    out.exit(status);
}

/// Sends a session's output on its channel, within the client's window, then its exit status,
/// and closes the channel. A client whose window stays shut for `stalled` is disconnected.
fn spawn_writer(
    handle: Handle,
    writer: ChannelWriteHalf<Msg>,
    mut rx: mpsc::Receiver<Out>,
    stalled: Duration,
) {
    tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            let sent = match out {
                Out::Data(bytes) => {
                    tokio::time::timeout(stalled, writer.data(bytes.as_slice())).await
                }
                Out::Error(bytes) => {
                    tokio::time::timeout(stalled, writer.extended_data(1, bytes.as_slice())).await
                }
                Out::Exit(status) => {
                    let _ = writer.exit_status(status).await;
                    let _ = writer.eof().await;
                    let _ = writer.close().await;
                    return;
                }
            };
            match sent {
                Ok(Ok(())) => {}
                // The connection is gone.
                Ok(Err(_)) => return,
                Err(_) => {
                    eprintln!(
                        "Disconnected a client that read nothing of its screen for {} s",
                        stalled.as_secs()
                    );
                    let bye = handle.disconnect(
                        russh::Disconnect::ByApplication,
                        format!(
                            "hotseat: your ssh read nothing of the game for {} s, so the \
                                 server closed the connection (your game is kept: connect \
                                 again to come back)",
                            stalled.as_secs()
                        ),
                        "en".into(),
                    );
                    // Its socket may be full too: then the session ends by its own deadline.
                    let _ = tokio::time::timeout(stalled, bye).await;
                    return;
                }
            }
        }
        // The session ended without a word (its thread failed to start): the channel closes.
        let _ = writer.close().await;
    });
}

/// A key's SHA-256 fingerprint in hex: the player's identity and folder name.
pub fn hex_fingerprint(key: &PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256)
        .as_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `mutex`'s lock, even after a thread panicked holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// The user name a keyless guest logs in with (`ssh guest@HOST`), with `--guests`.
pub const GUEST_USER: &str = "guest";

impl russh::server::Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        // Only `guest@HOST` comes in without a key: OpenSSH asks "none" first of every
        // client, and a player with a key must go on to it, to be known by it.
        if !self.shared.policy.guests || user != GUEST_USER {
            return Ok(Auth::reject());
        }
        let mut id = [0u8; 16];
        if getrandom::fill(&mut id).is_err() {
            return Ok(Auth::reject());
        }
        let key: String = id.iter().map(|b| format!("{b:02x}")).collect();
        self.logged_in(format!("guest-{key}"), false);
        Ok(Auth::Accept)
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        key: &PublicKey,
    ) -> Result<Auth, Self::Error> {
        // An RSA key cannot sign in (the server is built without RSA): the client is told
        // why, by the one message SSH lets a server show during the login — a
        // keyboard-interactive step with an instruction and no question.
        if matches!(key.algorithm(), Algorithm::Rsa { .. }) {
            if !self.offered_rsa {
                self.offered_rsa = true;
                eprintln!(
                    "A client offered an RSA key, which is not taken: told to use Ed25519 or ECDSA"
                );
            }
            let mut methods = self.methods();
            methods.push(MethodKind::KeyboardInteractive);
            return Ok(Auth::Reject {
                proceed_with_methods: Some(methods),
                partial_success: false,
            });
        }
        if self.allowed(key) {
            return Ok(Auth::Accept);
        }
        // A key not among the club's: told so the same way, once the client has offered all
        // its keys (OpenSSH tries keyboard-interactive after them).
        self.offered_unlisted = true;
        let mut methods = self.methods();
        methods.push(MethodKind::KeyboardInteractive);
        Ok(Auth::Reject {
            proceed_with_methods: Some(methods),
            partial_success: false,
        })
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        let note = if self.offered_rsa {
            RSA_NOTE
        } else {
            UNLISTED_NOTE
        };
        if (self.offered_rsa || self.offered_unlisted) && response.is_none() {
            return Ok(Auth::Partial {
                name: "hotseat serve".into(),
                instructions: note.into(),
                prompts: Vec::new().into(),
            });
        }
        Ok(Auth::Reject {
            proceed_with_methods: Some(self.methods()),
            partial_success: false,
        })
    }

    async fn auth_publickey(&mut self, _user: &str, key: &PublicKey) -> Result<Auth, Self::Error> {
        if !self.allowed(key) {
            return Ok(Auth::reject());
        }
        let key = hex_fingerprint(key);
        // A key the host listed in --allow-keys is vouched for: a member from its first visit.
        let known = self.shared.policy.allow.is_some() || self.shared.known(&key);
        self.logged_in(key, known);
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        if self.channels.len() >= CHANNELS {
            return Ok(false);
        }
        // Its messages are handled here, by the handler's calls: the channel's reading half is
        // not read, and is dropped so that nothing waits on it; its writing half is kept, for
        // the game's output to go within the client's window.
        let id = channel.id();
        let (_, writer) = channel.split();
        self.channels.insert(
            id,
            ChannelState {
                size: Arc::new(Mutex::new(terminal::clamp_size(80, 24))),
                term: None,
                no_color: false,
                truecolor: false,
                keys: Arc::new(Mutex::new(Keys::default())),
                lines: Lines::default(),
                editor: None,
                writer: Some(writer),
                rate: Rate::keys(),
                dropped_notes: Rate::new(1.0, 0.2),
                started: false,
            },
        );
        Ok(true)
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channels.remove(&channel);
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.channels.get_mut(&channel) {
            Some(state) if !state.started => {
                *state.size.lock().unwrap_or_else(|e| e.into_inner()) =
                    terminal::clamp_size(columns, rows);
                state.term = Some(term.chars().take(64).collect());
                session.channel_success(channel)
            }
            _ => session.channel_failure(channel),
        }
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.channels.get_mut(&channel) {
            Some(state) if name == "NO_COLOR" => {
                state.no_color = !value.is_empty();
                session.channel_success(channel)
            }
            Some(state) if name == "COLORTERM" => {
                state.truecolor = ["truecolor", "24bit"]
                    .iter()
                    .any(|t| value.eq_ignore_ascii_case(t));
                session.channel_success(channel)
            }
            _ => session.channel_failure(channel),
        }
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.liveness.heard();
        if let Some(state) = self.channels.get(&channel) {
            let size = terminal::clamp_size(columns, rows);
            *state.size.lock().unwrap_or_else(|e| e.into_inner()) = size;
            let keys = state.keys.clone();
            let kept = lock(&keys).resize(size, Instant::now());
            // Window changes faster than their budget: the last size is drawn once it allows.
            if let Some(wait) = kept {
                tokio::spawn(async move {
                    tokio::time::sleep(wait).await;
                    lock(&keys).resize_due(Instant::now());
                });
            }
        }
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.liveness.heard();
        let Some(state) = self.channels.get_mut(&channel) else {
            return Ok(());
        };
        let mut lines = state.lines.lock().unwrap_or_else(|e| e.into_inner());
        let Some(into) = lines.as_ref() else {
            drop(lines);
            state
                .keys
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .feed(data);
            return Ok(());
        };
        let (bytes, ended) = match &mut state.editor {
            Some(editor) => {
                let edited = editor.feed(data);
                if !edited.echo.is_empty() {
                    session.data(channel, CryptoVec::from(edited.echo))?;
                }
                (edited.lines, edited.ended)
            }
            None => (data.to_vec(), false),
        };
        // A client that pours in more than the game reads, or lines faster than anyone types
        // them, loses the overflow, not the server its memory: and is told so (at most once in
        // a few seconds).
        let now = Instant::now();
        if !bytes.is_empty() {
            let lines_in = bytes.iter().filter(|&&b| b == b'\n').count();
            let within = (0..lines_in).all(|_| state.rate.take(now));
            let dropped = !within
                || matches!(
                    into.try_send(bytes),
                    Err(std::sync::mpsc::TrySendError::Full(_))
                );
            if dropped && state.dropped_notes.take(now) {
                let end = if state.editor.is_some() { "\r\n" } else { "\n" };
                let note = format!(
                    "hotseat: lines came faster than the game reads them, and some were \
                     dropped: send them again, fewer at once{end}"
                );
                session.extended_data(channel, 1, CryptoVec::from(note.into_bytes()))?;
            }
        }
        if ended {
            lines.take();
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // The end of a plain game's input; a screen's keys have no end but the connection's.
        if let Some(state) = self.channels.get_mut(&channel) {
            state.lines.lock().unwrap_or_else(|e| e.into_inner()).take();
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        self.start(channel, None, session);
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        let command = String::from_utf8_lossy(&data[..data.len().min(256)]).into_owned();
        self.start(channel, Some(&command), session);
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }
}
