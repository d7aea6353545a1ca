//! Replays the perft suites in `tests/data`: `perft.txt` (standard chess), `perft960.txt`
//! (Chess960 positions) and `chess960_starts.txt` (all 960 start positions by number).
//!
//! Every depth whose node count is at most `NODE_CAP` runs in the normal test build; the larger
//! ones run with `cargo test --release -- --ignored`.

use hotseat::rules::{Position, perft};

const NODE_CAP: u64 = 5_000_000;

struct Case {
    fen: String,
    depth: u32,
    nodes: u64,
}

const STANDARD: &str = include_str!("../data/perft.txt");
const CHESS960: &str = include_str!("../data/perft960.txt");
const CHESS960_STARTS: &str = include_str!("../data/chess960_starts.txt");

fn cases() -> Vec<Case> {
    cases_of(STANDARD)
}

fn cases_of(text: &str) -> Vec<Case> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_owned();
        for pair in parts {
            let mut it = pair.split_whitespace();
            let depth = it.next().unwrap().parse().unwrap();
            let nodes = it.next().unwrap().parse().unwrap();
            out.push(Case {
                fen: fen.clone(),
                depth,
                nodes,
            });
        }
    }
    out
}

fn run(select: impl Fn(&Case) -> bool) -> usize {
    run_cases(cases(), select)
}

fn run_cases(cases: Vec<Case>, select: impl Fn(&Case) -> bool) -> usize {
    let mut ran = 0;
    for case in cases.into_iter().filter(|c| select(c)) {
        let pos = Position::from_fen(&case.fen).unwrap();
        assert_eq!(
            perft(&pos, case.depth),
            case.nodes,
            "perft({}) of {}",
            case.depth,
            case.fen
        );
        ran += 1;
    }
    ran
}

#[test]
fn perft_suite_up_to_node_cap() {
    let ran = run(|c| c.nodes <= NODE_CAP);
    assert!(ran >= 40, "only {ran} cases ran");
}

#[test]
#[ignore = "hundreds of millions of nodes: run with cargo test --release -- --ignored"]
fn perft_suite_deep() {
    // All of the data's deep cases, so that a missing or cut file cannot pass for a fast one.
    let ran = run(|c| c.nodes > NODE_CAP);
    assert_eq!(ran, 6, "deep perft cases run");
}

#[test]
fn chess960_perft_suite_up_to_node_cap() {
    let ran = run_cases(cases_of(CHESS960), |c| c.nodes <= NODE_CAP);
    assert!(ran >= 50, "only {ran} cases ran");
}

#[test]
#[ignore = "hundreds of millions of nodes: run with cargo test --release -- --ignored"]
fn chess960_perft_suite_deep() {
    run_cases(cases_of(CHESS960), |c| c.nodes > NODE_CAP);
}

/// Every start position: its number gives the arrangement python-chess gives, written the
/// same way, with the same perft; and the arrangement gives back its number.
#[test]
fn chess960_start_positions_by_number() {
    let mut numbers = Vec::new();
    for line in CHESS960_STARTS.lines().filter(|l| !l.starts_with('#')) {
        let (number, rest) = line.split_once(';').unwrap();
        let number: u32 = number.parse().unwrap();
        let pos = Position::chess960(number).unwrap();
        let fen = rest.split(';').next().unwrap().trim();
        assert_eq!(pos.fen(), fen, "start position {number}");
        assert!(pos.is_chess960());
        assert_eq!(pos.chess960_number(), Some(number));
        let mut read = Position::from_fen(fen).unwrap();
        read.set_chess960(true);
        assert_eq!(read, pos, "{fen}");
        numbers.push(number);
    }
    assert_eq!(numbers, (0..960).collect::<Vec<_>>());
    assert_eq!(Position::chess960(960), None);
}

#[test]
fn chess960_start_positions_perft() {
    let text: String = CHESS960_STARTS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once(';').unwrap().1.trim().to_owned() + "\n")
        .collect();
    let ran = run_cases(cases_of(&text), |_| true);
    assert_eq!(ran, 960 * 3);
}

#[test]
fn perft_depth_zero_is_one() {
    assert_eq!(perft(&Position::initial(), 0), 1);
}
