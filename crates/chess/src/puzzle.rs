//! Puzzles as Lichess makes them: a position, the opponent's move that sets the problem, and
//! the solution the solver must find. Pure, like the rest of this crate: rows of text in,
//! positions and moves out, the current time passed in where a run is timed.
//!
//! * [`record`] — one row of Lichess's puzzle CSV (`PuzzleId,FEN,Moves,Rating,…`) read and
//!   checked: the FEN must be a legal position and every move of the solution legal in turn,
//!   or the row is refused with the reason.
//! * [`solve`] — solving, as Lichess does it: the opponent's first move is played, the
//!   solver plays the rest with the opponent's replies played between; a wrong move fails and
//!   shows the right one; a move that mates always wins; hints (the piece, then the move).
//! * [`duel`] — a duel at one keyboard: two players, the same list, a clock each.
//! * [`run`] — Puzzle Storm and Puzzle Streak, with Lichess's published rules (lila's
//!   `ui/puz/src/config.ts`).

pub mod duel;
pub mod record;
pub mod run;
pub mod solve;

pub use duel::{Duel, DuelRules, OnWrong, duel_winner};
pub use record::{COLUMNS, Puzzle, PuzzleError, RowError, is_header, parse_row, uci_move};
pub use run::{Combo, Storm, Streak};
pub use solve::{Attempt, Hint, Solving, Status};
