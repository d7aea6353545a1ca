//! What can go wrong with files, said so that a player can act on it.
//!
//! Every message names the file or folder involved and what hotseat was trying to do with it
//! ("cannot save the game to /x/current.pgn: permission denied"), because the app shows these
//! as warnings while play goes on, and a warning that does not say *where* cannot be fixed.
//! The operating system's own wording ("Permission denied (os error 13)") is translated for the
//! common cases; the original [`io::Error`] stays available through
//! [`Error::source`](std::error::Error::source).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// What hotseat was doing when a file operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Writing the autosave file.
    Save,
    /// Reading a file.
    Read,
    /// Creating the data directory or `games/`.
    CreateDir,
    /// Removing a file.
    Remove,
    /// Writing a game into the archive.
    Archive,
    /// Writing any other file (export, [`atomic_write`](super::atomic_write)).
    Write,
    /// Taking the lock on the game's slot.
    Lock,
    /// Reading or writing the database (the library's index; see `db.rs`).
    Database,
}

/// Why a file operation of the store failed. Nothing in the store panics: every failure ends
/// up here, and none of them needs to stop the game.
#[derive(Debug)]
pub enum StoreError {
    /// No data directory could be found from the environment (no `HOME`, no `APPDATA`...).
    NoDataDir(String),
    /// An operating-system error while doing `op` on `path`.
    Io {
        op: Op,
        path: PathBuf,
        source: io::Error,
    },
    /// The autosave file could not be read as a game. It was renamed to `moved_to` (never
    /// deleted), so that a new game can start and the file can still be looked at.
    Corrupt {
        path: PathBuf,
        reason: String,
        moved_to: PathBuf,
    },
    /// The autosave file could not be read as a game, and moving it aside failed too: it is
    /// still at `path`.
    CorruptNotMoved {
        path: PathBuf,
        reason: String,
        source: io::Error,
    },
    /// The saved game is in the archive as `archived`, but its old name `path` could not be
    /// removed. It is not offered again: the next start finds it in the archive.
    NotRemoved {
        archived: PathBuf,
        path: PathBuf,
        source: io::Error,
    },
}

impl StoreError {
    pub(crate) fn io(op: Op, path: impl Into<PathBuf>, source: io::Error) -> StoreError {
        StoreError::Io {
            op,
            path: path.into(),
            source,
        }
    }

    /// A copy, for telling about it while the original is kept (the autosave keeps its last
    /// failure to compare the next with). The operating system's error is copied by its kind
    /// and its words, which is all that is shown of it.
    pub fn duplicate(&self) -> StoreError {
        let copy = |e: &io::Error| io::Error::new(e.kind(), e.to_string());
        match self {
            StoreError::NoDataDir(why) => StoreError::NoDataDir(why.clone()),
            StoreError::Io { op, path, source } => StoreError::Io {
                op: *op,
                path: path.clone(),
                source: copy(source),
            },
            StoreError::Corrupt {
                path,
                reason,
                moved_to,
            } => StoreError::Corrupt {
                path: path.clone(),
                reason: reason.clone(),
                moved_to: moved_to.clone(),
            },
            StoreError::CorruptNotMoved {
                path,
                reason,
                source,
            } => StoreError::CorruptNotMoved {
                path: path.clone(),
                reason: reason.clone(),
                source: copy(source),
            },
            StoreError::NotRemoved {
                archived,
                path,
                source,
            } => StoreError::NotRemoved {
                archived: archived.clone(),
                path: path.clone(),
                source: copy(source),
            },
        }
    }

    /// The file or folder the error is about (none when no data directory was found).
    pub fn path(&self) -> Option<&Path> {
        match self {
            StoreError::NoDataDir(_) => None,
            StoreError::Io { path, .. }
            | StoreError::Corrupt { path, .. }
            | StoreError::CorruptNotMoved { path, .. }
            | StoreError::NotRemoved { path, .. } => Some(path),
        }
    }

    /// Whether this is a saved game that could not be read (the app starts a new game and
    /// shows the message, rather than treating it as a failure to save).
    pub fn is_corrupt(&self) -> bool {
        matches!(
            self,
            StoreError::Corrupt { .. } | StoreError::CorruptNotMoved { .. }
        )
    }
}

/// The operating system's error in words a player can act on.
pub(crate) fn describe(e: &io::Error) -> String {
    use io::ErrorKind as K;
    let text = match e.kind() {
        K::PermissionDenied => "permission denied",
        K::NotFound => "no such file or folder",
        K::AlreadyExists => "a file with that name already exists",
        K::StorageFull => "the disk is full",
        K::ReadOnlyFilesystem => "the file system is read-only",
        K::NotADirectory => "part of the path is a file, not a folder",
        K::IsADirectory => "it is a folder, not a file",
        K::QuotaExceeded => "the disk quota is exceeded",
        K::FileTooLarge => "the file is too large",
        K::InvalidFilename => "the file name is not valid here",
        _ => return e.to_string(),
    };
    text.to_owned()
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NoDataDir(why) => write!(
                f,
                "cannot find where to keep saved games: {why}; give a folder with --data-dir"
            ),
            StoreError::Io { op, path, source } => {
                let p = path.display();
                let writing = matches!(op, Op::Save | Op::Archive | Op::Write);
                let why = if writing && source.kind() == io::ErrorKind::NotFound {
                    "the folder it goes in does not exist".to_owned()
                } else {
                    describe(source)
                };
                match op {
                    Op::Save => write!(f, "cannot save the game to {p}: {why}"),
                    Op::Read => write!(f, "cannot read {p}: {why}"),
                    Op::CreateDir => write!(f, "cannot create the folder {p}: {why}"),
                    Op::Remove => write!(f, "cannot remove {p}: {why}"),
                    Op::Archive => write!(f, "cannot archive the game to {p}: {why}"),
                    Op::Write => write!(f, "cannot write {p}: {why}"),
                    Op::Lock => write!(f, "cannot lock {p}: {why}"),
                    Op::Database => write!(f, "cannot use the database {p}: {why}"),
                }
            }
            StoreError::Corrupt {
                path,
                reason,
                moved_to,
            } => write!(
                f,
                "the saved game {} cannot be resumed: {reason}; the file was moved to {}",
                path.display(),
                moved_to.display()
            ),
            StoreError::CorruptNotMoved {
                path,
                reason,
                source,
            } => write!(
                f,
                "the saved game {} cannot be resumed: {reason}; moving it aside failed ({}), \
                 so it was left where it is",
                path.display(),
                describe(source)
            ),
            StoreError::NotRemoved {
                archived,
                path,
                source,
            } => write!(
                f,
                "the game is in the archive as {}, but {} cannot be removed: {}; it is not \
                 offered again",
                archived.display(),
                path.display(),
                describe(source)
            ),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Io { source, .. }
            | StoreError::CorruptNotMoved { source, .. }
            | StoreError::NotRemoved { source, .. } => Some(source),
            StoreError::NoDataDir(_) | StoreError::Corrupt { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_name_the_path_and_say_why_in_words() {
        let e = StoreError::io(
            Op::Save,
            "/x/current.pgn",
            io::Error::from(io::ErrorKind::PermissionDenied),
        );
        assert_eq!(
            e.to_string(),
            "cannot save the game to /x/current.pgn: permission denied"
        );
        assert_eq!(e.path(), Some(Path::new("/x/current.pgn")));
        assert!(!e.is_corrupt());
    }

    #[test]
    fn a_duplicate_reads_as_the_original() {
        let e = StoreError::io(
            Op::Save,
            "/x/current.pgn",
            io::Error::other("the cable is out"),
        );
        assert_eq!(e.duplicate().to_string(), e.to_string());
        let e = StoreError::io(
            Op::Archive,
            "/x/games/a.pgn",
            io::Error::from(io::ErrorKind::StorageFull),
        );
        assert_eq!(e.duplicate().to_string(), e.to_string());
    }

    #[test]
    fn full_disk_is_named() {
        let e = StoreError::io(
            Op::Archive,
            "/x/games/a.pgn",
            io::Error::from(io::ErrorKind::StorageFull),
        );
        assert!(e.to_string().ends_with("a.pgn: the disk is full"), "{e}");
    }
}
