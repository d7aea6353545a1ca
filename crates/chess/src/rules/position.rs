//! A legal chess position: pieces, side to move, castling rights, en passant, move counters.
//!
//! Fields are private; the only ways to get a `Position` are [`Position::initial`], validating a
//! [`Setup`](super::fen::Setup) (usually from FEN), and playing legal moves. So every `Position`
//! is one that the move generator can rely on: one king each, side not to move not in check.

use std::fmt;

use super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
    rook_rays,
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

    /// The index of this right in [`Position::castle_rooks`]: the bit's position.
    pub(crate) const fn index(self, color: Color) -> usize {
        self.bit(color).trailing_zeros() as usize
    }

    /// The rook's starting square in standard chess.
    pub(crate) const fn rook_square(self, color: Color) -> Square {
        let sq = match self {
            CastleSide::King => Square::H1,
            CastleSide::Queen => Square::A1,
        };
        sq.relative_to(color)
    }

    /// The side of the king a rook on `rook` castles to.
    pub(crate) fn of(king: Square, rook: Square) -> CastleSide {
        if rook > king {
            CastleSide::King
        } else {
            CastleSide::Queen
        }
    }

    /// Where king and rook land: g1 and f1, or c1 and d1 (FIDE Guidelines II.3), on `rank`.
    pub(crate) const fn destinations(self, rank: Rank) -> (Square, Square) {
        let (king, rook) = match self {
            CastleSide::King => (File::G, File::F),
            CastleSide::Queen => (File::C, File::D),
        };
        (
            Square::from_coords(king, rank),
            Square::from_coords(rook, rank),
        )
    }
}

/// Which side and colour a castling-right index (see [`CastleSide::index`]) stands for.
const RIGHTS: [(Color, CastleSide); 4] = [
    (Color::White, CastleSide::King),
    (Color::White, CastleSide::Queen),
    (Color::Black, CastleSide::King),
    (Color::Black, CastleSide::Queen),
];

/// The rooks of the standard start, by castling-right index: what a right not held points at.
const STANDARD_ROOKS: [Square; 4] = [Square::H1, Square::A1, Square::H8, Square::A8];

/// A legal position.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) roles: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) turn: Color,
    /// Bits of [`castle_bits`].
    pub(crate) castling: u8,
    /// The rook each castling right belongs to, by [`CastleSide::index`] (Chess960 rights
    /// belong to a particular rook). A right not held points at its standard corner, so that
    /// equal positions compare equal.
    pub(crate) castle_rooks: [Square; 4],
    /// The squares a move from or to costs someone a castling right: the rooks that still have
    /// one and the kings of the sides that do. Empty once nobody can castle, so a move tests
    /// one mask and only a move that touches one of these squares does more.
    pub(crate) castle_squares: Bitboard,
    /// Whether this is a Chess960 game: decided by the setup, kept by every move. It changes
    /// nothing in the rules (castling is generic), only how records name the game.
    pub(crate) chess960: bool,
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
    /// use hotseat_chess::rules::Position;
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
        pos.refresh_castle_squares();
        pos.finish();
        pos
    }

    /// The start position number `n` of Chess960 (0-959, Scharnagl's numbering; 518 is the
    /// standard arrangement), with all four castling rights, marked as a Chess960 game.
    /// `None` for a number above 959.
    ///
    /// ```
    /// use hotseat_chess::rules::Position;
    /// let pos = Position::chess960(0).unwrap();
    /// assert_eq!(pos.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert_eq!(Position::chess960(518).unwrap().chess960_number(), Some(518));
    /// assert!(Position::chess960(960).is_none());
    /// ```
    pub fn chess960(n: u32) -> Option<Position> {
        let back = super::chess960::back_rank(n)?;
        let mut pos = Position::empty(Color::White);
        for (file, role) in File::ALL.into_iter().zip(back) {
            for color in Color::ALL {
                pos.put(
                    Piece::new(color, role),
                    Square::from_coords(file, Rank::First.relative_to(color)),
                );
                pos.put(
                    Piece::new(color, Role::Pawn),
                    Square::from_coords(file, Rank::Second.relative_to(color)),
                );
            }
        }
        let rooks = pos.pieces(Color::White, Role::Rook);
        for color in Color::ALL {
            for (side, rook) in [
                (CastleSide::King, rooks.last()),
                (CastleSide::Queen, rooks.first()),
            ] {
                let rook = rook.unwrap_or(Square::A1).relative_to(color);
                pos.castling |= side.bit(color);
                pos.castle_rooks[side.index(color)] = rook;
            }
        }
        pos.chess960 = true;
        pos.refresh_castle_squares();
        pos.finish();
        Some(pos)
    }

    /// Whether this position belongs to a Chess960 game (see [`Position::chess960`]); set by
    /// the start position and kept by every move.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Marks the position as part of a Chess960 game or not. The rules are the same either
    /// way; a standard game cannot have castling rights that only Chess960 allows, so those
    /// keep the mark.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960 || self.needs_chess960();
    }

    /// True when some castling right is not the standard one (king on the e-file, rook in the
    /// corner): only Chess960 castles that way.
    pub(crate) fn needs_chess960(&self) -> bool {
        RIGHTS.iter().enumerate().any(|(i, &(color, side))| {
            self.castling & (1 << i) != 0
                && (self.castle_rooks[i] != side.rook_square(color)
                    || self.king(color) != Square::E1.relative_to(color))
        })
    }

    /// If this is a Chess960 start position (all pieces and pawns at home, all four castling
    /// rights, White to move), its number (0-959).
    pub fn chess960_number(&self) -> Option<u32> {
        let number = super::chess960::number(self)?;
        (Position::chess960(number)?.fen() == self.fen()).then_some(number)
    }

    /// An empty board; only for building positions inside the rules module.
    pub(crate) fn empty(turn: Color) -> Position {
        Position {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            turn,
            castling: 0,
            castle_rooks: STANDARD_ROOKS,
            castle_squares: Bitboard::EMPTY,
            chess960: false,
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

    /// Gives `color` the right to castle with the rook on `rook`.
    pub(crate) fn add_castling(&mut self, color: Color, side: CastleSide, rook: Square) {
        self.castling |= side.bit(color);
        self.castle_rooks[side.index(color)] = rook;
        self.refresh_castle_squares();
    }

    /// Recomputes [`Position::castle_squares`] from the rights held.
    fn refresh_castle_squares(&mut self) {
        let mut squares = Bitboard::EMPTY;
        for (i, &(color, _)) in RIGHTS.iter().enumerate() {
            if self.castling & (1 << i) != 0 {
                squares = squares.with(self.castle_rooks[i]).with(self.king(color));
            }
        }
        self.castle_squares = squares;
    }

    /// Takes away both castling rights of `color`, whose king is moving (castling too). Every
    /// square of [`Position::castle_squares`] on its first rank is its own (rights need king
    /// and rook there), so one mask takes them all out.
    #[inline]
    fn lose_castling_of(&mut self, color: Color) {
        self.castling &= !(CastleSide::King.bit(color) | CastleSide::Queen.bit(color));
        let first = CastleSide::King.index(color);
        self.castle_rooks[first] = STANDARD_ROOKS[first];
        self.castle_rooks[first + 1] = STANDARD_ROOKS[first + 1];
        self.castle_squares =
            self.castle_squares - Bitboard::from_rank(Rank::First.relative_to(color));
    }

    /// Takes away the rights a move of `role` from or to the squares `touched` costs, when it
    /// touches [`Position::castle_squares`]: the cold side of that mask. A king is never
    /// captured, so only its own moves touch it.
    #[cold]
    fn lose_castling(&mut self, role: Role, touched: Bitboard) {
        if role == Role::King {
            self.lose_castling_of(self.turn);
        }
        for (i, &(color, _)) in RIGHTS.iter().enumerate() {
            let bit = 1 << i;
            if self.castling & bit != 0 && touched.contains(self.castle_rooks[i]) {
                self.castling &= !bit;
                self.castle_squares = self.castle_squares.without(self.castle_rooks[i]);
                self.castle_rooks[i] = STANDARD_ROOKS[i];
                if self.castling & (CastleSide::King.bit(color) | CastleSide::Queen.bit(color)) == 0
                {
                    self.castle_squares = self.castle_squares.without(self.king(color));
                }
            }
        }
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

    /// The rook `color` may still castle with on `side`, if it has that right.
    pub fn castle_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        self.can_castle(color, side)
            .then(|| self.castle_rooks[side.index(color)])
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

    /// Whether any piece of `attacker` attacks `sq`, given an occupancy: [`Position::attackers`]
    /// with early answers, the leapers first, and a slider table looked up only when a slider
    /// stands on a line through `sq` (a king move asks this of its square every time).
    #[inline]
    pub(crate) fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        let them = self.by_color(attacker);
        let leapers = (knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (pawn_attacks(!attacker, sq) & self.by_role(Role::Pawn));
        if (them & leapers).any() {
            return true;
        }
        let queens = self.by_role(Role::Queen);
        let rq = them & (self.by_role(Role::Rook) | queens);
        let bq = them & (self.by_role(Role::Bishop) | queens);
        (rook_rays(sq) & rq).any() && (rook_attacks(sq, occupied) & rq).any()
            || (bishop_rays(sq) & bq).any() && (bishop_attacks(sq, occupied) & bq).any()
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
        let snipers = them & ((rook_rays(king) & rq) | (bishop_rays(king) & bq));
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
        self.play_inline(m);
    }

    /// [`Position::play_unchecked`] inlined where it is called, for the loops that play every
    /// move of a file.
    #[inline(always)]
    pub(crate) fn play_inline(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let castling = self.castling;
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
                let touched = Bitboard::from_square(from).with(to);
                if (self.castle_squares & touched).any() {
                    self.lose_castling(role, touched);
                }
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
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.toggle(them, Role::Pawn, captured);
                self.toggle(us, Role::Pawn, from);
                self.toggle(us, Role::Pawn, to);
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                // Both leave before either lands: in Chess960 one may land where the other
                // stood, or not move at all.
                let (king_to, rook_to) = CastleSide::of(king, rook).destinations(king.rank());
                self.lose_castling_of(us);
                self.toggle(us, Role::King, king);
                self.toggle(us, Role::Rook, rook);
                self.toggle(us, Role::King, king_to);
                self.toggle(us, Role::Rook, rook_to);
            }
        }
        // Most moves keep every right: the hash changes only when one is lost.
        if self.castling != castling {
            self.hash ^= zobrist::castling(castling) ^ zobrist::castling(self.castling);
        }
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
