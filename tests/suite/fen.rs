//! FEN: every way to be rejected, each with a message that names the problem, and the canonical
//! form written back.

use hotseat::rules::{
    CastleSide, Color, FenError, INITIAL_FEN, ParseFenError, Position, PositionError, Rank, Square,
};

/// Asserts that `fen` is rejected with an error matching `expected`, whose message contains
/// every one of `words`.
#[track_caller]
fn rejected(fen: &str, expected: impl Fn(&FenError) -> bool, words: &[&str]) {
    let err = match Position::from_fen(fen) {
        Ok(pos) => panic!("{fen:?} was accepted as {}", pos.fen()),
        Err(err) => err,
    };
    assert!(expected(&err), "{fen:?}: unexpected error {err:?}");
    let message = err.to_string();
    for word in words {
        assert!(
            message.contains(word),
            "{fen:?}: message {message:?} does not mention {word:?}"
        );
    }
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

// ---- Syntax ----

#[test]
fn rejects_wrong_field_count() {
    rejected(
        "",
        |e| *e == FenError::Parse(ParseFenError::FieldCount(0)),
        &["6 fields", "found 0"],
    );
    rejected(
        "4k3/8/8/8/8/8/8/4K3 w -",
        |e| *e == FenError::Parse(ParseFenError::FieldCount(3)),
        &["6 fields", "found 3"],
    );
    rejected(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
        |e| *e == FenError::Parse(ParseFenError::FieldCount(7)),
        &["6 fields", "found 7"],
    );
}

#[test]
fn accepts_missing_move_counters_as_zero_and_one() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b -  -").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 7").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 7 1");
}

#[test]
fn rejects_wrong_rank_count() {
    rejected(
        "4k3/8/8/8/8/8/4K3 w - - 0 1",
        |e| *e == FenError::Parse(ParseFenError::RankCount(7)),
        &["7 ranks", "needs 8"],
    );
    rejected(
        "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
        |e| *e == FenError::Parse(ParseFenError::RankCount(9)),
        &["9 ranks"],
    );
    rejected(
        "4k3/8/8/8/8/8/8/4K3/ w - - 0 1",
        |e| *e == FenError::Parse(ParseFenError::RankCount(9)),
        &["9 ranks"],
    );
}

#[test]
fn the_number_of_ranks_is_reported_before_an_error_inside_one() {
    // A bad letter, a rank too long or too short: with the wrong number of ranks, that number
    // is the error, wherever the other one stands.
    for (fen, ranks) in [
        ("4k3/8/8/x7/8/8/4K3 w - - 0 1", 7),
        ("4k3/8/8/8/8/8/8/4K3/x w - - 0 1", 9),
        ("4k3/9/8/8/8/8/8/8/4K3 w - - 0 1", 9),
        ("4k3/44/8/8/8/8/4K3 w - - 0 1", 7),
        ("4k3/8/8/8/8/8/8/4K3//// w - - 0 1", 12),
        ("x w - - 0 1", 1),
    ] {
        assert_eq!(
            Position::from_fen(fen).unwrap_err(),
            FenError::Parse(ParseFenError::RankCount(ranks)),
            "{fen}"
        );
    }
    // With eight, the error in the rank.
    assert!(matches!(
        Position::from_fen("4k3/8/8/x7/8/8/8/4K3 w - - 0 1").unwrap_err(),
        FenError::Parse(ParseFenError::PieceLetter { letter: 'x', .. })
    ));
}

#[test]
fn rejects_rank_too_long() {
    rejected(
        "4k4/8/8/8/8/8/8/4K3 w - - 0 1",
        |e| {
            *e == FenError::Parse(ParseFenError::RankLength {
                rank: Rank::Eighth,
                squares: 9,
            })
        },
        &["rank 8 has 9 squares", "exactly 8"],
    );
    rejected(
        "4k3/8/8/8/8/8/8/4K3p w - - 0 1",
        |e| {
            matches!(
                e,
                FenError::Parse(ParseFenError::RankLength {
                    rank: Rank::First,
                    squares: 9
                })
            )
        },
        &["rank 1 has 9"],
    );
    rejected(
        "4k3/8/8/8/54/8/8/4K3 w - - 0 1",
        |e| {
            matches!(
                e,
                FenError::Parse(ParseFenError::RankLength { squares: 9, .. })
            )
        },
        &["rank 4 has 9"],
    );
}

#[test]
fn rejects_rank_too_short() {
    rejected(
        "4k2/8/8/8/8/8/8/4K3 w - - 0 1",
        |e| {
            *e == FenError::Parse(ParseFenError::RankLength {
                rank: Rank::Eighth,
                squares: 7,
            })
        },
        &["rank 8 has 7 squares"],
    );
    rejected(
        "4k3/8/8//8/8/8/4K3 w - - 0 1",
        |e| {
            matches!(
                e,
                FenError::Parse(ParseFenError::RankLength { squares: 0, .. })
            )
        },
        &["rank 5 has 0 squares"],
    );
}

#[test]
fn rejects_bad_piece_letters() {
    for (fen, letter) in [
        ("4k3/8/8/8/8/8/8/4K2X w - - 0 1", 'X'),
        ("4k3/8/8/8/8/8/8/4K2x w - - 0 1", 'x'),
        ("4k3/8/8/8/8/8/8/4K209 w - - 0 1", '0'),
        ("4k3/8/8/8/8/8/8/4K39 w - - 0 1", '9'),
        ("4k3/8/8/8/8/8/8/4K2é w - - 0 1", 'é'),
    ] {
        rejected(
            fen,
            |e| matches!(e, FenError::Parse(ParseFenError::PieceLetter { letter: l, rank: Rank::First }) if *l == letter),
            &["not a piece", "KQRBNP", "rank 1"],
        );
    }
}

#[test]
fn rejects_bad_side_to_move() {
    for turn in ["W", "white", "x", "-"] {
        rejected(
            &format!("4k3/8/8/8/8/8/8/4K3 {turn} - - 0 1"),
            |e| *e == FenError::Parse(ParseFenError::Turn(turn.to_owned())),
            &["side to move", "w or b", turn],
        );
    }
}

#[test]
fn rejects_bad_castling_letters() {
    for castling in ["X", "KQkqX", "-K", "K-", "IAha", "kq-", "K1"] {
        rejected(
            &format!("r3k2r/8/8/8/8/8/8/R3K2R w {castling} - 0 1"),
            |e| *e == FenError::Parse(ParseFenError::CastlingSyntax(castling.to_owned())),
            &["castling field", castling, "KQkq"],
        );
    }
}

#[test]
fn rejects_duplicated_castling_letter() {
    rejected(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1",
        |e| *e == FenError::Parse(ParseFenError::CastlingDuplicate('K')),
        &["lists K twice"],
    );
    rejected(
        "r3k2r/8/8/8/8/8/8/R3K2R w qq - 0 1",
        |e| *e == FenError::Parse(ParseFenError::CastlingDuplicate('q')),
        &["lists q twice"],
    );
}

#[test]
fn rejects_castling_right_that_names_no_rook() {
    rejected(
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        |e| {
            *e == FenError::Position(PositionError::CastlingNoRook {
                letter: 'K',
                king: Square::E1,
                side: CastleSide::King,
                color: Color::White,
            })
        },
        &[
            "castling right K",
            "names no rook",
            "no white rook on rank 1",
            "h-file side of the king on e1",
        ],
    );
    rejected(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
            .replace("r3k2r", "4k2r")
            .as_str(),
        |e| {
            matches!(
                e,
                FenError::Position(PositionError::CastlingNoRook { letter: 'q', .. })
            )
        },
        &[
            "castling right q",
            "no black rook on rank 8",
            "a-file side of the king on e8",
        ],
    );
    // A queen where the rook should be, and no other rook on that side.
    rejected(
        "r3k2r/8/8/8/8/8/8/Q3K2R w KQkq - 0 1",
        |e| {
            matches!(
                e,
                FenError::Position(PositionError::CastlingNoRook { letter: 'Q', .. })
            )
        },
        &["castling right Q", "no white rook"],
    );
    // The only rook is on the other side of the king.
    rejected(
        "4k3/8/8/8/8/8/8/4K2R w Q - 0 1",
        |e| {
            matches!(
                e,
                FenError::Position(PositionError::CastlingNoRook { letter: 'Q', .. })
            )
        },
        &["a-file side of the king on e1"],
    );
}

#[test]
fn rejects_castling_file_letter_without_a_rook_there() {
    rejected(
        "4k3/8/8/8/8/8/8/4K1NR w G - 0 1",
        |e| {
            *e == FenError::Position(PositionError::CastlingRookMissing {
                letter: 'G',
                square: sq("g1"),
                color: Color::White,
            })
        },
        &["castling right G", "names no rook", "no white rook on g1"],
    );
    // A rook of the other colour does not count.
    rejected(
        "4k3/8/8/8/8/8/8/r3K3 w A - 0 1",
        |e| {
            matches!(
                e,
                FenError::Position(PositionError::CastlingRookMissing { letter: 'A', .. })
            )
        },
        &["no white rook on a1"],
    );
    // Nor does a rook off the back rank.
    rejected(
        "4k3/8/8/8/8/8/7R/4K3 w H - 0 1",
        |e| {
            matches!(
                e,
                FenError::Position(PositionError::CastlingRookMissing { letter: 'H', .. })
            )
        },
        &["no white rook on h1"],
    );
}

#[test]
fn rejects_castling_right_when_the_king_is_off_its_back_rank() {
    rejected(
        "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
        |e| {
            *e == FenError::Position(PositionError::CastlingKingAway {
                letter: 'K',
                king: sq("e2"),
                color: Color::White,
            })
        },
        &["castling right K", "white king on rank 1", "it is on e2"],
    );
}

#[test]
fn rejects_two_castling_rights_on_one_side_of_the_king() {
    rejected(
        "4k3/8/8/8/8/8/8/4K1RR w KG - 0 1",
        |e| {
            *e == FenError::Position(PositionError::CastlingSideTwice {
                color: Color::White,
                side: CastleSide::King,
            })
        },
        &["White two kingside rights"],
    );
}

#[test]
fn reads_shredder_and_x_fen_castling_fields() {
    let standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let shredder = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap();
    assert_eq!(standard, shredder);
    assert!(!shredder.is_chess960());
    // The king has left the e-file: X-FEN reads KQkq as the outermost rooks (Chess960).
    let moved = Position::from_fen("r4k1r/8/8/8/8/8/8/R4K1R w KQkq - 0 1").unwrap();
    assert!(moved.is_chess960());
    assert_eq!(
        moved.castle_rook(Color::White, CastleSide::King),
        Some(sq("h1"))
    );
    assert_eq!(
        moved.castle_rook(Color::Black, CastleSide::Queen),
        Some(sq("a8"))
    );
    // An inner rook named by its file; the outer one on that side has no right.
    let inner = Position::from_fen("1r2k1r1/8/8/8/8/8/8/RR2K1RR w Bg - 0 1").unwrap();
    assert_eq!(
        inner.castle_rook(Color::White, CastleSide::Queen),
        Some(sq("b1"))
    );
    assert_eq!(inner.castle_rook(Color::White, CastleSide::King), None);
    assert_eq!(
        inner.castle_rook(Color::Black, CastleSide::King),
        Some(sq("g8"))
    );
    assert_eq!(inner.fen(), "1r2k1r1/8/8/8/8/8/8/RR2K1RR w Bk - 0 1");
}

#[test]
fn rejects_bad_en_passant_syntax() {
    for ep in ["e9", "e", "33", "i3", "E3", "e3e4"] {
        rejected(
            &format!("4k3/8/8/8/4P3/8/8/4K3 b - {ep} 0 1"),
            |e| *e == FenError::Parse(ParseFenError::EnPassantSyntax(ep.to_owned())),
            &["en passant field", ep, "like e3"],
        );
    }
}

#[test]
fn rejects_en_passant_on_the_wrong_rank_for_the_side_to_move() {
    rejected(
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
        |e| {
            *e == FenError::Position(PositionError::EnPassantRank {
                square: sq("e3"),
                turn: Color::White,
            })
        },
        &["e3", "rank 6", "White is to move"],
    );
    rejected(
        "4k3/8/8/4p3/8/8/8/4K3 b - e6 0 1",
        |e| {
            *e == FenError::Position(PositionError::EnPassantRank {
                square: sq("e6"),
                turn: Color::Black,
            })
        },
        &["e6", "rank 3", "Black is to move"],
    );
    rejected(
        "4k3/8/8/8/8/8/8/4K3 b - e5 0 1",
        |e| matches!(e, FenError::Position(PositionError::EnPassantRank { .. })),
        &["e5"],
    );
}

#[test]
fn rejects_en_passant_without_a_pawn_that_just_moved_two_squares() {
    rejected(
        "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
        |e| {
            *e == FenError::Position(PositionError::EnPassantNoPawn {
                square: sq("e3"),
                pawn: sq("e4"),
                color: Color::White,
            })
        },
        &["e3", "white pawn on e4", "moved two squares"],
    );
    // A pawn of the wrong colour on the square.
    rejected(
        "4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1",
        |e| {
            matches!(
                e,
                FenError::Position(PositionError::EnPassantNoPawn {
                    color: Color::Black,
                    ..
                })
            )
        },
        &["black pawn on e5"],
    );
    // A knight, not a pawn.
    rejected(
        "4k3/8/8/3Pn3/8/8/8/4K3 w - e6 0 1",
        |e| matches!(e, FenError::Position(PositionError::EnPassantNoPawn { .. })),
        &["e6"],
    );
}

#[test]
fn rejects_en_passant_whose_squares_are_not_empty() {
    // The skipped square is occupied.
    rejected(
        "4k3/8/4n3/3Pp3/8/8/8/4K3 w - e6 0 1",
        |e| {
            *e == FenError::Position(PositionError::EnPassantNotEmpty {
                square: sq("e6"),
                origin: sq("e7"),
            })
        },
        &["e6", "e7", "must be empty"],
    );
    // The pawn's starting square is occupied.
    rejected(
        "4k3/4p3/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        |e| {
            matches!(
                e,
                FenError::Position(PositionError::EnPassantNotEmpty { .. })
            )
        },
        &["starting square e7"],
    );
    rejected(
        "4k3/8/8/8/3pP3/8/4B3/4K3 b - e3 0 1",
        |e| {
            matches!(
                e,
                FenError::Position(PositionError::EnPassantNotEmpty { .. })
            )
        },
        &["e3", "e2"],
    );
}

#[test]
fn rejects_bad_half_move_clock() {
    for field in ["x", "-1", "+1", "1.5", "10001", "99999999999999999999999"] {
        rejected(
            &format!("4k3/8/8/8/8/8/8/4K3 w - - {field} 1"),
            |e| *e == FenError::Parse(ParseFenError::Halfmoves(field.to_owned())),
            &["half-move clock", field, "whole number"],
        );
    }
    // Digits other than ASCII ones are not numbers in FEN.
    assert_eq!(
        Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - \u{663} 1"),
        Err(FenError::Parse(ParseFenError::Halfmoves(
            "\u{663}".to_owned()
        )))
    );
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 10000 1").is_ok());
}

#[test]
fn rejects_bad_move_number() {
    for field in ["0", "x", "-3", "100001", "18446744073709551617"] {
        rejected(
            &format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {field}"),
            |e| *e == FenError::Parse(ParseFenError::Fullmoves(field.to_owned())),
            &["move number", field, "from 1"],
        );
    }
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 100000").is_ok());
}

// ---- Meaning ----

#[test]
fn rejects_missing_king() {
    rejected(
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        |e| *e == FenError::Position(PositionError::MissingKing(Color::White)),
        &["no white king"],
    );
    rejected(
        "8/8/8/8/8/8/8/4K3 b - - 0 1",
        |e| *e == FenError::Position(PositionError::MissingKing(Color::Black)),
        &["no black king"],
    );
    rejected(
        "8/8/8/8/8/8/8/8 w - - 0 1",
        |e| matches!(e, FenError::Position(PositionError::MissingKing(_))),
        &["no white king"],
    );
}

#[test]
fn rejects_two_kings() {
    rejected(
        "k3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        |e| *e == FenError::Position(PositionError::TooManyKings(Color::Black, 2)),
        &["2 black kings", "must be one"],
    );
    rejected(
        "4k3/8/8/8/8/8/8/K3K2K w - - 0 1",
        |e| *e == FenError::Position(PositionError::TooManyKings(Color::White, 3)),
        &["3 white kings"],
    );
}

#[test]
fn rejects_adjacent_kings() {
    for fen in [
        "8/8/8/8/8/8/4k3/4K3 w - - 0 1",
        "8/8/8/8/8/8/5k2/4K3 b - - 0 1",
        "8/8/8/8/8/8/8/3kK3 w - - 0 1",
        "Kk6/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        rejected(
            fen,
            |e| *e == FenError::Position(PositionError::KingsAdjacent),
            &["kings stand next to each other"],
        );
    }
}

#[test]
fn rejects_side_not_to_move_in_check() {
    rejected(
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
        |e| {
            *e == FenError::Position(PositionError::OppositeCheck {
                in_check: Color::Black,
            })
        },
        &["Black is in check", "White's turn"],
    );
    rejected(
        "4k3/8/8/8/8/8/3p4/4K3 b - - 0 1",
        |e| {
            *e == FenError::Position(PositionError::OppositeCheck {
                in_check: Color::White,
            })
        },
        &["White is in check", "Black's turn"],
    );
    // The side to move may be in check, even twice.
    assert!(Position::from_fen("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").is_ok());
    assert!(Position::from_fen("4k3/8/5N2/8/8/8/8/K3R3 b - - 0 1").is_ok());
}

#[test]
fn rejects_pawns_on_the_back_ranks() {
    rejected(
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        |e| *e == FenError::Position(PositionError::PawnOnBackrank(sq("h8"))),
        &["pawn on h8", "rank 1 or 8"],
    );
    rejected(
        "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        |e| *e == FenError::Position(PositionError::PawnOnBackrank(sq("a1"))),
        &["pawn on a1"],
    );
}

#[test]
fn rejects_more_than_sixteen_pieces() {
    rejected(
        "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        |e| *e == FenError::Position(PositionError::TooManyPieces(Color::White, 17)),
        &["White has 17 pieces", "at most 16"],
    );
    rejected(
        "rnbqkbnr/pppppppp/qqq5/8/8/8/8/4K3 w kq - 0 1",
        |e| *e == FenError::Position(PositionError::TooManyPieces(Color::Black, 19)),
        &["Black has 19 pieces"],
    );
}

#[test]
fn rejects_more_than_eight_pawns() {
    rejected(
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        |e| *e == FenError::Position(PositionError::TooManyPawns(Color::White, 9)),
        &["White has 9 pawns", "at most 8"],
    );
    rejected(
        "4k3/pppppppp/pp6/8/8/8/8/4K3 w - - 0 1",
        |e| *e == FenError::Position(PositionError::TooManyPawns(Color::Black, 10)),
        &["Black has 10 pawns"],
    );
}

#[test]
fn accepts_unusual_but_legal_material() {
    // Nine queens: promoted pawns.
    assert!(Position::from_fen("4k3/8/8/8/8/8/QQQQ1QQQ/QQQ1K3 w - - 0 1").is_ok());
    // Three bishops on one colour.
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/B1B1KB2 w - - 0 1").is_ok());
}

// ---- Writing ----

#[test]
fn writes_en_passant_square_only_when_the_capture_is_legal() {
    // No pawn beside the double-stepped pawn.
    let pos = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    assert_eq!(pos.legal_ep_square(), None);
    // A pawn beside it, free to capture.
    let fen = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
    assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
    // A pawn beside it, but pinned along the rank.
    let pos = Position::from_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1").unwrap();
    assert_eq!(pos.fen(), "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
}

#[test]
fn writes_castling_rights_in_kqkq_order() {
    for (given, written) in [
        ("qkQK", "KQkq"),
        ("kQ", "Qk"),
        ("qK", "Kq"),
        ("k", "k"),
        ("-", "-"),
    ] {
        let pos = Position::from_fen(&format!("r3k2r/8/8/8/8/8/8/R3K2R w {given} - 0 1")).unwrap();
        assert_eq!(
            pos.fen(),
            format!("r3k2r/8/8/8/8/8/8/R3K2R w {written} - 0 1")
        );
    }
}

#[test]
fn writes_single_spaces_and_merged_empty_squares() {
    let pos = Position::from_fen("  4k3/8/8/8/8/8/8/4K3   w\t-  -  3 9 ").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 3 9");
    // Runs of digits that add up to eight are merged.
    let pos = Position::from_fen("1111k3/8/8/8/44/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

/// Canonical FENs: reading and writing each gives back the same text.
const ROUND_TRIP: &[&str] = &[
    INITIAL_FEN,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "r3k3/8/8/8/8/8/8/4K3 b q - 99 150",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",
    "8/8/8/8/8/8/8/k1K5 w - - 10000 100000",
    "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "4k3/8/8/8/4pP2/8/8/4K3 b - f3 0 1",
    "QQQQQQQQ/QQQQQQQ1/8/8/8/8/8/k1K5 b - - 0 1",
];

#[test]
fn canonical_fens_round_trip() {
    for fen in ROUND_TRIP {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), *fen);
        assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos);
    }
}

#[test]
fn perft_suite_fens_round_trip() {
    let text = include_str!("../data/perft.txt");
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fen = line.split(';').next().unwrap().trim();
        let pos = Position::from_fen(fen).unwrap();
        let again = Position::from_fen(&pos.fen()).unwrap();
        assert_eq!(again.fen(), pos.fen(), "{fen}");
        assert_eq!(again.repetition_key(), pos.repetition_key(), "{fen}");
        count += 1;
    }
    assert!(count >= 20);
}

#[test]
fn a_chess960_position_without_castling_rights_reads_back_as_standard() {
    // Queen-side right of the outermost rook, on d1: only Chess960 castles so.
    let pos =
        Position::from_fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/QNBRK2R w KQ - 1 8").unwrap();
    assert!(pos.is_chess960());
    let king_moved = pos.play(pos.parse_move("Kf1").unwrap()).unwrap();
    assert!(king_moved.is_chess960(), "the mark is kept by every move");
    let fen = king_moved.fen();
    assert!(fen.contains(" b - - "), "{fen}");
    let again = Position::from_fen(&fen).unwrap();
    assert!(!again.is_chess960(), "FEN alone cannot say it");
    assert_eq!(again.fen(), fen);
}
