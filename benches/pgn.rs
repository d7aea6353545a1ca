//! PGN read + replay speed: a corpus of long seeded random games (no comments, as in the
//! reference measurement), read with the streaming reader and every move parsed from SAN and
//! played. Criterion's throughput is games per second; moves per second is that times the
//! average plies per game, printed first.
//!
//! `cargo bench -p hotseat-benches --bench pgn`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

#[path = "support/corpus.rs"]
mod corpus;

fn bench_pgn(c: &mut Criterion) {
    // Untimed games only: every third corpus game is timed, so strip clock comments.
    let text = corpus::strip_comments(&corpus::corpus(corpus::BENCH_SEED, 300, 2000));
    let mut games = 0u64;
    let mut plies = 0u64;
    hotseat::game::pgn::replay_games(text.as_bytes(), |r| {
        let r = r.expect("corpus games replay");
        games += 1;
        plies += r.position.fullmoves() as u64 * 2;
    })
    .unwrap();
    println!(
        "pgn corpus: {games} games, {} bytes, about {} plies per game",
        text.len(),
        plies / games
    );
    let mut group = c.benchmark_group("pgn");
    group.sample_size(20);
    group.throughput(Throughput::Elements(games));
    group.bench_function("read+replay", |b| {
        b.iter(|| {
            let mut n = 0u32;
            hotseat::game::pgn::replay_games(black_box(text.as_bytes()), |r| {
                n += r.is_ok() as u32;
            })
            .unwrap();
            n
        })
    });
    group.finish();
}

criterion_group!(benches, bench_pgn);
criterion_main!(benches);
