//! Writes the seeded random-game corpus used by the PGN tests:
//! `cargo run --example make_corpus > tests/data/random_games.pgn`.
//!
//! With arguments, the benchmark corpus instead: `make_corpus COUNT MAX_PLIES [bare]` writes
//! COUNT games of at most MAX_PLIES plies from the benchmark's seed; `bare` strips the clock
//! comments (as `benches/pgn.rs` does), so the file holds tags and moves only.
//! `benches/pgn_replay.sh` uses `make_corpus 2000 300 bare`.

#[path = "../benches/support/corpus.rs"]
mod corpus;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((count, max_plies)) = args
        .first()
        .zip(args.get(1))
        .and_then(|(c, p)| Some((c.parse().ok()?, p.parse().ok()?)))
    else {
        if !args.is_empty() {
            eprintln!(
                "usage: make_corpus [COUNT MAX_PLIES [bare]]  (e.g. make_corpus 2000 300 bare)"
            );
            std::process::exit(2);
        }
        print!("{}", corpus::corpus(0x00c0_ffee_1234_5678, 60, 1000));
        return;
    };
    let text = corpus::corpus(corpus::BENCH_SEED, count, max_plies);
    if args.get(2).is_some_and(|a| a == "bare") {
        print!("{}", corpus::strip_comments(&text));
    } else {
        print!("{text}");
    }
}
