//! Any bytes as a clock reading: a `[%clk]` comment and a `WhiteClock` tag value. Parsing never
//! panics, and a reading written back reads to the same time to the tenth of a second.
#![no_main]

use hotseat::game::clock::{format_pgn_clock, parse_pgn_clock};
use hotseat::game::pgn::{clk_command, parse_clk_comment};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(t) = parse_clk_comment(data) {
        let again = parse_clk_comment(clk_command(t).as_bytes());
        assert!(again.is_some(), "{t:?} writes as {}", clk_command(t));
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(t) = parse_pgn_clock(text) {
        let written = format_pgn_clock(t);
        let again = parse_pgn_clock(&written)
            .unwrap_or_else(|e| panic!("{text:?} writes as {written:?}, which does not read: {e}"));
        assert!(again <= t, "{text:?}: {t:?} became {again:?}");
    }
});
