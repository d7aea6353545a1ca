//! Puzzle ratings: Glicko-2, as Lichess keeps them, computed by the `skillratings` crate.
//!
//! Each attempt is a game between the player and the puzzle (won if solved cleanly, lost
//! otherwise), rated on its own as Lichess does after each puzzle. The constants are lila's
//! (`modules/rating/src/main/Glicko.scala`): a new player starts at 1500 with a deviation of
//! 500 and a volatility of 0.09, the system constant τ is 0.75, and after each attempt the
//! rating is kept at least 400, the deviation between 45 and 500 and the volatility at most
//! 0.1 (lila's `Glicko.cap`: `minRating`, `minDeviation`, `maxDeviation`, `maxVolatility`). A puzzle's own rating is Lichess's and is not changed here (it is the
//! community's figure, from millions of attempts); its deviation is the row's, or
//! [`PUZZLE_DEVIATION`] where the row has none. One attempt moves a rating by at most
//! [`MAX_CHANGE`] (hotseat's own bound: see there).

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A player's puzzle rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated puzzles played.
    pub played: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: MAX_DEVIATION,
            volatility: 0.09,
            played: 0,
        }
    }
}

impl Rating {
    /// The rating as a whole number, as shown.
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// Whether the rating is still provisional (Lichess shows it with a `?`): a deviation
    /// over 110.
    pub fn provisional(&self) -> bool {
        self.deviation > 110.0
    }
}

/// The smallest and largest deviation kept (lila's).
pub const MIN_DEVIATION: f64 = 45.0;
pub const MAX_DEVIATION: f64 = 500.0;

/// The lowest rating kept (lila's `Glicko.minRating`): a player who fails puzzle after puzzle
/// stops there, where the easiest puzzles are, rather than falling without end.
pub const MIN_RATING: f64 = 400.0;

/// The highest volatility kept (lila's `Glicko.maxVolatility`: "past this, it might not
/// stabilize ever again").
pub const MAX_VOLATILITY: f64 = 0.1;

/// Lichess's system constant for puzzles.
pub const TAU: f64 = 0.75;

/// The most one attempt moves a rating, either way. Glicko-2 alone would take a new player
/// (deviation 500) who fails a puzzle rated 1,100 below them down by 1,400 points; a puzzle
/// far from the rating (opened by id, or a narrow `--rating` range) should not decide it
/// alone.
pub const MAX_CHANGE: f64 = 300.0;

/// A puzzle's deviation where its row gives none (Lichess's puzzles settle near this).
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// The player's rating after an attempt at a puzzle rated `puzzle_rating` (± `deviation`).
pub fn rate(player: Rating, puzzle_rating: u16, deviation: Option<u16>, won: bool) -> Rating {
    let one = Glicko2Rating {
        rating: player.rating,
        deviation: player.deviation,
        volatility: player.volatility,
    };
    let two = Glicko2Rating {
        rating: f64::from(puzzle_rating),
        deviation: deviation.map_or(PUZZLE_DEVIATION, f64::from),
        volatility: 0.09,
    };
    let outcome = if won { Outcomes::WIN } else { Outcomes::LOSS };
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let (new, _) = glicko2(&one, &two, &outcome, &config);
    Rating {
        rating: new
            .rating
            .clamp(player.rating - MAX_CHANGE, player.rating + MAX_CHANGE)
            .max(MIN_RATING),
        deviation: new.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
        volatility: new.volatility.min(MAX_VOLATILITY),
        played: player.played + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_failing_every_puzzle_stops_at_lilas_floor_of_400() {
        let mut player = Rating::default();
        for _ in 0..200 {
            player = rate(player, 600, None, false);
            assert!(player.rating >= MIN_RATING, "{player:?}");
            assert!(player.volatility <= MAX_VOLATILITY, "{player:?}");
        }
        assert_eq!(player.rating, MIN_RATING, "{player:?}");
        // And from the floor, a solved puzzle counts as from anywhere else.
        let up = rate(player, 600, None, true);
        assert!(up.rating > MIN_RATING, "{up:?}");
    }

    /// The crate's published example (its `glicko2` documentation): two new players at
    /// 1500 ± 350, volatility 0.06, the first wins.
    #[test]
    fn glicko2_matches_the_crates_published_example() {
        let p = Glicko2Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        };
        let (one, two) = glicko2(&p, &p, &Outcomes::WIN, &Glicko2Config::new());
        assert_eq!(one.rating.round(), 1662.0);
        assert_eq!(one.deviation.round(), 290.0);
        assert!((one.volatility - 0.059_999_675_372_338_14).abs() < 1e-12);
        assert_eq!(two.rating.round(), 1338.0);
        assert_eq!(two.deviation.round(), 290.0);
    }

    /// Glickman's own worked example (glicko2.pdf), which the crate's rating-period function
    /// is published against: 1500 ± 200, σ 0.06, τ 0.5, three games.
    #[test]
    fn glicko2_matches_glickmans_worked_example() {
        use skillratings::glicko2::glicko2_rating_period;
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opp(1400.0, 30.0), Outcomes::WIN),
            (opp(1550.0, 100.0), Outcomes::LOSS),
            (opp(1700.0, 300.0), Outcomes::LOSS),
        ];
        let new = glicko2_rating_period(&player, &results, &Glicko2Config::new());
        assert!((new.rating - 1464.06).abs() < 0.01, "{}", new.rating);
        assert!((new.deviation - 151.52).abs() < 0.01, "{}", new.deviation);
        assert!(
            (new.volatility - 0.05999).abs() < 0.0001,
            "{}",
            new.volatility
        );
    }

    #[test]
    fn a_new_player_starts_at_1500_and_moves_fast() {
        let new = Rating::default();
        assert_eq!(new.shown(), 1500);
        assert!(new.provisional());
        let won = rate(new, 1500, Some(80), true);
        let lost = rate(new, 1500, Some(80), false);
        assert!(won.rating > 1600.0, "{won:?}");
        assert!(lost.rating < 1400.0, "{lost:?}");
        assert_eq!(won.played, 1);
        assert!(won.deviation < new.deviation);
    }

    #[test]
    fn beating_an_easy_puzzle_gains_less_than_a_hard_one() {
        let settled = Rating {
            rating: 1800.0,
            deviation: 60.0,
            volatility: 0.06,
            played: 300,
        };
        let easy = rate(settled, 1200, None, true).rating - 1800.0;
        let hard = rate(settled, 2300, None, true).rating - 1800.0;
        assert!(0.0 < easy && easy < hard, "{easy} {hard}");
        let lost_easy = rate(settled, 1200, None, false).rating - 1800.0;
        assert!(lost_easy < -10.0, "{lost_easy}");
        // No single attempt moves the rating more than the cap.
        let new = Rating::default();
        let fell = rate(new, 400, None, false);
        assert_eq!(fell.rating, 1500.0 - MAX_CHANGE);
        let rose = rate(new, 3000, None, true);
        assert_eq!(rose.rating, 1500.0 + MAX_CHANGE);
        // The deviation never falls below its floor.
        let mut r = settled;
        for _ in 0..200 {
            r = rate(r, 1800, Some(45), true);
        }
        assert!(r.deviation >= MIN_DEVIATION);
    }
}
