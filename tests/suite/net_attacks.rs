//! Every attack and fault found when network play was attacked on loopback, each replayed by a
//! scripted peer (a relay that records, strangers that drip bytes, a terminal that holds its
//! answers back, a host that stands still): each of these failed before protocol version 2.
//! Only 127.0.0.1.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use hotseat::game::pgn::Tags;
use hotseat::game::timecontrol::TimeControl;
use hotseat::game::{Game, GameSetup};
use hotseat::net::host::{Host, HostConfig, Limits};
use hotseat::net::invite::Access;
use hotseat::net::transport;
use hotseat::remote::{Action, Msg, NetEvent, Seat};
use hotseat::rules::Color;

use crate::net::{HostScreen, Terminal, WAIT, events, host_with, loopback, quick};

/// A game of `secs` seconds each, no increment.
fn timed(secs: u64) -> Game {
    let tc = TimeControl::fischer(Duration::from_secs(secs), Duration::ZERO).unwrap();
    Game::new(GameSetup {
        white_time: tc.clone(),
        black_time: tc,
        ..GameSetup::default()
    })
}

/// A relay on loopback between one terminal and the host, keeping every byte the terminal
/// sent: what anyone on the path can record.
struct Relay {
    addr: SocketAddr,
    sent: Arc<Mutex<Vec<u8>>>,
}

impl Relay {
    fn to(host: SocketAddr) -> Relay {
        let listener = TcpListener::bind(loopback()).unwrap();
        let addr = listener.local_addr().unwrap();
        let sent = Arc::new(Mutex::new(Vec::new()));
        let record = Arc::clone(&sent);
        thread::spawn(move || {
            let (mut terminal, _) = listener.accept().unwrap();
            let mut upstream = TcpStream::connect(host).unwrap();
            let (mut t2, mut u2) = (terminal.try_clone().unwrap(), upstream.try_clone().unwrap());
            thread::spawn(move || {
                let _ = std::io::copy(&mut u2, &mut t2);
            });
            let mut buf = [0; 4096];
            while let Ok(n @ 1..) = terminal.read(&mut buf) {
                record.lock().unwrap().extend_from_slice(&buf[..n]);
                if upstream.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
        });
        Relay { addr, sent }
    }

    /// The terminal's role byte and Noise's first message, as recorded.
    fn first_message(&self) -> Vec<u8> {
        let sent = self.sent.lock().unwrap();
        let len = usize::from(u16::from_be_bytes([sent[1], sent[2]]));
        sent[..3 + len].to_vec()
    }
}

#[test]
fn a_replayed_first_message_never_takes_the_seat_from_the_player() {
    let mut host = HostScreen::new(host_with(timed(300), Limits::for_watchers(2)));
    let relay = Relay::to(host.host.local_addr());
    let mut invitation = host.host.invitation().clone();
    invitation.port = relay.addr.port();
    let mut black = Terminal::connect(&invitation, Access::Play).unwrap();
    host.joined(Seat::Black);
    let recorded = relay.first_message();
    assert_eq!(
        recorded.len(),
        55,
        "role, length, ephemeral key, payload, tag"
    );
    // Later, on a new connection, the recorded bytes again (twice: it can be done all game).
    for _ in 0..2 {
        let mut replay = TcpStream::connect(host.host.local_addr()).unwrap();
        replay.write_all(&recorded).unwrap();
        replay.set_read_timeout(Some(WAIT)).unwrap();
        let mut back = Vec::new();
        let _ = replay.read_to_end(&mut back);
        let why = host.screen.until(|e, _, _| match e {
            NetEvent::Refused { why, .. } => Some(why.clone()),
            NetEvent::PeerJoined { .. } | NetEvent::PeerLeft { .. } => {
                panic!("the replay changed the seat: {e:?}")
            }
            _ => None,
        });
        assert!(why.contains("never confirmed"), "{why}");
    }
    // The real player still has the seat and plays on.
    host.play("e4");
    black.screen.until_plies(1);
    black.play_confirmed("e5");
    host.screen.until_plies(2);
}

/// Connects to `addr` and sends `bytes` one at a time, `every` apart, until told to stop or
/// the host closes the connection; gives back how long the connection lived.
fn drip(addr: SocketAddr, bytes: Vec<u8>, every: Duration, stop: Arc<AtomicBool>) -> Duration {
    let started = Instant::now();
    let Ok(mut s) = TcpStream::connect(addr) else {
        return Duration::ZERO;
    };
    s.set_read_timeout(Some(Duration::from_millis(1))).unwrap();
    for b in bytes.iter().cycle() {
        if stop.load(Ordering::SeqCst) || s.write_all(&[*b]).is_err() {
            break;
        }
        // A close from the host shows as end of file (or a reset) on a read.
        let mut one = [0; 1];
        match s.read(&mut one) {
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break,
        }
        thread::sleep(every);
    }
    started.elapsed()
}

/// A role byte and a handshake frame of zeros, as a stranger would drip it.
fn stranger_bytes() -> Vec<u8> {
    [vec![b'P', 0, 52], vec![0; 52]].concat()
}

#[test]
fn a_handshake_dripped_a_byte_at_a_time_is_closed_by_one_deadline() {
    let (host, _rx) = host_with(Game::new(GameSetup::default()), Limits::for_watchers(2));
    let stop = Arc::new(AtomicBool::new(false));
    // A byte every 100 ms: within any per-read deadline (400 ms here), forever.
    let lived = drip(
        host.local_addr(),
        stranger_bytes(),
        Duration::from_millis(100),
        Arc::clone(&stop),
    );
    assert!(
        lived < Duration::from_millis(1500),
        "a slow stranger held its slot for {lived:?}"
    );
}

#[test]
fn forty_slow_strangers_cannot_keep_the_invited_player_out() {
    let (sink, rx) = events();
    let mut config = HostConfig::new(loopback());
    config.limits = Limits::for_watchers(4);
    // Long enough for the strangers to be mid-handshake when the friend comes.
    config.timeouts.handshake = Duration::from_secs(3);
    config.timeouts.heartbeat = quick().heartbeat;
    let host = Host::start(config, timed(300), Tags::default(), Color::White, sink).unwrap();
    let addr = host.local_addr();
    let stop = Arc::new(AtomicBool::new(false));
    let strangers: Vec<_> = (0..40)
        .map(|_| {
            let stop = Arc::clone(&stop);
            thread::spawn(move || drip(addr, stranger_bytes(), Duration::from_millis(50), stop))
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    let mut host = HostScreen::new((host, rx));
    let joined = Terminal::connect(host.host.invitation(), Access::Play);
    stop.store(true, Ordering::SeqCst);
    let mut black = joined.expect("the invited player comes in past 40 slow strangers");
    for s in strangers {
        s.join().unwrap();
    }
    host.play("e4");
    black.screen.until_plies(1);
}

/// A scripted player at Black that answers every ping `hold` late and plays each of `moves`
/// `think` after it was told it was its turn; gives back Black's clock after each move, as
/// the host read it.
fn holding_player(
    host: &Host,
    hold: Duration,
    think: Duration,
    moves: &'static [&'static str],
) -> thread::JoinHandle<Vec<u64>> {
    let invitation = host.invitation().clone();
    thread::spawn(move || {
        let (writer, mut reader) =
            transport::connect(&invitation, Access::Play, WAIT).expect("connected");
        reader.set_timeout(WAIT).unwrap();
        let writer = Arc::new(Mutex::new(writer));
        let mut clocks = Vec::new();
        let mut next = 0;
        while next < moves.len() || clocks.len() < moves.len() {
            match reader.recv().expect("a message from the host") {
                Msg::Ping { nonce } => {
                    let writer = Arc::clone(&writer);
                    thread::spawn(move || {
                        thread::sleep(hold);
                        let _ = writer.lock().unwrap().send(&Msg::Pong { nonce });
                    });
                }
                Msg::Moved { ply, clocks: c, .. } if ply % 2 == 0 && next < moves.len() => {
                    thread::sleep(think);
                    let action = Action::Move {
                        uci: moves[next].into(),
                    };
                    next += 1;
                    let msg = Msg::Act {
                        ply: ply + 1,
                        action,
                    };
                    writer.lock().unwrap().send(&msg).unwrap();
                    let _ = c;
                }
                Msg::Moved { ply, clocks: c, .. } if ply % 2 == 1 => {
                    clocks.push(c.black_ms.unwrap());
                }
                _ => {}
            }
        }
        clocks
    })
}

#[test]
fn answers_held_back_do_not_buy_a_player_time() {
    let (sink, rx) = events();
    let mut config = HostConfig::new(loopback());
    config.timeouts = quick();
    // Each answer held back 800 ms, within the beat, so that the host takes every one.
    config.timeouts.heartbeat = Duration::from_secs(1);
    let host = Host::start(config, timed(60), Tags::default(), Color::White, sink).unwrap();
    let mut host = HostScreen::new((host, rx));
    let think = Duration::from_millis(700);
    let black = holding_player(
        &host.host,
        Duration::from_millis(800),
        think,
        &["e7e5", "b8c6", "g8f6", "f8c5"],
    );
    host.joined(Seat::Black);
    // The held answers are all the host has measured.
    thread::sleep(Duration::from_millis(2000));
    let whites = ["e4", "Nf3", "Bc4", "d3"];
    for (i, white) in whites.iter().enumerate() {
        host.play(white);
        host.screen.until_plies(2 * i + 2);
    }
    let clocks = black.join().unwrap();
    let charged = 60_000 - clocks.last().unwrap();
    // Four moves of 0.7 s each, a "lag" of 800 ms shown: at most the cap (300 ms) credited
    // on each (before: all of each move, as the cap was a second).
    assert!(
        charged >= 4 * (700 - 300),
        "Black thought 2.8 s and was charged {charged} ms"
    );
}

#[test]
fn a_host_that_stands_still_charges_nobody_for_it() {
    let mut host = HostScreen::new(host_with(timed(60), Limits::for_watchers(2)));
    let mut black = Terminal::connect(host.host.invitation(), Access::Play).unwrap();
    host.joined(Seat::Black);
    host.play("e4");
    black.screen.until_plies(1);
    // The host stops for 2 s; Black moves at once, the move waits in the host's socket.
    host.host.freeze(Duration::from_secs(2));
    thread::sleep(Duration::from_millis(50));
    black.play_confirmed("e5");
    let left = black.screen.mirror.clocks().black_ms.unwrap();
    assert!(
        left > 60_000 - 700,
        "Black moved at once and was charged {} ms of the host's stop",
        60_000 - left
    );
}

/// Says `text` as Black, and gives back whether `watcher` read it before the move that
/// follows (each message comes in order, so the move closes the window).
fn watcher_reads_chat(watchers_see_chat: bool) -> bool {
    let (sink, rx) = events();
    let mut config = HostConfig::new(loopback());
    config.timeouts = quick();
    config.watchers_see_chat = watchers_see_chat;
    let host = Host::start(config, timed(300), Tags::default(), Color::White, sink).unwrap();
    let mut host = HostScreen::new((host, rx));
    let mut black = Terminal::connect(host.host.invitation(), Access::Play).unwrap();
    let watch = host.host.invitation().watch_only();
    let mut watcher = Terminal::connect(&watch, Access::Watch).unwrap();
    host.joined(Seat::Watcher);
    black.act(Action::Say {
        text: "my plan is Qh4".into(),
    });
    host.screen
        .until(|e, _, _| matches!(e, NetEvent::Msg(Msg::Chat { .. })).then_some(()));
    host.play("e4");
    let mut saw = false;
    watcher.screen.until(|e, _, m| {
        saw |= matches!(e, NetEvent::Msg(Msg::Chat { .. }));
        (m.game().record().plies() == 1).then_some(())
    });
    saw
}

#[test]
fn watchers_see_the_board_and_not_the_players_chat_unless_the_host_allows_it() {
    assert!(
        !watcher_reads_chat(false),
        "a watcher read the players' chat"
    );
    assert!(watcher_reads_chat(true));
}

#[test]
fn the_welcome_is_the_first_event_a_terminal_hears_so_nothing_before_it_is_lost() {
    let mut host = HostScreen::new(host_with(timed(300), Limits::for_watchers(2)));
    let (sink, rx) = events();
    let watch = host.host.invitation().watch_only();
    // A game already going: messages follow at once (moves, clocks, connections).
    host.play("e4");
    host.screen.until_plies(1);
    let _watcher = hotseat::net::client::Client::connect(
        &watch,
        Access::Watch,
        WAIT,
        Duration::from_secs(3),
        sink,
    )
    .unwrap();
    let first = rx.recv_timeout(WAIT).unwrap();
    assert!(
        matches!(
            first,
            NetEvent::Msg(Msg::Welcome {
                seat: Seat::Watcher,
                ..
            })
        ),
        "{first:?}"
    );
}
