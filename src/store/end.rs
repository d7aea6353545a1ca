//! A finished game leaves "current" for the archive in one atomic step.
//!
//! The steps, and what a kill after each leaves for the next start:
//!
//! 1. The finished game is written over `current.pgn` (an atomic write). Before: the game in
//!    progress is there, to resume. After: a finished game is there, which the next start files
//!    in the archive (it is never offered for resume).
//! 2. `current.pgn` is given its archive name, `games/<date>-<white>-vs-<black>.pgn`, with a
//!    hard link (which fails if the name is taken, so no game is ever overwritten), then
//!    3. its old name is removed. Between 2 and 3 the one file has two names; the next start
//!    sees that the finished `current.pgn` has another name already (its link count) and only
//!    removes the old one. Where there are no hard links, 2 and 3 are one rename.
//!
//! So at any instant the game is either the unfinished one to resume or the finished one in
//! the archive (or on its way there, which the next start completes) — never both, never
//! neither. If step 1 fails the finished game is on disk nowhere, and the caller must say so
//! and keep it; if a later step fails it waits in `current.pgn` for the next start.
//!
//! Every file-system call goes through [`EndSteps`], so tests fail each step in turn.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::Store;
use super::atomic::{Claimed, claim_name, sync_dir, write_replacing};
use super::error::{Op, StoreError};
use super::names::{archive_stem, numbered};

/// The file-system calls of a game's end, one method each.
pub trait EndSteps {
    /// Writes `bytes` over `path` atomically.
    fn save(&mut self, path: &Path, bytes: &[u8]) -> io::Result<()>;
    /// Creates the folder `path` and its parents.
    fn create_dir(&mut self, path: &Path) -> io::Result<()>;
    /// Gives the file `from` the name `to` unless it is taken (`AlreadyExists`); `Ok(true)` if
    /// `from` still exists (a hard link), `Ok(false)` if it was renamed.
    fn claim(&mut self, from: &Path, to: &Path) -> io::Result<bool>;
    /// Removes the file `path`.
    fn remove(&mut self, path: &Path) -> io::Result<()>;
}

/// The real file system.
#[derive(Debug, Default)]
pub struct RealFs;

impl EndSteps for RealFs {
    fn save(&mut self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        write_replacing(path, bytes)
    }
    fn create_dir(&mut self, path: &Path) -> io::Result<()> {
        fs::create_dir_all(path)
    }
    fn claim(&mut self, from: &Path, to: &Path) -> io::Result<bool> {
        let linked = matches!(claim_name(from, to)?, Claimed::Linked);
        sync_dir(to);
        Ok(linked)
    }
    fn remove(&mut self, path: &Path) -> io::Result<()> {
        fs::remove_file(path)?;
        sync_dir(path);
        Ok(())
    }
}

/// Why a finished game did not reach the archive.
#[derive(Debug)]
pub enum EndError {
    /// It could not be written anywhere: the caller still holds the only copy.
    NotSaved(StoreError),
    /// It waits in `current.pgn`, finished, and goes to the archive at the next start.
    KeptInCurrent(StoreError),
}

impl EndError {
    /// The file error behind it.
    pub fn store_error(&self) -> &StoreError {
        match self {
            EndError::NotSaved(e) | EndError::KeptInCurrent(e) => e,
        }
    }
}

impl fmt::Display for EndError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndError::NotSaved(e) => write!(f, "{e}; the finished game is not saved"),
            EndError::KeptInCurrent(e) => {
                write!(f, "{e}; it is kept and will be archived at the next start")
            }
        }
    }
}

impl std::error::Error for EndError {}

/// Whether `path` has a second name: a finished autosave already linked into the archive by a
/// process that died before removing the old name.
pub(super) fn has_other_name(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        fs::symlink_metadata(path).is_ok_and(|m| m.nlink() > 1)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

impl Store {
    /// Moves a finished game (`pgn` from [`crate::game::Game::to_pgn`]) from `current.pgn` to
    /// the archive as described in the module docs. Returns the archive file's path.
    pub fn finish_game(
        &self,
        pgn: &str,
        date: &str,
        white: &str,
        black: &str,
    ) -> Result<PathBuf, EndError> {
        self.finish_game_with(&mut RealFs, pgn, date, white, black)
    }

    /// [`Store::finish_game`] through the given file-system calls.
    pub fn finish_game_with(
        &self,
        steps: &mut impl EndSteps,
        pgn: &str,
        date: &str,
        white: &str,
        black: &str,
    ) -> Result<PathBuf, EndError> {
        let current = self.current_path();
        steps
            .create_dir(self.dir())
            .map_err(|e| EndError::NotSaved(StoreError::io(Op::CreateDir, self.dir(), e)))?;
        steps
            .save(&current, pgn.as_bytes())
            .map_err(|e| EndError::NotSaved(StoreError::io(Op::Save, &current, e)))?;
        let kept = |op, path: &Path, e| EndError::KeptInCurrent(StoreError::io(op, path, e));
        let games = self.games_dir();
        steps
            .create_dir(&games)
            .map_err(|e| kept(Op::CreateDir, &games, e))?;
        let stem = archive_stem(date, white, black, false);
        let mut last = games.clone();
        for candidate in numbered(&games, &stem, "pgn") {
            match steps.claim(&current, &candidate) {
                Ok(linked) => {
                    if linked {
                        // The archive has it: a failure here only leaves a second name, which
                        // the next start removes.
                        let _ = steps.remove(&current);
                    }
                    return Ok(candidate);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = candidate,
                Err(e) => return Err(kept(Op::Archive, &candidate, e)),
            }
        }
        Err(kept(
            Op::Archive,
            &last,
            io::Error::new(
                io::ErrorKind::AlreadyExists,
                "every file name for this game is taken",
            ),
        ))
    }
}
