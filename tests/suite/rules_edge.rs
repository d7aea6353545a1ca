//! Edge cases of the laws of chess, one test per rule, each driven by a FEN (or by moves played
//! from one): en passant, discovered and double check, castling, promotion, mate and stalemate,
//! insufficient material and the repetition key.

use std::collections::BTreeSet;

use hotseat::rules::{CastleSide, Color, Move, Position, PositionStatus, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn ucis(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|m| m.uci().to_string())
        .collect()
}

fn find(pos: &Position, uci: &str) -> Move {
    *pos.legal_moves()
        .iter()
        .find(|m| m.uci().to_string() == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {}", pos.fen()))
}

/// Plays moves given in UCI, each of which must be legal.
fn play(start: &Position, moves: &[&str]) -> Position {
    let mut pos = start.clone();
    for uci in moves {
        let m = find(&pos, uci);
        pos = pos.play(m).unwrap();
    }
    pos
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

// ---- En passant ----

#[test]
fn en_passant_illegal_when_capturer_and_captured_pawn_shield_king_on_rank() {
    let p = pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    assert!(!ucis(&p).contains("e4d3"));
    assert_eq!(p.legal_ep_square(), None);
    assert_eq!(p.fen(), "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
    assert_eq!(p.legal_moves().len(), 6);
}

#[test]
fn en_passant_illegal_when_capturing_pawn_is_pinned_diagonally() {
    // The e5 pawn is pinned on the a1-h8 diagonal; exd6 would leave it.
    let p = pos("k6b/8/8/3pP3/8/8/8/K7 w - d6 0 1");
    let moves = ucis(&p);
    assert!(!moves.contains("e5d6"));
    assert!(!moves.contains("e5e6"));
    assert_eq!(p.legal_ep_square(), None);
}

#[test]
fn en_passant_along_the_pin_line_is_legal() {
    // Pinned on the a1-h8 diagonal, exf6 stays on it.
    let p = pos("k6b/8/8/4Pp2/8/8/8/K7 w - f6 0 1");
    assert!(ucis(&p).contains("e5f6"));
    assert_eq!(p.legal_ep_square(), Some(sq("f6")));
    let after = p.play(find(&p, "e5f6")).unwrap();
    assert_eq!(after.fen(), "k6b/8/5P2/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn en_passant_captures_the_double_pushed_pawn_that_gives_check() {
    // Black has just played d7-d5+, checking the king on e4.
    let p = pos("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1");
    assert!(p.is_check());
    let moves = ucis(&p);
    assert!(moves.contains("e5d6"), "{moves:?}");
    assert!(moves.contains("e4d5"));
    let after = p.play(find(&p, "e5d6")).unwrap();
    assert!(!after.is_check());
    assert!(after.piece_at(sq("d5")).is_none());
}

#[test]
fn en_passant_illegal_when_it_leaves_a_discovered_check() {
    // d7-d5 uncovered the c8 bishop against h3; cxd6 does not block the c8-h3 diagonal.
    let p = pos("2b1k3/8/8/2Pp4/8/7K/8/8 w - d6 0 1");
    assert!(p.is_check());
    assert!(!ucis(&p).contains("c5d6"));
    assert_eq!(p.legal_ep_square(), None);
}

#[test]
fn en_passant_only_on_the_move_right_after_the_double_step() {
    let start = Position::initial();
    let now = play(&start, &["e2e4", "a7a6", "e4e5", "d7d5"]);
    assert!(ucis(&now).contains("e5d6"));
    assert_eq!(now.legal_ep_square(), Some(sq("d6")));
    let ep = find(&now, "e5d6");
    assert!(matches!(ep, Move::EnPassant { .. }));
    assert_eq!(ep.capture(), Some(Role::Pawn));

    let later = play(&now, &["h2h3", "h7h6"]);
    assert!(!ucis(&later).contains("e5d6"));
    assert_eq!(later.legal_ep_square(), None);
}

#[test]
fn en_passant_square_not_written_when_no_pawn_can_capture() {
    let p = play(&Position::initial(), &["e2e4"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

// ---- Checks ----

#[test]
fn discovered_check_by_moving_the_blocking_piece() {
    let p = pos("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1");
    let after = p.play(find(&p, "e4c5")).unwrap();
    assert!(after.is_check());
    assert_eq!(after.checkers().single(), Some(sq("e1")));
}

#[test]
fn double_check_allows_only_king_moves() {
    // Rook e1 and knight f6 both check; Bxf6 or Rh4-e4 would each answer only one of them.
    let p = pos("4k3/6b1/5N2/8/7r/8/K7/4R3 b - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    let moves = p.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.role() == Role::King), "{moves:?}");
    assert_eq!(ucis(&p), set(&["e8d8", "e8f7", "e8f8"]));
}

#[test]
fn single_check_can_be_answered_by_capture_or_block() {
    let p = pos("4k3/6b1/8/8/7r/8/K7/4R3 b - - 0 1");
    let moves = ucis(&p);
    assert!(moves.contains("h4e4"), "block");
    assert!(moves.contains("g7e5"), "block");
    assert!(!moves.contains("g7f6"), "does not answer the check");
}

// ---- Castling ----

#[test]
fn castling_through_an_attacked_square_is_illegal() {
    let p = pos("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    let moves = ucis(&p);
    assert!(!moves.contains("e1g1"));
    assert!(moves.contains("e1c1"));
}

#[test]
fn castling_into_check_is_illegal() {
    let p = pos("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
    assert!(!ucis(&p).contains("e1g1"));
    let p = pos("4k3/8/8/8/8/8/2r5/R3K2R w KQ - 0 1");
    let moves = ucis(&p);
    assert!(!moves.contains("e1c1"));
    assert!(moves.contains("e1g1"));
}

#[test]
fn castling_out_of_check_is_illegal() {
    let p = pos("4k3/8/8/4r3/8/8/8/R3K2R w KQ - 0 1");
    assert!(p.is_check());
    let moves = ucis(&p);
    assert!(!moves.contains("e1g1"));
    assert!(!moves.contains("e1c1"));
}

#[test]
fn castling_with_the_rook_attacked_is_legal() {
    let p = pos("4k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(ucis(&p).contains("e1g1"));
    // On the queen side the rook also crosses b1, which the king does not: b1 may be attacked.
    let p = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(ucis(&p).contains("e1c1"));
    let p = pos("r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(ucis(&p).contains("e1c1"));
}

#[test]
fn castling_needs_every_square_between_king_and_rook_empty() {
    let p = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    let moves = ucis(&p);
    assert!(!moves.contains("e1c1"));
    assert!(moves.contains("e1g1"));
}

#[test]
fn castling_moves_king_and_rook() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = find(&p, "e1g1");
    assert!(m.is_castle());
    let after = p.play(m).unwrap();
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let after = after.play(find(&after, "e8c8")).unwrap();
    assert_eq!(after.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn castling_rights_need_king_and_rook_on_the_back_rank() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "4k3/8/8/8/8/8/3K3R/8 w K - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1",
        "r4k2/8/8/8/8/8/8/4K3 w k - 0 1",
        "4k2r/8/8/8/8/8/8/4K3 w kq - 0 1",
    ] {
        let err = Position::from_fen(fen).unwrap_err();
        assert!(err.to_string().contains("castling right"), "{fen}: {err}");
    }
}

#[test]
fn castling_right_lost_after_the_rook_moves() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let p = play(&p, &["h1h2", "a8a7", "h2h1", "a7a8"]);
    assert!(!p.can_castle(Color::White, CastleSide::King));
    assert!(p.can_castle(Color::White, CastleSide::Queen));
    assert!(!p.can_castle(Color::Black, CastleSide::Queen));
    assert!(p.can_castle(Color::Black, CastleSide::King));
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
    let moves = ucis(&p);
    assert!(!moves.contains("e1g1"));
    assert!(moves.contains("e1c1"));
}

#[test]
fn castling_rights_lost_after_the_king_moves() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let p = play(&p, &["e1f1", "e8f8", "f1e1", "f8e8"]);
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
}

#[test]
fn castling_right_lost_when_the_rook_is_captured_on_its_home_square() {
    let p = pos("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    let p = play(&p, &["g2h1"]);
    assert!(!p.can_castle(Color::White, CastleSide::King));
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");

    // A rook taking a rook: both sides lose that right.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let p = play(&p, &["a1a8"]);
    assert_eq!(p.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

// ---- Promotion ----

#[test]
fn promotions_generate_all_four_pieces_with_and_without_capture() {
    let p = pos("3r2k1/4P3/8/8/8/8/8/K7 w - - 0 1");
    let from_e7: BTreeSet<String> = ucis(&p)
        .into_iter()
        .filter(|m| m.starts_with("e7"))
        .collect();
    assert_eq!(
        from_e7,
        set(&[
            "e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"
        ])
    );
    let capture = find(&p, "e7d8q");
    assert_eq!(capture.capture(), Some(Role::Rook));
    assert_eq!(capture.promotion(), Some(Role::Queen));
}

#[test]
fn promotion_gives_check_according_to_the_new_piece() {
    let p = pos("3r2k1/4P3/8/8/8/8/8/K7 w - - 0 1");
    for (uci, check) in [
        ("e7d8q", true),
        ("e7d8r", true),
        ("e7d8b", false),
        ("e7d8n", false),
        ("e7e8q", true),
        ("e7e8r", true),
        ("e7e8b", false),
        ("e7e8n", false),
    ] {
        let after = p.play(find(&p, uci)).unwrap();
        assert_eq!(after.is_check(), check, "{uci}");
    }
    // Only the knight checks the king on g7.
    let p = pos("8/4P1k1/8/8/8/8/8/K7 w - - 0 1");
    for (uci, check) in [
        ("e7e8q", false),
        ("e7e8r", false),
        ("e7e8b", false),
        ("e7e8n", true),
    ] {
        let after = p.play(find(&p, uci)).unwrap();
        assert_eq!(after.is_check(), check, "{uci}");
    }
}

#[test]
fn black_promotes_on_the_first_rank() {
    let p = pos("k7/8/8/8/8/8/1p6/R3K3 b - - 0 1");
    let after = p.play(find(&p, "b2a1q")).unwrap();
    assert!(after.is_check());
    assert_eq!(after.fen(), "k7/8/8/8/8/8/8/q3K3 w - - 0 2");
}

// ---- Game-ending positions ----

#[test]
fn stalemate_king_has_no_square() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate());
    assert!(!p.is_checkmate());
    assert_eq!(p.status(), PositionStatus::Stalemate);
}

#[test]
fn stalemate_with_a_pinned_piece() {
    let p = pos("kn5R/8/1K6/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate());
    assert_eq!(p.status(), PositionStatus::Stalemate);
}

#[test]
fn stalemate_takes_precedence_over_insufficient_material() {
    let p = pos("k7/2K5/1B6/8/8/8/8/8 b - - 0 1");
    assert!(p.is_insufficient_material());
    assert_eq!(p.status(), PositionStatus::Stalemate);
}

#[test]
fn checkmate_on_the_back_rank() {
    let p = pos("3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(p.is_checkmate());
    assert!(!p.is_stalemate());
    assert_eq!(p.status(), PositionStatus::Checkmate);
}

#[test]
fn back_rank_check_with_an_escape_is_not_mate() {
    let p = pos("3R2k1/5pp1/7p/8/8/8/8/6K1 b - - 0 1");
    assert!(p.is_check());
    assert!(!p.is_checkmate());
    assert_eq!(p.status(), PositionStatus::Ongoing);
}

#[test]
fn checkmate_smothered() {
    let p = pos("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(p.is_checkmate());
    assert_eq!(p.status(), PositionStatus::Checkmate);
}

#[test]
fn checkmate_fools_mate_played_out() {
    let p = play(&Position::initial(), &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(p.is_checkmate());
    assert_eq!(p.legal_moves().len(), 0);
}

#[test]
fn discovered_check_by_en_passant_capture() {
    // exf6 e.p. takes the e5 pawn off the e-file and uncovers the rook against e8.
    let p = pos("4k3/8/8/3pPp2/8/8/8/K3R3 w - f6 0 1");
    let after = p.play(find(&p, "e5f6")).unwrap();
    assert!(after.is_check());
    assert_eq!(after.checkers().single(), Some(sq("e1")));
}

// ---- Insufficient material ----

/// `(fen, white cannot mate, black cannot mate)`, following the rule in the doc comment of
/// `Position::has_insufficient_material`: a side with a pawn, rook or queen always can mate;
/// otherwise it cannot with (a) a bare king, (b) king and one knight against king and queens
/// only, (c) only bishops, all bishops on the board on one colour and no knight or pawn anywhere.
const MATERIAL: &[(&str, &str, bool, bool)] = &[
    ("K v K", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true),
    ("KB v K", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true),
    ("KN v K", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true, true),
    (
        "KB v KB, same colour",
        "5b1k/8/8/8/8/8/8/2B4K w - - 0 1",
        true,
        true,
    ),
    (
        "KBB v K, bishops on one colour",
        "7k/8/8/8/8/4B3/8/2B4K w - - 0 1",
        true,
        true,
    ),
    (
        "KBBB v KB, all on one colour",
        "5b1k/8/8/8/8/4B3/8/2B3BK w - - 0 1",
        true,
        true,
    ),
    ("KN v KQ", "3qk3/8/8/8/8/8/8/1N2K3 w - - 0 1", true, false),
    ("KN v KQQ", "2qqk3/8/8/8/8/8/8/1N2K3 w - - 0 1", true, false),
    (
        "KB v KR (rule (c))",
        "r3k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        true,
        false,
    ),
    (
        "KB v KQ (rule (c))",
        "q3k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        true,
        false,
    ),
    // Near misses.
    (
        "KN v KN is not a draw",
        "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        false,
        false,
    ),
    (
        "KB v KB on opposite colours is not a draw",
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        false,
        false,
    ),
    (
        "KBB v K, bishops on both colours",
        "4k3/8/8/8/8/8/8/2BBK3 w - - 0 1",
        false,
        true,
    ),
    (
        "KNN v K: two knights are not 'one knight'",
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
        false,
        true,
    ),
    ("KN v KB", "2b1k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false, false),
    ("KN v KR", "r3k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false, false),
    ("KN v KP", "4k3/p7/8/8/8/8/8/1N2K3 w - - 0 1", false, false),
    ("KB v KP", "4k3/p7/8/8/8/8/8/2B1K3 w - - 0 1", false, false),
    ("KB v KN", "1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false),
    ("KBN v K", "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false, true),
    ("KP v K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, true),
    ("KR v K", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, true),
    ("KQ v K", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false, true),
];

#[test]
fn insufficient_material_follows_the_documented_rule() {
    for &(name, fen, white, black) in MATERIAL {
        let p = pos(fen);
        assert_eq!(
            p.has_insufficient_material(Color::White),
            white,
            "{name}: white"
        );
        assert_eq!(
            p.has_insufficient_material(Color::Black),
            black,
            "{name}: black"
        );
        assert_eq!(p.is_insufficient_material(), white && black, "{name}");
        let expected = if white && black {
            PositionStatus::InsufficientMaterial
        } else {
            PositionStatus::Ongoing
        };
        assert_eq!(p.status(), expected, "{name}");
    }
}

#[test]
fn insufficient_material_is_symmetric_between_colours() {
    for &(name, fen, white, black) in MATERIAL {
        let mirrored = mirror(fen);
        let p = pos(&mirrored);
        assert_eq!(
            p.has_insufficient_material(Color::Black),
            white,
            "{name} mirrored"
        );
        assert_eq!(
            p.has_insufficient_material(Color::White),
            black,
            "{name} mirrored"
        );
    }
}

/// The board flipped top to bottom with colours swapped (castling and en passant dropped).
fn mirror(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap();
    let turn = if fields.next().unwrap() == "w" {
        "b"
    } else {
        "w"
    };
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    format!("{} {turn} - - 0 1", ranks.join("/"))
}

// ---- Repetition key ----

#[test]
fn repetition_key_ignores_move_counters() {
    let a = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let b = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 37 80");
    assert_eq!(a.repetition_key(), b.repetition_key());
    assert_eq!(a.hash(), b.hash());
    // The knights go out and back: the same position four plies later.
    let start = Position::initial();
    let again = play(&start, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(again.repetition_key(), start.repetition_key());
    assert_ne!(again.fen(), start.fen());
}

#[test]
fn repetition_key_includes_side_to_move() {
    let a = pos("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    let b = pos("4k3/8/8/8/8/8/8/4K2R b - - 0 1");
    assert_ne!(a.repetition_key(), b.repetition_key());
}

#[test]
fn repetition_key_includes_castling_rights() {
    let a = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let b = pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
    assert_ne!(a.repetition_key(), b.repetition_key());
    // The same board after the kings went out and back, having lost their rights.
    let back = play(&a, &["e1f1", "e8f8", "f1e1", "f8e8"]);
    assert_eq!(back.fen().split(' ').next(), a.fen().split(' ').next());
    assert_ne!(back.repetition_key(), a.repetition_key());
    assert_eq!(
        back.repetition_key(),
        pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").repetition_key()
    );
}

#[test]
fn repetition_key_includes_en_passant_square_when_the_capture_is_legal() {
    // The same placement twice, once with d7-d5 just played (exd6 possible), once not.
    let start = Position::initial();
    let with_ep = play(&start, &["e2e4", "g8f6", "e4e5", "f6g8", "g1f3", "d7d5"]);
    let without = play(
        &start,
        &[
            "e2e4", "d7d6", "e4e5", "d6d5", "g1h3", "c8e6", "h3g5", "e6d7", "g5f3", "d7c8",
        ],
    );
    assert_eq!(with_ep.legal_ep_square(), Some(sq("d6")));
    assert_eq!(without.legal_ep_square(), None);
    assert_eq!(
        with_ep.fen().split(' ').take(3).collect::<Vec<_>>(),
        without.fen().split(' ').take(3).collect::<Vec<_>>()
    );
    assert_ne!(with_ep.repetition_key(), without.repetition_key());
}

#[test]
fn repetition_key_ignores_en_passant_square_when_the_capture_is_pinned() {
    // d2-d4 leaves a pseudo-legal but illegal exd3 (the queen on h4 pins along the rank).
    let start = pos("8/8/8/8/k3p2Q/8/3P4/3K4 w - - 0 1");
    let double_step = play(&start, &["d2d4"]);
    let single_steps = play(
        &start,
        &["d2d3", "a4a3", "h4h3", "a3b4", "d3d4", "b4a4", "h3h4"],
    );
    assert_eq!(double_step.legal_ep_square(), None);
    assert_eq!(
        double_step.fen().split(' ').take(4).collect::<Vec<_>>(),
        single_steps.fen().split(' ').take(4).collect::<Vec<_>>()
    );
    assert_eq!(double_step.repetition_key(), single_steps.repetition_key());
    // The stored hash does carry the pseudo-legal square.
    assert_ne!(double_step.hash(), single_steps.hash());
}

#[test]
fn the_built_in_start_positions_equal_their_fen_and_lose_castling_rights_alike() {
    assert_eq!(
        Position::initial(),
        Position::from_fen(hotseat::rules::INITIAL_FEN).unwrap()
    );
    let p = play(&Position::initial(), &["e2e4", "e7e5", "e1e2"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2"
    );
    // Chess960 number 0: king on g1 between rooks on f1 and h1.
    let p = play(&Position::chess960(0).unwrap(), &["h2h4", "h7h5", "h1h3"]);
    assert_eq!(p.castle_rook(Color::White, CastleSide::King), None);
    assert_eq!(
        p.castle_rook(Color::White, CastleSide::Queen),
        Some(Square::F1)
    );
    let p = play(&p, &["g8h7"]);
    assert_eq!(
        p.fen(),
        "bbqnnr1r/pppppppk/8/7p/7P/7R/PPPPPPP1/BBQNNRK1 w Q - 2 3"
    );
}
