//! A puzzle duel at one keyboard: two players, the same list of puzzles, a chess clock each.
//!
//! * The player to solve has their clock running; the other's is stopped.
//! * A puzzle solved scores a point for its solver and passes the turn, with the next puzzle.
//! * A wrong move passes the turn: the same puzzle goes to the opponent
//!   ([`OnWrong::Pass`]), or it is lost and the opponent gets the next one
//!   ([`OnWrong::Lose`]). A puzzle both players got wrong is lost either way.
//! * The duel ends when a clock runs out or after the agreed number of puzzles; the higher
//!   score wins; with equal scores the player whose clock ran out loses, as on a chess clock
//!   (so a flag fall at 0–0 is a loss, not a draw), and equal scores after the last puzzle draw.
//!
//! Time is passed in as the time since any fixed moment, as with the game's clocks.

use std::time::Duration;

/// What a wrong move does to the puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnWrong {
    /// The opponent gets the same puzzle.
    #[default]
    Pass,
    /// The puzzle is lost; the opponent gets the next one.
    Lose,
}

/// What comes after a solved or missed puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The next puzzle of the list, for the player now to move.
    NextPuzzle,
    /// The same puzzle again, for the opponent.
    SamePuzzle,
    /// The duel is over.
    Over,
}

/// The duel's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelRules {
    /// Each player's time.
    pub time: Duration,
    /// The number of puzzles in the list.
    pub puzzles: u32,
    pub on_wrong: OnWrong,
}

/// A duel under way: the players are 0 and 1; 0 starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duel {
    rules: DuelRules,
    /// Time used by each, not counting the running stretch.
    used: [Duration; 2],
    /// When the player to solve's clock started; `None` until the first puzzle is shown.
    since: Option<Duration>,
    turn: usize,
    score: [u32; 2],
    /// Puzzles of the list done (solved or lost).
    done: u32,
    /// The puzzle on the board was already missed by the other player.
    passed: bool,
    /// Each player's puzzles: (puzzle number from 1, solved).
    results: [Vec<(u32, bool)>; 2],
    over: bool,
}

impl Duel {
    pub fn new(rules: DuelRules) -> Duel {
        Duel {
            rules,
            used: [Duration::ZERO; 2],
            since: None,
            turn: 0,
            score: [0; 2],
            done: 0,
            passed: false,
            results: [Vec::new(), Vec::new()],
            over: false,
        }
    }

    pub fn rules(&self) -> DuelRules {
        self.rules
    }

    /// The player to solve.
    pub fn turn(&self) -> usize {
        self.turn
    }

    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// The number (from 1) of the puzzle on the board.
    pub fn number(&self) -> u32 {
        self.done + 1
    }

    /// Each player's puzzles: (puzzle number, solved).
    pub fn results(&self, player: usize) -> &[(u32, bool)] {
        &self.results[player]
    }

    /// Whether the clock of the player to solve is running (started, and the duel not over).
    pub fn running(&self) -> bool {
        self.since.is_some() && !self.over
    }

    /// Starts the clock of the player to solve (when their puzzle is on the board).
    pub fn start(&mut self, now: Duration) {
        if !self.over {
            self.since.get_or_insert(now);
        }
    }

    /// The time `player` has left at `now`.
    pub fn remaining(&self, player: usize, now: Duration) -> Duration {
        let running = match self.since {
            Some(t) if player == self.turn && !self.over => now.saturating_sub(t),
            _ => Duration::ZERO,
        };
        self.rules.time.saturating_sub(self.used[player] + running)
    }

    /// Whether the duel is over at `now` (a clock ran out, or the list is done).
    pub fn is_over(&self, now: Duration) -> bool {
        self.over || self.remaining(self.turn, now).is_zero()
    }

    /// Ends the duel if the clock of the player to solve ran out; `true` if it is over.
    pub fn check_time(&mut self, now: Duration) -> bool {
        if !self.over && self.remaining(self.turn, now).is_zero() {
            self.stop(now);
            self.over = true;
        }
        self.over
    }

    fn stop(&mut self, now: Duration) {
        if let Some(t) = self.since.take() {
            self.used[self.turn] += now.saturating_sub(t);
        }
    }

    fn pass_turn(&mut self, now: Duration) {
        self.stop(now);
        self.turn = 1 - self.turn;
    }

    fn next_puzzle(&mut self) -> Next {
        self.done += 1;
        self.passed = false;
        if self.done >= self.rules.puzzles {
            self.over = true;
            Next::Over
        } else {
            Next::NextPuzzle
        }
    }

    /// The player to solve solved the puzzle: a point, and the turn passes with the next one.
    pub fn solved(&mut self, now: Duration) -> Next {
        if self.check_time(now) {
            return Next::Over;
        }
        let number = self.number();
        self.score[self.turn] += 1;
        self.results[self.turn].push((number, true));
        self.pass_turn(now);
        self.next_puzzle()
    }

    /// The player to solve went wrong: the turn passes, with the same puzzle or the next.
    pub fn wrong(&mut self, now: Duration) -> Next {
        if self.check_time(now) {
            return Next::Over;
        }
        let number = self.number();
        self.results[self.turn].push((number, false));
        self.pass_turn(now);
        if self.rules.on_wrong == OnWrong::Pass && !self.passed {
            self.passed = true;
            Next::SamePuzzle
        } else {
            self.next_puzzle()
        }
    }

    /// The winner once it is over: `Some(player)`, or `None` for a draw. Equal scores are
    /// broken by the flag: the player whose clock ran out (the one to solve) loses.
    pub fn winner(&self) -> Option<usize> {
        let flagged = self.over && self.rules.time <= self.used[self.turn];
        duel_winner(self.score, flagged.then_some(self.turn))
    }
}

/// The winner of a duel over with `score`, `flagged` the player whose clock ran out, if one
/// did: the higher score, else the other player of the one who ran out of time, else a draw.
/// The host's duel and a terminal's mirror of it both decide by this.
pub fn duel_winner(score: [u32; 2], flagged: Option<usize>) -> Option<usize> {
    match score[0].cmp(&score[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => flagged.map(|p| 1 - p.min(1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    fn duel(on_wrong: OnWrong) -> Duel {
        Duel::new(DuelRules {
            time: s(60),
            puzzles: 4,
            on_wrong,
        })
    }

    #[test]
    fn only_the_solvers_clock_runs_and_a_solved_puzzle_scores_and_passes_the_turn() {
        let mut d = duel(OnWrong::Pass);
        assert_eq!(d.remaining(0, s(100)), s(60));
        assert!(!d.running());
        d.start(s(0));
        assert!(d.running());
        assert_eq!(d.remaining(0, s(10)), s(50));
        assert_eq!(d.remaining(1, s(10)), s(60));
        assert_eq!(d.solved(s(10)), Next::NextPuzzle);
        assert_eq!((d.turn(), d.score(), d.number()), (1, [1, 0], 2));
        d.start(s(12));
        assert_eq!(d.remaining(0, s(30)), s(50));
        assert_eq!(d.remaining(1, s(30)), s(42));
    }

    #[test]
    fn a_wrong_move_passes_the_same_puzzle_once_then_it_is_lost() {
        let mut d = duel(OnWrong::Pass);
        d.start(s(0));
        assert_eq!(d.wrong(s(5)), Next::SamePuzzle);
        assert_eq!((d.turn(), d.number()), (1, 1));
        d.start(s(5));
        // Both wrong: the puzzle is lost, the first player gets the next.
        assert_eq!(d.wrong(s(8)), Next::NextPuzzle);
        assert_eq!((d.turn(), d.number(), d.score()), (0, 2, [0, 0]));
        assert_eq!(d.results(0), [(1, false)]);
        assert_eq!(d.results(1), [(1, false)]);
        // Passed and solved by the opponent: their point.
        d.start(s(8));
        assert_eq!(d.wrong(s(9)), Next::SamePuzzle);
        d.start(s(9));
        assert_eq!(d.solved(s(10)), Next::NextPuzzle);
        assert_eq!((d.turn(), d.number(), d.score()), (0, 3, [0, 1]));
    }

    #[test]
    fn when_wrong_loses_the_puzzle_the_opponent_gets_the_next() {
        let mut d = duel(OnWrong::Lose);
        d.start(s(0));
        assert_eq!(d.wrong(s(1)), Next::NextPuzzle);
        assert_eq!((d.turn(), d.number()), (1, 2));
    }

    #[test]
    fn it_ends_after_the_list_and_the_higher_score_wins() {
        let mut d = duel(OnWrong::Lose);
        for (i, solve) in [true, true, false, true].into_iter().enumerate() {
            d.start(s(i as u64));
            let next = if solve {
                d.solved(s(i as u64 + 1))
            } else {
                d.wrong(s(i as u64 + 1))
            };
            assert_eq!(next == Next::Over, i == 3, "{i}");
        }
        assert_eq!(d.score(), [1, 2]);
        assert_eq!(d.winner(), Some(1));
        assert!(d.is_over(s(100)));
    }

    #[test]
    fn it_ends_when_a_clock_runs_out_and_nothing_counts_after() {
        let mut d = duel(OnWrong::Pass);
        d.start(s(0));
        assert_eq!(d.solved(s(20)), Next::NextPuzzle);
        d.start(s(20));
        assert!(!d.check_time(s(79)));
        assert!(d.check_time(s(80)));
        assert!(!d.running());
        assert_eq!(d.solved(s(81)), Next::Over);
        assert_eq!(d.score(), [1, 0]);
        assert_eq!(d.winner(), Some(0));
        assert_eq!(d.remaining(1, s(200)), Duration::ZERO);
    }

    #[test]
    fn a_flag_at_equal_scores_loses_as_on_a_chess_clock() {
        let mut d = duel(OnWrong::Pass);
        d.start(s(0));
        assert!(d.check_time(s(60)));
        assert_eq!(d.score(), [0, 0]);
        assert_eq!(d.winner(), Some(1), "the flag at 0–0 loses");
        let mut d = duel(OnWrong::Pass);
        d.start(s(0));
        assert_eq!(d.solved(s(10)), Next::NextPuzzle);
        d.start(s(10));
        assert_eq!(d.solved(s(20)), Next::NextPuzzle);
        d.start(s(20));
        assert!(d.check_time(s(70)));
        assert_eq!(d.score(), [1, 1]);
        assert_eq!(d.winner(), Some(1), "a flag at 1–1 loses too");
    }

    #[test]
    fn equal_scores_after_the_last_puzzle_draw() {
        let mut d = duel(OnWrong::Lose);
        for i in 0..4u64 {
            d.start(s(i));
            d.wrong(s(i + 1));
        }
        assert!(d.is_over(s(5)));
        assert_eq!(d.winner(), None);
        assert_eq!(duel_winner([2, 2], None), None);
        assert_eq!(duel_winner([0, 0], Some(0)), Some(1));
        assert_eq!(duel_winner([3, 0], Some(0)), Some(0));
    }
}
