//! Deleting a game from the library moves its file to `trash/` in the data folder; restoring
//! moves it back. Neither ever overwrites a file: a name taken on the other side gets `-2`,
//! `-3`... as the archive's names do.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::store::Store;
use crate::store::error::{Op, StoreError};
use crate::store::names::numbered;

/// The trash's folder in the data folder.
pub const TRASH_DIR: &str = "trash";

impl Store {
    /// Where deleted games go.
    pub fn trash_dir(&self) -> PathBuf {
        self.dir().join(TRASH_DIR)
    }

    /// Moves the archive file `file` (a name in `games/`) to the trash. Returns its new path.
    pub fn trash_game(&self, file: &str) -> Result<PathBuf, StoreError> {
        move_file(&self.games_dir(), &self.trash_dir(), file)
    }

    /// Moves `file` (a name in `trash/`) back into the archive. Returns its new path.
    pub fn restore_game(&self, file: &str) -> Result<PathBuf, StoreError> {
        move_file(&self.trash_dir(), &self.games_dir(), file)
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

/// Moves `from/file` into `to`, under its own name or the first numbered one free.
fn move_file(from: &Path, to: &Path, file: &str) -> Result<PathBuf, StoreError> {
    let source = from.join(file);
    // One plain name: nothing that leaves the folder.
    if file.is_empty()
        || file.contains(['/', '\\'])
        || file.starts_with('.')
        || Path::new(file).file_name() != Some(std::ffi::OsStr::new(file))
    {
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
        assert!(store.restore_game("missing.pgn").is_err());
        fs::remove_dir_all(dir).unwrap();
    }
}
