//! cozy-chess perft, bulk-counted at the leaves like ours: the anchor for the perft benchmark
//! (`benches/perft.rs`) and the quick A/B example (`examples/perft_ab.rs`).

/// Leaf nodes `depth` plies below `board` (depth >= 1).
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}
