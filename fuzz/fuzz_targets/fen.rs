//! Any text as a FEN: reading never panics, and a position it accepts writes a FEN that reads
//! back to the same position.
#![no_main]

use hotseat::rules::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(p) = Position::from_fen(text) else {
        return;
    };
    let fen = p.fen();
    let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again.fen(), fen);
    assert_eq!(again.repetition_key(), p.repetition_key(), "{fen}");
});
