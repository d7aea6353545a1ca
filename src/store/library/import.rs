//! Adding games from elsewhere (a lichess or chess.com download, a master database) to the
//! archive.
//!
//! The file is read as a stream, a chunk at a time ([`CHUNK_BYTES`]): a file of millions of
//! games never sits in memory whole. Each game of the file is checked on its own: a game that
//! cannot be replayed is refused with its number and the reason and the others go on. A game
//! already in the library (the same players, date, result and main-line moves from the same
//! start: see [`fingerprint`](super::summary::fingerprint), found by the database's index),
//! or twice in the file, is filed once. Each new game becomes an archive file of its own, with
//! the text it had in the file (its comments, clocks and evaluations kept), named as hotseat
//! names its own games and never overwriting one.
//!
//! The games are filed in batches of [`SYNC_BATCH`]: the files of a batch are written, the
//! folder synced once, then the batch enters the index in one transaction. An import stopped
//! midway (a crash, Ctrl-C) has filed whole games; running it again files only the games still
//! missing (the others are found by their fingerprint), so an import is resumed by starting it
//! again. Each file is written atomically (a temporary file, then its name) but not synced one
//! by one: that cost 4.5 ms a game, 45 s for 10,000. A power cut during an import may so leave
//! the last files empty; the index then sees them changed and lists them apart, and the import
//! run again files those games anew (the file being imported is never touched).

use std::collections::HashSet;
use std::io::Read;
use std::path::PathBuf;

use chess::game::pgn::SliceReader;

use super::{Entry, FileStamp, Index, MAX_GAME_FILE_BYTES, SYNC_BATCH, summarize};
use crate::store::atomic::{Durability, sync_dir};
use crate::store::error::Op;
use crate::store::{Store, StoreError};

/// How much of the file is read at a time.
pub const CHUNK_BYTES: usize = 4 << 20;

/// How many refused games are kept with their reasons; the rest are counted.
pub const MAX_REFUSED_LISTED: usize = 40;

/// A game of the file that was not filed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Its place in the file, from 1.
    pub index: usize,
    pub reason: String,
}

/// What an import did.
#[derive(Debug, Default)]
pub struct ImportReport {
    /// The games read from the file.
    pub games: usize,
    /// The archive files written, in the file's order.
    pub added: Vec<PathBuf>,
    /// Games already in the library, or earlier in the same file.
    pub already: usize,
    /// The first [`MAX_REFUSED_LISTED`] refused games, with why.
    pub refused: Vec<Refused>,
    /// How many games were refused in all.
    pub refused_count: usize,
}

/// How far an import is: games read, and the bytes of the input they took (read ahead not
/// counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportProgress {
    pub games: usize,
    pub bytes: u64,
}

/// Reads the games of a stream one chunk at a time, handing out the text of each game whole.
struct Games<R> {
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
    fn new(input: R) -> Games<R> {
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
    fn consumed(&self) -> u64 {
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

impl Store {
    /// Files the games of `input` into the archive (see the module documentation), calling
    /// `progress` after each game. Fails only when the library cannot be opened, the input
    /// cannot be read, or a game cannot be written; what was filed before stays filed.
    pub fn import_games(
        &self,
        input: impl Read,
        mut progress: impl FnMut(ImportProgress),
    ) -> Result<ImportReport, StoreError> {
        let mut index = self.index()?;
        let mut games = Games::new(input);
        let mut report = ImportReport::default();
        let mut seen: HashSet<u64> = HashSet::new();
        let mut batch: Vec<Entry> = Vec::with_capacity(SYNC_BATCH);
        let refuse = |report: &mut ImportReport, reason: String| {
            report.refused_count += 1;
            if report.refused.len() < MAX_REFUSED_LISTED {
                report.refused.push(Refused {
                    index: report.games,
                    reason,
                });
            }
        };
        loop {
            let span = match games.next() {
                Ok(Next::Game(span)) => span,
                Ok(Next::TooLong) => {
                    report.games += 1;
                    refuse(
                        &mut report,
                        format!(
                            "more than {} MiB without the end of a game (an unclosed {{ \
                             comment or ( variation?); read on from the next game's tags",
                            MAX_GAME_FILE_BYTES >> 20
                        ),
                    );
                    continue;
                }
                Ok(Next::End) => break,
                Err(e) => {
                    // What was filed stays filed and indexed.
                    self.file_batch(&mut index, &mut batch)?;
                    return Err(StoreError::io(
                        Op::Read,
                        "the imported file",
                        std::io::Error::new(e.kind(), format!("{e} after game {}", report.games)),
                    ));
                }
            };
            report.games += 1;
            let text = String::from_utf8_lossy(&span);
            let text = format!("{}\n", text.trim());
            // A game whose text runs into another game's tags swallowed it (an unclosed
            // comment or variation): refused, and what follows is read again from those tags.
            if let Some(at) = resync_point(&span) {
                games.give_back(span.len() - at);
                refuse(
                    &mut report,
                    "its text runs into the next game's tags (an unclosed { comment or ( \
                     variation?); read on from there"
                        .to_owned(),
                );
                progress(ImportProgress {
                    games: report.games,
                    bytes: games.consumed(),
                });
                continue;
            }
            match summarize(&text) {
                Err(reason) => refuse(&mut report, reason.to_string()),
                Ok(_) if text.contains('\0') => refuse(
                    &mut report,
                    "it holds NUL bytes: this is no text, let alone a game".to_owned(),
                ),
                Ok(s) if s.moves == 0 && !has_tags(&text) => refuse(
                    &mut report,
                    "neither a tag nor a move: this is no game".to_owned(),
                ),
                Ok(s) => {
                    let filed = match &index {
                        Some(index) => index.has_fingerprint(s.fingerprint)?,
                        None => false,
                    };
                    if filed || !seen.insert(s.fingerprint) {
                        report.already += 1;
                    } else {
                        // As much of the date as is known: `1858-??-??` files as `1858`.
                        let known = s.date.split('?').next().unwrap_or("").trim_end_matches('-');
                        let date = if known.is_empty() { "undated" } else { known };
                        let path = self.archive_with(
                            &text,
                            date,
                            &s.white,
                            &s.black,
                            s.result == "*",
                            Durability::Unsynced,
                        )?;
                        let stamp = std::fs::metadata(&path)
                            .map(|m| FileStamp::of(&m))
                            .unwrap_or_default();
                        let file = path
                            .file_name()
                            .map(|n| n.to_string_lossy().into_owned())
                            .unwrap_or_default();
                        batch.push(Entry::new(file, stamp, s));
                        report.added.push(path);
                        if batch.len() >= SYNC_BATCH {
                            self.file_batch(&mut index, &mut batch)?;
                        }
                    }
                }
            }
            progress(ImportProgress {
                games: report.games,
                bytes: games.consumed(),
            });
        }
        self.file_batch(&mut index, &mut batch)?;
        Ok(report)
    }

    /// Enters the games just written into the index, in one transaction; the index is opened
    /// (and so made) with the first batch when there was none.
    fn file_batch(
        &self,
        index: &mut Option<Index>,
        batch: &mut Vec<Entry>,
    ) -> Result<(), StoreError> {
        let Some(first) = batch.first() else {
            return Ok(());
        };
        // The batch's names on the disk before the index says they are there.
        sync_dir(&self.games_dir().join(&first.file));
        if index.is_none() {
            // The archive's files now exist: opening the index reads them (this batch too).
            *index = self.index()?;
            batch.clear();
            return Ok(());
        }
        if let Some(index) = index {
            index.add(batch)?;
        }
        batch.clear();
        Ok(())
    }
}
