//! Writes the seeded random-game corpus used by the PGN tests:
//! `cargo run --example make_corpus > tests/data/random_games.pgn`.

#[path = "../benches/support/corpus.rs"]
mod corpus;

fn main() {
    print!("{}", corpus::corpus(0x00c0_ffee_1234_5678, 60, 1000));
}
