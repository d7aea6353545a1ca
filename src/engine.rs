//! The chess engine, at the edge: a UCI engine (Stockfish) run as a separate process, and the
//! game report made from what it says.
//!
//! * [`locate`] — which program: `--engine`, `engine = "…"` in config.toml, `stockfish` on
//!   `PATH`, `/usr/games/stockfish`.
//! * [`process`] — the child process: every line read with a size cap, every wait with a
//!   deadline, `quit` on the way out and a kill if it does not go, the child always reaped.
//! * [`uci`] — the engine's lines as typed values (pure text parsing).
//! * [`analysis`] — the driver: a thread of its own that walks the game's positions, checks
//!   every move the engine names against the rules, and speaks in [`EngineEvent`]s through a
//!   callback (a channel's sender, or the app's event queue). It never blocks its caller and
//!   stops when cancelled.
//! * [`sparring`] — the sparring partner's strength (a level or an Elo) as the engine's
//!   settings and `go` line, and its manners: the draw-offer and resignation rules. Pure.
//! * [`opponent`] — the sparring partner's driver: one engine for a game, a checked move for a
//!   position and the clocks, moved now on request, a crash or a hang reported.
//!
//! The report made from the evaluations (lichess's arithmetic, labels, better lines,
//! per-player accuracy) is pure data and lives in the chess crate, [`crate::game::report`], so
//! that the app can hold and show it without knowing of any process.
//!
//! The engine is untrusted: what it says is checked (an illegal move is its fault and is
//! reported as such), a flood of lines, a line with no end, silence and a crash each end the
//! analysis with an [`EngineError`] naming the engine, and the positions done so far are kept.

pub mod analysis;
pub mod live;
pub mod locate;
pub mod opponent;
pub mod process;
pub mod sparring;
pub mod uci;

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

pub use crate::game::report::{
    Eval, GameReport, Judgement, MoveReport, PlayerSummary, PositionEval,
};
pub use analysis::{Analysis, EngineEvent, Gate, Limit, Settings};

/// How to get an engine, for the messages that say none was found.
pub const INSTALL_HINT: &str = "install Stockfish (Debian/Ubuntu: sudo apt-get install \
     stockfish; macOS: brew install stockfish; Windows: winget install stockfish) or point \
     hotseat at a UCI engine with --engine PATH or engine = \"PATH\" in config.toml";

/// What went wrong with an engine. Each names the engine (its path as given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// No engine given and none found where one is looked for.
    NotFound { tried: Vec<PathBuf> },
    /// The program given does not exist.
    Missing { engine: String },
    /// It exists but may not be run.
    NotExecutable { engine: String },
    /// It could not be started for another reason (the system's words).
    Start { engine: String, reason: String },
    /// It started but did not answer `uci` with `uciok`.
    NotUci { engine: String, reason: String },
    /// It stopped (exited or closed its output) in the middle of the work.
    Crashed { engine: String, status: String },
    /// It did not answer in time.
    Timeout {
        engine: String,
        waiting_for: &'static str,
        after: Duration,
    },
    /// It wrote something that is not a line of text (too long, not UTF-8).
    Garbage { engine: String, what: String },
    /// It wrote far more lines than any search needs.
    Flood { engine: String, lines: usize },
    /// It named a move that is not legal in the position.
    IllegalMove {
        engine: String,
        mv: String,
        fen: String,
    },
    /// It ended a search without ever giving a score.
    NoScore { engine: String, fen: String },
    /// The work took all the engine time a server gives one piece of work: `done` of `total`
    /// positions were searched.
    OverBudget {
        budget: Duration,
        done: usize,
        total: usize,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NotFound { tried } => {
                let tried: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
                write!(
                    f,
                    "no chess engine found (looked for {}): {INSTALL_HINT}",
                    tried.join(", ")
                )
            }
            EngineError::Missing { engine } => {
                write!(f, "engine {engine}: no such program; {INSTALL_HINT}")
            }
            EngineError::NotExecutable { engine } => write!(
                f,
                "engine {engine}: not allowed to run it (is it an executable file? chmod +x)"
            ),
            EngineError::Start { engine, reason } => {
                write!(f, "engine {engine}: could not be started: {reason}")
            }
            EngineError::NotUci { engine, reason } => write!(
                f,
                "engine {engine} does not speak UCI: {reason} (hotseat needs a UCI engine such \
                 as Stockfish)"
            ),
            EngineError::Crashed { engine, status } => {
                write!(
                    f,
                    "engine {engine} stopped in the middle of the work ({status})"
                )
            }
            EngineError::Timeout {
                engine,
                waiting_for,
                after,
            } => write!(
                f,
                "engine {engine} did not answer: no {waiting_for} after {:.1} s",
                after.as_secs_f64()
            ),
            EngineError::Garbage { engine, what } => {
                write!(f, "engine {engine} wrote garbage: {what}")
            }
            EngineError::Flood { engine, lines } => write!(
                f,
                "engine {engine} flooded its output: {lines} lines for one position without a \
                 best move"
            ),
            EngineError::IllegalMove { engine, mv, fen } => write!(
                f,
                "engine {engine} named an illegal move, {mv}, in the position {fen} (the \
                 engine's fault: try another engine or version)"
            ),
            EngineError::NoScore { engine, fen } => write!(
                f,
                "engine {engine} gave a best move but no score for the position {fen}"
            ),
            EngineError::OverBudget {
                budget,
                done,
                total,
            } => write!(
                f,
                "the server gives one analysis {} s of its shared engines, spent after {done} \
                 of {total} positions (the rest is left unanalysed)",
                budget.as_secs()
            ),
        }
    }
}

impl std::error::Error for EngineError {}
