//! The sparring partner: an engine at the table ([`Table::Engine`](super::table::Table)),
//! playing one side at a chosen strength on the same board and clocks.
//!
//! The app asks for the engine's move by an effect ([`EngineEffect::Opponent`] with
//! [`OpponentAsk::Think`]) whenever it is the engine's turn and its clock runs, and the move
//! comes back as news ([`Event::Opponent`](super::Event::Opponent)), played through
//! `App::commit` like any move, checked by the rules. The engine thinks on its own clock: the
//! screen never waits for it, and a flag that falls while it thinks loses the game as anyone's
//! does. Each question carries an id; an answer to a position a takeback has removed is
//! dropped.
//!
//! Its manners are the game's rules ([`crate::game::sparring`]): it agrees to every takeback
//! (back to the human's move), answers a draw offer from its evaluation, resigns a hopeless
//! game at the higher levels. A hint is its move at full strength, shown and written into the
//! game as a comment. An engine that stops working ends the game as abandoned by it, and the
//! game is saved as any other.

use crate::app::Say;
use std::time::Duration;

use super::desk::{Acted, Desk};
use super::keymap::Action;
use super::{App, EngineEffect, Message, Mode};
use crate::game::report::Eval;
use crate::game::sparring::{Resignation, SearchClock, Strength, accepts_draw, parse_player_name};
use crate::game::{Game, Spot};
use crate::rules::{Color, Move};

/// A game against the computer, as the session starts it (`--against`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SparringSetup {
    /// The engine's name without its version: `Stockfish`.
    pub name: String,
    pub strength: Strength,
    /// The side the engine plays in the first game.
    pub side: Color,
}

impl SparringSetup {
    /// The name the engine's side goes by in the game's tags: `Stockfish (level 4)`.
    pub fn player_name(&self) -> String {
        self.strength.player_name(&self.name)
    }
}

/// Work for the engine at the edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentAsk {
    /// Start the engine for a game (any engine of an earlier game let go first).
    Start { strength: Strength, chess960: bool },
    /// A move (or a hint) for a position and the clocks.
    Think(Box<ThinkJob>),
    /// End the search `id` now, with the best move found so far.
    MoveNow(u64),
    /// Let the engine go: the game is over.
    Stop,
}

/// One question for the engine: its move or a hint, for the game on the board.
pub use crate::game::sparring::Question as ThinkJob;

/// What the engine's edge says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentNews {
    /// The answer to [`ThinkJob`] `id`: a legal move, and the position's evaluation (White's
    /// view) as its search left it.
    Moved {
        id: u64,
        mv: Move,
        eval: Option<Eval>,
    },
    /// The engine stopped working (crashed, hung, or said what cannot be believed): why.
    Failed(String),
}

/// A question asked and not answered yet: its id and the game's length when asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Asked {
    id: u64,
    plies: usize,
}

/// The engine's seat at the table.
#[derive(Clone, Debug)]
pub struct EngineSeat {
    setup: SparringSetup,
    /// The side it plays in the game on the board.
    side: Color,
    next_id: u64,
    thinking: Option<Asked>,
    hint: Option<Asked>,
    resignation: Resignation,
    /// The engine was started for the game on the board.
    started: bool,
    /// Why the engine stopped working, once it has.
    failed: Option<String>,
}

impl EngineSeat {
    pub fn new(setup: SparringSetup) -> EngineSeat {
        let side = setup.side;
        EngineSeat {
            resignation: Resignation::new(setup.strength, side),
            setup,
            side,
            next_id: 1,
            thinking: None,
            hint: None,
            started: false,
            failed: None,
        }
    }

    /// The side the engine plays.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The name its side goes by: `Stockfish (level 4)`.
    pub fn player_name(&self) -> String {
        self.setup.player_name()
    }

    /// Whether it is searching its move now.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The words for a move refused because it is the engine's turn.
    pub fn its_move_text(&self) -> String {
        format!(
            "{} is thinking: it is its move (F12 or \"now\" makes it move now)",
            self.player_name()
        )
    }

    /// A new question's id.
    fn ask(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }
}

/// The clocks as the engine is told them: each side's time, the increment (a delay counts as
/// one: at most that much comes back) and the moves to the next control.
pub fn search_clock(game: &Game, engine: Color, now: Duration) -> Option<SearchClock> {
    if !game.is_timed() {
        return None;
    }
    let clock = game.clock();
    let inc = |c: Color| {
        let control = clock.control(c);
        control.increment_for_move(clock.moves_made(c) + 1)
            + control.delay().map_or(Duration::ZERO, |d| d.amount)
    };
    Some(SearchClock {
        white: clock.remaining(Color::White, now).unwrap_or_default(),
        black: clock.remaining(Color::Black, now).unwrap_or_default(),
        white_inc: inc(Color::White),
        black_inc: inc(Color::Black),
        moves_to_go: clock.moves_to_go(engine),
    })
}

/// A question for the engine about `game`: its move for `engine` (or a hint, for the other
/// side) with the clocks as they stand at `now`.
fn think_job(game: &Game, id: u64, hint: bool, engine: Color, now: Duration) -> ThinkJob {
    ThinkJob {
        id,
        start: game.record().start().clone(),
        moves: game.record().moves().iter().map(|m| m.mv).collect(),
        clock: search_clock(game, engine, now),
        hint,
    }
}

impl EngineSeat {
    /// After every update: what to ask the engine about `game` — started for the game, asked
    /// for its move when it is its turn and its clock runs (and no box before the game, `ready`,
    /// holds the start), a search on a position taken back ended, let go at the game's end.
    pub(super) fn follow(&mut self, game: &Game, ready: bool, now: Duration) -> Vec<OpponentAsk> {
        let over = game.is_over();
        let plies = game.record().plies();
        let turn = game.position().turn();
        let clocks_run = !game.is_timed() || (game.is_started() && !game.clock().is_paused());
        let mut asks = Vec::new();
        if over {
            if self.started {
                self.started = false;
                self.thinking = None;
                self.hint = None;
                asks.push(OpponentAsk::Stop);
            }
        } else if self.failed.is_none() {
            if !self.started {
                self.started = true;
                asks.push(OpponentAsk::Start {
                    strength: self.setup.strength,
                    chess960: game.record().start().is_chess960(),
                });
            }
            for asked in [&mut self.thinking, &mut self.hint] {
                if let Some(stale) = asked.take_if(|a| a.plies != plies) {
                    asks.push(OpponentAsk::MoveNow(stale.id));
                }
            }
            let side = self.side;
            if turn == side && self.thinking.is_none() && clocks_run && ready {
                let id = self.ask();
                self.thinking = Some(Asked { id, plies });
                asks.push(OpponentAsk::Think(Box::new(think_job(
                    game, id, false, side, now,
                ))));
            }
        }
        asks
    }
}

impl App {
    /// The engine's news: its move (or hint), or that it stopped working.
    pub(super) fn opponent_news(&mut self, news: OpponentNews, now: Duration) {
        let plies = self.game.record().plies();
        let Some(seat) = self.table.engine_mut() else {
            return;
        };
        match news {
            OpponentNews::Moved { id, mv, .. } if seat.hint.is_some_and(|h| h.id == id) => {
                seat.hint = None;
                let name = seat.setup.name.clone();
                self.desk().show_hint(mv, &name);
            }
            OpponentNews::Moved { id, mv, eval } => {
                if seat.thinking.is_none_or(|t| t.id != id || t.plies != plies) {
                    return;
                }
                seat.thinking = None;
                let side = seat.side;
                let resigns = seat.resignation.after_search(eval);
                self.engine_moves(side, mv, eval, resigns, now);
            }
            OpponentNews::Failed(why) => {
                seat.thinking = None;
                seat.hint = None;
                seat.started = false;
                seat.failed = Some(why.clone());
                let side = seat.side;
                let name = seat.player_name();
                if self.game.is_over() {
                    return;
                }
                match self.game.abandon(side, now) {
                    Ok(_) => {
                        self.message = Some(
                            Message::error(format!(
                                "{name} stopped working, so the game ends as abandoned by it \
                                 and is saved. Why: {why}"
                            ))
                            .or_shorter(format!(
                                "{name} stopped working: the game ends as abandoned by it"
                            )),
                        )
                    }
                    Err(err) => self.message.error(err.to_string()),
                }
            }
        }
    }

    /// The engine's answer at its turn: a draw offer standing is answered, a hopeless game
    /// resigned, else its move played as any move is.
    fn engine_moves(
        &mut self,
        side: Color,
        mv: Move,
        eval: Option<Eval>,
        resigns: bool,
        now: Duration,
    ) {
        if self.game.is_over() || self.game.position().turn() != side {
            return;
        }
        let name = self.view().words().who(side);
        let mut said = None;
        if self.game.pending_offer() == Some(!side) {
            let number = self.game.position().fullmoves();
            if accepts_draw(eval, side, number) {
                if let Err(err) = self.game.accept_draw(side, now) {
                    self.message.error(err.to_string());
                }
                return;
            }
            said = Some(format!("{name} declines the draw offer"));
        }
        if resigns {
            if let Err(err) = self.game.resign(side, now) {
                self.message.error(err.to_string());
            }
            return;
        }
        // A dialog the human opened meanwhile (the help, a save) stays open over the move.
        let mode = std::mem::replace(&mut self.mode, Mode::Playing);
        self.commit(mv, false, now);
        if !self.game.is_over() && !matches!(mode, Mode::Playing) {
            self.mode = mode;
        }
        if let Some(said) = said {
            self.message.info(said);
        }
    }

    /// Seats the engine for the game just put on the board: a side named as the engine's
    /// (`Stockfish (level 4)`, as `--against` names it, a rematch swaps it, the new-game form
    /// or a saved game gives it) is the engine's, at the strength the name says; a game
    /// without one is two players' at the keyboard. A game across the network stays so.
    pub(super) fn seat_engine(&mut self) {
        if self.table.remote().is_some() {
            return;
        }
        let found = [Color::White, Color::Black].into_iter().find_map(|side| {
            parse_player_name(self.game.player(side)).map(|(name, strength)| SparringSetup {
                name,
                strength,
                side,
            })
        });
        let earlier = self.table.engine().map(|seat| (seat.started, seat.next_id));
        if earlier.is_some_and(|(started, _)| started) {
            self.effects
                .push(EngineEffect::Opponent(OpponentAsk::Stop).into());
        }
        match found {
            Some(setup) => {
                let side = setup.side;
                let mut seat = EngineSeat::new(setup);
                seat.next_id = earlier.map_or(1, |(_, next)| next);
                self.table = super::table::Table::Engine(Box::new(seat));
                // The human's side at the bottom.
                if !self.auto_flip {
                    self.board.orientation = !side;
                }
            }
            None if earlier.is_some() => self.table = super::table::Table::Keyboard,
            None => {}
        }
    }
}

/// The engine's table on the table's side: its hint written into the game, the keys it
/// answers itself (move now, hint, takeback, a draw or claim at its turn).
impl Desk<'_> {
    /// Shows the hint `mv` and writes it into the game, as a comment on the move before it
    /// (before the first move: the game's opening comment).
    pub(super) fn show_hint(&mut self, mv: Move, engine: &str) {
        let pos = self.game.position();
        if !pos.is_legal(mv) {
            return;
        }
        let san = pos.san(mv);
        let written = self.style.write(self.game.position(), mv);
        let plies = self.game.record().plies();
        let note = format!("Hint ({engine} at full strength): {san}");
        let before = match plies {
            0 => self.game.intro().to_owned(),
            n => self
                .game
                .notes()
                .get(n - 1)
                .map(|n| n.comment.clone())
                .unwrap_or_default(),
        };
        let text = if before.is_empty() {
            note
        } else {
            format!("{before} {note}")
        };
        self.game.set_comment(Spot::Main(plies), &text);
        *self.message = Some(
            Message::info(format!(
                "Hint: {written} ({engine} at full strength; written in the game)"
            ))
            .or_shorter(format!("Hint: {written}")),
        );
    }

    /// The actions an engine's table answers itself, before the board's: move now, a hint, a
    /// takeback (it agrees), a draw offered at its turn, a claim at its turn. `None` when the
    /// action is not the engine's table's to answer.
    pub(super) fn engine_action(&mut self, action: &Action, now: Duration) -> Option<Acted> {
        let over = self.game.is_over();
        let turn = self.game.position().turn();
        let plies = self.game.record().plies();
        let seat = self.table.engine_mut()?;
        let side = seat.side;
        let name = seat.player_name();
        match action {
            Action::MoveNow => match seat.thinking {
                Some(asked) => {
                    self.effects
                        .push(EngineEffect::Opponent(OpponentAsk::MoveNow(asked.id)).into());
                    self.message.info(format!("{name} moves now"));
                }
                None => self
                    .message
                    .error(format!("{name} is not thinking: it is not its move")),
            },
            Action::Hint if over => self.message.error("The game is over: F4 analyses it"),
            Action::Hint if turn == side => self
                .message
                .error(format!("It is {name}'s move: a hint is for your own move")),
            Action::Hint if seat.failed.is_some() => self
                .message
                .error(format!("{name} stopped working: no hint")),
            Action::Hint => {
                let engine = seat.setup.name.clone();
                let id = seat.hint.is_none().then(|| seat.ask());
                if let Some(id) = id {
                    seat.hint = Some(Asked { id, plies });
                    let job = think_job(self.game, id, true, !side, now);
                    self.effects
                        .push(EngineEffect::Opponent(OpponentAsk::Think(Box::new(job))).into());
                }
                self.message.info(format!("Asking {engine} for a hint"));
            }
            Action::Takeback if !over => return Some(self.engine_takeback(side, &name, now)),
            Action::Draw if !over && turn == side => match self.game.offer_draw(!side, now) {
                Ok(_) => {
                    self.requests.offer_seen(now);
                    self.message
                        .info(format!("You offer a draw: {name} answers with its move"));
                }
                Err(err) => self.message.error(err.to_string()),
            },
            Action::Claim if !over && turn == side => self.message.error(format!(
                "It is {name}'s move: claim a draw on your own move"
            )),
            _ => return None,
        }
        Some(Acted::Here)
    }

    /// The human's takeback, which the engine always agrees to: back to the human's move (its
    /// own reply taken back too when it has made it).
    fn engine_takeback(&mut self, side: Color, name: &str, now: Duration) -> Acted {
        let plies = self.game.record().plies();
        let turn = self.game.position().turn();
        let back = if turn == side { 1 } else { 2 };
        if plies < back || (turn != side && plies == 1) {
            self.message.error("There is no move of yours to take back");
            return Acted::Here;
        }
        match self.game.takeback(back, now) {
            Ok(()) => {
                if let Some(seat) = self.table.engine_mut() {
                    seat.resignation.reset();
                }
                self.requests.with_move = None;
                self.message
                    .info(format!("Taken back, {name} agreeing: your move again"));
                Acted::TookBack
            }
            Err(err) => {
                self.message.error(err.to_string());
                Acted::Here
            }
        }
    }
}
