//! SAN, LAN and UCI: writing, the lenient reader, its error messages, and round trips.

use hotseat::rules::{MoveError, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// Plays `text` in `p` and returns the SAN of the move it was read as.
fn read(p: &Position, text: &str) -> String {
    match p.parse_move(text) {
        Ok(m) => p.san(m),
        Err(e) => panic!("{text:?} rejected: {e}"),
    }
}

fn err(p: &Position, text: &str) -> String {
    match p.parse_move(text) {
        Ok(m) => panic!("{text:?} accepted as {}", p.san(m)),
        Err(e) => e.to_string(),
    }
}

#[test]
fn san_disambiguates_by_file_then_rank_then_square() {
    // Knights on b8 and f6 both reach d7.
    let p = pos("rnbqkb1r/ppp2ppp/5n2/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1");
    assert_eq!(err(&p, "Nd7"), "Nd7 is ambiguous: Nbd7 or Nfd7");
    assert_eq!(read(&p, "Nbd7"), "Nbd7");
    assert_eq!(read(&p, "Nfd7"), "Nfd7");
    let p = pos("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    assert_eq!(read(&p, "Rad1"), "Rad1");
    assert_eq!(err(&p, "Rd1"), "Rd1 is ambiguous: Rad1 or Rhd1");
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(read(&p, "R1a3"), "R1a3");
    assert_eq!(err(&p, "Ra3"), "Ra3 is ambiguous: R1a3 or R5a3");
    // Queens on e4, h4 and h1 all reach e1.
    let p = pos("1k6/8/8/8/4Q2Q/8/8/1K5Q w - - 0 1");
    assert_eq!(read(&p, "Qh4e1"), "Qh4e1");
    assert_eq!(read(&p, "Qee1"), "Qee1");
    assert_eq!(read(&p, "Q1e1"), "Q1e1");
}

#[test]
fn san_writes_captures_promotions_castling_check_and_mate() {
    let p = pos("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(read(&p, "O-O"), "O-O");
    assert_eq!(read(&p, "O-O-O"), "O-O-O");
    assert_eq!(read(&p, "bxa8=Q"), "bxa8=Q+");
    assert_eq!(read(&p, "b8=N"), "b8=N");
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(read(&p, "Ra8"), "Ra8#");
    let p = Position::initial();
    let m = p.parse_move("Nf3").unwrap();
    assert_eq!(p.lan(m), "Ng1-f3");
    assert_eq!(m.uci().to_string(), "g1f3");
}

#[test]
fn relaxed_san_is_accepted() {
    let p = Position::initial();
    for text in [
        "e4", "e2e4", "e2-e4", "E4", "e4!", "e4!?", "e4??", "P e4", "Pe4", " e4 ",
    ] {
        if text == "E4" || text == "P e4" {
            assert!(p.parse_move(text).is_err(), "{text}");
            continue;
        }
        assert_eq!(read(&p, text), "e4", "{text}");
    }
    for text in [
        "Nf3", "nf3", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "g1f3", "Nf3+", "Nf3#", "♘f3",
    ] {
        assert_eq!(read(&p, text), "Nf3", "{text}");
    }
}

#[test]
fn castling_in_every_spelling() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for text in ["O-O", "0-0", "o-o", "OO", "e1g1", "Ke1g1", "e1h1", "O-O+"] {
        assert_eq!(read(&p, text), "O-O", "{text}");
    }
    for text in ["O-O-O", "0-0-0", "o-o-o", "e1c1", "e1a1"] {
        assert_eq!(read(&p, text), "O-O-O", "{text}");
    }
}

#[test]
fn promotion_spellings() {
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for text in [
        "a8=Q", "a8Q", "a8=q", "a8(Q)", "a8/Q", "a7a8q", "a7-a8=Q", "a8=Q+",
    ] {
        assert_eq!(read(&p, text), "a8=Q+", "{text}");
    }
    assert_eq!(read(&p, "a8=N"), "a8=N");
    assert_eq!(
        err(&p, "a8"),
        "promotion piece needed: a8=Q, a8=R, a8=B or a8=N"
    );
    assert!(matches!(
        p.parse_move("a7a8"),
        Err(MoveError::PromotionNeeded { .. })
    ));
    assert_eq!(
        err(&p, "a8=K"),
        "\"a8=K\" is not a move: a pawn cannot promote to a king"
    );
}

#[test]
fn lowercase_b_is_a_pawn_capture_when_a_pawn_can_make_it() {
    // The pawn on b2 and the bishop on a5 can both take c3.
    let p = pos("4k3/8/8/B7/8/2n5/1P6/4K3 w - - 0 1");
    assert_eq!(read(&p, "bxc3"), "bxc3");
    assert_eq!(read(&p, "Bxc3"), "Bxc3");
    // Only the bishop can capture: bxc3 falls back to the bishop.
    let p = pos("4k3/8/8/B7/8/2n5/8/4K3 w - - 0 1");
    assert_eq!(read(&p, "bxc3"), "Bxc3");
    // bc4 is a bishop.
    let p = pos("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(read(&p, "bc4"), "Bc4");
}

#[test]
fn en_passant_with_suffix() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for text in ["exd6", "exd6 e.p.", "exd6e.p.", "exd6ep", "e5d6", "ed6"] {
        assert_eq!(read(&p, text), "exd6", "{text}");
    }
}

#[test]
fn syntax_errors_name_the_problem() {
    let p = Position::initial();
    assert_eq!(err(&p, "Nz9"), "\"Nz9\" is not a move: z is not a file");
    assert_eq!(err(&p, "Nf9"), "\"Nf9\" is not a move: 9 is not a rank");
    assert!(err(&p, "").contains("type a move"));
    assert_eq!(
        err(&p, "garbage"),
        "\"garbage\" is not a move: a move needs a destination square, like e4 or Nf3"
    );
    assert_eq!(
        err(&p, "Ke"),
        "\"Ke\" is not a move: a move needs a destination square, like e4 or Nf3"
    );
    assert!(err(&p, "e4→").contains("cannot be part of a move"));
    assert!(err(&p, "Nabcdef3").contains("too much before"));
}

#[test]
fn illegal_moves_say_why() {
    let p = Position::initial();
    assert_eq!(err(&p, "Nd4"), "no white knight can reach d4");
    assert_eq!(err(&p, "Ke2"), "e2 is occupied by your own pawn");
    assert_eq!(err(&p, "e5"), "no white pawn can reach e5");
    assert_eq!(
        err(&p, "e7e5"),
        "the pawn on e7 is Black's; it is White's turn"
    );
    assert_eq!(err(&p, "e3e4"), "there is no piece on e3");
    let p = pos("4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1");
    assert_eq!(err(&p, "e4"), "e4 is blocked");
    let p = pos("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1");
    assert_eq!(err(&p, "e4"), "e4 is blocked");
    // Pinned knight.
    let p = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        err(&p, "Nf4"),
        "the knight on e2 is pinned: your king would be in check"
    );
    // King into check.
    let p = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(err(&p, "Kd1"), "your king would be in check");
    let p = pos("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(err(&p, "Bc4"), "White has no bishop");
}

#[test]
fn castling_errors_say_why() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
    assert!(err(&p, "O-O").starts_with("cannot castle kingside: White has lost the right"));
    let p = pos("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1");
    assert_eq!(err(&p, "O-O"), "cannot castle kingside: f1 is occupied");
    let p = pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    // f2 rook attacks f1 (and the king? no: e1 is not on the f-file).
    assert_eq!(err(&p, "O-O"), "cannot castle: f1 is attacked");
    assert_eq!(err(&p, "e1g1"), "cannot castle: f1 is attacked");
    let p = pos("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert_eq!(err(&p, "O-O-O"), "cannot castle: your king is in check");
    // The rook may be attacked, and b1 may be attacked for queenside castling.
    let p = pos("1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
    assert_eq!(read(&p, "O-O-O"), "O-O-O");
}

/// A deterministic PRNG so the round-trip games are the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Reads back the SAN, LAN and UCI of every move in `moves` (the legal moves of `p`) and
/// returns how many moves it checked.
fn round_trip_every_move(p: &Position, moves: &[hotseat::rules::Move]) -> usize {
    for &m in moves {
        for text in [p.san(m), p.lan(m), m.uci().to_string()] {
            let back = p
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
            assert_eq!(back, m, "{text} in {}", p.fen());
        }
    }
    moves.len()
}

#[test]
fn every_legal_move_round_trips_through_san_lan_and_uci() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let starts = [
        hotseat::rules::INITIAL_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    let mut checked = 0;
    for game in 0..60 {
        let mut p = pos(starts[game % starts.len()]);
        for _ in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            checked += round_trip_every_move(&p, &moves);
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            p.play_unchecked(m);
        }
    }
    assert!(checked > 50_000, "{checked}");
}

const PROP_STARTS: &[&str] = &[
    hotseat::rules::INITIAL_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/1P4p1/8/2pP4/5pP1/8/1p4P1/4K3 w - c6 0 1",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
];

/// Whatever `text` is, reading it either fails with a message or gives a legal move whose SAN
/// and LAN read back to the same move.
fn check_read(fen: &str, text: &str) -> Result<(), proptest::test_runner::TestCaseError> {
    use proptest::prelude::*;
    let p = pos(fen);
    match p.parse_move(text) {
        Ok(m) => {
            prop_assert!(p.legal_moves().contains(&m), "{text:?} in {fen}");
            prop_assert_eq!(p.parse_move(&p.san(m)).ok(), Some(m));
            prop_assert_eq!(p.parse_move(&p.lan(m)).ok(), Some(m));
        }
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(2000))]

    #[test]
    fn the_move_reader_never_panics_on_arbitrary_text(
        start in proptest::sample::select(PROP_STARTS),
        text in "\\PC{0,12}",
    ) {
        check_read(start, &text)?;
    }

    #[test]
    fn the_move_reader_never_panics_on_move_like_text(
        start in proptest::sample::select(PROP_STARTS),
        text in "[KQRBNPkqrbnpa-h1-8xX=+#!?()O0o. e-]{0,10}",
    ) {
        check_read(start, &text)?;
    }
}

// ---- Chess960 ----

#[test]
fn chess960_castling_spellings_where_the_king_does_not_move() {
    // King g1 beside its h1 rook: O-O leaves the king on g1 and puts the rook on f1.
    let p = pos("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1");
    for text in ["O-O", "0-0", "g1h1", "Kg1h1", "Kg1-h1"] {
        assert_eq!(read(&p, text), "O-O", "{text}");
    }
    let castle = p.parse_move("O-O").unwrap();
    assert_eq!(castle.uci().to_string(), "g1h1");
    assert_eq!(p.lan(castle), "O-O");
    let after = p.play(castle).unwrap();
    assert_eq!(
        after.fen(),
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"
    );
    // Queenside the king walks from g1 to c1 and the rook from b1 to d1.
    for text in ["O-O-O", "g1b1", "g1c1"] {
        assert_eq!(read(&p, text), "O-O-O", "{text}");
    }
    for text in ["g1g1", "Kg1"] {
        assert_eq!(
            err(&p, text),
            "the king is already on g1; to castle kingside (only the rook moves) type O-O or g1h1"
        );
    }
    // Without the right, the king onto its own rook is still read as a castling attempt.
    let p = pos("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w - - 0 1");
    assert!(err(&p, "g1h1").starts_with("cannot castle kingside: White has lost the right"));
    assert!(err(&p, "g1b1").starts_with("cannot castle queenside: White has lost the right"));
    // Written as a king's move, onto its own rook is a square taken, not castling (a puzzle's
    // Kf8 with the rook on f8 said "cannot castle queenside").
    let p = pos("5rk1/5ppp/8/8/8/8/5PPP/5RK1 b - - 0 1");
    assert_eq!(err(&p, "Kf8"), "f8 is occupied by your own rook");
}

#[test]
fn chess960_castling_spellings_where_the_rook_does_not_move() {
    // Rook on d1: queenside castling moves only the king, e1 to c1.
    let p = pos("r3k2r/8/8/8/8/8/8/3RK2R w KQkq - 0 1");
    for text in ["O-O-O", "e1d1", "e1c1", "Ke1c1"] {
        assert_eq!(read(&p, text), "O-O-O", "{text}");
    }
    let after = p.play(p.parse_move("O-O-O").unwrap()).unwrap();
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    // The king crosses d1, where its rook stands: an enemy rook attacking d1 forbids it.
    let p = pos("3rk2r/8/8/8/8/8/8/3RK2R w KQkq - 0 1");
    assert_eq!(err(&p, "O-O-O"), "cannot castle: d1 is attacked");
}

#[test]
fn chess960_one_step_king_moves_stay_king_moves() {
    // King f1, rook h1: f1g1 is the king's step; castling is f1h1 or O-O.
    let p = pos("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1");
    assert_eq!(read(&p, "f1g1"), "Kg1");
    assert_eq!(read(&p, "Kg1"), "Kg1");
    assert_eq!(read(&p, "f1h1"), "O-O");
    // King b1 beside its a1 rook: b1c1 is a step, b1a1 castles.
    let p = pos("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
    assert_eq!(read(&p, "b1c1"), "Kc1");
    assert_eq!(read(&p, "b1a1"), "O-O-O");
    assert_eq!(p.parse_move("O-O-O").unwrap().uci().to_string(), "b1a1");
}

#[test]
fn chess960_castling_errors_say_why() {
    // The b1 rook shields c1 from the black rook on a1 until it castles to d1.
    let p = pos("4k3/8/8/8/8/8/8/rRK4R w KQ - 0 1");
    assert_eq!(err(&p, "O-O-O"), "cannot castle: c1 is attacked");
    assert_eq!(err(&p, "c1b1"), "cannot castle: c1 is attacked");
    // A knight between king and rook, and one on the rook's destination.
    let p = pos("4k3/8/8/8/8/8/8/RNK3NR w KQ - 0 1");
    assert_eq!(err(&p, "O-O-O"), "cannot castle queenside: b1 is occupied");
    assert_eq!(err(&p, "O-O"), "cannot castle kingside: g1 is occupied");
    let p = pos("4k3/8/8/8/8/8/8/1RK2B1R w KQ - 0 1");
    assert_eq!(err(&p, "O-O"), "cannot castle kingside: f1 is occupied");
    let p = pos("4k3/8/8/8/8/8/8/1RK4R w K - 0 1");
    assert!(err(&p, "O-O-O").starts_with("cannot castle queenside: White has lost the right"));
    // The king may not pass an attacked square on its way from g1 to c1.
    let p = pos("1r3kr1/8/8/8/8/8/2q5/1R3KR1 w KQkq - 0 1");
    assert_eq!(err(&p, "O-O-O"), "cannot castle: d1 is attacked");
}

#[test]
fn every_chess960_legal_move_round_trips_through_san_lan_uci_and_fen() {
    let mut rng = Rng(0x9600_9600_9600_9601);
    let mut checked = 0;
    for _ in 0..40 {
        let number = (rng.next() % 960) as u32;
        let mut p = Position::chess960(number).unwrap();
        for _ in 0..120 {
            let mut read = pos(&p.fen());
            read.set_chess960(true);
            assert_eq!(read, p, "{}", p.fen());
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            checked += round_trip_every_move(&p, &moves);
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            p.play_unchecked(m);
        }
    }
    assert!(checked > 50_000, "{checked}");
}
