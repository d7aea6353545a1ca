//! Precomputed attack tables.
//!
//! Leaper tables (knight, king, pawn) and the geometric tables (`between`, `line`) are computed
//! by `const fn` at compile time. Slider attacks have two ways:
//!
//! - For perft's millions of lookups, [`unpacked_table`] builds a one-level table of "fancy" magic
//!   bitboards at run time (861 KB of heap; about a million instructions, under half a
//!   millisecond), and each lookup is then a multiply, a shift and a load. It is built from the
//!   packed two-level table the binary carries (160 KB, found by `build.rs`), the fastest way
//!   there. Perft's move generation is generic over the table ([`Sliders`]), so its lookups do
//!   not even ask which one is there.
//! - Everywhere else (the playing screen, a game's moves and notation, replaying PGN files),
//!   walking each of the four rays to its first piece, with 4 KB of rays: some twenty
//!   instructions a lookup, which a game making one move at a time never notices, and which a
//!   PGN replay, with a few lookups a move, earns back in start-up and cache (see
//!   `replay_games`). The packed table is never read then.
//!
//! Both give the same answers (tested below, slot by slot and against a square-by-square walk).

use std::sync::OnceLock;

use super::bitboard::Bitboard;
use super::types::{Color, Square};

pub(crate) struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
    /// Where this square's distinct attack sets start in `SLIDER_SETS`.
    sets: u32,
}

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

const fn leaper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

const fn ray_between(a: usize, b: usize, inclusive_line: bool) -> u64 {
    let (fa, ra) = ((a % 8) as i32, (a / 8) as i32);
    let (fb, rb) = ((b % 8) as i32, (b / 8) as i32);
    let (df, dr) = (fb - fa, rb - ra);
    if a == b || !(df == 0 || dr == 0 || df == dr || df == -dr) {
        return 0;
    }
    let sf = df.signum();
    let sr = dr.signum();
    if inclusive_line {
        // The whole line through a and b, edge to edge.
        let (mut f, mut r) = (fa, ra);
        while f - sf >= 0 && f - sf < 8 && r - sr >= 0 && r - sr < 8 {
            f -= sf;
            r -= sr;
        }
        let mut bb = 0u64;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            bb |= 1 << (r * 8 + f);
            f += sf;
            r += sr;
        }
        bb
    } else {
        let mut bb = 0u64;
        let (mut f, mut r) = (fa + sf, ra + sr);
        while f != fb || r != rb {
            bb |= 1 << (r * 8 + f);
            f += sf;
            r += sr;
        }
        bb
    }
}

const fn square_pair_table(inclusive_line: bool) -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            table[a][b] = ray_between(a, b, inclusive_line);
            b += 1;
        }
        a += 1;
    }
    table
}

static BETWEEN: [[u64; 64]; 64] = square_pair_table(false);
static LINE: [[u64; 64]; 64] = square_pair_table(true);

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// The one-level slider table: the attack set of every magic index, once [`unpacked_table`] has run.
static UNPACKED: OnceLock<Box<[u64; SLIDER_SLOTS]>> = OnceLock::new();

/// The one-level table, built by the first call; from then on the public lookups use it too
/// instead of walking the rays. For perft's millions of lookups, never the playing screen, whose
/// memory it would grow by 861 KB.
pub(crate) fn unpacked_table() -> Unpacked {
    Unpacked(UNPACKED.get_or_init(|| {
        let mut table: Box<[u64; SLIDER_SLOTS]> = vec![0; SLIDER_SLOTS]
            .into_boxed_slice()
            .try_into()
            .expect("the table has SLIDER_SLOTS entries");
        for m in ROOK_MAGICS.iter().chain(&BISHOP_MAGICS) {
            let slots = m.offset as usize..m.offset as usize + (1 << (64 - m.shift));
            let sets = &SLIDER_SETS[m.sets as usize..];
            for (slot, &number) in table[slots.clone()].iter_mut().zip(&SLIDER_INDEX[slots]) {
                *slot = sets[number as usize];
            }
        }
        table
    }))
}

/// Where the attack set of `occupied` is, in either table.
#[inline(always)]
fn magic_index(m: &Magic, occupied: Bitboard) -> usize {
    m.offset as usize + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize
}

/// The attack set at `idx` in the packed table, looked up slot by slot (the tests' way).
#[cfg(test)]
fn packed_set(m: &Magic, idx: usize) -> u64 {
    SLIDER_SETS[m.sets as usize + SLIDER_INDEX[idx] as usize]
}

/// The slider lookups of the public functions and of move generation outside perft: the
/// one-level table once perft has built it ([`unpacked_table`]), ray walking otherwise.
#[inline(always)]
pub(crate) fn current() -> Current {
    match UNPACKED.get() {
        Some(table) => Current::Table(Unpacked(table)),
        None => Current::Rays,
    }
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    current().rook(sq, occupied)
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    current().bishop(sq, occupied)
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// A way to find slider attacks, chosen once for a whole search rather than at every lookup:
/// move generation is generic over it, so that perft's lookups are a multiply, a shift and a
/// load, and nothing else. Perft passes [`Unpacked`]; everything else passes [`current`]'s
/// choice.
pub(crate) trait Sliders: Copy {
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard;

    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard;

    #[inline(always)]
    fn queen(self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.rook(sq, occupied) | self.bishop(sq, occupied)
    }
}

/// The one-level table [`unpacked_table`] built.
#[derive(Clone, Copy)]
pub(crate) struct Unpacked(&'static [u64; SLIDER_SLOTS]);

impl Sliders for Unpacked {
    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(self.0[magic_index(&ROOK_MAGICS[sq.index()], occupied)])
    }

    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(self.0[magic_index(&BISHOP_MAGICS[sq.index()], occupied)])
    }
}

/// The one-level table when perft has built it; otherwise ray walking.
#[derive(Clone, Copy)]
pub(crate) enum Current {
    Table(Unpacked),
    Rays,
}

impl Sliders for Current {
    #[inline(always)]
    fn rook(self, sq: Square, occupied: Bitboard) -> Bitboard {
        match self {
            Current::Table(table) => table.rook(sq, occupied),
            Current::Rays => rook_by_rays(sq, occupied),
        }
    }

    #[inline(always)]
    fn bishop(self, sq: Square, occupied: Bitboard) -> Bitboard {
        match self {
            Current::Table(table) => table.bishop(sq, occupied),
            Current::Rays => bishop_by_rays(sq, occupied),
        }
    }
}

/// The squares from each square to the board's edge in each direction, that square left out:
/// rank up, file right, the two diagonals up (towards higher squares: the first piece met is
/// the lowest bit), then rank down, file left and the two diagonals down (the first piece met
/// is the highest bit). 4 KB.
static DIRECTION_RAYS: [[u64; 64]; 8] = [
    direction_rays(0, 1),
    direction_rays(1, 0),
    direction_rays(1, 1),
    direction_rays(-1, 1),
    direction_rays(0, -1),
    direction_rays(-1, 0),
    direction_rays(-1, -1),
    direction_rays(1, -1),
];

const fn direction_rays(df: i32, dr: i32) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            table[sq] |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        sq += 1;
    }
    table
}

/// The squares a slider on `sq` reaches in one direction: up to and including the first piece
/// of `occupied`, or to the edge. Without a branch, which the pieces on a ray would make
/// unpredictable: the nearest piece is the lowest bit going up the board, the highest going
/// down, and a square in the far corner (h8 up, a1 down) stands in when there is none, whose
/// ray in that direction is empty.
#[inline(always)]
fn ray(direction: usize, sq: usize, occupied: u64) -> u64 {
    let ray = DIRECTION_RAYS[direction][sq];
    let blockers = ray & occupied;
    let nearest = if direction < 4 {
        (blockers | 1 << 63).trailing_zeros()
    } else {
        63 - (blockers | 1).leading_zeros()
    };
    ray ^ DIRECTION_RAYS[direction][nearest as usize]
}

fn rook_by_rays(sq: Square, occupied: Bitboard) -> Bitboard {
    let (sq, occ) = (sq.index(), occupied.0);
    Bitboard(ray(0, sq, occ) | ray(1, sq, occ) | ray(4, sq, occ) | ray(5, sq, occ))
}

fn bishop_by_rays(sq: Square, occupied: Bitboard) -> Bitboard {
    let (sq, occ) = (sq.index(), occupied.0);
    Bitboard(ray(2, sq, occ) | ray(3, sq, occ) | ray(6, sq, occ) | ray(7, sq, occ))
}

const fn empty_board_rays(dirs: [(i32, i32); 4]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            let (mut f, mut r) = ((sq % 8) as i32 + dirs[d].0, (sq / 8) as i32 + dirs[d].1);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
                f += dirs[d].0;
                r += dirs[d].1;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

static ROOK_RAYS: [u64; 64] = empty_board_rays([(1, 0), (-1, 0), (0, 1), (0, -1)]);
static BISHOP_RAYS: [u64; 64] = empty_board_rays([(1, 1), (1, -1), (-1, 1), (-1, -1)]);

/// What a rook on `sq` would attack on an empty board: its rank and file.
#[inline]
pub(crate) fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(ROOK_RAYS[sq.index()])
}

/// What a bishop on `sq` would attack on an empty board: its diagonals.
#[inline]
pub(crate) fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(BISHOP_RAYS[sq.index()])
}

/// The squares strictly between `a` and `b` on a shared rank, file or diagonal; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b`, or empty when they share none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn slow_slide(from: Square, occ: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let mut cur = from;
            while let Some(next) = cur.offset(df, dr) {
                bb = bb.with(next);
                if occ.contains(next) {
                    break;
                }
                cur = next;
            }
        }
        bb
    }

    #[test]
    fn magic_lookups_match_ray_walking_for_random_occupancies() {
        unpacked_table();
        let unpacked = UNPACKED.get().expect("unpacked_table builds the table");
        for m in ROOK_MAGICS.iter().chain(&BISHOP_MAGICS) {
            for idx in m.offset as usize..m.offset as usize + (1 << (64 - m.shift)) {
                assert_eq!(unpacked[idx], packed_set(m, idx), "slot {idx}");
            }
        }
        // Each table and the ray walk looked at directly, whichever the public functions use.
        let both = |m: &Magic, occ: Bitboard| {
            let idx = magic_index(m, occ);
            let packed = packed_set(m, idx);
            assert_eq!(packed, unpacked[idx], "the two tables differ");
            Bitboard(packed)
        };
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..4000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & (x >> 3));
            for from in Square::all() {
                let rook = slow_slide(from, occ, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
                let bishop = slow_slide(from, occ, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                assert_eq!(rook_attacks(from, occ), rook);
                assert_eq!(both(&ROOK_MAGICS[from.index()], occ), rook);
                assert_eq!(rook_by_rays(from, occ), rook);
                assert_eq!(bishop_attacks(from, occ), bishop);
                assert_eq!(both(&BISHOP_MAGICS[from.index()], occ), bishop);
                assert_eq!(bishop_by_rays(from, occ), bishop);
            }
        }
    }

    #[test]
    fn empty_board_rays_are_the_attacks_on_an_empty_board() {
        for from in Square::all() {
            assert_eq!(rook_rays(from), rook_attacks(from, Bitboard::EMPTY));
            assert_eq!(bishop_rays(from), bishop_attacks(from, Bitboard::EMPTY));
            assert_eq!(rook_rays(from), rook_by_rays(from, Bitboard::EMPTY));
            assert_eq!(bishop_rays(from), bishop_by_rays(from, Bitboard::EMPTY));
            assert_eq!(
                rook_by_rays(from, Bitboard::FULL),
                king_attacks(from) & rook_rays(from)
            );
            assert_eq!(
                bishop_by_rays(from, Bitboard::FULL),
                king_attacks(from) & bishop_rays(from)
            );
        }
        assert_eq!(rook_rays(sq("a1")).count(), 14);
        assert_eq!(bishop_rays(sq("d4")).count(), 13);
    }

    #[test]
    fn leapers() {
        assert_eq!(knight_attacks(sq("a1")).count(), 2);
        assert_eq!(knight_attacks(sq("d4")).count(), 8);
        assert_eq!(king_attacks(sq("h8")).count(), 3);
        assert_eq!(
            pawn_attacks(Color::White, sq("e4")),
            Bitboard::from_square(sq("d5")) | sq("f5").into()
        );
        assert_eq!(pawn_attacks(Color::Black, sq("a5")), sq("b4").into());
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert_eq!(line(sq("b2"), sq("c3")).count(), 8);
        assert!(line(sq("e1"), sq("e4")).contains(sq("e8")));
        assert!(!line(sq("e1"), sq("e4")).contains(sq("d8")));
    }
}
