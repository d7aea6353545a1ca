use std::path::PathBuf;

use super::*;
use crate::store::{DataDir, Store};

const NOW: i64 = 1_800_000_000;

fn temp(name: &str) -> PathBuf {
    // Under the run's own folder, which the next run of the tests sweeps away
    // (`tests/suite/common/pty.rs`, `fresh_dir`).
    let dir = std::env::temp_dir()
        .join(format!("hotseat-tests-{}", std::process::id()))
        .join(format!("plain-puzzles-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn trainer(dir: &std::path::Path, run: Run, id: Option<&str>) -> Trainer {
    let book = Store::new(DataDir::new(dir)).puzzles().unwrap();
    let first = id.map(|id| book.puzzle(id).unwrap().unwrap());
    Trainer::new(book, "Ann", run, Choice::default(), first, 7)
}

fn lines(said: &[Said]) -> String {
    said.iter()
        .map(|s| match s {
            Said::Line(l) => l.clone(),
            Said::Refused(l) => format!("refused: {l}"),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn t(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

#[test]
fn a_puzzle_is_announced_as_the_issue_says_and_solved_with_replies_between() {
    let dir = temp("announce");
    // 1OKO0: mate in 3, White to play after Black's rook takes e6.
    let mut tr = trainer(&dir, Run::Puzzles, Some("1OKO0"));
    let said = lines(&tr.start(t(0), NOW).unwrap());
    assert!(
        said.contains("Puzzle 409, mate in 3, White to play. Black played rook takes e6."),
        "{said}"
    );
    let said = lines(&tr.line("Rc8+", t(1), NOW).unwrap());
    assert!(
        said.starts_with("Right: rook to c8, check. Black played bishop to d8. Your move."),
        "{said}"
    );
    // Any notation: UCI here.
    let said = lines(&tr.line("c8d8", t(2), NOW).unwrap());
    assert!(said.contains("Black played rook to e8."), "{said}");
    let said = lines(&tr.line("Rxe8#", t(3), NOW).unwrap());
    assert!(said.contains("Solved: rook takes e8, checkmate."), "{said}");
    assert!(said.contains("Puzzle solved. Rating 1500 to "), "{said}");
    assert!(
        said.contains("https://lichess.org/training/1OKO0"),
        "{said}"
    );
    assert!(
        said.contains("from the game https://lichess.org/ptEkCbK6/black#74"),
        "{said}"
    );
    assert!(tr.book.rating("Ann").unwrap().shown() > 1500);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_wrong_move_fails_names_the_right_one_and_costs_rating_once() {
    let dir = temp("wrong");
    let mut tr = trainer(&dir, Run::Puzzles, Some("1OKO0"));
    tr.start(t(0), NOW).unwrap();
    let said = lines(&tr.line("Kg1", t(1), NOW).unwrap());
    assert!(
        said.contains("Not the move: king to g1. The move was rook to c8, check. [Rc8+]"),
        "{said}"
    );
    assert!(said.contains("Puzzle failed. Rating 1500 to "), "{said}");
    let after = tr.book.rating("Ann").unwrap();
    assert!(after.shown() < 1500);
    // A bad move text is refused and changes nothing.
    let said = lines(&tr.line("Nz9", t(2), NOW).unwrap());
    assert!(said.starts_with("refused: \"Nz9\""), "{said}");
    // Retry: not rated again.
    let said = lines(&tr.line("retry", t(3), NOW).unwrap());
    assert!(
        said.contains("Again, not rated. Black played rook takes e6."),
        "{said}"
    );
    tr.line("Rc8+", t(4), NOW).unwrap();
    tr.line("Rxd8", t(4), NOW).unwrap();
    let said = lines(&tr.line("Rxe8#", t(5), NOW).unwrap());
    assert!(!said.contains("Rating"), "{said}");
    assert_eq!(tr.book.rating("Ann").unwrap(), after);
    // The next puzzle comes near the new rating.
    let said = lines(&tr.line("next", t(6), NOW).unwrap());
    assert!(said.starts_with("Puzzle "), "{said}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn hints_and_the_solution_in_plain_words() {
    let dir = temp("hint");
    let mut tr = trainer(&dir, Run::Puzzles, Some("1OKO0"));
    tr.start(t(0), NOW).unwrap();
    let said = lines(&tr.line("hint", t(1), NOW).unwrap());
    assert!(said.starts_with("Hint: move the rook on c2."), "{said}");
    let said = lines(&tr.line("hint", t(1), NOW).unwrap());
    assert_eq!(said, "Hint: rook to c8, check. [Rc8+]");
    let said = lines(&tr.line("solution", t(2), NOW).unwrap());
    assert!(
        said.starts_with("The solution: White: rook to c8, check. Black: bishop to d8."),
        "{said}"
    );
    assert!(said.contains("Puzzle failed."), "{said}");
    // Open for analysis afterwards.
    let said = lines(&tr.line("board", t(3), NOW).unwrap());
    assert!(!said.is_empty());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn storm_takes_ten_seconds_for_a_wrong_move_and_ends_on_time_with_a_best() {
    let dir = temp("storm");
    let mut tr = trainer(&dir, Run::Storm, None);
    let said = lines(&tr.start(t(0), NOW).unwrap());
    assert!(said.contains("Puzzle 1, rated "), "{said}");
    // A move that is surely wrong: the first legal move that is not the line's.
    let s = tr.solving().unwrap();
    let expected = s.expected().unwrap();
    let wrong = s
        .position()
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != expected && !s.position().play(m).unwrap().is_checkmate())
        .unwrap();
    let text = s.position().san(wrong);
    let said = lines(&tr.line(&text, t(1), NOW).unwrap());
    assert!(said.contains("10 seconds off."), "{said}");
    assert!(
        said.contains("0 solved, 2 minutes 50 seconds left."),
        "{said}"
    );
    assert!(said.contains("Puzzle 2, rated "), "{said}");
    assert_eq!(tr.deadline(t(1)), Some(t(1 + 170)));
    // Nothing at 100 s; at the deadline the run ends.
    assert!(tr.tick(t(100), NOW).unwrap().is_empty());
    let said = lines(&tr.tick(t(171), NOW).unwrap());
    assert!(said.contains("Time is up."), "{said}");
    assert!(
        said.contains("Storm over: 0 solved, 1 wrong, best combo 0. Your first: a personal best."),
        "{said}"
    );
    assert!(tr.is_over());
    assert_eq!(tr.book.best("Ann", PuzzleMode::Storm).unwrap(), Some(0));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn streak_one_mistake_ends_it_one_skip_and_no_hints() {
    let dir = temp("streak");
    let mut tr = trainer(&dir, Run::Streak, None);
    tr.start(t(0), NOW).unwrap();
    let said = lines(&tr.line("hint", t(1), NOW).unwrap());
    assert!(said.starts_with("refused:"), "{said}");
    // The refused hint was not given: the puzzle can still be solved cleanly.
    assert_eq!(tr.solving().unwrap().hints(), 0);
    let said = lines(&tr.line("skip", t(1), NOW).unwrap());
    assert!(said.contains("Skipped"), "{said}");
    let said = lines(&tr.line("skip", t(1), NOW).unwrap());
    assert!(said.starts_with("refused: No skip left"), "{said}");
    // Solve it with the line's moves.
    let mut solved = 0;
    while solved < 2 {
        let m = tr.solving().unwrap().expected().unwrap();
        let text = tr.solving().unwrap().position().san(m);
        let said = lines(&tr.line(&text, t(2), NOW).unwrap());
        if said.contains("Solved") {
            solved += 1;
            assert!(said.contains(&format!("Streak: {solved}.")), "{said}");
        }
    }
    let s = tr.solving().unwrap();
    let expected = s.expected().unwrap();
    let wrong = s
        .position()
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != expected && !s.position().play(m).unwrap().is_checkmate())
        .unwrap();
    let text = s.position().san(wrong);
    let said = lines(&tr.line(&text, t(3), NOW).unwrap());
    assert!(said.contains("Streak over: 2 solved."), "{said}");
    assert!(tr.is_over());
    assert_eq!(tr.book.best("Ann", PuzzleMode::Streak).unwrap(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_duel_passes_a_missed_puzzle_scores_the_solver_and_ends_on_time() {
    let dir = temp("duel");
    let rules = DuelRules {
        time: t(60),
        puzzles: 2,
        on_wrong: OnWrong::Pass,
    };
    let mut tr = trainer(&dir, Run::Puzzles, Some("1OKO0")).duel("Bob", rules);
    let said = lines(&tr.start(t(0), NOW).unwrap());
    assert!(
        said.contains("Puzzle duel: Ann against Bob, 1 minute each, 2 puzzles"),
        "{said}"
    );
    assert!(said.contains("Ann, 1 minute left: Puzzle 1"), "{said}");
    assert_eq!(tr.deadline(t(0)), Some(t(60)));
    let said = lines(&tr.line("Kg1", t(10), NOW).unwrap());
    // Passed without the answer.
    assert!(!said.contains("Rc8"), "{said}");
    assert!(said.contains("Score: Ann 0, Bob 0."), "{said}");
    assert!(
        said.contains("The puzzle passes. Bob, 1 minute left: Puzzle 1"),
        "{said}"
    );
    assert!(lines(&tr.line("hint", t(11), NOW).unwrap()).contains("No hints"));
    tr.line("Rc8+", t(12), NOW).unwrap();
    tr.line("Rxd8", t(13), NOW).unwrap();
    let said = lines(&tr.line("Rxe8#", t(14), NOW).unwrap());
    assert!(said.contains("Score: Ann 0, Bob 1."), "{said}");
    assert!(said.contains("Ann, 50 seconds left: Puzzle 2"), "{said}");
    // Ann's clock runs out.
    assert_eq!(tr.deadline(t(14)), Some(t(64)));
    let said = lines(&tr.tick(t(64), NOW).unwrap());
    assert!(said.contains("Ann's time is up."), "{said}");
    assert!(
        said.contains("Duel over: Ann 0, Bob 1. Bob wins."),
        "{said}"
    );
    assert!(tr.is_over());
    // Each attempt is in its solver's history.
    let book = Store::new(DataDir::new(&dir)).puzzles().unwrap();
    let bob = book.history("Bob", 10).unwrap();
    assert_eq!(bob.len(), 1);
    assert!(bob[0].won);
    let ann = book.history("Ann", 10).unwrap();
    assert_eq!(ann.len(), 1);
    assert!(!ann[0].won);
}
