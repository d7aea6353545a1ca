//! Rooms: a game that players reach by its code (`ssh -t HOST CODE`).
//!
//! The first key to arrive plays White, the second Black, everyone after watches (as gambit
//! does). The game is the network play's own: a [`Host`] on the loopback address keeps it,
//! its referee checking every move and keeping the clocks. White holds the host's own seat
//! ([`NetRole::Seat`]), Black joins it as `hotseat join` would and watchers as `hotseat
//! watch` would, each from a session of its own in this process. A player whose connection
//! drops comes back with the same key to the same seat: Black by joining again (the host hands
//! the seat over once the new connection proves the invitation), White by the host welcoming
//! the seat again; the session that held the seat before, if still there, is ended.

use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Result, bail};
use hotseat::app::Config;
use hotseat::game::Game;
use hotseat::game::pgn::Tags;
use hotseat::net::Sink;
use hotseat::net::host::{Host, HostConfig, Limits};
use hotseat::net::invite::Access;
use hotseat::rules::Color;
use hotseat::runtime::{EventSender, HostSeat, NetRole};

/// The longest room code.
pub const MAX_CODE: usize = 32;
/// Watchers in one room.
pub const WATCHERS: usize = 50;

/// Whether `code` can name a room: 1 to [`MAX_CODE`] letters, digits, `-` or `_`.
pub fn valid_code(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= MAX_CODE
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Which place in a room a session holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    White,
    Black,
    Watcher,
}

/// Every room of the server.
#[derive(Debug)]
pub struct Rooms {
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    /// Rooms one key may open.
    per_key: usize,
    /// How to reach the server, for the line that invites the second player.
    port: u16,
    /// The server's folder, where each room's game is kept as it goes ([`crate::kept`]).
    data: PathBuf,
}

/// One room's game and who holds its seats.
pub struct Room {
    code: String,
    host: Host,
    /// Where the host's news for White's seat goes: the session holding it, if any.
    route: Arc<Mutex<Option<Sink>>>,
    seats: Arc<Mutex<Seats>>,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("code", &self.code)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Default)]
pub struct Seats {
    pub white: Option<String>,
    pub black: Option<String>,
    /// The sessions holding the seats now, ended when their player comes back elsewhere.
    white_session: Option<EventSender>,
    black_session: Option<EventSender>,
}

impl Rooms {
    pub fn new(per_key: usize, port: u16, data: &Path) -> Rooms {
        Rooms {
            rooms: Mutex::new(HashMap::new()),
            per_key,
            port,
            data: data.to_path_buf(),
        }
    }

    /// Opens again every unfinished room the server kept, each with its players' seats and its
    /// clocks stopped until both are back. Returns the codes resumed, and a sentence for each
    /// room that could not be.
    pub fn restore(&self) -> (Vec<String>, Vec<String>) {
        let (found, mut problems) = crate::kept::restore(&self.data);
        let mut resumed = Vec::new();
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        for room in found {
            let code = room.code.clone();
            let seats = Seats {
                white: room.white,
                black: room.black,
                ..Seats::default()
            };
            match Room::start(&code, room.game, room.tags, seats, true, &self.data) {
                Ok(opened) => {
                    rooms.insert(code.clone(), Arc::new(opened));
                    resumed.push(code);
                }
                Err(e) => problems.push(format!("room {code} not resumed: {e:#}")),
            }
        }
        (resumed, problems)
    }

    /// The room `code`, opened for `key` with a new game of `config` if there is none yet.
    pub fn enter(&self, code: &str, key: &str, config: &Config) -> Result<Arc<Room>> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(room) = rooms.get(code) {
            return Ok(room.clone());
        }
        let opened = rooms
            .values()
            .filter(|room| room.seats().white.as_deref() == Some(key))
            .count();
        if opened >= self.per_key {
            bail!(
                "you have {opened} rooms open already, the most one key may have: play on in \
                 one of them"
            );
        }
        let room = Arc::new(Room::open(code, config, &self.data)?);
        rooms.insert(code.to_owned(), room.clone());
        Ok(room)
    }

    /// The port players reach the server on.
    pub fn port(&self) -> u16 {
        self.port
    }
}

impl Room {
    fn open(code: &str, config: &Config, data: &Path) -> Result<Room> {
        let mut tags = Tags::new();
        tags.push("Event", "Casual game over SSH");
        tags.push("Site", "hotseat serve");
        let game = Game::new(config.setup.clone());
        Room::start(code, game, tags, Seats::default(), false, data)
    }

    /// The room `code` playing `game`, kept as it goes in `data`; `held`: its clocks stopped
    /// until both players are here (a room resumed after a restart).
    fn start(
        code: &str,
        game: Game,
        tags: Tags,
        seats: Seats,
        held: bool,
        data: &Path,
    ) -> Result<Room> {
        let route: Arc<Mutex<Option<Sink>>> = Arc::new(Mutex::new(None));
        let to = route.clone();
        let sink: Sink = Arc::new(move |event| {
            let target = to.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if let Some(target) = target {
                target(event);
            }
        });
        let mut host_config = HostConfig::new(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)));
        host_config.limits = Limits::for_watchers(WATCHERS);
        let seats = Arc::new(Mutex::new(seats));
        host_config.keep = Some(crate::kept::keeper(data, code, seats.clone()));
        host_config.hold_clocks = held;
        let host = Host::start(host_config, game, tags, Color::White, sink)?;
        Ok(Room {
            code: code.to_owned(),
            host,
            route,
            seats,
        })
    }

    fn seats(&self) -> std::sync::MutexGuard<'_, Seats> {
        self.seats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The place `key` takes: its own seat again, a free seat, or a watcher's.
    pub fn place_for(&self, key: &str) -> Place {
        let mut seats = self.seats();
        if seats.white.as_deref() == Some(key) {
            return Place::White;
        }
        if seats.black.as_deref() == Some(key) {
            return Place::Black;
        }
        if seats.white.is_none() {
            seats.white = Some(key.to_owned());
            return Place::White;
        }
        if seats.black.is_none() {
            seats.black = Some(key.to_owned());
            return Place::Black;
        }
        Place::Watcher
    }

    /// How a session at `place` reaches the game.
    pub fn role(&self, place: Place, port: u16) -> NetRole {
        match place {
            Place::White => {
                let host = self.host.seat();
                let again = self.host.seat();
                let route = self.route.clone();
                NetRole::Seat(HostSeat {
                    color: Color::White,
                    send: Arc::new(move |msg| host.send(msg)),
                    attach: Box::new(move |sink| {
                        *route.lock().unwrap_or_else(|e| e.into_inner()) = Some(sink);
                        again.welcome_again();
                    }),
                    invitation: vec![format!(
                        "Room {}: the other player types  ssh -t -p {port} <this server> {}",
                        self.code, self.code
                    )],
                })
            }
            Place::Black => NetRole::Join {
                invitation: self.host.invitation().clone(),
                access: Access::Play,
            },
            Place::Watcher => NetRole::Join {
                invitation: self.host.invitation().watch_only(),
                access: Access::Watch,
            },
        }
    }

    /// `session` holds `place` now; the session that held it before is ended.
    pub fn hold(&self, place: Place, session: EventSender) {
        let mut seats = self.seats();
        let slot = match place {
            Place::White => &mut seats.white_session,
            Place::Black => &mut seats.black_session,
            Place::Watcher => return,
        };
        if let Some(old) = slot.replace(session) {
            old.terminal_failed(std::io::Error::other(
                "you came back to this room on another connection, which plays on",
            ));
        }
    }
}
