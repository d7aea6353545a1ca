//! Legal move generation, directly with check and pin masks rather than make-and-test.
//!
//! One generator serves two sinks: one that counts destinations with a popcount (perft's bulk
//! counting, `has_legal_moves`) and one that hands out [`Move`]s. Only the king's steps and en
//! passant need an attack test per move; everything else is masked:
//!
//! * in double check only the king moves;
//! * in single check the other pieces may only capture the checker or block between it and
//!   the king;
//! * a pinned piece may only move along the line through its king.

use super::attacks::{Sliders, between, current, king_attacks, knight_attacks, line, pawn_attacks};
use super::bitboard::Bitboard;
use super::moves::Move;
use super::position::{CastleSide, Position};
use super::types::{Color, Rank, Role, Square};

/// The legal destinations of the piece on `from` (empty if it is not the side to move's): what
/// a player who picks it up may put it down on.
///
/// ```
/// use hotseat_chess::rules::{Position, Square, move_targets};
/// let e2: Square = "e2".parse().unwrap();
/// assert_eq!(move_targets(&Position::initial(), e2).count(), 2);
/// ```
pub fn move_targets(position: &Position, from: Square) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    position.generate_from(Bitboard::from_square(from), |m| {
        targets |= m.landing_squares();
    });
    targets
}

trait Sink {
    /// Normal moves of one piece; pawn moves onto the last rank are promotions.
    fn add(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard);
    /// Pawn moves of many pawns at once: every square in `to` is reached by the pawn standing
    /// `delta` squares (in index terms) behind it. Moves onto the last rank are promotions.
    fn pawn_set(&mut self, pos: &Position, to: Bitboard, delta: i32);
    /// En passant and castling.
    fn special(&mut self, m: Move);
}

const NOT_A_FILE: u64 = !0x0101_0101_0101_0101;
const NOT_H_FILE: u64 = !0x8080_8080_8080_8080;

/// Every square attacked by the pawns in `pawns` of `color`, computed for the whole set at once.
#[inline(always)]
fn pawn_set_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & NOT_A_FILE) << 7) | ((p & NOT_H_FILE) << 9),
        Color::Black => ((p & NOT_A_FILE) >> 9) | ((p & NOT_H_FILE) >> 7),
    })
}

struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, _: &Position, role: Role, _: Square, targets: Bitboard) {
        let n = if role == Role::Pawn {
            (targets & Bitboard::BACKRANKS).count() * 4 + (targets - Bitboard::BACKRANKS).count()
        } else {
            targets.count()
        };
        self.0 += u64::from(n);
    }
    #[inline(always)]
    fn pawn_set(&mut self, _: &Position, to: Bitboard, _: i32) {
        self.0 +=
            u64::from((to & Bitboard::BACKRANKS).count() * 4 + (to - Bitboard::BACKRANKS).count());
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

struct Lister<F>(F);

impl<F: FnMut(Move)> Sink for Lister<F> {
    #[inline(always)]
    fn add(&mut self, pos: &Position, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            let capture = pos.role_at(to);
            if role == Role::Pawn && Bitboard::BACKRANKS.contains(to) {
                for promotion in Role::PROMOTIONS {
                    (self.0)(Move::Normal {
                        role,
                        from,
                        capture,
                        to,
                        promotion: Some(promotion),
                    });
                }
            } else {
                (self.0)(Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
    }
    #[inline(always)]
    fn pawn_set(&mut self, pos: &Position, to: Bitboard, delta: i32) {
        for sq in to {
            let from = Square::new((sq.index() as i32 - delta) as u32);
            self.add(pos, Role::Pawn, from, Bitboard::from_square(sq));
        }
    }
    #[inline(always)]
    fn special(&mut self, m: Move) {
        (self.0)(m);
    }
}

/// What castling needs of one rank, for a king on one file and its rook on another: bit `n`
/// of each mask is file `n`. Worked out for every pair of files at compile time, so move
/// generation looks a right up instead of working out its squares.
#[derive(Clone, Copy)]
struct CastleMasks {
    /// The squares that must be empty but for the king and the rook: every square from the
    /// outermost to the innermost of the king, the rook and their destinations.
    empty: u8,
    /// The squares the king crosses and lands on, which no enemy piece may attack: its start
    /// only when it does not move (else the not-in-check test covers it).
    path: u8,
}

/// The files from `a` to `b`, both included, as a rank mask.
const fn files_from_to(a: u32, b: u32) -> u8 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    ((0xff_u32 << low) & (0xff_u32 >> (7 - high))) as u8
}

/// [`CastleMasks`] by king file, then rook file (FIDE Guidelines II.3: the king lands on the
/// g-file and the rook on the f-file when the rook is on the king's right, else c and d).
static CASTLE_MASKS: [[CastleMasks; 8]; 8] = {
    let mut table = [[CastleMasks { empty: 0, path: 0 }; 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            if rook != king {
                let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
                let low = min4(king, rook, king_to, rook_to);
                let high = max4(king, rook, king_to, rook_to);
                let movers = (1u8 << king) | (1u8 << rook);
                // A king that stays put must not stand attacked once its rook has left.
                let path = if king == king_to {
                    1u8 << king
                } else {
                    files_from_to(king, king_to) & !(1u8 << king)
                };
                table[king as usize][rook as usize] = CastleMasks {
                    empty: files_from_to(low, high) & !movers,
                    path,
                };
            }
            rook += 1;
        }
        king += 1;
    }
    table
};

const fn min4(a: u32, b: u32, c: u32, d: u32) -> u32 {
    let ab = if a < b { a } else { b };
    let cd = if c < d { c } else { d };
    if ab < cd { ab } else { cd }
}

const fn max4(a: u32, b: u32, c: u32, d: u32) -> u32 {
    let ab = if a > b { a } else { b };
    let cd = if c > d { c } else { d };
    if ab > cd { ab } else { cd }
}

/// The squares castling with `king` and `rook` (on one rank) needs empty but for those two,
/// and the squares the king crosses and lands on: one table lookup.
#[inline(always)]
pub(crate) fn castle_masks(king: Square, rook: Square) -> (Bitboard, Bitboard) {
    // Files and rank straight from the square's index: this runs for every position.
    let masks = CASTLE_MASKS[king.index() & 7][rook.index() & 7];
    let shift = king.index() & 56;
    (
        Bitboard(u64::from(masks.empty) << shift),
        Bitboard(u64::from(masks.path) << shift),
    )
}

/// What the enemy attacks, in the form the king's steps and castling test it: the squares its
/// leapers (king, knights, pawns) attack, worked out for all of them at once, and its sliders,
/// looked at square by square because the king's own move changes what they see.
struct Danger<A> {
    sliders: A,
    leapers: Bitboard,
    rook_queens: Bitboard,
    bishop_queens: Bitboard,
}

impl<A: Sliders> Danger<A> {
    /// Whether no enemy slider attacks `sq` on the board `occupied`.
    #[inline(always)]
    fn sliders_miss(&self, sq: Square, occupied: Bitboard) -> bool {
        (self.sliders.rook(sq, occupied) & self.rook_queens).is_empty()
            && (self.sliders.bishop(sq, occupied) & self.bishop_queens).is_empty()
    }
}

impl Position {
    /// Calls `f` with every legal move.
    #[inline]
    pub fn generate(&self, f: impl FnMut(Move)) {
        self.gen_into(Bitboard::FULL, Bitboard::FULL, &mut Lister(f));
    }

    /// Calls `f` with every legal move of the pieces standing on `from`.
    #[inline]
    pub fn generate_from(&self, from: Bitboard, f: impl FnMut(Move)) {
        self.gen_into(from, Bitboard::FULL, &mut Lister(f));
    }

    /// Calls `f` with every legal move from a square of `from` to a square of `to`. For
    /// castling, `to` is matched against both the king's destination and the rook's square.
    #[inline]
    pub fn generate_between(&self, from: Bitboard, to: Bitboard, f: impl FnMut(Move)) {
        self.gen_into(from, to, &mut Lister(f));
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        self.count_with(current())
    }

    /// [`Position::generate`] with the slider table `sliders` (perft passes the fast one).
    #[inline(always)]
    pub(crate) fn generate_with<A: Sliders>(&self, sliders: A, f: impl FnMut(Move)) {
        self.gen_with(sliders, Bitboard::FULL, Bitboard::FULL, &mut Lister(f));
    }

    /// [`Position::count_legal_moves`] with the slider table `sliders`.
    #[inline(always)]
    pub(crate) fn count_with<A: Sliders>(&self, sliders: A) -> u64 {
        let mut c = Counter(0);
        self.gen_with(sliders, Bitboard::FULL, Bitboard::FULL, &mut c);
        c.0
    }

    /// Would capturing en passant from `from` onto `ep` leave our king safe? Removing two pawns
    /// from one rank can expose the king along it, so this is tested in full.
    pub(crate) fn ep_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let king = self.king(us);
        let captured = Square::from_coords(ep.file(), from.rank());
        let occupied = (self.occupied() - Bitboard::from_square(from) - captured.into()).with(ep);
        (self.attackers(king, !us, occupied) - captured.into()).is_empty()
    }

    #[inline(always)]
    fn gen_into<S: Sink>(&self, from_mask: Bitboard, to_mask: Bitboard, sink: &mut S) {
        self.gen_with(current(), from_mask, to_mask, sink);
    }

    #[inline(always)]
    fn gen_with<S: Sink, A: Sliders>(
        &self,
        sliders: A,
        from_mask: Bitboard,
        to_mask: Bitboard,
        sink: &mut S,
    ) {
        let us = self.turn;
        let them = !us;
        let ours = self.by_color(us);
        let theirs = self.by_color(them);
        let occupied = ours | theirs;
        let king = self.king(us);

        if from_mask.contains(king) {
            let without_king = occupied.without(king);
            // Squares attacked by leapers are ruled out in bulk; sliders need the board
            // without our king, since the king cannot hide behind itself.
            let mut leapers = king_attacks(self.king(them))
                | pawn_set_attacks(them, theirs & self.by_role(Role::Pawn));
            for sq in theirs & self.by_role(Role::Knight) {
                leapers |= knight_attacks(sq);
            }
            let danger = Danger {
                sliders,
                leapers,
                rook_queens: theirs & (self.by_role(Role::Rook) | self.by_role(Role::Queen)),
                bishop_queens: theirs & (self.by_role(Role::Bishop) | self.by_role(Role::Queen)),
            };
            let mut targets = Bitboard::EMPTY;
            for to in (king_attacks(king) & to_mask) - ours - leapers {
                if danger.sliders_miss(to, without_king) {
                    targets = targets.with(to);
                }
            }
            sink.add(self, Role::King, king, targets);
            if self.checkers.is_empty() {
                let rights = self.castling & (CastleSide::King.bit(us) | CastleSide::Queen.bit(us));
                if rights & CastleSide::King.bit(us) != 0 {
                    self.gen_castling(CastleSide::King, king, occupied, to_mask, &danger, sink);
                }
                if rights & CastleSide::Queen.bit(us) != 0 {
                    self.gen_castling(CastleSide::Queen, king, occupied, to_mask, &danger, sink);
                }
            }
        }

        if self.checkers.more_than_one() {
            return;
        }
        let target = match self.checkers.first() {
            Some(checker) => between(king, checker).with(checker),
            None => !ours,
        } & to_mask;
        let pinned = self.pinned;

        for from in self.pieces(us, Role::Knight) & (from_mask - pinned) {
            sink.add(self, Role::Knight, from, knight_attacks(from) & target);
        }
        for from in self.pieces(us, Role::Bishop) & from_mask {
            let mut t = sliders.bishop(from, occupied) & target;
            if pinned.contains(from) {
                t &= line(king, from);
            }
            sink.add(self, Role::Bishop, from, t);
        }
        for from in self.pieces(us, Role::Rook) & from_mask {
            let mut t = sliders.rook(from, occupied) & target;
            if pinned.contains(from) {
                t &= line(king, from);
            }
            sink.add(self, Role::Rook, from, t);
        }
        for from in self.pieces(us, Role::Queen) & from_mask {
            let mut t = sliders.queen(from, occupied) & target;
            if pinned.contains(from) {
                t &= line(king, from);
            }
            sink.add(self, Role::Queen, from, t);
        }

        let pawns = self.pieces(us, Role::Pawn) & from_mask;
        if pawns.is_empty() {
            return;
        }
        // Unpinned pawns move as one set; pinned ones one by one along their pin line.
        let empty = !occupied;
        let free = pawns - pinned;
        let third = Bitboard::from_rank(Rank::Third.relative_to(us));
        let (forward, single, left, right) = match us {
            Color::White => (
                8,
                Bitboard(free.0 << 8) & empty,
                Bitboard((free.0 & NOT_A_FILE) << 7),
                Bitboard((free.0 & NOT_H_FILE) << 9),
            ),
            Color::Black => (
                -8,
                Bitboard(free.0 >> 8) & empty,
                Bitboard((free.0 & NOT_A_FILE) >> 9),
                Bitboard((free.0 & NOT_H_FILE) >> 7),
            ),
        };
        let double = match us {
            Color::White => Bitboard((single & third).0 << 8),
            Color::Black => Bitboard((single & third).0 >> 8),
        } & empty;
        sink.pawn_set(self, single & target, forward);
        sink.pawn_set(self, double & target, 2 * forward);
        sink.pawn_set(self, left & theirs & target, forward - 1);
        sink.pawn_set(self, right & theirs & target, forward + 1);

        let double_rank = Rank::Second.relative_to(us);
        for from in pawns & pinned {
            let mut t = pawn_attacks(us, from) & theirs;
            let push = Square::new((from.index() as i32 + forward) as u32);
            if !occupied.contains(push) {
                t = t.with(push);
                if from.rank() == double_rank {
                    let double = Square::new((push.index() as i32 + forward) as u32);
                    if !occupied.contains(double) {
                        t = t.with(double);
                    }
                }
            }
            sink.add(self, Role::Pawn, from, t & target & line(king, from));
        }
        if let Some(ep) = self.ep_square.filter(|&ep| to_mask.contains(ep)) {
            for from in pawn_attacks(them, ep) & pawns {
                if self.ep_is_legal(from, ep) {
                    sink.special(Move::EnPassant { from, to: ep });
                }
            }
        }
    }

    /// Castling on `side`, whose right the side to move holds, for any king between its rooks
    /// (FIDE Guidelines II.3): every square between king and rook and both destinations empty
    /// except for those two, and no square from the king's start to its destination attacked.
    /// The attacks are looked at with the castling rook gone too: in Chess960 it may be what
    /// shields the king's destination along the rank. Standard chess takes the same path with
    /// the corner rooks. Both tests start from one table lookup ([`castle_masks`]), and the
    /// enemy leapers' squares rule a path out in bulk before any slider is looked at.
    #[inline(always)]
    fn gen_castling<S: Sink, A: Sliders>(
        &self,
        side: CastleSide,
        king: Square,
        occupied: Bitboard,
        to_mask: Bitboard,
        danger: &Danger<A>,
        sink: &mut S,
    ) {
        let rook = self.castle_rooks[side.index(self.turn)];
        let (empty, path) = castle_masks(king, rook);
        if (empty & occupied).any() || (path & danger.leapers).any() {
            return;
        }
        let king_to = side.destinations(king.rank()).0;
        if !to_mask.contains(king_to) && !to_mask.contains(rook) {
            return;
        }
        let others = occupied.without(king).without(rook);
        if path.into_iter().all(|sq| danger.sliders_miss(sq, others)) {
            sink.special(Move::Castle { king, rook });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(list: &str) -> Bitboard {
        list.split_whitespace()
            .fold(Bitboard::EMPTY, |bb, s| bb.with(s.parse().unwrap()))
    }

    fn masks(king: &str, rook: &str) -> (Bitboard, Bitboard) {
        castle_masks(king.parse().unwrap(), rook.parse().unwrap())
    }

    #[test]
    fn castle_masks_of_standard_castling_are_the_squares_between() {
        assert_eq!(masks("e1", "h1"), (squares("f1 g1"), squares("f1 g1")));
        assert_eq!(masks("e1", "a1"), (squares("b1 c1 d1"), squares("c1 d1")));
        assert_eq!(masks("e8", "h8"), (squares("f8 g8"), squares("f8 g8")));
        assert_eq!(masks("e8", "a8"), (squares("b8 c8 d8"), squares("c8 d8")));
    }

    #[test]
    fn castle_masks_of_chess960_reach_both_destinations() {
        // King b1, rook a1: the king steps to c1, the rook jumps to d1.
        assert_eq!(masks("b1", "a1"), (squares("c1 d1"), squares("c1")));
        // King g1, rook h1: the king stays (and must not be attacked once the rook has gone
        // to f1).
        assert_eq!(masks("g1", "h1"), (squares("f1"), squares("g1")));
        // King f8, rook g8: the king goes to g8 where the rook stood; nothing else.
        assert_eq!(masks("f8", "g8"), (Bitboard::EMPTY, squares("g8")));
        // King d1, rook c1: they swap places (the king to c1, the rook to d1).
        assert_eq!(masks("d1", "c1"), (Bitboard::EMPTY, squares("c1")));
        // King b1, rook h1: everything from c1 to g1 must be clear, and the king crosses it.
        assert_eq!(
            masks("b1", "h1"),
            (squares("c1 d1 e1 f1 g1"), squares("c1 d1 e1 f1 g1"))
        );
    }
}
