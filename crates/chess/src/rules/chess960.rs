//! The 960 start positions of Chess960 and their numbers (Scharnagl's scheme, as the FIDE
//! Laws' Guidelines II and every Chess960 program use): 518 is the standard arrangement.
//!
//! A number `n` is read as mixed-radix digits: `n % 4` places the light-squared bishop on b, d,
//! f or h; the next `% 4` the dark-squared one on a, c, e or g; the next `% 6` the queen on one
//! of the six files left; the remaining `0..10` the two knights on the five left; the last
//! three files get rook, king, rook, so the king always stands between its rooks.

use super::position::Position;
use super::types::{Color, File, Rank, Role, Square};

/// The knights' places among the five files left after bishops and queen, by the last digit.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The pieces of White's back rank, a-file first, of start position `n`; `None` above 959.
pub(crate) fn back_rank(n: u32) -> Option<[Role; 8]> {
    if n >= 960 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = n as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    rank[2 * (n / 4 % 4)] = Some(Role::Bishop);
    let n = n / 16;
    place(&mut rank, n % 6, Role::Queen);
    let (first, second) = KNIGHTS[n / 6];
    // The second knight's index counts the first one's file as still free.
    place(&mut rank, second, Role::Knight);
    place(&mut rank, first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place(&mut rank, 0, role);
    }
    let mut out = [Role::Pawn; 8];
    for (slot, role) in out.iter_mut().zip(rank) {
        *slot = role?;
    }
    Some(out)
}

/// Puts `role` on the `nth` empty file (counting from a).
fn place(rank: &mut [Option<Role>; 8], nth: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|r| r.is_none()).nth(nth) {
        *slot = Some(role);
    }
}

/// The number whose arrangement White's back rank shows, if it shows one; the caller checks
/// the rest of the position.
pub(crate) fn number(pos: &Position) -> Option<u32> {
    let mut roles = [Role::Pawn; 8];
    for (slot, file) in roles.iter_mut().zip(File::ALL) {
        let piece = pos.piece_at(Square::from_coords(file, Rank::First))?;
        if piece.color != Color::White {
            return None;
        }
        *slot = piece.role;
    }
    (0..960).find(|&n| back_rank(n) == Some(roles))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(n: u32) -> String {
        back_rank(n)
            .unwrap()
            .iter()
            .map(|r| r.upper_char())
            .collect()
    }

    #[test]
    fn scharnagl_numbers_of_known_positions() {
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(518), "RNBQKBNR");
        assert_eq!(letters(959), "RKRNNQBB");
        assert_eq!(letters(1), "BQNBNRKR");
        assert_eq!(back_rank(960), None);
    }

    #[test]
    fn all_960_arrangements_are_different_and_legal() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = back_rank(n).unwrap();
            assert!(seen.insert(rank), "{n} repeats an arrangement");
            let at = |role| rank.iter().position(|&r| r == role).unwrap();
            let rooks: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Rook).collect();
            assert!(
                rooks[0] < at(Role::King) && at(Role::King) < rooks[1],
                "{n}"
            );
            let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == Role::Bishop).collect();
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
        }
    }
}
