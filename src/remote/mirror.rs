//! A terminal's copy of the host's game: built from a [`Snapshot`], moved on by each
//! [`Msg::Moved`], replaced by each [`Msg::Sync`], its clocks set to the host's readings.
//!
//! The copy is the screen's own [`Game`]: the mirror keeps what a copy needs beside it (the
//! seat, the host's clock readings, the move waiting for an answer) and each call is handed
//! the game to move on, so a message changes the game in place and nothing is cloned for it.
//!
//! A move made at this terminal is shown at once ([`Mirror::try_move`]): the copy plays it and
//! keeps the game as it was before, so that the host's answer either confirms it (the same
//! move comes back) or takes it back ([`Msg::Refused`], or a different game).
//!
//! The host decides every ending: a screen showing a mirror reads its clocks but never ticks
//! its game to a flag fall; the host's [`Msg::Sync`] with [`Notice::Ended`] says when.

use std::fmt;
use std::time::Duration;

use super::msg::{Action, Clocks, Msg, Notice, Seat, Snapshot};
use crate::game::pgn::import_game;
use crate::game::{Game, GameError};
use crate::rules::{Color, Move};

/// Why a message could not be followed. The terminal then asks for the game again
/// ([`Msg::WantSync`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MirrorError {
    /// The game in a snapshot could not be read.
    BadSnapshot(String),
    /// A move that does not follow from this copy (a message lost or out of order).
    OutOfStep { ply: u32, have: u32 },
    /// A move the copy finds illegal.
    BadMove(String),
}

impl fmt::Display for MirrorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MirrorError::BadSnapshot(why) => write!(f, "the host's game could not be read: {why}"),
            MirrorError::OutOfStep { ply, have } => write!(
                f,
                "the host sent the move after {ply} half-moves, but this screen has {have}"
            ),
            MirrorError::BadMove(why) => {
                write!(f, "the host sent a move that cannot be played: {why}")
            }
        }
    }
}

impl std::error::Error for MirrorError {}

/// What a message changed, for the screen to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move: the opponent's, or this terminal's own confirmed.
    Moved {
        confirmed_own: bool,
    },
    /// The game was replaced by the host's.
    Synced(Notice),
    /// This terminal's last action was refused; a move it showed was taken back.
    Refused(String),
    Chat {
        from: Seat,
        text: String,
    },
    /// New clock readings (and lags).
    Clocks,
    /// Nothing visible (a heartbeat).
    Nothing,
}

/// What a terminal keeps beside its copy of the host's game (the copy itself is the caller's:
/// see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct Mirror {
    seat: Seat,
    /// The game before this terminal's move that the host has not answered yet.
    before_pending: Option<Game>,
    clocks: Clocks,
    takeback_asked: Option<Seat>,
    connected: [bool; 2],
}

impl Mirror {
    /// The copy of a snapshot received at `now`, seen from `seat`: the mirror, and the game.
    pub fn new(
        seat: Seat,
        snapshot: &Snapshot,
        now: Duration,
    ) -> Result<(Mirror, Game), MirrorError> {
        let mut mirror = Mirror {
            seat,
            before_pending: None,
            clocks: snapshot.clocks,
            takeback_asked: None,
            connected: snapshot.connected,
        };
        let mut game = Game::new(Default::default());
        mirror.load(&mut game, snapshot, now)?;
        Ok((mirror, game))
    }

    fn load(
        &mut self,
        copy: &mut Game,
        snapshot: &Snapshot,
        now: Duration,
    ) -> Result<(), MirrorError> {
        let mut game = import_game(&snapshot.pgn)
            .map_err(|e| MirrorError::BadSnapshot(e.to_string()))?
            .game;
        if snapshot.running && !game.is_over() {
            game.start(now);
        }
        game.sync_clocks(
            snapshot.clocks.remaining(Color::White),
            snapshot.clocks.remaining(Color::Black),
            now,
        );
        *copy = game;
        self.before_pending = None;
        self.clocks = snapshot.clocks;
        self.takeback_asked = snapshot.takeback_asked;
        self.connected = snapshot.connected;
        Ok(())
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The host's last clock readings and each side's lag.
    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// A takeback request waiting for an answer.
    pub fn takeback_asked(&self) -> Option<Seat> {
        self.takeback_asked
    }

    /// Whether `color`'s terminal is connected to the host.
    pub fn connected(&self, color: Color) -> bool {
        self.connected[color.index()]
    }

    /// The game as the host has confirmed it: the `copy` without this terminal's unanswered
    /// move. What is saved and archived (a move the host never had is never written as
    /// played).
    pub fn confirmed_game<'a>(&'a self, copy: &'a Game) -> &'a Game {
        self.before_pending.as_ref().unwrap_or(copy)
    }

    /// This terminal's unanswered move in the `copy`, in SAN.
    pub fn pending_move(&self, copy: &Game) -> Option<String> {
        self.before_pending.as_ref()?;
        copy.record().moves().last().map(|m| m.san.clone())
    }

    /// True while a move of this terminal waits for the host's answer.
    pub fn is_pending(&self) -> bool {
        self.before_pending.is_some()
    }

    /// Plays this terminal's move at once and gives the message that asks the host for it.
    /// Refused here (nothing sent) if it is not this player's turn or not legal, or while an
    /// earlier move waits for its answer.
    pub fn try_move(&mut self, copy: &mut Game, mv: Move, now: Duration) -> Result<Msg, GameError> {
        let mine = self.seat.color() == Some(copy.position().turn());
        if !mine || self.is_pending() {
            return Err(GameError::IllegalMove(mv));
        }
        let ply = plies(copy);
        let before = copy.clone();
        copy.play(mv, now)?;
        self.before_pending = Some(before);
        Ok(Msg::Act {
            ply,
            action: Action::Move {
                uci: mv.uci().to_string(),
            },
        })
    }

    /// The message for any other action of this player, made now in the `copy`.
    pub fn act(&self, copy: &Game, action: Action) -> Msg {
        Msg::Act {
            ply: plies(copy),
            action,
        }
    }

    /// Follows a message from the host received at `now`, moving the `copy` on.
    pub fn apply(
        &mut self,
        copy: &mut Game,
        msg: &Msg,
        now: Duration,
    ) -> Result<Change, MirrorError> {
        match msg {
            Msg::Welcome { snapshot, seat } => {
                self.seat = *seat;
                self.load(copy, snapshot, now)?;
                Ok(Change::Synced(Notice::Resync))
            }
            Msg::Sync { snapshot, notice } => {
                self.load(copy, snapshot, now)?;
                Ok(Change::Synced(notice.clone()))
            }
            Msg::Moved { ply, uci, clocks } => self.moved(copy, *ply, uci, clocks, now),
            Msg::Refused { reason } => {
                if let Some(before) = self.before_pending.take() {
                    *copy = before;
                }
                Ok(Change::Refused(reason.clone()))
            }
            Msg::Chat { from, text } => Ok(Change::Chat {
                from: *from,
                text: super::clean_chat(text),
            }),
            Msg::Clock(clocks) => {
                self.set_clocks(copy, clocks, now);
                Ok(Change::Clocks)
            }
            // A duel's state is for a duel's table, not a game's.
            Msg::Duel(_)
            | Msg::DuelWelcome { .. }
            | Msg::Ping { .. }
            | Msg::Act { .. }
            | Msg::Pong { .. }
            | Msg::WantSync
            | Msg::Bye => Ok(Change::Nothing),
        }
    }

    fn moved(
        &mut self,
        copy: &mut Game,
        ply: u32,
        uci: &str,
        clocks: &Clocks,
        now: Duration,
    ) -> Result<Change, MirrorError> {
        // This terminal's own move, come back: confirmed.
        if let Some(before) = &self.before_pending {
            let own = copy.record().moves().last().map(|m| m.mv.uci().to_string());
            let before_plies = u32::try_from(before.record().plies()).unwrap_or(u32::MAX);
            if before_plies == ply && own.as_deref() == Some(uci) {
                self.before_pending = None;
                self.set_clocks(copy, clocks, now);
                return Ok(Change::Moved {
                    confirmed_own: true,
                });
            }
            // Something else happened first: the host's game wins.
            if let Some(before) = self.before_pending.take() {
                *copy = before;
            }
        }
        let have = plies(copy);
        if ply != have {
            return Err(MirrorError::OutOfStep { ply, have });
        }
        let mv = copy
            .position()
            .parse_move(uci)
            .map_err(|e| MirrorError::BadMove(e.to_string()))?;
        copy.play(mv, now)
            .map_err(|e| MirrorError::BadMove(e.to_string()))?;
        self.takeback_asked = None;
        self.set_clocks(copy, clocks, now);
        Ok(Change::Moved {
            confirmed_own: false,
        })
    }

    fn set_clocks(&mut self, copy: &mut Game, clocks: &Clocks, now: Duration) {
        self.clocks = *clocks;
        if !copy.is_over() {
            copy.sync_clocks(
                clocks.remaining(Color::White),
                clocks.remaining(Color::Black),
                now,
            );
        }
    }
}

/// The half-moves played in `game`, as the messages count them.
fn plies(game: &Game) -> u32 {
    u32::try_from(game.record().plies()).unwrap_or(u32::MAX)
}
