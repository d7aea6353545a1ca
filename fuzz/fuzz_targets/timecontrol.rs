//! Any text as a time control, in both syntaxes (`5+3` on the command line, `300+3` in a PGN
//! tag) and as a delay: parsing never panics, and a control read from a PGN tag writes back as
//! a tag that reads to the same control.
#![no_main]

use hotseat::game::timecontrol::{Delay, TimeControl};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(tc) = text.parse::<TimeControl>() {
        let _ = (tc.describe(), tc.to_string(), tc.to_pgn());
    }
    if let Ok(tc) = TimeControl::from_pgn(text) {
        let again = TimeControl::from_pgn(&tc.to_pgn())
            .unwrap_or_else(|e| panic!("{text:?} wrote {:?}, which does not read: {e}", tc.to_pgn()));
        assert_eq!(again, tc, "{text:?}");
    }
    let _ = text.parse::<Delay>();
});
