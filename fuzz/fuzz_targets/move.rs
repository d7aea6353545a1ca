//! Any text typed as a move in one of a few positions (chosen by the first byte): reading never
//! panics, and a move it accepts is legal and reads back from its own SAN and LAN.
#![no_main]

use hotseat::rules::{INITIAL_FEN, Position};
use libfuzzer_sys::fuzz_target;

const STARTS: &[&str] = &[
    INITIAL_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/1P4p1/8/2pP4/5pP1/8/1p4P1/4K3 w - c6 0 1",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let p = Position::from_fen(STARTS[which as usize % STARTS.len()]).unwrap();
    let _ = p.parse_move_bytes(rest);
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match p.parse_move(text) {
        Ok(m) => {
            assert!(p.legal_moves().contains(&m), "{text:?}");
            assert_eq!(p.parse_move(&p.san(m)).ok(), Some(m), "{text:?}");
            assert_eq!(p.parse_move(&p.lan(m)).ok(), Some(m), "{text:?}");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
