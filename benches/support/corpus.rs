//! Seeded random legal games as PGN: the test corpus (`examples/make_corpus.rs`) and the
//! benchmark input (`benches/pgn.rs`) come from here.

use std::time::Duration;

use hotseat::game::pgn::Tags;
use hotseat::game::{Game, GameSetup};
use hotseat::rules::Position;

/// xorshift64: deterministic, no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One random game played to its automatic end (or `max_plies`), as PGN. With `timed`, the
/// game has a 5+3 clock and every move carries a `[%clk]` comment.
pub fn random_game(
    rng: &mut Rng,
    start: &str,
    timed: bool,
    max_plies: usize,
    round: usize,
) -> String {
    let tc = if timed { "5+3" } else { "none" };
    let mut game = Game::new(GameSetup {
        start: Position::from_fen(start).expect("corpus start positions are valid"),
        white_time: tc.parse().expect("valid time control"),
        black_time: tc.parse().expect("valid time control"),
        ..GameSetup::default()
    });
    let mut now = Duration::ZERO;
    game.start(now);
    for _ in 0..max_plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.is_over() {
            break;
        }
        now += Duration::from_millis(200 + rng.below(1500) as u64);
        let mv = moves[rng.below(moves.len())];
        if game.play(mv, now).is_err() {
            break;
        }
    }
    let mut tags = Tags::new();
    tags.push("Event", "Random corpus");
    tags.push("Site", "hotseat");
    tags.push("Round", round.to_string());
    tags.push("FinalFEN", game.position().fen());
    game.to_pgn(now, &tags)
}

/// `count` random games from a few start positions, every third one timed.
#[allow(dead_code)]
pub fn corpus(seed: u64, count: usize, max_plies: usize) -> String {
    let starts = [
        hotseat::rules::INITIAL_FEN,
        hotseat::rules::INITIAL_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
    ];
    let mut rng = Rng(seed);
    (0..count)
        .map(|i| {
            random_game(
                &mut rng,
                starts[i % starts.len()],
                i % 3 == 0,
                max_plies,
                i + 1,
            )
        })
        .collect()
}

/// The seed of the benchmark corpus (`benches/pgn.rs`, `make_corpus COUNT MAX_PLIES`).
#[allow(dead_code)]
pub const BENCH_SEED: u64 = 0x5eed_0000_0000_0001;

/// `text` without its `{...}` comments (the clock comments of the timed games).
#[allow(dead_code)]
pub fn strip_comments(text: &str) -> String {
    text.split('{')
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split_once('}').map_or("", |(_, rest)| rest)
            }
        })
        .collect()
}
