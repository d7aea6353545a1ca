//! Live analysis: the engine's best lines (MultiPV) for one position, as they deepen.
//!
//! One search per position shown: when the players step to another, the old search is
//! cancelled (its engine told to quit and reaped, as every [`Analysis`] is) and a new one
//! starts, so no engine ever outlives the position it was asked about. Each time the engine
//! has given every line at a new depth, a [`LiveEvent::Lines`] says them, every move checked
//! against the rules; the search ends at its node budget with [`LiveEvent::Done`].

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::EngineError;
use super::analysis::{
    Analysis, Gate, Job, Settings, Uci, legal_line, position_command, uci_text, usable, white_view,
};
use super::process::{Process, Wait};
use super::uci::{Line, parse_line};
use crate::game::report::PositionEval;
use crate::rules::Position;

/// How many lines the live analysis shows.
pub const LINES: u32 = 3;

/// Nodes for one position: deep enough to be worth reading, short enough to end by itself.
pub const NODES: u64 = 5_000_000;

/// What the live search says.
#[derive(Clone, Debug, PartialEq)]
pub enum LiveEvent {
    /// The best lines at `depth`, best first (fewer where the position has fewer moves).
    Lines {
        depth: u32,
        lines: Vec<PositionEval>,
    },
    /// The search reached its budget; the last lines stand.
    Done,
    Failed(EngineError),
}

/// Starts the live analysis of the position after `job.moves` from `job.start`.
pub fn spawn(
    engine: PathBuf,
    job: Job,
    settings: Settings,
    emit: impl FnMut(LiveEvent) + Send + 'static,
) -> Analysis {
    spawn_gated(engine, job, settings, None, emit)
}

/// [`spawn`], the engine started only once `gate` lets it (see [`Gate`]).
pub fn spawn_gated(
    engine: PathBuf,
    job: Job,
    mut settings: Settings,
    gate: Option<Gate>,
    mut emit: impl FnMut(LiveEvent) + Send + 'static,
) -> Analysis {
    settings.multipv = LINES;
    Analysis::run(move |cancel| {
        // Given up while waiting for its place: nothing to say, as for a search stopped.
        let Ok(_held) = super::analysis::pass(gate, cancel) else {
            return;
        };
        match search(&engine, &job, &settings, cancel, &mut emit) {
            Ok(true) => emit(LiveEvent::Done),
            Ok(false) => {}
            Err(error) => emit(LiveEvent::Failed(error)),
        }
    })
}

/// The search; `Ok(false)` when cancelled.
fn search(
    engine: &std::path::Path,
    job: &Job,
    settings: &Settings,
    cancel: &AtomicBool,
    emit: &mut impl FnMut(LiveEvent),
) -> Result<bool, EngineError> {
    let mut pos = job.start.clone();
    for &mv in &job.moves {
        pos.play_unchecked(mv);
    }
    let wanted = (pos.legal_moves().len()).min(LINES as usize);
    if wanted == 0 {
        return Ok(true);
    }
    let chess960 = job.start.is_chess960();
    let mut uci = Uci {
        process: Process::spawn(engine)?,
        settings,
        cancel,
    };
    if !uci.handshake(chess960)? {
        return Ok(false);
    }
    let played: Vec<String> = job.moves.iter().map(|&m| uci_text(m, chess960)).collect();
    uci.process
        .send(&position_command(&job.start.fen(), &played))?;
    uci.process.send(&settings.limit.go())?;
    let end = Instant::now() + settings.search_timeout;
    let mut heard = LiveLines::new(pos, wanted);
    let mut count = 0;
    loop {
        let deadline = settings.next_line_by(Instant::now(), end);
        let line = match uci.process.next_line(deadline, "bestmove", cancel)? {
            Wait::Line(line) => line,
            Wait::Cancelled => return Ok(false),
        };
        count += 1;
        if count > settings.max_lines {
            return Err(uci.flood(count));
        }
        match heard.hear(uci.process.name(), &line)? {
            Some(LiveEvent::Done) => return Ok(true),
            Some(event) => emit(event),
            None => {}
        }
    }
}

/// One live search's lines as they arrive. Pure text in, checked lines out, so that whatever
/// an engine may write can be tried on it without one.
#[derive(Clone, Debug)]
pub struct LiveLines {
    pos: Position,
    lines: Vec<Option<PositionEval>>,
    /// The deepest depth said so far.
    said: u32,
}

impl LiveLines {
    /// For the search of `pos` asked for `wanted` lines (at least one, at most its moves).
    pub fn new(pos: Position, wanted: usize) -> LiveLines {
        LiveLines {
            pos,
            lines: vec![None; wanted],
            said: 0,
        }
    }

    /// Takes one line: `Lines` once every line of a new depth is known, `Done` at `bestmove`;
    /// an error for a move that is not legal. `engine` names the engine in errors.
    pub fn hear(&mut self, engine: &str, line: &str) -> Result<Option<LiveEvent>, EngineError> {
        match parse_line(line) {
            Line::Info(info) if !info.bound && !info.pv.is_empty() => {
                let wanted = self.lines.len();
                let (Some(score), Some(slot)) = (
                    info.score.filter(|&s| usable(s)),
                    (info.multipv as usize)
                        .checked_sub(1)
                        .filter(|&i| i < wanted),
                ) else {
                    return Ok(None);
                };
                self.lines[slot] = Some(PositionEval {
                    eval: white_view(score, self.pos.turn()),
                    best: legal_line(engine, &self.pos, &info.pv)?,
                });
                // Every line of this depth given: say them, once per depth.
                if slot + 1 == wanted
                    && info.depth > self.said
                    && self.lines.iter().all(Option::is_some)
                {
                    self.said = info.depth;
                    return Ok(Some(LiveEvent::Lines {
                        depth: info.depth,
                        lines: self.lines.iter().flatten().cloned().collect(),
                    }));
                }
                Ok(None)
            }
            Line::BestMove(_) => Ok(Some(LiveEvent::Done)),
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::report::Eval;

    fn said(pos: &Position, wanted: usize, lines: &[&str]) -> Vec<LiveEvent> {
        let mut live = LiveLines::new(pos.clone(), wanted);
        lines
            .iter()
            .filter_map(|line| live.hear("sf", line).unwrap())
            .collect()
    }

    #[test]
    fn every_line_of_a_new_depth_is_said_once() {
        let pos = Position::initial();
        let events = said(
            &pos,
            2,
            &[
                "info depth 8 multipv 1 score cp 30 pv e2e4 e7e5",
                "info depth 8 multipv 2 score cp 25 pv d2d4",
                "info depth 8 multipv 3 score cp 1 pv a2a3",
                "info depth 8 multipv 2 score cp 24 pv d2d4",
                "info depth 9 multipv 1 score cp 33 lowerbound pv e2e4",
                "info depth 9 multipv 1 score mate 0 pv e2e4",
                "info depth 9 multipv 1 score cp 35 pv e2e4",
                "info depth 9 multipv 2 score cp 20 pv g1f3",
                "bestmove e2e4",
            ],
        );
        let depths: Vec<_> = events
            .iter()
            .map(|e| match e {
                LiveEvent::Lines { depth, lines } => {
                    assert_eq!(lines.len(), 2);
                    Some(*depth)
                }
                _ => None,
            })
            .collect();
        assert_eq!(depths, [Some(8), Some(9), None]);
        assert_eq!(events[2], LiveEvent::Done);
        let LiveEvent::Lines { lines, .. } = &events[1] else {
            unreachable!()
        };
        assert_eq!(lines[0].eval, Eval::Cp(35));
        assert_eq!(lines[1].best, [pos.parse_move("g1f3").unwrap()]);
    }

    #[test]
    fn black_to_move_is_turned_to_whites_view_and_an_illegal_line_fails() {
        let pos = Position::initial()
            .play(Position::initial().parse_move("e2e4").unwrap())
            .unwrap();
        let events = said(&pos, 1, &["info depth 5 score cp 40 pv e7e5"]);
        let LiveEvent::Lines { lines, .. } = &events[0] else {
            panic!("{events:?}")
        };
        assert_eq!(lines[0].eval, Eval::Cp(-40));
        let mut live = LiveLines::new(pos, 1);
        assert!(matches!(
            live.hear("sf", "info depth 5 score cp 40 pv e2e4"),
            Err(EngineError::IllegalMove { .. })
        ));
    }
}
