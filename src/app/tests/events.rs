//! Events from every source go through `update`: keys read in the mode they meet, and the
//! news of file work told in the app's own words.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::*;
use crate::app::Event;
use crate::app::dialogs::Quit;
use crate::app::export::ExportResult;
use crate::store::Op;

fn key(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    app.update(Event::Key(KeyEvent::new(code, modifiers)), app.now);
}

#[test]
fn a_key_means_what_the_mode_says_when_it_is_handled() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    key(&mut app, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert_mode(&app, &Mode::Quit(Quit));
    // Enter answers the question (no: back to the game)...
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.view().input(), "");
    // ...and, the question gone, `n` is a letter in the move box; in the question too it is
    // the first letter of a move, which closes the question.
    key(&mut app, KeyCode::Char('n'), KeyModifiers::NONE);
    assert_eq!(app.view().input(), "n");
    key(&mut app, KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert_mode(&app, &Mode::Quit(Quit));
    key(&mut app, KeyCode::Char('f'), KeyModifiers::NONE);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.view().input(), "nf");
}

#[test]
fn form_choices_not_remembered_are_reported_with_the_reason() {
    let mut app = app();
    let full = disk_full(Op::Write, "/d/last-game.toml");
    app.update(Event::Remembered(Err(full)), app.now);
    let text = error_text(&app);
    assert!(
        text.starts_with("The form's choices are not remembered"),
        "{text}"
    );
    assert!(
        text.contains("/d/last-game.toml: the disk is full"),
        "{text}"
    );
}

/// The export's answer can come after the players closed its form: the news is still told.
#[test]
fn an_export_finished_after_its_form_closed_is_still_told() {
    let mut app = app();
    act(&mut app, Action::Save);
    act(&mut app, Action::Select);
    assert!(matches!(app.mode(), Mode::SaveAs(_)));
    act(&mut app, Action::Cancel);
    assert_mode(&app, &Mode::Playing);
    let written = ExportResult::Written("/tmp/g.pgn".into());
    app.update(Event::Exported(written), app.now);
    assert_eq!(app.view().status().text, "Saved to /tmp/g.pgn");
    let full = disk_full(Op::Write, "/tmp/h.pgn");
    app.update(Event::Exported(ExportResult::Failed(full)), app.now);
    assert!(error_text(&app).contains("h.pgn: the disk is full"));
}
