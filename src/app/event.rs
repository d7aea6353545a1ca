//! What can happen to the app: the one vocabulary [`App::update`](super::App::update) takes,
//! whatever the source.
//!
//! A key, a click, the clock's tick, a save that worked or did not, an export that found the
//! file already there: each is one [`Event`], handed to `App::update` with the time. The
//! results of file work come back typed ([`Event::Saved`], [`Event::Archived`],
//! [`Event::Exported`]...): the app decides what the players are told from the error's
//! variant, never from its words.
//!
//! # Adding a source
//!
//! A new source (an engine process, a network peer, lines typed in a plain mode) adds one
//! variant here carrying its own typed value (defined in its own module, below the app, so the
//! app can name it), and one arm in `App::hear` (src/app.rs), the match of news. The front end's loop gives the
//! source a sender that feeds the loop's one channel (`runtime::EventSender`); the work the app
//! wants started at the edge is an [`Effect`](super::Effect) that the runtime sends where it
//! goes.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use crossterm::event::KeyEvent;

use super::export::ExportResult;
use super::keymap::Action;
use super::{AnalysisEvent, LiveUpdate};
use crate::store::{EndError, StoreError};

/// Something that happened, from any source. See the [module docs](self).
#[derive(Debug)]
pub enum Event {
    /// A key press, read with the meaning the mode has when it is handled (not when it was
    /// typed: a key queued behind a dialog's answer means what the next screen says).
    Key(KeyEvent),
    /// An input already in the app's words: a mouse gesture, the terminal's new size, time
    /// passing ([`Action::Tick`]), a command typed as a word.
    Action(Action),
    /// The process was stopped (SIGTSTP, Ctrl-Z) and continued this long after.
    Resumed(Duration),
    /// An [`FileEffect::Autosave`](super::FileEffect::Autosave) or
    /// [`FileEffect::SaveClocks`](super::FileEffect::SaveClocks) was carried out. `Ok(Some(path))`: an
    /// earlier session's game was in the way and went to the archive first, as `path`.
    Saved(Result<Option<PathBuf>, SaveError>),
    /// An [`FileEffect::Archive`](super::FileEffect::Archive) was carried out.
    Archived(Archived),
    /// An [`FileEffect::ArchiveSaved`](super::FileEffect::ArchiveSaved) was carried out.
    ArchivedSaved(ArchivedSaved),
    /// An [`FileEffect::Export`](super::FileEffect::Export) was carried out.
    Exported(ExportResult),
    /// An [`FileEffect::Remember`](super::FileEffect::Remember) was carried out.
    Remembered(Result<(), StoreError>),
    /// The engine's word on the report `id` ([`EngineEffect::Analyse`](super::EngineEffect::Analyse)).
    Analysis { id: u64, event: AnalysisEvent },
    /// An [`FileEffect::Rearchive`](super::FileEffect::Rearchive) was carried out: the file written.
    Rearchived(Result<PathBuf, StoreError>),
    /// The engine's lines for the live search `id`
    /// ([`EngineEffect::LiveAnalyse`](super::EngineEffect::LiveAnalyse)).
    Live { id: u64, update: LiveUpdate },
    /// A library effect ([`LibraryEffect::Load`](super::LibraryEffect::Load), opening,
    /// deleting or restoring a game) was carried out.
    Library(super::dialogs::LibraryNews),
    /// While saving fails: a folder a copy can be written to instead (`None`: none found),
    /// for the quit question and the save form.
    WritableFolder(Option<String>),
    /// News from the network edge, in a game across the network (see `network`).
    Net(crate::remote::NetEvent),
    /// The engine playing against the human: its move, a hint, or its failure (see
    /// `sparring`).
    Opponent(super::sparring::OpponentNews),
    /// "Learn from your mistakes": the engine's word on a move tried, the mistakes kept (see
    /// `retro`).
    Retro(super::retro::RetroNews),
    /// The store's answer to a [`PuzzleEffect`](super::puzzle::PuzzleEffect): a puzzle, or a
    /// result written (see `puzzle`).
    Puzzle(super::puzzle::PuzzleNews),
    /// An effect the session's policy does not allow was not carried out, for this reason (a
    /// stranger served by `hotseat serve` asking for a path of the server's).
    Refused(&'static str),
    /// The server's shared engines are all busy: the engine work asked for starts after this
    /// many others (see `runtime::engines`).
    EngineQueue(usize),
}

impl From<Action> for Event {
    fn from(action: Action) -> Event {
        Event::Action(action)
    }
}

/// Why the game in progress was not saved.
#[derive(Debug)]
pub enum SaveError {
    /// There is no folder to save games in (none could be found or made at start-up).
    NoFolder,
    /// Writing the file failed.
    Write(StoreError),
    /// An earlier session's game is in the file and could not be archived first, so it was
    /// not overwritten.
    EarlierGameKept(StoreError),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::NoFolder => f.write_str("there is no folder to save games in"),
            SaveError::Write(err) => write!(f, "{err}"),
            SaveError::EarlierGameKept(err) => {
                write!(f, "{err} (the game saved there earlier is not overwritten)")
            }
        }
    }
}

/// What became of a game handed to the archive.
#[derive(Debug)]
pub struct Archived {
    /// The job was a game set aside unfinished (a new game replaced it).
    pub unfinished: bool,
    /// Where it went.
    pub result: Result<PathBuf, ArchiveError>,
    /// The game is in the archive, but this session's autosave file of it could not be
    /// removed.
    pub left_behind: Option<LeftBehind>,
}

/// Why a game did not reach the archive.
#[derive(Debug)]
pub enum ArchiveError {
    /// There is no folder to save games in.
    NoFolder,
    /// A finished game of this session: it may still be kept in the autosave file
    /// ([`EndError::KeptInCurrent`]) or be written nowhere ([`EndError::NotSaved`]).
    Finish(EndError),
    /// Writing into the archive failed.
    Write(StoreError),
}

impl ArchiveError {
    /// Whether the game is written nowhere: only the app holds it now.
    pub fn lost(&self, unfinished: bool) -> bool {
        match self {
            ArchiveError::NoFolder => false,
            ArchiveError::Finish(err) => matches!(err, EndError::NotSaved(_)),
            ArchiveError::Write(_) => !unfinished,
        }
    }
}

impl std::fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArchiveError::NoFolder => f.write_str("there is no folder to save games in"),
            ArchiveError::Finish(err) => write!(f, "{err}"),
            ArchiveError::Write(err) => write!(f, "{err}"),
        }
    }
}

/// A file that should have been removed and was not.
#[derive(Debug)]
pub struct LeftBehind {
    pub path: PathBuf,
    pub source: io::Error,
}

/// What became of the saved game filed in the archive at the players' word.
#[derive(Debug)]
pub struct ArchivedSaved {
    /// It was a finished game (else one the players chose not to resume).
    pub finished: bool,
    /// Where it went (`None`: there was nothing to archive). A
    /// [`StoreError::NotRemoved`] means it is in the archive but its old file stayed.
    pub result: Result<Option<PathBuf>, StoreError>,
    /// The file it stays in when it could not be archived.
    pub saved_in: PathBuf,
}
