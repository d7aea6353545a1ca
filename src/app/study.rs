//! The analysis board: looking through the variations of a game, and studying a finished or
//! loaded one — moves played from the position shown start or follow side lines, which can be
//! promoted, deleted and commented. The game's own moves (its main line, with its result and
//! clocks) are never changed; a game still being played stays read-only in review.
//!
//! # The keys
//!
//! ← → step within the line shown (→ at a fork follows that line); ↓ or End go to its end, ↑
//! or Home to the start of the game. Shift-→ enters the first variation that branches off at
//! the next move, and pressed again at once (or where none branches off), the next choice at the
//! fork the move shown is on, round to the line's own move; Shift-← leaves the variation for the
//! position it branches off from. Every input path (typed, cursor, mouse) plays its
//! move through [`App::submit`], which hands a finished game's moves to [`Study::play`].

use crate::app::Say;
use std::time::Duration;

use super::parts::{BoardControl, MoveBox, Review};
use super::saving::Saving;
use super::shown::Shown;
use super::{App, Message};
use crate::game::{Game, Spot};
use crate::rules::{Move, Position};

/// How the review moves through the game tree: each way answers where to go (or what to say
/// where there is nowhere), and [`Study::show_spot`] goes there.
impl Review {
    /// Where in the game tree of `game` the board is.
    pub fn spot(self, game: &Game) -> Spot {
        match self.var() {
            Some(id) => Spot::Var(id),
            None => Spot::Main(self.shown(game.record().plies())),
        }
    }

    /// ← (`-1`) and → (`1`) within the line shown.
    pub fn step_line(self, game: &Game, delta: isize) -> Result<Spot, Message> {
        let Spot::Var(id) = self.spot(game) else {
            let plies = game.record().plies();
            let mut review = self;
            review.step(delta, plies);
            return Ok(Spot::Main(review.shown(plies)));
        };
        let variations = game.variations();
        let next = if delta < 0 {
            variations.parent(id)
        } else {
            variations.continuation(Spot::Var(id)).map(Spot::Var)
        };
        next.ok_or_else(|| Message::info("The end of this variation: Shift-← leaves it"))
    }

    /// ↑ and Home: the start position, if any move was played.
    pub fn start(self, game: &Game) -> Option<Spot> {
        (game.record().plies() > 0).then_some(Spot::Main(0))
    }

    /// ↓ and End: the end of the line shown (the present in the main line).
    pub fn line_end(self, game: &Game) -> Spot {
        let Spot::Var(mut id) = self.spot(game) else {
            return Spot::Main(usize::MAX);
        };
        let variations = game.variations();
        while let Some(next) = variations.continuation(Spot::Var(id)) {
            id = next;
        }
        Spot::Var(id)
    }

    /// Shift-→: the first variation branching off at the next move; `again` (the last key was
    /// this one), or when none branches off there: the next choice at the fork the move shown
    /// is on, round to the line's own move. Where to, and what it is.
    pub fn next_variation(self, game: &Game, again: bool) -> Result<(Spot, Message), Message> {
        let spot = self.spot(game);
        let ahead = game.variations().alternatives(spot);
        let target = match ahead.first() {
            Some(&id) if !again => Some(Spot::Var(id)),
            _ => {
                let fork = fork(game, spot);
                let at = fork.iter().position(|&s| s == spot);
                at.filter(|_| fork.len() > 1)
                    .map(|i| fork[(i + 1) % fork.len()])
            }
        };
        let Some(target) = target else {
            return Err(Message::info(
                "No variation branches off here or at the next move",
            ));
        };
        let fork = fork(game, target);
        let variations = fork.len() - 1;
        let text = match fork.iter().position(|&s| s == target) {
            Some(0) => format!(
                "The line's own move ({variations} variation{} here): Shift-→ again: the next",
                if variations == 1 { "" } else { "s" }
            ),
            Some(i) if variations > 1 => format!(
                "Variation {i} of {variations}: Shift-→ again: the next one, Shift-← leaves it"
            ),
            _ => "Variation: Shift-← leaves it".to_owned(),
        };
        Ok((target, Message::info(text)))
    }

    /// Shift-←: from a variation to the position it branches off from.
    pub fn leave_variation(self, game: &Game) -> Result<Option<Spot>, Message> {
        let Spot::Var(id) = self.spot(game) else {
            return Err(Message::info(
                "This is the game's own line: Shift-→ enters a variation",
            ));
        };
        let variations = game.variations();
        Ok(variations.parent(variations.line_start(id)))
    }
}

/// The moves played from the position before `spot`'s move, the line's own first: the
/// choices at the fork `spot` is on.
fn fork(game: &Game, spot: Spot) -> Vec<Spot> {
    let variations = game.variations();
    let parent = match spot {
        Spot::Main(0) => return Vec::new(),
        Spot::Main(p) => Spot::Main(p - 1),
        Spot::Var(id) => match variations.parent(id) {
            Some(parent) => parent,
            None => return Vec::new(),
        },
    };
    let mut choices = Vec::new();
    match parent {
        Spot::Main(p) => choices.push(Spot::Main(p + 1)),
        Spot::Var(_) => choices.extend(variations.continuation(parent).map(Spot::Var)),
    }
    choices.extend(
        variations
            .alternatives(parent)
            .iter()
            .map(|&id| Spot::Var(id)),
    );
    choices
}

impl App {
    /// The analysis board's side of the app, borrowed (see [`Study`]).
    pub(super) fn study(&mut self) -> Study<'_> {
        Study {
            game: &mut self.game,
            review: &mut self.review,
            var_position: &mut self.var_position,
            board: &mut self.board,
            move_box: &mut self.move_box,
            note_scroll: &mut self.note_scroll,
            message: &mut self.message,
            saving: &mut self.saving,
            now: self.now,
        }
    }
}

/// The analysis board, borrowed from the app: the game's tree of moves and notes, the review
/// through it, and the board and move box that follow it. Every move through the game tree
/// goes by [`Study::show_spot`].
pub(super) struct Study<'a> {
    pub(super) game: &'a mut Game,
    pub(super) review: &'a mut Review,
    /// The position of the variation move shown.
    pub(super) var_position: &'a mut Option<Position>,
    pub(super) board: &'a mut BoardControl,
    pub(super) move_box: &'a mut MoveBox,
    /// Lines of the note on the position shown scrolled past.
    pub(super) note_scroll: &'a mut u16,
    pub(super) message: &'a mut Option<Message>,
    pub(super) saving: &'a mut Saving,
    pub(super) now: Duration,
}

impl Study<'_> {
    /// The game as the board shows it.
    pub(super) fn shown(&self) -> Shown<'_> {
        Shown::new(self.game, *self.review, self.var_position.as_ref())
    }

    /// Back to the present with empty hands: the review left, the piece put back, the move box
    /// emptied.
    pub(super) fn back_to_present(&mut self) {
        self.review.leave();
        *self.note_scroll = 0;
        self.board.put_back();
        self.move_box.clear();
    }

    /// ← (`-1`) and → (`1`) within the line shown.
    pub(super) fn step(&mut self, delta: isize) {
        let to = self.review.step_line(self.game, delta);
        self.go(to);
    }

    /// ↑ and Home: the start of the game.
    pub(super) fn go_to_start(&mut self) {
        if let Some(start) = self.review.start(self.game) {
            self.show_spot(start);
        }
    }

    /// ↓ and End: the end of the line shown.
    pub(super) fn go_to_line_end(&mut self) {
        let end = self.review.line_end(self.game);
        self.show_spot(end);
    }

    /// Scrolls the note by `delta` lines, no further than `max` (what the panel leaves
    /// unshown).
    pub(super) fn scroll_note(&mut self, delta: i32, max: usize) {
        let next = i64::from(*self.note_scroll) + i64::from(delta);
        *self.note_scroll = u16::try_from(next.clamp(0, max as i64)).unwrap_or(0);
    }

    /// Shows a spot of the game tree (a ply past the end: the present), with the arrows on
    /// the moves: the one door by which the review moves.
    pub(super) fn show_spot(&mut self, spot: Spot) {
        let plies = self.game.record().plies();
        match spot {
            Spot::Main(ply) if ply >= plies => self.review.leave(),
            Spot::Main(ply) => self.review.go_to(ply),
            Spot::Var(id) => {
                let (ply, _) = self.game.variations().path(id);
                let Some(position) = self.game.position_at(spot) else {
                    return;
                };
                self.review.enter(ply, id);
                *self.var_position = Some(position);
            }
        }
        self.board.put_back();
        self.board.engaged = false;
        *self.message = None;
        *self.note_scroll = 0;
    }

    /// Goes where a way through the game tree leads, or says why there is nowhere to go.
    pub(super) fn go(&mut self, to: Result<Spot, Message>) {
        match to {
            Ok(spot) => self.show_spot(spot),
            Err(said) => *self.message = Some(said),
        }
    }

    /// A move chosen by any input in a finished game: steps on, enters a variation or starts
    /// one (see [`Game::study_move`](crate::game::Game::study_move)).
    pub(super) fn play(&mut self, mv: Move) {
        let engaged = self.board.engaged;
        let before = self.game.variations().len();
        match self.game.study_move(self.shown().spot(), mv) {
            Ok(spot) => {
                if self.game.variations().len() != before {
                    self.saving.study_changed(self.now);
                }
                self.show_spot(spot);
                self.board.engaged = engaged;
                self.board.cursor = mv.to();
                self.move_box.clear();
                if self.game.variations().len() > before
                    && let Some((number, san, _)) = self.game.move_at(spot)
                {
                    let kept = match self.saving.archived_path {
                        Some(_) => "the variations are kept in its archive file",
                        None => "Ctrl-S saves it with the variations",
                    };
                    self.message.info(format!(
                        "Variation: {number} {san} (the game stays as played; {kept})"
                    ));
                }
            }
            Err(crate::game::StudyError::NoSpot) => self
                .message
                .error("This game has no move for a variation to branch off from"),
            Err(err) => self.message.error(format!("Not added: {err}")),
        }
    }

    /// Refuses a study command outside a finished game's variations; says why. `None` then.
    fn shown_variation(&mut self, what: &str) -> Option<u32> {
        if !self.shown().studying() {
            self.message
                .error(format!("Variations are {what} after the game"));
            return None;
        }
        match self.shown().spot() {
            Spot::Var(id) => Some(id),
            Spot::Main(_) => {
                self.message.error(format!(
                    "This is the game's own line, which stays as played: only variations are \
                     {what} (Shift-→ enters one)"
                ));
                None
            }
        }
    }

    /// Moves the variation shown up one place at its branch point.
    pub(super) fn promote_variation(&mut self) {
        let Some(id) = self.shown_variation("promoted") else {
            return;
        };
        let variations = self.game.variations();
        let start = variations.line_start(id);
        let off_main = matches!(variations.parent(start), Some(Spot::Main(_)));
        let first = variations
            .parent(start)
            .map(|p| variations.alternatives(p))
            .is_some_and(|alts| alts.first() == Some(&start));
        if self.game.promote_variation(id) {
            self.saving.study_changed(self.now);
            self.show_spot(Spot::Var(id));
            self.message.info(if first {
                "Promoted: now the main line of the variation it branches from"
            } else {
                "Promoted: moved up one place among the variations here"
            });
        } else if off_main {
            self.message.info(
                "This is already the first variation here; the game's own moves stay the main \
                 line, as played",
            );
        } else {
            self.message
                .info("This is already the main line of its variation");
        }
    }

    /// Deletes the variation move shown and the rest of its line; shows where it branched off.
    pub(super) fn delete_variation(&mut self) {
        let Some(id) = self.shown_variation("deleted") else {
            return;
        };
        let what = match self.game.move_at(Spot::Var(id)) {
            Some((number, san, _)) => format!("{number} {san}"),
            None => String::new(),
        };
        let whole = self.game.variations().starts_line(id);
        if let Some(parent) = self.game.delete_variation(id) {
            self.saving.study_changed(self.now);
            self.show_spot(parent);
            self.message.info(if whole {
                format!("Deleted the variation {what}…")
            } else {
                format!("Deleted {what} and the rest of its variation")
            });
        }
    }

    /// Ctrl-O: the move box opens with the comment of the move shown, after a `{`.
    pub(super) fn open_comment(&mut self) {
        if !self.shown().studying() {
            self.message.error("Comments are written after the game");
            return;
        }
        let comment = match self.shown().spot() {
            Spot::Main(0) => self.game.intro().to_owned(),
            spot => self
                .game
                .move_at(spot)
                .map(|(_, _, notes)| notes.comment.clone())
                .unwrap_or_default(),
        };
        self.move_box.set(format!("{{{comment}"));
        *self.message = None;
    }

    /// Typed `{text` (a closing `}` may follow) after the game: the comment of the move shown.
    /// `false` when the text is no comment.
    pub(super) fn write_comment(&mut self, text: &str) -> bool {
        let Some(body) = text.strip_prefix('{') else {
            return false;
        };
        if !self.shown().studying() {
            self.message.error("Comments are written after the game");
            return true;
        }
        let body = body.strip_suffix('}').unwrap_or(body).replace('}', ")");
        let spot = self.shown().spot();
        if !self.game.set_comment(spot, &body) {
            return false;
        }
        self.saving.study_changed(self.now);
        self.move_box.clear();
        let on = match self.game.move_at(spot) {
            Some((number, san, _)) => format!("{number} {san}"),
            None => "the start position".to_owned(),
        };
        self.message.info(if body.trim().is_empty() {
            let kept = match self.saving.archived_path {
                Some(_) => "its archive file follows",
                None => "Ctrl-S saves the game",
            };
            format!("Comment on {on} removed ({kept})")
        } else {
            format!("Comment on {on} kept ({})", self.saving.study_kept_where())
        });
        true
    }

    /// Typed `!`, `?`, `!!`, `??`, `!?` or `?!` in a finished game: marks the move that led to
    /// the position shown with it (again: takes it off), in the main line or a variation.
    /// `false` when the text is no glyph or there is no finished game's move to mark.
    pub(super) fn annotate(&mut self, text: &str) -> bool {
        let Some(nag) = (1..=6).find(|&n| crate::game::nag_symbol(n, true) == Some(text)) else {
            return false;
        };
        let spot = self.shown().spot();
        if !self.game.is_over() {
            return false;
        }
        let Some(notes) = self.game.notes_at_mut(spot) else {
            return false;
        };
        notes.toggle_assessment(nag);
        self.saving.study_changed(self.now);
        self.move_box.clear();
        if let Some((number, san, notes)) = self.game.move_at(spot) {
            let glyphs = crate::game::nag_text(&notes.nags, true);
            self.message.info(format!(
                "{number} {san}{glyphs} ({})",
                self.saving.study_kept_where()
            ));
        }
        true
    }
}
