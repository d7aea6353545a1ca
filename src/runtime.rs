//! The session runtime: everything a game needs at the edge but its input and output.
//!
//! A session is one game being played: an [`App`], and around it the work the app asks for
//! and the news that comes back. The runtime holds all of that but the screen, so that every
//! front end — the full-screen terminal (`tui`), the lines of `--plain` (`plain`), and next a
//! terminal served over SSH — owns only its input and output:
//!
//! * one channel that every source feeds ([`events`]): the front end's input, the file worker's
//!   results, the engine's lines, the network's messages, the news of a stop;
//! * the file worker ([`worker`]) that carries out the session's files ([`files`]: found at
//!   start-up by [`prepare`], then saves, the archive, exports) and the library's work
//!   (`library`);
//! * the engine ([`analyser`]): the game report's analysis and the live lines;
//! * the link to the other terminal ([`net`]): hosting, joining or watching, connected before
//!   any front end opens so that what fails there is said first;
//! * the wall clock ([`clock`]) read once at the start;
//! * the signal and panic saves ([`signals`]), which every session registers with and leaves
//!   when it ends.
//!
//! There is no process-wide state but the signal handler's list of sessions (signals belong to
//! the process): any number of sessions run in one process, each with its own channel, worker,
//! engine, link and data folder.
//!
//! # A session's life, for a front end
//!
//! 1. [`start`]`(launch, role, front, ready)` connects across the network if `role` says so,
//!    asks `ready` whether the front end can open (its terminal is there), finds the files,
//!    starts the worker, the analyser and the link, registers with the signal handler, and
//!    hands back the [`Runtime`] and the [`App`] to play.
//! 2. The front end feeds its input into [`Runtime::sender`] (a thread of its own reading keys
//!    or lines), then loops: waits on [`Runtime::events`] until an event or the app's next
//!    wake-up ([`View::next_wake`](crate::app::View::next_wake)), hands the event to
//!    [`App::update`](crate::app::App::update), and gives every effect the app asks for to
//!    [`Runtime::carry_out`]; what comes back is the screen's own ([`ScreenEffect`]: a redraw,
//!    the bell, a suspend), for the front end to do on its own output.
//! 3. Dropping the runtime finishes the file work handed out, ends the engines, says goodbye
//!    across the network and leaves the signal handler ([`Runtime::finish_work`] and
//!    [`Runtime::save_now`] first, for a front end that says what happened at the end).
//!
//! # Adding a front end
//!
//! A front end turns its input into [`app::Event`](crate::app::Event)s on the sender, draws
//! (or says) the app after each turn, and carries out the [`ScreenEffect`]s. The terminal's
//! loop (`tui::run_loop`) draws on any ratatui `Terminal` and rings the bell on any `Write`, so
//! a terminal served elsewhere (SSH) can reuse it with keys fed from its own bytes.

pub mod analyser;
pub mod clock;
pub mod engines;
pub mod events;
pub mod files;
mod library;
pub mod net;
pub mod policy;
mod puzzles;
pub mod signals;
mod sparring;
pub mod worker;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use crate::app::{App, Effect, LibraryEffect, ScreenEffect};
pub use crate::store::shown;
pub use analyser::Analyser;
pub use clock::local_wall_clock;
pub use engines::EnginePool;
pub use events::{EventSender, Input, Wake, channel};
pub use files::{Files, Launch, prepare, prepare_watching};
pub use net::{
    Connection, HostSeat, NetLink, NetRole, NetStartError, hosted_color, hosted_game, saved_choice,
};
pub use policy::Policy;
use signals::Registration;
use worker::{FileQueue, FileWork, Job, Work, Worker};

/// Where a session's game is played: at this keyboard, or across the network.
#[derive(Debug)]
pub enum Role {
    /// Two players at one keyboard (or one studying).
    Local,
    /// Host, join or watch a game across the network.
    Net(NetRole),
}

/// What the runtime needs to know of the front end that starts it.
pub struct Front<'a> {
    /// The command that resumes a game a signal left, as its note names it (`hotseat
    /// --resume`, `hotseat --plain --resume`).
    pub resume: &'static str,
    /// Where the words of the start-up go that are not the game's: the host's invitation, a
    /// game set aside for the one given on the command line. Standard error at the process's
    /// own terminal; a served terminal's own output elsewhere.
    pub notes: &'a mut dyn std::io::Write,
    /// Whether the front end says the start-up's notes in its own output, where they stay
    /// (plain mode's lines): then the note that should outlast a screen (a game set aside for
    /// the one given on the command line) is not written to `notes` too, where a reader of
    /// both outputs would hear it twice.
    pub speaks_notes: bool,
}

impl std::fmt::Debug for Front<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Front")
            .field("resume", &self.resume)
            .finish_non_exhaustive()
    }
}

/// Why a session did not start.
#[derive(Debug)]
pub enum StartError {
    /// The signal handlers could not be set up.
    Signals(std::io::Error),
    /// A game across the network could not start (said before any front end opens).
    Net(NetStartError),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Signals(_) => f.write_str("could not set up the signal handlers"),
            StartError::Net(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::Signals(e) => Some(e),
            StartError::Net(_) => None,
        }
    }
}

/// A running session's edge: its channel, file worker, engine, network link and place with
/// the signal handler (see the [module docs](self)).
pub struct Runtime<F: FileWork = Files> {
    /// The instant app time counts from.
    origin: Instant,
    sender: EventSender,
    events: Receiver<Wake>,
    queue: Arc<FileQueue<F>>,
    /// `None` once [`finish_work`](Runtime::finish_work) has waited for it.
    worker: Option<Worker<F>>,
    analyser: Analyser,
    link: Option<NetLink>,
    /// Left when the runtime is dropped, after the work above is done.
    registration: Option<Registration>,
    /// The library's page being read by the worker, given up here when overtaken.
    overtaking: Option<Arc<library::Overtaking>>,
    /// Whom the session serves, and so what of the app's asking is carried out.
    policy: Policy,
}

impl<F: FileWork> std::fmt::Debug for Runtime<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runtime")
            .field("origin", &self.origin)
            .field("analyser", &self.analyser)
            .field("link", &self.link)
            .field("registration", &self.registration)
            .finish_non_exhaustive()
    }
}

/// Starts a session (see the [module docs](self)): connects across the network if `role` says
/// so, then asks `ready` whether the front end can open, then finds the files and starts the
/// rest. Errors are the front end's own type, so that its own (no terminal) and the runtime's
/// are said alike.
pub fn start<E: From<StartError>>(
    mut launch: Launch,
    role: Role,
    front: Front<'_>,
    ready: impl FnOnce() -> Result<(), E>,
) -> Result<(Runtime, App), E> {
    let origin = Instant::now();
    let (sender, events) = channel();
    let feed = sender.feeding(crate::app::Event::Net);
    let sink: crate::net::Sink = Arc::new(move |event| {
        feed(event);
    });
    let connection = match role {
        Role::Local => None,
        Role::Net(role) => Some(net::connect(role, sink.clone()).map_err(StartError::Net)?),
    };
    ready()?;
    let watching = connection.as_ref().is_some_and(Connection::watching);
    match &connection {
        Some(Connection::Joined { snapshot, .. }) => {
            launch.saved = saved_choice(watching, snapshot, launch.data_dir.as_deref());
        }
        // A duel's puzzles leave the player's own saved game where it is, untouched.
        Some(Connection::DuelJoined { .. }) => {
            launch.saved = crate::app::launch::SavedGameChoice::Ask
        }
        _ => {}
    }
    let engine = launch.engine.clone();
    let policy = launch.policy.clone();
    let (mut config, files) = if watching {
        prepare_watching(launch, local_wall_clock())
    } else {
        let mut nowhere = std::io::sink();
        let said: &mut dyn std::io::Write = if front.speaks_notes {
            &mut nowhere
        } else {
            &mut *front.notes
        };
        files::prepare_saying(launch, local_wall_clock(), said)
    };
    // Only start-up turns autosave off: there is no folder to save in.
    config.no_save_folder = !config.autosave;
    if watching {
        config.autosave = false;
        config.no_save_folder = false;
    }
    let link = match connection {
        Some(connection) => {
            Some(net::open(connection, &mut config, sink, front.notes).map_err(StartError::Net)?)
        }
        None => None,
    };
    config.served = policy.served();
    let mut runtime = Runtime::with_files(files, origin, sender, events, engine);
    runtime.analyser.share(policy.engine_share());
    runtime.policy = policy;
    runtime.link = link;
    runtime.registration = Some(
        signals::register(runtime.queue.clone(), front.resume, runtime.sender.clone())
            .map_err(StartError::Signals)?,
    );
    Ok((runtime, App::new(config)))
}

impl<F: FileWork> Runtime<F> {
    /// A session's edge around `files` (the session's own, or a stand-in in tests): the file
    /// worker ready to start on `sender`'s channel, the engine `engine` (if named) ready. No network
    /// link, no signal handler: [`start`] adds those.
    pub fn with_files(
        files: F,
        origin: Instant,
        sender: EventSender,
        events: Receiver<Wake>,
        engine: Option<PathBuf>,
    ) -> Runtime<F> {
        let overtaking = files.overtaking();
        let queue = FileQueue::new(files, origin);
        let worker = Worker::new(queue.clone(), sender.clone());
        let analyser = Analyser::new(engine, sender.clone());
        Runtime {
            origin,
            sender,
            events,
            queue,
            worker: Some(worker),
            analyser,
            link: None,
            registration: None,
            overtaking,
            policy: Policy::Local,
        }
    }

    /// The session's files and their queue of work, shared with the worker and the signal
    /// handler (for a look at what waits, in tests).
    pub fn queue(&self) -> Arc<FileQueue<F>> {
        self.queue.clone()
    }

    /// The app's time now: how long since the session started.
    pub fn now(&self) -> Duration {
        self.origin.elapsed()
    }

    /// The instant app time counts from.
    pub fn origin(&self) -> Instant {
        self.origin
    }

    /// A sender on the session's channel, for the front end's input.
    pub fn sender(&self) -> EventSender {
        self.sender.clone()
    }

    /// The session's channel, which the front end's loop waits on.
    pub fn events(&self) -> &Receiver<Wake> {
        &self.events
    }

    /// The session's place with the signal handler, for a front end that holds the process's
    /// terminal ([`Registration::hold_screen`]); `None` for a runtime made
    /// [`with_files`](Runtime::with_files).
    pub fn registration(&self) -> Option<&Registration> {
        self.registration.as_ref()
    }

    /// Sends one of the app's effects where it goes, each kind to the one place that carries
    /// it out: file and library work to the worker, the engine's to the analyser, a message to
    /// the network link (none: nowhere to go). The screen's own are given back for the front
    /// end. What the session's [`Policy`] does not allow is not carried out: the app hears
    /// why ([`Event::Refused`](crate::app::Event::Refused)).
    pub fn carry_out(&mut self, effect: Effect, app: &App, now: Duration) -> Option<ScreenEffect> {
        if let Some(why) = self.policy.refusal(&effect) {
            self.sender.send(crate::app::Event::Refused(why));
            return None;
        }
        let work = match effect {
            Effect::Files(effect) => Work::Files(effect),
            Effect::Library(LibraryEffect::GiveUp) => {
                // At once, not queued behind the page it gives up.
                if let Some(overtaking) = &self.overtaking {
                    overtaking.give_up();
                }
                return None;
            }
            Effect::Library(effect) => Work::Library(effect),
            Effect::Puzzles(effect) => Work::Puzzles(effect),
            Effect::Engine(effect) => {
                self.analyser.carry_out(effect);
                return None;
            }
            Effect::Net(msg) => {
                if let Some(link) = &self.link {
                    link.send(msg);
                }
                return None;
            }
            Effect::Screen(effect) => return Some(effect),
        };
        // After the work was finished, nothing more is taken.
        if let Some(worker) = &self.worker {
            worker.push(Job {
                work,
                now,
                save_job: app.save_job(),
            });
        }
        None
    }

    /// Waits until every piece of file work handed out is done; nothing more is taken after.
    /// Their results stay in the channel, for a front end that says them.
    pub fn finish_work(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.finish();
        }
    }

    /// Sets the autosave aside when the game on the board ended but its end could be written
    /// nowhere (a full disk): it is not offered again as unfinished. Where it went, as shown.
    pub fn set_aside_before_end(&self) -> Option<Result<String, crate::store::StoreError>> {
        self.queue.set_aside_before_end()
    }

    /// Saves the game in progress as it stands now (the clocks too), after the queued work:
    /// for `--resume`, when a session ends with a game unfinished.
    pub fn save_now(&self) -> worker::EmergencySaved {
        self.queue.emergency_save(true).and_then(|(_, saved)| saved)
    }
}

impl<F: FileWork> Drop for Runtime<F> {
    /// Finishes the file work handed out, ends every engine (told to quit, killed if it does
    /// not, reaped), says goodbye across the network (the other terminal hears that this one
    /// left on purpose), and leaves the signal handler.
    fn drop(&mut self) {
        self.finish_work();
        self.link = None;
        self.registration = None;
    }
}
