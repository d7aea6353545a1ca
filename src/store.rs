//! Files: where they live, how they are written, the game in progress, the archive, exports.
//!
//! A hot-seat game can last hours, and a closed terminal, a crash or a killed process must never
//! cost a move. So the game in progress is kept in one file, `current.pgn`, rewritten after every
//! move (and every few seconds while a clock runs) by an atomic write: a crash leaves the last
//! complete save, never half of one. Finished games go to `games/`, one PGN file each, named by
//! date and players, never overwriting another.
//!
//! ```text
//! <data dir>/               $XDG_DATA_HOME/hotseat, ~/Library/Application Support/hotseat, %APPDATA%\hotseat
//!   current.pgn             the game in progress (PGN with [%clk] and WhiteClock/BlackClock)
//!   current.lock            held by the running hotseat playing it (see [`Store::claim`])
//!   current-2.pgn           a second window's separate game, with current-2.lock
//!   current-own-4242.pgn    a game played where no slot could be locked (see lock.rs)
//!   current.corrupt-1.pgn   an autosave that could not be read, set aside, never deleted
//!   games/2026-11-21-Ann-vs-Bob.pgn
//!   games/2026-11-22-Ann-vs-Bob-unfinished.pgn
//!   hotseat.db              the database: the library's index of games/, a cache that is
//!                           rebuilt from the files (see db.rs, library.rs); and the
//!                           puzzles, the players' puzzle ratings and history (puzzles.rs)
//!   trash/                  games deleted from the library, to bring back
//! ```
//!
//! Everything is PGN, so every file can be opened by any chess program, and resuming uses the
//! same import as `--load`. What resuming needs beyond the game's own tags travels in extra tags
//! ([`TAG_STARTED`], [`TAG_SAVED`]) that other programs ignore.
//!
//! The store does I/O and nothing else: it does not read the clock (dates come in as
//! parameters, [`Stamp`] formats them), does not know the screen, and never panics. Every
//! failure is a [`StoreError`] naming the file, for the app to show as a warning while play goes
//! on; [`Autosave`] remembers a failing save and keeps trying.
//!
//! The folders are created on the first write, not on reading, so a run that saves nothing
//! leaves nothing behind.

mod archive;
mod atomic;
mod current;
mod db;
mod dirs;
mod end;
mod error;
mod library;
mod lock;
mod mistakes;
mod names;
mod nofollow;
mod puzzles;
mod read;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

pub use crate::game::pgn::{TAG_SAVED, TAG_STARTED};
pub use crate::game::stamp::{Stamp, WallClock};
pub use archive::{export_fen, export_pgn};
pub use atomic::{atomic_write, remove_stale_temp_files, writable_folder};
pub use current::{Autosave, Resumable, SavedGameError, check_saved_game};
pub use db::{BUSY_WAIT, DB_FILE, Database, MIGRATIONS, Opened};
pub use dirs::{APP_DIR, DataDir, Platform, config_dir_for, data_dir_for, shown};
pub use end::{EndError, EndSteps, RealFs};
pub(crate) use error::describe;
pub use error::{Op, StoreError};
pub use library::{
    Broken, CHUNK_BYTES, Entry, ExplorerRow, FileStamp, Freshness, GameName, IMPORT_BATCH,
    ImportProgress, ImportReport, Index, Interrupter, Library, MAX_REFUSED_LISTED, PlayerFilter,
    Refused, SYNC_BATCH, SortBy, Summary, TRASH_DIR, filter_words, summarize,
};
pub use lock::{Claim, GameLock, Holder, MAX_SLOTS};
pub use mistakes::{BadMistake, CheckedMistake, Mistake, MistakeBook};
pub use names::{MAX_PART_BYTES, archive_stem, default_export_path, export_stem, sanitize_part};
pub use puzzles::{
    BUNDLED as BUNDLED_PUZZLES, Choice, MAX_PUZZLES_REFUSED_LISTED, Played, PuzzleBook,
    PuzzleImport, PuzzleImportProgress, PuzzleMode, RECENT_DAYS, Rating, RatingChange, import_rows,
    player_key, wall_secs,
};
pub use read::{Bounded, ReadError, Special, open_bounded, open_regular, read_bounded};

/// The autosave file's name in the data directory.
pub const CURRENT_FILE: &str = "current.pgn";

/// The archive's folder in the data directory.
pub const GAMES_DIR: &str = "games";

/// How old a temporary file must be before [`Store::remove_stale_temp_files`] takes it for the
/// leftover of a killed process.
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(60);

/// hotseat's files in one data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: DataDir,
    /// Which game slot this store saves to (1: `current.pgn`; see [`Store::claim`]).
    slot: u32,
    /// A file of the session's own instead of the slot's (see [`Store::own_file`]).
    own: Option<PathBuf>,
}

impl Store {
    pub fn new(dir: DataDir) -> Store {
        Store {
            dir,
            slot: 1,
            own: None,
        }
    }

    /// The same folder, saving to game slot `slot` (`current-<slot>.pgn`).
    pub fn on_slot(&self, slot: u32) -> Store {
        Store {
            dir: self.dir.clone(),
            slot,
            own: None,
        }
    }

    /// The game slot this store saves to.
    pub fn slot(&self) -> u32 {
        self.slot
    }

    /// The store in the platform's usual data directory.
    pub fn from_env() -> Result<Store, StoreError> {
        DataDir::from_env().map(Store::new)
    }

    /// The data directory (it may not exist yet).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Where the game in progress is saved.
    pub fn current_path(&self) -> PathBuf {
        match &self.own {
            Some(own) => own.clone(),
            None => self.dir().join(lock::slot_file(self.slot, "pgn")),
        }
    }

    /// Whether this store saves to a file of the session's own rather than a slot.
    pub fn is_own_file(&self) -> bool {
        self.own.is_some()
    }

    /// Where finished games are archived.
    pub fn games_dir(&self) -> PathBuf {
        self.dir().join(GAMES_DIR)
    }

    /// Writes `bytes` to the file `name` in the data directory, atomically, creating the
    /// directory if missing.
    pub fn write_file(&self, name: &str, bytes: &[u8]) -> Result<(), StoreError> {
        self.ensure_dir(self.dir())?;
        atomic_write(&self.dir().join(name), bytes)
    }

    /// Creates `path` and its parents if missing. A folder of hotseat's own inside the data
    /// folder (`games/`) is never a symbolic link: one planted there is refused with its path
    /// and where it points, before anything is written through it. (The data folder itself is
    /// the player's choice, `--data-dir` or the platform's place, and may be a link.)
    fn ensure_dir(&self, path: &Path) -> Result<(), StoreError> {
        let create = |p: &Path| std::fs::create_dir_all(p);
        if path == self.dir() {
            create(path)
        } else {
            nofollow::create_own_dir(path, create)
        }
        .map_err(|e| StoreError::io(Op::CreateDir, path, e))
    }

    /// Removes temporary files that a process killed in the middle of a write left in the data
    /// directory and the archive (older than [`STALE_TEMP_AGE`] at `now`), and the empty files
    /// of their own that ended sessions left. Best effort; call it once at start-up. Returns
    /// what was removed.
    pub fn remove_stale_temp_files(&self, now: SystemTime) -> Vec<PathBuf> {
        let mut removed = remove_stale_temp_files(self.dir(), now, STALE_TEMP_AGE);
        // Nothing is removed through a link planted as the archive.
        if nofollow::refuse_link(&self.games_dir()).is_ok() {
            removed.extend(remove_stale_temp_files(
                &self.games_dir(),
                now,
                STALE_TEMP_AGE,
            ));
        }
        removed.extend(self.remove_unused_own_files());
        removed
    }
}
