//! The loop with a stand-in terminal (ratatui's `TestBackend`) and stand-in file work: events
//! in, frames and file jobs out; and two whole sessions in one process, each with its own
//! terminal and data folder. No timing is asserted: where a test waits, it waits for a state,
//! with a generous limit of its own.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::{Console, run_loop};
use crate::app::event::SaveError;
use crate::app::keymap::Action;
use crate::app::{App, Config, Event, FileEffect};
use crate::look::Theme;
use crate::runtime::worker::{FileQueue, FileWork, Job, Work};
use crate::runtime::{EventSender, Runtime, channel};

/// File work that writes nothing: it notes each save's PGN, after `gate` lets it (a slow or
/// stuck disk), and says it went well.
struct StandIn {
    started: Sender<String>,
    gate: Receiver<()>,
    /// Each save, once "written".
    written: Arc<Mutex<Vec<String>>>,
    /// How long each job takes.
    slowness: Duration,
}

impl FileWork for StandIn {
    fn carry_out(&mut self, job: Job) -> Option<Event> {
        let Work::Files(FileEffect::Autosave(pgn) | FileEffect::SaveClocks(pgn)) = job.work else {
            return None;
        };
        let _ = self.started.send(pgn.clone());
        // Held until the test opens the gate (or drops it: then every job goes through).
        let _ = self.gate.recv();
        thread::sleep(self.slowness);
        self.written.lock().unwrap().push(pgn);
        Some(Event::Saved(Ok(None)))
    }

    fn save_now(&mut self, _now: Duration) -> Option<Result<(), SaveError>> {
        None
    }
}

/// A terminal that is no process's own: the bell counted, Ctrl-Z does nothing.
#[derive(Debug, Default)]
struct TestConsole {
    drawing: Mutex<()>,
    bells: Mutex<usize>,
}

impl Console for TestConsole {
    fn ring_bell(&self) -> std::io::Result<()> {
        *self.bells.lock().unwrap() += 1;
        Ok(())
    }

    fn suspend(&self) {}

    fn drawing(&self) -> std::sync::MutexGuard<'_, ()> {
        self.drawing.lock().unwrap()
    }
}

struct Session {
    events: EventSender,
    queue: Arc<FileQueue<StandIn>>,
    started: Receiver<String>,
    gate: Option<Sender<()>>,
    written: Arc<Mutex<Vec<String>>>,
    /// The loop, returning the app and the last frame's text when the players quit.
    running: thread::JoinHandle<(App, String)>,
}

/// The loop on an 80x24 stand-in terminal, a fresh game with autosave on, running on a thread
/// of its own.
fn start(slowness: Duration) -> Session {
    let (started_tx, started) = mpsc::channel();
    let (gate, gate_rx) = mpsc::channel();
    let written = Arc::new(Mutex::new(Vec::new()));
    let stand_in = StandIn {
        started: started_tx,
        gate: gate_rx,
        written: written.clone(),
        slowness,
    };
    let (events, rx) = channel();
    let runtime = Runtime::with_files(stand_in, Instant::now(), events.clone(), rx, None);
    let queue = runtime.queue();
    let running = thread::spawn(move || {
        let mut app = App::new(Config {
            theme: Theme::monochrome(),
            autosave: true,
            ..Config::default()
        });
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        run_loop(&mut terminal, &mut app, runtime, &TestConsole::default()).unwrap();
        let screen = format!("{:?}", terminal.backend().buffer());
        (app, screen)
    });
    Session {
        events,
        queue,
        started,
        gate: Some(gate),
        written,
        running,
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn type_keys(events: &EventSender, text: &str) {
    for c in text.chars() {
        let code = if c == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        assert!(events.send(key(code, KeyModifiers::NONE)));
    }
}

/// Ctrl-Q, and yes if asked, after a look at the question (a yes in the same instant was
/// already on its way and does not count): the game in progress is left (saved). Without a
/// game in progress the loop may have ended before the yes.
fn quit(events: &EventSender) {
    assert!(events.send(key(KeyCode::Char('q'), KeyModifiers::CONTROL)));
    std::thread::sleep(crate::app::requests::ANSWER_GUARD + Duration::from_millis(50));
    let _ = events.send(key(KeyCode::Char('y'), KeyModifiers::NONE));
}

const PATIENCE: Duration = Duration::from_secs(60);

/// Waits for `what` to hold, at most [`PATIENCE`].
fn wait_for(what: &str, mut holds: impl FnMut() -> bool) {
    let since = Instant::now();
    while !holds() {
        assert!(since.elapsed() < PATIENCE, "still not: {what}");
        thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn keys_are_handled_while_a_save_is_outstanding() {
    let mut s = start(Duration::ZERO);
    type_keys(&s.events, "e4\n");
    let first = s.started.recv_timeout(PATIENCE).unwrap();
    assert!(first.contains("1. e4 *"), "{first}");
    // The disk is stuck on that save; the players go on, and the next move is played and
    // handed out for saving behind it.
    type_keys(&s.events, "e5\n");
    wait_for(
        "the reply is played and queued behind the stuck save",
        || s.queue.waiting() == 1,
    );
    assert!(s.written.lock().unwrap().is_empty(), "the first is stuck");
    // The disk comes back: everything goes through, in order.
    drop(s.gate.take());
    quit(&s.events);
    let (app, screen) = s.running.join().unwrap();
    assert!(app.should_quit());
    assert_eq!(app.game().record().plies(), 2);
    let written = s.written.lock().unwrap();
    assert!(written[0].contains("1. e4 *"), "{written:?}");
    assert!(written[1].contains("1. e4 e5 *"), "{written:?}");
    assert!(screen.contains("e5"), "{screen}");
}

#[test]
fn quitting_waits_for_the_file_work_handed_out() {
    let mut s = start(Duration::from_millis(200));
    drop(s.gate.take());
    type_keys(&s.events, "d4\n");
    quit(&s.events);
    let (app, _) = s.running.join().unwrap();
    assert!(app.should_quit());
    let written = s.written.lock().unwrap();
    let last = written
        .last()
        .expect("the last save is written before the loop ends");
    assert!(last.contains("1. d4 *"), "{written:?}");
    assert_eq!(s.queue.waiting(), 0);
}

#[test]
fn a_second_source_feeds_the_same_channel_as_the_keys() {
    let mut s = start(Duration::ZERO);
    drop(s.gate.take());
    // A source that speaks in its own type (here: characters, as a plain line mode would),
    // through a callback that does not name the app.
    let typed = s.events.feeding(|c: char| Event::Action(Action::Input(c)));
    let source = thread::spawn(move || {
        for c in "Nf3".chars() {
            assert!(typed(c));
        }
    });
    source.join().unwrap();
    // The keys go on where the other source left off.
    type_keys(&s.events, "\n");
    wait_for("the move is saved", || {
        !s.written.lock().unwrap().is_empty()
    });
    quit(&s.events);
    let (app, _) = s.running.join().unwrap();
    assert_eq!(app.game().record().moves()[0].san, "Nf3");
    let first = s.started.recv_timeout(PATIENCE).unwrap();
    assert!(first.contains("1. Nf3 *"), "{first}");
}

#[test]
fn a_source_learns_when_the_loop_has_ended() {
    let mut s = start(Duration::ZERO);
    drop(s.gate.take());
    quit(&s.events);
    let _ = s.running.join().unwrap();
    assert!(!s.events.send(Action::Tick), "nobody listens any more");
}

#[test]
fn only_the_hosts_heartbeat_waits_for_the_running_clocks_next_frame() {
    use super::run::{HEARTBEAT_DRAW_DELAY, heartbeat_can_wait, is_heartbeat};
    use crate::remote::{Clocks, Msg, NetEvent};
    let beat = Event::Net(NetEvent::Msg(Msg::Clock(Clocks {
        white_ms: Some(60_000),
        black_ms: Some(60_000),
        lag_ms: [3, 0],
    })));
    assert!(is_heartbeat(&beat));
    for news in [
        Event::Net(NetEvent::Msg(Msg::Ping { nonce: 1 })),
        Event::Net(NetEvent::Lost { why: "gone".into() }),
        key(KeyCode::Char('e'), KeyModifiers::NONE),
        Event::Saved(Ok(None)),
    ] {
        assert!(!is_heartbeat(&news), "{news:?}");
    }
    let now = Duration::from_secs(100);
    // A clock that shows seconds redraws within a second: the heartbeat waits for it.
    assert!(heartbeat_can_wait(
        Some(now + Duration::from_millis(400)),
        now
    ));
    assert!(heartbeat_can_wait(Some(now + HEARTBEAT_DRAW_DELAY), now));
    // No clock running, or none due soon: the heartbeat (its lag) is drawn at once.
    assert!(!heartbeat_can_wait(None, now));
    assert!(!heartbeat_can_wait(
        Some(now + HEARTBEAT_DRAW_DELAY + Duration::from_millis(1)),
        now
    ));
}

#[test]
fn the_bell_rings_on_the_front_ends_own_output() {
    let (events, rx) = channel();
    let stand_in = StandIn {
        started: mpsc::channel().0,
        gate: mpsc::channel().1,
        written: Arc::default(),
        slowness: Duration::ZERO,
    };
    let runtime = Runtime::with_files(stand_in, Instant::now(), events.clone(), rx, None);
    let console = Arc::new(TestConsole::default());
    let heard = console.clone();
    let running = thread::spawn(move || {
        let mut app = App::new(Config {
            theme: Theme::monochrome(),
            sound: crate::app::sound::Sound::Bell,
            ..Config::default()
        });
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        run_loop(&mut terminal, &mut app, runtime, console.as_ref()).unwrap();
        app
    });
    type_keys(&events, "e4\n");
    wait_for("the move's bell", || *heard.bells.lock().unwrap() >= 1);
    quit(&events);
    let app = running.join().unwrap();
    assert_eq!(app.game().record().plies(), 1);
    assert_eq!(*heard.bells.lock().unwrap(), 1, "one move, one bell");
}

/// A whole session as a front end starts it, on its own `TestBackend` and data folder: the
/// loop on a thread of its own, which returns the app and the last frame when it ends.
fn real_session(dir: &std::path::Path) -> (EventSender, thread::JoinHandle<(App, String)>) {
    use crate::runtime::{Front, Launch, Role, StartError};
    let launch = Launch {
        config: Config {
            theme: Theme::monochrome(),
            autosave: true,
            ..Config::default()
        },
        data_dir: Some(dir.to_path_buf()),
        saved: crate::app::launch::SavedGameChoice::Ask,
        engine: None,
        policy: crate::runtime::Policy::Local,
    };
    let front = Front {
        resume: "hotseat --resume",
        notes: &mut std::io::sink(),
        speaks_notes: false,
    };
    let (runtime, mut app) =
        crate::runtime::start(launch, Role::Local, front, || Ok::<_, StartError>(())).unwrap();
    let events = runtime.sender();
    let running = thread::spawn(move || {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        run_loop(&mut terminal, &mut app, runtime, &TestConsole::default()).unwrap();
        let screen = format!("{:?}", terminal.backend().buffer());
        (app, screen)
    });
    (events, running)
}

/// The game saved in a session's data folder (empty if none yet).
fn saved_in(dir: &std::path::Path) -> String {
    let store = crate::store::Store::new(crate::store::DataDir::new(dir.to_path_buf()));
    std::fs::read_to_string(store.current_path()).unwrap_or_default()
}

#[test]
fn two_sessions_in_one_process_play_apart_and_one_ending_leaves_the_other_saving() {
    use crate::runtime::signals::{REGISTERING, registered};
    let _alone = REGISTERING.lock().unwrap_or_else(|e| e.into_inner());
    let root = std::env::temp_dir().join(format!("hotseat-two-sessions-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (one, two) = (root.join("one"), root.join("two"));
    let before = registered();
    let (a, a_running) = real_session(&one);
    let (b, b_running) = real_session(&two);
    assert_eq!(
        registered(),
        before + 2,
        "each session registers for the signal saves"
    );
    // Two games at once, their moves interleaved.
    type_keys(&a, "e4\n");
    type_keys(&b, "d4\n");
    type_keys(&a, "e5\n");
    type_keys(&b, "Nf6\n");
    wait_for("each game saved in its own folder", || {
        saved_in(&one).contains("1. e4 e5") && saved_in(&two).contains("1. d4 Nf6")
    });
    assert!(!saved_in(&one).contains("d4"), "{}", saved_in(&one));
    assert!(!saved_in(&two).contains("e4"), "{}", saved_in(&two));
    // The first session ends; the second goes on, and keeps saving.
    quit(&a);
    let (a_app, a_screen) = a_running.join().unwrap();
    assert!(a_app.should_quit());
    assert!(a_screen.contains("e5"), "{a_screen}");
    assert_eq!(registered(), before + 1, "the session that ended has left");
    assert!(b.send(Action::Tick), "the other session still listens");
    type_keys(&b, "c4\n");
    wait_for("the second game's next move saved", || {
        saved_in(&two).contains("2. c4")
    });
    assert!(
        saved_in(&one).contains("1. e4 e5"),
        "the first game is kept"
    );
    quit(&b);
    let (b_app, b_screen) = b_running.join().unwrap();
    assert_eq!(b_app.game().record().plies(), 3);
    assert!(b_screen.contains("c4"), "{b_screen}");
    assert_eq!(registered(), before);
    let _ = std::fs::remove_dir_all(&root);
}
