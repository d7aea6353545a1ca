//! Interleaved perft timing of hotseat and cozy-chess (A/B, alternating runs, best of N), for a
//! quick ratio on a noisy machine. `cargo run --profile bench --example perft_ab` (the bench
//! profile optimises cozy-chess fully; release builds dependencies for size).

use std::time::Instant;

#[path = "../benches/support/cozy.rs"]
mod cozy;
use cozy::cozy_perft;

fn main() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            5,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            4,
        ),
    ];
    let rounds = 7;
    let (mut total_ours, mut total_cozy, mut total_nodes) = (0.0, 0.0, 0u64);
    for (fen, depth) in cases {
        let ours = hotseat::rules::Position::from_fen(fen).unwrap();
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        let (mut best_ours, mut best_cozy) = (f64::MAX, f64::MAX);
        let mut nodes = 0;
        for _ in 0..rounds {
            let t = Instant::now();
            nodes = hotseat::rules::perft(std::hint::black_box(&ours), depth);
            best_ours = best_ours.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let n = cozy_perft(std::hint::black_box(&cozy), depth);
            best_cozy = best_cozy.min(t.elapsed().as_secs_f64());
            assert_eq!(n, nodes);
        }
        println!(
            "{:>10} nodes  hotseat {:6.1} Mn/s  cozy-chess {:6.1} Mn/s  ratio {:.2}  {fen}",
            nodes,
            nodes as f64 / best_ours / 1e6,
            nodes as f64 / best_cozy / 1e6,
            best_cozy / best_ours
        );
        total_ours += best_ours;
        total_cozy += best_cozy;
        total_nodes += nodes;
    }
    println!(
        "all: hotseat {:.1} Mn/s, cozy-chess {:.1} Mn/s, ratio (hotseat speed / cozy speed) {:.2}",
        total_nodes as f64 / total_ours / 1e6,
        total_nodes as f64 / total_cozy / 1e6,
        total_cozy / total_ours
    );
}
