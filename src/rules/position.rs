//! A legal chess position: pieces, side to move, castling rights, en passant, move counters.
//!
//! Fields are private; the only ways to get a `Position` are [`Position::initial`], validating a
//! [`Setup`](super::fen::Setup) (usually from FEN), and playing legal moves. So every `Position`
//! is one that the move generator can rely on: one king each, side not to move not in check.

use std::fmt;

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::types::{Color, File, Piece, Rank, Role, Square};
use super::zobrist;

/// Castling rights as four bits.
pub(crate) mod castle_bits {
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;
}

/// For each square, the castling rights that survive a move from or to it.
static CASTLE_KEEP: [u8; 64] = {
    use castle_bits::*;
    let mut keep = [15u8; 64];
    keep[0] = !WHITE_QUEEN & 15; // a1
    keep[4] = !(WHITE_KING | WHITE_QUEEN) & 15; // e1
    keep[7] = !WHITE_KING & 15; // h1
    keep[56] = !BLACK_QUEEN & 15; // a8
    keep[60] = !(BLACK_KING | BLACK_QUEEN) & 15; // e8
    keep[63] = !BLACK_KING & 15; // h8
    keep
};

/// Which side(s) a player may still castle to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    King,
    Queen,
}

impl CastleSide {
    pub(crate) const fn bit(self, color: Color) -> u8 {
        match (color, self) {
            (Color::White, CastleSide::King) => castle_bits::WHITE_KING,
            (Color::White, CastleSide::Queen) => castle_bits::WHITE_QUEEN,
            (Color::Black, CastleSide::King) => castle_bits::BLACK_KING,
            (Color::Black, CastleSide::Queen) => castle_bits::BLACK_QUEEN,
        }
    }

    /// The rook's starting square.
    pub(crate) const fn rook_square(self, color: Color) -> Square {
        let sq = match self {
            CastleSide::King => Square::H1,
            CastleSide::Queen => Square::A1,
        };
        sq.relative_to(color)
    }
}

/// A legal position.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) roles: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) turn: Color,
    /// Bits of [`castle_bits`].
    pub(crate) castling: u8,
    /// The square a pawn just skipped, kept only when an enemy pawn stands beside it, so that
    /// an en passant capture is at least pseudo-legal. The hash includes it.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    /// Pieces giving check to the side to move.
    pub(crate) checkers: Bitboard,
    /// Pieces of the side to move pinned to their king.
    pub(crate) pinned: Bitboard,
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl Position {
    /// The standard starting position.
    ///
    /// ```
    /// use hotseat::rules::Position;
    /// assert_eq!(Position::initial().legal_moves().len(), 20);
    /// ```
    pub fn initial() -> Position {
        let mut pos = Position::empty(Color::White);
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in File::ALL.into_iter().zip(back) {
            pos.put(
                Piece::new(Color::White, role),
                Square::from_coords(file, Rank::First),
            );
            pos.put(
                Piece::new(Color::Black, role),
                Square::from_coords(file, Rank::Eighth),
            );
            pos.put(
                Piece::new(Color::White, Role::Pawn),
                Square::from_coords(file, Rank::Second),
            );
            pos.put(
                Piece::new(Color::Black, Role::Pawn),
                Square::from_coords(file, Rank::Seventh),
            );
        }
        pos.castling = 15;
        pos.finish();
        pos
    }

    /// An empty board; only for building positions inside the rules module.
    pub(crate) fn empty(turn: Color) -> Position {
        Position {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            turn,
            castling: 0,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        }
    }

    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        self.roles[piece.role.index()] |= Bitboard::from_square(sq);
        self.colors[piece.color.index()] |= Bitboard::from_square(sq);
    }

    /// Recomputes everything derived: hash, checkers, pins.
    pub(crate) fn finish(&mut self) {
        self.hash = self.compute_hash();
        self.update_check_info();
    }

    // ---- Reading the board ----

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.roles[role.index()]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        // Every Position has exactly one king per side.
        self.pieces(color, Role::King).first().unwrap_or(Square::A1)
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.roles[r.index()].contains(sq))
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.colors[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// Whether `color` still has the right to castle on `side` (FEN letters).
    pub fn can_castle(&self, color: Color, side: CastleSide) -> bool {
        self.castling & side.bit(color) != 0
    }

    /// The half-move clock: half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and increased after each Black move.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The Zobrist hash, including the en passant file whenever a pawn of the side to move stands
    /// beside the skipped square (whether or not the capture is legal).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The key for the repetition rule (FIDE 9.2.3): pieces, side to move, castling rights, and
    /// the en passant square only when an en passant capture is really legal. Move counters are
    /// not part of it.
    pub fn repetition_key(&self) -> u64 {
        match self.ep_square {
            Some(ep) if self.legal_ep_square().is_none() => self.hash ^ zobrist::en_passant(ep),
            _ => self.hash,
        }
    }

    /// The en passant square, only when an en passant capture is legal (as FEN writes it).
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let us = self.turn;
        let candidates = pawn_attacks(!us, ep) & self.pieces(us, Role::Pawn);
        candidates
            .into_iter()
            .any(|from| self.ep_is_legal(from, ep))
            .then_some(ep)
    }

    /// The Zobrist hash computed from scratch rather than updated move by move; for tests that
    /// check [`Position::hash`] against it.
    #[doc(hidden)]
    pub fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    h ^= zobrist::piece(color, role, sq);
                }
            }
        }
        h ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep_square {
            h ^= zobrist::en_passant(ep);
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h
    }

    /// All pieces of `attacker` that attack `sq`, given an occupancy.
    #[inline]
    pub fn attackers(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(attacker);
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bq = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        them & ((knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (pawn_attacks(!attacker, sq) & self.by_role(Role::Pawn))
            | (rook_attacks(sq, occupied) & rq)
            | (bishop_attacks(sq, occupied) & bq))
    }

    #[inline]
    pub(crate) fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        self.attackers(sq, attacker, occupied).any()
    }

    /// Finds the checkers and the pinned pieces in one pass over the enemy sliders that see the
    /// king on an empty board: with nothing between, a slider gives check; with one piece of
    /// ours between, it pins that piece. Only the leapers need an attack lookup of their own.
    /// Runs after every move, so it is kept this lean (a king never attacks a king in a legal
    /// position, and a pawn or knight cannot pin).
    #[inline]
    pub(crate) fn update_check_info(&mut self) {
        let us = self.turn;
        let them = self.by_color(!us);
        let king = self.king(us);
        let occupied = self.occupied();
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bq = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        let snipers = them
            & ((rook_attacks(king, Bitboard::EMPTY) & rq)
                | (bishop_attacks(king, Bitboard::EMPTY) & bq));
        let mut checkers = them
            & ((knight_attacks(king) & self.by_role(Role::Knight))
                | (pawn_attacks(us, king) & self.by_role(Role::Pawn)));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers = checkers.with(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers & self.by_color(us);
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    // ---- Making moves ----

    #[inline]
    fn toggle(&mut self, color: Color, role: Role, sq: Square) {
        self.roles[role.index()].toggle(sq);
        self.colors[color.index()].toggle(sq);
        self.hash ^= zobrist::piece(color, role, sq);
    }

    /// Plays a move that must be legal in this position (as from [`Position::legal_moves`]).
    /// An illegal move leaves the position in an unspecified but memory-safe state.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        self.hash ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(ep);
        }
        self.halfmoves += 1;
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if let Some(captured) = capture {
                    self.toggle(them, captured, to);
                    self.halfmoves = 0;
                }
                self.toggle(us, role, from);
                self.toggle(us, promotion.unwrap_or(role), to);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        let skipped = Square::new((from.index() as u32 + to.index() as u32) / 2);
                        if (pawn_attacks(us, skipped) & self.pieces(them, Role::Pawn)).any() {
                            self.ep_square = Some(skipped);
                            self.hash ^= zobrist::en_passant(skipped);
                        }
                    }
                }
                self.castling &= CASTLE_KEEP[from.index()] & CASTLE_KEEP[to.index()];
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.toggle(them, Role::Pawn, captured);
                self.toggle(us, Role::Pawn, from);
                self.toggle(us, Role::Pawn, to);
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let kingside = rook.index() > king.index();
                let rank = king.rank();
                let (king_to, rook_to) = if kingside {
                    (File::G, File::F)
                } else {
                    (File::C, File::D)
                };
                self.toggle(us, Role::King, king);
                self.toggle(us, Role::Rook, rook);
                self.toggle(us, Role::King, Square::from_coords(king_to, rank));
                self.toggle(us, Role::Rook, Square::from_coords(rook_to, rank));
                self.castling &= CASTLE_KEEP[king.index()];
            }
        }
        self.hash ^= zobrist::castling(self.castling);
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= zobrist::black_to_move();
        self.update_check_info();
    }

    /// Plays `m` if it is legal here, returning the new position.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        if self.is_legal(m) {
            let mut next = self.clone();
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMove(m))
        }
    }

    /// True when `m` is one of the legal moves of this position.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut found = false;
        self.generate_from(Bitboard::from_square(m.from()), |cand| {
            found |= cand == m;
        });
        found
    }

    // ---- Status ----

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(|m| list.push(m));
        list
    }

    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// True when `color` cannot checkmate by any series of legal moves (needed for flag fall,
    /// FIDE 6.9). A side with a pawn, rook or queen always can. Otherwise it cannot when it has
    /// (a) only its king; (b) king and one knight while the opponent has only king and queens; or
    /// (c) only bishops besides the king, all bishops on the board on squares of one colour, and
    /// no knight or pawn anywhere.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if (ours & heavy).any() {
            return false;
        }
        let kings = self.by_role(Role::King);
        if (ours & self.by_role(Role::Knight)).any() {
            let theirs = self.by_color(!color);
            return ours.count() <= 2 && (theirs - kings - self.by_role(Role::Queen)).is_empty();
        }
        if (ours & self.by_role(Role::Bishop)).any() {
            let bishops = self.by_role(Role::Bishop);
            let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour
                && (self.by_role(Role::Pawn) | self.by_role(Role::Knight)).is_empty();
        }
        true
    }

    /// Neither side can checkmate: the game is drawn at once (FIDE 5.2.2).
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// How the position itself ends the game, if it does.
    pub fn status(&self) -> PositionStatus {
        if !self.has_legal_moves() {
            if self.is_check() {
                PositionStatus::Checkmate
            } else {
                PositionStatus::Stalemate
            }
        } else if self.is_insufficient_material() {
            PositionStatus::InsufficientMaterial
        } else {
            PositionStatus::Ongoing
        }
    }

    /// Material on the board in pawns, White minus Black.
    pub fn material_balance(&self) -> i32 {
        Role::ALL
            .into_iter()
            .map(|r| {
                r.value()
                    * (self.pieces(Color::White, r).count() as i32
                        - self.pieces(Color::Black, r).count() as i32)
            })
            .sum()
    }
}

/// What a position says about the game by itself, without history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionStatus {
    Ongoing,
    Checkmate,
    Stalemate,
    InsufficientMaterial,
}

/// A move that is not legal in the position it was tried in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.0.uci())
    }
}

impl std::error::Error for IllegalMove {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    /// A board diagram, White at the bottom, for debugging and tools.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_at(Square::from_coords(file, *rank))
                    .map_or('.', Piece::char);
                write!(f, "{c}")?;
                if file != File::H {
                    f.write_str(" ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
