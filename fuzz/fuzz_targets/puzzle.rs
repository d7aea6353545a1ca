//! Any bytes as a row of Lichess's puzzle CSV: reading never panics, and a row that reads is a
//! puzzle that can be solved to its end by playing its own line, with the opponent's replies
//! played between, and shown from any point.
#![no_main]

use hotseat::puzzle::{Attempt, Solving, Status, parse_row};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(puzzle) = parse_row(text) else {
        return;
    };
    let mut shown = Solving::new(puzzle.clone());
    shown.show_solution();
    assert_eq!(shown.status(), Status::Shown);
    let mut s = Solving::new(puzzle);
    while let Some(m) = s.expected() {
        match s.play(m).expect("the line's move is legal") {
            Attempt::Right { .. } => {}
            Attempt::Solved => break,
            other => panic!("the line's own move gave {other:?}"),
        }
    }
    assert_eq!(s.status(), Status::Solved);
    assert_eq!(s.result(), Some(true));
});
