//! The game in progress: saving it, finding it again at start-up, and setting it aside.
//!
//! `current.pgn` is ordinary PGN as [`Game::to_pgn`] writes it: the moves with a `[%clk]`
//! reading after each, and `WhiteClock`/`BlackClock` with the time left on the move in
//! progress, so that [`import_games`] rebuilds the game, clocks included. The app adds
//! [`TAG_STARTED`] (for the resume prompt) and may add [`TAG_SAVED`].
//!
//! A file that cannot be resumed — empty, not text, cut short, or edited into something that
//! is not a legal game — is never deleted and never silently ignored: it is renamed to
//! `current.corrupt-<n>.pgn` and reported with what was wrong and where it went, and the app
//! starts a new game. Being cut short is checked on its own: PGN ends every game with a result
//! marker (`*` while it is in progress), so a file whose last token is not one was truncated,
//! even if what remains happens to read as a shorter game — resuming that would silently lose
//! moves.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::{rename_new, write_replacing, write_replacing_unsynced};
use super::error::{Op, StoreError};
use super::names::MAX_SUFFIX;
use super::nofollow;
use super::read::{ReadError, read_bounded};
use super::{Store, TAG_STARTED};

/// The name a finished game's autosave is set aside under when its end could not be written
/// ([`Store::set_aside_before_end`]).
pub const BEFORE_END_STEM: &str = "current.before-end";
use crate::game::Game;
use crate::game::pgn::{ImportedGame, PgnGameError, import_games};
use crate::game::stamp::readable;
use crate::rules::Color;

/// No saved game comes near this; a larger file is not one of ours.
pub(super) const MAX_SAVE_BYTES: u64 = 32 * 1024 * 1024;

/// A saved game found at start-up, ready to resume.
#[derive(Clone, Debug)]
pub struct Resumable {
    /// The game rebuilt from the file, and the file's tags.
    pub imported: ImportedGame,
    /// The text as it was saved, for archiving it unchanged.
    pub pgn: String,
}

impl Resumable {
    pub fn game(&self) -> &Game {
        &self.imported.game
    }

    /// The value of tag `name` in the saved file (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.imported.tags.get(name)
    }

    /// When the game began, as its tags say: [`TAG_STARTED`], else a complete PGN `Date`.
    fn started(&self) -> Option<&str> {
        self.tag(TAG_STARTED)
            .or_else(|| self.tag("Date").filter(|d| !d.contains('?')))
            .filter(|s| !s.is_empty())
    }

    /// The day the game began (`2026-11-21`), for its archive file's name.
    fn start_date(&self) -> Option<String> {
        let started = self.started()?;
        let day = started.get(..10)?.replace('.', "-");
        day.bytes()
            .enumerate()
            .all(|(i, b)| {
                if i == 4 || i == 7 {
                    b == b'-'
                } else {
                    b.is_ascii_digit()
                }
            })
            .then_some(day)
    }

    /// One line for the resume prompt: `Ann vs Bob, move 23, started 2026-11-21 20:14` (a
    /// stamp in UTC adds ` UTC`).
    /// A finished game (saved just before it could be archived) says how it ended instead.
    pub fn summary(&self) -> String {
        let game = self.game();
        let mut line = format!(
            "{} vs {}",
            game.player(Color::White),
            game.player(Color::Black)
        );
        match game.outcome() {
            Some(o) => line.push_str(&format!(", finished {}", o.result.pgn())),
            None => line.push_str(&format!(", move {}", game.position().fullmoves())),
        }
        if let Some(s) = self.started() {
            line.push_str(", started ");
            line.push_str(&readable(s));
        }
        line
    }
}

/// Checks that `bytes` hold one resumable game and rebuilds it; otherwise says what is wrong,
/// in words for the player. Pure: the file handling is [`Store::load_current`]'s.
pub fn check_saved_game(bytes: &[u8]) -> Result<Resumable, SavedGameError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(SavedGameError::Empty);
    }
    let text = std::str::from_utf8(bytes).map_err(|e| SavedGameError::NotUtf8 {
        byte: e.valid_up_to() + 1,
    })?;
    if text.contains('\0') {
        return Err(SavedGameError::Nul);
    }
    let last = text.split_ascii_whitespace().next_back().unwrap_or("");
    if !matches!(last, "*" | "1-0" | "0-1" | "1/2-1/2") {
        return Err(SavedGameError::CutShort(last.chars().take(20).collect()));
    }
    // The first game only: a file of ours never holds more. Its error without "game 1, ".
    let mut first = None;
    import_games(text.as_bytes(), |g| {
        first.get_or_insert(g);
    })
    .map_err(SavedGameError::Read)?;
    match first {
        Some(Ok(imported)) => Ok(Resumable {
            imported,
            pgn: text.to_owned(),
        }),
        Some(Err(e)) => Err(SavedGameError::Game(Box::new(e))),
        None => Err(SavedGameError::NoGame),
    }
}

/// Why a saved game cannot be resumed.
#[derive(Debug)]
pub enum SavedGameError {
    /// Nothing but blanks.
    Empty,
    /// Not UTF-8 from this byte on (counted from 1).
    NotUtf8 { byte: usize },
    /// It holds NUL bytes.
    Nul,
    /// It ends with this text, not with a result: cut short.
    CutShort(String),
    /// Reading it failed on the way.
    Read(std::io::Error),
    /// Its game cannot be replayed.
    Game(Box<PgnGameError>),
    /// It holds no game.
    NoGame,
}

impl std::fmt::Display for SavedGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SavedGameError::Empty => f.write_str("the file is empty"),
            SavedGameError::NotUtf8 { byte } => {
                write!(f, "the file is not text (byte {byte} is not valid UTF-8)")
            }
            SavedGameError::Nul => f.write_str("the file is not text (it holds NUL bytes)"),
            SavedGameError::CutShort(end) => write!(
                f,
                "the file looks cut short: it ends with \"{}\", not with a result",
                end.escape_debug()
            ),
            SavedGameError::Read(e) => write!(f, "{e}"),
            SavedGameError::Game(e) => write!(f, "{}: {}", e.place, e.reason),
            SavedGameError::NoGame => f.write_str("the file holds no PGN game"),
        }
    }
}

impl std::error::Error for SavedGameError {}

impl Store {
    /// Saves the game in progress (`pgn` from [`Game::to_pgn`]) atomically to `current.pgn`,
    /// creating the data directory if needed. Returns the file's path.
    pub fn save_current(&self, pgn: &str) -> Result<PathBuf, StoreError> {
        self.save_current_with(pgn, write_replacing)
    }

    /// [`Store::save_current`] without waiting for the disk (atomic all the same): for a
    /// running clock's reading, saved often, where only a crash of the machine could lose it.
    pub fn save_current_unsynced(&self, pgn: &str) -> Result<PathBuf, StoreError> {
        self.save_current_with(pgn, write_replacing_unsynced)
    }

    fn save_current_with(
        &self,
        pgn: &str,
        write: fn(&Path, &[u8]) -> io::Result<()>,
    ) -> Result<PathBuf, StoreError> {
        let path = self.current_path();
        self.ensure_dir(self.dir())?;
        write(&path, pgn.as_bytes()).map_err(|e| StoreError::io(Op::Save, &path, e))?;
        Ok(path)
    }

    /// The saved game in progress, if any. `Ok(None)` when there is none. A file that cannot be
    /// resumed is moved aside to `current.corrupt-<n>.pgn` and reported as
    /// [`StoreError::Corrupt`] (or [`StoreError::CorruptNotMoved`]); after that there is no
    /// current game, and the app starts a new one.
    pub fn load_current(&self) -> Result<Option<Resumable>, StoreError> {
        let path = self.current_path();
        // A link planted in its place is not followed: moved aside (the link, not the file it
        // points to) and named, like anything else that is not a saved game of ours.
        if let Err(e) = nofollow::refuse_link(&path) {
            return self.set_aside(&path, e.to_string());
        }
        let bytes = match read_bounded(&path, MAX_SAVE_BYTES) {
            Ok(b) => b,
            Err(e) if e.is_not_found() => return Ok(None),
            // Not ours (a folder, a FIFO, a device) or too large: moved aside, never read.
            Err(e @ (ReadError::NotAFile(_) | ReadError::TooLarge(_))) => {
                return self.set_aside(&path, e.to_string());
            }
            Err(ReadError::Io(e)) => return Err(StoreError::io(Op::Read, &path, e)),
        };
        match check_saved_game(&bytes) {
            Ok(saved) => Ok(Some(saved)),
            Err(reason) => self.set_aside(&path, reason.to_string()),
        }
    }

    /// Renames an unreadable autosave to the first free `current.corrupt-<n>.pgn`.
    fn set_aside<T>(&self, path: &Path, reason: String) -> Result<T, StoreError> {
        let name = self.current_path();
        let stem = name
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("current");
        let dir = self.dir();
        let candidates = (1..=MAX_SUFFIX).map(|n| dir.join(format!("{stem}.corrupt-{n}.pgn")));
        Err(match rename_new(path, candidates) {
            Ok(moved_to) => StoreError::Corrupt {
                path: path.to_path_buf(),
                reason,
                moved_to,
            },
            Err(source) => StoreError::CorruptNotMoved {
                path: path.to_path_buf(),
                reason,
                source,
            },
        })
    }

    /// Forgets the game in progress (it ended and was archived, or was set aside). No file is
    /// not an error.
    pub fn clear_current(&self) -> Result<(), StoreError> {
        let path = self.current_path();
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                Err(StoreError::io(Op::Remove, &path, e))
            }
            _ => Ok(()),
        }
    }

    /// Sets the autosave aside, as `current.before-end.pgn` (numbered if taken): the game it
    /// holds ended, but its end could be written nowhere (a full disk), so it must not be
    /// offered again as unfinished; its moves before the end stay on disk under that name. A
    /// rename, which needs no room. Where it went (`None`: there was no autosave).
    pub fn set_aside_before_end(&self) -> Result<Option<PathBuf>, StoreError> {
        let path = self.current_path();
        if fs::symlink_metadata(&path).is_err() {
            return Ok(None);
        }
        let candidates = super::names::numbered(self.dir(), BEFORE_END_STEM, "pgn");
        rename_new(&path, candidates)
            .map(Some)
            .map_err(|e| StoreError::io(Op::Write, &path, e))
    }

    /// Moves the saved game in progress, if any, into the archive — marked unfinished unless it
    /// had ended — and clears it: what `--new` does, so that starting afresh loses nothing.
    /// `date` names the archive file, except for a finished game, which is named by the day it
    /// began (as [`Store::finish_game`] would have named it) when its tags say.
    /// An unreadable autosave is set aside as by [`Store::load_current`] and reported.
    pub fn archive_current(&self, date: &str) -> Result<Option<PathBuf>, StoreError> {
        let Some(saved) = self.load_current()? else {
            return Ok(None);
        };
        let game = saved.game();
        let already = if game.is_over() {
            // A game end cut short before it removed this name.
            self.archived_already()
                .then(|| self.archived_finished().unwrap_or_else(|| self.games_dir()))
        } else {
            // An earlier setting aside whose removal failed.
            self.archived_unfinished()
        };
        if let Some(archived) = already {
            self.tidy_away(archived)?;
            return Ok(None);
        }
        let path = self.archive(
            &saved.pgn,
            &game
                .is_over()
                .then(|| saved.start_date())
                .flatten()
                .unwrap_or_else(|| date.to_owned()),
            game.player(Color::White),
            game.player(Color::Black),
            !game.is_over(),
        )?;
        self.tidy_away(path.clone())?;
        Ok(Some(path))
    }

    /// Removes `current.pgn`, whose game is in the archive as `archived`; a failure says so
    /// ([`StoreError::NotRemoved`]).
    fn tidy_away(&self, archived: PathBuf) -> Result<(), StoreError> {
        match self.clear_current() {
            Err(StoreError::Io { path, source, .. }) => Err(StoreError::NotRemoved {
                archived,
                path,
                source,
            }),
            other => other,
        }
    }
}

/// Saves the game in progress only when it changed, and remembers a failing save so that the
/// app can keep a warning on screen ("saving is failing: ...") and keep trying: a failed save
/// is retried on the next call even if nothing changed.
#[derive(Debug, Default)]
pub struct Autosave {
    last_saved: Option<String>,
    failure: Option<StoreError>,
}

impl Autosave {
    pub fn new() -> Autosave {
        Autosave::default()
    }

    /// Saves `pgn` unless it is what was last saved. `Ok(true)` if it was written, `Ok(false)`
    /// if unchanged; on failure the error is kept (see [`Autosave::failure`]) and returned.
    pub fn save(&mut self, store: &Store, pgn: &str) -> Result<bool, &StoreError> {
        self.save_with(pgn, |pgn| store.save_current(pgn))
    }

    /// [`Autosave::save`] for a reading of running clocks: not synced to disk (see
    /// [`Store::save_current_unsynced`]).
    pub fn save_clocks(&mut self, store: &Store, pgn: &str) -> Result<bool, &StoreError> {
        self.save_with(pgn, |pgn| store.save_current_unsynced(pgn))
    }

    fn save_with(
        &mut self,
        pgn: &str,
        write: impl FnOnce(&str) -> Result<PathBuf, StoreError>,
    ) -> Result<bool, &StoreError> {
        if self.failure.is_none() && self.last_saved.as_deref() == Some(pgn) {
            return Ok(false);
        }
        match write(pgn) {
            Ok(_) => {
                self.failure = None;
                self.last_saved = Some(pgn.to_owned());
                Ok(true)
            }
            Err(e) => Err(&*self.failure.insert(e)),
        }
    }

    /// Why the last save failed, while saving is failing.
    pub fn failure(&self) -> Option<&StoreError> {
        self.failure.as_ref()
    }

    /// Forgets what was saved, so the next [`Autosave::save`] writes (after the file was
    /// cleared or archived, or a new game began).
    pub fn forget(&mut self) {
        self.last_saved = None;
    }
}
