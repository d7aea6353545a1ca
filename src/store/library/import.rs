//! Adding games from elsewhere (a lichess or chess.com download, a master database) to the
//! archive.
//!
//! The file is read as a stream (see `stream.rs`): a file of millions of games never sits in
//! memory whole. Each game of the file is checked on its own: a game that cannot be replayed is
//! refused with its number and the reason and the others go on. A game already in the library
//! (the same players, date, result and main-line moves from the same start: see
//! [`fingerprint`](super::summary::fingerprint), found by the database's index), or twice in
//! the file, is filed once.
//!
//! **One collection file per import.** The new games, each with the text it had in the file
//! (comments, clocks and evaluations kept), go one after the other into one new PGN file of
//! `games/`, `imported-<the file's name>.pgn` (numbered, never overwriting one), and the index
//! keeps each game's place in it (its byte offset and length). Not one file per game, as
//! before: 100,000 games made 100,000 files (a 4 KB block each for games of under 1 KB, and
//! two thirds of the import's time spent creating them). The collection is still a plain PGN
//! file any chess program opens; a game of it is listed as `file.pgn#offset`, and opens,
//! goes to the trash and comes back like any other (see `trash.rs`).
//!
//! **Batches.** The games are filed in batches of [`IMPORT_BATCH`]: the batch's text is
//! appended to the collection and synced, then the batch enters the index in one transaction,
//! with the collection's new size and time. An import stopped midway (a crash, Ctrl-C) keeps
//! the batches it committed, whole; a batch written to the file but not yet to the index makes
//! the file's size differ from what the index says, so the next opening of the library reads
//! the collection again and lists every game the file holds. Running the import again files
//! only the games still missing (the others are found by their fingerprint): an import is
//! resumed by starting it again.
//!
//! **The explorer's positions at the end.** A batch's positions (some ninety rows a game) go
//! into a staging file of the import's own (`imports/import.db`, see `staging.rs`), appended
//! without the explorer's key, and the whole import's are merged into `positions` in the key's
//! order once, at its end, in one transaction, and the file deleted: written with the key batch
//! by batch, each batch's rows fell all across the table and rewrote most of its pages (a
//! million games took 29 minutes, the last batches five times slower than the first). Until
//! the merge the explorer does not count the import's games. The import holds `import.lock`
//! (shared) while it runs; an opening of the library that finds a staging file and no import
//! holding the lock (one stopped before its merge) merges it.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::PathBuf;

use super::staging::Staging;
use super::stream::{Games, Piece};
use super::{Entry, FileStamp, Index, game_name};
use crate::store::atomic::sync_dir;
use crate::store::error::Op;
use crate::store::names::{numbered, sanitize_part};
use crate::store::{Store, StoreError};

/// How many games are filed in one transaction (and one write to the collection).
pub const IMPORT_BATCH: usize = 5_000;

/// How many games the reader reads ahead of the filing.
const READ_AHEAD: usize = 256;

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
    /// How many games were filed.
    pub added: usize,
    /// The collection file the new games went into (`None` when none was new).
    pub collection: Option<PathBuf>,
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
    /// Every game is filed, and the explorer's positions are being merged (the import's last
    /// step: seconds at 100,000 games, minutes at a million).
    pub merging: bool,
}

/// The collection an import writes: the file, opened for appending, and how far it is.
struct Collection {
    path: PathBuf,
    name: String,
    file: File,
    /// Its size: where the next game's text goes.
    end: u64,
    /// Where its games' positions wait for the import's end (made with the first batch
    /// entered into an index that was there already).
    staging: Option<Staging>,
    /// Whether the import dropped the list's indexes, to make them again at its end
    /// (see [`large_import`]).
    order_dropped: bool,
}

/// Whether an import that has filed `added` games, in a library of `count` games with them,
/// is large enough for the list's indexes to be dropped and made again at its end: its
/// games are a quarter of the library or more. Made again, each index is one sort of the
/// whole table; kept, each game is an insert at a random place of each of thirteen indexes,
/// which at a million games outgrow the page cache. A few thousand games added to a large
/// library keep them.
pub(super) fn large_import(added: usize, count: usize) -> bool {
    added >= IMPORT_BATCH && added * 4 >= count
}

/// What an import does at its end, or when it stops on an error after filing games: the
/// list's indexes made again if it dropped them, then its staged positions put into
/// the explorer's table and its staging file deleted.
fn finish(
    index: &mut Option<Index>,
    collection: &mut Option<Collection>,
) -> Result<(), StoreError> {
    if let Some(index) = index.as_mut() {
        if let Some(c) = collection.as_mut()
            && c.order_dropped
        {
            index.make_list_indexes()?;
            c.order_dropped = false;
        }
        index.db.bulk(false)?;
    }
    merge_staged(index, collection)
}

/// Puts the positions the import staged into the explorer's table, and deletes its staging
/// file.
fn merge_staged(
    index: &mut Option<Index>,
    collection: &mut Option<Collection>,
) -> Result<(), StoreError> {
    let staged = collection.as_mut().and_then(|c| c.staging.take());
    if let (Some(index), Some(staging)) = (index, staged) {
        let path = staging.close();
        index.merge_staged(&path)?;
    }
    Ok(())
}

/// The games read but not yet filed: their text as it goes into the collection, and their
/// rows.
#[derive(Default)]
struct Batch {
    text: Vec<u8>,
    entries: Vec<Entry>,
}

impl Store {
    /// Files the games of `input` into the archive (see the module documentation), calling
    /// `progress` after each game. `source` names the collection (`lichess.pgn` files into
    /// `imported-lichess.pgn`). Fails only when the library cannot be opened, the input
    /// cannot be read, or a game cannot be written; what was filed before stays filed.
    pub fn import_games(
        &self,
        input: impl Read + Send,
        source: &str,
        progress: impl FnMut(ImportProgress),
    ) -> Result<ImportReport, StoreError> {
        // Reading and replaying each game (a third to a half of the work) on a thread of its
        // own, a few hundred games ahead, while this one files them.
        self.ensure_dir(self.dir())?;
        let _running = self.import_running();
        let (ahead, pieces) = std::sync::mpsc::sync_channel(READ_AHEAD);
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let mut games = Games::new(input);
                loop {
                    let next = games.next_piece();
                    let end = !matches!(next, Ok(Some(_)));
                    // The receiver gone: the import stopped on an error of its own.
                    if ahead.send((next, games.consumed())).is_err() || end {
                        break;
                    }
                }
            });
            self.file_pieces(pieces, source, progress)
        })
    }

    /// Files the games read by [`Store::import_games`]'s reader, as they come.
    fn file_pieces(
        &self,
        pieces: std::sync::mpsc::Receiver<(std::io::Result<Option<Piece>>, u64)>,
        source: &str,
        mut progress: impl FnMut(ImportProgress),
    ) -> Result<ImportReport, StoreError> {
        let mut index = self.index()?;
        let mut report = ImportReport::default();
        let mut seen: HashSet<u64> = HashSet::new();
        let mut collection: Option<Collection> = None;
        let mut batch = Batch::default();
        let mut at = ImportProgress::default();
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
            // A reader that ended without a word (it cannot: it sends its end) ends the import.
            let (next, consumed) = pieces.recv().unwrap_or((Ok(None), 0));
            let piece = match next {
                Ok(Some(piece)) => piece,
                Ok(None) => break,
                Err(e) => {
                    // What was filed stays filed and indexed.
                    self.file_batch(
                        source,
                        &mut index,
                        &mut collection,
                        &mut batch,
                        &mut report,
                        false,
                    )?;
                    finish(&mut index, &mut collection)?;
                    return Err(StoreError::io(
                        Op::Read,
                        "the imported file",
                        std::io::Error::new(e.kind(), format!("{e} after game {}", report.games)),
                    ));
                }
            };
            report.games += 1;
            match piece {
                Piece::Refused { reason, .. } => refuse(&mut report, reason),
                Piece::Game { text, summary, .. } => {
                    let filed = match &index {
                        Some(index) => index.has_fingerprint(summary.fingerprint)?,
                        None => false,
                    };
                    if filed || !seen.insert(summary.fingerprint) {
                        report.already += 1;
                    } else {
                        // A blank line between games. Offsets are the batch's own until
                        // it is written.
                        if !batch.text.is_empty() {
                            batch.text.push(b'\n');
                        }
                        let offset = batch.text.len() as u64;
                        let length = text.trim_end().len() as u64;
                        batch.text.extend_from_slice(text.as_bytes());
                        batch.entries.push(Entry::at(
                            String::new(),
                            offset,
                            length,
                            FileStamp::default(),
                            *summary,
                        ));
                        if batch.entries.len() >= IMPORT_BATCH {
                            self.file_batch(
                                source,
                                &mut index,
                                &mut collection,
                                &mut batch,
                                &mut report,
                                false,
                            )?;
                        }
                    }
                }
            }
            at = ImportProgress {
                games: report.games,
                bytes: consumed,
                merging: false,
            };
            progress(at);
        }
        self.file_batch(
            source,
            &mut index,
            &mut collection,
            &mut batch,
            &mut report,
            true,
        )?;
        if index.is_some() {
            progress(ImportProgress {
                merging: true,
                ..at
            });
        }
        finish(&mut index, &mut collection)?;
        report.collection = collection.map(|c| c.path);
        Ok(report)
    }

    /// Makes the import's collection file, `imported-<source>.pgn` in `games/` (numbered if
    /// taken; never an existing file).
    fn new_collection(&self, source: &str) -> Result<Collection, StoreError> {
        let dir = self.games_dir();
        self.ensure_dir(&dir)?;
        let stem = source
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or(source)
            .trim_end_matches(".zst")
            .trim_end_matches(".pgn");
        let stem = format!("imported-{}", sanitize_part(stem, "games"));
        for path in numbered(&dir, &stem, "pgn") {
            let mut options = OpenOptions::new();
            options.append(true).create_new(true);
            match crate::store::nofollow::open(&mut options, &path) {
                Ok(file) => {
                    sync_dir(&path);
                    let name = path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    return Ok(Collection {
                        path,
                        name,
                        file,
                        end: 0,
                        staging: None,
                        order_dropped: false,
                    });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(StoreError::io(Op::Archive, &path, e)),
            }
        }
        Err(StoreError::io(
            Op::Archive,
            &dir,
            std::io::Error::other("no free name for the imported games"),
        ))
    }

    /// Appends the batch to the collection, syncs it, then enters its games into the index in
    /// one transaction with the collection's new stamp. `last`: the import's end, where a
    /// collection of one game gets the plain name of its file. The index is opened (and so
    /// made) with the first batch when there was none.
    fn file_batch(
        &self,
        source: &str,
        index: &mut Option<Index>,
        collection: &mut Option<Collection>,
        batch: &mut Batch,
        report: &mut ImportReport,
        last: bool,
    ) -> Result<(), StoreError> {
        if batch.entries.is_empty() {
            return Ok(());
        }
        // Made with its first batch, not before: another window opening the library meanwhile
        // finds no file the index does not know for long.
        let c = match collection {
            Some(c) => c,
            None => collection.insert(self.new_collection(source)?),
        };
        if c.end > 0 {
            batch.text.insert(0, b'\n');
        }
        let base = c.end + u64::from(c.end > 0);
        for entry in &mut batch.entries {
            entry.offset += base;
            entry.file = game_name(&c.name, entry.offset, true);
        }
        let written = c
            .file
            .write_all(&batch.text)
            .and_then(|()| c.file.sync_data())
            .and_then(|()| c.file.metadata());
        let meta = written.map_err(|e| StoreError::io(Op::Archive, &c.path, e))?;
        c.end += batch.text.len() as u64;
        let stamp = FileStamp::of(&meta);
        if last && c.end == batch.text.len() as u64 && batch.entries.len() == 1 {
            batch.entries[0].file = c.name.clone();
        }
        for entry in &mut batch.entries {
            entry.stamp = stamp;
        }
        report.added += batch.entries.len();
        if index.is_none() {
            // The collection now exists: opening the index reads it (this batch too).
            *index = self.index()?;
        } else if let Some(index) = index {
            let staging = match &mut c.staging {
                Some(staging) => staging,
                None => {
                    let dir = self.staging_dir();
                    let made =
                        Staging::create(&dir).map_err(|e| StoreError::io(Op::Database, &dir, e))?;
                    c.staging.insert(made)
                }
            };
            if !c.order_dropped && large_import(report.added, index.count()? + batch.entries.len())
            {
                index.drop_list_indexes()?;
                c.order_dropped = true;
            }
            index.add(&c.name, stamp, &mut batch.entries, staging)?;
        }
        if let Some(index) = index {
            index.db.bulk(true)?;
        }
        batch.text.clear();
        batch.entries.clear();
        Ok(())
    }
}
