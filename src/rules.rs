//! Pure chess: squares, bitboards, positions, legal moves, FEN, notation and perft.
//!
//! No I/O, no time, no terminal, and no allocation in the move-generation hot path.

mod types;

pub use types::{Color, File, ParseSquareError, Piece, Rank, Role, Square};
