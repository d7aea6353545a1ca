//! The sparring partner's driver (`engine::opponent`): the real Stockfish at short searches (a
//! mate in one, a whole game of legal moves at a low level, a think cut short, the draw rule on
//! real evaluations), and the scripted fake engine for the faults a real one will not make on
//! demand (a crash mid-game, a hang).

use std::path::PathBuf;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use hotseat::engine::EngineError;
use hotseat::engine::opponent::{self, Opponent, OpponentEvent, Reply, Request, Timeouts};
use hotseat::engine::sparring::{SearchClock, Strength, go};
use hotseat::game::sparring::accepts_draw;
use hotseat::game::timecontrol::TimeControl;
use hotseat::game::{Game, GameSetup};
use hotseat::rules::{Color, Move, Position};

use super::analyse::{fake_engine, stockfish};

/// The fake engine in `mode`, failing after `after` good searches, through a wrapper that sets
/// its environment (the test binary's environment is shared by all its tests).
#[cfg(unix)]
pub(crate) fn fake(mode: &str, after: usize) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = crate::common::pty::fresh_dir("sparring");
    let wrapper = dir.join(format!("{mode}-{after}.sh"));
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nFAKE_ENGINE_MODE={mode} FAKE_ENGINE_AFTER={after} exec '{}'\n",
            fake_engine().display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    wrapper
}

fn start(
    engine: PathBuf,
    strength: Strength,
    timeouts: Timeouts,
) -> (Opponent, Receiver<OpponentEvent>) {
    let (opponent, events) = Opponent::start(engine, strength, false, timeouts);
    match events.recv_timeout(Duration::from_secs(30)) {
        Ok(OpponentEvent::Ready(_)) => {}
        other => panic!("no handshake: {other:?}"),
    }
    (opponent, events)
}

fn ask(opponent: &Opponent, events: &Receiver<OpponentEvent>, request: Request) -> Reply {
    let id = request.id;
    opponent.think(request);
    match events.recv_timeout(Duration::from_secs(60)) {
        Ok(OpponentEvent::Moved(reply)) => {
            assert_eq!(reply.id, id);
            reply
        }
        other => panic!("no move: {other:?}"),
    }
}

fn request(id: u64, fen: &str, moves: &[Move]) -> Request {
    Request {
        id,
        start: Position::from_fen(fen).unwrap(),
        moves: moves.to_vec(),
        clock: None,
        hint: false,
    }
}

const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

#[test]
fn full_strength_and_a_hint_find_a_mate_in_one() {
    let (opponent, events) = start(stockfish(), Strength::Level(8), Timeouts::default());
    let pos = Position::from_fen(MATE_IN_ONE).unwrap();
    let mate = pos.parse_move("Rd8#").unwrap();
    let reply = ask(&opponent, &events, request(1, MATE_IN_ONE, &[]));
    assert_eq!(reply.mv, mate);
    assert_eq!(reply.score, Some(hotseat::engine::uci::Score::Mate(1)));
    // A hint at a weak level is still the best move: full strength, whatever the level.
    let (weak, weak_events) = start(stockfish(), Strength::Level(1), Timeouts::default());
    let hint = Request {
        hint: true,
        ..request(2, MATE_IN_ONE, &[])
    };
    assert_eq!(ask(&weak, &weak_events, hint).mv, mate);
}

#[test]
fn the_lowest_level_plays_legal_moves_to_the_end_of_a_game() {
    let (white, white_events) = start(stockfish(), Strength::Level(1), Timeouts::default());
    let (black, black_events) = start(stockfish(), Strength::Level(2), Timeouts::default());
    let mut game = Game::new(GameSetup::default());
    let mut id = 0;
    while !game.is_over() && game.record().moves().len() < 400 {
        id += 1;
        let (opponent, events) = if game.position().turn() == Color::White {
            (&white, &white_events)
        } else {
            (&black, &black_events)
        };
        let moves: Vec<Move> = game.record().moves().iter().map(|m| m.mv).collect();
        let reply = ask(
            opponent,
            events,
            Request {
                id,
                start: Position::initial(),
                moves,
                clock: None,
                hint: false,
            },
        );
        // The game's own rules accept every move the driver passes on.
        game.play(reply.mv, Duration::ZERO).unwrap();
        if game.claimable_now().any() {
            game.claim_draw(Duration::ZERO).unwrap();
        }
    }
    // To its end by the rules (the weakest levels pick among several moves at random, so a
    // game may be short: its length is no measure), or to the cap.
    let plies = game.record().moves().len();
    assert!(plies > 0);
    assert!(
        game.is_over() || plies >= 400,
        "{plies} plies, not over: {:?}",
        game.outcome()
    );
}

#[test]
fn move_now_cuts_a_long_think_short() {
    // The strongest Elo of every Stockfish since 15.1: a budget of three seconds, to depth 19
    // or more over four lines, on an hour's clock.
    let (opponent, events) = start(stockfish(), Strength::Elo(2850), Timeouts::default());
    let hour = Duration::from_secs(3600);
    opponent.think(Request {
        clock: Some(SearchClock {
            white: hour,
            black: hour,
            white_inc: Duration::ZERO,
            black_inc: Duration::ZERO,
            moves_to_go: None,
        }),
        ..request(
            7,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            &[],
        )
    });
    // Stockfish well into its hour-long think (nothing to wait for: it says nothing until it
    // moves), so that the stops below come in the middle of it.
    std::thread::sleep(Duration::from_millis(300));
    // A stop for another request is not this one's.
    opponent.move_now(6);
    assert!(events.recv_timeout(Duration::from_millis(700)).is_err());
    opponent.move_now(7);
    match events.recv_timeout(Duration::from_secs(20)) {
        Ok(OpponentEvent::Moved(reply)) => assert_eq!(reply.id, 7),
        other => panic!("no move after stop: {other:?}"),
    }
}

#[test]
fn draw_offers_are_answered_from_real_evaluations() {
    let (opponent, events) = start(stockfish(), Strength::Level(6), Timeouts::default());
    // Rook against rook: level, from move 30 on, a draw.
    let level = "8/8/3k4/3r4/8/3R4/3K4/8 b - - 0 45";
    let reply = ask(&opponent, &events, request(1, level, &[]));
    assert!(
        accepts_draw(reply.eval, Color::Black, 45),
        "{:?}",
        reply.eval
    );
    // A queen up for the engine: it plays on.
    let won = "7q/8/3k4/8/8/8/3K4/8 b - - 0 45";
    let reply = ask(&opponent, &events, request(2, won, &[]));
    assert!(
        !accepts_draw(reply.eval, Color::Black, 45),
        "{:?}",
        reply.eval
    );
}

#[test]
fn probe_reads_stockfishs_elo_range() {
    let info = opponent::probe(&stockfish(), Duration::from_secs(10)).unwrap();
    assert_eq!(info.short_name(), "Stockfish");
    let range = info.elo.expect("Stockfish has UCI_Elo");
    assert!(*range.start() >= 1300 && *range.end() <= 3300, "{range:?}");
}

#[cfg(unix)]
#[test]
fn an_engine_that_crashes_mid_game_is_reported_as_crashed() {
    let (opponent, events) = start(fake("crash", 1), Strength::Level(3), Timeouts::default());
    let first = ask(&opponent, &events, request(1, MATE_IN_ONE, &[]));
    let pos = Position::from_fen(MATE_IN_ONE).unwrap();
    assert!(pos.is_legal(first.mv));
    opponent.think(request(2, MATE_IN_ONE, &[]));
    match events.recv_timeout(Duration::from_secs(10)) {
        Ok(OpponentEvent::Failed(EngineError::Crashed { status, .. })) => {
            assert!(status.contains('3'), "{status}")
        }
        other => panic!("no crash: {other:?}"),
    }
    assert!(wait_finished(&opponent));
}

#[cfg(unix)]
#[test]
fn an_engine_that_hangs_is_reported_and_killed() {
    let timeouts = Timeouts {
        grace: Duration::from_millis(300),
        stop: Duration::from_millis(300),
        ..Timeouts::default()
    };
    let (opponent, events) = start(fake("hang", 0), Strength::Level(1), timeouts);
    opponent.think(request(1, MATE_IN_ONE, &[]));
    match events.recv_timeout(Duration::from_secs(10)) {
        Ok(OpponentEvent::Failed(error @ EngineError::Timeout { .. })) => {
            assert!(error.to_string().contains("no bestmove"), "{error}")
        }
        other => panic!("no hang reported: {other:?}"),
    }
    // The engine ignores `quit`: it is killed, and the driver's thread ends.
    assert!(wait_finished(&opponent));
}

#[cfg(unix)]
#[test]
fn an_illegal_move_is_the_engines_fault_and_never_reaches_the_game() {
    let (opponent, events) = start(fake("illegal", 0), Strength::Level(2), Timeouts::default());
    opponent.think(request(1, MATE_IN_ONE, &[]));
    match events.recv_timeout(Duration::from_secs(10)) {
        Ok(OpponentEvent::Failed(EngineError::IllegalMove { mv, .. })) => assert_eq!(mv, "a1a8"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_engine_says_how_to_install_one() {
    let (_opponent, events) = Opponent::start(
        PathBuf::from("/no/such/stockfish"),
        Strength::Level(4),
        false,
        Timeouts::default(),
    );
    match events.recv_timeout(Duration::from_secs(10)) {
        Ok(OpponentEvent::Failed(error)) => {
            let text = error.to_string();
            assert!(text.contains("apt-get install stockfish"), "{text}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_timed_level_is_sent_its_clock_and_keeps_its_cap() {
    // The go line is pure; this checks the clocks a real game gives it fit.
    let control = TimeControl::fischer(Duration::from_secs(180), Duration::from_secs(2)).unwrap();
    let clock = SearchClock {
        white: control.initial_time().unwrap(),
        black: control.initial_time().unwrap(),
        white_inc: control.increment_for_move(1),
        black_inc: control.increment_for_move(1),
        moves_to_go: None,
    };
    assert_eq!(
        go(Strength::Level(5), Some(&clock), true, true),
        "go depth 5 movetime 300 wtime 179800 btime 180000 winc 2000 binc 2000"
    );
}

#[test]
fn a_timed_elo_is_given_a_think_budget_not_the_clocks_management() {
    // Issue 56: given only the clocks, Stockfish at 1500 Elo spent 10-38 s a move on 5+3.
    for (base, inc) in [(180, 2), (300, 3), (900, 10)] {
        let control =
            TimeControl::fischer(Duration::from_secs(base), Duration::from_secs(inc)).unwrap();
        let clock = SearchClock {
            white: control.initial_time().unwrap(),
            black: control.initial_time().unwrap(),
            white_inc: control.increment_for_move(1),
            black_inc: control.increment_for_move(1),
            moves_to_go: None,
        };
        for elo in [1350, 1500, 2000] {
            let line = go(Strength::Elo(elo), Some(&clock), false, true);
            let movetime: u64 = line
                .split_whitespace()
                .skip_while(|w| *w != "movetime")
                .nth(1)
                .and_then(|ms| ms.parse().ok())
                .unwrap_or_else(|| panic!("no movetime in {line}"));
            assert!(movetime <= 1000, "{elo} on {base}+{inc}: {line}");
            assert!(line.starts_with("go depth "), "{line}");
        }
    }
}

fn wait_finished(opponent: &Opponent) -> bool {
    for _ in 0..200 {
        if opponent.is_finished() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    false
}
