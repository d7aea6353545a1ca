//! Perft: the number of leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! Bulk counting spends a fifth of its instructions counting bits (measured with callgrind on
//! Kiwipete). The baseline x86-64 target has no `popcnt` instruction, so `count_ones` is a dozen
//! instructions; nearly every x86-64 processor since 2008 has it. So on x86-64 the counting is
//! compiled twice, and the copy with `popcnt` is taken when the processor says it has it: the
//! one `unsafe` call of the crate, checked just before it is made.

use super::attacks::{Sliders, Unpacked, unpacked_table};
use super::moves::Move;
use super::position::Position;

/// Counts the leaf nodes `depth` plies below `pos`. Depth 0 is the position itself: 1.
///
/// ```
/// use hotseat_chess::rules::{perft, Position};
/// assert_eq!(perft(&Position::initial(), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // Millions of lookups ahead: the fast slider table pays for itself many times over.
    let sliders = unpacked_table();
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: `count_popcnt` needs only the popcnt instruction, which the processor has just
        // been seen to have.
        #[allow(unsafe_code)]
        return unsafe { count_popcnt(pos, depth, sliders) };
    }
    count(pos, depth, sliders)
}

fn count<A: Sliders>(pos: &Position, depth: u32, sliders: A) -> u64 {
    count_step(pos, depth, sliders, |next, depth| {
        count(next, depth, sliders)
    })
}

/// [`count`] compiled with the `popcnt` instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn count_popcnt(pos: &Position, depth: u32, sliders: Unpacked) -> u64 {
    count_step(pos, depth, sliders, |next, depth| {
        count_popcnt(next, depth, sliders)
    })
}

/// One node of perft, `deeper` counting below each child: inlined into both versions, so that
/// each is compiled with its own instructions.
#[inline(always)]
fn count_step(
    pos: &Position,
    depth: u32,
    sliders: impl Sliders,
    mut deeper: impl FnMut(&Position, u32) -> u64,
) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_with(sliders),
        _ => {
            let mut nodes = 0;
            pos.generate_with(sliders, |m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                nodes += deeper(&next, depth - 1);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::attacks::Current;

    /// Kiwipete, the position of many special moves, with its known counts.
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    #[test]
    fn the_counting_without_popcnt_is_right_too() {
        // `perft` takes the popcnt copy wherever the processor has it: this is the other one.
        let pos = Position::from_fen(KIWIPETE).unwrap();
        let counts: Vec<u64> = (0..=3).map(|d| count(&pos, d, unpacked_table())).collect();
        assert_eq!(counts, [1, 48, 2039, 97862]);
        assert_eq!(perft(&pos, 3), 97862);
    }

    #[test]
    fn generating_by_walking_the_rays_counts_the_same() {
        // The playing screen's way to find slider attacks, through the whole move generator:
        // castling through attacked squares, pins, en passant along a rank, promotions.
        for (fen, depth, nodes) in [
            (KIWIPETE, 3, 97862),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
                9467,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
                62379,
            ),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(count(&pos, depth, Current::Rays), nodes, "{fen}");
        }
    }
}
