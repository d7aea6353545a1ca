//! What the host's hub serves: a game ([`Referee`]) or a puzzle duel ([`DuelReferee`]), behind
//! one small trait, so that both share the one network stack (the handshake, the encryption,
//! the heartbeat, the peer threads, the caps) of `net::host`.
//!
//! The hub speaks in seats: the host's own and the one a joining player takes. A duel has no
//! colours; its first player (the host's, who starts) sits in White's seat and the second in
//! Black's, on the hub's side only: the wire names a duel's players 0 and 1
//! ([`Msg::DuelWelcome`]).

use std::time::Duration;

use super::duel::DuelReferee;
use super::referee::Referee;
use crate::game::Game;
use crate::game::pgn::Tags;
use crate::remote::{Action, Msg, Notice, Seat};
use crate::rules::Color;

/// What the hub needs of the thing it serves. Pure: the time is passed in.
pub trait Served: Send + 'static {
    /// The seat of the host's own player.
    fn host_seat(&self) -> Seat;
    /// The seat a terminal that comes in to play takes.
    fn guest_seat(&self) -> Seat;
    /// The first message to a terminal of `seat`: its seat and everything as it stands.
    fn welcome(&self, seat: Seat, now: Duration) -> Msg;
    /// Everything as it stands, for a terminal that asked again.
    fn resync(&self, now: Duration) -> Msg;
    /// When a clock runs out if nothing happens before.
    fn flag_due(&self, now: Duration) -> Option<Duration>;
    /// A clock is running (the hub then looks at the time often, to notice its own stops).
    fn clock_running(&self) -> bool;
    /// The clocks looked at `now`: a clock run out is news, told once.
    fn tick(&mut self, now: Duration) -> Option<Msg>;
    /// `seat` acts, its terminal having seen `ply` (a game's moves, a duel's revision).
    fn act(&mut self, seat: Seat, ply: u32, action: &Action, now: Duration) -> Result<Msg, String>;
    fn is_connected(&self, seat: Seat) -> bool;
    /// A player's terminal came or went: the news for everyone.
    fn set_connected(&mut self, seat: Seat, connected: bool, now: Duration) -> Msg;
    /// Whether play has begun (a terminal that comes again then rejoins).
    fn started(&self) -> bool;
    /// A round trip just timed to `seat`'s terminal.
    fn set_lag(&mut self, seat: Seat, round_trip: Duration);
    /// What the heartbeat tells everyone besides the ping.
    fn beat(&self, now: Duration) -> Option<Msg>;
    /// Names a player (a room of `hotseat serve`).
    fn rename(&mut self, seat: Seat, name: String, now: Duration) -> Option<Msg>;
    /// Clocks held until both players are here run again.
    fn resume_clocks(&mut self, now: Duration) -> Option<Msg>;
    /// The game and its tags, for a [`Keep`](super::host::Keep); `None` for a duel.
    fn kept(&self) -> Option<(&Game, &Tags)>;
    /// The game as it stands when the host stops; `None` for a duel.
    fn into_game(self: Box<Self>) -> Option<Game>;
}

impl Served for Referee {
    fn host_seat(&self) -> Seat {
        Seat::of(self.host_color())
    }

    fn guest_seat(&self) -> Seat {
        Referee::guest_seat(self)
    }

    fn welcome(&self, seat: Seat, now: Duration) -> Msg {
        Msg::Welcome {
            seat,
            snapshot: self.snapshot(now),
        }
    }

    fn resync(&self, now: Duration) -> Msg {
        Msg::Sync {
            snapshot: self.snapshot(now),
            notice: Notice::Resync,
        }
    }

    fn flag_due(&self, now: Duration) -> Option<Duration> {
        Referee::flag_due(self, now)
    }

    fn clock_running(&self) -> bool {
        self.game().clock().running().is_some()
    }

    fn tick(&mut self, now: Duration) -> Option<Msg> {
        Referee::tick(self, now)
    }

    fn act(&mut self, seat: Seat, ply: u32, action: &Action, now: Duration) -> Result<Msg, String> {
        let Some(color) = seat.color() else {
            return Err(WATCHER.into());
        };
        Referee::act(self, color, ply, action, now).map_err(|why| why.to_string())
    }

    fn is_connected(&self, seat: Seat) -> bool {
        seat.color().is_some_and(|c| Referee::is_connected(self, c))
    }

    fn set_connected(&mut self, seat: Seat, connected: bool, now: Duration) -> Msg {
        let color = seat.color().unwrap_or(Color::White);
        Referee::set_connected(self, color, connected, now)
    }

    fn started(&self) -> bool {
        self.game().is_started()
    }

    fn set_lag(&mut self, seat: Seat, round_trip: Duration) {
        if let Some(color) = seat.color() {
            Referee::set_lag(self, color, round_trip);
        }
    }

    fn beat(&self, now: Duration) -> Option<Msg> {
        Some(Msg::Clock(self.clocks(now)))
    }

    fn rename(&mut self, seat: Seat, name: String, now: Duration) -> Option<Msg> {
        seat.color()
            .map(|color| Referee::rename(self, color, name, now))
    }

    fn resume_clocks(&mut self, now: Duration) -> Option<Msg> {
        Some(Referee::resume_clocks(self, now))
    }

    fn kept(&self) -> Option<(&Game, &Tags)> {
        Some((self.game(), self.tags()))
    }

    fn into_game(self: Box<Self>) -> Option<Game> {
        Some(self.game().clone())
    }
}

/// What a watcher is told when it tries to act.
const WATCHER: &str = "a watcher cannot act in the game";

/// A duel's player in the hub's seats: 0 in White's, 1 in Black's (see the module docs).
pub fn duel_player(seat: Seat) -> Option<usize> {
    seat.color().map(Color::index)
}

impl Served for DuelReferee {
    fn host_seat(&self) -> Seat {
        Seat::White
    }

    fn guest_seat(&self) -> Seat {
        Seat::Black
    }

    fn welcome(&self, seat: Seat, now: Duration) -> Msg {
        Msg::DuelWelcome {
            player: duel_player(seat).map(|p| u8::from(p == 1)),
            state: Box::new(self.state(now)),
        }
    }

    fn resync(&self, now: Duration) -> Msg {
        Msg::Duel(Box::new(self.state(now)))
    }

    fn flag_due(&self, now: Duration) -> Option<Duration> {
        DuelReferee::flag_due(self, now)
    }

    fn clock_running(&self) -> bool {
        self.duel().running()
    }

    fn tick(&mut self, now: Duration) -> Option<Msg> {
        DuelReferee::tick(self, now)
    }

    fn act(&mut self, seat: Seat, ply: u32, action: &Action, now: Duration) -> Result<Msg, String> {
        let Some(player) = duel_player(seat) else {
            return Err("a watcher cannot play in the duel".into());
        };
        match action {
            Action::Move { uci } => {
                DuelReferee::act(self, player, ply, uci, now).map_err(|why| why.to_string())
            }
            // The joining player's screen shows the duel: the first puzzle's clock starts
            // (again, as a rejoining screen says: everything as it stands).
            Action::Ready if player == 1 && !self.begun() => Ok(self.start(now)),
            Action::Ready => Ok(Served::resync(self, now)),
            _ => Err("a puzzle duel takes moves only: no offers, claims, chat or takebacks".into()),
        }
    }

    fn is_connected(&self, seat: Seat) -> bool {
        duel_player(seat).is_some_and(|p| self.connected(p))
    }

    fn set_connected(&mut self, seat: Seat, connected: bool, now: Duration) -> Msg {
        let player = duel_player(seat).unwrap_or(0);
        // The first puzzle's clock starts when the joining player's screen is ready
        // (`Action::Ready`), not on a connection: one that cannot show the duel leaves.
        DuelReferee::set_connected(self, player, connected, now)
    }

    fn started(&self) -> bool {
        self.begun()
    }

    fn set_lag(&mut self, _seat: Seat, _round_trip: Duration) {}

    fn beat(&self, _now: Duration) -> Option<Msg> {
        // Each state carries both clocks; a screen counts down from the last one.
        None
    }

    fn rename(&mut self, _seat: Seat, _name: String, _now: Duration) -> Option<Msg> {
        None
    }

    fn resume_clocks(&mut self, _now: Duration) -> Option<Msg> {
        None
    }

    fn kept(&self) -> Option<(&Game, &Tags)> {
        None
    }

    fn into_game(self: Box<Self>) -> Option<Game> {
        None
    }
}
