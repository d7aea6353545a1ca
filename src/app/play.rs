//! The board and the move box: cursor, selection, mouse, typed text, commands, history review,
//! and the one function every move goes through ([`App::commit`]).

use crate::app::Say;
use std::time::Duration;

use super::desk::Acted;
use super::dialogs::{self, Promotion};
use super::keymap::{Action, Pointer, PointerKind, action_for_word};
use super::move_entry::{self, Refusal};
use super::parts::{Drag, MAX_INPUT_CHARS, TooLong};
use super::table::{NextMove, Table};
use super::{App, Message, Mode};
use crate::rules::move_targets;
use crate::rules::{Move, MoveError, Role, Square};

/// Why only one move of a typed line is played in a timed game.
pub(super) const ONE_MOVE_EACH: &str = "with the clock running, each player makes their own move";

impl App {
    pub(super) fn on_playing(&mut self, action: Action, now: Duration) {
        let again = std::mem::take(&mut self.cycling);
        if super::retro::intercept(self, action) {
            return;
        }
        if self.table_refuses(&action) {
            return;
        }
        match self.desk().engine_action(&action, now) {
            Some(Acted::TookBack) => return self.study().back_to_present(),
            Some(Acted::Here) => return,
            None => {}
        }
        if super::puzzle::action(self, &action, now) {
            return;
        }
        match action {
            // While there is typed text, ← → Home End edit it.
            Action::CursorLeft if self.move_box.is_editing() => self.move_box.step(-1),
            Action::CursorRight if self.move_box.is_editing() => self.move_box.step(1),
            // Home and End move the caret too, unless a game in progress shows an earlier
            // position: then they go to the start or back to the game, as the refusal of a move
            // there says. (After the game, typed glyphs are edited like any text.)
            Action::HistoryStart
                if self.move_box.is_editing() && !self.view().past_of_live_game() =>
            {
                self.move_box.go_to_edge(false)
            }
            Action::HistoryEnd
                if self.move_box.is_editing() && !self.view().past_of_live_game() =>
            {
                self.move_box.go_to_edge(true)
            }
            Action::DeleteForward if self.move_box.delete().is_some() => self.message = None,
            Action::DeleteWord if self.move_box.is_editing() => {
                self.move_box.delete_word();
                self.message = None;
            }
            Action::DeleteToStart if self.move_box.is_editing() => {
                self.move_box.delete_to_start();
                self.message = None;
            }
            Action::CursorLeft if self.view().arrows_step() => self.study().step(-1),
            Action::CursorRight if self.view().arrows_step() => self.study().step(1),
            Action::CursorUp if self.view().arrows_step() => self.study().go_to_start(),
            Action::CursorDown if self.view().arrows_step() => self.study().go_to_line_end(),
            // Enter or Space on a board being looked through takes it in hand: the cursor shows.
            Action::Select | Action::Space
                if self.view().arrows_step() && !self.refuse_in_review() =>
            {
                self.board.engaged = true;
            }
            Action::CursorUp => self.board.move_cursor(0, 1),
            Action::CursorDown => self.board.move_cursor(0, -1),
            Action::CursorLeft => self.board.move_cursor(-1, 0),
            Action::CursorRight => self.board.move_cursor(1, 0),
            Action::Select if !self.move_box.is_blank() => self.submit_text(now),
            Action::Select => self.select_at(self.board.cursor, now),
            // With nothing typed (or only a refused move, which typing would replace), Space
            // works the board as Enter does.
            Action::Space if self.move_box.is_blank() || self.move_box.is_rejected() => {
                self.move_box.clear();
                self.select_at(self.board.cursor, now);
            }
            Action::Space => self.type_char(' '),
            Action::Cancel => self.cancel(now),
            // The live hint on the text as it now stands takes over from an error.
            Action::DeleteChar if self.move_box.pop().is_some() => self.message = None,
            Action::Input(c) => self.type_char(c),
            Action::Complete => self.complete(),
            Action::FlipBoard => self.board.orientation = !self.board.orientation,
            Action::Theme => self.next_theme(),
            Action::HistoryBack => self.study().step(-1),
            Action::HistoryForward => self.study().step(1),
            Action::HistoryStart => self.study().go_to_start(),
            Action::NoteUp | Action::NoteDown => {
                let max = self.view().note_overflow();
                let delta = if action == Action::NoteUp { -1 } else { 1 };
                self.study().scroll_note(delta, max);
            }
            Action::HistoryEnd => self.study().go_to_line_end(),
            Action::VariationNext => match self.review.next_variation(&self.game, again) {
                Ok((target, said)) => {
                    self.study().show_spot(target);
                    self.cycling = true;
                    self.message = Some(said);
                }
                Err(said) => self.message = Some(said),
            },
            Action::VariationLeave => match self.review.leave_variation(&self.game) {
                Ok(Some(parent)) => self.study().show_spot(parent),
                Ok(None) => {}
                Err(said) => self.message = Some(said),
            },
            Action::PromoteVariation => self.study().promote_variation(),
            Action::DeleteVariation => self.study().delete_variation(),
            Action::Comment => self.study().open_comment(),
            Action::Draw => self.desk().draw(now),
            Action::Claim => self.desk().claim(now),
            Action::Resign => self.ask_resign(),
            Action::Takeback => {
                let taken = self.desk().takeback_key(now);
                if taken {
                    self.took_back();
                }
            }
            Action::Pause => self.desk().pause_key(now),
            // Typed answers (the plain mode's `accept`, `decline`) to the opponent's question.
            Action::Yes => {
                let taken = self.desk().accept_standing(now);
                if taken {
                    self.took_back();
                }
            }
            Action::No if !self.desk().decline_standing(now) => self
                .message
                .error("There is no question to answer and no draw offer to decline"),
            Action::NewGame => self.new_game_requested(),
            Action::Save | Action::Library | Action::Explore if self.saving.served.is_some() => {
                self.served_files(action)
            }
            Action::Save => super::SaveForm::open(self, now),
            Action::Library => dialogs::Library::open(self),
            Action::Explore => dialogs::Explorer::open(self),
            Action::ShowFen => self.show_fen(),
            Action::Analyse => {
                let refused = self.reports.start(&self.game, &mut self.effects);
                self.message = refused;
            }
            Action::EngineLines => {
                let spot = self.view().shown().spot();
                let open = self.table.analysis_open(&self.game);
                self.message = Some(self.live.toggle(&self.game, open, spot, &mut self.effects));
            }
            Action::Seek(seek) => self.seek_labelled(seek),
            Action::Learn(side) => super::retro::learn(self, side),
            Action::Help => self.mode = Mode::Help(dialogs::Help::default()),
            Action::Quit => self.quit_requested(),
            Action::Redraw => self.effects.push(super::ScreenEffect::Redraw.into()),
            Action::Pointer(pointer) => self.pointer(pointer, now),
            Action::MoveNow | Action::Hint => self.message.error(
                "There is no engine playing in this game: hotseat --against stockfish starts one",
            ),
            _ => {}
        }
    }

    // ---- Cursor and selection ----

    /// Enter or a click on `sq`: pick up a piece of the side to move, or put the picked-up piece
    /// down there.
    pub(super) fn select_at(&mut self, sq: Square, now: Duration) {
        if !self.ready_to_move() {
            return;
        }
        let pos = self.view().shown().board_position();
        let turn = pos.turn();
        if let Some(from) = self.board.selected {
            if from == sq {
                self.board.selected = None;
                return;
            }
            if move_targets(pos, from).contains(sq) {
                self.move_from_to(from, sq, now);
                return;
            }
        }
        match pos.piece_at(sq) {
            Some(piece) if piece.color == turn => {
                if move_targets(pos, sq).is_empty() {
                    self.board.selected = None;
                    self.message.error(format!(
                        "The {} on {sq} has no legal move",
                        piece.role.name()
                    ));
                } else {
                    self.board.selected = Some(sq);
                    self.message = None;
                }
            }
            _ if self.board.selected.is_some() => {
                let from = self.board.selected.unwrap_or(sq);
                let role = pos.role_at(from).map_or("piece", Role::name);
                self.message
                    .error(format!("The {role} on {from} can't go to {sq}"));
            }
            Some(piece) => self.message.error(format!(
                "That is {}'s {}: pick one of {turn}'s pieces",
                piece.color,
                piece.role.name()
            )),
            None => self
                .message
                .error(format!("No piece on {sq}: pick one of {turn}'s pieces")),
        }
    }

    /// The selected piece goes from `from` to `to`: a promotion opens the picker.
    fn move_from_to(&mut self, from: Square, to: Square, now: Duration) {
        let moves = self.view().shown().board_position().legal_moves();
        let mut matching = moves
            .iter()
            .filter(|m| m.from() == from && m.landing_squares().contains(to));
        let Some(&mv) = matching.next() else {
            return;
        };
        if mv.promotion().is_some() {
            self.mode = Mode::Promotion(Promotion::new(from, to));
        } else {
            self.submit(mv, now);
        }
    }

    /// Esc: clear the typed text, else put the piece back, else decline the opponent's
    /// question, else leave the review, else clear the message.
    fn cancel(&mut self, now: Duration) {
        // An error was about what Esc now takes away: it goes too.
        if self
            .message
            .as_ref()
            .is_some_and(|m| m.kind == super::MessageKind::Error)
        {
            self.message = None;
        }
        if !self.move_box.is_empty() {
            self.move_box.clear();
        } else if self.board.selected.is_some() {
            self.board.selected = None;
        } else if self.cancel_premove() || self.desk().decline_standing(now) {
        } else if self.reports.progress().is_some() {
            self.reports.stop(&mut self.effects);
        } else if self.board.engaged && (self.game.is_over() || self.review.is_active()) {
            self.board.engaged = false;
        } else if self.review.is_active() {
            self.review.leave();
        } else {
            self.message = None;
        }
    }

    /// Switches the board to the next palette, and says which it is now.
    fn next_theme(&mut self) {
        let palette = self.theme.palette().next();
        self.theme = self.theme.with_palette(palette);
        if self.theme.is_monochrome() {
            self.message.info(format!(
                "Theme: {palette} (colour is off: NO_COLOR is set or --color never)"
            ));
        } else {
            self.message.info(format!("Theme: {palette}"));
        }
    }

    // ---- The mouse ----

    fn pointer(&mut self, pointer: Pointer, now: Duration) {
        let square = self.view().square_at(pointer.column, pointer.row);
        match pointer.kind {
            PointerKind::WheelUp | PointerKind::WheelDown
                if self.view().on_note(pointer.column, pointer.row) =>
            {
                let max = self.view().note_overflow();
                let delta = if pointer.kind == PointerKind::WheelUp {
                    -1
                } else {
                    1
                };
                self.study().scroll_note(delta, max)
            }
            PointerKind::WheelUp => self.study().step(-1),
            PointerKind::WheelDown => self.study().step(1),
            PointerKind::Down => {
                let Some(sq) = square else {
                    self.board.drag = None;
                    if !self.click_graph(pointer.column, pointer.row)
                        && let Some(spot) = self.view().move_list_at(pointer.column, pointer.row)
                    {
                        self.study().show_spot(spot);
                    }
                    return;
                };
                self.board.cursor = sq;
                // A click on the board takes it in hand, except where moves are refused.
                self.board.engaged = self.game.is_over() || !self.review.is_active();
                if self.board.selected == Some(sq) && !self.view().past_of_live_game() {
                    // Maybe the start of a drag of the piece already picked up.
                    self.board.drag = Some(Drag {
                        from: sq,
                        was_selected: true,
                    });
                    return;
                }
                self.select_at(sq, now);
                self.board.drag = (self.board.selected == Some(sq)).then_some(Drag {
                    from: sq,
                    was_selected: false,
                });
            }
            PointerKind::Drag => {
                if self.board.drag.is_some()
                    && let Some(sq) = square
                {
                    self.board.cursor = sq;
                }
            }
            PointerKind::Up => {
                let Some(drag) = self.board.drag.take() else {
                    return;
                };
                match square {
                    // A click on the piece already picked up puts it back.
                    Some(sq) if sq == drag.from && drag.was_selected => self.board.selected = None,
                    Some(sq) if sq == drag.from => {}
                    Some(sq) if self.board.selected == Some(drag.from) => {
                        self.board.cursor = sq;
                        self.select_at(sq, now);
                    }
                    _ => {}
                }
            }
        }
    }

    // ---- Typed text ----

    fn type_char(&mut self, c: char) {
        self.board.selected = None;
        match self.move_box.type_char(c) {
            Ok(()) => self.message = None,
            Err(TooLong) => self.message.error(format!(
                "Too long: the move box holds {MAX_INPUT_CHARS} characters; play what is there \
                 first, or Ctrl-U clears it"
            )),
        }
    }

    /// Tab: the one move (or command) that fits the typed text.
    fn complete(&mut self) {
        let typed = self.style.typed_in_english(self.move_box.text());
        match move_entry::completion(self.view().shown().board_position(), &typed) {
            Some(text) => self.move_box.set(text),
            None if self.move_box.is_blank() => {}
            None => self.message.error(format!(
                "Nothing to complete: {}",
                move_entry::feedback(self.view().shown().board_position(), &typed)
                    .hint
                    .map_or_else(|| "no move fits".to_owned(), |h| h.text)
            )),
        }
    }

    /// Enter with text: a command word runs its command, anything else is read as a move.
    fn submit_text(&mut self, now: Duration) {
        let text = self.move_box.text().trim().to_owned();
        if let Some(action) = action_for_word(&text) {
            self.move_box.clear();
            self.on_playing(action, now);
            return;
        }
        if self.net_say(&text)
            || super::puzzle::net::typed(self, &text)
            || self.study().annotate(&text)
            || self.study().write_comment(&text)
        {
            return;
        }
        if self.keep_premove(&text) || !self.ready_to_move() {
            return;
        }
        // Each move of the line in turn, as long as they can be played and nothing asks.
        let steps =
            move_entry::read_line_in(self.view().shown().board_position(), &text, self.style);
        let mut played = Vec::new();
        let studying = self.view().shown().studying();
        for step in steps {
            match step.read {
                Ok(mv) => {
                    if !played.is_empty()
                        && (self.mode != Mode::Playing
                            || self.game.is_over() != studying
                            || (!studying && self.view().questions().to_answer().is_some()))
                    {
                        // A question came up, or the game ended: the rest waits in the box.
                        self.move_box.set(step.rest);
                        return;
                    }
                    if !played.is_empty() && self.one_move_per_line() {
                        // The opponent's move is theirs to make, on their own time.
                        let said = format!("Played {}; \"{}\" waits", played.join(", "), step.rest);
                        self.message = Some(
                            Message::info(format!("{said} in the box: {ONE_MOVE_EACH}"))
                                .or_shorter(format!(
                                    "{said} in the box: each player makes their own move"
                                ))
                                .or_shorter(format!("{said}: one move each on the clock"))
                                .or_shorter(format!("{said}: one move each")),
                        );
                        self.move_box.set(step.rest);
                        return;
                    }
                    let san = self.view().written(mv);
                    self.submit(mv, now);
                    played.push(san);
                }
                Err(Refusal::Move(MoveError::PromotionNeeded { from, to, .. }))
                    if step.rest == step.typed =>
                {
                    self.move_box.set(step.typed);
                    self.mode = Mode::Promotion(Promotion::new(from, to));
                    return;
                }
                // The board stays as it was and the text stays, to be corrected or typed anew.
                Err(refusal) => {
                    self.move_box.set(step.rest);
                    if played.is_empty() {
                        self.message.error(refusal.to_string());
                    } else {
                        self.message.error(format!(
                            "Played {}; stopped at \"{}\": {refusal}",
                            played.join(", "),
                            step.typed
                        ));
                    }
                    self.move_box.reject();
                    return;
                }
            }
        }
    }

    // ---- Moves ----

    /// Whether a line of typed text may play only the side to move's move: while a clock
    /// runs, each player makes their own moves on their own time (and gets their own
    /// increment). Untimed games and the analysis board of a finished game take several.
    pub(super) fn one_move_per_line(&self) -> bool {
        self.game.is_timed() && !self.game.is_over()
    }

    /// Whether a move may be made now, as the table decides; says why not.
    fn ready_to_move(&mut self) -> bool {
        if self.refuse_in_review() {
            return false;
        }
        match self.table.next_move(&self.game) {
            NextMove::Study => {
                // A finished game is studied from any position that has a move to make.
                if !self
                    .view()
                    .shown()
                    .board_position()
                    .legal_moves()
                    .is_empty()
                {
                    return true;
                }
                if let Some(outcome) = self.game.outcome() {
                    self.message.error(format!(
                        "The game is over ({}, {}): Ctrl-N starts a new one",
                        self.view().words().outcome(outcome),
                        outcome.result.pgn()
                    ));
                }
                false
            }
            NextMove::Here(_) if self.game.clock().is_paused() => {
                self.message.error("The clocks are paused: Ctrl-P resumes");
                false
            }
            NextMove::Here(_) => true,
            NextMove::Elsewhere(why) => {
                self.message.error(why);
                false
            }
        }
    }

    /// Whether the table has no room for `action` (a pause across the network); says so.
    pub(super) fn table_refuses(&mut self, action: &Action) -> bool {
        let Some(why) = self.table.refuses(action) else {
            return false;
        };
        self.message.error(why);
        true
    }

    /// A move chosen by any input: asks first when it would allow a draw claim (FIDE 9.2.1,
    /// 9.3.1), otherwise plays it.
    pub(super) fn submit(&mut self, mv: Move, now: Duration) {
        if super::retro::take_move(self, mv) {
            return;
        }
        if self.table.next_move(&self.game) == NextMove::Study {
            self.mode = Mode::Playing;
            self.study().play(mv);
            return;
        }
        let claims = self.game.claims_by_move(mv);
        if claims.any() {
            self.mode = Mode::ClaimWithMove(dialogs::ClaimWithMove { mv, claims });
        } else {
            self.commit(mv, false, now);
        }
    }

    /// The one place a move is played, with a draw claim when `claim`.
    pub(super) fn commit(&mut self, mv: Move, claim: bool, now: Duration) {
        self.mode = Mode::Playing;
        match self.table {
            Table::Keyboard | Table::Engine(_) => {}
            Table::Remote(_) => return self.net_commit(mv, claim, now),
            Table::Puzzle(_) => return super::puzzle::commit(self, mv, now),
        }
        let mover = self.game.position().turn();
        // A move declines the opponent's standing draw offer (FIDE 9.1.2.3): said, not silent.
        let declined = self.game.pending_offer() == Some(!mover);
        let played = if claim {
            self.game.play_and_claim(mv, now).map(|_| ())
        } else {
            self.game.play(mv, now).map(|_| ())
        };
        match played {
            Ok(()) => {
                self.study().back_to_present();
                self.board.cursor = mv.to();
                self.message = None;
                if declined && !self.game.is_over() {
                    let who = self.view().words().who(mover);
                    self.message
                        .info(format!("{who} moved: the draw offer is declined"));
                }
                // A move answers the question standing (FIDE 9.1.2.3 for a draw offer: the
                // game declined that one itself).
                self.desk().move_answers_requests(mover);
                if self.auto_flip {
                    self.board.orientation = self.game.position().turn();
                }
                let offer = self
                    .requests
                    .make_offer_with_move(&mut self.game, mover, now);
                if let Err(err) = offer {
                    self.message.error(err.to_string());
                }
            }
            Err(err) => self.message.error(err.to_string()),
        }
    }

    // ---- Commands ----

    fn ask_resign(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            self.message.error(format!(
                "The game is over: {}",
                self.view().words().outcome(outcome)
            ));
        } else {
            let color = self.table.speaker(&self.game);
            self.mode = Mode::Resign(dialogs::Resign { color });
        }
    }

    pub(super) fn new_game_requested(&mut self) {
        if self.view().game_in_progress() || self.study_would_be_lost() {
            self.mode = Mode::AbandonGame(dialogs::AbandonGame);
        } else {
            super::NewGameForm::open(self);
        }
    }

    /// Back to the game from the new-game question, the form or the library. The running
    /// clock ran on meanwhile: only the players' agreement stops it (FIDE 6.11.1: the arbiter
    /// alone may stop the clocks; at one keyboard both players are asked, Ctrl-P).
    pub(super) fn back_from_form(&mut self) {
        // A timed game not started yet goes back to its wait for the first key.
        self.mode = dialogs::board_mode(self);
    }

    pub(super) fn quit_requested(&mut self) {
        if self.table.nothing_to_lose() && !self.study_would_be_lost() {
            // A watcher keeps nothing of the game, a puzzle's results are written as they
            // come: leaving loses nothing.
            self.quit = true;
        } else if self.view().game_in_progress()
            || self.saving.unsaved_finish
            || self.study_would_be_lost()
        {
            self.mode = Mode::Quit(dialogs::Quit);
        } else {
            self.quit = true;
        }
    }

    /// Variations, comments or glyphs added to a finished game and not saved since: leaving it
    /// would lose them (unless it has an archive file they are written into, that works).
    pub(super) fn study_would_be_lost(&self) -> bool {
        let kept = self.saving.archived_path.is_some() && !self.saving.rearchive_failing;
        self.saving.study_unsaved && !self.view().game_in_progress() && !kept
    }
}

impl App {
    /// The front end's report that the program was stopped (SIGTSTP, or a job-control shell)
    /// for `stopped` and is back. The clocks count the stop as an absence under the FIDE laws:
    /// the clock of the side to move ran on, and the screen says for how long.
    pub(super) fn resumed_after_stop(&mut self, stopped: Duration) {
        let span = crate::game::clock::format_span(stopped);
        let running = self.game.is_timed() && !self.game.is_over();
        if let Some(color) = self.game.clock().running().filter(|_| running) {
            self.message.info(format!(
                "The game was stopped for {span}; {}'s clock ran on, as for an absence",
                self.view().words().who(color)
            ));
        } else {
            self.message
                .info(format!("The game was stopped for {span}"));
        }
    }
}
