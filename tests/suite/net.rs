//! Two terminals, one game, over real sockets on loopback: a host (its game the truth), a
//! player who joins, watchers, and strangers who are refused before they learn anything.
//! Only 127.0.0.1 and ::1.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use hotseat::game::pgn::Tags;
use hotseat::game::timecontrol::TimeControl;
use hotseat::game::{Game, GameSetup, Reason};
use hotseat::net::client::Client;
use hotseat::net::host::{Host, HostConfig, Limits, Timeouts};
use hotseat::net::invite::{Access, Invitation, Place};
use hotseat::net::transport::LinkError;
use hotseat::remote::mirror::Change;
use hotseat::remote::{Action, Mirror, Msg, NetEvent, Notice, Seat};
use hotseat::rules::Color;

pub(crate) const WAIT: Duration = Duration::from_secs(10);

pub(crate) fn loopback() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

pub(crate) fn events() -> (hotseat::net::Sink, Receiver<NetEvent>) {
    let (tx, rx) = channel();
    let tx = std::sync::Mutex::new(tx);
    (
        Arc::new(move |e| {
            let _ = tx.lock().unwrap().send(e);
        }),
        rx,
    )
}

/// The first event that `pick` takes, within [`WAIT`].
pub(crate) fn wait_for<T>(
    rx: &Receiver<NetEvent>,
    mut pick: impl FnMut(&NetEvent) -> Option<T>,
) -> T {
    let deadline = Instant::now() + WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let event = rx
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("no such event within {WAIT:?}"));
        if let Some(t) = pick(&event) {
            return t;
        }
    }
}

pub(crate) fn quick() -> Timeouts {
    Timeouts {
        handshake: Duration::from_millis(400),
        heartbeat: Duration::from_millis(300),
        silence: Duration::from_secs(3),
    }
}

pub(crate) fn host_with(game: Game, limits: Limits) -> (Host, Receiver<NetEvent>) {
    let (sink, rx) = events();
    let mut config = HostConfig::new(loopback());
    config.limits = limits;
    config.timeouts = quick();
    let host = Host::start(config, game, Tags::default(), Color::White, sink).unwrap();
    (host, rx)
}

pub(crate) fn host() -> (Host, Receiver<NetEvent>) {
    host_with(Game::new(GameSetup::default()), Limits::for_watchers(4))
}

/// A screen: its events and its copy of the game, kept by the messages from the host.
pub(crate) struct Screen {
    pub(crate) rx: Receiver<NetEvent>,
    pub(crate) mirror: Seen,
    pub(crate) start: Instant,
}

impl Screen {
    pub(crate) fn now(&self) -> Duration {
        self.start.elapsed()
    }

    /// Follows events until `pick` takes one (with the change it made, for a message).
    pub(crate) fn until<T>(
        &mut self,
        mut pick: impl FnMut(&NetEvent, Option<&Change>, &Seen) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let event = self.rx.recv_timeout(left).expect("an event from the host");
            let change = match &event {
                NetEvent::Msg(msg) => Some(self.mirror.apply(msg, self.start.elapsed())),
                _ => None,
            };
            if let Some(t) = pick(&event, change.as_ref(), &self.mirror) {
                return t;
            }
        }
    }

    /// Follows messages until `pick` takes a change.
    pub(crate) fn until_change<T>(
        &mut self,
        mut pick: impl FnMut(&Change, &Seen) -> Option<T>,
    ) -> T {
        self.until(|_, change, m| change.and_then(|c| pick(c, m)))
    }

    pub(crate) fn until_plies(&mut self, plies: usize) {
        self.until(|_, _, m| (m.game().record().plies() == plies).then_some(()));
    }

    pub(crate) fn until_refused(&mut self) -> String {
        self.until_change(|c, _| match c {
            Change::Refused(r) => Some(r.clone()),
            _ => None,
        })
    }

    /// The message for a move made on this screen, shown at once.
    pub(crate) fn play(&mut self, text: &str) -> Msg {
        let mv = self.mirror.game().position().parse_move(text).unwrap();
        let now = self.now();
        let Seen { mirror, game } = &mut self.mirror;
        mirror.try_move(game, mv, now).unwrap()
    }
}

/// A terminal that joined or watches.
pub(crate) struct Terminal {
    pub(crate) client: Client,
    pub(crate) screen: Screen,
}

impl Terminal {
    pub(crate) fn connect(invitation: &Invitation, access: Access) -> Result<Terminal, LinkError> {
        let (sink, rx) = events();
        let start = Instant::now();
        let (client, seat, snapshot) =
            Client::connect(invitation, access, WAIT, Duration::from_secs(3), sink)?;
        let (mirror, game) = Mirror::new(seat, &snapshot, Duration::ZERO).unwrap();
        let mirror = Seen { mirror, game };
        Ok(Terminal {
            client,
            screen: Screen { rx, mirror, start },
        })
    }

    pub(crate) fn play(&mut self, text: &str) {
        let msg = self.screen.play(text);
        assert!(self.client.send(msg));
    }

    /// Plays a move and waits for the host to confirm it.
    pub(crate) fn play_confirmed(&mut self, text: &str) {
        self.play(text);
        self.screen.until_change(|c, _| {
            matches!(
                c,
                Change::Moved {
                    confirmed_own: true
                }
            )
            .then_some(())
        });
    }

    pub(crate) fn act(&mut self, action: Action) {
        let msg = self.screen.mirror.act(self.screen.mirror.game(), action);
        assert!(self.client.send(msg));
    }
}

/// A screen's copy of the host's game: the mirror and the game it keeps in step.
pub(crate) struct Seen {
    pub(crate) mirror: Mirror,
    pub(crate) game: Game,
}

impl Seen {
    pub(crate) fn game(&self) -> &Game {
        &self.game
    }

    /// Follows a message from the host received at `now`.
    fn apply(&mut self, msg: &Msg, now: Duration) -> Change {
        self.mirror.apply(&mut self.game, msg, now).unwrap()
    }
}

impl std::ops::Deref for Seen {
    type Target = Mirror;
    fn deref(&self) -> &Mirror {
        &self.mirror
    }
}

/// The host's own screen.
pub(crate) struct HostScreen {
    pub(crate) host: Host,
    pub(crate) screen: Screen,
}

impl HostScreen {
    pub(crate) fn new((host, rx): (Host, Receiver<NetEvent>)) -> HostScreen {
        let start = Instant::now();
        let (seat, snapshot) = wait_for(&rx, |e| match e {
            NetEvent::Msg(Msg::Welcome { seat, snapshot }) => Some((*seat, snapshot.clone())),
            _ => None,
        });
        let (mirror, game) = Mirror::new(seat, &snapshot, Duration::ZERO).unwrap();
        let mirror = Seen { mirror, game };
        HostScreen {
            host,
            screen: Screen { rx, mirror, start },
        }
    }

    pub(crate) fn play(&mut self, text: &str) {
        let msg = self.screen.play(text);
        self.host.send(msg);
    }

    pub(crate) fn act(&mut self, action: Action) {
        self.host
            .send(self.screen.mirror.act(self.screen.mirror.game(), action));
    }

    pub(crate) fn joined(&mut self, seat: Seat) {
        self.screen.until(|e, _, _| {
            matches!(e, NetEvent::PeerJoined { seat: s, .. } if *s == seat).then_some(())
        });
    }
}

pub(crate) fn pgn_moves(game: &Game) -> Vec<String> {
    game.record()
        .moves()
        .iter()
        .map(|m| m.san.clone())
        .collect()
}

#[test]
fn a_whole_game_host_join_watch_ends_in_mate_on_every_screen() {
    let mut host = HostScreen::new(host());
    let invitation = host.host.invitation().clone();
    let mut black = Terminal::connect(&invitation, Access::Play).unwrap();
    assert_eq!(black.screen.mirror.seat(), Seat::Black);
    host.joined(Seat::Black);
    let mut watcher = Terminal::connect(&invitation.watch_only(), Access::Watch).unwrap();
    assert_eq!(watcher.screen.mirror.seat(), Seat::Watcher);
    host.joined(Seat::Watcher);

    let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    for (ply, san) in moves.iter().enumerate() {
        if ply % 2 == 0 {
            host.play(san);
        } else {
            black.play(san);
            // Shown at once on the player's own screen, before the host answers.
            assert_eq!(black.screen.mirror.game().record().plies(), ply + 1);
        }
        host.screen.until_plies(ply + 1);
        black.screen.until_plies(ply + 1);
        watcher.screen.until_plies(ply + 1);
    }
    for game in [
        host.screen.mirror.game(),
        black.screen.mirror.game(),
        watcher.screen.mirror.game(),
    ] {
        assert_eq!(pgn_moves(game), moves);
        assert_eq!(game.outcome().unwrap().reason, Reason::Checkmate);
    }
    let truth = host.host.stop().unwrap();
    assert_eq!(pgn_moves(&truth), moves);
}

#[test]
fn an_illegal_or_early_move_is_refused_and_taken_back_on_the_players_screen() {
    let mut host = HostScreen::new(host());
    let mut black = Terminal::connect(host.host.invitation(), Access::Play).unwrap();
    // Not Black's turn: the host refuses what a modified terminal sends.
    black.client.send(Msg::Act {
        ply: 0,
        action: Action::Move { uci: "e7e5".into() },
    });
    let reason = black.screen.until_refused();
    assert_eq!(reason, "it is not your turn");
    host.play("d4");
    black.screen.until_plies(1);
    // A move made on Black's screen, then refused by the host: taken back there.
    black.play("d5");
    assert_eq!(black.screen.mirror.game().record().plies(), 2);
    assert!(black.screen.mirror.is_pending());
    black.screen.mirror.apply(
        &Msg::Refused {
            reason: "test".into(),
        },
        black.screen.now(),
    );
    assert_eq!(black.screen.mirror.game().record().plies(), 1);
    // Its true answer (the move, confirmed) still arrives and is followed.
    black.screen.until_plies(2);
    assert_eq!(pgn_moves(host.host.stop().as_ref().unwrap()), ["d4", "d5"]);
}

#[test]
fn a_watcher_cannot_act_and_a_watch_invitation_cannot_play() {
    let (host, _rx) = host();
    let watch = host.invitation().watch_only();
    assert_eq!(
        Terminal::connect(&watch, Access::Play).err(),
        Some(LinkError::WatchOnly)
    );
    let mut watcher = Terminal::connect(&watch, Access::Watch).unwrap();
    watcher.client.send(Msg::Act {
        ply: 0,
        action: Action::Resign,
    });
    let reason = watcher.screen.until_refused();
    assert!(reason.contains("watcher"), "{reason}");
    assert!(host.stop().unwrap().outcome().is_none());
}

#[test]
fn a_wrong_secret_is_refused_before_anything_is_sent_and_counted() {
    let (host, rx) = host();
    let real = host.invitation();
    let forged = Invitation::new(
        real.host.clone(),
        real.port,
        [0x5a; hotseat::net::invite::SECRET_LEN],
    );
    assert_eq!(
        Terminal::connect(&forged, Access::Play).err(),
        Some(LinkError::NotAccepted)
    );
    assert_eq!(
        Terminal::connect(&forged.watch_only(), Access::Watch).err(),
        Some(LinkError::NotAccepted)
    );
    let total = wait_for(&rx, |e| match e {
        NetEvent::Refused { total: 2, .. } => Some(2),
        _ => None,
    });
    assert_eq!(total, 2);
    assert_eq!(host.refused(), 2);
    // The real invitation still comes in.
    assert!(Terminal::connect(host.invitation(), Access::Play).is_ok());
    let game = host.stop().unwrap();
    assert_eq!(game.record().plies(), 0);
}

/// Sends `bytes` to the host and reads what comes back until it closes (or 5 s).
fn raw(addr: SocketAddr, bytes: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let _ = s.write_all(bytes);
    let mut back = Vec::new();
    let _ = s.read_to_end(&mut back);
    back
}

#[test]
fn random_bytes_oversized_and_truncated_frames_get_nothing_back() {
    let (host, _rx) = host();
    let addr = host.local_addr();
    // Random bytes, from a fixed seed.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let noise: Vec<u8> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    let mut play_noise = vec![b'P'];
    play_noise.extend_from_slice(&noise);
    let probes: Vec<Vec<u8>> = vec![
        noise.clone(),
        play_noise,
        // A frame announcing 65,535 bytes.
        vec![b'P', 0xff, 0xff, 1, 2, 3],
        // A frame announcing 100 bytes, and 10 of them.
        [vec![b'W', 0, 100], vec![7; 10]].concat(),
        // A handshake-sized frame of zeros.
        [vec![b'P', 0, 48], vec![0; 48]].concat(),
    ];
    for (i, probe) in probes.iter().enumerate() {
        assert_eq!(
            raw(addr, probe),
            Vec::<u8>::new(),
            "probe {i} got an answer"
        );
    }
    let deadline = Instant::now() + WAIT;
    while host.refused() < probes.len() as u64 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(host.refused(), probes.len() as u64);
    // The game goes on.
    let mut host = HostScreen::new((host, _rx));
    let mut black = Terminal::connect(host.host.invitation(), Access::Play).unwrap();
    host.play("e4");
    black.screen.until_plies(1);
}

#[test]
fn a_silent_connection_times_out_and_is_counted() {
    let (host, _rx) = host();
    let started = Instant::now();
    let back = raw(host.local_addr(), &[]);
    assert!(back.is_empty());
    // Closed by the host's handshake deadline (400 ms here), not by this side's 5 s.
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    let deadline = Instant::now() + WAIT;
    while host.refused() < 1 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(host.refused(), 1);
}

#[test]
fn a_flood_of_connections_is_capped_and_the_game_goes_on() {
    let limits = Limits {
        watchers: 2,
        connections: 4,
        handshakes: 2,
        per_address: 2,
    };
    let (host, rx) = host_with(Game::new(GameSetup::default()), limits);
    let addr = host.local_addr();
    let flood: Vec<TcpStream> = (0..40).map(|_| TcpStream::connect(addr).unwrap()).collect();
    // The ones over the cap are closed at once; the others by the handshake deadline.
    let deadline = Instant::now() + WAIT;
    while host.refused() < 40 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(host.refused(), 40);
    drop(flood);
    let mut host = HostScreen::new((host, rx));
    let mut black = Terminal::connect(host.host.invitation(), Access::Play).unwrap();
    let watch = host.host.invitation().watch_only();
    let _w1 = Terminal::connect(&watch, Access::Watch).unwrap();
    let _w2 = Terminal::connect(&watch, Access::Watch).unwrap();
    host.joined(Seat::Watcher);
    host.joined(Seat::Watcher);
    assert_eq!(
        Terminal::connect(&watch, Access::Watch).err(),
        Some(LinkError::NoRoom)
    );
    host.play("e4");
    black.screen.until_plies(1);
}

#[test]
fn a_dropped_joiner_rejoins_with_the_same_invitation_and_finds_the_game_as_it_was() {
    let setup = GameSetup {
        white_time: TimeControl::fischer(Duration::from_secs(300), Duration::ZERO).unwrap(),
        black_time: TimeControl::fischer(Duration::from_secs(300), Duration::ZERO).unwrap(),
        ..GameSetup::default()
    };
    let mut host = HostScreen::new(host_with(Game::new(setup), Limits::for_watchers(2)));
    let invitation = host.host.invitation().clone();
    let mut black = Terminal::connect(&invitation, Access::Play).unwrap();
    host.play("e4");
    black.screen.until_plies(1);
    black.play_confirmed("c5");
    host.screen.until_plies(2);
    drop(black);
    let why = host.screen.until(|e, _, _| match e {
        NetEvent::PeerLeft {
            seat: Seat::Black,
            why,
        } => Some(why.clone()),
        _ => None,
    });
    assert!(!why.is_empty());
    host.screen
        .until(|_, _, m| (!m.connected(Color::Black)).then_some(()));
    host.play("Nf3");
    let back = Terminal::connect(&invitation, Access::Play).unwrap();
    let rejoined = host.screen.until(|e, _, _| match e {
        NetEvent::PeerJoined {
            seat: Seat::Black,
            rejoined,
        } => Some(*rejoined),
        _ => None,
    });
    assert!(rejoined);
    assert_eq!(pgn_moves(back.screen.mirror.game()), ["e4", "c5", "Nf3"]);
    // The clock of the side to move (Black) runs on both screens, from the host's reading.
    let game = back.screen.mirror.game();
    assert_eq!(game.clock().running(), Some(Color::Black));
    let black_left = game
        .clock()
        .remaining(Color::Black, back.screen.now())
        .unwrap();
    assert!(black_left <= Duration::from_secs(300) && black_left > Duration::from_secs(290));
}

#[test]
fn flag_fall_is_decided_by_the_host_and_reaches_every_screen() {
    let setup = GameSetup {
        white_time: TimeControl::fischer(Duration::from_secs(60), Duration::ZERO).unwrap(),
        black_time: TimeControl::fischer(Duration::from_secs(1), Duration::ZERO).unwrap(),
        ..GameSetup::default()
    };
    let mut host = HostScreen::new(host_with(Game::new(setup), Limits::for_watchers(2)));
    let mut black = Terminal::connect(host.host.invitation(), Access::Play).unwrap();
    let mut watcher =
        Terminal::connect(&host.host.invitation().watch_only(), Access::Watch).unwrap();
    host.play("e4");
    // Black does not move: one second later the host's flag falls.
    for game in [
        black.screen.until_change(|c, m| {
            matches!(c, Change::Synced(Notice::Ended)).then(|| m.game.clone())
        }),
        watcher.screen.until_change(|c, m| {
            matches!(c, Change::Synced(Notice::Ended)).then(|| m.game.clone())
        }),
    ] {
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.reason, Reason::TimeForfeit(Color::Black));
    }
    // Too late: Black's move is refused.
    black.client.send(Msg::Act {
        ply: 1,
        action: Action::Move { uci: "e7e5".into() },
    });
    let reason = black.screen.until_refused();
    assert!(reason.contains("over"), "{reason}");
    host.screen
        .until(|_, _, m| m.game().is_over().then_some(()));
}

/// A host and a joined Black after 1. e4 e5, Black's takeback request standing at the host.
fn takeback_asked_after_e4_e5() -> (HostScreen, Terminal) {
    let mut host = HostScreen::new(host());
    let mut black = Terminal::connect(host.host.invitation(), Access::Play).unwrap();
    host.play("e4");
    black.screen.until_plies(1);
    black.play_confirmed("e5");
    black.act(Action::AskTakeback);
    host.screen
        .until(|_, _, m| (m.takeback_asked() == Some(Seat::Black)).then_some(()));
    (host, black)
}

#[test]
fn offers_takebacks_resignation_and_chat_cross_the_wire() {
    // A takeback asked by Black, accepted by White: both screens lose Black's move.
    let (mut host, mut black) = takeback_asked_after_e4_e5();
    host.act(Action::AnswerTakeback { accept: true });
    black.screen.until_change(|c, _| {
        matches!(c, Change::Synced(Notice::TookBack(Seat::Black))).then_some(())
    });
    assert_eq!(pgn_moves(black.screen.mirror.game()), ["e4"]);
    host.screen.until_plies(1);

    // A draw offer by Black with its move, declined by White.
    black.play_confirmed("c5");
    black.act(Action::OfferDraw);
    host.screen
        .until(|_, _, m| (m.game().pending_offer() == Some(Color::Black)).then_some(()));
    host.act(Action::DeclineDraw);
    black.screen.until_change(|c, _| {
        matches!(c, Change::Synced(Notice::DrawDeclined(Seat::White))).then_some(())
    });
    assert_eq!(black.screen.mirror.game().pending_offer(), None);

    // Chat: cleaned of what could move the other terminal's cursor.
    black.act(Action::Say {
        text: "good \x1b[2Jgame\n".into(),
    });
    let said = host.screen.until(|e, _, _| match e {
        NetEvent::Msg(Msg::Chat { from, text }) => Some((*from, text.clone())),
        _ => None,
    });
    assert_eq!(said, (Seat::Black, "good [2Jgame".to_owned()));

    // Resignation ends the game everywhere.
    black.act(Action::Resign);
    black
        .screen
        .until_change(|c, _| matches!(c, Change::Synced(Notice::Ended)).then_some(()));
    let outcome = black.screen.mirror.game().outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Resignation(Color::Black));
    let truth = host.host.stop().unwrap();
    assert_eq!(truth.outcome(), Some(outcome));
}

#[test]
fn a_host_on_ipv6_loopback_is_reached_by_its_invitation() {
    let Ok(probe) = std::net::TcpListener::bind("[::1]:0") else {
        crate::common::skip::cannot_run("no IPv6 loopback (::1) on this machine");
        return;
    };
    drop(probe);
    let (sink, _rx) = events();
    let config = HostConfig::new("[::1]:0".parse().unwrap());
    let host = Host::start(
        config,
        Game::new(GameSetup::default()),
        Tags::default(),
        Color::Black,
        sink,
    )
    .unwrap();
    assert_eq!(host.invitation().host, Place::Ip("::1".parse().unwrap()));
    let text = host.invitation().to_string();
    let white = Terminal::connect(&text.parse().unwrap(), Access::Play).unwrap();
    assert_eq!(white.screen.mirror.seat(), Seat::White);
}

#[test]
fn both_screens_show_the_same_clocks_to_a_tenth_of_a_second() {
    let tc = TimeControl::fischer(Duration::from_secs(180), Duration::from_secs(2)).unwrap();
    let setup = GameSetup {
        white_time: tc.clone(),
        black_time: tc,
        ..GameSetup::default()
    };
    let mut host = HostScreen::new(host_with(Game::new(setup), Limits::for_watchers(2)));
    let mut black = Terminal::connect(host.host.invitation(), Access::Play).unwrap();
    host.play("e4");
    black.screen.until_plies(1);
    // Time passing is the point, not a wait for an event: each side's clock has run a while
    // (Black's, then White's) before the two copies are compared.
    std::thread::sleep(Duration::from_millis(400));
    black.play_confirmed("e5");
    host.screen.until_plies(2);
    std::thread::sleep(Duration::from_millis(300));
    // White's clock runs on both screens; each reads its own copy at the same moment.
    for color in [Color::White, Color::Black] {
        let at_host = host
            .screen
            .mirror
            .game()
            .clock()
            .remaining(color, host.screen.now());
        let at_black = black
            .screen
            .mirror
            .game()
            .clock()
            .remaining(color, black.screen.now());
        let (a, b) = (at_host.unwrap(), at_black.unwrap());
        let gap = a.max(b) - a.min(b);
        assert!(
            gap <= Duration::from_millis(100),
            "{color}: {a:?} against {b:?}"
        );
    }
}

#[test]
fn a_watcher_that_stops_reading_is_dropped_and_the_game_goes_on() {
    // Every snapshot carries these tags: 42 KB each, so a few hundred fill any socket buffer.
    let mut tags = Tags::new();
    for n in 0..6 {
        tags.push(format!("Note{n}"), "x".repeat(7 * 1024));
    }
    let (sink, rx) = events();
    let mut config = HostConfig::new(loopback());
    config.timeouts = quick();
    let host = Host::start(
        config,
        Game::new(GameSetup::default()),
        tags,
        Color::White,
        sink,
    )
    .unwrap();
    let mut host = HostScreen::new((host, rx));
    let invitation = host.host.invitation().clone();
    // Connected, and never reads again.
    let stuck = hotseat::net::transport::connect(
        &invitation.watch_only(),
        Access::Watch,
        Duration::from_secs(5),
    )
    .unwrap();
    host.joined(Seat::Watcher);
    // Each player's connection coming and going sends everyone a snapshot.
    let deadline = Instant::now() + Duration::from_secs(60);
    let why = loop {
        assert!(
            Instant::now() < deadline,
            "the stuck watcher was never dropped"
        );
        drop(Terminal::connect(&invitation, Access::Play).unwrap());
        let left = host.screen.until(|e, _, _| match e {
            NetEvent::PeerLeft { seat, why } => Some((*seat, why.clone())),
            _ => None,
        });
        if left.0 == Seat::Watcher {
            break left.1;
        }
    };
    assert!(!why.is_empty());
    drop(stuck);
    // The game goes on for those who read.
    let mut black = Terminal::connect(&invitation, Access::Play).unwrap();
    host.play("e4");
    black.screen.until_plies(1);
}

/// The QA's flood: a joined peer that asks to take back every 100 ms. The host puts the first
/// request to its player; once refused, the rest are refused by the host itself until another
/// move is made, so no answer typed in a hurry can undo moves one after another.
#[test]
fn a_takeback_flood_is_asked_once_per_move() {
    let (mut host, mut black) = takeback_asked_after_e4_e5();
    host.act(Action::AnswerTakeback { accept: false });
    black.screen.until_change(|c, _| {
        matches!(c, Change::Synced(Notice::TakebackDeclined(Seat::White))).then_some(())
    });
    for _ in 0..10 {
        black.act(Action::AskTakeback);
        let reason = black.screen.until_refused();
        assert!(reason.contains("once per move"), "{reason}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(pgn_moves(host.screen.mirror.game()), ["e4", "e5"]);
    // After another move, one more request may be made.
    host.play("Nf3");
    black.screen.until_plies(3);
    black.act(Action::AskTakeback);
    host.screen
        .until(|_, _, m| (m.takeback_asked() == Some(Seat::Black)).then_some(()));
}
