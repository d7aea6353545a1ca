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
//! Every file is read as a stream of games (see stream.rs): a game played here is a file of
//! its own, named by it; an import is one collection file (see import.rs) whose games are
//! named `file.pgn#offset` by the byte they start at, and the index keeps each game's offset
//! and length, so that it is opened, deleted and restored on its own like a game played here
//! (see trash.rs), and `--rebuild` finds it again under the same name.
//!
//! A file that cannot be read as a game is listed apart ([`Library::broken`]) with the reason,
//! and remembered in the index so that it is not read again until it changes.
//!
//! Deleting a game moves its file to `trash/` in the data folder, and restoring moves it back
//! (see [`Store::trash_game`]); nothing is ever removed.

mod explorer;
mod filter;
mod import;
mod page;
mod staging;
mod stream;
mod summary;
mod table;
mod trash;

use std::cell::RefCell;
use std::fs;
use std::io;
use std::path::PathBuf;
use std::time::UNIX_EPOCH;

pub use explorer::{ExplorerRow, PlayerFilter};
pub use import::{IMPORT_BATCH, ImportProgress, ImportReport, MAX_REFUSED_LISTED, Refused};
pub use page::SortBy;
pub use stream::CHUNK_BYTES;
pub use summary::{NotAGame, Summary, clean, summarize};
pub use trash::TRASH_DIR;

use super::Store;
use super::db::{self, Database, Opened};
use super::error::{Op, StoreError};
use staging::Staging;

/// How many games (or files gone, or texts that are no game) are written into the index in
/// one transaction: a process stopped while it reads keeps the batches it committed.
pub const SYNC_BATCH: usize = 5_000;

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
    /// The game's name in the list: its file's name in `games/` when the file holds only it,
    /// `file.pgn#offset` for a game of a collection (see [`GameName`]).
    pub file: String,
    pub stamp: FileStamp,
    pub summary: Summary,
    /// Where its text is: the byte it starts at in its file, and how many bytes it takes.
    pub offset: u64,
    pub length: u64,
    /// Every field searched by the filter, lower-cased, tab-separated.
    haystack: String,
}

/// A game's name as the list gives it: a file of `games/`, or a game at a byte offset of a
/// collection file there (`imported-lichess.pgn#81234`). The offset does not change when
/// other games of the collection go to the trash (their text is blanked, not removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameName<'a> {
    /// The file in `games/`.
    pub file: &'a str,
    /// The game's first byte in it, for a game of a collection.
    pub offset: Option<u64>,
}

impl<'a> GameName<'a> {
    /// Reads a name as the list gives it.
    pub fn parse(name: &'a str) -> GameName<'a> {
        match name.rsplit_once('#') {
            Some((file, offset))
                if file.ends_with(".pgn")
                    && !offset.is_empty()
                    && offset.bytes().all(|b| b.is_ascii_digit()) =>
            {
                match offset.parse() {
                    Ok(offset) => GameName {
                        file,
                        offset: Some(offset),
                    },
                    Err(_) => GameName {
                        file: name,
                        offset: None,
                    },
                }
            }
            _ => GameName {
                file: name,
                offset: None,
            },
        }
    }
}

/// The list's name of the game at `offset` of the file `file`, which holds `many` games or one.
pub fn game_name(file: &str, offset: u64, many: bool) -> String {
    if many {
        format!("{file}#{offset}")
    } else {
        file.to_owned()
    }
}

impl Entry {
    /// The game of a file that holds only it.
    pub fn new(file: String, stamp: FileStamp, summary: Summary) -> Entry {
        let length = stamp.size;
        Entry::at(file, 0, length, stamp, summary)
    }

    /// The game named `file` (see [`GameName`]) whose text is `length` bytes at `offset`.
    pub fn at(file: String, offset: u64, length: u64, stamp: FileStamp, summary: Summary) -> Entry {
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
            offset,
            length,
            haystack,
        }
    }

    /// The file in `games/` that holds the game.
    pub fn file_name(&self) -> &str {
        GameName::parse(&self.file).file
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
    /// The last page's first and last rows, and the list they are of (its words and order):
    /// where the next page of the same list is read from (see page.rs).
    anchors: RefCell<Option<(ListKey, [page::Anchor; 2])>>,
}

/// Stops the question an [`Index`] is answering (see [`Index::interrupter`]): a filter's page
/// overtaken by a newer one while a scan reads a million games.
pub struct Interrupter(rusqlite::InterruptHandle);

impl Interrupter {
    /// Makes the index's running question fail at once; nothing when none is running.
    pub fn interrupt(&self) {
        self.0.interrupt();
    }
}

impl std::fmt::Debug for Interrupter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Interrupter")
    }
}

/// A list of the library: the filter's words and the order.
type ListKey = (Vec<String>, SortBy, bool);

impl Index {
    /// The games whose fields hold every word of `query` (see [`Library::filter`]), newest
    /// first.
    pub fn games(&self, query: &str) -> Result<Vec<Entry>, StoreError> {
        let mut games = Vec::new();
        self.each_game(query, |e| {
            games.push(e);
            Ok(())
        })?;
        Ok(games)
    }

    /// Hands `each` the games of [`Index::games`], one at a time as the database reads them,
    /// so that printing a million games holds none but the one printed. `each`'s error stops
    /// the reading and is returned.
    pub fn each_game<E: From<StoreError>>(
        &self,
        query: &str,
        each: impl FnMut(Entry) -> Result<(), E>,
    ) -> Result<(), E> {
        let words = filter_words(query);
        table::each_game(self.db.conn(), &words, |e| E::from(self.db.error(e)), each)
    }

    /// A handle that stops the question this index is answering now, from another thread
    /// (the question then fails; the next one is answered as usual).
    pub fn interrupter(&self) -> Interrupter {
        Interrupter(self.db.conn().get_interrupt_handle())
    }

    /// A page of the list: how many games the library has and how many hold every word of
    /// `query`, and rows `start..start + rows` of those in the order `sort` (turned round when
    /// `reversed`). The counts are taken again only when `counted` (the last answer's query
    /// and counts) is of another query.
    pub fn page(
        &self,
        query: &str,
        sort: SortBy,
        reversed: bool,
        start: usize,
        rows: usize,
        counted: Option<(&str, usize, usize)>,
    ) -> Result<(usize, usize, Vec<Entry>), StoreError> {
        let words = filter_words(query);
        let filter = filter::Filter::new(&words);
        let conn = self.db.conn();
        let error = |e| self.db.error(e);
        let list = (words, sort, reversed);
        let anchors = match &*self.anchors.borrow() {
            Some((key, anchors)) if *key == list => anchors.to_vec(),
            _ => Vec::new(),
        };
        let known = match counted {
            Some((q, total, count)) if q == query => Some((total, count)),
            _ => None,
        };
        let order = (sort, reversed);
        let (total, count, entries) = match known {
            Some((total, count)) => {
                let entries = page::page(conn, &filter, order, (start, rows), count, &anchors)
                    .map_err(error)?;
                (total, count, entries)
            }
            None => {
                let total = table::count(conn).map_err(error)?;
                // Counted apart from the page (from the filter's index alone, or a scan of
                // the searched texts without sorting them), so that the page knows how many
                // there are before it is read (see page.rs).
                let count = if filter.is_some() {
                    filter.count(conn).map_err(error)?
                } else {
                    total
                };
                let entries = page::page(conn, &filter, order, (start, rows), count, &anchors)
                    .map_err(error)?;
                (total, count, entries)
            }
        };
        if let (Some(first), Some(last)) = (entries.first(), entries.last()) {
            let anchor = |row, e: &Entry| page::Anchor {
                row,
                file: e.file.clone(),
            };
            *self.anchors.borrow_mut() = Some((
                list,
                [
                    anchor(start, first),
                    anchor(start + entries.len() - 1, last),
                ],
            ));
        }
        Ok((total, count, entries))
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

    /// Files `entries` (just written into the file `name` of `games/`, which now has
    /// `stamp`) into the index, in one transaction, their positions into the import's
    /// `staging` file first (see staging.rs). The folder's time is forgotten: a file
    /// written to in place does not change it, so the next opening lists the files (a few
    /// collections, quickly) and finds a batch written but not filed by a process that stopped.
    fn add(
        &mut self,
        name: &str,
        stamp: FileStamp,
        entries: &mut [Entry],
        staging: &mut Staging,
    ) -> Result<(), StoreError> {
        // The rows move: the places of the last page are forgotten.
        self.anchors.get_mut().take();
        let mut staged = Ok(());
        let mut write = |conn: &mut rusqlite::Connection| -> rusqlite::Result<()> {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            {
                let mut writer = table::Writer::new(&tx)?;
                for entry in entries.iter_mut() {
                    writer.add_game(entry)?;
                }
                writer.set_file(name, stamp)?;
                let (games, positions) = writer.into_staged();
                // Synced before the games are committed: a game filed has its positions.
                staged = staging.add(&games, &positions);
                if staged.is_err() {
                    return Ok(());
                }
            }
            table::set_folder_stamp(&tx, None)?;
            tx.commit()
        };
        write(self.db.conn_mut()).map_err(|e| self.db.error(e))?;
        staged.map_err(|e| db::error(staging.path(), e))
    }

    /// Drops the list's indexes for a large import (see `table::LIST_INDEXES`).
    fn drop_list_indexes(&mut self) -> Result<(), StoreError> {
        table::drop_list_indexes(self.db.conn_mut()).map_err(|e| self.db.error(e))
    }

    /// Makes the list's indexes that are missing (see `table::LIST_INDEXES`).
    fn make_list_indexes(&mut self) -> Result<(), StoreError> {
        table::make_list_indexes(self.db.conn_mut()).map_err(|e| self.db.error(e))
    }

    /// Puts the positions staged in the file at `path` into the explorer's table, and deletes
    /// the file (see staging.rs): one transaction.
    fn merge_staged(&mut self, path: &std::path::Path) -> Result<(), StoreError> {
        staging::merge(self.db.conn_mut(), path).map_err(|e| self.db.error(e))
    }

    /// Forgets the game with the row `id`, blanked out of the file `name`, which now has
    /// `stamp`: one transaction.
    fn forget_game(&mut self, id: i64, name: &str, stamp: FileStamp) -> Result<(), StoreError> {
        // The rows move: the places of the last page are forgotten.
        self.anchors.get_mut().take();
        let write = |conn: &mut rusqlite::Connection| -> rusqlite::Result<()> {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            {
                let mut writer = table::Writer::new(&tx)?;
                writer.remove_game(id)?;
                writer.set_file(name, stamp)?;
            }
            tx.commit()
        };
        write(self.db.conn_mut()).map_err(|e| self.db.error(e))
    }
}

impl Store {
    /// The game of a collection named `name` as the list names it (`file.pgn#offset`): the
    /// collection's path and the game's text, read from its place; `None` for the name of a
    /// file (a game alone in it), which is read as a file.
    pub fn collection_game(&self, name: &str) -> Result<Option<(PathBuf, String)>, StoreError> {
        let parsed = GameName::parse(name);
        let Some(offset) = parsed.offset else {
            return Ok(None);
        };
        let path = self.games_dir().join(parsed.file);
        let unknown = || {
            StoreError::io(
                Op::Read,
                &path,
                io::Error::other(format!(
                    "the library has no game at byte {offset} of it (hotseat games lists the \
                     names)"
                )),
            )
        };
        let Some(index) = self.index()? else {
            return Err(unknown());
        };
        let place = table::place(index.db.conn(), name)
            .map_err(|e| index.db.error(e))?
            .filter(|p| p.offset == offset && p.name == parsed.file)
            .ok_or_else(unknown)?;
        let text = self.archived_text(&place)?;
        Ok(Some((path, text)))
    }

    /// The text at a game's place in its file.
    fn archived_text(&self, place: &table::Place) -> Result<String, StoreError> {
        use std::io::{Read, Seek, SeekFrom};
        let path = self.games_dir().join(&place.name);
        let length = place.length.min(MAX_GAME_FILE_BYTES);
        let read = || -> io::Result<Vec<u8>> {
            let mut file = super::read::open_regular(&path).map_err(io::Error::other)?;
            file.seek(SeekFrom::Start(place.offset))?;
            let mut bytes = Vec::with_capacity(length as usize);
            file.take(length).read_to_end(&mut bytes)?;
            Ok(bytes)
        };
        let bytes = read().map_err(|e| StoreError::io(Op::Read, &path, e))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

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
        let mut index = Index {
            db,
            broken,
            freshness,
            anchors: RefCell::default(),
        };
        // Positions left staged by an import that stopped before its merge (a crash, a kill),
        // and the list's indexes it dropped: merged and made now, unless an import still
        // running will do it at its end.
        let staged = staging::files(&self.staging_dir());
        let unordered =
            table::list_indexes_missing(index.db.conn()).map_err(|e| index.db.error(e))?;
        if (!staged.is_empty() || unordered)
            && let Some(_alone) = self.no_import_running()
        {
            if unordered {
                index.make_list_indexes()?;
            }
            for path in staged {
                index.merge_staged(&path)?;
            }
        }
        Ok(Some(index))
    }

    /// Where imports stage their positions (see staging.rs).
    fn staging_dir(&self) -> PathBuf {
        self.dir().join(staging::STAGING_DIR)
    }

    /// The lock file an import holds (shared: two imports may run at once) for as long as it
    /// runs, so that an opening of the library knows to leave its staged positions to it.
    fn import_lock_path(&self) -> PathBuf {
        self.dir().join("import.lock")
    }

    /// Takes the import's lock ([`Store::import_lock_path`]); `None` where the file cannot be
    /// made or locked (a read-only folder, a file system without locks): the import runs all
    /// the same, and only risks an opening elsewhere merging its staged rows early.
    fn import_running(&self) -> Option<fs::File> {
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.import_lock_path())
            .ok()?;
        file.lock_shared().ok()?;
        Some(file)
    }

    /// The import's lock taken alone (no import runs), held while `Some`.
    fn no_import_running(&self) -> Option<Option<fs::File>> {
        match fs::OpenOptions::new()
            .write(true)
            .open(self.import_lock_path())
        {
            Ok(file) => file.try_lock().ok().map(|()| Some(file)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Some(None),
            Err(_) => None,
        }
    }
}

/// One change to the index, made in a transaction with others.
enum Write {
    /// Forget everything of the file (before it is read again).
    Forget(String),
    Game(Box<Entry>),
    /// Text of the file (named first) that is no game.
    Broken(String, Broken),
    /// The file was read whole, with this stamp.
    Read(String, FileStamp),
}

/// Writes gathered for one transaction.
struct Pending<'c> {
    conn: &'c mut rusqlite::Connection,
    writes: Vec<Write>,
}

impl Pending<'_> {
    fn push(&mut self, write: Write) -> rusqlite::Result<()> {
        self.writes.push(write);
        if self.writes.len() >= SYNC_BATCH {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> rusqlite::Result<()> {
        if self.writes.is_empty() {
            return Ok(());
        }
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        {
            let mut writer = table::Writer::new(&tx)?;
            for write in self.writes.drain(..) {
                match write {
                    Write::Forget(name) => writer.remove(&name)?,
                    Write::Game(mut entry) => writer.add_game(&mut entry)?,
                    Write::Broken(name, broken) => writer.add_broken(&name, &broken)?,
                    Write::Read(name, stamp) => writer.set_file(&name, stamp)?,
                }
            }
            writer.finish()?;
        }
        tx.commit()
    }
}

/// Brings the index up to date with `files` (all of them read again when `rebuild`): changed
/// and new files are read, every game of each, and written in transactions of
/// [`SYNC_BATCH`] games; files gone dropped. Returns how many files were read.
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
        .filter(|(file, stamp)| known.remove(file) != Some(*stamp))
        .collect();
    if !changed.is_empty() {
        db::set_bulk(conn, true)?;
    }
    let mut pending = Pending {
        conn,
        writes: Vec::new(),
    };
    for file in known.into_keys() {
        pending.push(Write::Forget(file))?;
    }
    let total = changed.len();
    for (done, (name, stamp)) in changed.into_iter().enumerate() {
        pending.push(Write::Forget(name.clone()))?;
        read_file(&dir.join(name), name, *stamp, &mut |write| {
            pending.push(write)
        })?;
        pending.push(Write::Read(name.clone(), *stamp))?;
        if done % 64 == 63 || done + 1 == total {
            progress(done + 1, total);
        }
    }
    pending.flush()?;
    if total > 0 {
        db::set_bulk(pending.conn, false)?;
    }
    Ok(total)
}

/// Reads every game of the file `name` at `path` (see `stream.rs`), handing out what the
/// index is to keep of it: a game that is alone in its file is named by the file, the games
/// of a collection by their offsets, and a file that is no game at all is broken as a whole.
fn read_file(
    path: &std::path::Path,
    name: &str,
    stamp: FileStamp,
    out: &mut dyn FnMut(Write) -> rusqlite::Result<()>,
) -> rusqlite::Result<()> {
    let broken = |file: String, reason: String| {
        Write::Broken(
            name.to_owned(),
            Broken {
                file,
                stamp,
                reason: clean(&reason),
            },
        )
    };
    let input = match super::read::open_regular(path) {
        Ok(input) => input,
        Err(e) => return out(broken(name.to_owned(), e.to_string())),
    };
    let mut games = stream::Games::new(io::BufReader::new(input));
    // The first piece waits for the second: alone, it is named by the file.
    let mut first: Option<stream::Piece> = None;
    let mut many = false;
    let write = |piece: stream::Piece, many: bool| match piece {
        stream::Piece::Game {
            offset,
            length,
            summary,
            ..
        } => Write::Game(Box::new(Entry::at(
            game_name(name, offset, many),
            offset,
            length,
            stamp,
            *summary,
        ))),
        stream::Piece::Refused { offset, reason } => broken(game_name(name, offset, many), reason),
    };
    // Texts that are no game, past the first few dozen, are counted, not each remembered (a
    // file of random bytes holds a hundred thousand).
    let mut refused = 0usize;
    loop {
        match games.next_piece() {
            Ok(Some(piece)) => {
                if let Some(earlier) = first.take() {
                    many = true;
                    out(write(earlier, true))?;
                }
                if matches!(piece, stream::Piece::Refused { .. }) {
                    refused += 1;
                    if refused > MAX_REFUSED_LISTED {
                        continue;
                    }
                }
                if many {
                    out(write(piece, true))?;
                } else {
                    first = Some(piece);
                }
            }
            Ok(None) => break,
            Err(e) => {
                if let Some(earlier) = first.take() {
                    out(write(earlier, many))?;
                }
                return out(broken(name.to_owned(), e.to_string()));
            }
        }
    }
    if refused > MAX_REFUSED_LISTED {
        out(broken(
            name.to_owned(),
            format!(
                "{} more texts in it are no game (only the first {MAX_REFUSED_LISTED} are \
                 named)",
                refused - MAX_REFUSED_LISTED
            ),
        ))?;
    }
    match first {
        Some(piece) => out(write(piece, false)),
        None if !many => out(broken(
            name.to_owned(),
            NotAGame(chess::game::pgn::ImportError::NoGame).to_string(),
        )),
        None => Ok(()),
    }
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

#[cfg(test)]
mod tests;
