//! Perft speed, hotseat against cozy-chess side by side, both bulk-counted at the leaves.
//!
//! Run with `cargo bench -p hotseat-benches --bench perft`. Criterion reports the time per perft call and, through
//! `Throughput::Elements`, nodes per second; the ratio of the two lines is the figure to quote.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const POSITIONS: [(&str, &str, u32); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

#[path = "support/cozy.rs"]
mod cozy;
use cozy::cozy_perft;

fn bench_perft(c: &mut Criterion) {
    for (name, fen, depth) in POSITIONS {
        let ours = hotseat::rules::Position::from_fen(fen).unwrap();
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        let nodes = hotseat::rules::perft(&ours, depth);
        assert_eq!(
            nodes,
            cozy_perft(&cozy, depth),
            "engines disagree on {name}"
        );

        let mut group = c.benchmark_group(format!("perft/{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("hotseat", depth), &depth, |b, &d| {
            b.iter(|| hotseat::rules::perft(black_box(&ours), d))
        });
        group.bench_with_input(BenchmarkId::new("cozy-chess", depth), &depth, |b, &d| {
            b.iter(|| cozy_perft(black_box(&cozy), d))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
