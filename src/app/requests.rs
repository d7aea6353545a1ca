//! The opponent's questions that wait while the game goes on: a draw offer, a request to take a
//! move back, a request to stop the clocks.
//!
//! None of them takes the keyboard. In blitz the player to move may be typing a move when the
//! question comes, so it is a line on the status bar, not a box over the board: typed text
//! stays move text, Enter plays it, and making a move answers the question as the Laws do (it
//! declines a draw offer, FIDE 9.1.2.3, and likewise a take-back or a pause). Agreeing takes
//! the key the asker pressed (Ctrl-D for a draw, F8 for a take-back, Ctrl-P for a pause) or its
//! typed word, never Enter or a letter a move can start with; Esc with nothing typed declines.
//! A key pressed in the first [`ANSWER_GUARD`] after the question came was on its way before
//! anybody could read it: it does not answer.
//!
//! Take-back requests are bounded: one standing at a time, one per move made, none while the
//! asker's own draw offer waits; a refused request is not asked again until another move is
//! played. The draw offer itself lives in the game ([`crate::game::Game::pending_offer`]); the
//! other two live here.

use crate::app::Say;
use std::time::Duration;

use super::desk::Desk;
use super::notation::Words;
use super::table::Table;
use super::view::View;
use super::{Message, MessageKind};
use crate::game::{Game, GameError, OfferResult};
use crate::remote::Action as RemoteAction;
use crate::rules::Color;

/// How long after a question appears a key does not answer it: it was already in flight.
pub const ANSWER_GUARD: Duration = Duration::from_millis(300);

/// What the opponent asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// A draw (the game holds the offer: [`crate::game::Game::pending_offer`]).
    Draw,
    /// To take back their last move (across the network: and the reply made since).
    Takeback,
    /// To stop both clocks (a timed game at one keyboard).
    Pause,
}

/// A question standing, asked by `by` at `since`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub ask: Ask,
    pub by: Color,
    pub since: Duration,
}

/// The standing questions and what bounds them.
#[derive(Clone, Debug, Default)]
pub struct Requests {
    /// The take-back or pause asked and not answered yet.
    pending: Option<Request>,
    /// When the standing draw offer came before the player to move.
    offer_seen: Duration,
    /// The number of half-moves played when each side last asked to take back.
    takeback_asked: [Option<usize>; 2],
    /// The side to move offers a draw with the move it is about to make (Ctrl-D).
    pub(super) with_move: Option<Color>,
}

impl Requests {
    /// A new game: nothing asked.
    pub(super) fn clear(&mut self) {
        *self = Requests::default();
    }

    /// `by` asks `ask` at `since` (across the network: the host says so).
    pub(super) fn stand(&mut self, ask: Ask, by: Color, since: Duration) {
        self.pending = Some(Request { ask, by, since });
    }

    /// The question standing was answered or lapsed.
    pub(super) fn over(&mut self) {
        self.pending = None;
    }

    /// `by`'s move was taken back: the question is over, a draw offered with the next move
    /// is not (the move it went with is gone), and the next move made may be asked about again.
    pub(super) fn took_back(&mut self, by: Option<Color>) {
        self.pending = None;
        self.with_move = None;
        if let Some(by) = by {
            self.takeback_asked[by.index()] = None;
        }
    }

    /// A game opened with a draw offer still standing puts the question to the player to
    /// move again, once play can go on (after "Resume?" and the clocks' wait): from `now` a
    /// key may answer it.
    pub(super) fn offer_standing(&mut self, game: &crate::game::Game, now: Duration) {
        if game.pending_offer().is_some() {
            self.offer_seen(now);
        }
    }

    /// The draw offer came before the player to move at `now` (made, received, or brought
    /// back with a resumed game).
    pub(super) fn offer_seen(&mut self, now: Duration) {
        self.offer_seen = now;
    }

    /// After `mover`'s move in `game`: the draw they offered with it is made (FIDE 9.1.2.1:
    /// an offer goes with the move), and the opponent is asked.
    pub(super) fn make_offer_with_move(
        &mut self,
        game: &mut Game,
        mover: Color,
        now: Duration,
    ) -> Result<(), GameError> {
        if self.with_move.take() != Some(mover) || game.is_over() {
            return Ok(());
        }
        if game.offer_draw(mover, now)? == OfferResult::Offered {
            self.offer_seen(now);
        }
        Ok(())
    }
}

/// The questions standing at the table, read: which one this screen is to answer, and how
/// the status bar and the prompt word them.
#[derive(Clone, Copy, Debug)]
pub struct Questions<'a> {
    requests: &'a Requests,
    game: &'a Game,
    table: &'a Table,
    words: Words<'a>,
}

impl<'a> Questions<'a> {
    /// The questions standing over `game` at `table`, worded by `words`.
    pub(super) fn new(
        requests: &'a Requests,
        game: &'a Game,
        table: &'a Table,
        words: Words<'a>,
    ) -> Questions<'a> {
        Questions {
            requests,
            game,
            table,
            words,
        }
    }

    /// The take-back or pause request standing, if any.
    pub fn request(&self) -> Option<Request> {
        self.requests.pending
    }

    /// Whether the player to move has offered a draw with the move to come (Ctrl-D again
    /// withdraws it).
    pub fn offering_with_move(&self) -> bool {
        self.requests.with_move == Some(self.game.position().turn())
    }

    /// The opponent's question standing for this screen to answer (a take-back or pause
    /// request, else a draw offer), and who asked.
    pub fn to_answer(&self) -> Option<(Ask, Color)> {
        if self.game.is_over() {
            return None;
        }
        match self.requests.pending {
            Some(r) if !self.table.asked_from_here(r.by) => Some((r.ask, r.by)),
            // None, or this screen's own request waiting: the opponent may still have offered
            // a draw meanwhile.
            _ => {
                let by = self.game.pending_offer()?;
                (!self.table.asked_from_here(by)).then_some((Ask::Draw, by))
            }
        }
    }

    /// The moves a take-back asked by `by` would undo, in words (`2. Qh5 and 2... Nc6`).
    pub fn asked_moves(&self, by: Color) -> String {
        if !self.table.decides_here() {
            self.words
                .takeback(by)
                .unwrap_or_else(|| "their last move".to_owned())
        } else {
            self.words.last_move()
        }
    }

    /// A request as the status bar says it: `Ann (White)'s take-back request`.
    pub fn words_for(&self, request: Request) -> String {
        let who = self.words.who(request.by);
        match request.ask {
            Ask::Takeback => format!("{who}'s take-back request"),
            Ask::Pause => format!("{who}'s request to stop the clocks"),
            Ask::Draw => format!("{who}'s draw offer"),
        }
    }

    /// The standing question for the status bar and the prompt, with how to answer it, in
    /// fewer and fewer words for narrower lines: `None` when none stands.
    pub fn banner(&self) -> Option<Message> {
        if let Some(request) = self.requests.pending
            && self.table.asked_from_here(request.by)
            && !self.game.is_over()
            && self.to_answer().is_none()
        {
            return Some(
                Message::new(
                    format!(
                        "You asked to take back: waiting for {}",
                        self.words.who(!request.by)
                    ),
                    MessageKind::Banner,
                )
                .or_shorter("Take-back asked: waiting"),
            );
        }
        let (ask, by) = self.to_answer()?;
        let (who, to) = (self.words.who(by), self.words.who(!by));
        let (full, short, shortest) = match ask {
            Ask::Takeback => (
                format!(
                    "{who} asks to take back {} · {to}: F8 agrees, Esc or a move refuses",
                    self.asked_moves(by)
                ),
                format!("{who} asks to take back · F8 agrees, Esc refuses"),
                "Take-back asked · F8 agrees",
            ),
            Ask::Pause => (
                format!(
                    "{who} asks to stop the clocks · {to}: Ctrl-P agrees, Esc or a move refuses"
                ),
                format!("{who} asks for a pause · Ctrl-P agrees"),
                "Pause asked · Ctrl-P agrees",
            ),
            Ask::Draw => (
                format!("{who} offers a draw · {to}: Ctrl-D accepts, Esc or a move declines"),
                format!("{who} offers a draw · Ctrl-D accepts"),
                "Draw offered · Ctrl-D accepts",
            ),
        };
        Some(
            Message::new(full, MessageKind::Banner)
                .or_shorter(short)
                .or_shorter(shortest),
        )
    }
}

impl<'a> View<'a> {
    /// The questions standing at this table.
    pub fn questions(&self) -> Questions<'a> {
        let app = self.app;
        Questions::new(&app.requests, &app.game, &app.table, app.view().words())
    }
}

/// The questions' keys and answers, on the table's side: none of them touches the screen's
/// state; the two that may take a move back say so (true), and the app puts the board back.
impl Desk<'_> {
    fn questions(&self) -> Questions<'_> {
        Questions::new(self.requests, self.game, self.table, self.words())
    }

    /// Ctrl-D (or `draw`) with the opponent's offer standing: accepts it, unless the key came
    /// with the offer.
    pub(super) fn accept_offer(&mut self, by: Color, now: Duration) {
        let how = "Ctrl-D again accepts the draw, a move declines it";
        if self.too_soon_to_answer(self.requests.offer_seen, now, how) {
            return;
        }
        if self.net_act(RemoteAction::AcceptDraw) {
            return;
        }
        if let Err(err) = self.game.accept_draw(!by, now) {
            self.message.error(err.to_string());
        }
    }

    /// F8 (or `takeback`): agrees to the opponent's request, or asks to take back the last
    /// move, within the bounds above.
    #[must_use = "true: a move was taken back, and the board goes back to the present"]
    pub(super) fn takeback_key(&mut self, now: Duration) -> bool {
        if let Some(outcome) = self.game.outcome() {
            self.message.error(format!(
                "The game is over: {}",
                self.words().outcome(outcome)
            ));
            return false;
        }
        match self.requests.pending {
            Some(r) if r.ask == Ask::Takeback && !self.table.asked_from_here(r.by) => {
                return self.answer_request(true, now);
            }
            Some(r) if r.ask == Ask::Takeback => self
                .message
                .error("Your take-back request is waiting for an answer"),
            Some(r) => {
                let question = self.questions().words_for(r);
                self.message
                    .error(format!("{question} is waiting for an answer first"))
            }
            None => self.ask_takeback(now),
        }
        false
    }

    fn ask_takeback(&mut self, now: Duration) {
        let plies = self.game.record().plies();
        if plies == 0 {
            self.message.error("There is no move to take back");
            return;
        }
        // Who asks: across the network this screen's player; here, whoever moved last.
        let asker = self.table.takeback_asker(self.game);
        if self.game.pending_offer() == Some(asker) {
            self.message.error(format!(
                "{}'s draw offer is waiting for an answer: ask to take back after it",
                self.words().who(asker)
            ));
            return;
        }
        if self.requests.takeback_asked[asker.index()] == Some(plies) {
            self.message.error(format!(
                "{} already asked to take back this move: once per move",
                self.words().who(asker)
            ));
            return;
        }
        self.requests.takeback_asked[asker.index()] = Some(plies);
        if !self.table.decides_here() {
            if self.net_act(RemoteAction::AskTakeback) {
                self.message.info(
                    "You asked to take your last move back; the answer comes from the other terminal",
                );
            }
            return;
        }
        self.requests.pending = Some(Request {
            ask: Ask::Takeback,
            by: asker,
            since: now,
        });
        *self.message = None;
    }

    /// Ctrl-P (or `pause`) in a timed game: agrees to the opponent's request to stop the
    /// clocks, asks for it, or starts the clocks again.
    pub(super) fn pause_key(&mut self, now: Duration) {
        if !self.game.is_timed() {
            self.message.info("This game has no clock to pause");
        } else if self.game.is_over() {
            self.message
                .error("The game is over: the clocks have stopped");
        } else if self.game.clock().is_paused() {
            self.game.resume(now);
            self.message.info("Clocks running");
        } else if let Some(r) = self.requests.pending {
            match r.ask {
                // Agreeing to a pause takes nothing back.
                Ask::Pause => _ = self.answer_request(true, now),
                Ask::Takeback | Ask::Draw => {
                    let question = self.questions().words_for(r);
                    self.message
                        .error(format!("{question} is waiting for an answer first"))
                }
            }
        } else if self.game.clock().running().is_some() {
            // At one keyboard the player to move asks: it is their clock that runs.
            self.requests.pending = Some(Request {
                ask: Ask::Pause,
                by: self.game.position().turn(),
                since: now,
            });
            *self.message = None;
        }
    }

    /// The opponent's request answered: `yes` agrees. True when a move was taken back.
    #[must_use = "true: a move was taken back, and the board goes back to the present"]
    pub(super) fn answer_request(&mut self, yes: bool, now: Duration) -> bool {
        let Some(request) = self.requests.pending else {
            return false;
        };
        let how = match request.ask {
            Ask::Takeback => "F8 again agrees, a move or Esc refuses",
            Ask::Pause => "Ctrl-P again agrees, a move or Esc refuses",
            Ask::Draw => "Ctrl-D again accepts, a move or Esc declines",
        };
        if yes && self.too_soon_to_answer(request.since, now, how) {
            return false;
        }
        self.requests.pending = None;
        let answerer = self.words().who(!request.by);
        match (request.ask, yes) {
            (Ask::Takeback, _) if !self.table.decides_here() => {
                self.net_act(RemoteAction::AnswerTakeback { accept: yes });
            }
            (Ask::Takeback, true) => {
                let last = self.words().last_move();
                match self.game.takeback(1, now) {
                    Ok(()) => {
                        // The move is gone: the next one made may be asked about again.
                        self.requests.took_back(Some(request.by));
                        self.message
                            .info(format!("{answerer} agreed: {last} taken back"));
                        return true;
                    }
                    Err(err) => self.message.error(err.to_string()),
                }
            }
            (Ask::Takeback, false) => {
                let last = self.words().last_move();
                self.message
                    .info(format!("{answerer} does not agree to take back {last}"));
            }
            (Ask::Pause, true) => {
                self.game.pause(now);
                // The paused screen says how to go on (issue 56): this word stays there.
                self.message.info(format!(
                    "Clocks paused, as {answerer} agreed — Ctrl-P resumes"
                ));
            }
            (Ask::Pause, false) => self
                .message
                .info(format!("{answerer} does not agree to stop the clocks")),
            // The game holds a draw offer: it is never a request here.
            (Ask::Draw, _) => {}
        }
        false
    }

    /// A typed answer (the plain mode's `accept`): agrees to the opponent's request, or
    /// accepts their draw offer; says so when there is neither.
    #[must_use = "true: a move was taken back, and the board goes back to the present"]
    pub(super) fn accept_standing(&mut self, now: Duration) -> bool {
        match self.requests.pending {
            Some(r) if !self.table.asked_from_here(r.by) => return self.answer_request(true, now),
            _ => match self.game.pending_offer() {
                Some(by) if self.table.own_color() != Some(by) && !self.game.is_over() => {
                    self.accept_offer(by, now)
                }
                _ => self
                    .message
                    .error("There is no question to answer and no draw offer to accept"),
            },
        }
        false
    }

    /// Esc with nothing in hand: declines the opponent's question standing. False if there
    /// was none.
    pub(super) fn decline_standing(&mut self, now: Duration) -> bool {
        if self.game.is_over() {
            return false;
        }
        if let Some(request) = self.requests.pending
            && !self.table.asked_from_here(request.by)
        {
            // Refusing takes nothing back.
            _ = self.answer_request(false, now);
            return true;
        }
        let by = self.game.pending_offer();
        let answerer = self.table.speaker(self.game);
        match by {
            Some(by) if by != answerer => {
                if self.net_act(RemoteAction::DeclineDraw) {
                    return true;
                }
                if self.game.decline_draw().is_ok() {
                    self.message
                        .info(format!("{} declines the draw offer", self.game.player(!by)));
                }
                true
            }
            _ => false,
        }
    }

    /// A move is about to be played by `mover`: a standing request lapses (declined by the
    /// player asked, withdrawn by the asker), and the players are told.
    pub(super) fn move_answers_requests(&mut self, mover: Color) {
        let Some(request) = self.requests.pending.take() else {
            return;
        };
        let what = match request.ask {
            Ask::Takeback => "take-back request",
            Ask::Pause => "request to stop the clocks",
            Ask::Draw => "draw offer",
        };
        if mover == request.by {
            self.message.info(format!(
                "{} withdrew the {what} by moving",
                self.words().who(mover)
            ));
        } else {
            self.message.info(format!(
                "{} moved: the {what} is declined",
                self.words().who(mover)
            ));
        }
    }
}

/// The draw keys on the table's side: Ctrl-D offers with the move to come, withdraws or
/// accepts; the claim claims or says which moves would allow one.
impl Desk<'_> {
    /// Ctrl-D belongs to the side to move: "I offer a draw with my move" (FIDE 9.1.2.1: make
    /// the move, then offer). Pressed again, it withdraws the offer before the move is made.
    /// With the opponent's offer standing, it brings that back to accept.
    pub(super) fn draw(&mut self, now: Duration) {
        if let Some(outcome) = self.game.outcome() {
            self.message.error(format!(
                "The game is over: {}",
                self.words().outcome(outcome)
            ));
            return;
        }
        if !self.table.decides_here() {
            self.net_draw(now);
            return;
        }
        let turn = self.game.position().turn();
        if self.game.pending_offer() == Some(!turn) {
            self.accept_offer(!turn, now);
            return;
        }
        if self.requests.with_move.take() == Some(turn) {
            self.message.info(format!(
                "{} withdraws the draw offer",
                self.words().who(turn)
            ));
        } else {
            self.requests.with_move = Some(turn);
            self.message.info(format!(
                "{} offers a draw with this move · Ctrl-D withdraws",
                self.words().who(turn)
            ));
        }
    }

    /// Ctrl-D across the network: the opponent's offer brought back to answer, or an offer
    /// sent now.
    fn net_draw(&mut self, now: Duration) {
        let Some(me) = self.table.own_color() else {
            self.net_act(RemoteAction::OfferDraw);
            return;
        };
        if self.game.pending_offer() == Some(!me) {
            self.accept_offer(!me, now);
        } else if self.net_act(RemoteAction::OfferDraw) {
            self.message
                .info(format!("You offer {} a draw", self.words().who(!me)));
        }
    }

    /// Claim a draw now, or explain why not (and which moves would allow one).
    pub(super) fn claim(&mut self, now: Duration) {
        if self.game.claimable_now().any() && self.net_act(RemoteAction::ClaimDraw) {
            return;
        }
        if self.game.claimable_now().any() {
            if let Err(err) = self.game.claim_draw(now) {
                self.message.error(err.to_string());
            }
            return;
        }
        let by_move = self.game.record().moves_allowing_claims();
        if !self.game.is_over() && !by_move.is_empty() {
            let pos = self.game.position();
            let sans: Vec<String> = by_move.iter().map(|(m, _)| pos.san(*m)).collect();
            self.message.info(format!(
                "No draw to claim yet; playing {} would allow one (you will be asked)",
                sans.join(" or ")
            ));
            return;
        }
        if let Err(err) = self.game.claim_draw(now) {
            self.message.error(err.to_string());
        }
    }
}
