//! Autosave, archive, resume and the save form, as effects: what the app hands the front end,
//! and what it shows when the front end reports back.

use std::time::{Duration, SystemTime};

use super::*;
use crate::app::event::{ArchiveError, SaveError};
use crate::app::{
    ArchiveNote, Dialog, Effect, Event, ExportKind, ExportResult, FileEffect, GameToOpen,
    OpenedGame, SaveForm,
};
use crate::game::pgn::import_game;
use crate::store::Op;

/// 2026-11-22 08:00:00 UTC.
fn wall() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_334_400)
}

fn saving_config(setup: GameSetup) -> Config {
    Config {
        autosave: true,
        wall_clock: Some(crate::game::stamp::WallClock::utc(wall())),
        ..config(setup)
    }
}

fn saving_app() -> App {
    App::new(saving_config(GameSetup::default()))
}

fn timed_saving_app(tc: &str) -> App {
    App::new(saving_config(GameSetup {
        white_time: tc.parse().unwrap(),
        black_time: tc.parse().unwrap(),
        white: "Ann".to_owned(),
        black: "Bob".to_owned(),
        ..GameSetup::default()
    }))
}

fn autosaves(app: &mut App) -> Vec<String> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Files(FileEffect::Autosave(pgn)) => Some(pgn),
            _ => None,
        })
        .collect()
}

/// The clock-only saves handed out (written without a sync).
fn clock_saves(app: &mut App) -> Vec<String> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Files(FileEffect::SaveClocks(pgn)) => Some(pgn),
            _ => None,
        })
        .collect()
}

fn at(app: &mut App, action: Action, now: Duration) {
    app.update(action, now);
}

#[test]
fn nothing_is_saved_without_autosave_or_before_the_first_move() {
    let mut plain = app();
    play_all(&mut plain, &["e4"]);
    assert!(plain.take_effects().is_empty());

    let mut app = saving_app();
    act(&mut app, Action::CursorUp);
    assert!(
        app.take_effects().is_empty(),
        "an untouched game is not saved"
    );
}

#[test]
fn every_move_is_saved_at_once_with_the_tags_of_its_start() {
    let mut app = saving_app();
    play_all(&mut app, &["e4"]);
    let saves = autosaves(&mut app);
    assert_eq!(saves.len(), 1);
    let pgn = &saves[0];
    assert!(pgn.contains("1. e4 *"), "{pgn}");
    assert!(pgn.contains("[Date \"2026.11.22\"]"), "{pgn}");
    assert!(
        pgn.contains("[HotseatStarted \"2026-11-22T08:00:00Z\"]"),
        "{pgn}"
    );
    // Nothing changed, nothing saved: an untimed game has no clock to keep.
    act(&mut app, Action::CursorUp);
    at(&mut app, Action::Tick, s(60));
    assert!(autosaves(&mut app).is_empty());
    play_all(&mut app, &["e5"]);
    assert_eq!(autosaves(&mut app).len(), 1);
}

/// An idle game costs one unsynced write every ten seconds: the clocks' reading, not a whole
/// synced save every second. A move (or a pause) is saved durably at once.
#[test]
fn a_running_clock_is_saved_every_ten_seconds_unsynced_and_a_paused_one_is_not() {
    let mut app = timed_saving_app("5+0");
    at(&mut app, Action::Select, s(0));
    assert_eq!(autosaves(&mut app).len(), 1, "starting the clock is saved");
    for second in 1..10 {
        at(&mut app, Action::Tick, s(second));
        assert!(app.take_effects().is_empty(), "nothing saved at {second} s");
    }
    at(&mut app, Action::Tick, ms(9_950));
    let saves = clock_saves(&mut app);
    assert_eq!(
        saves.len(),
        1,
        "the clocks, at the wake of the tenth second"
    );
    assert!(
        saves[0].contains("[WhiteClock \"0:04:50\"]"),
        "{}",
        saves[0]
    );
    at(&mut app, Action::Tick, s(15));
    assert!(app.take_effects().is_empty());
    at(&mut app, Action::Tick, s(20));
    assert_eq!(clock_saves(&mut app).len(), 1);
    play_all(&mut app, &["e4"]);
    assert_eq!(autosaves(&mut app).len(), 1, "a move is saved durably");
    at(&mut app, Action::Pause, ms(21_000));
    at(&mut app, Action::Pause, ms(21_500));
    assert_eq!(
        autosaves(&mut app).len(),
        1,
        "pausing (asked, agreed) is saved"
    );
    at(&mut app, Action::Tick, s(30));
    assert!(
        autosaves(&mut app).is_empty(),
        "paused clocks need no saving"
    );
}

#[test]
fn quitting_saves_the_clocks_as_they_stand() {
    let mut app = timed_saving_app("5+0");
    at(&mut app, Action::Select, s(0));
    app.take_effects();
    at(&mut app, Action::Quit, ms(400));
    assert_mode(&app, &Mode::Quit(Quit));
    let lines = app.view().dialog().unwrap().lines;
    assert!(lines[0].contains("It is saved"), "{lines:?}");
    at(&mut app, Action::Yes, ms(700));
    let saves = autosaves(&mut app);
    assert_eq!(saves.len(), 1);
    assert!(
        saves[0].contains("[WhiteClock \"0:04:59.3\"]"),
        "{}",
        saves[0]
    );
}

#[test]
fn a_finished_game_is_archived_once_and_the_box_shows_where() {
    let mut app = saving_app();
    play_all(&mut app, &SCHOLARS_MOVES);
    app.take_effects();
    enter(&mut app, "Qxf7");
    let effects = app.take_effects();
    let archives: Vec<_> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Files(FileEffect::Archive(job)) => Some(job),
            _ => None,
        })
        .collect();
    assert_eq!(archives.len(), 1, "{effects:?}");
    assert!(!archives[0].unfinished);
    assert_eq!(archives[0].date, "2026-11-22");
    assert!(
        archives[0].pgn.contains("4. Qxf7# {Checkmate.} 1-0"),
        "{}",
        archives[0].pgn
    );
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::Files(FileEffect::Autosave(_)))),
        "a finished game is archived, not autosaved"
    );
    archived(&mut app, false, Ok("~/games/x.pgn"));
    assert_eq!(
        app.saving.archive_note(),
        Some(&ArchiveNote::Saved("~/games/x.pgn".to_owned()))
    );
    let dialog = app.view().dialog().unwrap();
    assert!(dialog.lines.contains(&"Saved to ~/games/x.pgn".to_owned()));
    act(&mut app, Action::Review);
    act(&mut app, Action::HistoryBack);
    assert!(app.take_effects().is_empty());
}

#[test]
fn a_new_game_files_the_one_in_progress_as_unfinished() {
    let mut app = saving_app();
    play_all(&mut app, &["e4", "e5"]);
    app.take_effects();
    act(&mut app, Action::NewGame);
    assert_mode(&app, &Mode::AbandonGame(AbandonGame));
    act(&mut app, Action::Yes);
    act(&mut app, Action::Select);
    let effects = app.take_effects();
    match effects.as_slice() {
        [
            Effect::Files(FileEffect::Remember(_)),
            Effect::Files(FileEffect::Archive(job)),
        ] => {
            assert!(job.unfinished);
            assert!(job.pgn.contains("1. e4 e5 *"), "{}", job.pgn);
        }
        other => panic!("expected the form's choices and one archive, got {other:?}"),
    }
    assert_eq!(app.game().record().plies(), 0);
    archived(&mut app, true, Ok("~/g/u.pgn"));
    assert!(app.view().status().text.contains("archived as ~/g/u.pgn"));
}

/// A finished game that could be written nowhere (the disk full at mate) is not lost by a quick
/// `q`: quitting asks, and says why; once it is archived, quitting is immediate again.
#[test]
fn a_finished_game_saved_nowhere_makes_quitting_ask() {
    let mut app = saving_app();
    play_all(&mut app, &["f3", "e5", "g4", "Qh4#"]);
    assert!(app.game().is_over());
    let effects = app.take_effects();
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Files(FileEffect::Archive(_)))),
        "{effects:?}"
    );
    archived(&mut app, false, lost("/g/x.pgn"));
    act(&mut app, Action::Quit);
    assert!(!app.should_quit());
    assert_eq!(app.mode, Mode::Quit(Quit));
    let lines = app.view().dialog().unwrap().lines;
    assert!(lines[0].contains("on disk nowhere"), "{lines:?}");
    act(&mut app, Action::No);
    assert!(!app.should_quit());

    let mut app = saving_app();
    play_all(&mut app, &["f3", "e5", "g4", "Qh4#"]);
    archived(&mut app, false, Ok("~/g/a.pgn"));
    act(&mut app, Action::Quit);
    assert!(app.should_quit(), "archived: nothing to lose");
}

/// Without a data folder the warning stays in sight after the first move's message replaces
/// the first screen's notice, and quitting says the game is not saved.
#[test]
fn with_nowhere_to_save_the_warning_stays_after_moves() {
    let mut app = App::new(Config {
        no_save_folder: true,
        ..config(GameSetup::default())
    });
    play_all(&mut app, &["e4", "e5"]);
    assert!(app.take_effects().is_empty(), "nothing to save to");
    assert_eq!(app.saving.warning(), Some("not saved"));
    assert_eq!(app.view().next_wake(ms(10)), None, "no retries");
    let lines = lines_of(&app, Quit);
    assert!(lines[0].contains("not being saved"), "{lines:?}");
}

#[test]
fn a_failing_save_keeps_a_warning_and_is_retried_until_it_works() {
    let mut app = saving_app();
    play_all(&mut app, &["e4"]);
    assert_eq!(autosaves(&mut app).len(), 1);
    let denied = crate::store::StoreError::Io {
        op: Op::Save,
        path: "/ro/current.pgn".into(),
        source: std::io::ErrorKind::PermissionDenied.into(),
    };
    app.update(Event::Saved(Err(SaveError::Write(denied))), app.now);
    assert!(error_text(&app).contains("permission denied"));
    assert_eq!(app.saving.warning(), Some("not saved yet"));
    let lines = lines_of(&app, Quit);
    assert!(lines[0].contains("not being saved"), "{lines:?}");
    // Retried every few seconds even though nothing changed.
    assert_eq!(app.view().next_wake(ms(10)), Some(s(3)));
    at(&mut app, Action::Tick, s(3));
    assert_eq!(autosaves(&mut app).len(), 1);
    app.update(Event::Saved(Ok(None)), app.now);
    assert_eq!(app.saving.warning(), None);
    assert!(app.view().status().text.contains("works again"));
    at(&mut app, Action::Tick, s(5));
    assert!(autosaves(&mut app).is_empty());
}

/// Quitting while the game is not saved yet asks first, says why, and names a folder the front
/// end found it can write to; Ctrl-S there opens the save form with a file in that folder, its
/// path free to be typed over.
#[test]
fn quitting_an_unsaved_game_names_a_folder_to_write_to() {
    use crate::app::keymap::{KeyContext, action_for};
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut app = saving_app();
    play_all(&mut app, &["e4"]);
    app.take_effects();
    let denied = crate::store::StoreError::Io {
        op: Op::Save,
        path: "/ro/current.pgn".into(),
        source: std::io::ErrorKind::PermissionDenied.into(),
    };
    app.update(Event::Saved(Err(SaveError::Write(denied))), app.now);
    app.update(Event::WritableFolder(Some("~/elsewhere".into())), app.now);
    act(&mut app, Action::Quit);
    assert_mode(&app, &Mode::Quit(Quit));
    let lines = app.view().dialog().expect("the quit question").lines;
    assert!(
        lines[0].starts_with("A game is in progress, and it is not being saved: ")
            && lines[0].contains("/ro/current.pgn")
            && lines[0].contains("permission denied"),
        "{lines:?}"
    );
    assert_eq!(
        lines[1..],
        [
            "Ctrl-S saves a copy first: to ~/elsewhere, which can be written, or to a path you \
             type.",
            "Quit anyway?",
            "y quits · Enter or Esc: back to the game",
        ]
    );
    let ctrl_s = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL);
    assert_eq!(action_for(ctrl_s, KeyContext::Grave), Some(Action::Save));
    act(&mut app, Action::Save);
    match app.mode() {
        Mode::SaveAs(form) => assert_eq!(form.path, "~/elsewhere/2026-11-22-White-vs-Black.pgn"),
        other => panic!("expected the save form, got {other:?}"),
    }
    act(&mut app, Action::Select);
    match app.take_effects().as_slice() {
        [Effect::Files(FileEffect::Export(job))] => {
            assert_eq!(job.path, "~/elsewhere/2026-11-22-White-vs-Black.pgn");
            assert!(job.text.contains("1. e4 *"), "{}", job.text);
        }
        other => panic!("expected an export, got {other:?}"),
    }
    assert!(!app.should_quit());

    // No folder found: the player is told to type a path.
    app.update(Event::WritableFolder(None), app.now);
    assert_eq!(
        lines_of(&app, Quit)[1],
        "Ctrl-S saves a copy first, to a path you type."
    );
    // Saving works again: the form suggests the current directory as before.
    app.update(Event::Saved(Ok(None)), app.now);
    app.update(Event::WritableFolder(Some("~/elsewhere".into())), app.now);
    app.update(
        Event::Exported(ExportResult::Written("~/x.pgn".into())),
        app.now,
    );
    act(&mut app, Action::Save);
    match app.mode() {
        Mode::SaveAs(form) => assert_eq!(form.path, "2026-11-22-White-vs-Black.pgn"),
        other => panic!("expected the save form, got {other:?}"),
    }
}

fn saved_game(pgn: &str) -> Box<OpenedGame> {
    let imported = import_game(pgn).unwrap();
    Box::new(OpenedGame {
        game: imported.game,
        tags: imported.tags,
        source: "the saved game".to_owned(),
        archive_file: None,
    })
}

pub(in crate::app) const SAVED: &str = "[White \"Ann\"]\n[Black \"Bob\"]\n[TimeControl \"300\"]\n\
    [HotseatStarted \"2026-11-21T20:14:00Z\"]\n[WhiteClock \"0:04:50\"]\n\
    [BlackClock \"0:04:40.5\"]\n\n1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:45]} 2. Nf3 \
    {[%clk 0:04:50]} *\n";

pub(in crate::app) fn asking(pgn: &str) -> App {
    opening_with(GameToOpen::AskResume {
        saved: saved_game(pgn),
        summary: "Ann vs Bob, move 2".to_owned(),
    })
}

/// A saving app that starts with `opening`.
fn opening_with(opening: GameToOpen) -> App {
    App::new(Config {
        opening: Some(opening),
        ..saving_config(GameSetup::default())
    })
}

#[test]
fn the_saved_game_is_shown_while_asking_and_resumed_with_its_clocks_waiting() {
    let mut app = asking(SAVED);
    assert!(matches!(app.mode(), Mode::Resume(_)), "{:?}", app.mode());
    assert_eq!(app.game().record().plies(), 3);
    let lines = app.view().dialog().unwrap().lines;
    assert_eq!(
        lines[..2],
        ["Resume the game saved last time?", "Ann vs Bob, move 2"]
    );
    at(&mut app, Action::Tick, s(10));
    assert!(
        app.take_effects().is_empty(),
        "nothing is saved while asking"
    );
    at(&mut app, Action::Yes, s(10));
    assert_mode(&app, &Mode::Ready(Ready));
    assert_eq!(
        app.game().clock().remaining(Color::Black, s(20)),
        Some(ms(280_500)),
        "the clocks wait for a key"
    );
    assert_eq!(app.view().dialog().unwrap().title, "Game resumed");
    at(&mut app, Action::Select, s(20));
    assert_eq!(
        app.game().clock().remaining(Color::Black, s(21)),
        Some(ms(279_500))
    );
    play_all(&mut app, &["Nc6"]);
    let saves = autosaves(&mut app);
    let last = saves.last().unwrap();
    assert!(last.contains("2. Nf3 {[%clk 0:04:50]} 2... Nc6"), "{last}");
    assert!(
        last.contains("[HotseatStarted \"2026-11-21T20:14:00Z\"]"),
        "a resumed game keeps its start: {last}"
    );
}

#[test]
fn declining_to_resume_archives_the_saved_game_and_starts_the_new_one() {
    let mut app = asking(SAVED);
    act(&mut app, Action::No);
    assert_eq!(
        app.take_effects(),
        [FileEffect::ArchiveSaved { finished: false }]
    );
    assert_eq!(app.game().record().plies(), 0);
    assert_mode(&app, &Mode::Playing);
    play_all(&mut app, &["d4"]);
    assert_eq!(autosaves(&mut app).len(), 1);
}

#[test]
fn quitting_at_the_question_leaves_the_saved_game_alone() {
    let mut app = asking(SAVED);
    act(&mut app, Action::Quit);
    assert!(app.should_quit());
    assert!(app.take_effects().is_empty());
}

const FINISHED: &str = "[White \"Ann\"]\n[Black \"Bob\"]\n\
    [HotseatStarted \"2026-11-21T20:14:00Z\"]\n\n\
    1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// Start-up found a finished game that could not be archived last time.
pub(in crate::app) fn asking_to_archive() -> App {
    opening_with(GameToOpen::AskArchive {
        saved: saved_game(FINISHED),
        summary: "Ann vs Bob, finished 1-0".to_owned(),
    })
}

#[test]
fn a_finished_game_not_archived_is_offered_for_the_archive_not_for_resume() {
    let mut app = asking_to_archive();
    assert!(
        matches!(app.mode(), Mode::ArchiveFinished(_)),
        "{:?}",
        app.mode()
    );
    assert!(app.game().is_over(), "shown on the board meanwhile");
    let Dialog { title, lines, .. } = app.view().dialog().unwrap();
    assert_eq!(title, "Save it now?");
    assert_eq!(
        lines[..2],
        [
            "A finished game could not be archived last time:",
            "Ann vs Bob, finished 1-0"
        ]
    );
    at(&mut app, Action::Tick, s(10));
    assert!(
        app.take_effects().is_empty(),
        "nothing happens while asking"
    );
}

#[test]
fn yes_saves_the_finished_game_in_the_archive_then_a_new_game() {
    let mut app = asking_to_archive();
    act(&mut app, Action::Yes);
    assert_eq!(
        app.take_effects(),
        [FileEffect::ArchiveSaved { finished: true }]
    );
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().record().plies(), 0, "a new game");
    assert!(!app.game().is_over());
    play_all(&mut app, &["d4"]);
    assert_eq!(autosaves(&mut app).len(), 1, "the new game is saved");
}

#[test]
fn not_now_leaves_the_finished_game_for_review_and_next_time() {
    for answer in [Action::No, Action::Cancel] {
        let mut app = asking_to_archive();
        act(&mut app, answer);
        assert_mode(&app, &Mode::Playing);
        assert!(app.game().is_over(), "the finished game is on the board");
        assert_eq!(app.game().record().plies(), 7);
        assert!(app.view().status().text.contains("offered again next time"));
        at(&mut app, Action::Tick, s(10));
        assert!(
            app.take_effects().is_empty(),
            "neither archived nor saved over"
        );
        act(&mut app, Action::Quit);
        assert!(app.should_quit(), "a finished game quits at once");
        assert!(app.take_effects().is_empty());
    }
}

#[test]
fn quitting_at_the_archive_question_leaves_the_finished_game_alone() {
    let mut app = asking_to_archive();
    act(&mut app, Action::Quit);
    assert!(app.should_quit());
    assert!(app.take_effects().is_empty());
}

#[test]
fn a_finished_game_loaded_for_review_is_neither_announced_nor_archived() {
    let pgn = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let mut app = App::new(Config {
        opening: Some(GameToOpen::Load(saved_game(pgn))),
        ..saving_config(GameSetup::default())
    });
    assert_mode(&app, &Mode::Playing);
    assert!(app.game().is_over());
    assert!(
        app.view()
            .status()
            .text
            .starts_with("Loaded the saved game: A vs B, 1-0")
    );
    act(&mut app, Action::HistoryStart);
    assert_eq!(app.view().review(), Some(0));
    assert!(app.take_effects().is_empty());
}

#[test]
fn the_save_form_suggests_a_name_switches_to_fen_and_asks_before_replacing() {
    let mut app = saving_app();
    play_all(&mut app, &["e4"]);
    app.take_effects();
    act(&mut app, Action::Save);
    let form = |app: &App| match app.mode() {
        Mode::SaveAs(f) => f.clone(),
        other => panic!("expected the save form, got {other:?}"),
    };
    assert_eq!(
        form(&app),
        SaveForm {
            path: "2026-11-22-White-vs-Black.pgn".to_owned(),
            kind: ExportKind::Pgn
        }
    );
    act(&mut app, Action::Complete);
    assert_eq!(form(&app).path, "2026-11-22-White-vs-Black.fen");
    assert_eq!(form(&app).kind, ExportKind::Fen);
    act(&mut app, Action::Complete);
    for _ in 0..40 {
        act(&mut app, Action::DeleteChar);
    }
    type_text(&mut app, "g.pgn");
    act(&mut app, Action::Select);
    let job = match app.take_effects().as_slice() {
        [Effect::Files(FileEffect::Export(job))] => job.clone(),
        other => panic!("expected an export, got {other:?}"),
    };
    assert_eq!(job.path, "g.pgn");
    assert!(!job.replace);
    assert!(job.text.contains("1. e4 *"));
    app.update(Event::Exported(ExportResult::Exists), app.now);
    assert!(matches!(app.mode(), Mode::Replace(_)), "{:?}", app.mode());
    assert_eq!(
        app.view().dialog().unwrap().lines[0],
        "g.pgn already exists."
    );
    act(&mut app, Action::Yes);
    match app.take_effects().as_slice() {
        [Effect::Files(FileEffect::Export(job))] => assert!(job.replace),
        other => panic!("expected an export, got {other:?}"),
    }
    let full = disk_full(Op::Write, "g.pgn");
    app.update(Event::Exported(ExportResult::Failed(full)), app.now);
    assert!(
        matches!(app.mode(), Mode::SaveAs(_)),
        "the form stays for a fix"
    );
    assert!(error_text(&app).contains("disk is full"));
    act(&mut app, Action::Select);
    app.take_effects();
    app.update(
        Event::Exported(ExportResult::Written("./g.pgn".into())),
        app.now,
    );
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.view().status().text, "Saved the game (PGN) to ./g.pgn");
}

#[test]
fn the_fen_word_shows_the_position_on_the_board() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    enter(&mut app, "fen");
    assert_eq!(
        app.view().status().text,
        "FEN rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::ShowFen);
    assert!(app.view().status().text.contains(" w KQkq - 0 1"));
}

#[test]
fn a_standing_offer_is_put_again_once_the_resumed_clocks_start() {
    let pgn = SAVED
        .replace("[BlackClock", "[HotseatDrawOffer \"White\"]\n[BlackClock")
        .replace(
            "2. Nf3 {[%clk 0:04:50]}",
            "2. Nf3 {[%clk 0:04:50] White offers a draw}",
        );
    let mut app = asking(&pgn);
    assert_eq!(app.game().pending_offer(), Some(Color::White));
    assert!(matches!(app.mode(), Mode::Resume(_)), "{:?}", app.mode());
    at(&mut app, Action::Yes, s(10));
    assert_mode(&app, &Mode::Ready(Ready));
    let dialog = app.view().dialog().unwrap();
    assert!(
        dialog
            .lines
            .iter()
            .any(|l| l == "White's draw offer stands."),
        "{dialog:?}"
    );
    at(&mut app, Action::Select, s(20));
    assert_mode(&app, &Mode::Playing);
    assert!(
        app.view()
            .prompt(&app.view().feedback())
            .hint
            .text
            .contains("White) offers a draw · Bob (Black): Ctrl-D accepts"),
        "{}",
        app.view().status().text
    );
    let saves = autosaves(&mut app);
    let last = saves.last().expect("the started clock is saved");
    assert_eq!(
        last.matches("[HotseatDrawOffer \"White\"]").count(),
        1,
        "{last}"
    );
    at(&mut app, Action::No, s(21));
    assert_eq!(app.game().pending_offer(), None);
    let saves = autosaves(&mut app);
    let last = saves.last().expect("the answer is saved");
    assert!(!last.contains("HotseatDrawOffer"), "{last}");
}

#[test]
fn an_untimed_resumed_game_asks_about_its_standing_offer_at_once() {
    let pgn = "[White \"Ann\"]\n[Black \"Bob\"]\n[HotseatDrawOffer \"Black\"]\n\n\
        1. e4 e5 {Black offers a draw} *\n";
    let mut app = App::new(Config {
        opening: Some(GameToOpen::Resume(saved_game(pgn))),
        ..saving_config(GameSetup::default())
    });
    assert_mode(&app, &Mode::Playing);
    assert!(
        app.view()
            .prompt(&app.view().feedback())
            .hint
            .text
            .contains("Bob (Black) offers a draw"),
        "{}",
        app.view().prompt(&app.view().feedback()).hint.text
    );
    at(&mut app, Action::Yes, s(1));
    assert_eq!(
        app.game().outcome().unwrap().to_string(),
        "Draw by agreement"
    );
}

/// The finished game's archive jobs handed out.
fn archive_jobs(app: &mut App) -> Vec<crate::app::ArchiveJob> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Files(FileEffect::Archive(job)) => Some(job),
            _ => None,
        })
        .collect()
}

/// The mate on a full disk: a writer that fails `n` times, as the front end reports it.
fn a_finished_game_is_retried_until_written(n: usize) {
    let mut app = saving_app();
    play_all(&mut app, &["f3", "e5", "g4"]);
    app.take_effects();
    at(&mut app, Action::Tick, s(1));
    enter(&mut app, "Qh4#");
    let mut now = app.now;
    let mut jobs = archive_jobs(&mut app);
    for failure in 0..n {
        assert_eq!(jobs.len(), 1, "try {failure}");
        assert!(jobs[0].pgn.contains("2. g4 Qh4#"), "{}", jobs[0].pgn);
        archived(&mut app, false, lost("/g/mate.pgn"));
        assert_eq!(app.saving.warning(), Some("not saved yet"));
        assert!(
            app.view().status().text.contains(
                "not saved yet: cannot archive the game to /g/mate.pgn: the disk is full"
            ),
            "{:?}",
            app.view().status()
        );
        assert_eq!(
            app.view().next_wake(now),
            Some(now + s(3)),
            "retried on a timer"
        );
        at(&mut app, Action::Tick, now + s(1));
        assert!(archive_jobs(&mut app).is_empty(), "not before its time");
        now += s(3);
        at(&mut app, Action::Tick, now);
        jobs = archive_jobs(&mut app);
    }
    assert_eq!(jobs.len(), 1);
    archived(&mut app, false, Ok("~/games/mate.pgn"));
    assert_eq!(app.saving.warning(), None);
    assert!(
        app.view()
            .status()
            .text
            .contains("saved now: ~/games/mate.pgn")
    );
    assert_eq!(app.view().next_wake(now), None);
    at(&mut app, Action::Tick, now + s(30));
    assert!(archive_jobs(&mut app).is_empty(), "written once is enough");
    act(&mut app, Action::Quit);
    assert!(app.should_quit(), "nothing left to lose");
}

#[test]
fn a_finished_game_that_fails_to_save_is_retried_until_it_is_written() {
    for n in [1, 2, 5] {
        a_finished_game_is_retried_until_written(n);
    }
}

/// Quitting with the finished game still unsaved asks, and a yes tries once more on the way.
#[test]
fn quitting_with_an_unsaved_finished_game_tries_once_more() {
    let mut app = saving_app();
    play_all(&mut app, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(archive_jobs(&mut app).len(), 1);
    archived(&mut app, false, lost("/g/a.pgn"));
    act(&mut app, Action::Quit);
    assert_mode(&app, &Mode::Quit(Quit));
    act(&mut app, Action::Yes);
    assert_eq!(archive_jobs(&mut app).len(), 1, "one last try on quit");
}

/// A finished game that reached the autosave file but not the archive is on disk: no retries.
#[test]
fn a_finished_game_kept_in_the_autosave_is_not_retried() {
    let mut app = saving_app();
    play_all(&mut app, &["f3", "e5", "g4", "Qh4#"]);
    archive_jobs(&mut app);
    archived(&mut app, false, lost("/g/a.pgn"));
    let kept = crate::store::EndError::KeptInCurrent(disk_full(Op::Archive, "/g/a.pgn"));
    archived(&mut app, false, Err(ArchiveError::Finish(kept)));
    assert_eq!(app.saving.warning(), None);
    at(&mut app, Action::Tick, s(60));
    assert!(archive_jobs(&mut app).is_empty());
}
