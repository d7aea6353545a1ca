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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{Result, bail};
use hotseat::app::Config;
use hotseat::game::Game;
use hotseat::game::GameSetup;
use hotseat::game::pgn::Tags;
use hotseat::net::Sink;
use hotseat::net::host::{Host, HostConfig, Keep, Limits};
use hotseat::net::invite::Access;
use hotseat::rules::Color;
use hotseat::runtime::{EventSender, HostSeat, NetRole};

use crate::names::Names;
use crate::news::News;

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
    /// The lobbies hear of every room opened, seat taken and game ended.
    pub news: Arc<News>,
    /// The players' names, which their rooms' games carry.
    pub names: Arc<Names>,
}

/// One room's game and who holds its seats.
pub struct Room {
    code: String,
    host: Host,
    /// Where the host's news for White's seat goes: the session holding it, if any.
    route: Arc<Mutex<Option<Sink>>>,
    seats: Arc<Mutex<Seats>>,
    /// What the lobby shows of the room.
    about: About,
    /// The key that opened it (counted against `--rooms-per-key`).
    opener: String,
    opened: Instant,
    ended: Arc<AtomicBool>,
    news: Arc<News>,
    names: Arc<Names>,
}

/// A room's game as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    /// The time control, in words (`5+3`, `untimed`).
    pub time: String,
    pub chess960: bool,
    /// Served in lines of text to whoever comes by its code (a screen reader's room).
    pub plain: bool,
}

/// The tag that marks a room served in lines (kept across restarts with the room's game).
pub const TAG_MODE: &str = "RoomMode";

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
            news: Arc::new(News::default()),
            names: Arc::new(Names::new(data)),
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
            let opener = room
                .white
                .clone()
                .or(room.black.clone())
                .unwrap_or_default();
            let seats = Seats {
                white: room.white,
                black: room.black,
                ..Seats::default()
            };
            match self.start(&code, room.game, room.tags, seats, true, opener) {
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
        self.may_open(&rooms, key)?;
        let game = Game::new(config.setup.clone());
        let room = self.start(code, game, new_tags(), Seats::default(), false, key.into())?;
        let room = Arc::new(room);
        rooms.insert(code.to_owned(), room.clone());
        drop(rooms);
        self.news.changed();
        Ok(room)
    }

    /// Refuses a room more for `key` past `--rooms-per-key`.
    fn may_open(&self, rooms: &HashMap<String, Arc<Room>>, key: &str) -> Result<()> {
        // A room whose game has ended no longer counts.
        let opened = rooms
            .values()
            .filter(|room| room.opener == key && !room.ended.load(Ordering::SeqCst))
            .count();
        if opened >= self.per_key {
            bail!(
                "you have {opened} room{} open already, the most one key may have: play on in \
                 one of them, or come back when one has ended",
                if opened == 1 { "" } else { "s" }
            );
        }
        Ok(())
    }

    /// The port players reach the server on.
    pub fn port(&self) -> u16 {
        self.port
    }
}

/// The tags of a new room's game.
fn new_tags() -> Tags {
    let mut tags = Tags::new();
    tags.push("Event", "Casual game over SSH");
    tags.push("Site", "hotseat serve");
    tags
}

impl Rooms {
    /// The room `code` playing `game`, kept as it goes in the server's folder; `held`: its
    /// clocks stopped until both players are here (a room resumed after a restart).
    fn start(
        &self,
        code: &str,
        game: Game,
        tags: Tags,
        seats: Seats,
        held: bool,
        opener: String,
    ) -> Result<Room> {
        let data = &self.data;
        let about = About {
            time: game.clock().control(Color::White).describe(),
            chess960: game
                .record()
                .start()
                .chess960_number()
                .is_some_and(|n| n != 518),
            plain: tags.get(TAG_MODE) == Some("plain"),
        };
        let ended = Arc::new(AtomicBool::new(game.is_over()));
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
        let keep = crate::kept::keeper(data, code, seats.clone());
        let (over, news) = (ended.clone(), self.news.clone());
        // The lobbies hear of the game's end.
        host_config.keep = Some(Keep(Arc::new(move |game, tags, now| {
            (keep.0)(game, tags, now);
            if game.is_over() && !over.swap(true, Ordering::SeqCst) {
                news.changed();
            }
        })));
        host_config.hold_clocks = held;
        let host = Host::start(host_config, game, tags, Color::White, sink)?;
        Ok(Room {
            code: code.to_owned(),
            host,
            route,
            seats,
            about,
            opener,
            opened: Instant::now(),
            ended,
            news: self.news.clone(),
            names: self.names.clone(),
        })
    }
}

impl Room {
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
        let (place, color) = if seats.white.is_none() {
            seats.white = Some(key.to_owned());
            (Place::White, Color::White)
        } else if seats.black.is_none() {
            seats.black = Some(key.to_owned());
            (Place::Black, Color::Black)
        } else {
            return Place::Watcher;
        };
        drop(seats);
        // The seat is theirs: the game carries their name, and the lobbies see the seat gone.
        if let Some(name) = self.names.get(key) {
            self.host.seat().rename(color, name);
        }
        self.news.changed();
        place
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

/// A room as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    pub code: String,
    /// The keys holding the seats.
    pub white: Option<String>,
    pub black: Option<String>,
    pub about: About,
    pub ended: bool,
}

/// What a room opened from the lobby plays.
#[derive(Clone, Debug)]
pub struct NewRoom {
    /// The start position, the time controls, the opener's name on their side.
    pub setup: GameSetup,
    /// The opener's side.
    pub color: Color,
    /// Served in lines to whoever comes by its code.
    pub plain: bool,
}

/// The letters of a room code the lobby makes: no 0/o or 1/l to mix up when read aloud.
const CODE_LETTERS: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
/// The length of a room code the lobby makes (32^5: 33 million codes).
pub const CODE_LEN: usize = 5;

impl Rooms {
    /// Every room open, the newest first.
    pub fn list(&self) -> Vec<Listing> {
        let rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        let mut rooms: Vec<&Arc<Room>> = rooms.values().collect();
        rooms.sort_by_key(|room| std::cmp::Reverse(room.opened));
        rooms
            .into_iter()
            .map(|room| {
                let seats = room.seats();
                Listing {
                    code: room.code.clone(),
                    white: seats.white.clone(),
                    black: seats.black.clone(),
                    about: room.about.clone(),
                    ended: room.ended.load(Ordering::SeqCst),
                }
            })
            .collect()
    }

    /// Whether the room `code` is served in lines.
    pub fn is_plain(&self, code: &str) -> bool {
        let rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        rooms.get(code).is_some_and(|room| room.about.plain)
    }

    /// Opens a room of a new code for `key` (its seat of `new.color` held for it), within
    /// `--rooms-per-key`: its code.
    pub fn create(&self, key: &str, new: NewRoom) -> Result<String> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        self.may_open(&rooms, key)?;
        let code = loop {
            let mut bytes = [0u8; CODE_LEN];
            getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no random room code: {e}"))?;
            let code: String = bytes
                .iter()
                .map(|b| char::from(CODE_LETTERS[usize::from(b % 32)]))
                .collect();
            // Nor the code of a kept room not resumed (its file set aside, say).
            let kept = self.data.join(crate::kept::DIR).join(&code);
            if !rooms.contains_key(&code) && !kept.exists() {
                break code;
            }
        };
        let mut seats = Seats::default();
        *new.color.fold(&mut seats.white, &mut seats.black) = Some(key.to_owned());
        let mut tags = new_tags();
        if new.plain {
            tags.push(TAG_MODE, "plain");
        }
        let game = Game::new(new.setup);
        let room = self.start(&code, game, tags, seats, false, key.to_owned())?;
        rooms.insert(code.clone(), Arc::new(room));
        drop(rooms);
        self.news.changed();
        Ok(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh(label: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("hotseat-rooms-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn new_room(color: Color, plain: bool) -> NewRoom {
        NewRoom {
            setup: GameSetup::default(),
            color,
            plain,
        }
    }

    #[test]
    fn a_room_opened_from_the_lobby_holds_its_openers_seat_wakes_the_lobbies_and_counts() {
        let data = fresh("create");
        let rooms = Rooms::new(1, 2222, &data);
        let (wake, woken) = hotseat::runtime::channel();
        let _heard = rooms.news.listen(wake);
        let code = rooms.create("ann", new_room(Color::Black, true)).unwrap();
        assert_eq!(code.len(), CODE_LEN);
        assert!(valid_code(&code) && code.bytes().all(|b| CODE_LETTERS.contains(&b)));
        assert_eq!(woken.try_iter().count(), 1);
        let listed = rooms.list();
        assert_eq!(listed.len(), 1);
        assert_eq!(
            (listed[0].white.as_deref(), listed[0].black.as_deref()),
            (None, Some("ann"))
        );
        assert!(listed[0].about.plain && rooms.is_plain(&code));
        assert!(!listed[0].ended);
        // The key's one room is open: another is refused with a sentence, not opened.
        let refused = rooms
            .create("ann", new_room(Color::White, false))
            .unwrap_err();
        assert!(
            refused.to_string().contains("you have 1 room open already"),
            "{refused}"
        );
        assert_eq!(rooms.list().len(), 1);
        assert!(rooms.create("bob", new_room(Color::White, false)).is_ok());
        drop(rooms);
        let _ = std::fs::remove_dir_all(&data);
    }
}
