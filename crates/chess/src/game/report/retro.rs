//! "Learn from your mistakes": which moves of a report a player is asked to play again, and
//! whether a move tried instead is good enough. The rules are lichess's, from lila's analysis
//! board (`ui/analyse/src/retrospect/retroCtrl.ts`, `nodeFinder.ts` and
//! `ui/ceval/src/winningChances.ts`), so that a player finds the same positions to retry as
//! lichess would give them on the same evaluations:
//!
//! * **Winning chances** of an evaluation for a side, −1..1: `2 / (1 + exp(-0.00368208 ·
//!   cp)) - 1` with centipawns clamped to ±1000; a mate in `n` counts as `(21 − min(10, n)) ·
//!   100` centipawns (unclamped, so a mate is worth more than any centipawns, and a nearer
//!   mate more than a farther one); a position already checkmated is the whole of it (±1).
//! * **The difference** of two evaluations for a side (lila's `povDiff`) is half the
//!   difference of their winning chances: on the 0..1 scale of a win probability.
//! * **Candidates** (`evalSwings`): a move of the player whose evaluation moved by more than
//!   [`CANDIDATE_SWING`] from the position before, where the engine has a better line (the
//!   report gives one only to a labelled move that was not the engine's own).
//! * **Passing** (`onJump`, `checkCeval`): the engine's move solves it; the move played in
//!   the game fails; any other move is searched by the engine, and solves it when its
//!   evaluation is within [`PASS_MARGIN`] of the position's before the mistake.

use super::{Eval, GameReport};
use crate::rules::{Color, Move};

/// How far a move must move the evaluation (lila's `povDiff`, 0..1) to be offered again.
pub const CANDIDATE_SWING: f64 = 0.075;

/// How much worse than the position before the mistake a tried move may leave it and still
/// pass (lila's `povDiff`, 0..1).
pub const PASS_MARGIN: f64 = 0.035;

/// lila's `rawWinningChances`: −1..1 for the side the centipawns favour.
fn raw_chances(cp: f64) -> f64 {
    2.0 / (1.0 + super::lila::exp(-0.003_682_08 * cp)) - 1.0
}

/// lila's `povChances`: the winning chances of `eval` for `color`, −1..1.
///
/// ```
/// use hotseat_chess::game::report::{Eval, retro::chances};
/// use hotseat_chess::rules::Color;
/// assert_eq!(chances(Eval::Cp(0), Color::White), 0.0);
/// assert!(chances(Eval::Cp(300), Color::Black) < -0.5);
/// let mate = Eval::Mate { winner: Color::White, moves: 3 };
/// assert!(chances(mate, Color::White) > chances(Eval::Cp(5000), Color::White));
/// ```
pub fn chances(eval: Eval, color: Color) -> f64 {
    let white = match eval {
        Eval::Cp(cp) => raw_chances(f64::from(cp.clamp(-1000, 1000))),
        Eval::Mate { winner, moves: 0 } => match winner {
            Color::White => 1.0,
            Color::Black => -1.0,
        },
        Eval::Mate { winner, moves } => {
            let cp = f64::from((21 - moves.min(10)) * 100);
            raw_chances(if winner == Color::White { cp } else { -cp })
        }
    };
    if color == Color::White { white } else { -white }
}

/// lila's `povDiff`: how much better `a` is than `b` for `color`, −1..1 (half the difference
/// of their winning chances).
pub fn pov_diff(color: Color, a: Eval, b: Eval) -> f64 {
    (chances(a, color) - chances(b, color)) / 2.0
}

/// The moves of `report` to play again, as plies (the move `ply` is played from the position
/// `ply`), in the game's order: those of `side` (either player's when `None`) whose
/// evaluation swung by more than [`CANDIDATE_SWING`] and that have a better line.
pub fn candidates(report: &GameReport, side: Option<Color>) -> Vec<usize> {
    report
        .moves
        .iter()
        .enumerate()
        .filter(|(ply, judged)| {
            let (Some(before), Some(after)) =
                (report.positions.get(*ply), report.positions.get(ply + 1))
            else {
                return false;
            };
            side.is_none_or(|s| judged.mover == s)
                && !judged.better.is_empty()
                && pov_diff(Color::White, before.eval, after.eval).abs() > CANDIDATE_SWING
        })
        .map(|(ply, _)| ply)
        .collect()
}

/// What a move tried in place of a mistake comes to, before any engine is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tried {
    /// The engine's own move: solved.
    Best,
    /// The very move played in the game: not solved.
    Played,
    /// Another move: the engine must search the position after it ([`passes`]).
    Search,
}

/// Whether `tried` is the engine's first move of `better`, the move `played`, or another.
pub fn tried(better: &[Move], played: Move, tried: Move) -> Tried {
    if better.first() == Some(&tried) {
        Tried::Best
    } else if tried == played {
        Tried::Played
    } else {
        Tried::Search
    }
}

/// Whether a move by `mover` that the engine evaluates as `after` solves the mistake made
/// from a position evaluated as `before`: it leaves `mover` less than [`PASS_MARGIN`] worse.
pub fn passes(mover: Color, before: Eval, after: Eval) -> bool {
    pov_diff(mover, after, before) > -PASS_MARGIN
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::report::PositionEval;
    use crate::rules::Position;

    /// A report of the moves `sans` from the initial position with these evaluations and the
    /// engine's first move from each position.
    fn report(sans: &[&str], evals: &[Eval], best: &[&str]) -> (GameReport, Vec<Move>) {
        let mut pos = Position::initial();
        let mut moves = Vec::new();
        let mut positions = Vec::new();
        for (i, eval) in evals.iter().enumerate() {
            let best = best
                .get(i)
                .map(|b| vec![pos.parse_move(b).unwrap()])
                .unwrap_or_default();
            positions.push(PositionEval { eval: *eval, best });
            if let Some(san) = sans.get(i) {
                let mv = pos.parse_move(san).unwrap();
                moves.push(mv);
                pos = pos.play(mv).unwrap();
            }
        }
        (
            GameReport::new(&Position::initial(), &moves, positions),
            moves,
        )
    }

    #[test]
    fn winning_chances_follow_lila() {
        // 2 / (1 + e^(-0.00368208 * 100)) - 1, by hand: 0.18203...
        assert!((chances(Eval::Cp(100), Color::White) - 0.182_03).abs() < 1e-4);
        // Clamped at a thousand centipawns.
        assert_eq!(
            chances(Eval::Cp(1000), Color::White),
            chances(Eval::Cp(4000), Color::White)
        );
        assert!((pov_diff(Color::White, Eval::Cp(100), Eval::Cp(0)) - 0.091_01).abs() < 1e-4);
    }

    #[test]
    fn a_mate_counts_as_twenty_one_pawns_less_a_pawn_a_move_up_to_ten() {
        let mate = |winner, moves| Eval::Mate { winner, moves };
        let m1 = chances(mate(Color::White, 1), Color::White);
        let m10 = chances(mate(Color::White, 10), Color::White);
        let m30 = chances(mate(Color::White, 30), Color::White);
        assert!(m1 > m10 && m10 == m30);
        assert!((m10 - raw_chances(1100.0)).abs() < 1e-12);
        assert!(m30 > chances(Eval::Cp(1000), Color::White));
        let black = chances(mate(Color::Black, 2), Color::Black);
        assert!((black - chances(mate(Color::White, 2), Color::White)).abs() < 1e-12);
        // Mated on the board: all of it.
        assert_eq!(chances(mate(Color::Black, 0), Color::White), -1.0);
        assert_eq!(chances(mate(Color::Black, 0), Color::Black), 1.0);
    }

    #[test]
    fn a_move_that_swings_the_evaluation_more_than_0_075_is_a_candidate_and_less_is_not() {
        // White's third move: +0.30 to -0.80 is a swing of 0.101 (a mistake, 0.20 of winning
        // chances). Black's answer: -0.80 to 0.00, a swing of 0.073: labelled an inaccuracy
        // by the report (0.146 of winning chances), but under lila's 0.075, so not offered.
        let evals = [30, 30, 30, 30, 30, -80, 0].map(Eval::Cp);
        let sans = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"];
        let best = ["e4", "e5", "Nf3", "Nc6", "Bb5", "Bc5", "d3"];
        let (report, _) = report(&sans, &evals, &best);
        assert!(report.moves[4].advice.is_some());
        assert!(report.moves[5].advice.is_some(), "an inaccuracy");
        assert_eq!(candidates(&report, None), [4]);
        assert_eq!(candidates(&report, Some(Color::White)), [4]);
        assert!(candidates(&report, Some(Color::Black)).is_empty());
    }

    #[test]
    fn the_engines_own_move_is_never_a_candidate_whatever_the_swing() {
        // The swing is there, but the move was the engine's own: no better line.
        let evals = [30, 30, 400].map(Eval::Cp);
        let (report, _) = report(&["e4", "e5"], &evals, &["e4", "e5"]);
        assert!(candidates(&report, None).is_empty());
    }

    #[test]
    fn a_game_with_no_mistakes_has_no_candidates() {
        let evals = [20, 25, 18, 30, 22].map(Eval::Cp);
        let sans = ["e4", "e5", "Nf3", "Nc6"];
        let best = ["d4", "c5", "d4", "d6"];
        let (report, _) = report(&sans, &evals, &best);
        assert!(candidates(&report, None).is_empty());
    }

    #[test]
    fn a_lost_mate_is_a_candidate() {
        // Black had mate in 2 and played a move after which it is only +5 pawns for Black.
        let mate = Eval::Mate {
            winner: Color::Black,
            moves: 2,
        };
        let evals = [Eval::Cp(30), mate, Eval::Cp(-500)];
        let (report, _) = report(&["e4", "e5"], &evals, &["e4", "d5"]);
        assert_eq!(candidates(&report, Some(Color::Black)), [1]);
    }

    #[test]
    fn the_engines_move_passes_the_played_move_fails_others_are_searched() {
        let pos = Position::initial();
        let [e4, d4, c4] = ["e4", "d4", "c4"].map(|m| pos.parse_move(m).unwrap());
        assert_eq!(tried(&[d4, e4], e4, d4), Tried::Best);
        assert_eq!(tried(&[d4], e4, e4), Tried::Played);
        assert_eq!(tried(&[d4], e4, c4), Tried::Search);
    }

    #[test]
    fn a_move_within_0_035_of_the_position_before_passes() {
        let before = Eval::Cp(200);
        // 200 to 160 centipawns for White: 0.068 of winning chances, 0.034 on lila's scale.
        assert!(passes(Color::White, before, Eval::Cp(160)));
        // 200 to 150: 0.0365.
        assert!(!passes(Color::White, before, Eval::Cp(150)));
        // Better than before passes too.
        assert!(passes(Color::White, before, Eval::Cp(500)));
        // For Black the evaluations are White's: -200 to -130 is the same loss for Black.
        assert!(passes(Color::Black, Eval::Cp(-200), Eval::Cp(-160)));
        assert!(!passes(Color::Black, Eval::Cp(-200), Eval::Cp(-150)));
    }

    #[test]
    fn mates_pass_and_fail_by_their_distance() {
        let mate = |moves| Eval::Mate {
            winner: Color::White,
            moves,
        };
        // Mate in 3 before: another mate in 4 passes (0.998 and 0.997 of winning chances).
        assert!(passes(Color::White, mate(3), mate(4)));
        // A mate found where the position before was only +3 passes.
        assert!(passes(Color::White, Eval::Cp(300), mate(9)));
        // Mate in 2 thrown away for +4 pawns: 0.998 to 0.63 fails.
        assert!(!passes(Color::White, mate(2), Eval::Cp(400)));
        // A move that allows mate fails.
        let mated = Eval::Mate {
            winner: Color::Black,
            moves: 5,
        };
        assert!(!passes(Color::White, Eval::Cp(0), mated));
    }
}
