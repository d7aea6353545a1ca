//! The puzzle duel across the network, end to end: two real programs in pseudo-terminals on
//! loopback (127.0.0.1 only), `hotseat puzzles duel --host` and `hotseat join`, each with its
//! own home. Each player solves a puzzle at their turn, both screens show the score and the
//! turn passing, and a move typed out of turn is refused inline. The solutions are read from
//! the puzzles that come with hotseat, by the id the screen shows.

use std::path::Path;
use std::time::{Duration, Instant};

use hotseat::store::{DataDir, Store};

use crate::common::play::type_move;
use crate::common::pty::{Key, Pty, fresh_dir};
use crate::net_play::{dirs, terminal};

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

#[test]
fn two_real_programs_duel_over_puzzles_each_solving_at_their_turn() {
    let (host_home, join_home) = dirs("net-duel");
    let book_dir = fresh_dir("net-duel-book");
    let host_err = host_home.join("stderr.txt");
    let mut ann = terminal(
        &host_home,
        &[
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
        ],
        &host_err,
    );
    ann.wait_for_within("Invitation", SLOW).unwrap();
    ann.wait_for_within("Waiting for Bob", SLOW).unwrap();
    let said = std::fs::read_to_string(&host_err).unwrap();
    assert!(said.contains("Bob runs `hotseat join`"), "{said}");
    let invitation = said
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("hs1"))
        .unwrap_or_else(|| panic!("no invitation on standard error: {said:?}"));

    let join_err = join_home.join("stderr.txt");
    let mut bob = terminal(&join_home, &["join"], &join_err);
    let deadline = Instant::now() + SLOW;
    while !std::fs::read_to_string(&join_err).is_ok_and(|t| t.contains("Paste the invitation")) {
        assert!(Instant::now() < deadline, "hotseat join did not ask");
        std::thread::sleep(Duration::from_millis(20));
    }
    bob.send_text(&format!("{invitation}\r")).unwrap();
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
}
