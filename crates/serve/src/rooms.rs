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
use std::time::{Duration, Instant};

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
/// How long an unfinished room nobody is in stays open (its game then waits on disk).
pub const LINGER: Duration = Duration::from_secs(30 * 60);

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
    /// Its game is over and archived ([`crate::kept`]).
    ended: Arc<AtomicBool>,
    /// Sessions in the room (players and watchers), and since when there has been none.
    presence: Mutex<Presence>,
}

#[derive(Debug)]
struct Presence {
    sessions: usize,
    empty_since: Instant,
}

/// A session's claim on a seat: the latest claim of a seat is the one that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket(u64);

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
    /// The latest claim of each seat (White, Black) and the session holding it, ended when
    /// its player comes back elsewhere.
    holders: [Holder; 2],
    tickets: u64,
}

#[derive(Debug, Default)]
struct Holder {
    ticket: Option<Ticket>,
    session: Option<EventSender>,
}

/// What a session replaced by a newer connection of its player is told.
const REPLACED: &str = "you came back to this room on another connection, which plays on";

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

    /// Enters the room `code` for `key`: the room open, or its game kept on disk (an
    /// unfinished room that ended for want of players), or a new game of `config`. The room
    /// counts the session in until its [`Seated`] is dropped.
    pub fn enter(&self, code: &str, key: &str, config: &Config) -> Result<Arc<Room>> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        let room = match rooms.get(code) {
            Some(room) => room.clone(),
            None => {
                let room = match crate::kept::load(&self.data, code) {
                    Ok(Some(found)) => {
                        let seats = Seats {
                            white: found.white,
                            black: found.black,
                            ..Seats::default()
                        };
                        Room::start(code, found.game, found.tags, seats, true, &self.data)?
                    }
                    Ok(None) => {
                        let opened = rooms
                            .values()
                            .filter(|room| room.seats().white.as_deref() == Some(key))
                            .count();
                        if opened >= self.per_key {
                            bail!(
                                "you have {opened} rooms open already, the most one key may \
                                 have: play on in one of them"
                            );
                        }
                        Room::open(code, config, &self.data)?
                    }
                    Err(e) => bail!("{e}"),
                };
                let room = Arc::new(room);
                rooms.insert(code.to_owned(), room.clone());
                room
            }
        };
        room.presence().sessions += 1;
        Ok(room)
    }

    /// A session leaves `room`: the room ends if it was the last one there and the game is
    /// over. The room is dropped (its host's threads joined) here, outside the lock.
    fn leave(&self, room: &Arc<Room>) {
        let ended = {
            let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
            let mut presence = room.presence();
            presence.sessions = presence.sessions.saturating_sub(1);
            presence.empty_since = Instant::now();
            let gone = presence.sessions == 0 && room.ended.load(Ordering::SeqCst);
            drop(presence);
            if gone && rooms.get(&room.code).is_some_and(|r| Arc::ptr_eq(r, room)) {
                rooms.remove(&room.code)
            } else {
                None
            }
        };
        drop(ended);
    }

    /// Ends every room nobody is in whose game is over, or that nobody has been in for
    /// `linger` (its game kept on disk, found again when its code is typed). Returns how many
    /// rooms are open after.
    pub fn sweep(&self, linger: Duration) -> usize {
        let (ended, open) = {
            let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
            let codes: Vec<String> = rooms
                .iter()
                .filter(|(_, room)| {
                    let presence = room.presence();
                    presence.sessions == 0
                        && (room.ended.load(Ordering::SeqCst)
                            || presence.empty_since.elapsed() >= linger)
                })
                .map(|(code, _)| code.clone())
                .collect();
            let ended: Vec<Arc<Room>> = codes.iter().filter_map(|c| rooms.remove(c)).collect();
            (ended, rooms.len())
        };
        drop(ended);
        open
    }

    /// The port players reach the server on.
    pub fn port(&self) -> u16 {
        self.port
    }
}

impl Room {
    fn presence(&self) -> std::sync::MutexGuard<'_, Presence> {
        self.presence.lock().unwrap_or_else(|e| e.into_inner())
    }

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
        // Every connection to a room's host is the server's own, from the loopback address:
        // a cap per address would be a second, smaller cap on all (watchers arriving together
        // pushed out after four).
        host_config.limits.per_address = host_config.limits.handshakes;
        let seats = Arc::new(Mutex::new(seats));
        let ended = Arc::new(AtomicBool::new(false));
        host_config.keep = Some(crate::kept::keeper(
            data,
            code,
            seats.clone(),
            ended.clone(),
        ));
        host_config.hold_clocks = held;
        let host = Host::start(host_config, game, tags, Color::White, sink)?;
        Ok(Room {
            code: code.to_owned(),
            host,
            route,
            seats,
            ended,
            presence: Mutex::new(Presence {
                sessions: 0,
                empty_since: Instant::now(),
            }),
        })
    }

    fn seats(&self) -> std::sync::MutexGuard<'_, Seats> {
        self.seats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The place `key` takes — its own seat again, a free seat, or a watcher's — and, for a
    /// seat, its claim on it: the session that held it before is ended now.
    pub fn claim(&self, key: &str) -> (Place, Option<Ticket>) {
        let mut seats = self.seats();
        let place = if seats.white.as_deref() == Some(key) {
            Place::White
        } else if seats.black.as_deref() == Some(key) {
            Place::Black
        } else if seats.white.is_none() {
            seats.white = Some(key.to_owned());
            Place::White
        } else if seats.black.is_none() {
            seats.black = Some(key.to_owned());
            Place::Black
        } else {
            return (Place::Watcher, None);
        };
        seats.tickets += 1;
        let ticket = Ticket(seats.tickets);
        let holder = &mut seats.holders[seat_index(place)];
        holder.ticket = Some(ticket);
        if let Some(old) = holder.session.take() {
            old.terminal_failed(std::io::Error::other(REPLACED));
        }
        (place, Some(ticket))
    }

    /// How a session at `place` (with its claim `ticket`) reaches the game.
    pub fn role(&self, place: Place, ticket: Option<Ticket>, port: u16) -> NetRole {
        match place {
            Place::White => {
                let host = self.host.seat();
                let again = self.host.seat();
                let route = self.route.clone();
                let seats = self.seats.clone();
                NetRole::Seat(HostSeat {
                    color: Color::White,
                    send: Arc::new(move |msg| host.send(msg)),
                    // Only the latest claim takes the host's news: an older session starting
                    // late must not take the route from the newer one.
                    attach: Box::new(move |sink| {
                        let seats = seats.lock().unwrap_or_else(|e| e.into_inner());
                        if ticket.is_some() && seats.holders[0].ticket == ticket {
                            *route.lock().unwrap_or_else(|e| e.into_inner()) = Some(sink);
                            again.welcome_again();
                        }
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

    /// `session` holds the seat of its claim `ticket`, unless a newer claim came meanwhile:
    /// then it is ended at once. False when ended.
    pub fn hold(&self, place: Place, ticket: Ticket, session: EventSender) -> bool {
        if place == Place::Watcher {
            return true;
        }
        let mut seats = self.seats();
        let holder = &mut seats.holders[seat_index(place)];
        if holder.ticket != Some(ticket) {
            session.terminal_failed(std::io::Error::other(REPLACED));
            return false;
        }
        holder.session = Some(session);
        true
    }

    /// The session of claim `ticket` has ended: if it still held its seat, the seat is free
    /// for its player's return, and for White's seat the others are told White left (Black's
    /// own connection to the host tells them of Black).
    fn vacate(&self, place: Place, ticket: Ticket) {
        if place == Place::Watcher {
            return;
        }
        let mut seats = self.seats();
        let holder = &mut seats.holders[seat_index(place)];
        if holder.ticket != Some(ticket) {
            return;
        }
        holder.ticket = None;
        holder.session = None;
        drop(seats);
        if place == Place::White {
            *self.route.lock().unwrap_or_else(|e| e.into_inner()) = None;
            self.host.seat().left();
        }
    }
}

fn seat_index(place: Place) -> usize {
    match place {
        Place::White => 0,
        _ => 1,
    }
}

/// A session in a room (entered with [`Rooms::enter`]), at its place: when dropped (its
/// session ended), its seat is freed if it still holds it, and the room ends if it was the last
/// one there and the game is over.
pub struct Seated {
    pub room: Arc<Room>,
    pub place: Place,
    pub ticket: Option<Ticket>,
    pub shared: Arc<crate::server::Shared>,
}

impl Drop for Seated {
    fn drop(&mut self) {
        if let Some(ticket) = self.ticket {
            self.room.vacate(self.place, ticket);
        }
        self.shared.rooms.leave(&self.room);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::{Policy, Shared};
    use hotseat::runtime::Wake;

    fn fresh(label: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("hotseat-rooms-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn config(dir: &Path) -> Config {
        let cli = <hotseat::cli::Cli as clap::Parser>::try_parse_from([
            "hotseat".as_ref(),
            "--data-dir".as_ref(),
            dir.join("players").as_os_str(),
        ])
        .unwrap();
        match cli.task() {
            Ok(hotseat::cli::Task::Play(launch, _)) => launch.config,
            _ => panic!("a game's options"),
        }
    }

    fn shared(dir: &Path) -> Arc<Shared> {
        let policy = Policy {
            allow: None,
            guests: false,
            max_sessions: 10,
            per_address: 4,
            max_connections: 20,
            idle: Duration::from_secs(60),
            stalled: Duration::from_secs(30),
            game_args: Vec::new(),
            data: dir.to_path_buf(),
        };
        Arc::new(Shared::new(policy, Rooms::new(5, 2222, dir)))
    }

    fn told_replaced(rx: &std::sync::mpsc::Receiver<Wake>) -> bool {
        rx.try_iter()
            .any(|w| matches!(w, Wake::TerminalFailed(e) if e.to_string() == REPLACED))
    }

    #[test]
    fn one_key_twice_at_once_on_one_seat_the_later_claim_holds_it_whatever_starts_first() {
        let dir = fresh("race");
        let room = Room::open("race", &config(&dir), &dir).unwrap();
        let (first, older) = room.claim("ann");
        let (second, newer) = room.claim("ann");
        assert_eq!((first, second), (Place::White, Place::White));
        let (older, newer) = (older.unwrap(), newer.unwrap());
        // The newer connection's game starts first, the older one's after it.
        let attach = |ticket| match room.role(Place::White, Some(ticket), 2222) {
            NetRole::Seat(seat) => (seat.attach)(Arc::new(|_| {})),
            _ => panic!("White's seat is the host's"),
        };
        attach(newer);
        let (new_session, new_rx) = hotseat::runtime::channel();
        assert!(room.hold(Place::White, newer, new_session));
        let routed = room.route.lock().unwrap().clone().unwrap();
        attach(older);
        let (old_session, old_rx) = hotseat::runtime::channel();
        assert!(!room.hold(Place::White, older, old_session));
        // The older is told and ends; the newer keeps the seat and the host's news.
        assert!(told_replaced(&old_rx));
        assert!(!told_replaced(&new_rx));
        let now = room.route.lock().unwrap().clone().unwrap();
        assert!(
            Arc::ptr_eq(&routed, &now),
            "the older game took the newer's news"
        );
        // The older one's end frees nothing: the newer still holds the seat.
        room.vacate(Place::White, older);
        assert!(room.route.lock().unwrap().is_some());
        assert_eq!(room.seats().holders[0].ticket, Some(newer));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_room_nobody_is_in_ends_after_its_linger_and_its_game_comes_back_from_disk() {
        let dir = fresh("linger");
        let shared = shared(&dir);
        let config = config(&dir);
        let room = shared.rooms.enter("club", "ann", &config).unwrap();
        let (place, ticket) = room.claim("ann");
        assert_eq!(place, Place::White);
        let seated = Seated {
            room,
            place,
            ticket,
            shared: shared.clone(),
        };
        // Someone in it: it stays, whatever the time.
        assert_eq!(shared.rooms.sweep(Duration::ZERO), 1);
        drop(seated);
        // Unfinished and left a moment ago: it stays for its player to come back.
        assert_eq!(shared.rooms.sweep(LINGER), 1);
        // Nobody for its linger: it ends, its game kept on disk.
        assert_eq!(shared.rooms.sweep(Duration::ZERO), 0);
        assert!(dir.join(crate::kept::DIR).join("club/current.pgn").exists());
        // The code finds the game again, with its seat for ann.
        let room = shared.rooms.enter("club", "bob", &config).unwrap();
        assert_eq!(room.claim("bob").0, Place::Black);
        assert_eq!(room.claim("ann").0, Place::White);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
