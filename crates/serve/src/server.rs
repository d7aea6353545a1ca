//! The SSH side: who may come in, what each channel may ask for, and the game it gets.
//!
//! Only chess: a session channel with a terminal gets a game (`shell`: the lobby; `exec CODE`:
//! the room CODE; `exec here`: two players at that terminal); `exec games` and `exec pgn ID`
//! answer scripts.
//! Everything else a client may ask is refused: other commands, subsystems (SFTP), port,
//! agent and X11 forwarding, more than [`CHANNELS`] channels on one connection.
//!
//! Limits, each refused with a sentence: connections from one address and in all (counted
//! from the accept, before any byte is read), sessions in all, the time to log in, the idle
//! time; a client's screen size is kept within [`MAX_SIZE`](crate::terminal::MAX_SIZE) and its
//! typing within a bounded parser.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use russh::keys::ssh_key::{HashAlg, PublicKey};
use russh::server::{Auth, Handle, Msg, Session};
use russh::{Channel, ChannelId, CryptoVec};
use tokio::sync::mpsc;

use crate::games;
use crate::rooms::{self, Rooms};
use crate::terminal::{self, Keys, LineEditor, LinesIn, Out, Output, SharedSize};

/// Session channels one connection may open.
pub const CHANNELS: usize = 2;

/// What the server was told to allow.
#[derive(Debug)]
pub struct Policy {
    /// The keys allowed in (their fingerprints); `None`: any key is an identity.
    pub allow: Option<HashSet<String>>,
    /// Clients with no key get in, each as a guest of its own.
    pub guests: bool,
    pub max_sessions: usize,
    pub per_address: usize,
    pub max_connections: usize,
    /// The options of every game (the time control...), as `hotseat` takes them.
    pub game_args: Vec<String>,
    /// The server's own folder: the host key, and a folder per player.
    pub data: PathBuf,
}

/// What every connection shares.
#[derive(Debug)]
pub struct Shared {
    pub policy: Policy,
    pub rooms: Rooms,
    sessions: AtomicUsize,
    connections: Mutex<HashMap<IpAddr, usize>>,
}

impl Shared {
    pub fn new(policy: Policy, rooms: Rooms) -> Shared {
        Shared {
            policy,
            rooms,
            sessions: AtomicUsize::new(0),
            connections: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a new connection from `ip`, or says why it is refused.
    pub fn admit(self: &Arc<Shared>, ip: IpAddr) -> Result<Admitted, String> {
        let mut connections = self.connections.lock().unwrap_or_else(|e| e.into_inner());
        let total: usize = connections.values().sum();
        if total >= self.policy.max_connections {
            return Err(format!(
                "{total} connections at once, the most this server takes"
            ));
        }
        let here = connections.entry(ip).or_insert(0);
        if *here >= self.policy.per_address {
            return Err(format!("{here} connections from {ip} at once already"));
        }
        *here += 1;
        Ok(Admitted {
            shared: self.clone(),
            ip,
        })
    }

    /// The folder of the player of `key`.
    fn player_folder(&self, key: &str) -> PathBuf {
        self.policy.data.join("players").join(key)
    }
}

/// One connection counted; given back when dropped.
#[derive(Debug)]
pub struct Admitted {
    shared: Arc<Shared>,
    ip: IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut connections = self
            .shared
            .connections
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = connections.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                connections.remove(&self.ip);
            }
        }
    }
}

/// A game session counted against `--max-sessions`; given back when dropped.
struct Counted(Arc<Shared>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.sessions.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Who is connected: the SSH user name they gave and their key's fingerprint (hex), the
/// name of their folder.
#[derive(Clone, Debug)]
struct Who {
    key: String,
}

/// A session channel and what its client said of its terminal.
#[derive(Debug)]
struct ChannelState {
    size: SharedSize,
    /// The client asked for a terminal (`pty-req`), of this type.
    term: Option<String>,
    no_color: bool,
    keys: Arc<Mutex<Keys>>,
    /// For the plain mode: where the client's lines go, and, when its terminal is raw, the
    /// line editing its own terminal would do.
    lines: Option<std::sync::mpsc::SyncSender<Vec<u8>>>,
    editor: Option<LineEditor>,
    started: bool,
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
    _admitted: Admitted,
    authenticated: Arc<std::sync::atomic::AtomicBool>,
    who: Option<Who>,
    channels: HashMap<ChannelId, ChannelState>,
}

impl Connection {
    pub fn new(
        shared: Arc<Shared>,
        admitted: Admitted,
        authenticated: Arc<std::sync::atomic::AtomicBool>,
    ) -> Connection {
        Connection {
            shared,
            _admitted: admitted,
            authenticated,
            who: None,
            channels: HashMap::new(),
        }
    }

    fn allowed(&self, key: &PublicKey) -> bool {
        match &self.shared.policy.allow {
            None => true,
            Some(allow) => allow.contains(&hex_fingerprint(key)),
        }
    }

    /// Starts what the channel asked for: `command` (`None`: a shell).
    fn start(&mut self, channel: ChannelId, command: Option<&str>, session: &mut Session) {
        let handle = session.handle();
        let (queue, rx) = mpsc::channel(terminal::QUEUE);
        spawn_writer(handle, channel, rx);
        let mut out = Output::new(queue);
        let Some(who) = self.who.clone() else {
            return say(out, 1, "not logged in");
        };
        let Some(state) = self.channels.get_mut(&channel) else {
            return;
        };
        if state.started {
            return say(out, 1, "this channel has its game already");
        }
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
        let sessions = self.shared.sessions.fetch_add(1, Ordering::SeqCst);
        let counted = Counted(self.shared.clone());
        if sessions >= self.shared.policy.max_sessions {
            return say(
                out,
                1,
                &format!("the server has {sessions} games open, its most: try again later"),
            );
        }
        let mut args = vec![
            "hotseat".to_owned(),
            "--data-dir".to_owned(),
            folder.to_string_lossy().into_owned(),
        ];
        let dumb = term == "dumb";
        args.extend([
            "--color".to_owned(),
            if state.no_color || dumb {
                "never"
            } else {
                "always"
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
            state.lines = Some(tx);
            if state.term.is_some() {
                state.editor = Some(LineEditor::default());
                out = out.crlf();
            }
            Some(input)
        } else {
            None
        };
        let start = crate::session::Start {
            args,
            kind,
            key: who.key.clone(),
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

/// Sends a session's output on its channel, then its exit status, and closes the channel.
fn spawn_writer(handle: Handle, channel: ChannelId, mut rx: mpsc::Receiver<Out>) {
    tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            match out {
                Out::Data(bytes) => {
                    if handle.data(channel, CryptoVec::from(bytes)).await.is_err() {
                        return;
                    }
                }
                Out::Error(bytes) => {
                    if handle
                        .extended_data(channel, 1, CryptoVec::from(bytes))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
                Out::Exit(status) => {
                    let _ = handle.exit_status_request(channel, status).await;
                    let _ = handle.eof(channel).await;
                    let _ = handle.close(channel).await;
                    return;
                }
            }
        }
        // The session ended without a word (its thread failed to start): the channel closes.
        let _ = handle.close(channel).await;
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
        self.who = Some(Who {
            key: format!("guest-{key}"),
        });
        self.authenticated.store(true, Ordering::SeqCst);
        Ok(Auth::Accept)
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        key: &PublicKey,
    ) -> Result<Auth, Self::Error> {
        Ok(if self.allowed(key) {
            Auth::Accept
        } else {
            Auth::reject()
        })
    }

    async fn auth_publickey(&mut self, _user: &str, key: &PublicKey) -> Result<Auth, Self::Error> {
        if !self.allowed(key) {
            return Ok(Auth::reject());
        }
        self.who = Some(Who {
            key: hex_fingerprint(key),
        });
        self.authenticated.store(true, Ordering::SeqCst);
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
        // Its messages are handled here, by the handler's calls: the channel itself is not
        // read, and is dropped so that nothing waits on it.
        self.channels.insert(
            channel.id(),
            ChannelState {
                size: Arc::new(Mutex::new(terminal::clamp_size(80, 24))),
                term: None,
                no_color: false,
                keys: Arc::new(Mutex::new(Keys::default())),
                lines: None,
                editor: None,
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
        if let Some(state) = self.channels.get(&channel) {
            let size = terminal::clamp_size(columns, rows);
            *state.size.lock().unwrap_or_else(|e| e.into_inner()) = size;
            state
                .keys
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .resize(size);
        }
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(state) = self.channels.get_mut(&channel) else {
            return Ok(());
        };
        let Some(lines) = &state.lines else {
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
        // A client that pours in more than the game reads loses the overflow, not the server
        // its memory.
        if !bytes.is_empty() {
            let _ = lines.try_send(bytes);
        }
        if ended {
            state.lines = None;
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
            state.lines = None;
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
