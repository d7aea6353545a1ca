//! The engine's side of the in-app report and live lines: [`EngineEffect::Analyse`] starts an
//! [`Analysis`] on a thread of its own, [`EngineEffect::LiveAnalyse`] a live search, and what the
//! engine says goes to the loop's channel as the app's [`Event::Analysis`] and
//! [`Event::Live`] (the engine's error turned into the words the app shows). The
//! screen never waits for the engine: stopping only raises the analysis's flag (its
//! `Cancelled` follows), and a stopped analysis is dropped, joining its thread and reaping the
//! engine, only once its thread has ended, or when the program quits.

use std::path::PathBuf;

use super::events::EventSender;
use super::policy::EngineShare;
use super::sparring::Sparrer;
use crate::app::retro::{JUDGE_DEPTH, JudgeJob, RetroNews};
use crate::app::{AnalysisEvent, AnalysisJob, EngineEffect, Event, LiveJob, LiveUpdate};
use crate::engine::analysis::Job;
use crate::engine::live::{self, LiveEvent};
use crate::engine::{Analysis, EngineError, EngineEvent, Gate, Limit, Settings, locate};

/// The analyses of a session: the report running, the live search, those stopped and still
/// ending.
pub struct Analyser {
    /// The engine `--engine` or the settings (`engine = "…"`) name, if any.
    engine: Option<PathBuf>,
    sender: EventSender,
    running: Option<Analysis>,
    live: Option<Analysis>,
    /// The search of a move tried in "Learn from your mistakes".
    judge: Option<Analysis>,
    stopping: Vec<Analysis>,
    /// The engine playing against the human, in a game against the computer.
    opponent: Sparrer,
    /// A stranger's share of a server's engines (see `policy`): each search waits for its
    /// place, within a budget and a small hash table. `None`: the local player's own engines.
    share: Option<EngineShare>,
}

impl std::fmt::Debug for Analyser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analyser")
            .field("engine", &self.engine)
            .field("running", &self.running.is_some())
            .field("live", &self.live.is_some())
            .field("stopping", &self.stopping.len())
            .finish()
    }
}

impl Analyser {
    pub fn new(engine: Option<PathBuf>, sender: EventSender) -> Analyser {
        Analyser {
            engine,
            opponent: Sparrer::new(sender.clone()),
            sender,
            running: None,
            live: None,
            judge: None,
            stopping: Vec::new(),
            share: None,
        }
    }

    /// From now on every search is a guest's: it waits for its place in `share`'s pool, its
    /// player told how many go before it, with `share`'s hash table and, for a game's report,
    /// its budget of time.
    pub fn share(&mut self, share: Option<EngineShare>) {
        self.share = share;
    }

    /// The gate of a search with `settings` (bounded to the share's hash table and, `whole`
    /// work such as a report, its budget), for a guest; `None` for the local player.
    fn gate(&self, settings: &mut Settings, whole: bool) -> Option<Gate> {
        let share = self.share.clone()?;
        settings.hash_mb = settings.hash_mb.min(share.hash_mb);
        if whole {
            settings.budget = Some(share.budget);
        }
        let sender = self.sender.clone();
        Some(Box::new(move |cancel: &std::sync::atomic::AtomicBool| {
            let permit = share.pool.acquire(&share.key, cancel, |ahead| {
                sender.send(Event::EngineQueue(ahead));
            })?;
            Some(Box::new(permit) as Box<dyn std::any::Any + Send>)
        }))
    }

    /// The engine to run, or why there is none.
    fn engine(&self) -> Result<PathBuf, EngineError> {
        let path_var = std::env::var_os("PATH");
        locate::find(self.engine.as_deref(), path_var.as_deref())
    }

    /// The engine to run; where there is none, its absence is said at once as the work's
    /// failure, in the event `failed` makes of it.
    fn engine_or(&self, failed: impl FnOnce(AnalysisEvent) -> Event) -> Option<PathBuf> {
        match self.engine() {
            Ok(engine) => Some(engine),
            Err(error) => {
                let event = AnalysisEvent::Failed {
                    error: error.to_string(),
                    done: Vec::new(),
                };
                self.sender.send(failed(event));
                None
            }
        }
    }

    /// Carries out one of the engine's effects.
    pub fn carry_out(&mut self, effect: EngineEffect) {
        match effect {
            EngineEffect::Analyse(job) => self.start(job),
            EngineEffect::StopAnalysis => self.stop(),
            EngineEffect::LiveAnalyse(job) => self.start_live(job),
            EngineEffect::StopLive => self.stop_live(),
            EngineEffect::Judge(job) => self.judge(job),
            EngineEffect::Opponent(ask) => {
                let engine = self.engine();
                self.opponent.carry_out(ask, engine);
            }
        }
    }

    /// Starts analysing `job` (stopping any analysis before). An engine that cannot be found
    /// is said at once as the analysis's failure.
    pub fn start(&mut self, job: AnalysisJob) {
        self.stop();
        let id = job.id;
        let Some(engine) = self.engine_or(|event| Event::Analysis { id, event }) else {
            return;
        };
        // `hotseat analyse`'s defaults: one thread searches the same way every run, so the
        // labels are the same run after run (and the same as the command line's), and the
        // other core keeps the screen live.
        let mut settings = Settings::new(Limit::Nodes(Settings::DEFAULT_NODES), 1);
        let gate = self.gate(&mut settings, true);
        let sender = self.sender.clone();
        let job = Job {
            start: job.start,
            moves: job.moves,
        };
        self.running = Some(spawn_telling(
            engine,
            job,
            settings,
            gate,
            sender,
            move |event| Event::Analysis { id, event },
        ));
    }

    /// Starts the live search of `job`'s position, the one before stopped.
    pub fn start_live(&mut self, job: LiveJob) {
        self.stop_live();
        let id = job.id;
        let engine = match self.engine() {
            Ok(engine) => engine,
            Err(error) => {
                let update = LiveUpdate::Failed(error.to_string());
                self.sender.send(Event::Live { id, update });
                return;
            }
        };
        // One thread: the report may be running beside it, and the screen must stay live.
        let mut settings = Settings::new(Limit::Nodes(live::NODES), 1);
        let gate = self.gate(&mut settings, false);
        let sender = self.sender.clone();
        let job = Job {
            start: job.start,
            moves: job.moves,
        };
        self.live = Some(live::spawn_gated(
            engine,
            job,
            settings,
            gate,
            move |event| {
                let update = match event {
                    LiveEvent::Lines { depth, lines } => LiveUpdate::Lines { depth, lines },
                    LiveEvent::Done => LiveUpdate::Done,
                    LiveEvent::Failed(error) => LiveUpdate::Failed(error.to_string()),
                };
                sender.send(Event::Live { id, update });
            },
        ));
    }

    /// Searches the position after a move tried in place of a mistake, to lila's depth
    /// ([`JUDGE_DEPTH`]); the search before (a move tried before) stopped.
    pub fn judge(&mut self, job: JudgeJob) {
        let judge = self.judge.take();
        self.retire(judge);
        let id = job.id;
        let Some(engine) = self.engine_or(|event| Event::Retro(RetroNews::Judged { id, event }))
        else {
            return;
        };
        let mut settings = Settings::new(Limit::Depth(JUDGE_DEPTH), 1);
        let gate = self.gate(&mut settings, false);
        let sender = self.sender.clone();
        let job = Job {
            start: job.position,
            moves: Vec::new(),
        };
        self.judge = Some(spawn_telling(
            engine,
            job,
            settings,
            gate,
            sender,
            move |event| Event::Retro(RetroNews::Judged { id, event }),
        ));
    }

    /// Asks the running analysis to stop; its `Cancelled` event follows.
    pub fn stop(&mut self) {
        let running = self.running.take();
        self.retire(running);
    }

    /// Stops the live search.
    pub fn stop_live(&mut self) {
        let live = self.live.take();
        self.retire(live);
    }

    /// Cancels `analysis` and keeps it until its thread has ended; those ended are dropped now
    /// (joining them waits for nothing).
    fn retire(&mut self, analysis: Option<Analysis>) {
        if let Some(analysis) = analysis {
            analysis.cancel();
            self.stopping.push(analysis);
        }
        self.stopping.retain(|a| !a.is_finished());
    }
}

/// Starts `job` once `gate` lets it, each of the engine's events told to the loop as the app's
/// event `tell` makes of it (its error in words).
fn spawn_telling(
    engine: PathBuf,
    job: Job,
    settings: Settings,
    gate: Option<Gate>,
    sender: EventSender,
    tell: impl Fn(AnalysisEvent) -> Event + Send + 'static,
) -> Analysis {
    Analysis::spawn_gated(engine, job, settings, gate, move |event| {
        sender.send(tell(app_event(event)));
    })
}

/// The engine's event in the app's terms: its error in words.
pub fn app_event(event: EngineEvent) -> AnalysisEvent {
    event.map_error(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::game::report::Eval;
    use crate::rules::{Color, Position};
    use crate::runtime::events::{Wake, channel};

    #[test]
    fn an_engine_given_that_is_not_there_is_said_as_the_reports_failure_naming_it() {
        let (sender, events) = channel();
        let mut analyser = Analyser::new(Some(PathBuf::from("/no/such/engine")), sender);
        let start = Position::initial();
        let mv = start.parse_move("e4").unwrap();
        analyser.start(AnalysisJob {
            id: 7,
            start,
            moves: vec![mv],
        });
        let failed = loop {
            match events.recv_timeout(Duration::from_secs(20)) {
                Ok(Wake::Event(Event::Analysis {
                    id: 7,
                    event: AnalysisEvent::Failed { error, done },
                })) => break (error, done),
                Ok(Wake::Event(Event::Analysis { .. })) => continue,
                other => panic!("no failure: {other:?}"),
            }
        };
        assert!(failed.0.contains("/no/such/engine"), "{}", failed.0);
        assert!(failed.1.is_empty());
    }

    /// The judge's answer to search `id`: its end.
    fn judged(events: &std::sync::mpsc::Receiver<Wake>, id: u64) -> AnalysisEvent {
        loop {
            match events.recv_timeout(Duration::from_secs(60)) {
                Ok(Wake::Event(Event::Retro(RetroNews::Judged { id: got, event })))
                    if got == id =>
                {
                    if matches!(
                        event,
                        AnalysisEvent::Progress { .. } | AnalysisEvent::Evaluated { .. }
                    ) {
                        continue;
                    }
                    return event;
                }
                Ok(_) => continue,
                other => panic!("no judgement: {other:?}"),
            }
        }
    }

    #[test]
    fn the_real_engine_judges_a_move_tried_in_place_of_a_mistake() {
        // Scholar's mate's 3... Nf6?? (-0.30 before it): 3... Qe7 instead holds, 3... a6 is
        // mated at once.
        let engine = PathBuf::from("/usr/games/stockfish");
        let engine = if engine.exists() {
            engine
        } else {
            PathBuf::from("stockfish")
        };
        let (sender, events) = channel();
        let mut analyser = Analyser::new(Some(engine), sender);
        let before =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3")
                .unwrap();
        let mover = before.turn();
        let eval_after = |analyser: &mut Analyser, id: u64, mv: &str| {
            let position = before.play(before.parse_move(mv).unwrap()).unwrap();
            analyser.judge(JudgeJob { id, position });
            match judged(&events, id) {
                AnalysisEvent::Finished(report) => report.positions[0].eval,
                other => panic!("{other:?}"),
            }
        };
        let rules = |after| crate::game::report::retro::passes(mover, Eval::Cp(-30), after);
        let qe7 = eval_after(&mut analyser, 1, "Qe7");
        assert!(rules(qe7), "Qe7: {qe7:?}");
        let a6 = eval_after(&mut analyser, 2, "a6");
        assert_eq!(
            a6,
            Eval::Mate {
                winner: Color::White,
                moves: 1
            }
        );
        assert!(!rules(a6));
    }

    #[test]
    fn an_engine_that_is_not_there_is_said_as_the_judgements_failure() {
        let (sender, events) = channel();
        let mut analyser = Analyser::new(Some(PathBuf::from("/no/such/engine")), sender);
        analyser.judge(JudgeJob {
            id: 3,
            position: Position::initial(),
        });
        match judged(&events, 3) {
            AnalysisEvent::Failed { error, .. } => assert!(error.contains("/no/such/engine")),
            other => panic!("{other:?}"),
        }
    }
}
