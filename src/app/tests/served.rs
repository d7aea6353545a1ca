//! A session served to a stranger (`hotseat serve`): the doors that name a path of the
//! server's offer the download from the player's own machine instead, and a path the app is
//! told of is said by its name alone.

use crossterm::event::{KeyCode, KeyModifiers};

use super::{SCHOLARS_MOVES, archived, assert_mode, config, enter, play_all, press};
use crate::app::dialogs::GameOver;
use crate::app::keymap::Action;
use crate::app::{App, Effect, Event, FileEffect, LibraryEffect, Mode, Served};
use crate::game::GameSetup;

const SSH: &str = "ssh -p 2222 HOST";

fn served() -> App {
    App::new(crate::app::Config {
        served: Some(Served { ssh: SSH.into() }),
        autosave: true,
        ..config(GameSetup::default())
    })
}

fn status(app: &App) -> String {
    app.view()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// Whether any effect asks for a file by path or the library.
fn names_files(effects: &[Effect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::Files(FileEffect::Export(_)) | Effect::Library(_)))
}

#[test]
fn ctrl_s_on_a_server_says_how_to_download_the_game_and_opens_no_path_form() {
    let mut app = served();
    enter(&mut app, "e4");
    app.take_effects();
    press(&mut app, KeyCode::Char('s'), KeyModifiers::CONTROL);
    assert_mode(&app, &Mode::Playing);
    assert!(!names_files(&app.take_effects()));
    let said = status(&app);
    assert!(said.contains(&format!("{SSH} pgn current")), "{said}");
    assert!(said.contains("never in its files"), "{said}");
}

#[test]
fn the_library_and_the_explorer_on_a_server_name_the_games_command_instead() {
    let mut app = served();
    for action in [Action::Library, Action::Explore] {
        app.update(action, app.now);
        assert_mode(&app, &Mode::Playing);
        assert!(!names_files(&app.take_effects()), "{action:?}");
        assert!(status(&app).contains(&format!("{SSH} games")), "{action:?}");
    }
}

#[test]
fn a_finished_game_on_a_server_is_named_by_its_file_alone_with_its_download() {
    let mut app = served();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7#");
    archived(
        &mut app,
        false,
        Ok(
            "/home/owner/.local/share/hotseat/serve/players/ab12/games/2026-12-07-White-vs-Black.pgn",
        ),
    );
    let lines = super::lines_of(&app, GameOver);
    let text = lines.join("\n");
    assert!(!text.contains("/home") && !text.contains("owner"), "{text}");
    assert!(
        text.contains("Kept as 2026-12-07-White-vs-Black.pgn"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{SSH} pgn 2026-12-07-White-vs-Black.pgn downloads it"
        )),
        "{text}"
    );
    // Ctrl-S then names the archived game's file, not the finished autosave.
    app.mode = Mode::Playing;
    app.update(Action::Save, app.now);
    assert!(status(&app).contains("pgn 2026-12-07-White-vs-Black.pgn"));
}

#[test]
fn work_the_policy_refused_closes_the_dialog_waiting_for_it_and_says_why() {
    // A local app whose export the edge refused anyway (a dialog that forgot to hide a door).
    let mut app = super::app();
    press(&mut app, KeyCode::Char('s'), KeyModifiers::CONTROL);
    assert!(matches!(app.mode(), Mode::SaveAs(_)));
    app.update(Event::Refused(crate::runtime::policy::NO_PATHS), app.now);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(
        super::error_text(&app),
        format!("Not done: {}", crate::runtime::policy::NO_PATHS)
    );
}

#[test]
fn the_place_in_the_engines_line_is_said() {
    let mut app = served();
    app.update(Event::EngineQueue(2), app.now);
    assert_eq!(
        status(&app),
        "The server's engines are busy: the engine starts after 2 others"
    );
    app.update(Event::EngineQueue(1), app.now);
    assert!(status(&app).ends_with("after 1 other"));
}

#[test]
fn the_local_player_keeps_the_save_form_and_the_library() {
    let mut app = App::new(crate::app::Config {
        autosave: true,
        ..config(GameSetup::default())
    });
    app.update(Action::Library, app.now);
    assert!(app.take_effects().contains(&LibraryEffect::Load.into()));
    assert!(matches!(app.mode(), Mode::Library(_)));
}
