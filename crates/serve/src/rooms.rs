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
    /// Its game is over and archived ([`crate::kept`]).
    ended: Arc<AtomicBool>,
    /// Sessions in the room (players and watchers), and since when there has been none.
    presence: Mutex<Presence>,
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
    /// Listed in no lobby but its players': only its code finds it.
    pub private: bool,
}

/// The tag that marks a room served in lines (kept across restarts with the room's game).
pub const TAG_MODE: &str = "RoomMode";
/// The tag of a room's choices besides its mode, kept across restarts with its game: `private`
/// (listed in no lobby but its players'), `chat` (watchers read the players' chat), or both,
/// separated by a space.
pub const TAG_ROOM: &str = "RoomOptions";

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
            let opener = opener_of(&room);
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

    /// Enters the room `code` for `key`: the room open, or its game kept on disk (an
    /// unfinished room that ended for want of players), or a new game of `config`. The room
    /// counts the session in until its [`Seated`] is dropped.
    pub fn enter(&self, code: &str, key: &str, config: &Config) -> Result<Arc<Room>> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        let mut opened = false;
        let room = match rooms.get(code) {
            Some(room) => room.clone(),
            None => {
                let room = match crate::kept::load(&self.data, code) {
                    Ok(Some(found)) => {
                        let opener = opener_of(&found);
                        let seats = Seats {
                            white: found.white,
                            black: found.black,
                            ..Seats::default()
                        };
                        self.start(code, found.game, found.tags, seats, true, opener)?
                    }
                    Ok(None) => {
                        self.may_open(&rooms, key)?;
                        let game = Game::new(config.setup.clone());
                        let seats = Seats::default();
                        self.start(code, game, new_tags(), seats, false, key.into())?
                    }
                    Err(e) => bail!("{e}"),
                };
                let room = Arc::new(room);
                rooms.insert(code.to_owned(), room.clone());
                // The lobbies list it (after the lock: they read the rooms when woken).
                opened = true;
                room
            }
        };
        room.presence().sessions += 1;
        drop(rooms);
        if opened {
            self.news.changed();
        }
        Ok(room)
    }

    /// Refuses a room more for `key` past `--rooms-per-key`.
    fn may_open(&self, rooms: &HashMap<String, Arc<Room>>, key: &str) -> Result<()> {
        // A room whose game has ended no longer counts (nor does it stay: it ends once empty).
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
        if ended.is_some() {
            drop(ended);
            // The lobbies' lists lose it.
            self.news.changed();
        }
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
        if !ended.is_empty() {
            drop(ended);
            // The lobbies' lists lose them.
            self.news.changed();
        }
        open
    }

    /// Whether the room `code` is open.
    pub fn is_open(&self, code: &str) -> bool {
        self.rooms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(code)
    }

    /// Ends the room `code` now, whoever is in it (the host's `close`): it leaves the lists,
    /// its game kept on disk as it stands (its code finds it again).
    pub fn close(&self, code: &str) {
        let closed = self
            .rooms
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(code);
        if closed.is_some() {
            drop(closed);
            self.news.changed();
        }
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

/// The key a kept room counts against (`--rooms-per-key`): its White's, else its Black's.
fn opener_of(room: &crate::kept::Found) -> String {
    room.white
        .clone()
        .or(room.black.clone())
        .unwrap_or_default()
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
            private: has_option(&tags, "private"),
        };
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
        let keep = crate::kept::keeper(data, code, seats.clone(), ended.clone());
        let (over, news) = (ended.clone(), self.news.clone());
        // The lobbies hear of the game's end (once it is archived).
        host_config.keep = Some(Keep(Arc::new(move |game, tags, now| {
            let before = over.load(Ordering::SeqCst);
            (keep.0)(game, tags, now);
            if !before && over.load(Ordering::SeqCst) {
                news.changed();
            }
        })));
        host_config.hold_clocks = held;
        host_config.watchers_see_chat = has_option(&tags, "chat");
        let host = Host::start(host_config, game, tags, Color::White, sink)?;
        // No session holds White's seat (the host's own) until one claims it and attaches:
        // until then the others see White as away, not "connected" (a room opened by its
        // Black player, or one brought back from disk).
        host.seat().left();
        Ok(Room {
            code: code.to_owned(),
            host,
            route,
            seats,
            about,
            opener,
            opened: Instant::now(),
            ended,
            presence: Mutex::new(Presence {
                sessions: 0,
                empty_since: Instant::now(),
            }),
            news: self.news.clone(),
            names: self.names.clone(),
        })
    }
}

impl Room {
    fn presence(&self) -> std::sync::MutexGuard<'_, Presence> {
        self.presence.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn seats(&self) -> std::sync::MutexGuard<'_, Seats> {
        self.seats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The place `key` takes — its own seat again, a free seat, or a watcher's — and, for a
    /// seat, its claim on it: the session that held it before is ended now.
    pub fn claim(&self, key: &str) -> (Place, Option<Ticket>) {
        let mut seats = self.seats();
        let (place, taken) = if seats.white.as_deref() == Some(key) {
            (Place::White, None)
        } else if seats.black.as_deref() == Some(key) {
            (Place::Black, None)
        } else if seats.white.is_none() {
            seats.white = Some(key.to_owned());
            (Place::White, Some(Color::White))
        } else if seats.black.is_none() {
            seats.black = Some(key.to_owned());
            (Place::Black, Some(Color::Black))
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
        drop(seats);
        // A seat newly theirs: the game carries their name, and the lobbies see the seat gone.
        if let Some(color) = taken {
            if let Some(name) = self.names.get(key) {
                self.host.seat().rename(color, name);
            }
            self.news.changed();
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
    /// Listed in no lobby but its players'.
    pub private: bool,
    /// Watchers read the players' chat.
    pub watchers_chat: bool,
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

    /// Whether the room `code` is served in lines: open, or waiting on disk (an unfinished
    /// room that ended for want of players keeps its mode for its return).
    pub fn is_plain(&self, code: &str) -> bool {
        let open = {
            let rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
            rooms.get(code).map(|room| room.about.plain)
        };
        open.unwrap_or_else(|| {
            matches!(crate::kept::load(&self.data, code),
                Ok(Some(found)) if found.tags.get(TAG_MODE) == Some("plain"))
        })
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
        let options: Vec<&str> = [(new.private, "private"), (new.watchers_chat, "chat")]
            .into_iter()
            .filter_map(|(on, word)| on.then_some(word))
            .collect();
        if !options.is_empty() {
            tags.push(TAG_ROOM, options.join(" "));
        }
        let game = Game::new(new.setup);
        let room = self.start(&code, game, tags, seats, false, key.to_owned())?;
        rooms.insert(code.clone(), Arc::new(room));
        drop(rooms);
        self.news.changed();
        Ok(code)
    }
}

/// Whether the room's tags hold the choice `word` (see [`TAG_ROOM`]).
fn has_option(tags: &Tags, word: &str) -> bool {
    tags.get(TAG_ROOM)
        .is_some_and(|options| options.split_whitespace().any(|w| w == word))
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
    use hotseat::remote::{Action as RemoteAction, Msg};
    use hotseat::runtime::Wake;

    fn fresh(label: &str) -> PathBuf {
        // Under the run's own folder, which the next run of hotseat's tests sweeps away
        // (`tests/suite/common/pty.rs`, `fresh_dir`).
        let dir = std::env::temp_dir()
            .join(format!("hotseat-tests-{}", std::process::id()))
            .join(format!("rooms-{label}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn new_room(color: Color, plain: bool) -> NewRoom {
        NewRoom {
            setup: GameSetup::default(),
            color,
            plain,
            private: false,
            watchers_chat: false,
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
            limits: crate::admission::Limits::default(),
            idle: Duration::from_secs(60),
            stalled: Duration::from_secs(30),
            game_args: Vec::new(),
            data: dir.to_path_buf(),
            engines: 1,
        };
        Arc::new(Shared::new(
            policy,
            Rooms::new(5, 2222, dir),
            crate::control::Control::in_memory(),
        ))
    }

    /// `key` in the room `code` as a session enters it (by its code, or from the lobby).
    fn seated(shared: &Arc<Shared>, code: &str, key: &str, dir: &Path) -> Seated {
        let room = shared.rooms.enter(code, key, &config(dir)).unwrap();
        let (place, ticket) = room.claim(key);
        Seated {
            room,
            place,
            ticket,
            shared: shared.clone(),
        }
    }

    fn told_replaced(rx: &std::sync::mpsc::Receiver<Wake>) -> bool {
        rx.try_iter()
            .any(|w| matches!(w, Wake::TerminalFailed(e) if e.to_string() == REPLACED))
    }

    #[test]
    fn one_key_twice_at_once_on_one_seat_the_later_claim_holds_it_whatever_starts_first() {
        let dir = fresh("race");
        let rooms = Rooms::new(5, 2222, &dir);
        let room = rooms.enter("race", "ann", &config(&dir)).unwrap();
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

    #[test]
    fn a_private_room_with_its_watchers_chat_keeps_both_choices_across_a_restart() {
        let dir = fresh("private");
        let shared = shared(&dir);
        let code = shared
            .rooms
            .create(
                "ann",
                NewRoom {
                    private: true,
                    watchers_chat: true,
                    ..new_room(Color::White, false)
                },
            )
            .unwrap();
        let open = shared
            .rooms
            .rooms
            .lock()
            .unwrap()
            .get(&code)
            .cloned()
            .unwrap();
        assert!(open.about.private);
        drop(open);
        // Left for its linger: the room ends, its game (and its choices) kept on disk.
        assert_eq!(shared.rooms.sweep(Duration::ZERO), 0);
        let kept =
            std::fs::read_to_string(dir.join(crate::kept::DIR).join(&code).join("current.pgn"))
                .unwrap();
        assert!(kept.contains("[RoomOptions \"private chat\"]"), "{kept}");
        // Its code brings it back as it was: private still.
        let room = shared.rooms.enter(&code, "ann", &config(&dir)).unwrap();
        assert!(room.about.private);
        let listed = shared.rooms.list();
        assert!(listed.iter().all(|l| l.code != code || l.about.private));
        // A room opened by typing a new code is listed, as before.
        let typed = shared.rooms.enter("club", "bob", &config(&dir)).unwrap();
        assert!(!typed.about.private);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_finished_room_leaves_the_lobbys_lists_when_its_last_session_goes_and_wakes_the_lobbies() {
        let dir = fresh("finished");
        let shared = shared(&dir);
        let rooms = &shared.rooms;
        let code = rooms.create("ann", new_room(Color::White, false)).unwrap();
        let (wake, woken) = hotseat::runtime::channel();
        let heard = rooms.news.listen(wake);
        // ann enters the room she opened (from the lobby, as by its code): her seat, claimed.
        let ann = seated(&shared, &code, "ann", &dir);
        assert_eq!(ann.place, Place::White);
        // bob comes by its code: Black, a seat newly taken, which the lobbies hear of.
        let bob = seated(&shared, &code, "bob", &dir);
        assert_eq!(bob.place, Place::Black);
        assert_eq!(woken.try_iter().count(), 1);
        heard.read();
        // ann resigns: the game is over and archived, and the lobbies hear of it; the room
        // stays open while its players look at the final position.
        ann.room.host.seat().send(Msg::Act {
            ply: 0,
            action: RemoteAction::Resign,
        });
        let deadline = Instant::now() + Duration::from_secs(30);
        while !ann.room.ended.load(Ordering::SeqCst) {
            assert!(Instant::now() < deadline, "the resigned game never ended");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(woken.recv_timeout(Duration::from_secs(10)).is_ok());
        heard.read();
        let listed = rooms.list();
        assert!(listed.len() == 1 && listed[0].ended, "{listed:?}");
        let lists = crate::lobby::Lists::of(&listed, "ann", |_| None);
        assert!(lists.resume.is_empty() && lists.join.is_empty() && lists.watch.is_empty());
        // ann goes back to her lobby: her seat vacated, the room still bob's to look at.
        drop(ann);
        assert_eq!(rooms.list().len(), 1);
        assert!(woken.try_iter().next().is_none());
        // bob goes too: the room ends, it is in no list, and the lobbies are woken.
        drop(bob);
        assert!(rooms.list().is_empty());
        assert_eq!(woken.try_iter().count(), 1);
        assert_eq!(rooms.sweep(LINGER), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_room_left_for_its_linger_leaves_the_lobbys_lists_and_comes_back_by_its_code_in_lines() {
        let dir = fresh("resting");
        let shared = shared(&dir);
        let rooms = &shared.rooms;
        let code = rooms.create("ann", new_room(Color::Black, true)).unwrap();
        let (wake, woken) = hotseat::runtime::channel();
        let heard = rooms.news.listen(wake);
        let ann = seated(&shared, &code, "ann", &dir);
        assert_eq!(ann.place, Place::Black);
        drop(ann);
        // Left unfinished: listed still, under ann's games, until its linger is over.
        assert_eq!(rooms.sweep(LINGER), 1);
        assert_eq!(woken.try_iter().count(), 0);
        assert_eq!(rooms.sweep(Duration::ZERO), 0);
        assert!(rooms.list().is_empty());
        assert_eq!(woken.try_iter().count(), 1);
        heard.read();
        // Its code finds it again, in lines as it was opened, with ann's seat.
        assert!(rooms.is_plain(&code));
        let room = rooms.enter(&code, "bob", &config(&dir)).unwrap();
        assert_eq!(woken.try_iter().count(), 1);
        assert_eq!(room.claim("bob").0, Place::White);
        assert_eq!(room.claim("ann").0, Place::Black);
        let listed = rooms.list();
        assert!(listed.len() == 1 && listed[0].about.plain, "{listed:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
