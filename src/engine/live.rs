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
use super::analysis::{Analysis, Job, Settings, Uci, position_command, uci_text, white_view};
use super::process::{Process, Wait};
use super::uci::{Line, parse_line};
use crate::game::report::PositionEval;

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
    mut settings: Settings,
    mut emit: impl FnMut(LiveEvent) + Send + 'static,
) -> Analysis {
    settings.multipv = LINES;
    Analysis::run(
        move |cancel| match search(&engine, &job, &settings, cancel, &mut emit) {
            Ok(true) => emit(LiveEvent::Done),
            Ok(false) => {}
            Err(error) => emit(LiveEvent::Failed(error)),
        },
    )
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
    let deadline = Instant::now() + settings.search_timeout;
    let mut lines: Vec<Option<PositionEval>> = vec![None; wanted];
    let mut said = 0;
    let mut count = 0;
    loop {
        let line = match uci.process.next_line(deadline, "bestmove", cancel)? {
            Wait::Line(line) => line,
            Wait::Cancelled => return Ok(false),
        };
        count += 1;
        if count > settings.max_lines {
            return Err(uci.flood(count));
        }
        match parse_line(&line) {
            Line::Info(info) if !info.bound && !info.pv.is_empty() => {
                let (Some(score), Some(slot)) = (
                    info.score,
                    (info.multipv as usize)
                        .checked_sub(1)
                        .filter(|&i| i < wanted),
                ) else {
                    continue;
                };
                lines[slot] = Some(PositionEval {
                    eval: white_view(score, pos.turn()),
                    best: uci.legal_line(&pos, &info.pv)?,
                });
                // Every line of this depth given: say them, once per depth.
                if slot + 1 == wanted && info.depth > said && lines.iter().all(Option::is_some) {
                    said = info.depth;
                    emit(LiveEvent::Lines {
                        depth: info.depth,
                        lines: lines.iter().flatten().cloned().collect(),
                    });
                }
            }
            Line::BestMove(_) => return Ok(true),
            _ => {}
        }
    }
}
