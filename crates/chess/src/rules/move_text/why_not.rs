//! Why text cannot be played as a move, in words a player understands: the error types, and
//! the diagnosis of a readable move that no legal move fits ("no white knight can reach f3",
//! "e4 is blocked", "cannot castle: f1 is attacked").

use std::fmt;

use super::read::Pattern;
use crate::rules::attacks::{king_attacks, pawn_attacks};
use crate::rules::bitboard::Bitboard;
use crate::rules::position::{CastleSide, Position};
use crate::rules::types::{Color, File, Rank, Role, Square};

/// Why typed or recorded text could not be played as a move: it cannot be read
/// ([`MoveError::Parse`]), or it reads as a move that cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move at all.
    Parse(ParseMoveError),
    /// A readable move that is not legal here.
    Illegal(IllegalMoveText),
    /// More than one legal move fits.
    Ambiguous(AmbiguousMove),
    /// A pawn reaches the last rank but the text names no piece; `options` are the four SANs.
    PromotionNeeded {
        input: String,
        from: Square,
        to: Square,
        options: Vec<String>,
    },
}

/// Text that is not a move: `"Nz9" is not a move: z is not a file`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text as typed, without surrounding spaces.
    pub input: String,
    pub kind: SyntaxError,
}

/// What is wrong with the text of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntaxError {
    /// Nothing was typed.
    Empty,
    /// Bytes that are not UTF-8 (a PGN token).
    NotUtf8,
    /// A character that no notation uses.
    BadChar(char),
    /// Longer than any move is written.
    TooLong,
    /// No destination square could be read.
    NeedsDestination,
    /// Where the destination's file should be.
    NotAFile(char),
    /// Where the destination's rank should be.
    NotARank(char),
    /// Where the origin's file or rank should be.
    NotAFileOrRank(char),
    /// More than a file and a rank before the destination.
    TooMuchBeforeDestination,
    /// A trailing `=`.
    PromotionPieceMissing,
    /// `e8=K`.
    CannotPromoteTo(Role),
    /// `e8=X`.
    NotAPromotionPiece(char),
}

/// A move that can be read but not played here, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveText {
    /// The text as typed, without surrounding spaces.
    pub input: String,
    pub reason: Illegal,
}

/// Why no legal move fits the text. The colours and pieces are those of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The king or that rook has moved.
    CastlingRightLost {
        side: CastleSide,
        color: Color,
    },
    CastlingInCheck,
    /// A piece stands between king and rook.
    CastlingBlocked {
        side: CastleSide,
        square: Square,
    },
    /// The king would pass through or land on an attacked square.
    CastlingThroughAttack {
        square: Square,
    },
    CastlingNotHere {
        side: CastleSide,
    },
    /// Chess960: a king move onto its own square, where castling would put it; only the rook
    /// moves, so castling is written `O-O` or king-takes-rook.
    KingAlreadyThere {
        side: CastleSide,
        square: Square,
        rook: Square,
    },
    /// A move written from a square (`e3e4`) that is empty.
    NoPieceOn(Square),
    /// A move written from a square holding the other side's piece.
    NotYourPiece {
        role: Role,
        square: Square,
        owner: Color,
    },
    OnlyPawnsPromote,
    /// A promotion to a square off the last rank.
    PromotesOnlyOnRank(Rank),
    OwnPieceOn {
        square: Square,
        role: Role,
    },
    /// The side to move has none of that piece at all.
    NoneLeft {
        color: Color,
        role: Role,
    },
    /// None of that piece on the file, rank or square the text names.
    NoneThere {
        color: Color,
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
    },
    Blocked(Square),
    NothingToCapture(Square),
    CannotReach {
        color: Color,
        role: Role,
        to: Square,
    },
    Pinned {
        role: Role,
        square: Square,
    },
    CheckNotStopped,
    KingWouldBeInCheck,
}

/// More than one legal move fits the text: `Nd7 is ambiguous: Nbd7 or Nfd7`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbiguousMove {
    /// The text as typed, without surrounding spaces.
    pub input: String,
    /// The SAN of every move that fits, sorted.
    pub candidates: Vec<String>,
}

impl MoveError {
    /// The text that was rejected, as typed.
    pub fn input(&self) -> &str {
        match self {
            MoveError::Parse(ParseMoveError { input, .. })
            | MoveError::Illegal(IllegalMoveText { input, .. })
            | MoveError::Ambiguous(AmbiguousMove { input, .. })
            | MoveError::PromotionNeeded { input, .. } => input,
        }
    }
}

fn join_or(options: &[String]) -> String {
    match options {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Parse(err) => err.fmt(f),
            MoveError::Illegal(err) => err.fmt(f),
            MoveError::Ambiguous(err) => err.fmt(f),
            MoveError::PromotionNeeded { options, .. } => {
                write!(f, "promotion piece needed: {}", join_or(options))
            }
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a move: {}",
            crate::quote::excerpt(&self.input),
            self.kind
        )
    }
}

/// `a space` for a space, the character itself otherwise.
struct Described(char);

impl fmt::Display for Described {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            ' ' => f.write_str("a space"),
            c => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SyntaxError::Empty => f.write_str("type a move, like e4, Nf3, exd5 or O-O"),
            SyntaxError::NotUtf8 => f.write_str("it is not valid UTF-8 text"),
            SyntaxError::BadChar(c) => write!(f, "'{}' cannot be part of a move", c.escape_debug()),
            SyntaxError::TooLong => f.write_str("it is too long"),
            SyntaxError::NeedsDestination => {
                f.write_str("a move needs a destination square, like e4 or Nf3")
            }
            SyntaxError::NotAFile(c) => write!(f, "{} is not a file", Described(c)),
            SyntaxError::NotARank(c) => write!(f, "{} is not a rank", Described(c)),
            SyntaxError::NotAFileOrRank(c) => {
                write!(f, "{} is not a file or a rank", Described(c))
            }
            SyntaxError::TooMuchBeforeDestination => f.write_str(
                "too much before the destination square (write e.g. Nf3, Ngf3 or Ng1-f3)",
            ),
            SyntaxError::PromotionPieceMissing => f.write_str("name the piece after =, like e8=Q"),
            SyntaxError::CannotPromoteTo(role) => {
                write!(f, "a pawn cannot promote to a {}", role.name())
            }
            SyntaxError::NotAPromotionPiece(c) => write!(
                f,
                "{} is not a piece to promote to: use Q, R, B or N",
                Described(c)
            ),
        }
    }
}

impl fmt::Display for IllegalMoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.fmt(f)
    }
}

fn side_name(side: CastleSide) -> &'static str {
    match side {
        CastleSide::King => "kingside",
        CastleSide::Queen => "queenside",
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::CastlingRightLost { side, color } => write!(
                f,
                "cannot castle {}: {color} has lost the right to (king or rook has moved)",
                side_name(side)
            ),
            Illegal::CastlingInCheck => f.write_str("cannot castle: your king is in check"),
            Illegal::CastlingBlocked { side, square } => {
                write!(f, "cannot castle {}: {square} is occupied", side_name(side))
            }
            Illegal::CastlingThroughAttack { square } => {
                write!(f, "cannot castle: {square} is attacked")
            }
            Illegal::CastlingNotHere { side } => {
                write!(f, "cannot castle {} here", side_name(side))
            }
            Illegal::KingAlreadyThere { side, square, rook } => {
                let castle = match side {
                    CastleSide::King => "O-O",
                    CastleSide::Queen => "O-O-O",
                };
                write!(
                    f,
                    "the king is already on {square}; to castle {} (only the rook moves) type \
                     {castle} or {square}{rook}",
                    side_name(side)
                )
            }
            Illegal::NoPieceOn(square) => write!(f, "there is no piece on {square}"),
            Illegal::NotYourPiece {
                role,
                square,
                owner,
            } => write!(
                f,
                "the {} on {square} is {owner}'s; it is {}'s turn",
                role.name(),
                !owner
            ),
            Illegal::OnlyPawnsPromote => f.write_str("only pawns promote"),
            Illegal::PromotesOnlyOnRank(rank) => {
                write!(f, "pawns promote only on rank {}", rank.char())
            }
            Illegal::OwnPieceOn { square, role } => {
                write!(f, "{square} is occupied by your own {}", role.name())
            }
            Illegal::NoneLeft { color, role } => write!(f, "{color} has no {}", role.name()),
            Illegal::NoneThere {
                color,
                role,
                file,
                rank,
            } => {
                write!(f, "no {} {}", color.name(), role.name())?;
                match (file, rank) {
                    (Some(file), Some(rank)) => {
                        write!(f, " on {}", Square::from_coords(file, rank))
                    }
                    (Some(file), None) => write!(f, " on the {}-file", file.char()),
                    (None, Some(rank)) => write!(f, " on rank {}", rank.char()),
                    (None, None) => Ok(()),
                }
            }
            Illegal::Blocked(square) => write!(f, "{square} is blocked"),
            Illegal::NothingToCapture(square) => {
                write!(f, "there is nothing to capture on {square}")
            }
            Illegal::CannotReach { color, role, to } => {
                write!(f, "no {} {} can reach {to}", color.name(), role.name())
            }
            Illegal::Pinned { role, square } => write!(
                f,
                "the {} on {square} is pinned: your king would be in check",
                role.name()
            ),
            Illegal::CheckNotStopped => {
                f.write_str("your king is in check, and that move does not stop it")
            }
            Illegal::KingWouldBeInCheck => f.write_str("your king would be in check"),
        }
    }
}

impl fmt::Display for AmbiguousMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is ambiguous: {}",
            self.input,
            join_or(&self.candidates)
        )
    }
}

impl std::error::Error for MoveError {}
impl std::error::Error for ParseMoveError {}
impl std::error::Error for IllegalMoveText {}
impl std::error::Error for AmbiguousMove {}

impl Position {
    /// Explains why no legal move fits the pattern.
    pub(super) fn diagnose(&self, p: &Pattern) -> Illegal {
        let us = self.turn;
        let role = p.role.unwrap_or(Role::Pawn);
        let to = p.to;

        // A king moving two files along its home rank, or (written square to square, as
        // `g1h1`) onto a rook it may castle with, is an attempt to castle. `Kf8` onto its own
        // rook is no castling in any notation: the square is taken.
        if let Some(from) = p.full_from().or(p.role.map(|_| self.king(us)))
            && self.pieces(us, Role::King).contains(from)
            && let Some(side) = self.castle_attempt(from, to, p.full_from().is_some())
            && let Err(MoveError::Illegal(IllegalMoveText { reason, .. })) =
                self.castle_move(side, "")
        {
            return reason;
        }
        if let Some(from) = p.full_from()
            && p.role.is_none()
        {
            return match self.piece_at(from) {
                None => Illegal::NoPieceOn(from),
                Some(piece) if piece.color != us => Illegal::NotYourPiece {
                    role: piece.role,
                    square: from,
                    owner: piece.color,
                },
                Some(piece) => self.diagnose(&Pattern {
                    role: Some(piece.role),
                    ..*p
                }),
            };
        }
        if p.promotion.is_some() {
            if role != Role::Pawn {
                return Illegal::OnlyPawnsPromote;
            }
            if to.rank() != Rank::Eighth.relative_to(us) {
                return Illegal::PromotesOnlyOnRank(Rank::Eighth.relative_to(us));
            }
        }
        // Chess960: the king already stands where castling would put it.
        if role == Role::King
            && to == self.king(us)
            && let Some((side, rook)) = [CastleSide::King, CastleSide::Queen]
                .into_iter()
                .filter(|side| side.destinations(to.rank()).0 == to)
                .find_map(|side| Some((side, self.castle_rook(us, side)?)))
        {
            return Illegal::KingAlreadyThere {
                side,
                square: to,
                rook,
            };
        }
        if let Some(own) = self.piece_at(to).filter(|pc| pc.color == us) {
            return Illegal::OwnPieceOn {
                square: to,
                role: own.role,
            };
        }
        let movers = self.pattern_movers(&Pattern {
            role: Some(role),
            ..*p
        });
        if movers.is_empty() {
            let anywhere = p.from_file.is_none() && p.from_rank.is_none();
            return if anywhere && self.pieces(us, role).is_empty() {
                Illegal::NoneLeft { color: us, role }
            } else {
                Illegal::NoneThere {
                    color: us,
                    role,
                    file: p.from_file,
                    rank: p.from_rank,
                }
            };
        }
        let reachers: Vec<Square> = movers
            .into_iter()
            .filter(|&from| self.pseudo_reaches(role, from, to))
            .collect();
        if reachers.is_empty() {
            if role == Role::Pawn {
                let back = to.offset(0, us.fold(-1, 1));
                let back2 = to.offset(0, us.fold(-2, 2));
                let pawns = self.pieces(us, Role::Pawn);
                let on_file = |sq: Option<Square>| sq.is_some_and(|s| pawns.contains(s));
                if p.from_file.is_none_or(|f| f == to.file()) && (on_file(back) || on_file(back2)) {
                    return Illegal::Blocked(to);
                }
                if p.from_file.is_some_and(|f| f != to.file()) && self.piece_at(to).is_none() {
                    return Illegal::NothingToCapture(to);
                }
            }
            return Illegal::CannotReach {
                color: us,
                role,
                to,
            };
        }
        if let Some(&from) = reachers.iter().find(|&&sq| self.pinned.contains(sq)) {
            return Illegal::Pinned { role, square: from };
        }
        if self.is_check() && role != Role::King {
            return Illegal::CheckNotStopped;
        }
        Illegal::KingWouldBeInCheck
    }

    /// The side a king move from `from` to `to` tries to castle to: two or more files along
    /// the home rank onto the g- or c-file (from the e-file in standard chess), or, written
    /// with both squares (`square_to_square`), onto a rook of its own on that side (the one it
    /// may castle with, if it still may).
    fn castle_attempt(
        &self,
        from: Square,
        to: Square,
        square_to_square: bool,
    ) -> Option<CastleSide> {
        let us = self.turn;
        if from.rank() != Rank::First.relative_to(us) || to.rank() != from.rank() {
            return None;
        }
        let side = CastleSide::of(from, to);
        let onto_rook = square_to_square
            && self.pieces(us, Role::Rook).contains(to)
            && self.castle_rook(us, side).is_none_or(|rook| rook == to);
        let to_destination = to == side.destinations(from.rank()).0
            && from.file().index().abs_diff(to.file().index()) >= 2;
        (onto_rook || to_destination).then_some(side)
    }

    /// Could the piece on `from` move to `to` if king safety did not matter?
    fn pseudo_reaches(&self, role: Role, from: Square, to: Square) -> bool {
        let us = self.turn;
        let occupied = self.occupied();
        match role {
            Role::Pawn => {
                let theirs = self.by_color(!us);
                let ep = self
                    .ep_square
                    .map_or(Bitboard::EMPTY, Bitboard::from_square);
                if pawn_attacks(us, from).contains(to) {
                    return (theirs | ep).contains(to);
                }
                let step = us.fold(1, -1);
                let one = from.offset(0, step);
                let two = from.offset(0, 2 * step);
                let free = |sq: Option<Square>| sq.is_some_and(|s| !occupied.contains(s));
                (one == Some(to) && free(one))
                    || (two == Some(to)
                        && from.rank() == Rank::Second.relative_to(us)
                        && free(one)
                        && free(two))
            }
            Role::King => king_attacks(from).contains(to),
            _ => {
                let attacks = match role {
                    Role::Knight => crate::rules::attacks::knight_attacks(from),
                    Role::Bishop => crate::rules::attacks::bishop_attacks(from, occupied),
                    Role::Rook => crate::rules::attacks::rook_attacks(from, occupied),
                    _ => crate::rules::attacks::queen_attacks(from, occupied),
                };
                attacks.contains(to)
            }
        }
    }
}

/// Squares of `set` ordered by distance from `origin`.
pub(super) fn squares_outward(origin: Square, set: Bitboard) -> impl Iterator<Item = Square> {
    let mut v: Vec<Square> = set.into_iter().collect();
    v.sort_by_key(|sq| sq.index().abs_diff(origin.index()));
    v.into_iter()
}
