//! What the board shows: the present, a position of the past, or a side line's move — and
//! what goes with it (the move that led there, the clocks as they stood, the opening's name).
//!
//! [`Shown`] is a view of the game through the review, made by [`View::shown`](super::View::shown)
//! for the screen, the plain mode and the app's own parts alike, so each asks one question of
//! one value ("the position shown") instead of the app answering a dozen.

use std::time::Duration;

use super::parts::Review;
use crate::game::openings::{self, Opening};
use crate::game::{Game, Spot};
use crate::rules::{Move, Position};

/// The game as the board shows it. See the [module docs](self).
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a> {
    game: &'a Game,
    review: Review,
    /// The position of the side line's move shown, kept beside the review.
    var_position: Option<&'a Position>,
}

impl<'a> Shown<'a> {
    pub(super) fn new(game: &'a Game, review: Review, var_position: Option<&'a Position>) -> Self {
        Shown {
            game,
            review,
            var_position: review.var().and(var_position),
        }
    }

    /// The number of half-moves into the game the board shows.
    pub fn ply(&self) -> usize {
        self.review.shown(self.game.record().plies())
    }

    /// Where in the game tree the board is.
    pub fn spot(&self) -> Spot {
        self.review.spot(self.game)
    }

    /// The position the board shows: the present, or the one being reviewed.
    pub fn position(&self) -> &'a Position {
        if let Some(position) = self.var_position {
            return position;
        }
        self.game
            .record()
            .position_at(self.ply())
            .unwrap_or_else(|| self.game.position())
    }

    /// Whether moves on the board study the game (a finished one) rather than play it.
    pub fn studying(&self) -> bool {
        self.game.is_over()
    }

    /// The position moves are made from: the one shown while studying, else the game's.
    pub fn board_position(&self) -> &'a Position {
        if self.studying() {
            self.position()
        } else {
            self.game.position()
        }
    }

    /// The move that led to the position shown.
    pub fn last_move(&self) -> Option<Move> {
        if let Some(id) = self.review.var() {
            return self.game.variations().node(id).map(|n| n.mv);
        }
        self.ply()
            .checked_sub(1)
            .and_then(|i| self.game.record().moves().get(i))
            .map(|m| m.mv)
    }

    /// Both clocks as they stood at the position shown, from the game's clock readings, while
    /// looking back through a finished game (or all along in an untimed game that has
    /// readings); `None`: the clocks as they are now. While a timed game goes on, the clocks
    /// shown are the live ones whatever position is looked at: the time running out is the
    /// one that matters (the note says what each move took).
    pub fn clocks(&self) -> Option<[Option<Duration>; 2]> {
        let game = self.game;
        let looking_back = (self.review.is_active() && game.is_over()) || !game.is_timed();
        (looking_back && game.has_clock_readings()).then(|| game.clocks_at(self.ply()))
    }

    /// The opening of the position shown, named as the game went ("C50 Italian Game").
    pub fn opening(&self) -> Option<Opening> {
        openings::of_record(self.game.record(), self.ply())
    }

    /// The opening's name in a panel `height` rows tall (frame included) and `width` columns
    /// wide inside: up to two lines, each a column in, when the panel is tall enough for them
    /// (see [`OPENING_ROWS_FROM`](crate::layout::OPENING_ROWS_FROM)); none otherwise.
    pub fn opening_lines(&self, height: u16, width: usize) -> Vec<String> {
        match self.opening() {
            Some(opening) if height >= crate::layout::OPENING_ROWS_FROM => {
                crate::text::wrap_clipped(&opening.to_string(), width.saturating_sub(2), 2)
            }
            _ => Vec::new(),
        }
    }
}
