//! Replays the perft suite in `tests/data/perft.txt`.
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

fn cases() -> Vec<Case> {
    let text = include_str!("../data/perft.txt");
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
    let mut ran = 0;
    for case in cases().into_iter().filter(|c| select(c)) {
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
fn perft_depth_zero_is_one() {
    assert_eq!(perft(&Position::initial(), 0), 1);
}
