//! The library screen as a dialog: the archived games, full screen, over the game left, whose
//! clock runs on meanwhile (only the players' agreement, Ctrl-P, stops it) until they go back
//! with Esc. The list itself (filter, sort, paging) is [`crate::app::library`]; here,
//! what opening, leaving, opening a game and the trash do to the app.
//!
//! Every file is read and written by the front end's file worker, never by the app: opening
//! asks for the library ([`LibraryEffect::Load`]) and shows "reading" until it comes
//! ([`LibraryNews::Loaded`]); Enter asks for the game's file ([`LibraryEffect::Open`]),
//! which is then opened exactly as `--load` opens one (the game in progress going to the
//! archive as unfinished); Delete asks first ([`TrashGame`]), then moves the file to the trash
//! ([`LibraryEffect::Trash`]); F8 brings the last one back ([`LibraryEffect::Restore`]).
//!
//! Ctrl-T shows the trash in the same list ([`LibraryEffect::LoadTrash`]), and back: there Enter
//! brings the selected game back to the library, and Delete, after a question, deletes it for
//! good ([`LibraryEffect::Purge`]).

use crate::app::Say;
use std::time::Duration;

use super::{Look, Mode, Popup, text_box};
use crate::app::keymap::{Action, KeyContext};
use crate::app::library::{CHROME_ROWS, LibraryList, ListOutcome, Page};
use crate::app::{App, Effect, LibraryEffect, Message, OpenedGame};
use crate::store::Entry;

/// The library screen: the list, once read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Library {
    /// `None` while the library is read.
    pub list: Option<LibraryList>,
    /// The last game moved to the trash, by its name there: F8 brings it back.
    pub trashed: Option<String>,
    /// The trash is shown, not the library.
    pub trash: bool,
    /// Only the games that reached the explorer's position are shown (Tab in the explorer).
    pub reached: bool,
}

/// Why the file worker could not do what the library asked.
#[derive(Debug)]
pub enum LibraryError {
    /// No folder to keep games in could be found.
    NoFolder,
    Store(crate::store::StoreError),
    /// The archive file at `path` (as shown) could not be opened as a game.
    Unopened {
        path: String,
        why: Unopened,
    },
}

/// Why an archive file could not be opened as a game.
#[derive(Debug)]
pub enum Unopened {
    Read(crate::store::ReadError),
    Io(std::io::Error),
    Game(Box<crate::game::pgn::PgnGameError>),
    /// The file holds no game at all.
    Empty,
}

impl std::fmt::Display for LibraryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LibraryError::NoFolder => f.write_str("hotseat has no folder to keep games in"),
            LibraryError::Store(e) => e.fmt(f),
            LibraryError::Unopened { path, why } => write!(f, "Cannot open {path}: {why}"),
        }
    }
}

impl std::fmt::Display for Unopened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unopened::Read(e) => e.fmt(f),
            Unopened::Io(e) => e.fmt(f),
            Unopened::Game(e) => e.fmt(f),
            Unopened::Empty => f.write_str("it holds no game"),
        }
    }
}

impl std::error::Error for LibraryError {}

/// What the file worker says about the library.
#[derive(Debug)]
pub enum LibraryNews {
    /// The library was read: its first page, newest first, or why not.
    Loaded(Result<Page, LibraryError>),
    /// A page the list asked for ([`LibraryEffect::Page`]), or why not.
    Page(Result<Page, LibraryError>),
    /// The page asked for was given up ([`LibraryEffect::GiveUp`]) while it was read.
    GivenUp(crate::app::library::PageQuery),
    /// The game asked for with Enter was read, or why not.
    Opened(Result<Box<OpenedGame>, LibraryError>),
    /// `file` was moved to the trash (under the name given), or why not.
    Trashed {
        file: String,
        result: Result<String, LibraryError>,
    },
    /// A game came back from the trash (under the name given), or why not.
    Restored(Result<String, LibraryError>),
    /// The games in the trash, newest first, or why not.
    TrashRead(Result<Vec<Entry>, LibraryError>),
    /// The games that reached the explorer's position, newest first, or why not.
    Reached(Result<Vec<Entry>, LibraryError>),
    /// `file` was deleted from the trash for good, or why not.
    Purged {
        file: String,
        result: Result<(), LibraryError>,
    },
    /// The explorer's first question: the library has `games` games, whose positions are
    /// now read (slow on a big library): asked again, the worker answers once they are.
    Reading {
        key: u64,
        filter: String,
        games: usize,
    },
    /// The moves played from the position `key` in the games `filter` admits.
    Explored {
        key: u64,
        filter: String,
        rows: Result<Vec<crate::store::ExplorerRow>, LibraryError>,
    },
}

impl Popup for Library {
    fn keys(&self) -> KeyContext {
        KeyContext::Library
    }

    fn update(mut self, app: &mut App, action: Action, _now: Duration) {
        match action {
            Action::Quit => {
                app.back_from_form();
                app.quit_requested();
                return;
            }
            Action::Trash => {
                app.message = None;
                app.effects.push(if self.trash {
                    Effect::Library(LibraryEffect::Load)
                } else {
                    Effect::Library(LibraryEffect::LoadTrash)
                });
                app.mode = Mode::Library(Library {
                    list: None,
                    trash: !self.trash,
                    reached: false,
                    ..self
                });
                return;
            }
            Action::Restore => {
                if let Some(name) = self.trashed.take() {
                    app.effects.push(LibraryEffect::Restore(name).into());
                    app.mode = Mode::Library(self);
                }
                return;
            }
            _ => {}
        }
        let Some(list) = self.list.as_mut() else {
            if action == Action::Cancel {
                app.back_from_form();
            }
            return;
        };
        list.set_page(usize::from(app.size.height.saturating_sub(CHROME_ROWS)));
        let outcome = list.handle(action);
        if list.overtaken() {
            app.effects.push(Effect::Library(LibraryEffect::GiveUp));
        }
        if let Some(query) = list.wanted() {
            app.effects
                .push(Effect::Library(LibraryEffect::Page(query)));
        }
        match outcome {
            ListOutcome::Stay => app.mode = Mode::Library(self),
            ListOutcome::Close => app.back_from_form(),
            ListOutcome::Open(file) if self.trash => {
                app.effects.push(LibraryEffect::Restore(file).into());
                app.mode = Mode::Library(self);
            }
            ListOutcome::Open(file) => {
                app.effects.push(LibraryEffect::Open(file).into());
                app.mode = Mode::Library(self);
            }
            ListOutcome::Delete(file) => {
                let what = list.selected().map_or_else(
                    || file.clone(),
                    |e| {
                        format!(
                            "{} vs {}, {} ({})",
                            e.summary.white, e.summary.black, e.summary.date, e.summary.result
                        )
                    },
                );
                app.mode = Mode::TrashGame(TrashGame {
                    for_good: self.trash,
                    library: self,
                    file,
                    what,
                });
            }
        }
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        Some(Look::Library(self))
    }
}

/// "Move this game to the trash?", over the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrashGame {
    library: Library,
    file: String,
    /// The game in words: `Ann vs Bob, 2026-11-21 (0-1)`.
    what: String,
    /// Asked in the trash: the file is deleted for good.
    for_good: bool,
}

impl TrashGame {
    /// The library the question is asked over, as it stands behind it.
    pub fn library(&self) -> &Library {
        &self.library
    }
}

impl Popup for TrashGame {
    fn keys(&self) -> KeyContext {
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, _now: Duration) {
        match action {
            Action::Yes => {
                app.effects.push(if self.for_good {
                    Effect::Library(LibraryEffect::Purge(self.file))
                } else {
                    Effect::Library(LibraryEffect::Trash(self.file))
                });
                app.mode = Mode::Library(self.library);
            }
            Action::No | Action::Cancel => app.mode = Mode::Library(self.library),
            Action::Quit => {
                app.back_from_form();
                app.quit_requested();
            }
            _ => {}
        }
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        if self.for_good {
            return text_box(
                "Delete this game for good?",
                vec![
                    self.what.clone(),
                    "Its file is removed from the trash: it cannot be brought back.".to_owned(),
                ],
                KeyContext::Confirm,
            );
        }
        text_box(
            "Delete this game?",
            vec![
                self.what.clone(),
                "It goes to the trash folder in hotseat's data folder; F8 in the library \
                 brings it back."
                    .to_owned(),
            ],
            KeyContext::Confirm,
        )
    }
}

impl Library {
    /// Opens the library screen (F6, Ctrl-B, `games`), and asks the front end for the list. The
    /// clock of a game in progress runs on: the players stop it by agreement (Ctrl-P) first.
    pub(in crate::app) fn open(app: &mut App) {
        if !app.saving.enabled {
            app.message
                .error("There is no library: hotseat has no folder to keep games in");
            return;
        }
        // The screen's own news shows on it; the game's ("White's clock is running") would
        // be out of place there, but not that the clock runs on meanwhile.
        app.message = match app.game.clock().running() {
            Some(color) if app.game.is_timed() && !app.game.is_over() => {
                Some(Message::info(format!(
                    "{}'s clock is running: the library does not stop it (Ctrl-P, agreed, does)",
                    app.view().words().who(color)
                )))
            }
            _ => None,
        };
        app.mode = Mode::Library(Library::default());
        app.effects.push(LibraryEffect::Load.into());
    }

    /// What the file worker says about the library.
    pub(in crate::app) fn hear(app: &mut App, news: LibraryNews, now: Duration) {
        // A list read for the trash is shown only in the trash, the library's only in it, and
        // the explorer's games only in their list.
        let of = |library: &Library| match &news {
            LibraryNews::TrashRead(_) => library.trash,
            LibraryNews::Reached(_) => library.reached,
            _ => !library.trash && !library.reached,
        };
        let fits = matches!(&app.mode, Mode::Library(library) if of(library));
        let rows = usize::from(app.size.height.saturating_sub(CHROME_ROWS));
        match news {
            LibraryNews::Loaded(Ok(page)) => {
                if let Mode::Library(library) = &mut app.mode
                    && fits
                {
                    let mut list = LibraryList::paged(page);
                    list.set_page(rows);
                    if let Some(query) = list.wanted() {
                        app.effects
                            .push(Effect::Library(LibraryEffect::Page(query)));
                    }
                    library.list = Some(list);
                }
            }
            LibraryNews::Page(Ok(page)) => {
                if let Mode::Library(library) = &mut app.mode
                    && fits
                    && let Some(list) = &mut library.list
                {
                    list.receive(page);
                    if let Some(query) = list.wanted() {
                        app.effects
                            .push(Effect::Library(LibraryEffect::Page(query)));
                    }
                }
            }
            LibraryNews::GivenUp(query) => {
                if let Mode::Library(library) = &mut app.mode
                    && fits
                    && let Some(list) = &mut library.list
                {
                    list.given_up(&query);
                    if let Some(query) = list.wanted() {
                        app.effects
                            .push(Effect::Library(LibraryEffect::Page(query)));
                    }
                }
            }
            LibraryNews::TrashRead(Ok(games)) | LibraryNews::Reached(Ok(games)) => {
                if let Mode::Library(library) = &mut app.mode
                    && fits
                {
                    let mut list = LibraryList::new(games);
                    list.set_page(rows);
                    library.list = Some(list);
                }
            }
            LibraryNews::Loaded(Err(err)) | LibraryNews::Page(Err(err)) => {
                if matches!(app.mode, Mode::Library(_)) {
                    app.back_from_form();
                }
                app.message
                    .error(format!("The library cannot be read: {err}"));
            }
            LibraryNews::Reached(Err(err)) => {
                if fits {
                    app.back_from_form();
                }
                app.message
                    .error(format!("The library cannot be read: {err}"));
            }
            LibraryNews::TrashRead(Err(err)) => {
                app.message
                    .error(format!("The trash cannot be read: {err}"));
            }
            LibraryNews::Purged { file, result } => match result {
                Ok(()) => {
                    if let Mode::Library(library) = &mut app.mode
                        && let Some(list) = &mut library.list
                        && library.trash
                    {
                        list.remove(&file);
                    }
                    app.message = Some(Message::info(format!("{file} is deleted for good")));
                }
                Err(err) => app.message.error(format!("{file} was not deleted: {err}")),
            },
            LibraryNews::Opened(Ok(opened)) => {
                if matches!(app.mode, Mode::Library(_)) {
                    app.back_from_form();
                    app.open_game(*opened, false, now);
                }
            }
            LibraryNews::Opened(Err(err)) => app.message.error(err.to_string()),
            LibraryNews::Trashed { file, result } => match result {
                Ok(name) => {
                    if let Mode::Library(library) = &mut app.mode {
                        if let Some(list) = &mut library.list {
                            list.remove(&file);
                            if let Some(query) = list.wanted() {
                                app.effects
                                    .push(Effect::Library(LibraryEffect::Page(query)));
                            }
                        }
                        library.trashed = Some(name);
                    }
                    app.message = Some(Message::info(format!(
                        "{file} is in the trash: F8 brings it back"
                    )));
                }
                Err(err) => app.message.error(format!("{file} was not deleted: {err}")),
            },
            LibraryNews::Restored(Ok(name)) => {
                app.message = Some(Message::info(format!("{name} is back in the library")));
                if let Mode::Library(library) = &app.mode {
                    app.effects.push(if library.trash {
                        Effect::Library(LibraryEffect::LoadTrash)
                    } else {
                        Effect::Library(LibraryEffect::Load)
                    });
                }
            }
            LibraryNews::Explored { key, filter, rows } => {
                if let Mode::Explorer(explorer) = &mut app.mode
                    && let Err(err) = explorer.answered(key, &filter, rows)
                {
                    app.mode = Mode::Playing;
                    app.message
                        .error(format!("The library cannot be read: {err}"));
                }
            }
            LibraryNews::Reading { key, filter, games } => {
                if let Mode::Explorer(explorer) = &mut app.mode
                    && let Some(ask) = explorer.reading(key, filter, games)
                {
                    app.effects.push(ask.into());
                }
            }
            LibraryNews::Restored(Err(err)) => {
                app.message
                    .error(format!("The game did not come back from the trash: {err}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crossterm::event::{KeyCode, KeyModifiers};

    use super::*;
    use crate::app::tests::{config, key, play_all, press, s, type_text};
    use crate::game::GameSetup;
    use crate::game::pgn::import_game;
    use crate::rules::Color;
    use crate::store::{FileStamp, summarize};

    fn saving_app(tc: &str) -> App {
        let mut config = config(GameSetup {
            white_time: tc.parse().unwrap(),
            black_time: tc.parse().unwrap(),
            ..GameSetup::default()
        });
        config.autosave = true;
        App::new(config)
    }

    const GAMES: [&str; 2] = [
        "[Date \"2026.11.22\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
        "[Date \"2026.11.21\"]\n[White \"Cid\"]\n[Black \"Ann\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n",
    ];

    fn games() -> Vec<Entry> {
        GAMES
            .iter()
            .enumerate()
            .map(|(i, text)| {
                Entry::new(
                    format!("g{i}.pgn"),
                    FileStamp::default(),
                    summarize(text).unwrap(),
                )
            })
            .collect()
    }

    fn list(app: &App) -> &LibraryList {
        match app.mode() {
            Mode::Library(Library {
                list: Some(list), ..
            }) => list,
            other => panic!("not the library: {other:?}"),
        }
    }

    /// News from the file worker, `later` after the last update.
    fn at(app: &mut App, later: Duration, news: LibraryNews) {
        let t = app.now + later;
        app.update(crate::app::Event::Library(news), t);
    }

    /// Checks that `file` was asked back from the trash, says it came back, and returns what
    /// the app then asks.
    fn restore(app: &mut App, file: &str) -> Vec<Effect> {
        assert_eq!(
            app.take_effects(),
            [LibraryEffect::Restore(file.to_owned())]
        );
        at(
            app,
            Duration::ZERO,
            LibraryNews::Restored(Ok(file.to_owned())),
        );
        app.take_effects()
    }

    #[test]
    fn the_key_opens_the_library_and_esc_returns_to_the_game_its_clock_running() {
        let mut app = saving_app("5+0");
        key(&mut app, KeyCode::Enter);
        play_all(&mut app, &["e4"]);
        let before = app.game().clock().remaining(Color::Black, app.now);
        app.take_effects();
        assert!(key(&mut app, KeyCode::F(6)));
        assert_eq!(app.mode(), &Mode::Library(Library::default()));
        assert!(app.take_effects().contains(&LibraryEffect::Load.into()));
        // A minute among the games, then back.
        at(
            &mut app,
            s(30),
            LibraryNews::Loaded(Ok(crate::app::library::Page::whole(games()))),
        );
        assert_eq!(list(&app).len(), 2);
        let t = app.now + s(30);
        let a = crossterm::event::KeyEvent::new(KeyCode::Char('a'), KeyModifiers::NONE);
        app.update(crate::app::Event::Key(a), t);
        assert_eq!(list(&app).filter(), "a");
        key(&mut app, KeyCode::Esc);
        assert_eq!(list(&app).filter(), "");
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.mode(), &Mode::Playing);
        let after = app.game().clock().remaining(Color::Black, app.now);
        assert_eq!(
            before.unwrap() - after.unwrap(),
            s(60),
            "only the players' agreement stops a clock (Ctrl-P before F6)"
        );
        assert_eq!(app.game().record().plies(), 1, "the game is as it was");
    }

    #[test]
    fn the_typed_word_opens_it_too_and_enter_opens_the_selected_game_as_load_does() {
        let mut app = saving_app("none");
        type_text(&mut app, "games");
        key(&mut app, KeyCode::Enter);
        assert!(matches!(app.mode(), Mode::Library(_)), "{:?}", app.mode());
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::Loaded(Ok(crate::app::library::Page::whole(games()))),
        );
        app.take_effects();
        key(&mut app, KeyCode::Enter);
        assert_eq!(
            app.take_effects(),
            [LibraryEffect::Open("g0.pgn".to_owned())]
        );
        let imported = import_game(GAMES[0]).unwrap();
        let opened = OpenedGame {
            game: imported.game,
            tags: imported.tags,
            source: "g0.pgn".to_owned(),
            archive_file: None,
        };
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::Opened(Ok(Box::new(opened))),
        );
        assert!(!matches!(app.mode(), Mode::Library(_)));
        assert!(app.game().is_over());
        assert_eq!(app.game().player(Color::White), "Ann");
        assert!(
            app.view()
                .message()
                .unwrap()
                .text
                .starts_with("Loaded g0.pgn"),
            "{:?}",
            app.view().message()
        );
    }

    #[test]
    fn delete_asks_then_trashes_and_ctrl_z_brings_it_back() {
        let mut app = saving_app("none");
        key(&mut app, KeyCode::F(6));
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::Loaded(Ok(crate::app::library::Page::whole(games()))),
        );
        app.take_effects();
        key(&mut app, KeyCode::Down);
        assert!(key(&mut app, KeyCode::Delete));
        assert!(matches!(app.mode(), Mode::TrashGame(_)), "{:?}", app.mode());
        key(&mut app, KeyCode::Char('n'));
        assert!(matches!(app.mode(), Mode::Library(_)));
        assert!(app.take_effects().is_empty());
        key(&mut app, KeyCode::Delete);
        key(&mut app, KeyCode::Char('y'));
        assert_eq!(
            app.take_effects(),
            [LibraryEffect::Trash("g1.pgn".to_owned())]
        );
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::Trashed {
                file: "g1.pgn".to_owned(),
                result: Ok("g1.pgn".to_owned()),
            },
        );
        assert_eq!(list(&app).len(), 1);
        assert!(
            app.view()
                .message()
                .unwrap()
                .text
                .contains("F8 brings it back")
        );
        // The rows moved up: the list asks the index for its page again.
        let asked = app.take_effects();
        assert!(
            matches!(asked.as_slice(), [Effect::Library(LibraryEffect::Page(q))] if q.start == 0 && q.filter.is_empty()),
            "{asked:?}"
        );
        assert!(key(&mut app, KeyCode::F(8)));
        assert_eq!(restore(&mut app, "g1.pgn"), [LibraryEffect::Load]);
    }

    #[test]
    fn the_trash_is_listed_its_games_restored_and_deleted_for_good_after_a_question() {
        let mut app = saving_app("none");
        key(&mut app, KeyCode::F(6));
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::Loaded(Ok(crate::app::library::Page::whole(games()))),
        );
        app.take_effects();
        assert!(press(&mut app, KeyCode::Char('t'), KeyModifiers::CONTROL));
        assert_eq!(app.take_effects(), [LibraryEffect::LoadTrash]);
        assert!(
            matches!(app.mode(), Mode::Library(l) if l.trash && l.list.is_none()),
            "{:?}",
            app.mode()
        );
        // The library's list, late, is not taken for the trash's.
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::Loaded(Ok(crate::app::library::Page::whole(games()))),
        );
        assert!(matches!(app.mode(), Mode::Library(l) if l.list.is_none()));
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::TrashRead(Ok(games())),
        );
        assert_eq!(list(&app).len(), 2);
        // Enter brings the selected game back (any of them, not only the last one trashed).
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Enter);
        assert_eq!(
            restore(&mut app, "g1.pgn"),
            [LibraryEffect::LoadTrash],
            "the trash again"
        );
        // Delete asks, and says it is for good.
        key(&mut app, KeyCode::Delete);
        let Some(Look::Box(question)) = app.view().dialog_look() else {
            panic!("a question: {:?}", app.mode());
        };
        assert_eq!(question.title, "Delete this game for good?");
        key(&mut app, KeyCode::Char('n'));
        assert!(app.take_effects().is_empty());
        key(&mut app, KeyCode::Delete);
        key(&mut app, KeyCode::Char('y'));
        let purged = app.take_effects();
        let [Effect::Library(LibraryEffect::Purge(file))] = purged.as_slice() else {
            panic!("deleted for good: {purged:?}");
        };
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::Purged {
                file: file.clone(),
                result: Ok(()),
            },
        );
        assert_eq!(list(&app).len(), 1);
        assert!(
            app.view()
                .message()
                .unwrap()
                .text
                .contains("deleted for good")
        );
        // And back to the library.
        press(&mut app, KeyCode::Char('t'), KeyModifiers::CONTROL);
        assert_eq!(app.take_effects(), [LibraryEffect::Load]);
        assert!(matches!(app.mode(), Mode::Library(l) if !l.trash));
    }

    #[test]
    fn without_a_folder_there_is_no_library_and_a_failed_read_says_why() {
        let mut app = crate::app::tests::app();
        key(&mut app, KeyCode::F(6));
        assert_eq!(app.mode(), &Mode::Playing);
        assert!(app.view().message().unwrap().text.contains("no folder"));
        let mut app = saving_app("none");
        key(&mut app, KeyCode::F(6));
        at(
            &mut app,
            Duration::ZERO,
            LibraryNews::Loaded(Err(LibraryError::Store(crate::store::StoreError::io(
                crate::store::Op::Read,
                std::path::Path::new("games"),
                std::io::Error::other("permission denied"),
            )))),
        );
        assert_eq!(app.mode(), &Mode::Playing);
        assert!(
            app.view()
                .message()
                .unwrap()
                .text
                .contains("permission denied")
        );
    }
}
