//! Puzzle Storm and Puzzle Streak: runs of puzzles with Lichess's published rules.
//!
//! **Storm** (lila `ui/puz/src/config.ts`, `combo.ts`, `ui/storm`): three minutes; the clock
//! starts with the first move; each wrong move costs ten seconds, resets the combo and moves on
//! to the next puzzle; each right move adds one to the combo, and the combo earns time at its
//! levels: +3 s at 5, +5 s at 12, +7 s at 20, +10 s at 30 and every 10 after (40, 50, …). The
//! score is the number of puzzles solved. The puzzles rise in difficulty ([`storm_rating`]).
//!
//! **Streak** (lila `ui/puz`, `modules/puzzle/PuzzleStreak`): puzzles in rising difficulty from
//! about 1000 ([`streak_rating`]); one mistake ends the streak; one skip (a puzzle passed over
//! without losing the streak) per streak; no clock. The score is the number solved.
//!
//! Time is passed in as the time since any fixed moment, as with the game's clocks.

use std::time::Duration;

/// Storm's time.
pub const STORM_TIME: Duration = Duration::from_secs(3 * 60);

/// What a wrong move costs in Storm.
pub const STORM_MALUS: Duration = Duration::from_secs(10);

/// The combo's levels in Storm: (combo reached, seconds earned). After the last, every further
/// 10 earns the last level's bonus again.
pub const COMBO_LEVELS: [(u32, u64); 5] = [(0, 0), (5, 3), (12, 5), (20, 7), (30, 10)];

/// The rating of the `i`th puzzle (from 0) of a Storm: from 800, rising 20 a puzzle to 2800.
pub fn storm_rating(i: usize) -> u16 {
    (800 + 20 * i.min(100)) as u16
}

/// The rating of the `i`th puzzle (from 0) of a Streak: from 1000, rising 50 a puzzle to 3000.
pub fn streak_rating(i: usize) -> u16 {
    (1000 + 50 * i.min(40)) as u16
}

/// Storm's combo: right moves in a row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Combo {
    current: u32,
    best: u32,
}

impl Combo {
    /// The combo now.
    pub fn current(&self) -> u32 {
        self.current
    }

    /// The longest of the run.
    pub fn best(&self) -> u32 {
        self.best
    }

    /// One more right move: the seconds it earns, if it reaches a level.
    ///
    /// ```
    /// use hotseat_chess::puzzle::Combo;
    /// let mut combo = Combo::default();
    /// let bonuses: Vec<(u32, u64)> = (1..=50)
    ///     .filter_map(|n| combo.inc().map(|s| (n, s)))
    ///     .collect();
    /// assert_eq!(bonuses, [(5, 3), (12, 5), (20, 7), (30, 10), (40, 10), (50, 10)]);
    /// ```
    pub fn inc(&mut self) -> Option<u64> {
        self.current += 1;
        self.best = self.best.max(self.current);
        let (last, bonus) = COMBO_LEVELS[COMBO_LEVELS.len() - 1];
        if self.current > last {
            return (self.current - last).is_multiple_of(10).then_some(bonus);
        }
        COMBO_LEVELS
            .iter()
            .find(|&&(at, secs)| at == self.current && secs > 0)
            .map(|&(_, secs)| secs)
    }

    /// A wrong move: back to nothing.
    pub fn reset(&mut self) {
        self.current = 0;
    }
}

/// A Storm run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Storm {
    /// When the first move was made.
    started: Option<Duration>,
    /// Seconds earned by the combo.
    bonus: Duration,
    /// Seconds lost to wrong moves.
    malus: Duration,
    combo: Combo,
    solved: u32,
    errors: u32,
    moves: u32,
}

impl Storm {
    pub fn new() -> Storm {
        Storm::default()
    }

    /// Time left: three minutes until the first move, then running.
    pub fn remaining(&self, now: Duration) -> Duration {
        let budget = (STORM_TIME + self.bonus).saturating_sub(self.malus);
        match self.started {
            None => budget,
            Some(t) => budget.saturating_sub(now.saturating_sub(t)),
        }
    }

    /// Whether the time is up.
    pub fn is_over(&self, now: Duration) -> bool {
        self.started.is_some() && self.remaining(now).is_zero()
    }

    fn start(&mut self, now: Duration) {
        self.started.get_or_insert(now);
    }

    /// A right move: the seconds the combo earned, if any. Ignored once the time is up.
    pub fn right_move(&mut self, now: Duration) -> Option<u64> {
        if self.is_over(now) {
            return None;
        }
        self.start(now);
        self.moves += 1;
        let bonus = self.combo.inc()?;
        self.bonus += Duration::from_secs(bonus);
        Some(bonus)
    }

    /// The last move of a puzzle was right: one more solved.
    pub fn solved(&mut self, now: Duration) {
        if !self.is_over(now) {
            self.solved += 1;
        }
    }

    /// A wrong move: ten seconds off, the combo reset; the run moves on to the next puzzle.
    pub fn wrong_move(&mut self, now: Duration) {
        if self.is_over(now) {
            return;
        }
        self.start(now);
        self.moves += 1;
        self.errors += 1;
        self.combo.reset();
        self.malus += STORM_MALUS;
    }

    /// Puzzles solved: the score.
    pub fn score(&self) -> u32 {
        self.solved
    }

    pub fn errors(&self) -> u32 {
        self.errors
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn combo(&self) -> Combo {
        self.combo
    }
}

/// A Streak run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Streak {
    solved: u32,
    skip_left: bool,
    over: bool,
}

impl Default for Streak {
    fn default() -> Streak {
        Streak {
            solved: 0,
            skip_left: true,
            over: false,
        }
    }
}

impl Streak {
    pub fn new() -> Streak {
        Streak::default()
    }

    /// A puzzle solved.
    pub fn solved(&mut self) {
        if !self.over {
            self.solved += 1;
        }
    }

    /// A wrong move: the streak ends.
    pub fn failed(&mut self) {
        self.over = true;
    }

    /// Passes over the puzzle without ending the streak, once a streak. False (and nothing
    /// changes) if the skip was used or the streak is over.
    pub fn skip(&mut self) -> bool {
        let could = self.skip_left && !self.over;
        if could {
            self.skip_left = false;
        }
        could
    }

    pub fn can_skip(&self) -> bool {
        self.skip_left && !self.over
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Puzzles solved: the score.
    pub fn score(&self) -> u32 {
        self.solved
    }

    /// The rating of the next puzzle (counting skipped ones as passed).
    pub fn next_rating(&self) -> u16 {
        streak_rating(self.solved as usize + usize::from(!self.skip_left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn storm_has_three_minutes_and_the_clock_starts_with_the_first_move() {
        let mut storm = Storm::new();
        assert_eq!(storm.remaining(s(1000)), s(180));
        assert!(!storm.is_over(s(100_000)));
        storm.right_move(s(1000));
        assert_eq!(storm.remaining(s(1060)), s(120));
        assert!(storm.is_over(s(1180)));
        assert!(!storm.is_over(s(1179)));
    }

    #[test]
    fn storm_a_wrong_move_costs_ten_seconds_and_the_combo() {
        let mut storm = Storm::new();
        for _ in 0..4 {
            storm.right_move(s(0));
        }
        assert_eq!(storm.combo().current(), 4);
        storm.wrong_move(s(0));
        assert_eq!(storm.combo().current(), 0);
        assert_eq!(storm.combo().best(), 4);
        assert_eq!(storm.remaining(s(0)), s(170));
        assert_eq!(storm.errors(), 1);
        // Four more right moves do not reach the 5-combo bonus: the count started again.
        for _ in 0..4 {
            assert_eq!(storm.right_move(s(0)), None);
        }
        assert_eq!(storm.right_move(s(0)), Some(3));
        assert_eq!(storm.remaining(s(0)), s(173));
    }

    #[test]
    fn storm_time_bonuses_at_combos_of_5_12_20_30_and_every_10_after() {
        let mut storm = Storm::new();
        let mut earned = Vec::new();
        for n in 1..=60 {
            if let Some(b) = storm.right_move(s(0)) {
                earned.push((n, b));
            }
        }
        assert_eq!(
            earned,
            [
                (5, 3),
                (12, 5),
                (20, 7),
                (30, 10),
                (40, 10),
                (50, 10),
                (60, 10)
            ]
        );
        assert_eq!(storm.remaining(s(0)), s(180 + 3 + 5 + 7 + 40));
    }

    #[test]
    fn storm_nothing_counts_after_the_time_is_up() {
        let mut storm = Storm::new();
        storm.right_move(s(0));
        storm.solved(s(10));
        storm.wrong_move(s(200));
        storm.solved(s(200));
        assert_eq!(storm.score(), 1);
        assert_eq!(storm.errors(), 0);
        assert_eq!(storm.remaining(s(200)), Duration::ZERO);
    }

    #[test]
    fn storm_many_errors_cannot_take_the_time_below_zero() {
        let mut storm = Storm::new();
        for _ in 0..30 {
            storm.wrong_move(s(0));
        }
        assert_eq!(storm.remaining(s(0)), Duration::ZERO);
        assert!(storm.is_over(s(0)));
        assert_eq!(storm.errors(), 18);
    }

    #[test]
    fn streak_one_mistake_ends_it_and_one_skip_is_allowed() {
        let mut streak = Streak::new();
        assert_eq!(streak.next_rating(), 1000);
        streak.solved();
        streak.solved();
        assert_eq!(streak.next_rating(), 1100);
        assert!(streak.skip());
        assert!(!streak.can_skip());
        assert!(!streak.skip());
        assert_eq!(streak.next_rating(), 1150);
        streak.solved();
        streak.failed();
        assert!(streak.is_over());
        streak.solved();
        assert_eq!(streak.score(), 3);
    }

    #[test]
    fn runs_rise_in_difficulty_and_level_off() {
        assert_eq!(storm_rating(0), 800);
        assert!(storm_rating(10) > storm_rating(9));
        assert_eq!(storm_rating(500), 2800);
        assert_eq!(streak_rating(0), 1000);
        assert_eq!(streak_rating(1000), 3000);
    }
}
