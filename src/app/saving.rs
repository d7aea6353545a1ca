//! Never lose a game: what is saved, when, and what the players are told about it.
//!
//! The app decides and the front end writes. After every update, `Saving::plan` looks at
//! the game: a game in progress whose [`Game::revision`] changed since the last save (a move, a
//! takeback, an offer, a claim, a pause...) is handed out as [`FileEffect::Autosave`], which the
//! front end writes durably (synced to disk). While a clock runs and nothing else changes, only
//! the clocks' reading is new: it is handed out as [`FileEffect::SaveClocks`] every
//! [`CLOCK_SAVE_INTERVAL`], written without a sync (a killed program loses nothing written; only
//! a crash of the machine could), so a killed process loses at most that much thinking time and
//! never a move, and an idle game costs one write every ten seconds, not two syncs a second.
//! Quitting, a suspend and every signal save the clocks as they stand. A game that ends is handed out once as
//! [`FileEffect::Archive`] (the front end files it in the archive and forgets the autosave); so is a
//! game in progress that a new game replaces, marked unfinished. Quitting saves one last time.
//!
//! The front end reports back ([`Event::Saved`](super::Event::Saved),
//! [`Event::Archived`](super::Event::Archived)): a failing save keeps a
//! warning on the status line and is retried every [`RETRY_INTERVAL`] until it works; the archive's path
//! goes into the game-over box.
//!
//! A finished game with an archive file — archived by this session, or opened from the
//! library or from a file in the archive folder that holds only it — keeps what is added to
//! it there: a finished report at once, and study (variations, comments, glyphs)
//! [`STUDY_SAVE_DELAY`] after its last change, or at once when the players quit, open another
//! game or the library ([`FileEffect::Rearchive`], atomic, by the file worker); a failed write is
//! said once and retried every [`RETRY_INTERVAL`]. Any other finished game is never written
//! unasked: quitting with its study or report unsaved asks first.
//!
//! What a saved game carries besides its moves and clocks — Event, Site, Date, Round and
//! [`TAG_STARTED`] — is made here from the wall-clock time the session began
//! ([`Config::wall_clock`](super::Config)) plus the app's own `now`, so the app never reads a
//! clock and tests get the same dates every run. A game opened from a file keeps its own tags.

use std::time::{Duration, SystemTime};

use std::path::{Path, PathBuf};

use super::event::{Archived, ArchivedSaved, SaveError};
use super::table::Table;
use super::{App, Effect, FileEffect, Message, MessageKind, Mode, move_entry};
use crate::game::Game;
use crate::game::pgn::{TAG_SAVED, TAG_STARTED, Tags};
use crate::game::stamp::{Stamp, WallClock};
use crate::rules::Color;
use crate::store::{StoreError, shown};

/// How often a game with a running clock has its clocks saved again, so that a killed process
/// costs at most this much of the clock (a move is always saved at once).
pub const CLOCK_SAVE_INTERVAL: Duration = Duration::from_secs(10);

/// The same across the network, shorter: a host killed mid-game resumes from this reading, so
/// it may be at most this stale (a few seconds' thinking, not ten).
pub const NET_CLOCK_SAVE_INTERVAL: Duration = Duration::from_secs(2);

/// The tag that says which colour the host of a game across the network played, so that a
/// host started again keeps it (`White` or `Black`).
pub const TAG_HOST: &str = "HotseatHost";

/// How often a failing save is tried again, whether or not the game changed.
pub const RETRY_INTERVAL: Duration = Duration::from_secs(3);

/// How long after the last change to a finished game's study (a variation, comment or glyph)
/// its archive file is written again: a burst of edits costs one write. Leaving the game and
/// quitting write it at once.
pub const STUDY_SAVE_DELAY: Duration = Duration::from_secs(2);

/// How much earlier than its interval a timed save may come. The loop wakes when the
/// clock's text changes; saving at that wake, rather than a few milliseconds later at a wake of
/// its own, keeps the saved reading equal to the one on screen and costs no extra wake-up.
const AUTOSAVE_EARLY: Duration = Duration::from_millis(100);

/// A game read from a file: the autosave, or a PGN given with `--load`.
#[derive(Clone, Debug)]
pub struct OpenedGame {
    pub game: Game,
    /// The file's tags, kept when the game is saved again.
    pub tags: Tags,
    /// Where it came from, in words: `games.pgn, game 2 of 5`.
    pub source: String,
    /// The archive file this game is the only game of: a report or study added to it later is
    /// written back there. `--load` names any file holding one game; the front end keeps it
    /// only for a file inside the archive folder, so a player's own file is never written.
    pub archive_file: Option<PathBuf>,
}

/// A game to open instead of a new one, decided before the screen opens.
#[derive(Clone, Debug)]
pub enum GameToOpen {
    /// An unfinished game was autosaved: ask whether to resume it (`summary` describes it).
    AskResume {
        saved: Box<OpenedGame>,
        summary: String,
    },
    /// A finished game was autosaved but could not be archived: ask whether to save it in the
    /// archive now (`summary` describes it). It is never offered for resume.
    AskArchive {
        saved: Box<OpenedGame>,
        summary: String,
    },
    /// Resume the autosaved game without asking (`--resume`).
    Resume(Box<OpenedGame>),
    /// A game from a file (`--load`): continued if unfinished, reviewed if finished.
    Load(Box<OpenedGame>),
}

/// A game for the archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveJob {
    pub pgn: String,
    /// The day the game began, for the file name (`2026-11-22`).
    pub date: String,
    pub white: String,
    pub black: String,
    /// Set aside before its end (a new game replaced it).
    pub unfinished: bool,
}

/// What a game in progress is saved from: a copy of the game and its tags. The front end keeps
/// the latest one to save on a signal ([`SaveJob::pgn`] at that moment's time).
#[derive(Clone, Debug)]
pub struct SaveJob {
    pub game: Game,
    pub tags: Tags,
}

impl SaveJob {
    /// The PGN to write at `now`, with the clocks as they stand then.
    pub fn pgn(&self, now: Duration) -> String {
        self.game.to_pgn(now, &self.tags)
    }
}

/// Where the game that just ended went, for the game-over box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArchiveNote {
    Saved(String),
    Failed(String),
}

/// The app's side of saving. See the [module docs](self).
#[derive(Clone, Debug, Default)]
pub struct Saving {
    /// Autosave is on for this session (off in tests that don't ask for it).
    pub enabled: bool,
    /// The current game is ours to save and archive; a finished game opened for review is not.
    pub track: bool,
    /// The game's revision last handed out as [`FileEffect::Autosave`], and when.
    saved: Option<u64>,
    saved_at: Duration,
    /// The current game has been handed out to the archive.
    archived: bool,
    /// Why saving is failing, while it is.
    pub failure: Option<String>,
    /// Where the finished game went.
    pub note: Option<ArchiveNote>,
    /// The finished game could be written nowhere (a full disk): quitting asks first.
    pub unsaved_finish: bool,
    /// The finished game handed to the archive, kept until it is written somewhere: while it
    /// is not, it is handed out again every [`RETRY_INTERVAL`] and on quit.
    finish: Option<ArchiveJob>,
    /// When the finished game was last handed out.
    finish_tried_at: Duration,
    /// Variations, comments or glyphs were added to the finished game since it was last
    /// written (archived, opened or saved with Ctrl-S): quitting or a new game asks first.
    pub study_unsaved: bool,
    /// The current game's own tags (a game opened from a file), else made from `started`.
    file_tags: Option<Tags>,
    /// Tags every save of this session carries besides the game's own (the host's colour,
    /// across the network), unless the game has them already.
    pub(super) session_tags: Vec<(&'static str, String)>,
    /// The app time at which the current game was set up.
    started: Duration,
    /// Where this session archived the current game: an analysis finished later writes its
    /// evaluations there ([`FileEffect::Rearchive`]). A finished game opened from its archive
    /// file has that file here.
    pub archived_path: Option<PathBuf>,
    /// When the study added to the game in `archived_path` is due to be written there (see
    /// [`STUDY_SAVE_DELAY`]; after a failed write, [`RETRY_INTERVAL`]).
    study_due: Option<Duration>,
    /// The last rewrite of the archive file failed (said once, until one works).
    pub rearchive_failing: bool,
    /// The rewrite handed out carries a finished report: its path is added to "Report ready".
    report_rearchived: bool,
    /// The wall-clock time at app time zero.
    pub wall_clock: Option<WallClock>,
    /// While saving fails: a folder the front end found it can write to, as shown to the
    /// player (`~`), named by the quit question and used by the save form.
    pub elsewhere: Option<String>,
    /// The session serves a stranger (`hotseat serve`): a file of theirs is named by its name
    /// alone, as `ssh HOST pgn NAME` takes it, never by its path on the server.
    pub served: Option<super::Served>,
}

impl Saving {
    pub fn new(enabled: bool, wall_clock: Option<WallClock>) -> Saving {
        Saving {
            enabled,
            wall_clock,
            ..Saving::default()
        }
    }

    /// A file of the player's as they read it: its path (`~/…`) at their own machine, its name
    /// alone on a server (see [`Saving::served`]).
    pub fn shown(&self, path: &Path) -> String {
        match &self.served {
            None => shown(path),
            Some(_) => path
                .file_name()
                .map_or_else(String::new, |name| name.to_string_lossy().into_owned()),
        }
    }

    /// On a server, how the player downloads the game kept as `name` from their own machine.
    pub fn download(&self, name: &str) -> Option<String> {
        self.served
            .as_ref()
            .map(|served| format!("{} pgn {name} downloads it", served.ssh))
    }

    /// A new game set up at `now`: ours, not saved yet.
    pub fn new_game(&mut self, now: Duration) {
        self.track = true;
        self.saved = None;
        self.archived = false;
        self.note = None;
        self.unsaved_finish = false;
        self.finish = None;
        self.study_unsaved = false;
        self.file_tags = None;
        self.started = now;
        self.archived_path = None;
        self.study_due = None;
        self.rearchive_failing = false;
    }

    /// A game opened from a file at `now`. `in_autosave`: it is the autosaved game, already on
    /// disk as it stands.
    pub fn opened(&mut self, opened: &OpenedGame, in_autosave: bool) {
        let (game, tags) = (&opened.game, &opened.tags);
        let over = game.is_over();
        self.track = !over;
        self.archived = over;
        self.note = None;
        self.unsaved_finish = false;
        self.finish = None;
        self.study_unsaved = false;
        // A game still in progress is archived anew when it ends.
        self.archived_path = opened.archive_file.clone().filter(|_| over);
        self.study_due = None;
        self.rearchive_failing = false;
        self.saved = in_autosave.then(|| game.revision());
        self.file_tags = Some(tags.without_derived(&[TAG_SAVED]));
    }

    /// The local time of app time `at`.
    fn stamp(&self, at: Duration) -> Stamp {
        self.wall_clock
            .unwrap_or(WallClock::utc(SystemTime::UNIX_EPOCH))
            .stamp(at)
    }

    /// The tags a save of the current game carries (besides those the game supplies).
    pub fn tags(&self) -> Tags {
        let mut tags = match &self.file_tags {
            Some(tags) => tags.clone(),
            None => {
                let started = self.stamp(self.started);
                let mut tags = Tags::new();
                tags.push("Event", "Casual game");
                tags.push("Site", "hotseat");
                tags.push("Date", started.pgn_date());
                tags.push("Round", "-");
                tags.push(TAG_STARTED, started.rfc3339());
                tags
            }
        };
        for (name, value) in &self.session_tags {
            if !tags.contains(name) {
                tags.push(*name, value.clone());
            }
        }
        tags
    }

    /// The day the current game began, for file names (`2026-11-22`).
    pub fn date(&self) -> String {
        let from_tags = self.file_tags.as_ref().and_then(|tags| {
            let value = |name: &str| tags.get(name);
            value(TAG_STARTED)
                .and_then(|s| s.get(..10))
                .map(str::to_owned)
                .or_else(|| {
                    value("Date")
                        .filter(|d| !d.contains('?'))
                        .map(|d| d.replace('.', "-"))
                })
        });
        from_tags.unwrap_or_else(|| self.stamp(self.started).date())
    }

    /// The day at app time `now`, for an export's suggested name.
    pub fn today(&self, now: Duration) -> String {
        self.stamp(now).date()
    }
}

impl Saving {
    /// Variations, comments or glyphs were added to the finished game at `now`: with an
    /// archive file, it is written again [`STUDY_SAVE_DELAY`] later; without one, quitting
    /// asks first.
    pub(super) fn study_changed(&mut self, now: Duration) {
        self.study_unsaved = true;
        if self.archived_path.is_some() {
            self.study_due = Some(now + STUDY_SAVE_DELAY);
        }
    }

    /// Where a change to the study goes, for the messages that confirm it.
    pub fn study_kept_where(&self) -> &'static str {
        if self.archived_path.is_some() {
            "written into its archive file"
        } else {
            "Ctrl-S saves the game with it"
        }
    }

    /// How an [`FileEffect::Autosave`] or [`FileEffect::SaveClocks`] went
    /// ([`Event::Saved`](super::Event::Saved)), and what to say of it.
    pub(super) fn autosaved(
        &mut self,
        result: Result<Option<PathBuf>, SaveError>,
    ) -> Option<Message> {
        match result {
            Ok(archived) => {
                let back = self
                    .failure
                    .take()
                    .map(|_| Message::info("Autosave works again: the game is saved"));
                archived
                    .map(|path| {
                        Message::info(format!(
                            "The game saved last time was archived as {}",
                            self.shown(&path)
                        ))
                    })
                    .or(back)
            }
            Err(err) => {
                let why = err.to_string();
                let said = (self.failure.as_deref() != Some(why.as_str()))
                    .then(|| Message::error(format!("Not saved: {why} (retrying)")));
                self.failure = Some(why);
                said
            }
        }
    }

    /// How an [`FileEffect::Archive`] went ([`Event::Archived`](super::Event::Archived)): the
    /// path goes into the game-over box; a finished game written nowhere is retried, and
    /// quitting asks first. What to say of it: the last word stands.
    pub(super) fn archived(&mut self, archived: Archived) -> Option<Message> {
        let Archived {
            unfinished,
            result,
            left_behind,
        } = archived;
        let lost = result.as_ref().is_err_and(|err| err.lost(unfinished));
        let mut said = match (unfinished, result) {
            (false, Ok(path)) => {
                self.archived_path = Some(path.clone());
                let path = self.shown(&path);
                self.finish = None;
                let said = std::mem::take(&mut self.unsaved_finish).then(|| {
                    self.failure = None;
                    Message::info(format!("The finished game is saved now: {path}"))
                });
                self.note = Some(ArchiveNote::Saved(path));
                said
            }
            (false, Err(why)) => {
                self.note = Some(ArchiveNote::Failed(why.to_string()));
                None
            }
            (true, Ok(path)) => Some(Message::info(format!(
                "The unfinished game was archived as {}",
                self.shown(&path)
            ))),
            (true, Err(why)) => Some(Message::error(format!(
                "Could not archive the unfinished game: {why}"
            ))),
        };
        if lost {
            said = self.finished_game_not_saved().or(said);
        } else if !unfinished {
            said = self.finished_game_kept().or(said);
        }
        if let Some(left) = left_behind {
            said = Some(not_removed_note(&self.shown(&left.path), &left.source));
        }
        said
    }

    /// How an [`FileEffect::ArchiveSaved`] went
    /// ([`Event::ArchivedSaved`](super::Event::ArchivedSaved)), in words.
    pub(super) fn archived_saved(&self, archived: ArchivedSaved) -> Option<Message> {
        let which = if archived.finished {
            "finished"
        } else {
            "unfinished"
        };
        match archived.result {
            Ok(None) => None,
            Ok(Some(path)) => Some(Message::info(format!(
                "The {which} game was archived as {}",
                self.shown(&path)
            ))),
            Err(StoreError::NotRemoved { path, source, .. }) => {
                Some(not_removed_note(&self.shown(&path), &source))
            }
            Err(err) => {
                let kept = if archived.finished {
                    format!(
                        "; it stays in {}, offered again next time",
                        self.shown(&archived.saved_in)
                    )
                } else {
                    String::new()
                };
                Some(Message::error(format!(
                    "Could not archive the {which} game: {err}{kept}"
                )))
            }
        }
    }

    /// The finished game could be written nowhere, not even kept in the autosave: quitting
    /// now would lose it, so quitting asks first. It is kept and handed out again every
    /// [`RETRY_INTERVAL`] and on quit, with a warning on the status line until it is written.
    fn finished_game_not_saved(&mut self) -> Option<Message> {
        let why = match &self.note {
            Some(ArchiveNote::Failed(why)) => why.clone(),
            _ => "it could not be written".to_owned(),
        };
        let said = (!self.unsaved_finish).then(|| {
            Message::error(format!(
                "The finished game is not saved yet: {why} (retrying)"
            ))
        });
        self.unsaved_finish = true;
        self.failure = Some(why);
        said
    }

    /// The finished game, though not in the archive, is on disk (kept in the autosave file,
    /// offered for the archive next time): no more retries.
    fn finished_game_kept(&mut self) -> Option<Message> {
        std::mem::take(&mut self.unsaved_finish).then(|| {
            self.failure = None;
            self.finish = None;
            Message::info("The finished game is kept for the archive next time")
        })
    }

    /// The quit question's line on where a copy can go while the game is not saved.
    pub fn elsewhere_line(&self) -> String {
        match &self.elsewhere {
            Some(folder) => format!(
                "Ctrl-S saves a copy first: to {folder}, which can be written, or to a path \
                 you type."
            ),
            None => "Ctrl-S saves a copy first, to a path you type.".to_owned(),
        }
    }

    /// The warning the status line keeps while saving fails: "not saved yet" while it is
    /// retried, "not saved" where there is nowhere to save.
    pub fn warning(&self) -> Option<&str> {
        let retried = self.enabled && self.track && (self.unsaved_finish || !self.archived);
        self.failure.as_ref().map(|_| {
            if retried {
                "not saved yet"
            } else {
                "not saved"
            }
        })
    }

    /// Where the game that just ended went.
    pub fn archive_note(&self) -> Option<&ArchiveNote> {
        self.note.as_ref()
    }

    /// Whether the game in progress is being saved (for the quit question).
    pub fn autosaving(&self) -> bool {
        self.enabled && self.track && self.failure.is_none()
    }
}

/// What the saving reads of the game and the session at one update: the saves it hands out
/// follow from this and its own bookkeeping alone.
#[derive(Clone, Copy, Debug)]
pub(super) struct Situation<'a> {
    pub game: &'a Game,
    pub now: Duration,
    /// The session is ending: what is due is written now.
    pub quitting: bool,
    /// "Resume the saved game?" is asked: nothing is saved over the saved game meanwhile.
    pub held: bool,
    /// The library is open: it reads the archive next, so the study is written first.
    pub library_open: bool,
    /// A move across the network waits for the host: the game is saved once it is confirmed.
    pub move_pending: bool,
    /// The clocks are the host's (across the network): they are saved less often.
    pub remote_clocks: bool,
}

impl<'a> Situation<'a> {
    /// The situation of `game` at `now`, with the dialog open (`mode`), the `table` it is
    /// played at and whether the session is `quitting`.
    pub(super) fn of(
        game: &'a Game,
        mode: &Mode,
        table: &Table,
        quitting: bool,
        now: Duration,
    ) -> Situation<'a> {
        Situation {
            game,
            now,
            quitting,
            held: matches!(mode, Mode::Resume(_)),
            library_open: matches!(mode, Mode::Library(_)),
            move_pending: table.move_pending(),
            remote_clocks: !table.decides_here(),
        }
    }
}

/// Whether `game` is under way: quitting or a new game would abandon it.
pub(super) fn in_progress(game: &Game) -> bool {
    !game.is_over() && (game.record().plies() > 0 || game.is_started())
}

/// A timed game's clock is running: its readings change by the second.
fn clock_ticking(game: &Game) -> bool {
    game.is_timed() && game.clock().running().is_some()
}

impl Saving {
    /// Whether the current game is ours to save now: in progress, not archived, not held.
    pub(super) fn keeps(&self, at: &Situation) -> bool {
        self.enabled
            && self.track
            && !self.archived
            && !at.game.is_over()
            && in_progress(at.game)
            && !at.held
    }

    /// After every update: hands out the saves the situation calls for (see the module docs).
    pub(super) fn plan(&mut self, at: &Situation, effects: &mut Vec<Effect>) {
        let (game, now) = (at.game, at.now);
        let study_due = self.study_due.is_some_and(|due| {
            // The library is read next: it should list the game as it now is.
            at.quitting || now + AUTOSAVE_EARLY >= due || at.library_open
        });
        if study_due {
            self.write_study(game, now, effects);
        }
        if !self.enabled || !self.track || at.held {
            return;
        }
        if game.is_over() {
            if !self.archived {
                self.archive(game, now, false, effects);
            } else if let Some(job) = &self.finish
                && self.unsaved_finish
                && (at.quitting || now + AUTOSAVE_EARLY >= self.finish_tried_at + RETRY_INTERVAL)
            {
                let job = job.clone();
                self.finish_tried_at = now;
                effects.push(FileEffect::Archive(job).into());
            }
            return;
        }
        // A move across the network is written once the host has confirmed it: one that
        // never reaches the host is never in the saved game (it is saved when confirmed, as
        // the revision saved is not this one).
        if self.archived || !in_progress(game) || at.move_pending {
            return;
        }
        let revision = game.revision();
        let timer_due = self
            .next_save(at)
            .is_some_and(|due| now + AUTOSAVE_EARLY >= due);
        let changed = self.saved != Some(revision) || at.quitting;
        if changed || (timer_due && self.failure.is_some()) {
            let pgn = game.to_pgn(now, &self.tags());
            self.saved = Some(revision);
            self.saved_at = now;
            effects.push(FileEffect::Autosave(pgn).into());
        } else if timer_due {
            let pgn = game.to_pgn(now, &self.tags());
            self.saved_at = now;
            effects.push(FileEffect::SaveClocks(pgn).into());
        }
    }

    /// The finished `game` in its archive file (archived by this session, or opened from it)
    /// has a report now: the file is written again, in place and atomically. `false`: the game
    /// has no archive file.
    pub(super) fn rearchive(
        &mut self,
        game: &Game,
        now: Duration,
        effects: &mut Vec<Effect>,
    ) -> bool {
        let Some(path) = self.archived_path.clone() else {
            return false;
        };
        self.study_due = None;
        self.report_rearchived = true;
        let pgn = game.to_pgn(now, &self.tags());
        effects.push(FileEffect::Rearchive { path, pgn }.into());
        true
    }

    /// The study waiting for its archive file is written now (the game is left).
    fn write_study(&mut self, game: &Game, now: Duration, effects: &mut Vec<Effect>) {
        let Some(path) = self.archived_path.clone() else {
            return;
        };
        if self.study_due.take().is_none() {
            return;
        }
        let pgn = game.to_pgn(now, &self.tags());
        effects.push(FileEffect::Rearchive { path, pgn }.into());
    }

    /// How an [`FileEffect::Rearchive`] went, at `now`: a failure is said once and retried
    /// every [`RETRY_INTERVAL`] while the game is on the board. `message` is the status line's:
    /// a report just saved adds where to it.
    pub(super) fn rearchived(
        &mut self,
        result: Result<PathBuf, StoreError>,
        now: Duration,
        message: &mut Option<Message>,
    ) {
        let report = std::mem::take(&mut self.report_rearchived);
        match result {
            Ok(path) => {
                // Changes made while it was written are written next.
                if self.study_due.is_none() {
                    self.study_unsaved = false;
                }
                if std::mem::take(&mut self.rearchive_failing) {
                    *message = Some(Message::info(format!(
                        "The study is saved in {} again",
                        self.shown(&path)
                    )));
                } else if report
                    && let Some(m) = message.as_mut().filter(|m| m.kind == MessageKind::Info)
                {
                    m.text = format!("{} · saved in {}", m.text, self.shown(&path));
                }
            }
            Err(err) => {
                if self.archived_path.is_some() && self.study_unsaved {
                    let due = self.study_due.unwrap_or(now + RETRY_INTERVAL);
                    self.study_due = Some(due);
                }
                if !std::mem::replace(&mut self.rearchive_failing, true) {
                    let what = if report { "report" } else { "study" };
                    *message = Some(move_entry::shortened(Message::error(format!(
                        "The {what} is not saved in the archive: {err} (retrying; Ctrl-S saves \
                         a copy)"
                    ))));
                }
            }
        }
    }

    /// Hands `game` to the archive (once), `unfinished` when a new game replaces it.
    fn archive(&mut self, game: &Game, now: Duration, unfinished: bool, effects: &mut Vec<Effect>) {
        self.archived = true;
        let job = ArchiveJob {
            pgn: game.to_pgn(now, &self.tags()),
            date: self.date(),
            white: game.player(Color::White).to_owned(),
            black: game.player(Color::Black).to_owned(),
            unfinished,
        };
        if !unfinished {
            self.finish = Some(job.clone());
            self.finish_tried_at = now;
        }
        effects.push(FileEffect::Archive(job).into());
    }

    /// Before `game` is replaced: a game in progress that is ours goes to the archive as
    /// unfinished, so that starting afresh never loses it.
    pub(super) fn retire(&mut self, game: &Game, now: Duration, effects: &mut Vec<Effect>) {
        self.write_study(game, now, effects);
        if self.enabled && self.track && !self.archived && in_progress(game) {
            self.archive(game, now, !game.is_over(), effects);
        }
    }

    /// When the next timed save is due, if one will be: a retry of a failing save, or the
    /// clocks of a running game.
    pub(super) fn next_save(&self, at: &Situation) -> Option<Duration> {
        if let Some(due) = self.study_due {
            return Some(due);
        }
        if self.unsaved_finish && self.finish.is_some() {
            return Some(self.finish_tried_at + RETRY_INTERVAL);
        }
        let interval = if self.failure.is_some() {
            RETRY_INTERVAL
        } else if clock_ticking(at.game) && at.remote_clocks {
            NET_CLOCK_SAVE_INTERVAL
        } else if clock_ticking(at.game) {
            CLOCK_SAVE_INTERVAL
        } else {
            return None;
        };
        (self.enabled && self.track && !self.archived && self.saved.is_some())
            .then_some(self.saved_at + interval)
    }
}

/// A word of the saving (an autosave's, an archive's) as the status line shows it: errors
/// shortened to the line.
pub(super) fn worded(said: Message) -> Message {
    match said.kind {
        MessageKind::Error => move_entry::shortened(said),
        _ => said,
    }
}

impl App {
    /// The current game with what a save of it carries, if it is a game in progress that is
    /// ours to save. The front end keeps the latest for a save on a signal.
    pub fn save_job(&self) -> Option<SaveJob> {
        self.saving
            .keeps(&Situation::of(
                &self.game,
                &self.mode,
                &self.table,
                self.quit,
                self.now,
            ))
            .then(|| SaveJob {
                game: self.table.kept_game(&self.game).clone(),
                tags: self.saving.tags(),
            })
    }

    /// Opens a game read from a file in place of the current one. `in_autosave`: it is the
    /// autosaved game.
    pub(super) fn open_game(&mut self, opened: OpenedGame, in_autosave: bool, now: Duration) {
        self.saving.retire(&self.game, now, &mut self.effects);
        self.saving.opened(&opened, in_autosave);
        let over = opened.game.is_over();
        let text = if in_autosave {
            format!("Resumed {}", summary(&opened.game))
        } else {
            format!("Loaded {}: {}", opened.source, summary(&opened.game))
        };
        self.install_game(opened.game);
        self.over_announced = over;
        let text = match self.game.outcome() {
            // The prompt and the footer say how to review it and start a new one.
            Some(o) => format!("{text} ({})", self.view().words().outcome(o)),
            None if self.mode == Mode::Ready(super::dialogs::Ready) => text,
            None => format!("{text} — {} to move", self.game.position().turn()),
        };
        // What reading the file had to leave out (a variation cut short) is said at once.
        let text = match self.game.import_note() {
            Some(note) => format!("{text} · {note}"),
            None => text,
        };
        self.message = Some(Message::info(text));
        self.requests.offer_standing(&self.game, now);
    }
}

/// The warning for a saved game archived whose old name (`path`, as shown) could not be
/// removed.
pub fn not_removed_note(path: &str, source: &std::io::Error) -> Message {
    Message::error(format!(
        "Cannot remove {}: {}; its game is in the archive and is not offered again",
        path,
        crate::store::describe(source)
    ))
}

/// `Ann vs Bob, move 23` or `Ann vs Bob, 1-0`.
fn summary(game: &Game) -> String {
    let players = format!(
        "{} vs {}",
        game.player(Color::White),
        game.player(Color::Black)
    );
    match game.outcome() {
        Some(o) => format!("{players}, {}", o.result.pgn()),
        None => format!("{players}, move {}", game.position().fullmoves()),
    }
}
