//! A finished game leaves "current" for the archive in one atomic step.
//!
//! The steps, and what a kill after each leaves for the next start:
//!
//! 1. The finished game is written over `current.pgn` (an atomic write). Before: the game in
//!    progress is there, to resume. After: a finished game is there, which the next start
//!    offers to file in the archive ("save it now?"; it is never offered for resume).
//! 2. `current.pgn` is given its archive name, `games/<date>-<white>-vs-<black>.pgn`, with a
//!    hard link (which fails if the name is taken, so no game is ever overwritten), then
//!    3. its old name is removed. Between 2 and 3 the one file has two names; the next start
//!    sees that the finished `current.pgn` is in the archive already (its link count, or where
//!    that cannot be read, a file of the archive with the same bytes) and only removes the old
//!    one. Where there are no hard links, 2 and 3 are one rename.
//!
//! So at any instant the game is either the unfinished one to resume or the finished one in
//! the archive (or on its way there, which the next start completes) — never both, never
//! neither. If step 1 fails the finished game is on disk nowhere, and the caller must say so
//! and keep it; if a later step fails it waits in `current.pgn`, and the next start asks the
//! players whether to save it in the archive then.
//!
//! Every file-system call goes through [`EndSteps`], so tests fail each step in turn.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::Store;
use super::TAG_STARTED;
use super::atomic::{Claimed, claim_name, sync_dir, write_replacing};
use super::current::{MAX_SAVE_BYTES, Resumable, check_saved_game};
use super::error::{Op, StoreError};
use super::names::{UNFINISHED_MARK, archive_stem, numbered};
use super::nofollow::{create_own_dir, refuse_link};
use super::read::read_bounded;
use crate::game::Game;
use crate::rules::Color;

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
    /// It waits in `current.pgn`, finished, and the next start offers to archive it.
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
                write!(
                    f,
                    "{e}; it is kept, and the next start offers to archive it"
                )
            }
        }
    }
}

impl std::error::Error for EndError {}

/// Whether the finished game saved in `path` is in the archive `games` already: a game end
/// cut short after the archive had it and before the old name was removed.
///
/// Where link counts can be read (Unix), the file's second name says so at once. Windows links
/// too (NTFS has hard links) but `std` does not tell the link count there, so the archive is
/// also searched for a file with the same bytes: the archive's name and the old one are one
/// file, so one content. That check holds on every system; on Unix it only runs when the link
/// count said no. A copy that equal is this very game archived, however it got there, so
/// removing `path` afterwards loses nothing.
pub(super) fn has_other_name(path: &Path, games: &Path) -> bool {
    linked_elsewhere(path) || archived_copy(path, games, |_| true).is_some()
}

/// Whether the file `path` has more than one name, where the system tells.
fn linked_elsewhere(path: &Path) -> bool {
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

/// The file in `games` whose name passes `named` and which holds exactly the bytes of `path`.
/// Only files of the same length are read, each within the bound of a save.
fn archived_copy(path: &Path, games: &Path, named: impl Fn(&str) -> bool) -> Option<PathBuf> {
    let bytes = read_bounded(path, MAX_SAVE_BYTES).ok()?;
    // A game is in the archive only if it is in hotseat's own folder, not one a link leads to.
    refuse_link(games).ok()?;
    fs::read_dir(games).ok()?.flatten().find_map(|entry| {
        let same = entry.file_name().to_str().is_some_and(&named)
            && entry
                .metadata()
                .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
            && read_bounded(&entry.path(), MAX_SAVE_BYTES).is_ok_and(|other| other == bytes);
        same.then(|| entry.path())
    })
}

/// The file in `games` whose name passes `named` and whose game continues `saved`: it carries
/// the same [`TAG_STARTED`] stamp (required: without it nothing is taken for the same game)
/// and players, starts from the same position and plays at least the saved moves, the same.
/// Only files whose text holds that stamp are read as games.
fn archived_continuation(
    saved: &Resumable,
    games: &Path,
    named: impl Fn(&str) -> bool,
) -> Option<PathBuf> {
    let started = saved.tag(TAG_STARTED).filter(|s| !s.is_empty())?;
    let stamp = format!("[{TAG_STARTED} \"{started}\"]");
    refuse_link(games).ok()?;
    fs::read_dir(games).ok()?.flatten().find_map(|entry| {
        if !entry.file_name().to_str().is_some_and(&named) {
            return None;
        }
        let bytes = read_bounded(&entry.path(), MAX_SAVE_BYTES).ok()?;
        let text = std::str::from_utf8(&bytes)
            .ok()
            .filter(|t| t.contains(&stamp))?;
        let archived = check_saved_game(text.as_bytes()).ok()?;
        continues(saved.game(), archived.game()).then(|| entry.path())
    })
}

/// Whether `later` is `earlier` played on (or as it is): the same players and start, and every
/// position of `earlier` in the same place in `later`.
fn continues(earlier: &Game, later: &Game) -> bool {
    let players = |g: &Game| {
        (
            g.player(Color::White).to_owned(),
            g.player(Color::Black).to_owned(),
        )
    };
    let (a, b) = (earlier.record(), later.record());
    players(earlier) == players(later)
        && b.plies() >= a.plies()
        && (0..=a.plies()).all(|ply| a.position_at(ply) == b.position_at(ply))
}

impl Store {
    /// Whether the finished game in `current.pgn` is in the archive already (see the module
    /// docs): then only its old name is left to remove, which [`Store::archive_current`] does.
    pub fn archived_already(&self) -> bool {
        has_other_name(&self.current_path(), &self.games_dir())
    }

    /// Where the unfinished game in `current.pgn` is in the archive already, if it is: set
    /// aside by an earlier start (`--new`, a refused offer) whose removal of the old name
    /// failed. Only files archived as unfinished count, so that an export that happens to hold
    /// the same bytes never hides a game from being resumed.
    ///
    /// A game set aside during a session goes to the archive as the app holds it, with the
    /// moves played since its last save, which `current.pgn` may not have (its folder turned
    /// read-only): so a file archived as unfinished that continues the saved game (the same
    /// [`TAG_STARTED`] stamp and players, and its moves begin with the saved game's moves)
    /// counts too.
    pub fn archived_unfinished(&self) -> Option<PathBuf> {
        let unfinished = |name: &str| name.contains(UNFINISHED_MARK);
        let games = self.games_dir();
        archived_copy(&self.current_path(), &games, unfinished).or_else(|| {
            let bytes = read_bounded(&self.current_path(), MAX_SAVE_BYTES).ok()?;
            let saved = check_saved_game(&bytes).ok()?;
            archived_continuation(&saved, &games, unfinished)
        })
    }

    /// Where the finished game in `current.pgn` is in the archive already, as far as its bytes
    /// tell (see [`Store::archived_already`]).
    pub(super) fn archived_finished(&self) -> Option<PathBuf> {
        archived_copy(&self.current_path(), &self.games_dir(), |_| true)
    }

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
        create_own_dir(&games, |games| steps.create_dir(games))
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
