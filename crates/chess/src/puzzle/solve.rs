//! Solving one puzzle, as Lichess does it (lila's `ui/puzzle/src/moveTest.ts`).
//!
//! * The board starts at the puzzle's FEN and the opponent's first move is played at once: the
//!   solver sees it as the last move.
//! * The solver plays the second move of the line, the fourth, …; after each right move the
//!   opponent's reply is played straight away, until the line ends: solved.
//! * A move that mates wins at once, whether or not it is the line's (a mate puzzle often has
//!   more than one mate at its last step).
//! * Any other move than the line's fails the puzzle: the board stays where it was, the right
//!   move is given, and the solver may go on from there (the result stays a failure).
//! * Hints: the first names the piece to move, the second the move. A puzzle solved after a
//!   hint counts as failed for the rating (the solution was given, in part).
//! * Show the solution: the rest of the line is played; the puzzle counts as failed.
//! * Retry: back to the first position; only the first attempt counts for the rating.
//! * Once solved, failed and finished, or shown, the position is open: any legal move is
//!   played, for analysis.
//!
//! The result for the rating ([`Solving::result`]) is fixed at the first moment it is known:
//! the first wrong move, the solution shown, or the line completed.

use super::record::Puzzle;
use crate::rules::{Move, Position, Role, Square};

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The solver is to find the next move.
    Solving,
    /// The line is complete (or the solver mated): the position is open for analysis.
    Solved,
    /// The solution was shown: the position is open for analysis.
    Shown,
}

/// What a move of the solver did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The line's move: the opponent replied with `reply`; the solver is to move again.
    Right { reply: Move },
    /// The last move of the line, or a mate: solved.
    Solved,
    /// Not the move: the board is as it was; `expected` is the line's move.
    Wrong { expected: Move },
    /// The puzzle is over: the move was played freely, for analysis.
    Explored,
}

/// A hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The piece to move, on its square.
    Piece { square: Square, role: Role },
    /// The move itself.
    Move(Move),
}

/// One puzzle being solved.
#[derive(Clone, Debug)]
pub struct Solving {
    puzzle: Puzzle,
    position: Position,
    /// The index in the line of the next move to play (odd while solving).
    next: usize,
    status: Status,
    /// The moves played since the start position, the opponent's first included.
    played: Vec<Move>,
    /// Hints given in this attempt: 0, 1 (the piece) or 2 (the move).
    hints: u8,
    /// The solver went wrong at least once in this attempt.
    went_wrong: bool,
    /// The result for the rating, once known: true for solved cleanly.
    result: Option<bool>,
    /// The first attempt (the one that counts) is over and this is a retry.
    retried: bool,
}

impl Solving {
    /// Sets up the puzzle and plays the opponent's first move.
    pub fn new(puzzle: Puzzle) -> Solving {
        let position = puzzle.problem();
        let first = puzzle.moves[0];
        Solving {
            puzzle,
            position,
            next: 1,
            status: Status::Solving,
            played: vec![first],
            hints: 0,
            went_wrong: false,
            result: None,
            retried: false,
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// The last move played on the board (the opponent's, at first).
    pub fn last_move(&self) -> Option<Move> {
        self.played.last().copied()
    }

    /// The moves played from the puzzle's FEN, the opponent's first move first.
    pub fn played(&self) -> &[Move] {
        &self.played
    }

    /// Whether the solver has gone wrong in this attempt.
    pub fn went_wrong(&self) -> bool {
        self.went_wrong
    }

    /// Hints given in this attempt (0 to 2).
    pub fn hints(&self) -> u8 {
        self.hints
    }

    /// The result that counts for the rating, once known: `Some(true)` solved with no wrong
    /// move, hint or shown solution; `Some(false)` failed. Always that of the first attempt.
    pub fn result(&self) -> Option<bool> {
        self.result
    }

    /// Whether this is a retry (after the first attempt ended).
    pub fn is_retry(&self) -> bool {
        self.retried
    }

    /// How many of the solver's moves are found so far.
    pub fn found(&self) -> usize {
        self.next.min(self.puzzle.moves.len()) / 2
    }

    /// The line's next move, while solving.
    pub fn expected(&self) -> Option<Move> {
        (self.status == Status::Solving).then(|| self.puzzle.moves[self.next])
    }

    fn fix_result(&mut self, won: bool) {
        if self.result.is_none() && !self.retried {
            self.result = Some(won);
        }
    }

    /// The solver (or, once the puzzle is over, the analyst) plays `m`. An illegal move is
    /// refused as `Err` with the board unchanged.
    pub fn play(&mut self, m: Move) -> Result<Attempt, crate::rules::IllegalMove> {
        let after = self.position.play(m)?;
        if self.status != Status::Solving {
            self.position = after;
            self.played.push(m);
            return Ok(Attempt::Explored);
        }
        let expected = self.puzzle.moves[self.next];
        if m != expected && !after.is_checkmate() {
            self.went_wrong = true;
            self.fix_result(false);
            return Ok(Attempt::Wrong { expected });
        }
        self.position = after;
        self.played.push(m);
        self.next += 1;
        if m != expected || self.next == self.puzzle.moves.len() {
            // The line's end, or a mate of the solver's own.
            self.next = self.puzzle.moves.len();
            self.status = Status::Solved;
            let clean = !self.went_wrong && self.hints == 0;
            self.fix_result(clean);
            return Ok(Attempt::Solved);
        }
        let reply = self.puzzle.moves[self.next];
        self.position.play_unchecked(reply);
        self.played.push(reply);
        self.next += 1;
        Ok(Attempt::Right { reply })
    }

    /// The next hint: the piece first, then the move. `None` once the puzzle is over.
    pub fn hint(&mut self) -> Option<Hint> {
        let m = self.expected()?;
        self.hints = (self.hints + 1).min(2);
        Some(if self.hints == 1 {
            Hint::Piece {
                square: m.from(),
                role: m.role(),
            }
        } else {
            Hint::Move(m)
        })
    }

    /// Plays the rest of the line; returns the moves played (none if the puzzle was over).
    /// The puzzle counts as failed.
    pub fn show_solution(&mut self) -> Vec<Move> {
        if self.status != Status::Solving {
            return Vec::new();
        }
        self.fix_result(false);
        let rest = self.puzzle.moves[self.next..].to_vec();
        for &m in &rest {
            self.position.play_unchecked(m);
            self.played.push(m);
        }
        self.next = self.puzzle.moves.len();
        self.status = Status::Shown;
        rest
    }

    /// Back to the first position (the opponent's move played), for another go. Only the
    /// first attempt counts for the rating: a retry after it is over counts for nothing.
    pub fn retry(&mut self) {
        let ended = self.result.is_some() || self.retried;
        let puzzle = std::mem::replace(&mut self.puzzle, placeholder_puzzle());
        let result = self.result;
        *self = Solving::new(puzzle);
        self.result = result;
        self.retried = ended;
    }
}

/// An empty puzzle, only ever held for the moment of a `mem::replace`.
fn placeholder_puzzle() -> Puzzle {
    Puzzle {
        id: String::new(),
        fen: String::new(),
        start: Position::initial(),
        moves: Vec::new(),
        rating: 0,
        deviation: None,
        popularity: None,
        plays: None,
        themes: Vec::new(),
        game_url: String::new(),
        opening_tags: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_row;
    use crate::rules::Color;

    fn solving(row: &str) -> Solving {
        Solving::new(parse_row(row).unwrap())
    }

    fn mv(s: &Solving, text: &str) -> Move {
        s.position().parse_move(text).unwrap()
    }

    /// Mate in 3 with the opponent's replies in between (the bundled file's fourth row).
    const MATE_IN_3: &str = "1OKO0,4r2k/1p4pp/p3Qb2/3p4/8/PP4PP/2R4K/8 b - - 0 37,e8e6 c2c8 f6d8 c8d8 e6e8 d8e8,409,,,,backRankMate mateIn3,https://lichess.org/ptEkCbK6/black#74,";

    #[test]
    fn the_opponents_first_move_is_played_and_shown_as_the_last_move() {
        let s = solving(MATE_IN_3);
        assert_eq!(s.last_move().unwrap().uci().to_string(), "e8e6");
        assert_eq!(s.position().turn(), Color::White);
        assert_eq!(s.puzzle().solver(), Color::White);
        assert_eq!(s.status(), Status::Solving);
    }

    #[test]
    fn the_opponents_replies_are_played_between_the_solvers_moves() {
        let mut s = solving(MATE_IN_3);
        let a = s.play(mv(&s, "Rc8+")).unwrap();
        let Attempt::Right { reply } = a else {
            panic!("{a:?}")
        };
        assert_eq!(reply.uci().to_string(), "f6d8");
        assert_eq!(s.last_move(), Some(reply));
        assert_eq!(s.position().turn(), Color::White);
        assert_eq!(s.found(), 1);
        assert!(matches!(
            s.play(mv(&s, "Rxd8")).unwrap(),
            Attempt::Right { .. }
        ));
        assert_eq!(s.play(mv(&s, "Rxe8#")).unwrap(), Attempt::Solved);
        assert_eq!(s.status(), Status::Solved);
        assert_eq!(s.result(), Some(true));
        assert!(s.position().is_checkmate());
    }

    #[test]
    fn a_wrong_move_fails_shows_the_right_one_and_leaves_the_board() {
        let mut s = solving(MATE_IN_3);
        let before = s.position().clone();
        let a = s.play(mv(&s, "Kg1")).unwrap();
        assert_eq!(
            a,
            Attempt::Wrong {
                expected: mv(&s, "Rc8+")
            }
        );
        assert_eq!(s.position(), &before);
        assert_eq!(s.result(), Some(false));
        // Going on to the end does not turn the failure into a win.
        s.play(mv(&s, "Rc8+")).unwrap();
        s.play(mv(&s, "Rxd8")).unwrap();
        assert_eq!(s.play(mv(&s, "Rxe8#")).unwrap(), Attempt::Solved);
        assert_eq!(s.result(), Some(false));
    }

    #[test]
    fn any_mating_move_is_accepted_at_the_last_step() {
        // A back-rank mate: the line says Ra8#, and Rb8# mates as well.
        let row =
            "alt01,6k1/5ppp/8/2p5/8/8/8/RR4K1 b - - 0 1,c5c4 a1a8,900,,,,mateIn1 backRankMate,,";
        let s0 = solving(row);
        let mut s = s0.clone();
        assert_eq!(s.play(mv(&s, "Rb8#")).unwrap(), Attempt::Solved);
        assert_eq!(s.result(), Some(true));
        let mut s = s0.clone();
        assert_eq!(s.play(mv(&s, "Ra8#")).unwrap(), Attempt::Solved);
        assert_eq!(s.result(), Some(true));
        // Neither the line nor a mate: wrong.
        let mut s = s0.clone();
        assert!(matches!(
            s.play(mv(&s, "Rc1")).unwrap(),
            Attempt::Wrong { .. }
        ));
    }

    #[test]
    fn promotion_and_underpromotion_in_a_solution() {
        // The solver must underpromote to a knight, with check.
        let row = "under,8/8/8/8/8/5k2/1p6/3K4 w - - 0 1,d1d2 b2b1n,1500,,,,,,";
        let mut s = solving(row);
        // Not this: the queen promotion is not the line.
        let queen = mv(&s, "b1=Q");
        assert!(matches!(s.play(queen).unwrap(), Attempt::Wrong { .. }));
        let knight = mv(&s, "b1=N");
        assert_eq!(s.play(knight).unwrap(), Attempt::Solved);
        // And a queen promotion that is the line.
        let row = "promo,8/P7/8/8/8/8/5k2/7K b - - 0 1,f2f3 a7a8q,1200,,,,,,";
        let mut s = solving(row);
        assert!(matches!(
            s.play(mv(&s, "a8=R")).unwrap(),
            Attempt::Wrong { .. }
        ));
        assert_eq!(s.play(mv(&s, "a8=Q")).unwrap(), Attempt::Solved);
        assert_eq!(s.result(), Some(false));
    }

    #[test]
    fn hints_name_the_piece_then_the_move_and_cost_the_win() {
        let mut s = solving(MATE_IN_3);
        let rc8 = mv(&s, "Rc8+");
        assert_eq!(
            s.hint(),
            Some(Hint::Piece {
                square: "c2".parse::<Square>().unwrap(),
                role: Role::Rook
            })
        );
        assert_eq!(s.hint(), Some(Hint::Move(rc8)));
        assert_eq!(s.hint(), Some(Hint::Move(rc8)));
        s.play(rc8).unwrap();
        s.play(mv(&s, "Rxd8")).unwrap();
        s.play(mv(&s, "Rxe8#")).unwrap();
        assert_eq!(s.result(), Some(false));
        assert_eq!(s.hint(), None);
    }

    #[test]
    fn show_solution_plays_the_rest_and_fails() {
        let mut s = solving(MATE_IN_3);
        s.play(mv(&s, "Rc8+")).unwrap();
        let rest = s.show_solution();
        assert_eq!(rest.len(), 3);
        assert_eq!(s.status(), Status::Shown);
        assert_eq!(s.result(), Some(false));
        assert!(s.position().is_checkmate());
        assert!(s.show_solution().is_empty());
    }

    #[test]
    fn after_the_end_the_position_is_open_for_analysis() {
        let row = "promo,8/P7/8/8/8/8/5k2/7K b - - 0 1,f2f3 a7a8q,1200,,,,,,";
        let mut s = solving(row);
        s.play(mv(&s, "a8=Q")).unwrap();
        assert_eq!(s.play(mv(&s, "Ke3")).unwrap(), Attempt::Explored);
        assert_eq!(s.play(mv(&s, "Qe4+")).unwrap(), Attempt::Explored);
        assert_eq!(s.played().len(), 4);
    }

    #[test]
    fn only_the_first_attempt_counts() {
        let mut s = solving(MATE_IN_3);
        s.play(mv(&s, "Kg1")).unwrap();
        s.retry();
        assert!(s.is_retry());
        assert_eq!(s.status(), Status::Solving);
        assert_eq!(s.last_move().unwrap().uci().to_string(), "e8e6");
        s.play(mv(&s, "Rc8+")).unwrap();
        s.play(mv(&s, "Rxd8")).unwrap();
        s.play(mv(&s, "Rxe8#")).unwrap();
        assert_eq!(s.result(), Some(false));
        // A retry before the first attempt is over is still the first attempt.
        let mut s = solving(MATE_IN_3);
        s.play(mv(&s, "Rc8+")).unwrap();
        s.retry();
        assert!(!s.is_retry());
        s.play(mv(&s, "Rc8+")).unwrap();
        s.play(mv(&s, "Rxd8")).unwrap();
        s.play(mv(&s, "Rxe8#")).unwrap();
        assert_eq!(s.result(), Some(true));
    }

    #[test]
    fn an_illegal_move_is_refused_with_the_board_unchanged() {
        let mut s = solving(MATE_IN_3);
        let before = s.position().clone();
        let illegal = Move::Normal {
            role: Role::Rook,
            from: "c2".parse::<Square>().unwrap(),
            capture: None,
            to: "d3".parse::<Square>().unwrap(),
            promotion: None,
        };
        assert!(s.play(illegal).is_err());
        assert_eq!(s.position(), &before);
        assert_eq!(s.result(), None);
    }
}
