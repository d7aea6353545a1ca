//! Every dialog's handling of actions: the ready screen of a timed game, yes/no questions, the
//! draw offer, "claim a draw with this move?", the promotion picker, help, game over and the
//! new-game form.

use std::time::Duration;

use super::help;
use super::keymap::{Action, PointerKind};
use super::newgame::FormResult;
use super::{App, Effect, Mode, NewGameForm, Question};
use crate::game::GameSetup;
use crate::layout::popup::promotion;
use crate::rules::{Color, Move, Role, Square};

impl App {
    pub(super) fn on_ready(&mut self, action: Action, now: Duration) {
        match action {
            Action::Quit => self.quit_requested(),
            Action::Select => {
                self.start_clocks(now);
                self.ask_standing_offer();
            }
            // A player who starts typing a move has started the game: the clock runs and the
            // character goes into the move box.
            Action::Input(_) => {
                self.start_clocks(now);
                self.on_playing(action, now);
            }
            Action::Pointer(p) if p.kind == PointerKind::Down => {
                self.start_clocks(now);
                self.ask_standing_offer();
            }
            _ => {}
        }
    }

    fn start_clocks(&mut self, now: Duration) {
        self.game.start(now);
        self.mode = Mode::Playing;
        let turn = self.game.position().turn();
        self.info(format!("{turn}'s clock is running"));
    }

    pub(super) fn on_confirm(&mut self, question: Question, action: Action, now: Duration) {
        match (action, question) {
            // A player may resign at any time, not only on their own move.
            (Action::Complete, Question::Resign(color)) => {
                self.mode = Mode::Confirm(Question::Resign(!color));
            }
            (Action::Yes, Question::Resign(color)) => {
                self.mode = Mode::Playing;
                if let Err(err) = self.game.resign(color, now) {
                    self.error(err.to_string());
                }
            }
            (Action::Yes, Question::Takeback { asked_by }) => {
                self.mode = Mode::Playing;
                let last = self.last_move_text();
                match self.game.takeback(1, now) {
                    Ok(()) => {
                        self.offer_with_move = None;
                        self.back_to_present();
                        if self.auto_flip {
                            self.board.orientation = self.game.position().turn();
                        }
                        let who = self.who(!asked_by);
                        self.info(format!("{who} agreed: {last} taken back"));
                    }
                    Err(err) => self.error(err.to_string()),
                }
            }
            (Action::No, Question::Takeback { asked_by }) => {
                self.mode = Mode::Playing;
                self.info(format!(
                    "{} does not agree to take back {}",
                    self.who(!asked_by),
                    self.last_move_text()
                ));
            }
            (Action::Yes | Action::Quit, Question::Quit) => self.quit = true,
            (Action::Save, Question::Quit) => self.open_save_form(now),
            (Action::Yes, Question::AbandonGame) => self.open_form(),
            (Action::No | Action::Cancel, Question::AbandonGame) => self.back_from_form(now),
            (Action::Yes, Question::Resume) => {
                self.pending_resume = None;
                self.mode = self.opening_mode();
                let turn = self.game.position().turn();
                self.info(format!("Resumed: {} to move", self.who(turn)));
                self.ask_standing_offer();
            }
            (Action::No | Action::Cancel, Question::Resume) => {
                if let Some((_, setup)) = self.pending_resume.take() {
                    // The saved game is the front end's to archive, from its file.
                    self.saving.track = false;
                    self.effects
                        .push(super::Effect::ArchiveSaved { finished: false });
                    self.start_game(*setup, now);
                }
            }
            (Action::Yes, Question::ArchiveFinished) => {
                if let Some((_, setup)) = self.pending_resume.take() {
                    // Archived from its file by the front end, which says where it went (or
                    // why not: then it stays, and is offered again next time).
                    self.effects
                        .push(super::Effect::ArchiveSaved { finished: true });
                    self.start_game(*setup, now);
                }
            }
            (Action::No | Action::Cancel, Question::ArchiveFinished) => {
                // Not now: it stays on the board for review and in its file, untouched.
                self.pending_resume = None;
                self.mode = Mode::Playing;
                self.info(
                    "Not archived: the finished game stays saved and is offered again next \
                     time; a new game (Ctrl-N) archives it first",
                );
            }
            // Quitting at the question leaves the saved game as it is, for next time.
            (Action::Quit, Question::Resume | Question::ArchiveFinished) => self.quit = true,
            (Action::Yes, Question::Replace) => self.replace_export(now),
            (Action::No | Action::Cancel, Question::Replace) => self.back_to_save_form(),
            (Action::No | Action::Cancel, _) => self.mode = Mode::Playing,
            (Action::Quit, _) => {
                self.mode = Mode::Playing;
                self.quit_requested();
            }
            _ => {}
        }
    }

    /// `12... Nf6`: the last move with its number, for messages.
    pub(super) fn last_move_text(&self) -> String {
        let record = self.game.record();
        let plies = record.plies();
        match record.moves().last() {
            Some(_) => format!(
                "{} {}",
                self.move_number(plies - 1),
                self.written_move(plies - 1)
            ),
            None => "nothing".to_owned(),
        }
    }

    pub(super) fn on_offer(&mut self, by: crate::rules::Color, action: Action, now: Duration) {
        match action {
            Action::Yes => {
                self.mode = Mode::Playing;
                if let Err(err) = self.game.accept_draw(!by, now) {
                    self.error(err.to_string());
                }
            }
            Action::No => {
                self.mode = Mode::Playing;
                if self.game.decline_draw().is_ok() {
                    self.info(format!("{} declines the draw offer", self.game.player(!by)));
                }
            }
            // Enter with a move waiting in the box (the rest of a typed line): that move is
            // played, which declines the offer, as the box says.
            Action::Select if !self.move_box.is_blank() => {
                self.mode = Mode::Playing;
                self.on_playing(action, now);
            }
            // Typing (or clicking) instead of answering: the offer stands until the move is
            // played, which declines it (FIDE 9.1.2.3).
            Action::Input(_) | Action::Pointer(_) => {
                self.mode = Mode::Playing;
                self.info(format!(
                    "{}'s draw offer stands: Ctrl-D accepts, a move declines",
                    self.game.player(by)
                ));
                self.on_playing(action, now);
            }
            Action::Quit => {
                self.mode = Mode::Playing;
                self.quit_requested();
            }
            _ => {}
        }
    }

    pub(super) fn on_claim_with_move(&mut self, mv: Move, action: Action, now: Duration) {
        match action {
            Action::Yes => self.commit(mv, true, now),
            Action::No => self.commit(mv, false, now),
            Action::Quit => {
                self.mode = Mode::Playing;
                self.quit_requested();
            }
            _ => {}
        }
    }

    pub(super) fn on_promotion(
        &mut self,
        from: Square,
        to: Square,
        choice: usize,
        action: Action,
        now: Duration,
    ) {
        let n = Role::PROMOTIONS.len();
        match action {
            Action::Promote(role) => self.promote(from, to, role, now),
            Action::Select => self.promote(from, to, Role::PROMOTIONS[choice % n], now),
            Action::CursorLeft | Action::CursorRight => {
                let choice = if action == Action::CursorLeft {
                    (choice + n - 1) % n
                } else {
                    (choice + 1) % n
                };
                self.mode = Mode::Promotion { from, to, choice };
            }
            Action::Pointer(p) if p.kind == PointerKind::Down => {
                if let Some(i) = promotion::choice_at(self.screen(), p.column, p.row) {
                    self.promote(from, to, Role::PROMOTIONS[i], now);
                }
            }
            Action::Cancel => {
                self.mode = Mode::Playing;
                self.board.selected = None;
            }
            Action::Quit => {
                self.mode = Mode::Playing;
                self.quit_requested();
            }
            _ => {}
        }
    }

    fn promote(&mut self, from: Square, to: Square, role: Role, now: Duration) {
        self.mode = Mode::Playing;
        let moves = self.board_position().legal_moves();
        let chosen = moves
            .iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == Some(role));
        match chosen {
            Some(&mv) => self.submit(mv, now),
            None => self.error(format!("{from}-{to} can't promote to a {}", role.name())),
        }
    }

    pub(super) fn on_help(&mut self, scroll: u16, action: Action) {
        let screen = self.screen();
        let page = help::page_height(screen);
        let max = help::max_scroll(screen);
        let scroll = match action {
            Action::ScrollUp
            | Action::Pointer(crate::app::keymap::Pointer {
                kind: PointerKind::WheelUp,
                ..
            }) => scroll.saturating_sub(1),
            Action::ScrollDown
            | Action::Pointer(crate::app::keymap::Pointer {
                kind: PointerKind::WheelDown,
                ..
            }) => scroll.saturating_add(1),
            Action::ScrollPageUp => scroll.saturating_sub(page),
            Action::ScrollPageDown => scroll.saturating_add(page),
            Action::ScrollTop => 0,
            Action::ScrollBottom => max,
            Action::Cancel | Action::Help => {
                self.mode = Mode::Playing;
                return;
            }
            Action::Quit => {
                self.mode = Mode::Playing;
                self.quit_requested();
                return;
            }
            _ => scroll,
        };
        self.mode = Mode::Help {
            scroll: scroll.min(max),
        };
    }

    pub(super) fn on_game_over(&mut self, action: Action) {
        match action {
            Action::NewGame => self.open_form(),
            Action::Rematch => self.rematch(),
            // The review starts with the arrows on the moves, however the last move was made.
            Action::Review => {
                self.mode = Mode::Playing;
                self.board.engaged = false;
            }
            // Stepping back, or a click on a move, closes the box and shows that position.
            Action::HistoryBack | Action::HistoryStart => {
                self.mode = Mode::Playing;
                self.on_playing(action, self.now);
            }
            Action::Pointer(p)
                if p.kind == super::keymap::PointerKind::Down
                    && self.click_move_list(p.column, p.row) =>
            {
                self.mode = Mode::Playing;
            }
            // At once, unless the finished game is on disk nowhere.
            Action::Quit => self.quit_requested(),
            _ => {}
        }
    }

    /// The same game again from the same start, with the same clock, the colours swapped:
    /// each player takes the other seat with their own name and time control.
    fn rematch(&mut self) {
        let game = &self.game;
        let setup = GameSetup {
            start: game.record().start().clone(),
            white: game.player(Color::Black).to_owned(),
            black: game.player(Color::White).to_owned(),
            white_time: game.clock().control(Color::Black).clone(),
            black_time: game.clock().control(Color::White).clone(),
        };
        self.start_game(setup, self.now);
        self.info(format!(
            "Rematch: {} vs {}, {}",
            self.game.player(Color::White),
            self.game.player(Color::Black),
            self.time_control_text()
        ));
    }

    pub(super) fn open_form(&mut self) {
        self.pause_for_form();
        let mut form = NewGameForm::new(&self.game, self.theme.palette());
        if let Some(choices) = &self.remembered {
            form.recall(choices);
        }
        self.mode = Mode::NewGame(Box::new(form));
    }

    pub(super) fn on_form(&mut self, action: Action, now: Duration) {
        if action == Action::Quit {
            self.back_from_form(now);
            self.quit_requested();
            return;
        }
        let Mode::NewGame(form) = &mut self.mode else {
            return;
        };
        match form.update(action) {
            FormResult::Editing => {}
            FormResult::Cancel => self.back_from_form(now),
            FormResult::Start(setup) => {
                self.theme = self.theme.with_palette(form.palette);
                let choices = form.choices(&setup);
                if self.saving.enabled {
                    self.effects.push(Effect::Remember(choices.clone()));
                }
                self.remembered = Some(choices);
                self.start_game(*setup, now);
            }
        }
    }
}
