//! Property tests for the rules: random legal games never panic and keep the incremental hash
//! right, FEN survives a round trip, and the FEN reader never panics, whatever it is given.

use hotseat::rules::{INITIAL_FEN, Position};
use proptest::prelude::*;
use proptest::sample::Index;

const STARTS: &[&str] = &[
    INITIAL_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "4k3/1P4p1/8/2pP4/5pP1/8/1p4P1/4K3 w - c6 0 1",
];

/// Everything that must hold of any position, however it was reached.
fn check_invariants(pos: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(pos.hash(), pos.recompute_hash(), "hash of {}", pos.fen());

    let fen = pos.fen();
    let again = Position::from_fen(&fen)
        .map_err(|e| TestCaseError::fail(format!("{fen} does not read back: {e}")))?;
    prop_assert_eq!(again.fen(), fen.clone());
    prop_assert_eq!(again.repetition_key(), pos.repetition_key(), "{}", fen);
    if pos.hash() == pos.repetition_key() {
        // No en passant square that is only pseudo-legal: the positions are identical, but
        // for the Chess960 mark, which FEN shows only through castling rights (a Chess960
        // game whose rights are gone reads back as standard; PGN's Variant tag keeps it).
        let mut again = again;
        if !again.is_chess960() {
            again.set_chess960(pos.is_chess960());
        }
        prop_assert_eq!(&again, pos);
    }

    let moves = pos.legal_moves();
    prop_assert_eq!(moves.len() as u64, pos.count_legal_moves());
    prop_assert_eq!(pos.is_checkmate(), pos.is_check() && moves.is_empty());
    prop_assert_eq!(pos.is_stalemate(), !pos.is_check() && moves.is_empty());
    for &m in moves.iter() {
        prop_assert!(
            pos.is_legal(m),
            "{} generated but not legal in {}",
            m.uci(),
            fen
        );
    }
    Ok(())
}

/// A start position and a list of choices, each picking one legal move.
fn game() -> impl Strategy<Value = (usize, Vec<Index>)> {
    (
        0..STARTS.len(),
        prop::collection::vec(any::<Index>(), 0..120),
    )
}

/// FEN of a random placement: sparse pieces plus one king each (often accepted, often not),
/// random side to move, castling rights and en passant square.
fn random_setup() -> impl Strategy<Value = String> {
    const PIECES: [char; 10] = ['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'];
    let square = prop_oneof![
        10 => Just(None),
        1 => prop::sample::select(&PIECES[..]).prop_map(Some),
    ];
    (
        prop::collection::vec(square, 64),
        0..64usize,
        0..64usize,
        any::<bool>(),
        prop_oneof![
            3 => Just(Vec::new()),
            1 => prop::sample::subsequence(&['K', 'Q', 'k', 'q'][..], 0..=4),
        ],
        prop::option::weighted(0.3, 0..8u8),
    )
        .prop_map(|(mut board, white_king, black_king, white, castling, ep)| {
            for (i, square) in board.iter_mut().enumerate() {
                // Pawns on the back ranks are rejected at once; keep them off.
                if matches!(square, Some('P' | 'p')) && !(8..56).contains(&i) {
                    *square = None;
                }
            }
            board[white_king] = Some('K');
            board[black_king] = Some('k');
            let mut fen = String::new();
            for rank in (0..8).rev() {
                let mut empty = 0;
                for file in 0..8 {
                    match board[rank * 8 + file] {
                        Some(c) => {
                            if empty > 0 {
                                fen.push_str(&empty.to_string());
                                empty = 0;
                            }
                            fen.push(c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    fen.push_str(&empty.to_string());
                }
                if rank > 0 {
                    fen.push('/');
                }
            }
            let castling: String = if castling.is_empty() {
                "-".to_owned()
            } else {
                castling.into_iter().collect()
            };
            let ep = match ep {
                // On the right rank for the side to move, or nearly everything is rejected.
                Some(file) => format!("{}{}", char::from(b'a' + file), if white { 6 } else { 3 }),
                None => "-".to_owned(),
            };
            format!(
                "{fen} {} {castling} {ep} 0 1",
                if white { 'w' } else { 'b' }
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_hash_fen_and_moves_consistent((start, choices) in game()) {
        let mut pos = Position::from_fen(STARTS[start]).unwrap();
        check_invariants(&pos)?;
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[choice.index(moves.len())];
            let next = pos.play(m).unwrap();
            // The side that moved is never left in check.
            let mut unchecked = pos.clone();
            unchecked.play_unchecked(m);
            prop_assert_eq!(&unchecked, &next);
            pos = next;
            check_invariants(&pos)?;
        }
    }

    #[test]
    fn from_fen_never_panics_on_arbitrary_text(text in "\\PC{0,100}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn from_fen_never_panics_on_fen_like_text(
        text in "[KQRBNPkqrbnp1-9/]{0,80} [wb-] [KQkq-]{1,5} ([a-h][1-8]|-) [0-9]{1,6} [0-9]{1,6}"
    ) {
        if let Ok(pos) = Position::from_fen(&text) {
            check_invariants(&pos)?;
        }
    }

    #[test]
    fn from_fen_never_panics_on_mutated_fens(
        start in 0..STARTS.len(),
        edits in prop::collection::vec((0..4u8, any::<Index>(), any::<char>()), 1..6),
    ) {
        let mut chars: Vec<char> = STARTS[start].chars().collect();
        let alphabet: Vec<char> = "KQRBNPkqrbnp12345678/ wb-abcdefgh0".chars().collect();
        for (op, at, c) in edits {
            // Usually a character FEN uses, sometimes any character at all.
            let c = if (c as u32).is_multiple_of(4) {
                c
            } else {
                alphabet[c as usize % alphabet.len()]
            };
            match op {
                0 if !chars.is_empty() => {
                    let i = at.index(chars.len());
                    chars[i] = c;
                }
                1 if !chars.is_empty() => {
                    chars.remove(at.index(chars.len()));
                }
                2 => chars.insert(at.index(chars.len() + 1), c),
                _ if chars.len() > 1 => {
                    // Swap two characters.
                    let i = at.index(chars.len());
                    let j = (i + 1 + c as usize) % chars.len();
                    chars.swap(i, j);
                }
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(pos) = Position::from_fen(&text) {
            check_invariants(&pos)?;
            // A few moves from whatever was accepted.
            let mut pos = pos;
            for _ in 0..4 {
                let moves = pos.legal_moves();
                let Some(&m) = moves.first() else { break };
                pos.play_unchecked(m);
                check_invariants(&pos)?;
            }
        }
    }

    #[test]
    fn random_setups_are_rejected_or_consistent(
        fen in random_setup(),
        choices in prop::collection::vec(any::<Index>(), 0..8),
    ) {
        if let Ok(mut pos) = Position::from_fen(&fen) {
            check_invariants(&pos)?;
            for choice in choices {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[choice.index(moves.len())]);
                check_invariants(&pos)?;
            }
        }
    }
}
