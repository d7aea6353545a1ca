//! The games of a PGN stream, one at a time, each with its place in the stream: what the
//! import reads from a download and the index from a collection file of `games/`.
//!
//! The stream is read a chunk at a time ([`CHUNK_BYTES`]): a file of millions of games never
//! sits in memory whole, and a game is at most [`MAX_GAME_FILE_BYTES`]. Each game is checked
//! on its own: what cannot be read as a game is a [`Piece::Refused`] with why, and the reading
//! goes on with the next game.

use std::io::Read;

use super::{MAX_GAME_FILE_BYTES, Summary, summarize};

/// How much of the file is read at a time.
pub const CHUNK_BYTES: usize = 4 << 20;

/// One game of a stream, or why the text there is none.
pub(super) enum Piece {
    Game {
        /// Its first byte in the stream, and its length (surrounding blank lines left out).
        offset: u64,
        length: u64,
        /// Its text, ending with one line break.
        text: String,
        summary: Box<Summary>,
    },
    Refused {
        offset: u64,
        reason: String,
    },
}

use chess::game::pgn::SliceReader;

/// Reads the games of a stream one chunk at a time, handing out the text of each game whole.
pub(super) struct Games<R> {
    input: R,
    buf: Vec<u8>,
    /// Where the unread part of `buf` starts.
    start: usize,
    eof: bool,
    bytes_read: u64,
}

/// What the stream gives next.
enum Next {
    Game(Vec<u8>),
    /// More than [`MAX_GAME_FILE_BYTES`] without the end of a game (an unclosed comment or
    /// variation): skipped to the next line that starts a game's tags.
    TooLong,
    End,
}

impl<R: Read> Games<R> {
    pub(super) fn new(input: R) -> Games<R> {
        Games {
            input,
            buf: Vec::new(),
            start: 0,
            eof: false,
            bytes_read: 0,
        }
    }

    /// Reads one more chunk into the buffer.
    fn fill(&mut self) -> std::io::Result<()> {
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        let want = self.buf.len() + CHUNK_BYTES;
        while self.buf.len() < want {
            let old = self.buf.len();
            self.buf.resize(want, 0);
            match self.input.read(&mut self.buf[old..]) {
                Ok(0) => {
                    self.buf.truncate(old);
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    self.buf.truncate(old + n);
                    self.bytes_read += n as u64;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => self.buf.truncate(old),
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// The bytes of the input the games handed out so far took.
    pub(super) fn consumed(&self) -> u64 {
        self.bytes_read - (self.buf.len() - self.start) as u64
    }

    /// Gives back the last `n` bytes of the game just read, to be read again as what follows.
    fn give_back(&mut self, n: usize) {
        self.start -= n.min(self.start);
    }

    fn next(&mut self) -> std::io::Result<Next> {
        loop {
            let rest = &self.buf[self.start..];
            let mut reader = SliceReader::new(rest);
            let found = matches!(reader.skip_game(), Ok(true));
            let used = rest.len() - reader.remaining().len();
            // A game that runs to the end of what was read may go on in the next chunk.
            if found && (used < rest.len() || self.eof) {
                let game = rest[..used].to_vec();
                self.start += used;
                return Ok(Next::Game(game));
            }
            if self.eof {
                self.start = self.buf.len();
                return Ok(Next::End);
            }
            if rest.len() as u64 > MAX_GAME_FILE_BYTES {
                // On to the next line that opens a game's tags after a blank line.
                let skip = rest[1..]
                    .windows(3)
                    .position(|w| w == b"\n\n[")
                    .map_or(rest.len(), |p| p + 3);
                self.start += skip;
                return Ok(Next::TooLong);
            }
            self.fill()?;
        }
    }
}

/// Where, in a game's text, another game's tags begin after its moves began: a line
/// `[Name "` after a blank line, past the blank line that ends the game's own tags.
fn resync_point(span: &[u8]) -> Option<usize> {
    let text_start = span.iter().position(|b| !b.is_ascii_whitespace())?;
    let tags_end = span[text_start..]
        .windows(2)
        .position(|w| w == b"\n\n")
        .map_or(text_start, |p| text_start + p + 2);
    let mut from = tags_end;
    while let Some(p) = span[from..].windows(3).position(|w| w == b"\n\n[") {
        let at = from + p + 2;
        let name = span[at + 1..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        if name > 0 && span[at + 1 + name..].starts_with(b" \"") {
            return Some(at);
        }
        from = at;
    }
    None
}

/// Whether the game `text` has at least one tag pair the PGN reader reads.
fn has_tags(text: &str) -> bool {
    chess::game::pgn::import_game(text).is_ok_and(|g| !g.tags.is_empty())
}

impl<R: Read> Games<R> {
    /// The next game of the stream (see [`Piece`]); `None` at its end.
    pub(super) fn next_piece(&mut self) -> std::io::Result<Option<Piece>> {
        let at = self.consumed();
        let span = match self.next()? {
            Next::End => return Ok(None),
            Next::TooLong => {
                return Ok(Some(Piece::Refused {
                    offset: at,
                    reason: format!(
                        "more than {} MiB without the end of a game (an unclosed {{ comment or \
                         ( variation?); read on from the next game's tags",
                        MAX_GAME_FILE_BYTES >> 20
                    ),
                }));
            }
            Next::Game(span) => span,
        };
        let lead = span
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(span.len());
        let offset = at + lead as u64;
        // A game whose text runs into another game's tags swallowed it (an unclosed comment
        // or variation): refused, and what follows is read again from those tags.
        if let Some(next) = resync_point(&span) {
            self.give_back(span.len() - next);
            return Ok(Some(Piece::Refused {
                offset,
                reason: "its text runs into the next game's tags (an unclosed { comment or ( \
                         variation?); read on from there"
                    .to_owned(),
            }));
        }
        let trimmed = span.trim_ascii();
        let text = format!("{}\n", String::from_utf8_lossy(trimmed));
        let refused = |reason: String| Ok(Some(Piece::Refused { offset, reason }));
        match summarize(&text) {
            Err(reason) => refused(reason.to_string()),
            Ok(_) if text.contains('\0') => {
                refused("it holds NUL bytes: this is no text, let alone a game".to_owned())
            }
            Ok(s) if s.moves == 0 && !has_tags(&text) => {
                refused("neither a tag nor a move: this is no game".to_owned())
            }
            Ok(summary) => Ok(Some(Piece::Game {
                offset,
                length: trimmed.len() as u64,
                text,
                summary: Box::new(summary),
            })),
        }
    }
}

/// The first game of `text`, read as the index reads the games of a file; `None` when it
/// holds none the index would take.
pub(super) fn first_game(text: &[u8]) -> Option<Summary> {
    match Games::new(text).next_piece() {
        Ok(Some(Piece::Game { summary, .. })) => Some(*summary),
        _ => None,
    }
}
