//! The game report, lichess's way: each position's evaluation, each move's accuracy,
//! centipawn loss, label and better line, and per player the accuracy, the average centipawn
//! loss and the counts of inaccuracies, mistakes and blunders. Pure data and arithmetic, no
//! I/O: the engine (at the program's edge) produces the evaluations, the app holds and shows
//! the report, and the game keeps the evaluations in its PGN (`annotate`).
//!
//! * [`lila`] — lichess's formulas (win percentage, accuracy, labels), cited from lila's code.
//! * this file — one game's report from its evaluations. As on lichess (lila's
//!   `Analysis.infoAdvices` gives advice only where the engine's line differs from the move
//!   played), a move that is the engine's own best move is never labelled.
//! * `annotate` — the report written into a [`Game`](super::Game) as lichess exports it
//!   (`[%eval 0.32]` after every move, the label as a NAG with its comment, the better line as
//!   a side line), and read back from one, so that a game analysed before shows its report
//!   with no engine at all.

mod annotate;
pub mod lila;
pub mod retro;

pub use annotate::{EVAL_CP_LIMIT, VARIATION_PLIES, eval_command, parse_eval_comment};
pub use lila::{Advice, CP_CEILING, Eval, INITIAL_CP, Judgement, MateSequence, index};

use crate::rules::{Color, Move, Position};

/// A position's evaluation (White's point of view) and the engine's best line from it
/// (checked: every move legal), empty where the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    pub eval: Eval,
    pub best: Vec<Move>,
}

/// One move, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReport {
    pub mover: Color,
    /// The mover's win percentage before and after the move (0..100).
    pub win_before: f64,
    pub win_after: f64,
    pub accuracy: f64,
    pub cp_loss: i32,
    pub advice: Option<Advice>,
    /// The engine's line from the position before the move, when the move is labelled.
    pub better: Vec<Move>,
}

/// One player's numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// 0..100; `None` for a player who made no move.
    pub accuracy: Option<f64>,
    pub acpl: Option<u32>,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

/// What an engine's work on a game's report says, in order: `Progress`/`Evaluated` for each
/// position, then one of `Finished`, `Failed` or `Cancelled`. One vocabulary for the engine's
/// edge (where `E` is its typed error) and for the program above it (where the error is the
/// words shown): [`AnalysisEvent::map_error`] turns one into the other.
#[derive(Clone, Debug)]
pub enum AnalysisEvent<E> {
    /// Positions done of all the positions (the start and one after each move).
    Progress {
        done: usize,
        total: usize,
    },
    /// The evaluation of the position at `ply` (0 before the first move).
    Evaluated {
        ply: usize,
        eval: PositionEval,
    },
    Finished(Box<GameReport>),
    /// The engine failed; `error` says how, and `done` holds the positions evaluated before.
    Failed {
        error: E,
        done: Vec<PositionEval>,
    },
    Cancelled {
        done: Vec<PositionEval>,
    },
}

impl<E> AnalysisEvent<E> {
    /// The same event with its error turned by `f` (the others are unchanged).
    ///
    /// ```
    /// use hotseat_chess::game::report::AnalysisEvent;
    /// let failed: AnalysisEvent<u8> = AnalysisEvent::Failed { error: 7, done: Vec::new() };
    /// assert!(matches!(
    ///     failed.map_error(|e| e.to_string()),
    ///     AnalysisEvent::Failed { error, .. } if error == "7"
    /// ));
    /// ```
    pub fn map_error<F>(self, f: impl FnOnce(E) -> F) -> AnalysisEvent<F> {
        match self {
            AnalysisEvent::Progress { done, total } => AnalysisEvent::Progress { done, total },
            AnalysisEvent::Evaluated { ply, eval } => AnalysisEvent::Evaluated { ply, eval },
            AnalysisEvent::Finished(report) => AnalysisEvent::Finished(report),
            AnalysisEvent::Failed { error, done } => AnalysisEvent::Failed {
                error: f(error),
                done,
            },
            AnalysisEvent::Cancelled { done } => AnalysisEvent::Cancelled { done },
        }
    }
}

/// The report of a game (or of its first positions, when the engine stopped early).
#[derive(Clone, Debug, PartialEq)]
pub struct GameReport {
    /// One per position evaluated: before the first move, then after each move.
    pub positions: Vec<PositionEval>,
    /// One per move whose positions before and after were both evaluated.
    pub moves: Vec<MoveReport>,
    /// White's, then Black's.
    pub players: [PlayerSummary; 2],
}

impl GameReport {
    pub fn new(start: &Position, moves: &[Move], positions: Vec<PositionEval>) -> GameReport {
        let mut evals: Vec<Eval> = positions.iter().map(|p| p.eval).collect();
        if let Some(first) = evals.first_mut()
            && start.fen() == Position::initial().fen()
        {
            *first = Eval::Cp(INITIAL_CP);
        }
        let evals = &evals[..evals.len().min(moves.len() + 1)];
        let first = start.turn();
        let accuracy = lila::game_accuracy(first, evals);
        let acpl = lila::acpl(first, evals);
        let mut players = [0, 1].map(|i| PlayerSummary {
            accuracy: accuracy[i],
            acpl: acpl[i],
            ..PlayerSummary::default()
        });
        let mut reports = Vec::new();
        for (ply, pair) in evals.windows(2).enumerate() {
            let mover = if ply % 2 == 0 { first } else { !first };
            let (before, after) = (pair[0], pair[1]);
            let engine_line = &positions[ply].best;
            let played_best = engine_line.first() == moves.get(ply);
            let advice = if played_best {
                None
            } else {
                lila::judge(mover, before, after)
            };
            let summary = &mut players[index(mover)];
            match advice.map(|a| a.judgement) {
                Some(Judgement::Inaccuracy) => summary.inaccuracies += 1,
                Some(Judgement::Mistake) => summary.mistakes += 1,
                Some(Judgement::Blunder) => summary.blunders += 1,
                None => {}
            }
            let win = |e: Eval| lila::win_percent(e.cp_for(mover));
            reports.push(MoveReport {
                mover,
                win_before: win(before),
                win_after: win(after),
                accuracy: lila::move_accuracy(win(before), win(after)),
                cp_loss: lila::cp_loss(mover, before, after),
                advice,
                better: if advice.is_some() {
                    engine_line.clone()
                } else {
                    Vec::new()
                },
            });
        }
        GameReport {
            positions,
            moves: reports,
            players,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pe(eval: Eval, best: Vec<Move>) -> PositionEval {
        PositionEval { eval, best }
    }

    #[test]
    fn the_engines_own_move_is_never_labelled_and_a_drop_is() {
        let start = Position::initial();
        let e4 = start.parse_move("e2e4").unwrap();
        let d4 = start.parse_move("d2d4").unwrap();
        let after = start.play(e4).unwrap();
        let e5 = after.parse_move("e7e5").unwrap();
        // The evaluations say e4 lost a lot; but e4 was the engine's move: no label.
        let positions = vec![
            pe(Eval::Cp(30), vec![e4]),
            pe(Eval::Cp(-400), vec![e5]),
            pe(Eval::Cp(-400), vec![]),
        ];
        let report = GameReport::new(&start, &[e4, e5], positions.clone());
        assert_eq!(report.moves[0].advice, None);
        assert_eq!(report.players[0].blunders, 0);
        // The same drop with the engine preferring d4: a blunder, and d4 is the better line.
        let mut positions = positions;
        positions[0].best = vec![d4];
        let report = GameReport::new(&start, &[e4, e5], positions);
        let first = &report.moves[0];
        assert_eq!(first.advice.unwrap().judgement, Judgement::Blunder);
        assert_eq!(first.better, vec![d4]);
        assert_eq!(report.players[0].blunders, 1);
        assert_eq!(report.players[0].acpl, Some(415), "from lila's +0.15");
        assert!(report.players[0].accuracy < report.players[1].accuracy);
    }

    #[test]
    fn a_report_cut_short_covers_the_moves_evaluated() {
        let start = Position::initial();
        let e4 = start.parse_move("e2e4").unwrap();
        let report = GameReport::new(&start, &[e4, e4], vec![pe(Eval::Cp(20), vec![e4])]);
        assert!(report.moves.is_empty());
        assert_eq!(report.players[0].accuracy, None);
    }
}
