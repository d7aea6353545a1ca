//! Any bytes as a PGN file: reading never panics or hangs, and every game that imports writes
//! out as PGN that reads back to the same game.
#![no_main]

use std::time::Duration;

use hotseat::game::pgn::{import_game, import_games, replay_games};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut replayed = 0;
    replay_games(data, |_| replayed += 1).unwrap();
    let mut imported = 0;
    import_games(data, |r| {
        imported += 1;
        let Ok(game) = r else { return };
        let first = game.game;
        let text = first.to_pgn(Duration::ZERO, &game.tags);
        let second = import_game(&text)
            .unwrap_or_else(|e| panic!("{text}\ndoes not read back: {e}"))
            .game;
        assert_eq!(first.position(), second.position(), "{text}");
        assert_eq!(first.record().moves(), second.record().moves(), "{text}");
        assert_eq!(first.outcome(), second.outcome(), "{text}");
    })
    .unwrap();
    assert_eq!(replayed, imported);
});
