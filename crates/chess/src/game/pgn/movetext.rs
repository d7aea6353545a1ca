//! Movetext: what each token means, and the fast scan over tokens already in the buffer.
//!
//! [`Moves`] holds the state of a game's movetext (open variations, what is being skipped) and
//! turns tokens into visitor events. Tokens reach it two ways: [`Moves::scan`], a tight loop over
//! every token that lies whole in the bytes already buffered, which is where nearly all the time
//! goes; and the lexer's one-token-at-a-time path for the token that straddles the end of the
//! buffer (or is too long), which refills and then hands the token to the same methods. Both
//! paths therefore agree by construction.

use super::source::MAX_TOKEN_LEN;
use super::visitor::{Outcome, Visitor};

/// Whitespace, with every other control byte (NUL included) treated the same.
#[inline]
pub(super) fn is_ws(b: u8) -> bool {
    b <= b' '
}

#[inline]
pub(super) fn is_newline(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// Bytes that end a move token: whitespace and the bytes that start another token.
static DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b <= b' ' as usize {
        table[b] = true;
        b += 1;
    }
    table[b'{' as usize] = true;
    table[b'(' as usize] = true;
    table[b')' as usize] = true;
    table[b'[' as usize] = true;
    table[b';' as usize] = true;
    table[b'$' as usize] = true;
    table
};

#[inline]
pub(super) fn is_delimiter(b: u8) -> bool {
    DELIMITER[usize::from(b)]
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = ONES << 7;

/// Marks the first zero byte of eight with its high bit (later ones may be marked falsely).
#[inline]
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGH
}

/// Marks the first byte of eight equal to `byte` with its high bit (later ones may be marked
/// falsely).
#[inline(always)]
fn equal_bytes(x: u64, byte: u8) -> u64 {
    zero_bytes(x ^ (ONES * u64::from(byte)))
}

/// Marks the first byte of eight below `0x21` (whitespace and control bytes) with its high bit
/// (later ones may be marked falsely).
#[inline(always)]
fn blank_bytes(x: u64) -> u64 {
    x.wrapping_sub(ONES * 0x21) & !x & HIGH
}

/// Index of the first `needle` in `bytes`, eight bytes at a time: comments are searched for
/// their `}` this way.
#[inline]
pub(super) fn find_byte(bytes: &[u8], needle: u8) -> Option<usize> {
    find_first(bytes, |x| equal_bytes(x, needle), |b| b == needle)
}

/// Index of the first byte of `bytes` that `ends`, eight bytes at a time: `marks` marks such
/// bytes among eight (little-endian) with their high bit, the first one rightly (marks after
/// it may be false); `ends` decides the last few bytes one by one.
#[inline(always)]
fn find_first(
    bytes: &[u8],
    marks: impl Fn(u64) -> u64,
    ends: impl Fn(u8) -> bool,
) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let marks = marks(u64::from_le_bytes(word));
        if marks != 0 {
            return Some(at + marks.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    let tail = chunks.remainder();
    tail.iter().position(|&b| ends(b)).map(|k| at + k)
}

/// Index of the first byte that ends a tag value in the plain form — `"`, `\\`, or a line
/// break — eight bytes at a time: every game has a dozen values of some ten bytes each.
#[inline]
pub(super) fn find_value_end(bytes: &[u8]) -> Option<usize> {
    find_first(
        bytes,
        |x| {
            equal_bytes(x, b'"')
                | equal_bytes(x, b'\\')
                | equal_bytes(x, b'\n')
                | equal_bytes(x, b'\r')
        },
        |b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'),
    )
}

/// Index of the first byte that ends a tag's name — whitespace, `"`, `[` or `]` — eight bytes
/// at a time, as [`find_value_end`].
#[inline]
pub(super) fn find_name_end(bytes: &[u8]) -> Option<usize> {
    find_first(
        bytes,
        |x| blank_bytes(x) | equal_bytes(x, b'"') | equal_bytes(x, b'[') | equal_bytes(x, b']'),
        |b| is_ws(b) || matches!(b, b'"' | b'[' | b']'),
    )
}

/// Marks the first delimiter among eight bytes (little-endian) with its high bit; bytes after
/// the first delimiter may be marked falsely, so only the lowest mark counts.
#[inline]
fn delimiter_marks(x: u64) -> u64 {
    blank_bytes(x)
        | zero_bytes((x ^ (ONES * u64::from(b'('))) & !ONES) // ( and )
        | zero_bytes((x ^ (ONES * u64::from(b'['))) & !(ONES * 0x20)) // [ and {
        | equal_bytes(x, b';')
        | equal_bytes(x, b'$')
}

/// Index of the first delimiter in `bytes`: eight bytes at a time, since moves are short and
/// a byte loop would mispredict its exit once per move.
#[inline]
fn find_delimiter(bytes: &[u8]) -> Option<usize> {
    find_first(bytes, delimiter_marks, is_delimiter)
}

/// Where the move token whose first byte came just before `rest` ends: [`find_delimiter`], with
/// the four bytes a move nearly always ends within looked at one by one first (`e4`, `Nf3`,
/// `exd5`, `Nxe5+`), which takes fewer instructions than a word's worth of tests.
#[inline(always)]
fn token_end(rest: &[u8]) -> Option<usize> {
    if let [a, b, c, d, ..] = *rest {
        if is_delimiter(a) {
            return Some(0);
        }
        if is_delimiter(b) {
            return Some(1);
        }
        if is_delimiter(c) {
            return Some(2);
        }
        if is_delimiter(d) {
            return Some(3);
        }
        return find_delimiter(&rest[4..]).map(|k| k + 4);
    }
    find_delimiter(rest)
}

/// What a word of movetext turned out to be.
#[derive(Debug, PartialEq, Eq)]
enum Word<'a> {
    /// A result token.
    Result(Option<Outcome>),
    /// A move token (possibly empty) and the NAG of its suffix annotation, if any.
    Move(&'a [u8], Option<u8>),
    /// A bare move number or dots: nothing to report.
    Nothing,
}

/// Drops a leading move number (`12.`, `12...`, `...`, or a bare `12`) from a word.
fn strip_move_number(word: &[u8]) -> &[u8] {
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = &word[digits..];
    let dots = rest.iter().take_while(|&&b| b == b'.').count();
    if dots > 0 || rest.is_empty() {
        &rest[dots..]
    } else {
        word
    }
}

/// Reads a word. A move number in front is dropped and what follows read as a token of its own,
/// as the scanner does when the number is a word of its own.
#[inline]
fn classify(mut word: &[u8]) -> Word<'_> {
    while let [b'0'..=b'9' | b'*' | b'.', ..] = word {
        if let Some(outcome) = Outcome::from_token(word) {
            return Word::Result(outcome);
        }
        let rest = strip_move_number(word);
        if rest.len() == word.len() {
            break;
        }
        word = rest;
    }
    match word {
        [] => Word::Nothing,
        [.., b'!' | b'?'] => {
            let marks = word
                .iter()
                .rev()
                .take_while(|&&b| b == b'!' || b == b'?')
                .count();
            let plain = word.len() - marks;
            let nag = match &word[plain..] {
                b"!" => 1,
                b"?" => 2,
                b"!!" => 3,
                b"??" => 4,
                b"!?" => 5,
                b"?!" => 6,
                _ => return Word::Move(word, None),
            };
            Word::Move(&word[..plain], Some(nag))
        }
        _ => Word::Move(word, None),
    }
}

/// The value of the digits of a `$` NAG, if it fits a NAG.
fn parse_nag(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let value = digits
        .iter()
        .fold(0u16, |n, &d| n * 10 + u16::from(d - b'0'));
    u8::try_from(value).ok()
}

/// How [`Moves::scan`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// A result token ended the game.
    Result,
    /// A `[`: the next game's tags begin.
    NextGame,
    /// The next token does not lie whole in the buffer (or is too long to be handled here).
    Straddles,
}

/// The state of one game's movetext.
#[derive(Debug)]
pub(super) struct Moves {
    /// Open variations.
    depth: usize,
    /// The depth of the variation being skipped, 0 when none is.
    skip_var: usize,
    /// Whether the visitor asked to skip the rest of the game.
    skip_game: bool,
}

impl Moves {
    pub(super) fn new(skip_game: bool) -> Self {
        Moves {
            depth: 0,
            skip_var: 0,
            skip_game,
        }
    }

    #[inline]
    fn quiet(&self) -> bool {
        self.skip_game | (self.skip_var != 0)
    }

    #[inline]
    pub(super) fn comment<V: Visitor>(&mut self, v: &mut V, text: &[u8]) {
        if !self.quiet() {
            self.skip_game = v.comment(text).0;
        }
    }

    #[inline]
    pub(super) fn open<V: Visitor>(&mut self, v: &mut V) {
        let quiet = self.quiet();
        self.depth = self.depth.saturating_add(1);
        if !quiet && v.begin_variation().0 {
            self.skip_var = self.depth;
        }
    }

    #[inline]
    pub(super) fn close<V: Visitor>(&mut self, v: &mut V) {
        if self.depth == 0 {
            return;
        }
        if self.skip_var == self.depth {
            self.skip_var = 0;
        } else if !self.quiet() {
            v.end_variation();
        }
        self.depth -= 1;
    }

    /// A `$` and the digits after it.
    #[inline]
    pub(super) fn nag<V: Visitor>(&mut self, v: &mut V, token: &[u8]) {
        if !self.quiet() {
            self.skip_game = match parse_nag(&token[1..]) {
                Some(nag) => v.nag(nag).0,
                None => v.san(token).0,
            };
        }
    }

    /// A word: a move, a move number, a result or garbage. `true` if it ended the game.
    #[inline]
    pub(super) fn word<V: Visitor>(&mut self, v: &mut V, word: &[u8]) -> bool {
        match classify(word) {
            Word::Move(san, nag) => {
                if self.quiet() {
                    return false;
                }
                if !san.is_empty() {
                    self.skip_game = v.san(san).0;
                }
                if let Some(nag) = nag.filter(|_| !self.skip_game) {
                    self.skip_game = v.nag(nag).0;
                }
                false
            }
            Word::Result(outcome) if self.depth == 0 => {
                if !self.skip_game {
                    v.outcome(outcome);
                }
                true
            }
            Word::Result(_) | Word::Nothing => false,
        }
    }

    /// The movetext is over: closes the variations the visitor entered.
    pub(super) fn finish<V: Visitor>(&self, v: &mut V) {
        if !self.skip_game {
            let entered = match self.skip_var {
                0 => self.depth,
                skipped => skipped - 1,
            };
            for _ in 0..entered {
                v.end_variation();
            }
        }
    }

    /// Handles every token that lies whole in `data`, stopping at the first that does not, at a
    /// `[`, or after a result. Returns how many bytes were used, and why it stopped.
    /// `line_start` says whether `data` starts a line (for `%` escape lines).
    #[inline]
    pub(super) fn scan<V: Visitor>(
        &mut self,
        v: &mut V,
        data: &[u8],
        line_start: bool,
    ) -> (usize, Stop) {
        let n = data.len();
        let mut i = 0;
        while i < n {
            let mut b = data[i];
            if is_ws(b) {
                i += 1;
                continue;
            }
            if b.is_ascii_digit() {
                // A move number (`12.`, `12...`, `1.e4`) is dropped here, without the detour
                // through `word`; anything else starting with a digit (`1-0`, `0-0`) is a word
                // after all.
                let rest = &data[i + 1..];
                let mut k = 0;
                while let Some(b'0'..=b'9') = rest.get(k) {
                    k += 1;
                }
                let digits = k;
                while let Some(b'.') = rest.get(k) {
                    k += 1;
                }
                match rest.get(k) {
                    _ if k >= MAX_TOKEN_LEN => break,
                    None => break,
                    Some(&next) if k > digits => {
                        // The token after the number, nearly always a move one space on, is
                        // read in this same turn of the loop.
                        i += 1 + k + usize::from(next == b' ');
                        // A letter or a brace, nearly always; anything else (whitespace, another
                        // number, a parenthesis, the end of the buffer) goes round the loop.
                        match data.get(i) {
                            Some(&after) if after > b'9' => b = after,
                            _ => continue,
                        }
                    }
                    Some(&b) if is_delimiter(b) => {
                        i += 1 + digits;
                        continue;
                    }
                    Some(_) => match find_delimiter(rest) {
                        Some(k) if k < MAX_TOKEN_LEN => {
                            if self.word(v, &data[i..=i + k]) {
                                return (i + 1 + k, Stop::Result);
                            }
                            i += 1 + k;
                            continue;
                        }
                        _ => break,
                    },
                }
            }
            let rest = &data[i + 1..];
            let end = match b {
                b'{' => match find_byte(rest, b'}') {
                    Some(k) if k < MAX_TOKEN_LEN => {
                        self.comment(v, &rest[..k]);
                        k + 1
                    }
                    _ => break,
                },
                b';' => match rest.iter().position(|&b| is_newline(b)) {
                    Some(k) if k < MAX_TOKEN_LEN => {
                        self.comment(v, &rest[..k]);
                        k
                    }
                    _ => break,
                },
                b'(' => {
                    self.open(v);
                    0
                }
                b')' => {
                    self.close(v);
                    0
                }
                b'[' => return (i, Stop::NextGame),
                b'%' if (if i == 0 {
                    line_start
                } else {
                    is_newline(data[i - 1])
                }) =>
                {
                    match rest.iter().position(|&b| is_newline(b)) {
                        Some(k) => k,
                        None => break,
                    }
                }
                b'$' => match rest.iter().position(|b| !b.is_ascii_digit()) {
                    Some(k) if k < MAX_TOKEN_LEN => {
                        self.nag(v, &data[i..=i + k]);
                        k
                    }
                    _ => break,
                },
                _ => match token_end(rest) {
                    Some(k) if k < MAX_TOKEN_LEN => {
                        let word = &data[i..=i + k];
                        if !matches!(b, b'*' | b'.') && !matches!(word[k], b'!' | b'?') {
                            // A plain move, by far the most common word: `word` would say so
                            // too, only slower.
                            if !self.quiet() {
                                self.skip_game = v.san(word).0;
                            }
                        } else if self.word(v, word) {
                            return (i + 1 + k, Stop::Result);
                        }
                        k
                    }
                    _ => break,
                },
            };
            i += 1 + end;
        }
        (i, Stop::Straddles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classify_splits_suffix_annotations_into_nags() {
        assert_eq!(classify(b"e4!"), Word::Move(b"e4", Some(1)));
        assert_eq!(classify(b"e4?"), Word::Move(b"e4", Some(2)));
        assert_eq!(classify(b"Qxf7+!!"), Word::Move(b"Qxf7+", Some(3)));
        assert_eq!(classify(b"Kh1??"), Word::Move(b"Kh1", Some(4)));
        assert_eq!(classify(b"O-O!?"), Word::Move(b"O-O", Some(5)));
        assert_eq!(classify(b"Rxe8#?!"), Word::Move(b"Rxe8#", Some(6)));
        assert_eq!(classify(b"!?"), Word::Move(b"", Some(5)));
        assert_eq!(classify(b"e4!!!"), Word::Move(b"e4!!!", None));
    }

    #[test]
    fn classify_drops_move_numbers_but_not_castling_with_zeros() {
        assert_eq!(classify(b"12."), Word::Nothing);
        assert_eq!(classify(b"12..."), Word::Nothing);
        assert_eq!(classify(b"12"), Word::Nothing);
        assert_eq!(classify(b"..."), Word::Nothing);
        assert_eq!(classify(b"1.e4"), Word::Move(b"e4", None));
        assert_eq!(classify(b"7...Nf6!"), Word::Move(b"Nf6", Some(1)));
        assert_eq!(classify(b"0-0"), Word::Move(b"0-0", None));
        assert_eq!(classify(b"0-0-0"), Word::Move(b"0-0-0", None));
        assert_eq!(classify(b"12abc"), Word::Move(b"12abc", None));
        assert_eq!(classify(b"1.2.e4"), Word::Move(b"e4", None));
        assert_eq!(classify(b"1.12"), Word::Nothing);
        assert_eq!(classify(b"1.0-0"), Word::Move(b"0-0", None));
        assert_eq!(classify(b"1.!"), Word::Move(b"", Some(1)));
        assert_eq!(classify(b"40.1-0"), Word::Result(Some(Outcome::WhiteWins)));
    }

    #[test]
    fn classify_reads_the_four_result_tokens() {
        assert_eq!(classify(b"1-0"), Word::Result(Some(Outcome::WhiteWins)));
        assert_eq!(classify(b"0-1"), Word::Result(Some(Outcome::BlackWins)));
        assert_eq!(classify(b"1/2-1/2"), Word::Result(Some(Outcome::Draw)));
        assert_eq!(classify(b"*"), Word::Result(None));
        assert_eq!(classify(b"1/2"), Word::Move(b"1/2", None));
        assert_eq!(classify(b"**"), Word::Move(b"**", None));
    }

    #[test]
    fn find_delimiter_agrees_with_the_table_for_every_byte_and_position() {
        for b in 0..=255u8 {
            for at in 0..20 {
                for len in at + 1..21 {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = b;
                    let expected = bytes.iter().position(|&b| is_delimiter(b));
                    assert_eq!(
                        find_delimiter(&bytes),
                        expected,
                        "byte {b:#x} at {at} of {len}"
                    );
                }
            }
        }
        assert_eq!(find_delimiter(b"e4 \x00 (x"), Some(2));
        assert_eq!(find_delimiter(b"\xff\xa0\x80Nf3!!{"), Some(8));
    }

    #[test]
    fn token_end_agrees_with_find_delimiter_for_every_byte_and_position() {
        for b in 0..=255u8 {
            for at in 0..12 {
                for len in at..13 {
                    let mut bytes = vec![b'N'; len];
                    if at < len {
                        bytes[at] = b;
                    }
                    assert_eq!(
                        token_end(&bytes),
                        find_delimiter(&bytes),
                        "byte {b:#x} at {at} of {len}"
                    );
                }
            }
        }
    }

    #[test]
    fn find_byte_finds_the_first_occurrence_at_every_position() {
        for needle in [0u8, b'}', 0x80, 0xff] {
            for at in 0..20 {
                for len in at + 1..21 {
                    let mut bytes: Vec<u8> =
                        (0..len as u8).map(|i| i.wrapping_mul(37) | 1).collect();
                    bytes.retain(|&b| b != needle);
                    bytes.resize(len, 0x41);
                    bytes[at] = needle;
                    if at + 1 < len {
                        bytes[len - 1] = needle;
                    }
                    assert_eq!(
                        find_byte(&bytes, needle),
                        Some(at),
                        "{needle:#x} at {at} of {len}"
                    );
                    assert_eq!(find_byte(&bytes[..at], needle), None);
                }
            }
        }
    }

    #[test]
    fn find_value_end_finds_the_first_quote_backslash_or_line_break() {
        for end in [b'"', b'\\', b'\n', b'\r'] {
            for at in 0..20 {
                for len in at + 1..21 {
                    // Bytes around the ends, and above 0x7f, never taken for one.
                    let mut bytes: Vec<u8> = (0..len)
                        .map(|i| [b'!', b'#', b'[', b']', 0x0b, 0xa2, 0xdc, b'a'][i % 8])
                        .collect();
                    bytes[at] = end;
                    if at + 1 < len {
                        bytes[len - 1] = b'"';
                    }
                    assert_eq!(
                        find_value_end(&bytes),
                        Some(at),
                        "{end:#x} at {at} of {len}"
                    );
                    assert_eq!(find_value_end(&bytes[..at]), None);
                }
            }
        }
    }

    #[test]
    fn find_name_end_agrees_with_a_byte_loop_for_every_byte_and_position() {
        let ends = |b: u8| is_ws(b) || matches!(b, b'"' | b'[' | b']');
        for b in 0..=255u8 {
            for at in 0..20 {
                for len in at + 1..21 {
                    let mut bytes = vec![b'E'; len];
                    bytes[at] = b;
                    let expected = bytes.iter().position(|&b| ends(b));
                    assert_eq!(find_name_end(&bytes), expected, "{b:#x} at {at} of {len}");
                }
            }
        }
        assert_eq!(find_name_end(b"\xa0\xdb\xdd\xa2Event \"x\""), Some(9));
    }

    #[test]
    fn nag_values_above_255_are_not_nags() {
        assert_eq!(parse_nag(b"0"), Some(0));
        assert_eq!(parse_nag(b"255"), Some(255));
        assert_eq!(parse_nag(b"256"), None);
        assert_eq!(parse_nag(b"0001"), None);
        assert_eq!(parse_nag(b""), None);
    }
}
