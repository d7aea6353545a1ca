//! The table's side of the app, borrowed apart from the screen's: the game, who sits where,
//! the questions standing, and what the players are told and the other terminal sent.
//!
//! [`Desk`] is made by `App::desk` for work that decides matters of the game and touches
//! nothing the screen alone owns (the board's cursor, the move box, the review): the
//! questions of `requests` and the network's actions. Where the screen must follow (a move
//! taken back puts the board back to the present), a desk's method says so in what it
//! returns, and the app does it; so the table's rules read without the screen's state.

use crate::app::Say;
use std::time::Duration;

use super::notation::Words;
use super::requests::{ANSWER_GUARD, Requests};

/// How the answer guard's word begins: it is said only while its question stands
/// (`App::forget_stale_guard`).
pub(super) const GUARD_WORDS: &str = "That key came as the question did";
use super::table::Table;
use super::{Effect, Message};
use crate::game::Game;
use crate::remote::Action;
use crate::rules::MoveStyle;

/// What the table's side did with an action it answered, for the screen to follow.
#[must_use = "a move taken back puts the board back to the present"]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Acted {
    /// Answered; the screen stays as it is.
    Here,
    /// A move was taken back: the board goes back to the present.
    TookBack,
}

/// The table's side of the app, borrowed. See the [module docs](self).
pub(super) struct Desk<'a> {
    pub(super) game: &'a mut Game,
    pub(super) table: &'a mut Table,
    pub(super) requests: &'a mut Requests,
    pub(super) effects: &'a mut Vec<Effect>,
    pub(super) message: &'a mut Option<Message>,
    pub(super) style: MoveStyle,
    /// The action being handled came from a key press (see `App::by_key`).
    pub(super) by_key: bool,
}

impl Desk<'_> {
    /// The game as the players read it.
    pub(super) fn words(&self) -> Words<'_> {
        Words::new(self.game, self.style)
    }

    /// Sends `action` to the host when the game is played across the network (a watcher is
    /// told only players act). False when the table is here: the caller acts on the game.
    pub(super) fn net_act(&mut self, action: Action) -> bool {
        let Some(net) = self.table.remote() else {
            return false;
        };
        match net.act(self.game, action) {
            Some(msg) => self.effects.push(Effect::Net(msg)),
            None => self
                .message
                .error("You are watching: only the players act in the game"),
        }
        true
    }

    /// Whether the key being handled came too soon after `since` to answer a question that
    /// came then (it was already on its way); if so the status line says `how` to answer. A
    /// typed word (the plain mode's `accept`) is never in flight. Every question's guard, the
    /// opponent's here and the grave ones of the dialogs.
    pub(super) fn too_soon_to_answer(&mut self, since: Duration, now: Duration, how: &str) -> bool {
        let soon = self.by_key && now.saturating_sub(since) < ANSWER_GUARD;
        if soon {
            self.message
                .info(format!("{GUARD_WORDS}, so it does not answer: {how}"));
        }
        soon
    }
}
