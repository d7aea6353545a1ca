//! Move numbers as chess players write them: `12.` before White's move, `12...` before Black's.
//!
//! The one place that counts them, for the move list, the messages, the PGN writer and the
//! errors of the PGN reader: a game set up from a FEN starts at its own move number and may
//! start with Black to move.

use std::fmt;

use crate::rules::{Color, Position};

/// The number of a half-move, and whose move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The full-move number, starting from the start position's.
    pub number: u32,
    /// White's move (`12.`) or Black's (`12...`).
    pub white: bool,
}

impl MoveNumber {
    /// The number of the move about to be played in `position`.
    ///
    /// ```
    /// use hotseat_chess::game::MoveNumber;
    /// use hotseat_chess::rules::Position;
    ///
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/K6k b - - 0 40").unwrap();
    /// assert_eq!(MoveNumber::of(&pos).to_string(), "40...");
    /// ```
    pub fn of(position: &Position) -> MoveNumber {
        MoveNumber {
            number: position.fullmoves(),
            white: position.turn() == Color::White,
        }
    }

    /// The number of the half-move at `ply` (0-based) of a game started from `start`.
    ///
    /// ```
    /// use hotseat_chess::game::MoveNumber;
    /// use hotseat_chess::rules::Position;
    ///
    /// let start = Position::default();
    /// assert_eq!(MoveNumber::of_ply(&start, 0).to_string(), "1.");
    /// assert_eq!(MoveNumber::of_ply(&start, 3).to_string(), "2...");
    /// ```
    pub fn of_ply(start: &Position, ply: usize) -> MoveNumber {
        let index = ply + usize::from(start.turn() == Color::Black);
        let number = start.fullmoves() as usize + index / 2;
        MoveNumber {
            number: u32::try_from(number).unwrap_or(u32::MAX),
            white: index.is_multiple_of(2),
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.white { "." } else { "..." };
        write!(f, "{}{dots}", self.number)
    }
}

/// The move number of the half-move at `ply` (0-based) from `start`, and whether it is White's.
pub fn ply_number(start: &Position, ply: usize) -> (u32, bool) {
    let MoveNumber { number, white } = MoveNumber::of_ply(start, ply);
    (number, white)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_from_a_fen_with_black_to_move_counts_from_its_own_number() {
        let start = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 12").unwrap();
        assert_eq!(MoveNumber::of_ply(&start, 0).to_string(), "12...");
        assert_eq!(MoveNumber::of_ply(&start, 1).to_string(), "13.");
        assert_eq!(ply_number(&start, 2), (13, false));
    }

    #[test]
    fn a_huge_move_number_saturates_instead_of_wrapping() {
        let ply = 2 * u32::MAX as usize;
        assert_eq!(
            MoveNumber::of_ply(&Position::default(), ply).number,
            u32::MAX
        );
    }
}
