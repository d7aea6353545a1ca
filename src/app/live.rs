//! Live analysis on the analysis board: a key turns on the engine's three best lines
//! (MultiPV 3) for the position shown, in review or study of a finished or loaded game, and
//! they follow the position as the players step: after every update, a position shown that is
//! not the one analysed hands out a new [`EngineEffect::LiveAnalyse`] (the front end cancels the old
//! search first, so only one engine runs). Refused, with a message saying why, while a game is
//! in progress: the engine is never consulted during a game.
//!
//! The app does not run the engine (see `report`): the front end hands back what it says as
//! [`LiveUpdate`]s with the job's id, and an update for another id (a position left behind) is
//! dropped.

use super::{Effect, EngineEffect, Message};
use crate::game::report::PositionEval;
use crate::game::{Game, Spot};
use crate::rules::{Move, Position};

/// What the live search says, in the app's terms.
#[derive(Clone, Debug, PartialEq)]
pub enum LiveUpdate {
    /// The best lines at `depth`, best first.
    Lines {
        depth: u32,
        lines: Vec<PositionEval>,
    },
    /// The search reached its budget.
    Done,
    /// The engine failed: which, and what went wrong.
    Failed(String),
}

/// A position for the live search: the game's start and the moves to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveJob {
    pub id: u64,
    pub start: Position,
    pub moves: Vec<Move>,
}

/// The live analysis: on or off, the position it is about, its lines. It asks the engine
/// through the effects it is handed and says what happened in the message it returns.
#[derive(Clone, Debug, Default)]
pub struct Live {
    on: bool,
    /// The position analysed, and the id of its search.
    spot: Option<Spot>,
    id: u64,
    depth: u32,
    lines: Vec<PositionEval>,
    /// The search ended at its budget.
    done: bool,
}

impl Live {
    /// The live lines shown, best first, with their depth; `None` when the live analysis is
    /// off.
    pub fn lines(&self) -> Option<(u32, &[PositionEval])> {
        self.on.then_some((self.depth, self.lines.as_slice()))
    }

    /// The live search of the position shown has ended (its lines, if any, are final; none
    /// where the position has no move).
    pub fn finished(&self) -> bool {
        self.on && self.done
    }

    /// The live analysis's key: on (following `spot` of `game`, where the table has the
    /// analysis `open`: a finished game, a puzzle once solved), or off.
    pub(super) fn toggle(
        &mut self,
        game: &Game,
        open: bool,
        spot: Spot,
        effects: &mut Vec<Effect>,
    ) -> Message {
        if self.on {
            self.stop(effects);
            return Message::info("Engine lines off");
        }
        if !open {
            return Message::error(
                "The game is in progress: the engine is never consulted during a game. Its \
                 lines are for a finished or loaded game",
            )
            .or_shorter("No engine during a game: its lines are for a finished game");
        }
        self.on = true;
        self.follow(game, open, spot, effects);
        Message::info("Engine lines on: they follow the position shown")
    }

    /// Turns the live analysis off, its search stopped.
    pub(super) fn stop(&mut self, effects: &mut Vec<Effect>) {
        if self.spot.is_some() {
            effects.push(EngineEffect::StopLive.into());
        }
        *self = Live {
            id: self.id,
            ..Default::default()
        };
    }

    /// After every update: a new search when `spot`, the position shown, is not the one
    /// analysed; stopped when the analysis is no longer `open` at the table.
    pub(super) fn follow(
        &mut self,
        game: &Game,
        open: bool,
        spot: Spot,
        effects: &mut Vec<Effect>,
    ) {
        if !self.on {
            return;
        }
        if !open {
            // A new game replaced the one studied.
            self.stop(effects);
            return;
        }
        if self.spot == Some(spot) {
            return;
        }
        let record = game.record();
        let moves: Vec<Move> = match spot {
            Spot::Main(p) => record.moves()[..p].iter().map(|m| m.mv).collect(),
            Spot::Var(id) => {
                let (ply, line) = game.variations().path(id);
                let mut moves: Vec<Move> = record.moves()[..ply].iter().map(|m| m.mv).collect();
                moves.extend(line);
                moves
            }
        };
        self.id += 1;
        self.spot = Some(spot);
        self.lines.clear();
        self.depth = 0;
        self.done = false;
        effects.push(
            EngineEffect::LiveAnalyse(LiveJob {
                id: self.id,
                start: record.start().clone(),
                moves,
            })
            .into(),
        );
    }

    /// What the live search `id` said; the message when it failed.
    pub(super) fn update(&mut self, id: u64, update: LiveUpdate) -> Option<Message> {
        if !self.on || id != self.id {
            return None;
        }
        match update {
            LiveUpdate::Lines { depth, lines } => {
                self.depth = depth;
                self.lines = lines;
            }
            LiveUpdate::Done => self.done = true,
            LiveUpdate::Failed(error) => {
                *self = Live {
                    id: self.id,
                    ..Default::default()
                };
                return Some(Message::error(error));
            }
        }
        None
    }
}
