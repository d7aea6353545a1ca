//! Reading the text of a move into a [`Pattern`]: which piece, from which file or rank, to
//! which square, promoting to what, or castling. Only the text is looked at here, never the
//! position, so errors from this step are [`SyntaxError`]s ("z is not a file").

use super::why_not::SyntaxError;
use crate::rules::position::CastleSide;
use crate::rules::types::{File, Rank, Role, Square};

/// What the text asks for, before looking at the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pattern {
    /// `None`: a pawn, or any piece when the full origin square is given (`g1f3`).
    pub role: Option<Role>,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    pub to: Square,
    pub promotion: Option<Role>,
}

impl Pattern {
    #[inline]
    pub fn full_from(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Parsed {
    Castle(CastleSide),
    /// The first reading, and a second one when the text is ambiguous (`bc4`: bishop or pawn).
    Patterns(Pattern, Option<Pattern>),
}

pub(super) const MAX_LEN: usize = 24;

/// The text as ASCII, annotations stripped. Plain ASCII text is used in place; only text with
/// figurines or typographic dashes is copied into `buf` with them mapped.
pub(super) fn normalize<'a>(
    input: &'a str,
    buf: &'a mut [u8; MAX_LEN],
) -> Result<&'a [u8], SyntaxError> {
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
pub(super) fn normalize_ascii(input: &[u8]) -> Result<&[u8], SyntaxError> {
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
pub(super) fn strip_suffixes(mut s: &[u8]) -> &[u8] {
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

pub(super) fn castle_side(s: &[u8]) -> Option<CastleSide> {
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

pub(super) fn file_of(b: u8) -> Option<File> {
    File::from_char(char::from(b))
}

pub(super) fn rank_of(b: u8) -> Option<Rank> {
    Rank::from_char(char::from(b))
}

/// Reads `[from-file][from-rank][x|-|:]to-square` with a known role.
pub(super) fn parse_core(
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
pub(super) fn split_promotion(s: &[u8]) -> Result<(&[u8], Option<Role>), SyntaxError> {
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

pub(super) fn promotion_role(b: u8) -> Result<Role, SyntaxError> {
    match Role::from_char(char::from(b)) {
        Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Ok(r),
        Some(r) => Err(SyntaxError::CannotPromoteTo(r)),
        None => Err(SyntaxError::NotAPromotionPiece(char::from(b))),
    }
}

pub(super) fn parse_text(s: &[u8]) -> Result<Parsed, SyntaxError> {
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
#[inline(always)]
pub(super) fn strict_san(s: &[u8]) -> Option<Pattern> {
    let mut end = s.len();
    while end > 0 && matches!(s[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    let s = &s[..end];
    // The shapes of nearly every move (`e4`, `Nf3`, `exd5`, `Nxe5`), matched whole; the rest
    // (disambiguation, promotion) below.
    let plain = |role, to| {
        Some(Pattern {
            role,
            from_file: None,
            from_rank: None,
            to,
            promotion: None,
        })
    };
    match *s {
        [f, r] => {
            if let Some(to) = square_of(f, r) {
                return plain(None, to);
            }
        }
        [p, f, r] => {
            if let (Some(role), Some(to)) = (piece_of(p), square_of(f, r)) {
                return plain(Some(role), to);
            }
        }
        [p, b'x', f, r] => {
            if let Some(to) = square_of(f, r) {
                if let Some(role) = piece_of(p) {
                    return plain(Some(role), to);
                }
                if let Some(from_file) = file_of(p) {
                    return Some(Pattern {
                        from_file: Some(from_file),
                        ..plain(None, to)?
                    });
                }
            }
        }
        _ => {}
    }
    strict_san_long(s)
}

/// The square written `f` `r` (`e4`), if it is one.
#[inline(always)]
fn square_of(f: u8, r: u8) -> Option<Square> {
    let (f, r) = (f.wrapping_sub(b'a'), r.wrapping_sub(b'1'));
    (f < 8 && r < 8).then(|| Square::new(u32::from(r) * 8 + u32::from(f)))
}

/// The piece a SAN capital names (not a pawn: SAN never writes it).
#[inline(always)]
fn piece_of(b: u8) -> Option<Role> {
    match b {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

/// [`strict_san`] for the rarer shapes, annotations already stripped.
fn strict_san_long(s: &[u8]) -> Option<Pattern> {
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
