//! The tokenizer behind both readers: one pass over the bytes, one game at a time.
//!
//! It hands the visitor slices of its buffer, so a token costs no allocation. Movetext goes
//! through the fast scan of [`Moves::scan`] for every token that lies whole in the buffer; only
//! the token that straddles the end of the buffer is read here, one at a time, refilling as
//! needed. The current token always starts at `data()[0]`, and a refill keeps it, so each byte is
//! looked at about once however the input is chunked. Tags, and what lies between games, are
//! read here too: they are a small part of any file.
//!
//! Robustness rules, each for a reason:
//!
//! * Variations are tracked with a depth counter, never recursion: 5,000 nested `(` cost nothing.
//! * A `)` with no open variation is ignored.
//! * A `[` outside a comment ends the game: it is the next game's tags, even if this game's
//!   result or closing parentheses are missing.
//! * Tokens longer than [`MAX_TOKEN_LEN`] are cut, and the rest skipped without buffering.
//! * A tag value ends at its closing quote or at the end of the line, whichever comes first.
//! * Between games, whitespace, a byte-order mark, `%` lines, comments and stray `)` are skipped.

use std::io;

use super::movetext::{
    Moves, Stop, find_name_end, find_value_end, is_delimiter, is_newline, is_ws,
};
use super::source::{MAX_TOKEN_LEN, Source};
use super::visitor::{RawTag, Skip, Visitor};

const BOM: &[u8] = b"\xEF\xBB\xBF";

#[inline]
fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The tag pair at the start of `data` (its `[`), when it lies whole there in the form nearly
/// every file writes — `[Name "value"]`, one space, no escape, no line break — as the ends of
/// its name and of its value; `None` sends any other form (or a tag not yet buffered whole)
/// through the general reader, which reads this form the same.
#[inline]
fn plain_tag(data: &[u8]) -> Option<(usize, usize)> {
    // Far more than any real tag: a longer one is read by the general path, with its limits.
    let data = &data[..data.len().min(1 << 10)];
    let name_end = 1 + find_name_end(data.get(1..)?)?;
    if name_end == 1 || data.get(name_end..name_end + 2)? != b" \"" {
        return None;
    }
    let value_start = name_end + 2;
    let value_end = value_start + find_value_end(&data[value_start..])?;
    (data.get(value_end..value_end + 2)? == b"\"]").then_some((name_end, value_end))
}

/// Skips every event, as cheaply as the tokenizer allows.
struct SkipAll;

impl Visitor for SkipAll {
    type Output = ();

    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>) -> Skip {
        Skip(true)
    }

    fn begin_movetext(&mut self) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self) {}
}

#[derive(Debug)]
pub(super) struct Lexer<S> {
    pub(super) src: S,
    /// Whether the next byte is the first of a line, where `%` starts an escape line.
    line_start: bool,
}

impl<S: Source> Lexer<S> {
    pub(super) fn new(src: S) -> Self {
        Lexer {
            src,
            line_start: true,
        }
    }

    pub(super) fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
        if !self.seek_game()? {
            return Ok(None);
        }
        v.begin_game();
        let mut skip = false;
        loop {
            self.skip_ws_and_escapes()?;
            if self.src.data().first() != Some(&b'[') {
                break;
            }
            skip |= self.tag(v, skip)?;
        }
        if !skip {
            skip = v.begin_movetext().0;
        }
        self.movetext(v, skip)?;
        Ok(Some(v.end_game()))
    }

    pub(super) fn skip_game(&mut self) -> io::Result<bool> {
        Ok(self.read_game(&mut SkipAll)?.is_some())
    }

    /// Index of the first byte at or after `from` for which `stop` holds, and `true`; or, when
    /// the input ends or the token reaches [`MAX_TOKEN_LEN`] first, the length scanned and
    /// `false`. Refills as needed and consumes nothing.
    fn find(&mut self, mut from: usize, stop: impl Fn(u8) -> bool) -> io::Result<(usize, bool)> {
        loop {
            let data = self.src.data();
            let window = &data[..data.len().min(MAX_TOKEN_LEN)];
            from = from.min(window.len());
            if let Some(k) = window[from..].iter().position(|&b| stop(b)) {
                return Ok((from + k, true));
            }
            from = window.len();
            if from >= MAX_TOKEN_LEN || !self.src.fill()? {
                return Ok((from, false));
            }
        }
    }

    /// Consumes bytes up to, not including, the first for which `stop` holds, without
    /// buffering them. `false` if the input ended first.
    fn skip_until(&mut self, stop: impl Fn(u8) -> bool) -> io::Result<bool> {
        loop {
            let data = self.src.data();
            if let Some(k) = data.iter().position(|&b| stop(b)) {
                self.src.consume(k);
                return Ok(true);
            }
            let n = data.len();
            self.src.consume(n);
            if !self.src.fill()? {
                return Ok(false);
            }
        }
    }

    /// Consumes bytes up to and including `end`, or to the end of input.
    fn skip_past(&mut self, end: u8) -> io::Result<()> {
        if self.skip_until(|b| b == end)? {
            self.src.consume(1);
        }
        Ok(())
    }

    /// Consumes whitespace; afterwards `data()` is empty only at the end of input.
    #[inline]
    fn skip_ws(&mut self) -> io::Result<()> {
        loop {
            let data = self.src.data();
            let n = data.iter().position(|&b| !is_ws(b)).unwrap_or(data.len());
            if n > 0 {
                self.line_start = is_newline(data[n - 1]);
                self.src.consume(n);
            }
            if !self.src.data().is_empty() || !self.src.fill()? {
                return Ok(());
            }
        }
    }

    fn skip_ws_and_escapes(&mut self) -> io::Result<()> {
        // Between tags, nearly always one line break.
        if let [b, next, ..] = *self.src.data()
            && is_ws(b)
            && !is_ws(next)
            && next != b'%'
        {
            self.line_start = is_newline(b);
            self.src.consume(1);
            return Ok(());
        }
        loop {
            self.skip_ws()?;
            if self.line_start && self.src.data().first() == Some(&b'%') {
                self.skip_until(is_newline)?;
            } else {
                return Ok(());
            }
        }
    }

    /// Skips what may come between games; `false` at the end of input.
    fn seek_game(&mut self) -> io::Result<bool> {
        loop {
            self.skip_ws()?;
            let Some(&b) = self.src.data().first() else {
                return Ok(false);
            };
            match b {
                b'%' if self.line_start => {
                    self.skip_until(is_newline)?;
                }
                b';' => {
                    self.skip_until(is_newline)?;
                }
                b'{' => {
                    self.src.consume(1);
                    self.skip_past(b'}')?;
                    self.line_start = false;
                }
                b')' => {
                    self.src.consume(1);
                    self.line_start = false;
                }
                0xEF => {
                    while self.src.data().len() < BOM.len() && self.src.fill()? {}
                    if !self.src.data().starts_with(BOM) {
                        return Ok(true);
                    }
                    self.src.consume(BOM.len());
                }
                _ => return Ok(true),
            }
        }
    }

    /// Reads the tag pair whose `[` is the next byte; `true` if the visitor asked to skip.
    /// Nothing is reported when `quiet`, nor for a malformed tag (no name, no quoted value).
    fn tag<V: Visitor>(&mut self, v: &mut V, quiet: bool) -> io::Result<bool> {
        self.line_start = false;
        if let Some((name_end, value_end)) = plain_tag(self.src.data()) {
            let data = self.src.data();
            let skip = !quiet
                && v.tag(&data[1..name_end], RawTag(&data[name_end + 2..value_end]))
                    .0;
            self.src.consume(value_end + 2);
            return Ok(skip);
        }
        let (name_start, ok) = self.find(1, |b| !is_blank(b))?;
        let (name_end, ok) = match ok {
            true => self.find(name_start, |b| is_ws(b) || matches!(b, b'"' | b']' | b'['))?,
            false => (name_start, false),
        };
        let (quote, ok) = match ok && name_end > name_start {
            true => self.find(name_end, |b| !is_blank(b))?,
            false => (name_end, false),
        };
        if !ok || self.src.data()[quote] != b'"' {
            return self.finish_tag().map(|()| false);
        }
        let value_start = quote + 1;
        let mut from = value_start;
        let (value_end, closed) = loop {
            let (end, found) = self.find(from, |b| b == b'"' || is_newline(b))?;
            let data = self.src.data();
            if !found || data[end] != b'"' {
                break (end, false);
            }
            let escapes = data[value_start..end]
                .iter()
                .rev()
                .take_while(|&&b| b == b'\\')
                .count();
            if escapes.is_multiple_of(2) {
                break (end, true);
            }
            from = end + 1;
        };
        let mut skip = false;
        if !quiet {
            let data = self.src.data();
            let value = RawTag(&data[value_start..value_end]);
            skip = v.tag(&data[name_start..name_end], value).0;
        }
        self.src.consume(value_end);
        if closed {
            self.src.consume(1);
        } else if value_end >= MAX_TOKEN_LEN {
            self.skip_until(|b| b == b'"' || is_newline(b))?;
            if self.src.data().first() == Some(&b'"') {
                self.src.consume(1);
            }
        }
        self.finish_tag()?;
        Ok(skip)
    }

    /// Skips the rest of a tag pair: up to and including its `]`, or to the end of the line.
    fn finish_tag(&mut self) -> io::Result<()> {
        // Nearly always right after the value's closing quote.
        if self.src.data().first() == Some(&b']') {
            self.src.consume(1);
            return Ok(());
        }
        self.skip_until(|b| b == b']' || is_newline(b))?;
        if self.src.data().first() == Some(&b']') {
            self.src.consume(1);
        }
        Ok(())
    }

    /// Reads movetext up to the result, the next game's tags or the end of input.
    // Never inlined: compiled on its own, the scanner's loop keeps its registers whatever the
    // code around it (the tags, the game's start and end) becomes; inlined into the game loop,
    // a change there moved its instruction count by millions on the same corpus.
    #[inline(never)]
    fn movetext<V: Visitor>(&mut self, v: &mut V, skip_game: bool) -> io::Result<()> {
        let mut moves = Moves::new(skip_game);
        loop {
            let data = self.src.data();
            let (used, stop) = moves.scan(v, data, self.line_start);
            if used > 0 {
                self.line_start = is_newline(data[used - 1]);
                self.src.consume(used);
            }
            if stop != Stop::Straddles || !self.movetext_token(v, &mut moves)? {
                break;
            }
        }
        moves.finish(v);
        Ok(())
    }

    /// Reads one token of movetext, refilling the buffer as needed: the slow path, for the
    /// token that straddles the end of the buffer. `false` when the movetext is over.
    fn movetext_token<V: Visitor>(&mut self, v: &mut V, moves: &mut Moves) -> io::Result<bool> {
        self.skip_ws()?;
        let Some(&b) = self.src.data().first() else {
            return Ok(false);
        };
        let line_start = std::mem::replace(&mut self.line_start, false);
        match b {
            b'{' => {
                let (end, _) = self.find(1, |b| b == b'}')?;
                moves.comment(v, &self.src.data()[1..end]);
                self.src.consume(end);
                self.skip_past(b'}')?;
            }
            b';' => {
                let (end, _) = self.find(1, is_newline)?;
                moves.comment(v, &self.src.data()[1..end]);
                self.src.consume(end);
                self.skip_until(is_newline)?;
            }
            b'(' => {
                self.src.consume(1);
                moves.open(v);
            }
            b')' => {
                self.src.consume(1);
                moves.close(v);
            }
            b'[' => return Ok(false),
            b'%' if line_start => {
                self.skip_until(is_newline)?;
            }
            b'$' => {
                let (end, found) = self.find(1, |b| !b.is_ascii_digit())?;
                moves.nag(v, &self.src.data()[..end]);
                self.src.consume(end);
                if !found {
                    self.skip_until(|b| !b.is_ascii_digit())?;
                }
            }
            _ => {
                let (end, found) = self.find(1, is_delimiter)?;
                let over = moves.word(v, &self.src.data()[..end]);
                self.src.consume(end);
                if !found {
                    self.skip_until(is_delimiter)?;
                }
                return Ok(!over);
            }
        }
        Ok(true)
    }
}
