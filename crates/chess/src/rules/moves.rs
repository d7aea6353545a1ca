//! Moves and a fixed-capacity, allocation-free list of them.

use std::fmt;
use std::ops::Deref;

use super::bitboard::Bitboard;
use super::types::{Role, Square};

/// A move, as generated for a particular position.
///
/// Castling is stored as the king's and the rook's starting squares; [`Move::to`] gives the
/// square the king lands on, which is what UCI and LAN write (`e1g1`) for standard castling.
/// Any other castling (Chess960) is written as the king taking its own rook (`b1a1`), as
/// UCI_Chess960 does, since the king's destination may be its own square or one step away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Normal {
        role: Role,
        from: Square,
        capture: Option<Role>,
        to: Square,
        promotion: Option<Role>,
    },
    EnPassant {
        from: Square,
        to: Square,
    },
    Castle {
        king: Square,
        rook: Square,
    },
}

impl Move {
    /// The role of the moving piece.
    #[inline]
    pub const fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    #[inline]
    pub const fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The destination; for castling, the square the king lands on.
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                let file = if rook.index() > king.index() { 6 } else { 2 };
                Square::new((king.index() as u32 & !7) | file)
            }
        }
    }

    /// The role captured, if any (a pawn for en passant).
    #[inline]
    pub const fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    #[inline]
    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self, Move::Castle { .. })
    }

    /// True for pawn moves and captures: the moves that reset the fifty-move count.
    #[inline]
    pub const fn is_zeroing(self) -> bool {
        matches!(self.role(), Role::Pawn) || self.capture().is_some()
    }

    /// The squares a player may put the moving piece down on to make this move with the cursor
    /// or mouse: the destination; for castling, the king's own rook (as on lichess) and also
    /// the king's destination when the king moves two files or more (a shorter step there is
    /// an ordinary king move, and no step at all is putting the king back).
    ///
    /// ```
    /// use hotseat_chess::rules::{Bitboard, Move, Square};
    /// let standard = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert_eq!(standard.landing_squares(), Bitboard::from_square(Square::G1).with(Square::H1));
    /// let beside = Move::Castle { king: Square::F1, rook: Square::H1 };
    /// assert_eq!(beside.landing_squares(), Bitboard::from_square(Square::H1));
    /// ```
    #[inline]
    pub fn landing_squares(self) -> Bitboard {
        match self {
            Move::Castle { king, rook } => {
                let to = self.to();
                let walks = king.file().index().abs_diff(to.file().index()) >= 2;
                let rook = Bitboard::from_square(rook);
                if walks { rook.with(to) } else { rook }
            }
            _ => Bitboard::from_square(self.to()),
        }
    }

    /// Castling that standard chess also has: king from the e-file, rook from a corner.
    #[inline]
    pub const fn is_standard_castle(self) -> bool {
        match self {
            Move::Castle { king, rook } => {
                king.file().index() == 4 && matches!(rook.file().index(), 0 | 7)
            }
            _ => false,
        }
    }

    /// The move in UCI form: `e2e4`, `e7e8q`, `e1g1`; other castling as king takes rook.
    ///
    /// ```
    /// use hotseat_chess::rules::{Move, Square};
    /// let chess960 = Move::Castle { king: Square::B1, rook: Square::A1 };
    /// assert_eq!(chess960.uci().to_string(), "b1a1");
    /// let standard = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert_eq!(standard.uci().to_string(), "e1g1");
    /// ```
    pub fn uci(self) -> Uci {
        Uci(self)
    }
}

/// Displays a move in UCI form; see [`Move::uci`].
#[derive(Clone, Copy, Debug)]
pub struct Uci(Move);

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Move::Castle { king, rook } if !self.0.is_standard_castle() => {
                return write!(f, "{king}{rook}");
            }
            _ => write!(f, "{}{}", self.0.from(), self.0.to())?,
        }
        if let Some(p) = self.0.promotion() {
            write!(f, "{}", p.lower_char())?;
        }
        Ok(())
    }
}

/// The most legal moves any reachable position has is 218; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of moves with a fixed capacity, living on the stack.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    const FILLER: Move = Move::Castle {
        king: Square::A1,
        rook: Square::A1,
    };

    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Self::FILLER; MAX_MOVES],
        }
    }

    /// Adds a move. Legal positions never fill the list; a full list drops the move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(&m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
