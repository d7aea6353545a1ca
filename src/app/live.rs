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

use super::{App, EngineEffect, Message};
use crate::game::Spot;
use crate::game::report::PositionEval;
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

/// The live analysis: on or off, the position it is about, its lines.
#[derive(Clone, Debug, Default)]
pub(super) struct Live {
    pub on: bool,
    /// The position analysed, and the id of its search.
    spot: Option<Spot>,
    id: u64,
    pub depth: u32,
    pub lines: Vec<PositionEval>,
    /// The search ended at its budget.
    pub done: bool,
}

impl App {
    /// The live lines shown, best first, with their depth; `None` when the live analysis is
    /// off.
    pub fn live_lines(&self) -> Option<(u32, &[PositionEval])> {
        self.live
            .on
            .then_some((self.live.depth, self.live.lines.as_slice()))
    }

    /// The live search of the position shown has ended (its lines, if any, are final; none
    /// where the position has no move).
    pub fn live_finished(&self) -> bool {
        self.live.on && self.live.done
    }

    /// The live analysis's key: on, or off.
    pub(super) fn toggle_live(&mut self) {
        if self.live.on {
            self.stop_live();
            self.message = Some(Message::info("Engine lines off"));
            return;
        }
        if !self.table.analysis_open(&self.game) {
            self.message = Some(
                Message::error(
                    "The game is in progress: the engine is never consulted during a game. Its \
                     lines are for a finished or loaded game",
                )
                .or_shorter("No engine during a game: its lines are for a finished game"),
            );
            return;
        }
        self.live.on = true;
        self.message = Some(Message::info(
            "Engine lines on: they follow the position shown",
        ));
        self.follow_live();
    }

    /// Turns the live analysis off, its search stopped.
    pub(super) fn stop_live(&mut self) {
        if self.live.spot.is_some() {
            self.effects.push(EngineEffect::StopLive.into());
        }
        self.live = super::live::Live {
            id: self.live.id,
            ..Default::default()
        };
    }

    /// After every update: a new search when the position shown is not the one analysed.
    pub(super) fn follow_live(&mut self) {
        if !self.live.on {
            return;
        }
        if !self.table.analysis_open(&self.game) {
            // A new game replaced the one studied.
            self.stop_live();
            return;
        }
        let spot = self.shown_spot();
        if self.live.spot == Some(spot) {
            return;
        }
        let record = self.game.record();
        let moves: Vec<Move> = match spot {
            Spot::Main(p) => record.moves()[..p].iter().map(|m| m.mv).collect(),
            Spot::Var(id) => {
                let (ply, line) = self.game.variations().path(id);
                let mut moves: Vec<Move> = record.moves()[..ply].iter().map(|m| m.mv).collect();
                moves.extend(line);
                moves
            }
        };
        self.live.id += 1;
        self.live.spot = Some(spot);
        self.live.lines.clear();
        self.live.depth = 0;
        self.live.done = false;
        self.effects.push(
            EngineEffect::LiveAnalyse(LiveJob {
                id: self.live.id,
                start: record.start().clone(),
                moves,
            })
            .into(),
        );
    }

    /// What the live search `id` said.
    pub(super) fn live_update(&mut self, id: u64, update: LiveUpdate) {
        if !self.live.on || id != self.live.id {
            return;
        }
        match update {
            LiveUpdate::Lines { depth, lines } => {
                self.live.depth = depth;
                self.live.lines = lines;
            }
            LiveUpdate::Done => self.live.done = true,
            LiveUpdate::Failed(error) => {
                self.live = super::live::Live {
                    id: self.live.id,
                    ..Default::default()
                };
                self.message = Some(Message::error(error));
            }
        }
    }
}
