//! Perft: the number of leaf nodes of the legal move tree, the standard test of a move generator.

use super::moves::Move;
use super::position::Position;

/// Counts the leaf nodes `depth` plies below `pos`. Depth 0 is the position itself: 1.
///
/// ```
/// use chess::rules::{perft, Position};
/// assert_eq!(perft(&Position::initial(), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            pos.generate(|m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                nodes += perft(&next, depth - 1);
            });
            nodes
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it, sorted by the move's
/// UCI text (as `perft --divide` prints them).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut rows: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (m, perft(&next, depth.saturating_sub(1)))
        })
        .collect();
    rows.sort_by_cached_key(|(m, _)| m.uci().to_string());
    rows
}
