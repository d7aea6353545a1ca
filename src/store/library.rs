//! The library: every archived game, listed, searched and explored without opening the files.
//!
//! The archive stays what it was — `games/`, one plain PGN file per game, the one truth, which
//! any chess program can open. Beside it, the database (`hotseat.db`, see `db.rs`) is the
//! index: one row per file with what the list shows (date, players, result, how it ended,
//! moves, opening, time control, variant, whether an engine's evaluations are in it), and one
//! row per position, game and move for the explorer. It is never the only copy of anything:
//!
//! * missing or damaged: it is made again from the files (a damaged one is set aside first);
//! * stale: each file's name, size and modification time are compared with what the index
//!   says, and only the files that differ are read again, in transactions of
//!   [`SYNC_BATCH`] files; files gone are dropped. The files are listed only when the
//!   folder's own modification time changed since (a file added, removed or replaced by a
//!   rename, as hotseat and most editors save): a file rewritten in place by another program
//!   is seen at the next change of the folder, or at once with `hotseat games --rebuild`;
//! * `hotseat games --rebuild` empties it and reads every file again.
//!
//! Games imported from elsewhere are filed one file each too (see import.rs): so that each
//! can be opened, changed, deleted and restored on its own like a game played here, and the
//! archive stays a folder of PGN files any program reads.
//!
//! A file that cannot be read as a game is listed apart ([`Library::broken`]) with the reason,
//! and remembered in the index so that it is not read again until it changes.
//!
//! Deleting a game moves its file to `trash/` in the data folder, and restoring moves it back
//! (see [`Store::trash_game`]); nothing is ever removed.

mod explorer;
mod import;
mod summary;
mod table;
mod trash;

use std::fs;
use std::io;
use std::path::PathBuf;
use std::time::UNIX_EPOCH;

pub use explorer::{ExplorerRow, PlayerFilter};
pub use import::{CHUNK_BYTES, ImportProgress, ImportReport, MAX_REFUSED_LISTED, Refused};
pub use summary::{NotAGame, Summary, clean, summarize};
pub use trash::TRASH_DIR;

use super::Store;
use super::db::{self, Database, Opened};
use super::error::{Op, StoreError};
use super::read::{ReadError, read_bounded};

/// How many changed files are read into the index in one transaction: a process stopped
/// while it reads keeps the batches it committed.
pub const SYNC_BATCH: usize = 500;

/// The largest archive file read as a game (a game with every comment hotseat reads is far
/// smaller).
pub const MAX_GAME_FILE_BYTES: u64 = 8 << 20;

/// A file's size and modification time: what tells the index that a file changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FileStamp {
    pub size: u64,
    pub secs: u64,
    pub nanos: u32,
}

impl FileStamp {
    fn of(meta: &fs::Metadata) -> FileStamp {
        let since = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .unwrap_or_default();
        FileStamp {
            size: meta.len(),
            secs: since.as_secs(),
            nanos: since.subsec_nanos(),
        }
    }
}

/// One game of the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The file's name in `games/`.
    pub file: String,
    pub stamp: FileStamp,
    pub summary: Summary,
    /// Every field searched by the filter, lower-cased, tab-separated.
    haystack: String,
}

impl Entry {
    pub fn new(file: String, stamp: FileStamp, summary: Summary) -> Entry {
        let s = &summary;
        let haystack = [
            s.date.as_str(),
            &s.white,
            &s.black,
            &s.result,
            &s.ending,
            &s.eco,
            &s.opening,
            &s.time_control,
            &s.variant,
            if s.engine_report { "engine" } else { "" },
            &file,
        ]
        .join("\t")
        .to_lowercase();
        Entry {
            file,
            stamp,
            summary,
            haystack,
        }
    }

    /// The date to sort by: empty for an undated game (`?`, `????-??-??`), which so goes
    /// last, newest first.
    pub fn sort_date(&self) -> &str {
        let date = &self.summary.date;
        if date.starts_with(|c: char| c.is_ascii_digit()) {
            date
        } else {
            ""
        }
    }

    /// Whether every word of `words` (lower-cased) is found in one of the game's fields.
    pub fn matches(&self, words: &[String]) -> bool {
        words.iter().all(|w| self.haystack.contains(w.as_str()))
    }
}

/// A file of `games/` that could not be read as a game, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub file: String,
    pub stamp: FileStamp,
    pub reason: String,
}

/// What opening the library had to do with the index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Freshness {
    /// The index matched every file.
    Fresh,
    /// Some files were new or changed (read again: this many) or gone.
    Updated { read: usize },
    /// There was no index yet: every file was read.
    Built,
    /// The index could not be used (why): every file was read.
    Rebuilt { why: String },
}

/// The archive's games, newest first, with the files that are no games.
#[derive(Debug)]
pub struct Library {
    pub games: Vec<Entry>,
    pub broken: Vec<Broken>,
    pub freshness: Freshness,
}

/// A filter's words: split at spaces, lower-cased.
pub fn filter_words(query: &str) -> Vec<String> {
    query.split_whitespace().map(str::to_lowercase).collect()
}

impl Library {
    /// The games whose fields hold every word of `query` (`ann`, `C70`, `0-1`, `960`, `flag`;
    /// `ann 0-1` needs both), in the list's order.
    pub fn filter(&self, query: &str) -> Vec<&Entry> {
        let words = filter_words(query);
        self.games.iter().filter(|e| e.matches(&words)).collect()
    }

    /// Sorts newest first: by date (undated games last), then start time, then the file's
    /// time and name.
    fn sort(&mut self) {
        // Compared in place: no key is built per comparison (10,000 games take 140,000).
        self.games.sort_by(|a, b| {
            (
                b.sort_date(),
                &b.summary.started,
                b.stamp.secs,
                b.stamp.nanos,
                &b.file,
            )
                .cmp(&(
                    a.sort_date(),
                    &a.summary.started,
                    a.stamp.secs,
                    a.stamp.nanos,
                    &a.file,
                ))
        });
    }
}

/// The library's index, open and up to date with the files of `games/`: the list, the
/// filter and the explorer are questions to it.
#[derive(Debug)]
pub struct Index {
    db: Database,
    /// The files of `games/` that are no games, by name.
    pub broken: Vec<Broken>,
    /// What opening had to do.
    pub freshness: Freshness,
}

impl Index {
    /// The games whose fields hold every word of `query` (see [`Library::filter`]), newest
    /// first.
    pub fn games(&self, query: &str) -> Result<Vec<Entry>, StoreError> {
        table::games(self.db.conn(), &filter_words(query)).map_err(|e| self.db.error(e))
    }

    /// How many games the library has.
    pub fn count(&self) -> Result<usize, StoreError> {
        table::count(self.db.conn()).map_err(|e| self.db.error(e))
    }

    /// The moves played from the position `key` in the games `filter` admits, most played
    /// first (then by move).
    pub fn explore(&self, key: u64, filter: &PlayerFilter) -> Result<Vec<ExplorerRow>, StoreError> {
        table::explore(self.db.conn(), key, filter).map_err(|e| self.db.error(e))
    }

    /// The games that reached the position `key` and that `filter` admits, newest first.
    pub fn reached(&self, key: u64, filter: &PlayerFilter) -> Result<Vec<Entry>, StoreError> {
        table::reached(self.db.conn(), key, filter).map_err(|e| self.db.error(e))
    }

    /// Whether a game with this fingerprint (see [`summary::fingerprint`]) is filed.
    fn has_fingerprint(&self, fingerprint: u64) -> Result<bool, StoreError> {
        table::has_fingerprint(self.db.conn(), fingerprint).map_err(|e| self.db.error(e))
    }

    /// Files `entries` (just written into `games/`) into the index, in one transaction.
    fn add(&mut self, entries: &[Entry]) -> Result<(), StoreError> {
        let write = |conn: &mut rusqlite::Connection| -> rusqlite::Result<()> {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            {
                let mut writer = table::Writer::new(&tx)?;
                for entry in entries {
                    writer.remove(&entry.file)?;
                    writer.add_game(entry)?;
                }
            }
            tx.commit()
        };
        write(self.db.conn_mut()).map_err(|e| self.db.error(e))
    }
}

impl Store {
    /// Where the database is kept.
    pub fn db_path(&self) -> PathBuf {
        self.dir().join(db::DB_FILE)
    }

    /// Opens the library: the index, brought up to date with the files of `games/` (see the
    /// module documentation). An archive that does not exist yet is an empty library, and
    /// nothing is created. Fails only when `games/` cannot be listed or the database cannot
    /// be used.
    pub fn library(&self) -> Result<Library, StoreError> {
        self.library_matching("")
    }

    /// The library with only the games whose fields hold every word of `query`, found by the
    /// database.
    pub fn library_matching(&self, query: &str) -> Result<Library, StoreError> {
        match self.index()? {
            Some(index) => Ok(Library {
                games: index.games(query)?,
                broken: index.broken,
                freshness: index.freshness,
            }),
            None => Ok(Library {
                games: Vec::new(),
                broken: Vec::new(),
                freshness: Freshness::Built,
            }),
        }
    }

    /// The index, up to date; `None` when there is neither an archive nor a database yet.
    pub fn index(&self) -> Result<Option<Index>, StoreError> {
        self.open_index(false, &mut |_, _| {})
    }

    /// Empties the index and reads every file of `games/` again, calling `progress(done,
    /// total)` after each batch (`hotseat games --rebuild`).
    pub fn rebuild_index(
        &self,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Option<Index>, StoreError> {
        self.open_index(true, progress)
    }

    fn open_index(
        &self,
        rebuild: bool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Option<Index>, StoreError> {
        let games_dir = self.games_dir();
        let list = || match list_games(&games_dir) {
            Ok(files) => Ok(files),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(StoreError::io(Op::Read, &games_dir, e)),
        };
        // Taken before the listing: a file that comes meanwhile changes it again.
        let folder = folder_stamp(&games_dir);
        let path = self.db_path();
        let mut files = None;
        if fs::symlink_metadata(&path).is_err() {
            let listed = list()?;
            if listed.is_empty() {
                return Ok(None);
            }
            files = Some(listed);
        }
        self.ensure_dir(self.dir())?;
        let (mut db, opened) = Database::open(&path)?;
        let mut freshness = match opened {
            Opened::Existing => Freshness::Fresh,
            Opened::Created => Freshness::Built,
            Opened::SetAside { moved_to, why } => Freshness::Rebuilt {
                why: format!(
                    "the database was damaged ({why}) and was set aside as {}",
                    moved_to.display()
                ),
            },
        };
        // No file came, went or was replaced since the last time (hotseat writes every file
        // by renaming a new one over it, which changes the folder): nothing to list.
        let unchanged = !rebuild
            && freshness == Freshness::Fresh
            && folder.is_some()
            && table::folder_stamp(db.conn()).ok().flatten() == folder;
        let read = if unchanged {
            0
        } else {
            let files = match files {
                Some(files) => files,
                None => list()?,
            };
            let read = match sync(&mut db, &games_dir, &files, rebuild, progress) {
                Ok(read) => read,
                Err(e) if db::is_damage(&e) => {
                    // Damage found past the header: set aside as well, and every file read.
                    drop(db);
                    let moved_to = db::set_aside(&path)?;
                    freshness = Freshness::Rebuilt {
                        why: format!(
                            "the database was damaged ({e}) and was set aside as {}",
                            moved_to.display()
                        ),
                    };
                    db = Database::open(&path)?.0;
                    sync(&mut db, &games_dir, &files, true, progress).map_err(|e| db.error(e))?
                }
                Err(e) => return Err(db.error(e)),
            };
            table::set_folder_stamp(db.conn(), folder).map_err(|e| db.error(e))?;
            read
        };
        if rebuild && freshness == Freshness::Fresh {
            freshness = Freshness::Rebuilt {
                why: "as asked".to_owned(),
            };
        } else if freshness == Freshness::Fresh && read > 0 {
            freshness = Freshness::Updated { read };
        }
        let broken = table::broken(db.conn()).map_err(|e| db.error(e))?;
        Ok(Some(Index {
            db,
            broken,
            freshness,
        }))
    }
}

/// Brings the index up to date with `files` (all of them read again when `rebuild`): changed
/// and new files are read and written in transactions of [`SYNC_BATCH`], files gone dropped.
/// Returns how many files were read.
fn sync(
    db: &mut Database,
    dir: &std::path::Path,
    files: &[(String, FileStamp)],
    rebuild: bool,
    progress: &mut dyn FnMut(usize, usize),
) -> rusqlite::Result<usize> {
    use rusqlite::TransactionBehavior::Immediate;
    let conn = db.conn_mut();
    let mut known = if rebuild {
        let tx = conn.transaction_with_behavior(Immediate)?;
        table::clear(&tx)?;
        tx.commit()?;
        table::Known::new()
    } else {
        table::known(conn)?
    };
    let changed: Vec<&(String, FileStamp)> = files
        .iter()
        .filter(|(file, stamp)| known.remove(file).is_none_or(|(s, _)| s != *stamp))
        .collect();
    if !known.is_empty() {
        let tx = conn.transaction_with_behavior(Immediate)?;
        {
            let mut writer = table::Writer::new(&tx)?;
            for file in known.keys() {
                writer.remove(file)?;
            }
        }
        tx.commit()?;
    }
    let total = changed.len();
    let mut done = 0;
    for batch in changed.chunks(SYNC_BATCH) {
        // Read before the transaction: another window's writes wait only for the writing.
        let read: Vec<Result<Entry, Broken>> = batch
            .iter()
            .map(|(file, stamp)| match read_game_file(&dir.join(file)) {
                Ok(summary) => Ok(Entry::new(file.clone(), *stamp, summary)),
                Err(reason) => Err(Broken {
                    file: file.clone(),
                    stamp: *stamp,
                    reason: clean(&reason.to_string()),
                }),
            })
            .collect();
        let tx = conn.transaction_with_behavior(Immediate)?;
        {
            let mut writer = table::Writer::new(&tx)?;
            for item in &read {
                match item {
                    Ok(entry) => {
                        writer.remove(&entry.file)?;
                        writer.add_game(entry)?;
                    }
                    Err(broken) => {
                        writer.remove(&broken.file)?;
                        writer.add_broken(broken)?;
                    }
                }
            }
        }
        tx.commit()?;
        done += batch.len();
        progress(done, total);
    }
    Ok(total)
}

/// The modification time of the folder `dir`, as the index keeps it; `None` when there is no
/// folder, or when it changed less than two seconds ago (a file system that keeps whole
/// seconds could change it again within the same second, unseen).
fn folder_stamp(dir: &std::path::Path) -> Option<(u64, u32)> {
    let modified = fs::metadata(dir).ok()?.modified().ok()?;
    let age = std::time::SystemTime::now().duration_since(modified).ok()?;
    if age < std::time::Duration::from_secs(2) {
        return None;
    }
    let since = modified.duration_since(UNIX_EPOCH).ok()?;
    Some((since.as_secs(), since.subsec_nanos()))
}

/// The `.pgn` files of `dir` (not hidden, not links, not folders) with their stamps. Names that
/// are not UTF-8 or hold control characters cannot be said in a list line, and are left out.
fn list_games(dir: &std::path::Path) -> io::Result<Vec<(String, FileStamp)>> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if name.starts_with('.') || !name.ends_with(".pgn") || name.contains(char::is_control) {
            continue;
        }
        // The entry's own type: a link is not followed.
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        if meta.is_file() {
            files.push((name, FileStamp::of(&meta)));
        }
    }
    Ok(files)
}

/// Why an archive file is listed apart: it could not be read, or holds no game.
#[derive(Debug)]
enum GameFileError {
    Read(ReadError),
    NotAGame(NotAGame),
}

impl std::fmt::Display for GameFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameFileError::Read(e) => e.fmt(f),
            GameFileError::NotAGame(e) => e.fmt(f),
        }
    }
}

/// Reads and summarizes one archive file; the reason when it is no game.
fn read_game_file(path: &std::path::Path) -> Result<Summary, GameFileError> {
    let bytes = read_bounded(path, MAX_GAME_FILE_BYTES).map_err(GameFileError::Read)?;
    summarize(&String::from_utf8_lossy(&bytes)).map_err(GameFileError::NotAGame)
}

#[cfg(test)]
mod tests;
