//! A puzzle duel over the network, in words: the host's duel whole in one message
//! ([`DuelState`], sent after every change), so that the other terminal needs no puzzle
//! database of its own and a watcher follows it move by move. A player's move goes back as
//! the game's [`Msg::Act`] with an [`Action::Move`](super::Action::Move),
//! its `ply` being the [`DuelState::revision`] the terminal saw: a move made on a state the
//! host has since left is refused as stale.
//!
//! The host's duel is the truth (`net::duel`); a terminal rebuilds the puzzle on its board from
//! the state with [`DuelState::solving`], checking every line of it with the chess crate as it
//! would a row of Lichess's file (a host is trusted with the duel, not with the terminal's
//! memory: a state that does not parse is refused, never a panic).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Msg;
use crate::puzzle::{Attempt, Puzzle, PuzzleError, Solving, duel_winner, parse_row, uci_move};

/// The most puzzles a duel over the network may have (the command line's own cap is lower).
pub const MAX_DUEL_PUZZLES: u32 = 1000;

/// The longest name a duel state may carry, in bytes.
pub const MAX_DUEL_NAME: usize = 64;

/// A puzzle as the host sends it: what it takes to set it up and check its line, in
/// Lichess's own notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelPuzzle {
    pub id: String,
    /// The position before the opponent's first move.
    pub fen: String,
    /// The line in UCI, space-separated, the opponent's first move first.
    pub moves: String,
    pub rating: u16,
    pub themes: Vec<String>,
}

impl DuelPuzzle {
    pub fn of(puzzle: &Puzzle) -> DuelPuzzle {
        let moves: Vec<String> = puzzle.moves.iter().map(|m| m.uci().to_string()).collect();
        DuelPuzzle {
            id: puzzle.id.clone(),
            fen: puzzle.fen.clone(),
            moves: moves.join(" "),
            rating: puzzle.rating,
            themes: puzzle.themes.clone(),
        }
    }

    /// The puzzle, checked as a row of Lichess's file is (id, FEN, every move legal in turn).
    pub fn puzzle(&self) -> Result<Puzzle, PuzzleError> {
        // A field with a comma would shift the columns: the row's own check refuses it.
        let row = format!(
            "{},{},{},{},,,,{},,",
            self.id,
            self.fen,
            self.moves,
            self.rating,
            self.themes.join(" ")
        );
        parse_row(&row)
    }
}

/// What happened last in the duel, for each screen to say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DuelNews {
    /// The duel began (or a terminal asked for it again): nothing to say.
    Start,
    /// The player to solve played a right move; the line's reply was played.
    Right { by: u8 },
    /// `by` solved the puzzle numbered `number`.
    Solved { by: u8, number: u32 },
    /// `by` went wrong on the puzzle numbered `number`; `expected` was the line's move (UCI).
    Wrong {
        by: u8,
        number: u32,
        expected: String,
    },
    /// `by`'s clock ran out.
    Flag { by: u8 },
    /// A player's terminal came or went.
    Connection { player: u8, connected: bool },
}

/// The host's duel, whole, as it stands when sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelState {
    /// Raised by every change of the board or the turn; a move names the one it was made on.
    pub revision: u32,
    /// Player 0 (the host's, who starts) and player 1.
    pub names: [String; 2],
    /// Each player's time left, in milliseconds, when the host sent this.
    pub clocks_ms: [u64; 2],
    /// The clock of the player to solve is running.
    pub running: bool,
    /// The player to solve, 0 or 1.
    pub turn: u8,
    pub score: [u32; 2],
    /// The number (from 1) of the puzzle on the board, and how many the duel has.
    pub number: u32,
    pub total: u32,
    pub puzzle: DuelPuzzle,
    /// The solver's and the line's moves played so far on this puzzle, after the opponent's
    /// first move (UCI).
    pub played: Vec<String>,
    pub over: bool,
    /// Which players' terminals are connected (the host's own always is).
    pub connected: [bool; 2],
    pub news: DuelNews,
}

/// Why a terminal refused a duel state from its host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelStateError {
    Puzzle(PuzzleError),
    /// A move of `played` that is not the line's (`index` from 0).
    Played {
        index: usize,
        text: String,
    },
    Turn(u8),
    Number {
        number: u32,
        total: u32,
    },
    Name,
}

impl std::fmt::Display for DuelStateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DuelStateError::Puzzle(e) => write!(f, "the host sent a puzzle that is not one: {e}"),
            DuelStateError::Played { index, text } => write!(
                f,
                "the host sent a move that is not the puzzle's line: {text} (move {})",
                index + 1
            ),
            DuelStateError::Turn(t) => write!(f, "the host named a player {t} (0 or 1)"),
            DuelStateError::Number { number, total } => {
                write!(f, "the host sent puzzle {number} of {total}")
            }
            DuelStateError::Name => write!(
                f,
                "the host sent a name longer than {MAX_DUEL_NAME} bytes or with control characters"
            ),
        }
    }
}

impl std::error::Error for DuelStateError {}

impl DuelState {
    /// The puzzle on the board as the host has it: set up, its opponent's first move played,
    /// then the moves played so far, each checked against the line. Anything wrong in the
    /// state is refused with what it was.
    pub fn solving(&self) -> Result<Solving, DuelStateError> {
        if self.turn > 1 {
            return Err(DuelStateError::Turn(self.turn));
        }
        if self.number == 0
            || self.total == 0
            || self.total > MAX_DUEL_PUZZLES
            || self.number > self.total
        {
            return Err(DuelStateError::Number {
                number: self.number,
                total: self.total,
            });
        }
        let bad_name = |n: &String| n.len() > MAX_DUEL_NAME || n.chars().any(char::is_control);
        if self.names.iter().any(bad_name) {
            return Err(DuelStateError::Name);
        }
        let mut solving = Solving::new(self.puzzle.puzzle().map_err(DuelStateError::Puzzle)?);
        let mut index = 0;
        while index < self.played.len() {
            let text = &self.played[index];
            let wrong = || DuelStateError::Played {
                index,
                text: text.clone(),
            };
            let m = uci_move(solving.position(), text).map_err(|_| wrong())?;
            match solving.play(m) {
                Ok(Attempt::Right { reply }) => {
                    // The line's reply comes next in `played`, as the host played it.
                    index += 1;
                    let sent = self.played.get(index);
                    if sent.is_some_and(|s| *s != reply.uci().to_string()) {
                        return Err(DuelStateError::Played {
                            index,
                            text: sent.cloned().unwrap_or_default(),
                        });
                    }
                }
                Ok(Attempt::Solved) if index + 1 == self.played.len() => {}
                _ => return Err(wrong()),
            }
            index += 1;
        }
        Ok(solving)
    }

    /// `player`'s time left when the host sent this.
    pub fn remaining(&self, player: usize) -> Duration {
        Duration::from_millis(self.clocks_ms[player.min(1)])
    }

    /// The winner once over: `Some(player)`, or `None` for a draw (the higher score wins;
    /// at equal scores the player to solve whose clock ran out loses, as the host decides).
    pub fn winner(&self) -> Option<usize> {
        let turn = usize::from(self.turn.min(1));
        let flagged = self.over && self.clocks_ms[turn] == 0;
        duel_winner(self.score, flagged.then_some(turn))
    }
}

/// What a message did to a terminal's duel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelChange {
    /// A new state, and what happened.
    Updated(DuelNews),
    /// This terminal's move was refused, and why (the board is the host's, unchanged).
    Refused(String),
    Nothing,
}

/// Why a terminal does not send a move in the duel (said at once, nothing sent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DuelMoveError {
    /// The host's first state has not come yet.
    NotStarted,
    Watching,
    NotYourTurn,
    Over,
    /// The text is no legal move here (UCI).
    Illegal(String),
}

impl std::fmt::Display for DuelMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DuelMoveError::NotStarted => f.write_str("the duel has not reached this screen yet"),
            DuelMoveError::Watching => f.write_str("you are watching this duel"),
            DuelMoveError::NotYourTurn => {
                f.write_str("it is your opponent's puzzle: wait for yours")
            }
            DuelMoveError::Over => f.write_str("the duel is over"),
            DuelMoveError::Illegal(text) => write!(f, "{text} is no legal move on this board"),
        }
    }
}

impl std::error::Error for DuelMoveError {}

/// A terminal's copy of the host's duel: the last state and the board rebuilt from it.
#[derive(Clone, Debug)]
pub struct DuelMirror {
    /// This terminal's player (0 or 1), or `None` for a watcher.
    me: Option<usize>,
    state: Option<(DuelState, Solving)>,
}

impl DuelMirror {
    pub fn new(me: Option<usize>) -> DuelMirror {
        DuelMirror {
            me: me.map(|p| p.min(1)),
            state: None,
        }
    }

    /// This terminal's player (0 or 1), or `None` for a watcher.
    pub fn me(&self) -> Option<usize> {
        self.me
    }

    /// The host's last state and the board, once one came.
    pub fn state(&self) -> Option<(&DuelState, &Solving)> {
        self.state.as_ref().map(|(s, b)| (s, b))
    }

    /// Whether it is this terminal's player's puzzle.
    pub fn my_turn(&self) -> bool {
        match (&self.state, self.me) {
            (Some((s, _)), Some(me)) => !s.over && usize::from(s.turn) == me,
            _ => false,
        }
    }

    /// A message from the host: a state replaces the copy (an older one than held is
    /// ignored); a state that does not check out is refused and the copy kept.
    pub fn apply(&mut self, msg: &Msg) -> Result<DuelChange, DuelStateError> {
        match msg {
            Msg::DuelWelcome { player, state } => {
                // A welcome (again, after a drop) is the duel afresh, whatever came before.
                let board = state.solving()?;
                self.me = player.map(|p| usize::from(p.min(1)));
                self.state = Some(((**state).clone(), board));
                Ok(DuelChange::Updated(DuelNews::Start))
            }
            Msg::Duel(state) => {
                if let Some((held, _)) = &self.state
                    && held.revision > state.revision
                {
                    return Ok(DuelChange::Nothing);
                }
                let board = state.solving()?;
                let news = state.news.clone();
                self.state = Some(((**state).clone(), board));
                Ok(DuelChange::Updated(news))
            }
            Msg::Refused { reason } => Ok(DuelChange::Refused(reason.clone())),
            _ => Ok(DuelChange::Nothing),
        }
    }

    /// This terminal's player plays `uci`: checked here (turn, legality), then the message
    /// for the host, naming the revision it was made on.
    pub fn try_move(&self, uci: &str) -> Result<Msg, DuelMoveError> {
        let Some((state, board)) = &self.state else {
            return Err(DuelMoveError::NotStarted);
        };
        let Some(me) = self.me else {
            return Err(DuelMoveError::Watching);
        };
        if state.over {
            return Err(DuelMoveError::Over);
        }
        if usize::from(state.turn) != me {
            return Err(DuelMoveError::NotYourTurn);
        }
        let m = uci_move(board.position(), uci)
            .map_err(|_| DuelMoveError::Illegal(uci.chars().take(16).collect()))?;
        Ok(Msg::Act {
            ply: state.revision,
            action: super::Action::Move {
                uci: m.uci().to_string(),
            },
        })
    }
}
