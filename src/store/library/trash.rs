//! Deleting a game from the library moves its file to `trash/` in the data folder; restoring
//! moves it back. Neither ever overwrites a file: a name taken on the other side gets `-2`,
//! `-3`... as the archive's names do. The trash is listed like the library (newest first), but
//! without an index: it is read whole each time, as it is small. Deleting from the trash
//! removes the file for good.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::stream::first_game;
use super::{Entry, Freshness, GameName, Library, MAX_GAME_FILE_BYTES, list_games, table};
use crate::store::Store;
use crate::store::error::{Op, StoreError};
use crate::store::names::numbered;
use crate::store::read::read_bounded;

/// The trash's folder in the data folder.
pub const TRASH_DIR: &str = "trash";

impl Store {
    /// Where deleted games go.
    pub fn trash_dir(&self) -> PathBuf {
        self.dir().join(TRASH_DIR)
    }

    /// Moves the game `file` (a name as the list gives it) to the trash. Returns its new path.
    ///
    /// A game alone in its file goes with its file. A game of a collection (`file.pgn#offset`)
    /// is copied into a file of its own in the trash (synced), then its text in the collection
    /// is blanked (every byte but the line breaks made a space, so that no other game moves),
    /// and the index forgets it in the same breath, with the collection's new stamp. The game
    /// is refused when the collection no longer holds, at that place, the game the index
    /// lists there.
    pub fn trash_game(&self, file: &str) -> Result<PathBuf, StoreError> {
        let name = GameName::parse(file);
        match name.offset {
            None => move_file(&self.games_dir(), &self.trash_dir(), file),
            Some(offset) => self.trash_from_collection(file, name.file, offset),
        }
    }

    fn trash_from_collection(
        &self,
        game: &str,
        file: &str,
        offset: u64,
    ) -> Result<PathBuf, StoreError> {
        let path = self.games_dir().join(file);
        let changed = || {
            StoreError::io(
                Op::Read,
                &path,
                io::Error::other(
                    "the collection changed since the library was read: open the library again",
                ),
            )
        };
        if !is_plain_name(file) {
            return Err(StoreError::io(
                Op::Read,
                &path,
                io::Error::other("not a game of the library"),
            ));
        }
        let Some(mut index) = self.index()? else {
            return Err(changed());
        };
        let place = table::place(index.db.conn(), game).map_err(|e| index.db.error(e))?;
        let Some(place) = place.filter(|p| p.offset == offset && p.name == file) else {
            return Err(changed());
        };
        let text = self.archived_text(&place)?;
        let summary = first_game(text.as_bytes()).ok_or_else(changed)?;
        if summary.fingerprint != place.fingerprint {
            return Err(changed());
        }
        let trash = self.trash_dir();
        fs::create_dir_all(&trash).map_err(|e| StoreError::io(Op::CreateDir, &trash, e))?;
        let stem = format!("{}-{offset}", file.strip_suffix(".pgn").unwrap_or(file));
        let kept = crate::store::atomic::write_new(
            numbered(&trash, &stem, "pgn"),
            format!("{}\n", text.trim_end()).as_bytes(),
            crate::store::atomic::Durability::Synced,
        )
        .map_err(|(p, e)| StoreError::io(Op::Write, p, e))?;
        let blank: Vec<u8> = text
            .bytes()
            .map(|b| if b == b'\n' { b'\n' } else { b' ' })
            .collect();
        let stamp =
            blank_at(&path, offset, &blank).map_err(|e| StoreError::io(Op::Write, &path, e))?;
        index.forget_game(place.id, file, stamp)?;
        Ok(kept)
    }

    /// Moves `file` (a name in `trash/`) back into the archive. Returns its new path.
    pub fn restore_game(&self, file: &str) -> Result<PathBuf, StoreError> {
        move_file(&self.trash_dir(), &self.games_dir(), file)
    }

    /// The games in the trash, newest first, as the library lists its own; files that hold no
    /// game are left out. An empty list when there is no trash yet.
    pub fn trash(&self) -> Result<Vec<Entry>, StoreError> {
        let dir = self.trash_dir();
        let files = match list_games(&dir) {
            Ok(files) => files,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(StoreError::io(Op::Read, &dir, e)),
        };
        let mut trash = Library {
            games: files
                .into_iter()
                .filter_map(|(file, stamp)| {
                    let bytes = read_bounded(&dir.join(&file), MAX_GAME_FILE_BYTES).ok()?;
                    let summary = first_game(&bytes)?;
                    Some(Entry::new(file, stamp, summary))
                })
                .collect(),
            broken: Vec::new(),
            freshness: Freshness::Fresh,
        };
        trash.sort();
        Ok(trash.games)
    }

    /// Deletes `file` (a name in `trash/`) for good.
    pub fn purge_game(&self, file: &str) -> Result<(), StoreError> {
        let path = self.trash_dir().join(file);
        if !is_plain_name(file) {
            return Err(StoreError::io(
                Op::Remove,
                &path,
                io::Error::other("not a game of the trash"),
            ));
        }
        fs::remove_file(&path).map_err(|e| StoreError::io(Op::Remove, &path, e))
    }

    /// The games in the trash: their file names, sorted.
    pub fn trashed_games(&self) -> Result<Vec<String>, StoreError> {
        let dir = self.trash_dir();
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(StoreError::io(Op::Read, &dir, e)),
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter(|e| e.metadata().is_ok_and(|m| m.is_file()))
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| n.ends_with(".pgn") && !n.starts_with('.'))
            .collect();
        names.sort();
        Ok(names)
    }
}

/// Overwrites the bytes at `offset` of the file at `path` with `bytes`, synced; the file's
/// stamp after.
fn blank_at(path: &Path, offset: u64, bytes: &[u8]) -> io::Result<super::FileStamp> {
    use std::io::{Seek, SeekFrom, Write};
    let mut file = fs::OpenOptions::new().write(true).open(path)?;
    file.seek(SeekFrom::Start(offset))?;
    file.write_all(bytes)?;
    file.sync_data()?;
    Ok(super::FileStamp::of(&file.metadata()?))
}

/// One plain name of a game file: nothing that leaves the folder, nothing hidden.
fn is_plain_name(file: &str) -> bool {
    !(file.is_empty()
        || file.contains(['/', '\\'])
        || file.starts_with('.')
        || Path::new(file).file_name() != Some(std::ffi::OsStr::new(file)))
}

/// Moves `from/file` into `to`, under its own name or the first numbered one free.
fn move_file(from: &Path, to: &Path, file: &str) -> Result<PathBuf, StoreError> {
    let source = from.join(file);
    if !is_plain_name(file) {
        return Err(StoreError::io(
            Op::Read,
            &source,
            io::Error::other("not a game of the library"),
        ));
    }
    let meta = fs::symlink_metadata(&source).map_err(|e| StoreError::io(Op::Read, &source, e))?;
    if !meta.is_file() {
        return Err(StoreError::io(
            Op::Read,
            &source,
            io::Error::other("not a game file"),
        ));
    }
    fs::create_dir_all(to).map_err(|e| StoreError::io(Op::CreateDir, to, e))?;
    let stem = file.strip_suffix(".pgn").unwrap_or(file);
    for target in numbered(to, stem, "pgn") {
        // A hard link claims the name only if it is free; the old name then goes.
        match fs::hard_link(&source, &target) {
            Ok(()) => {
                fs::remove_file(&source).map_err(|e| StoreError::io(Op::Remove, &source, e))?;
                return Ok(target);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) => {
                // No hard links on this file system: check, then rename.
                if fs::symlink_metadata(&target).is_ok() {
                    continue;
                }
                fs::rename(&source, &target).map_err(|e| StoreError::io(Op::Write, &target, e))?;
                return Ok(target);
            }
        }
    }
    Err(StoreError::io(
        Op::Write,
        to,
        io::Error::other("no free name for the game"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::DataDir;

    #[test]
    fn a_trashed_game_comes_back_and_names_are_never_overwritten() {
        let dir = std::env::temp_dir().join(format!("hotseat-trash-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = Store::new(DataDir::new(dir.clone()));
        fs::create_dir_all(store.games_dir()).unwrap();
        fs::write(store.games_dir().join("g.pgn"), "one").unwrap();
        let trashed = store.trash_game("g.pgn").unwrap();
        assert_eq!(trashed, store.trash_dir().join("g.pgn"));
        assert!(!store.games_dir().join("g.pgn").exists());
        assert_eq!(store.trashed_games().unwrap(), ["g.pgn"]);
        // A new game took the name meanwhile: the restored one is numbered.
        fs::write(store.games_dir().join("g.pgn"), "two").unwrap();
        let back = store.restore_game("g.pgn").unwrap();
        assert_eq!(back, store.games_dir().join("g-2.pgn"));
        assert_eq!(fs::read_to_string(back).unwrap(), "one");
        assert_eq!(
            fs::read_to_string(store.games_dir().join("g.pgn")).unwrap(),
            "two"
        );
        assert!(store.trash_game("../current.pgn").is_err());
        assert!(store.purge_game("../games/g.pgn").is_err());
        assert!(store.restore_game("missing.pgn").is_err());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_trash_lists_its_games_newest_first_and_deletes_for_good() {
        let dir = std::env::temp_dir().join(format!("hotseat-trash-list-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = Store::new(DataDir::new(dir.clone()));
        assert!(store.trash().unwrap().is_empty(), "no trash yet");
        fs::create_dir_all(store.trash_dir()).unwrap();
        let game = |date: &str, white: &str| {
            format!(
                "[Date \"{date}\"]\n[White \"{white}\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
            )
        };
        fs::write(store.trash_dir().join("old.pgn"), game("2020.01.01", "Old")).unwrap();
        fs::write(store.trash_dir().join("new.pgn"), game("2026.01.01", "New")).unwrap();
        fs::write(store.trash_dir().join("junk.pgn"), "not a game").unwrap();
        let trash = store.trash().unwrap();
        let files: Vec<&str> = trash.iter().map(|e| e.file.as_str()).collect();
        assert_eq!(files, ["new.pgn", "old.pgn"]);
        assert_eq!(trash[0].summary.white, "New");
        store.purge_game("old.pgn").unwrap();
        assert!(!store.trash_dir().join("old.pgn").exists());
        assert!(store.purge_game("old.pgn").is_err(), "gone already");
        fs::remove_dir_all(dir).unwrap();
    }
}
