//! The puzzle duel across the network, end to end: two real programs in pseudo-terminals on
//! loopback (127.0.0.1 only), `hotseat puzzles duel --host` and `hotseat join`, each with its
//! own home. Each player solves a puzzle at their turn, both screens show the score and the
//! turn passing, and a move typed out of turn is refused inline. The solutions are read from
//! the puzzles that come with hotseat, by the id the screen shows. Beside it, the host's duel
//! on the network stack of games, with real clients on loopback: the refusals, and a dropped
//! player's clock.

use std::path::Path;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use hotseat::net::client::{Client, Dial, Welcomed};
use hotseat::net::duel::DuelReferee;
use hotseat::net::host::{Host, HostConfig, Timeouts};
use hotseat::net::invite::Access;
use hotseat::puzzle::{DuelRules, OnWrong};
use hotseat::remote::{Action, DuelState, Msg, NetEvent};
use hotseat::store::{DataDir, Store};

use crate::common::play::type_move;
use crate::common::pty::{Key, Pty, fresh_dir};
use crate::net_plain::Plain;
use crate::net_play::{dirs, events, hotseat, join_pasting, terminal};

const SLOW: Duration = Duration::from_secs(30);

/// The id of the puzzle on `pty`'s board, read from the panel (`Puzzle 06YU2 · 1533`).
fn puzzle_on(pty: &Pty) -> String {
    let screen = pty.screen_text();
    let at = screen
        .find("Puzzle ")
        .unwrap_or_else(|| panic!("no puzzle on the screen:\n{screen}"));
    screen[at + "Puzzle ".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned()
}

/// The solver's moves of puzzle `id` in SAN, from the puzzles that come with hotseat.
fn solution(book_dir: &Path, id: &str) -> Vec<String> {
    let book = Store::new(DataDir::new(book_dir)).puzzles().unwrap();
    let puzzle = book.puzzle(id).unwrap().unwrap();
    let mut position = puzzle.start.clone();
    let mut sans = Vec::new();
    for (i, &m) in puzzle.moves.iter().enumerate() {
        if i % 2 == 1 {
            sans.push(position.san(m));
        }
        position.play_unchecked(m);
    }
    sans
}

/// `player` plays the puzzle on the board through, each move waiting for the host's answer
/// on both screens.
fn solve(player: &mut Pty, other: &Pty, name: &str, moves: &[String], number: u32) {
    for (i, san) in moves.iter().enumerate() {
        type_move(player, san);
        let said = if i + 1 == moves.len() {
            format!("{name} solved puzzle {number}")
        } else {
            format!("{name}: right ({} found)", i + 1)
        };
        player.wait_for_within(&said, SLOW).unwrap();
        other.wait_for_within(&said, SLOW).unwrap();
    }
}

/// Ann's duel against Bob, hosted on loopback: two puzzles of five minutes each.
const DUEL_HOST: [&str; 15] = [
    "puzzles",
    "duel",
    "--host",
    "--listen",
    "127.0.0.1:0",
    "--player",
    "Ann",
    "--opponent",
    "Bob",
    "--puzzles",
    "2",
    "--minutes",
    "5",
    "--seed",
    "7",
];

#[test]
fn two_real_programs_duel_over_puzzles_each_solving_at_their_turn() {
    let (host_home, join_home) = dirs("net-duel");
    let book_dir = fresh_dir("net-duel-book");
    let host_err = host_home.join("stderr.txt");
    let mut ann = terminal(&host_home, &DUEL_HOST, &host_err);
    ann.wait_for_within("Invitation", SLOW).unwrap();
    ann.wait_for_within("Waiting for Bob", SLOW).unwrap();
    let said = std::fs::read_to_string(&host_err).unwrap();
    assert!(said.contains("Bob runs `hotseat join`"), "{said}");
    // Bob's own unfinished game, saved at his terminal, stays where it is.
    let bobs_store = Store::new(DataDir::new(join_home.join("data").join("hotseat")));
    let saved = "[Event \"Casual game\"]\n[White \"Bob\"]\n[Black \"Cy\"]\n\n1. e4 e5 *\n";
    std::fs::create_dir_all(bobs_store.current_path().parent().unwrap()).unwrap();
    std::fs::write(bobs_store.current_path(), saved).unwrap();
    let mut bob = join_pasting(&said, &join_home);
    // Both screens: the invitation box closed, the first puzzle Ann's, the score 0–0.
    ann.wait_for_within("Bob is here · puzzle 1 of 2: your puzzle", SLOW)
        .unwrap();
    bob.wait_for_within("puzzle 1 of 2: Ann's puzzle", SLOW)
        .unwrap();
    for pty in [&ann, &bob] {
        pty.wait_for_within("0–0", SLOW).unwrap();
    }
    let first = puzzle_on(&ann);
    assert_eq!(puzzle_on(&bob), first, "the same puzzle on both screens");
    let moves = solution(&book_dir, &first);

    // Bob's move on Ann's puzzle is refused at Bob's screen, and nothing reaches the host.
    type_move(&mut bob, &moves[0]);
    bob.wait_for_within("It is Ann's puzzle: wait for yours", SLOW)
        .unwrap();

    solve(&mut ann, &bob, "Ann", &moves, 1);
    ann.wait_for_within("puzzle 2 of 2: Bob's puzzle", SLOW)
        .unwrap();
    bob.wait_for_within("puzzle 2 of 2: your puzzle", SLOW)
        .unwrap();
    for pty in [&ann, &bob] {
        pty.wait_for_within("1–0", SLOW).unwrap();
        pty.wait_for_within("▶Bob", SLOW).unwrap();
    }
    let second = puzzle_on(&bob);
    assert_ne!(second, first);
    assert_eq!(puzzle_on(&ann), second);
    let moves = solution(&book_dir, &second);

    // Now Ann's move is the one out of turn.
    type_move(&mut ann, &moves[0]);
    ann.wait_for_within("It is Bob's puzzle: wait for yours", SLOW)
        .unwrap();

    solve(&mut bob, &ann, "Bob", &moves, 2);
    for pty in [&ann, &bob] {
        pty.wait_for_within("Duel over: Ann 1, Bob 1 — a draw", SLOW)
            .unwrap();
        pty.wait_for_within("1–1", SLOW).unwrap();
    }

    for pty in [&mut bob, &mut ann] {
        pty.send_key(Key::Ctrl('q')).unwrap();
        assert!(pty.wait_exit_within(SLOW).unwrap().success());
    }
    assert_eq!(
        std::fs::read_to_string(bobs_store.current_path()).unwrap(),
        saved
    );
    assert!(
        !join_home
            .join("data")
            .join("hotseat")
            .join("games")
            .exists()
    );
    // Each player's attempt is in their own history, on their own machine.
    for (home, name, id) in [(&host_home, "Ann", &first), (&join_home, "Bob", &second)] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(["puzzles", "history", "--player", name])
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            said.lines()
                .any(|l| l.contains(id.as_str()) && l.contains("solved")),
            "{name}: {said}"
        );
    }
}

/// The next duel state among `rx`'s events that satisfies `wanted`.
fn state_where(rx: &Receiver<NetEvent>, wanted: impl Fn(&DuelState) -> bool) -> DuelState {
    let deadline = Instant::now() + SLOW;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(NetEvent::Msg(Msg::Duel(state) | Msg::DuelWelcome { state, .. }))
                if wanted(&state) =>
            {
                return *state;
            }
            Ok(_) => {}
            Err(e) => panic!("no such duel state: {e}"),
        }
    }
}

/// Mate in 1 for the solver, twice in the list.
const MATE_IN_1: &str = "0DSAy,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,408,,,,hangingPiece mateIn1,https://lichess.org/FoQMju93/black#58,";

fn duel_host() -> (Host, Receiver<NetEvent>) {
    let puzzle = hotseat::puzzle::parse_row(MATE_IN_1).unwrap();
    let rules = DuelRules {
        time: Duration::from_secs(60),
        puzzles: 2,
        on_wrong: OnWrong::Pass,
    };
    let referee = DuelReferee::new(
        rules,
        vec![puzzle.clone(), puzzle],
        ["Ann".into(), "Bob".into()],
    )
    .unwrap();
    let mut config = HostConfig::new("127.0.0.1:0".parse().unwrap());
    config.timeouts = Timeouts {
        handshake: Duration::from_millis(400),
        heartbeat: Duration::from_millis(300),
        silence: Duration::from_secs(3),
    };
    let (sink, rx) = events();
    (Host::start_duel(config, referee, sink).unwrap(), rx)
}

#[test]
fn the_host_serves_a_duel_on_the_network_stack_of_games_and_a_dropped_players_clock_runs_on() {
    let (host, host_rx) = duel_host();
    let first = state_where(&host_rx, |s| !s.connected[1]);
    assert!(!first.running, "no clock runs before the opponent comes");

    // A terminal that knows only games is told what the host serves.
    let (sink, _rx) = events();
    let err = Client::connect(
        host.invitation(),
        Access::Play,
        SLOW,
        Duration::from_secs(3),
        sink,
    )
    .unwrap_err();
    assert!(err.to_string().contains("puzzle duel"), "{err}");
    // It came and went, and started no clock: only a screen that shows the duel does.
    let came = state_where(&host_rx, |s| s.connected[1]);
    let went = state_where(&host_rx, |s| !s.connected[1]);
    assert!(!came.running && !went.running, "{came:?} {went:?}");

    let (sink, bob_rx) = events();
    let dial = Dial {
        invitation: host.invitation().clone(),
        access: Access::Play,
        timeout: SLOW,
        silence: Duration::from_secs(3),
        reconnect_for: Duration::ZERO,
    };
    let (bob, welcomed) = Client::connect_any(dial, sink).unwrap();
    let Welcomed::Duel { player, .. } = welcomed else {
        panic!("{welcomed:?}")
    };
    assert_eq!(player, Some(1));
    // After Bob's welcome, everyone hears he came; his screen says it shows the duel, and
    // the first clock starts (the turn is the duel's newest revision).
    let here = state_where(&bob_rx, |s| s.connected == [true, true]);
    assert!(
        !here.running,
        "a connection alone starts no clock: {here:?}"
    );
    bob.send(Msg::Act {
        ply: here.revision,
        action: Action::Ready,
    });
    let started = state_where(&bob_rx, |s| s.connected == [true, true] && s.running);
    assert_eq!(started.turn, 0);

    // A game's action is no duel move; Bob's move on Ann's turn is refused by the host too.
    bob.send(Msg::Act {
        ply: started.revision,
        action: Action::OfferDraw,
    });
    bob.send(Msg::Act {
        ply: started.revision,
        action: Action::Move { uci: "a8b8".into() },
    });
    let mut refusals = Vec::new();
    while refusals.len() < 2 {
        if let NetEvent::Msg(Msg::Refused { reason }) = bob_rx.recv_timeout(SLOW).unwrap() {
            refusals.push(reason);
        }
    }
    assert!(refusals[0].contains("moves only"), "{refusals:?}");
    assert!(refusals[1].contains("opponent's puzzle"), "{refusals:?}");

    // Ann (the host's own seat) solves: the point, and Bob's turn with the next puzzle.
    host.send(Msg::Act {
        ply: started.revision,
        action: Action::Move { uci: "a8b8".into() },
    });
    let solved = state_where(&bob_rx, |s| s.score == [1, 0]);
    assert_eq!((solved.turn, solved.number), (1, 2));

    // Bob's terminal goes: everyone is told, and his clock runs on while he is away.
    drop(bob);
    let away = state_where(&host_rx, |s| {
        s.connected == [true, false] && s.score == [1, 0]
    });
    assert!(away.running && away.turn == 1, "{away:?}");
    std::thread::sleep(Duration::from_millis(1200));
    host.send(Msg::WantSync);
    let later = state_where(&host_rx, |s| s.revision == away.revision);
    assert!(
        later.clocks_ms[1] + 1000 <= away.clocks_ms[1],
        "{} then {}",
        away.clocks_ms[1],
        later.clocks_ms[1]
    );
    assert!(host.stop().is_none(), "a duel hands back no game");
}

#[test]
fn a_duel_host_option_without_host_is_refused_with_exit_2() {
    for args in [
        &["puzzles", "duel", "--listen", "127.0.0.1:0"][..],
        &["puzzles", "duel", "--public", "example.org:7879"][..],
    ] {
        let out = hotseat(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("--host"), "{args:?}: {err}");
    }
}

/// Two real programs in lines of text, as screen readers' users play the duel: `hotseat
/// puzzles duel --host --plain` and `hotseat join --plain`, their input a pipe, their output
/// read as it comes. Each hears the puzzle when it is theirs, the other's moves, the score
/// and the end; a move out of turn and a game's command are refused in words.
#[test]
fn a_duel_is_played_in_lines_of_text_at_both_terminals() {
    let book_dir = fresh_dir("net-duel-plain-book");
    let plain: Vec<&str> = DUEL_HOST.iter().copied().chain(["--plain"]).collect();
    let mut ann = Plain::start(&fresh_dir("net-duel-plain-host"), &plain);
    ann.hears("hotseat, plain mode: a puzzle duel across the network.");
    let invitation = ann.invitation();
    ann.hears("Waiting for Bob to join (type invite to see the invitation again).");
    ann.type_line("invite");
    ann.hears(&format!("hotseat join, then paste {invitation}"));

    let mut bob = Plain::start(&fresh_dir("net-duel-plain-join"), &["join", "--plain"]);
    bob.type_line(&invitation);
    bob.hears("You are Bob in the duel. Puzzle 1 of 2: Ann's puzzle.");
    // Ann's puzzle comes to her in words once Bob is there: its id, rating and task.
    let announced = ann.hears_line("Puzzle 1 of 2 (Lichess ");
    let first = lichess_id(&announced);
    assert!(announced.contains("to play"), "{announced}");
    let moves = solution(&book_dir, &first);

    // Bob's move on Ann's puzzle is refused, and so is a draw in a duel.
    bob.type_line(&moves[0]);
    bob.hears_error("It is Ann's puzzle: wait for yours (your move was not sent).");
    bob.type_line("draw");
    bob.hears_error("A puzzle duel has no draws");
    bob.type_line("turn");
    bob.hears("Puzzle 1 of 2: Ann's puzzle. Score: Ann 0, Bob 0.");

    for (i, san) in moves.iter().enumerate() {
        ann.type_line(san);
        let said = if i + 1 == moves.len() {
            "Ann solved puzzle 1. Puzzle 2 of 2: Bob's puzzle.".to_owned()
        } else {
            format!("Ann: right ({} found). Go on.", i + 1)
        };
        ann.hears(&said);
        bob.hears(&said.replace("Bob's puzzle", "your puzzle"));
    }
    let announced = bob.hears_line("Puzzle 2 of 2 (Lichess ");
    let second = lichess_id(&announced);
    assert_ne!(second, first);
    bob.type_line("clock");
    bob.hears("Bob's clock is running.");
    bob.type_line("other");
    bob.hears("Ann waits, with 4 minutes");

    // Bob misses it: it passes to Ann, without its move; Ann misses it too: now the move
    // is said, in SAN, and the duel is over.
    let moves = solution(&book_dir, &second);
    let wrong = wrong_move(&book_dir, &second);
    bob.type_line(&wrong);
    for side in [&ann, &bob] {
        side.hears_error("Bob missed puzzle 2: it passes.");
    }
    ann.hears("Puzzle 2 of 2 (Lichess ");
    ann.type_line(&wrong);
    let missed = format!(
        "Ann missed puzzle 2: the move was {}. Duel over: Ann 1, Bob 0, Ann wins.",
        moves[0]
    );
    for side in [&ann, &bob] {
        side.hears_error(&missed);
    }
    bob.type_line("e4");
    bob.hears_error("Duel over: Ann 1, Bob 0, Ann wins. Quit to leave");
    bob.type_line("turn");
    bob.hears("Duel over: Ann 1, Bob 0, Ann wins.\n");
    // Each news once: Bob's own coming, and the first clock starting, repeat nothing.
    let heard = bob.said();
    assert!(
        !heard.lines().any(|l| l == "Puzzle 1 of 2: Ann's puzzle."),
        "{heard}"
    );
    for mut side in [bob, ann] {
        side.type_line("quit");
        assert_eq!(side.end(), Some(0));
    }
}

/// The id in `Puzzle 1 of 2 (Lichess 0YT5v), rated …`.
fn lichess_id(said: &str) -> String {
    let at = said.find("(Lichess ").expect("an id") + "(Lichess ".len();
    said[at..].split(')').next().unwrap().to_owned()
}

/// A legal move of the solver's at puzzle `id` that is not its solution, in SAN.
fn wrong_move(book_dir: &Path, id: &str) -> String {
    let book = Store::new(DataDir::new(book_dir)).puzzles().unwrap();
    let puzzle = book.puzzle(id).unwrap().unwrap();
    let mut position = puzzle.start.clone();
    position.play_unchecked(puzzle.moves[0]);
    let right = puzzle.moves[1];
    let wrong = position
        .legal_moves()
        .into_iter()
        .find(|&&m| m != right)
        .copied()
        .expect("another legal move");
    position.san(wrong)
}
