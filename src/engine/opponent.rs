//! The sparring partner's driver: one engine process for a whole game, on a thread of its own,
//! asked for a move for a position and the clocks, told to move now, and watched for a crash
//! or a hang.
//!
//! The caller gets an [`Opponent`] handle at once and what the engine does through the callback
//! it gave (a channel's sender, or the session's event queue), as [`OpponentEvent`]s: `Ready`
//! once the engine has answered the handshake (with its name and Elo range), `Moved` for each
//! search — its move checked against the rules, with the evaluation the draw and resignation
//! rules need — and `Failed`, after which the engine is gone (killed if it would not go, always
//! reaped). Requests carry an id; a reply names the request it answers, so that the caller can
//! drop the answer to a position that a takeback has since removed.
//!
//! Nothing here waits for ever: the handshake has a deadline, a search its think budget
//! ([`think_time`]) plus [`Timeouts::grace`], and a search told to stop [`Timeouts::stop`].

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::EngineError;
use super::analysis::{position_command, uci_text, usable, white_view};
use super::process::{Process, Wait};
use super::sparring::{MOVE_OVERHEAD_MS, full_strength_options, go, options, think_time};
use super::uci::{Line, Score, legal_move, parse_line};
use crate::game::report::Eval;
use crate::game::sparring::{EloRange, Strength};
use crate::rules::{Color, Move};

/// A hint's think time, at full strength.
pub const HINT_MOVETIME: Duration = Duration::from_millis(1000);

/// The most lines one search may write before the engine counts as flooding.
const MAX_LINES: usize = 50_000;

/// How long each wait may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For `uciok` and each `readyok`.
    pub handshake: Duration,
    /// Beyond the think budget a search was given (its movetime).
    pub grace: Duration,
    /// For `bestmove` after `stop`.
    pub stop: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(10),
            grace: Duration::from_secs(10),
            stop: Duration::from_secs(3),
        }
    }
}

/// What the engine said about itself at the handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineInfo {
    /// `id name` (`Stockfish 15.1`), else the program's file name.
    pub name: String,
    /// Its `UCI_Elo` range, if it has the option.
    pub elo: Option<EloRange>,
    /// The options it announced, by name.
    pub options: Vec<String>,
}

impl EngineInfo {
    /// The engine's name without its version, for the game's tags: `Stockfish`.
    pub fn short_name(&self) -> &str {
        self.name.split_whitespace().next().unwrap_or("Engine")
    }

    /// Takes one handshake line (`id name …`, `option name … type …`).
    fn hear(&mut self, line: &str) {
        if let Some(name) = line.strip_prefix("id name ") {
            let name = name.trim();
            if !name.is_empty() {
                self.name = name.chars().take(80).collect();
            }
        } else if let Some((name, elo)) = parse_option(line) {
            if name == "UCI_Elo" {
                self.elo = elo;
            }
            if self.options.len() < 200 {
                self.options.push(name);
            }
        }
    }

    fn has(&self, option: &str) -> bool {
        self.options.iter().any(|o| o == option)
    }
}

/// `option name NAME type spin … min A max B`: the name, and for a spin its range.
///
/// ```
/// use hotseat::engine::opponent::parse_option;
/// let line = "option name UCI_Elo type spin default 1350 min 1350 max 2850";
/// assert_eq!(parse_option(line), Some(("UCI_Elo".to_owned(), Some(1350..=2850))));
/// let line = "option name Skill Level type spin default 20 min 0 max 20";
/// assert_eq!(parse_option(line).unwrap().0, "Skill Level");
/// assert_eq!(parse_option("info depth 3"), None);
/// ```
pub fn parse_option(line: &str) -> Option<(String, Option<EloRange>)> {
    let rest = line.strip_prefix("option name ")?;
    let (name, spec) = rest.split_once(" type ")?;
    let mut words = spec.split_ascii_whitespace();
    let mut min = None;
    let mut max = None;
    while let Some(word) = words.next() {
        match word {
            "min" => min = words.next().and_then(|n| n.parse::<u32>().ok()),
            "max" => max = words.next().and_then(|n| n.parse::<u32>().ok()),
            _ => {}
        }
    }
    let range = match (min, max) {
        (Some(min), Some(max)) if min <= max => Some(min..=max),
        _ => None,
    };
    Some((name.trim().to_owned(), range))
}

/// One question for the engine (a hint at full strength, [`HINT_MOVETIME`]).
pub use crate::game::sparring::Question as Request;

/// The engine's answer to a [`Request`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub id: u64,
    /// Legal in the position asked about.
    pub mv: Move,
    /// The position's value as the search left it, from the side to move's point of view.
    pub score: Option<Score>,
    /// The same from White's point of view, as the game and its rules take it.
    pub eval: Option<Eval>,
    /// How long the search took.
    pub took: Duration,
}

/// What the driver says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentEvent {
    /// The engine answered the handshake.
    Ready(EngineInfo),
    Moved(Reply),
    /// The engine is gone: crashed, hung, or said something that cannot be believed.
    Failed(EngineError),
}

/// A game's engine. Dropping it ends the search, tells the engine to quit and reaps it.
#[derive(Debug)]
pub struct Opponent {
    requests: Sender<Request>,
    /// Raised to interrupt a wait: to stop the search `stop_id` names, or to quit.
    interrupt: Arc<AtomicBool>,
    stop_id: Arc<AtomicU64>,
    quit: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Opponent {
    /// Starts the engine at `engine`, playing at `strength`; events go to `emit`.
    pub fn spawn(
        engine: PathBuf,
        strength: Strength,
        chess960: bool,
        timeouts: Timeouts,
        emit: impl FnMut(OpponentEvent) + Send + 'static,
    ) -> Opponent {
        let (requests, inbox) = channel();
        let interrupt = Arc::new(AtomicBool::new(false));
        let stop_id = Arc::new(AtomicU64::new(u64::MAX));
        let quit = Arc::new(AtomicBool::new(false));
        let driver = Driver {
            strength,
            chess960,
            timeouts,
            interrupt: Arc::clone(&interrupt),
            stop_id: Arc::clone(&stop_id),
            quit: Arc::clone(&quit),
        };
        let thread = thread::Builder::new()
            .name("engine-opponent".into())
            .spawn(move || driver.run(&engine, &inbox, emit))
            .ok();
        Opponent {
            requests,
            interrupt,
            stop_id,
            quit,
            thread,
        }
    }

    /// [`spawn`](Self::spawn) with the events on a channel.
    pub fn start(
        engine: PathBuf,
        strength: Strength,
        chess960: bool,
        timeouts: Timeouts,
    ) -> (Opponent, Receiver<OpponentEvent>) {
        let (tx, rx) = channel();
        let opponent = Opponent::spawn(engine, strength, chess960, timeouts, move |e| {
            let _ = tx.send(e);
        });
        (opponent, rx)
    }

    /// Asks for a move (or a hint); the answer comes as `Moved` with the request's id. Asked
    /// while a search runs, it waits for that one to end (stop it first with
    /// [`move_now`](Self::move_now) if its answer is no longer wanted).
    pub fn think(&self, request: Request) {
        let _ = self.requests.send(request);
    }

    /// Tells the search for request `id` to end now with the best move it has.
    pub fn move_now(&self, id: u64) {
        self.stop_id.store(id, Ordering::SeqCst);
        self.interrupt.store(true, Ordering::SeqCst);
    }

    /// Whether the driver's thread has ended (after `Failed`, or once dropped).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }
}

impl Drop for Opponent {
    fn drop(&mut self) {
        self.quit.store(true, Ordering::SeqCst);
        self.interrupt.store(true, Ordering::SeqCst);
        // Closing the request channel wakes a driver waiting for work.
        let (closed, _) = channel();
        self.requests = closed;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The thread's side.
struct Driver {
    strength: Strength,
    chess960: bool,
    timeouts: Timeouts,
    interrupt: Arc<AtomicBool>,
    stop_id: Arc<AtomicU64>,
    quit: Arc<AtomicBool>,
}

/// Why a wait ended early.
enum Halt {
    Quit,
    Error(EngineError),
}

impl From<EngineError> for Halt {
    fn from(error: EngineError) -> Halt {
        Halt::Error(error)
    }
}

impl Driver {
    fn run(&self, engine: &Path, inbox: &Receiver<Request>, mut emit: impl FnMut(OpponentEvent)) {
        if let Err(Halt::Error(error)) = self.serve(engine, inbox, &mut emit) {
            emit(OpponentEvent::Failed(error));
        }
    }

    fn serve(
        &self,
        engine: &Path,
        inbox: &Receiver<Request>,
        emit: &mut impl FnMut(OpponentEvent),
    ) -> Result<(), Halt> {
        let mut process = Process::spawn(engine)?;
        let info = self.handshake(&mut process)?;
        emit(OpponentEvent::Ready(info.clone()));
        let mut applied: Vec<(&'static str, String)> = Vec::new();
        while let Ok(request) = inbox.recv() {
            if self.quit.load(Ordering::SeqCst) {
                return Err(Halt::Quit);
            }
            let wanted = if request.hint {
                full_strength_options()
            } else {
                options(self.strength)
            };
            if wanted != applied {
                for (name, value) in &wanted {
                    if info.has(name) {
                        process.send(&format!("setoption name {name} value {value}"))?;
                    }
                }
                self.ready(&mut process)?;
                applied = wanted;
            }
            let stockfish = info.short_name().eq_ignore_ascii_case("stockfish");
            let reply = self.search(&mut process, &request, stockfish)?;
            emit(OpponentEvent::Moved(reply));
        }
        Err(Halt::Quit)
    }

    /// The next line before `deadline`; an interrupt to quit ends the wait.
    fn line(
        &self,
        process: &mut Process,
        deadline: Instant,
        waiting_for: &'static str,
    ) -> Result<Option<String>, Halt> {
        match process.next_line(deadline, waiting_for, &self.interrupt)? {
            Wait::Line(line) => Ok(Some(line)),
            Wait::Cancelled => {
                // Quitting raises `quit` before the interrupt, so a quit is never lost here.
                self.interrupt.store(false, Ordering::SeqCst);
                if self.quit.load(Ordering::SeqCst) {
                    Err(Halt::Quit)
                } else {
                    Ok(None)
                }
            }
        }
    }

    /// `uci` … `uciok` (with the engine's name and options), the game's settings, `ucinewgame`,
    /// `isready` … `readyok`.
    fn handshake(&self, process: &mut Process) -> Result<EngineInfo, Halt> {
        let mut info = EngineInfo {
            name: process
                .name()
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or("engine")
                .to_owned(),
            elo: None,
            options: Vec::new(),
        };
        process.send("uci")?;
        let deadline = Instant::now() + self.timeouts.handshake;
        let mut lines = 0;
        loop {
            let line = match self.line(process, deadline, "uciok") {
                Ok(Some(line)) => line,
                Ok(None) => continue,
                Err(Halt::Error(EngineError::Timeout { engine, .. })) => {
                    return Err(Halt::Error(EngineError::NotUci {
                        engine,
                        reason: "no uciok in answer to uci".to_owned(),
                    }));
                }
                Err(Halt::Error(EngineError::Crashed { engine, status })) => {
                    return Err(Halt::Error(EngineError::NotUci {
                        engine,
                        reason: format!("it ended before saying uciok ({status})"),
                    }));
                }
                Err(halt) => return Err(halt),
            };
            lines += 1;
            if lines > MAX_LINES {
                return Err(flood(process, lines));
            }
            if parse_line(&line) == Line::UciOk {
                break;
            }
            info.hear(&line);
        }
        let mut settings = vec![
            ("Threads", "1".to_owned()),
            ("Hash", "16".to_owned()),
            ("Move Overhead", MOVE_OVERHEAD_MS.to_string()),
            ("Ponder", "false".to_owned()),
        ];
        if self.chess960 {
            settings.push(("UCI_Chess960", "true".to_owned()));
        }
        for (name, value) in settings {
            if info.has(name) {
                process.send(&format!("setoption name {name} value {value}"))?;
            }
        }
        process.send("ucinewgame")?;
        self.ready(process)?;
        Ok(info)
    }

    /// `isready` … `readyok`.
    fn ready(&self, process: &mut Process) -> Result<(), Halt> {
        process.send("isready")?;
        let deadline = Instant::now() + self.timeouts.handshake;
        let mut lines = 0;
        loop {
            match self.line(process, deadline, "readyok")? {
                Some(line) if parse_line(&line) == Line::ReadyOk => return Ok(()),
                Some(_) => {
                    lines += 1;
                    if lines > MAX_LINES {
                        return Err(flood(process, lines));
                    }
                }
                None => {}
            }
        }
    }

    /// One search, to its `bestmove`, checked (`stockfish`: the engine is one, whose limited
    /// strength picks its move at a known depth).
    fn search(
        &self,
        process: &mut Process,
        request: &Request,
        stockfish: bool,
    ) -> Result<Reply, Halt> {
        let mut pos = request.start.clone();
        for &mv in &request.moves {
            pos = pos.play(mv).map_err(|_| EngineError::IllegalMove {
                engine: "(none: the game itself)".to_owned(),
                mv: mv.uci().to_string(),
                fen: pos.fen(),
            })?;
        }
        let played: Vec<String> = request
            .moves
            .iter()
            .map(|&m| uci_text(m, self.chess960))
            .collect();
        let white = pos.turn() == Color::White;
        let (go, think) = if request.hint {
            (
                format!("go movetime {}", HINT_MOVETIME.as_millis()),
                HINT_MOVETIME,
            )
        } else {
            let clock = request.clock.as_ref();
            (
                go(self.strength, clock, white, stockfish),
                think_time(self.strength, clock, white),
            )
        };
        let started = Instant::now();
        process.send(&position_command(&request.start.fen(), &played))?;
        process.send(&go)?;
        let mut deadline = started + think + self.timeouts.grace;
        let mut stopped = false;
        let mut score = None;
        let mut lines = 0;
        let best = loop {
            // Told to move now (perhaps before the search began): `stop`, once.
            if !stopped && self.stop_id.load(Ordering::SeqCst) == request.id {
                stopped = true;
                process.send("stop")?;
                deadline = deadline.min(Instant::now() + self.timeouts.stop);
            }
            let Some(line) = self.line(process, deadline, "bestmove")? else {
                continue;
            };
            lines += 1;
            if lines > MAX_LINES {
                return Err(flood(process, lines));
            }
            match parse_line(&line) {
                Line::Info(info) if info.multipv <= 1 && !info.bound => {
                    if let Some(s) = info.score.filter(|&s| usable(s)) {
                        score = Some(s);
                    }
                }
                Line::BestMove(best) => break best,
                _ => {}
            }
        };
        let illegal = |text: &str| EngineError::IllegalMove {
            engine: process.name().to_owned(),
            mv: text.to_owned(),
            fen: pos.fen(),
        };
        let best = best.ok_or_else(|| illegal("(none)"))?;
        let mv = legal_move(&pos, &best).ok_or_else(|| illegal(&best))?;
        Ok(Reply {
            id: request.id,
            mv,
            score,
            eval: score.map(|s| white_view(s, pos.turn())),
            took: started.elapsed(),
        })
    }
}

fn flood(process: &Process, lines: usize) -> Halt {
    Halt::Error(EngineError::Flood {
        engine: process.name().to_owned(),
        lines,
    })
}

/// Starts the engine, reads what it says about itself, and lets it go: for checking a strength
/// (its Elo range) before a game starts.
pub fn probe(engine: &Path, timeout: Duration) -> Result<EngineInfo, EngineError> {
    let timeouts = Timeouts {
        handshake: timeout,
        ..Timeouts::default()
    };
    let (opponent, events) =
        Opponent::start(engine.to_path_buf(), Strength::Level(1), false, timeouts);
    // The handshake's own deadlines end the wait; this one only guards against a thread that
    // never started.
    let result = match events.recv_timeout(timeout * 3 + Duration::from_secs(1)) {
        Ok(OpponentEvent::Ready(info)) => Ok(info),
        Ok(OpponentEvent::Failed(error)) => Err(error),
        Ok(OpponentEvent::Moved(_)) | Err(_) => Err(EngineError::Timeout {
            engine: engine.display().to_string(),
            waiting_for: "uciok",
            after: timeout,
        }),
    };
    drop(opponent);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_handshake_reads_the_name_and_the_elo_range() {
        let mut info = EngineInfo {
            name: "stockfish".into(),
            elo: None,
            options: Vec::new(),
        };
        for line in [
            "id name Stockfish 16.1",
            "id author the Stockfish developers",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1320 min 1320 max 3190",
            "option name Clear Hash type button",
        ] {
            info.hear(line);
        }
        assert_eq!(info.name, "Stockfish 16.1");
        assert_eq!(info.short_name(), "Stockfish");
        assert_eq!(info.elo, Some(1320..=3190));
        assert!(info.has("Skill Level") && info.has("Clear Hash") && !info.has("Hash"));
    }

    #[test]
    fn an_option_with_a_nonsense_range_has_none() {
        assert_eq!(
            parse_option("option name UCI_Elo type spin min 3000 max 1000"),
            Some(("UCI_Elo".to_owned(), None))
        );
        assert_eq!(
            parse_option("option name UCI_Elo type spin min -5 max x"),
            Some(("UCI_Elo".to_owned(), None))
        );
        assert_eq!(parse_option("option name Broken"), None);
    }
}
