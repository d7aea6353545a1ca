//! What the app asks the edge to do, sorted by where it goes.
//!
//! The app never does I/O: it hands out an [`Effect`] and hears how it went as an
//! [`Event`](super::Event). An effect names its destination first — the session's files, the
//! library, the engine, the other terminal, the screen — and each destination's own enum is
//! matched in exactly one place at the edge: the file worker takes [`FileEffect`]s and
//! [`LibraryEffect`]s, the analyser [`EngineEffect`]s, the network link [`Effect::Net`], and the
//! front end (the terminal, the plain mode) [`ScreenEffect`]s. A new kind of work at the edge is
//! one more variant of the destination it goes to, and one more arm where that destination is
//! matched; nothing else at the edge needs to know.
//!
//! Each destination's enum turns into an [`Effect`] with `into()`, so a push reads
//! `self.effects.push(FileEffect::Autosave(pgn).into())`.

use std::path::PathBuf;

use super::puzzle::PuzzleEffect;
use super::{AnalysisJob, ArchiveJob, ExportJob, LiveJob, newgame};

/// Work the app asks the edge to do, by where it goes (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The session's own files: saves, the archive, exports, the form's memory.
    Files(FileEffect),
    /// The library (the archive's index, the trash, the explorer's counts).
    Library(LibraryEffect),
    /// The engine: the report's analysis and the live lines.
    Engine(EngineEffect),
    /// Send this message to the other end of the game across the network (see `network`):
    /// from a joining terminal to the host, at the host to its own game.
    Net(crate::remote::Msg),
    /// The front end's own output: the screen, the bell, the process's job control.
    Screen(ScreenEffect),
    /// The puzzles and the players' puzzle ratings, in the store (see `puzzle`).
    Puzzles(super::puzzle::PuzzleEffect),
}

/// Work on the session's files, carried out by the file worker; how it went comes back as an
/// [`Event`](super::Event) ([`Event::Saved`](super::Event::Saved),
/// [`Event::Archived`](super::Event::Archived), [`Event::Exported`](super::Event::Exported)...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileEffect {
    /// Write the game or the position to a file the player named.
    Export(ExportJob),
    /// Save the game in progress (PGN) where it is resumed from, durably: a move, or anything
    /// else that changed the game.
    Autosave(String),
    /// Save the game in progress (PGN) where it is resumed from, when only its running clocks
    /// changed: no need to wait for the disk, a killed program loses nothing written.
    SaveClocks(String),
    /// File a game in the archive and forget the autosave.
    Archive(ArchiveJob),
    /// File the autosaved game in the archive and forget the autosave: an unfinished one the
    /// players chose not to resume (marked unfinished), or a `finished` one that could not be
    /// archived before and the players chose to save now.
    ArchiveSaved { finished: bool },
    /// Keep the choices of a game started from the new-game form for the next form, in later
    /// sessions too.
    Remember(newgame::FormChoices),
    /// Write the game again over its archive file `path`, atomically (its report was added
    /// after its end); how it went comes back as [`Event::Rearchived`](super::Event::Rearchived).
    Rearchive { path: PathBuf, pgn: String },
    /// Keep the mistakes of "Learn from your mistakes", or forget one solved (see `retro`);
    /// how it went comes back as [`Event::Retro`](super::Event::Retro).
    Mistakes(super::retro::MistakeWork),
}

/// Work on the library, carried out by the file worker beside the files; each answer comes
/// back as [`LibraryNews`](super::dialogs::LibraryNews).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibraryEffect {
    /// Read the library (the archive's index): its first page, newest first,
    /// [`LibraryNews::Loaded`](super::dialogs::LibraryNews::Loaded).
    Load,
    /// Read this page of the library's list:
    /// [`LibraryNews::Page`](super::dialogs::LibraryNews::Page).
    Page(super::library::PageQuery),
    /// Give up the page being read, which a newer filter overtook: its answer is
    /// [`LibraryNews::GivenUp`](super::dialogs::LibraryNews::GivenUp) (or the page, read
    /// before the loop could stop it).
    GiveUp,
    /// Read this file of the archive to open it: [`LibraryNews::Opened`](super::dialogs::LibraryNews::Opened).
    Open(String),
    /// Move this file of the archive to the trash: [`LibraryNews::Trashed`](super::dialogs::LibraryNews::Trashed).
    Trash(String),
    /// Bring this file back from the trash: [`LibraryNews::Restored`](super::dialogs::LibraryNews::Restored).
    Restore(String),
    /// Read the games in the trash: [`LibraryNews::TrashRead`](super::dialogs::LibraryNews::TrashRead).
    LoadTrash,
    /// Delete this file of the trash for good: [`LibraryNews::Purged`](super::dialogs::LibraryNews::Purged).
    Purge(String),
    /// Count the moves played from the position `key` in the library's games that `filter`
    /// admits (`Ann as White`): [`LibraryNews::Explored`](super::dialogs::LibraryNews::Explored).
    Explore { key: u64, filter: String },
    /// List the library's games that reached the position `key` and that `filter` admits:
    /// [`LibraryNews::Reached`](super::dialogs::LibraryNews::Reached).
    ExploreGames { key: u64, filter: String },
}

/// Work for the engine, carried out by the analyser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEffect {
    /// Analyse a finished game; what the engine says comes back through
    /// `App::analysis_event` (see `report`).
    Analyse(AnalysisJob),
    /// Stop the analysis running; its `Cancelled` event follows.
    StopAnalysis,
    /// The engine's best lines for a position (live analysis), the search before stopped;
    /// what it says comes back through `App::live_update` (see
    /// `live`).
    LiveAnalyse(LiveJob),
    /// Stop the live search.
    StopLive,
    /// Work for the engine playing against the human (see `sparring`); its answers come back
    /// as [`Event::Opponent`](super::Event::Opponent).
    Opponent(super::sparring::OpponentAsk),
    /// Evaluate a move tried in place of a mistake (see `retro`); the answer comes back as
    /// [`RetroNews::Judged`](super::retro::RetroNews::Judged).
    Judge(super::retro::JudgeJob),
}

/// The front end's own output, carried out by the front end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenEffect {
    /// Clear the terminal and draw everything again.
    Redraw,
    /// Ring the bell (players who turned sounds on; see [`sound`](super::sound)).
    Bell,
    /// Stop the program as a terminal's Ctrl-Z does (the terminal given back first, taken
    /// again after `fg`); the time away comes back as [`Event::Resumed`](super::Event::Resumed).
    Suspend,
}

/// `From` each destination's enum, and comparison with it (a test says
/// `assert_eq!(app.take_effects(), [LibraryEffect::Load])`).
macro_rules! destination {
    ($($sub:ident => $variant:ident),*) => {$(
        impl From<$sub> for Effect {
            fn from(effect: $sub) -> Effect {
                Effect::$variant(effect)
            }
        }

        impl PartialEq<$sub> for Effect {
            fn eq(&self, other: &$sub) -> bool {
                matches!(self, Effect::$variant(effect) if effect == other)
            }
        }
    )*};
}

destination!(
    FileEffect => Files,
    LibraryEffect => Library,
    EngineEffect => Engine,
    ScreenEffect => Screen,
    PuzzleEffect => Puzzles
);

impl From<crate::remote::Msg> for Effect {
    fn from(msg: crate::remote::Msg) -> Effect {
        Effect::Net(msg)
    }
}
