//! A session's files: what is found at start-up, and the app's file effects.
//!
//! [`prepare`] runs before the screen opens. It finds the data directory (or `--data-dir`),
//! removes what a killed process left half-written, and looks at the game saved last time:
//! resumed (`--resume`), offered (the app asks), or filed in the archive as unfinished (`--new`,
//! or an unfinished game given with `--load`, which takes its place). A finished game that
//! could not be archived is offered for the archive ("save it now?"), never for resume. A saved game that cannot
//! be read has been moved aside by the store, and the first screen says so. Without a data
//! directory the game still plays, with a warning that nothing is saved. Where no game slot
//! can be locked, or the saved game cannot be read (it is then left exactly as it is), the
//! session plays in a file of its own, named on the first screen.
//!
//! [`Files`] carries out the app's file and library effects on the file worker ([`FileWork`]) and
//! reports back. One rule protects a
//! game saved by an earlier session that is neither resumed nor archived yet (a finished game
//! opened with `--load` leaves it in place, and so does "not now" to a finished game that could
//! not be archived): before the first autosave overwrites it, it goes to the archive, and if
//! that fails it is not overwritten.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use super::worker::{FileWork, Job, Work};
use crate::app::dialogs::LibraryError;
use crate::app::event::{ArchiveError, Archived, ArchivedSaved, LeftBehind, SaveError};
use crate::app::launch::{
    ResumePlan, SavedGame, SavedGameChoice, another_window_note, archived_note, join_notes,
    resume_plan,
};
use crate::app::retro::{MistakeWork, RetroNews};
use crate::app::saving::not_removed_note;
use crate::app::{
    ArchiveJob, Config, Event, ExportJob, ExportKind, ExportResult, FileEffect, GameToOpen,
    Message, OpenedGame, SaveJob,
};
use crate::game::stamp::{Stamp, WallClock, readable};
use crate::store::{self, Autosave, DataDir, GameLock, Holder, Store, StoreError, shown};

/// How the players started hotseat: the validated options, and what the front end needs to
/// find the files.
#[derive(Debug)]
pub struct Launch {
    pub config: Config,
    /// `--data-dir`, else the platform's usual place.
    pub data_dir: Option<PathBuf>,
    /// What to do with a game saved last time.
    pub saved: SavedGameChoice,
    /// The engine for the game report, as `--engine` or the settings name it (`engine = "…"`); else it is
    /// looked for as `hotseat analyse` does.
    pub engine: Option<PathBuf>,
    /// Whom the session serves: the local player, or a stranger served by `hotseat serve`.
    pub policy: super::Policy,
}

/// The store as the running session uses it.
#[derive(Debug)]
pub struct Files {
    /// `None` when there is no data directory: nothing is saved.
    store: Option<Store>,
    autosave: Autosave,
    /// The autosave file holds an unfinished game of an earlier session that this session has
    /// not taken over; it is archived before it is overwritten.
    foreign: bool,
    /// The wall-clock time at app time zero, for archive file names.
    wall_clock: WallClock,
    /// The game in progress as last saved, for a save on a signal or a panic.
    job: Option<SaveJob>,
    /// This session's hold on its game slot, released when the process ends.
    _lock: Option<GameLock>,
    /// The file of its own this session saves in, when the slot's game could not be read
    /// (removed at the end if nothing was saved in it).
    _own: Option<GameLock>,
    /// While saving fails: a folder that can be written has been looked for and named to the
    /// app (looked for again after saving worked once more).
    looked_elsewhere: bool,
    /// News for the app beside a job's own result ([`FileWork::news`]).
    news: Option<Event>,
    /// The session serves a stranger: no folder of the server's is looked for or named to
    /// them (see [`Policy::looks_elsewhere`](super::Policy::looks_elsewhere)).
    guest: bool,
    /// The library's work, with the explorer's table kept between questions.
    library: super::library::LibraryWork,
    /// The puzzles' work, with the puzzle book kept open between questions.
    puzzles: super::puzzles::PuzzleWork,
}

/// A watcher's files: none. It saves nothing, so it claims nothing either (no `current.lock`
/// in its data folder, whose saved game stays as it is) and reads no saved game.
pub fn prepare_watching(launch: Launch, wall_clock: WallClock) -> (Config, Files) {
    let mut config = launch.config;
    config.wall_clock = Some(wall_clock);
    config.autosave = false;
    config.opening = None;
    (config, Files::none(wall_clock))
}

impl Files {
    /// No folder: nothing is read or written.
    fn none(wall_clock: WallClock) -> Files {
        Files {
            store: None,
            autosave: Autosave::new(),
            foreign: false,
            wall_clock,
            job: None,
            _lock: None,
            _own: None,
            looked_elsewhere: false,
            guest: false,
            news: None,
            library: Default::default(),
            puzzles: Default::default(),
        }
    }
}

/// Finds the files and decides what the first screen opens with (see the module docs); a note
/// that should outlast the screen goes to standard error ([`prepare_saying`]).
pub fn prepare(launch: Launch, wall_clock: WallClock) -> (Config, Files) {
    prepare_saying(launch, wall_clock, &mut std::io::stderr())
}

/// [`prepare`], with the note that should outlast the screen (an unfinished game set aside for
/// the one given on the command line) said to `said`.
pub fn prepare_saying(
    launch: Launch,
    wall_clock: WallClock,
    said: &mut dyn std::io::Write,
) -> (Config, Files) {
    let guest = !launch.policy.looks_elsewhere();
    let names_processes = launch.policy.names_processes();
    let mut config = launch.config;
    config.wall_clock = Some(wall_clock);
    // Given back below only if the loaded file is in the archive folder.
    let loaded_file = match &mut config.opening {
        Some(GameToOpen::Load(opened)) => opened.archive_file.take(),
        _ => None,
    };
    let mut files = Files::none(wall_clock);
    files.guest = guest;
    let store = match launch.data_dir {
        Some(dir) => Ok(Store::new(DataDir::new(dir))),
        None => Store::from_env(),
    };
    let store = match store {
        Ok(store) => store,
        Err(err) => {
            config.autosave = false;
            config.notice = Some(Message::error(format!("Games are not being saved: {err}")));
            config.writable_folder = if guest { None } else { writable_elsewhere() };
            return (config, files);
        }
    };
    store.remove_stale_temp_files(wall_clock.at);
    let today = wall_clock.stamp(Duration::ZERO).date();
    let mut notes: Vec<Message> = Vec::new();
    let mut store = match store.claim(std::process::id(), wall_clock.at) {
        Ok(claim) => {
            notes.extend(
                claim
                    .others
                    .first()
                    .map(|h| held_note(h, &wall_clock, names_processes)),
            );
            notes.extend(
                claim
                    .trouble
                    .map(|err| slot_note(&claim.store, &err, guest)),
            );
            files._lock = claim.lock;
            claim.store
        }
        // The folder may not be written at all: nothing will be saved, which is what the
        // player must hear first (not that another window might save over the game).
        Err(err) if may_not_be_written(&err) => {
            config.autosave = false;
            config.notice = Some(Message::error(format!(
                "Games are not being saved: {err}. Give hotseat a folder it may write with \
                 --data-dir DIR, or make this one writable."
            )));
            config.writable_folder = if guest { None } else { writable_elsewhere() };
            return (config, files);
        }
        Err(err) => {
            notes.push(Message::error(format!(
                "Another hotseat window could save over this game: {err}"
            )));
            store
        }
    };
    // A file of the session's own holds no game yet: nothing to look at.
    let loaded = if store.is_own_file() {
        Ok(None)
    } else {
        store.load_current()
    };
    match loaded {
        Ok(None) => {
            let plan = resume_plan(SavedGame::None, launch.saved, None);
            if let ResumePlan::Fresh {
                nothing_to_resume: true,
            } = plan
            {
                notes.push(Message::info(format!(
                    "There is no unfinished game to resume in {}: a new game",
                    shown(store.dir())
                )));
            }
        }
        Ok(Some(saved)) => {
            let finished = saved.game().is_over();
            let found = if !finished {
                if store.archived_unfinished().is_some() {
                    // Set aside before, and only its removal failed: never offered again.
                    SavedGame::Archived
                } else {
                    SavedGame::Unfinished
                }
            } else if store.archived_already() {
                SavedGame::Archived
            } else {
                SavedGame::Finished
            };
            let summary = saved.summary();
            match resume_plan(found, launch.saved, config.opening.as_ref()) {
                ResumePlan::Fresh { .. } => {}
                ResumePlan::Archive => {
                    let (archived, left) = archived_as(store.archive_current(&today));
                    if archived.is_err() && !finished {
                        files.foreign = true;
                    }
                    let note = archived_note(finished, &summary, archived);
                    if let Some(note) = note.as_ref().filter(|_| !finished) {
                        // Said where it outlasts the screen too: the game typed on the command
                        // line took its place.
                        let _ = writeln!(said, "hotseat: {}", note.text);
                    }
                    notes.extend(note);
                    notes.extend(left);
                }
                ResumePlan::Protect => files.foreign = true,
                plan @ (ResumePlan::Resume | ResumePlan::Ask | ResumePlan::AskArchive) => {
                    let saved = Box::new(OpenedGame {
                        game: saved.imported.game,
                        tags: saved.imported.tags,
                        source: "the saved game".to_owned(),
                        archive_file: None,
                    });
                    config.opening = Some(match plan {
                        ResumePlan::Resume => GameToOpen::Resume(saved),
                        ResumePlan::Ask => GameToOpen::AskResume { saved, summary },
                        _ => {
                            // Whatever the answer, it is archived before anything overwrites it.
                            files.foreign = true;
                            GameToOpen::AskArchive { saved, summary }
                        }
                    });
                }
            }
        }
        // Said in few words: the status line has two lines for it, paths included.
        Err(StoreError::Corrupt {
            reason, moved_to, ..
        }) => {
            notes.push(Message::error(format!(
                "Saved game not resumed ({reason}); kept as {} · new game",
                shown(&moved_to)
            )));
        }
        Err(StoreError::CorruptNotMoved {
            path,
            reason,
            source,
        }) => {
            // Still in place: never overwritten by this session's autosave.
            files.foreign = true;
            notes.push(Message::error(format!(
                "Saved game not resumed ({reason}); it stays in {} (cannot move it aside: {}) \
                 · new game",
                shown(&path),
                store::describe(&source)
            )));
        }
        Err(err) => {
            // A file that is there but cannot be read (permissions) is left exactly as it is,
            // and this game is saved in a file of its own; a folder that cannot exist holds
            // nothing to protect.
            let there = std::fs::symlink_metadata(store.current_path()).is_ok();
            match there.then(|| store.own_file(std::process::id())) {
                Some(Ok((own, guard))) => {
                    notes.push(Message::error(format!(
                        "{}; it is left as it is · this game is saved in {}",
                        capitalise(&err),
                        own_file_shown(&own, guest)
                    )));
                    files._own = Some(guard);
                    store = own;
                }
                _ => {
                    files.foreign = there;
                    notes.push(Message::error(capitalise(&err)));
                }
            }
        }
    }
    config.notice = join_notes(notes, config.notice);
    config.remembered = crate::settings::load_choices(store.dir());
    if let Some(GameToOpen::Load(opened)) = &mut config.opening {
        opened.archive_file = loaded_file.and_then(|file| in_folder(&file, &store.games_dir()));
    }
    files.store = Some(store);
    (config, files)
}

/// The real path of `file` if it lies directly in `folder` (a game `--load`ed from the
/// archive), else `None`.
fn in_folder(file: &std::path::Path, folder: &std::path::Path) -> Option<PathBuf> {
    let file = std::fs::canonicalize(file).ok()?;
    let folder = std::fs::canonicalize(folder).ok()?;
    (file.parent() == Some(folder.as_path())).then_some(file)
}

/// The first screen's word about a game another window is playing in this folder: when it
/// began, as `20:14` today or `2026-11-21 20:14` before.
/// A session's file of its own as its player reads it: its path at their own machine; on a
/// server, words (its name carries the server's process id).
fn own_file_shown(store: &Store, guest: bool) -> String {
    if guest {
        "a file of its own in your folder".to_owned()
    } else {
        shown(&store.current_path())
    }
}

/// Whether `err` says the data folder may not be written at all: no permission, a read-only
/// file system.
fn may_not_be_written(err: &StoreError) -> bool {
    matches!(err, StoreError::Io { source, .. } if matches!(
        source.kind(),
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
    ))
}

/// The process's id only where `names_processes` (the local player's own windows).
fn held_note(holder: &Holder, wall_clock: &WallClock, names_processes: bool) -> Message {
    let since = holder.since.map(|secs| {
        let then = Stamp::local(secs, wall_clock.utc_offset).rfc3339();
        let today = wall_clock.stamp(Duration::ZERO).date();
        match then.get(11..16) {
            Some(time) if then.starts_with(&today) => time.to_owned(),
            _ => readable(&then),
        }
    });
    another_window_note(holder.pid.filter(|_| names_processes), since.as_deref())
}

/// The first screen's word about a game slot that could not be locked: skipped, or, when no
/// slot was left, the file of its own this session saves in instead.
fn slot_note(store: &Store, trouble: &StoreError, guest: bool) -> Message {
    if store.is_own_file() {
        Message::error(format!(
            "Playing in a file of its own, {}: {trouble}",
            own_file_shown(store, guest)
        ))
    } else {
        Message::error(format!(
            "{}; that game slot is left alone",
            capitalise(trouble)
        ))
    }
}

/// [`Store::archive_current`]'s answer as the notes say it: where the game went or why it did
/// not, and apart from it, a failed removal of the old name (the game itself is archived).
fn archived_as(
    result: Result<Option<PathBuf>, StoreError>,
) -> (Result<Option<String>, StoreError>, Option<Message>) {
    match result {
        Ok(path) => (Ok(path.map(|p| shown(&p))), None),
        Err(StoreError::NotRemoved {
            archived,
            path,
            source,
        }) => (
            Ok(Some(shown(&archived))),
            Some(not_removed_note(&shown(&path), &source)),
        ),
        Err(err) => (Err(err), None),
    }
}

fn capitalise(err: &StoreError) -> String {
    let text = err.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// A folder a copy of the game can be written to while its own file cannot: the current
/// directory (where the save form's relative paths go), else the home folder; as shown.
fn writable_elsewhere() -> Option<String> {
    let home = std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE"));
    let folders = std::env::current_dir().ok().into_iter();
    let found = store::writable_folder(folders.chain(home.map(PathBuf::from)))?;
    let shown = shown(&found);
    let trimmed = shown.trim_end_matches(['/', '\\']);
    Some(if trimmed.is_empty() {
        shown.clone()
    } else {
        trimmed.to_owned()
    })
}

/// A path typed by the player: `~/` is the home directory, a relative path is relative to the
/// current directory.
fn resolve(typed: &str) -> PathBuf {
    let home = std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE"));
    if let (Some(rest), Some(home)) = (
        typed
            .strip_prefix("~/")
            .or_else(|| typed.strip_prefix("~\\")),
        home,
    ) {
        return PathBuf::from(home).join(rest);
    }
    PathBuf::from(typed)
}

impl FileWork for Files {
    fn overtaking(&self) -> Option<std::sync::Arc<super::library::Overtaking>> {
        Some(self.library.overtaking())
    }

    /// Carries out one of the app's file or library effects and says how it went.
    fn carry_out(&mut self, job: Job) -> Option<Event> {
        let Job {
            work,
            now,
            save_job,
        } = job;
        let effect = match work {
            Work::Files(effect) => effect,
            Work::Library(effect) => return self.library.carry_out(self.store.as_ref(), effect),
            Work::Puzzles(effect) => {
                return Some(self.puzzles.carry_out(self.store.as_ref(), effect));
            }
        };
        match effect {
            FileEffect::Autosave(pgn) => {
                let saved = self.autosave(&pgn, true);
                self.job = save_job;
                self.look_elsewhere(saved.is_err());
                Some(Event::Saved(saved))
            }
            FileEffect::SaveClocks(pgn) => {
                let saved = self.autosave(&pgn, false);
                self.job = save_job;
                self.look_elsewhere(saved.is_err());
                Some(Event::Saved(saved))
            }
            FileEffect::Archive(job) => {
                self.library.forget();
                let unfinished = job.unfinished;
                let result = self.archive(job);
                self.job = None;
                // Only once the game is in the archive: a finished game the archive refused
                // waits in the autosave file.
                let left_behind = result.is_ok().then(|| self.left_behind()).flatten();
                self.look_elsewhere(result.is_err());
                Some(Event::Archived(Archived {
                    unfinished,
                    result,
                    left_behind,
                }))
            }
            FileEffect::ArchiveSaved { finished } => {
                self.library.forget();
                let store = self.store.as_ref()?;
                let result = store.archive_current(&self.today(now));
                if result
                    .as_ref()
                    .is_err_and(|e| !matches!(e, StoreError::NotRemoved { .. }))
                {
                    // Kept where it is, never overwritten by this session's saves.
                    self.foreign = true;
                }
                Some(Event::ArchivedSaved(ArchivedSaved {
                    finished,
                    result,
                    saved_in: store.current_path(),
                }))
            }
            FileEffect::Export(job) => Some(Event::Exported(export(&job))),
            FileEffect::Remember(choices) => {
                let store = self.store.as_ref()?;
                let text = crate::settings::format_choices(&choices);
                let written = store.write_file(crate::settings::LAST_GAME_FILE, text.as_bytes());
                Some(Event::Remembered(written))
            }
            FileEffect::Rearchive { path, pgn } => Some(Event::Rearchived(
                crate::store::export_pgn(&path, &pgn).map(|()| path),
            )),
            FileEffect::Mistakes(work) => Some(Event::Retro(mistakes(
                self.store.as_ref(),
                work,
                SystemTime::now()
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs() as i64),
            ))),
        }
    }

    fn set_aside_before_end(&mut self) -> Option<Result<String, StoreError>> {
        let store = self.store.as_ref()?;
        match store.set_aside_before_end() {
            Ok(None) => None,
            Ok(Some(path)) => Some(Ok(if self.guest {
                path.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            } else {
                shown(&path)
            })),
            Err(e) => Some(Err(e)),
        }
    }

    /// Saves the game in progress as it stands at `now`: on a signal, or a panic.
    fn save_now(&mut self, now: Duration) -> Option<Result<(), SaveError>> {
        let pgn = self.job.as_ref()?.pgn(now);
        Some(self.autosave(&pgn, true).map(|_| ()))
    }

    fn news(&mut self) -> Option<Event> {
        self.news.take()
    }
}

impl Files {
    /// While saving fails (`failing`), finds once a folder that can be written instead, for
    /// the quit question and the save form; looked for again after saving worked once more.
    fn look_elsewhere(&mut self, failing: bool) {
        if failing && !std::mem::replace(&mut self.looked_elsewhere, true) {
            let found = if self.guest {
                None
            } else {
                writable_elsewhere()
            };
            self.news = Some(Event::WritableFolder(found));
        } else if !failing {
            self.looked_elsewhere = false;
        }
    }

    fn today(&self, now: Duration) -> String {
        self.wall_clock.stamp(now).date()
    }

    /// Writes the autosave, first archiving an earlier session's game that it would replace;
    /// returns where that one went. `synced`: wait until it is on the disk.
    fn autosave(&mut self, pgn: &str, synced: bool) -> Result<Option<PathBuf>, SaveError> {
        let Some(store) = &self.store else {
            return Ok(None);
        };
        let mut archived = None;
        if self.foreign {
            let wall_clock = WallClock {
                at: SystemTime::now(),
                ..self.wall_clock
            };
            let today = wall_clock.stamp(Duration::ZERO).date();
            archived = match store.archive_current(&today) {
                // In the archive: the old name may be written over.
                Err(StoreError::NotRemoved { archived, .. }) => Some(archived),
                other => other.map_err(SaveError::EarlierGameKept)?,
            };
            self.foreign = false;
        }
        let saved = if synced {
            self.autosave.save(store, pgn)
        } else {
            self.autosave.save_clocks(store, pgn)
        };
        saved
            .map(|_| archived)
            .map_err(|e| SaveError::Write(e.duplicate()))
    }

    /// Files a game in the archive and forgets the autosave. A finished game of this session
    /// moves from the autosave to the archive in one step ([`Store::finish_game`]); if that
    /// fails it is kept in the autosave file, to be archived next time.
    fn archive(&mut self, job: ArchiveJob) -> Result<PathBuf, ArchiveError> {
        let Some(store) = &self.store else {
            return Err(ArchiveError::NoFolder);
        };
        if !job.unfinished && !self.foreign {
            self.autosave.forget();
            return store
                .finish_game(&job.pgn, &job.date, &job.white, &job.black)
                .map_err(ArchiveError::Finish);
        }
        match store.archive(&job.pgn, &job.date, &job.white, &job.black, job.unfinished) {
            Ok(path) => {
                if !self.foreign {
                    // A failure is reported by `left_behind`.
                    if store.clear_current().is_err() {
                        // Left as the archive has it, so that the next start finds it
                        // there rather than offer it again.
                        let _ = store.save_current(&job.pgn);
                    }
                    self.autosave.forget();
                }
                Ok(path)
            }
            Err(err) => Err(ArchiveError::Write(err)),
        }
    }

    /// After a game went to the archive: the warning for its old name, if this session's
    /// autosave file could not be removed (a game end's own removal, or the one after an
    /// unfinished game was archived, failed). The next start does not offer it again.
    fn left_behind(&self) -> Option<LeftBehind> {
        let store = self.store.as_ref().filter(|_| !self.foreign)?;
        match store.clear_current() {
            Err(StoreError::Io { path, source, .. }) => Some(LeftBehind { path, source }),
            _ => None,
        }
    }
}

/// Writes an export, never over an existing file unless the player said so.
fn export(job: &ExportJob) -> ExportResult {
    let path = resolve(&job.path);
    if !job.replace && std::fs::symlink_metadata(&path).is_ok() {
        return ExportResult::Exists;
    }
    let written = match job.kind {
        ExportKind::Pgn => store::export_pgn(&path, &job.text),
        ExportKind::Fen => store::export_fen(&path, &job.text),
    };
    match written {
        Ok(()) => ExportResult::Written(path),
        Err(err) => ExportResult::Failed(err),
    }
}

/// Keeps or forgets the mistakes of "Learn from your mistakes" (see `app/retro.rs`), at `now`
/// (seconds since the epoch).
fn mistakes(store: Option<&Store>, work: MistakeWork, now: i64) -> RetroNews {
    let book = || {
        store
            .ok_or(LibraryError::NoFolder)
            .and_then(|s| s.mistakes().map_err(LibraryError::Store))
    };
    match work {
        MistakeWork::Keep(mistakes) => RetroNews::Kept(
            book().and_then(|mut b| b.keep(&mistakes, now).map_err(LibraryError::Store)),
        ),
        MistakeWork::Solved {
            player,
            fen,
            played,
        } => RetroNews::Solved(book().and_then(|mut b| {
            b.solved(&player, &fen, &played)
                .map(|_| ())
                .map_err(LibraryError::Store)
        })),
    }
}
