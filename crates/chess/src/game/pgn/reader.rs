//! The two front doors of the tokenizer: [`Reader`] for anything that implements `io::Read`
//! (files, pipes), [`SliceReader`] for bytes already in memory, which it reads without copying.
//!
//! Both read one game per call, so a file of any size is processed with the memory of one game:
//! a buffer of 64 KiB that grows only for a token longer than that, up to [`MAX_TOKEN_LEN`].
//!
//! [`MAX_TOKEN_LEN`]: super::MAX_TOKEN_LEN

use std::fmt;
use std::io::{self, Read};

use super::lexer::Lexer;
use super::source::{Buffered, Slice};
use super::visitor::Visitor;

/// Reads games one at a time from an `io::Read`, buffering internally.
///
/// ```
/// use hotseat_chess::game::pgn::{Reader, Visitor};
///
/// struct CountMoves(usize);
/// impl Visitor for CountMoves {
///     type Output = usize;
///     fn begin_game(&mut self) {
///         self.0 = 0;
///     }
///     fn san(&mut self, _san: &[u8]) -> hotseat_chess::game::pgn::Skip {
///         self.0 += 1;
///         hotseat_chess::game::pgn::Skip(false)
///     }
///     fn end_game(&mut self) -> usize {
///         self.0
///     }
/// }
///
/// let file = std::io::Cursor::new("1. e4 e5 2. Nf3 *\n\n1. d4 1-0\n");
/// let mut reader = Reader::new(file);
/// let mut counter = CountMoves(0);
/// assert_eq!(reader.read_game(&mut counter).unwrap(), Some(3));
/// assert_eq!(reader.read_game(&mut counter).unwrap(), Some(1));
/// assert_eq!(reader.read_game(&mut counter).unwrap(), None);
/// ```
pub struct Reader<R> {
    lexer: Lexer<Buffered<R>>,
}

impl<R: Read> Reader<R> {
    /// A reader of `inner`. There is no need to wrap it in a `BufReader`.
    pub fn new(inner: R) -> Self {
        Reader {
            lexer: Lexer::new(Buffered::new(inner)),
        }
    }

    /// Reads the next game into `visitor`: `Ok(None)` once the input holds no more games.
    ///
    /// A read error is returned as it is; the game being read is then lost.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        self.lexer.read_game(visitor)
    }

    /// Skips the next game; `Ok(false)` once the input holds no more games.
    pub fn skip_game(&mut self) -> io::Result<bool> {
        self.lexer.skip_game()
    }

    /// The underlying reader. Bytes already buffered are lost.
    pub fn into_inner(self) -> R {
        self.lexer.src.into_inner()
    }
}

impl<R> fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reader")
            .field("source", &self.lexer.src)
            .finish()
    }
}

/// Reads games one at a time from bytes in memory, without copying them.
///
/// It reads exactly as [`Reader`] does; only faster.
#[derive(Debug)]
pub struct SliceReader<'a> {
    lexer: Lexer<Slice<'a>>,
}

impl<'a> SliceReader<'a> {
    /// A reader of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        SliceReader {
            lexer: Lexer::new(Slice(bytes)),
        }
    }

    /// Reads the next game into `visitor`: `Ok(None)` once the input holds no more games.
    /// Reading a slice never fails; the `io::Result` keeps the signature of [`Reader`].
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        self.lexer.read_game(visitor)
    }

    /// Skips the next game; `Ok(false)` once the input holds no more games.
    pub fn skip_game(&mut self) -> io::Result<bool> {
        self.lexer.skip_game()
    }

    /// The bytes not read yet.
    pub fn remaining(&self) -> &'a [u8] {
        self.lexer.src.0
    }
}

#[cfg(test)]
mod tests;
