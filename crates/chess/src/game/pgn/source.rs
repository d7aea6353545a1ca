//! Where the tokenizer's bytes come from: a buffer refilled from any `io::Read`, or a slice that
//! is already in memory and needs no copying at all.
//!
//! The tokenizer only ever looks at `data()`, the bytes not yet consumed, and asks `fill()` for
//! more when a token runs past the end of them. The buffer grows only while one token is longer
//! than it, and tokens are cut at [`MAX_TOKEN_LEN`], so memory stays bounded whatever the input.

use std::fmt;
use std::io::{self, Read};

/// The longest token (comment, tag pair, move token) the reader hands on whole. Longer ones are
/// cut to this many bytes and the rest is skipped; it bounds the reader's memory.
pub const MAX_TOKEN_LEN: usize = 4 << 20;

/// How much is read from an `io::Read` at a time.
const CHUNK: usize = 64 << 10;

/// Bytes for the tokenizer.
pub(super) trait Source {
    /// The bytes not yet consumed.
    fn data(&self) -> &[u8];

    /// Drops the first `n` bytes of `data()`.
    fn consume(&mut self, n: usize);

    /// Appends more input to `data()`, keeping what is there. `false` at the end of input.
    fn fill(&mut self) -> io::Result<bool>;
}

/// An `io::Read` behind a growable buffer.
pub(super) struct Buffered<R> {
    inner: R,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
}

impl<R> Buffered<R> {
    pub(super) fn new(inner: R) -> Self {
        Buffered {
            inner,
            buf: Vec::new(),
            start: 0,
            end: 0,
            eof: false,
        }
    }

    pub(super) fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read> Source for Buffered<R> {
    #[inline]
    fn data(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.end);
    }

    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            let len = (self.buf.len() * 2).max(CHUNK);
            self.buf.resize(len, 0);
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end = (self.end + n).min(self.buf.len());
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

impl<R> fmt::Debug for Buffered<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Buffered")
            .field("capacity", &self.buf.len())
            .field("buffered", &(self.end - self.start))
            .field("eof", &self.eof)
            .finish()
    }
}

/// Input that is all in memory already.
pub(super) struct Slice<'a>(pub(super) &'a [u8]);

impl Source for Slice<'_> {
    #[inline]
    fn data(&self) -> &[u8] {
        self.0
    }

    #[inline]
    fn consume(&mut self, n: usize) {
        self.0 = &self.0[n.min(self.0.len())..];
    }

    fn fill(&mut self) -> io::Result<bool> {
        Ok(false)
    }
}

impl fmt::Debug for Slice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Slice")
            .field("remaining", &self.0.len())
            .finish()
    }
}
