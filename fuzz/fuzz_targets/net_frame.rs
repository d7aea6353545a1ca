//! Any bytes as a decrypted network message, and any bytes as an invitation: reading never
//! panics; a message it accepts writes back to the same bytes, and a terminal's copy of the
//! game follows it or says why not; an invitation it accepts writes back to the same one.
#![no_main]

use std::time::Duration;

use hotseat::net::frame::{decode, encode};
use hotseat::net::invite::Invitation;
use hotseat::remote::{Mirror, Seat, Snapshot};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(msg) = decode(data) {
        let bytes = encode(&msg).expect("a message read writes back");
        assert_eq!(decode(&bytes).as_ref(), Ok(&msg));
        let snapshot = Snapshot {
            pgn: "1. e4 *".into(),
            clocks: Default::default(),
            running: true,
            takeback_asked: None,
            connected: [true, true],
        };
        let mut mirror = Mirror::new(Seat::Black, &snapshot, Duration::ZERO).unwrap();
        let _ = mirror.apply(&msg, Duration::from_secs(1));
    }
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(invitation) = text.parse::<Invitation>()
    {
        assert_eq!(invitation.to_string().parse::<Invitation>(), Ok(invitation));
    }
});
