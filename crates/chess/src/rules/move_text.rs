//! Reading moves: one lenient parser for the move box and for PGN.
//!
//! Accepts what a player might reasonably type: strict and relaxed SAN (`Nf3`, `exd5`, `ed5`,
//! `Ng1f3`, `e8=Q`, `e8Q`, `e8(Q)`, `O-O`, `0-0`, `o-o`, annotations `!?`, missing or extra
//! `+`/`#`, a trailing `e.p.`), long algebraic (`e2-e4`, `Ng1-f3`, `e2xd3`, `e7-e8=Q`), UCI
//! (`e2e4`, `e7e8q`, `e1g1`) and figurines (`♘f3`).
//!
//! Errors come in two layers, as in shakmaty: text that cannot be read at all
//! (`"Nz9" is not a move: z is not a file`), and a readable move that cannot be played here —
//! illegal (`no white knight can reach f3`, `e4 is blocked`, `cannot castle: f1 is attacked`),
//! ambiguous (`Nd7 is ambiguous: Nbd7 or Nfd7`) or lacking its promotion piece.
//!
//! The successful path allocates nothing, so replaying PGN stays fast.

use std::fmt;

use super::attacks::{between, king_attacks, pawn_attacks};
use super::bitboard::Bitboard;
use super::movegen::castle_masks;
use super::moves::Move;
use super::position::{CastleSide, Position};
use super::types::{Color, File, Rank, Role, Square};

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

/// What the text asks for, before looking at the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pattern {
    /// `None`: a pawn, or any piece when the full origin square is given (`g1f3`).
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

impl Pattern {
    fn full_from(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }
}

#[derive(Clone, Copy, Debug)]
enum Parsed {
    Castle(CastleSide),
    /// The first reading, and a second one when the text is ambiguous (`bc4`: bishop or pawn).
    Patterns(Pattern, Option<Pattern>),
}

const MAX_LEN: usize = 24;

/// The text as ASCII, annotations stripped. Plain ASCII text is used in place; only text with
/// figurines or typographic dashes is copied into `buf` with them mapped.
fn normalize<'a>(input: &'a str, buf: &'a mut [u8; MAX_LEN]) -> Result<&'a [u8], SyntaxError> {
    let s: &[u8] = if input.is_ascii() {
        return normalize_ascii(input.as_bytes());
    } else {
        let mut len = 0;
        for c in input.trim().chars() {
            let b = match c {
                '♔' | '♚' => b'K',
                '♕' | '♛' => b'Q',
                '♖' | '♜' => b'R',
                '♗' | '♝' => b'B',
                '♘' | '♞' => b'N',
                '♙' | '♟' => b'P',
                '×' => b'x',
                '–' | '—' | '‑' => b'-',
                c if c.is_ascii() && !c.is_ascii_control() => c as u8,
                c => return Err(SyntaxError::BadChar(c)),
            };
            if len == MAX_LEN {
                return Err(SyntaxError::TooLong);
            }
            buf[len] = b;
            len += 1;
        }
        &buf[..len]
    };
    Ok(strip_suffixes(s))
}

/// [`normalize`] for ASCII text: no copy.
fn normalize_ascii(input: &[u8]) -> Result<&[u8], SyntaxError> {
    let s = input.trim_ascii();
    if let Some(&c) = s.iter().find(|c| c.is_ascii_control()) {
        return Err(SyntaxError::BadChar(char::from(c)));
    }
    if s.len() > MAX_LEN {
        return Err(SyntaxError::TooLong);
    }
    Ok(strip_suffixes(s))
}

/// Strips check marks, annotations, spaces and e.p. from the end, in any order.
fn strip_suffixes(mut s: &[u8]) -> &[u8] {
    loop {
        let len = s.len();
        if let Some(&last) = s.last()
            && matches!(last, b'+' | b'#' | b'!' | b'?' | b' ')
        {
            s = &s[..len - 1];
            continue;
        }
        let lower = |i: usize| s[i].to_ascii_lowercase();
        if len >= 4
            && lower(len - 4) == b'e'
            && s[len - 3] == b'.'
            && lower(len - 2) == b'p'
            && s[len - 1] == b'.'
        {
            s = &s[..len - 4];
            continue;
        }
        if len >= 3
            && lower(len - 2) == b'e'
            && lower(len - 1) == b'p'
            && (s[len - 3].is_ascii_digit() || s[len - 3] == b' ')
        {
            s = &s[..len - 2];
            continue;
        }
        return s;
    }
}

fn castle_side(s: &[u8]) -> Option<CastleSide> {
    let mut norm = [0u8; 5];
    let mut n = 0;
    for &b in s {
        let b = match b {
            b'0' | b'o' | b'O' => b'O',
            b'-' => continue,
            _ => return None,
        };
        if n == 3 {
            return None;
        }
        norm[n] = b;
        n += 1;
    }
    match n {
        2 => Some(CastleSide::King),
        3 => Some(CastleSide::Queen),
        _ => None,
    }
}

fn file_of(b: u8) -> Option<File> {
    File::from_char(char::from(b))
}

fn rank_of(b: u8) -> Option<Rank> {
    Rank::from_char(char::from(b))
}

/// Reads `[from-file][from-rank][x|-|:]to-square` with a known role.
fn parse_core(
    s: &[u8],
    role: Option<Role>,
    promotion: Option<Role>,
) -> Result<Pattern, SyntaxError> {
    let n = s.len();
    if n < 2 {
        return Err(SyntaxError::NeedsDestination);
    }
    let (fb, rb) = (s[n - 2], s[n - 1]);
    // Text without a single digit has no square to name ("garbage"): say that, rather than
    // pick on its last letters.
    let bad = |why: SyntaxError| {
        if s.iter().any(u8::is_ascii_digit) {
            why
        } else {
            SyntaxError::NeedsDestination
        }
    };
    let to_file = file_of(fb).ok_or_else(|| bad(SyntaxError::NotAFile(char::from(fb))))?;
    let to_rank = rank_of(rb).ok_or_else(|| bad(SyntaxError::NotARank(char::from(rb))))?;
    let mut mid = &s[..n - 2];
    if let Some((&sep, rest)) = mid.split_last()
        && matches!(sep, b'x' | b'X' | b':' | b'-')
    {
        mid = rest;
    }
    let (from_file, from_rank) = match *mid {
        [] => (None, None),
        [a] => match (file_of(a), rank_of(a)) {
            (Some(f), _) => (Some(f), None),
            (_, Some(r)) => (None, Some(r)),
            _ => return Err(SyntaxError::NotAFileOrRank(char::from(a))),
        },
        [a, b] => {
            let f = file_of(a).ok_or(SyntaxError::NotAFile(char::from(a)))?;
            let r = rank_of(b).ok_or(SyntaxError::NotARank(char::from(b)))?;
            (Some(f), Some(r))
        }
        _ => return Err(SyntaxError::TooMuchBeforeDestination),
    };
    Ok(Pattern {
        role,
        from_file,
        from_rank,
        to: Square::from_coords(to_file, to_rank),
        promotion,
    })
}

/// Splits a promotion suffix off: `=Q`, `Q`, `(Q)`, `/Q`, `q` after a rank.
fn split_promotion(s: &[u8]) -> Result<(&[u8], Option<Role>), SyntaxError> {
    let n = s.len();
    if n >= 4 && s[n - 1] == b')' && s[n - 3] == b'(' {
        return promotion_role(s[n - 2]).map(|r| (&s[..n - 3], Some(r)));
    }
    if n >= 2 && matches!(s[n - 2], b'=' | b'/') {
        return promotion_role(s[n - 1]).map(|r| (&s[..n - 2], Some(r)));
    }
    if n >= 3 && s[n - 1].is_ascii_alphabetic() && s[n - 2].is_ascii_digit() {
        return promotion_role(s[n - 1]).map(|r| (&s[..n - 1], Some(r)));
    }
    if n >= 1 && s[n - 1] == b'=' {
        return Err(SyntaxError::PromotionPieceMissing);
    }
    Ok((s, None))
}

fn promotion_role(b: u8) -> Result<Role, SyntaxError> {
    match Role::from_char(char::from(b)) {
        Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Ok(r),
        Some(r) => Err(SyntaxError::CannotPromoteTo(r)),
        None => Err(SyntaxError::NotAPromotionPiece(char::from(b))),
    }
}

fn parse_text(s: &[u8]) -> Result<Parsed, SyntaxError> {
    if s.is_empty() {
        return Err(SyntaxError::Empty);
    }
    if let Some(side) = castle_side(s) {
        return Ok(Parsed::Castle(side));
    }
    let (body, promotion) = split_promotion(s)?;
    let Some((&first, rest)) = body.split_first() else {
        return Err(SyntaxError::NeedsDestination);
    };
    match first {
        b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'k' | b'q' | b'r' | b'n' | b'p' => {
            let role = Role::from_char(char::from(first));
            let role = role.filter(|&r| r != Role::Pawn);
            Ok(Parsed::Patterns(parse_core(rest, role, promotion)?, None))
        }
        b'b' if rest.first().is_some_and(|c| !c.is_ascii_digit()) => {
            // "bc4" is a bishop; "bxc3" a pawn capture if a pawn can make it. Try both.
            let bishop = parse_core(rest, Some(Role::Bishop), promotion);
            let pawn = parse_core(body, None, promotion);
            let pawn_first = rest.contains(&b'x');
            match (bishop, pawn) {
                (Ok(b), Ok(p)) if pawn_first => Ok(Parsed::Patterns(p, Some(b))),
                (Ok(b), Ok(p)) => Ok(Parsed::Patterns(b, Some(p))),
                (Ok(b), Err(_)) => Ok(Parsed::Patterns(b, None)),
                (Err(_), Ok(p)) => Ok(Parsed::Patterns(p, None)),
                (Err(e), Err(_)) => Err(e),
            }
        }
        _ => Ok(Parsed::Patterns(parse_core(body, None, promotion)?, None)),
    }
}

/// Strict SAN in one pass — `[NBRQK][file][rank][x]file rank[=Q][+#!?]` — the form nearly every
/// PGN move takes. Anything else (castling, lowercase letters, LAN, figurines) returns `None`
/// and goes through the lenient reader.
#[inline]
fn strict_san(s: &[u8]) -> Option<Pattern> {
    let mut end = s.len();
    while end > 0 && matches!(s[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    let s = &s[..end];
    let (role, mut i) = match s.first()? {
        b'N' => (Some(Role::Knight), 1),
        b'B' => (Some(Role::Bishop), 1),
        b'R' => (Some(Role::Rook), 1),
        b'Q' => (Some(Role::Queen), 1),
        b'K' => (Some(Role::King), 1),
        b'a'..=b'h' => (None, 0),
        _ => return None,
    };
    let mut promotion = None;
    let mut body = s.len();
    if body >= 2 && s[body - 2] == b'=' {
        promotion = Some(match s[body - 1] {
            b'N' => Role::Knight,
            b'B' => Role::Bishop,
            b'R' => Role::Rook,
            b'Q' => Role::Queen,
            _ => return None,
        });
        body -= 2;
    }
    if body < i + 2 {
        return None;
    }
    let to = Square::from_coords(file_of(s[body - 2])?, rank_of(s[body - 1])?);
    let (mut from_file, mut from_rank) = (None, None);
    let mid_end = if body >= 3 && s[body - 3] == b'x' {
        body - 3
    } else {
        body - 2
    };
    if i < mid_end
        && let Some(f) = file_of(s[i])
    {
        from_file = Some(f);
        i += 1;
    }
    if i < mid_end {
        from_rank = Some(rank_of(s[i])?);
        i += 1;
    }
    if i != mid_end {
        return None;
    }
    Some(Pattern {
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

/// The legal moves a pattern fits, counted without allocating.
struct Matches {
    first: Option<Move>,
    count: usize,
    /// All matches are promotions of one pawn to one square.
    one_promotion: bool,
}

impl Position {
    fn pattern_movers(&self, p: &Pattern) -> Bitboard {
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
    #[inline]
    fn resolve_fast(&self, p: &Pattern) -> Option<Move> {
        use super::attacks::{bishop_attacks, knight_attacks, line, queen_attacks, rook_attacks};
        let us = self.turn;
        let to = p.to;
        let occupied = self.occupied();
        let theirs = self.by_color(!us);
        if self.by_color(us).contains(to) || p.promotion.is_some() && p.role.is_some() {
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
        if self.checkers.more_than_one() {
            return None;
        }
        if let Some(checker) = self.checkers.first()
            && !between(king, checker).with(checker).contains(to)
        {
            return None;
        }
        let mut movers = match role {
            Role::Knight => knight_attacks(to),
            Role::Bishop => bishop_attacks(to, occupied),
            Role::Rook => rook_attacks(to, occupied),
            Role::Queen => queen_attacks(to, occupied),
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
        if let Some(f) = p.from_file {
            movers &= Bitboard::from_file(f);
        }
        if let Some(r) = p.from_rank {
            movers &= Bitboard::from_rank(r);
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
    /// use chess::rules::Position;
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
    /// use chess::rules::Position;
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

    fn castle_move(&self, side: CastleSide, text: &str) -> Result<Move, MoveError> {
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

    /// Explains why no legal move fits the pattern.
    fn diagnose(&self, p: &Pattern) -> Illegal {
        let us = self.turn;
        let role = p.role.unwrap_or(Role::Pawn);
        let to = p.to;

        // A king moving two files along its home rank, or onto a rook it may castle with, is
        // an attempt to castle.
        if let Some(from) = p.full_from().or(p.role.map(|_| self.king(us)))
            && self.pieces(us, Role::King).contains(from)
            && let Some(side) = self.castle_attempt(from, to)
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
    /// the home rank onto the g- or c-file (from the e-file in standard chess), or onto a rook of
    /// its own on that side (the one it may castle with, if it still may).
    fn castle_attempt(&self, from: Square, to: Square) -> Option<CastleSide> {
        let us = self.turn;
        if from.rank() != Rank::First.relative_to(us) || to.rank() != from.rank() {
            return None;
        }
        let side = CastleSide::of(from, to);
        let onto_rook = self.pieces(us, Role::Rook).contains(to)
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
                    Role::Knight => super::attacks::knight_attacks(from),
                    Role::Bishop => super::attacks::bishop_attacks(from, occupied),
                    Role::Rook => super::attacks::rook_attacks(from, occupied),
                    _ => super::attacks::queen_attacks(from, occupied),
                };
                attacks.contains(to)
            }
        }
    }
}

/// Squares of `set` ordered by distance from `origin`.
fn squares_outward(origin: Square, set: Bitboard) -> impl Iterator<Item = Square> {
    let mut v: Vec<Square> = set.into_iter().collect();
    v.sort_by_key(|sq| sq.index().abs_diff(origin.index()));
    v.into_iter()
}
