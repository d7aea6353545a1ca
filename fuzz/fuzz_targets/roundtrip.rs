//! PGN import → export → re-import: every game that imports from any bytes writes out as PGN
//! that imports to the same game (moves, side lines, position, clocks, outcome, tags), and writing that
//! again gives the same text.
#![no_main]

use std::time::Duration;

use hotseat::game::pgn::{import_game, import_games};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    import_games(data, |r| {
        let Ok(first) = r else { return };
        let text = first.game.to_pgn(Duration::ZERO, &first.tags);
        let second = import_game(&text)
            .unwrap_or_else(|e| panic!("{text}\ndoes not read back: {e}"));
        let (a, b) = (&first.game, &second.game);
        assert_eq!(a.position(), b.position(), "{text}");
        assert_eq!(a.record().moves(), b.record().moves(), "{text}");
        assert_eq!(a.outcome(), b.outcome(), "{text}");
        assert_eq!(a.variations().len(), b.variations().len(), "{text}");
        assert_eq!(a.player(hotseat::rules::Color::White), b.player(hotseat::rules::Color::White));
        let again = b.to_pgn(Duration::ZERO, &second.tags);
        assert_eq!(text, again, "exported twice, two texts");
    })
    .unwrap();
});
