//! A finished game opened from its archive file (from the library, or with `--load` of a file
//! in the archive folder) keeps what is added to it there: the study (variations, comments,
//! glyphs) and the engine's report are written back into that file, atomically, by the real
//! file work, and come back when the game is opened again. A file of the player's own outside
//! the archive is never written.

use std::fs;
use std::time::{Duration, SystemTime};

use hotseat::app::keymap::Action;
use hotseat::app::launch::SavedGameChoice;
use hotseat::app::{
    AnalysisEvent, App, Config, Effect, EngineEffect, Event, FileEffect, GameToOpen,
};
use hotseat::game::Game;
use hotseat::game::pgn::import_game;
use hotseat::game::report::{Eval, GameReport, PositionEval};
use hotseat::game::stamp::WallClock;
use hotseat::rules::Move;
use hotseat::runtime::worker::{FileWork, Job};
use hotseat::runtime::{Files, Launch, prepare};
use hotseat::store::Store;

use crate::store::{TestDir, secs};

const SCHOLARS: &str = "[Event \"Club\"]\n[Date \"2026.11.20\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// A start of hotseat on `store`'s folder, opening `opening` if given.
fn start(store: &Store, opening: Option<GameToOpen>) -> (App, Files) {
    let launch = Launch {
        config: Config {
            autosave: true,
            opening,
            ..Config::default()
        },
        data_dir: Some(store.dir().to_path_buf()),
        saved: SavedGameChoice::SetAside,
        engine: None,
        policy: hotseat::runtime::Policy::Local,
    };
    let wall = WallClock::utc(SystemTime::UNIX_EPOCH + secs(1_795_334_400));
    let (config, files) = prepare(launch, wall);
    (App::new(config), files)
}

/// The front end's part: what the app asks of the files is carried out, until it asks no more.
/// Returns the archive files written again.
fn carry_out(app: &mut App, files: &mut Files, now: Duration) -> Vec<std::path::PathBuf> {
    let mut rewritten = Vec::new();
    loop {
        let effects = app.take_effects();
        if effects.is_empty() {
            return rewritten;
        }
        for effect in effects {
            if let Effect::Files(FileEffect::Rearchive { path, .. }) = &effect {
                rewritten.push(path.clone());
            }
            let Some(work) = crate::common::file_work(effect) else {
                continue;
            };
            let job = Job {
                work,
                now,
                save_job: app.save_job(),
            };
            if let Some(event) = files.carry_out(job) {
                app.update(event, now);
            }
        }
    }
}

fn act(app: &mut App, files: &mut Files, action: Action, now: Duration) -> Vec<std::path::PathBuf> {
    app.update(action, now);
    carry_out(app, files, now)
}

fn enter(app: &mut App, files: &mut Files, text: &str, now: Duration) -> Vec<std::path::PathBuf> {
    for c in text.chars() {
        act(app, files, Action::Input(c), now);
    }
    act(app, files, Action::Select, now)
}

/// The library opened and its first game opened for review.
fn open_from_library(app: &mut App, files: &mut Files, now: Duration) {
    act(app, files, Action::Library, now);
    act(app, files, Action::Select, now);
    assert!(app.game().is_over(), "{:?}", app.view().message());
    assert_eq!(app.game().record().plies(), 7);
}

fn archive_with_scholars(dir: &TestDir) -> (Store, std::path::PathBuf) {
    let store = dir.store();
    fs::create_dir_all(store.games_dir()).unwrap();
    let file = store.games_dir().join("2026-11-20-Ann-vs-Bob.pgn");
    fs::write(&file, SCHOLARS).unwrap();
    (store, file)
}

/// The game in the file, read back by the chess crate.
fn read_back(file: &std::path::Path) -> Game {
    import_game(&fs::read_to_string(file).unwrap())
        .unwrap_or_else(|e| panic!("{} is no longer a game: {e}", file.display()))
        .game
}

#[test]
fn study_added_to_a_library_game_is_written_into_its_archive_file_and_comes_back() {
    let dir = TestDir::new("study-kept");
    let (store, file) = archive_with_scholars(&dir);
    let (mut app, mut files) = start(&store, None);
    open_from_library(&mut app, &mut files, secs(1));

    // After 2... Nc6: a variation 3. Nf3, a comment and a glyph on it.
    act(&mut app, &mut files, Action::Review, secs(2));
    act(&mut app, &mut files, Action::HistoryStart, secs(2));
    for _ in 0..4 {
        act(&mut app, &mut files, Action::CursorRight, secs(2));
    }
    let mut written = enter(&mut app, &mut files, "Nf3", secs(2));
    assert!(
        app.view()
            .message()
            .unwrap()
            .text
            .contains("kept in its archive file"),
        "{:?}",
        app.view().message()
    );
    written.extend(enter(&mut app, &mut files, "{Quieter", secs(2)));
    assert_eq!(
        app.view().message().unwrap().text,
        "Comment on 3. Nf3 kept (written into its archive file)"
    );
    written.extend(enter(&mut app, &mut files, "!?", secs(3)));
    assert_eq!(
        written,
        Vec::<std::path::PathBuf>::new(),
        "a burst of edits waits"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), SCHOLARS);

    // Quiet for a while: the file is written once, with all of it.
    let due = app
        .view()
        .next_wake(secs(3))
        .expect("the loop wakes for the write");
    assert!(due > secs(3) && due <= secs(6), "{due:?}");
    let written = act(&mut app, &mut files, Action::Tick, due);
    assert_eq!(written.len(), 1);
    assert_eq!(
        fs::canonicalize(&written[0]).unwrap(),
        fs::canonicalize(&file).unwrap()
    );
    assert_eq!(app.view().next_wake(due), None, "nothing more to write");
    let game = read_back(&file);
    let variation = game
        .variations()
        .node(0)
        .expect("the variation is in the file");
    assert_eq!(variation.notes.comment, "Quieter");
    assert_eq!(variation.notes.nags, [5]);
    let text = fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("[Event \"Club\"]"),
        "its own tags kept: {text}"
    );
    // Nothing is lost by quitting: no question.
    act(&mut app, &mut files, Action::Quit, due);
    assert!(app.should_quit(), "{:?}", app.view().dialog());
    drop(files);

    // Opened again from the library: the study is there.
    let (mut app, mut files) = start(&store, None);
    open_from_library(&mut app, &mut files, secs(1));
    assert_eq!(app.game().variations(), game.variations());
    let library = store.library().unwrap();
    assert_eq!(library.games.len(), 1);
    assert_eq!(library.games[0].summary.moves, 4);
}

#[test]
fn study_waiting_to_be_written_is_written_on_quitting_and_on_opening_another_game() {
    let dir = TestDir::new("study-flushed");
    let (store, file) = archive_with_scholars(&dir);
    let (mut app, mut files) = start(&store, None);
    open_from_library(&mut app, &mut files, secs(1));
    act(&mut app, &mut files, Action::Review, secs(2));
    enter(&mut app, &mut files, "{Mate", secs(2));
    let written = act(&mut app, &mut files, Action::Quit, secs(2));
    assert_eq!(written.len(), 1, "written at once on the way out");
    assert!(app.should_quit());
    assert_eq!(read_back(&file).notes().last().unwrap().comment, "Mate");

    let (mut app, mut files) = start(&store, None);
    open_from_library(&mut app, &mut files, secs(1));
    act(&mut app, &mut files, Action::Review, secs(2));
    enter(&mut app, &mut files, "{Mate at last", secs(2));
    let written = act(&mut app, &mut files, Action::Library, secs(2));
    assert_eq!(written.len(), 1, "written before the library is read again");
    assert_eq!(
        read_back(&file).notes().last().unwrap().comment,
        "Mate at last"
    );
}

/// What an engine might say: every position level, the moves its own.
fn level_report(app: &App) -> GameReport {
    let record = app.game().record();
    let moves: Vec<Move> = record.moves().iter().map(|m| m.mv).collect();
    let evals = (0..=moves.len())
        .map(|_| PositionEval {
            eval: Eval::Cp(10),
            best: Vec::new(),
        })
        .collect();
    GameReport::new(record.start(), &moves, evals)
}

fn analyse(app: &mut App, files: &mut Files, now: Duration) -> Vec<std::path::PathBuf> {
    app.update(Action::Analyse, now);
    let id = app
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::Engine(EngineEffect::Analyse(job)) => Some(job.id),
            _ => None,
        })
        .expect("the analysis starts");
    let report = level_report(app);
    app.update(
        Event::Analysis {
            id,
            event: AnalysisEvent::Finished(Box::new(report)),
        },
        now,
    );
    carry_out(app, files, now)
}

#[test]
fn a_report_of_a_game_loaded_from_the_archive_folder_is_written_there_and_the_library_says_so() {
    let dir = TestDir::new("report-kept");
    let (store, file) = archive_with_scholars(&dir);
    assert!(!store.library().unwrap().games[0].summary.engine_report);
    let opened = hotseat::cli::load_game(&file, 1).unwrap();
    let (mut app, mut files) = start(&store, Some(GameToOpen::Load(Box::new(opened))));
    let written = analyse(&mut app, &mut files, secs(1));
    assert_eq!(written.len(), 1);
    let message = app.view().message().unwrap().text.clone();
    assert!(
        message.starts_with("Report ready.") && message.contains("saved in"),
        "{message}"
    );
    assert!(fs::read_to_string(&file).unwrap().contains("[%eval 0.1"));
    assert!(
        read_back(&file).report().is_some(),
        "reopened, the report needs no engine"
    );
    // The index notices the rewrite.
    assert!(store.library().unwrap().games[0].summary.engine_report);
    act(&mut app, &mut files, Action::Quit, secs(2));
    assert!(app.should_quit(), "nothing to lose");
}

#[test]
fn a_report_of_a_players_own_file_leaves_the_file_alone_and_says_how_to_keep_it() {
    let dir = TestDir::new("report-own-file");
    let store = dir.store();
    let own = dir.path().join("mine.pgn");
    fs::write(&own, SCHOLARS).unwrap();
    let opened = hotseat::cli::load_game(&own, 1).unwrap();
    let (mut app, mut files) = start(&store, Some(GameToOpen::Load(Box::new(opened))));
    let written = analyse(&mut app, &mut files, secs(1));
    assert_eq!(written, Vec::<std::path::PathBuf>::new());
    assert_eq!(fs::read_to_string(&own).unwrap(), SCHOLARS, "never written");
    let message = app.view().message().unwrap().text.clone();
    assert!(
        message.contains("not in the archive: Ctrl-S saves the game with it"),
        "{message}"
    );
    act(&mut app, &mut files, Action::Quit, secs(2));
    assert!(!app.should_quit(), "the report would be lost: asks first");
}
