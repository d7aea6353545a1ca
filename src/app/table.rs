//! The table the game is played at, and the one place that decides who moves next.
//!
//! A [`Table`] says who sits at this screen and where the game's truth is kept: two players
//! at this keyboard ([`Table::Keyboard`]), one seat of a game hosted across the network
//! ([`Table::Remote`], the host's own screen too), or one player against an engine
//! ([`Table::Engine`], see `sparring`). Every question that depends on it is asked
//! here, once: whose move the board may make now ([`Table::next_move`], which also says when a
//! finished game has become the analysis board), which actions the table has no room for
//! ([`Table::refuses`]), which colour this screen speaks for ([`Table::own_color`]), whether
//! this screen keeps the clocks and decides the endings ([`Table::decides_here`]).
//!
//! # Adding a kind of table
//!
//! A puzzle or a room served over SSH is one more variant holding its own state (as
//! [`Table::Remote`] holds the [`NetPlay`], [`Table::Engine`] the [`EngineSeat`]): answer each question below for it, then
//! follow the compiler to the few `match`es on the variant in the app (`App::commit` plays a
//! move at the table; `Desk::net_act` sends an action to the host of a remote table).

use super::keymap::Action;
use super::network::{NetPlay, NetSetup};
use super::puzzle::{PuzzleSeat, analysis_open, why_not_solver};
use super::sparring::EngineSeat;
use crate::game::Game;
use crate::remote::Seat;
use crate::rules::Color;

/// Where the game is played, and who sits at this screen. See the [module docs](self).
#[derive(Clone, Debug)]
pub enum Table {
    /// Two players at this keyboard: every move, offer and answer is made here.
    Keyboard,
    /// One seat (or a watcher's chair) of a game whose truth is the host's, across the
    /// network.
    Remote(Box<NetPlay>),
    /// One player at this keyboard against an engine, which plays the other side (see
    /// `sparring`): the game's truth is kept here, the engine's moves come as news.
    Engine(Box<EngineSeat>),
    /// One player at this keyboard solving Lichess's puzzles (see `puzzle`): the seat checks
    /// each move against the puzzle's line and plays the opponent's replies.
    Puzzle(Box<PuzzleSeat>),
}

/// Who makes the next move on the board, as the table decides it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextMove {
    /// A player at this screen: the side to move, `Color`.
    Here(Color),
    /// The game is over: a move on the board starts or follows a variation (the analysis
    /// board), at whatever table it was played.
    Study,
    /// Not this screen's to make now, and why, in words for the status line.
    Elsewhere(String),
}

impl Table {
    /// The table of a session: across the network when `network` is set up.
    pub fn new(network: Option<NetSetup>) -> Table {
        network.map_or(Table::Keyboard, |setup| {
            Table::Remote(Box::new(NetPlay::new(setup)))
        })
    }

    /// The network seat, at a remote table.
    pub fn remote(&self) -> Option<&NetPlay> {
        match self {
            Table::Remote(net) => Some(net),
            Table::Keyboard | Table::Engine(_) | Table::Puzzle(_) => None,
        }
    }

    pub(super) fn remote_mut(&mut self) -> Option<&mut NetPlay> {
        match self {
            Table::Remote(net) => Some(net),
            Table::Keyboard | Table::Engine(_) | Table::Puzzle(_) => None,
        }
    }

    /// The engine's seat, at an engine's table.
    pub fn engine(&self) -> Option<&EngineSeat> {
        match self {
            Table::Engine(seat) => Some(seat),
            Table::Keyboard | Table::Remote(_) | Table::Puzzle(_) => None,
        }
    }

    pub(super) fn engine_mut(&mut self) -> Option<&mut EngineSeat> {
        match self {
            Table::Engine(seat) => Some(seat),
            Table::Keyboard | Table::Remote(_) | Table::Puzzle(_) => None,
        }
    }

    /// The puzzle seat, at a puzzle's table.
    pub fn puzzle(&self) -> Option<&PuzzleSeat> {
        match self {
            Table::Puzzle(seat) => Some(seat),
            _ => None,
        }
    }

    pub(super) fn puzzle_mut(&mut self) -> Option<&mut PuzzleSeat> {
        match self {
            Table::Puzzle(seat) => Some(seat),
            _ => None,
        }
    }

    /// Whether the board is open for analysis (variations, the engine's lines): a finished
    /// game, or a puzzle once it is over.
    pub fn analysis_open(&self, game: &Game) -> bool {
        game.is_over() || self.puzzle().is_some_and(analysis_open)
    }

    /// The game to write to disk from the screen's `game`: across the network without this
    /// screen's move that waits for the host's answer.
    pub fn kept_game<'a>(&'a self, game: &'a Game) -> &'a Game {
        self.remote().map_or(game, |net| net.kept_game(game))
    }

    /// Whether a move of this screen waits for the answer of the place the game is decided.
    pub fn move_pending(&self) -> bool {
        self.remote().is_some_and(NetPlay::move_pending)
    }

    /// Whether this screen keeps the game's truth: it plays the moves into the game itself,
    /// ticks the clocks to a flag fall and decides the endings. At a remote table the host
    /// does, and says so.
    pub fn decides_here(&self) -> bool {
        match self {
            Table::Keyboard | Table::Engine(_) | Table::Puzzle(_) => true,
            Table::Remote(_) => false,
        }
    }

    /// The colour this screen speaks for: `None` where it speaks for both (two players at the
    /// keyboard), for a watcher, and before the host's welcome.
    pub fn own_color(&self) -> Option<Color> {
        match self {
            Table::Keyboard => None,
            Table::Remote(net) => net.seat()?.color(),
            Table::Engine(seat) => Some(!seat.side()),
            Table::Puzzle(seat) => seat.solver(),
        }
    }

    /// Whether both players sit at this screen, so that what one colour may do (resign, offer)
    /// the screen may do for either.
    pub fn plays_both(&self) -> bool {
        matches!(self, Table::Keyboard)
    }

    /// Whether leaving loses nothing of the game on the board: a watcher keeps nothing, and a
    /// puzzle's results are written as they come.
    pub fn nothing_to_lose(&self) -> bool {
        self.watching() || self.puzzle().is_some()
    }

    /// Whether this screen only watches: it acts in nothing.
    pub fn watching(&self) -> bool {
        self.remote().and_then(NetPlay::seat) == Some(Seat::Watcher)
    }

    /// Who makes the next move in `game`: the one place it is decided.
    pub fn next_move(&self, game: &Game) -> NextMove {
        if self.analysis_open(game) {
            return NextMove::Study;
        }
        let turn = game.position().turn();
        match self {
            Table::Keyboard => NextMove::Here(turn),
            Table::Engine(seat) if seat.side() == turn => NextMove::Elsewhere(seat.its_move_text()),
            Table::Engine(_) => NextMove::Here(turn),
            Table::Remote(net) => match net.why_not_here(game) {
                Some(why) => NextMove::Elsewhere(why),
                None => NextMove::Here(turn),
            },
            Table::Puzzle(seat) => match why_not_solver(seat, game.position()) {
                Some(why) => NextMove::Elsewhere(why),
                None => NextMove::Here(turn),
            },
        }
    }

    /// Why this table has no room for `action` (a pause or a new game across the network),
    /// in words for the status line; `None` when it has.
    pub fn refuses(&self, action: &Action) -> Option<&'static str> {
        match self {
            Table::Keyboard => None,
            Table::Engine(_) => match action {
                Action::Pause => Some(
                    "A game against the computer has no pause: its clock and yours run as at \
                     a board",
                ),
                _ => None,
            },
            Table::Puzzle(_) => match action {
                Action::Draw | Action::Claim | Action::Resign | Action::Pause => Some(
                    "A puzzle has no opponent to offer, claim or resign to: F10 hint, F12 solution, Ctrl-V next",
                ),
                Action::NewGame | Action::Rematch | Action::Library => Some(
                    "These are the puzzles: quit (Ctrl-Q) and start hotseat for a game or the library",
                ),
                _ => None,
            },
            Table::Remote(_) => match action {
                Action::Pause => {
                    Some("A game across the network has no pause: the clocks run as at a board")
                }
                Action::NewGame | Action::Rematch | Action::Library => Some(
                    "This screen plays the game across the network: quit (Ctrl-Q), then host \
                     or join again for a new game, or start hotseat for the library",
                ),
                _ => None,
            },
        }
    }

    /// Whether a question asked by `by` was asked from this screen, so it is not this
    /// screen's to answer: across the network, this seat's own (a watcher answers nothing);
    /// at the keyboard never, since the player asked sits here too.
    pub fn asked_from_here(&self, by: Color) -> bool {
        match self {
            Table::Keyboard => false,
            Table::Remote(_) | Table::Engine(_) | Table::Puzzle(_) => {
                self.own_color().is_none_or(|me| me == by)
            }
        }
    }

    /// Who speaks at this screen when `game` is at `turn`'s move and the words are the side
    /// to move's (an answer to an offer, a resignation): this seat across the network, the
    /// side to move at the keyboard.
    pub fn speaker(&self, game: &Game) -> Color {
        self.own_color().unwrap_or_else(|| game.position().turn())
    }

    /// Who asks to take back a move from this screen: this seat across the network; at the
    /// keyboard, whoever moved last.
    pub fn takeback_asker(&self, game: &Game) -> Color {
        self.own_color().unwrap_or_else(|| !game.position().turn())
    }

    /// Whether a game put on this table waits for a key to start its clocks (the players sit
    /// down first): at the keyboard, but not a new game whose first move is the engine's
    /// (see [`Table::engine_opens`]); across the network the host starts them.
    pub fn waits_for_players(&self, game: &Game) -> bool {
        self.decides_here() && !self.engine_opens(game)
    }

    /// Whether the engine plays the first move of `game`, a new game not started: its clock
    /// starts at once and it moves, with or without a clock, in every front end (nobody at
    /// this keyboard has a move to make first).
    pub fn engine_opens(&self, game: &Game) -> bool {
        matches!(self, Table::Engine(seat) if seat.side() == game.position().turn())
            && game.record().plies() == 0
            && !game.is_started()
            && !game.is_over()
    }
}
