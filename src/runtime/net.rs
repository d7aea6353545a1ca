//! A game across the network, for any front end: `hotseat host`, `join` and `watch`.
//!
//! Everything that can fail at the edge fails before any front end opens, with a message for
//! the command line (exit code 2): an address already in use, an invitation the host refuses,
//! a host that cannot be reached, another protocol version ([`connect`]). Then the session is
//! the same as at one keyboard, with one more source of events, the network's
//! ([`Event::Net`](crate::app::Event::Net), fed by the [`Host`] or the [`Client`] through
//! their sink), and one more destination of effects, a message to the host
//! ([`Effect::Net`](crate::app::Effect::Net)), by [`NetLink::send`].
//!
//! Files are each side's own, as on two machines: the host resumes its own unfinished game
//! (hosting it again under a new invitation) unless `--new` is given; a terminal that joins
//! sets any game of its own aside in its archive first (nothing is lost) and then keeps the
//! game as it is played, autosaved and archived at the end; a watcher saves nothing.

use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use crate::app::launch::SavedGameChoice;
use crate::app::network::NetSetup;
use crate::app::puzzle::PuzzleStart;
use crate::app::puzzle::net::NetDuelSetup;
use crate::app::saving::TAG_HOST;
use crate::app::{Config, GameToOpen};
use crate::game::Game;
use crate::game::pgn::Tags;
use crate::game::pgn::import_game;
use crate::net::Sink;
use crate::net::client::{Client, Dial, Welcomed};
use crate::net::duel::DuelReferee;
use crate::net::host::{Host, HostConfig};
use crate::net::invite::{Access, Invitation};
use crate::net::transport::LinkError;
use crate::remote::{Msg, Seat, Snapshot};
use crate::rules::Color;
use crate::store::{DataDir, Store};

/// How long each step of joining may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the host may say nothing (it beats every few seconds) before it is taken for gone.
pub const HOST_SILENCE: Duration = Duration::from_secs(15);
/// How many times a busy host is asked again before `hotseat join` gives up.
const BUSY_TRIES: u64 = 8;
/// How long a terminal that lost its connection tries to make it again by itself.
pub const RECONNECT_FOR: Duration = Duration::from_secs(120);

/// Which side of a game across the network this session takes.
#[derive(Debug)]
pub enum NetRole {
    /// Host the game, playing `color` (`None`: chosen at random).
    Host {
        config: HostConfig,
        color: Option<Color>,
    },
    /// Join or watch the game of an invitation.
    Join {
        invitation: Invitation,
        access: Access,
    },
    /// Host a puzzle duel (`hotseat puzzles duel --host`), this screen its first player.
    DuelHost {
        config: Box<HostConfig>,
        referee: Box<DuelReferee>,
    },
    /// Take the host's own seat of a game hosted elsewhere in this process: a room of
    /// `hotseat serve`, whose first player may leave and come back to it.
    Seat(HostSeat),
}

/// The host's own seat of a game hosted beside the session (see [`NetRole::Seat`]): how the
/// seat's actions reach the host, and how the host's news is routed to this session.
pub struct HostSeat {
    /// The seat's colour.
    pub color: Color,
    /// Hands the seat's messages to the host ([`Host::send`]).
    pub send: std::sync::Arc<dyn Fn(Msg) + Send + Sync>,
    /// Routes the host's news for its own seat to this session's sink from now on, and has
    /// the host welcome the seat ([`SeatHandle::welcome_again`](crate::net::host::SeatHandle::welcome_again)).
    pub attach: Box<dyn FnOnce(Sink) + Send>,
    /// The lines to give the others, shown until the other player arrives.
    pub invitation: Vec<String>,
}

impl std::fmt::Debug for HostSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostSeat")
            .field("color", &self.color)
            .field("invitation", &self.invitation)
            .finish_non_exhaustive()
    }
}

/// The connection the session sends the app's messages through.
pub enum NetLink {
    Host(Host),
    Client(Client),
    /// The host's own seat of a game hosted beside the session ([`NetRole::Seat`]).
    Seat(std::sync::Arc<dyn Fn(Msg) + Send + Sync>),
}

impl std::fmt::Debug for NetLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetLink::Host(host) => f.debug_tuple("Host").field(host).finish(),
            NetLink::Client(client) => f.debug_tuple("Client").field(client).finish(),
            NetLink::Seat(_) => f.write_str("Seat"),
        }
    }
}

impl NetLink {
    /// Sends the app's message: to the host's own game, or to the host.
    pub fn send(&self, msg: Msg) {
        match self {
            NetLink::Host(host) => host.send(msg),
            NetLink::Client(client) => {
                client.send(msg);
            }
            NetLink::Seat(send) => send(msg),
        }
    }
}

/// Why a game across the network did not start: said on the command line, exit code 2.
#[derive(Debug)]
pub struct NetStartError(pub String);

impl std::fmt::Display for NetStartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NetStartError {}

/// The first step across the network, taken before any front end opens: joined (or watching),
/// with the game the host welcomed us with, or ready to host (the port known to be free).
pub enum Connection {
    Joined {
        client: Client,
        snapshot: Snapshot,
    },
    Hosting {
        config: HostConfig,
        color: Option<Color>,
    },
    /// Joined (or watching) a host that serves a puzzle duel; its welcome waits in the
    /// channel for the app.
    DuelJoined {
        client: Client,
    },
    /// Ready to host a puzzle duel (the port known to be free).
    DuelHosting {
        config: HostConfig,
        referee: Box<DuelReferee>,
    },
    /// The host's own seat of a game hosted beside the session, its news routed here.
    Seat {
        color: Color,
        send: std::sync::Arc<dyn Fn(Msg) + Send + Sync>,
        invitation: Vec<String>,
    },
}

impl Connection {
    /// Whether this session only watches.
    pub fn watching(&self) -> bool {
        matches!(self, Connection::Joined { client, .. } | Connection::DuelJoined { client }
            if client.seat() == Seat::Watcher)
    }
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Connection::Joined { client, snapshot } => f
                .debug_struct("Joined")
                .field("client", client)
                .field("snapshot", snapshot)
                .finish(),
            Connection::Hosting { config, color } => f
                .debug_struct("Hosting")
                .field("config", config)
                .field("color", color)
                .finish(),
            Connection::DuelJoined { client } => f
                .debug_struct("DuelJoined")
                .field("client", client)
                .finish(),
            Connection::DuelHosting { config, .. } => f
                .debug_struct("DuelHosting")
                .field("config", config)
                .finish_non_exhaustive(),
            Connection::Seat { color, .. } => f
                .debug_struct("Seat")
                .field("color", color)
                .finish_non_exhaustive(),
        }
    }
}

/// Makes the connection (or checks the port is free), so that what fails there is said before
/// anything else; the network's news goes to `sink`.
pub fn connect(role: NetRole, sink: Sink) -> Result<Connection, NetStartError> {
    match role {
        NetRole::Host { config, color } => {
            // A port in use is said now, before the screen, not after it (the host takes the
            // port again once it has its game).
            std::net::TcpListener::bind(config.listen)
                .map_err(|e| host_error(config.listen, &e))?;
            Ok(Connection::Hosting { config, color })
        }
        NetRole::DuelHost { config, referee } => {
            std::net::TcpListener::bind(config.listen)
                .map_err(|e| host_error(config.listen, &e))?;
            Ok(Connection::DuelHosting {
                config: *config,
                referee,
            })
        }
        NetRole::Join { invitation, access } => match join(&invitation, access, sink)? {
            (client, Welcomed::Game { snapshot, .. }) => {
                Ok(Connection::Joined { client, snapshot })
            }
            (client, Welcomed::Duel { .. }) => Ok(Connection::DuelJoined { client }),
        },
        NetRole::Seat(seat) => {
            (seat.attach)(sink);
            Ok(Connection::Seat {
                color: seat.color,
                send: seat.send,
                invitation: seat.invitation,
            })
        }
    }
}

/// The link of a connection, once the files are found: a joined client as it is, or the game
/// hosted now (the saved one resumed, or a new one), the invitation said to `notes`.
/// `config` learns what the app needs of the network.
pub fn open(
    connection: Connection,
    config: &mut Config,
    sink: Sink,
    notes: &mut dyn Write,
) -> Result<NetLink, NetStartError> {
    let (link, setup) = match connection {
        Connection::DuelJoined { client } => {
            config.opening = None;
            config.puzzles = Some(duel_start(NetDuelSetup::default()));
            return Ok(NetLink::Client(client));
        }
        Connection::DuelHosting {
            config: host_config,
            referee,
        } => return host_duel(host_config, *referee, config, sink, notes),
        Connection::Joined { client, .. } => {
            if !matches!(config.opening, Some(GameToOpen::Resume(_))) {
                config.opening = None;
            }
            // The client told the sink its welcome first: it waits in the channel for the app.
            (NetLink::Client(client), NetSetup::default())
        }
        Connection::Hosting {
            config: host_config,
            color,
        } => host(host_config, config, color, sink, notes)?,
        Connection::Seat {
            color,
            send,
            invitation,
        } => {
            // The game is the host's: its welcome, sent on attaching, waits in the channel.
            config.opening = None;
            let setup = NetSetup {
                hosting: true,
                invitation,
                resumed: false,
                host_color: Some(color),
            };
            (NetLink::Seat(send), setup)
        }
    };
    config.network = Some(setup);
    Ok(link)
}

/// The duel's table at this screen, its player told by the host's welcome.
fn duel_start(setup: NetDuelSetup) -> PuzzleStart {
    PuzzleStart {
        net: Some(setup),
        ..PuzzleStart::default()
    }
}

/// Starts hosting the duel, and says the invitation to `notes` (as [`host`] does); the
/// screen opens at the duel's table, its player the first.
fn host_duel(
    host_config: HostConfig,
    referee: DuelReferee,
    config: &mut Config,
    sink: Sink,
    notes: &mut dyn Write,
) -> Result<NetLink, NetStartError> {
    let listen = host_config.listen;
    let names = referee.state(Duration::ZERO).names;
    let host = Host::start_duel(host_config, referee, sink).map_err(|e| host_error(listen, &e))?;
    let play = host.invitation().to_string();
    let watch = host.invitation().watch_only().to_string();
    let _ = writeln!(
        notes,
        "A puzzle duel: {} against {}. {} runs `hotseat join` and pastes this invitation when \
         asked:\n  {play}",
        names[0], names[1], names[1]
    );
    let _ = writeln!(
        notes,
        "Anyone who may watch runs `hotseat watch` and pastes:\n  {watch}"
    );
    let _ = notes.flush();
    config.opening = None;
    let player = config
        .puzzles
        .as_ref()
        .map(|p| p.player.clone())
        .unwrap_or_default();
    config.puzzles = Some(PuzzleStart {
        player,
        ..duel_start(NetDuelSetup {
            hosting: true,
            invitation: vec![
                format!("hotseat join, then paste {play}"),
                format!("hotseat watch, then paste {watch}"),
            ],
        })
    });
    Ok(NetLink::Host(host))
}

/// Connects to the host of `invitation`: the connection, and what it welcomed us with (a game
/// or a puzzle duel).
fn join(
    invitation: &Invitation,
    access: Access,
    sink: Sink,
) -> Result<(Client, Welcomed), NetStartError> {
    // A busy host (strangers' connections in the way) is asked again a few times.
    let mut tries = 0;
    let connected = loop {
        let dial = Dial {
            invitation: invitation.clone(),
            access,
            timeout: CONNECT_TIMEOUT,
            silence: HOST_SILENCE,
            reconnect_for: RECONNECT_FOR,
        };
        let result = Client::connect_any(dial, sink.clone());
        match result {
            Err(LinkError::Busy) if tries < BUSY_TRIES => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(200 * tries));
            }
            other => break other,
        }
    };
    connected.map_err(|e| {
        let verb = if access == Access::Play {
            "join"
        } else {
            "watch"
        };
        NetStartError(format!(
            "cannot {verb} the game at {}: {e}",
            invitation.address()
        ))
    })
}

/// Starts hosting the game `config` opens (the saved one resumed, or a new one), and says
/// the invitation to `notes` (standard error, at the process's own terminal). A note that
/// cannot be written is no reason not to host: the invitation is on the screen too.
fn host(
    host_config: HostConfig,
    config: &mut Config,
    wanted: Option<Color>,
    sink: Sink,
    notes: &mut dyn Write,
) -> Result<(NetLink, NetSetup), NetStartError> {
    let (game, tags, resumed) = hosted_game(config);
    let (color, note) = hosted_color(&tags, resumed, wanted);
    if let Some(note) = note {
        let _ = writeln!(notes, "{note}");
    }
    let listen = host_config.listen;
    let host =
        Host::start(host_config, game, tags, color, sink).map_err(|e| host_error(listen, &e))?;
    let play = host.invitation().to_string();
    let watch = host.invitation().watch_only().to_string();
    if resumed {
        let _ = writeln!(
            notes,
            "Resuming the unfinished game saved last time (hotseat host --new starts a new one)."
        );
    }
    // The form that keeps the secret out of `ps` and the shell's history: the command alone,
    // the invitation pasted when it asks.
    let _ = writeln!(
        notes,
        "You play {color}. Your friend runs `hotseat join` and pastes this invitation when \
         asked:\n  {play}"
    );
    let _ = writeln!(
        notes,
        "Anyone who may watch runs `hotseat watch` and pastes:\n  {watch}"
    );
    let _ = notes.flush();
    let setup = NetSetup {
        hosting: true,
        invitation: vec![
            format!("hotseat join, then paste {play}"),
            format!("hotseat watch, then paste {watch}"),
        ],
        resumed,
        host_color: Some(color),
    };
    Ok((NetLink::Host(host), setup))
}

/// Why hosting on `listen` failed, and what to do.
fn host_error(listen: std::net::SocketAddr, e: &io::Error) -> NetStartError {
    let hint = if e.kind() == io::ErrorKind::AddrInUse {
        " (another program, or another hotseat, listens there: choose another port with \
         --listen, as --listen 0.0.0.0:7880)"
    } else {
        ""
    };
    NetStartError(format!("cannot host on {listen}: {e}{hint}"))
}

/// What a terminal that joins (or watches) does with the game saved in its data folder: the
/// game this player kept of the host's goes on in the same file; any other game of theirs is
/// set aside in the archive, never overwritten. A watcher writes nothing, so its own saved
/// game stays where it is, untouched.
pub fn saved_choice(
    watching: bool,
    snapshot: &Snapshot,
    data_dir: Option<&Path>,
) -> SavedGameChoice {
    if watching {
        SavedGameChoice::Ask
    } else if saved_game_is(snapshot, data_dir) {
        SavedGameChoice::Resume
    } else {
        SavedGameChoice::SetAside
    }
}

/// Whether the unfinished game saved in this player's data folder is the host's game as it
/// stood earlier (the same start, its moves the first of the host's): a player who joins again
/// after a drop goes on with the same file rather than archiving a copy of it.
fn saved_game_is(snapshot: &Snapshot, data_dir: Option<&Path>) -> bool {
    let store = match data_dir {
        Some(dir) => Store::new(DataDir::new(dir)),
        None => match Store::from_env() {
            Ok(store) => store,
            Err(_) => return false,
        },
    };
    let Ok(text) = std::fs::read_to_string(store.current_path()) else {
        return false;
    };
    let (Ok(saved), Ok(hosted)) = (import_game(&text), import_game(&snapshot.pgn)) else {
        return false;
    };
    let (saved, hosted) = (saved.game, hosted.game);
    let mine = saved.record().moves();
    let theirs = hosted.record().moves();
    !saved.is_over()
        && !mine.is_empty()
        && mine.len() <= theirs.len()
        && saved.record().position_at(0) == hosted.record().position_at(0)
        && mine.iter().zip(theirs).all(|(a, b)| a.mv == b.mv)
}

/// The game a host offers, from the config [`prepare`](super::prepare) made: the unfinished game saved last
/// time (or one `--load` opened), resumed under the new invitation, else a new game of the
/// options. True when resumed; the config then opens the same game on the host's screen (and
/// nothing otherwise).
pub fn hosted_game(config: &mut Config) -> (Game, Tags, bool) {
    match config.opening.take() {
        Some(
            GameToOpen::AskResume { saved, .. }
            | GameToOpen::Resume(saved)
            | GameToOpen::Load(saved),
        ) if !saved.game.is_over() => {
            let game = saved.game.clone();
            let tags = saved.tags.clone();
            config.opening = Some(GameToOpen::Resume(saved));
            (game, tags, true)
        }
        // A finished game saved but not archived is not asked about over the host's game:
        // the files archive it before anything is written over it.
        _ => (Game::new(config.setup.clone()), network_tags(), false),
    }
}

/// The colour the host plays: in a resumed game the one it played before (the saved game
/// says, [`TAG_HOST`]), whatever `--play` says; else `wanted`, or one at random. With a note
/// for the host when `--play` asked for the other colour.
pub fn hosted_color(tags: &Tags, resumed: bool, wanted: Option<Color>) -> (Color, Option<String>) {
    let saved = match tags.get(TAG_HOST) {
        Some("White") if resumed => Some(Color::White),
        Some("Black") if resumed => Some(Color::Black),
        _ => None,
    };
    match (saved, wanted) {
        (Some(saved), Some(wanted)) if saved != wanted => (
            saved,
            Some(format!(
                "You played {saved} in the unfinished game, and go on as {saved} (--play \
                 {wanted} is for a new game: hotseat host --new)."
            )),
        ),
        (Some(saved), _) => (saved, None),
        (None, wanted) => (wanted.unwrap_or_else(random_color), None),
    }
}

/// The tags of a new game hosted across the network.
fn network_tags() -> Tags {
    let mut tags = Tags::new();
    tags.push("Event", "Casual game across the network");
    tags.push("Site", "hotseat");
    tags
}

/// White or Black, from the OS's random source (White if it has none).
fn random_color() -> Color {
    match crate::net::invite::new_secret() {
        Ok(bytes) if bytes[0] & 1 == 1 => Color::Black,
        _ => Color::White,
    }
}

#[cfg(test)]
mod tests {
    use super::{HOST_SILENCE, TAG_HOST, hosted_color};
    use crate::game::pgn::Tags;
    use crate::net::host::Timeouts;
    use crate::rules::Color;

    #[test]
    fn a_resumed_game_keeps_the_hosts_colour_whatever_play_says() {
        let mut tags = Tags::new();
        tags.push(TAG_HOST, "Black");
        assert_eq!(hosted_color(&tags, true, None), (Color::Black, None));
        let (color, note) = hosted_color(&tags, true, Some(Color::White));
        assert_eq!(color, Color::Black);
        assert!(note.unwrap().contains("go on as Black"));
        // A new game: --play decides.
        assert_eq!(
            hosted_color(&tags, false, Some(Color::White)),
            (Color::White, None)
        );
        assert_eq!(
            hosted_color(&Tags::new(), true, Some(Color::White)),
            (Color::White, None)
        );
    }

    #[test]
    fn each_side_waits_three_heartbeats_before_taking_the_other_for_gone() {
        let beat = Timeouts::default().heartbeat;
        // A few seconds apart, no more often: each beat wakes both terminals.
        assert!(beat >= std::time::Duration::from_secs(5), "{beat:?}");
        assert!(Timeouts::default().silence >= 3 * beat);
        assert!(HOST_SILENCE >= 3 * beat);
    }
}
