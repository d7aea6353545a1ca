//! A game across the network as the players see it: two (or three) apps, each with its own
//! data folder as on two machines, joined by a real host and real clients on loopback. The
//! front end's part is played here: the network's events go into `App::update`, the app's
//! messages to the host, its file work to its own `Files`. Only 127.0.0.1.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use hotseat::app::keymap::Action;
use hotseat::app::launch::SavedGameChoice;
use hotseat::app::network::NetSetup;
use hotseat::app::{App, Config, Effect, Event, GameToOpen};
use hotseat::game::stamp::WallClock;
use hotseat::game::timecontrol::TimeControl;
use hotseat::game::{GameSetup, Reason};
use hotseat::net::Sink;
use hotseat::net::client::{Client, Dial};
use hotseat::net::host::{Host, HostConfig, Limits, Timeouts};
use hotseat::net::invite::{Access, Invitation};
use hotseat::remote::{Msg, NetEvent, Seat};
use hotseat::rules::Color;
use hotseat::runtime::worker::{FileWork, Job};
use hotseat::runtime::{Files, Launch, NetLink, hosted_color, hosted_game, prepare, saved_choice};

use crate::common::play::type_move;
use crate::common::pty::{Pty, PtyCommand, fresh_dir};

/// The longest a test waits for the network (and a joiner tries to connect again): ample on a
/// loaded machine; a test that passes never waits it out.
const WAIT: Duration = Duration::from_secs(30);

/// A sink that hands the network's events to the test.
pub(crate) fn events() -> (Sink, Receiver<NetEvent>) {
    let (tx, rx) = channel();
    let tx = Mutex::new(tx);
    (
        Arc::new(move |e| {
            let _ = tx.lock().unwrap().send(e);
        }),
        rx,
    )
}

fn quick() -> Timeouts {
    Timeouts {
        handshake: Duration::from_millis(400),
        heartbeat: Duration::from_millis(300),
        silence: Duration::from_secs(3),
    }
}

/// One terminal: its app, its files (none for a watcher), its connection.
struct Terminal {
    app: App,
    files: Option<Files>,
    rx: Receiver<NetEvent>,
    link: Option<NetLink>,
    start: Instant,
}

/// The files and first config of a terminal whose data folder is `dir` (never the user's).
fn launch(dir: &Path, setup: GameSetup, saved: SavedGameChoice) -> (Config, Files) {
    let launch = Launch {
        config: Config {
            setup,
            autosave: true,
            ..Config::default()
        },
        data_dir: Some(dir.to_path_buf()),
        saved,
        engine: None,
        policy: hotseat::runtime::Policy::Local,
    };
    prepare(launch, WallClock::utc(SystemTime::UNIX_EPOCH))
}

/// A host on loopback with its screen playing White, its files in `dir`.
fn host(dir: &Path, setup: GameSetup) -> (Terminal, Invitation) {
    host_playing(dir, setup, Some(Color::White))
}

/// A terminal that joins to play, its files in `dir`.
fn join(invitation: &Invitation, dir: &Path) -> Terminal {
    join_as(invitation, Access::Play, dir)
}

/// A terminal that plays or watches with its data folder `dir`.
fn join_as(invitation: &Invitation, access: Access, dir: &Path) -> Terminal {
    join_with(invitation, access, dir, Duration::ZERO)
}

/// [`join_as`], the connection made again by itself for `reconnect_for` after a drop.
fn join_with(
    invitation: &Invitation,
    access: Access,
    dir: &Path,
    reconnect_for: Duration,
) -> Terminal {
    let watching = access == Access::Watch;
    let (sink, rx) = events();
    let dial = Dial {
        invitation: invitation.clone(),
        access,
        timeout: WAIT,
        silence: Duration::from_secs(3),
        reconnect_for,
    };
    let (client, seat, snapshot) = Client::connect_with(dial, sink).unwrap();
    // As `hotseat join` does: the player's own copy of this game goes on in its file.
    let saved = saved_choice(watching, &snapshot, Some(dir));
    let (mut config, files) = launch(dir, GameSetup::default(), saved);
    config.autosave &= !watching;
    if !matches!(config.opening, Some(GameToOpen::Resume(_))) {
        config.opening = None;
    }
    config.network = Some(NetSetup::default());
    let mut t = Terminal {
        app: App::new(config),
        files: Some(files),
        rx,
        link: Some(NetLink::Client(client)),
        start: Instant::now(),
    };
    t.update(Event::Net(NetEvent::Msg(Msg::Welcome { seat, snapshot })));
    t
}

impl Terminal {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }

    /// One event into the app, and what it asks carried out.
    fn update(&mut self, event: impl Into<Event>) {
        let now = self.now();
        self.app.update(event, now);
        self.carry_out();
    }

    fn carry_out(&mut self) {
        loop {
            let effects = self.app.take_effects();
            if effects.is_empty() {
                return;
            }
            for effect in effects {
                match effect {
                    Effect::Net(msg) => {
                        if let Some(link) = &self.link {
                            link.send(msg);
                        }
                    }
                    effect => {
                        let (Some(files), Some(work)) =
                            (self.files.as_mut(), crate::common::file_work(effect))
                        else {
                            continue;
                        };
                        let job = Job {
                            work,
                            now: self.start.elapsed(),
                            save_job: self.app.save_job(),
                        };
                        if let Some(event) = files.carry_out(job) {
                            let now = self.now();
                            self.app.update(event, now);
                        }
                    }
                }
            }
        }
    }

    /// Feeds the network's events to the app until `done` holds, within [`WAIT`].
    fn wait_until(&mut self, done: impl Fn(&App) -> bool) {
        let deadline = Instant::now() + WAIT;
        while !done(&self.app) {
            let left = deadline.saturating_duration_since(Instant::now());
            let event = self.rx.recv_timeout(left).unwrap_or_else(|_| {
                panic!(
                    "not reached within {WAIT:?}; the screen says {:?}",
                    self.app.view().message()
                )
            });
            self.update(Event::Net(event));
        }
    }

    fn wait_for_plies(&mut self, plies: usize) {
        self.wait_until(|app| app.game().record().plies() == plies);
    }

    /// Types `text` in the move box and presses Enter.
    fn type_line(&mut self, text: &str) {
        for c in text.chars() {
            self.update(Action::Input(c));
        }
        self.update(Action::Select);
    }

    fn said(&self) -> String {
        self.app
            .view()
            .message()
            .map(|m| m.text.clone())
            .unwrap_or_default()
    }

    /// Leaves as the program does when the player quits: the connection says goodbye.
    fn quit(mut self) {
        self.update(Action::Tick);
        drop(self.link.take());
    }
}

/// Waits (at most 10 s) until nothing holds the first game slot's lock. The host that quit
/// released it, but a child process that another test is starting at that moment holds a copy
/// of every open file, locks included, until it runs its program: under load, long enough for
/// the next host to find the slot held and play in a file of its own.
fn slot_released(dir: &Path) {
    let path = dir.join("current.lock");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let file = std::fs::File::open(&path).unwrap();
        if file.try_lock().is_ok() || Instant::now() > deadline {
            return;
        }
        drop(file);
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn archived(dir: &Path) -> Vec<String> {
    let games = dir.join("games");
    let mut texts: Vec<String> = std::fs::read_dir(&games)
        .map(|entries| {
            entries
                .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
                .collect()
        })
        .unwrap_or_default();
    texts.sort();
    texts
}

fn current(dir: &Path) -> Option<String> {
    std::fs::read_to_string(dir.join("current.pgn")).ok()
}

/// Waits until the game is over on each screen, and checks why.
fn ended_by(terminals: [&mut Terminal; 2], reason: Reason) {
    for t in terminals {
        t.wait_until(|app| app.game().is_over());
        assert_eq!(t.app.game().outcome().unwrap().reason, reason);
    }
}

/// A game of `secs` seconds each, no increment.
fn timed(secs: u64) -> GameSetup {
    let tc = TimeControl::fischer(Duration::from_secs(secs), Duration::ZERO).unwrap();
    GameSetup {
        white_time: tc.clone(),
        black_time: tc,
        ..GameSetup::default()
    }
}

pub(crate) fn dirs(label: &str) -> (PathBuf, PathBuf) {
    (
        fresh_dir(&format!("{label}-host")),
        fresh_dir(&format!("{label}-join")),
    )
}

#[test]
fn fools_mate_across_the_network_reaches_every_screen_and_both_archives() {
    let (host_dir, join_dir) = dirs("net-fools-mate");
    let (mut white, invitation) = host(&host_dir, GameSetup::default());
    assert!(
        white
            .app
            .view()
            .dialog()
            .is_some_and(|d| d.title == "Invitation"),
        "the invitation stays on the host's screen until the friend comes"
    );
    let mut black = join(&invitation, &join_dir);
    // The watcher has a game of its own saved: watching leaves it as it was.
    let watch_dir = fresh_dir("net-fools-mate-watch");
    let (own, mut own_files) = launch(&watch_dir, GameSetup::default(), SavedGameChoice::Ask);
    let mut own = App::new(own);
    own.update(Action::Input('d'), Duration::ZERO);
    own.update(Action::Input('4'), Duration::ZERO);
    own.update(Action::Select, Duration::ZERO);
    for effect in own.take_effects() {
        let save_job = own.save_job();
        let Some(work) = crate::common::file_work(effect) else {
            continue;
        };
        own_files.carry_out(Job {
            work,
            now: Duration::ZERO,
            save_job,
        });
    }
    drop(own_files);
    let own_game = current(&watch_dir).expect("the watcher's own game saved");
    let mut watcher = join_as(&invitation.watch_only(), Access::Watch, &watch_dir);
    white.wait_until(|app| app.view().dialog().is_none());
    assert_eq!(
        black.app.view().board().orientation,
        Color::Black,
        "Black sees from Black"
    );
    // The host's panel: the friend's terminal and its lag, the watchers, the refusals.
    white.wait_until(|app| {
        let lines = app.view().note_lines(40);
        lines
            .first()
            .is_some_and(|l| l.starts_with("Black: connected · lag "))
            && lines.iter().any(|l| l == "Watchers 1 · refused 0")
    });

    // A move typed at the other side's turn is a premove, kept on the screen itself (and
    // Esc cancels it); any move of a watcher is refused there.
    black.type_line("e5");
    assert!(black.said().contains("Premove e5"), "{}", black.said());
    black.update(Action::Cancel);
    assert!(
        black.said().contains("Premove e5 cancelled"),
        "{}",
        black.said()
    );
    watcher.type_line("e4");
    assert!(
        watcher.said().contains("You are watching"),
        "{}",
        watcher.said()
    );
    watcher.update(Action::Cancel);

    white.type_line("f3");
    assert_eq!(white.app.game().record().plies(), 1, "shown at once");
    black.wait_for_plies(1);
    black.type_line("e5");
    white.wait_for_plies(2);
    white.type_line("g4");
    black.wait_for_plies(3);
    black.type_line("Qh4#");
    for t in [&mut white, &mut black, &mut watcher] {
        t.wait_until(|app| app.game().is_over());
        let outcome = t.app.game().outcome().unwrap();
        assert_eq!(outcome.reason, Reason::Checkmate);
        assert_eq!(outcome.result.pgn(), "0-1");
    }
    assert_eq!(
        current(&watch_dir),
        Some(own_game),
        "the watcher's own game untouched"
    );
    assert!(
        archived(&watch_dir).is_empty(),
        "a watcher archives nothing"
    );
    for dir in [&host_dir, &join_dir] {
        let games = archived(dir);
        assert_eq!(games.len(), 1, "one game archived in {}", dir.display());
        assert!(
            games[0].contains("2. g4 Qh4#") && games[0].contains("0-1"),
            "{}",
            games[0]
        );
        assert_eq!(current(dir), None, "no game left in progress");
    }
    watcher.quit();
    black.quit();
    white.quit();
}

#[test]
fn offers_takebacks_resignation_and_chat_stand_as_at_one_keyboard() {
    let (host_dir, join_dir) = dirs("net-dialogs");
    let (mut white, invitation) = host(&host_dir, GameSetup::default());
    let mut black = join(&invitation, &join_dir);
    white.wait_until(|app| app.view().dialog().is_none());

    white.type_line("say good luck\u{1b}[31m");
    black.wait_until(|app| {
        app.network()
            .is_some_and(|n| n.chat().iter().any(|l| l == "White: good luck[31m"))
    });

    white.type_line("e4");
    black.wait_for_plies(1);
    black.type_line("e5");
    white.wait_for_plies(2);

    // A draw offered by White is a question on Black's screen; declined there.
    white.update(Action::Draw);
    black.wait_until(|app| app.view().questions().to_answer().is_some());
    black.update(Action::No);
    white.wait_until(|app| {
        app.view()
            .message()
            .is_some_and(|m| m.text.contains("declines"))
    });
    assert!(!white.app.game().is_over());

    // Black asks to take e5 back; White agrees at its own screen.
    black.update(Action::Takeback);
    white.wait_until(|app| app.view().questions().to_answer().is_some());
    white.update(Action::Yes);
    black.wait_for_plies(1);
    white.wait_for_plies(1);

    // Black resigns for Black (not for the side to move at one keyboard).
    black.update(Action::Resign);
    black.update(Action::Yes);
    ended_by([&mut white, &mut black], Reason::Resignation(Color::Black));
    black.quit();
    white.quit();
}

#[test]
fn a_dropped_joiner_rejoins_and_finds_moves_and_clocks_as_they_were() {
    let (host_dir, join_dir) = dirs("net-rejoin");
    let (mut white, invitation) = host(&host_dir, timed(300));
    let mut black = join(&invitation, &join_dir);
    white.type_line("e4");
    black.wait_for_plies(1);
    black.type_line("c5");
    white.wait_for_plies(2);
    black.wait_until(|app| {
        current(&join_dir).is_some_and(|p| p.contains("c5")) && app.game().record().plies() == 2
    });

    // The joiner's program ends: the host's panel says since when.
    black.quit();
    white.wait_until(|app| {
        app.view()
            .message()
            .is_some_and(|m| m.text.contains("is gone"))
    });
    assert!(
        white
            .app
            .view()
            .note_lines(40)
            .iter()
            .any(|l| l.starts_with("Black: gone since")),
        "{:?}",
        white.app.view().note_lines(40)
    );

    let mut again = join(&invitation, &join_dir);
    white.wait_until(|app| {
        app.view()
            .message()
            .is_some_and(|m| m.text.contains("is back"))
    });
    assert_eq!(again.app.game().record().plies(), 2);
    let host_clock = white
        .app
        .game()
        .clock()
        .remaining(Color::White, white.now())
        .unwrap();
    let join_clock = again
        .app
        .game()
        .clock()
        .remaining(Color::White, again.now())
        .unwrap();
    let gap = host_clock.abs_diff(join_clock);
    assert!(gap < Duration::from_millis(500), "clocks {gap:?} apart");
    white.type_line("Nf3");
    again.wait_for_plies(3);
    again.wait_until(|_| current(&join_dir).is_some_and(|p| p.contains("Nf3")));
    assert!(
        archived(&join_dir).is_empty(),
        "the same game goes on in the same file, no copy set aside"
    );
    again.quit();
    white.quit();
}

/// A relay on loopback between terminals and the host, for every connection made through it:
/// it can swallow what the terminals send (a link gone quiet) and cut every connection.
struct Relay {
    port: u16,
    swallow: Arc<std::sync::atomic::AtomicBool>,
    live: Arc<Mutex<Vec<std::net::TcpStream>>>,
}

impl Relay {
    fn to(host: std::net::SocketAddr) -> Relay {
        use std::io::{Read, Write};
        use std::sync::atomic::Ordering;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let swallow = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let live = Arc::new(Mutex::new(Vec::new()));
        let (quiet, streams) = (Arc::clone(&swallow), Arc::clone(&live));
        std::thread::spawn(move || {
            for terminal in listener.incoming() {
                let Ok(mut terminal) = terminal else { return };
                let Ok(mut upstream) = std::net::TcpStream::connect(host) else {
                    continue;
                };
                let (mut down_from, mut down_to) =
                    (upstream.try_clone().unwrap(), terminal.try_clone().unwrap());
                streams
                    .lock()
                    .unwrap()
                    .extend([terminal.try_clone().unwrap(), upstream.try_clone().unwrap()]);
                std::thread::spawn(move || {
                    let _ = std::io::copy(&mut down_from, &mut down_to);
                });
                let quiet = Arc::clone(&quiet);
                std::thread::spawn(move || {
                    let mut buf = [0; 4096];
                    while let Ok(n @ 1..) = terminal.read(&mut buf) {
                        if !quiet.load(Ordering::SeqCst) && upstream.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                });
            }
        });
        Relay {
            port,
            swallow,
            live,
        }
    }

    /// What the terminals send goes nowhere, and nobody is told.
    fn go_quiet(&self) {
        self.swallow
            .store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Every connection through the relay is cut; new ones are relayed again.
    fn cut(&self) {
        for s in self.live.lock().unwrap().drain(..) {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
        self.swallow
            .store(false, std::sync::atomic::Ordering::SeqCst);
    }
}

#[test]
fn a_move_lost_with_the_link_is_never_saved_and_the_joiner_reconnects_by_itself() {
    let (host_dir, join_dir) = dirs("net-drop");
    let (mut white, invitation) = host(&host_dir, timed(300));
    let relay = Relay::to(invitation.address().parse().unwrap());
    let mut through = invitation.clone();
    through.port = relay.port;
    let mut black = join_with(&through, Access::Play, &join_dir, WAIT);
    white.type_line("e4");
    black.wait_for_plies(1);
    black.type_line("e5");
    white.wait_for_plies(2);
    white.type_line("Nf3");
    black.wait_for_plies(3);
    black.wait_until(|_| current(&join_dir).is_some_and(|p| p.contains("Nf3")));

    // The link goes quiet: Black's move leaves this screen and never reaches the host.
    relay.go_quiet();
    black.type_line("Nf6");
    assert_eq!(black.app.game().record().plies(), 4, "shown at once");
    black.update(Action::Tick);
    assert!(
        !current(&join_dir).unwrap().contains("Nf6"),
        "a move the host has not confirmed was saved as played"
    );

    // The link breaks; the joiner connects again by itself and is told its move is not played.
    relay.cut();
    black.wait_until(|app| {
        app.view()
            .message()
            .is_some_and(|m| m.text.contains("again"))
    });
    black.wait_until(|app| {
        app.view()
            .message()
            .is_some_and(|m| m.text.contains("Nf6 never reached it"))
    });
    assert_eq!(black.app.game().record().plies(), 3);
    white.wait_until(|app| {
        app.view()
            .message()
            .is_some_and(|m| m.text.contains("is back"))
    });
    assert!(!current(&join_dir).unwrap().contains("Nf6"));
    black.type_line("Nc6");
    white.wait_for_plies(4);
    black.wait_until(|_| current(&join_dir).is_some_and(|p| p.contains("Nc6")));
    assert!(
        archived(&join_dir).is_empty(),
        "nothing set aside: the same game goes on in the same file"
    );
    black.quit();
    white.quit();
}

#[test]
fn the_flag_falls_at_the_host_and_both_sides_archive_the_loss_on_time() {
    let (host_dir, join_dir) = dirs("net-flag");
    let (mut white, invitation) = host(&host_dir, timed(2));
    let mut black = join(&invitation, &join_dir);
    white.type_line("e4");
    black.wait_for_plies(1);
    // Black never moves: the host's clock ends the game.
    ended_by([&mut black, &mut white], Reason::TimeForfeit(Color::Black));
    for dir in [&host_dir, &join_dir] {
        let games = archived(dir);
        assert_eq!(games.len(), 1, "{}", dir.display());
        assert!(games[0].contains("1-0"), "{}", games[0]);
    }
    black.quit();
    white.quit();
}

/// A host that plays `color` (the saved game's colour wins, as `hotseat host` decides it).
fn host_playing(dir: &Path, setup: GameSetup, color: Option<Color>) -> (Terminal, Invitation) {
    let (mut config, files) = launch(dir, setup, SavedGameChoice::Ask);
    let (game, tags, resumed) = hosted_game(&mut config);
    let (color, _) = hosted_color(&tags, resumed, color);
    let (sink, rx) = events();
    let mut net = HostConfig::new("127.0.0.1:0".parse().unwrap());
    net.timeouts = quick();
    net.limits = Limits::for_watchers(4);
    let host = Host::start(net, game, tags, color, sink).unwrap();
    let invitation = host.invitation().clone();
    config.network = Some(NetSetup {
        hosting: true,
        invitation: vec![format!("hotseat join, then paste {invitation}")],
        resumed,
        host_color: Some(color),
    });
    let mut t = Terminal {
        app: App::new(config),
        files: Some(files),
        rx,
        link: Some(NetLink::Host(host)),
        start: Instant::now(),
    };
    t.wait_until(|app| app.network().and_then(|n| n.seat()) == Some(Seat::of(color)));
    (t, invitation)
}

#[test]
fn a_killed_host_restarts_with_its_colour_and_the_clock_of_the_side_to_move_running() {
    let (host_dir, join_dir) = dirs("net-restart");
    let (mut black_host, invitation) = host_playing(&host_dir, timed(300), Some(Color::Black));
    let mut white = join(&invitation, &join_dir);
    white.type_line("e4");
    black_host.wait_for_plies(1);
    black_host.type_line("e5");
    white.wait_for_plies(2);
    black_host.wait_until(|_| current(&host_dir).is_some_and(|p| p.contains("e5")));
    // White thinks until the host's autosave has kept the clocks once more (it does every two
    // seconds while a timed game is hosted), then the host is killed: no goodbye, no last
    // save. Waited for by polling the file, not for a time in which it should have happened.
    let after_e5 = current(&host_dir);
    let deadline = Instant::now() + WAIT;
    while current(&host_dir) == after_e5 {
        assert!(
            Instant::now() < deadline,
            "the clocks were not saved again within {WAIT:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
        black_host.update(Action::Tick);
    }
    let before = white
        .app
        .game()
        .clock()
        .remaining(Color::White, white.now())
        .unwrap();
    // Gone without quitting: nothing more is saved.
    drop(black_host);
    white.quit();
    slot_released(&host_dir);

    // The host starts again without --play: it plays Black, as in the saved game.
    let (mut back, invitation2) = host_playing(&host_dir, timed(300), None);
    assert_eq!(back.app.network().and_then(|n| n.seat()), Some(Seat::Black));
    let game = back.app.game();
    assert_eq!(game.record().plies(), 2);
    assert_eq!(
        game.clock().running(),
        Some(Color::White),
        "White's clock runs"
    );
    let saved = game.clock().remaining(Color::White, back.now()).unwrap();
    assert!(
        saved.abs_diff(before) < Duration::from_millis(2100),
        "the clock came back at {saved:?}, it read {before:?} at the kill"
    );
    let mut white = join(&invitation2, &join_dir);
    assert_eq!(
        white.app.network().and_then(|n| n.seat()),
        Some(Seat::White)
    );
    white.type_line("Nf3");
    back.wait_for_plies(3);
    white.quit();
    back.quit();
}

#[test]
fn a_host_that_quit_mid_game_resumes_it_for_a_new_invitation() {
    let (host_dir, join_dir) = dirs("net-resume");
    let (mut white, invitation) = host(&host_dir, GameSetup::default());
    let mut black = join(&invitation, &join_dir);
    white.type_line("d4");
    black.wait_for_plies(1);
    black.type_line("d5");
    white.wait_for_plies(2);
    white.update(Action::Tick);
    white.quit();
    black.wait_until(|app| {
        app.view()
            .message()
            .is_some_and(|m| m.text.contains("connection to the host is lost"))
    });
    black.quit();
    for dir in [&host_dir, &join_dir] {
        let saved = current(dir).expect("the unfinished game is kept");
        assert!(saved.contains("1. d4 d5"), "{saved}");
        assert!(archived(dir).is_empty());
    }

    slot_released(&host_dir);
    let (mut white, invitation2) = host(&host_dir, GameSetup::default());
    assert_ne!(
        invitation2.to_string(),
        invitation.to_string(),
        "a new secret"
    );
    assert_eq!(
        white.app.game().record().plies(),
        2,
        "the game goes on: {}",
        white.said()
    );
    assert!(
        white.said().contains("the unfinished game goes on"),
        "{}",
        white.said()
    );
    let mut black = join(&invitation2, &join_dir);
    assert_eq!(black.app.game().record().plies(), 2);
    white.type_line("c4");
    black.wait_for_plies(3);
    black.quit();
    white.quit();
}

/// The real binary, with its own home and data folders, standard input not a terminal.
pub(crate) fn hotseat(args: &[&str]) -> std::process::Output {
    let home = fresh_dir("net-cli-home");
    std::process::Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the hotseat binary runs")
}

/// The real binary as [`hotseat`] runs it, `input` on its standard input (an invitation
/// pasted, or piped in).
pub(crate) fn hotseat_given(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let home = fresh_dir("net-cli-home");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the hotseat binary runs");
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{input}\n").as_bytes());
    child.wait_with_output().expect("the hotseat binary ends")
}

/// Exit code 2 and one line on standard error that says `words`.
fn refused_with(out: &std::process::Output, words: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: ") && err.contains(words), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_mangled_invitation_is_refused_before_any_connection_with_how_to_do_it_right() {
    refused_with(
        &hotseat_given(&["join"], "http://127.0.0.1"),
        "starts with \"hs1\"",
    );
    refused_with(&hotseat_given(&["join"], ""), "no invitation given");
    // On the command line it still works, with a warning first.
    let out = hotseat(&["join", "http://127.0.0.1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines.len() == 2 && lines[0].starts_with("warning: ") && lines[0].contains("`ps`"),
        "{err}"
    );
    assert!(lines[1].contains("starts with \"hs1\""), "{err}");
    let (_white, invitation) = host(&fresh_dir("net-cli-mangled"), GameSetup::default());
    let text = invitation.to_string();
    // Its next-to-last character changed to another one an invitation may hold: those five
    // bits always lie inside the two-byte check (the last character may hold padding), so the
    // check no longer matches the same secret and address, whatever the random secret.
    let at = text.len() - 2;
    let other = if &text[at..=at] == "0" { "1" } else { "0" };
    let damaged = format!("{}{other}{}", &text[..at], &text[at + 1..]);
    let file = fresh_dir("net-cli-file").join("invitation.txt");
    std::fs::write(&file, format!("  {damaged}\n")).unwrap();
    refused_with(
        &hotseat(&["join", "--invitation-file", file.to_str().unwrap()]),
        "damaged",
    );
    refused_with(
        &hotseat_given(&["watch"], &format!("{}!{}", &text[..5], &text[6..])),
        "cannot be part",
    );
}

#[test]
fn joining_a_closed_port_a_wrong_secret_or_a_watch_invitation_is_said_and_exits_2() {
    let closed = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let (mut white, invitation) = host(&fresh_dir("net-cli-refused"), GameSetup::default());
    let nobody = Invitation::new(
        hotseat::net::invite::Place::Ip("127.0.0.1".parse().unwrap()),
        closed,
        [7; 16],
    );
    refused_with(
        &hotseat_given(&["join"], &nobody.to_string()),
        &format!("cannot join the game at 127.0.0.1:{closed}"),
    );
    let stranger = Invitation::new(invitation.host.clone(), invitation.port, [7; 16]);
    refused_with(
        &hotseat_given(&["join"], &stranger.to_string()),
        "the host refused the invitation",
    );
    refused_with(
        &hotseat_given(&["join"], &invitation.watch_only().to_string()),
        "for watching only",
    );
    // The host's panel counts the stranger.
    white.wait_until(|app| {
        app.view()
            .note_lines(40)
            .iter()
            .any(|l| l.contains("refused ") && !l.ends_with("refused 0"))
    });
}

/// A scripted host of another protocol version on loopback: it holds the invitation's play
/// key, so the handshake succeeds, and answers with `version` and "another version" (1). The
/// bytes are those of the transport's own description (src/net/transport.rs): the role byte,
/// then Noise_NNpsk0 messages with a two-byte length before each.
fn host_of_version(
    invitation: &Invitation,
    version: u16,
) -> (Invitation, std::thread::JoinHandle<u16>) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let mut reachable = invitation.clone();
    reachable.port = listener.local_addr().unwrap().port();
    let key = invitation.key(Access::Play).unwrap();
    let peer = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        stream.set_read_timeout(Some(WAIT)).unwrap();
        let mut role = [0; 1];
        stream.read_exact(&mut role).unwrap();
        assert_eq!(&role, b"P");
        let mut state =
            snow::Builder::new("Noise_NNpsk0_25519_ChaChaPoly_BLAKE2s".parse().unwrap())
                .prologue(&role)
                .unwrap()
                .psk(0, &key)
                .unwrap()
                .build_responder()
                .unwrap();
        let mut len = [0; 2];
        stream.read_exact(&mut len).unwrap();
        let mut first = vec![0; usize::from(u16::from_be_bytes(len))];
        stream.read_exact(&mut first).unwrap();
        let mut hello = [0; 128];
        let n = state.read_message(&first, &mut hello).unwrap();
        assert_eq!(&hello[..2], b"hs", "{:?}", &hello[..n]);
        let theirs = u16::from_be_bytes([hello[2], hello[3]]);
        let mut answer = b"hs".to_vec();
        answer.extend_from_slice(&version.to_be_bytes());
        answer.push(1);
        let mut buf = [0; 128];
        let n = state.write_message(&answer, &mut buf).unwrap();
        let mut frame = u16::try_from(n).unwrap().to_be_bytes().to_vec();
        frame.extend_from_slice(&buf[..n]);
        stream.write_all(&frame).unwrap();
        theirs
    });
    (reachable, peer)
}

#[test]
fn joining_a_host_of_another_protocol_version_names_both_versions_and_exits_2() {
    let ours = hotseat::remote::PROTOCOL_VERSION;
    let other = ours + 1;
    let invitation = Invitation::new(
        hotseat::net::invite::Place::Ip("127.0.0.1".parse().unwrap()),
        0,
        [9; 16],
    );
    let (reachable, peer) = host_of_version(&invitation, other);
    let out = hotseat_given(&["join"], &reachable.to_string());
    refused_with(
        &out,
        &format!(
            "the other side speaks version {other} of hotseat's network protocol and this one \
             version {ours}: both players need the same hotseat version"
        ),
    );
    assert_eq!(
        peer.join().unwrap(),
        ours,
        "the joiner said its own version"
    );
}

#[test]
fn hosting_on_a_port_in_use_is_said_and_exits_2() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = hotseat(&["host", "--listen", &addr]);
    refused_with(&out, &format!("cannot host on {addr}"));
    refused_with(&out, "choose another port with --listen");
    refused_with(
        &hotseat(&[
            "host",
            "--public",
            "bad name!:7000",
            "--listen",
            "127.0.0.1:0",
        ]),
        "--public bad name!:7000: ",
    );
}

/// A player's own terminal in a pseudo-terminal: its own home and data folder, as on a
/// machine of its own; standard error to `stderr` (the host says its invitation there).
pub(crate) fn terminal(home: &Path, args: &[&str], stderr: &Path) -> Pty {
    PtyCommand::new("sh")
        // The usual umask, under which files are readable by all unless hotseat says otherwise.
        .args(["-c", "umask 022; exec \"$0\" \"$@\" 2>\"$HOTSEAT_STDERR\""])
        .arg(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .env("HOTSEAT_STDERR", stderr)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("TZ", "UTC")
        .env("NO_COLOR", "1")
        .size(100, 30)
        .limit(Duration::from_secs(120))
        .spawn()
        .unwrap()
}

/// `hotseat join` at a terminal of its own, whose home is `home`, given the invitation the
/// host `said` on standard error when it asks for it (never on its command line).
pub(crate) fn join_pasting(said: &str, home: &Path) -> Pty {
    const SLOW: Duration = Duration::from_secs(30);
    let invitation = said
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("hs1"))
        .unwrap_or_else(|| panic!("no invitation on standard error: {said:?}"));
    let err = home.join("stderr.txt");
    let mut pty = terminal(home, &["join"], &err);
    let deadline = Instant::now() + SLOW;
    while !std::fs::read_to_string(&err).is_ok_and(|t| t.contains("Paste the invitation")) {
        assert!(Instant::now() < deadline, "hotseat join did not ask");
        std::thread::sleep(Duration::from_millis(20));
    }
    pty.send_text(&format!("{invitation}\r")).unwrap();
    pty
}

/// The one end-to-end test with two real programs: `hotseat host` says the invitation on
/// standard error, `hotseat join` asks for it (so that it is never on a command line) and
/// plays Black, fool's mate, both archives hold it.
/// Every file under `dir` is 0600 and every folder 0700 (no one else on the machine reads a
/// player's games), whatever the umask the program was started with.
#[cfg(unix)]
fn private_to_the_user(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(dir).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700, "{} is {mode:o}", dir.display());
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            private_to_the_user(&path);
        } else {
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{} is {mode:o}", path.display());
        }
    }
}

#[cfg(not(unix))]
fn private_to_the_user(_: &Path) {}

#[test]
fn two_real_programs_play_fools_mate_from_the_invitation_on_standard_error() {
    const SLOW: Duration = Duration::from_secs(30);
    let (host_home, join_home) = dirs("net-pty");
    let host_err = host_home.join("stderr.txt");
    let mut white = terminal(
        &host_home,
        &["host", "--listen", "127.0.0.1:0", "--play", "white"],
        &host_err,
    );
    white.wait_for_within("Invitation", SLOW).unwrap();
    let said = std::fs::read_to_string(&host_err).unwrap();
    assert!(
        said.contains("runs `hotseat join` and pastes") && said.contains("`hotseat watch`"),
        "{said}"
    );
    assert!(!said.contains("hotseat join hs1"), "{said}");
    let mut black = join_pasting(&said, &join_home);
    black.wait_for_within("You play Black", SLOW).unwrap();
    white.wait_for_within("Black has joined", SLOW).unwrap();
    for (player, mv, plies) in [
        (0, "f3", "1. f3"),
        (1, "e5", "1. f3       e5"),
        (0, "g4", "2. g4"),
    ] {
        let pty = if player == 0 { &mut white } else { &mut black };
        type_move(pty, mv);
        black.wait_for_within(plies, SLOW).unwrap();
        white.wait_for_within(plies, SLOW).unwrap();
    }
    type_move(&mut black, "Qh4#");
    for pty in [&white, &black] {
        pty.wait_for_within("Checkmate", SLOW).unwrap();
        pty.wait_for_within("0-1", SLOW).unwrap();
    }
    for (pty, home) in [(&mut white, &host_home), (&mut black, &join_home)] {
        let dir = home.join("data").join("hotseat");
        let deadline = Instant::now() + SLOW;
        while archived(&dir).is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let games = archived(&dir);
        assert_eq!(games.len(), 1, "{}", dir.display());
        private_to_the_user(&dir);
        assert!(
            games[0].contains("2. g4 Qh4#") && games[0].contains("[Result \"0-1\"]"),
            "{}",
            games[0]
        );
        // A letter just after a game ended unawares is taken for a move being typed.
        std::thread::sleep(hotseat::app::TYPED_INTO_THE_END);
        pty.send_text("q").unwrap();
        assert!(pty.wait_exit_within(SLOW).unwrap().success());
    }
}
