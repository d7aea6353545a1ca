//! Matching a read [`Pattern`] to the legal moves of the position: exactly one fits, or the
//! move is ambiguous, lacks its promotion piece, or is illegal (then [`why_not`](super::why_not)
//! says why). The successful path allocates nothing, so replaying PGN stays fast.

use super::read::{MAX_LEN, Parsed, Pattern, normalize, normalize_ascii, parse_text, strict_san};
use super::why_not::{
    AmbiguousMove, Illegal, IllegalMoveText, MoveError, ParseMoveError, SyntaxError,
    squares_outward,
};
use crate::rules::attacks::{between, king_attacks, pawn_attacks};
use crate::rules::bitboard::Bitboard;
use crate::rules::movegen::castle_masks;
use crate::rules::moves::Move;
use crate::rules::position::{CastleSide, Position};
use crate::rules::types::{Rank, Role, Square};

/// The legal moves a pattern fits, counted without allocating.
struct Matches {
    first: Option<Move>,
    count: usize,
    /// All matches are promotions of one pawn to one square.
    one_promotion: bool,
}

impl Position {
    pub(super) fn pattern_movers(&self, p: &Pattern) -> Bitboard {
        let us = self.turn;
        let mut movers = match p.role {
            Some(r) => self.pieces(us, r),
            None if p.full_from().is_some() => self.by_color(us),
            None => self.pieces(us, Role::Pawn),
        };
        if let Some(f) = p.from_file {
            movers &= Bitboard::from_file(f);
        }
        if let Some(r) = p.from_rank {
            movers &= Bitboard::from_rank(r);
        }
        movers
    }

    /// Destination squares worth generating: the target, and for a king given by its full
    /// origin square also a rook square (castling written as king-takes-rook, `e1h1`).
    fn pattern_targets(&self, p: &Pattern) -> Bitboard {
        let to = Bitboard::from_square(p.to);
        if p.full_from().is_some() && matches!(p.role, None | Some(Role::King)) {
            to | Bitboard::BACKRANKS
        } else {
            to
        }
    }

    /// Castling fits the king's destination only when the king moves two or more files: one
    /// step (`f1g1`) or none is an ordinary king move or nothing, so Chess960 castling like
    /// that is written king-takes-rook (`f1h1`).
    fn fits(&self, p: &Pattern, m: Move) -> bool {
        let to_ok = match m {
            Move::Castle { .. } => {
                m.landing_squares().contains(p.to) && (m.to() == p.to || p.full_from().is_some())
            }
            _ => m.to() == p.to,
        };
        to_ok && (p.promotion.is_none() || m.promotion() == p.promotion)
    }

    fn matches(&self, p: &Pattern) -> Matches {
        let mut out = Matches {
            first: None,
            count: 0,
            one_promotion: true,
        };
        self.generate_between(self.pattern_movers(p), self.pattern_targets(p), |m| {
            if self.fits(p, m) {
                match out.first {
                    None => out.first = Some(m),
                    Some(f) => {
                        out.one_promotion &=
                            f.promotion().is_some() && f.from() == m.from() && f.to() == m.to();
                    }
                }
                out.count += 1;
            }
        });
        out.one_promotion &= out.first.is_some_and(|m| m.promotion().is_some());
        out
    }

    /// The common case without the generator: exactly one piece of the named kind can legally
    /// reach the square. Returns `None` whenever anything is unusual (no match, several, king
    /// moves, en passant, full origin squares) and the general path decides.
    #[inline(always)]
    fn resolve_fast(&self, p: &Pattern) -> Option<Move> {
        use crate::rules::attacks::{
            bishop_attacks, bishop_rays, knight_attacks, line, rook_attacks, rook_rays,
        };
        let us = self.turn;
        let to = p.to;
        let occupied = self.occupied();
        let theirs = self.by_color(!us);
        // (A piece other than a pawn written with a promotion is turned away below.)
        if self.by_color(us).contains(to) {
            return None;
        }
        let role = match p.role {
            Some(r) => r,
            None if p.full_from().is_none() => Role::Pawn,
            None => return None,
        };
        let king = self.king(us);
        if role == Role::King {
            let fits = |sq: Square| {
                p.from_file.is_none_or(|f| f == sq.file())
                    && p.from_rank.is_none_or(|r| r == sq.rank())
            };
            if !king_attacks(king).contains(to)
                || p.promotion.is_some()
                || !fits(king)
                || self.is_attacked(to, !us, occupied.without(king))
            {
                return None;
            }
            return Some(Move::Normal {
                role,
                from: king,
                capture: if theirs.contains(to) {
                    self.role_at(to)
                } else {
                    None
                },
                to,
                promotion: None,
            });
        }
        // In check: only the one checker taken or blocked, by a piece not pinned (below).
        let checkers = self.checkers;
        if checkers.any()
            && (checkers.more_than_one()
                || !(between(king, checkers.first()?) | checkers).contains(to))
        {
            return None;
        }
        let mut movers = match role {
            Role::Knight => knight_attacks(to),
            Role::Bishop => bishop_attacks(to, occupied),
            Role::Rook => rook_attacks(to, occupied),
            // The queens on a line through the square (nearly always one, or none), each
            // kept if nothing stands between: cheaper than the two slider lookups.
            Role::Queen => {
                let mut movers = Bitboard::EMPTY;
                for queen in (rook_rays(to) | bishop_rays(to)) & self.pieces(us, role) {
                    if (between(queen, to) & occupied).is_empty() {
                        movers = movers.with(queen);
                    }
                }
                movers
            }
            Role::Pawn => {
                if theirs.contains(to) {
                    pawn_attacks(!us, to)
                } else {
                    let back = us.fold(-8, 8);
                    let one = Square::try_new((to.index() as i32 + back) as u32)?;
                    if occupied.contains(one) {
                        Bitboard::from_square(one)
                    } else if to.rank() == Rank::Fourth.relative_to(us) {
                        Bitboard::from_square(Square::try_new((one.index() as i32 + back) as u32)?)
                    } else {
                        return None;
                    }
                }
            }
            Role::King => Bitboard::EMPTY,
        } & self.pieces(us, role);
        // Nearly every move names no file or rank of its own.
        if p.from_file.is_some() || p.from_rank.is_some() {
            if let Some(f) = p.from_file {
                movers &= Bitboard::from_file(f);
            }
            if let Some(r) = p.from_rank {
                movers &= Bitboard::from_rank(r);
            }
        }
        let from = movers.single()?;
        if self.pinned.contains(from) && (self.is_check() || !line(king, from).contains(to)) {
            return None;
        }
        let promotion = if role == Role::Pawn && Bitboard::BACKRANKS.contains(to) {
            Some(p.promotion?)
        } else if p.promotion.is_some() {
            return None;
        } else {
            None
        };
        let capture = if theirs.contains(to) {
            self.role_at(to)
        } else {
            None
        };
        Some(Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        })
    }

    fn all_matches(&self, p: &Pattern) -> Vec<Move> {
        let mut v = Vec::new();
        self.generate_from(self.pattern_movers(p), |m| {
            if self.fits(p, m) {
                v.push(m);
            }
        });
        v
    }

    /// Reads a move typed by a player or found in PGN, in any of the accepted notations.
    ///
    /// ```
    /// use hotseat_chess::rules::Position;
    /// let pos = Position::initial();
    /// for text in ["Nf3", "nf3", "Ng1f3", "Ng1-f3", "g1f3", "Nf3!?", "♘f3"] {
    ///     assert_eq!(pos.san(pos.parse_move(text).unwrap()), "Nf3");
    /// }
    /// let err = pos.parse_move("Nz9").unwrap_err();
    /// assert_eq!(err.to_string(), "\"Nz9\" is not a move: z is not a file");
    /// assert_eq!(pos.parse_move("Nd4").unwrap_err().to_string(), "no white knight can reach d4");
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move_bytes(text.as_bytes())
    }

    /// The fast path of [`Position::parse_move_bytes`] alone: strict SAN whose move one piece
    /// can make without any question (see `resolve_fast`). `None` does not mean the text is not
    /// a move, only that the full reader must decide; a move it returns is the one the full
    /// reader would return. A PGN replay tries this first and never builds an error location
    /// for the moves it resolves.
    ///
    /// ```
    /// use hotseat_chess::rules::Position;
    /// let pos = Position::initial();
    /// assert_eq!(pos.parse_san_fast(b"Nf3+"), pos.parse_move("Nf3").ok());
    /// assert_eq!(pos.parse_san_fast(b"O-O"), None);
    /// ```
    #[inline]
    pub fn parse_san_fast(&self, bytes: &[u8]) -> Option<Move> {
        self.resolve_fast(&strict_san(bytes)?)
    }

    /// [`Position::parse_move`] for text that may not be UTF-8 (such as a PGN token).
    pub fn parse_move_bytes(&self, bytes: &[u8]) -> Result<Move, MoveError> {
        if let Some(mv) = self.parse_san_fast(bytes) {
            return Ok(mv);
        }
        let mut buf = [0u8; MAX_LEN];
        let normalized = if bytes.is_ascii() {
            normalize_ascii(bytes)
        } else {
            std::str::from_utf8(bytes)
                .map_err(|_| SyntaxError::NotUtf8)
                .and_then(|text| normalize(text, &mut buf))
        };
        let parsed = normalized.and_then(parse_text);
        if let Ok(Parsed::Patterns(first, _)) = parsed
            && let Some(mv) = self.resolve_fast(&first)
        {
            return Ok(mv);
        }
        let text = String::from_utf8_lossy(bytes);
        let text = text.as_ref();
        let parsed = parsed.map_err(|kind| {
            MoveError::Parse(ParseMoveError {
                input: text.trim().to_owned(),
                kind,
            })
        })?;
        match parsed {
            Parsed::Castle(side) => self.castle_move(side, text),
            Parsed::Patterns(first, second) => {
                let m = self.matches(&first);
                if let (1, Some(mv)) = (m.count, m.first) {
                    return Ok(mv);
                }
                if m.count == 0
                    && let Some(alt) = second
                {
                    let m2 = self.matches(&alt);
                    if m2.count > 0 {
                        return self.resolve(&alt, m2, text);
                    }
                }
                self.resolve(&first, m, text)
            }
        }
    }

    fn resolve(&self, p: &Pattern, m: Matches, text: &str) -> Result<Move, MoveError> {
        let input = text.trim().to_owned();
        match (m.count, m.first) {
            (1, Some(mv)) => Ok(mv),
            (0, _) => Err(MoveError::Illegal(IllegalMoveText {
                reason: self.diagnose(p),
                input,
            })),
            (_, Some(mv)) if m.one_promotion => Err(MoveError::PromotionNeeded {
                options: Role::PROMOTIONS
                    .iter()
                    .map(|&r| {
                        self.san_plain(Move::Normal {
                            role: Role::Pawn,
                            from: mv.from(),
                            capture: mv.capture(),
                            to: mv.to(),
                            promotion: Some(r),
                        })
                    })
                    .collect(),
                from: mv.from(),
                to: mv.to(),
                input,
            }),
            _ => {
                let mut options: Vec<String> = Vec::new();
                for mv in self.all_matches(p) {
                    let san = self.san_plain(match mv {
                        Move::Normal { promotion, .. } if p.promotion.is_none() => {
                            if promotion.is_some_and(|r| r != Role::Queen) {
                                continue;
                            }
                            mv
                        }
                        _ => mv,
                    });
                    if !options.contains(&san) {
                        options.push(san);
                    }
                }
                options.sort();
                Err(MoveError::Ambiguous(AmbiguousMove {
                    input,
                    candidates: options,
                }))
            }
        }
    }

    pub(super) fn castle_move(&self, side: CastleSide, text: &str) -> Result<Move, MoveError> {
        let us = self.turn;
        let king = self.king(us);
        let reason = match self.castle_rook(us, side) {
            None => Illegal::CastlingRightLost { side, color: us },
            Some(rook) => {
                let m = Move::Castle { king, rook };
                if self.is_legal(m) {
                    return Ok(m);
                }
                let movers = Bitboard::from_square(king).with(rook);
                let blockers = castle_masks(king, rook).0 & self.occupied();
                if self.is_check() {
                    Illegal::CastlingInCheck
                } else if let Some(sq) = squares_outward(king, blockers).next() {
                    Illegal::CastlingBlocked { side, square: sq }
                } else {
                    let king_to = m.to();
                    let path = between(king, king_to).with(king_to);
                    let others = self.occupied() - movers;
                    match squares_outward(king, path).find(|&sq| self.is_attacked(sq, !us, others))
                    {
                        Some(sq) => Illegal::CastlingThroughAttack { square: sq },
                        None => Illegal::CastlingNotHere { side },
                    }
                }
            }
        };
        Err(MoveError::Illegal(IllegalMoveText {
            input: text.trim().to_owned(),
            reason,
        }))
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Position;

    /// The fast path either leaves a move to the full reader or finds the move the full reader
    /// finds, for every legal move of positions with several queens, pins and checks.
    #[test]
    fn the_fast_path_finds_the_full_readers_move_or_none() {
        for fen in [
            // Three white queens, one behind a knight on the d-file.
            "4k3/8/3Q4/3n4/8/1Q6/8/3QK3 w - - 0 1",
            // A queen pinned on the e-file, another free, both reaching e4 or d4.
            "4r1k1/8/8/8/8/8/4Q3/Q3K3 w - - 0 1",
            // In check from a queen: only captures and blocks.
            "4k3/8/8/8/7q/8/3Q1Q2/4K3 w - - 0 1",
            // Kiwipete: every kind of move.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for &mv in pos.legal_moves().iter() {
                let san = pos.san(mv);
                if let Some(fast) = pos.parse_san_fast(san.as_bytes()) {
                    assert_eq!(fast, mv, "{fen}: {san}");
                }
                assert_eq!(pos.parse_move(&san), Ok(mv), "{fen}: {san}");
            }
        }
    }

    #[test]
    fn a_queen_blocked_on_its_line_does_not_make_a_move_ambiguous() {
        // Queens on d1 and d8; a knight on d5 stands between d8 and d4.
        let pos = Position::from_fen("3Q4/7k/8/3n4/8/8/8/3QK3 w - - 0 1").unwrap();
        let mv = pos
            .parse_san_fast(b"Qd4")
            .expect("only the d1 queen reaches d4");
        assert_eq!(mv.from().to_string(), "d1");
        // Without the knight both do: the full reader names them.
        let pos = Position::from_fen("3Q4/7k/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert_eq!(pos.parse_san_fast(b"Qd4"), None);
        assert!(matches!(
            pos.parse_move("Qd4"),
            Err(super::MoveError::Ambiguous(_))
        ));
    }
}
