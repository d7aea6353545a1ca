//! Pure chess: squares, bitboards, positions, legal moves, FEN, notation and perft.
//!
//! No I/O, no time, no terminal, and no allocation in the move-generation hot path.
mod attacks;
mod bitboard;
mod chess960;
mod fen;
mod localised;
mod move_text;
mod movegen;
mod moves;
mod notation;
mod perft;
mod position;
mod types;
mod zobrist;

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
pub use bitboard::Bitboard;
pub use fen::{
    CastlingRight, CastlingRook, FenError, INITIAL_FEN, ParseFenError, PositionError, Setup,
};
pub use localised::{Language, MoveStyle, Notation, UnknownLanguage, UnknownNotation};
pub use move_text::{
    AmbiguousMove, Illegal, IllegalMoveText, MoveError, ParseMoveError, SyntaxError,
};
pub use movegen::move_targets;
pub use moves::{MAX_MOVES, Move, MoveList, Uci};
pub use perft::{divide, perft};
pub use position::{CastleSide, IllegalMove, Position, PositionStatus};
pub use types::{Color, File, ParseSquareError, Piece, Rank, Role, Square};
