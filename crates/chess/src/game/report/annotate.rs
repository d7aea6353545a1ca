//! The report in a game's PGN, as lichess exports an analysed game: after every move the
//! evaluation of the position it led to (`{ [%eval 0.32] }`, `[%eval #-3]`, White's view), on
//! a labelled move the label as a NAG (`$6` ?!, `$2` ?, `$4` ??) with lichess's comment
//! (`Mistake. Nxe5 was best.`) and the better line as a side line. A game set up from another
//! position has its start's evaluation in the comment before the first move.
//!
//! Read back, the evaluations give the same report with no engine: the accuracies and the
//! centipawn losses are functions of them alone; a label needs one more fact, that the move
//! was not the engine's own choice (lichess never labels that), which the label's NAG and its
//! side line say. A move without a label NAG counts as the engine's choice, so a report read
//! back labels exactly the moves it labelled when it was made.

use super::{Eval, GameReport, INITIAL_CP, MoveReport, PositionEval};
use crate::game::session::Game;
use crate::game::variations::Spot;
use crate::rules::{Color, Move, Position};

/// The longest better line written as a side line, in plies.
pub const VARIATION_PLIES: usize = 8;

/// The largest evaluation in centipawns a `[%eval]` holds either way (a thousand pawns): a
/// larger one reads as no evaluation, so an engine's wilder numbers are brought within it
/// before they are kept.
pub const EVAL_CP_LIMIT: i32 = 100_000;

/// The NAGs of the labels: `$6` ?!, `$2` ?, `$4` ??.
const LABEL_NAGS: [u8; 3] = [6, 2, 4];

impl MoveReport {
    /// lichess's comment on a labelled move, from the position before it:
    /// `Mistake. Nxe5 was best.`; `None` for a move without a label.
    pub fn comment(&self, before: &Position) -> Option<String> {
        let advice = self.advice?;
        Some(match self.better.first() {
            Some(&best) => format!("{}. {} was best.", advice.describe(), before.san(best)),
            None => format!("{}.", advice.describe()),
        })
    }
}

/// The evaluation in the first well-formed `[%eval …]` command of a comment: `0.32`, `-1.05`,
/// `#3`, `#-2`, with lichess's optional depth after a comma (`[%eval 0.32,21]`).
///
/// ```
/// use hotseat_chess::game::report::{Eval, parse_eval_comment};
/// use hotseat_chess::rules::Color;
/// assert_eq!(parse_eval_comment(b"[%eval 0.32] [%clk 0:04:59]"), Some(Eval::Cp(32)));
/// assert_eq!(parse_eval_comment(b"ok [%eval -1.05,20]"), Some(Eval::Cp(-105)));
/// assert_eq!(
///     parse_eval_comment(b"[%eval #-2]"),
///     Some(Eval::Mate { winner: Color::Black, moves: 2 })
/// );
/// assert_eq!(parse_eval_comment(b"[%eval x]"), None);
/// ```
pub fn parse_eval_comment(comment: &[u8]) -> Option<Eval> {
    let text = std::str::from_utf8(comment).ok()?;
    text.match_indices('[')
        .find_map(|(i, _)| read_eval_command(&text[i + 1..]))
}

/// `%eval VALUE[,DEPTH] ]` at the start of `s`.
fn read_eval_command(s: &str) -> Option<Eval> {
    let s = s.trim_start().strip_prefix("%eval")?;
    if !s.starts_with(char::is_whitespace) {
        return None;
    }
    let (body, _) = s.split_once(']')?;
    let value = body.trim();
    let value = value.split_once(',').map_or(value, |(v, _)| v.trim_end());
    if let Some(mate) = value.strip_prefix('#') {
        let (winner, moves) = match mate.strip_prefix('-') {
            Some(n) => (Color::Black, n),
            None => (Color::White, mate.strip_prefix('+').unwrap_or(mate)),
        };
        if !moves.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let moves: u32 = moves.parse().ok()?;
        return (moves > 0).then_some(Eval::Mate { winner, moves });
    }
    let number = value.strip_prefix(['-', '+']).unwrap_or(value);
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let pawns: f64 = value.parse().ok()?;
    let cp = (pawns * 100.0).round();
    (cp.abs() <= f64::from(EVAL_CP_LIMIT)).then_some(Eval::Cp(cp as i32))
}

/// The `[%eval …]` command of an evaluation, `None` for a checkmated position.
pub fn eval_command(eval: Eval) -> Option<String> {
    eval.pgn().map(|e| format!("[%eval {e}]"))
}

impl Game {
    /// The evaluation of each position (0: the start) where known.
    pub fn evals(&self) -> &[Option<Eval>] {
        &self.evals
    }

    /// Sets the evaluation of the position after `plies` half-moves (a `[%eval]` read).
    pub(crate) fn set_eval(&mut self, plies: usize, eval: Eval) {
        if self.evals.len() <= plies {
            self.evals.resize(plies + 1, None);
        }
        self.evals[plies] = Some(eval);
    }

    /// Writes a finished report into the game as lichess exports it (see the module
    /// docs): the evaluations, each label's NAG (in place of any move assessment the
    /// move had) and comment, and each better line as a side line. Writing the same report
    /// again adds nothing.
    pub fn annotate(&mut self, report: &GameReport) {
        self.evals = report.positions.iter().map(|p| Some(p.eval)).collect();
        for (ply, judged) in report.moves.iter().enumerate() {
            let Some(advice) = judged.advice else {
                continue;
            };
            let Some(before) = self.record().position_at(ply).cloned() else {
                continue;
            };
            if let Some(notes) = self.notes_mut(ply) {
                notes.nags.retain(|n| !(1..=6).contains(n));
                notes.nags.insert(0, advice.judgement.nag());
                if let Some(text) = judged.comment(&before)
                    && !notes.comment.contains(&text)
                {
                    notes.add_comment(&text);
                }
            }
            let mut spot = Spot::Main(ply);
            for &mv in judged.better.iter().take(VARIATION_PLIES) {
                match self.study_move(spot, mv) {
                    Ok(next) => spot = next,
                    Err(_) => break,
                }
            }
        }
        self.changed();
    }

    /// The report the game's evaluations make, with no engine; `None` unless every position
    /// the game reached has one (a game over needs none for its last position).
    pub fn report(&self) -> Option<GameReport> {
        let record = self.record();
        let plies = record.plies();
        if plies == 0 {
            return None;
        }
        let moves: Vec<Move> = record.moves().iter().map(|m| m.mv).collect();
        let initial = record.start().fen() == Position::initial().fen();
        let mut positions = Vec::with_capacity(plies + 1);
        for ply in 0..=plies {
            let pos = record.position_at(ply)?;
            let eval = match self.evals.get(ply).copied().flatten() {
                Some(eval) => eval,
                None if ply == 0 && initial => Eval::Cp(INITIAL_CP),
                None if pos.is_checkmate() => Eval::Mate {
                    winner: !pos.turn(),
                    moves: 0,
                },
                None if !pos.has_legal_moves() => Eval::Cp(0),
                None => return None,
            };
            let best = match moves.get(ply) {
                None => Vec::new(),
                Some(&played) => {
                    let line = self.better_line(ply, played);
                    if line.is_empty() { vec![played] } else { line }
                }
            };
            positions.push(PositionEval { eval, best });
        }
        Some(GameReport::new(record.start(), &moves, positions))
    }

    /// For a move carrying a label's NAG, the side line played instead of it (the better line
    /// written with the label); empty for any other move.
    fn better_line(&self, ply: usize, played: Move) -> Vec<Move> {
        let labelled = self
            .notes()
            .get(ply)
            .is_some_and(|n| n.nags.iter().any(|nag| LABEL_NAGS.contains(nag)));
        if !labelled {
            return Vec::new();
        }
        let variations = self.variations();
        let Some(&first) = variations
            .alternatives(Spot::Main(ply))
            .iter()
            .find(|&&id| variations.node(id).is_some_and(|n| n.mv != played))
        else {
            return Vec::new();
        };
        let mut line = Vec::new();
        let mut at = Some(first);
        while let Some(id) = at {
            let Some(node) = variations.node(id) else {
                break;
            };
            line.push(node.mv);
            at = variations.continuation(Spot::Var(id));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::game::pgn::{Tags, import_game};

    // The report written and read back (`a_report_written_into_the_pgn_reads_back_with_the_
    // same_numbers`) is tested in the program's suite (tests/suite/report.rs), on its fixture.

    #[test]
    fn a_game_without_every_evaluation_has_no_report() {
        let mut one = import_game("1. e4 { [%eval 0.3] } e5 2. Nf3 { [%eval 0.3] } *")
            .unwrap()
            .game;
        assert_eq!(one.evals()[1], Some(Eval::Cp(30)));
        assert_eq!(one.report(), None, "the position after 1... e5 has none");
        one.set_eval(2, Eval::Cp(25));
        let report = one.report().unwrap();
        assert_eq!(report.moves.len(), 3);
        assert!(report.moves.iter().all(|m| m.advice.is_none()));
    }

    #[test]
    fn a_set_up_position_keeps_its_own_evaluation_before_the_first_move() {
        let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
                    { [%eval 2.50] } 1. e4 { [%eval 2.40] } *";
        let game = import_game(text).unwrap().game;
        assert_eq!(game.evals()[0], Some(Eval::Cp(250)));
        let pgn = game.to_pgn(Duration::ZERO, &Tags::default());
        assert!(pgn.contains("{[%eval 2.50]} 1. e4 {[%eval 2.40]}"), "{pgn}");
    }
}
