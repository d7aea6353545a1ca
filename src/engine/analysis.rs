//! The analysis driver: one thread per analysis, walking the positions of a game with the
//! engine and reporting in [`EngineEvent`]s.
//!
//! The caller gets an [`Analysis`] handle at once and the events through the callback it gave
//! (a channel's sender in the command line; the app's own event queue later). `cancel` (or
//! dropping the handle) stops the work at the next line the engine writes, at most
//! [`SLICE`](super::process) later; the engine is then told to quit and reaped.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::EngineError;
use super::process::{Process, Wait};
use super::uci::{Line, Score, legal_move, parse_line};
use crate::game::report::{EVAL_CP_LIMIT, Eval, GameReport, PositionEval};
use crate::rules::{Color, Move, Position};

/// How long a search may take: a node budget (the same labels run after run), a depth, or a
/// time per position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Nodes(u64),
    Depth(u32),
    MoveTime(Duration),
}

impl Limit {
    pub(super) fn go(self) -> String {
        match self {
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Depth(d) => format!("go depth {d}"),
            Limit::MoveTime(t) => format!("go movetime {}", t.as_millis()),
        }
    }
}

/// How the engine is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub limit: Limit,
    pub threads: usize,
    /// Hash table size in MiB.
    pub hash_mb: u32,
    /// The longest wait for the engine's `uciok`/`readyok`.
    pub handshake_timeout: Duration,
    /// The longest search of one position (beyond a `MoveTime` limit).
    pub search_timeout: Duration,
    /// The longest an engine may say nothing in a search before it counts as hung: a
    /// searching engine writes a line at every depth (Stockfish at least every second past
    /// its first three), so a silence this long is a hang, found well before the search's
    /// own limit. The same for the report and the live lines.
    pub silence: Duration,
    /// The most lines one search may write before the engine counts as flooding.
    pub max_lines: usize,
    /// How many best lines the engine looks for (UCI's MultiPV): 1 for the report, 3 for the
    /// live analysis.
    pub multipv: u32,
    /// The most time a whole piece of work (a game's report) may take, counted from its
    /// engine's start: past it, the work ends with what it found
    /// ([`EngineError::OverBudget`]). `None`: no bound but each search's own. A server sets
    /// it for the strangers it serves.
    pub budget: Option<Duration>,
}

impl Settings {
    /// 150,000 nodes per position: measured with benches/analyse.sh, a 40-move game takes
    /// 43-46 s on one thread (Stockfish 15.1, a busy 2-core machine), with the same labels in
    /// every run.
    pub const DEFAULT_NODES: u64 = 150_000;

    /// How long a silent engine is waited for in a search: see [`Settings::silence`].
    pub const SILENCE: Duration = Duration::from_secs(10);

    /// When the next line of a search must come by: within [`Settings::silence`] of `now`,
    /// and never past the search's own `end`.
    pub fn next_line_by(&self, now: Instant, end: Instant) -> Instant {
        end.min(now + self.silence)
    }

    pub fn new(limit: Limit, threads: usize) -> Settings {
        Settings {
            limit,
            threads: threads.max(1),
            hash_mb: 64,
            handshake_timeout: Duration::from_secs(10),
            search_timeout: Duration::from_secs(60),
            silence: Self::SILENCE,
            max_lines: 20_000,
            multipv: 1,
            budget: None,
        }
    }
}

/// What the analysis says, in order: `Progress`/`Evaluated` for each position, then one of
/// `Finished`, `Failed` (with the engine's typed error) or `Cancelled`.
pub type EngineEvent = crate::game::report::AnalysisEvent<EngineError>;

/// A game to analyse: where it starts and its moves (legal, as the game checked them).
#[derive(Clone, Debug)]
pub struct Job {
    pub start: Position,
    pub moves: Vec<Move>,
}

/// What a piece of engine work waits for before its engine starts, on the work's own thread:
/// a place among a server's shared engines. Given the work's cancel flag; `None` when the work
/// was given up while waiting, else a hold kept until the work ends (its place given back
/// when dropped).
pub type Gate = Box<dyn FnOnce(&AtomicBool) -> Option<Box<dyn std::any::Any + Send>> + Send>;

/// Waits at `gate`, if any: `Err` when the work was given up meanwhile, else the hold to keep
/// while the work runs.
pub(super) fn pass(
    gate: Option<Gate>,
    cancel: &AtomicBool,
) -> Result<Option<Box<dyn std::any::Any + Send>>, ()> {
    match gate {
        None => Ok(None),
        Some(gate) => gate(cancel).map(Some).ok_or(()),
    }
}

/// A running analysis. Dropping it cancels the work and waits for the thread to end.
#[derive(Debug)]
pub struct Analysis {
    cancel: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Analysis {
    /// Starts analysing `job` with the engine at `engine`; events go to `emit`.
    pub fn spawn(
        engine: PathBuf,
        job: Job,
        settings: Settings,
        emit: impl FnMut(EngineEvent) + Send + 'static,
    ) -> Analysis {
        Analysis::spawn_gated(engine, job, settings, None, emit)
    }

    /// [`spawn`](Self::spawn), the engine started only once `gate` lets it (a place among a
    /// server's engines); given up while waiting, the work ends `Cancelled` with nothing done.
    pub fn spawn_gated(
        engine: PathBuf,
        job: Job,
        settings: Settings,
        gate: Option<Gate>,
        mut emit: impl FnMut(EngineEvent) + Send + 'static,
    ) -> Analysis {
        Analysis::run(move |flag| {
            let Ok(_held) = pass(gate, flag) else {
                emit(EngineEvent::Cancelled { done: Vec::new() });
                return;
            };
            let mut done = Vec::new();
            let event = match drive(&engine, &job, &settings, flag, &mut emit, &mut done) {
                Ok(true) => {
                    EngineEvent::Finished(Box::new(GameReport::new(&job.start, &job.moves, done)))
                }
                Ok(false) => EngineEvent::Cancelled { done },
                Err(error) => EngineEvent::Failed { error, done },
            };
            emit(event);
        })
    }

    /// Runs `work` on a thread of its own, with the flag that [`cancel`](Self::cancel) raises.
    pub(super) fn run(work: impl FnOnce(&AtomicBool) + Send + 'static) -> Analysis {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let thread = thread::Builder::new()
            .name("engine-analysis".into())
            .spawn(move || work(&flag))
            .ok();
        Analysis { cancel, thread }
    }

    /// [`spawn`](Self::spawn) with the events on a channel.
    pub fn start(
        engine: PathBuf,
        job: Job,
        settings: Settings,
    ) -> (Analysis, Receiver<EngineEvent>) {
        let (tx, rx) = channel();
        let analysis = Analysis::spawn(engine, job, settings, move |e| {
            let _ = tx.send(e);
        });
        (analysis, rx)
    }

    /// Asks the work to stop; a `Cancelled` event follows.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the thread has ended.
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        self.cancel();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Walks the positions; `Ok(false)` when cancelled.
fn drive(
    engine: &Path,
    job: &Job,
    settings: &Settings,
    cancel: &AtomicBool,
    emit: &mut impl FnMut(EngineEvent),
    done: &mut Vec<PositionEval>,
) -> Result<bool, EngineError> {
    let total = job.moves.len() + 1;
    let started = Instant::now();
    let mut uci = Uci {
        process: Process::spawn(engine)?,
        settings,
        cancel,
    };
    if !uci.handshake(job.start.is_chess960())? {
        return Ok(false);
    }
    let start_fen = job.start.fen();
    let chess960 = job.start.is_chess960();
    let mut pos = job.start.clone();
    let mut played = Vec::with_capacity(job.moves.len());
    for ply in 0..total {
        if let Some(budget) = settings.budget
            && started.elapsed() >= budget
        {
            return Err(EngineError::OverBudget {
                budget,
                done: ply,
                total,
            });
        }
        let eval = if pos.is_checkmate() {
            PositionEval {
                eval: Eval::Mate {
                    winner: !pos.turn(),
                    moves: 0,
                },
                best: Vec::new(),
            }
        } else if !pos.has_legal_moves() {
            PositionEval {
                eval: Eval::Cp(0),
                best: Vec::new(),
            }
        } else {
            let command = position_command(&start_fen, &played);
            match uci.search(&pos, &command)? {
                Some(eval) => eval,
                None => return Ok(false),
            }
        };
        done.push(eval.clone());
        emit(EngineEvent::Evaluated { ply, eval });
        emit(EngineEvent::Progress {
            done: ply + 1,
            total,
        });
        if let Some(&mv) = job.moves.get(ply) {
            played.push(uci_text(mv, chess960));
            pos = pos.play(mv).map_err(|_| EngineError::IllegalMove {
                engine: "(none: the game itself)".to_owned(),
                mv: mv.uci().to_string(),
                fen: pos.fen(),
            })?;
        }
    }
    Ok(true)
}

/// `position fen … moves …`.
pub(super) fn position_command(fen: &str, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {}", moves.join(" "))
    }
}

/// A move as the engine wants it: with `UCI_Chess960`, every castling as king takes rook.
pub(super) fn uci_text(mv: Move, chess960: bool) -> String {
    match mv {
        Move::Castle { king, rook } if chess960 => format!("{king}{rook}"),
        _ => mv.uci().to_string(),
    }
}

/// The conversation.
pub(super) struct Uci<'a> {
    pub process: Process,
    pub settings: &'a Settings,
    pub cancel: &'a AtomicBool,
}

impl Uci<'_> {
    /// `uci`, the options, `isready`; `Ok(false)` when cancelled.
    pub fn handshake(&mut self, chess960: bool) -> Result<bool, EngineError> {
        self.process.send("uci")?;
        let deadline = Instant::now() + self.settings.handshake_timeout;
        let mut lines = 0;
        loop {
            let line = match self.process.next_line(deadline, "uciok", self.cancel) {
                Ok(Wait::Line(line)) => line,
                Ok(Wait::Cancelled) => return Ok(false),
                Err(EngineError::Timeout { engine, .. }) => {
                    return Err(EngineError::NotUci {
                        engine,
                        reason: "no uciok in answer to uci".to_owned(),
                    });
                }
                Err(EngineError::Crashed { engine, status }) => {
                    return Err(EngineError::NotUci {
                        engine,
                        reason: format!("it ended before saying uciok ({status})"),
                    });
                }
                Err(e) => return Err(e),
            };
            lines += 1;
            if lines > self.settings.max_lines {
                return Err(self.flood(lines));
            }
            if parse_line(&line) == Line::UciOk {
                break;
            }
        }
        let threads = self.settings.threads;
        let hash = self.settings.hash_mb;
        self.process
            .send(&format!("setoption name Threads value {threads}"))?;
        self.process
            .send(&format!("setoption name Hash value {hash}"))?;
        if chess960 {
            self.process
                .send("setoption name UCI_Chess960 value true")?;
        }
        if self.settings.multipv > 1 {
            let multipv = self.settings.multipv;
            self.process
                .send(&format!("setoption name MultiPV value {multipv}"))?;
        }
        self.process.send("ucinewgame")?;
        self.ready()
    }

    /// `isready` … `readyok`.
    fn ready(&mut self) -> Result<bool, EngineError> {
        self.process.send("isready")?;
        let deadline = Instant::now() + self.settings.handshake_timeout;
        let mut lines = 0;
        loop {
            match self.process.next_line(deadline, "readyok", self.cancel)? {
                Wait::Cancelled => return Ok(false),
                Wait::Line(line) if parse_line(&line) == Line::ReadyOk => return Ok(true),
                Wait::Line(_) => {
                    lines += 1;
                    if lines > self.settings.max_lines {
                        return Err(self.flood(lines));
                    }
                }
            }
        }
    }

    pub fn flood(&self, lines: usize) -> EngineError {
        EngineError::Flood {
            engine: self.process.name().to_owned(),
            lines,
        }
    }

    /// One search; `None` when cancelled.
    fn search(
        &mut self,
        pos: &Position,
        command: &str,
    ) -> Result<Option<PositionEval>, EngineError> {
        self.process.send(command)?;
        self.process.send(&self.settings.limit.go())?;
        let mut budget = self.settings.search_timeout;
        if let Limit::MoveTime(t) = self.settings.limit {
            budget += t;
        }
        let end = Instant::now() + budget;
        let mut heard = Heard::default();
        let mut lines = 0;
        let best = loop {
            let deadline = self.settings.next_line_by(Instant::now(), end);
            let line = match self.process.next_line(deadline, "bestmove", self.cancel)? {
                Wait::Line(line) => line,
                Wait::Cancelled => return Ok(None),
            };
            lines += 1;
            if lines > self.settings.max_lines {
                return Err(self.flood(lines));
            }
            if let Some(best) = heard.hear(&line) {
                break best;
            }
        };
        heard.conclude(self.process.name(), pos, best).map(Some)
    }
}

/// What one search's lines have said so far: the last score of its principal line and the
/// moves behind it. Pure text in, checked moves out, so that whatever an engine may write can
/// be tried on it without one.
#[derive(Clone, Debug, Default)]
pub struct Heard {
    score: Option<Score>,
    pv: Vec<String>,
}

impl Heard {
    /// Takes one line; at `bestmove`, the search's end with its best move (`None` for
    /// `bestmove (none)`).
    pub fn hear(&mut self, line: &str) -> Option<Option<String>> {
        match parse_line(line) {
            Line::Info(info) if info.multipv == 1 && !info.bound => {
                if let Some(score) = info.score.filter(|&s| usable(s)) {
                    self.score = Some(score);
                    self.pv = info.pv;
                }
                None
            }
            Line::BestMove(best) => Some(best),
            _ => None,
        }
    }

    /// What the search of `pos` (which has a legal move) found: its evaluation and its best
    /// line, every move checked against the rules. `engine` names the engine in errors.
    pub fn conclude(
        self,
        engine: &str,
        pos: &Position,
        best: Option<String>,
    ) -> Result<PositionEval, EngineError> {
        let illegal = |mv: &str, at: &Position| EngineError::IllegalMove {
            engine: engine.to_owned(),
            mv: mv.to_owned(),
            fen: at.fen(),
        };
        let Some(best) = best else {
            return Err(illegal("(none)", pos));
        };
        let first = legal_move(pos, &best).ok_or_else(|| illegal(&best, pos))?;
        let Some(score) = self.score else {
            return Err(EngineError::NoScore {
                engine: engine.to_owned(),
                fen: pos.fen(),
            });
        };
        // The line behind the score, when it starts with the best move; each move checked.
        let line = if self.pv.first() == Some(&best) {
            legal_line(engine, pos, &self.pv)?
        } else {
            vec![first]
        };
        Ok(PositionEval {
            eval: white_view(score, pos.turn()),
            best: line,
        })
    }
}

/// Whether a score can be a searched position's value: `mate 0` says the side to move is
/// already mated, which a position the engine was asked to search (it has a move) is not.
pub(super) fn usable(score: Score) -> bool {
    score != Score::Mate(0)
}

/// The moves of a line the engine wrote, each checked against the rules; `engine` names the
/// engine in the error.
pub fn legal_line(engine: &str, pos: &Position, pv: &[String]) -> Result<Vec<Move>, EngineError> {
    let mut at = pos.clone();
    let mut line = Vec::with_capacity(pv.len());
    for text in pv {
        let illegal = |at: &Position| EngineError::IllegalMove {
            engine: engine.to_owned(),
            mv: text.clone(),
            fen: at.fen(),
        };
        let mv = legal_move(&at, text).ok_or_else(|| illegal(&at))?;
        line.push(mv);
        at = at.play(mv).map_err(|_| illegal(&at))?;
    }
    Ok(line)
}

/// A score for the side to move, as an evaluation from White's point of view, within what a
/// game's PGN can hold ([`EVAL_CP_LIMIT`]).
pub(super) fn white_view(score: Score, turn: Color) -> Eval {
    match score {
        Score::Cp(cp) => {
            let cp = cp.clamp(-EVAL_CP_LIMIT, EVAL_CP_LIMIT);
            Eval::Cp(if turn == Color::White { cp } else { -cp })
        }
        Score::Mate(n) => Eval::Mate {
            winner: if n > 0 { turn } else { !turn },
            moves: n.unsigned_abs(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_waits_for_each_line_the_silence_at_most_and_never_past_its_end() {
        let settings = Settings::new(Limit::Nodes(1), 1);
        let now = Instant::now();
        let end = now + Duration::from_secs(60);
        assert_eq!(
            settings.next_line_by(now, end),
            now + Duration::from_secs(10)
        );
        let soon = now + Duration::from_secs(3);
        assert_eq!(settings.next_line_by(now, soon), soon);
    }

    #[test]
    fn scores_turn_to_whites_view() {
        assert_eq!(white_view(Score::Cp(40), Color::Black), Eval::Cp(-40));
        assert_eq!(
            white_view(Score::Mate(-2), Color::Black),
            Eval::Mate {
                winner: Color::White,
                moves: 2
            }
        );
        assert_eq!(
            white_view(Score::Mate(0), Color::White),
            Eval::Mate {
                winner: Color::Black,
                moves: 0
            }
        );
    }

    #[test]
    fn a_score_beyond_what_a_pgn_holds_is_brought_within_it() {
        // An engine's `score cp -2147483648` overflowed when turned to White's view, and a
        // score over a thousand pawns was kept as a `[%eval]` that reads back as nothing.
        assert_eq!(
            white_view(Score::Cp(i32::MIN), Color::Black),
            Eval::Cp(EVAL_CP_LIMIT)
        );
        assert_eq!(
            white_view(Score::Cp(5_000_000), Color::White),
            Eval::Cp(EVAL_CP_LIMIT)
        );
        let kept = crate::game::report::eval_command(Eval::Cp(-EVAL_CP_LIMIT)).unwrap();
        assert_eq!(
            crate::game::report::parse_eval_comment(kept.as_bytes()),
            Some(Eval::Cp(-EVAL_CP_LIMIT))
        );
    }

    fn heard(lines: &[&str]) -> (Heard, Option<String>) {
        let mut heard = Heard::default();
        for line in lines {
            if let Some(best) = heard.hear(line) {
                return (heard, best);
            }
        }
        panic!("no bestmove in {lines:?}");
    }

    #[test]
    fn a_search_keeps_the_last_exact_score_of_its_first_line() {
        let pos = Position::initial();
        let (h, best) = heard(&[
            "info depth 10 multipv 1 score cp 31 pv e2e4 e7e5",
            "info depth 11 multipv 1 score cp 90 lowerbound pv d2d4",
            "info depth 11 multipv 2 score cp 12 pv g1f3",
            "info depth 11 multipv 1 score cp 28 pv e2e4 c7c5 g1f3",
            "bestmove e2e4 ponder c7c5",
        ]);
        let eval = h.conclude("sf", &pos, best).unwrap();
        assert_eq!(eval.eval, Eval::Cp(28));
        assert_eq!(eval.best.len(), 3);
        // A line that does not start with the best move is not believed beyond it.
        let (h, best) = heard(&["info score cp 5 pv d2d4 d7d5", "bestmove e2e4"]);
        let eval = h.conclude("sf", &pos, best).unwrap();
        assert_eq!(eval.best, [pos.parse_move("e2e4").unwrap()]);
    }

    #[test]
    fn mate_in_none_for_a_position_with_moves_is_no_score() {
        // `mate 0` says the side to move is mated; with a legal best move it is nonsense, and
        // kept it was an evaluation the game's PGN cannot hold.
        let pos = Position::initial();
        let (h, best) = heard(&["info depth 3 score mate 0 pv e2e4", "bestmove e2e4"]);
        assert!(matches!(
            h.conclude("sf", &pos, best),
            Err(EngineError::NoScore { .. })
        ));
        let (h, best) = heard(&[
            "info depth 3 score cp 10 pv e2e4",
            "info depth 4 score mate 0 pv e2e4",
            "bestmove e2e4",
        ]);
        assert_eq!(h.conclude("sf", &pos, best).unwrap().eval, Eval::Cp(10));
    }

    #[test]
    fn an_illegal_move_anywhere_in_the_line_is_named() {
        let pos = Position::initial();
        let (h, best) = heard(&["info score cp 5 pv e2e4 e7e5 e1e3", "bestmove e2e4"]);
        match h.conclude("sf", &pos, best) {
            Err(EngineError::IllegalMove { engine, mv, .. }) => {
                assert_eq!((engine.as_str(), mv.as_str()), ("sf", "e1e3"))
            }
            other => panic!("{other:?}"),
        }
        let (h, best) = heard(&["info score cp 5 pv e2e4", "bestmove (none)"]);
        assert!(matches!(
            h.conclude("sf", &pos, best),
            Err(EngineError::IllegalMove { .. })
        ));
    }

    #[test]
    fn chess960_castling_is_sent_as_king_takes_rook() {
        let castle = Move::Castle {
            king: crate::rules::Square::E1,
            rook: crate::rules::Square::H1,
        };
        assert_eq!(uci_text(castle, true), "e1h1");
        assert_eq!(uci_text(castle, false), "e1g1");
    }
}
