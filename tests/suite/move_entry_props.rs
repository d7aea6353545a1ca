//! The move box's promise: what the hint says Enter will do, Enter does. For random positions
//! and every legal move written in each style the box reads (SAN with and without check marks,
//! LAN, UCI, UCI with the piece letter, castling with zeros, with its move number), and each
//! of these in capitals, the hint's reading and Enter's reading agree — and the move as
//! written is the move read.

use hotseat::app::MessageKind;
use hotseat::app::move_entry::{Refusal, feedback, read_line};
use hotseat::rules::{INITIAL_FEN, Move, MoveError, Position, Role};
use proptest::prelude::*;
use proptest::sample::Index;

const STARTS: &[&str] = &[
    INITIAL_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "4k3/1P4p1/8/2pP4/5pP1/8/1p4P1/4K3 w - c6 0 1",
    "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
];

/// Every way the move box reads `mv` in `pos`.
fn written(pos: &Position, mv: Move) -> Vec<String> {
    let san = pos.san(mv);
    let plain = pos.san_plain(mv);
    let uci = mv.uci().to_string();
    let number = format!("{}{}", pos.fullmoves(), pos.turn().fold(".", "..."));
    let mut forms = vec![san.clone(), plain.clone(), pos.lan(mv), uci.clone()];
    if mv.is_castle() {
        forms.push(plain.replace('O', "0"));
    } else if mv.role() != Role::Pawn {
        forms.push(format!("{}{uci}", mv.role().upper_char()));
    }
    forms.push(format!("{number}{san}"));
    forms.push(format!("{number} {plain}"));
    forms
}

/// The hint and Enter agree on `text`; returns Enter's reading.
fn agree(pos: &Position, text: &str) -> Result<Result<Move, Refusal>, TestCaseError> {
    let steps = read_line(pos, text);
    prop_assert_eq!(steps.len(), 1, "{:?} is one move", text);
    let read = steps[0].read.clone();
    let hint = feedback(pos, text).hint.expect("a hint");
    match &read {
        Ok(mv) => {
            prop_assert_eq!(
                hint.text,
                format!("Enter plays {}", pos.san(*mv)),
                "{}",
                text
            );
        }
        Err(refusal) => {
            prop_assert_eq!(hint.kind, MessageKind::Error, "{}: {}", text, refusal);
            prop_assert_eq!(hint.text, refusal.to_string(), "{}", text);
        }
    }
    Ok(read)
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    for &mv in pos.legal_moves().iter() {
        for text in written(pos, mv) {
            let read = agree(pos, &text)?;
            prop_assert_eq!(read, Ok(mv), "{} in {}", text, pos.fen());
            let caps = text.to_ascii_uppercase();
            match agree(pos, &caps)? {
                Ok(read) => prop_assert_eq!(read, mv, "{} in {}", caps, pos.fen()),
                Err(Refusal::Move(MoveError::Ambiguous(a))) => prop_assert!(
                    a.candidates.contains(&pos.san_plain(mv))
                        || a.candidates.contains(&pos.san(mv)),
                    "{} in {}: {:?}",
                    caps,
                    pos.fen(),
                    a.candidates
                ),
                Err(other) => prop_assert!(false, "{} in {}: {}", caps, pos.fen(), other),
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn hint_and_enter_read_every_written_move_alike(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<Index>(), 0..60),
    ) {
        let mut pos = Position::from_fen(STARTS[start]).unwrap();
        for (i, choice) in choices.iter().enumerate() {
            if i % 12 == 0 {
                check_position(&pos)?;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[choice.index(moves.len())]);
        }
        check_position(&pos)?;
    }
}
