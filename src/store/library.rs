//! The library: every archived game, listed, searched and explored without opening the files.
//!
//! The archive stays what it was — `games/`, one plain PGN file per game, the one truth, which
//! any chess program can open. Beside it, `games.index` is a cache: one line per file with what
//! the list shows (date, players, result, how it ended, moves, opening, time control, variant,
//! whether an engine's evaluations are in it) and what the explorer needs (the hash of each
//! main-line position with the move played from it). It is never the only copy of anything:
//!
//! * missing, or unreadable as an index (a version this build does not know, a garbled line,
//!   position hashes made by another build): it is rebuilt from the files;
//! * stale: each file's name, size and modification time are compared with what the index
//!   says, and only the files that differ are read again; files gone are dropped;
//! * written atomically, like every file hotseat writes, and never through a symbolic link.
//!
//! A file that cannot be read as a game is listed apart ([`Library::broken`]) with the reason,
//! and remembered in the index so that it is not read again until it changes.
//!
//! Deleting a game moves its file to `trash/` in the data folder, and restoring moves it back
//! (see [`Store::trash_game`]); nothing is ever removed.

mod explorer;
mod import;
mod index;
mod summary;
mod trash;

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::PathBuf;
use std::time::UNIX_EPOCH;

pub use explorer::{Explorer, ExplorerRow, PlayerFilter};
pub use import::{ImportReport, Refused};
pub use summary::{NotAGame, Summary, clean, summarize};
pub use trash::TRASH_DIR;

use super::Store;
use super::error::{Op, StoreError};
use super::read::{ReadError, read_bounded};

/// The index's file name in the data folder.
pub const INDEX_FILE: &str = "games.index";

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
    /// The index could not be written (the list is right, the next opening reads again).
    pub index_error: Option<StoreError>,
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

impl Store {
    /// Where the library's index is kept.
    pub fn index_path(&self) -> PathBuf {
        self.dir().join(INDEX_FILE)
    }

    /// Opens the library: the index, brought up to date with the files of `games/` (see the
    /// module documentation). An archive that does not exist yet is an empty library, and
    /// nothing is created. Fails only when `games/` cannot be listed.
    pub fn library(&self) -> Result<Library, StoreError> {
        let games_dir = self.games_dir();
        let files = match list_games(&games_dir) {
            Ok(files) => files,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(StoreError::io(Op::Read, &games_dir, e)),
        };
        let index_path = self.index_path();
        let (mut known, mut freshness) = match read_bounded(&index_path, index::MAX_INDEX_BYTES) {
            Ok(bytes) => match index::parse(&bytes) {
                Ok(lines) => (lines, Freshness::Fresh),
                Err(why) => (
                    HashMap::new(),
                    Freshness::Rebuilt {
                        why: why.to_string(),
                    },
                ),
            },
            Err(e) if e.is_not_found() => (HashMap::new(), Freshness::Built),
            Err(e) => (
                HashMap::new(),
                Freshness::Rebuilt {
                    why: format!("the index could not be read: {e}"),
                },
            ),
        };
        let listed = files.len();
        let mut library = Library {
            games: Vec::with_capacity(files.len()),
            broken: Vec::new(),
            freshness: Freshness::Fresh,
            index_error: None,
        };
        let mut read = 0;
        for (file, stamp) in files {
            match known.remove(&file) {
                Some(index::Line::Game(entry)) if entry.stamp == stamp => {
                    library.games.push(*entry);
                }
                Some(index::Line::Broken(broken)) if broken.stamp == stamp => {
                    library.broken.push(broken);
                }
                _ => {
                    read += 1;
                    match read_game_file(&games_dir.join(&file)) {
                        Ok(summary) => library.games.push(Entry::new(file, stamp, summary)),
                        Err(reason) => library.broken.push(Broken {
                            file,
                            stamp,
                            reason: reason.to_string(),
                        }),
                    }
                }
            }
        }
        if freshness == Freshness::Fresh && (read > 0 || !known.is_empty()) {
            freshness = Freshness::Updated { read };
        }
        library.sort();
        library.broken.sort_by(|a, b| a.file.cmp(&b.file));
        let missing_and_empty = listed == 0 && freshness == Freshness::Built;
        if freshness != Freshness::Fresh && !missing_and_empty {
            library.index_error = self
                .write_file(INDEX_FILE, index::write(&library).as_bytes())
                .err();
        }
        library.freshness = freshness;
        Ok(library)
    }
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
