//! Differential test against cozy-chess: along seeded random games from several start
//! positions, both libraries must agree on the set of legal moves, on check, checkmate and
//! stalemate, and on the board, side to move and castling rights after every move.
//!
//! cozy-chess writes castling as the king taking its own rook (`e1h1`); [`standard_uci`]
//! converts standard castling to the king's destination (`e1g1`) as hotseat and UCI write it,
//! and leaves Chess960 castling as king-takes-rook, as hotseat writes that. Chess960 games
//! start from all 960 positions, numbered as both libraries number them.

use std::collections::{BTreeMap, BTreeSet};

use hotseat::rules::{CastleSide, Color, Position};
use proptest::prelude::RngExt;
use proptest::test_runner::{RngAlgorithm, TestRng};

/// proptest's ChaCha generator, seeded: the same games every run.
struct Rng(TestRng);

impl Rng {
    fn new(seed: u64) -> Rng {
        let mut bytes = [0; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }

    fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // Pawns close to promotion and en passant chances on both wings.
    "4k3/1P4p1/8/2pP4/5pP1/8/1p4P1/4K3 w - c6 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
];

/// Games from each start by default, and in the full run behind `--ignored` (every start
/// position of `every_chess960_start_agrees_with_cozy_chess_two_plies_deep` runs either way).
const GAMES_PER_START: u64 = 10;
const GAMES_PER_START_FULL: u64 = 40;
const MAX_PLIES: usize = 160;

/// A cozy-chess move in standard UCI (Chess960 castling stays king-takes-rook).
fn standard_uci(board: &cozy_chess::Board, mv: cozy_chess::Move) -> String {
    let us = board.side_to_move();
    let standard_castle = mv.from.file() == cozy_chess::File::E
        && matches!(mv.to.file(), cozy_chess::File::A | cozy_chess::File::H);
    let to = if board.colors(us).has(mv.to) && standard_castle {
        // Castling: the king "takes" its own rook.
        let file = if mv.to.file() > mv.from.file() {
            cozy_chess::File::G
        } else {
            cozy_chess::File::C
        };
        cozy_chess::Square::new(file, mv.from.rank())
    } else {
        mv.to
    };
    let mut s = format!("{}{}", mv.from, to);
    if let Some(p) = mv.promotion {
        s.push(char::from(p));
    }
    s
}

fn cozy_moves(board: &cozy_chess::Board) -> BTreeMap<String, cozy_chess::Move> {
    let mut out = BTreeMap::new();
    board.generate_moves(|moves| {
        for mv in moves {
            out.insert(standard_uci(board, mv), mv);
        }
        false
    });
    out
}

/// Board, side to move and castling rights: the FEN fields both libraries write the same way
/// (cozy-chess writes the en passant square whenever a pawn could take, legal or not, and caps
/// its half-move clock at 100).
fn common_fields(fen: &str) -> Vec<&str> {
    fen.split(' ').take(3).collect()
}

/// Plays one random game from `fen`, comparing every position; returns how many it compared.
fn compare_game(fen: &str, seed: u64) -> usize {
    compare_game_from(Position::from_fen(fen).unwrap(), fen.parse().unwrap(), seed)
}

/// The rook file of each castling right, White's kingside first, as cozy-chess keeps them.
fn cozy_castling(board: &cozy_chess::Board) -> Vec<Option<String>> {
    cozy_chess::Color::ALL
        .iter()
        .flat_map(|&c| {
            let rights = board.castle_rights(c);
            [rights.short, rights.long]
        })
        .map(|file| file.map(|f| f.to_string()))
        .collect()
}

/// The same for hotseat.
fn our_castling(pos: &Position) -> Vec<Option<String>> {
    Color::ALL
        .into_iter()
        .flat_map(|c| [CastleSide::King, CastleSide::Queen].map(|side| pos.castle_rook(c, side)))
        .map(|sq| sq.map(|sq| sq.file().char().to_string()))
        .collect()
}

/// Plays one random game from a start both libraries hold, comparing every position.
fn compare_game_from(mut ours: Position, mut theirs: cozy_chess::Board, seed: u64) -> usize {
    let fen = ours.fen();
    let fen = fen.as_str();
    let mut rng = Rng::new(seed);
    let mut compared = 0;
    for ply in 0..=MAX_PLIES {
        let context = || format!("game from {fen} seed {seed} ply {ply}: {}", ours.fen());
        let our_moves = ours.legal_moves();
        let our_set: BTreeSet<String> = our_moves.iter().map(|m| m.uci().to_string()).collect();
        let their_map = cozy_moves(&theirs);
        let their_set: BTreeSet<String> = their_map.keys().cloned().collect();
        assert_eq!(
            our_set.len(),
            our_moves.len(),
            "duplicate moves: {}",
            context()
        );
        if our_set != their_set {
            panic!(
                "{}\n  only hotseat: {:?}\n  only cozy-chess: {:?}",
                context(),
                our_set.difference(&their_set).collect::<Vec<_>>(),
                their_set.difference(&our_set).collect::<Vec<_>>()
            );
        }
        assert_eq!(
            our_moves.len() as u64,
            ours.count_legal_moves(),
            "{}",
            context()
        );
        let their_check = !theirs.checkers().is_empty();
        assert_eq!(ours.is_check(), their_check, "check: {}", context());
        assert_eq!(
            ours.checkers().count(),
            theirs.checkers().len(),
            "checkers: {}",
            context()
        );
        assert_eq!(
            ours.is_checkmate(),
            their_check && their_set.is_empty(),
            "checkmate: {}",
            context()
        );
        assert_eq!(
            ours.is_stalemate(),
            !their_check && their_set.is_empty(),
            "stalemate: {}",
            context()
        );
        let their_fen = theirs.to_string();
        assert_eq!(
            common_fields(&ours.fen())[..2],
            common_fields(&their_fen)[..2],
            "{}",
            context()
        );
        assert_eq!(our_castling(&ours), cozy_castling(&theirs), "{}", context());
        if ours.halfmoves() < 100 {
            assert_eq!(
                u32::from(theirs.halfmove_clock()),
                ours.halfmoves(),
                "{}",
                context()
            );
        }
        compared += 1;

        if our_moves.is_empty() || ours.halfmoves() >= 100 {
            break;
        }
        let m = our_moves[rng.below(our_moves.len())];
        let uci = m.uci().to_string();
        ours = ours.play(m).unwrap();
        theirs.play(their_map[&uci]);
    }
    compared
}

/// Compares `games_per_start` games from each of [`STARTS`]; returns the positions compared.
fn standard_games(games_per_start: u64) -> usize {
    let mut positions = 0;
    for (i, fen) in STARTS.iter().enumerate() {
        for game in 0..games_per_start {
            positions += compare_game(fen, (i as u64) << 32 | game);
        }
    }
    positions
}

#[test]
fn legal_moves_and_status_agree_with_cozy_chess() {
    let positions = standard_games(GAMES_PER_START);
    assert!(positions >= 2_500, "only {positions} positions compared");
}

#[test]
#[ignore = "four times the games (a minute in a debug build): run with -- --ignored"]
fn legal_moves_and_status_agree_with_cozy_chess_in_many_games() {
    let positions = standard_games(GAMES_PER_START_FULL);
    assert!(positions >= 10_000, "only {positions} positions compared");
}

/// Compares `games` Chess960 games from random start positions; returns the positions
/// compared and how many different start positions there were.
fn chess960_games(games: u64) -> (usize, usize) {
    let mut rng = Rng::new(960);
    let mut positions = 0;
    let mut numbers = BTreeSet::new();
    for game in 0..games {
        let n = rng.below(960) as u32;
        numbers.insert(n);
        let ours = Position::chess960(n).unwrap();
        let theirs = cozy_chess::Board::chess960_startpos(n);
        assert_eq!(
            common_fields(&ours.fen())[..2],
            common_fields(&theirs.to_string())[..2],
            "start position {n}"
        );
        positions += compare_game_from(ours, theirs, 960 << 32 | game);
    }
    (positions, numbers.len())
}

#[test]
fn chess960_legal_moves_and_status_agree_with_cozy_chess() {
    let (positions, starts) = chess960_games(120);
    assert!(starts >= 100, "only {starts} start positions");
    assert!(positions >= 7_500, "only {positions} positions compared");
}

#[test]
#[ignore = "four times the games (a minute in a debug build): run with -- --ignored"]
fn chess960_legal_moves_and_status_agree_with_cozy_chess_in_many_games() {
    let (positions, starts) = chess960_games(480);
    assert!(starts >= 350, "only {starts} start positions");
    assert!(positions >= 30_000, "only {positions} positions compared");
}

#[test]
fn every_chess960_start_agrees_with_cozy_chess_two_plies_deep() {
    for n in 0..960 {
        let ours = Position::chess960(n).unwrap();
        let theirs = cozy_chess::Board::chess960_startpos(n);
        let their_moves = cozy_moves(&theirs);
        for (m, count) in hotseat::rules::divide(&ours, 2) {
            let mut child = theirs.clone();
            child.play_unchecked(their_moves[&m.uci().to_string()]);
            let mut replies = 0;
            child.generate_moves(|moves| {
                replies += moves.len() as u64;
                false
            });
            assert_eq!(count, replies, "start {n} {}", m.uci());
        }
    }
}

/// A random sparse placement with one king each, as FEN; often illegal, which is fine.
fn random_placement(rng: &mut Rng) -> String {
    const PIECES: &[u8] = b"PNBRQpnbrq";
    let mut board = [0u8; 64];
    for (i, square) in board.iter_mut().enumerate() {
        if rng.below(6) == 0 {
            let piece = PIECES[rng.below(PIECES.len())];
            let pawn_on_back_rank = piece.eq_ignore_ascii_case(&b'p') && !(8..56).contains(&i);
            if !pawn_on_back_rank {
                *square = piece;
            }
        }
    }
    board[rng.below(64)] = b'K';
    board[rng.below(64)] = b'k';
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                0 => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(char::from(c));
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let white = rng.below(2) == 0;
    let ep = if rng.below(3) == 0 {
        format!(
            "{}{}",
            char::from(b'a' + rng.below(8) as u8),
            if white { 6 } else { 3 }
        )
    } else {
        "-".to_owned()
    };
    format!("{fen} {} - {ep} 0 1", if white { 'w' } else { 'b' })
}

#[test]
fn random_placements_agree_with_cozy_chess() {
    let mut rng = Rng::new(0x5eed);
    let mut compared = 0;
    for _ in 0..20_000 {
        let fen = random_placement(&mut rng);
        let (Ok(ours), Ok(theirs)) = (Position::from_fen(&fen), fen.parse::<cozy_chess::Board>())
        else {
            continue;
        };
        let our_set: BTreeSet<String> = ours
            .legal_moves()
            .iter()
            .map(|m| m.uci().to_string())
            .collect();
        let their_set: BTreeSet<String> = cozy_moves(&theirs).into_keys().collect();
        assert_eq!(our_set, their_set, "{fen}");
        assert_eq!(ours.is_check(), !theirs.checkers().is_empty(), "{fen}");
        compared += 1;
    }
    assert!(compared >= 2_000, "only {compared} placements compared");
}

#[test]
fn perft_divide_agrees_with_cozy_chess() {
    fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
        nodes
    }
    for fen in STARTS {
        let ours = Position::from_fen(fen).unwrap();
        let theirs: cozy_chess::Board = fen.parse().unwrap();
        let their_moves = cozy_moves(&theirs);
        for (m, count) in hotseat::rules::divide(&ours, 3) {
            let mut child = theirs.clone();
            child.play_unchecked(their_moves[&m.uci().to_string()]);
            assert_eq!(count, cozy_perft(&child, 2), "{fen} {}", m.uci());
        }
    }
}
