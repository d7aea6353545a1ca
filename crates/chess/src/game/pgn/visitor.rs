//! The events a game is read as, and the small types they carry.
//!
//! Every method has a default that ignores the event, so a visitor only writes what it needs.
//! Methods that return [`Skip`] let the visitor stop listening: `Skip(true)` from a variation
//! skips that variation; from anything else it skips the rest of the game, which is then read
//! as fast as the tokenizer can scan until [`Visitor::end_game`].

use std::borrow::Cow;
use std::fmt;

/// Whether to skip what comes next: `Skip(true)` skips, `Skip(false)` carries on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[must_use]
pub struct Skip(pub bool);

/// A finished game's result, as written in PGN: `1-0`, `0-1` or `1/2-1/2`.
///
/// The unfinished marker `*` is read as `None` wherever an `Option<Outcome>` is used.
///
/// ```
/// use hotseat_chess::game::pgn::Outcome;
/// assert_eq!(Outcome::from_token(b"1/2-1/2"), Some(Some(Outcome::Draw)));
/// assert_eq!(Outcome::from_token(b"*"), Some(None));
/// assert_eq!(Outcome::from_token(b"1-1"), None);
/// assert_eq!(Outcome::WhiteWins.as_str(), "1-0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
}

impl Outcome {
    /// The result token: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// Reads a result token: `Some(Some(outcome))` for a finished game, `Some(None)` for `*`,
    /// `None` when the bytes are not a result token at all.
    pub fn from_token(token: &[u8]) -> Option<Option<Outcome>> {
        match token {
            b"1-0" => Some(Some(Outcome::WhiteWins)),
            b"0-1" => Some(Some(Outcome::BlackWins)),
            b"1/2-1/2" => Some(Some(Outcome::Draw)),
            b"*" => Some(None),
            _ => None,
        }
    }

    /// The result token of an optional outcome, `*` for none.
    pub const fn token(outcome: Option<Outcome>) -> &'static str {
        match outcome {
            Some(outcome) => outcome.as_str(),
            None => "*",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tag value as it stands between the quotes, escapes (`\"`, `\\`) still in place.
///
/// Decoding is left to the visitor so that tags nobody looks at cost nothing.
///
/// ```
/// use hotseat_chess::game::pgn::RawTag;
/// let raw = RawTag(br#"Say \"hi\" \\o/"#);
/// assert_eq!(raw.decode_utf8(), r#"Say "hi" \o/"#);
/// assert!(matches!(RawTag(b"plain").decode(), std::borrow::Cow::Borrowed(_)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawTag<'a>(pub &'a [u8]);

impl<'a> RawTag<'a> {
    /// The bytes as written, escapes included.
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The value with `\"` and `\\` unescaped. A backslash before anything else stays as it is.
    /// Borrows unless there is something to unescape.
    pub fn decode(&self) -> Cow<'a, [u8]> {
        if !self.0.contains(&b'\\') {
            return Cow::Borrowed(self.0);
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut bytes = self.0.iter().copied().peekable();
        while let Some(b) = bytes.next() {
            if b == b'\\'
                && let Some(next @ (b'"' | b'\\')) = bytes.peek().copied()
            {
                out.push(next);
                bytes.next();
                continue;
            }
            out.push(b);
        }
        Cow::Owned(out)
    }

    /// The decoded value as text, invalid UTF-8 replaced by U+FFFD.
    pub fn decode_utf8(&self) -> Cow<'a, str> {
        match self.decode() {
            Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes),
            Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
        }
    }
}

impl fmt::Debug for RawTag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawTag({:?})", String::from_utf8_lossy(self.0))
    }
}

/// Receives the events of one game at a time, in the order they occur:
///
/// `begin_game`, `tag`*, `begin_movetext`, then any of `san`, `nag`, `comment`,
/// `begin_variation` … `end_variation`, then at most one `outcome`, and finally `end_game`.
///
/// Conventions the reader keeps:
///
/// * `san` gets the raw move token: move numbers are removed (`12.`, `12...`, and `1.e4` gives
///   `e4`), check marks `+`/`#` are kept, and a suffix annotation is split off and reported as
///   a NAG right after the move (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6). Anything else
///   that is not a comment, NAG, variation or result, garbage included, is also a `san` token:
///   whether it is a move is for the consumer to decide.
/// * `comment` gets the bytes between `{` and `}` (or after `;` up to the end of the line), raw:
///   line breaks and surrounding spaces included.
/// * `outcome` is called only when a result token ends the game; a game cut off by the end of
///   input or by the next game's tags ends without it. Result tokens inside variations are
///   ignored.
/// * `end_variation` is called once for every variation the visitor entered (returned
///   `Skip(false)` from `begin_variation`), even if the input never closes it; skipped
///   variations get no `end_variation`.
/// * After a `Skip(true)` outside `begin_variation`, nothing but `end_game` is called.
pub trait Visitor {
    /// What a game is turned into.
    type Output;

    /// A new game starts.
    fn begin_game(&mut self) {}

    /// A tag pair, such as `[White "Anna"]`.
    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>) -> Skip {
        Skip(false)
    }

    /// The tags are over and the moves begin. `Skip(true)` skips the movetext.
    fn begin_movetext(&mut self) -> Skip {
        Skip(false)
    }

    /// A move token, raw (see the trait documentation).
    fn san(&mut self, _san: &[u8]) -> Skip {
        Skip(false)
    }

    /// A numeric annotation glyph: `$n`, or a move suffix such as `!?`.
    fn nag(&mut self, _nag: u8) -> Skip {
        Skip(false)
    }

    /// A comment's text, without its delimiters.
    fn comment(&mut self, _comment: &[u8]) -> Skip {
        Skip(false)
    }

    /// A variation opens. By default it is skipped, nested variations and all.
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    /// A variation the visitor entered closes.
    fn end_variation(&mut self) {}

    /// The result token that ends the game: `None` for `*`.
    fn outcome(&mut self, _outcome: Option<Outcome>) {}

    /// The game is over; what it became.
    fn end_game(&mut self) -> Self::Output;
}
