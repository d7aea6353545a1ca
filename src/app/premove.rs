//! Premoves (issue 56): a move typed while the opponent thinks — the engine, or the player at
//! the other terminal — is kept, shown on the status line, and played the moment it is this
//! screen's move, as lichess does; dropped with a word if it is not legal then, cancelled by
//! Esc. One premove at a time (lichess's default): a second replaces the first. Never at one
//! keyboard, where there is no one to premove against, nor at a puzzle or for a watcher: the
//! table must say that this screen plays one side and the other side is to move.
//!
//! A premove is kept as typed and read only when it is played, in the position it is played
//! in, by the same reader as any typed move (`move_entry::read_line_in`): what it means can
//! only be known then. It is played through `App::submit`, as any move.

use std::time::Duration;

use super::move_entry::read_line_in;
use super::table::{NextMove, Table};
use super::{App, Message, Mode, Say};

/// A move typed ahead of this screen's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Premove {
    /// As typed: one move.
    text: String,
    /// The game's length when it was kept: a takeback below it drops it.
    plies: usize,
}

impl Premove {
    /// The move as typed.
    pub(super) fn text(&self) -> &str {
        &self.text
    }
}

impl App {
    /// Whether a move typed now is a premove: the game goes on, this screen plays one side
    /// against the engine or across the network, and the other side is to move.
    pub(super) fn premove_allowed(&self) -> bool {
        let table = match &self.table {
            Table::Engine(_) => true,
            Table::Remote(net) => net.takes_premoves(),
            Table::Keyboard | Table::Puzzle(_) => false,
        };
        table
            && !self.game.is_over()
            && self.table.own_color() == Some(!self.game.position().turn())
    }

    /// Keeps `text` (typed and entered) as the premove if a move now would be one; `false`
    /// when it is not a premove's to keep.
    pub(super) fn keep_premove(&mut self, text: &str) -> bool {
        if !self.premove_allowed() || self.review.is_active() {
            return false;
        }
        if text.split_whitespace().count() != 1 {
            self.message.error(format!(
                "\"{text}\" is more than one move: a premove is one move, typed alone \
                 (\"Nf3\"), while the opponent thinks"
            ));
            self.move_box.reject();
            return true;
        }
        let text = text.trim().to_owned();
        self.message = Some(
            Message::info(format!(
                "Premove {text}: played as soon as it is your move, if it is legal then (Esc \
                 or cancel takes it back)"
            ))
            .or_shorter(format!("Premove {text} (Esc cancels it)")),
        );
        self.premove = Some(Premove {
            text,
            plies: self.game.record().plies(),
        });
        self.move_box.clear();
        true
    }

    /// Esc: cancels the premove, if one waits; whether it did.
    pub(super) fn cancel_premove(&mut self) -> bool {
        let Some(premove) = self.premove.take() else {
            return false;
        };
        self.message
            .info(format!("Premove {} cancelled", premove.text));
        true
    }

    /// After every update: the premove played once it is this screen's move (and no dialog
    /// is open over the board), or dropped with a word if it is not legal then; dropped
    /// silently at the game's end or when a takeback removed the move it answered.
    pub(super) fn follow_premove(&mut self, now: Duration) {
        let Some(premove) = &self.premove else {
            return;
        };
        if self.game.is_over() || self.game.record().plies() < premove.plies {
            self.premove = None;
            return;
        }
        let own = self.table.own_color();
        let ours = matches!(self.table.next_move(&self.game), NextMove::Here(c) if Some(c) == own);
        if !ours || self.mode != Mode::Playing || self.review.is_active() {
            return;
        }
        let Some(premove) = self.premove.take() else {
            return;
        };
        let pos = self.game.position().clone();
        let read = read_line_in(&pos, &premove.text, self.style)
            .into_iter()
            .next()
            .map(|step| step.read);
        match read {
            Some(Ok(mv)) => {
                let written = self.view().written(mv);
                self.submit(mv, now);
                if self.game.record().plies() > premove.plies && self.message.is_none() {
                    self.message.info(format!("Premove {written} played"));
                }
            }
            Some(Err(refusal)) => self
                .message
                .error(format!("Premove {} dropped: {refusal}", premove.text)),
            None => {}
        }
    }
}
